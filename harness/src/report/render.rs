//! Markdown and charts for one run: the header and At a glance here, then every section of
//! [`crate::experiments::MAIN_JOB`] in order. Tables and charts show the headline slice (the `material` evaluator
//! with the traversal cache on, or the first recorded ones); every figure of every arm stays in the run's CSVs.

use super::load::RunResults;
use crate::experiments::expansion::glance::{at_a_glance, glance_table, tally};
use crate::present::{Align, Table};
use crate::section::{Section, SectionContext, Slice};
use anyhow::{Context, Result};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// What a render produced.
#[derive(Debug, Clone)]
pub(crate) struct Rendered {
    /// Every chart file written (one SVG each), sub-pages' included.
    pub charts: Vec<PathBuf>,
}

/// Renders `results` into `out` (`index.md`, `charts/*.svg|png`), creating `out/charts` as needed.
pub(crate) fn render(results: &RunResults, out: &Path) -> Result<Rendered> {
    let charts_dir = out.join("charts");
    std::fs::create_dir_all(&charts_dir)
        .with_context(|| format!("{}: cannot create", charts_dir.display()))?;
    let slice = Slice::of_run(&results.counts, &results.timings);
    let mut r = Report {
        results,
        slice: slice.clone(),
        page: Section::default(),
    };
    let ctx = SectionContext {
        dir: &results.dir,
        charts_dir: &charts_dir,
        slice: &slice,
        counts: &results.counts,
        timings: &results.timings,
        intervals: &results.intervals,
        allocations: results.allocations.as_ref(),
        probes: results.probes.as_ref(),
        answer: &[],
    };
    let answer = crate::experiments::answer(&ctx)?;
    let ctx = SectionContext {
        answer: &answer,
        ..ctx
    };
    r.header(&answer)?;
    r.glance()?;
    // Sections in the main job's order: each experiment renders its own from the run folder.
    for e in crate::experiments::MAIN_JOB {
        if let Some(section) = e
            .section(&ctx)
            .with_context(|| format!("the {} section", e.name()))?
        {
            r.add(section);
        }
    }
    // Match runs are commands, not main-job stages: those beside this run folder are listed after it.
    if let Some(section) =
        crate::strength::match_runner::section::listing(&results.dir, &charts_dir)
            .context("the Matches section")?
    {
        r.add(section);
    }
    // Deadline runs likewise.
    if let Some(section) = crate::strength::deadline::section::listing(&results.dir)
        .context("the Deadline qualification section")?
    {
        r.add(section);
    }
    crate::section::write_page(out, &r.page)?;
    Ok(Rendered {
        charts: r.page.charts,
    })
}

/// Each quantity the report states, defined once; sections and tables use these meanings.
const DEFINITIONS: &str = "## Definitions\n\n\
- **Operation**: one successor of a family (a position after our turn, the opponent to roll) fully expanded \
  (nested chance expansion) with fresh caches; the search section's unit is one pass over the family's roots.\n\
- **Hit rate**: hits / lookups (lookups = evaluator calls + hits) of the cache over the whole family (the \
  counting pass). A column that gives the hit rate of one measured operation (callgrind measures the family's \
  first successor) says so in its header.\n\
- **Speedup**: time(baseline) / time(variant), > 1 = faster, from paired samples of one successor (the search: \
  one root) timed back to back in fresh processes (sessions): the geometric mean of the paired ratios with a \
  Student-t interval over sessions, with its level and number of sessions n (runs before the timing kernel: the \
  median of per-round ratios with its order-statistic interval). Every other ratio also reads > 1 = better (\"N x fewer leaves\"); costs against a \
  baseline are signed changes (\"+15% calls\").\n\
- **Verdict**: pays (faster) where the speedup's interval lies above 1, costs (slower) where below, within noise \
  where it lies inside 1 ± 1%, no verdict where it holds 1 and reaches past ±1% or covers less than 95%; each \
  judged alone (exploratory), except the answer's declared comparisons, judged together by Holm's step-down, \
  where an undecided family reads \"not shown\".\n\
- **Evaluator cost per call**: measured directly: the evaluator alone over an evenly spaced sample of the very \
  evaluations the uncached expansion of the family's first successor asks for (the operation callgrind counts; at \
  most 128, so that they stay in the first-level cache as a state just made does), timed in rounds paired with the `constant` evaluator over the same sample, \
  (time − constant's time) / calls, the median with its 95% interval; \"not resolved\" where the interval holds 0. In instructions (callgrind): e = instructions one call costs beyond the constant \
  evaluator.\n\
- **Break-even**: the evaluator cost at which a cache neither gains nor loses. In instructions: p / h, with p \
  the optimized cache's instructions per lookup (callgrind) and h the family's hit rate; in ns: \
  time(no cache, `constant`) x (1 / s − 1) / hits per operation, s the variant's paired speedup over no cache \
  with `constant`, with the interval s gives (\"—\" where it holds 0 or has no upper end). The break-even hit rate is \
  p / e; where p > e a lookup costs more than the call it saves and the cache never pays at any hit rate. The \
  break-even map measures its own operation and states the hit rate it uses.\n\n";

struct Report<'a> {
    results: &'a RunResults,
    slice: Slice,
    /// The whole report as one page: `index.md`, every chart, the sections' sub-pages.
    page: Section,
}

impl Report<'_> {
    /// Appends a section's markdown and keeps its charts and sub-pages.
    fn add(&mut self, section: Section) {
        self.page.markdown.push_str(&section.markdown);
        self.page.charts.extend(section.charts);
        self.page.pages.extend(section.pages);
    }

    fn header(&mut self, answer: &[crate::answer::Claim]) -> Result<()> {
        let r = self.results;
        let _ = writeln!(self.page.markdown, "# Evaluation-cache benchmark report\n");
        self.page.markdown.push_str(&crate::answer::markdown(
            answer,
            crate::answer::unreliable_timings(r.meta("other_load"), r.meta("cores")).as_deref(),
            &crate::experiments::questions(),
        ));
        self.page.markdown.push_str(DEFINITIONS);
        let _ = writeln!(self.page.markdown, "## The run\n");
        let _ = writeln!(
            self.page.markdown,
            "Generated by `harness report` from `{}` (the run folder actually read). Raw results stay in \
             `results-private/`; the catalogue-eviction experiment has its own report in `eviction/`.\n",
            shown_folder(&r.dir)
        );
        let mut run = Table::new([("run", Align::Left), ("", Align::Left)]);
        for (label, key) in [
            ("machine", "hostname"),
            ("cpu", "cpu_model"),
            ("cores", "cores"),
            ("rustc", "rustc"),
            ("git revision", "git_revision"),
            ("seed", "seed"),
            ("date (UTC)", "started_utc"),
            ("timings", "timing"),
            ("mode", "mode"),
            (
                "load average before the timing (1, 5, 15 min)",
                "load_before",
            ),
            ("load average after the timing", "load_after"),
            (
                "cores other processes kept busy during the timing",
                "other_load",
            ),
            ("most timing sessions side by side", "timing_streams"),
            ("timing sessions run as", "timing_sessions"),
        ] {
            let value = r.meta(key).to_string();
            // Runs from before the two lanes record no `timing` (they timed alone): no row.
            let value = match (key, value.as_str()) {
                ("timing", "beside-counting") => {
                    "on one core of their own, the counting experiments beside them".to_owned()
                }
                ("timing", "alone") => {
                    "with the machine to themselves (one experiment at a time)".to_owned()
                }
                ("timing", _) => continue,
                // Runs from before the timing kernel record none of these: no row.
                (
                    "mode" | "load_before" | "load_after" | "other_load" | "timing_streams"
                    | "timing_sessions",
                    "unknown",
                ) => continue,
                ("mode", "quick") => "`--quick`".to_owned(),
                ("timing_sessions", "processes") => "fresh `timing-rounds` processes".to_owned(),
                _ => value,
            };
            // The revision in the form `harness --version` and the console show; metadata.txt keeps it whole.
            let value = if key == "git_revision" {
                crate::revision::shown_revision(&value)
            } else {
                value
            };
            run.row([label.to_owned(), value])?;
        }
        self.page.markdown.push_str(&run.markdown());
        let _ = writeln!(
            self.page.markdown,
            "\nTables and charts show evaluator `{}` with the traversal cache `{}`; one operation is one \
             successor fully expanded with fresh caches. The CSVs hold every evaluator and traversal mode.\n",
            self.slice.evaluator, self.slice.traversal
        );
        Ok(())
    }

    /// "At a glance": the answer first (see [`crate::experiments::expansion::glance`]).
    fn glance(&mut self) -> Result<()> {
        let mut glance = at_a_glance(
            &self.results.counts,
            &self.results.timings,
            &self.results.intervals,
        );
        if let Some(map) = crate::experiments::break_even::section::rows(&self.results.dir)? {
            crate::experiments::expansion::glance::with_break_even_map(&mut glance, &map);
        }
        let strength = crate::strength::Strength::of_run(&self.results.dir)?;
        crate::experiments::expansion::glance::with_predicted_elo(&mut glance, &strength);
        let _ = writeln!(self.page.markdown, "## At a glance\n");
        if glance.is_empty() {
            let _ = writeln!(
                self.page.markdown,
                "No setting with both the `none` arm and a cache variant timed: nothing to compare.\n"
            );
            return Ok(());
        }
        let t = tally(&glance);
        let _ = writeln!(
            self.page.markdown,
            "For each scenario, evaluator and traversal setting: the cache variant with the greatest speedup over \
             no cache, with its interval and verdict (exploratory: each judged alone at 95%, picked as the \
             fastest; the answer's declared comparisons are judged together), its hit rate, the evaluator's cost \
             per call and the break-even beside it (see Definitions): the cache pays when the evaluator costs \
             more than the break-even. The break-even in ns is the cache's time per hit with the free `constant` \
             evaluator, from its paired speedup over no cache, with that interval; \"—\" where the interval holds \
             0 or has no upper end. The instruction columns come from callgrind (traversal cache on: every variant with \
             the report's evaluator, the optimized cache with each other one) or, for settings it does not cover, \
             from the break-even map. The `constant` evaluator is timed even when not selected: it is the \
             baseline of the cost columns.\n"
        );
        let _ = writeln!(self.page.markdown, "{}\n", strength.glance_note());
        let _ = writeln!(self.page.markdown, "{}", glance_table(&glance)?.markdown());
        let speedups: Vec<_> = glance.iter().map(|g| g.speedup_vs_none).collect();
        if let Some(note) = crate::answer::intervals_note(&speedups) {
            let _ = writeln!(self.page.markdown, "Speedup intervals: {note}.\n");
        }
        let _ = writeln!(self.page.markdown, "**Verdicts:** {}.\n", t.sentence());
        Ok(())
    }
}

/// The run folder as the report names it: relative paths as given (`results-private/<run>`), absolute ones by
/// their last two components, so a tracked report never records a machine's home or temporary folder.
fn shown_folder(dir: &Path) -> String {
    if dir.is_relative() {
        return dir.display().to_string();
    }
    let parts: Vec<String> = dir
        .components()
        .rev()
        .take(2)
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.into_iter().rev().collect::<Vec<_>>().join("/")
}
