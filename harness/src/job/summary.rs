//! The run's headline: printed last on the console and written as `summary.json`.

use crate::answer::Claim;
use crate::experiments::bounded_cache::findings::BoundedGlance;
use crate::experiments::break_even::findings::VariantBreakEven;
use crate::experiments::expansion::glance::{Glance, Tally, glance_table, tally};
use crate::experiments::strength::EloPerDoubling;
use crate::outln;
use crate::record::RunMetadata;
use serde::Serialize;

/// The version of `summary.json`'s layout; bumped when a key is added, changes meaning or disappears. Version 3
/// added `answer` and `verdicts.constant_not_counted`, and `verdicts` no longer counts the synthetic `constant`
/// evaluator's settings (`at_a_glance` still lists them); every other key of version 2 kept its meaning. Version 4
/// added `elo_per_doubling` and `at_a_glance[].predicted_elo`. Version 5: `at_a_glance[].speedup_vs_none` is the
/// whole interval object (`point`, `low`, `high`, `level`, `n`, `method`) rather than `median`, `low`, `high`, and
/// `run` says how the timing ran (mode, load averages before and after, lanes);
/// `at_a_glance[].break_even_ns_per_call` is an interval from the paired speedup and `break_evens_disagree` is added.
pub(crate) const SUMMARY_VERSION: u32 = 5;

#[derive(Serialize)]
struct SummaryJson<'a> {
    summary_version: u32,
    started_utc: String,
    git_revision: &'a str,
    rustc: &'a str,
    machine: String,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    run: Option<&'a crate::measure::usage::TimingConditions>,
    answer: &'a [Claim],
    verdicts: Tally,
    at_a_glance: &'a [Glance],
    #[serde(skip_serializing_if = "Option::is_none")]
    elo_per_doubling: Option<EloPerDoublingHeadline>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bounded_cache: Option<&'a [BoundedGlance]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tt_pressure: Option<TtPressureHeadline>,
    break_even_map: &'a [VariantBreakEven],
}

/// The optional stages' headlines in `summary.json`; each is left out when its stage did not run.
#[derive(Clone, Debug, Default)]
pub(crate) struct StageHeadlines<'a> {
    /// The bounded-cache stage's at-a-glance lines.
    pub bounded_cache: Option<&'a [BoundedGlance]>,
    /// The TT-pressure slice's headline.
    pub tt_pressure: Option<TtPressureHeadline>,
    /// The break-even map's costs per variant (empty when the stage did not run).
    pub break_even_map: &'a [VariantBreakEven],
    /// The Elo per doubling the predicted Elo figures use (absent without a measurement).
    pub elo_per_doubling: Option<&'a EloPerDoubling>,
    /// How the timing ran (absent when the expansion stage did not time).
    pub run: Option<&'a crate::measure::usage::TimingConditions>,
}

/// `summary.json`'s `elo_per_doubling`: the measurement behind every `predicted_elo`.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub(crate) struct EloPerDoublingHeadline {
    /// The point estimate (logistic Elo of the doubled bot's mean score; named as the speedups' keys are).
    pub median: f64,
    pub low: f64,
    pub high: f64,
    /// The interval's coverage.
    pub level: f64,
    /// Games behind it.
    pub n: usize,
    /// The time control it holds at (`ms:50`).
    pub tc: String,
}

impl EloPerDoublingHeadline {
    fn of(m: &EloPerDoubling) -> EloPerDoublingHeadline {
        EloPerDoublingHeadline {
            median: m.elo.point,
            low: m.elo.low,
            high: m.elo.high,
            level: m.elo.level,
            n: m.elo.n,
            tc: m.tc.clone(),
        }
    }
}

/// The TT-pressure slice's headline in `summary.json` (absent when the stage was skipped).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub(crate) struct TtPressureHeadline {
    /// Moves of the fixed game.
    pub moves: u64,
    /// Depth in full turns.
    pub depth_turns: u8,
    /// Entries the unbounded table held at the end.
    pub unbounded_entries: u64,
    /// The sizes swept (log2 entries).
    pub sizes_log2: Vec<u8>,
    /// The largest size at which the schemes are more than 5% apart in nodes (`null`: never).
    pub scheme_matters_up_to_log2: Option<u8>,
    /// The worst scheme's extra nodes over the best at the smallest size, in percent.
    pub smallest_size_extra_nodes_percent: f64,
    /// The largest such extra at any size, in percent.
    pub largest_extra_nodes_percent: f64,
    /// Whether every arm made every root decision (value and path) the unbounded table made.
    pub all_decisions_equal: bool,
    /// Wall time of the stage.
    pub seconds: f64,
}

impl TtPressureHeadline {
    /// The headline of a finished stage.
    pub(crate) fn of(
        outcome: &crate::experiments::tt_pressure::TtPressureOutcome,
    ) -> TtPressureHeadline {
        let f = &outcome.findings;
        let pct = |s: Option<&crate::experiments::tt_pressure::SizeSpread>| {
            s.map_or(0.0, |s| 100.0 * s.extra_nodes)
        };
        TtPressureHeadline {
            moves: f.moves,
            depth_turns: f.depth_turns,
            unbounded_entries: f.unbounded_entries,
            sizes_log2: f.sizes.iter().map(|s| s.log2).collect(),
            scheme_matters_up_to_log2: f.matters_up_to,
            smallest_size_extra_nodes_percent: pct(f.tightest()),
            largest_extra_nodes_percent: pct(f.largest_extra()),
            all_decisions_equal: f.all_decisions_equal,
            seconds: outcome.seconds,
        }
    }
}

/// `summary.json`'s text.
pub(crate) fn summary_json(
    answer: &[Claim],
    glance: &[Glance],
    meta: &RunMetadata,
    stages: StageHeadlines<'_>,
) -> serde_json::Result<String> {
    let doc = SummaryJson {
        summary_version: SUMMARY_VERSION,
        started_utc: meta.started.to_string(),
        git_revision: &meta.git_revision,
        rustc: &meta.rustc,
        machine: meta.machine(),
        seed: meta.seed,
        run: stages.run,
        answer,
        verdicts: tally(glance),
        at_a_glance: glance,
        elo_per_doubling: stages.elo_per_doubling.map(EloPerDoublingHeadline::of),
        bounded_cache: stages.bounded_cache,
        tt_pressure: stages.tt_pressure,
        break_even_map: stages.break_even_map,
    };
    let mut text = serde_json::to_string_pretty(&doc)?;
    text.push('\n');
    Ok(text)
}

/// The console's closing summary: the answer first, then At a glance.
pub(crate) fn print_summary(answer: &[Claim], glance: &[Glance]) {
    outln!("\nThe answer:\n");
    for line in crate::answer::console_lines(answer) {
        outln!("{line}");
    }
    let t = tally(glance);
    outln!("\nAt a glance (speedup = time(none) / time(variant), > 1 = faster):\n");
    match glance_table(glance) {
        Ok(t) => outln!("{}", t.plain()),
        Err(e) => outln!("(no table: {e})"),
    };
    outln!(
        "verdicts: {} (without verdict: the 95% interval holds 1 and reaches past ±1%, or covers less than 95%)",
        t.sentence()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::expansion::glance::{sample, with_predicted_elo};
    use crate::experiments::strength::Strength;

    #[test]
    fn summary_json_carries_elo_per_doubling_and_each_settings_predicted_elo_only_with_a_measurement()
     {
        let m = crate::experiments::strength::tests::record();
        let meta = RunMetadata::collect(1);
        let mut glance = vec![sample("material", "a", 2.0, 1.5, 2.5)];
        let keys = |glance: &[Glance], m: Option<&EloPerDoubling>| {
            let stages = StageHeadlines {
                elo_per_doubling: m,
                ..StageHeadlines::default()
            };
            let text = summary_json(&[], glance, &meta, stages).unwrap();
            serde_json::from_str::<serde_json::Value>(&text).unwrap()
        };
        let without = keys(&glance, None);
        assert!(without.get("elo_per_doubling").is_none());
        assert!(without["at_a_glance"][0].get("predicted_elo").is_none());
        with_predicted_elo(&mut glance, &Strength::Measured(Box::new(m.clone())));
        let with = keys(&glance, Some(&m));
        assert_eq!(
            with["elo_per_doubling"],
            serde_json::json!({"median": 40.0, "low": 20.0, "high": 60.0, "level": 0.95, "n": 400, "tc": "ms:50"})
        );
        let p = &with["at_a_glance"][0]["predicted_elo"];
        assert_eq!(p["median"], 40.0);
        assert!((p["low"].as_f64().unwrap() - 1.5f64.log2() * 20.0).abs() < 1e-9);
        assert!((p["high"].as_f64().unwrap() - 2.5f64.log2() * 60.0).abs() < 1e-9);
    }
}
