//! One setting's timings (family x evaluator x traversal, its cache variants against each other) from the
//! kernel's sessions ([`crate::measure::kernel`]): each arm's typical time per successor, its speedups over `none`
//! and `tuple`, and its CPU time and page faults per operation.

use super::Arm;
use crate::measure::kernel::{SessionTimes, flattened, speedup, typical_time};
use crate::measure::usage::Usage;
use crate::statistics::Interval;
use engine::memo::CacheKind;

/// Timings of one arm.
#[derive(Clone, Debug)]
pub(crate) struct ArmTiming {
    /// The arm.
    pub arm: Arm,
    /// Nanoseconds per operation (one outer successor's full expansion with fresh caches): the geometric mean over
    /// sessions of each session's geometric mean, with a Student-t interval over sessions.
    pub ns_per_op: Interval,
    /// Speedup over `none`: time(none) / time(this arm) from the paired samples, > 1 = faster (when `none` was
    /// timed in the setting); its point is the quotient of the two `ns_per_op` points.
    pub speedup_vs_none: Option<Interval>,
    /// Speedup over `tuple`, likewise (when timed).
    pub speedup_vs_tuple: Option<Interval>,
    /// Rounds over all sessions.
    pub rounds: usize,
    /// CPU time and page faults per operation over its samples (`None` where the system does not say).
    pub(crate) usage: Option<Usage>,
}

/// The speedup of `arms[i]` over `base` from `sessions` (the arms timed as one comparison group, in order).
pub(crate) fn speedup_over(
    arms: &[Arm],
    sessions: &[SessionTimes],
    base: CacheKind,
    other: CacheKind,
) -> Option<Interval> {
    let find = |kind: CacheKind| arms.iter().position(|a| a.cache == kind);
    let (times, session) = flattened(sessions, arms.len());
    speedup(&times[find(base)?], &times[find(other)?], &session)
}

/// Every arm's timing from the setting's sessions (`None` for an arm without a round).
pub(crate) fn arm_timings(arms: &[Arm], sessions: &[SessionTimes]) -> Vec<ArmTiming> {
    let (times, session) = flattened(sessions, arms.len());
    let find = |kind: CacheKind| arms.iter().position(|a| a.cache == kind);
    let (none, tuple) = (find(CacheKind::None), find(CacheKind::Tuple));
    arms.iter()
        .enumerate()
        .filter_map(|(i, &arm)| {
            let usage = sessions
                .iter()
                .filter_map(|s| Some((s.usage.get(i).copied().flatten()?, *s.samples.get(i)?)))
                .fold(None, |acc: Option<(Usage, u64)>, (u, n)| {
                    let (su, sn) = acc.unwrap_or_default();
                    Some((su.plus(u), sn + n))
                })
                .map(|(u, n)| u.per(n as f64));
            Some(ArmTiming {
                arm,
                ns_per_op: typical_time(&times[i], &session)?,
                speedup_vs_none: none.and_then(|j| speedup(&times[j], &times[i], &session)),
                speedup_vs_tuple: tuple.and_then(|j| speedup(&times[j], &times[i], &session)),
                rounds: times[i].len(),
                usage,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluators::EvaluatorKind;
    use engine::chance::Traversal;

    #[test]
    fn every_arm_gets_its_time_its_speedups_and_its_usage() {
        let arm = |cache| Arm {
            cache,
            eval: EvaluatorKind::Material,
            traversal: Traversal::Cached,
        };
        let arms = [arm(CacheKind::None), arm(CacheKind::Optimized)];
        let session = |f: f64| SessionTimes {
            rounds: vec![vec![200.0 * f, 100.0 * f], vec![220.0 * f, 100.0 * f]],
            first: vec![0, 1],
            usage: vec![
                Some(Usage {
                    user_ns: 400.0,
                    ..Usage::default()
                }),
                None,
            ],
            samples: vec![4, 4],
        };
        let t = arm_timings(&arms, &[session(1.0), session(1.1), session(0.9)]);
        assert_eq!(t.len(), 2);
        assert_eq!((t[0].rounds, t[0].ns_per_op.n), (6, 3));
        assert!(t[0].speedup_vs_none.is_some() && t[0].speedup_vs_tuple.is_none());
        let s = t[1].speedup_vs_none.unwrap();
        assert!((s.point - t[0].ns_per_op.point / t[1].ns_per_op.point).abs() < 1e-12);
        assert!(s.point > 2.0 && s.point < 2.2);
        assert_eq!(t[0].usage.unwrap().user_ns, 100.0);
        assert!(t[1].usage.is_none());
        let judged = speedup_over(
            &arms,
            &[session(1.0), session(1.1)],
            CacheKind::None,
            CacheKind::Optimized,
        )
        .unwrap();
        assert_eq!(judged.n, 2);
    }
}
