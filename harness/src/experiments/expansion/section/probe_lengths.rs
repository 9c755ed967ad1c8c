//! The Counts section's probe-length histogram of the optimized cache (`probes.csv`, with the table events in
//! `counts.csv`).

use crate::plot::{Axis, LinePlot, Point, Series};
use crate::present::number::{count, counter_mean, decimal, or_missing, percent};
use crate::present::{Align, Table};
use crate::record::ArmKey;
use crate::record::Metric;
use crate::record::schema::ProbeTable;
use crate::section::{Section, SectionContext};
use anyhow::Result;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::fmt::Write;

/// Summary of one scenario's histogram.
struct Summary {
    scenario: String,
    /// Lookups that found no slot array yet (probe length 0).
    tableless: u64,
    /// Lookups that probed the table.
    probed: u64,
    mean: f64,
    at_one: f64,
    max: u64,
}

/// The engine's last histogram bucket collects every longer probe.
const LAST_BUCKET: u64 = engine::memo::ProbeStats::MAX_TRACKED_PROBE as u64;

pub(super) fn probe_lengths(ctx: &SectionContext<'_>, s: &mut Section) -> Result<()> {
    let _ = writeln!(s.markdown, "### Probe lengths of the optimized cache\n");
    let Some(p) = ctx.probes else {
        let _ = writeln!(
            s.markdown,
            "Not recorded in this run (no `probes.csv`: the run predates the probe-length collection).\n"
        );
        return Ok(());
    };
    // The probe collection instruments the optimized cache with the report's evaluator and the traversal cache on.
    let tr = Traversal::Cached.name();
    let ev = ctx.slice.evaluator.clone();
    let _ = writeln!(
        s.markdown,
        "Slots inspected per lookup of the optimized cache (`probes.csv`), one pass over each family's \
         successors with a fresh `InstrumentedCache` (the optimized cache with a statistics observer; same \
         values and counters) per successor, evaluator `{ev}`, traversal cache `{tr}`, summed over successors. \
         Length 1 = the home slot held the key or was empty. The first lookup of each fresh cache finds no \
         slot array yet (length 0) and is left out of the mean, the share and the chart. Collisions = equal \
         32-bit signatures on unequal states (resolved by full comparison); growth events = slot-array \
         doublings (`counts.csv`).\n"
    );
    let (summaries, series) = histogram_table(ctx, p, &ev, tr, s)?;
    if summaries.is_empty() {
        let _ = writeln!(
            s.markdown,
            "`probes.csv` holds no lookups for evaluator `{ev}` with the traversal cache `{tr}`.\n"
        );
        return Ok(());
    }
    histogram_chart(ctx, series, s)?;
    what_this_shows(&summaries, s);
    Ok(())
}

/// The table of every scenario's histogram (one row each, written into `s`), with each scenario's summary and
/// chart line; scenarios without a probed lookup have neither.
fn histogram_table(
    ctx: &SectionContext<'_>,
    p: &ProbeTable,
    ev: &str,
    tr: &str,
    s: &mut Section,
) -> Result<(Vec<Summary>, Vec<Series>)> {
    let probed = |s: &str| ArmKey::new(s, CacheKind::Optimized.name(), ev, tr);
    let mut table = Table::new([
        ("scenario", Align::Left),
        ("lookups", Align::Right),
        ("first lookups (no table)", Align::Right),
        ("mean probe length (slots)", Align::Right),
        ("share at length 1", Align::Right),
        ("max probe length", Align::Right),
        ("signature collisions", Align::Right),
        ("growth events", Align::Right),
    ]);
    let mut summaries = Vec::new();
    let mut series = Vec::new();
    for s in &p.scenarios {
        let arm = probed(s);
        let h = p.histogram(&arm);
        let tableless = h.iter().find(|(l, _)| *l == 0).map_or(0, |x| x.1);
        let probed: u64 = h.iter().filter(|(l, _)| *l > 0).map(|x| x.1).sum();
        if probed == 0 {
            continue;
        }
        let slots: u64 = h.iter().map(|(l, n)| l * n).sum();
        let at_one = h.iter().find(|(l, _)| *l == 1).map_or(0, |x| x.1);
        let max = h
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|x| x.0)
            .max()
            .unwrap_or(0);
        let sum = Summary {
            scenario: s.clone(),
            tableless,
            probed,
            mean: slots as f64 / probed as f64,
            at_one: at_one as f64 / probed as f64,
            max,
        };
        let c = ctx.counts;
        table.row([
            s.clone(),
            count(tableless + probed),
            count(tableless),
            decimal(sum.mean, 3),
            percent(sum.at_one),
            format!("{}{max}", if max >= LAST_BUCKET { "≥ " } else { "" }),
            or_missing(c.get(&arm, Metric::ProbeSignatureCollisions), counter_mean),
            or_missing(c.get(&arm, Metric::GrowthEvents), counter_mean),
        ])?;
        series.push(Series {
            name: s.clone(),
            points: h
                .iter()
                .filter(|(l, n)| *l > 0 && *n > 0)
                .map(|&(l, n)| Point::exact(l as f64, n as f64))
                .collect(),
            bound: false,
        });
        summaries.push(sum);
    }
    s.markdown.push_str(&table.markdown());
    let _ = writeln!(s.markdown);
    Ok((summaries, series))
}

/// The histogram chart, one line per scenario on a log count axis.
fn histogram_chart(ctx: &SectionContext<'_>, series: Vec<Series>, s: &mut Section) -> Result<()> {
    // A log axis has no zero: a length no lookup reached gets no point (the line joins the lengths that occur),
    // and the axis starts below 1 so that a length reached once stands above the floor instead of on it.
    let most = series
        .iter()
        .flat_map(|s| &s.points)
        .map(|p| p.y)
        .fold(1.0, f64::max);
    s.line_plot(
        ctx,
        "counts_probe_lengths",
        &LinePlot {
            title: "Probe-length histogram of the optimized cache".into(),
            x: Axis::linear("probe length", "slots inspected per lookup"),
            y: Axis::log("lookups", "lengths with no lookups have no point")
                .with_range(0.5, most * 1.25),
            series,
            verticals: Vec::new(),
        },
    )
}

/// The "What this shows" paragraph over the scenarios' summaries, and the chart's note.
fn what_this_shows(summaries: &[Summary], s: &mut Section) {
    let lo = summaries.iter().min_by(|a, b| a.mean.total_cmp(&b.mean));
    let hi = summaries.iter().max_by(|a, b| a.mean.total_cmp(&b.mean));
    let worst_max = summaries.iter().max_by_key(|x| x.max);
    let share = summaries
        .iter()
        .map(|x| x.at_one)
        .fold(f64::INFINITY, f64::min);
    let probed: u64 = summaries.iter().map(|x| x.probed).sum();
    let tableless: u64 = summaries.iter().map(|x| x.tableless).sum();
    if let (Some(lo), Some(hi), Some(w)) = (lo, hi, worst_max) {
        let mean = if lo.scenario == hi.scenario {
            format!("is {:.3} slots", lo.mean)
        } else {
            format!(
                "ranges from {:.3} slots (`{}`) to {:.3} (`{}`)",
                lo.mean, lo.scenario, hi.mean, hi.scenario
            )
        };
        // Knuth's linear-probing estimates at load factor exactly 1/2: 1.5 slots per hit, 2.5 per miss; the
        // table grows before its load factor exceeds 1/2, so these bound the expected means.
        let knuth = if hi.mean <= 2.5 {
            " — within what linear probing predicts at a load factor of at most 1/2 (1.5 slots per hit and \
             2.5 per miss at exactly 1/2)"
        } else {
            " — longer than linear probing predicts at a load factor of at most 1/2 (1.5 slots per hit, 2.5 \
             per miss), which points at clustered signatures"
        };
        let _ = writeln!(
            s.markdown,
            "**What this shows:** over {} table lookups (plus {} first lookups with no table \
             yet) the mean probe length {mean}{knuth}; at least {:.1}% of each family's lookups end at the \
             home slot, and the longest probe inspects {}{} slots (`{}`).\n",
            crate::present::number::count(probed),
            crate::present::number::count(tableless),
            100.0 * share,
            if w.max >= LAST_BUCKET {
                "at least "
            } else {
                ""
            },
            w.max,
            w.scenario
        );
        let _ = writeln!(
            s.markdown,
            "The chart marks only probe lengths that occur: a log axis cannot show a count of 0, so a length \
             with no lookups has no point and the line passes over it to the next length that occurs (the \
             axis starts at 0.5, so a length reached by one lookup sits above the floor, not on it).\n"
        );
    }
}
