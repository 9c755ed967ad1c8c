//! The deadline section: one table row per bot from the run folder's `deadline.csv` (agreement, mean loss with
//! its interval, the depth distribution), written into the folder as `report.md`.

use super::findings::BotFindings;
use super::run::ROWS_FILE;
use crate::present::number::{decimal, percent};
use crate::present::{Align, Table};
use crate::record::schema::read_deadline;
use crate::section::Section;
use std::fmt::Write;
use std::path::Path;

/// The section of the run folder `dir`; `None` when it holds no `deadline.csv`.
pub(crate) fn section(dir: &Path) -> anyhow::Result<Option<Section>> {
    let path = dir.join(ROWS_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let rows = read_deadline(&path)?;
    let findings = BotFindings::all(&rows);
    let mut md = String::new();
    let _ = writeln!(md, "## Deadline qualification\n");
    let _ = writeln!(
        md,
        "Each bot chose a move at every position of the suite `{}` under its time control; an exact reference \
         search (Star2 without a table, equal to unpruned expectimax) valued the reference's best move and the \
         bot's. Loss = the best move's value − the chosen move's, in the bot's evaluator's centipawns; a bot \
         agrees where its loss is 0. The interval is the mean's 95% Student-t interval over positions. Loss in \
         win probability is not given: it needs the logistic fit of game results, which this run does not have.\n",
        rows[0].suite
    );
    let mut t = Table::new([
        ("bot", Align::Left),
        ("reference depth", Align::Right),
        ("positions", Align::Right),
        ("agree", Align::Right),
        ("mean loss (cp)", Align::Right),
        ("95% interval", Align::Right),
        ("depth 1 / 2 / 3", Align::Right),
        ("mean depth", Align::Right),
    ]);
    for f in &findings {
        let i = &f.mean_loss_cp;
        let [d1, d2, d3] = f.depth_completed;
        t.row([
            format!("`{}`", f.bot),
            f.reference_depth.to_string(),
            f.positions.to_string(),
            percent(f.agree_share),
            decimal(i.point, 2),
            if i.level > 0.0 {
                format!("[{}, {}]", decimal(i.low, 2), decimal(i.high, 2))
            } else {
                "— (one position)".to_owned()
            },
            format!("{d1} / {d2} / {d3}"),
            decimal(f.mean_depth, 2),
        ])?;
    }
    md.push_str(&t.markdown());
    md.push('\n');
    Ok(Some(Section {
        markdown: md,
        charts: Vec::new(),
    }))
}

/// `report.md` of a deadline run folder: a title and the section.
pub(crate) fn report_markdown(dir: &Path) -> anyhow::Result<String> {
    let mut md = String::from("# Deadline qualification report\n\n");
    let _ = writeln!(
        md,
        "Written by `harness deadline` from `{ROWS_FILE}` in this folder; `summary.json` holds the same figures \
         with each bot's mean nodes and wall milliseconds per move.\n"
    );
    if let Some(s) = section(dir)? {
        md.push_str(&s.markdown);
    }
    Ok(md)
}
