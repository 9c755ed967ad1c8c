//! A report section as an experiment writes it: markdown and the chart files it links, made from a
//! [`SectionContext`] (the run folder, where charts go, and the run's shared tables). It sits below both
//! `experiments` (which write sections) and `report` (which orders them into `index.md`), so neither depends on the
//! other's internals.

use crate::evaluators::EvaluatorKind;
use crate::plot::{self, CategorySeries, DotPlot, LinePlot};
use crate::record::schema::{Figure, IntervalTable, ProbeTable};
use crate::record::{ArmKey, Known, Metric, MetricTable};
use anyhow::Result;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The slice a report shows: one evaluator and one traversal mode.
#[derive(Debug, Clone)]
pub(crate) struct Slice {
    /// Evaluator of every table and chart (`material` when recorded).
    pub evaluator: String,
    /// Traversal mode of every table and chart (`on` when recorded).
    pub traversal: String,
}

impl Slice {
    /// `material` with the traversal cache `on` where `t` has them, else the first recorded ones.
    pub(crate) fn pick<V: Figure>(t: &MetricTable<V>) -> Slice {
        fn choose<T: std::str::FromStr + Copy + PartialEq>(list: &[String], want: T) -> String {
            list.iter()
                .find(|x| Known::parse(x).is(want))
                .or(list.first())
                .cloned()
                .unwrap_or_default()
        }
        Slice {
            evaluator: choose(&t.evaluators, EvaluatorKind::Material),
            traversal: choose(&t.traversals, Traversal::Cached),
        }
    }

    /// The slice of a run folder: picked from its timings, which hold exactly the evaluators the expansion stage
    /// measured (its counts also hold the instruction stage's arms, whose `material` would pick a slice the
    /// run's tables do not have when `material` was not selected); from its counts when it has no timings.
    pub(crate) fn of_run(counts: &MetricTable<i128>, timings: &MetricTable<f64>) -> Slice {
        if timings.evaluators.is_empty() {
            Slice::pick(counts)
        } else {
            Slice::pick(timings)
        }
    }

    /// The arm of `scenario` and `variant` in this slice.
    pub(crate) fn arm(&self, scenario: &str, variant: &str) -> ArmKey {
        ArmKey::new(scenario, variant, &self.evaluator, &self.traversal)
    }
}

/// What a section reads: the run folder (for its own files) and the shared tables every run folder has, loaded
/// and checked once by the report.
pub(crate) struct SectionContext<'a> {
    pub dir: &'a Path,
    /// Where chart files go (`charts/` of the report; markdown links them as `charts/<stem>.svg`).
    pub charts_dir: &'a Path,
    /// The slice tables and charts show.
    pub slice: &'a Slice,
    /// `counts.csv`.
    pub counts: &'a MetricTable<i128>,
    /// `timings.csv`.
    pub timings: &'a MetricTable<f64>,
    /// `intervals.csv` (empty for runs written before it existed).
    pub intervals: &'a IntervalTable,
    /// `allocations.csv`, when the allocation profile ran.
    pub allocations: Option<&'a MetricTable<f64>>,
    /// `probes.csv`, absent in runs made before it was collected.
    pub probes: Option<&'a ProbeTable>,
    /// The answer the report opens with (empty while the answer itself is being worked out); a sub-page that
    /// opens with it too reads it here.
    pub answer: &'a [crate::answer::Claim],
}

impl SectionContext<'_> {
    /// The folder of the report's sub-page `name` (beside `charts/`), created; a sub-page writes its own charts
    /// there and links them by file name.
    pub(crate) fn page_dir(&self, name: &str) -> Result<PathBuf> {
        let dir = self
            .charts_dir
            .parent()
            .unwrap_or(self.charts_dir)
            .join(name);
        std::fs::create_dir_all(&dir)
            .map_err(|e| anyhow::anyhow!("{}: cannot create: {e}", dir.display()))?;
        Ok(dir)
    }

    /// `name` in the run folder when it exists (an experiment's optional file).
    pub(crate) fn optional(&self, name: &str) -> Option<PathBuf> {
        let p = self.dir.join(name);
        p.exists().then_some(p)
    }

    /// Bars grouped by scenario with one series per cache variant (so a variant keeps its colour on every chart),
    /// from `f(arm) -> (value, 95% interval)`. Scenarios and variants without any value are left out.
    pub(crate) fn by_scenario<V: Figure>(
        &self,
        t: &MetricTable<V>,
        f: impl Fn(&ArmKey) -> Option<(f64, Option<(f64, f64)>)>,
    ) -> (Vec<String>, Vec<CategorySeries>) {
        let variants: Vec<&String> = t.variants.iter().collect();
        let cell = |s: &str, v: &str| f(&self.slice.arm(s, v));
        let scenarios: Vec<String> = t
            .scenarios
            .iter()
            .filter(|s| variants.iter().any(|v| cell(s, v).is_some()))
            .cloned()
            .collect();
        let series = variants
            .iter()
            .map(|v| {
                let cells: Vec<_> = scenarios.iter().map(|s| cell(s, v)).collect();
                let any_interval = cells.iter().flatten().any(|(_, iv)| iv.is_some());
                CategorySeries {
                    name: (*v).clone(),
                    values: cells.iter().map(|c| c.map(|(y, _)| y)).collect(),
                    intervals: any_interval.then(|| {
                        cells
                            .iter()
                            .map(|c| c.map_or((0.0, 0.0), |(y, iv)| iv.unwrap_or((y, y))))
                            .collect()
                    }),
                }
            })
            .filter(|s| s.values.iter().any(Option::is_some))
            .collect();
        (scenarios, series)
    }

    /// The optimized cache's `metric` per operation against the tuple-key map and no cache, per scenario, as
    /// signed changes; against no cache alone where the tuple-key map was not measured (a `--quick` run's
    /// callgrind step).
    pub(crate) fn ratio_sentence<V: Figure>(
        &self,
        t: &MetricTable<V>,
        metric: Metric,
        what: &str,
    ) -> String {
        let mut ratios = Vec::new();
        for s in &t.scenarios {
            let get = |c: CacheKind| t.get(&self.slice.arm(s, c.name()), metric);
            let (Some(o), Some(n)) = (get(CacheKind::Optimized), get(CacheKind::None)) else {
                continue;
            };
            if n > 0.0 {
                let vs_tuple = get(CacheKind::Tuple).filter(|u| *u > 0.0).map(|u| o / u);
                ratios.push((s.clone(), vs_tuple, o / n));
            }
        }
        if ratios.is_empty() {
            return format!("{what}: no optimized and none rows to compare.");
        }
        // Signed changes, not ratios: a ratio of costs below 1 would read as better, against every other ratio.
        let change = |r: f64| {
            let d = r - 1.0;
            let sign = if d < 0.0 { "−" } else { "+" };
            format!("{sign}{}", crate::present::number::percent(d.abs()))
        };
        let with_tuple = ratios.iter().all(|(_, u, _)| u.is_some());
        let list: Vec<String> = ratios
            .iter()
            .map(|(s, a, b)| match a {
                Some(a) if with_tuple => {
                    format!("`{s}` {} vs tuple, {} vs none", change(*a), change(*b))
                }
                _ => format!("`{s}` {}", change(*b)),
            })
            .collect();
        if with_tuple {
            format!(
                "{what} per operation of the optimized cache against the tuple-key map and against no cache (− = \
                 fewer, + = more): {}.",
                list.join(", ")
            )
        } else {
            format!(
                "{what} per operation of the optimized cache against no cache (− = fewer, + = more; the tuple-key \
                 map was not measured): {}.",
                list.join(", ")
            )
        }
    }
}

/// One section of the report: its markdown (headings included), every chart file it wrote, and the sub-pages it
/// adds beside `index.md` (a page of its own, such as `eviction/index.md`, rendered from the run folder like the
/// rest).
#[derive(Debug, Clone, Default)]
pub(crate) struct Section {
    /// Markdown, appended to `index.md` as is.
    pub markdown: String,
    /// Chart files written (one SVG each), each linked from `markdown` or from a page.
    pub charts: Vec<PathBuf>,
    /// Sub-pages: a path relative to the report folder and its markdown, written by the report as they are.
    pub pages: Vec<(PathBuf, String)>,
}

impl Section {
    /// Writes a dot-and-interval chart (the honest form on a log axis, where bar lengths mean nothing) and links
    /// it from the markdown.
    pub(crate) fn dot_chart(
        &mut self,
        ctx: &SectionContext<'_>,
        stem: &str,
        chart: &DotPlot,
    ) -> Result<()> {
        let files = plot::dot_plot(chart, &ctx.charts_dir.join(stem))?;
        self.link(stem, &chart.title, files);
        Ok(())
    }

    /// Writes a line chart (numeric x axis) and links it from the markdown.
    pub(crate) fn line_plot(
        &mut self,
        ctx: &SectionContext<'_>,
        stem: &str,
        chart: &LinePlot,
    ) -> Result<()> {
        let files = plot::line_plot(chart, &ctx.charts_dir.join(stem))?;
        self.link(stem, &chart.title, files);
        Ok(())
    }

    /// Links a chart file already written as `charts/<stem>.svg` and keeps it.
    pub(crate) fn link(&mut self, stem: &str, title: &str, file: PathBuf) {
        self.charts.push(file);
        let _ = writeln!(self.markdown, "![{title}](charts/{stem}.svg)\n");
    }
}

/// Hit rate = hits / (calls + hits); 0 with no lookups.
pub(crate) fn hit_rate(calls: f64, hits: f64) -> f64 {
    if calls + hits > 0.0 {
        hits / (calls + hits)
    } else {
        0.0
    }
}

/// Writes a rendered page into the report folder `out`: its markdown as `index.md` and each sub-page at its path
/// (its charts are already in place); returns the path of `index.md`. Every page, the main report's and those of
/// run folders with a report of their own, is put in place by this one writer.
pub(crate) fn write_page(out: &Path, page: &Section) -> anyhow::Result<PathBuf> {
    for (path, markdown) in &page.pages {
        let path = out.join(path);
        if let Some(parent) = path.parent() {
            anyhow::Context::with_context(std::fs::create_dir_all(parent), || {
                format!("{}: cannot create", parent.display())
            })?;
        }
        crate::record::write_atomic(&path, markdown.as_bytes())?;
    }
    let index = out.join("index.md");
    crate::record::write_atomic(&index, page.markdown.as_bytes())?;
    Ok(index)
}
