//! Playing a match into its run folder: new or resumed, pairs in parallel, results taken in pair order.

use super::folder::{MatchFolder, unfinished_in};
use super::journal::{Journal, JournalWriter};
use super::luck;
use super::pair::play_pair;
use super::record::GameLine;
use super::settings::{Agree, MatchSettings, SETTINGS_FILE, SettingsRecord};
use super::summary::{AdjustedSprtJson, MatchSummary};
use super::tally::Tally;
use crate::exit::Failure;
use crate::progress::Progress;
use crate::record::{RunMetadata, write_atomic};
use crate::statistics::Interval;
use crate::statistics::sprt::SprtVerdict;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// The summary file a completed match folder holds: the final line (beside `summary.json`, [`MatchSummary`]).
pub(crate) const SUMMARY_FILE: &str = "summary.txt";

/// Where a match writes.
pub(crate) enum Destination<'a> {
    /// A new folder under this base.
    New(&'a Path),
    /// The folder of an interrupted (or finished) match to continue.
    Resume(&'a Path),
}

/// A finished match: its final line and folder.
pub(crate) struct Finished {
    pub line: String,
    pub folder: PathBuf,
}

/// Checks a resumed folder against `settings` and reads its complete pairs; changes nothing on disk.
fn check_resume(dir: &Path, settings: &MatchSettings) -> anyhow::Result<Journal> {
    let recorded = SettingsRecord::read(dir)?;
    let ours = settings.record();
    let differ = recorded.mismatches(&ours, Agree::Resume);
    if !differ.is_empty() {
        return Err(Failure::BadInput.because(format!(
            "--resume {}: the folder's match differs from this one: {} (folder vs command line)",
            dir.display(),
            differ.join("; ")
        )));
    }
    let journal = Journal::read(dir)?;
    let mut expected = settings.assigned();
    for (k, pair) in journal.pairs.iter().enumerate() {
        let bad = |msg: String| {
            Failure::BadInput.because(format!(
                "--resume {}: pair record {} ({}): {msg}",
                dir.display(),
                k + 1,
                journal.path.display()
            ))
        };
        let Some(want) = expected.next() else {
            return Err(bad(format!(
                "the folder holds {} pairs, more than --games {} gives this shard",
                journal.pairs.len(),
                settings.games
            )));
        };
        if pair[0].pair != want {
            return Err(bad(format!(
                "pair {} where pair {want} was due",
                pair[0].pair
            )));
        }
        let (dfen, _) = settings.openings.for_pair(want);
        let seed = engine::game::pair_seed(settings.seed, want);
        for (g, line) in pair.iter().enumerate() {
            let (white, black) = [(&ours.a, &ours.b), (&ours.b, &ours.a)][g];
            if line.opening != dfen
                || line.seed != seed
                || line.white != *white
                || line.black != *black
            {
                return Err(bad(format!(
                    "game {g} names another opening, seed or bots than this match gives pair {want}"
                )));
            }
        }
    }
    Ok(journal)
}

/// Plays the match (or the rest of it) and completes its folder. A new match first looks under `out` for an
/// unfinished folder of itself ([`super::folder::unfinished_in`]) and continues that one, so a restarted command
/// never starts a second folder.
pub(crate) fn play(
    settings: &MatchSettings,
    destination: Destination<'_>,
    concurrency: usize,
) -> anyhow::Result<Finished> {
    let (folder, done) = match destination {
        Destination::New(out) => match unfinished_in(out, &settings.record())? {
            Some(dir) => {
                crate::status!(
                    "match: {} is an unfinished folder of this match (a restarted run): continuing it",
                    dir.display()
                );
                resume(settings, &dir)?
            }
            None => start(
                settings,
                MatchFolder::create(out, &RunMetadata::collect(settings.seed))?,
            )?,
        },
        Destination::Resume(dir) => resume(settings, dir)?,
    };
    let mut run = Running::default();
    let mut stopped = false;
    for pair in &done {
        run.add(pair, luck::pair_score(pair, settings.luck_sprt)?)
            .ok_or_else(|| {
                Failure::BadInput.because("games.jsonl: a result is not 1-0, 0-1 or 1/2-1/2")
            })?;
        stopped = run.stop(settings);
        if stopped {
            break;
        }
    }
    let total = settings.shard.count_in(settings.pairs());
    if !stopped && (done.len() as u64) < total {
        let todo = settings.assigned().skip(done.len());
        stopped = play_pairs(settings, &folder, todo, total, concurrency, &mut run)?;
    }
    if run.tally.void() {
        crate::status!(
            "match: void: both bots played the same turns in all {} pairs, so the games cannot tell them apart; \
             its Elo figures are no finding",
            run.tally.pairs
        );
    }
    let (line, summary) = run.complete(folder.path(), &settings.record())?;
    if stopped {
        let c = summary.stop_corrected.as_ref();
        crate::status!(
            "match: the SPRT stopped the match after {} pairs; nElo {}; logistic Elo {}",
            run.tally.pairs,
            naive_and_corrected(summary.nelo, c.map(|c| c.nelo)),
            naive_and_corrected(summary.logistic_elo, c.map(|c| c.logistic_elo))
        );
    }
    let folder = folder.finish()?;
    Ok(Finished { line, folder })
}

/// `naive P [L, H], corrected for the stop P [L, H]` (the second part only with a correction), to one decimal.
fn naive_and_corrected(naive: Interval, corrected: Option<Interval>) -> String {
    let brief = |p: f64, l: f64, h: f64| format!("{p:.1} [{l:.1}, {h:.1}]");
    let c = corrected.map_or_else(String::new, |c| {
        format!(", corrected for the stop {}", brief(c.point, c.low, c.high))
    });
    format!("naive {}{c}", brief(naive.point, naive.low, naive.high))
}

/// Starts the match in `folder` (new, or reserved and killed before it started).
fn start(
    settings: &MatchSettings,
    folder: MatchFolder,
) -> anyhow::Result<(MatchFolder, Vec<[GameLine; 2]>)> {
    settings.record().write(folder.path())?;
    JournalWriter::open(folder.path())?;
    Ok((folder, Vec::new()))
}

/// Takes the folder `dir` over (locked) and checks it against `settings`; a refused one is left unchanged.
fn resume(
    settings: &MatchSettings,
    dir: &Path,
) -> anyhow::Result<(MatchFolder, Vec<[GameLine; 2]>)> {
    let folder = MatchFolder::open(dir)?;
    if folder.unstarted() {
        crate::status!(
            "match: {} was killed before its {SETTINGS_FILE} was written and holds no games: the match starts \
             in it",
            dir.display()
        );
        let meta = RunMetadata::collect(settings.seed).to_key_values();
        write_atomic(&folder.path().join("metadata.txt"), meta.as_bytes())?;
        return start(settings, folder);
    }
    let journal = match check_resume(folder.current(), settings) {
        Ok(journal) => journal,
        Err(e) => {
            folder.abandon();
            return Err(e);
        }
    };
    folder.reopen()?;
    let journal = Journal {
        path: folder.path().join(super::journal::GAMES_FILE),
        ..journal
    };
    for d in &journal.dropped {
        crate::status!("match: resume drops {d} (played again)");
    }
    journal.truncate()?;
    // The game count may grow on resume; everything else was checked equal.
    settings.record().write(folder.path())?;
    crate::status!(
        "match: resuming {} with {} complete pairs",
        folder.path().display(),
        journal.pairs.len()
    );
    Ok((folder, journal.pairs))
}

/// The stopping rule's state: the counts and, with `--luck-sprt`, the raw and luck-adjusted pair scores in pair
/// order.
#[derive(Default)]
pub(crate) struct Running {
    tally: Tally,
    raw: Vec<f64>,
    adjusted: Vec<f64>,
}

impl Running {
    /// Adds a pair and its raw and adjusted scores (`None` without `--luck-sprt`); `None` for an unknown result.
    pub(crate) fn add(&mut self, pair: &[GameLine; 2], luck: Option<(f64, f64)>) -> Option<()> {
        self.tally.add(pair)?;
        if let Some((raw, adjusted)) = luck {
            self.raw.push(raw);
            self.adjusted.push(adjusted);
        }
        Some(())
    }

    /// Whether the match stops here: the adjusted SPRT with `--luck-sprt`, the pentanomial one otherwise; never
    /// for a shard.
    fn stop(&self, settings: &MatchSettings) -> bool {
        if !settings.stops_early() {
            return false;
        }
        match settings.luck_sprt {
            Some(_) => {
                luck::adjusted_sprt(&self.raw, &self.adjusted, &settings.bounds).1
                    != SprtVerdict::Continue
            }
            None => self.tally.sprt(&settings.bounds).verdict != SprtVerdict::Continue,
        }
    }

    /// The final line and the summary of the match `record` describes (a played match, or a merge's union).
    fn outcome(&self, record: &SettingsRecord) -> (String, MatchSummary) {
        let bounds = record.bounds();
        let mut line = self.tally.final_line(&bounds);
        let mut summary = MatchSummary::of(record, &self.tally);
        if let Some(c) = &summary.stop_corrected {
            let (n, l) = (c.nelo, c.logistic_elo);
            line = format!(
                "{line} nelo_corrected={} nelo_corrected_low={} nelo_corrected_high={} logistic_elo_naive={} \
                 logistic_elo_corrected={} logistic_elo_corrected_low={} logistic_elo_corrected_high={}",
                n.point, n.low, n.high, summary.logistic_elo.point, l.point, l.low, l.high
            );
        }
        if let Some(scale) = record.luck_sprt_scale {
            let (llr, verdict) = luck::adjusted_sprt(&self.raw, &self.adjusted, &bounds);
            line = format!("{line} adj_llr={llr} adj_verdict={verdict}");
            summary.adjusted_sprt = Some(AdjustedSprtJson {
                scale_cp: scale,
                llr,
                verdict,
            });
        }
        (line, summary)
    }

    pub(crate) fn line(&self, record: &SettingsRecord) -> String {
        self.outcome(record).0
    }

    /// Writes the final line to `dir/summary.txt` and the summary to `dir/summary.json`; returns both.
    pub(crate) fn complete(
        &self,
        dir: &Path,
        record: &SettingsRecord,
    ) -> anyhow::Result<(String, MatchSummary)> {
        let (line, summary) = self.outcome(record);
        write_atomic(&dir.join(SUMMARY_FILE), format!("{line}\n").as_bytes())?;
        summary.write(dir)?;
        Ok((line, summary))
    }
}

/// Plays `todo` in batches on `concurrency` threads, appending each pair in pair order and checking the SPRT
/// after each, so the stopping point and the file do not depend on the thread count. Returns whether the SPRT
/// stopped the match.
fn play_pairs(
    settings: &MatchSettings,
    folder: &MatchFolder,
    todo: impl Iterator<Item = u64>,
    total: u64,
    concurrency: usize,
    run: &mut Running,
) -> anyhow::Result<bool> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(concurrency)
        .build()?;
    let mut journal = JournalWriter::open(folder.path())?;
    // The bar counts this run's pairs, so its rate and time left are this run's; a resumed match says how many
    // pairs it holds in all.
    let left = total - run.tally.pairs;
    let stage = Progress::new("match", left);
    let resumed = total != left;
    // A batch keeps every thread busy while bounding the work wasted past an SPRT stop; pair indices are drawn
    // batch by batch, so memory does not grow with --games.
    let mut todo = todo.peekable();
    while todo.peek().is_some() {
        let batch: Vec<u64> = todo.by_ref().take(concurrency * 2).collect();
        type Played = ([GameLine; 2], Option<(f64, f64)>);
        let results: Vec<anyhow::Result<Played>> = pool.install(|| {
            batch
                .par_iter()
                .map(|&p| {
                    let pair = play_pair(settings, p)?;
                    let luck = luck::pair_score(&pair, settings.luck_sprt)?;
                    Ok((pair, luck))
                })
                .collect()
        });
        for result in results {
            let (pair, luck) = result?;
            journal.append(&pair)?;
            run.add(&pair, luck)
                .expect("the game loop writes only the three results");
            let tally = &run.tally;
            stage.inc(1);
            let adjusted = settings.luck_sprt.map_or(String::new(), |_| {
                let (llr, verdict) = luck::adjusted_sprt(&run.raw, &run.adjusted, &settings.bounds);
                format!("; adj_llr={llr} adj_verdict={verdict}")
            });
            let in_all = if resumed {
                format!(" ({} of {total} in all)", tally.pairs)
            } else {
                String::new()
            };
            stage.set_message(format!(
                "pairs{in_all}; {}{adjusted}",
                tally.brief(&settings.bounds)
            ));
            if run.stop(settings) {
                stage.finish("stopped by the SPRT");
                return Ok(true);
            }
        }
    }
    stage.finish("done");
    Ok(false)
}
