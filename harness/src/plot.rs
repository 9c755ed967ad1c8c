//! Chart primitives for the reports, each written as one SVG file (atomically: a temporary file in the same folder,
//! then a rename). SVG, not PNG: it renders on GitHub and is about a third of the PNG's size. Text is laid out with
//! the embedded DejaVu Sans's advance widths (see [`text`]), so titles and labels are measured, not guessed.
//!
//! The checked charts refuse what would mislead: [`line_plot`] (lines for numeric x, linear or log on either axis,
//! labelled vertical reference lines) and [`dot_plot`] (a dot with its 95% interval per series and category, linear
//! or log y: the replacement for bars on log axes). Both need a title, axes with label and unit ([`Axis`]) and named
//! series, accept at most [`MAX_SERIES`] series (each its own colour-blind-safe colour and marker) and error on
//! non-finite data or non-positive data on a log axis instead of leaving points out. Log axes carry their own
//! readable 1-2-5 ticks (see [`log_ticks`]); every tick label comes from [`crate::present::tick`] (no `5.55e-17`
//! beside zero, no 12-digit labels); every legend sits below the plot.
//!
//! What the charts draw so as not to mislead, each rule tested where it is kept: titles fit the canvas ([`text`]),
//! category and tick labels never overlap ([`text::wrap_label`], thinned log ticks), whiskers are drawn over the
//! markers with caps wider than them, time axes read s / ms / µs / ns ([`Axis::drawn_unit`]), an axis asked to be
//! logarithmic is drawn linear when its values span less than 5x ([`Axis::drawn`]), neighbouring points more than
//! 4x apart on a log x axis are joined by a dotted line (nothing was measured between them), series that coincide
//! say so in the legend, and the first colours differ clearly ([`MARKERS`] and the palette).
//!
//! Ratios plotted follow the one direction of [`crate::present::number`]: speedup = time(baseline) / time(variant),
//! > 1 = faster, the same for instruction ratios.

use anyhow::{Result, anyhow, bail};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

mod axis;
mod categorical;
mod dots;
mod legend;
mod lines;
mod style;
#[cfg(test)]
mod test_support;
mod text;
mod ticks;

pub(crate) use axis::{Axis, Reference};
pub(crate) use categorical::CategorySeries;
pub(crate) use dots::DotPlot;
pub(crate) use lines::{LinePlot, Point, Series};
pub(crate) use style::MAX_SERIES;

/// The font every chart uses, embedded so that no system font is needed.
static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

const SIZE: (u32, u32) = (1000, 620);

/// Registers the embedded font once (plotters' `ab_glyph` backend draws no text without it).
fn ensure_font() -> Result<()> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font("sans-serif", FontStyle::Normal, FONT).is_ok()
    });
    if ok {
        Ok(())
    } else {
        bail!("the embedded chart font could not be loaded")
    }
}

/// Writes `stem.svg` for a checked line chart; returns its path. Errors, writing nothing, when the
/// chart lacks a title, axis label or unit or series name, has more than [`MAX_SERIES`] series, or holds a value that
/// cannot be drawn (not finite, outside its interval, not positive on a log axis).
pub(crate) fn line_plot(chart: &LinePlot, stem: &Path) -> Result<PathBuf> {
    chart.validate()?;
    render(stem, Chart::Lines(chart))
}

/// Writes `stem.svg` for a checked dot-and-interval plot; returns its path. Errors, writing nothing,
/// on the same defects as [`line_plot`] and on a series whose length differs from the categories.
pub(crate) fn dot_plot(chart: &DotPlot, stem: &Path) -> Result<PathBuf> {
    chart.validate()?;
    render(stem, Chart::Dots(chart))
}

#[derive(Clone, Copy)]
enum Chart<'a> {
    Lines(&'a LinePlot),
    Dots(&'a DotPlot),
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: Chart<'_>) -> Result<()>
where
    DB::ErrorType: 'static,
{
    match chart {
        Chart::Lines(c) => lines::draw_lines(root, c),
        Chart::Dots(c) => dots::draw_dots(root, c),
    }
}

/// Renders the SVG and writes it through the one atomic writer (`record::write_atomic`).
fn render(stem: &Path, chart: Chart<'_>) -> Result<PathBuf> {
    ensure_font()?;
    let svg = stem.with_extension("svg");
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        draw(&root, chart)?;
        root.present().map_err(|e| anyhow!("{e:?}"))?;
    }
    crate::record::write_atomic(&svg, text.as_bytes())?;
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_dot_plot_examples() -> Result<(), anyhow::Error> {
        let dir = tempfile::tempdir()?;
        let point = |x: f64, y: f64| Point { x, y, lo: y, hi: y };
        let chart = LinePlot {
            title: "Miss ratio by budget".into(),
            x: Axis::log("budget", "entries"),
            y: Axis::log("miss ratio", "fraction of lookups"),
            series: vec![Series {
                name: "LRU".into(),
                points: vec![point(10.0, 0.5), point(100.0, 0.2), point(1000.0, 0.05)],
                bound: false,
            }],
            verticals: vec![Reference {
                at: 300.0,
                label: "working set".into(),
            }],
        };
        let svg = line_plot(&chart, &dir.path().join("miss_ratio"))?;
        assert!(std::fs::read_to_string(svg)?.contains("LRU"));
        let chart = DotPlot {
            title: "Speedup over no cache".into(),
            x_label: "scenario family".into(),
            y: Axis::log("speedup", "x"),
            categories: vec!["sparse".into(), "dense".into()],
            series: vec![CategorySeries {
                name: "optimized".into(),
                values: vec![Some(1.3), Some(0.9)],
                intervals: Some(vec![(1.2, 1.4), (0.85, 0.95)]),
            }],
            reference: Some(Reference {
                at: 1.0,
                label: "1 = as fast as no cache".into(),
            }),
        };
        dot_plot(&chart, &dir.path().join("speedup"))?;
        let mut bad = chart.clone();
        bad.series[0].values[0] = Some(f64::NAN);
        assert!(dot_plot(&bad, &dir.path().join("bad")).is_err());
        Ok(())
    }
}
