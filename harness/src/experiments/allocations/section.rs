//! The allocations experiment's report section: dhat heap profiles per operation (`allocations.csv`) and the
//! growth check of the optimized cache against `counts.csv`.

use crate::plot::{Axis, CategorySeries, DotPlot};
use crate::present::number::{counter_mean, or_missing};
use crate::present::{Align, Table};
use crate::record::Metric;
use crate::section::{Section, SectionContext};
use anyhow::Result;
use std::fmt::Write;

mod growth_check;

/// The Allocations section with its growth check.
pub(crate) fn section(ctx: &SectionContext<'_>) -> Result<Section> {
    let mut s = Section::default();
    allocations(ctx, &mut s)?;
    Ok(s)
}

fn allocations(ctx: &SectionContext<'_>, s: &mut Section) -> Result<()> {
    let _ = writeln!(s.markdown, "## Allocations\n");
    let Some(a) = ctx.allocations else {
        let _ = writeln!(
            s.markdown,
            "Not measured in this run (no `allocations.csv`; the `alloc_profile` binary did not run).\n"
        );
        return Ok(());
    };
    let _ = writeln!(
        s.markdown,
        "dhat heap profile of one pass over each family's successors in a separate process \
         (`allocations.csv`; the timed binary has no profiling allocator). Blocks per op = total blocks / \
         successors; peak = the largest live heap during the pass (t-gmax). The dhat JSON files are in the run \
         folder (open them with valgrind's `dh_view.html`).\n"
    );
    let mut table = Table::new([
        ("scenario", Align::Left),
        ("variant", Align::Left),
        ("total blocks", Align::Right),
        ("total bytes", Align::Right),
        ("peak live bytes", Align::Right),
        ("blocks per op", Align::Right),
        ("bytes per op", Align::Right),
    ]);
    for s in &a.scenarios {
        for v in &a.variants {
            let arm = ctx.slice.arm(s, v);
            let Some(blocks) = a.get(&arm, Metric::TotalBlocks) else {
                continue;
            };
            table.row([
                s.clone(),
                v.clone(),
                counter_mean(blocks),
                or_missing(a.get(&arm, Metric::TotalBytes), counter_mean),
                or_missing(a.get(&arm, Metric::PeakLiveBytes), counter_mean),
                or_missing(a.get(&arm, Metric::BlocksPerOp), counter_mean),
                or_missing(a.get(&arm, Metric::BytesPerOp), counter_mean),
            ])?;
        }
    }
    s.markdown.push_str(&table.markdown());
    let _ = writeln!(s.markdown);
    let (scenarios, series) = ctx.by_scenario(a, |x| Some((a.get(x, Metric::BlocksPerOp)?, None)));
    if !series.is_empty() {
        let label = "allocated blocks per operation";
        let y = if spans_orders_of_magnitude(&series) {
            Axis::log(label, "blocks")
        } else {
            Axis::linear(label, "blocks")
        };
        s.dot_chart(
            ctx,
            "allocations_blocks_per_op",
            &DotPlot {
                title: "Heap allocations per operation by scenario and cache variant (dhat)".into(),
                x_label: "scenario family".into(),
                y,
                categories: scenarios,
                series,
                reference: None,
            },
        )?;
    }
    let what = ctx.ratio_sentence(a, Metric::BlocksPerOp, "allocations");
    let _ = writeln!(s.markdown, "**What this shows:** {what}\n");
    growth_check::growth_check(ctx, s)
}

/// True when every value is positive and the largest is over 20 times the smallest: on a linear axis the small
/// bars would be too short to read.
fn spans_orders_of_magnitude(series: &[CategorySeries]) -> bool {
    let values: Vec<f64> = series
        .iter()
        .flat_map(|s| s.values.iter().flatten().copied())
        .collect();
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(0.0f64, f64::max);
    lo > 0.0 && hi > 20.0 * lo
}
