//! `harness match merge`: the N shards of one match counted as one match, or a refusal (bad input naming the shard
//! and the reason) whenever the union would not be exactly the unsharded match: a shard missing, unfinished or
//! given twice, a torn or malformed line, a pair missing, doubled or not the shard's, shards of different matches.
//! Pairs are streamed from the shards in pair order, so memory does not grow with the game count.

use super::folder::{MatchFolder, listed, match_folders_in};
use super::journal::{GAMES_FILE, PairReader, ReadPair};
use super::luck;
use super::run::Running;
use super::settings::{Agree, SETTINGS_FILE, SettingsRecord, Shard};
use super::summary::{MatchSummary, SUMMARY_JSON};
use crate::exit::Failure;
use crate::record::RunMetadata;
use crate::record::is_partial;
use crate::statistics::sprt::SprtVerdict;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One completed shard: its folder, settings and the pair count its summary records.
struct ShardFolder {
    dir: PathBuf,
    record: SettingsRecord,
    shard: Shard,
    summary: MatchSummary,
}

fn refuse(msg: String) -> anyhow::Error {
    Failure::BadInput.because(format!("match merge: {msg}"))
}

/// The match folder `given` names: itself, or the one match folder inside a shard's `--out` folder.
fn match_folder_of(given: &Path) -> anyhow::Result<PathBuf> {
    if !given.is_dir() {
        return Err(refuse(format!("{}: no such folder", given.display())));
    }
    let unfinished = |dir: &Path| {
        refuse(format!(
            "{}: an unfinished shard (.partial); run its command again (it continues the folder) before merging",
            dir.display()
        ))
    };
    if is_partial(given) {
        return Err(unfinished(given));
    }
    if given.join(SETTINGS_FILE).exists() {
        return Ok(given.to_path_buf());
    }
    let inside = match_folders_in(given)?;
    if let Some(p) = inside.iter().find(|p| is_partial(p)) {
        return Err(unfinished(p));
    }
    match inside.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(refuse(format!(
            "{}: neither a match folder nor a folder holding one",
            given.display()
        ))),
        many => Err(refuse(format!(
            "{}: holds {} match folders ({}); name the one to merge",
            given.display(),
            many.len(),
            listed(many)
        ))),
    }
}

impl ShardFolder {
    fn read(given: &Path) -> anyhow::Result<ShardFolder> {
        let dir = match_folder_of(given)?;
        let record = SettingsRecord::read(&dir)?;
        let shard: Shard = record
            .shard
            .parse()
            .map_err(|e| refuse(format!("{}: {e}", dir.join(SETTINGS_FILE).display())))?;
        let path = dir.join(SUMMARY_JSON);
        let summary = MatchSummary::read(&dir)
            .map_err(|e| refuse(format!("shard {shard} ({}): {e}", path.display())))?;
        Ok(ShardFolder {
            dir,
            record,
            shard,
            summary,
        })
    }

    fn name(&self) -> String {
        format!("shard {} ({})", self.shard, self.dir.display())
    }
}

/// Reads the shards' pairs in pair order (pair p from shard p mod N + 1), checking that each shard holds exactly
/// its own pairs, whole, and as many as its summary records, and calls `f` with each.
fn each_pair(
    shards: &[&ShardFolder],
    mut f: impl FnMut(&ReadPair) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let n = shards.len() as u64;
    let mut readers: Vec<(PairReader, u64)> = shards
        .iter()
        .map(|s| PairReader::open(&s.dir).map(|r| (r, 0)))
        .collect::<anyhow::Result<_>>()?;
    let torn = |s: &ShardFolder, r: &PairReader| {
        refuse(format!(
            "{}: {}: {}; a completed shard holds whole pairs only",
            s.name(),
            GAMES_FILE,
            r.dropped.join("; ")
        ))
    };
    let pairs = shards[0].record.games / 2;
    for p in 0..pairs {
        let k = (p % n) as usize;
        let (shard, (reader, read)) = (shards[k], &mut readers[k]);
        let named = |e: anyhow::Error| refuse(format!("{}: {e}", shard.name()));
        match reader.next_pair().map_err(named)? {
            Some(pair) if pair.games[0].pair == p => {
                *read += 1;
                f(&pair)?;
            }
            Some(pair) => {
                return Err(refuse(format!(
                    "{}: pair {} where pair {p} was due (pair {p} is missing, or a pair is doubled or not this \
                     shard's)",
                    shard.name(),
                    pair.games[0].pair
                )));
            }
            None if !reader.dropped.is_empty() => return Err(torn(shard, reader)),
            // A whole match the SPRT stopped holds a prefix of the pairs.
            None if n == 1 && shard.summary.verdict != SprtVerdict::Continue => break,
            None => {
                return Err(refuse(format!(
                    "{}: pair {p} is missing ({GAMES_FILE} ends after {read} pairs of {})",
                    shard.name(),
                    shard.shard.count_in(pairs)
                )));
            }
        }
    }
    for (shard, (reader, read)) in shards.iter().zip(&mut readers) {
        if let Some(extra) = reader
            .next_pair()
            .map_err(|e| refuse(format!("{}: {e}", shard.name())))?
        {
            return Err(refuse(format!(
                "{}: pair {} after its last pair (more pairs than --games {} gives it)",
                shard.name(),
                extra.games[0].pair,
                shard.record.games
            )));
        }
        if !reader.dropped.is_empty() {
            return Err(torn(shard, reader));
        }
        if *read != shard.summary.pairs {
            return Err(refuse(format!(
                "{}: {GAMES_FILE} holds {read} pairs, its {SUMMARY_JSON} {}",
                shard.name(),
                shard.summary.pairs
            )));
        }
    }
    Ok(())
}

/// Checks that the folders (match folders, or shards' `--out` folders holding one) are the N shards of one match
/// and returns the final line over all their pairs in pair order; the SPRT is applied once, to the union. With
/// `out`, the union is also written as one match folder under it: `match.json` with shard 1/1, `games.jsonl`
/// (the shards' lines copied verbatim), `summary.txt` and `summary.json`, byte for byte the unsharded run's.
pub(crate) fn merge(
    dirs: &[PathBuf],
    out: Option<&Path>,
) -> anyhow::Result<(String, Option<PathBuf>)> {
    let shards: Vec<ShardFolder> = dirs
        .iter()
        .map(|d| ShardFolder::read(d))
        .collect::<anyhow::Result<_>>()?;
    let first = shards
        .first()
        .ok_or_else(|| refuse("no folder to merge".to_owned()))?;
    for s in &shards[1..] {
        let differ = first.record.mismatches(&s.record, Agree::Merge);
        if !differ.is_empty() {
            return Err(refuse(format!(
                "{} and {} are not shards of one match: {}",
                first.name(),
                s.name(),
                differ.join("; ")
            )));
        }
    }
    let mut by_index: BTreeMap<u64, &ShardFolder> = BTreeMap::new();
    for s in &shards {
        if let Some(other) = by_index.insert(s.shard.index, s) {
            return Err(refuse(format!(
                "shard {} twice: {} and {}",
                s.shard,
                other.dir.display(),
                s.dir.display()
            )));
        }
    }
    let count = first.shard.count;
    if let Some(k) = (1..=count).find(|k| !by_index.contains_key(k)) {
        return Err(refuse(format!(
            "shard {k}/{count} is missing ({} of {count} shards given)",
            shards.len()
        )));
    }
    let ordered: Vec<&ShardFolder> = by_index.into_values().collect();
    let record = SettingsRecord {
        shard: Shard::ALL.to_string(),
        ..first.record.clone()
    };
    let mut run = Running::default();
    each_pair(&ordered, |pair| {
        let luck = luck::pair_score(&pair.games, record.luck_sprt_scale)?;
        run.add(&pair.games, luck).ok_or_else(|| {
            refuse(format!(
                "pair {}: a result that is not 1-0, 0-1 or 1/2-1/2",
                pair.games[0].pair
            ))
        })
    })?;
    let Some(out) = out else {
        return Ok((run.line(&record), None));
    };
    let folder = MatchFolder::create(out, &RunMetadata::collect(record.seed))?;
    record.write(folder.path())?;
    let file = std::fs::File::create(folder.path().join(GAMES_FILE))?;
    let mut games = std::io::BufWriter::new(file);
    each_pair(&ordered, |pair| Ok(games.write_all(pair.text.as_bytes())?))?;
    games.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    let (line, _) = run.complete(folder.path(), &record)?;
    Ok((line, Some(folder.finish()?)))
}
