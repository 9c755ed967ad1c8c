//! Grouped bar charts for categorical x axes (scenario families, cache variants): one group of bars per category,
//! one colour per series, optional 95% error bars and a labelled reference line. Bars suit linear axes that start at
//! zero; on a log axis a bar's length means nothing, so a [`super::DotPlot`] is the honest choice there.

use super::categorical::{self, CategorySeries, Context, Frame, Marks};
use super::legend::Swatch;
use super::style::palette;
use anyhow::{Result, bail};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One series of a grouped bar chart (the same shape as a dot plot's series).
pub type BarSeries = CategorySeries;

/// A grouped bar chart description.
#[derive(Debug, Clone)]
pub struct GroupedBarChart {
    /// Caption above the plot.
    pub title: String,
    /// X-axis label (what the categories are).
    pub x_label: String,
    /// Y-axis label, with unit.
    pub y_label: String,
    /// Category names, left to right, written under their groups.
    pub categories: Vec<String>,
    /// The series; each gets one bar in every group.
    pub series: Vec<BarSeries>,
    /// Logarithmic y axis (bars rise from the bottom of the axis; non-positive values are left out).
    pub log_y: bool,
    /// A dashed horizontal line at this value, with its legend text (e.g. "1 = as fast as uncached").
    pub reference: Option<(f64, String)>,
    /// Fixed y range; otherwise fitted to the data, the intervals and the reference line.
    pub y_range: Option<(f64, f64)>,
}

impl GroupedBarChart {
    /// Checks the shape (one value and interval per category) and that something can be drawn.
    pub(super) fn validate(&self) -> Result<()> {
        let n = self.categories.len();
        for s in &self.series {
            if s.values.len() != n {
                bail!(
                    "chart `{}`: series `{}` has {} values for {n} categories",
                    self.title,
                    s.name,
                    s.values.len()
                );
            }
            if let Some(iv) = &s.intervals
                && iv.len() != n
            {
                bail!(
                    "chart `{}`: series `{}` has {} intervals for {n} categories",
                    self.title,
                    s.name,
                    iv.len()
                );
            }
        }
        if let Some((lo, hi)) = self.y_range
            && !(lo.is_finite() && hi.is_finite() && hi > lo && (!self.log_y || lo > 0.0))
        {
            bail!(
                "chart `{}`: y range [{lo}, {hi}] is not increasing{}",
                self.title,
                if self.log_y { " and positive" } else { "" }
            );
        }
        if self.values().next().is_none() {
            bail!("chart `{}` has no data", self.title);
        }
        Ok(())
    }

    /// Every drawable value, with its series and category index.
    fn values(&self) -> impl Iterator<Item = (usize, usize, f64)> + '_ {
        self.series.iter().enumerate().flat_map(move |(j, s)| {
            s.values.iter().enumerate().filter_map(move |(i, v)| {
                v.filter(|v| v.is_finite() && (!self.log_y || *v > 0.0))
                    .map(|v| (j, i, v))
            })
        })
    }

    /// The interval of series `j` at category `i`, when it is a real interval.
    fn interval(&self, j: usize, i: usize) -> Option<(f64, f64)> {
        let (lo, hi) = *self.series[j].intervals.as_ref()?.get(i)?;
        (lo.is_finite() && hi.is_finite() && hi > lo).then_some((lo, hi))
    }

    fn has_intervals(&self) -> bool {
        self.values().any(|(j, i, _)| self.interval(j, i).is_some())
    }

    /// The y range: the fixed one, or the data with headroom; a linear axis always includes 0.
    fn y_bounds(&self) -> (f64, f64) {
        if let Some(r) = self.y_range {
            return r;
        }
        let mut seen: Vec<f64> = Vec::new();
        for (j, i, v) in self.values() {
            seen.push(v);
            if let Some((lo, hi)) = self.interval(j, i) {
                seen.extend([lo, hi]);
            }
        }
        if let Some((r, _)) = &self.reference {
            seen.push(*r);
        }
        seen.retain(|v| v.is_finite() && (!self.log_y || *v > 0.0));
        let lo = seen.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = seen.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if self.log_y {
            (lo / 1.6, hi * 1.4)
        } else {
            let (lo, hi) = (lo.min(0.0), hi.max(0.0));
            let pad = ((hi - lo) * 0.08).max(1e-9);
            (if lo < 0.0 { lo - pad } else { 0.0 }, hi + pad)
        }
    }
}

/// Draws the chart on `root`: title, plot with its category labels, legend rows underneath.
pub(super) fn draw_grouped<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &GroupedBarChart,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let mut entries: Vec<_> = chart
        .series
        .iter()
        .enumerate()
        .map(|(j, s)| (s.name.clone(), Swatch::Bar(palette(j))))
        .collect();
    if chart.has_intervals() {
        entries.push(("95% interval".into(), Swatch::Interval));
    }
    if let Some((_, name)) = &chart.reference {
        entries.push((name.clone(), Swatch::Reference));
    }
    let frame = Frame {
        title: &chart.title,
        x_label: &chart.x_label,
        y_caption: chart.y_label.clone(),
        categories: &chart.categories,
        log_y: chart.log_y,
        y: chart.y_bounds(),
        entries,
    };
    categorical::draw(root, &frame, chart)
}

impl Marks for GroupedBarChart {
    fn draw<DB: DrawingBackend, Y: Ranged<ValueType = f64>>(
        &self,
        _root: &DrawingArea<DB, Shift>,
        ctx: &mut Context<'_, '_, DB, Y>,
        (y0, y1): (f64, f64),
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let k = self.series.len();
        let clamp = |v: f64| v.clamp(y0, y1);
        // Bars rise from zero on a linear axis and from the bottom of a log one.
        let base = if self.log_y { y0 } else { clamp(0.0) };
        let slot = 0.8 / k.max(1) as f64;
        let centre = |i: usize, j: usize| categorical::slot_centre(i, j, k, 0.8);
        ctx.draw_series(self.values().map(|(j, i, v)| {
            let x = centre(i, j);
            Rectangle::new(
                [(x - slot * 0.46, base), (x + slot * 0.46, clamp(v))],
                palette(j).filled(),
            )
        }))?;
        let whiskers = self.values().filter_map(|(j, i, _)| {
            let (lo, hi) = self.interval(j, i)?;
            Some(categorical::whisker(
                centre(i, j),
                clamp(lo),
                clamp(hi),
                slot * 0.22,
            ))
        });
        ctx.draw_series(
            whiskers
                .flatten()
                .map(|p| PathElement::new(p, BLACK.stroke_width(2))),
        )?;
        if let Some((r, _)) = &self.reference {
            categorical::horizontal_reference(ctx, *r, self.categories.len(), (y0, y1))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(values: Vec<Option<f64>>, log_y: bool) -> GroupedBarChart {
        GroupedBarChart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            categories: vec!["a".into(), "b".into()],
            series: vec![BarSeries {
                name: "s".into(),
                values,
                intervals: None,
            }],
            log_y,
            reference: Some((1.0, "one".into())),
            y_range: None,
        }
    }

    #[test]
    fn shape_errors_name_the_series() {
        let err = chart(vec![Some(1.0)], false).validate().unwrap_err();
        assert!(
            err.to_string()
                .contains("series `s` has 1 values for 2 categories")
        );
        let mut c = chart(vec![Some(1.0), None], false);
        c.series[0].intervals = Some(vec![(0.5, 1.5)]);
        assert!(
            c.validate()
                .unwrap_err()
                .to_string()
                .contains("1 intervals")
        );
        let mut c = chart(vec![Some(1.0), None], true);
        c.y_range = Some((0.0, 10.0));
        let err = c.validate().unwrap_err().to_string();
        assert!(err.contains("not increasing and positive"), "{err}");
    }

    #[test]
    fn a_log_chart_of_non_positive_values_has_no_data() {
        let c = chart(vec![Some(0.0), Some(-2.0)], true);
        assert!(c.validate().unwrap_err().to_string().contains("no data"));
        assert!(chart(vec![Some(0.0), None], false).validate().is_ok());
    }

    #[test]
    fn y_bounds_include_zero_intervals_and_the_reference() {
        let mut c = chart(vec![Some(3.0), Some(5.0)], false);
        c.series[0].intervals = Some(vec![(2.0, 4.0), (4.0, 8.0)]);
        let (lo, hi) = c.y_bounds();
        assert_eq!(lo, 0.0);
        assert!(hi > 8.0 && hi < 9.0, "{hi}");
        let c = chart(vec![Some(3.0), Some(5.0)], true);
        let (lo, hi) = c.y_bounds();
        assert!(lo < 1.0 && hi > 5.0, "{lo} {hi}");
    }

    #[test]
    fn renders_wrapped_category_names_under_their_groups() {
        let dir = tempfile::tempdir().unwrap();
        let names = [
            "transposition-rich",
            "promotion-en-passant",
            "sparse",
            "middlegame",
        ];
        let mut c = chart(vec![Some(0.5), Some(2.0), Some(1.2), None], true);
        c.categories = names.iter().map(|n| (*n).to_owned()).collect();
        c.series.push(BarSeries {
            name: "second".into(),
            values: vec![Some(0.8), None, Some(1.5), Some(0.9)],
            intervals: Some(vec![(0.7, 0.9), (0.0, 0.0), (1.5, 1.5), (0.8, 1.1)]),
        });
        // Six series make the groups narrow enough that the long names wrap.
        for k in 0..4 {
            c.series.push(BarSeries {
                name: format!("extra {k}"),
                values: vec![Some(1.0); 4],
                intervals: None,
            });
        }
        // Eight groups of six bars: about 110 pixels per group, narrower than the longest name.
        c.categories
            .extend(["a-b", "c", "d", "e"].map(String::from));
        for s in &mut c.series {
            s.values.extend([Some(1.0); 4]);
            if let Some(iv) = &mut s.intervals {
                iv.extend([(1.0, 1.0); 4]);
            }
        }
        let [svg, png] = super::super::grouped_bar_chart(&c, &dir.path().join("bars")).unwrap();
        // The SVG backend writes each text on its own line between the tags.
        let text = std::fs::read_to_string(&svg).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for shown in ["promotion-", "en-passant", "sparse", "95% interval", "one"] {
            assert!(lines.contains(&shown), "{shown} not drawn");
        }
        assert!(!lines.contains(&"promotion-en-passant"));
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
        c.series.iter_mut().for_each(|s| s.values.fill(None));
        let err = super::super::grouped_bar_chart(&c, &dir.path().join("empty")).unwrap_err();
        assert!(err.to_string().contains("has no data"), "{err}");
        assert!(!dir.path().join("empty.svg").exists());
    }
}
