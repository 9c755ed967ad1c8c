//! The work-odds match: a bot at twice its per-move budget against itself, over a fixed number of games (the SPRT
//! never stops it), giving Elo per doubling with its interval; and the curve of it over node budgets
//! ([`crate::strength::curve`]), one ordinary match folder per budget.
//!
//! The curve's layout: budget N's match lives in `DIR/budget-N/match-<UTC>/`, exactly the folder `harness match
//! work-odds --bot SPEC,tc=nodes:N --games G --seed S --out DIR/budget-N` makes, so the same games whichever way
//! they were started. Each budget's folder is resumed as a match resumes (a complete one with every pair is only
//! read), so an interrupted curve, or one whose budgets were played apart (or sharded and merged with `harness
//! match merge --out DIR/budget-N`), is assembled without replaying a game.

use super::bot::{BotSpec, TimeControl};
use super::folder::{listed, match_folders_in};
use super::run::{Destination, play};
use super::settings::{Agree, MatchSettings, SETTINGS_FILE, SettingsRecord};
use super::summary::{MatchSummary, SUMMARY_JSON};
use crate::exit::Failure;
use crate::record::is_partial;
use crate::statistics::{Interval, Method};
use crate::strength::curve::{CURVE_VERSION, CurvePoint, EloCurve};
use crate::strength::{Provenance, load_average};
use std::path::{Path, PathBuf};

/// The two bots of a work-odds match of `bot`: A at twice its budget, B the bot itself. A budget that does not
/// double was refused as bad input before.
pub(crate) fn sides(bot: BotSpec) -> (BotSpec, BotSpec) {
    let tc = bot.tc.checked_doubled();
    let doubled = tc.expect("a doubled budget overflows: refused as bad input before");
    (BotSpec { tc: doubled, ..bot }, bot)
}

/// The match of budget `budget` in a curve of `bot` (its time control replaced by `nodes:budget`): every other
/// setting as `template` has it.
pub(crate) fn budget_settings(
    template: &MatchSettings,
    bot: BotSpec,
    budget: u64,
) -> MatchSettings {
    let (a, b) = sides(BotSpec {
        tc: TimeControl::Nodes(budget),
        ..bot
    });
    MatchSettings {
        a,
        b,
        ..template.clone()
    }
}

/// `DIR/budget-N`.
pub(crate) fn budget_dir(out: &Path, budget: u64) -> PathBuf {
    out.join(format!("budget-{budget}"))
}

/// The match folder under `dir` (`match-*`, complete or `.partial`), `None` when there is none yet; more than one
/// is bad input naming them.
fn match_folder_in(dir: &Path) -> anyhow::Result<Option<PathBuf>> {
    let Ok(mut found) = match_folders_in(dir) else {
        return Ok(None);
    };
    match found.len() {
        0 => Ok(None),
        1 => Ok(found.pop()),
        _ => Err(Failure::BadInput.because(format!(
            "--out: {} holds {} match folders ({}); keep the one of this budget",
            dir.display(),
            found.len(),
            listed(&found)
        ))),
    }
}

/// The summary of a complete folder that already holds every pair `settings` gives it, else `None`.
fn complete_summary(
    folder: &Path,
    settings: &MatchSettings,
) -> anyhow::Result<Option<MatchSummary>> {
    if is_partial(folder) || !folder.join(SETTINGS_FILE).is_file() {
        return Ok(None);
    }
    let recorded = SettingsRecord::read(folder)?;
    let ours = settings.record();
    if !recorded.mismatches(&ours, Agree::Resume).is_empty() || recorded.games != ours.games {
        return Ok(None);
    }
    let Ok(text) = std::fs::read_to_string(folder.join(SUMMARY_JSON)) else {
        return Ok(None);
    };
    let summary: MatchSummary = serde_json::from_str(&text)?;
    Ok((summary.pairs == settings.assigned().count() as u64).then_some(summary))
}

/// The provenance of the match in `folder`: what its `metadata.txt` says of the revision, machine and compiler
/// it was started with, and the load while this command played it (`not recorded` when it only read it).
fn provenance_of(folder: &Path, load: Option<(String, String)>) -> Provenance {
    let meta = std::fs::read_to_string(folder.join("metadata.txt")).unwrap_or_default();
    let get = |k: &str| {
        let mut pairs = meta.lines().filter_map(|l| l.split_once('='));
        pairs
            .find(|(key, _)| key.trim() == k)
            .map_or_else(|| "unknown".to_owned(), |(_, v)| v.trim().to_owned())
    };
    let cores = get("cores").parse().unwrap_or(0);
    let (load_start, load_end) =
        load.unwrap_or_else(|| ("not recorded".to_owned(), "not recorded".to_owned()));
    Provenance {
        git_revision: get("git_revision"),
        started_utc: get("started_utc"),
        machine: crate::record::RunMetadata::machine_of(&get("hostname"), &get("cpu_model"), cores),
        rustc: get("rustc"),
        load_start,
        load_end,
        match_folder: folder.display().to_string(),
    }
}

/// Plays (or resumes, or reads) budget `budget`'s match under `out` and returns its point.
fn budget_point(
    settings: &MatchSettings,
    out: &Path,
    budget: u64,
    concurrency: usize,
) -> anyhow::Result<CurvePoint> {
    let dir = budget_dir(out, budget);
    let existing = match_folder_in(&dir)?;
    let (folder, summary, load) = match existing
        .as_deref()
        .map(|f| complete_summary(f, settings))
        .transpose()?
        .flatten()
    {
        Some(summary) => {
            let folder = existing.expect("a summary comes from a folder");
            crate::status!(
                "work odds: budget {budget}: {} is complete; read",
                folder.display()
            );
            (folder, summary, None)
        }
        None => {
            std::fs::create_dir_all(&dir)?;
            let load_start = load_average();
            let destination = match &existing {
                Some(f) => Destination::Resume(f),
                None => Destination::New(&dir),
            };
            let finished = play(settings, destination, concurrency)?;
            let summary = MatchSummary::read(&finished.folder)?;
            (finished.folder, summary, Some((load_start, load_average())))
        }
    };
    Ok(CurvePoint {
        budget,
        games: summary.games,
        penta: summary.penta,
        w: summary.w,
        d: summary.d,
        l: summary.l,
        elo: Interval {
            method: Method::Normal,
            ..summary.logistic_elo
        },
        provenance: provenance_of(&folder, load),
    })
}

/// Plays the curve of `bot` at `budgets` (each budget's match as [`budget_settings`] makes it from `template`)
/// under `out`, budget by budget in the order given, and returns its points by increasing budget.
pub(crate) fn play_curve(
    template: &MatchSettings,
    bot: BotSpec,
    budgets: &[u64],
    out: &Path,
    concurrency: usize,
) -> anyhow::Result<Vec<CurvePoint>> {
    debug_assert!(!template.sprt_stops, "a work-odds match plays every game");
    let mut points = Vec::new();
    for &budget in budgets {
        let settings = budget_settings(template, bot, budget);
        let p = budget_point(&settings, out, budget, concurrency)?;
        crate::status!("work odds: {}", point_line(&p));
        points.push(p);
    }
    points.sort_by_key(|p| p.budget);
    Ok(points)
}

/// The curve file of `points` (a whole match per budget, not a shard).
pub(crate) fn curve_of(
    template: &MatchSettings,
    bot: BotSpec,
    points: Vec<CurvePoint>,
) -> EloCurve {
    let spec = bot.to_string();
    EloCurve {
        format_version: CURVE_VERSION,
        bot: spec
            .rsplit_once(",tc=")
            .map_or(spec.clone(), |(b, _)| b.to_owned()),
        seed: template.seed,
        games: template.games,
        points,
    }
}

/// One budget's line: `budget=N elo_per_doubling=… low=… high=… level=… n=… w=… d=… l=…`. An even score prints
/// `0`, not the `-0` its computation can give (`x + 0.0` turns −0 into +0 and leaves every other value).
pub(crate) fn point_line(p: &CurvePoint) -> String {
    let e = &p.elo;
    format!(
        "budget={} elo_per_doubling={} low={} high={} level={} n={} w={} d={} l={}",
        p.budget,
        e.point + 0.0,
        e.low + 0.0,
        e.high + 0.0,
        e.level,
        e.n,
        p.w,
        p.d,
        p.l
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::sprt::SprtBounds;
    use crate::strength::match_runner::openings;
    use crate::strength::match_runner::settings::Shard;

    fn template(games: u64) -> MatchSettings {
        let (a, b) = sides(BotSpec::default());
        MatchSettings {
            a,
            b,
            seed: 5,
            games,
            shard: Shard::ALL,
            openings: openings::tests::shipped_openings(),
            bounds: SprtBounds::default(),
            luck_sprt: None,
            sprt_stops: false,
        }
    }

    #[test]
    fn the_doubled_side_has_twice_every_part_of_the_budget() {
        let (a, b) = sides("depth=1,tc=ms:50+5".parse().unwrap());
        assert_eq!(a.to_string(), b.to_string().replace("ms:50+5", "ms:100+10"));
        let (a, _) = sides("tc=nodes:300".parse().unwrap());
        assert!(a.to_string().ends_with("tc=nodes:600"), "{a}");
    }

    #[test]
    fn each_budget_is_the_single_match_and_a_finished_curve_is_read_not_replayed() {
        let dir = tempfile::tempdir().unwrap();
        let bot: BotSpec = "depth=1".parse().unwrap();
        let t = template(4);
        // Budget 10 played first as a single work-odds match would be, into DIR/budget-10.
        let single = budget_settings(&t, bot, 10);
        let finished = play(&single, Destination::New(&budget_dir(dir.path(), 10)), 1).unwrap();
        let games_file = finished.folder.join(super::super::journal::GAMES_FILE);
        let single_games = std::fs::read_to_string(&games_file).unwrap();
        let points = play_curve(&t, bot, &[20, 10], dir.path(), 1).unwrap();
        assert_eq!(
            points.iter().map(|p| p.budget).collect::<Vec<_>>(),
            [10, 20]
        );
        assert_eq!(
            points[0].provenance.load_start, "not recorded",
            "budget 10 was only read"
        );
        assert_ne!(points[1].provenance.load_start, "not recorded");
        assert_eq!(std::fs::read_to_string(&games_file).unwrap(), single_games);
        for p in &points {
            assert_eq!((p.games, p.elo.n, p.w + p.d + p.l), (4, 4, 4));
            assert_eq!(p.penta.iter().sum::<u64>(), 2);
        }
        let curve = curve_of(&t, bot, points.clone());
        assert_eq!(curve.check(), Ok(()));
        assert!(
            curve.bot.starts_with("depth=1,") && !curve.bot.contains("tc="),
            "{}",
            curve.bot
        );
        // Again: everything read, the same points.
        let again = play_curve(&t, bot, &[10, 20], dir.path(), 1).unwrap();
        assert_eq!(again[0], points[0]);
        assert_eq!(again[1].elo, points[1].elo);
        // More games resume both folders; a second match folder in one budget is bad input.
        let more = play_curve(&template(6), bot, &[10, 20], dir.path(), 1).unwrap();
        assert!(more.iter().all(|p| p.games == 6));
        std::fs::create_dir(budget_dir(dir.path(), 10).join("match-extra")).unwrap();
        let e = play_curve(&t, bot, &[10], dir.path(), 1).unwrap_err();
        assert_eq!(Failure::of(&e), Failure::BadInput);
        assert!(format!("{e:#}").contains("2 match folders"), "{e:#}");
        assert!(point_line(&points[0]).starts_with("budget=10 elo_per_doubling="));
        // An even score reads 0, never -0.
        let mut even = points[0].clone();
        even.elo.point = -0.0;
        assert!(
            point_line(&even).starts_with("budget=10 elo_per_doubling=0 "),
            "{}",
            point_line(&even)
        );
    }
}
