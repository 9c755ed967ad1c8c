//! The TT-pressure stage: fix the game, sweep every arm, check every root value, write `tt_pressure.csv`, print
//! the ratio table and the verdict (the page and its charts are rendered from the folder by `harness report`). `harness tt-pressure` runs the full sweep; the main job a
//! short slice ([`main_job_slice`]).

use crate::arm::ArmId;
use crate::exit::Failure;
use crate::experiments::tt_pressure::section::ratio_table;
use crate::experiments::tt_pressure::sweep::sweep_on;
use crate::experiments::tt_pressure::{
    Config, DEFAULT_START, TtPressureFindings, fix_game, records,
};
use crate::progress::Progress;
use crate::record::schema::write_records;
use crate::record::{Provenance, RunMetadata, write_atomic};
use crate::{outln, status};
use anyhow::Result;
use engine::GameState;
use engine::search::{ReplacementScheme, SearchDepth};
use std::path::Path;
use std::time::Instant;

/// The main job's slice: every scheme at three sizes over a shorter game (a few seconds in release).
pub fn main_job_slice(seed: u64) -> Config {
    Config {
        schemes: ReplacementScheme::ALL.to_vec(),
        sizes_log2: vec![6, 10, 14],
        moves: 8,
        depth: SearchDepth::Three,
        seed,
        start: GameState::from_dfen(DEFAULT_START).expect("the default start is valid DFEN"),
    }
}

/// The `--quick` slice: the main job's without 2^6 entries, whose arms search the most nodes (about half the
/// sweep's work). 2^10 and 2^14 still bracket the headline (the scheme matters at 2^10, not from 2^14 up); the
/// section names the sizes measured.
pub(crate) fn quick_slice(seed: u64) -> Config {
    Config {
        sizes_log2: vec![10, 14],
        ..main_job_slice(seed)
    }
}

/// What the stage produced.
#[derive(Clone, Debug)]
pub(crate) struct TtPressureOutcome {
    pub findings: TtPressureFindings,
    /// Wall time of the whole stage (game, sweep, files).
    pub seconds: f64,
}

/// Runs `config` and writes `tt_pressure.csv` into `dir`.
///
/// A root value unlike the unbounded table's is a wrong search, not a finding: status 3 ([`Failure::Mismatch`]).
pub(crate) fn run_tt_pressure(
    config: &Config,
    dir: &Path,
    meta: &RunMetadata,
) -> Result<TtPressureOutcome> {
    let start = Instant::now();
    let game = fix_game(config);
    status!(
        "tt-pressure: seed {} (rand_pcg Pcg64Mcg dice), {} moves at depth {}, the unbounded table held {} entries \
         ({:.1} s to fix the game)",
        config.seed,
        game.positions.len(),
        config.depth.turns(),
        game.unbounded_entries,
        start.elapsed().as_secs_f64()
    );
    let arms = config.arms().len() as u64;
    let progress = Progress::new("tt-pressure", arms);
    progress.set_message("arms on every core");
    let mut wrong = Vec::new();
    let threads = crate::parallel::cores();
    let results = sweep_on(config, &game, threads, &progress, |r| {
        if r.values_equal != r.moves {
            wrong.push(format!(
                "{}: {} of {} root values differ",
                ArmId::from(r.arm),
                r.moves - r.values_equal,
                r.moves
            ));
        }
    })
    .map_err(|e| Failure::BadInput.tag(e).context("--sizes"))?;
    progress.finish("done");
    if !wrong.is_empty() {
        return Err(Failure::Mismatch.because(format!(
            "tt-pressure: a table changed a root value (the unbounded table is the reference): {}",
            wrong.join("; ")
        )));
    }
    let prov = Provenance::of(meta);
    let rows = records(&results, &game, config, &prov)
        .ok_or_else(|| Failure::Runtime.because("tt-pressure: the unbounded arm did no work"))?;
    let findings = TtPressureFindings::of(&rows).expect("the rows hold the unbounded arm");
    let csv = dir.join("tt_pressure.csv");
    write_atomic(&csv, &write_records(rows.clone(), &csv)?)?;
    outln!(
        "\nTT pressure: nodes ÷ unbounded table's ({} moves, depth {}):\n",
        findings.moves,
        findings.depth_turns
    );
    outln!("{}", ratio_table(&rows, &findings)?.plain());
    outln!("verdict: {}", findings.verdict());
    let seconds = start.elapsed().as_secs_f64();
    outln!(
        "tt-pressure: {} arms in {:.1} s; results in {}",
        rows.len(),
        seconds,
        dir.display()
    );
    Ok(TtPressureOutcome { findings, seconds })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arm::TableArm;
    use crate::experiments::tt_pressure::read_tt_pressure;

    #[test]
    fn a_tiny_sweep_writes_a_csv_that_reads_back_and_agrees_with_its_arms() {
        let dir = tempfile::tempdir().unwrap();
        let config = Config {
            schemes: vec![ReplacementScheme::Always, ReplacementScheme::Aged],
            sizes_log2: vec![4, 12],
            moves: 2,
            depth: SearchDepth::Three,
            seed: 3,
            start: GameState::from_dfen(DEFAULT_START).unwrap(),
        };
        let out = run_tt_pressure(&config, dir.path(), &RunMetadata::collect(3)).unwrap();
        let rows = read_tt_pressure(&dir.path().join("tt_pressure.csv")).unwrap();
        assert_eq!(rows.len(), 5, "two schemes x two sizes + unbounded");
        let unbounded = rows.iter().find(|r| r.is_unbounded()).unwrap();
        assert_eq!(
            (unbounded.nodes_vs_unbounded, unbounded.decisions_equal),
            (1.0, 2)
        );
        assert_eq!(unbounded.occupied_entries, unbounded.unbounded_entries);
        let aged16 = rows
            .iter()
            .find(|r| {
                TableArm::from_names(&r.scheme, r.size_log2.map(|n| 1usize << n))
                    .and_then(TableArm::rule)
                    == Some(ReplacementScheme::Aged)
                    && r.size_log2 == Some(4)
            })
            .unwrap();
        assert_eq!(aged16.capacity_entries, Some(15));
        assert!(aged16.tt_overwrites > 0, "16 entries are under pressure");
        assert_eq!(out.findings.sizes.len(), 2);
        // The run writes its figures only: the page and its charts are the report's (see `section::page`).
        let written: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(written, vec![std::ffi::OsString::from("tt_pressure.csv")]);
    }
}
