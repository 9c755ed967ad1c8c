//! The match's report section, read from a match run folder (`match.json`, `games.jsonl`): the SPRT's LLR after
//! every pair against its two thresholds, normalized and logistic Elo with their intervals, and the pentanomial
//! counts. `harness report <match folder>` renders one match as its own report; a main-job report lists the
//! complete match folders beside its run folder, each with this section (see [`listing`]).

use super::journal::Journal;
use super::settings::{SETTINGS_FILE, SettingsRecord};
use super::summary::{SUMMARY_JSON, stop_estimate};
use super::tally::Tally;
use crate::plot::{self, Axis, CategorySeries, DotPlot, LinePlot, Point, Series};
use crate::present::number::{count, decimal};
use crate::present::{Align, Table};
use crate::section::Section;
use crate::statistics::sprt::{SprtBounds, SprtStatus, sprt_pentanomial};
use crate::statistics::sprt_stop::StopEstimate;
use anyhow::{Context, Result};
use std::fmt::Write;
use std::path::Path;

/// The most LLR points drawn; longer matches are sampled evenly (the last pair always drawn).
const MAX_PATH_POINTS: usize = 500;

/// The pentanomial bins' names, pair score 0 to 1 from A's side.
const PENTA_NAMES: [&str; 5] = ["LL", "LD", "DD", "DW", "WW"];

/// Whether `dir` is a match run folder (it has `match.json`).
pub(crate) fn is_match_folder(dir: &Path) -> bool {
    dir.join(SETTINGS_FILE).is_file()
}

/// A match folder read back: its settings, the tally over its pairs and the LLR after each pair.
struct MatchRun {
    settings: SettingsRecord,
    bounds: SprtBounds,
    tally: Tally,
    /// `(pairs, LLR)` after each pair, in pair order.
    path: Vec<(u64, f64)>,
    status: SprtStatus,
    /// The estimates corrected for an SPRT stop, of a complete folder the SPRT stopped.
    corrected: Option<StopEstimate>,
}

impl MatchRun {
    fn read(dir: &Path) -> Result<MatchRun> {
        let settings = SettingsRecord::read(dir)?;
        let journal = Journal::read(dir)?;
        let bounds = settings.bounds();
        let mut tally = Tally::default();
        let mut path = Vec::with_capacity(journal.pairs.len());
        for (k, pair) in journal.pairs.iter().enumerate() {
            tally.add(pair).with_context(|| {
                format!(
                    "{} pair record {}: a result is not 1-0, 0-1 or 1/2-1/2",
                    journal.path.display(),
                    k + 1
                )
            })?;
            path.push((tally.pairs, sprt_pentanomial(&tally.penta, &bounds).llr));
        }
        let status = sprt_pentanomial(&tally.penta, &bounds);
        // An unfinished folder has not stopped (a work-odds match's LLR may cross a bound on its way).
        let corrected = dir
            .join(SUMMARY_JSON)
            .is_file()
            .then(|| stop_estimate(&settings, &tally.penta))
            .flatten();
        Ok(MatchRun {
            settings,
            bounds,
            tally,
            path,
            status,
            corrected,
        })
    }
}

/// The match's figures: counts, score, Elo with their intervals, the SPRT and its verdict.
fn figures(run: &MatchRun) -> Result<Table> {
    let (s, t) = (&run.status, &run.tally);
    let mut table = Table::new([("figure", Align::Left), ("value", Align::Right)]);
    let interval = |i: &crate::statistics::Interval| {
        format!(
            "{} [{}, {}] ({}%, n = {} games)",
            decimal(i.point, 1),
            decimal(i.low, 1),
            decimal(i.high, 1),
            decimal(100.0 * i.level, 0),
            count(i.n)
        )
    };
    let naive = |label: &str| match run.corrected {
        Some(_) => format!("{label}, naive"),
        None => label.to_owned(),
    };
    let (nelo_label, elo_label) = (naive("normalized Elo (nElo)"), naive("logistic Elo"));
    let mut rows = vec![
        (
            "pairs (games)",
            format!("{} ({})", count(t.pairs), count(2 * t.pairs)),
        ),
        ("A's wins / draws / losses", t.wdl.map(count).join(" / ")),
        (
            "pentanomial LL, LD, DD, DW, WW",
            t.penta.counts.map(|c| c.to_string()).join(", "),
        ),
        ("A's score per game", format!("{:.3}", s.score)),
        (nelo_label.as_str(), interval(&s.nelo)),
        (elo_label.as_str(), interval(&s.logistic_elo)),
        (
            "SPRT",
            format!(
                "H0 nElo = {}, H1 nElo = {}, α = {}, β = {}",
                run.bounds.elo0, run.bounds.elo1, run.bounds.alpha, run.bounds.beta
            ),
        ),
        (
            "LLR",
            format!("{:.3} in [{:.3}, {:.3}]", s.llr, s.lower, s.upper),
        ),
        ("verdict", format!("`{}`", s.verdict)),
        (
            "pairs with the same turns in both games",
            format!("{} of {}", count(t.same_turn_pairs), count(t.pairs)),
        ),
    ];
    if let Some(c) = &run.corrected {
        rows.push(("nElo corrected for the stop", interval(&c.nelo)));
        rows.push((
            "logistic Elo corrected for the stop",
            interval(&c.logistic_elo),
        ));
    }
    for (label, value) in rows {
        table.row([label.to_owned(), value])?;
    }
    Ok(table)
}

/// The section of the match in `dir`: its heading at `level` (2 for a match's own report, 3 inside a listing),
/// charts written to `charts_dir` under stems starting with `stem`.
pub(crate) fn match_section(
    dir: &Path,
    charts_dir: &Path,
    stem: &str,
    level: usize,
) -> Result<Section> {
    let run = MatchRun::read(dir)?;
    let t = &run.tally;
    let mut section = Section::default();
    let md = &mut section.markdown;
    let hashes = "#".repeat(level);
    let name = dir
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let _ = writeln!(md, "{hashes} Match `{name}`\n");
    let _ = writeln!(
        md,
        "A = `{}` against B = `{}`, seed {}, shard {}, at most {} games; every count from A's side. Pairs \
         play one opening twice with colours swapped and the same dice (docs/match.md).\n",
        run.settings.a,
        run.settings.b,
        run.settings.seed,
        run.settings.shard,
        count(run.settings.games)
    );
    if t.void() {
        let _ = writeln!(
            md,
            "**Void match:** both bots played the same turns in all {} pairs (the same moves for the same dice), \
             so the games cannot tell them apart: the Elo figures below are no finding.\n",
            count(t.pairs)
        );
    }
    md.push_str(&figures(&run)?.markdown());
    let _ = writeln!(
        md,
        "\nnElo and its interval come from the pentanomial distribution (fishtest's normalized Elo, the delta \
         method); logistic Elo from the mean score, its interval the transformed ends of the score's. The SPRT \
         accepts H1 when the LLR reaches the upper threshold ln((1 − β) / α), H0 at the lower ln(β / (1 − α)).\n"
    );
    if run.corrected.is_some() {
        let _ = writeln!(
            md,
            "The SPRT stopped this match, so the naive estimates lean towards the bound it crossed. The corrected \
             nElo is Whitehead's bias-adjusted estimate (the nElo at which the naive estimate's mean at the stop \
             equals the observed one), its interval the ordering by the naive estimate, both by simulating the \
             test {} times per candidate; the corrected logistic Elo is the one those nElo values imply \
             (docs/match.md).\n",
            count(crate::statistics::sprt_stop::RUNS)
        );
    }
    if run.path.is_empty() {
        let _ = writeln!(md, "No complete pair yet: nothing to chart.\n");
        return Ok(section);
    }
    let llr = llr_chart(&run, &name)?;
    let files = plot::line_plot(&llr, &charts_dir.join(format!("{stem}-llr")))?;
    section.link(&format!("{stem}-llr"), &llr.title, files);
    let penta = penta_chart(t, &name)?;
    let files = plot::dot_plot(&penta, &charts_dir.join(format!("{stem}-penta")))?;
    section.link(&format!("{stem}-penta"), &penta.title, files);
    Ok(section)
}

/// The LLR after each pair (sampled to at most [`MAX_PATH_POINTS`]) with both thresholds level across it.
fn llr_chart(run: &MatchRun, name: &str) -> Result<LinePlot> {
    let n = run.path.len();
    let step = n.div_ceil(MAX_PATH_POINTS).max(1);
    let exact = |x: f64, y: f64| Point { x, y, lo: y, hi: y };
    // Before the first pair the LLR is 0: the path starts there, and a one-pair match still spans an x range.
    let sampled = run.path.iter().enumerate();
    let points = std::iter::once(exact(0.0, 0.0))
        .chain(
            sampled
                .filter(|(k, _)| k % step == step - 1 || *k == n - 1 || *k == 0)
                .map(|(_, &(x, y))| exact(x as f64, y)),
        )
        .collect();
    let mut series = vec![Series {
        name: "LLR after each pair".into(),
        points,
        bound: false,
    }];
    let s = &run.status;
    let thresholds: Vec<Series> = [
        (format!("upper {:.2}: accept H1", s.upper), s.upper),
        (format!("lower {:.2}: accept H0", s.lower), s.lower),
    ]
    .into_iter()
    .filter_map(|(label, at)| Series::level_across(label, at, &series))
    .collect();
    series.extend(thresholds);
    Ok(LinePlot {
        title: format!("SPRT log-likelihood ratio, {name}"),
        x: Axis::linear("pairs played", "pairs"),
        y: Axis::linear("LLR", "natural log"),
        series,
        verticals: Vec::new(),
    })
}

/// Pairs per pentanomial bin with a 95% Wilson interval on each bin's share, scaled to pairs.
fn penta_chart(t: &Tally, name: &str) -> Result<DotPlot> {
    let (n, counts) = (t.pairs as f64, t.penta.counts.map(|c| c as f64));
    let intervals: Vec<(f64, f64)> = counts
        .iter()
        .map(|&c| {
            let (lo, hi) = wilson(c, n);
            ((lo * n).min(c), (hi * n).max(c))
        })
        .collect();
    let top = intervals.iter().map(|i| i.1).fold(1.0, f64::max);
    Ok(DotPlot {
        title: format!("Pair results from A's side, {name}"),
        x_label: "pair score (LL = 0, LD = 1/4, DD = 1/2 incl. WL and LW, DW = 3/4, WW = 1)".into(),
        y: Axis::linear("pairs", "count").with_range(0.0, top * 1.1),
        categories: PENTA_NAMES.iter().map(|s| (*s).to_owned()).collect(),
        series: vec![CategorySeries {
            name: "pairs (95% interval of the bin's share)".into(),
            values: counts.map(Some).to_vec(),
            intervals: Some(intervals),
        }],
        reference: None,
    })
}

/// The 95% Wilson score interval of a proportion `k / n` (`(0, 0)` when `n` is 0).
fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 0.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The main-job report's "Matches" section: every complete match folder beside `run_dir` with its section
/// ([`crate::strength::folder_listing`]).
pub(crate) fn listing(run_dir: &Path, charts_dir: &Path) -> Result<Option<Section>> {
    crate::strength::folder_listing(
        run_dir,
        ("Matches", "match", "Match"),
        is_match_folder,
        |dir, stem| match_section(dir, charts_dir, stem, 3).map(Some),
    )
}

/// Renders the match in `dir` as a report of its own into `out` (`index.md`, `charts/`), which the caller puts
/// in place as a whole.
pub(crate) fn render_match(dir: &Path, out: &Path) -> Result<Section> {
    let charts_dir = out.join("charts");
    std::fs::create_dir_all(&charts_dir)
        .with_context(|| format!("{}: cannot create", charts_dir.display()))?;
    let mut md = String::from("# Match report\n\n");
    let _ = writeln!(
        md,
        "Generated by `harness report` from the match run folder `{}`; the games are in its `games.jsonl`.\n",
        crate::strength::folder_name(dir)
    );
    let section = match_section(dir, &charts_dir, "match", 2)?;
    md.push_str(&section.markdown);
    Ok(Section {
        markdown: md,
        ..section
    })
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn wilson_interval_holds_the_share_and_stays_in_the_unit_interval() {
        let (lo, hi) = wilson(3.0, 10.0);
        assert!(lo < 0.3 && 0.3 < hi, "{lo} {hi}");
        // Known value: 3 of 10 gives [0.1078, 0.6032].
        assert!(
            (lo - 0.1078).abs() < 1e-4 && (hi - 0.6032).abs() < 1e-4,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.0, 0.0), (0.0, 0.0));
        let (lo, hi) = wilson(0.0, 5.0);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.0 && hi < 1.0);
    }
}
