//! Rolls: three fair dice from a seeded `rand_pcg` generator, and the lazily extended roll sequence that both
//! games of a duplicate-dice pair read, so the roll of turn k is the same in both.

use rand::{RngExt, SeedableRng};

use crate::attacks::splitmix64;
use crate::dice::DicePool;
use crate::piece::PieceType;

/// The generator behind every roll of a game (seeded per game or per pair).
pub type RollGenerator = rand_pcg::Pcg64Mcg;

/// Three fair dice, each face equally likely, drawn as three `random_range(1..=6)` calls in order.
pub fn roll(rng: &mut RollGenerator) -> DicePool {
    let faces = [0; 3].map(|_: u8| {
        PieceType::from_face(rng.random_range(1..=6)).expect("faces 1..=6 are the six piece types")
    });
    DicePool::from_dice(&faces).expect("three dice fit a pool")
}

/// The seed of pair `pair` of a match seeded with `match_seed`: output number `pair + 1` of SplitMix64 started
/// at `match_seed` (the state advanced `pair + 1` times by the golden-ratio increment, then finalised).
///
/// Every pair's rolls depend on the match seed and the pair index only, never on which pairs were played
/// before, so a shard, a resumed run and a full run give a pair the same rolls.
///
/// ```
/// use engine::game::pair_seed;
/// assert_eq!(pair_seed(7, 3), pair_seed(7, 3));
/// assert_ne!(pair_seed(7, 3), pair_seed(7, 4));
/// assert_ne!(pair_seed(7, 3), pair_seed(8, 3));
/// ```
pub fn pair_seed(match_seed: u64, pair: u64) -> u64 {
    let mut state = match_seed.wrapping_add(pair.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    splitmix64(&mut state)
}

/// The rolls of one seed, drawn on demand and kept: [`RollSequence::get`]`(k)` is the k-th roll of the
/// generator whoever asks first, so two games reading one sequence see the same roll at every turn both reach.
///
/// ```
/// use engine::game::RollSequence;
/// let mut a = RollSequence::new(5);
/// let mut b = RollSequence::new(5);
/// let late = b.get(9);
/// assert_eq!(a.get(0), b.get(0));
/// assert_eq!(a.get(9), late);
/// assert_eq!(a.drawn().len(), 10);
/// ```
#[derive(Clone, Debug)]
pub struct RollSequence {
    rng: RollGenerator,
    rolls: Vec<DicePool>,
}

impl RollSequence {
    /// The sequence of `seed` with nothing drawn yet.
    pub fn new(seed: u64) -> RollSequence {
        RollSequence {
            rng: RollGenerator::seed_from_u64(seed),
            rolls: Vec::new(),
        }
    }

    /// Roll number `k` (from 0), drawing every roll up to it that was not drawn yet.
    pub fn get(&mut self, k: usize) -> DicePool {
        while self.rolls.len() <= k {
            self.rolls.push(roll(&mut self.rng));
        }
        self.rolls[k]
    }

    /// The rolls drawn so far, in order.
    pub fn drawn(&self) -> &[DicePool] {
        &self.rolls
    }
}
