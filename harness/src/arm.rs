//! The one arm id: every experiment's arm as typed fields, with its label, title and file stem derived here.
//!
//! Each experiment varies its own coordinates (the expansion: cache x evaluator x traversal; the search: pruning x
//! table x cache; the bounded cache and the transposition-table sweep: a replacement rule at a size, or no bound;
//! the catalogue eviction: a rule at a budget),
//! so [`ArmId`] has one variant per kind of arm, and each experiment holds the typed coordinates of its kind.
//! Tables, console lines, chart titles and file names all name an arm through [`ArmId::label`],
//! [`ArmId::title`] and [`ArmId::file_stem`], so one arm reads the same everywhere.
//!
//! The CSV columns stay names (see `record::ArmKey` and the record types): a row's names are written from these
//! types and parsed back into them with `record::Known`, so an older run's unknown name reads as absent.

use crate::evaluators::EvaluatorKind;
use crate::eviction_policy::PolicyKind;
use engine::chance::Traversal;
use engine::memo::{BoundedPolicy, CacheKind};
use engine::search::{Pruning, ReplacementScheme};
use std::fmt;

/// A store that keeps everything, or one bounded by a replacement rule `R` at `size` entries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Capacity<R> {
    /// Every entry kept.
    Unbounded,
    /// At most `size` entries, `rule` choosing what to evict.
    Bounded {
        /// The replacement rule.
        rule: R,
        /// Entries (slots) the store may hold.
        size: usize,
    },
}

impl<R: Copy> Capacity<R> {
    /// The rule, `None` when unbounded.
    pub(crate) fn rule(self) -> Option<R> {
        match self {
            Capacity::Unbounded => None,
            Capacity::Bounded { rule, .. } => Some(rule),
        }
    }

    /// The size in entries, `None` when unbounded.
    pub(crate) fn size(self) -> Option<usize> {
        match self {
            Capacity::Unbounded => None,
            Capacity::Bounded { size, .. } => Some(size),
        }
    }
}

impl<R: engine::names::ClosedNames> Capacity<R> {
    /// The rule's name, or `unbounded`: the `policy` / `scheme` column of the CSVs.
    pub(crate) fn rule_name(self) -> &'static str {
        self.rule().map_or(UNBOUNDED, R::name)
    }

    /// The arm a CSV row names by its rule column and size: `unbounded` without a size, or a known rule with one;
    /// `None` for a rule this build does not know or a size that does not fit the rule.
    pub(crate) fn from_names(rule: &str, size: Option<usize>) -> Option<Capacity<R>> {
        match (rule == UNBOUNDED, size) {
            (true, None) => Some(Capacity::Unbounded),
            (false, Some(size)) => Some(Capacity::Bounded {
                rule: rule.parse().ok()?,
                size,
            }),
            _ => None,
        }
    }

    /// Whether `rule` is a name the rule column may hold: `unbounded` or one of `R`'s.
    pub(crate) fn is_rule_name(rule: &str) -> bool {
        rule == UNBOUNDED || R::NAMES.contains(&rule)
    }

    /// [`Capacity::is_rule_name`] as a CSV check: the message names the names the column may hold.
    pub(crate) fn check_rule_name(rule: &str) -> Result<(), String> {
        if Self::is_rule_name(rule) {
            Ok(())
        } else {
            Err(format!(
                "'{rule}' is not one of {}|{UNBOUNDED}",
                R::NAMES.join("|")
            ))
        }
    }
}

/// The name the CSVs record for the unbounded store in their rule column.
pub(crate) const UNBOUNDED: &str = "unbounded";

/// One arm of the nested-expansion experiment (on some scenario family).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ExpansionArm {
    /// Cache variant.
    pub cache: CacheKind,
    /// Evaluator.
    pub eval: EvaluatorKind,
    /// Traversal cache on or off.
    pub traversal: Traversal,
}

impl ExpansionArm {
    /// The same evaluator and traversal with another cache variant.
    #[cfg(test)]
    pub(crate) fn with_cache(self, cache: CacheKind) -> ExpansionArm {
        ExpansionArm { cache, ..self }
    }
}

/// One arm of the search experiment.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SearchArm {
    /// Pruning.
    pub pruning: Pruning,
    /// Whether a transposition table is used.
    pub table: bool,
    /// The evaluation cache.
    pub cache: CacheKind,
}

impl SearchArm {
    /// The unpruned arm every other is measured against: no pruning, no table, no cache.
    pub(crate) const PLAIN: SearchArm = SearchArm {
        pruning: Pruning::None,
        table: false,
        cache: CacheKind::None,
    };

    /// Every pruning x table off/on x cache none/optimized, plain first.
    pub fn all() -> Vec<SearchArm> {
        let mut v = Vec::new();
        for cache in [CacheKind::None, CacheKind::Optimized] {
            for pruning in Pruning::ALL {
                for table in [false, true] {
                    v.push(SearchArm {
                        pruning,
                        table,
                        cache,
                    });
                }
            }
        }
        v
    }

    /// `star2+tt/optimized`-style label ([`ArmId::label`]).
    pub fn label(self) -> String {
        ArmId::Search(self).label()
    }

    /// The `tt` column of `search.csv`: `on` or `off`.
    pub(crate) fn table_name(self) -> &'static str {
        switch_name(self.table)
    }

    /// The arm named by `search.csv`'s `pruning`, `tt` and `variant` columns; `None` when any name is one this
    /// build does not know (a row of an older run).
    pub(crate) fn from_names(pruning: &str, tt: &str, variant: &str) -> Option<SearchArm> {
        Some(SearchArm {
            pruning: pruning.parse().ok()?,
            table: parse_switch(tt)?,
            cache: variant.parse().ok()?,
        })
    }
}

/// `on` or `off`, as the CSVs record a switch.
pub(crate) fn switch_name(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The switch a CSV's `on` / `off` names; `None` for anything else.
pub(crate) fn parse_switch(name: &str) -> Option<bool> {
    match name {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

engine::closed_names! {
    /// Which workload a bounded cache is measured in (a coordinate of `bounded_cache.csv`'s rows beside the
    /// [`CacheArm`]); its name is the one in results and on the command line, declaration order is report order.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
    pub enum Workload: "workload" {
        /// Every successor's nested chance expansion (traversal cache on).
        "expansion" => Expansion,
        /// Every root searched one turn deeper than the family's expansion (Star2, transposition table on).
        "search" => Search,
    }
}

/// A bounded-cache arm: the contract's unbounded `EvaluationCache`, or a `BoundedCache` with a rule and slots.
pub(crate) type CacheArm = Capacity<BoundedPolicy>;

/// A transposition-table arm: the map-backed table that never evicts, or a scheme at a requested entry count (a
/// power of two).
pub type TableArm = Capacity<ReplacementScheme>;

/// One arm of the catalogue-eviction experiment: a rule replayed with a table of `budget` entries (the rules
/// that ignore the budget, `unbounded` and the offline bounds, are run at every budget too, as references).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EvictionArm {
    /// The replacement rule.
    pub policy: PolicyKind,
    /// Entries the table may hold.
    pub budget: usize,
}

/// Which arm a figure belongs to: one variant per experiment's kind of arm.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ArmId {
    /// The nested-expansion experiment.
    Expansion(ExpansionArm),
    /// The search experiment.
    Search(SearchArm),
    /// The bounded evaluation cache.
    BoundedCache(CacheArm),
    /// The transposition-table pressure sweep.
    TtPressure(TableArm),
    /// The catalogue-eviction experiment (and its trace replays).
    Eviction(EvictionArm),
}

impl ArmId {
    /// Short, for tables, console lines and errors: `optimized/material/on`, `star2+tt/optimized`,
    /// `clock@4096`, `depth 2^10`, `unbounded`, `lru@64`.
    pub fn label(self) -> String {
        match self {
            ArmId::Expansion(a) => format!("{}/{}/{}", a.cache, a.eval, a.traversal),
            ArmId::Search(a) => {
                let tt = if a.table { "+tt" } else { "" };
                format!("{}{tt}/{}", a.pruning, a.cache)
            }
            ArmId::BoundedCache(c) => match c {
                Capacity::Unbounded => UNBOUNDED.into(),
                Capacity::Bounded { rule, size } => format!("{rule}@{size}"),
            },
            ArmId::TtPressure(c) => match c {
                Capacity::Unbounded => UNBOUNDED.into(),
                Capacity::Bounded { rule, size } => format!("{rule} 2^{}", log2(size)),
            },
            ArmId::Eviction(a) => format!("{}@{}", a.policy, a.budget),
        }
    }

    /// For chart titles and prose: `cache optimized, evaluator material, traversal on`, `star2 + TT, cache
    /// optimized`, `clock cache, 4096 entries`, `depth table, 2^10 entries`, `unbounded cache`, `lru table, 64
    /// entries`.
    pub(crate) fn title(self) -> String {
        match self {
            ArmId::Expansion(a) => format!(
                "cache {}, evaluator {}, traversal {}",
                a.cache, a.eval, a.traversal
            ),
            ArmId::Search(a) => {
                let tt = if a.table { " + TT" } else { "" };
                format!("{}{tt}, cache {}", a.pruning, a.cache)
            }
            ArmId::BoundedCache(c) => match c {
                Capacity::Unbounded => "unbounded cache".into(),
                Capacity::Bounded { rule, size } => format!("{rule} cache, {size} entries"),
            },
            ArmId::TtPressure(c) => match c {
                Capacity::Unbounded => "unbounded table".into(),
                Capacity::Bounded { rule, size } => {
                    format!("{rule} table, 2^{} entries", log2(size))
                }
            },
            ArmId::Eviction(a) => format!("{} table, {} entries", a.policy, a.budget),
        }
    }

    /// For file names: lower case, `-` between fields, nothing a file system or URL treats specially:
    /// `optimized-material-on`, `star2-tt-optimized`, `clock-4096`, `depth-2p10`, `unbounded`, `lru-64`.
    pub(crate) fn file_stem(self) -> String {
        let stem = match self {
            ArmId::Expansion(a) => format!("{}-{}-{}", a.cache, a.eval, a.traversal),
            ArmId::Search(a) => {
                let tt = if a.table { "-tt" } else { "" };
                format!("{}{tt}-{}", a.pruning, a.cache)
            }
            ArmId::BoundedCache(c) => match c {
                Capacity::Unbounded => UNBOUNDED.into(),
                Capacity::Bounded { rule, size } => format!("{rule}-{size}"),
            },
            ArmId::TtPressure(c) => match c {
                Capacity::Unbounded => UNBOUNDED.into(),
                Capacity::Bounded { rule, size } => format!("{rule}-2p{}", log2(size)),
            },
            ArmId::Eviction(a) => format!("{}-{}", a.policy, a.budget),
        };
        // `work:64` is the one name with a character file names should not carry.
        stem.replace(':', "")
    }
}

/// log2 of a power-of-two size (the transposition-table sweep's sizes are requested as 2^k).
fn log2(size: usize) -> u32 {
    size.trailing_zeros()
}

impl fmt::Display for ArmId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

impl From<ExpansionArm> for ArmId {
    fn from(a: ExpansionArm) -> ArmId {
        ArmId::Expansion(a)
    }
}

impl From<SearchArm> for ArmId {
    fn from(a: SearchArm) -> ArmId {
        ArmId::Search(a)
    }
}

impl From<CacheArm> for ArmId {
    fn from(a: CacheArm) -> ArmId {
        ArmId::BoundedCache(a)
    }
}

impl From<TableArm> for ArmId {
    fn from(a: TableArm) -> ArmId {
        ArmId::TtPressure(a)
    }
}

impl From<EvictionArm> for ArmId {
    fn from(a: EvictionArm) -> ArmId {
        ArmId::Eviction(a)
    }
}

impl fmt::Display for EvictionArm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&ArmId::Eviction(*self).label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(id: impl Into<ArmId>) -> [String; 3] {
        let id = id.into();
        [id.label(), id.title(), id.file_stem()]
    }

    #[test]
    fn an_expansion_arm_is_named_by_its_three_coordinates() {
        let arm = ExpansionArm {
            cache: CacheKind::Optimized,
            eval: EvaluatorKind::Material,
            traversal: Traversal::Cached,
        };
        assert_eq!(
            names(arm),
            [
                "optimized/material/on",
                "cache optimized, evaluator material, traversal on",
                "optimized-material-on"
            ]
        );
        let work = ExpansionArm {
            eval: "work:64".parse().unwrap(),
            ..arm.with_cache(CacheKind::None)
        };
        assert_eq!(names(work)[2], "none-work64-on");
    }

    #[test]
    fn a_search_arm_keeps_its_label_and_reads_back_from_its_csv_names() {
        let arm = SearchArm {
            pruning: Pruning::Star2,
            table: true,
            cache: CacheKind::Optimized,
        };
        assert_eq!(
            names(arm),
            [
                "star2+tt/optimized",
                "star2 + TT, cache optimized",
                "star2-tt-optimized"
            ]
        );
        assert_eq!(names(SearchArm::PLAIN)[0], "none/none");
        assert_eq!(
            SearchArm::from_names("star2", arm.table_name(), "optimized"),
            Some(arm)
        );
        assert_eq!(SearchArm::from_names("star9", "on", "optimized"), None);
        assert_eq!(SearchArm::from_names("none", "maybe", "none"), None);
        assert_eq!(SearchArm::all()[0], SearchArm::PLAIN);
    }

    #[test]
    fn the_capacity_arms_share_one_shape() {
        let clock: CacheArm = Capacity::Bounded {
            rule: BoundedPolicy::Clock,
            size: 4096,
        };
        assert_eq!(
            names(clock),
            ["clock@4096", "clock cache, 4096 entries", "clock-4096"]
        );
        assert_eq!(
            names(CacheArm::Unbounded),
            ["unbounded", "unbounded cache", "unbounded"]
        );
        let depth: TableArm = Capacity::Bounded {
            rule: ReplacementScheme::Depth,
            size: 1 << 10,
        };
        assert_eq!(
            names(depth),
            ["depth 2^10", "depth table, 2^10 entries", "depth-2p10"]
        );
        assert_eq!(names(TableArm::Unbounded)[1], "unbounded table");
        assert_eq!(
            (clock.rule(), clock.size(), clock.rule_name()),
            (Some(BoundedPolicy::Clock), Some(4096), "clock")
        );
        assert_eq!(
            (TableArm::Unbounded.size(), TableArm::Unbounded.rule_name()),
            (None, "unbounded")
        );
        assert_eq!(CacheArm::from_names("clock", Some(4096)), Some(clock));
        assert_eq!(
            TableArm::from_names("unbounded", None),
            Some(TableArm::Unbounded)
        );
        assert_eq!(CacheArm::from_names("lru", Some(64)), None);
        assert_eq!(CacheArm::from_names("unbounded", Some(64)), None);
        assert_eq!(CacheArm::from_names("clock", None), None);
        assert!(TableArm::is_rule_name("aged") && TableArm::is_rule_name("unbounded"));
        assert!(!TableArm::is_rule_name("lru"));
    }

    #[test]
    fn an_eviction_arm_is_a_rule_at_a_budget() {
        let arm = EvictionArm {
            policy: PolicyKind::AgingLfu { period: 1000 },
            budget: 64,
        };
        assert_eq!(
            names(arm),
            [
                "aging_lfu_k1000@64",
                "aging_lfu_k1000 table, 64 entries",
                "aging_lfu_k1000-64"
            ]
        );
        assert_eq!(arm.to_string(), "aging_lfu_k1000@64");
    }
}
