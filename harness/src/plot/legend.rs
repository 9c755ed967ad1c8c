//! Legends drawn below the plot, in rows centred under it, so that no entry ever hides a bar, a dot or a line.

use super::SIZE;
use super::style::{Marker, draw_marker};
use anyhow::{Result, anyhow};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// What a legend entry's swatch looks like.
#[derive(Clone, Copy)]
pub(super) enum Swatch {
    /// A marker, with a line through it when the series is a line (dashed for bounds).
    Series {
        color: RGBColor,
        marker: Marker,
        line: Option<bool>,
    },
    /// A black 95% interval whisker.
    Interval,
    /// The dashed grey reference line.
    Reference,
    /// A dotted grey line: points joined across a gap nothing was measured in.
    Gap,
}

/// One legend entry: its text and swatch.
pub(super) type Entry = (String, Swatch);

const LEGEND_FONT: u32 = 14;
const LEGEND_ROW: u32 = 22;
const SWATCH: u32 = 24;
const MARGIN: u32 = 16;
/// Colour of every reference line.
pub(super) const REFERENCE: RGBColor = RGBColor(60, 60, 60);

/// Legend entries laid out in rows no wider than the chart: each row holds `(entry index, x offset)` pairs and its
/// total width.
pub(super) type LegendRow = (Vec<(usize, u32)>, u32);

/// A chart's area split for a legend below: the plot area, the legend area and the legend's row layout.
pub(super) struct Split<DB: DrawingBackend> {
    /// Where the plot goes.
    pub plot: DrawingArea<DB, Shift>,
    /// Where the legend goes.
    pub legend: DrawingArea<DB, Shift>,
    /// The legend's rows.
    pub rows: Vec<LegendRow>,
}

/// Splits `root` into the plot area and a legend area fitted to `entries`.
pub(super) fn split<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[Entry],
) -> Result<Split<DB>> {
    let rows = legend_rows(root, entries, SIZE.0 - 2 * MARGIN)?;
    let legend_h = rows.len() as u32 * LEGEND_ROW + 10;
    let (plot, legend) = root.split_vertically(SIZE.1 - legend_h);
    Ok(Split { plot, legend, rows })
}

fn legend_rows<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[Entry],
    width: u32,
) -> Result<Vec<LegendRow>> {
    let font = TextStyle::from(("sans-serif", LEGEND_FONT).into_font());
    let mut rows: Vec<LegendRow> = vec![(Vec::new(), 0)];
    for (idx, (name, _)) in entries.iter().enumerate() {
        let text = root
            .estimate_text_size(name, &font)
            .map_err(|e| anyhow!("measuring `{name}`: {e:?}"))?
            .0;
        let item = SWATCH + 6 + text;
        let row = rows.last_mut().expect("rows start non-empty");
        let start = if row.0.is_empty() { 0 } else { row.1 + 26 };
        if !row.0.is_empty() && start + item > width {
            rows.push((vec![(idx, 0)], item));
        } else {
            row.0.push((idx, start));
            row.1 = start + item;
        }
    }
    Ok(rows)
}

/// Draws the legend rows laid out by [`split`] on its legend area.
pub(super) fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    rows: &[LegendRow],
    entries: &[Entry],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (w, _) = area.dim_in_pixel();
    let style = TextStyle::from(("sans-serif", LEGEND_FONT).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    for (r, (items, row_w)) in rows.iter().enumerate() {
        let left = (w.saturating_sub(*row_w) / 2) as i32;
        let y = (r as u32 * LEGEND_ROW + LEGEND_ROW / 2) as i32;
        for &(idx, dx) in items {
            let x = left + dx as i32;
            let (name, swatch) = &entries[idx];
            swatch_at(area, *swatch, x, y)?;
            area.draw(&Text::new(
                name.as_str(),
                (x + SWATCH as i32 + 6, y),
                &style,
            ))?;
        }
    }
    Ok(())
}

fn swatch_at<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    swatch: Swatch,
    x: i32,
    y: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let s = SWATCH as i32;
    let m = x + s / 2;
    let path = |pts: Vec<(i32, i32)>, style: ShapeStyle| area.draw(&PathElement::new(pts, style));
    match swatch {
        Swatch::Series {
            color,
            marker,
            line,
        } => {
            match line {
                Some(false) => path(vec![(x, y), (x + s, y)], color.stroke_width(2))?,
                Some(true) => {
                    path(vec![(x, y), (x + 7, y)], color.stroke_width(3))?;
                    path(vec![(x + s - 7, y), (x + s, y)], color.stroke_width(3))?;
                }
                None => {}
            }
            draw_marker(area, (m, y), marker, color, 5)
        }
        Swatch::Interval => {
            let black = BLACK.stroke_width(2);
            path(vec![(m, y - 8), (m, y + 8)], black)?;
            path(vec![(m - 4, y - 8), (m + 4, y - 8)], black)?;
            path(vec![(m - 4, y + 8), (m + 4, y + 8)], black)
        }
        Swatch::Reference => {
            let dash = REFERENCE.stroke_width(2);
            path(vec![(x, y), (x + 9, y)], dash)?;
            path(vec![(x + 14, y), (x + s, y)], dash)
        }
        Swatch::Gap => {
            let dot = REFERENCE.stroke_width(2);
            for k in (0..s).step_by(7) {
                path(vec![(x + k, y), (x + k + 3, y)], dot)?;
            }
            Ok(())
        }
    }
}
