//! The break-even stage: the map of `crate::experiments::break_even` measured for a grid of families x traversal settings x
//! variants x evaluator rungs, written as `break_even.csv` and summarised on the console. The main job runs a
//! short grid ([`short_grid`]: one family, one traversal setting, the optimized cache, two rungs); `harness
//! break-even` runs the full one.

use crate::callgrind::valgrind_version;
use crate::evaluators::EvaluatorKind;
use crate::experiments::break_even::findings::BreakEvenFindings;
use crate::experiments::break_even::{MapSpec, measure_map};
use crate::measure::kernel::Sessions;
use crate::operation::evaluator_cost::Plan as EvaluatorCostPlan;
use crate::progress::Progress;
use crate::record::schema::{BreakEvenRecord, IntervalTable, SPEEDUP_VS_NONE, write_break_even};
use crate::record::{Provenance, write_atomic};
use crate::scenario::LoadedScenario;
use crate::{outln, status};
use anyhow::{Context, Result};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::Path;
use std::time::Instant;

/// One grid of the map.
#[derive(Clone, Debug)]
pub(crate) struct BreakEvenGrid {
    /// Traversal settings.
    pub traversals: Vec<Traversal>,
    /// Cache variants (`none` is every ratio's baseline).
    pub variants: Vec<CacheKind>,
    /// Evaluator rungs.
    pub rungs: Vec<EvaluatorKind>,
    /// The timing kernel's sessions of each family x traversal setting.
    pub sessions: Sessions,
    /// How each rung's own cost per call is timed.
    pub evaluator_cost: EvaluatorCostPlan,
}

/// The full ladder: the public evaluators by cost, then `work:N` on a log grid.
pub(crate) fn full_ladder() -> Vec<EvaluatorKind> {
    let mut out = vec![
        EvaluatorKind::Material,
        EvaluatorKind::Aggressive,
        EvaluatorKind::Mobility,
        EvaluatorKind::Network,
    ];
    out.extend([1, 4, 16, 64, 256].map(|n| EvaluatorKind::work(n).expect("a power of two")));
    out
}

/// The main job's short grid: one traversal setting (the cache on when the job has it: the other one's
/// operation makes three times the lookups, and callgrind's time grows with them), the optimized cache, two rungs
/// (`material` and `work:64`, about 30 times dearer), timed in `sessions`.
pub(crate) fn short_grid(
    traversals: &[Traversal],
    sessions: Sessions,
    evaluator_cost: EvaluatorCostPlan,
) -> BreakEvenGrid {
    let traversal = if traversals.contains(&Traversal::Cached) {
        Traversal::Cached
    } else {
        traversals.first().copied().unwrap_or(Traversal::Cached)
    };
    BreakEvenGrid {
        traversals: vec![traversal],
        variants: vec![CacheKind::Optimized],
        rungs: vec![
            EvaluatorKind::Material,
            EvaluatorKind::work(64).expect("a power of two"),
        ],
        sessions,
        evaluator_cost,
    }
}

/// Measures the grid on every scenario and writes `out/break_even.csv`; `Ok(None)` (with the reason on stderr)
/// when valgrind is missing. `expansion` holds the expansion stage's intervals of this run (empty when it has
/// none): they decide the time verdict of the arms it timed. `store` holds earlier callgrind children's results to
/// reuse (`None`: run them all).
pub(crate) fn run_break_even(
    scenarios: &[LoadedScenario],
    scenarios_dir: &Path,
    grid: &BreakEvenGrid,
    prov: &Provenance,
    out: &Path,
    expansion: &IntervalTable,
    store: Option<&Path>,
) -> Result<Option<BreakEvenFindings>> {
    let start = Instant::now();
    if valgrind_version().is_none() {
        status!(
            "break-even map skipped: valgrind is not installed (or not on PATH); install valgrind \
             (apt-get install valgrind) and run again"
        );
        return Ok(None);
    }
    let exe = std::env::current_exe().context("cannot locate the harness executable")?;
    let work = out.join("callgrind-break-even");
    std::fs::create_dir_all(&work).with_context(|| format!("{}: cannot create", work.display()))?;
    let mut rows: Vec<BreakEvenRecord> = Vec::new();
    let progress = Progress::new(
        "break-even",
        (scenarios.len() * grid.traversals.len()) as u64,
    );
    for scn in scenarios {
        for &traversal in &grid.traversals {
            progress.set_message(format!(
                "{} traversal {}",
                scn.family.name(),
                traversal.name()
            ));
            let spec = MapSpec {
                exe: &exe,
                scenarios_dir,
                work: &work,
                store,
                traversal,
                variants: &grid.variants,
                rungs: &grid.rungs,
                sessions: grid.sessions,
                evaluator_cost: grid.evaluator_cost,
            };
            status!(
                "break-even map: {} traversal {} ({} variants x {} rungs)",
                scn.family.name(),
                traversal.name(),
                grid.variants.len(),
                grid.rungs.len()
            );
            rows.extend(measure_map(scn, &spec)?);
            progress.inc(1);
        }
    }
    progress.finish("done");
    let _ = std::fs::remove_dir_all(&work);
    let rows: Vec<BreakEvenRecord> = rows.into_iter().map(|r| r.with_provenance(prov)).collect();
    let path = out.join("break_even.csv");
    write_atomic(&path, &write_break_even(&rows, &path)?)?;
    let findings =
        BreakEvenFindings::of(&rows).with_expansion(|arm| expansion.get(arm, SPEEDUP_VS_NONE));
    if let Ok(t) = findings.break_even_table() {
        outln!("{}", t.plain());
    }
    if let Ok(t) = findings.rung_table() {
        outln!("{}", t.plain());
    }
    for line in findings.summary_lines() {
        outln!("{line}");
    }
    status!(
        "break-even map: {} rows in {:.1} s",
        rows.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(Some(findings))
}
