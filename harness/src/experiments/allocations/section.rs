//! The allocations experiment's report section: dhat heap profiles per operation (`allocations.csv`) and the
//! growth check of the optimized cache against `counts.csv`.

use crate::plot::{Axis, DotPlot, Reference};
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
    let _ = writeln!(s.markdown, "## Allocations\n");
    let Some(a) = ctx.allocations else {
        let _ = writeln!(
            s.markdown,
            "Not measured in this run (no `allocations.csv`; the `alloc_profile` binary did not run).\n"
        );
        return Ok(s);
    };
    let _ = writeln!(
        s.markdown,
        "dhat heap profile of one pass over each family's successors in a separate process \
         (`allocations.csv`; the timed binary has no profiling allocator). Blocks per op = total blocks / \
         successors; peak = the largest live heap during the pass (t-gmax). The dhat JSON files are in the run \
         folder (open them with valgrind's `dh_view.html`).\n"
    );
    // A `--quick` run profiles only the variants the chart's baseline, the sentence and the growth check read:
    // the section says which of the run's variants it left out rather than let the table look complete.
    let left_out: Vec<&str> = ctx
        .counts
        .variants
        .iter()
        .filter(|v| !a.variants.contains(v))
        .map(String::as_str)
        .collect();
    if !left_out.is_empty() {
        let _ = writeln!(
            s.markdown,
            "This run profiled {} only and left out {} (a `--quick` run profiles the variants this section's \
             chart, sentence and growth check read; the full run profiles every variant).\n",
            list(&a.variants),
            list(&left_out)
        );
    }
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
    // Relative to no cache in the same family: the families' counts differ 80-fold, the variants' by under 15%,
    // so absolute counts on one axis would hide the differences the chart exists to show.
    let relative = |x: &crate::record::ArmKey| {
        let none = a.get(&ctx.slice.arm(&x.scenario, "none"), Metric::BlocksPerOp)?;
        let mine = a.get(x, Metric::BlocksPerOp)?;
        (x.variant != "none" && mine > 0.0).then(|| (none / mine, None))
    };
    let (scenarios, series) = ctx.by_scenario(a, relative);
    if !series.is_empty() {
        s.dot_chart(
            ctx,
            "allocations_blocks_per_op",
            &DotPlot {
                title: "Heap allocations per operation, no cache's ÷ the variant's (dhat)".into(),
                x_label: "scenario family".into(),
                y: Axis::log(
                    "no cache's blocks per operation ÷ the variant's",
                    "x, > 1 = fewer",
                ),
                categories: scenarios,
                series,
                reference: Some(Reference {
                    at: 1.0,
                    label: "1 = as many as no cache".into(),
                }),
            },
        )?;
    }
    let what = ctx.ratio_sentence(a, Metric::BlocksPerOp, "allocations");
    let _ = writeln!(s.markdown, "**What this shows:** {what}\n");
    growth_check::growth_check(ctx, &mut s)?;
    Ok(s)
}

/// `a`, `b` and `c` as code spans.
fn list(names: &[impl AsRef<str>]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{}`", n.as_ref())).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}
