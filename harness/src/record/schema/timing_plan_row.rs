//! The rows of `timing_plan.csv`: how the main job's expansion timing spent its budget, one row per setting
//! (family x evaluator x traversal): whether the answer reads it (timed first, adaptively), its sessions and
//! rounds, the judged comparison's interval half-width, and why its timing stopped.

use super::csv_file::{CsvRecord, named};
use serde::{Deserialize, Serialize};

/// Why a setting's timing stopped.
pub(crate) const STOPS: [&str; 3] = ["decided", "half_width", "budget"];

/// One setting's timing, as written to `timing_plan.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct TimingPlanRecord {
    /// The stage whose timing this is: `expansion` or `search` (runs before the search stage used the kernel
    /// have expansion rows only, without the column).
    #[serde(default = "expansion")]
    pub stage: String,
    pub scenario: String,
    pub evaluator: String,
    /// Traversal cache `on` or `off` (empty for the search stage).
    pub traversal: String,
    /// The configurations timed against each other, `;`-separated: cache variants (expansion), arm labels
    /// (search).
    pub variants: String,
    /// Whether the answer reads this setting (`true`: timed first, until decided or narrow enough).
    pub headline: bool,
    /// The comparison whose interval the plan judged (`none/optimized`; search: `star2+tt/none/star2+tt/optimized`).
    pub judged: String,
    /// Sessions (fresh timing processes).
    pub sessions: u64,
    /// Rounds over all sessions.
    pub rounds: u64,
    /// Wall seconds of its sessions.
    pub seconds: f64,
    /// The judged speedup's 95% half-width in percent, on the log scale (empty when it has no interval).
    pub half_width_percent: Option<f64>,
    /// Why it stopped: `decided` (its interval lies beyond ±1% or within it), `half_width` (at most the plan's
    /// half-width), `budget` (its share of the time was spent).
    pub stop: String,
    // The provenance columns, as `Provenance` documents them.
    pub machine: String,
    pub rustc: String,
    pub git_revision: String,
    /// The run's seed (the kernel's orders derive from it).
    pub seed: u64,
}

/// The stage of a row written before the column existed.
fn expansion() -> String {
    "expansion".into()
}

impl CsvRecord for TimingPlanRecord {
    const ADDED_LATER: &'static [&'static str] = &["stage"];

    fn check(&self) -> Result<(), (&'static str, String)> {
        if !["expansion", "search"].contains(&self.stage.as_str()) {
            return Err((
                "stage",
                format!("`{}` is neither expansion nor search", self.stage),
            ));
        }
        named("scenario", &self.scenario)?;
        if !STOPS.contains(&self.stop.as_str()) {
            return Err(("stop", format!("`{}` is not one of {STOPS:?}", self.stop)));
        }
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(("seconds", format!("{} is not a duration", self.seconds)));
        }
        Ok(())
    }
}

super::provenance::provenance_columns!(TimingPlanRecord);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::schema::{read_records, write_records};

    #[test]
    fn a_plan_round_trips_and_an_unknown_stop_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("timing_plan.csv");
        let row = TimingPlanRecord {
            stage: "expansion".into(),
            scenario: "sparse".into(),
            evaluator: "material".into(),
            traversal: "on".into(),
            variants: "none;optimized".into(),
            headline: true,
            judged: "none/optimized".into(),
            sessions: 6,
            rounds: 60,
            seconds: 4.5,
            half_width_percent: Some(1.2),
            stop: "half_width".into(),
            seed: 1,
            ..TimingPlanRecord::default()
        };
        std::fs::write(&path, write_records([row.clone()], &path).unwrap()).unwrap();
        let back: Vec<TimingPlanRecord> = read_records(&path)
            .unwrap()
            .into_iter()
            .map(|r| r.record)
            .collect();
        assert_eq!(back, vec![row.clone()]);
        let bad = TimingPlanRecord {
            stop: "tired".into(),
            ..row
        };
        std::fs::write(&path, write_records([bad], &path).unwrap()).unwrap();
        let e = read_records::<TimingPlanRecord>(&path)
            .unwrap_err()
            .to_string();
        assert!(e.contains("stop") && e.contains("tired"), "{e}");
    }
}
