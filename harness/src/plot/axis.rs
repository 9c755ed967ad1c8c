//! Axis descriptions of the checked charts ([`super::LinePlot`], [`super::DotPlot`]): a label and a unit that are
//! both required, a linear or logarithmic scale, an optional fixed range; and the labelled reference lines.

use anyhow::{Result, bail};

/// Smallest ratio of largest to smallest value that a logarithmic axis is drawn for (see [`Axis::drawn`]).
pub(crate) const MIN_LOG_SPAN: f64 = 5.0;

/// Time units and their size in nanoseconds, smallest first.
const TIME_UNITS: [(&str, f64); 4] = [("ns", 1.0), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)];

/// Linear or logarithmic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scale {
    /// Evenly spaced values; the axis includes what the data needs.
    Linear,
    /// Evenly spaced factors, labelled in 1-2-5 steps (see [`super::log_ticks`]); every value must be positive.
    Log,
}

/// One value axis: what it shows, in which unit, on which scale.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Axis {
    /// What the axis shows, e.g. `time per operation`.
    pub label: String,
    /// The unit, e.g. `ns`, `entries`, `%`, `x` for ratios; required, since a number without one cannot be read.
    pub unit: String,
    /// Linear or logarithmic.
    pub scale: Scale,
    /// Fixed `(low, high)`; otherwise fitted to the data.
    pub range: Option<(f64, f64)>,
}

impl Axis {
    /// A linear axis fitted to the data.
    pub(crate) fn linear(label: impl Into<String>, unit: impl Into<String>) -> Axis {
        Axis {
            label: label.into(),
            unit: unit.into(),
            scale: Scale::Linear,
            range: None,
        }
    }

    /// A logarithmic axis fitted to the data.
    pub(crate) fn log(label: impl Into<String>, unit: impl Into<String>) -> Axis {
        Axis {
            scale: Scale::Log,
            ..Axis::linear(label, unit)
        }
    }

    /// The same axis with a fixed range.
    pub(crate) fn with_range(self, low: f64, high: f64) -> Axis {
        Axis {
            range: Some((low, high)),
            ..self
        }
    }

    /// The text written along the axis: label, unit and, for a log axis, that it is one.
    pub(crate) fn caption(&self) -> String {
        let log = if self.is_log() { ", log scale" } else { "" };
        format!("{} ({}{log})", self.label, self.unit)
    }

    /// The axis as drawn over data from `lo` to `hi`: a logarithmic axis is drawn linear when the data span less
    /// than [`MIN_LOG_SPAN`]x, where a log scale would only squeeze the differences the chart exists to show.
    pub(crate) fn drawn(&self, lo: f64, hi: f64) -> Axis {
        if self.is_log() && lo > 0.0 && hi / lo < MIN_LOG_SPAN {
            Axis {
                scale: Scale::Linear,
                ..self.clone()
            }
        } else {
            self.clone()
        }
    }

    /// The unit the axis is labelled in for values up to `hi` in magnitude, and the factor they are divided by: an
    /// axis in a time unit (`ns`, `µs`, `ms`, `s`) reads in the largest one in which `hi` is at least 1, so ticks say
    /// `20 ms`, never `20M` ns; any other unit is kept.
    pub(crate) fn drawn_unit(&self, hi: f64) -> (f64, String) {
        let Some(&(_, base)) = TIME_UNITS.iter().find(|(u, _)| *u == self.unit) else {
            return (1.0, self.unit.clone());
        };
        let in_ns = hi.abs() * base;
        let (unit, factor) = TIME_UNITS
            .iter()
            .rev()
            .find(|(_, f)| in_ns >= *f)
            .unwrap_or(&TIME_UNITS[0]);
        (factor / base, (*unit).to_owned())
    }

    /// The caption of the axis as drawn over data up to `hi` in magnitude: [`Axis::caption`] in the unit of
    /// [`Axis::drawn_unit`].
    pub(super) fn drawn_caption(&self, hi: f64) -> String {
        Axis {
            unit: self.drawn_unit(hi).1,
            ..self.clone()
        }
        .caption()
    }

    /// True for a logarithmic axis.
    pub(crate) fn is_log(&self) -> bool {
        self.scale == Scale::Log
    }

    /// Errors unless label and unit are given and the fixed range (if any) is finite, increasing and, on a log
    /// axis, positive.
    pub(super) fn validate(&self, chart: &str, which: &str) -> Result<()> {
        if self.label.trim().is_empty() || self.unit.trim().is_empty() {
            bail!("chart `{chart}`: the {which} axis needs a label and a unit");
        }
        if let Some((lo, hi)) = self.range
            && !(lo.is_finite() && hi.is_finite() && hi > lo && (!self.is_log() || lo > 0.0))
        {
            bail!(
                "chart `{chart}`: {which} range [{lo}, {hi}] is not finite and increasing{}",
                if self.is_log() { " and positive" } else { "" }
            );
        }
        Ok(())
    }

    /// Errors unless `v` can be drawn on this axis: finite, and positive on a log axis.
    pub(super) fn check(&self, chart: &str, what: &str, v: f64) -> Result<()> {
        if !v.is_finite() {
            bail!("chart `{chart}`: {what} is {v}; only finite values can be drawn");
        }
        if self.is_log() && v <= 0.0 {
            bail!("chart `{chart}`: {what} is {v}, which a log axis cannot show");
        }
        Ok(())
    }
}

/// A labelled, dashed reference line: vertical on a [`super::LinePlot`] (e.g. a break-even cost), horizontal on a
/// [`super::DotPlot`] (e.g. `1 = as fast as uncached`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Reference {
    /// Where the line crosses its axis.
    pub at: f64,
    /// What it marks, written beside it.
    pub label: String,
}

/// Errors unless the chart has a title, 1 to [`super::MAX_SERIES`] series and every series name is given and
/// unique.
pub(crate) fn check_series<'a>(title: &str, names: impl Iterator<Item = &'a str>) -> Result<()> {
    if title.trim().is_empty() {
        bail!("a chart needs a title");
    }
    let names: Vec<&str> = names.collect();
    if names.is_empty() {
        bail!("chart `{title}` has no series");
    }
    if names.len() > super::MAX_SERIES {
        bail!(
            "chart `{title}` has {} series; at most {} can have distinct colours and markers, so split it",
            names.len(),
            super::MAX_SERIES
        );
    }
    for (i, n) in names.iter().enumerate() {
        if n.trim().is_empty() {
            bail!("chart `{title}`: series {} has no legend name", i + 1);
        }
        if names[..i].contains(n) {
            bail!("chart `{title}`: two series are called `{n}`");
        }
    }
    Ok(())
}

/// Errors unless the reference line has a label and a drawable position on `axis`.
pub(crate) fn check_reference(title: &str, r: &Reference, axis: &Axis) -> Result<()> {
    if r.label.trim().is_empty() {
        bail!("chart `{title}`: a reference line needs a label");
    }
    axis.check(title, &format!("reference line `{}`", r.label), r.at)
}

#[cfg(test)]
mod tests {
    use super::{Axis, Scale};

    #[test]
    fn captions_drawn_scales_and_units() {
        assert_eq!(Axis::linear("hit rate", "%").caption(), "hit rate (%)");
        let blocks = Axis::log("blocks", "count");
        assert_eq!(
            Axis::log("budget", "entries").caption(),
            "budget (entries, log scale)"
        );
        assert_eq!(blocks.drawn(0.9, 1.15).scale, Scale::Linear);
        assert_eq!(blocks.drawn(1.0, 30.0).scale, Scale::Log);
        for (axis, top, want) in [
            (Axis::log("time", "ns"), 2e7, (1e6, "ms")),
            (Axis::log("time", "ns"), 800.0, (1.0, "ns")),
            (blocks, 2e7, (1.0, "count")),
        ] {
            assert_eq!(axis.drawn_unit(top), (want.0, want.1.to_string()));
        }
    }
}
