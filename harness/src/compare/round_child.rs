//! The child side of the timing kernel ([`crate::measure::child`] is the parent's): `harness timing-rounds` loads
//! the chosen families, warms every arm up, then times one short sample per request from its parent, so that the
//! parent can pair samples of the configurations it compares while the process stays alive (`compare` alternates
//! the two binaries' children; the main job's timed stages start one child per session).
//!
//! What an arm times, one operation per successor: by default each family's successors expanded by every
//! `--cache` x `--eval` x `--traversal` arm; with `--search-arm`, one family's roots searched (the search stage);
//! with `--bounded-arm`, one family's bounded-cache invocations, per workload a successor expanded or a root
//! searched (the bounded-cache stage). `--first N` keeps the first N successors, or with those two the first N
//! roots.
//!
//! Protocol (lines on standard input and output): the child prints `arm SCENARIO VARIANT EVALUATOR TRAVERSAL
//! PLANTED` per arm (the search and bounded-cache modes print `search` or `bounded` as VARIANT and the arm's words
//! as TRAVERSAL; `PLANTED`: iterations of planted work after each operation, summed over the arm's timed
//! operations; 0 without the knob), with `--by-successor` then `successors N N ...` (each arm's operation count),
//! and then `ready`. With `--by-successor`, each `time ARM SUCCESSOR` line (indices from 0) makes it run that one
//! operation of that arm with a fresh cache (one sample) and print `time NS` (nanoseconds per operation), with
//! `--with-usage` followed by the sample's CPU time and page faults per operation (`time NS USER_NS SYS_NS MINOR
//! MAJOR`, from `getrusage` of the timing thread). Without it (the protocol of older revisions, which the parent
//! falls back to; the default mode only), each `round SEED` line makes it time every arm's whole operation once,
//! in an order shuffled by `SEED`, and print `times NS NS ...` (nanoseconds per successor, arms in the announced
//! order). End of input or `quit` ends it.
//!
//! The planted slowdown (a test-only knob): with [`PLANTED_SLOWDOWN_ENV`] set to a fraction (e.g. `0.03`), every
//! operation is followed by extra work calibrated at warm-up to take that fraction of the operation's own time, so
//! a comparison of a binary against itself can show that a 3% slowdown is seen. `compare --planted-slowdown-b`
//! sets it for side B's children only.

use crate::evaluators::EvaluatorKind;
use crate::experiments::bounded_cache::{Invocations, Workload};
use crate::operation::sampled::{Planting, Sampled, Successors};
use crate::operation::{Arm, timed_operation};
use crate::scenario::{LoadedScenario, families, load_dir};
use anyhow::{Context, Result, bail};
use engine::GameState;
use engine::chance::{ChanceDepth, Traversal};
use engine::memo::CacheKind;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

/// The environment variable of the planted slowdown (a fraction of each operation's time; test-only).
pub(crate) use crate::measure::child::PLANTED_SLOWDOWN_ENV;

/// Arguments of the hidden `harness timing-rounds` child.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
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
    /// Also answer `time ARM SUCCESSOR` requests (one successor of one arm), after announcing each arm's successor
    /// count in a `successors N N ...` line, so that the parent can alternate the two binaries successor by
    /// successor. Without it the child speaks the original round protocol, which older parents expect.
    #[arg(long)]
    pub by_successor: bool,
    /// With `--by-successor`: end each `time` reply with the sample's usage per expansion (user and system CPU
    /// nanoseconds, minor and major page faults, from `getrusage` of the timing thread). Parents that predate it
    /// read only the time and do not ask for it.
    #[arg(long)]
    pub with_usage: bool,
    /// Time root searches instead of expansions (the main job's search stage; needs `--by-successor` and one
    /// family): these arms (`PRUNING/TT/VARIANT`, comma-separated, e.g. `star2/on/optimized`), each root of the
    /// family one operation. `--cache`, `--eval` and `--traversal` do not apply.
    #[arg(long, value_delimiter = ',')]
    pub search_arm: Vec<String>,
    /// Time bounded-cache invocations instead (the main job's bounded-cache stage; needs `--by-successor` and one
    /// family): these arms (`WORKLOAD/CACHE`, comma-separated, CACHE `unbounded` or a rule at a size, e.g.
    /// `search/clock@64`), each invocation of the workload (a successor expanded, a root searched) one operation.
    /// `--cache`, `--eval` and `--traversal` do not apply.
    #[arg(long, value_delimiter = ',')]
    pub bounded_arm: Vec<String>,
    /// Only the family's first N successors, or with `--search-arm` and `--bounded-arm` its first N roots (the
    /// expansion workload expands their successors); all by default.
    #[arg(long)]
    pub first: Option<usize>,
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

/// Runs the child until its input ends.
pub(crate) fn run(args: Args) -> Result<()> {
    let fams = families(&args.scenario)?;
    let scns = load_dir(&args.scenarios_dir, &fams)?;
    let planting = Planting::new(planted_slowdown()?.unwrap_or(0.0));
    let target = Duration::from_millis(args.sample_ms.max(1));
    let one_family = |option: &str| match scns.as_slice() {
        [scn] if args.by_successor => Ok(scn),
        [_] => bail!("{option} needs --by-successor"),
        _ => bail!("{option} times one family; --scenario names {}", scns.len()),
    };
    if !args.search_arm.is_empty() {
        return run_search(&args, one_family("--search-arm")?, target, &planting);
    }
    if !args.bounded_arm.is_empty() {
        return run_bounded(&args, one_family("--bounded-arm")?, target, &planting);
    }
    let caches = if args.cache.is_empty() {
        CacheKind::ALL.to_vec()
    } else {
        args.cache.clone()
    };
    let first = args.first.unwrap_or(usize::MAX);
    let states: Vec<Vec<GameState>> = scns
        .iter()
        .map(|s| s.successors.iter().take(first).map(|x| x.state).collect())
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
    // The timed operations: one per arm (the `round` protocol), or one per arm and successor, each with a fresh
    // cache as in the arm's operation (`--by-successor`). Every one is warmed up; its fastest warm-up run sizes its
    // samples and calibrates its planted work.
    let mut ops: Vec<Vec<Sampled<'_>>> = if args.by_successor {
        let each: Vec<(&[GameState], ChanceDepth, Arm)> = arms
            .iter()
            .map(|(_, a, si)| (states[*si].as_slice(), scns[*si].depth, *a))
            .collect();
        Successors::new(&each, target, &planting).ops
    } else {
        arms.iter()
            .map(|(_, a, si)| {
                vec![Sampled::new(
                    timed_operation(&states[*si], scns[*si].depth, *a),
                    target,
                    &planting,
                )]
            })
            .collect()
    };
    let names: Vec<String> = arms
        .iter()
        .map(|(fam, a, _)| format!("{fam} {} {} {}", a.cache.name(), a.eval, a.traversal.name()))
        .collect();
    serve(&args, &names, &mut ops, &mut |ops, seed| {
        time_round(ops, &states, &arms, seed)
    })
}

/// The search mode (`--search-arm`): every root of the one family by every named arm, answered per root.
fn run_search(
    args: &Args,
    scn: &LoadedScenario,
    target: Duration,
    planting: &Planting,
) -> Result<()> {
    use crate::experiments::search::sampler::{
        family_roots, parse_arm_words, search_sampler, stage_table,
    };
    let arms = args
        .search_arm
        .iter()
        .map(|w| parse_arm_words(w).context("--search-arm"))
        .collect::<Result<Vec<_>>>()?;
    let eval = crate::experiments::search::SEARCH_EVALUATOR;
    let (depth, roots) = family_roots(scn, args.first)?;
    let table = stage_table();
    let mut ops = search_sampler(&roots, depth, &arms, eval, &table, target, planting).ops;
    let names: Vec<String> = args
        .search_arm
        .iter()
        .map(|w| format!("{} search {eval} {w}", scn.family.name()))
        .collect();
    serve(args, &names, &mut ops, &mut |_, _| Vec::new())
}

/// The bounded-cache mode (`--bounded-arm`): every invocation of the one family's workloads by every named cache,
/// answered per invocation.
fn run_bounded(
    args: &Args,
    scn: &LoadedScenario,
    target: Duration,
    planting: &Planting,
) -> Result<()> {
    use crate::experiments::bounded_cache::cache_arm::{bounded_sampler, parse_arm_words};
    use crate::experiments::bounded_cache::workload::{EVALUATOR, search_table};
    let arms = args
        .bounded_arm
        .iter()
        .map(|w| parse_arm_words(w).context("--bounded-arm"))
        .collect::<Result<Vec<_>>>()?;
    let invocations = Workload::ALL
        .iter()
        .map(|&w| Invocations::of(scn, w, args.first))
        .collect::<Result<Vec<_>>>()?;
    let of = |w| invocations.iter().find(|i| i.workload == w);
    let each: Vec<_> = arms
        .iter()
        .map(|&(w, cache)| (of(w).expect("one per workload"), cache))
        .collect();
    let table = search_table();
    let mut ops = bounded_sampler(&each, &table, target, planting).ops;
    let names: Vec<String> = args
        .bounded_arm
        .iter()
        .map(|w| format!("{} bounded {EVALUATOR} {w}", scn.family.name()))
        .collect();
    serve(args, &names, &mut ops, &mut |_, _| Vec::new())
}

/// One round of the older protocol over every arm's operations: nanoseconds per successor, arms in order.
type Round<'r, 'a> = dyn FnMut(&mut [Vec<Sampled<'a>>], u64) -> Vec<f64> + 'r;

/// Announces the arms (`names[i]`: `SCENARIO VARIANT EVALUATOR TRAVERSAL`), then answers the parent's requests
/// until its input ends; `round` times one round of the older protocol.
fn serve<'a>(
    args: &Args,
    names: &[String],
    ops: &mut [Vec<Sampled<'a>>],
    round: &mut Round<'_, 'a>,
) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (name, arm_ops) in names.iter().zip(ops.iter()) {
        let planted: u64 = arm_ops.iter().map(|o| o.planted).sum();
        writeln!(out, "arm {name} {planted}")?;
    }
    if args.by_successor {
        let counts: Vec<String> = ops.iter().map(|c| c.len().to_string()).collect();
        writeln!(out, "successors {}", counts.join(" "))?;
    }
    writeln!(out, "ready")?;
    out.flush()?;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.context("reading the parent's request")?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["quit"] => break,
            ["round", seed] if !args.by_successor => {
                let seed: u64 = seed
                    .parse()
                    .with_context(|| format!("bad round seed `{seed}`"))?;
                let times = round(ops, seed);
                let text: Vec<String> = times.iter().map(|t| format!("{t:.1}")).collect();
                writeln!(out, "times {}", text.join(" "))?;
                out.flush()?;
            }
            ["time", arm, successor] if args.by_successor => {
                let (Ok(a), Ok(k)) = (arm.parse::<usize>(), successor.parse::<usize>()) else {
                    bail!("bad request `{line}` (expected `time ARM SUCCESSOR`)");
                };
                let Some(op) = ops.get_mut(a).and_then(|c| c.get_mut(k)) else {
                    bail!("`{line}`: no arm {a} with a successor {k}");
                };
                let s = op.measured();
                match s.usage {
                    Some(used) if args.with_usage => {
                        writeln!(out, "time {:.1} {}", s.ns, used.words())?
                    }
                    _ => writeln!(out, "time {:.1}", s.ns)?,
                }
                out.flush()?;
            }
            _ if args.by_successor => {
                bail!("unknown request `{line}` (expected `time ARM SUCCESSOR` or `quit`)")
            }
            _ => bail!("unknown request `{line}` (expected `round SEED` or `quit`)"),
        }
    }
    Ok(())
}

/// One round of the `round` protocol: every arm one sample of its whole operation, in a seeded order; nanoseconds
/// per operation (one successor) in arm order.
fn time_round(
    ops: &mut [Vec<Sampled<'_>>],
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
        let successors = states[arms[i].2].len().max(1) as f64;
        ns[i] = ops[i][0].sample() / successors;
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
        // No slowdown, no work; a larger share of a longer operation, more work, at one measured cost per iteration.
        assert_eq!(Planting::new(0.0).iterations(1e6), 0);
        let planting = Planting::new(0.03);
        let small = planting.iterations(1e6);
        let large = planting.iterations(1e8);
        assert!(small > 0, "{small}");
        assert!(
            (large as f64 / small as f64 - 100.0).abs() < 1.0,
            "{small} {large}"
        );
    }
}
