//! Every metric name the main job writes, in one enum: the CSVs carry the names, the code carries the variants.

use std::fmt;

macro_rules! metrics {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, )*) => {
        /// A metric of the tidy results CSVs (`counts.csv`, `timings.csv`, `allocations.csv`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub(crate) enum Metric {
            $( $(#[$doc])* $variant, )*
        }

        impl Metric {
            /// Every metric, in declaration order.
            pub(crate) const ALL: &'static [Metric] = &[$( Metric::$variant, )*];

            /// The name in the CSV `metric` column.
            pub(crate) const fn name(self) -> &'static str {
                match self {
                    $( Metric::$variant => $name, )*
                }
            }
        }
    };
}

metrics! {
    /// Outer successors expanded (counting pass and allocation profile).
    Successors = "successors",
    /// Sum of the successors' exact value numerators.
    ValueNumeratorSum = "value_numerator_sum",
    /// Evaluator calls (cache misses).
    EvaluatorCalls = "evaluator_calls",
    /// Cache hits.
    CacheHits = "cache_hits",
    /// Entries retained at the end of each successor's expansion, summed.
    Entries = "entries",
    /// Chance-geometry calls.
    GeometryCalls = "geometry_calls",
    /// Edges of the chance classes.
    ClassEdges = "class_edges",
    /// Turn-generation transitions.
    Transitions = "transitions",
    /// Replays of cached traversals.
    Replays = "replays",
    /// Turn-generation emissions.
    Emissions = "emissions",
    /// Lookups of the instrumented optimized cache.
    ProbeLookups = "probe_lookups",
    /// Lookups whose 32-bit signature matched a slot.
    ProbeSignatureMatches = "probe_signature_matches",
    /// Signature matches on unequal states.
    ProbeSignatureCollisions = "probe_signature_collisions",
    /// Retired: lookups that passed the stored copy itself. Runs before the optimized cache dropped its identity
    /// shortcut recorded it (always 0, since no caller can hold a stored copy); read from them, no longer written.
    ProbeIdentityHits = "probe_identity_hits",
    /// Slot-array doublings.
    GrowthEvents = "growth_events",
    /// Heap blocks the growth schedule predicts.
    GrowthBlocksExpected = "growth_blocks_expected",
    /// Callgrind instructions of the measured operation.
    InstructionsTotal = "instructions_total",
    /// Callgrind instructions per operation.
    InstructionsPerOp = "instructions_per_op",
    /// Modelled cycles per operation (L1 hits + 5·LL hits + 35·RAM hits).
    EstimatedCyclesPerOp = "estimated_cycles_per_op",
    /// Simulated L1 misses of the measured operation.
    L1MissesTotal = "l1_misses_total",
    /// Simulated last-level misses of the measured operation.
    LlMissesTotal = "ll_misses_total",
    /// Successors in the callgrind operation.
    CallgrindOpSuccessors = "callgrind_op_successors",
    /// Lookups of the callgrind operation.
    CallgrindOpLookups = "callgrind_op_lookups",
    /// Evaluator calls of the callgrind operation.
    CallgrindOpEvaluatorCalls = "callgrind_op_evaluator_calls",
    /// Instructions one evaluator call costs beyond a constant evaluator.
    EvaluatorInstructionsPerCall = "evaluator_instructions_per_call",
    /// Instructions per lookup the optimized cache adds.
    ProbeInstructionsPerLookup = "probe_instructions_per_lookup",
    /// Runs before `intervals.csv` (read, no longer written, like every interval row below; all before the timing
    /// kernel): nanoseconds per operation, the median of rounds.
    NsPerOpMedian = "ns_per_op_median",
    /// Lower end of its 95% interval.
    NsPerOpCi95Low = "ns_per_op_ci95_low",
    /// Upper end of its 95% interval.
    NsPerOpCi95High = "ns_per_op_ci95_high",
    /// Coverage of that interval.
    NsPerOpCiCoverage = "ns_per_op_ci_coverage",
    /// Timed rounds (over all sessions).
    Rounds = "rounds",
    /// Sessions (fresh timing processes) the rounds ran in.
    Sessions = "sessions",
    /// User CPU nanoseconds per operation over the timed samples (`getrusage` of the timing thread).
    UserNsPerOp = "user_ns_per_op",
    /// System CPU nanoseconds per operation over the timed samples.
    SysNsPerOp = "sys_ns_per_op",
    /// Minor page faults per operation over the timed samples.
    MinorFaultsPerOp = "minor_faults_per_op",
    /// Major page faults per operation over the timed samples.
    MajorFaultsPerOp = "major_faults_per_op",
    /// Runs before the timing kernel: the most rounds the setting could have taken.
    RoundsCap = "rounds_cap",
    /// Runs before the timing kernel: family passes per timed sample.
    PassesPerSample = "passes_per_sample",
    /// Runs before `intervals.csv`: speedup over `none` = time(none) / time(variant), paired per round, median.
    SpeedupVsNoneMedian = "speedup_vs_none_median",
    /// Lower end of its 95% interval.
    SpeedupVsNoneCi95Low = "speedup_vs_none_ci95_low",
    /// Upper end of its 95% interval.
    SpeedupVsNoneCi95High = "speedup_vs_none_ci95_high",
    /// Runs before `intervals.csv`: speedup over `tuple` = time(tuple) / time(variant), paired per round, median.
    SpeedupVsTupleMedian = "speedup_vs_tuple_median",
    /// Lower end of its 95% interval.
    SpeedupVsTupleCi95Low = "speedup_vs_tuple_ci95_low",
    /// Upper end of its 95% interval.
    SpeedupVsTupleCi95High = "speedup_vs_tuple_ci95_high",
    /// Heap blocks allocated during one pass.
    TotalBlocks = "total_blocks",
    /// Heap bytes allocated during one pass.
    TotalBytes = "total_bytes",
    /// Largest live heap during the pass above its start.
    PeakLiveBytes = "peak_live_bytes",
    /// Blocks per operation.
    BlocksPerOp = "blocks_per_op",
    /// Bytes per operation.
    BytesPerOp = "bytes_per_op",
}

impl Metric {
    /// The main job's counting-pass metrics, in the order `counts.csv` lists them: what every cache variant must
    /// agree on, and what `harness compare` requires to be equal between two revisions.
    pub(crate) const COUNTING_PASS: [Metric; 10] = [
        Metric::Successors,
        Metric::ValueNumeratorSum,
        Metric::EvaluatorCalls,
        Metric::CacheHits,
        Metric::Entries,
        Metric::GeometryCalls,
        Metric::ClassEdges,
        Metric::Transitions,
        Metric::Replays,
        Metric::Emissions,
    ];

    /// The optimized cache's table counts (`counts.csv`, one set per family).
    pub(crate) const PROBES: [Metric; 3] = [
        Metric::ProbeLookups,
        Metric::ProbeSignatureMatches,
        Metric::ProbeSignatureCollisions,
    ];

    /// The optimized cache's growth counts (`counts.csv`, one set per family).
    pub(crate) const GROWTH: [Metric; 2] = [Metric::GrowthEvents, Metric::GrowthBlocksExpected];

    /// The callgrind figures of one measured arm (`counts.csv`).
    pub(crate) const INSTRUCTIONS: [Metric; 2] =
        [Metric::InstructionsTotal, Metric::InstructionsPerOp];

    /// The callgrind cache-simulation counts (`counts.csv`): every arm with one has all, and a `--quick` run, whose
    /// children do not simulate the caches, has none.
    pub(crate) const CACHE_SIMULATION: [Metric; 3] = [
        Metric::EstimatedCyclesPerOp,
        Metric::L1MissesTotal,
        Metric::LlMissesTotal,
    ];

    /// The counts of the operation callgrind measured, per measured arm (`counts.csv`).
    pub(crate) const CALLGRIND_OPERATION: [Metric; 3] = [
        Metric::CallgrindOpSuccessors,
        Metric::CallgrindOpLookups,
        Metric::CallgrindOpEvaluatorCalls,
    ];

    /// The figures of one profiled arm (`allocations.csv`).
    pub(crate) const ALLOCATION: [Metric; 6] = [
        Metric::Successors,
        Metric::TotalBlocks,
        Metric::TotalBytes,
        Metric::PeakLiveBytes,
        Metric::BlocksPerOp,
        Metric::BytesPerOp,
    ];

    /// The metric with this CSV name.
    pub(crate) fn from_name(name: &str) -> Option<Metric> {
        Metric::ALL.iter().copied().find(|m| m.name() == name)
    }

    /// Whether a value below zero is meaningful (only the sum of value numerators; every other metric counts,
    /// times or divides non-negative quantities).
    pub(crate) const fn may_be_negative(self) -> bool {
        matches!(self, Metric::ValueNumeratorSum)
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = Metric::ALL.iter().map(|m| m.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Metric::ALL.len());
        assert_eq!(Metric::from_name("cache_hits"), Some(Metric::CacheHits));
        assert_eq!(Metric::from_name("cache hits"), None);
        assert!(
            Metric::ALL
                .iter()
                .all(|m| Metric::from_name(m.name()) == Some(*m))
        );
    }
}
