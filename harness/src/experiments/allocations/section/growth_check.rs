//! The Allocations section's growth check: the optimized cache's extra heap blocks over the uncached arm against
//! the blocks its growth schedule explains (`growth_blocks_expected` in `counts.csv`, see
//! [`crate::operation::growth::growth_blocks`]).

use crate::present::number::decimal;
use crate::present::{Align, Table};
use crate::record::{ArmKey, Metric};
use crate::section::{Section, SectionContext};
use anyhow::Result;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::fmt::Write;

pub(super) fn growth_check(ctx: &SectionContext<'_>, s: &mut Section) -> Result<()> {
    let Some(a) = ctx.allocations else {
        return Ok(());
    };
    let c = ctx.counts;
    // The allocation profiles cover the report's evaluator with every variant, and so do the growth counts.
    let ev = ctx.slice.evaluator.as_str();
    let arm =
        |s: &str, cache: CacheKind| ArmKey::new(s, cache.name(), ev, Traversal::Cached.name());
    let mut lines = Vec::new();
    for s in &a.scenarios {
        let (opt, none) = (arm(s, CacheKind::Optimized), arm(s, CacheKind::None));
        let (Some(bo), Some(bn), Some(n), Some(expected), Some(growth)) = (
            a.get(&opt, Metric::TotalBlocks),
            a.get(&none, Metric::TotalBlocks),
            a.get(&opt, Metric::Successors),
            c.get(&opt, Metric::GrowthBlocksExpected),
            c.get(&opt, Metric::GrowthEvents),
        ) else {
            continue;
        };
        lines.push((s.clone(), bo - bn, expected, growth, n.max(1.0)));
    }
    let _ = writeln!(s.markdown, "### Growth check of the optimized cache\n");
    if lines.is_empty() {
        let _ = writeln!(
            s.markdown,
            "Not available in this run: it needs the `optimized` and `none` rows of `allocations.csv` (evaluator \
             `{ev}`, traversal cache `on`) and the growth counts of `counts.csv` (`growth_events`, \
             `growth_blocks_expected`).\n"
        );
        return Ok(());
    }
    let _ = writeln!(
        s.markdown,
        "The optimized cache should allocate only when it grows. Extra blocks = blocks with the `optimized` cache − \
         blocks with no cache (`none`) (dhat, same pass, evaluator `{ev}`, traversal cache on). Explained by \
         growth = per fresh cache: 3 blocks per slot-array doubling (slots, signatures and values), plus its \
         state chunks (256 states each, never moved) and their directory's reallocations, from the growth events and \
         entries the instrumented cache counted. The `cache_growth` test checks the equality through the same \
         profiled operation.\n"
    );
    let mut table = Table::new([
        ("scenario", Align::Left),
        ("extra blocks per op", Align::Right),
        ("explained by growth per op", Align::Right),
        ("growth events per op", Align::Right),
        ("equal", Align::Left),
    ]);
    for (s, extra, expected, growth, n) in &lines {
        table.row([
            s.clone(),
            decimal(extra / n, 2),
            decimal(expected / n, 2),
            decimal(growth / n, 2),
            if extra == expected { "yes" } else { "no" }.to_owned(),
        ])?;
    }
    s.markdown.push_str(&table.markdown());
    let equal = lines.iter().filter(|l| l.1 == l.2).count();
    let _ = writeln!(
        s.markdown,
        "\n**What this shows:** in {equal} of {} scenarios every extra block of the optimized cache is a growth \
         allocation{}.\n",
        lines.len(),
        if equal == lines.len() {
            " (no allocation per lookup or per miss)"
        } else {
            "; where not, the cache allocated outside its growth schedule"
        }
    );
    Ok(())
}
