//! Chart helpers shared by the reports: line charts with 95% error bars and bar charts, each written as SVG and PNG
//! (atomically: a temporary file in the same folder, then a rename). Text uses the embedded DejaVu Sans, so charts
//! render identically on a machine without fonts. Every chart has a title, axis labels with units and a legend.

use anyhow::{Context, Result, anyhow, bail};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

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

/// A bar chart description.
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

/// Writes `stem.svg` and `stem.png` for a bar chart; returns both paths.
pub fn bar_chart(chart: &BarChart, stem: &Path) -> Result<[PathBuf; 2]> {
    if chart.bars.is_empty() {
        bail!("chart `{}` has no bars", chart.title);
    }
    render_both(stem, Chart::Bar(chart))
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
    Bar(&'a BarChart),
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: Chart<'_>) -> Result<()>
where
    DB::ErrorType: 'static,
{
    match chart {
        Chart::Line(c) => draw_lines(root, c),
        Chart::Bar(c) => draw_bars(root, c),
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

/// A tick label without needless decimals: `10`, `2.5`, `0.01`.
fn compact(v: f64) -> String {
    if v.abs() >= 1e5 || (v != 0.0 && v.abs() < 1e-3) {
        return format!("{v:.0e}");
    }
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
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
    match (chart.log_x, chart.log_y) {
        (false, false) => lines_in(root, chart, x0..x1, y0..y1),
        (true, false) => lines_in(root, chart, (x0..x1).log_scale(), y0..y1),
        (false, true) => lines_in(root, chart, x0..x1, (y0..y1).log_scale()),
        (true, true) => lines_in(root, chart, (x0..x1).log_scale(), (y0..y1).log_scale()),
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
        .x_label_formatter(&|v: &f64| compact(*v))
        .y_label_formatter(&|v: &f64| compact(*v))
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

fn draw_bars<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &BarChart) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", chart.title);
    let n = chart.bars.len();
    let top = chart
        .bars
        .iter()
        .map(|b| b.hi.max(b.value))
        .fold(0.0f64, f64::max);
    let (y0, y1) = chart.y_range.unwrap_or((0.0, (top * 1.1).max(1e-9)));
    root.fill(&WHITE).map_err(e)?;
    let mut ctx = ChartBuilder::on(root)
        .caption(&chart.title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), y0..y1)
        .map_err(e)?;
    let labels: Vec<String> = chart.bars.iter().map(|b| b.label.clone()).collect();
    let fmt = move |v: &f64| {
        let i = v.round();
        if (v - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
            labels[i as usize].clone()
        } else {
            String::new()
        }
    };
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_labels(n + 1)
        .x_label_formatter(&fmt)
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .draw()
        .map_err(e)?;
    let color = palette(0);
    ctx.draw_series(chart.bars.iter().enumerate().map(|(i, b)| {
        let x = i as f64;
        Rectangle::new(
            [(x - 0.3, y0.max(0.0)), (x + 0.3, b.value)],
            color.mix(0.7).filled(),
        )
    }))
    .map_err(e)?
    .label(&chart.legend)
    .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], color.mix(0.7).filled()));
    ctx.draw_series(
        chart
            .bars
            .iter()
            .enumerate()
            .filter(|(_, b)| b.hi > b.lo)
            .map(|(i, b)| {
                ErrorBar::new_vertical(i as f64, b.lo, b.value, b.hi, BLACK.stroke_width(2), 12)
            }),
    )
    .map_err(e)?
    .label("95% interval over seeds")
    .legend(|(x, y)| PathElement::new(vec![(x + 8, y - 6), (x + 8, y + 6)], BLACK.stroke_width(2)));
    ctx.configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(e)?;
    Ok(())
}
