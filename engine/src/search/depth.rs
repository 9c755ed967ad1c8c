//! Search depth in full turns and the exact root value it produces.

use crate::chance::ROLLS;

crate::closed_names! {
    /// How many full turns the search looks ahead: ours (1), then the opponent's roll and reply (2), then our roll
    /// and turn again (3). Its name is the number of turns; the declaration order is the order iterative deepening
    /// follows.
    ///
    /// ```
    /// use engine::search::SearchDepth;
    /// assert_eq!(SearchDepth::Three.denominator(), 46_656);
    /// assert_eq!("2".parse::<SearchDepth>().unwrap(), SearchDepth::Two);
    /// assert_eq!(
    ///     "4".parse::<SearchDepth>().unwrap_err().to_string(),
    ///     "unknown search depth '4' (expected one of: 1, 2, 3)"
    /// );
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    pub enum SearchDepth: "search depth" {
        /// The best of our turn paths by `score_path`.
        "1" => One,
        /// Our path, then the opponent's chance node (the nested expansion's depth 1).
        "2" => Two,
        /// Our path, then the opponent's chance node with our chance node below each reply (expansion depth 2).
        "3" => Three,
    }
}

impl SearchDepth {
    /// 1, 2 or 3.
    pub const fn turns(self) -> u8 {
        match self {
            SearchDepth::One => 1,
            SearchDepth::Two => 2,
            SearchDepth::Three => 3,
        }
    }

    /// The depth of `turns` full turns, if it is 1, 2 or 3.
    pub const fn from_turns(turns: u8) -> Option<SearchDepth> {
        match turns {
            1 => Some(SearchDepth::One),
            2 => Some(SearchDepth::Two),
            3 => Some(SearchDepth::Three),
            _ => None,
        }
    }

    /// The root value's denominator, 216^(depth − 1): one factor per chance layer.
    pub const fn denominator(self) -> i64 {
        match self {
            SearchDepth::One => 1,
            SearchDepth::Two => ROLLS,
            SearchDepth::Three => ROLLS * ROLLS,
        }
    }
}

/// The exact value of a searched root, from the side to move's perspective.
///
/// ```
/// use engine::search::{RootValue, SearchDepth};
/// let v = RootValue::Numerator(108);
/// assert_eq!(v.to_f64(SearchDepth::Two), 0.5);
/// assert_eq!(RootValue::Win.to_f64(SearchDepth::Two), f64::INFINITY);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RootValue {
    /// A root path captures the enemy king: the game is won this turn, whatever the depth.
    Win,
    /// The expectimax value as a numerator over [`SearchDepth::denominator`].
    Numerator(i64),
}

impl RootValue {
    /// The value as a float (one division of the exact numerator; a win is +∞).
    pub fn to_f64(self, depth: SearchDepth) -> f64 {
        match self {
            RootValue::Win => f64::INFINITY,
            RootValue::Numerator(n) => n as f64 / depth.denominator() as f64,
        }
    }
}
