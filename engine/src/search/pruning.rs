//! Which *-minimax pruning a chance search uses.

crate::closed_names! {
    /// Pruning of the chance search (Ballard's *-minimax family).
    ///
    /// Every choice returns the identical root value; they differ only in how much of the tree they visit.
    ///
    /// ```
    /// use engine::search::Pruning;
    /// assert_eq!("star2".parse::<Pruning>().unwrap(), Pruning::Star2);
    /// assert_eq!(Pruning::None.to_string(), "none");
    /// assert!("star3".parse::<Pruning>().unwrap_err().to_string().contains("none, star1, star2"));
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum Pruning: "pruning" {
        /// Plain expectimax: every roll class, every reply, in generation order.
        "none" => None,
        /// Star1: alpha-beta windows through chance nodes, bounding unsearched roll classes by the evaluator's
        /// declared value interval (widened by the terminal values that can occur below); roll classes by
        /// descending weight, replies and root candidates by a material pre-rank.
        "star1" => Star1,
        /// Star2: Star1 plus a probing pass that values one reply per roll class (the pre-rank's best) before the
        /// full pass, so each roll class gets a one-sided bound from a real position instead of the declared one.
        "star2" => Star2,
    }
}

impl Pruning {
    /// Whether windows, ordering and cutoffs are used at all.
    pub const fn prunes(self) -> bool {
        !matches!(self, Pruning::None)
    }
}
