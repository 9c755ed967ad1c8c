//! The two players of Domineering.

/// A Domineering player. Left places vertical dominoes, Right horizontal ones; positive values favour Left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Places vertical dominoes (two cells in one column); wants the value high.
    Left,
    /// Places horizontal dominoes (two cells in one row); wants the value low.
    Right,
}

impl Player {
    /// The other player.
    ///
    /// ```
    /// use engine::domineering::Player;
    /// assert_eq!(Player::Left.opponent(), Player::Right);
    /// ```
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Player::Left => "Left",
            Player::Right => "Right",
        })
    }
}
