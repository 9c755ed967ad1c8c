//! Text that must fit: widths measured with the embedded font's advance widths (the same measure plotters lays text
//! out with), titles shrunk or wrapped to the canvas, category labels wrapped to their group.

use super::SIZE;
use anyhow::{Result, anyhow, bail};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Margin kept clear at each side of the canvas.
pub(super) const SIDE_MARGIN: u32 = 16;
/// Largest title size; a title too wide for it is drawn smaller, then wrapped.
const TITLE_FONT: u32 = 24;
/// Smallest title size before the title is wrapped instead.
const TITLE_FONT_MIN: u32 = 20;
/// Most lines a title is wrapped onto.
const MAX_LINES: usize = 3;

/// The width in pixels of `text` set in the chart font at `size` (plotters' size units, as every chart passes them).
pub(super) fn width(text: &str, size: u32) -> Result<f64> {
    super::ensure_font()?;
    let font: FontDesc<'_> = ("sans-serif", size).into_font();
    let (w, _) = font
        .box_size(text)
        .map_err(|e| anyhow!("measuring `{text}`: {e:?}"))?;
    Ok(f64::from(w))
}

/// A title laid out to fit the canvas: its lines and their font size.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Title {
    /// One to three lines, each no wider than the canvas less its margins.
    pub lines: Vec<String>,
    /// The font size all lines are drawn at.
    pub size: u32,
}

impl Title {
    /// Height in pixels the title takes above the plot.
    pub(super) fn height(&self) -> u32 {
        self.lines.len() as u32 * (self.size + 6) + 10
    }
}

/// Lays `title` out on the canvas: at the full size when it fits, else at the smallest size that does, else
/// wrapped at spaces at that size. Errors when even three lines cannot hold it (a word wider than the canvas).
pub(super) fn fit_title(title: &str) -> Result<Title> {
    let room = f64::from(SIZE.0 - 2 * SIDE_MARGIN);
    for size in (TITLE_FONT_MIN..=TITLE_FONT).rev() {
        if width(title, size)? <= room {
            return Ok(Title {
                lines: vec![title.to_owned()],
                size,
            });
        }
    }
    let lines = wrap(title, TITLE_FONT_MIN, room, &[' '])?;
    if lines.len() > MAX_LINES || !fits(&lines, TITLE_FONT_MIN, room)? {
        bail!("chart title `{title}` does not fit the canvas on {MAX_LINES} lines; shorten it");
    }
    Ok(Title {
        lines,
        size: TITLE_FONT_MIN,
    })
}

/// Splits a category label into lines no wider than `room` at `size`: at spaces, and after `-` or `_` (which stay at
/// the end of their line); a piece with no break that is still too wide is cut between characters.
pub(super) fn wrap_label(text: &str, size: u32, room: f64) -> Result<Vec<String>> {
    wrap(text, size, room, &[' ', '-', '_'])
}

/// Greedy line filling: pieces end at a break character (a space is dropped, any other break stays), and a line
/// takes pieces while it fits in `room`.
fn wrap(text: &str, size: u32, room: f64, breaks: &[char]) -> Result<Vec<String>> {
    let mut pieces: Vec<String> = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if c == ' ' && breaks.contains(&' ') {
            if !cur.is_empty() {
                pieces.push(std::mem::take(&mut cur) + " ");
            }
            continue;
        }
        cur.push(c);
        if c != ' ' && breaks.contains(&c) {
            pieces.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        pieces.push(cur);
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for piece in pieces {
        let candidate = format!("{line}{piece}");
        if line.is_empty() || width(candidate.trim_end(), size)? <= room {
            line = candidate;
        } else {
            lines.push(line.trim_end().to_owned());
            line = piece;
        }
        // A piece wider than the room on its own is cut between characters.
        while width(line.trim_end(), size)? > room && line.trim_end().chars().count() > 1 {
            let chars: Vec<char> = line.chars().collect();
            let mut cut = chars.len() - 1;
            while cut > 1 && width(&chars[..cut].iter().collect::<String>(), size)? > room {
                cut -= 1;
            }
            lines.push(chars[..cut].iter().collect());
            line = chars[cut..].iter().collect();
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_owned());
    }
    Ok(lines)
}

/// Draws `title` centred at the top of `area`; returns the area below it.
pub(super) fn draw_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &Title,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let style = TextStyle::from(("sans-serif", title.size).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Top));
    let (w, _) = area.dim_in_pixel();
    for (i, l) in title.lines.iter().enumerate() {
        let y = 10 + i as i32 * (title.size as i32 + 6);
        area.draw(&Text::new(l.as_str(), ((w / 2) as i32, y), &style))?;
    }
    let (_, rest) = area.split_vertically(title.height());
    Ok(rest)
}

fn fits(lines: &[String], size: u32, room: f64) -> Result<bool> {
    for l in lines {
        if width(l, size)? > room {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_font_not_the_character_count() {
        // Same length, different advance widths.
        assert!(width("iiiiiiiiii", 15).unwrap() * 2.0 < width("MMMMMMMMMM", 15).unwrap());
        assert!(width("abc", 30).unwrap() > width("abc", 15).unwrap());
    }

    #[test]
    fn a_short_title_keeps_its_size_and_a_long_one_is_wrapped_to_fit() {
        let short = fit_title("Miss ratio by budget").unwrap();
        assert_eq!(
            short,
            Title {
                lines: vec!["Miss ratio by budget".into()],
                size: 24
            }
        );
        let long = "Hit rate vs budget on the dice-chess played-endgame expansion trace with the traversal \
                    cache off, every online rule (mean over seeds, 95% interval)";
        let t = fit_title(long).unwrap();
        assert!(t.lines.len() >= 2, "{t:?}");
        let room = f64::from(SIZE.0 - 2 * SIDE_MARGIN);
        for l in &t.lines {
            assert!(
                width(l, t.size).unwrap() <= room,
                "`{l}` is wider than the canvas"
            );
        }
        assert_eq!(
            t.lines.join(" "),
            long.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        assert!(fit_title(&"W".repeat(200)).is_err());
    }

    #[test]
    fn category_labels_break_at_underscores_hyphens_and_spaces_to_fit_their_group() {
        let room = 120.0;
        for label in [
            "instructions_hit_rate_vs_break_even",
            "middlegame (break-even 113%: never pays)",
            "promotion-en-passant",
            "abcdefghijklmnopqrstuvwxyzabcdefghij",
        ] {
            let lines = wrap_label(label, 15, room).unwrap();
            assert!(lines.len() >= 2, "{lines:?}");
            for l in &lines {
                assert!(width(l, 15).unwrap() <= room, "`{l}` of `{label}` too wide");
            }
            assert_eq!(lines.concat().replace(' ', ""), label.replace(' ', ""));
        }
        assert!(
            wrap_label("instructions_hit_rate_vs_break_even", 15, room).unwrap()[0].ends_with('_')
        );
        assert_eq!(wrap_label("sparse", 15, room).unwrap(), ["sparse"]);
    }
}
