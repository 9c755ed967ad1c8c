//! The main job's instruction step: every scenario x cache variant (material evaluator, traversal cache on), the
//! family's first successor expanded once under callgrind, as count rows.

use super::{measure_arm, valgrind_version};
use crate::record::{CountRow, RowKey};
use engine::memo::CacheKind;
use std::path::Path;

/// Count rows (`instructions_per_op`, `estimated_cycles_per_op`, raw totals) and a one-line status note that says
/// how they were measured or why they are missing.
pub fn instruction_rows(
    scenarios_dir: &Path,
    families: &[&str],
    caches: &[CacheKind],
    work: &Path,
) -> (Vec<CountRow>, String) {
    let Some(version) = valgrind_version() else {
        return (
            Vec::new(),
            "valgrind is not installed (or not on PATH), so no instruction counts were measured; install \
             valgrind (apt-get install valgrind) and run again."
                .into(),
        );
    };
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            return (
                Vec::new(),
                format!("cannot locate the harness executable: {e}"),
            );
        }
    };
    if let Err(e) = std::fs::create_dir_all(work) {
        return (
            Vec::new(),
            format!("{}: cannot create: {e}", work.display()),
        );
    }
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for fam in families {
        for cache in caches {
            match measure_arm(&exe, scenarios_dir, fam, cache.name(), "on", work) {
                Ok((t, successors)) => {
                    let key = RowKey {
                        scenario: (*fam).to_owned(),
                        variant: cache.name().to_owned(),
                        evaluator: "material".into(),
                        traversal: "on".into(),
                    };
                    let n = successors.max(1) as i128;
                    for (metric, value) in [
                        ("instructions_total", t.ir as i128),
                        ("instructions_per_op", (t.ir as i128 + n / 2) / n),
                        (
                            "estimated_cycles_per_op",
                            (t.estimated_cycles() as i128 + n / 2) / n,
                        ),
                        ("l1_misses_total", t.l1_misses as i128),
                        ("ll_misses_total", t.ll_misses as i128),
                    ] {
                        rows.push(CountRow {
                            key: key.clone(),
                            metric: metric.to_owned(),
                            value,
                        });
                    }
                }
                Err(e) => failures.push(format!("{fam}/{}: {e:#}", cache.name())),
            }
        }
    }
    let mut note = format!(
        "Measured with {version} (callgrind, --cache-sim=yes, collection toggled on the measured operation only; \
         evaluator material, traversal cache on; one operation = the first successor of each family)."
    );
    if !failures.is_empty() {
        note.push_str(&format!(" Failed arms: {}", failures.join("; ")));
    }
    (rows, note)
}
