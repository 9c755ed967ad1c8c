//! Line charts for numeric x axes: each series a line with a distinct colour and marker at every point, optional 95%
//! error bars, linear or logarithmic axes in any combination (log-log for miss-ratio curves), and labelled vertical
//! reference lines (break-even costs). The legend sits below the plot.

use super::SIZE;
use super::axis::{self, Axis, Reference};
use super::legend::{self, REFERENCE, Swatch};
use super::style::{draw_marker, series_style};
use super::text;
use super::ticks::{linear_ticks, log_ticks};
use crate::present::tick::tick;
use anyhow::{Result, anyhow, bail};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One measured point: `y` with its 95% interval `[lo, hi]` (equal to `y` when there is no interval).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Point {
    /// Position on the x axis.
    pub x: f64,
    /// Value (e.g. a mean).
    pub y: f64,
    /// Lower end of the interval.
    pub lo: f64,
    /// Upper end of the interval.
    pub hi: f64,
}

impl Point {
    /// A point without an interval.
    pub(crate) fn exact(x: f64, y: f64) -> Point {
        Point { x, y, lo: y, hi: y }
    }
}

/// A named line of points.
#[derive(Debug, Clone)]
pub(crate) struct Series {
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
        (lo <= hi).then(|| Series {
            name: name.into(),
            points: vec![Point::exact(lo, y), Point::exact(hi, y)],
            bound: true,
        })
    }
}

/// A checked line chart: at most [`super::MAX_SERIES`] series, each with its own colour and marker; axes with
/// units; only finite data (positive on a log axis), so nothing is silently left out. Draw it with
/// [`super::line_plot`].
#[derive(Debug, Clone)]
pub(crate) struct LinePlot {
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

    /// The axes as drawn (see [`Axis::drawn`]) and their ranges, with headroom.
    fn drawn(&self) -> Drawn {
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
        let x = self.x.drawn(x0, x1);
        let y = self.y.drawn(y0, y1);
        if x.is_log() {
            x0 *= 0.9;
            x1 *= 1.1;
        }
        let y_range = self.y.range.unwrap_or(if y.is_log() {
            (y0 * 0.8, y1 * 1.25)
        } else {
            let pad = ((y1 - y0) * 0.05).max(1e-9);
            (y0 - pad, y1 + pad)
        });
        Drawn {
            x,
            y,
            x_range: (x0, x1),
            y_range,
        }
    }

    fn has_intervals(&self) -> bool {
        self.series
            .iter()
            .flat_map(|s| &s.points)
            .any(|p| p.hi > p.lo && self.keep_y(p.lo) && self.keep_y(p.hi))
    }

    /// Whether any series has neighbours drawn dotted (see [`runs`]).
    fn has_gaps(&self, d: &Drawn) -> bool {
        self.series.iter().filter(|s| !s.bound).any(|s| {
            let pts: Vec<(f64, f64)> = s.points.iter().map(|p| (p.x, p.y)).collect();
            runs(&pts, d.x.is_log()).iter().any(|(_, solid)| !solid)
        })
    }

    /// For each series, the first earlier series it coincides with: the same x values and, at every one, a y
    /// within [`COINCIDE`] of the drawn axis's height (on screen, one line hides the other).
    fn coincidences(&self, d: &Drawn) -> Vec<Option<usize>> {
        let (y0, y1) = d.y_range;
        let at = |v: f64| {
            if d.y.is_log() {
                (v.ln() - y0.ln()) / (y1.ln() - y0.ln())
            } else {
                (v - y0) / (y1 - y0)
            }
        };
        let same = |a: &Series, b: &Series| {
            a.points.len() == b.points.len()
                && a.points.iter().zip(&b.points).all(|(p, q)| {
                    (p.x - q.x).abs() <= 1e-9 * p.x.abs().max(q.x.abs())
                        && self.keep_y(p.y)
                        && self.keep_y(q.y)
                        && (at(p.y) - at(q.y)).abs() < COINCIDE
                })
        };
        let mut out: Vec<Option<usize>> = Vec::new();
        for (j, s) in self.series.iter().enumerate() {
            let first = (0..j).find(|&i| out[i].is_none() && same(&self.series[i], s));
            out.push(first);
        }
        out
    }

    /// The legend names: a series that coincides with an earlier one says so.
    fn legend_names(&self, d: &Drawn) -> Vec<String> {
        self.coincidences(d)
            .iter()
            .zip(&self.series)
            .map(|(c, s)| match c {
                Some(i) => format!("{} (same line as {})", s.name, self.series[*i].name),
                None => s.name.clone(),
            })
            .collect()
    }

    /// The x tick positions of a log axis: the measured x values themselves when the series share at most
    /// [`MAX_MEASURED_TICKS`] of them (so every measured size is labelled), else 1-2-5 ticks; thinned so that no two
    /// labels overlap. (A linear axis takes plotters' at most eight round steps, which cannot crowd.)
    fn x_ticks(&self, d: &Drawn) -> Result<Vec<f64>> {
        let (x0, x1) = d.x_range;
        let ticks = if d.x.is_log() {
            let mut xs: Vec<f64> = self
                .series
                .iter()
                .filter(|s| !s.bound)
                .flat_map(|s| s.points.iter().map(|p| p.x))
                .collect();
            xs.sort_by(f64::total_cmp);
            xs.dedup_by(|a, b| (*a - *b).abs() <= 1e-9 * a.abs());
            if (2..=MAX_MEASURED_TICKS).contains(&xs.len()) {
                xs
            } else {
                log_ticks(x0, x1)
            }
        } else {
            linear_ticks(x0, x1)
        };
        let (f, _) = d.x.drawn_unit(x0.abs().max(x1.abs()));
        let px = |v: f64| {
            let share = if d.x.is_log() {
                (v.ln() - x0.ln()) / (x1.ln() - x0.ln())
            } else {
                (v - x0) / (x1 - x0)
            };
            share * f64::from(SIZE.0 - 2 * MARGIN - Y_LABEL_AREA)
        };
        let mut kept: Vec<f64> = Vec::new();
        let mut right_edge = f64::NEG_INFINITY;
        for t in ticks {
            let w = text::width(&tick(t / f, x0 / f, x1 / f), LABEL_FONT)?;
            let (left, right) = (px(t) - w / 2.0, px(t) + w / 2.0);
            if left >= right_edge + LABEL_GAP {
                kept.push(t);
                right_edge = right;
            }
        }
        Ok(kept)
    }
}

/// Share of the plot's height within which two series count as one line.
const COINCIDE: f64 = 0.004;
/// Most distinct measured x values labelled one by one on a log axis.
const MAX_MEASURED_TICKS: usize = 8;
/// Neighbouring points further apart than this factor on a log x axis are joined dotted: nothing was measured
/// between them.
const MAX_SOLID_GAP: f64 = 4.0;
const MARGIN: u32 = 16;
const Y_LABEL_AREA: u32 = 70;
const LABEL_FONT: u32 = 15;
/// Least room between two tick labels, in pixels.
const LABEL_GAP: f64 = 8.0;
/// Radius of a point's marker, in pixels.
const MARKER_RADIUS: i32 = 4;

/// The axes of a line chart as drawn, and their ranges.
struct Drawn {
    x: Axis,
    y: Axis,
    x_range: (f64, f64),
    y_range: (f64, f64),
}

/// Draws the chart on `root`: title, plot, legend rows underneath.
pub(crate) fn draw_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &LinePlot,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", plot.title);
    root.fill(&WHITE).map_err(e)?;
    let d = plot.drawn();
    let mut entries: Vec<_> = plot
        .legend_names(&d)
        .into_iter()
        .zip(&plot.series)
        .enumerate()
        .map(|(i, (name, s))| {
            let (color, marker) = series_style(i);
            let line = Some(s.bound);
            (
                name,
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
    if plot.has_gaps(&d) {
        entries.push((
            format!("dotted: points over {MAX_SOLID_GAP}x apart, nothing measured between"),
            Swatch::Gap,
        ));
    }
    let split = legend::split(root, &entries)?;
    let title = text::fit_title(&plot.title)?;
    let area = text::draw_title(&split.plot, &title).map_err(e)?;
    let ((x0, x1), (y0, y1)) = (d.x_range, d.y_range);
    let x_ticks = plot.x_ticks(&d)?;
    // Log axes get their own ticks: plotters labels only whole decades, often just one.
    let log_x = || (x0..x1).log_scale().with_key_points(x_ticks.clone());
    let log_y = || (y0..y1).log_scale().with_key_points(log_ticks(y0, y1));
    match (d.x.is_log(), d.y.is_log()) {
        (false, false) => lines_in(root, &area, plot, &d, x0..x1, y0..y1),
        (true, false) => lines_in(root, &area, plot, &d, log_x(), y0..y1),
        (false, true) => lines_in(root, &area, plot, &d, x0..x1, log_y()),
        (true, true) => lines_in(root, &area, plot, &d, log_x(), log_y()),
    }?;
    legend::draw(&split.legend, &split.rows, &entries).map_err(e)
}

fn lines_in<DB, X, Y>(
    root: &DrawingArea<DB, Shift>,
    area: &DrawingArea<DB, Shift>,
    plot: &LinePlot,
    d: &Drawn,
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
    let ((x0, x1), (y0, y1)) = (d.x_range, d.y_range);
    let x_top = x0.abs().max(x1.abs());
    let y_top = y0.abs().max(y1.abs());
    let (fx, fy) = (d.x.drawn_unit(x_top).0, d.y.drawn_unit(y_top).0);
    let mut ctx = ChartBuilder::on(area)
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(x, y)
        .map_err(e)?;
    ctx.configure_mesh()
        .x_labels(8)
        .x_label_formatter(&|v: &f64| tick(*v / fx, x0 / fx, x1 / fx))
        .y_label_formatter(&|v: &f64| tick(*v / fy, y0 / fy, y1 / fy))
        .x_desc(d.x.drawn_caption(x_top))
        .y_desc(d.y.drawn_caption(y_top))
        .label_style(("sans-serif", LABEL_FONT))
        .axis_desc_style(("sans-serif", 17))
        .max_light_lines(1)
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
            for (run, solid) in runs(&pts, d.x.is_log()) {
                if solid {
                    ctx.draw_series(LineSeries::new(run, style)).map_err(e)?;
                } else {
                    ctx.draw_series(DashedLineSeries::new(run, 3, 5, color.stroke_width(2)))
                        .map_err(e)?;
                }
            }
        }
        for p in pts.iter().filter(|p| inside(p)) {
            draw_marker(root, ctx.backend_coord(p), marker, color, MARKER_RADIUS).map_err(e)?;
        }
        // Whiskers over the markers, caps wider than them, so an interval narrower than a marker still shows.
        let bars = s
            .points
            .iter()
            .filter(|p| p.hi > p.lo && plot.keep_y(p.lo) && plot.keep_y(p.hi))
            .map(|p| {
                let cap = 2 * (MARKER_RADIUS + 3) as u32;
                ErrorBar::new_vertical(p.x, p.lo, p.y, p.hi, color.stroke_width(2), cap)
            });
        ctx.draw_series(bars).map_err(e)?;
    }
    Ok(())
}

/// Splits a series' points into runs drawn solid and pairs drawn dotted: on a log x axis, neighbours more than
/// [`MAX_SOLID_GAP`]x apart are a dotted pair, since a solid line would show values nobody measured.
fn runs(pts: &[(f64, f64)], log_x: bool) -> Vec<(Vec<(f64, f64)>, bool)> {
    let mut out: Vec<(Vec<(f64, f64)>, bool)> = Vec::new();
    let mut solid: Vec<(f64, f64)> = pts.first().copied().into_iter().collect();
    for w in pts.windows(2) {
        let far = log_x && w[0].0 > 0.0 && w[1].0 / w[0].0 > MAX_SOLID_GAP;
        if far {
            if solid.len() > 1 {
                out.push((std::mem::take(&mut solid), true));
            }
            out.push((w.to_vec(), false));
            solid = vec![w[1]];
        } else {
            solid.push(w[1]);
        }
    }
    if solid.len() > 1 {
        out.push((solid, true));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::line_plot;
    use super::super::test_support::{assert_drawn, assert_ticks_read_well, lines_of};
    use super::*;

    /// Draws `p` and asserts that it shows `shown` ([`assert_drawn`]); returns the SVG's text.
    fn drawn(p: &LinePlot, shown: &[String]) -> String {
        let dir = tempfile::tempdir().unwrap();
        assert_drawn(&line_plot(p, &dir.path().join("chart")).unwrap(), shown)
    }

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
        let mut shown: Vec<String> = (0..8).map(|k| format!("policy {k}")).collect();
        shown.extend(
            ["Miss ratio by budget", "break-even budget", "95% interval"].map(String::from),
        );
        shown.push("budget (entries, log scale)".into());
        let text = drawn(&plot(8), &shown);
        // Four measured budgets: each is labelled, not 1-2-5 steps between them.
        let lines = lines_of(&text);
        for tick in ["8", "30", "120", "500"] {
            assert!(lines.contains(&tick), "tick {tick} missing");
        }
        assert!(!lines.contains(&"20"));
    }

    /// A chart of `ys` (one series each) over the TT sizes 2^6, 2^10, 2^14, with unit `unit` on a log y axis.
    fn tt_like(ys: &[[f64; 3]], unit: &str) -> LinePlot {
        LinePlot {
            title: "Work relative to an unbounded TT vs TT size (nodes)".into(),
            x: Axis::log("table size", "entries"),
            y: Axis::log("work", unit),
            series: ys
                .iter()
                .enumerate()
                .map(|(k, y)| Series {
                    name: format!("scheme {k}"),
                    points: [64.0, 1024.0, 16384.0]
                        .iter()
                        .zip(y)
                        .map(|(&x, &y)| Point::exact(x, y))
                        .collect(),
                    bound: false,
                })
                .collect(),
            verticals: Vec::new(),
        }
    }

    #[test]
    fn series_that_coincide_say_so_and_every_measured_size_is_labelled() {
        let p = tt_like(
            &[
                [9.0, 2.0, 1.0],
                [9.0, 2.0, 1.0],
                [5.0, 1.5, 1.0],
                [9.0, 2.0, 1.0001],
            ],
            "ratio",
        );
        let d = p.drawn();
        assert_eq!(p.coincidences(&d), [None, Some(0), None, Some(0)]);
        let text = drawn(
            &p,
            &[
                "scheme 1 (same line as scheme 0)".into(),
                "scheme 2".into(),
                "scheme 3 (same line as scheme 0)".into(),
                "64".into(),
                "1.02k".into(),
                "16.4k".into(),
            ],
        );
        assert!(!lines_of(&text).contains(&"scheme 0 (same line as scheme 1)"));
    }

    #[test]
    fn points_far_apart_on_a_log_axis_are_joined_dotted() {
        let pts = [(64.0, 1.0), (128.0, 1.0), (2048.0, 1.0), (4096.0, 1.0)];
        let r = runs(&pts, true);
        let kinds: Vec<(usize, bool)> = r.iter().map(|(p, solid)| (p.len(), *solid)).collect();
        assert_eq!(kinds, [(2, true), (2, false), (2, true)]);
        assert_eq!(runs(&pts, false), [(pts.to_vec(), true)]);
    }

    #[test]
    fn a_time_axis_reads_in_the_unit_that_fits_and_a_narrow_log_axis_is_linear() {
        // Nanoseconds in the tens of millions: the axis reads ms.
        let p = tt_like(&[[2e7, 9e6, 3e5], [2.2e7, 1e7, 4e5]], "ns");
        let text = drawn(&p, &["work (ms, log scale)".into(), "20".into()]);
        assert!(
            !lines_of(&text).iter().any(|l| l.ends_with('M')),
            "a tick reads in M(ns)"
        );
        // Ratios between 1 and 1.15 on an axis asked to be logarithmic: drawn linear.
        let p = tt_like(&[[1.15, 1.05, 1.0], [1.1, 1.02, 1.0]], "ratio");
        assert_eq!(p.drawn().y.scale, super::super::axis::Scale::Linear);
        let text = drawn(&p, &["work (ratio)".into()]);
        assert!(!lines_of(&text).contains(&"work (ratio, log scale)"));
    }

    #[test]
    fn a_title_too_long_for_one_line_is_wrapped_inside_the_canvas() {
        let mut p = plot(3);
        p.title = "Hit rate vs budget, dice-chess played-endgame expansion trace, traversal cache off, every \
                   online rule of the recency family (mean over ten seeds, 95% interval)"
            .into();
        let text = drawn(&p, &["policy 2".into()]);
        let title: Vec<_> = super::super::test_support::text_boxes(&text)
            .into_iter()
            .filter(|b| b.text.starts_with("Hit rate") || b.text.contains("seeds"))
            .collect();
        assert!(title.len() >= 2, "{title:?}");
    }

    #[test]
    fn a_linear_plot_renders_too() {
        let mut p = plot(2);
        p.x = Axis::linear("budget", "entries");
        p.y = Axis::linear("hit rate", "%").with_range(0.0, 1.0);
        drawn(&p, &["hit rate (%)".into(), "policy 1".into()]);
    }

    #[test]
    fn a_linear_axis_through_zero_labels_zero_as_zero() {
        // Hit-rate differences on both sides of zero; on this range plotters' own key points put one at
        // 1.7e-18 instead of 0.
        let mut p = plot(3);
        p.x = Axis::linear("budget", "entries");
        p.y = Axis::linear("hit rate vs LRU", "points").with_range(-0.013, 0.017);
        for (k, s) in p.series.iter_mut().enumerate() {
            for (i, pt) in s.points.iter_mut().enumerate() {
                *pt = point(pt.x, -0.01 + 0.007 * k as f64 + 0.002 * i as f64);
                (pt.lo, pt.hi) = (pt.y - 0.001, pt.y + 0.001);
            }
        }
        let text = drawn(&p, &["hit rate vs LRU (points)".into(), "0".into()]);
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
