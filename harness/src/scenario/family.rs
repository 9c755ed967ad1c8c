//! The scenario families: four synthetic (seeded random placements) and two played (seeded self-play).

engine::closed_names! {
    /// A family of synthetic positions, each stressing the caches differently; its name is the one used in files,
    /// CLI filters and CSV rows, and the declaration order is report order.
    ///
    /// ```
    /// use harness::scenario::Family;
    /// assert_eq!(Family::from_name("transposition-rich"), Some(Family::TranspositionRich));
    /// assert_eq!(Family::from_name("endgame"), None);
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    pub enum Family: "scenario family" {
        /// Few pieces: cheap turn generation, deep enough for a second chance layer.
        "sparse" => Sparse,
        /// Many pieces of every kind: wide turn generation.
        "middlegame" => Middlegame,
        /// Commuting pawn and piece moves: many move orders reach one leaf.
        "transposition-rich" => TranspositionRich,
        /// Promotions, several en-passant targets, captures onto promotion squares.
        "promotion-en-passant" => PromotionEnPassant,
        /// Positions reached by seeded self-play from the initial position and standard openings.
        "played" => Played,
        /// Positions with few pieces left, reached by seeded self-play from standard endgame set-ups.
        "played-endgame" => PlayedEndgame,
    }
}

impl Family {
    /// The file name under `scenarios/`.
    pub fn file_name(self) -> String {
        format!("{}.json", self.name())
    }
}
