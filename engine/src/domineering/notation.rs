//! The usual written notation of canonical games: `0`, `-1/2`, `*`, `*2`, `^`, `v*`, `1*`, `{1|-1}`, `{{2|0}|0}`.

use super::game::{Game, GameArena};
use std::fmt;

/// A canonical game shown in the usual notation (numbers as dyadics, `x + u·↑ + *s` by name, anything else as
/// `{Left options|Right options}` with options separated by `,`).
#[derive(Clone, Copy)]
pub struct GameDisplay<'a> {
    arena: &'a GameArena,
    game: Game,
}

impl GameArena {
    /// The game in the usual notation.
    ///
    /// ```
    /// use engine::domineering::{Dyadic, GameArena};
    /// let mut a = GameArena::new();
    /// let one = a.number(Dyadic::integer(1));
    /// let star = a.star();
    /// let one_star = a.sum(one, star);
    /// assert_eq!(a.display(one_star).to_string(), "1*");
    /// let minus_half = a.number(Dyadic::new(-1, 1));
    /// assert_eq!(a.display(minus_half).to_string(), "-1/2");
    /// ```
    pub fn display(&self, game: Game) -> GameDisplay<'_> {
        GameDisplay { arena: self, game }
    }
}

impl fmt::Display for GameDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arena = self.arena;
        if let Some(x) = arena.as_number(self.game) {
            return write!(f, "{x}");
        }
        if let Some(named) = arena.up_star(self.game) {
            if named.number != super::Dyadic::ZERO {
                write!(f, "{}", named.number)?;
            }
            let (arrow, count) = if named.ups > 0 {
                ('^', named.ups.unsigned_abs())
            } else {
                ('v', named.ups.unsigned_abs())
            };
            match count {
                0 => {}
                1 => write!(f, "{arrow}")?,
                2 => write!(f, "{arrow}{arrow}")?,
                n => write!(f, "{arrow}{n}")?,
            }
            return match named.star {
                0 => Ok(()),
                1 => f.write_str("*"),
                n => write!(f, "*{n}"),
            };
        }
        f.write_str("{")?;
        for (i, &l) in arena.left_options(self.game).iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", arena.display(l))?;
        }
        f.write_str("|")?;
        for (i, &r) in arena.right_options(self.game).iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", arena.display(r))?;
        }
        f.write_str("}")
    }
}

impl fmt::Debug for GameDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
