//! Checks shared by the chart tests: what a rendered SVG must show and must not contain, and that its texts keep
//! inside the canvas and apart from each other.

use super::SIZE;
use std::path::Path;

/// The SVG's text, one trimmed line each (the SVG backend writes every text on its own line between its tags).
pub(super) fn lines_of(svg: &str) -> Vec<&str> {
    svg.lines().map(str::trim).collect()
}

/// Asserts that `svg` draws every text in `shown`, no NaN or infinite coordinate, and texts that fit the canvas
/// without overlapping ([`assert_texts_apart`]); returns the SVG's text.
pub(super) fn assert_drawn(svg: &Path, shown: &[String]) -> String {
    assert_eq!(svg.extension().and_then(|e| e.to_str()), Some("svg"));
    let text = std::fs::read_to_string(svg).unwrap();
    let lines = lines_of(&text);
    for s in shown {
        assert!(lines.contains(&s.as_str()), "`{s}` not drawn");
    }
    for bad in ["NaN", "inf"] {
        assert!(!text.contains(bad), "{bad} in {}", svg.display());
    }
    assert_texts_apart(&text);
    text
}

/// One horizontal text of the SVG and the box it covers, in pixels.
#[derive(Debug)]
pub(super) struct TextBox {
    pub text: String,
    pub x: (f64, f64),
    pub y: (f64, f64),
}

/// Every horizontal text the SVG draws, with its box: its width measured with the chart font at the size plotters
/// laid it out with (the SVG's `font-size` is that size / 1.24), its height the font size; placed by its anchor.
pub(super) fn text_boxes(svg: &str) -> Vec<TextBox> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<text ") {
        let tail = &rest[i..];
        let open_end = tail.find('>').unwrap();
        let tag = &tail[..open_end];
        let close = tail.find("</text>").unwrap();
        let content = tail[open_end + 1..close].trim();
        rest = &tail[close..];
        if tag.contains("rotate(") {
            continue;
        }
        let attr = |name: &str| -> Option<&str> {
            let key = format!(" {name}=\"");
            let at = tag.find(&key)? + key.len();
            Some(&tag[at..at + tag[at..].find('"')?])
        };
        let num = |name: &str| attr(name).and_then(|v| v.parse::<f64>().ok()).unwrap();
        let (x, y, font) = (num("x"), num("y"), num("font-size"));
        let text = content
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&amp;", "&");
        let w = super::text::width(&text, (font * 1.24).round() as u32).unwrap();
        let xs = match attr("text-anchor") {
            Some("middle") => (x - w / 2.0, x + w / 2.0),
            Some("end") => (x - w, x),
            _ => (x, x + w),
        };
        let ys = match attr("dy") {
            Some("0.76em") => (y, y + font),
            Some("-0.5ex") => (y - font, y),
            _ => (y - font / 2.0, y + font / 2.0),
        };
        out.push(TextBox { text, x: xs, y: ys });
    }
    out
}

/// Asserts that every horizontal text lies inside the canvas and that no two overlap (1 px of slack for rounding).
pub(super) fn assert_texts_apart(svg: &str) {
    let boxes = text_boxes(svg);
    for b in &boxes {
        assert!(
            b.x.0 >= -0.5 && b.x.1 <= f64::from(SIZE.0) + 0.5,
            "`{}` runs off the canvas: x {:?}",
            b.text,
            b.x
        );
    }
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[..i] {
            let apart_x = a.x.1 <= b.x.0 + 1.0 || b.x.1 <= a.x.0 + 1.0;
            let apart_y = a.y.1 <= b.y.0 + 1.0 || b.y.1 <= a.y.0 + 1.0;
            assert!(
                apart_x || apart_y,
                "`{}` {:?} overlaps `{}` {:?}",
                a.text,
                (a.x, a.y),
                b.text,
                (b.x, b.y)
            );
        }
    }
}

/// Asserts that every number the SVG draws (its tick labels) reads as a person would write it: no float noise beside
/// zero (`5.55e-17`), no exponent below -9, at most eight characters.
pub(super) fn assert_ticks_read_well(svg: &str) {
    let numbers = lines_of(svg).into_iter().filter(|l| {
        !l.is_empty()
            && !l.starts_with('<')
            && l.chars()
                .all(|c| c.is_ascii_digit() || "-.ekMGT".contains(c))
            && l.chars().any(|c| c.is_ascii_digit())
    });
    for n in numbers {
        assert!(
            n.len() <= 8 && !n.contains("e-1"),
            "tick label `{n}` reads badly"
        );
    }
}
