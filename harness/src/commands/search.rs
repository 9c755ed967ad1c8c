//! `harness search "<DFEN>"`: the chance search of one root (we are to move, dice rolled), by iterative deepening
//! up to `--depth`, printed as one line of `key=value` fields.

use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::experiments::catalogue_eviction::dice_trace::{MemoRef, RecordingMemo, trace_csv};
use crate::outln;
use crate::values::{dfen, name, positive};
use engine::GameState;
use engine::memo::EvaluationMemo;
use engine::memo::{CacheKind, Plain};
use engine::search::{
    Deepening, Pruning, RootValue, SearchConfig, SearchControl, SearchDepth, TranspositionTable,
    search_iteratively,
};
use std::convert::Infallible;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `harness search`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The root in DFEN: the side to move with its dice rolled.
    #[arg(value_parser = dfen)]
    pub dfen: GameState,
    /// Depth in full turns: 1, 2 or 3.
    #[arg(long, default_value = "2")]
    pub depth: SearchDepth,
    /// Pruning: none|star1|star2.
    #[arg(long, default_value = "star2")]
    pub pruning: Pruning,
    /// Transposition table: off, or log2 of its entry count (0 to 26; 24 bytes per entry).
    #[arg(long, default_value = "16", value_parser = parse_table)]
    pub tt: TableSize,
    /// Evaluation cache: none|tuple|hashbrown|fx|optimized.
    #[arg(long, default_value = "optimized", value_parser = name::<CacheKind>)]
    pub cache: CacheKind,
    /// Evaluator: material|aggressive|counter|constant|mobility|network|work:N.
    #[arg(long, default_value = "material")]
    pub eval: EvaluatorKind,
    /// Stop after this many evaluator calls (deterministic; cache hits cost nothing).
    #[arg(long, value_parser = positive::<u64>)]
    pub work_budget: Option<u64>,
    /// Stop after this many milliseconds of wall-clock time.
    #[arg(long, value_parser = positive::<u64>)]
    pub deadline_ms: Option<u64>,
    /// Write the search's evaluation lookups into this folder as a libCacheSim CSV trace
    /// (`search-<pruning>-tt<N|off>-d<depth>.csv`: time,obj_id,family,source,root,successor,depth).
    #[arg(long)]
    pub trace_out: Option<PathBuf>,
}

/// `--tt`: off or 2^n entries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TableSize {
    /// No table.
    Off,
    /// 2^n entries.
    Log2(u8),
}

/// The largest table `--tt` accepts: 2^26 entries, 1.5 GiB.
pub(crate) const MAX_TABLE_LOG2: u8 = 26;

/// Parses `off` or a log2 entry count from 0 to [`MAX_TABLE_LOG2`].
pub(crate) fn parse_table(s: &str) -> Result<TableSize, String> {
    if s == "off" {
        return Ok(TableSize::Off);
    }
    match s.parse::<u8>() {
        Ok(n) if n <= MAX_TABLE_LOG2 => Ok(TableSize::Log2(n)),
        _ => Err(format!(
            "invalid table size '{s}' (expected off or log2 of the entry count, 0 to {MAX_TABLE_LOG2})"
        )),
    }
}

/// Runs the command. An invalid DFEN (clap) or a root without dice exits with status 2.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let root = args.dfen;
    if root.dice().is_empty() {
        return Err(Failure::BadInput.because(format!(
            "<DFEN> '{}': the root's side to move must have rolled (the dice pool is empty)",
            root.to_dfen()
        )));
    }
    if let Some(dir) = &args.trace_out {
        crate::record::check_output_folder("trace-out", dir)?;
    }
    let table = match args.tt {
        TableSize::Off => None,
        TableSize::Log2(n) => {
            crate::values::check_tables("tt", &n.to_string(), &[n])?;
            Some(TranspositionTable::new(1usize << n)?)
        }
    };
    let mut config = SearchConfig::new(args.pruning, args.eval.bounds());
    if let Some(turn) = args.eval.turn_bounds() {
        config = config.with_turn_bounds(turn);
    }
    if let Some(t) = &table {
        config = config.with_table(t);
    }
    let mut control = match args.deadline_ms {
        Some(ms) => SearchControl::after(Duration::from_millis(ms)),
        None => SearchControl::unbounded(),
    };
    if let Some(budget) = args.work_budget {
        control = control.and_work_budget(budget);
    }
    let memo = args.cache.build(Plain(args.eval.function()));
    let deepen = |m: &dyn EvaluationMemo<Error = Infallible>| -> Deepening {
        match search_iteratively(&root, args.depth, &config, m, &control) {
            Ok(d) => d,
            Err(never) => match never {},
        }
    };
    let deepening = match &args.trace_out {
        None => deepen(&*memo),
        Some(dir) => {
            // The stream is the search's own: the cache only answers the lookups, it does not change them.
            let recorder = RecordingMemo::new(MemoRef(&*memo));
            let deepening = deepen(&recorder);
            let tt = match args.tt {
                TableSize::Off => "ttoff".to_string(),
                TableSize::Log2(n) => format!("tt{n}"),
            };
            let source = format!("search-{}-{tt}", args.pruning);
            let path = dir.join(format!("{source}-d{}.csv", args.depth.turns()));
            let (keys, contexts) = recorder.into_lookups();
            let text = trace_csv("-", &source, args.depth.turns(), &keys, &contexts);
            crate::record::write_atomic(&path, text.as_bytes())?;
            crate::status!("trace: {} lookups in {}", keys.len(), path.display());
            deepening
        }
    };
    outln!("{}", summary_line(&deepening));
    Ok(())
}

/// The output line: `depth=D complete=B value_xDEN=N|value=win best=... counters`.
///
/// `depth` is the deepest completed iteration (0 when even depth 1 was interrupted, with `value=none`),
/// `complete` whether it is the requested depth; `loss_tainted` is the chosen path's flag; the counters sum
/// every iteration, the interrupted one included.
pub(crate) fn summary_line(d: &Deepening) -> String {
    let (value, best, tainted) = match &d.completed {
        None => ("value=none".to_string(), "-".to_string(), false),
        Some(r) => {
            let value = match r.value {
                RootValue::Win => "value=win".to_string(),
                RootValue::Numerator(n) => format!("value_x{}={n}", r.depth.denominator()),
            };
            let best = if r.best.is_empty() {
                "-".to_string()
            } else {
                r.best
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            (value, best, r.loss_tainted)
        }
    };
    let c = &d.counters;
    format!(
        "depth={} complete={} {value} best={best} nodes={} leaves={} evaluator_calls={} cache_hits={} \
         tt_probes={} tt_hits={} tt_cutoffs={} tt_stores={} loss_tainted={tainted}",
        d.depth_completed(),
        d.is_complete(),
        c.nodes,
        c.leaves,
        c.evaluator_calls,
        c.cache_hits,
        c.tt_probes,
        c.tt_hits,
        c.tt_cutoffs,
        c.tt_stores,
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn parse_table_examples() {
        use crate::commands::search::{TableSize, parse_table};
        assert_eq!(parse_table("off"), Ok(TableSize::Off));
        assert_eq!(parse_table("18"), Ok(TableSize::Log2(18)));
        assert!(parse_table("27").unwrap_err().contains("0 to 26"));
    }
}
