//! The verdict on "a transposition table under pressure can evict almost arbitrarily and lose little": at each
//! size, how much more work the worst scheme does than the best, and below which size the scheme matters.

use crate::experiments::tt_pressure::TtPressureRecord;

/// The question the verdict answers, as it opens.
const QUESTION: &str = "Does the TT replacement scheme matter?";

/// Two schemes whose work differs by more than this fraction are said to differ.
pub(crate) const MATTERS_ABOVE: f64 = 0.05;

/// The schemes at one table size, by nodes relative to the unbounded table.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SizeSpread {
    /// log2 of the requested entry count.
    pub log2: u8,
    /// Whether this size is below the unbounded table's final entry count (the table must evict).
    pub under_pressure: bool,
    /// The scheme with the fewest nodes and its nodes ÷ unbounded.
    pub best: (String, f64),
    /// The scheme with the most nodes and its nodes ÷ unbounded.
    pub worst: (String, f64),
    /// worst ÷ best − 1, in nodes.
    pub extra_nodes: f64,
    /// The same spread in evaluator calls (worst ÷ best − 1 among the schemes' evaluator-call ratios).
    pub extra_calls: f64,
    /// Schemes at this size whose every root decision equals the unbounded table's, of how many.
    pub decisions_equal: (usize, usize),
}

/// The sweep's findings.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TtPressureFindings {
    /// Entries the unbounded table held at the end of the game.
    pub unbounded_entries: u64,
    /// Moves of the game.
    pub moves: u64,
    /// Depth in full turns.
    pub depth_turns: u8,
    /// Every size, ascending (a size with one scheme has no spread: 0).
    pub sizes: Vec<SizeSpread>,
    /// The largest size at which the schemes are more than [`MATTERS_ABOVE`] apart in nodes (they matter at
    /// and below it), or `None` when they never are.
    pub matters_up_to: Option<u8>,
    /// Whether every arm made every root decision the unbounded table made.
    pub all_decisions_equal: bool,
}

impl TtPressureFindings {
    /// The findings of `rows` (one game), or `None` without an unbounded row.
    pub(crate) fn of(rows: &[TtPressureRecord]) -> Option<TtPressureFindings> {
        let base = rows.iter().find(|r| r.is_unbounded())?;
        let mut logs: Vec<u8> = rows.iter().filter_map(|r| r.size_log2).collect();
        logs.sort_unstable();
        logs.dedup();
        let mut sizes = Vec::new();
        for log2 in logs {
            let at: Vec<&TtPressureRecord> =
                rows.iter().filter(|r| r.size_log2 == Some(log2)).collect();
            if at.is_empty() {
                continue;
            }
            // A stable sort: the first of equal lowest and the last of equal highest, as `min_by` and `max_by` pick.
            let by = |f: fn(&TtPressureRecord) -> f64| {
                let mut sorted = at.clone();
                sorted.sort_by(|a, b| f(a).total_cmp(&f(b)));
                (sorted[0], sorted[sorted.len() - 1])
            };
            let (best, worst) = by(|r| r.nodes_vs_unbounded);
            let (fewest_calls, most_calls) = by(|r| r.evaluator_calls_vs_unbounded);
            sizes.push(SizeSpread {
                log2,
                under_pressure: at.iter().any(|r| {
                    r.capacity_entries
                        .is_some_and(|c| c < base.unbounded_entries)
                }),
                best: (best.scheme.clone(), best.nodes_vs_unbounded),
                worst: (worst.scheme.clone(), worst.nodes_vs_unbounded),
                extra_nodes: worst.nodes_vs_unbounded / best.nodes_vs_unbounded - 1.0,
                extra_calls: most_calls.evaluator_calls_vs_unbounded
                    / fewest_calls.evaluator_calls_vs_unbounded
                    - 1.0,
                decisions_equal: (
                    at.iter().filter(|r| r.decisions_equal == r.moves).count(),
                    at.len(),
                ),
            });
        }
        let matters_up_to = sizes
            .iter()
            .rev()
            .find(|s| s.extra_nodes > MATTERS_ABOVE)
            .map(|s| s.log2);
        Some(TtPressureFindings {
            unbounded_entries: base.unbounded_entries,
            moves: base.moves,
            depth_turns: base.depth_turns,
            all_decisions_equal: rows.iter().all(|r| r.decisions_equal == r.moves),
            sizes,
            matters_up_to,
        })
    }

    /// The spread at the smallest size, where the table is under the most pressure.
    pub(crate) fn tightest(&self) -> Option<&SizeSpread> {
        self.sizes.first()
    }

    /// The largest extra work (nodes) of the worst scheme over the best at any size.
    pub(crate) fn largest_extra(&self) -> Option<&SizeSpread> {
        self.sizes
            .iter()
            .max_by(|a, b| a.extra_nodes.total_cmp(&b.extra_nodes))
    }

    /// The verdict, opening with its question, with the figures that decide it.
    pub(crate) fn verdict(&self) -> String {
        let pct = |x: f64| crate::present::number::percent(x);
        let Some(largest) = self
            .largest_extra()
            .filter(|_| self.sizes.iter().any(|s| s.decisions_equal.1 > 1))
        else {
            return format!("{QUESTION} No verdict: fewer than two schemes at any size");
        };
        let at_largest = format!(
            "at 2^{}: {} +{} vs {} +{} nodes over the unbounded table",
            largest.log2,
            largest.worst.0,
            pct(largest.worst.1 - 1.0),
            largest.best.0,
            pct(largest.best.1 - 1.0)
        );
        match self.matters_up_to {
            None => format!(
                "{QUESTION} No, not on this game: at every size the worst scheme does at most {} more nodes \
                 than the best (largest {at_largest})",
                pct(largest.extra_nodes),
            ),
            Some(k) => {
                // The next size measured, not k + 1: a sparse sweep says nothing about the sizes it skipped.
                let above = match self.sizes.iter().find(|s| s.log2 > k) {
                    Some(next) => format!(
                        "; from 2^{} entries (the next size measured) up they are within {}",
                        next.log2,
                        pct(MATTERS_ABOVE)
                    ),
                    None => "; no larger size was measured".to_string(),
                };
                format!(
                    "{QUESTION} Yes, under pressure: at 2^{k} entries and below (the game's unbounded \
                     table held {}) the schemes are more than {} apart in nodes, the worst doing up to {} more than \
                     the best ({at_largest}){above}",
                    crate::present::number::count(self.unbounded_entries),
                    pct(MATTERS_ABOVE),
                    pct(largest.extra_nodes),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::tt_pressure::TtPressureRecord;
    use crate::present::assert_contains;

    fn row(scheme: &str, log2: Option<u8>, nodes_ratio: f64) -> TtPressureRecord {
        TtPressureRecord {
            unbounded_entries: 1000,
            decisions_equal: 10,
            nodes_vs_unbounded: nodes_ratio,
            evaluator_calls_vs_unbounded: nodes_ratio,
            ..crate::experiments::tt_pressure::row::tests::record(scheme, log2)
        }
    }

    #[test]
    fn the_scheme_matters_up_to_the_largest_size_more_than_five_percent_apart() {
        let rows = vec![
            row("always", Some(4), 1.5),
            row("depth", Some(4), 1.2),
            row("always", Some(8), 1.07),
            row("depth", Some(8), 1.0),
            row("always", Some(12), 1.04),
            row("depth", Some(12), 1.0),
            row("unbounded", None, 1.0),
        ];
        let f = TtPressureFindings::of(&rows).unwrap();
        assert_eq!(f.matters_up_to, Some(8));
        assert!((f.sizes[0].extra_nodes - 0.25).abs() < 1e-12);
        assert_eq!(f.sizes[0].worst.0, "always");
        let pressure: Vec<bool> = f.sizes.iter().map(|s| s.under_pressure).collect();
        assert_eq!(pressure, [true, true, false], "1,000 entries fit in 2^12");
        assert_contains(
            &f.verdict(),
            &["from 2^12 entries (the next size measured) up"],
        );
        let close: Vec<_> = rows
            .iter()
            .filter(|r| r.size_log2 != Some(4) && r.size_log2 != Some(8))
            .cloned()
            .collect();
        let f = TtPressureFindings::of(&close).unwrap();
        assert_eq!(f.matters_up_to, None);
        assert!(
            f.verdict()
                .starts_with("Does the TT replacement scheme matter? No, not on this game"),
            "{}",
            f.verdict()
        );
        assert!(f.all_decisions_equal);
    }

    #[test]
    fn of_examples() {
        use crate::experiments::tt_pressure::TtPressureFindings;
        assert!(TtPressureFindings::of(&[]).is_none());
    }
}
