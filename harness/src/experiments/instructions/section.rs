//! The instructions experiment's report section: callgrind counts per operation (`counts.csv`, with the note of
//! `instructions-status.txt`) and the optimized cache's break-even hit rate derived from them.

use crate::plot::{Axis, DotPlot};
use crate::present::number::{MISSING, counter_mean, instructions, or_missing};
use crate::present::{Align, Table};
use crate::record::Metric;
use crate::section::{Section, SectionContext};
use anyhow::Result;
use std::fmt::Write;

mod break_even;

/// The Instructions section with its break-even subsection.
pub(crate) fn section(ctx: &SectionContext<'_>) -> Result<Section> {
    let mut s = Section::default();
    let c = ctx.counts;
    // Why instruction counts are absent, or how they were measured.
    let note = std::fs::read_to_string(ctx.dir.join("instructions-status.txt"))
        .ok()
        .map(|s| s.trim().to_owned());
    let _ = writeln!(s.markdown, "## Instructions\n");
    if !c.has_metric(Metric::InstructionsPerOp) {
        let why = note.clone().unwrap_or_else(|| {
            "no instruction counts in this run (valgrind absent or not run).".into()
        });
        let _ = writeln!(s.markdown, "Not measured: {why}\n");
        let _ = writeln!(
            s.markdown,
            "### Break-even hit rate of the optimized cache\n\nNot available: it is derived from instruction \
             counts, and this run has none.\n"
        );
        return Ok(s);
    }
    let _ = writeln!(
        s.markdown,
        "Callgrind counts of one operation per configuration (`counts.csv`, metrics `instructions_per_op`, \
         `estimated_cycles_per_op` = L1 hits + 5·LL hits + 35·RAM hits, a model, not measured cycles). \
         Repeatable: no timer involved, and no variant hashes with a random seed (`tuple` is std's SipHash with fixed keys, `hashbrown` foldhash `FixedState`).{}\n",
        note.as_ref().map_or(String::new(), |n| format!(" {n}"))
    );
    let mut table = Table::new([
        ("scenario", Align::Left),
        ("variant", Align::Left),
        ("instructions/op", Align::Right),
        ("estimated cycles/op", Align::Right),
        (
            "instructions/op ÷ lookups/op (of the measured operation)",
            Align::Right,
        ),
    ]);
    for s in &c.scenarios {
        for v in &c.variants {
            let arm = ctx.slice.arm(s, v);
            let Some(ir) = c.get(&arm, Metric::InstructionsPerOp) else {
                continue;
            };
            // Lookups of the measured operation itself (the child counts them); the family's average would
            // divide one successor's instructions by another workload's lookups.
            let lookups = (|| {
                let n = c.get(&arm, Metric::CallgrindOpSuccessors)?.max(1.0);
                Some(c.get(&arm, Metric::CallgrindOpLookups)? / n)
            })();
            table.row([
                s.clone(),
                v.clone(),
                instructions(ir),
                c.get(&arm, Metric::EstimatedCyclesPerOp)
                    .map_or(MISSING.into(), instructions),
                or_missing(lookups.filter(|l| *l > 0.0).map(|l| ir / l), counter_mean),
            ])?;
        }
    }
    s.markdown.push_str(&table.markdown());
    let _ = writeln!(s.markdown);
    let (scenarios, series) =
        ctx.by_scenario(c, |a| Some((c.get(a, Metric::InstructionsPerOp)?, None)));
    s.dot_chart(
        ctx,
        "instructions_per_op",
        &DotPlot {
            title: "Instructions per operation by scenario and cache variant (callgrind)".into(),
            x_label: "scenario family".into(),
            y: Axis::log("instructions per operation", "instructions"),
            categories: scenarios,
            series,
            reference: None,
        },
    )?;
    let what = ctx.ratio_sentence(c, Metric::InstructionsPerOp, "instructions");
    let _ = writeln!(s.markdown, "**What this shows:** {what}\n");
    break_even::break_even(ctx, &mut s)?;
    Ok(s)
}
