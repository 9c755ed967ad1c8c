//! Chart helpers shared by the reports: line charts with 95% error bars for numeric x axes and grouped bar charts for
//! categorical ones, each written as SVG and PNG (atomically: a temporary file in the same folder, then a rename).
//! Text uses the embedded DejaVu Sans, so charts render identically on a machine without fonts. Every chart has a
//! title, axis labels with units and a legend; log axes carry their own readable ticks (see [`log_ticks`]).

use anyhow::{Context, Result, anyhow, bail};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

mod bars;
mod ticks;

pub use bars::{BarSeries, GroupedBarChart};
pub use ticks::{linear_ticks, log_ticks, tick_label};

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

/// One measured point: `y` with its 95% interval `[lo, hi]` (equal to `y` when there is no interval).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Position on the x axis.
    pub x: f64,
    /// Value (e.g. a mean).
    pub y: f64,
    /// Lower end of the interval.
    pub lo: f64,
    /// Upper end of the interval.
    pub hi: f64,
}

/// A named line of points.
#[derive(Debug, Clone)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// Points in x order.
    pub points: Vec<Point>,
    /// Draw dashed and thicker (for bounds such as an optimum or a ceiling).
    pub bound: bool,
}

/// A line chart description.
#[derive(Debug, Clone)]
pub struct LineChart {
    /// Caption above the plot.
    pub title: String,
    /// X-axis label, with unit.
    pub x_label: String,
    /// Y-axis label, with unit.
    pub y_label: String,
    /// Logarithmic x axis.
    pub log_x: bool,
    /// Logarithmic y axis (non-positive values are left out).
    pub log_y: bool,
    /// Fixed y range; otherwise fitted to the data.
    pub y_range: Option<(f64, f64)>,
    /// Put the legend in the upper right corner instead of the lower right.
    pub legend_upper: bool,
    /// The lines.
    pub series: Vec<Series>,
}

/// One bar with its interval.
#[derive(Debug, Clone)]
pub struct Bar {
    /// Category label under the bar.
    pub label: String,
    /// Bar height.
    pub value: f64,
    /// Lower end of the interval.
    pub lo: f64,
    /// Upper end of the interval.
    pub hi: f64,
}

/// A single-series bar chart description (drawn as a [`GroupedBarChart`] with one series).
#[derive(Debug, Clone)]
pub struct BarChart {
    /// Caption above the plot.
    pub title: String,
    /// X-axis label (what the categories are).
    pub x_label: String,
    /// Y-axis label, with unit.
    pub y_label: String,
    /// Legend text for the bars.
    pub legend: String,
    /// Fixed y range; otherwise from 0 to the largest interval end.
    pub y_range: Option<(f64, f64)>,
    /// The bars, left to right.
    pub bars: Vec<Bar>,
}

/// Writes `stem.svg` and `stem.png` for a line chart; returns both paths.
pub fn line_chart(chart: &LineChart, stem: &Path) -> Result<[PathBuf; 2]> {
    if chart.series.iter().all(|s| s.points.is_empty()) {
        bail!("chart `{}` has no data", chart.title);
    }
    render_both(stem, Chart::Line(chart))
}

/// Writes `stem.svg` and `stem.png` for a single-series bar chart; returns both paths.
pub fn bar_chart(chart: &BarChart, stem: &Path) -> Result<[PathBuf; 2]> {
    if chart.bars.is_empty() {
        bail!("chart `{}` has no bars", chart.title);
    }
    let grouped = GroupedBarChart {
        title: chart.title.clone(),
        x_label: chart.x_label.clone(),
        y_label: chart.y_label.clone(),
        categories: chart.bars.iter().map(|b| b.label.clone()).collect(),
        series: vec![BarSeries {
            name: chart.legend.clone(),
            values: chart.bars.iter().map(|b| Some(b.value)).collect(),
            intervals: Some(chart.bars.iter().map(|b| (b.lo, b.hi)).collect()),
        }],
        log_y: false,
        reference: None,
        y_range: chart.y_range,
    };
    grouped_bar_chart(&grouped, stem)
}

/// Writes `stem.svg` and `stem.png` for a grouped bar chart; returns both paths. Errors when a series' length does
/// not match the categories or when nothing is drawable.
pub fn grouped_bar_chart(chart: &GroupedBarChart, stem: &Path) -> Result<[PathBuf; 2]> {
    chart.validate()?;
    render_both(stem, Chart::Grouped(chart))
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so a reader never sees a
/// half-written file.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| anyhow!("bad output path {}", path.display()))?;
    let tmp = path.with_file_name(format!(".{}.tmp{}", name, std::process::id()));
    let written = std::fs::write(&tmp, bytes)
        .with_context(|| format!("writing {}", tmp.display()))
        .and_then(|()| {
            std::fs::rename(&tmp, path).with_context(|| format!("renaming into {}", path.display()))
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[derive(Clone, Copy)]
enum Chart<'a> {
    Line(&'a LineChart),
    Grouped(&'a GroupedBarChart),
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: Chart<'_>) -> Result<()>
where
    DB::ErrorType: 'static,
{
    match chart {
        Chart::Line(c) => draw_lines(root, c),
        Chart::Grouped(c) => bars::draw_grouped(root, c),
    }
}

/// Renders with both backends, each into a temporary file renamed into place.
fn render_both(stem: &Path, chart: Chart<'_>) -> Result<[PathBuf; 2]> {
    ensure_font()?;
    let svg = stem.with_extension("svg");
    let png = stem.with_extension("png");
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        draw(&root, chart)?;
        root.present().map_err(|e| anyhow!("{e:?}"))?;
    }
    write_file_atomically(&svg, text.as_bytes())?;
    let tmp = temp_sibling(&png)?;
    let drawn = (|| {
        let root = BitMapBackend::new(&tmp, SIZE).into_drawing_area();
        draw(&root, chart)?;
        root.present().map_err(|e| anyhow!("{e:?}"))
    })();
    match drawn.and_then(|()| {
        std::fs::rename(&tmp, &png).with_context(|| format!("renaming into {}", png.display()))
    }) {
        Ok(()) => Ok([svg, png]),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e.context(format!("writing {}", png.display())))
        }
    }
}

/// A temporary name beside `path`, keeping its extension (the PNG encoder picks the format from it).
fn temp_sibling(path: &Path) -> Result<PathBuf> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| anyhow!("bad output path {}", path.display()))?;
    Ok(path.with_file_name(format!(".{}.tmp{}.png", name, std::process::id())))
}

fn palette(i: usize) -> RGBColor {
    const C: [RGBColor; 12] = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
        RGBColor(148, 103, 189),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(127, 127, 127),
        RGBColor(188, 189, 34),
        RGBColor(23, 190, 207),
        RGBColor(0, 0, 0),
        RGBColor(90, 90, 200),
    ];
    C[i % C.len()]
}

fn bounds(chart: &LineChart) -> ((f64, f64), (f64, f64)) {
    let pts = chart.series.iter().flat_map(|s| s.points.iter());
    let keep_y = |v: f64| v.is_finite() && (!chart.log_y || v > 0.0);
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for p in pts {
        x0 = x0.min(p.x);
        x1 = x1.max(p.x);
        for v in [p.lo, p.y, p.hi] {
            if keep_y(v) {
                y0 = y0.min(v);
                y1 = y1.max(v);
            }
        }
    }
    if x1 <= x0 {
        x1 = x0 + 1.0;
    }
    if chart.log_x {
        x0 *= 0.9;
        x1 *= 1.1;
    }
    let (y0, y1) = chart.y_range.unwrap_or(if chart.log_y {
        (y0 * 0.8, y1 * 1.25)
    } else {
        let pad = ((y1 - y0) * 0.05).max(1e-9);
        (y0 - pad, y1 + pad)
    });
    ((x0, x1), (y0, y1))
}

fn draw_lines<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &LineChart) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let ((x0, x1), (y0, y1)) = bounds(chart);
    // Log axes get their own ticks: plotters labels only whole decades, often just one.
    let log_x = || (x0..x1).log_scale().with_key_points(log_ticks(x0, x1));
    let log_y = || (y0..y1).log_scale().with_key_points(log_ticks(y0, y1));
    match (chart.log_x, chart.log_y) {
        (false, false) => lines_in(root, chart, x0..x1, y0..y1),
        (true, false) => lines_in(root, chart, log_x(), y0..y1),
        (false, true) => lines_in(root, chart, x0..x1, log_y()),
        (true, true) => lines_in(root, chart, log_x(), log_y()),
    }
}

fn lines_in<DB, X, Y>(root: &DrawingArea<DB, Shift>, chart: &LineChart, x: X, y: Y) -> Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", chart.title);
    root.fill(&WHITE).map_err(e)?;
    let mut ctx = ChartBuilder::on(root)
        .caption(&chart.title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(x, y)
        .map_err(e)?;
    ctx.configure_mesh()
        .x_labels(8)
        .x_label_formatter(&|v: &f64| tick_label(*v))
        .y_label_formatter(&|v: &f64| tick_label(*v))
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .draw()
        .map_err(e)?;
    let keep = |v: f64| v.is_finite() && (!chart.log_y || v > 0.0);
    for (i, s) in chart.series.iter().enumerate() {
        let color = palette(i);
        let pts: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|p| keep(p.y))
            .map(|p| (p.x, p.y))
            .collect();
        let width = if s.bound { 3 } else { 2 };
        let style = color.stroke_width(width);
        let anno = if s.bound {
            ctx.draw_series(DashedLineSeries::new(pts.clone(), 10, 6, style))
                .map_err(e)?
        } else {
            ctx.draw_series(LineSeries::new(pts.clone(), style))
                .map_err(e)?
        };
        anno.label(&s.name).legend(move |(x, y)| {
            PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(width))
        });
        ctx.draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
            .map_err(e)?;
        let bars = s
            .points
            .iter()
            .filter(|p| p.hi > p.lo && keep(p.lo) && keep(p.hi))
            .map(|p| ErrorBar::new_vertical(p.x, p.lo, p.y, p.hi, color.stroke_width(1), 8));
        ctx.draw_series(bars).map_err(e)?;
    }
    ctx.configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .position(if chart.legend_upper {
            SeriesLabelPosition::UpperRight
        } else {
            SeriesLabelPosition::LowerRight
        })
        .draw()
        .map_err(e)?;
    Ok(())
}
