//! The deadline section: one table row per bot from the run folder's `deadline.csv` (agreement, mean loss with
//! its interval, king blunders, the depth distribution) and one per paired comparison, written into the folder
//! as `report.md`.

use super::findings::{BotFindings, Paired};
use super::run::ROWS_FILE;
use super::win_value::WinScale;
use crate::exit::Failure;
use crate::present::number::{decimal, percent};
use crate::present::{Align, Table, TableError};
use crate::section::Section;
use crate::strength::deadline::read_deadline;
use std::fmt::Write;
use std::path::Path;

/// The section of the run folder `dir` under the heading line `heading`; `None` when it holds no `deadline.csv`.
fn section(dir: &Path, heading: &str) -> anyhow::Result<Option<Section>> {
    let path = dir.join(ROWS_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let rows = read_deadline(&path)?;
    let scale = read_scale(dir)?;
    let findings = BotFindings::all(&rows);
    let mut md = String::new();
    let _ = writeln!(md, "{heading}\n");
    for f in &findings {
        let _ = writeln!(
            md,
            "- `{}` agrees with the reference on {} of {} positions; its moves lose {} of a game in win probability \
             on average (95% interval {}). On {} positions its move lets some opponent roll capture its king, on {} \
             of them on more rolls than the best move does.",
            f.bot,
            percent(f.agree_share),
            f.positions,
            decimal(f.mean_loss_win_probability.point, 4),
            interval(&f.mean_loss_win_probability, 4),
            f.king_exposed,
            f.king_blunders
        );
    }
    let paired = Paired::all(&rows, rows[0].seed);
    for p in &paired {
        let d = &p.loss_win_probability_difference;
        let _ = writeln!(
            md,
            "- Position by position, `{}` loses {} of a game more than `{}` (95% bootstrap interval {}, {} positions).",
            p.bot,
            decimal(d.point, 4),
            p.baseline,
            interval(d, 4),
            d.n
        );
    }
    let _ = writeln!(
        md,
        "\nEach bot chose a move at every position of the suite `{}` under its time control; an exact reference \
         valued every legal turn. Each opponent roll after a turn is valued before the mean over the 216 rolls: in \
         win probability a king capture against the mover is 0 (by the mover 1), any other roll the logistic win \
         probability of its value at a scale of {} cp ({}); in capped centipawns each roll is capped at ±10,001, the \
         luck adjustment's value of a king capture. Loss = the best turn's value − the chosen turn's, the best by \
         the same measure. A bot agrees where its loss by the search's own values (Star2 without a table, equal to \
         unpruned expectimax) is 0. King rolls: of the opponent's 216 rolls, those on which some reply captures \
         the mover's king; a blunder exposes it on more rolls than the best turn by win probability. Intervals are \
         the mean's 95% Student-t interval over positions; paired differences use the percentile bootstrap over \
         positions ({} resamples, seeded with the run's seed {}).\n",
        rows[0].suite,
        decimal(scale.cp, 0),
        scale.source,
        crate::statistics::bootstrap::RESAMPLES,
        rows[0].seed
    );
    md.push_str(&bot_table(&findings)?.markdown());
    if !paired.is_empty() {
        md.push('\n');
        md.push_str(&paired_table(&paired)?.markdown());
    }
    md.push('\n');
    Ok(Some(Section {
        markdown: md,
        ..Section::default()
    }))
}

/// An interval as the section writes it, `[low, high]`; a dash where one position gives none.
fn interval(i: &crate::statistics::Interval, digits: usize) -> String {
    if i.level > 0.0 {
        format!("[{}, {}]", decimal(i.low, digits), decimal(i.high, digits))
    } else {
        "— (one position)".to_owned()
    }
}

/// The table of every bot's figures.
fn bot_table(findings: &[BotFindings]) -> Result<Table, TableError> {
    let mut t = Table::new([
        ("bot", Align::Left),
        ("reference depth", Align::Right),
        ("positions", Align::Right),
        ("agree", Align::Right),
        ("king exposed / blunders", Align::Right),
        ("mean loss (capped cp)", Align::Right),
        ("95% interval (cp)", Align::Right),
        ("median loss (cp)", Align::Right),
        ("mean loss (win probability)", Align::Right),
        ("95% interval (win probability)", Align::Right),
        ("depth 1 / 2 / 3", Align::Right),
        ("mean depth", Align::Right),
    ]);
    for f in findings {
        let [d1, d2, d3] = f.depth_completed;
        t.row([
            format!("`{}`", f.bot),
            f.reference_depth.to_string(),
            f.positions.to_string(),
            percent(f.agree_share),
            format!("{} / {}", f.king_exposed, f.king_blunders),
            decimal(f.mean_loss_cp_capped.point, 2),
            interval(&f.mean_loss_cp_capped, 2),
            decimal(f.median_loss_cp_capped, 2),
            decimal(f.mean_loss_win_probability.point, 4),
            interval(&f.mean_loss_win_probability, 4),
            format!("{d1} / {d2} / {d3}"),
            decimal(f.mean_depth, 2),
        ])?;
    }
    Ok(t)
}

/// The table of paired differences.
fn paired_table(paired: &[Paired]) -> Result<Table, TableError> {
    let mut t = Table::new([
        ("bot", Align::Left),
        ("baseline", Align::Left),
        ("positions", Align::Right),
        ("loss difference (win probability)", Align::Right),
        ("95% bootstrap interval", Align::Right),
        ("loss difference (capped cp)", Align::Right),
        ("95% bootstrap interval (cp)", Align::Right),
        ("more / fewer king rolls", Align::Right),
    ]);
    for p in paired {
        let (d, c) = (
            &p.loss_win_probability_difference,
            &p.loss_cp_capped_difference,
        );
        t.row([
            format!("`{}`", p.bot),
            format!("`{}`", p.baseline),
            d.n.to_string(),
            decimal(d.point, 4),
            interval(d, 4),
            decimal(c.point, 2),
            interval(c, 2),
            format!("{} / {}", p.more_king_rolls, p.fewer_king_rolls),
        ])?;
    }
    Ok(t)
}

/// The scale the run recorded in its `summary.json` (`win_scale_cp`, `win_scale_source`).
fn read_scale(dir: &Path) -> anyhow::Result<WinScale> {
    let path = dir.join("summary.json");
    let bad = |m: String| Failure::BadInput.because(format!("{}: {m}", path.display()));
    let text = std::fs::read_to_string(&path).map_err(|e| bad(e.to_string()))?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    match (
        json["win_scale_cp"].as_f64(),
        json["win_scale_source"].as_str(),
    ) {
        (Some(cp), Some(source)) => Ok(WinScale {
            cp,
            source: source.to_owned(),
        }),
        _ => Err(bad(
            "field `win_scale_cp` or `win_scale_source` missing".into()
        )),
    }
}

/// `report.md` of a deadline run folder: a title and the section.
pub(crate) fn report_markdown(dir: &Path) -> anyhow::Result<String> {
    report_with(
        dir,
        &format!("Written by `harness deadline` from `{ROWS_FILE}` in this folder"),
    )
}

/// A title, `origin` with what `summary.json` adds, and the section of `dir`.
fn report_with(dir: &Path, origin: &str) -> anyhow::Result<String> {
    let mut md = String::from("# Deadline qualification report\n\n");
    let _ = writeln!(
        md,
        "{origin}; `summary.json` holds the same figures with each bot's mean nodes and wall milliseconds per \
         move.\n"
    );
    if let Some(s) = section(dir, "## Deadline qualification")? {
        md.push_str(&s.markdown);
    }
    Ok(md)
}

/// Whether `dir` is a deadline run folder (it holds `deadline.csv`).
pub(crate) fn is_deadline_folder(dir: &Path) -> bool {
    dir.join(ROWS_FILE).is_file()
}

/// Renders the deadline run folder `dir` into `out` as `index.md` (the folder's `report.md` made anew from its
/// rows); no charts.
pub(crate) fn render_deadline(dir: &Path, _out: &Path) -> anyhow::Result<Section> {
    let name = crate::strength::folder_name(dir);
    let md = report_with(
        dir,
        &format!(
            "Generated by `harness report` from `{ROWS_FILE}` of the deadline run folder `{name}`"
        ),
    )?;
    Ok(Section {
        markdown: md,
        ..Section::default()
    })
}

/// The main-job report's "Deadline qualification" section: every complete deadline run folder beside `run_dir`
/// with its section ([`crate::strength::folder_listing`]).
pub(crate) fn listing(run_dir: &Path) -> anyhow::Result<Option<Section>> {
    crate::strength::folder_listing(
        run_dir,
        ("Deadline qualification", "deadline", "Deadline run"),
        is_deadline_folder,
        |dir, stem| section(dir, &format!("### Deadline run `{stem}`")),
    )
}
