//! The comparison's page, `compare.md`, rendered from the comparison folder alone: `metadata.txt` says what was
//! run and how, `compare.csv` holds every row, and the first A run's `instructions-status.txt` (in
//! `runs/01-A/results/`) says whether instructions were counted. The run writes it once its files are in place;
//! `harness report COMPARE_DIR` renders the same page into the report folder.

use crate::compare::CompareRecord;
use crate::compare::interleaved::streams;
use crate::compare::summary::{self, CompareRow, Measure};
use crate::record::ArmKey;
use crate::record::schema::read_records;
use crate::section::Section;

use anyhow::{Context, Result, anyhow};
use std::path::Path;

/// Whether `dir` is a comparison folder (its `compare.csv` and `metadata.txt`).
pub(crate) fn is_compare_folder(dir: &Path) -> bool {
    dir.join("compare.csv").is_file() && dir.join("metadata.txt").is_file()
}

/// The comparison's rows read back from `compare.csv`, the verdict threshold from `tolerance`.
fn rows(dir: &Path, tolerance: f64) -> Result<Vec<CompareRow>> {
    read_records::<CompareRecord>(&dir.join("compare.csv"))?
        .into_iter()
        .map(|l| {
            let r = l.record;
            let measure = [Measure::Time, Measure::Instructions]
                .into_iter()
                .find(|m| m.name() == r.measure)
                .ok_or_else(|| anyhow!("compare.csv line {}: measure `{}`", l.line, r.measure))?;
            Ok(CompareRow {
                arm: ArmKey::new(&r.scenario, &r.variant, &r.evaluator, &r.traversal),
                measure,
                a: r.a_median,
                b: r.b_median,
                ratio: r.a_over_b(),
                exact: r.exact,
                pairs: r.pairs as usize,
                tolerance,
            })
        })
        .collect()
}

/// The page of the comparison folder `dir` (it draws no chart, so the report folder is not needed).
pub(crate) fn page(dir: &Path, _out: &Path) -> Result<Section> {
    let meta = crate::report::load::read_metadata(dir)?;
    let get = |key: &str| -> Result<&str> {
        meta.iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| anyhow!("{}: no `{key}` in metadata.txt", dir.display()))
    };
    let number = |key: &str| -> Result<f64> {
        get(key)?
            .parse()
            .with_context(|| format!("{}: metadata.txt `{key}`", dir.display()))
    };
    let tolerance = number("instruction_tolerance")?;
    let rows = rows(dir, tolerance)?;
    let interleaved = get("timing")? == "interleaved_rounds";
    let instruction_rounds = number("instruction_rounds")? as usize;
    let runs = if interleaved {
        instruction_rounds.max(1)
    } else {
        number("rounds")? as usize
    };
    // The instruction stage's status as the first A run recorded it (none without instruction rounds).
    let note = (instruction_rounds > 0)
        .then(|| crate::report::latest_run(&dir.join("runs/01-A/results")).ok())
        .flatten()
        .and_then(|run| std::fs::read_to_string(run.join("instructions-status.txt")).ok())
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty());
    let time = if interleaved {
        interleaved_protocol(
            number("sessions")? as usize,
            get("time_budget_s")?,
            get("samples")? == "successor",
            get("planted_slowdown_b")?.parse::<f64>().ok(),
        )
    } else {
        "time = median ns per operation of each run, speedup of B over A = median of the per-pair ratios A / B \
         with a distribution-free 95% interval"
            .to_owned()
    };
    let markdown = format!(
        "# Comparison: B = {} against A = {}\n\n{} | {} | seed {} | {}\n\n\
         Protocol: {runs} pairs of main-job runs (A then B, `--{}` timing plan), counts of every run checked equal; \
         {time}; instructions = callgrind instructions per operation from the first {instruction_rounds} \
         rounds (deterministic: `exact` when each side repeated itself), interval widened by ±{:.2}% because two \
         builds differ by memory layout alone by a few tenths of a percent. A verdict is given only where the \
         interval excludes 1.\n\nInstruction counts: {}\n\n{}\n**Verdicts:** {}\n",
        get("b")?,
        get("a")?,
        get("machine")?,
        get("toolchain")?,
        get("seed")?,
        get("started_utc")?,
        get("plan")?,
        100.0 * tolerance,
        note.as_deref()
            .unwrap_or("not measured (--instruction-rounds 0)"),
        summary::table(&rows)?.markdown(),
        summary::tally(&rows),
    );
    Ok(Section {
        markdown,
        ..Section::default()
    })
}

/// How interleaved rounds time the two sides, in the protocol's words.
fn interleaved_protocol(
    sessions: usize,
    budget_s: &str,
    by_successor: bool,
    planted_b: Option<f64>,
) -> String {
    format!(
        "time = interleaved rounds: both binaries' timing children alive side by side, {sessions} sessions of fresh \
         process pairs over {budget_s} s in {} streams run side by side; {}; each session's estimate is the mean of \
         its per-round log ratios A / B, and B's speedup over A is their geometric mean with a 95% Student-t \
         interval over sessions (rounds of one session share its processes' memory layouts, so sessions, not \
         rounds, are the independent samples); each side's time is the geometric mean of its own samples, so \
         A's time over B's is the speedup{}",
        streams(sessions),
        if by_successor {
            "A and B take turns expanding one successor of one configuration with a fresh cache (a seeded \
             coin per pair picks who goes first), and each round takes one such pair per configuration and \
             successor"
        } else {
            "each round times every configuration's whole operation once in A's process and once in B's \
             (a seeded coin picks who goes first; a side's timing child predates one-successor samples)"
        },
        planted_b.map_or(String::new(), |f| format!(
            "; TEST: side B's children add a planted slowdown of {:.1}% per operation",
            100.0 * f
        ))
    )
}
