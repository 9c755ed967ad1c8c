//! The child side: load one scenario, build the operation outside the measured window, run it once inside.

use super::client_request;
use crate::evaluators::EvaluatorKind;
use crate::operation::{Arm, count_family, timed_operation};
use crate::scenario::families;
use crate::scenario::{LoadedScenario, load_dir};
use anyhow::{Context, Result};
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;

/// Arguments of the hidden `harness callgrind-op` child.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Scenario family.
    #[arg(long)]
    pub scenario: String,
    /// An arm to measure, `CACHE/EVALUATOR/TRAVERSAL` (`optimized/material/on`; EVALUATOR is any name `--eval`
    /// takes, `work:N` included). Repeat it to measure several in one child: they run in the order given, each in
    /// a process of its own forked from this one.
    #[arg(long = "arm", value_parser = parse_arm, required_unless_present = "alone")]
    pub arms: Vec<Arm>,
    /// Instead of an operation, call the evaluator `--eval` alone this many times (even: half per perspective) on
    /// the family's first successor, so its cost per call is measured apart from any expansion.
    #[arg(long, requires = "eval", conflicts_with = "arms")]
    pub alone: Option<u32>,
    /// The evaluator `--alone` calls: any name `--eval` takes.
    #[arg(long, requires = "alone")]
    pub eval: Option<EvaluatorKind>,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
}

/// `CACHE/EVALUATOR/TRAVERSAL` as the child's `--arm` takes it.
pub(crate) fn parse_arm(s: &str) -> Result<Arm, String> {
    let parts: Vec<&str> = s.split('/').collect();
    let [cache, eval, traversal] = parts[..] else {
        return Err(format!("'{s}' is not CACHE/EVALUATOR/TRAVERSAL"));
    };
    Ok(Arm {
        cache: cache.parse::<CacheKind>().map_err(|e| e.to_string())?,
        eval: eval.parse::<EvaluatorKind>()?,
        traversal: traversal.parse::<Traversal>().map_err(|e| e.to_string())?,
    })
}

/// The `--arm` text of `arm` ([`parse_arm`] reads it back).
pub(crate) fn arm_spec(arm: &Arm) -> String {
    format!("{}/{}/{}", arm.cache.name(), arm.eval, arm.traversal.name())
}

/// The states of the operation callgrind measures: the family's first successor alone, which keeps the
/// callgrind step within the main job's time budget (the break-even map times the same operation).
pub(crate) fn operation_states(scn: &LoadedScenario) -> Vec<GameState> {
    scn.successors.iter().take(1).map(|s| s.state).collect()
}

/// The only code callgrind counts (`--toggle-collect=*measured_operation*`): one pass of the operation.
#[inline(never)]
pub(crate) fn measured_operation(op: &mut dyn FnMut()) {
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

/// Runs the child. With `--arm`s, each arm runs in a process of its own forked from this one once the scenario is
/// loaded (see [`in_own_process`]): a counting pass unmeasured, then the operation once measured. Each prints one
/// line, `pid=P successors=N lookups=L evaluator_calls=M`: the process whose callgrind file (`FILE.P` when the
/// parent names `FILE.%p`) holds the window, the operation count the parent divides by, and the lookups and misses
/// of the same operation, from the counting pass before the window (which the instruction count does not include).
/// `--alone` runs in this process and prints `pid=P evaluations=K`.
pub(crate) fn run(args: Args) -> Result<()> {
    let fams = families(std::slice::from_ref(&args.scenario))?;
    let scns = load_dir(&args.scenarios_dir, &fams)?;
    let scn = scns.first().context("no scenario loaded")?;
    let states = operation_states(scn);
    let state = states.first().context("the family has no successor")?;
    if let (Some(calls), Some(eval)) = (args.alone, args.eval) {
        let f = eval.function();
        // One call before the window: an evaluator's one-time tables (attack maps, network weights, built on first
        // use) would otherwise count as the cost of the calls inside it.
        std::hint::black_box(f(state, engine::Color::White));
        let mut op = || {
            for _ in 0..calls / 2 {
                for c in [engine::Color::White, engine::Color::Black] {
                    std::hint::black_box(f(std::hint::black_box(state), c));
                }
            }
        };
        instrumented(|| measured_operation(&mut op));
        println!("pid={} evaluations={}", std::process::id(), calls / 2 * 2);
        return Ok(());
    }
    for &arm in &args.arms {
        in_own_process(|| {
            std::hint::black_box(arm.eval.function()(state, engine::Color::White));
            // The counting pass runs before the window and is the warm-up too: the turn generator's attack tables
            // are built on first use, and an evaluator that uses them would otherwise move that one-time cost out
            // of the arms it warmed. It expands the same states with the same memo type and evaluator, so it warms
            // exactly what the measured pass uses, and callgrind runs two passes instead of three.
            let counted = count_family(&states, scn.depth, arm).memo;
            let mut op = timed_operation(&states, scn.depth, arm);
            instrumented(|| measured_operation(&mut *op));
            println!(
                "pid={} successors={} lookups={} evaluator_calls={}",
                std::process::id(),
                states.len(),
                counted.evaluator_calls + counted.cache_hits,
                counted.evaluator_calls
            );
        })?;
    }
    Ok(())
}

/// Runs `arm` in a child process forked from this one and waits for it, so every arm of a child starts from the
/// same process state: the loaded scenario and nothing else. Measured one after another in one process, an arm's
/// window would include allocator work that depends on the arms before it (the uncached arm of
/// promotion-en-passant counted 0.65% more instructions after an optimized arm than alone, 30 instructions per
/// lookup of its break-even); forked, it counts what it counts in a child of its own, without valgrind's start-up
/// and the scenario loading each time (about half a second per arm). Under valgrind the forked process stays
/// under callgrind and writes its own callgrind file at exit.
#[cfg(unix)]
fn in_own_process(arm: impl FnOnce()) -> Result<()> {
    use std::io::Write;
    std::io::stdout().flush()?;
    // SAFETY: getpid has no memory effects.
    let parent = unsafe { libc::getpid() };
    // SAFETY: this process is single-threaded (the child command starts no thread), so the forked process holds a
    // consistent copy of every lock and allocator; it runs `arm`, flushes and exits without returning here.
    let pid = unsafe { libc::fork() };
    match pid {
        -1 => anyhow::bail!("cannot fork: {}", std::io::Error::last_os_error()),
        0 => {
            // Killed with this process if it dies (its group is killed too when the run is interrupted).
            crate::children::die_with_parent(parent);
            arm();
            let flushed = std::io::stdout().flush().is_ok();
            std::process::exit(if flushed { 0 } else { 1 })
        }
        _ => {
            let mut status = 0;
            // SAFETY: `pid` is this process's own child, waited for once; `status` outlives the call.
            let waited = unsafe { libc::waitpid(pid, &mut status, 0) };
            if waited != pid || !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
                anyhow::bail!("the forked arm (pid {pid}) failed (wait status {status})");
            }
            Ok(())
        }
    }
}

/// Elsewhere (no valgrind there) the arm runs in this process.
#[cfg(not(unix))]
fn in_own_process(arm: impl FnOnce()) -> Result<()> {
    arm();
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn parse_arm_examples() {
        use crate::callgrind::child::{arm_spec, parse_arm};
        let arm = parse_arm("optimized/work:4/off").unwrap();
        assert_eq!(arm_spec(&arm), "optimized/work:4/off");
        assert!(
            parse_arm("optimized/material")
                .unwrap_err()
                .contains("CACHE/EVALUATOR/TRAVERSAL")
        );
    }
}
