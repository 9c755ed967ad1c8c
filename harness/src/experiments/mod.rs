//! The main job's experiments, in run order, on one spine: each experiment is a folder here holding its plan,
//! arms, domain code, findings and report section, and a unit type implementing [`Experiment`] (the typed CSV
//! rows stay in the spine's `record::schema`, which reads every run folder). The main job is [`MAIN_JOB`];
//! `--skip` and the stage list in `--help` come from it, and `compare` asks it which experiments it reads.

pub(crate) mod allocations;
pub(crate) mod bounded_cache;
pub(crate) mod break_even;
pub(crate) mod catalogue_eviction;
#[cfg(test)]
pub(crate) mod example;
pub(crate) mod expansion;
pub(crate) mod instructions;
pub(crate) mod job;
pub(crate) mod lanes;
mod main_run;
pub(crate) mod search;
pub(crate) mod tt_pressure;

pub(crate) use job::{Job, Race, sample_ms, timing_schedule};
pub(crate) use lanes::run_all;
pub(crate) use main_run::{Findings, MainRun};

use crate::answer::Claim;
use crate::section::{Section, SectionContext};

/// One experiment of the main job.
pub(crate) trait Experiment: Sync {
    /// The name `--skip` takes and the stage list shows (`snake_case`).
    fn name(&self) -> &'static str;
    /// What it measures, in one line for `--help`.
    fn about(&self) -> &'static str;
    /// Whether `harness compare` reads what it writes (the runs of a comparison skip the others).
    fn read_by_compare(&self) -> bool {
        false
    }
    /// The `--skip-…` flag older revisions know for this experiment, kept as an alias of `--skip NAME`.
    fn legacy_skip_flag(&self) -> Option<&'static str> {
        None
    }
    /// Whether it runs child processes (callgrind, dhat): the `--skip-profiles` alias skips every such experiment.
    fn runs_children(&self) -> bool {
        false
    }
    /// Whether it takes wall-clock measurements. Such experiments run one after another in the timed lane, which
    /// keeps a core to itself; the others (deterministic counts) run beside them ([`lanes`]).
    fn measures_time(&self) -> bool {
        true
    }
    /// Runs the experiment: its own files into the run folder, its shared rows and findings into `run`.
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()>;
    /// What a skipped experiment still leaves in the run folder (a note saying it was skipped, where the report
    /// reads one).
    fn skipped(&self, _run: &mut MainRun<'_>) -> anyhow::Result<()> {
        Ok(())
    }
    /// Its section of the main report, read from the run folder in `ctx` (its own files, which an older or a
    /// skipping run may lack, and the shared tables); `None` when it has none.
    fn section(&self, _ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        Ok(None)
    }
    /// The answer's questions its claims answer (each said "not measured" when it is skipped).
    fn questions(&self) -> &'static [crate::answer::Question] {
        &[]
    }
    /// Its sentences of the answer ([`crate::answer`]), read from the run folder like its section; none when its
    /// files are absent (the answer then says the question was not measured).
    fn claims(&self, _ctx: &SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
        Ok(Vec::new())
    }
}

/// The main job, in run order. The expansion experiment comes first and cannot be skipped: every other section
/// and At a glance read its counts and timings. Adding an experiment is its folder and one line here.
pub(crate) const MAIN_JOB: &[&dyn Experiment] = &[
    &expansion::Expansion,
    &instructions::Instructions,
    &search::Search,
    &break_even::BreakEven,
    &bounded_cache::BoundedCache,
    &tt_pressure::TtPressure,
    &catalogue_eviction::CatalogueEviction,
    &allocations::Allocations,
    #[cfg(test)]
    &example::Example,
];

/// The run's answer: every experiment's claims, read from the run folder in `ctx`, in question order, a
/// question none answered said as not measured ([`crate::answer::ordered`]).
pub(crate) fn answer(ctx: &SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
    let mut given = Vec::new();
    for e in MAIN_JOB {
        given.extend(e.claims(ctx)?);
    }
    Ok(crate::answer::ordered(given, &questions()))
}

/// The items without repeats, each where it first appears (tables, legends and charts list names in the rows' order).
fn distinct<T: PartialEq>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// Every question of the answer, in its order ([`Experiment::questions`]).
pub(crate) fn questions() -> Vec<crate::answer::Question> {
    let mut all: Vec<_> = MAIN_JOB
        .iter()
        .flat_map(|e| e.questions())
        .copied()
        .collect();
    all.sort();
    all
}

/// The experiments `--skip` names, parsed (a clap value type: one list).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Skipped(pub Vec<&'static str>);

/// The names `--skip` accepts, comma-separated, for `--help`.
pub(crate) fn skippable_names() -> String {
    MAIN_JOB[1..]
        .iter()
        .map(|e| e.name())
        .collect::<Vec<_>>()
        .join(",")
}

/// The stage list of `--help`: one line per experiment.
pub(crate) fn stage_list() -> String {
    MAIN_JOB
        .iter()
        .map(|e| format!("  {:<20}{}", e.name(), e.about()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Parses `--skip`'s value: experiment names of [`MAIN_JOB`], comma-separated, each once; `expansion` is refused.
pub(crate) fn parse_skip(s: &str) -> Result<Skipped, String> {
    let mut out: Vec<&'static str> = Vec::new();
    // The default (nothing skipped) is the empty string; any other list names one experiment per item, as every
    // other list option does, so `,,` and `search,` are refused rather than read as fewer items.
    if s.trim().is_empty() {
        return Ok(Skipped(out));
    }
    for (i, item) in s.split(',').map(str::trim).enumerate() {
        if item.is_empty() {
            return Err(format!("item {} is empty", i + 1));
        }
        let Some(e) = MAIN_JOB.iter().find(|e| e.name() == item) else {
            return Err(format!(
                "unknown experiment '{item}' (expected one of: {})",
                skippable_names()
            ));
        };
        if e.name() == MAIN_JOB[0].name() {
            return Err(format!(
                "'{item}' cannot be skipped: every other experiment and At a glance read its results"
            ));
        }
        if out.contains(&e.name()) {
            return Err(format!("'{item}' is listed twice"));
        }
        out.push(e.name());
    }
    Ok(Skipped(out))
}

/// The `--skip-…` aliases of `--skip`, each with the experiments it skips: an experiment's own flag
/// ([`Experiment::legacy_skip_flag`]), and `--skip-profiles` for every experiment that runs child processes.
pub(crate) fn skip_aliases() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out: Vec<_> = MAIN_JOB
        .iter()
        .filter_map(|e| Some((e.legacy_skip_flag()?, vec![e.name()])))
        .collect();
    let children = MAIN_JOB.iter().filter(|e| e.runs_children());
    out.push(("--skip-profiles", children.map(|e| e.name()).collect()));
    out
}

/// The experiments `compare` does not read: each of its runs skips them.
pub(crate) fn unread_by_compare() -> impl Iterator<Item = &'static dyn Experiment> {
    MAIN_JOB.iter().copied().filter(|e| !e.read_by_compare())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The experiments' questions take the answer's places 1 to 7, each once.
    #[test]
    fn each_place_in_the_answer_is_taken_once() {
        let orders: Vec<u8> = questions().iter().map(|q| q.order).collect();
        assert_eq!(orders, (1..=7).collect::<Vec<u8>>());
    }

    /// The answer's wording section names every declared comparison as the code declares it, and the four words a
    /// family can read.
    #[test]
    fn the_answer_section_names_the_declared_comparisons_and_the_words() {
        let md = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/usage.md"))
            .unwrap();
        let start = md.find("### The answer").expect("a section on the answer");
        let section = &md[start..start + md[start..].find("\n## ").unwrap()];
        let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let section = flat(section);
        for q in questions() {
            let Some(what) = q.declared else { continue };
            let line = format!("\"{}\" reads {}", q.words, flat(what));
            assert!(
                section.contains(&line),
                "docs/usage.md does not name: {line}"
            );
        }
        for word in [
            "**pays**",
            "**costs**",
            "**within noise**",
            "**not shown**",
            "**Yes**",
            "**No**",
            "**Not shown**",
        ] {
            assert!(section.contains(word), "{word}");
        }
    }

    #[test]
    fn parse_skip_examples() {
        use crate::experiments::parse_skip;
        assert_eq!(
            parse_skip("search,tt_pressure").unwrap().0,
            ["search", "tt_pressure"]
        );
        assert!(
            parse_skip("expansion")
                .unwrap_err()
                .contains("cannot be skipped")
        );
        assert!(parse_skip("serch").unwrap_err().contains("expected one of"));
    }
}
