//! The child side: load one scenario, build the operation outside the measured window, run it once inside.

use super::client_request;
use crate::evaluators::EvaluatorKind;
use crate::experiments::expansion::operation::{Arm, count_family, timed_operation};
use crate::scenario::families;
use crate::scenario::{LoadedScenario, load_dir};
use anyhow::{Context, Result};
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;

/// Arguments of the hidden `harness callgrind-op` child.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Scenario family.
    #[arg(long)]
    pub scenario: String,
    /// Cache variant.
    #[arg(long)]
    pub cache: CacheKind,
    /// Traversal cache `on` or `off`.
    #[arg(long, default_value = "on")]
    pub traversal: Traversal,
    /// Evaluator: any name `--eval` takes, `work:N` included.
    #[arg(long, default_value = "material")]
    pub eval: EvaluatorKind,
    /// Instead of the operation, call the evaluator alone this many times (even: half per perspective) on the
    /// family's first successor, so its cost per call is measured apart from any expansion.
    #[arg(long)]
    pub alone: Option<u32>,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
}

/// The states of the operation callgrind measures: the family's first successor alone, which keeps the
/// callgrind step within the main job's time budget (the break-even map times the same operation).
pub fn operation_states(scn: &LoadedScenario) -> Vec<GameState> {
    scn.successors.iter().take(1).map(|s| s.state).collect()
}

/// The only code callgrind counts (`--toggle-collect=*measured_operation*`): one pass of the operation.
#[inline(never)]
pub fn measured_operation(op: &mut dyn FnMut()) {
    op();
}

/// Runs `window` with callgrind's instrumentation on (see [`super::client_request`]). Where the requests are
/// supported the parent starts the child with instrumentation off (`--instr-atstart=no`), so valgrind's start-up
/// with the child, the scenario loading and the counting pass run uninstrumented (several times faster than
/// instrumented, and they were about half of a child's time); outside valgrind both requests do nothing.
///
/// Invariants: the instruction counts (`Ir`, and the data reads and writes) are those of the fully instrumented
/// child, because collection is still limited to `measured_operation` and the program runs the same code either
/// way (instrumentation changes what callgrind records, not what the program does). The cache figures are not:
/// callgrind clears its simulated caches when instrumentation switches on, so the window starts cold, where the
/// fully instrumented child's started warm from the counting pass. Its misses now include the window's first
/// touches of code and memory (about 3,000 to 70,000 more last-level misses per operation: `estimated_cycles_per_op`
/// rises by 0.1-0.4% on sparse and played-endgame, 2% on middlegame and 5% on promotion-en-passant's 1.2 million
/// instructions). No warm-up runs inside the instrumented span to hide
/// them: a faithful one would be another pass of the operation, which costs what this change saves, and a cold
/// start is a defined state where a warm one was whatever the counting pass happened to leave behind.
fn instrumented(window: impl FnOnce()) {
    client_request::start_instrumentation();
    window();
    client_request::stop_instrumentation();
}

/// Runs the child (a counting pass unmeasured, then the operation once measured): prints `successors=N` so the
/// parent can divide by the operation count, then `lookups=L evaluator_calls=M` of the same operation, from the
/// counting pass before the measured window (which the instruction count does not include).
pub fn run(args: Args) -> Result<()> {
    let fams = families(std::slice::from_ref(&args.scenario))?;
    let traversal = args.traversal;
    let scns = load_dir(&args.scenarios_dir, &fams)?;
    let scn = scns.first().context("no scenario loaded")?;
    let states = operation_states(scn);
    let f = args.eval.function();
    let state = states.first().context("the family has no successor")?;
    // One call before the window: an evaluator's one-time tables (attack maps, network weights, built on first
    // use) would otherwise count as the cost of the calls inside it.
    std::hint::black_box(f(state, engine::Color::White));
    if let Some(calls) = args.alone {
        let mut op = || {
            for _ in 0..calls / 2 {
                for c in [engine::Color::White, engine::Color::Black] {
                    std::hint::black_box(f(std::hint::black_box(state), c));
                }
            }
        };
        instrumented(|| measured_operation(&mut op));
        println!("evaluations={}", calls / 2 * 2);
        return Ok(());
    }
    let arm = Arm {
        cache: args.cache,
        eval: args.eval,
        traversal,
    };
    // The counting pass runs before the window and is the warm-up too: the turn generator's attack tables are
    // built on first use, and an evaluator that uses them would otherwise move that one-time cost out of the arms
    // it warmed. It expands the same states with the same memo type and evaluator, so it warms exactly what the
    // measured pass uses, and callgrind runs two passes instead of three.
    let counted = count_family(&states, scn.depth, arm).memo;
    let mut op = timed_operation(&states, scn.depth, arm);
    instrumented(|| measured_operation(&mut *op));
    println!("successors={}", states.len());
    println!(
        "lookups={} evaluator_calls={}",
        counted.evaluator_calls + counted.cache_hits,
        counted.evaluator_calls
    );
    Ok(())
}
