//! `search_measure`: the Star1/Star2/table savings over plain expectimax on every family's frozen roots, in one
//! run: parity and counts first, then interleaved timing rounds (median per arm).
//!
//! Usage: `search_measure [ROUNDS] [SPARSE_DEPTH]` (defaults 5 and 3). Every family is searched one turn
//! deeper than its frozen expansion depth, except that `SPARSE_DEPTH` overrides sparse's. Cache `optimized`,
//! evaluator `material`. Prints tidy CSV on stdout, a summary on stderr.

use engine::GameState;
use engine::memo::CacheKind;
use engine::search::{Pruning, SearchDepth, TranspositionTable};
use harness::evaluators::EvaluatorKind;
use harness::scenario::{Family, load, scenario_path};
use harness::search_arms::{SearchArm, TABLE_ENTRIES, search_roots, search_section};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = match args.first().map(|a| a.parse()) {
        None => 5,
        Some(Ok(n)) if n > 0 => n,
        _ => {
            eprintln!("search_measure: ROUNDS must be a positive integer");
            return ExitCode::from(2);
        }
    };
    let sparse_depth = match args.get(1).map(|a| a.parse::<SearchDepth>()) {
        None => SearchDepth::Three,
        Some(Ok(d)) => d,
        Some(Err(e)) => {
            eprintln!("search_measure: SPARSE_DEPTH: {e}");
            return ExitCode::from(2);
        }
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let arms: Vec<SearchArm> = [
        (Pruning::None, false),
        (Pruning::None, true),
        (Pruning::Star1, false),
        (Pruning::Star1, true),
        (Pruning::Star2, false),
        (Pruning::Star2, true),
    ]
    .into_iter()
    .map(|(pruning, table)| SearchArm {
        pruning,
        table,
        cache: CacheKind::Optimized,
    })
    .collect();
    println!(
        "family,depth,arm,roots,nodes,leaves,evaluator_calls,cache_hits,tt_probes,tt_hits,tt_cutoffs,tt_stores,\
         median_ms,leaves_ratio,calls_ratio,time_ratio"
    );
    for family in Family::ALL {
        let scn = match load(&scenario_path(&dir, family)) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("search_measure: {e}");
                return ExitCode::from(2);
            }
        };
        let roots: Vec<GameState> = scn
            .file
            .roots
            .iter()
            .filter_map(|r| GameState::from_dfen(&r.dfen).ok())
            .collect();
        let depth = if family == Family::Sparse {
            sparse_depth
        } else {
            SearchDepth::from_turns(scn.depth.layers() + 1).unwrap_or(SearchDepth::Three)
        };
        let started = Instant::now();
        let rows = match search_section(
            &[(family.name().to_string(), roots.clone())],
            depth,
            &arms,
            EvaluatorKind::Material,
        ) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("search_measure: {e}");
                return ExitCode::from(3);
            }
        };
        eprintln!(
            "{}: depth {depth}, {} roots, parity and counts in {:.1} s",
            family.name(),
            roots.len(),
            started.elapsed().as_secs_f64()
        );
        let table = TranspositionTable::new(TABLE_ENTRIES).expect("a power of two");
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); arms.len()];
        for _ in 0..rounds {
            for (k, &arm) in arms.iter().enumerate() {
                let t = Instant::now();
                let r = search_roots(&roots, depth, arm, EvaluatorKind::Material, &table);
                times[k].push(t.elapsed());
                std::hint::black_box(r);
            }
        }
        let medians: Vec<f64> = times
            .iter_mut()
            .map(|t| {
                t.sort();
                t[t.len() / 2].as_secs_f64() * 1e3
            })
            .collect();
        let plain = &rows[0].counters;
        for (k, row) in rows.iter().enumerate() {
            let c = &row.counters;
            println!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{:.3},{:.4},{:.4},{:.4}",
                family.name(),
                depth,
                row.arm.label(),
                roots.len(),
                c.nodes,
                c.leaves,
                c.evaluator_calls,
                c.cache_hits,
                c.tt_probes,
                c.tt_hits,
                c.tt_cutoffs,
                c.tt_stores,
                medians[k],
                c.leaves as f64 / plain.leaves as f64,
                c.evaluator_calls as f64 / plain.evaluator_calls as f64,
                medians[k] / medians[0],
            );
        }
    }
    ExitCode::SUCCESS
}
