//! `harness match merge`: the pairs of several run folders of one match (shards, or parts played apart) counted
//! as one match.

use super::journal::Journal;
use super::record::GameLine;
use super::settings::{SettingsRecord, Shard};
use super::stats::SprtBounds;
use super::tally::Tally;
use crate::exit::Failure;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Checks that the folders hold one match (same bots, seed, openings, turn cap and bounds) and no pair twice,
/// and returns the final line over all their pairs in pair order. The SPRT is applied once, to the union.
pub(crate) fn merge(dirs: &[PathBuf]) -> anyhow::Result<String> {
    let mut first: Option<(SettingsRecord, &PathBuf)> = None;
    let mut pairs: BTreeMap<u64, ([GameLine; 2], &PathBuf)> = BTreeMap::new();
    for dir in dirs {
        let record = SettingsRecord::read(dir)?;
        if let Some((f, fdir)) = &first {
            let differ = f.mismatches(&record, false);
            if !differ.is_empty() {
                return Err(Failure::BadInput.because(format!(
                    "{} and {} are not one match: {}",
                    fdir.display(),
                    dir.display(),
                    differ.join("; ")
                )));
            }
        }
        let shard: Shard = record.shard.parse().map_err(|e| {
            Failure::BadInput.because(format!("{}: {e}", dir.join("match.json").display()))
        })?;
        let journal = Journal::read(dir)?;
        for d in &journal.dropped {
            crate::status!("match merge: {}: ignores {d}", dir.display());
        }
        for pair in journal.pairs {
            let index = pair[0].pair;
            if !shard.owns(index) {
                return Err(Failure::BadInput.because(format!(
                    "{}: pair {index} is not shard {shard}'s",
                    dir.display()
                )));
            }
            if let Some((_, other)) = pairs.get(&index) {
                return Err(Failure::BadInput.because(format!(
                    "pair {index} is in both {} and {}",
                    other.display(),
                    dir.display()
                )));
            }
            pairs.insert(index, (pair, dir));
        }
        if first.is_none() {
            first = Some((record, dir));
        }
    }
    let (record, _) = first.ok_or_else(|| Failure::BadInput.because("no folder to merge"))?;
    let bounds = SprtBounds {
        elo0: record.elo0,
        elo1: record.elo1,
        alpha: record.alpha,
        beta: record.beta,
    };
    let mut tally = Tally::default();
    for (index, (pair, dir)) in &pairs {
        tally.add(pair).ok_or_else(|| {
            Failure::BadInput.because(format!(
                "{}: pair {index} has a result that is not 1-0, 0-1 or 1/2-1/2",
                dir.display()
            ))
        })?;
    }
    Ok(tally.final_line(&bounds))
}
