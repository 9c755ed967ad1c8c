//! The per-board best tens compared over seeds: how many shapes the boards' most-used tens share, the figure the
//! original experiment's explanation rests on.

use crate::experiments::catalogue_eviction::experiment::{PlanResults, StreamInfo};
use crate::statistics::Interval;
use anyhow::{Result, bail};
use engine::domineering::ShapeKey;
use std::collections::BTreeSet;

/// Per-seed comparison of the plan's per-board best tens.
#[derive(Debug, Clone)]
pub(crate) struct BestTenStats {
    /// Board labels of the plan's batches.
    pub boards: Vec<String>,
    /// Distinct shapes in some board's best ten.
    pub distinct: Interval,
    /// Shapes in every board's best ten.
    pub common: Interval,
    /// `(i, j, shared shapes)` for every pair of boards.
    pub pairs: Vec<(usize, usize, Interval)>,
}

/// Refuses (with an error) when all boards share one best ten: the explanation of the original experiment rests on their
/// differing, so a figure of their overlaps would then be meaningless.
pub(crate) fn check_best_tens_differ(best_tens: &[Vec<ShapeKey>]) -> Result<()> {
    let sets: Vec<BTreeSet<ShapeKey>> = best_tens
        .iter()
        .map(|t| t.iter().copied().collect())
        .collect();
    if sets.len() >= 2 && sets.windows(2).all(|w| w[0] == w[1]) {
        bail!(
            "all {} boards share one best ten; the per-board overlap figure refuses to draw",
            sets.len()
        );
    }
    Ok(())
}

/// Statistics over seeds of the per-board best tens; `None` for a one-board plan.
pub(crate) fn best_ten_stats(p: &PlanResults) -> Option<BestTenStats> {
    let nb = p.plan.0.len();
    if nb < 2 {
        return None;
    }
    let sets = |s: &StreamInfo| -> Vec<BTreeSet<ShapeKey>> {
        s.best_tens
            .iter()
            .map(|t| t.iter().map(|(k, _)| *k).collect())
            .collect()
    };
    let per_seed: Vec<Vec<BTreeSet<ShapeKey>>> = p.streams.iter().map(sets).collect();
    let distinct: Vec<f64> = per_seed
        .iter()
        .map(|s| s.iter().flatten().collect::<BTreeSet<_>>().len() as f64)
        .collect();
    let common: Vec<f64> = per_seed
        .iter()
        .map(|s| {
            s[0].iter()
                .filter(|k| s.iter().all(|t| t.contains(k)))
                .count() as f64
        })
        .collect();
    let mut pairs = Vec::new();
    for i in 0..nb {
        for j in i + 1..nb {
            let xs: Vec<f64> = per_seed
                .iter()
                .map(|s| s[i].intersection(&s[j]).count() as f64)
                .collect();
            pairs.push((i, j, Interval::mean(&xs)));
        }
    }
    Some(BestTenStats {
        boards: p.plan.0.iter().map(|b| b.board()).collect(),
        distinct: Interval::mean(&distinct),
        common: Interval::mean(&common),
        pairs,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn check_best_tens_differ_examples() {
        use crate::experiments::catalogue_eviction::findings::best_tens::check_best_tens_differ;
        use engine::domineering::ShapeKey;
        let a: ShapeKey = "..".parse().unwrap();
        let b: ShapeKey = ".|.".parse().unwrap();
        assert!(check_best_tens_differ(&[vec![a, b], vec![b, a]]).is_err());
        assert!(check_best_tens_differ(&[vec![a, b], vec![a]]).is_ok());
    }
}
