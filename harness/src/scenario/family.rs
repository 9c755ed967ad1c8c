//! The scenario families: four synthetic (seeded random placements) and two played (seeded self-play).

use std::fmt;

/// A family of synthetic positions, each stressing the caches differently.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Family {
    /// Few pieces: cheap turn generation, deep enough for a second chance layer.
    Sparse,
    /// Many pieces of every kind: wide turn generation.
    Middlegame,
    /// Commuting pawn and piece moves: many move orders reach one leaf.
    TranspositionRich,
    /// Promotions, several en-passant targets, captures onto promotion squares.
    PromotionEnPassant,
    /// Positions reached by seeded self-play from the initial position and standard openings.
    Played,
    /// Positions with few pieces left, reached by seeded self-play from standard endgame set-ups.
    PlayedEndgame,
}

impl Family {
    /// Every family, in report order.
    pub const ALL: [Family; 6] = [
        Family::Sparse,
        Family::Middlegame,
        Family::TranspositionRich,
        Family::PromotionEnPassant,
        Family::Played,
        Family::PlayedEndgame,
    ];

    /// The name used in files, CLI filters and CSV rows.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Sparse => "sparse",
            Family::Middlegame => "middlegame",
            Family::TranspositionRich => "transposition-rich",
            Family::PromotionEnPassant => "promotion-en-passant",
            Family::Played => "played",
            Family::PlayedEndgame => "played-endgame",
        }
    }

    /// The family with this name.
    ///
    /// ```
    /// use harness::scenario::Family;
    /// assert_eq!(Family::from_name("transposition-rich"), Some(Family::TranspositionRich));
    /// assert_eq!(Family::from_name("endgame"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The file name under `scenarios/`.
    pub fn file_name(self) -> String {
        format!("{}.json", self.name())
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
