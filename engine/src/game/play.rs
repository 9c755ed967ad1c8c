//! The game loop: roll, let the side to move choose, play the path, end the turn; stop at a king capture, the
//! half-move clock draw or the turn cap.

use std::time::{Duration, Instant};

use crate::color::Color;
use crate::game::{Player, RollSequence, TurnChoice};
use crate::piece::PieceType;
use crate::state::GameState;

/// The half-move clock value at the start of a turn that draws the game (docs/rules.md §3; the clock counts
/// micro-moves and saturates at 127, so 100 is always reachable).
pub const CLOCK_DRAW: u8 = 100;

/// When a game stops besides a king capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameRules {
    /// The most turns played; reaching it is a draw of its own reason ([`EndReason::TurnCap`]) so that no game
    /// runs forever.
    pub max_turns: usize,
    /// The half-move clock value that draws at the start of a turn ([`CLOCK_DRAW`] by the rules; `None` plays
    /// on, as a fixed-length self-play trace does).
    pub clock_draw: Option<u8>,
}

impl GameRules {
    /// The rules' game: the clock draw at [`CLOCK_DRAW`] and a cap of `max_turns`.
    pub const fn standard(max_turns: usize) -> GameRules {
        GameRules {
            max_turns,
            clock_draw: Some(CLOCK_DRAW),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// The winner's last path captured the enemy king.
    KingCapture,
    /// The half-move clock had reached the draw value when a turn was to start.
    HalfMoveClock,
    /// The turn cap was reached (a draw that the rules do not know, so recorded apart).
    TurnCap,
}

impl EndReason {
    /// The record's name: `king_capture`, `half_move_clock` or `turn_cap`.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::KingCapture => "king_capture",
            EndReason::HalfMoveClock => "half_move_clock",
            EndReason::TurnCap => "turn_cap",
        }
    }
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameEnd {
    /// The side that captured the enemy king, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: EndReason,
}

/// One turn of a game.
#[derive(Clone, PartialEq, Debug)]
pub struct TurnRecord {
    /// The position the mover chose in: its side to move with the turn's roll.
    pub position: GameState,
    /// The choice (its path was played).
    pub choice: TurnChoice,
    /// Wall time of the choice (not deterministic: records that must compare byte for byte leave it out).
    pub elapsed: Duration,
}

/// A finished game.
#[derive(Clone, PartialEq, Debug)]
pub struct GameRecord {
    /// Every turn, in order.
    pub turns: Vec<TurnRecord>,
    /// The position after the last turn and its `end_turn` (also after a capture, where the game is over anyway).
    pub end: GameState,
    /// How the game ended.
    pub result: GameEnd,
}

/// Plays from `start` (its dice ignored) with `players[c]` moving for colour `c`, roll `k` of the game being
/// `rolls.get(k)`, under `rules`.
///
/// Each turn: if `rules.clock_draw` is reached, the game is drawn before rolling; if `rules.max_turns` turns
/// were played, it is drawn by the cap; otherwise the mover gets the roll, chooses, the path is played (empty
/// path: a forced pass), and the turn ends. A path that leaves the opponent without a king wins. The same
/// start, rolls and deterministic players give the same game.
///
/// ```
/// use engine::game::{EndReason, GameRules, RollSequence, TurnChoice, play_game};
/// use engine::search::{RootResult, RootValue, SearchCounters, SearchDepth};
/// use engine::{GameState, legal_turn_paths};
/// // Two players that always take the first legal path.
/// let first = |p: &GameState| -> Result<TurnChoice, ()> {
///     let best = legal_turn_paths(p).into_iter().next().unwrap_or_default();
///     let result = RootResult { depth: SearchDepth::One, value: RootValue::Numerator(0), best, loss_tainted: false };
///     Ok(TurnChoice { result, counters: SearchCounters::default(), work: 0, cut: false })
/// };
/// let (mut a, mut b) = (first, first);
/// let game = play_game(&GameState::initial(), &mut RollSequence::new(1), [&mut a, &mut b], GameRules::standard(40)).unwrap();
/// assert!(game.turns.len() <= 40);
/// if game.result.reason == EndReason::TurnCap { assert_eq!(game.turns.len(), 40) }
/// ```
pub fn play_game<E>(
    start: &GameState,
    rolls: &mut RollSequence,
    players: [&mut dyn Player<Error = E>; 2],
    rules: GameRules,
) -> Result<GameRecord, E> {
    let [white, black] = players;
    play_game_with(start, rolls, rules, |mover, position| match mover {
        Color::White => white.choose(position),
        Color::Black => black.choose(position),
    })
}

/// [`play_game`] with one chooser for both sides, told the mover (self-play, where one search plays both).
pub fn play_game_with<E>(
    start: &GameState,
    rolls: &mut RollSequence,
    rules: GameRules,
    mut choose: impl FnMut(Color, &GameState) -> Result<TurnChoice, E>,
) -> Result<GameRecord, E> {
    let mut state = start.with_dice(crate::dice::DicePool::EMPTY);
    let mut turns = Vec::new();
    let result = loop {
        if rules
            .clock_draw
            .is_some_and(|limit| state.half_move_clock() >= limit)
        {
            break GameEnd {
                winner: None,
                reason: EndReason::HalfMoveClock,
            };
        }
        if turns.len() >= rules.max_turns {
            break GameEnd {
                winner: None,
                reason: EndReason::TurnCap,
            };
        }
        let position = state.with_dice(rolls.get(turns.len()));
        let mover = position.side_to_move();
        let started = Instant::now();
        let choice = choose(mover, &position)?;
        let elapsed = started.elapsed();
        state = position;
        for &m in &choice.result.best {
            state.make_move(m);
        }
        state.end_turn();
        turns.push(TurnRecord {
            position,
            choice,
            elapsed,
        });
        if state.pieces(!mover, PieceType::King).is_empty() {
            break GameEnd {
                winner: Some(mover),
                reason: EndReason::KingCapture,
            };
        }
    };
    Ok(GameRecord {
        turns,
        end: state,
        result,
    })
}
