//! Replaying a stream through one policy at one budget, with the original experiment's assertion that every budgeted run sees
//! exactly the free run's lookups (same count, same sequence).

use super::policy::{Tally, fingerprint};
use super::spec::PolicyKind;
use super::stream::LookupStream;
use crate::arm::EvictionArm;

/// What the free (unbudgeted) run of a stream saw; every budgeted run is checked against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StreamCheck {
    /// Lookups in the free run.
    pub lookups: u64,
    /// Fingerprint of the free run's key sequence.
    pub fingerprint: u64,
}

impl StreamCheck {
    /// The reference for `stream`.
    pub(crate) fn of(stream: &LookupStream) -> Self {
        Self::of_keys(&stream.keys)
    }

    /// The reference for a bare key sequence.
    pub(crate) fn of_keys(keys: &[u32]) -> Self {
        StreamCheck {
            lookups: keys.len() as u64,
            fingerprint: fingerprint(keys),
        }
    }
}

/// A run that did not see the free run's stream: its rates would compare two different experiments.
#[derive(Debug, Clone, thiserror::Error)]
#[error(
    "{arm} saw {got_lookups} lookups (fingerprint {got_fp:016x}) but the free run made {want_lookups} (fingerprint {want_fp:016x}): not the same stream"
)]
pub(crate) struct StreamMismatch {
    /// The failing run's rule and budget.
    pub arm: EvictionArm,
    /// Lookups the run saw.
    pub got_lookups: u64,
    /// Lookups of the free run.
    pub want_lookups: u64,
    /// Fingerprint the run saw.
    pub got_fp: u64,
    /// Fingerprint of the free run.
    pub want_fp: u64,
}

/// One policy's run over one stream at one budget.
#[derive(Debug, Clone)]
pub(crate) struct RunResult {
    /// What the run counted.
    pub tally: Tally,
    /// The table at the end of the run.
    pub resident: Vec<u32>,
}

/// Replays `stream` through `policy` at `budget` and checks it against the free run's `check`.
pub(crate) fn replay(
    policy: PolicyKind,
    budget: usize,
    stream: &LookupStream,
    check: &StreamCheck,
) -> Result<RunResult, StreamMismatch> {
    replay_keys(policy, budget, &stream.keys, stream.universe(), check)
}

/// [`replay`] over bare keys `0..universe` (a stream or a trace read from a file).
pub(crate) fn replay_keys(
    policy: PolicyKind,
    budget: usize,
    keys: &[u32],
    universe: usize,
    check: &StreamCheck,
) -> Result<RunResult, StreamMismatch> {
    let mut p = policy.build(budget, keys, universe);
    let tally = p.replay(keys, universe);
    if tally.lookups != check.lookups || tally.fingerprint != check.fingerprint {
        return Err(StreamMismatch {
            arm: EvictionArm { policy, budget },
            got_lookups: tally.lookups,
            want_lookups: check.lookups,
            got_fp: tally.fingerprint,
            want_fp: check.fingerprint,
        });
    }
    Ok(RunResult {
        tally,
        resident: p.resident(),
    })
}
