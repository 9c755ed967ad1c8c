//! What one search did, counted.

/// Work counters of a search (summed over iterations for iterative deepening).
///
/// ```
/// use engine::search::SearchCounters;
/// let mut a = SearchCounters { nodes: 2, leaves: 5, ..SearchCounters::default() };
/// a += SearchCounters { nodes: 1, tt_probes: 4, ..SearchCounters::default() };
/// assert_eq!((a.nodes, a.leaves, a.tt_probes), (3, 5, 4));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct SearchCounters {
    /// Nodes visited: the root, chance nodes and roll (decision) nodes, table hits included.
    pub nodes: u64,
    /// Leaf evaluations requested from the evaluation memo (evaluator calls plus cache hits).
    pub leaves: u64,
    /// Actual evaluator callback calls (the memo's misses).
    pub evaluator_calls: u64,
    /// Leaf evaluations the memo answered from an earlier result.
    pub cache_hits: u64,
    /// Transposition-table probes.
    pub tt_probes: u64,
    /// Probes that found an intact entry for the key with the same remaining depth.
    pub tt_hits: u64,
    /// Hits whose value or bound answered the node without searching it.
    pub tt_cutoffs: u64,
    /// Stores that wrote their entry.
    pub tt_stores: u64,
    /// Stores that replaced another key's intact entry.
    pub tt_overwrites: u64,
    /// Opponent roll classes found to capture our king (each visit counted, table hits excluded).
    pub loss_tainted_rolls: u64,
}

impl std::ops::AddAssign for SearchCounters {
    fn add_assign(&mut self, o: SearchCounters) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
        self.evaluator_calls += o.evaluator_calls;
        self.cache_hits += o.cache_hits;
        self.tt_probes += o.tt_probes;
        self.tt_hits += o.tt_hits;
        self.tt_cutoffs += o.tt_cutoffs;
        self.tt_stores += o.tt_stores;
        self.tt_overwrites += o.tt_overwrites;
        self.loss_tainted_rolls += o.loss_tainted_rolls;
    }
}
