//! The replacement rule a bucketed table applies on every store, and the schemes that implement it.

use crate::search::Bound;

/// What a replacement rule sees of an intact entry in a bucket (or of the result being stored).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Resident {
    /// The full key.
    pub key: u64,
    /// Remaining search depth.
    pub depth: i32,
    /// What the value bounds.
    pub bound: Bound,
    /// The table generation (root search) that wrote the entry, modulo 256.
    pub generation: u8,
    /// Nodes of the subtree that produced the value (saturated at the entry's field width).
    pub nodes: u32,
}

impl Resident {
    /// Whether `incoming` may take this entry's place under the depth-preferred rule: at least as deep, or
    /// refining a non-exact bound on the same key.
    pub(super) fn yields_by_depth(&self, incoming: &Resident) -> bool {
        incoming.depth >= self.depth || self.refined_by(incoming)
    }

    /// Whether `incoming` may take this entry's place when the larger subtree is preferred.
    pub(super) fn yields_by_nodes(&self, incoming: &Resident) -> bool {
        incoming.nodes >= self.nodes || self.refined_by(incoming)
    }

    /// The same key with a bound still open: any new result for it is at least as informative.
    fn refined_by(&self, incoming: &Resident) -> bool {
        self.key == incoming.key && self.bound != Bound::Exact
    }
}

/// Where a store goes in its bucket.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Placement {
    /// Leave the bucket as it is.
    Keep,
    /// Write the new entry into this slot.
    Write(usize),
    /// Move the entry in `from` into `to` (over what `to` held), then write the new entry into `from`.
    Demote {
        /// The slot the new entry takes.
        from: usize,
        /// The slot its old occupant moves to.
        to: usize,
    },
}

/// A replacement rule over buckets of `WAYS` entries.
///
/// `place` sees every slot of the key's bucket (`None` for an empty or unreadable one) and must leave at
/// most one entry per key in the bucket, so a probe never has to choose between two copies.
pub(crate) trait Replacement {
    /// Entries per bucket.
    const WAYS: usize;

    /// Where `incoming` goes, `generation` being the table's current one.
    fn place(bucket: &[Option<Resident>], incoming: &Resident, generation: u8) -> Placement;
}

/// The slot of `bucket` holding `key`, if any.
pub(crate) fn slot_of(bucket: &[Option<Resident>], key: u64) -> Option<usize> {
    bucket.iter().position(|r| r.is_some_and(|r| r.key == key))
}

crate::closed_names! {
    /// Which replacement rule a [`TranspositionTable`](crate::search::TranspositionTable) uses.
    ///
    /// ```
    /// use engine::search::ReplacementScheme;
    /// assert_eq!("two_big".parse::<ReplacementScheme>().unwrap(), ReplacementScheme::TwoBig);
    /// assert_eq!(ReplacementScheme::Aged.ways(), 3);
    /// assert!("deep".parse::<ReplacementScheme>().is_err());
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
    pub enum ReplacementScheme: "replacement scheme" {
        /// One entry per bucket; every store overwrites it.
        "always" => Always,
        /// One entry per bucket; a store replaces it when at least as deep or refining its own open bound.
        #[default]
        "depth" => Depth,
        /// Two entries per bucket: a depth-preferred slot whose loser moves to an always-replace slot.
        "two_deep" => TwoDeep,
        /// As [`ReplacementScheme::TwoDeep`], preferring the larger subtree (in nodes) instead of the deeper one.
        "two_big" => TwoBig,
        /// Three entries per bucket; a store evicts the entry with the least `depth − 8·age`, age counted in root
        /// searches ([`TranspositionTable::new_search`](crate::search::TranspositionTable::new_search)).
        "aged" => Aged,
    }
}

impl ReplacementScheme {
    /// Entries per bucket.
    pub const fn ways(self) -> usize {
        match self {
            ReplacementScheme::Always => super::always::AlwaysReplace::WAYS,
            ReplacementScheme::Depth => super::depth_preferred::DepthPreferred::WAYS,
            ReplacementScheme::TwoDeep => super::two_deep::TwoDeep::WAYS,
            ReplacementScheme::TwoBig => super::two_big::TwoBig::WAYS,
            ReplacementScheme::Aged => super::aged::Aged::WAYS,
        }
    }
}
