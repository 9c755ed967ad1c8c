//! Dot-and-interval plots for categorical x axes: in each category one dot per series with its 95% interval as a
//! whisker, series side by side, each with its own colour and marker. Unlike a bar, a dot means the same on a log
//! axis as on a linear one, so this is the chart for speedups, times per operation and instruction counts.

use super::axis::{self, Axis, Reference};
use super::categorical::{self, CategorySeries, Context, Frame, Marks};
use super::legend::Swatch;
use super::style::{draw_marker, series_style};
use anyhow::{Result, bail};
use plotters::coord::Shift;
use plotters::prelude::*;

/// A checked dot-and-interval plot: at most [`super::MAX_SERIES`] series, one value (or gap) per category each, only
/// finite values inside their intervals (positive on a log axis). Draw it with [`super::dot_plot`].
#[derive(Debug, Clone)]
pub(crate) struct DotPlot {
    /// Caption above the plot.
    pub title: String,
    /// What the categories are (e.g. `scenario family`).
    pub x_label: String,
    /// The value axis, linear or log.
    pub y: Axis,
    /// Category names, left to right.
    pub categories: Vec<String>,
    /// The series, in legend order.
    pub series: Vec<CategorySeries>,
    /// A dashed horizontal line (e.g. `1 = as fast as uncached`), listed in the legend.
    pub reference: Option<Reference>,
}

/// Share of a category's width the series spread over.
const SPREAD: f64 = 0.6;

impl DotPlot {
    /// Errors naming the chart, series and category when something cannot be drawn honestly.
    pub(super) fn validate(&self) -> Result<()> {
        let t = &self.title;
        axis::check_series(t, self.series.iter().map(|s| s.name.as_str()))?;
        if self.x_label.trim().is_empty() {
            bail!("chart `{t}`: the x axis needs a label");
        }
        self.y.validate(t, "y")?;
        let n = self.categories.len();
        for s in &self.series {
            if s.values.len() != n || s.intervals.as_ref().is_some_and(|iv| iv.len() != n) {
                bail!(
                    "chart `{t}`: series `{}` needs one value and one interval per category ({n})",
                    s.name
                );
            }
        }
        for (j, i, v) in self.values() {
            let s = &self.series[j];
            let at =
                |what: &str| format!("series `{}` at `{}`: {what}", s.name, self.categories[i]);
            self.y.check(t, &at("value"), v)?;
            if let Some((lo, hi)) = s.intervals.as_ref().map(|iv| iv[i]) {
                self.y.check(t, &at("interval low"), lo)?;
                self.y.check(t, &at("interval high"), hi)?;
                if !(lo <= v && v <= hi) {
                    bail!(
                        "chart `{t}`: {}",
                        at(&format!("{v} lies outside its interval [{lo}, {hi}]"))
                    );
                }
            }
        }
        if self.values().next().is_none() {
            bail!("chart `{t}` has no data");
        }
        if let Some(r) = &self.reference {
            axis::check_reference(t, r, &self.y)?;
        }
        Ok(())
    }

    /// Every value that is not a gap, with its series and category index.
    fn values(&self) -> impl Iterator<Item = (usize, usize, f64)> + '_ {
        self.series.iter().enumerate().flat_map(|(j, s)| {
            s.values
                .iter()
                .enumerate()
                .filter_map(move |(i, v)| v.map(|v| (j, i, v)))
        })
    }

    /// The interval of series `j` at category `i`, when it has width.
    fn interval(&self, j: usize, i: usize) -> Option<(f64, f64)> {
        let (lo, hi) = *self.series[j].intervals.as_ref()?.get(i)?;
        (hi > lo).then_some((lo, hi))
    }

    /// The y axis as drawn (see [`Axis::drawn`]) and its range: the fixed range, or the data, intervals and
    /// reference line with headroom.
    fn drawn_y(&self) -> (Axis, (f64, f64)) {
        let mut seen: Vec<f64> = self.reference.iter().map(|r| r.at).collect();
        for (j, i, v) in self.values() {
            seen.push(v);
            seen.extend(
                self.interval(j, i)
                    .into_iter()
                    .flat_map(|(lo, hi)| [lo, hi]),
            );
        }
        let lo = seen.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = seen.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = self.y.range.unwrap_or((lo, hi));
        let y = self.y.drawn(lo, hi);
        if let Some(r) = self.y.range {
            return (y, r);
        }
        let bounds = if y.is_log() {
            let pad = (hi / lo).powf(0.06).max(1.05);
            (lo / pad, hi * pad)
        } else {
            let pad = ((hi - lo) * 0.08).max(lo.abs().max(1.0) * 0.05);
            (lo - pad, hi + pad)
        };
        (y, bounds)
    }
}

/// Draws the chart on `root`: title, plot with its category labels, legend rows underneath.
pub(crate) fn draw_dots<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &DotPlot,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let mut entries: Vec<_> = plot
        .series
        .iter()
        .enumerate()
        .map(|(j, s)| {
            let (color, marker) = series_style(j);
            let line = None;
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
    if plot.values().any(|(j, i, _)| plot.interval(j, i).is_some()) {
        entries.push(("95% interval".into(), Swatch::Interval));
    }
    if let Some(r) = &plot.reference {
        entries.push((r.label.clone(), Swatch::Reference));
    }
    let (y, (y0, y1)) = plot.drawn_y();
    let top = y0.abs().max(y1.abs());
    let frame = Frame {
        title: &plot.title,
        x_label: &plot.x_label,
        y_caption: y.drawn_caption(top),
        y_factor: y.drawn_unit(top).0,
        categories: &plot.categories,
        log_y: y.is_log(),
        y: (y0, y1),
        entries,
    };
    categorical::draw(root, &frame, plot)
}

impl Marks for DotPlot {
    fn draw<DB: DrawingBackend, Y: Ranged<ValueType = f64>>(
        &self,
        root: &DrawingArea<DB, Shift>,
        ctx: &mut Context<'_, '_, DB, Y>,
        (y0, y1): (f64, f64),
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        if let Some(r) = &self.reference {
            categorical::horizontal_reference(ctx, r.at, self.categories.len(), (y0, y1))?;
        }
        let k = self.series.len();
        let clamp = |v: f64| v.clamp(y0, y1);
        // Markers first, whiskers over them with caps wider than the marker: an interval narrower than the dot
        // still shows as caps on both sides of it.
        for (j, i, v) in self.values() {
            let (color, marker) = series_style(j);
            let x = categorical::slot_centre(i, j, k, SPREAD);
            if (y0..=y1).contains(&v) {
                draw_marker(
                    root,
                    ctx.backend_coord(&(x, v)),
                    marker,
                    color,
                    MARKER_RADIUS,
                )?;
            }
        }
        for (j, i, _) in self.values() {
            let Some((lo, hi)) = self.interval(j, i) else {
                continue;
            };
            let (color, _) = series_style(j);
            let x = categorical::slot_centre(i, j, k, SPREAD);
            let (px, p_lo) = ctx.backend_coord(&(x, clamp(lo)));
            let (_, p_hi) = ctx.backend_coord(&(x, clamp(hi)));
            for stroke in categorical::whisker_px(px, p_lo, p_hi, MARKER_RADIUS + CAP_OVERHANG) {
                root.draw(&PathElement::new(stroke, color.stroke_width(2)))?;
            }
        }
        Ok(())
    }
}

/// Radius of a dot, in pixels.
const MARKER_RADIUS: i32 = 6;
/// How far a whisker's cap reaches past the dot on each side, in pixels.
const CAP_OVERHANG: i32 = 4;

#[cfg(test)]
mod tests {
    use super::super::dot_plot;
    use super::super::test_support::{assert_drawn, assert_ticks_read_well, lines_of};
    use super::*;

    /// Draws `p` and asserts that it shows `shown` ([`assert_drawn`]); returns the SVG's text.
    fn drawn(p: &DotPlot, shown: &[String]) -> String {
        let dir = tempfile::tempdir().unwrap();
        assert_drawn(&dot_plot(p, &dir.path().join("chart")).unwrap(), shown)
    }

    /// Breaks one thing in a valid chart.
    type Spoil = fn(&mut DotPlot);

    fn plot(series: usize) -> DotPlot {
        let categories: Vec<String> = ["transposition-rich", "promotion-en-passant", "sparse"]
            .map(String::from)
            .into();
        DotPlot {
            title: "Speedup over no cache (median, 95% interval)".into(),
            x_label: "scenario family".into(),
            y: Axis::log("speedup", "x"),
            series: (0..series)
                .map(|k| {
                    let v = 0.8 + 0.1 * k as f64;
                    CategorySeries {
                        name: format!("variant {k}"),
                        values: vec![Some(v), None, Some(v * 8.0)],
                        // A gap's interval is a placeholder and ignored.
                        intervals: Some(vec![(v * 0.9, v * 1.1), (0.0, 0.0), (v * 8.0, v * 8.0)]),
                    }
                })
                .collect(),
            categories,
            reference: Some(Reference {
                at: 1.0,
                label: "1 = as fast as no cache".into(),
            }),
        }
    }

    #[test]
    fn renders_title_every_legend_entry_and_the_reference() {
        let mut shown: Vec<String> = (0..8).map(|k| format!("variant {k}")).collect();
        shown.extend(
            [
                "Speedup over no cache (median, 95% interval)",
                "1 = as fast as no cache",
                "95% interval",
                "speedup (x, log scale)",
                "sparse",
            ]
            .map(String::from),
        );
        drawn(&plot(8), &shown);
    }

    #[test]
    fn a_linear_axis_need_not_start_at_zero() {
        let mut p = plot(2);
        p.y = Axis::linear("time per operation", "ms");
        p.reference = None;
        for s in &mut p.series {
            let v = s.values[0].unwrap();
            s.values[2] = Some(v * 2.0);
            s.intervals.as_mut().unwrap()[2] = (v * 2.0, v * 2.0);
        }
        let (lo, hi) = p.drawn_y().1;
        assert!(lo > 0.6 && hi < 8.0, "{lo} {hi}");
        let text = drawn(&p, &["time per operation (ms)".into()]);
        assert_ticks_read_well(&text);
    }

    #[test]
    fn a_linear_axis_through_zero_labels_zero_as_zero() {
        let mut p = plot(2);
        // On this range plotters' own key points put one at 1.7e-18 instead of 0.
        p.y = Axis::linear("hit rate vs LRU", "points").with_range(-0.013, 0.017);
        p.reference = None;
        for (k, s) in p.series.iter_mut().enumerate() {
            let v = -0.01 + 0.01 * k as f64;
            s.values = vec![Some(v), Some(v + 0.002), Some(v + 0.004)];
            s.intervals = Some(vec![
                (v - 0.001, v + 0.001),
                (v, v + 0.003),
                (v + 0.003, v + 0.005),
            ]);
        }
        let text = drawn(&p, &["hit rate vs LRU (points)".into(), "0".into()]);
        assert_ticks_read_well(&text);
    }

    #[test]
    fn whiskers_are_drawn_over_the_dots_with_caps_wider_than_them() {
        let p = DotPlot {
            series: vec![CategorySeries {
                name: "optimized".into(),
                values: vec![Some(1e7), Some(3e5)],
                // Intervals far narrower than a dot.
                intervals: Some(vec![(0.999e7, 1.001e7), (2.999e5, 3.001e5)]),
            }],
            categories: vec!["sparse".into(), "middlegame".into()],
            y: Axis::log("time per operation", "ns"),
            reference: None,
            ..plot(1)
        };
        let text = drawn(&p, &["time per operation (ms, log scale)".into()]);
        let lines = lines_of(&text);
        let first_dot = lines.iter().position(|l| l.starts_with("<circle")).unwrap();
        let caps = lines[first_dot..]
            .iter()
            .filter_map(|l| {
                let pts = l.split("points=\"").nth(1)?.split('"').next()?;
                let xy: Vec<(f64, f64)> = pts
                    .split_whitespace()
                    .filter_map(|p| {
                        let (x, y) = p.split_once(',')?;
                        Some((x.parse().ok()?, y.parse().ok()?))
                    })
                    .collect();
                (xy.len() == 2 && xy[0].1 == xy[1].1).then(|| (xy[1].0 - xy[0].0).abs())
            })
            .collect::<Vec<f64>>();
        // Two caps per whisker, each wider than the dot's diameter, drawn after the dots (the legend's
        // swatch adds two narrower ones).
        let wide = caps
            .iter()
            .filter(|&&w| w > f64::from(2 * MARKER_RADIUS))
            .count();
        assert_eq!(wide, 4, "{caps:?}");
        assert!(
            !lines.iter().any(|l| l.ends_with('M')),
            "a tick reads in M(ns)"
        );
    }

    #[test]
    fn long_category_names_and_titles_are_wrapped_apart() {
        let mut p = plot(3);
        p.title = "Hit rate of the optimized cache vs break-even hit rate, per scenario family, instruction \
                   counts of the traversal-cache-on slice (capped at 100%)"
            .into();
        p.categories = [
            "sparse",
            "middlegame (break-even 113%: never pays)",
            "transposition-rich (break-even 107%: never pays)",
            "promotion-en-passant",
            "played (break-even 148%: never pays)",
            "played-endgame",
            "instructions_hit_rate_vs_break_even",
            "dense",
        ]
        .map(String::from)
        .into();
        for s in &mut p.series {
            s.values = vec![Some(1.0); 8];
            s.intervals = Some(vec![(0.9, 1.1); 8]);
        }
        // assert_drawn checks that no two texts overlap and none leaves the canvas.
        drawn(&p, &["sparse".into()]);
    }

    #[test]
    fn bad_shapes_and_values_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = dot_plot(&plot(9), &dir.path().join("nine")).unwrap_err();
        assert!(err.to_string().contains("has 9 series"), "{err}");
        let cases: [(&str, Spoil); 6] = [
            ("only finite", |p| {
                p.series[0].values[0] = Some(f64::NEG_INFINITY)
            }),
            ("only finite", |p| {
                p.series[0].intervals.as_mut().unwrap()[2].1 = f64::NAN
            }),
            ("log axis cannot show", |p| {
                p.series[1].values[2] = Some(-1.0)
            }),
            ("outside its interval", |p| {
                p.series[0].values[0] = Some(5.0)
            }),
            ("one value and one interval per category", |p| {
                p.series[0].values.pop();
            }),
            ("x axis needs a label", |p| p.x_label.clear()),
        ];
        for (want, spoil) in cases {
            let mut p = plot(2);
            spoil(&mut p);
            let err = p.validate().unwrap_err().to_string();
            assert!(err.contains(want), "{err} lacks {want}");
        }
        let mut p = plot(1);
        p.series[0].values.fill(None);
        assert!(p.validate().unwrap_err().to_string().contains("no data"));
    }
}
