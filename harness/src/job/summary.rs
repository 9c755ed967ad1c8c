//! The run's headline: printed last on the console and written as `summary.json`.

use crate::answer::Claim;
use crate::experiments::expansion::glance::{Glance, Tally, glance_table, tally};
use crate::outln;
use crate::record::RunMetadata;
use crate::statistics::Interval;
use crate::strength::Basis;
use serde::Serialize;

/// The version of `summary.json`'s layout; bumped when a key is added, changes meaning or disappears (each
/// version's changes are listed in docs/results.md).
pub(crate) const SUMMARY_VERSION: u32 = 6;

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
    strength: Option<StrengthHeadline>,
    /// Each experiment's headline under its key ([`crate::experiments::MainRun::headline`]).
    #[serde(flatten)]
    headlines: &'a std::collections::BTreeMap<&'static str, serde_json::Value>,
}

/// What `summary.json` adds to the answer and At a glance; each part is left out when its stage did not run.
#[derive(Clone, Debug, Default)]
pub(crate) struct StageHeadlines<'a> {
    /// The experiments' headlines, each under its key.
    pub headlines: Option<&'a std::collections::BTreeMap<&'static str, serde_json::Value>>,
    /// The curve and bench the predicted Elo figures use (absent without them).
    pub strength: Option<&'a Basis>,
    /// How the timing ran (absent when the expansion stage did not time).
    pub run: Option<&'a crate::measure::usage::TimingConditions>,
}

/// `summary.json`'s `strength`: what every `predicted_elo` rests on.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub(crate) struct StrengthHeadline {
    /// The node budget the predictions hold at (nodes per `time_per_move_ms` on `bench_machine`).
    pub budget: u64,
    pub time_per_move_ms: u64,
    /// The bench's nodes per second and the machine and load it was measured on.
    pub bench_nps: f64,
    pub bench_machine: String,
    pub bench_load: String,
    /// The declared margin: "worth less than ±margin Elo" needs the whole interval inside it.
    pub margin_elo: f64,
    /// The bot of the curve (without time control).
    pub bot: String,
    /// Every point of the curve.
    pub curve: Vec<CurveHeadline>,
}

/// One budget of the curve.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub(crate) struct CurveHeadline {
    pub budget: u64,
    /// Logistic Elo of the bot at twice the budget over it, with its games as `n`.
    pub elo_per_doubling: Interval,
}

impl StrengthHeadline {
    fn of(b: &Basis) -> StrengthHeadline {
        StrengthHeadline {
            budget: b.budget(),
            time_per_move_ms: crate::strength::REFERENCE_MS,
            bench_nps: b.bench.nps,
            bench_machine: b.bench.provenance.machine.clone(),
            bench_load: b.bench.provenance.load_start.clone(),
            margin_elo: crate::strength::MARGIN_ELO,
            bot: b.curve.bot.clone(),
            curve: b
                .curve
                .points
                .iter()
                .map(|p| CurveHeadline {
                    budget: p.budget,
                    elo_per_doubling: p.elo,
                })
                .collect(),
        }
    }
}

static EMPTY: std::collections::BTreeMap<&'static str, serde_json::Value> =
    std::collections::BTreeMap::new();

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
        strength: stages.strength.map(StrengthHeadline::of),
        headlines: stages.headlines.unwrap_or(&EMPTY),
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
    use crate::strength::Strength;

    #[test]
    fn summary_json_carries_the_curve_the_budget_and_each_settings_predicted_elo_only_with_a_basis()
    {
        let b = crate::strength::tests::basis();
        let meta = RunMetadata::collect(1);
        let mut glance = vec![sample("material", "a", 1.2, 1.1, 1.3)];
        let keys = |glance: &[Glance], b: Option<&Basis>| {
            let stages = StageHeadlines {
                strength: b,
                ..StageHeadlines::default()
            };
            let text = summary_json(&[], glance, &meta, stages).unwrap();
            serde_json::from_str::<serde_json::Value>(&text).unwrap()
        };
        let without = keys(&glance, None);
        assert!(without.get("strength").is_none());
        assert!(without["at_a_glance"][0].get("predicted_elo").is_none());
        with_predicted_elo(&mut glance, &Strength::Measured(Box::new(b.clone())));
        let with = keys(&glance, Some(&b));
        let s = &with["strength"];
        assert_eq!(
            (s["budget"].as_u64(), s["margin_elo"].as_f64()),
            (Some(700), Some(5.0))
        );
        let curve = s["curve"].as_array().unwrap();
        assert_eq!(curve.len(), 3);
        assert_eq!(curve[1]["budget"], 500);
        assert_eq!(curve[1]["elo_per_doubling"]["n"], 400);
        assert_eq!(curve[1]["elo_per_doubling"]["point"], 20.0);
        let p = &with["at_a_glance"][0]["predicted_elo"];
        let expected = b.curve.predict(700, &glance[0].speedup_vs_none).unwrap();
        assert_eq!(p["point"].as_f64(), Some(expected.point));
        assert_eq!(p["method"], "curve_envelope");
        assert!(p["low"].as_f64().unwrap() < expected.point);
    }
}
