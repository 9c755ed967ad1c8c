//! The child side of `compare`'s interleaved timing: `harness timing-rounds` loads the chosen families, warms every
//! arm up, then times one short round per request from its parent, so that the parent can alternate the two
//! binaries round by round (A, B, B, A, ...) while both processes stay alive, and pair their rounds.
//!
//! Protocol (lines on standard input and output): the child prints `arm SCENARIO VARIANT EVALUATOR TRAVERSAL
//! PLANTED` per arm (`PLANTED`: iterations of planted work after each operation, 0 without the knob) and then
//! `ready`; each `round SEED` line makes it time every arm once (one sample, in an order shuffled by
//! `SEED`) and print `times NS NS ...` (nanoseconds per operation, arms in the announced order); end of input or
//! `quit` ends it.
//!
//! The planted slowdown (a test-only knob): with [`PLANTED_SLOWDOWN_ENV`] set to a fraction (e.g. `0.03`), every
//! operation is followed by extra work calibrated at warm-up to take that fraction of the operation's own time, so
//! a comparison of a binary against itself can show that a 3% slowdown is seen. `compare --planted-slowdown-b`
//! sets it for side B's children only.

use crate::evaluators::EvaluatorKind;
use crate::experiments::expansion::operation::{Arm, timed_operation};
use crate::scenario::{families, load_dir};
use anyhow::{Context, Result, bail};
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The environment variable of the planted slowdown (a fraction of each operation's time; test-only).
pub const PLANTED_SLOWDOWN_ENV: &str = "HARNESS_PLANTED_SLOWDOWN";

/// Arguments of the hidden `harness timing-rounds` child.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Scenario families (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub scenario: Vec<String>,
    /// Cache variants (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub cache: Vec<CacheKind>,
    /// Evaluators (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "material")]
    pub eval: Vec<EvaluatorKind>,
    /// Traversal-cache modes (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "on")]
    pub traversal: Vec<Traversal>,
    /// Target duration of one sample in milliseconds (fast operations repeat within it).
    #[arg(long, default_value_t = 5)]
    pub sample_ms: u64,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
}

/// The planted slowdown from the environment: `None` when unset, an error naming the variable when malformed.
pub(crate) fn planted_slowdown() -> Result<Option<f64>> {
    parse_planted_slowdown(std::env::var(PLANTED_SLOWDOWN_ENV).ok().as_deref())
}

/// [`planted_slowdown`] of the variable's value (`None`: unset).
fn parse_planted_slowdown(value: Option<&str>) -> Result<Option<f64>> {
    let Some(v) = value else {
        return Ok(None);
    };
    let f = v
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|f| (0.0..1.0).contains(f))
        .with_context(|| {
            format!("{PLANTED_SLOWDOWN_ENV}={v}: a fraction in [0, 1) is needed, e.g. 0.03")
        })?;
    Ok(Some(f))
}

/// Extra work of a known cost: `iterations` steps of a multiply-add chain the optimiser cannot drop.
#[inline(never)]
pub(crate) fn planted_work(iterations: u64) -> u64 {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..iterations {
        x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
    }
    x
}

/// Iterations of [`planted_work`] that take `fraction` of `op_ns` nanoseconds, measured on this machine now. The
/// work's cost is the fastest of several short runs, like the operation's (the caller's fastest warm-up pass): a
/// run that another process interrupted only ever reads slower, so the two minima compare like with like on a
/// loaded machine too.
pub(crate) fn planted_iterations(fraction: f64, op_ns: f64) -> u64 {
    if fraction <= 0.0 {
        return 0;
    }
    let probe = 200_000u64;
    let ns_per_iteration = (0..7)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(planted_work(probe));
            t.elapsed().as_nanos() as f64 / probe as f64
        })
        .fold(f64::INFINITY, f64::min)
        .max(1e-3);
    (fraction * op_ns / ns_per_iteration).round() as u64
}

/// Runs the child until its input ends.
pub fn run(args: Args) -> Result<()> {
    let fams = families(&args.scenario)?;
    let scns = load_dir(&args.scenarios_dir, &fams)?;
    let caches = if args.cache.is_empty() {
        CacheKind::ALL.to_vec()
    } else {
        args.cache.clone()
    };
    let slowdown = planted_slowdown()?.unwrap_or(0.0);
    let states: Vec<Vec<GameState>> = scns
        .iter()
        .map(|s| s.successors.iter().map(|x| x.state).collect())
        .collect();
    let mut arms: Vec<(String, Arm, usize)> = Vec::new();
    for (si, scn) in scns.iter().enumerate() {
        for &eval in &args.eval {
            for &traversal in &args.traversal {
                for &cache in &caches {
                    let arm = Arm {
                        cache,
                        eval,
                        traversal,
                    };
                    arms.push((scn.family.name().to_owned(), arm, si));
                }
            }
        }
    }
    let mut ops: Vec<Box<dyn FnMut() + '_>> = arms
        .iter()
        .map(|(_, a, si)| timed_operation(&states[*si], scns[*si].depth, *a))
        .collect();
    // Warm-up: every operation a few times; its fastest time sizes the samples and calibrates the planted work.
    let target = Duration::from_millis(args.sample_ms.max(1));
    let mut plan = Vec::new();
    for op in ops.iter_mut() {
        let mut ns = Vec::new();
        for _ in 0..3 {
            let t = Instant::now();
            op();
            ns.push(t.elapsed().as_nanos() as f64);
        }
        let op_ns = ns.iter().copied().fold(f64::INFINITY, f64::min).max(1.0);
        let passes = ((target.as_nanos() as f64 / op_ns).floor() as u64).max(1);
        plan.push((passes, planted_iterations(slowdown, op_ns)));
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for ((fam, a, _), (_, planted)) in arms.iter().zip(&plan) {
        writeln!(
            out,
            "arm {fam} {} {} {} {planted}",
            a.cache.name(),
            a.eval,
            a.traversal.name()
        )?;
    }
    writeln!(out, "ready")?;
    out.flush()?;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.context("reading the parent's request")?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["quit"] => break,
            ["round", seed] => {
                let seed: u64 = seed
                    .parse()
                    .with_context(|| format!("bad round seed `{seed}`"))?;
                let times = time_round(&mut ops, &plan, &states, &arms, seed);
                let text: Vec<String> = times.iter().map(|t| format!("{t:.1}")).collect();
                writeln!(out, "times {}", text.join(" "))?;
                out.flush()?;
            }
            _ => bail!("unknown request `{line}` (expected `round SEED` or `quit`)"),
        }
    }
    Ok(())
}

/// One round: every arm one sample (its passes, each followed by the planted work), in a seeded order; nanoseconds
/// per operation (one successor) in arm order.
fn time_round(
    ops: &mut [Box<dyn FnMut() + '_>],
    plan: &[(u64, u64)],
    states: &[Vec<GameState>],
    arms: &[(String, Arm, usize)],
    seed: u64,
) -> Vec<f64> {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..ops.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let mut ns = vec![0.0; ops.len()];
    for &i in &order {
        let (passes, planted) = plan[i];
        let t = Instant::now();
        for _ in 0..passes {
            ops[i]();
            if planted > 0 {
                std::hint::black_box(planted_work(planted));
            }
        }
        let successors = states[arms[i].2].len().max(1) as f64;
        ns[i] = t.elapsed().as_nanos() as f64 / passes as f64 / successors;
    }
    ns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_planted_slowdown_is_read_from_its_variable_and_sized_by_the_operation() {
        // The variable's parsing: unset is none, a fraction is taken, anything else is refused by name.
        assert_eq!(parse_planted_slowdown(None).unwrap(), None);
        assert_eq!(parse_planted_slowdown(Some("0.03")).unwrap(), Some(0.03));
        let e = parse_planted_slowdown(Some("3%")).unwrap_err().to_string();
        assert!(e.contains(PLANTED_SLOWDOWN_ENV) && e.contains("3%"), "{e}");
        assert!(parse_planted_slowdown(Some("1.5")).is_err());
        // No slowdown, no work; a larger share of a longer operation, more work.
        assert_eq!(planted_iterations(0.0, 1e6), 0);
        let small = planted_iterations(0.03, 1e6);
        let large = planted_iterations(0.03, 1e8);
        assert!(small > 0 && large > 10 * small, "{small} {large}");
    }
}
