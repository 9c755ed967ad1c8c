//! Line charts for numeric x axes: each series a line with a distinct colour and marker at every point, optional 95%
//! error bars, linear or logarithmic axes in any combination (log-log for miss-ratio curves), and labelled vertical
//! reference lines (break-even costs). The legend sits below the plot.

use super::axis::{self, Axis, Reference};
use super::legend::{self, REFERENCE, Swatch};
use super::style::{draw_marker, series_style};
use super::ticks::log_ticks;
use crate::present::tick::tick;
use anyhow::{Result, anyhow, bail};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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

impl Series {
    /// A bound drawn level at `y` across the x range of `others` (for a ceiling such as "unbounded = 1"), or
    /// `None` when `others` has no points.
    pub(crate) fn level_across(
        name: impl Into<String>,
        y: f64,
        others: &[Series],
    ) -> Option<Series> {
        let (lo, hi) = others
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.x))
            .fold((f64::INFINITY, 0.0f64), |(a, b), x| (a.min(x), b.max(x)));
        (lo <= hi).then(|| {
            let at = |x: f64| Point { x, y, lo: y, hi: y };
            Series {
                name: name.into(),
                points: vec![at(lo), at(hi)],
                bound: true,
            }
        })
    }
}

/// A checked line chart: at most [`super::MAX_SERIES`] series, each with its own colour and marker; axes with
/// units; only finite data (positive on a log axis), so nothing is silently left out. Draw it with
/// [`super::line_plot`].
#[derive(Debug, Clone)]
pub struct LinePlot {
    /// Caption above the plot.
    pub title: String,
    /// The x axis.
    pub x: Axis,
    /// The y axis.
    pub y: Axis,
    /// The lines, in legend order.
    pub series: Vec<Series>,
    /// Dashed vertical lines, each labelled beside its top.
    pub verticals: Vec<Reference>,
}

impl LinePlot {
    /// Errors naming the chart, series and point when something cannot be drawn honestly.
    pub(super) fn validate(&self) -> Result<()> {
        let t = &self.title;
        axis::check_series(t, self.series.iter().map(|s| s.name.as_str()))?;
        self.x.validate(t, "x")?;
        self.y.validate(t, "y")?;
        for s in &self.series {
            for (k, p) in s.points.iter().enumerate() {
                let at = |what: &str| format!("series `{}` point {}: {what}", s.name, k + 1);
                self.x.check(t, &at("x"), p.x)?;
                for (what, v) in [("y", p.y), ("interval low", p.lo), ("interval high", p.hi)] {
                    self.y.check(t, &at(what), v)?;
                }
                if !(p.lo <= p.y && p.y <= p.hi) {
                    bail!(
                        "chart `{t}`: {}",
                        at(&format!(
                            "{} lies outside its interval [{}, {}]",
                            p.y, p.lo, p.hi
                        ))
                    );
                }
            }
        }
        if self.series.iter().all(|s| s.points.is_empty()) {
            bail!("chart `{t}` has no data");
        }
        for r in &self.verticals {
            axis::check_reference(t, r, &self.x)?;
        }
        Ok(())
    }

    /// Whether `v` can be drawn on the y axis (the older descriptions may hold values that cannot).
    fn keep_y(&self, v: f64) -> bool {
        v.is_finite() && (!self.y.is_log() || v > 0.0)
    }

    fn bounds(&self) -> ((f64, f64), (f64, f64)) {
        let pts = self.series.iter().flat_map(|s| s.points.iter());
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        let xs = pts
            .clone()
            .map(|p| p.x)
            .chain(self.verticals.iter().map(|r| r.at));
        for x in xs {
            x0 = x0.min(x);
            x1 = x1.max(x);
        }
        for v in pts.flat_map(|p| [p.lo, p.y, p.hi]) {
            if self.keep_y(v) {
                y0 = y0.min(v);
                y1 = y1.max(v);
            }
        }
        if x1 <= x0 {
            x1 = x0 + 1.0;
        }
        if self.x.is_log() {
            x0 *= 0.9;
            x1 *= 1.1;
        }
        let (y0, y1) = self.y.range.unwrap_or(if self.y.is_log() {
            (y0 * 0.8, y1 * 1.25)
        } else {
            let pad = ((y1 - y0) * 0.05).max(1e-9);
            (y0 - pad, y1 + pad)
        });
        ((x0, x1), (y0, y1))
    }

    fn has_intervals(&self) -> bool {
        self.series
            .iter()
            .flat_map(|s| &s.points)
            .any(|p| p.hi > p.lo && self.keep_y(p.lo) && self.keep_y(p.hi))
    }
}

/// Draws the chart on `root`: title, plot, legend rows underneath.
pub(super) fn draw_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &LinePlot,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", plot.title);
    root.fill(&WHITE).map_err(e)?;
    let mut entries: Vec<_> = plot
        .series
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (color, marker) = series_style(i);
            let line = Some(s.bound);
            (
                s.name.clone(),
                Swatch::Series {
                    color,
                    marker,
                    line,
                },
            )
        })
        .collect();
    if plot.has_intervals() {
        entries.push(("95% interval".into(), Swatch::Interval));
    }
    let split = legend::split(root, &entries)?;
    let ((x0, x1), (y0, y1)) = plot.bounds();
    // Log axes get their own ticks: plotters labels only whole decades, often just one.
    let log_x = || (x0..x1).log_scale().with_key_points(log_ticks(x0, x1));
    let log_y = || (y0..y1).log_scale().with_key_points(log_ticks(y0, y1));
    match (plot.x.is_log(), plot.y.is_log()) {
        (false, false) => lines_in(root, &split.plot, plot, x0..x1, y0..y1),
        (true, false) => lines_in(root, &split.plot, plot, log_x(), y0..y1),
        (false, true) => lines_in(root, &split.plot, plot, x0..x1, log_y()),
        (true, true) => lines_in(root, &split.plot, plot, log_x(), log_y()),
    }?;
    legend::draw(&split.legend, &split.rows, &entries).map_err(e)
}

fn lines_in<DB, X, Y>(
    root: &DrawingArea<DB, Shift>,
    area: &DrawingArea<DB, Shift>,
    plot: &LinePlot,
    x: X,
    y: Y,
) -> Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", plot.title);
    let ((x0, x1), (y0, y1)) = plot.bounds();
    let mut ctx = ChartBuilder::on(area)
        .caption(&plot.title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(x, y)
        .map_err(e)?;
    ctx.configure_mesh()
        .x_labels(8)
        .x_label_formatter(&|v: &f64| tick(*v, x0, x1))
        .y_label_formatter(&|v: &f64| tick(*v, y0, y1))
        .x_desc(plot.x.caption())
        .y_desc(plot.y.caption())
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .draw()
        .map_err(e)?;
    for r in &plot.verticals {
        ctx.draw_series(DashedLineSeries::new(
            [(r.at, y0), (r.at, y1)],
            10,
            6,
            REFERENCE.stroke_width(2),
        ))
        .map_err(e)?;
        // The label hangs beside the line's top, on the side with more room.
        let (px, py) = ctx.backend_coord(&(r.at, y1));
        let across = ctx.plotting_area().get_pixel_range().0;
        let right_half = px > (across.start + across.end) / 2;
        let (h, dx) = if right_half {
            (HPos::Right, -5)
        } else {
            (HPos::Left, 5)
        };
        let style = TextStyle::from(("sans-serif", 14).into_font())
            .color(&REFERENCE)
            .pos(Pos::new(h, VPos::Top));
        root.draw(&Text::new(r.label.as_str(), (px + dx, py + 4), &style))
            .map_err(e)?;
    }
    let inside = |p: &(f64, f64)| (x0..=x1).contains(&p.0) && (y0..=y1).contains(&p.1);
    for (i, s) in plot.series.iter().enumerate() {
        let (color, marker) = series_style(i);
        let pts: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|p| plot.keep_y(p.y))
            .map(|p| (p.x, p.y))
            .collect();
        let style = color.stroke_width(if s.bound { 3 } else { 2 });
        if s.bound {
            ctx.draw_series(DashedLineSeries::new(pts.clone(), 10, 6, style))
                .map_err(e)?;
        } else {
            ctx.draw_series(LineSeries::new(pts.clone(), style))
                .map_err(e)?;
        }
        let bars = s
            .points
            .iter()
            .filter(|p| p.hi > p.lo && plot.keep_y(p.lo) && plot.keep_y(p.hi))
            .map(|p| ErrorBar::new_vertical(p.x, p.lo, p.y, p.hi, color.stroke_width(1), 8));
        ctx.draw_series(bars).map_err(e)?;
        for p in pts.iter().filter(|p| inside(p)) {
            draw_marker(root, ctx.backend_coord(p), marker, color, 4).map_err(e)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::line_plot;
    use super::super::test_support::{assert_drawn, assert_ticks_read_well, lines_of};
    use super::*;

    /// Breaks one thing in a valid chart.
    type Spoil = fn(&mut LinePlot);

    fn point(x: f64, y: f64) -> Point {
        Point {
            x,
            y,
            lo: y * 0.9,
            hi: y * 1.1,
        }
    }

    fn plot(series: usize) -> LinePlot {
        LinePlot {
            title: "Miss ratio by budget".into(),
            x: Axis::log("budget", "entries"),
            y: Axis::log("miss ratio", "fraction of lookups"),
            series: (0..series)
                .map(|k| Series {
                    name: format!("policy {k}"),
                    points: [8.0, 30.0, 120.0, 500.0]
                        .iter()
                        .map(|&b| point(b, (k as f64 + 1.0) / b))
                        .collect(),
                    bound: k == 0,
                })
                .collect(),
            verticals: vec![Reference {
                at: 200.0,
                label: "break-even budget".into(),
            }],
        }
    }

    #[test]
    fn a_log_log_plot_shows_title_legend_ticks_and_the_reference_label() {
        let dir = tempfile::tempdir().unwrap();
        let [svg, png] = line_plot(&plot(8), &dir.path().join("miss")).unwrap();
        let mut shown: Vec<String> = (0..8).map(|k| format!("policy {k}")).collect();
        shown.extend(
            ["Miss ratio by budget", "break-even budget", "95% interval"].map(String::from),
        );
        shown.push("budget (entries, log scale)".into());
        let text = assert_drawn(&svg, &png, &shown);
        // 1-2-5 labels on the x axis, which spans less than three decades.
        let lines = lines_of(&text);
        for tick in ["10", "20", "50", "100", "200"] {
            assert!(lines.contains(&tick), "tick {tick} missing");
        }
    }

    #[test]
    fn a_linear_plot_renders_too() {
        let dir = tempfile::tempdir().unwrap();
        let mut p = plot(2);
        p.x = Axis::linear("budget", "entries");
        p.y = Axis::linear("hit rate", "%").with_range(0.0, 1.0);
        let [svg, png] = line_plot(&p, &dir.path().join("linear")).unwrap();
        assert_drawn(&svg, &png, &["hit rate (%)".into(), "policy 1".into()]);
    }

    #[test]
    fn a_linear_axis_through_zero_labels_zero_as_zero() {
        // Hit-rate differences on both sides of zero; on this range plotters' own key points put one at
        // 1.7e-18 instead of 0.
        let dir = tempfile::tempdir().unwrap();
        let mut p = plot(3);
        p.x = Axis::linear("budget", "entries");
        p.y = Axis::linear("hit rate vs LRU", "points").with_range(-0.013, 0.017);
        for (k, s) in p.series.iter_mut().enumerate() {
            for (i, pt) in s.points.iter_mut().enumerate() {
                *pt = point(pt.x, -0.01 + 0.007 * k as f64 + 0.002 * i as f64);
                (pt.lo, pt.hi) = (pt.y - 0.001, pt.y + 0.001);
            }
        }
        let [svg, png] = line_plot(&p, &dir.path().join("zero")).unwrap();
        let text = assert_drawn(&svg, &png, &["hit rate vs LRU (points)".into(), "0".into()]);
        assert_ticks_read_well(&text);
    }

    #[test]
    fn a_ninth_series_is_refused_with_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = line_plot(&plot(9), &dir.path().join("nine")).unwrap_err();
        assert!(err.to_string().contains("has 9 series; at most 8"), "{err}");
        assert!(!dir.path().join("nine.svg").exists());
    }

    #[test]
    fn undrawable_data_and_missing_labels_are_errors() {
        let cases: [(&str, Spoil); 8] = [
            ("only finite", |p| p.series[0].points[1].y = f64::NAN),
            ("only finite", |p| p.series[1].points[0].x = f64::INFINITY),
            ("log axis cannot show", |p| {
                p.series[0].points[2] = Point {
                    x: 5.0,
                    y: 0.0,
                    lo: 0.0,
                    hi: 0.0,
                }
            }),
            ("outside its interval", |p| p.series[0].points[0].lo = 1.0),
            ("needs a label and a unit", |p| p.y.unit.clear()),
            ("a chart needs a title", |p| p.title = " ".into()),
            ("two series are called", |p| {
                p.series[1].name = "policy 0".into()
            }),
            ("reference line needs a label", |p| {
                p.verticals[0].label.clear()
            }),
        ];
        for (want, spoil) in cases {
            let mut p = plot(2);
            spoil(&mut p);
            let err = p.validate().unwrap_err().to_string();
            assert!(err.contains(want), "{err} lacks {want}");
        }
        let mut p = plot(1);
        p.series[0].points.clear();
        assert!(p.validate().unwrap_err().to_string().contains("no data"));
    }
}
