//! Parity before timing: every variant must agree on values and telemetry, or nothing is timed.

use super::{Arm, CountResult};
use crate::arm::ArmId;
use engine::memo::CacheKind;

/// A parity failure, with a report naming the arm, the successor and both values.
#[derive(Debug, thiserror::Error)]
#[error("parity failure in {family} / {}: {message}", arm.title())]
pub struct ParityError {
    /// Family name.
    pub family: String,
    /// The arm that disagreed (shown by its title).
    pub arm: ArmId,
    /// What differs.
    pub message: String,
}

/// Checks one family x evaluator x traversal group: `results` holds one counting pass per cache variant.
///
/// - values equal `reference` (frozen expected values, or another traversal mode's values) when given, and
///   each other;
/// - the memo variants report equal calls, hits and entries; `none` reports calls = memo calls + hits and no hits
///   or entries;
/// - the expansion counters (geometry, transitions, emissions, class edges, replays) are equal across variants.
pub fn check_parity(
    family: &str,
    results: &[(Arm, CountResult)],
    reference: Option<(&str, &[i64])>,
    dfens: &[String],
) -> Result<(), ParityError> {
    let fail = |arm: &Arm, message: String| ParityError {
        family: family.to_owned(),
        arm: ArmId::Expansion(*arm),
        message,
    };
    let Some((first_arm, first)) = results.first() else {
        return Ok(());
    };
    let (ref_name, ref_values) = match reference {
        Some((n, v)) => (n.to_owned(), v),
        None => (
            format!("variant {}", first_arm.cache),
            first.values.as_slice(),
        ),
    };
    let memo_ref = results.iter().find(|(a, _)| a.cache != CacheKind::None);
    for (arm, r) in results {
        if r.values.len() != ref_values.len() {
            return Err(fail(
                arm,
                format!(
                    "{} values for {} successors",
                    r.values.len(),
                    ref_values.len()
                ),
            ));
        }
        if let Some(i) = (0..r.values.len()).find(|&i| r.values[i] != ref_values[i]) {
            return Err(fail(
                arm,
                format!(
                    "successor {i} ({}): value numerator {} but {ref_name} has {}",
                    dfens.get(i).map(String::as_str).unwrap_or("?"),
                    r.values[i],
                    ref_values[i]
                ),
            ));
        }
        if r.chance != first.chance {
            return Err(fail(
                arm,
                format!(
                    "expansion counters {:?} differ from variant {}'s {:?}",
                    r.chance, first_arm.cache, first.chance
                ),
            ));
        }
        if let Some((memo_arm, m)) = memo_ref {
            if arm.cache == CacheKind::None {
                if r.memo.evaluator_calls != m.memo.evaluator_calls + m.memo.cache_hits
                    || r.memo.cache_hits != 0
                    || r.memo.entry_count != 0
                {
                    return Err(fail(
                        arm,
                        format!(
                            "uncached counters {:?} but variant {} has calls + hits = {} + {}",
                            r.memo, memo_arm.cache, m.memo.evaluator_calls, m.memo.cache_hits
                        ),
                    ));
                }
            } else if r.memo != m.memo {
                return Err(fail(
                    arm,
                    format!(
                        "memo counters {:?} differ from variant {}'s {:?}",
                        r.memo, memo_arm.cache, m.memo
                    ),
                ));
            }
        }
    }
    Ok(())
}
