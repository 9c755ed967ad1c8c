//! A bot by its spec string: comma-separated `key=value` pairs, parsed strictly, printed canonically (every key,
//! fixed order) so that a record names a bot unambiguously.

use crate::evaluators::EvaluatorKind;
use engine::GameState;
use engine::game::{DepthPlan, MoveBudget, Player, SearchPlayer, TurnChoice};
use engine::memo::{CacheKind, EvaluationMemo, Plain};
use engine::search::{
    Pruning, ReplacementScheme, SearchConfig, SearchDepth, TranspositionTable, WorkUnit,
};
use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The keys of a spec, in canonical order.
pub(crate) const KEYS: [&str; 7] = ["depth", "pruning", "tt", "scheme", "cache", "eval", "tc"];

/// The spec every key defaults to (as `--a`'s help states it).
#[cfg(test)]
pub(crate) const DEFAULT_SPEC: &str =
    "depth=id,pruning=star2,tt=16,scheme=depth,cache=optimized,eval=material,tc=nodes:20000";

/// The largest table a spec accepts: 2^26 entries (24 bytes each), as `harness search --tt` allows.
const MAX_TABLE_LOG2: u8 = 26;

/// How deep a bot searches: one fixed depth, or iterative deepening up to 3 under its time control.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Depth {
    /// `1`, `2`, `3`.
    Fixed(SearchDepth),
    /// `id`.
    Iterative,
}

/// The work a bot may spend per move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TimeControl {
    /// `nodes:N`: N search nodes per move (deterministic).
    Nodes(u64),
    /// `calls:N`: N evaluator calls per move (deterministic; cache hits are free).
    Calls(u64),
    /// `ms:N[+INC]`: N ms per move plus the bot's bank of increments (wall clock, not deterministic).
    Millis {
        /// The fixed allotment of every move.
        per_move: u64,
        /// Banked before every move of the bot.
        increment: u64,
    },
}

impl TimeControl {
    /// Whether games under this control repeat exactly.
    pub(crate) const fn is_deterministic(self) -> bool {
        !matches!(self, TimeControl::Millis { .. })
    }

    /// Twice this budget (both parts of `ms:N+INC`): the work-odds match's stronger side; `None` when twice a
    /// part does not fit in 64 bits.
    pub(crate) fn checked_doubled(self) -> Option<TimeControl> {
        Some(match self {
            TimeControl::Nodes(n) => TimeControl::Nodes(n.checked_mul(2)?),
            TimeControl::Calls(n) => TimeControl::Calls(n.checked_mul(2)?),
            TimeControl::Millis {
                per_move,
                increment,
            } => TimeControl::Millis {
                per_move: per_move.checked_mul(2)?,
                increment: increment.checked_mul(2)?,
            },
        })
    }

    fn budget(self) -> MoveBudget {
        match self {
            TimeControl::Nodes(units) => MoveBudget::Work {
                unit: WorkUnit::Nodes,
                units,
            },
            TimeControl::Calls(units) => MoveBudget::Work {
                unit: WorkUnit::EvaluatorCalls,
                units,
            },
            TimeControl::Millis {
                per_move,
                increment,
            } => MoveBudget::Time {
                per_move: Duration::from_millis(per_move),
                increment: Duration::from_millis(increment),
            },
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Nodes(n) => write!(f, "nodes:{n}"),
            TimeControl::Calls(n) => write!(f, "calls:{n}"),
            TimeControl::Millis {
                per_move,
                increment: 0,
            } => write!(f, "ms:{per_move}"),
            TimeControl::Millis {
                per_move,
                increment,
            } => write!(f, "ms:{per_move}+{increment}"),
        }
    }
}

/// One bot: how it searches and under which time control.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct BotSpec {
    pub depth: Depth,
    pub pruning: Pruning,
    /// log2 of the table's entries, or `None` for no table.
    pub tt: Option<u8>,
    pub scheme: ReplacementScheme,
    pub cache: CacheKind,
    pub eval: EvaluatorKind,
    pub tc: TimeControl,
}

impl Default for BotSpec {
    fn default() -> Self {
        BotSpec {
            // Iterative deepening: a fixed depth converts time into strength only in steps (docs/strength.md).
            depth: Depth::Iterative,
            pruning: Pruning::Star2,
            tt: Some(16),
            scheme: ReplacementScheme::default(),
            cache: CacheKind::Optimized,
            eval: EvaluatorKind::Material,
            tc: TimeControl::Nodes(20_000),
        }
    }
}

/// A value of a named set, its error as text.
fn parsed<T: FromStr>(value: &str) -> Result<T, String>
where
    T::Err: fmt::Display,
{
    value.parse().map_err(|e: T::Err| e.to_string())
}

/// A positive decimal count.
fn count(key: &str, s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("key '{key}': '{s}' is not a positive whole number")),
    }
}

pub(crate) fn time_control(s: &str) -> Result<TimeControl, String> {
    let bad = || {
        format!("key 'tc': unknown time control '{s}' (expected nodes:N, calls:N or ms:N[+INC])")
    };
    let (kind, value) = s.split_once(':').ok_or_else(bad)?;
    match kind {
        "nodes" => count("tc", value).map(TimeControl::Nodes),
        "calls" => count("tc", value).map(TimeControl::Calls),
        "ms" => {
            let (n, inc) = value.split_once('+').unwrap_or((value, "0"));
            let per_move = count("tc", n)?;
            let increment = inc.parse::<u64>().map_err(|_| {
                format!("key 'tc': increment '{inc}' is not a whole number of milliseconds")
            })?;
            Ok(TimeControl::Millis {
                per_move,
                increment,
            })
        }
        _ => Err(bad()),
    }
}

impl FromStr for BotSpec {
    type Err = String;

    /// Keys not given take the default; an unknown key, a repeated key, an item without `=` or a bad value is an
    /// error naming the key. The empty string is the default bot.
    fn from_str(s: &str) -> Result<BotSpec, String> {
        let mut spec = BotSpec::default();
        let mut seen = [false; KEYS.len()];
        for item in s.split(',').filter(|_| !s.trim().is_empty()) {
            let item = item.trim();
            let (key, value) = item.split_once('=').ok_or_else(|| {
                format!("item '{item}' is not key=value (keys: {})", KEYS.join(", "))
            })?;
            let (key, value) = (key.trim(), value.trim());
            let k = KEYS
                .iter()
                .position(|&k| k == key)
                .ok_or_else(|| format!("unknown key '{key}' (keys: {})", KEYS.join(", ")))?;
            if std::mem::replace(&mut seen[k], true) {
                return Err(format!("key '{key}' is given twice"));
            }
            let named = |e: String| format!("key '{key}': {e}");
            match key {
                "depth" if value == "id" => spec.depth = Depth::Iterative,
                "depth" => {
                    spec.depth =
                        Depth::Fixed(parsed(value).map_err(|e| named(format!("{e}, or id")))?)
                }
                "pruning" => spec.pruning = parsed(value).map_err(named)?,
                "tt" if value == "off" => spec.tt = None,
                "tt" => match value.parse::<u8>() {
                    Ok(n) if n <= MAX_TABLE_LOG2 => spec.tt = Some(n),
                    _ => {
                        return Err(named(format!(
                            "'{value}' is not off or a log2 entry count from 0 to {MAX_TABLE_LOG2}"
                        )));
                    }
                },
                "scheme" => spec.scheme = parsed(value).map_err(named)?,
                "cache" => spec.cache = parsed(value).map_err(named)?,
                "eval" => spec.eval = value.parse().map_err(named)?,
                "tc" => spec.tc = time_control(value)?,
                _ => unreachable!("every key of KEYS is matched"),
            }
        }
        Ok(spec)
    }
}

impl fmt::Display for BotSpec {
    /// The canonical spec: every key, in [`KEYS`] order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let depth = match self.depth {
            Depth::Fixed(d) => d.to_string(),
            Depth::Iterative => "id".to_owned(),
        };
        let tt = self.tt.map_or_else(|| "off".to_owned(), |n| n.to_string());
        write!(
            f,
            "depth={depth},pruning={},tt={tt},scheme={},cache={},eval={},tc={}",
            self.pruning, self.scheme, self.cache, self.eval, self.tc
        )
    }
}

/// What one bot owns for one game: its evaluation memo and table (fresh per game, so a game depends on its own
/// history only and pairs can run in any order or on any thread).
pub(crate) struct BotState {
    memo: Box<dyn EvaluationMemo<Error = Infallible>>,
    table: Option<TranspositionTable>,
}

impl BotSpec {
    /// Checks, before any game, that `games` games at once, each holding this bot's table and `other`'s, fit in
    /// memory (bad input naming `--option`, this bot's spec, otherwise).
    pub(crate) fn check_tables(
        &self,
        option: &str,
        other: Option<&BotSpec>,
        games: usize,
    ) -> anyhow::Result<()> {
        let per_game: Vec<u8> = [Some(self), other]
            .into_iter()
            .flatten()
            .filter_map(|b| b.tt)
            .collect();
        let alive: Vec<u8> = per_game
            .iter()
            .copied()
            .cycle()
            .take(per_game.len() * games)
            .collect();
        crate::values::check_tables(option, &self.to_string(), &alive)
    }

    /// A fresh memo and table for one game.
    pub(crate) fn new_state(&self) -> anyhow::Result<BotState> {
        let table = match self.tt {
            None => None,
            Some(n) => Some(TranspositionTable::with_scheme(self.scheme, 1usize << n)?),
        };
        Ok(BotState {
            memo: self.cache.build(Plain(self.eval.function())),
            table,
        })
    }

    /// The bot's choice at `position` from a fresh memo and table, and the seconds the choice took.
    pub(crate) fn choose_fresh(&self, position: &GameState) -> anyhow::Result<(TurnChoice, f64)> {
        let state = self.new_state()?;
        let mut player = self.player(&state);
        let started = Instant::now();
        let choice = player
            .choose(position)
            .unwrap_or_else(|never| match never {});
        Ok((choice, started.elapsed().as_secs_f64()))
    }

    pub(crate) fn player<'a>(
        &self,
        state: &'a BotState,
    ) -> SearchPlayer<'a, dyn EvaluationMemo<Error = Infallible> + 'a> {
        let mut config = SearchConfig::new(self.pruning, self.eval.bounds());
        if let Some(turn) = self.eval.turn_bounds() {
            config = config.with_turn_bounds(turn);
        }
        if let Some(t) = &state.table {
            config = config.with_table(t);
        }
        let plan = match self.depth {
            Depth::Fixed(d) => DepthPlan::Fixed(d),
            Depth::Iterative => DepthPlan::Iterative(SearchDepth::Three),
        };
        SearchPlayer::new(&*state.memo, config, plan, self.tc.budget())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_spec_is_the_empty_spec_and_prints_canonically() {
        let d: BotSpec = "".parse().unwrap();
        assert_eq!(d, BotSpec::default());
        assert_eq!(d.to_string(), DEFAULT_SPEC);
        assert_eq!(DEFAULT_SPEC.parse::<BotSpec>().unwrap(), d);
    }

    #[test]
    fn canonical_printing_round_trips_every_kind_of_value() {
        for s in [
            "tc=ms:50+5,depth=id,tt=off",
            "depth=1,pruning=none,scheme=aged,cache=none,eval=work:16,tc=calls:300",
            "tc=ms:40+0",
            "depth=3,tt=0,eval=counter,tc=nodes:1",
        ] {
            let spec: BotSpec = s.parse().unwrap();
            let canonical = spec.to_string();
            assert_eq!(canonical.parse::<BotSpec>().unwrap(), spec, "{s}");
            assert_eq!(canonical.split(',').count(), KEYS.len());
        }
        assert_eq!(
            "tc=ms:40+0".parse::<BotSpec>().unwrap().tc.to_string(),
            "ms:40"
        );
    }

    #[test]
    fn every_bad_spec_names_its_key() {
        for (s, needle) in [
            ("depth=4", "key 'depth'"),
            ("depth=two", "key 'depth'"),
            ("pruning=star3", "key 'pruning'"),
            ("tt=27", "key 'tt'"),
            ("tt=-1", "key 'tt'"),
            ("scheme=lru", "key 'scheme'"),
            ("cache=lru", "key 'cache'"),
            ("eval=nnue", "key 'eval'"),
            ("tc=nodes:0", "key 'tc'"),
            ("tc=moves:3", "key 'tc'"),
            ("tc=ms:10+x", "key 'tc'"),
            ("tc=ms:", "key 'tc'"),
            ("colour=white", "unknown key 'colour'"),
            ("depth=1,depth=2", "key 'depth' is given twice"),
            ("depth", "item 'depth' is not key=value"),
            ("depth=1,", "item '' is not key=value"),
        ] {
            let err = s.parse::<BotSpec>().unwrap_err();
            assert!(err.contains(needle), "{s}: {err}");
        }
    }
}
