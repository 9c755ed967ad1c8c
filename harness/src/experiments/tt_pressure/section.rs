//! The TT-pressure section: the findings of `tt_pressure.csv` (computed in [`crate::experiments::tt_pressure`]) rendered as a
//! scheme × size table of work relative to the unbounded table, the verdict, and two charts.

use crate::experiments::tt_pressure::TtPressureFindings;
use crate::experiments::tt_pressure::TtPressureRecord;
use crate::experiments::tt_pressure::read_tt_pressure;
use crate::plot::{Axis, LinePlot, Point, Reference, Series, line_plot};
use crate::present::number::{MISSING, count, percent, time_ns};
use crate::present::{Align, Table, TableError};
use crate::section::{Section, SectionContext};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Schemes in table and legend order (the rows' own order decides among unknown names).
fn schemes(rows: &[TtPressureRecord]) -> Vec<String> {
    let bounded = rows.iter().filter(|r| !r.is_unbounded());
    crate::experiments::distinct(bounded.map(|r| r.scheme.clone()))
}

/// Scheme × size: extra nodes over the unbounded table per cell (`*` marks an arm with some root decision unlike the unbounded
/// table's), then the worst scheme's extra nodes over the best.
pub(crate) fn ratio_table(
    rows: &[TtPressureRecord],
    findings: &TtPressureFindings,
) -> Result<Table, TableError> {
    let names = schemes(rows);
    let mut columns = vec![("entries".to_string(), Align::Right)];
    columns.extend(names.iter().map(|n| (n.clone(), Align::Right)));
    columns.push(("worst vs best".to_string(), Align::Right));
    let mut t = Table::new(columns);
    for s in &findings.sizes {
        let mut cells = vec![format!("2^{} = {}", s.log2, count(1u64 << s.log2))];
        for n in &names {
            let cell = rows
                .iter()
                .find(|r| r.size_log2 == Some(s.log2) && &r.scheme == n)
                .map_or(MISSING.to_string(), |r| {
                    let mark = if r.decisions_equal == r.moves {
                        ""
                    } else {
                        "*"
                    };
                    format!("+{}{mark}", percent(r.nodes_vs_unbounded - 1.0))
                });
            cells.push(cell);
        }
        cells.push(format!("+{}", percent(s.extra_nodes)));
        t.row(cells)?;
    }
    Ok(t)
}

/// Every arm's raw figures: entries, nodes, evaluator calls, hits, cutoffs, overwrites, time, decisions.
pub(crate) fn detail_table(rows: &[TtPressureRecord]) -> Result<Table, TableError> {
    let mut t = Table::new([
        ("scheme", Align::Left),
        ("entries", Align::Right),
        ("held", Align::Right),
        ("nodes", Align::Right),
        ("evaluator calls", Align::Right),
        ("TT hits", Align::Right),
        ("TT cutoffs", Align::Right),
        ("overwrites", Align::Right),
        ("time", Align::Right),
        ("decisions equal", Align::Right),
    ]);
    for r in rows {
        t.row([
            r.scheme.clone(),
            r.capacity_entries.map_or("unbounded".to_string(), count),
            count(r.occupied_entries),
            count(r.nodes),
            count(r.evaluator_calls),
            count(r.tt_hits),
            count(r.tt_cutoffs),
            count(r.tt_overwrites),
            time_ns(r.time_ns as f64),
            format!("{}/{}", r.decisions_equal, r.moves),
        ])?;
    }
    Ok(t)
}

/// Which work a chart shows.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Work {
    /// Nodes visited.
    Nodes,
    /// Evaluator calls.
    EvaluatorCalls,
}

/// "Work relative to an unbounded TT vs TT size": one line per scheme over log2 entries of the unbounded table's
/// work ÷ the scheme's (> 1 would be less work than unbounded; 1 = no extra work), the unbounded table at 1 drawn
/// as a bound, a vertical line at the unbounded table's entry count. Returns the SVG path.
pub(crate) fn chart(rows: &[TtPressureRecord], work: Work, stem: &Path) -> anyhow::Result<PathBuf> {
    let (what, of): (&str, fn(&TtPressureRecord) -> f64) = match work {
        Work::Nodes => ("nodes", |r| 1.0 / r.nodes_vs_unbounded),
        Work::EvaluatorCalls => ("evaluator calls", |r| 1.0 / r.evaluator_calls_vs_unbounded),
    };
    let mut series: Vec<Series> = schemes(rows)
        .into_iter()
        .map(|name| {
            let mut points: Vec<Point> = rows
                .iter()
                .filter(|r| r.scheme == name)
                .filter_map(|r| r.size_log2.map(|n| Point::exact((1u64 << n) as f64, of(r))))
                .collect();
            points.sort_by(|a, b| a.x.total_cmp(&b.x));
            Series {
                name,
                points,
                bound: false,
            }
        })
        .collect();
    let ceiling = Series::level_across("unbounded (ceiling)", 1.0, &series);
    series.extend(ceiling);
    // At depth 1 the search stores nothing (the unbounded table ends empty): a log axis has no place for 0, so the
    // line is left off; the table beside the chart states the 0.
    let verticals = rows
        .first()
        .filter(|r| r.unbounded_entries > 0)
        .map(|r| Reference {
            at: r.unbounded_entries as f64,
            label: format!("unbounded table held {}", count(r.unbounded_entries)),
        })
        .into_iter()
        .collect();
    line_plot(
        &LinePlot {
            title: format!("Work relative to an unbounded TT vs TT size ({what})"),
            x: Axis::log("table size", "entries"),
            // Short enough to fit beside the plot; the ceiling line marks 1 = as little work as unbounded.
            y: Axis::log(
                format!("unbounded's {what} ÷ this scheme's"),
                "x, higher = less work",
            ),
            series,
            verticals,
        },
        stem,
    )
}

/// The section's markdown: what was run, the verdict, the ratio table, the charts (paths relative to the
/// report), the per-arm figures.
pub(crate) fn markdown(
    rows: &[TtPressureRecord],
    findings: &TtPressureFindings,
    charts: &[String],
) -> Result<String, TableError> {
    let first = rows.first();
    let mut md = format!(
        "One seeded self-play game ({} moves, depth {}, Star2, material evaluator, seed {}, from `{}`) searched \
         again by every replacement scheme at every size, the table kept across moves; the unbounded table held \
         {} entries at the end. Each cell is the extra nodes a scheme searches over the unbounded table (+0.0% = no loss); `*` marks a configuration \
         with some root decision unlike the unbounded table's.\n\n**Verdict:** {}.\n\n",
        findings.moves,
        findings.depth_turns,
        first.map_or(0, |r| r.seed),
        first.map_or("", |r| r.start_dfen.as_str()),
        count(findings.unbounded_entries),
        findings.verdict(),
    );
    md.push_str(&ratio_table(rows, findings)?.markdown());
    md.push('\n');
    for c in charts {
        md.push_str(&format!("\n![Work relative to an unbounded TT: the unbounded table's ÷ each scheme's, 1 = no extra work]({c})\n"));
    }
    md.push_str(
        "\nEvery configuration (time: its searches, run beside the other configurations and the run's other work, a \
         rough cost that no verdict reads):\n\n",
    );
    md.push_str(&detail_table(rows)?.markdown());
    Ok(md)
}

/// The findings of `rows`, the markdown (verdict, tables, chart links `charts/<stem>.svg`) and the two charts,
/// drawn into `charts_dir`; `None` when the rows hold no unbounded arm to compare against.
fn drawn(
    rows: &[TtPressureRecord],
    charts_dir: &Path,
) -> anyhow::Result<Option<(TtPressureFindings, String, Vec<PathBuf>)>> {
    let Some(findings) = TtPressureFindings::of(rows) else {
        return Ok(None);
    };
    let mut charts = Vec::new();
    let mut links = Vec::new();
    for (work, stem) in [
        (Work::Nodes, "tt_pressure_nodes"),
        (Work::EvaluatorCalls, "tt_pressure_evaluator_calls"),
    ] {
        charts.push(chart(rows, work, &charts_dir.join(stem))?);
        links.push(format!("charts/{stem}.svg"));
    }
    let md = markdown(rows, &findings, &links)?;
    Ok(Some((findings, md, charts)))
}

/// Whether `dir` is a `harness tt-pressure` run folder (its `tt_pressure.csv` without the main job's files).
pub(crate) fn is_tt_pressure_folder(dir: &Path) -> bool {
    dir.join("tt_pressure.csv").is_file() && !dir.join("counts.csv").exists()
}

/// The page of a `harness tt-pressure` run folder `dir`, its charts drawn into `<out>/charts`.
pub(crate) fn page(dir: &Path, out: &Path) -> anyhow::Result<Section> {
    let rows = read_tt_pressure(&dir.join("tt_pressure.csv"))?;
    let charts_dir = out.join("charts");
    std::fs::create_dir_all(&charts_dir)?;
    let (_, md, charts) = drawn(&rows, &charts_dir)?
        .ok_or_else(|| anyhow::anyhow!("{}: no unbounded arm", dir.display()))?;
    Ok(Section {
        markdown: format!("# TT replacement under pressure\n\n{md}\n"),
        charts,
        pages: Vec::new(),
    })
}

/// The TT-pressure section: verdict, scheme x size table, charts, every arm.
pub(crate) fn section(ctx: &SectionContext<'_>) -> anyhow::Result<Section> {
    let mut s = Section::default();
    let _ = writeln!(s.markdown, "## TT replacement under pressure\n");
    let Some(rows) = ctx
        .optional("tt_pressure.csv")
        .map(|p| read_tt_pressure(&p))
        .transpose()?
    else {
        let _ = writeln!(
            s.markdown,
            "No `tt_pressure.csv` in this run (the stage was skipped, or the run predates it).\n"
        );
        return Ok(s);
    };
    let Some((findings, md, charts)) = drawn(&rows, ctx.charts_dir)? else {
        return Ok(s);
    };
    s.charts.extend(charts);
    let sizes: Vec<String> = findings
        .sizes
        .iter()
        .map(|s| format!("2^{}", s.log2))
        .collect();
    // A `--quick` run's slice has no 2^6 (`quick_slice`): say so, since its verdict then reads from 2^10 up.
    let quick_note = if findings.sizes.iter().any(|s| s.log2 < 10) {
        ""
    } else {
        " (a `--quick` run leaves out the main job's 2^6, where the schemes search the most nodes)"
    };
    let _ = writeln!(
        s.markdown,
        "{md}\n\nThis run measured {} entries{quick_note}; `harness tt-pressure` sweeps 2^4 ... 2^20 entries.\n",
        sizes.join(", ")
    );
    Ok(s)
}
