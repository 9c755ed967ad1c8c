//! `harness tt-pressure`: every transposition-table replacement scheme at every size over one seeded self-play
//! game, against an unbounded table (the stage is [`crate::experiments::tt_pressure::run_tt_pressure`]).

use crate::experiments::tt_pressure::run_tt_pressure;
use crate::experiments::tt_pressure::{Config, DEFAULT_START};
use crate::record::{RunFolder, RunMetadata};
use crate::values::{List, dfen, list, or_all, positive};
use engine::GameState;
use engine::search::{ReplacementScheme, SearchDepth};
use std::path::PathBuf;

/// Arguments of `harness tt-pressure`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Only these schemes (comma-separated, each once): always,depth,two_deep,two_big,aged.
    #[arg(long, value_parser = list::<ReplacementScheme>, default_value = ReplacementScheme::ALL_NAMES)]
    pub scheme: List<ReplacementScheme>,
    /// Table sizes as log2 of the entry count: a range `A..B` (inclusive) or a comma-separated list, 1 to 26.
    #[arg(long, value_parser = parse_sizes, default_value = "4..20")]
    pub sizes: Sizes,
    /// Most moves of the game (it also ends at a king capture).
    #[arg(long, default_value_t = 10, value_parser = positive::<usize>)]
    pub moves: usize,
    /// Depth both sides search, in full turns: 1, 2 or 3.
    #[arg(long, default_value = "3")]
    pub depth: SearchDepth,
    /// Seed of the game's dice (printed and recorded).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The position before the first roll (DFEN; its dice are replaced by the first roll).
    #[arg(long, value_parser = dfen, default_value = DEFAULT_START)]
    pub start: GameState,
    /// Where the run folder `tt-pressure-<UTC timestamp>/` is created.
    #[arg(long, default_value = "results-private")]
    pub out: PathBuf,
}

/// `--sizes`: ascending distinct log2 sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sizes(pub Vec<u8>);

/// The largest size accepted: 2^26 entries (1.5 GiB).
pub(crate) const MAX_SIZE_LOG2: u8 = 26;

/// Parses `A..B` (inclusive) or `a,b,c`, each 1 to [`MAX_SIZE_LOG2`], into ascending distinct sizes.
pub(crate) fn parse_sizes(s: &str) -> Result<Sizes, String> {
    let one = |t: &str| match t.trim().parse::<u8>() {
        Ok(n) if (1..=MAX_SIZE_LOG2).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{}' is not a log2 size from 1 to {MAX_SIZE_LOG2}",
            t.trim()
        )),
    };
    let mut v = match s.split_once("..") {
        Some((a, b)) => {
            let (a, b) = (one(a)?, one(b)?);
            if a > b {
                return Err(format!("the range {a}..{b} is empty"));
            }
            (a..=b).collect()
        }
        None => crate::values::list_of(s, one).map_err(|e| e.to_string())?,
    };
    v.sort_unstable();
    Ok(Sizes(v))
}

/// Runs the sweep into a new run folder under `--out`.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    crate::record::check_output_folder("out", &args.out)?;
    // The arms run on every core, smallest tables first: the largest arms may be alive at once.
    let schemes = or_all(&args.scheme).len();
    let mut arms: Vec<u8> = args
        .sizes
        .0
        .iter()
        .flat_map(|&n| vec![n; schemes])
        .collect();
    arms.drain(..arms.len().saturating_sub(crate::parallel::cores()));
    let shown: Vec<String> = args.sizes.0.iter().map(u8::to_string).collect();
    crate::values::check_tables("sizes", &shown.join(","), &arms)?;
    let config = Config {
        schemes: or_all(&args.scheme),
        sizes_log2: args.sizes.0,
        moves: args.moves,
        depth: args.depth,
        seed: args.seed,
        start: args.start,
    };
    let meta = RunMetadata::collect(args.seed);
    let stem = format!("tt-pressure-{}", meta.started.folder_name());
    let folder = RunFolder::reserve_with_stem(&args.out, &stem, &meta)?;
    match run_tt_pressure(&config, folder.path(), &meta) {
        Ok(_) => {
            let done = folder.finish()?;
            crate::outln!("results: {}", done.display());
            Ok(())
        }
        Err(e) => {
            folder.discard();
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn parse_sizes_examples() {
        use crate::commands::tt_pressure::{Sizes, parse_sizes};
        assert_eq!(parse_sizes("4..7"), Ok(Sizes(vec![4, 5, 6, 7])));
        assert_eq!(parse_sizes("12,6"), Ok(Sizes(vec![6, 12])));
        assert!(parse_sizes("8..4").unwrap_err().contains("empty"));
        assert!(parse_sizes("4..27").unwrap_err().contains("1 to 26"));
        assert!(parse_sizes("6,6").unwrap_err().contains("repeats"));
    }
}
