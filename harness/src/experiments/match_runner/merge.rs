//! `harness match merge`: the pairs of several run folders of one match (shards, or parts played apart) counted
//! as one match.

use super::folder::MatchFolder;
use super::journal::{Journal, JournalWriter};
use super::record::GameLine;
use super::run::SUMMARY_FILE;
use super::settings::{SETTINGS_FILE, SettingsRecord, Shard};
use super::summary::MatchSummary;
use super::tally::Tally;
use crate::exit::Failure;
use crate::record::{RunMetadata, write_atomic};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Checks that the folders hold one match (same bots, seed, openings, turn cap and bounds) and no pair twice,
/// and returns the final line over all their pairs in pair order. The SPRT is applied once, to the union. With
/// `out`, the union is also written as one match folder under it (`match.json` with shard 1/1 and the largest
/// game count of the parts, `games.jsonl` in pair order, `summary.txt`, `summary.json`), which `harness report`
/// renders like any match; the folder's path is returned beside the line.
pub(crate) fn merge(
    dirs: &[PathBuf],
    out: Option<&Path>,
) -> anyhow::Result<(String, Option<PathBuf>)> {
    let mut first: Option<(SettingsRecord, &PathBuf)> = None;
    let mut pairs: BTreeMap<u64, ([GameLine; 2], &PathBuf)> = BTreeMap::new();
    let mut games_max = 0;
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
        games_max = games_max.max(record.games);
        if first.is_none() {
            first = Some((record, dir));
        }
    }
    let (record, _) = first.ok_or_else(|| Failure::BadInput.because("no folder to merge"))?;
    let bounds = record.bounds();
    let mut tally = Tally::default();
    for (index, (pair, dir)) in &pairs {
        tally.add(pair).ok_or_else(|| {
            Failure::BadInput.because(format!(
                "{}: pair {index} has a result that is not 1-0, 0-1 or 1/2-1/2",
                dir.display()
            ))
        })?;
    }
    let line = tally.final_line(&bounds);
    let Some(out) = out else {
        return Ok((line, None));
    };
    let record = SettingsRecord {
        shard: Shard::ALL.to_string(),
        games: games_max,
        ..record
    };
    let folder = MatchFolder::create(out, &RunMetadata::collect(record.seed))?;
    write_atomic(&folder.path().join(SETTINGS_FILE), record.text().as_bytes())?;
    let mut journal = JournalWriter::open(folder.path())?;
    for (pair, _) in pairs.values() {
        journal.append(pair)?;
    }
    write_atomic(
        &folder.path().join(SUMMARY_FILE),
        format!("{line}\n").as_bytes(),
    )?;
    MatchSummary::of(&record, &tally).write(folder.path())?;
    Ok((line, Some(folder.finish()?)))
}
