//! The report: `index.md` with every table (mean and 95% interval over seeds), the original experiment's figures
//! side by side, and the charts (hit rate and re-evaluations versus budget, ageing, best-ten overlap per board
//! pair), rendered from a results folder alone (read back by [`load`]). It formats the findings of
//! [`crate::experiments::catalogue_eviction::findings`] and the estimates of the results; the analysis lives there.
//! Each heading is one function that appends its part of the page.

mod charts;
mod curves;
mod game_search;
mod glance;
mod load;
mod markdown;
mod summary;

#[cfg(test)]
pub(crate) use load::read;
pub(crate) use load::{Recorded, load};
pub(crate) use summary::summary_lines;

use crate::answer::Claim;
use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::StreamRecord;
use crate::experiments::catalogue_eviction::experiment::{Outcome, PlanResults};
use crate::experiments::catalogue_eviction::findings::aging::{
    aging_differences, aging_sentence, best_margin, held_out_aging, verdict,
};
use crate::experiments::catalogue_eviction::findings::belady_gap::belady_gaps;
use crate::experiments::catalogue_eviction::findings::best_tens::best_ten_stats;
use crate::experiments::catalogue_eviction::findings::inversion::{inversion_wins, lru_minus_best};
use crate::experiments::catalogue_eviction::findings::metrics::{
    aging, cell, headline, pct, reevals,
};
use crate::experiments::catalogue_eviction::findings::original::original_figures;
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::present::number::{Estimate, MISSING, or_missing};
use crate::present::{Align, Table};
use crate::section::{Section, SectionContext};
use crate::statistics::Interval;
use anyhow::{Context, Result};
use charts::{best_ten_figure, charts};
use glance::glance_section;
use markdown::{budget_table, policy_table, table};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The static paragraph of the configuration: the loop rules every policy follows.
const LOOP_RULES: &str = include_str!("loop_rules.md");

/// Renders the report of the results folder `results_dir` as the whole of `dir` (`index.md` and the charts):
/// rendered into a fresh folder, then swapped in (see [`crate::record::replace_folder`]), so a failed render
/// leaves the old report whole and no file of an older report survives a new one. Returns the path of `index.md`.
pub(crate) fn write_report(results_dir: &Path, dir: &Path) -> Result<PathBuf> {
    let outcome = load(results_dir)?
        .with_context(|| format!("{}: no eviction.csv", results_dir.display()))?;
    crate::record::replace_folder(dir, &[], |tmp| {
        let markdown = page(&outcome, tmp, results_dir, None)?;
        crate::section::write_page(
            tmp,
            &Section {
                markdown,
                ..Section::default()
            },
        )
    })?;
    // The page's path once the folder is in place (the render wrote it in a temporary folder).
    Ok(dir.join("index.md"))
}

/// The experiment's part of the main report: no markdown of its own in `index.md`, the page
/// `<report>/eviction/index.md` (opening with the run's answer) and its charts beside it; `None` when the run
/// folder holds no eviction results.
pub(crate) fn section(ctx: &SectionContext<'_>) -> Result<Option<Section>> {
    let Some(outcome) = load(ctx.dir).context("reading the eviction results")? else {
        return Ok(None);
    };
    let dir = ctx.page_dir(super::EVICTION_SUBFOLDER)?;
    let md = page(&outcome, &dir, ctx.dir, Some(ctx.answer))?;
    let mut charts: Vec<PathBuf> = std::fs::read_dir(&dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    charts.sort();
    Ok(Some(Section {
        markdown: String::new(),
        charts,
        pages: vec![(Path::new(super::EVICTION_SUBFOLDER).join("index.md"), md)],
    }))
}

/// The page's markdown, its charts written into `dir`; `answer` opens it when given (the main report's).
fn page(
    outcome: &Outcome,
    dir: &Path,
    results_dir: &Path,
    answer: Option<&[Claim]>,
) -> Result<String> {
    let mut o = String::new();
    intro(&mut o, outcome, results_dir, answer);
    glance_section(&mut o, outcome, outcome.main.streams.len());
    configuration(&mut o, outcome);
    lookup_stream(&mut o, &outcome.main)?;
    original(&mut o, outcome)?;
    let made = charts(outcome, dir)?;
    hit_rates(&mut o, outcome, &made)?;
    miss_ratio_curves(&mut o, outcome, dir)?;
    re_evaluations(&mut o, outcome, &made)?;
    belady_gap(&mut o, outcome)?;
    ageing(&mut o, outcome, &made)?;
    final_tables(&mut o, outcome)?;
    best_tens(&mut o, &outcome.main, dir)?;
    controls(&mut o, outcome)?;
    if let Some(g) = &outcome.game_search {
        game_search::write_section(&mut o, g, dir)?;
    } else if let Some(note) = &outcome.config.game_search_left_out {
        let _ = writeln!(o, "## Game-search traces\n\n{note}\n");
    }
    let _ = writeln!(
        o,
        "## Limits\n\n- One player (the component-sum estimate with random tie-breaks); other estimate rules are options \
         (`--estimate`), not reported here.\n- The intervals are over seeds of this project's generator; the \
         original run's own seed cannot be rerun.\n- Policies whose published versions adapt or randomise (Caffeine's \
         hill-climbing window and admission jitter) are run in fixed, deterministic form."
    );
    Ok(o)
}

/// One row per rule, one column per budget: paired differences in points.
fn difference_table(
    o: &mut String,
    first: &str,
    budgets: &[usize],
    rows: Vec<(PolicyKind, Vec<Interval>)>,
) -> Result<()> {
    let rows = (rows.into_iter()).map(|(k, d)| (k, d.iter().map(|x| x.show(2)).collect()));
    Ok(budget_table(o, first, budgets, rows)?)
}

/// The chart point at `x` of an estimate, with its interval.
fn point(x: f64, e: &Interval) -> crate::plot::Point {
    crate::plot::Point {
        x,
        y: e.point,
        lo: e.low,
        hi: e.high,
    }
}

/// The online policies of the run, in run order.
fn online(outcome: &Outcome) -> Vec<PolicyKind> {
    outcome
        .policies
        .iter()
        .copied()
        .filter(|k| k.is_online())
        .collect()
}

/// The links of the charts in `made` whose stems start with `prefix` (zoomed ones left out).
fn images(made: &[String], prefix: &str, alt: &str) -> String {
    made.iter()
        .filter(|m| m.starts_with(prefix) && !m[prefix.len()..].starts_with("zoom"))
        .map(|m| {
            format!(
                "![{alt}, {}]({m}.svg)\n",
                m[prefix.len()..].replace('_', " ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Title, the answer when given, and where the figures come from.
fn intro(o: &mut String, outcome: &Outcome, results_dir: &Path, answer: Option<&[Claim]>) {
    let _ = writeln!(o, "# The catalogue-eviction experiment\n");
    if let Some(claims) = answer {
        let _ = writeln!(
            o,
            "{}",
            crate::answer::markdown(claims, None, &crate::experiments::questions())
        );
    }
    let _ = writeln!(
        o,
        "Reproduces and extends the catalogue-eviction experiment (docs/catalogue-experiment.md): a Domineering player consults a table of \
         component values under a memory budget, and replacement rules compete for the entries. Generated by \
         `{}`; raw results (CSV, `config.json`) in `{}`. Every figure is a mean over {} seeds with its 95% \
         interval (Student t), written `mean ± half-width`.\n",
        outcome.config.command,
        crate::record::completed_path(results_dir).display(),
        outcome.main.streams.len()
    );
}

/// "Configuration": games, move choice, policies and budgets, the loop rules, run time.
fn configuration(o: &mut String, outcome: &Outcome) {
    let (c, p) = (&outcome.config, &outcome.main);
    let _ = writeln!(
        o,
        "## Configuration\n\n- Games (board plan, rows x columns: games): `{}`; first player: {}; one `rand_pcg::Pcg64Mcg` per seed, \
         seeds {:?}.",
        c.stream.plan, c.stream.first, c.seeds
    );
    let _ = writeln!(
        o,
        "- Move choice: each legal placement is scored by the sum over the resulting regions of `{}` from the full \
         catalogue (1,042 shapes; regions over 8 cells count 0); Left maximises, Right minimises, ties uniformly at \
         random. Regions of {} to {} cells are looked up (every placement's every region, hit or miss).",
        c.stream.estimate, c.stream.min_lookup_cells, c.stream.max_lookup_cells
    );
    let names = |v: Vec<String>| v.join(", ");
    let mut controls: Vec<String> = (outcome.controls.iter())
        .map(|k| format!("`{}` ({})", k.name, k.plan))
        .collect();
    if controls.is_empty() {
        controls.push("none".into());
    }
    let controls = names(controls);
    let _ = writeln!(
        o,
        "- Policies: {}. Budgets: {:?}. Controls: {controls}.",
        names(outcome.policies.iter().map(|k| format!("`{k}`")).collect()),
        p.budgets,
    );
    let _ = writeln!(o, "{LOOP_RULES}");
    let _ = writeln!(
        o,
        "Run time: catalogue {:.0} ms, {} streams {:.2} s, {} replays ({:.1} M lookups) {:.2} s on {} threads.\n",
        outcome.catalogue_time.as_secs_f64() * 1e3,
        p.streams.len() * (1 + outcome.controls.len()),
        outcome.stream_time.as_secs_f64(),
        p.rows.len() + outcome.controls.iter().map(|k| k.rows.len()).sum::<usize>(),
        outcome.lookups_replayed as f64 / 1e6,
        outcome.replay_time.as_secs_f64(),
        c.threads
    );
}

/// "The lookup stream": per-stream facts over seeds.
fn lookup_stream(o: &mut String, p: &PlanResults) -> Result<()> {
    let _ = writeln!(o, "## The lookup stream\n");
    let row = |what: &str, f: &dyn Fn(&StreamRecord) -> f64, digits: usize| {
        vec![
            what.to_owned(),
            p.stream_estimate(|s| f(&s.row)).show(digits),
        ]
    };
    let games = p.plan.games() as f64;
    let mut rows = vec![
        row("lookups", &|s| s.lookups as f64, 0),
        row("distinct shapes looked up", &|s| s.distinct_keys as f64, 1),
        row("shapes looked up only once", &|s| s.one_hit_keys as f64, 1),
        row("moves played", &|s| s.moves as f64, 0),
        row(
            "games won by Left (%)",
            &|s| 100.0 * s.left_wins as f64 / games,
            1,
        ),
    ];
    // Results folders written before `config.json` recorded the lookups per batch have none: no such rows.
    if p.streams
        .iter()
        .all(|s| s.batch_lookups.len() == p.plan.0.len())
    {
        for (i, b) in p.plan.0.iter().enumerate() {
            rows.push(vec![
                format!("lookups in the {} games on {}", b.games, b.board()),
                p.stream_estimate(|s| s.batch_lookups[i] as f64).show(0),
            ]);
        }
    }
    let n = p.streams.len();
    let header = ["quantity".into(), format!("mean ± 95% ({n} seeds)")];
    table(o, header, rows)?;
    let _ = writeln!(
        o,
        "Every budgeted run is checked against the free run of its stream (same number of lookups and same \
         sequence fingerprint); a mismatch aborts the experiment.\n"
    );
    Ok(())
}

/// "The original experiment's figures next to ours".
fn original(o: &mut String, outcome: &Outcome) -> Result<()> {
    let n = outcome.main.streams.len();
    let _ = writeln!(
        o,
        "## The original experiment's figures next to ours\n\nThe original experiment ran one seed of an unknown generator, so its exact figures cannot be reproduced; directions can. \
         \"Prototype\" is the one-seed prototype of this protocol quoted in `docs/catalogue-experiment.md` §3.\n"
    );
    let rows = original_figures(outcome).into_iter().map(|r| {
        let (ours, digits) = r.ours;
        let shown = or_missing(ours, |e| e.show(digits));
        vec![r.what.into(), r.original.into(), r.prototype.into(), shown]
    });
    let this_run = format!("this run ({n} seeds)");
    table(
        o,
        [
            "figure",
            "original (1 seed)",
            "prototype (1 seed)",
            &this_run,
        ],
        rows,
    )?;
    if let Some((wins, seeds)) = inversion_wins(&outcome.main, 10) {
        let _ = writeln!(
            o,
            "The original experiment's asserted inversion, LRU at 10 entries above the offline best ten, holds on {wins} of {seeds} \
             seeds.\n"
        );
    }
    Ok(())
}

/// "Hit rate per policy and budget", with its charts.
fn hit_rates(o: &mut String, outcome: &Outcome, made: &[String]) -> Result<()> {
    let p = &outcome.main;
    let _ = writeln!(o, "## Hit rate per policy and budget (%)\n");
    policy_table(o, p, &outcome.policies, &headline(p), pct, 2)?;
    let hit_images = images(made, "hit_rate_vs_budget_", "hit rate versus budget");
    if !hit_images.is_empty() {
        let _ = writeln!(
            o,
            "{hit_images}\n{}\nOne chart per rule family (recency; frequency with LRU for reference; adaptive rules and \
             fixed tables), so every rule run is drawn with its own colour and marker; each family's chart is then \
             zoomed to budgets 8 and up. The full sweep (budgets {:?}) is in `eviction.csv`; Belady and unbounded are \
             drawn dashed as the bounds. Only the best ageing period is drawn here; all are in the ageing section.\n",
            images(
                made,
                "hit_rate_vs_budget_zoom_",
                "hit rate versus budget, zoomed"
            ),
            p.budgets
        );
    }
    Ok(())
}

/// "Miss-ratio curves": one pair of charts per rule group.
fn miss_ratio_curves(o: &mut String, outcome: &Outcome, dir: &Path) -> Result<()> {
    let curves = curves::write(outcome, dir)?;
    if curves.is_empty() {
        return Ok(());
    }
    let _ = writeln!(
        o,
        "## Miss-ratio curves\n\nOne pair of charts per rule group, so every rule run is drawn: miss ratio \
         (log-log) and hit-rate points versus LRU (paired per seed; above zero the rule keeps more of what is \
         asked for than LRU), budgets as a percentage of the working set (the mean number of distinct shapes per \
         stream; the vertical lines mark 1% and 10%). LRU, Belady and unbounded are on every miss-ratio chart \
         for reference. The dice-chess traces' curves, on the same axis, are in the game-search section.\n"
    );
    let mut grid = Table::new([
        ("rules", Align::Left),
        ("miss ratio", Align::Left),
        ("points versus LRU", Align::Left),
    ]);
    for (title, mrc, paired) in &curves {
        grid.row([
            title.clone(),
            format!("![miss ratio, {title}]({mrc}.svg)"),
            paired.as_ref().map_or(MISSING.into(), |s| {
                format!("![points versus LRU, {title}]({s}.svg)")
            }),
        ])?;
    }
    let _ = writeln!(o, "{}", grid.markdown());
    Ok(())
}

/// "Re-evaluations per policy and budget", with its charts.
fn re_evaluations(o: &mut String, outcome: &Outcome, made: &[String]) -> Result<()> {
    let p = &outcome.main;
    let _ = writeln!(
        o,
        "## Re-evaluations per policy and budget (count per run)\n"
    );
    policy_table(o, p, &online(outcome), &headline(p), reevals, 0)?;
    let re_images = images(
        made,
        "re_evaluations_vs_budget_",
        "re-evaluations versus budget",
    );
    if !re_images.is_empty() {
        let _ = writeln!(o, "{re_images}");
    }
    Ok(())
}

/// "Gap to Belady".
fn belady_gap(o: &mut String, outcome: &Outcome) -> Result<()> {
    let (p, hb) = (&outcome.main, headline(&outcome.main));
    if !p.budgets.contains(&10) && hb.is_empty() {
        return Ok(());
    }
    let _ = writeln!(
        o,
        "## Gap to Belady (hit-rate points, Belady minus policy)\n"
    );
    let rows = belady_gaps(outcome, p, &hb);
    difference_table(o, "policy", &hb, rows)?;
    let _ = writeln!(
        o,
        "Belady is the optimum of the demand-paged rules (every online rule here); the fixed tables (`best_n`, \
         `first_n`) are preloaded, so their first lookups are hits and a negative gap would not be a bug.\n"
    );
    Ok(())
}

/// "Does ageing overtake recency?": paired differences, the answer budget by budget, the margins, the charts.
fn ageing(o: &mut String, outcome: &Outcome, made: &[String]) -> Result<()> {
    let (p, hb) = (&outcome.main, headline(&outcome.main));
    if aging(&outcome.policies).is_empty() || !outcome.policies.contains(&PolicyKind::Lru) {
        return Ok(());
    }
    let _ = writeln!(
        o,
        "## Does ageing overtake recency?\n\nThe original experiment's prediction: if the ratchet is the whole of LFU's disadvantage, halving every count at fixed \
         intervals should overtake LRU. Paired differences over seeds, ageing LFU minus LRU, in hit-rate points:\n"
    );
    let first = "K (lookups between halvings)";
    let diffs = |base: PolicyKind| aging_differences(outcome, p, base, &hb);
    difference_table(o, first, &hb, diffs(PolicyKind::Lru))?;
    if outcome.policies.contains(&PolicyKind::Lfu) {
        let _ = writeln!(o, "Ageing LFU minus never-aged LFU, same units:\n");
        difference_table(o, first, &hb, diffs(PolicyKind::Lfu))?;
    }
    ageing_answer(o, outcome, &hb);
    let aging_images = images(made, "aging_vs_budget_", "ageing minus LRU, chart");
    if !aging_images.is_empty() {
        let _ = writeln!(o, "{aging_images}");
    }
    Ok(())
}

/// The ageing answer budget by budget, with the held-out check and, beside never-aged LFU, the margins.
fn ageing_answer(o: &mut String, outcome: &Outcome, hb: &[usize]) {
    let p = &outcome.main;
    let _ = writeln!(o, "Answer, budget by budget:\n");
    for &b in hb {
        if let Some(s) = aging_sentence(outcome, p, b) {
            let held = held_out_aging(outcome, p, b).map_or(String::new(), |(k, d, half)| {
                format!(
                    " Held out: the period chosen on the first {half} seeds (`{k}`) {} LRU on the other {} \
                     ({} points).",
                    verdict(&d),
                    d.n,
                    d.show(2)
                )
            });
            let _ = writeln!(o, "- {s}.{held}");
        }
    }
    let _ = writeln!(
        o,
        "\n(\"Overtakes\" and \"loses to\" mean the whole 95% interval of the paired difference is above or below \
         zero; \"best\" is the best of the swept periods on the same seeds, hence the held-out check.)\n"
    );
    // How much: the best period's margin over LRU next to what ageing recovers over never-aged LFU.
    if outcome.policies.contains(&PolicyKind::Lfu) {
        for &b in hb {
            if let (Some((kl, dl)), Some((kf, df))) = (
                best_margin(outcome, p, PolicyKind::Lru, b),
                best_margin(outcome, p, PolicyKind::Lfu, b),
            ) {
                let _ = writeln!(
                    o,
                    "- How much at {b}: best margin over LRU {} points (`{kl}`); best gain over never-aged LFU {} \
                     points (`{kf}`).",
                    dl.show(2),
                    df.show(2)
                );
            }
        }
        o.push('\n');
    }
}

/// "What the final tables hold": overlap with the first-N and best-N keys.
fn final_tables(o: &mut String, outcome: &Outcome) -> Result<()> {
    let p = &outcome.main;
    let ob: Vec<usize> = [20, 40]
        .into_iter()
        .filter(|b| p.budgets.contains(b))
        .collect();
    if ob.is_empty() {
        return Ok(());
    }
    let _ = writeln!(
        o,
        "## What the final tables hold\n\nShare of the final table's N entries (N = budget) that are among the first N keys to arrive and among \
         the N most used over the run (%). The original experiment's LFU: 70 / 65 at 20, 83 / 68 at 40.\n"
    );
    let mut header = vec!["policy".to_string()];
    for b in &ob {
        header.push(format!("first-{b}"));
        header.push(format!("best-{b}"));
    }
    let belady = [PolicyKind::Belady];
    let rows = (online(outcome).into_iter())
        .chain(belady.into_iter().filter(|k| outcome.policies.contains(k)))
        .map(|k| {
            let mut r = vec![format!("`{k}`")];
            for &b in &ob {
                let share = |f: fn(&EvictionRecord) -> f64| {
                    or_missing(cell(p, k, b, |x| 100.0 * f(x)), |e| e.show(0))
                };
                r.push(share(|x| x.overlap_first_n));
                r.push(share(|x| x.overlap_best_n));
            }
            r
        });
    Ok(table(o, header, rows)?)
}

/// "Per-board best tens": overlap per board pair, its figure, and the first seed's tens.
fn best_tens(o: &mut String, p: &PlanResults, dir: &Path) -> Result<()> {
    let Some(bt) = best_ten_stats(p) else {
        return Ok(());
    };
    let _ = writeln!(
        o,
        "## Per-board best tens\n\nFor each board size, the ten shapes most looked up in its games. Distinct shapes across the {} best \
         tens: {} (original 18); shapes in all of them: {} (original 3).\n",
        bt.boards.len(),
        bt.distinct.show(1),
        bt.common.show(1)
    );
    let pair = |&(i, j, e): &(usize, usize, Interval)| {
        vec![format!("{} & {}", bt.boards[i], bt.boards[j]), e.show(1)]
    };
    let pairs = bt.pairs.iter().map(pair);
    table(o, ["boards", "shapes shared (of 10)"], pairs)?;
    let _ = match best_ten_figure(p, &bt, dir) {
        Ok(_) => writeln!(
            o,
            "![best-ten overlap per board pair](best_ten_overlap.svg)\n"
        ),
        Err(e) => writeln!(o, "**Figure refused:** {e:#}.\n"),
    };
    let Some(s) = p.streams.first() else {
        return Ok(());
    };
    let _ = writeln!(
        o,
        "Seed {}'s best tens (shape rows top to bottom joined by `|`, `.` a cell, `#` outside; lookups in \
         that board's games):\n",
        s.row.seed
    );
    let header = std::iter::once("rank").chain(bt.boards.iter().map(String::as_str));
    let rows = (0..crate::experiments::catalogue_eviction::experiment::BEST_TEN).map(|r| {
        let mut row = vec![(r + 1).to_string()];
        row.extend(s.best_tens.iter().map(|t| {
            t.get(r)
                .map_or(MISSING.into(), |(k, c)| format!("`{}` ({c})", k))
        }));
        row
    });
    Ok(table(o, header, rows)?)
}

/// "The one-board-size control": hit rates per control plan and what they say against the main plan.
fn controls(o: &mut String, outcome: &Outcome) -> Result<()> {
    if outcome.controls.is_empty() {
        return Ok(());
    }
    let _ = writeln!(
        o,
        "## The one-board-size control\n\nThe control the original experiment asked for: the same number of games, all on one board size, so the oracle's \
         fixed table faces a stationary stream. Hit rate (%):\n"
    );
    for k in &outcome.controls {
        let _ = writeln!(
            o,
            "### `{}` ({}; {} lookups per run)\n",
            k.name,
            k.plan,
            k.stream_estimate(|s| s.row.lookups as f64).show(0)
        );
        policy_table(o, k, &outcome.policies, &k.budgets, pct, 2)?;
        let mut lines = Vec::new();
        for &b in &k.budgets {
            if let Some(d) = lru_minus_best(k, b) {
                let dm = lru_minus_best(&outcome.main, b).map_or(MISSING.to_owned(), |x| x.show(2));
                lines.push(format!(
                    "- LRU-{b} minus best {b}: {} points here, {dm} in the four-board run.",
                    d.show(2)
                ));
            }
            if let Some(s) = aging_sentence(outcome, k, b) {
                lines.push(format!("- {s}."));
            }
        }
        let _ = writeln!(o, "{}\n", lines.join("\n"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::catalogue_eviction::experiment::{
        Config, Control, execute, write_results,
    };
    use crate::experiments::catalogue_eviction::stream::StreamConfig;
    use crate::progress::Progress;

    /// Every file of `dir`, by name, with its bytes.
    fn files(dir: &Path) -> Vec<(std::ffi::OsString, Vec<u8>)> {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                (
                    p.file_name().unwrap().to_owned(),
                    std::fs::read(&p).unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn the_page_of_the_results_folder_is_the_page_of_the_outcome_that_wrote_it() {
        let config = Config {
            stream: StreamConfig {
                plan: "4x5:6,5x5:5".parse().unwrap(),
                ..StreamConfig::default()
            },
            seeds: vec![1, 2, 3],
            controls: vec![Control::single(5, 5, 6)],
            control_budgets: vec![10, 20],
            threads: 1,
            game_search_scenarios: Some(crate::test_support::shipped_scenarios()),
            ..Config::default()
        };
        let outcome = execute(&config, &Progress::hidden()).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let results = tmp.path().join("results");
        write_results(&outcome, &results).unwrap();
        let loaded = load(&results).unwrap().expect("eviction.csv");
        let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        let in_memory = page(&outcome, &a, &results, None).unwrap();
        let read_back = page(&loaded, &b, &results, None).unwrap();
        assert_eq!(read_back, in_memory);
        assert!(
            in_memory.contains("| lookups in the 6 games on 4x5 |"),
            "{in_memory}"
        );
        assert!(in_memory.contains("## Game-search traces"), "{in_memory}");
        assert_eq!(files(&b), files(&a), "the charts differ");
    }
}
