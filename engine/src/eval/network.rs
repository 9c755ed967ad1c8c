//! `network`: an NNUE-shaped evaluation computed from scratch on every call, the microsecond rung of the evaluator
//! cost ladder.
//!
//! It is a benchmark load with a real network's shape and cost, NOT a trained player: the weights are drawn once
//! from a fixed-seed PCG generator, so its scores are deterministic but carry no chess knowledge.

use super::ValueBounds;
use crate::color::Color;
use crate::piece::Piece;
use crate::state::GameState;
use rand::{RngExt, SeedableRng};
use std::sync::OnceLock;

/// Piece-square inputs: (own or opponent's) x 6 piece types x 64 squares, seen from the perspective.
pub const NETWORK_INPUTS: usize = 768;
/// Hidden units of the feature transformer (int16 accumulators).
pub const NETWORK_HIDDEN: usize = 256;
/// Units of the second layer.
pub const NETWORK_SECOND: usize = 32;
/// The seed of the weights' generator (`rand_pcg::Pcg64Mcg`).
pub const NETWORK_SEED: u64 = 0x6e6e_7565_2d62_656e;

/// Largest magnitude of a feature-transformer weight.
const FT_WEIGHT: i16 = 32;
/// Largest magnitude of a feature-transformer bias.
const FT_BIAS: i16 = 64;
/// The clipped ReLU's ceiling (activations are 0..=127, as in int8 NNUE inference).
const CLIP: i32 = 127;
/// Largest magnitude of a second-layer or output weight.
const DENSE_WEIGHT: i16 = 64;
/// Largest magnitude of a second-layer bias.
const SECOND_BIAS: i32 = 1024;
/// Largest magnitude of the output bias.
const OUTPUT_BIAS: i32 = 512;
/// Right shift from the second layer's sums to its activations.
const SECOND_SHIFT: u32 = 6;
/// Right shift from the output sum to centipawns.
const OUTPUT_SHIFT: u32 = 4;
/// The output sum's largest magnitude: every second-layer activation at the ceiling times the largest weight.
const MAX_OUTPUT_SUM: i32 = NETWORK_SECOND as i32 * CLIP * DENSE_WEIGHT as i32 + OUTPUT_BIAS;

/// [`evaluate_network`]'s values: the output sum's extremes, shifted as the evaluator shifts them (an arithmetic
/// shift rounds towards minus infinity, so the low end is one further out).
pub const NETWORK_BOUNDS: ValueBounds = ValueBounds::new(
    -(MAX_OUTPUT_SUM >> OUTPUT_SHIFT) - 1,
    MAX_OUTPUT_SUM >> OUTPUT_SHIFT,
);

/// The weights, generated once per process.
struct Network {
    /// `NETWORK_INPUTS` rows of `NETWORK_HIDDEN` weights (the row of an active input is added to the accumulator).
    feature_weights: Vec<[i16; NETWORK_HIDDEN]>,
    feature_bias: [i16; NETWORK_HIDDEN],
    /// `NETWORK_SECOND` rows of `NETWORK_HIDDEN` weights (i16 so the dot products vectorise as pair-multiply-adds).
    second_weights: Vec<[i16; NETWORK_HIDDEN]>,
    second_bias: [i32; NETWORK_SECOND],
    output_weights: [i16; NETWORK_SECOND],
    output_bias: i32,
}

impl Network {
    fn generate() -> Network {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(NETWORK_SEED);
        let mut row = |m: i16| {
            let mut r = [0i16; NETWORK_HIDDEN];
            r.iter_mut().for_each(|w| *w = rng.random_range(-m..=m));
            r
        };
        let feature_weights = (0..NETWORK_INPUTS).map(|_| row(FT_WEIGHT)).collect();
        let feature_bias = row(FT_BIAS);
        let second_weights = (0..NETWORK_SECOND).map(|_| row(DENSE_WEIGHT)).collect();
        let mut second_bias = [0i32; NETWORK_SECOND];
        second_bias
            .iter_mut()
            .for_each(|b| *b = rng.random_range(-SECOND_BIAS..=SECOND_BIAS));
        let mut output_weights = [0i16; NETWORK_SECOND];
        output_weights
            .iter_mut()
            .for_each(|w| *w = rng.random_range(-DENSE_WEIGHT..=DENSE_WEIGHT));
        let output_bias = rng.random_range(-OUTPUT_BIAS..=OUTPUT_BIAS);
        Network {
            feature_weights,
            feature_bias,
            second_weights,
            second_bias,
            output_weights,
            output_bias,
        }
    }

    fn get() -> &'static Network {
        static NETWORK: OnceLock<Network> = OnceLock::new();
        NETWORK.get_or_init(Network::generate)
    }
}

/// The input index of `piece` on square `sq` seen from `perspective`: the board is mirrored for Black, so both
/// sides see their own pieces from their own first rank.
fn input_index(piece: Piece, sq: usize, perspective: Color) -> usize {
    let side = usize::from(piece.color != perspective);
    let sq = match perspective {
        Color::White => sq,
        Color::Black => sq ^ 56,
    };
    (side * 6 + piece.kind.index()) * 64 + sq
}

/// An NNUE-shaped score of `s` from `perspective`: 768 piece-square inputs -> 256 int16 accumulators (refreshed
/// from scratch, no incremental update) -> clipped ReLU -> 32 -> clipped ReLU -> 1, in centipawn-like units.
///
/// A benchmark load, not a trained player (see the module documentation). Pure and deterministic. It reads the
/// mailbox, not the bitboards (as an engine's feature refresh does). Symmetry: mirroring the board's ranks and
/// swapping the piece colours gives the same score from the other perspective; there is no negation symmetry
/// (`eval(s, White) != -eval(s, Black)` in general), since nothing trains the weights towards one.
///
/// ```
/// use engine::eval::{NETWORK_BOUNDS, evaluate_network};
/// use engine::{Color, GameState};
/// let s = GameState::from_dfen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// let mirrored = GameState::from_dfen("3qk3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// let v = evaluate_network(&s, Color::White);
/// assert!(NETWORK_BOUNDS.contains(v));
/// assert_eq!(v, evaluate_network(&mirrored, Color::Black));
/// ```
pub fn evaluate_network(s: &GameState, perspective: Color) -> i32 {
    let net = Network::get();
    let mut acc = net.feature_bias;
    for (sq, &code) in s.mailbox().iter().enumerate() {
        if let Some(piece) = Piece::from_packed(code) {
            let row = &net.feature_weights[input_index(piece, sq, perspective)];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }
    let hidden = acc.map(|a| a.clamp(0, CLIP as i16));
    let mut output = net.output_bias;
    for ((weights, bias), out_w) in net
        .second_weights
        .iter()
        .zip(net.second_bias)
        .zip(net.output_weights)
    {
        let sum: i32 = hidden
            .iter()
            .zip(weights)
            .map(|(&h, &w)| i32::from(h) * i32::from(w))
            .sum();
        let activation = ((sum + bias) >> SECOND_SHIFT).clamp(0, CLIP);
        output += activation * i32::from(out_w);
    }
    output >> OUTPUT_SHIFT
}
