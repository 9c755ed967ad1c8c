//! The scenario families: the six shipped ones (four synthetic from seeded random placements, two from seeded
//! self-play) and any family a user froze from positions of their own (`scenarios freeze --from`), known by name.

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;

/// A family of positions; its name is the one used in files, CLI filters and CSV rows. The shipped families come
/// first in declaration order (report order), then the named ones by name.
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
    /// A family frozen from a user's own positions (`scenarios freeze --from FILE --family NAME`).
    Named(FamilyName),
}

/// The name of a user's family: lowercase ASCII letters, digits, `-` and `_`, starting with a letter or digit, at
/// most [`FamilyName::MAX_LEN`] bytes, never a shipped family's name nor `all` (the name of every family). It is
/// interned (a process holds a handful of families), so a family stays `Copy` like the shipped ones.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct FamilyName(&'static str);

/// The names in the scenarios folder that the harness itself reads and that are not families: `openings.json`
/// (the match and deadline openings) and `strength/` (the Elo per doubling). A family of such a name would
/// overwrite them.
const READ_BY_HARNESS: [&str; 2] = ["openings", "strength"];

/// Whether `stem` (a file name without `.json`, or a folder name) in the scenarios folder is one the harness reads
/// for another purpose than a family.
pub(crate) fn is_read_by_harness(stem: &str) -> bool {
    READ_BY_HARNESS.contains(&stem)
}

/// Every user family name seen by this process, so each is leaked once.
static INTERNED: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

impl FamilyName {
    /// The longest accepted name (it names a file).
    pub const MAX_LEN: usize = 64;

    /// The name if it follows the rule; the error states the rule.
    pub fn new(name: &str) -> Result<FamilyName, String> {
        let ok_char =
            |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
        let starts_well = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
        if name.len() > Self::MAX_LEN || !starts_well || !name.chars().all(ok_char) {
            return Err(format!(
                "family name '{name}': use 1 to {} lowercase letters, digits, '-' and '_', starting with a letter \
                 or digit (it names the file {name}.json)",
                Self::MAX_LEN
            ));
        }
        if name == Family::EVERY || Family::NAMES.contains(&name) {
            return Err(format!(
                "family name '{name}' is reserved (the shipped families and `all`): choose another"
            ));
        }
        if is_read_by_harness(name) {
            return Err(format!(
                "family name '{name}' is reserved: the harness reads scenarios/{name}.json or scenarios/{name}/ \
                 for another purpose (the match openings, the Elo per doubling); choose another"
            ));
        }
        let mut interned = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
        let stored = match interned.get(name) {
            Some(s) => *s,
            None => {
                let s: &'static str = Box::leak(name.to_owned().into_boxed_str());
                interned.insert(s);
                s
            }
        };
        Ok(FamilyName(stored))
    }

    /// The name.
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl Family {
    /// Every shipped family, in report order (what `scenarios freeze` regenerates from seeds).
    pub const ALL: [Family; 6] = [
        Family::Sparse,
        Family::Middlegame,
        Family::TranspositionRich,
        Family::PromotionEnPassant,
        Family::Played,
        Family::PlayedEndgame,
    ];

    /// The shipped families' names, in the same order.
    pub const NAMES: [&'static str; 6] = [
        "sparse",
        "middlegame",
        "transposition-rich",
        "promotion-en-passant",
        "played",
        "played-endgame",
    ];

    /// The shipped families' names, comma-separated.
    pub const ALL_NAMES: &'static str =
        "sparse,middlegame,transposition-rich,promotion-en-passant,played,played-endgame";

    /// What a `--scenario` option takes for every family file of the scenarios folder (its default).
    pub const EVERY: &'static str = "all";

    /// The name on command lines, in files and in results.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Sparse => "sparse",
            Family::Middlegame => "middlegame",
            Family::TranspositionRich => "transposition-rich",
            Family::PromotionEnPassant => "promotion-en-passant",
            Family::Played => "played",
            Family::PlayedEndgame => "played-endgame",
            Family::Named(n) => n.as_str(),
        }
    }

    /// The family called `s`: a shipped one, or a user's family when `s` follows [`FamilyName`]'s rule.
    pub fn from_name(s: &str) -> Option<Family> {
        s.parse().ok()
    }

    /// Whether this is one of the shipped families (regenerated from seeds), not a user's.
    pub const fn is_shipped(self) -> bool {
        !matches!(self, Family::Named(_))
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

impl FromStr for Family {
    type Err = String;
    fn from_str(s: &str) -> Result<Family, String> {
        match Family::ALL.into_iter().find(|f| f.name() == s) {
            Some(f) => Ok(f),
            None => FamilyName::new(s).map(Family::Named),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_names_round_trip_and_user_names_follow_the_rule() {
        for (f, n) in Family::ALL.into_iter().zip(Family::NAMES) {
            assert_eq!(f.name(), n);
            assert_eq!(n.parse::<Family>(), Ok(f));
            assert!(f.is_shipped());
        }
        assert_eq!(Family::NAMES.join(","), Family::ALL_NAMES);
        let mine: Family = "my-positions_2".parse().unwrap();
        assert_eq!(mine.to_string(), "my-positions_2");
        assert!(!mine.is_shipped());
        assert_eq!("my-positions_2".parse::<Family>(), Ok(mine));
        for bad in [
            "",
            "all",
            "Mine",
            "-x",
            "a b",
            "a/b",
            "../x",
            "x.json",
            &"a".repeat(65),
        ] {
            assert!(bad.parse::<Family>().is_err(), "{bad:?}");
        }
        assert!(FamilyName::new("sparse").unwrap_err().contains("reserved"));
        assert_eq!(
            Family::from_name("transposition-rich"),
            Some(Family::TranspositionRich)
        );
        assert_eq!(
            Family::from_name("mine_positions").unwrap().name(),
            "mine_positions"
        );
        assert_eq!(Family::from_name("Mine positions"), None);
        assert!(Family::Sparse < Family::from_name("aaa").unwrap());
    }
}
