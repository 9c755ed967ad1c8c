//! Playing strength of a speedup: the Elo one doubling of a bot's per-move budget is worth (measured by `harness
//! match work-odds` and kept with its provenance in `scenarios/strength/elo-per-doubling.json`), and the predicted
//! Elo of a speedup s at that time control, log2(s) x Elo per doubling, with an interval combining both.
//!
//! The combined interval is interval arithmetic: the least and greatest product over the corners of the box
//! [log2 low, log2 high] x [Elo low, Elo high]. The product is bilinear, so its extremes over the box lie at the
//! corners, and whenever both intervals cover their true values the product interval covers the true product: with
//! two independent 95% intervals it covers at least 0.95² ≈ 90% of the time (more in practice, as the corners are
//! rarely reached together). A delta method would need a standard error of log2(s), which the speedup's
//! distribution-free interval does not give, and it breaks down where the speedup's interval holds 1 and the sign
//! of the product flips inside the box; the corners handle both.

use crate::exit::Failure;
use crate::present::number::MISSING;
use crate::statistics::Interval;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Where the measurement lives under the scenarios folder (a subfolder, so family discovery, which reads only
/// the folder's own `*.json` files, never takes it for a family).
pub(crate) const IN_SCENARIOS: &str = "strength/elo-per-doubling.json";

/// The run folder's copy of the measurement the main job used (the report reads it from there).
pub(crate) const RUN_FILE: &str = "elo_per_doubling.json";

/// The file's layout version.
pub(crate) const FORMAT_VERSION: u32 = 1;

/// An Elo figure with its interval as the file keeps it.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EloInterval {
    /// Logistic Elo of the doubled bot over the bot.
    pub point: f64,
    pub low: f64,
    pub high: f64,
    /// Coverage of `[low, high]`.
    pub level: f64,
    /// Games behind it.
    pub n: usize,
}

/// Where and how the measurement was made.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// The commit measured (`-dirty` with uncommitted changes).
    pub git_revision: String,
    /// When the match started (UTC).
    pub started_utc: String,
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// `rustc -V`.
    pub rustc: String,
    /// `/proc/loadavg`'s 1, 5 and 15 minute load averages when the match started and ended (`unknown`
    /// elsewhere): wall-clock controls play weaker on a loaded machine.
    pub load_start: String,
    pub load_end: String,
    /// Pairs played at once.
    pub concurrency: usize,
    /// The match's run folder name.
    pub match_folder: String,
}

/// `elo-per-doubling.json`: one work-odds match, the bot at twice the budget against itself.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EloPerDoubling {
    pub format_version: u32,
    /// The time control the figure holds at (the bot's own, the undoubled one): `ms:50`, `nodes:2000`.
    pub tc: String,
    /// The bot's canonical spec (at `tc`).
    pub bot: String,
    /// The doubled bot's canonical spec.
    pub doubled: String,
    pub seed: u64,
    pub games: u64,
    /// The doubled bot's wins, draws and losses.
    pub w: u64,
    pub d: u64,
    pub l: u64,
    /// Logistic Elo of the doubled bot over the bot, 95% interval.
    pub elo: EloInterval,
    pub provenance: Provenance,
}

impl EloPerDoubling {
    /// The time control in words: `50 ms per move`, `2,000 nodes per move`.
    pub(crate) fn tc_words(&self) -> String {
        match self.tc.split_once(':') {
            Some(("ms", n)) if !n.contains('+') => format!("{n} ms per move"),
            Some((unit, n)) => match n.parse::<u64>() {
                Ok(v) => format!("{} {unit} per move", crate::present::number::count(v)),
                Err(_) => format!("{} {unit} per move", n),
            },
            None => self.tc.clone(),
        }
    }

    /// The measurement as an interval (a normal approximation of the mean pair score, as the match has it).
    pub(crate) fn interval(&self) -> Interval {
        Interval {
            point: self.elo.point,
            low: self.elo.low,
            high: self.elo.high,
            level: self.elo.level,
            n: self.elo.n,
            method: crate::statistics::Method::Normal,
        }
    }

    /// Checks what serde cannot: finite figures in order, a known time control; the error names the field.
    fn check(&self) -> Result<(), String> {
        if self.format_version != FORMAT_VERSION {
            return Err(format!(
                "field `format_version`: {} (this build reads {FORMAT_VERSION})",
                self.format_version
            ));
        }
        let e = &self.elo;
        for (name, v) in [("point", e.point), ("low", e.low), ("high", e.high)] {
            if !v.is_finite() {
                return Err(format!("field `elo.{name}`: not a finite number"));
            }
        }
        if !(e.low <= e.point && e.point <= e.high) {
            return Err(format!(
                "field `elo`: low {} <= point {} <= high {} does not hold",
                e.low, e.point, e.high
            ));
        }
        if !(e.level > 0.0 && e.level < 1.0) {
            return Err(format!("field `elo.level`: {} is not in (0, 1)", e.level));
        }
        crate::experiments::match_runner::bot::time_control(&self.tc)
            .map_err(|m| format!("field `tc`: {m}"))?;
        Ok(())
    }

    /// Writes the file atomically.
    pub(crate) fn write(&self, path: &Path) -> anyhow::Result<()> {
        let mut text = serde_json::to_string_pretty(self)?;
        text.push('\n');
        crate::record::write_atomic(path, text.as_bytes())?;
        Ok(())
    }
}

/// The measurement in `path`, or why there is none: `Ok(Err(reason))` when the file is missing or cannot be read
/// (predicted Elo is then left out), an error (bad input, naming the file and field) when it is malformed.
pub(crate) fn read(path: &Path) -> anyhow::Result<Result<EloPerDoubling, String>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Err(format!("{} does not exist", path.display())));
        }
        Err(e) => return Ok(Err(format!("{} cannot be read: {e}", path.display()))),
    };
    let bad = |m: String| Failure::BadInput.because(format!("{}: {m}", path.display()));
    let record: EloPerDoubling = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    record.check().map_err(bad)?;
    Ok(Ok(record))
}

/// The measurement under `scenarios_dir`.
pub(crate) fn path_in(scenarios_dir: &Path) -> PathBuf {
    scenarios_dir.join(IN_SCENARIOS)
}

/// Predicted Elo of a speedup: `median` = log2(speedup point) x Elo per doubling's point, `low`/`high` the corners
/// of the two intervals (see the module's comment).
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct PredictedElo {
    pub median: f64,
    pub low: f64,
    pub high: f64,
}

impl PredictedElo {
    /// The prediction for `speedup` (> 1 = faster) from `per_doubling`; `None` when the speedup or an end of its
    /// interval is not positive and finite (log2 is undefined there).
    pub(crate) fn of(speedup: &Interval, per_doubling: &Interval) -> Option<PredictedElo> {
        let log2 = |v: f64| (v.is_finite() && v > 0.0).then(|| v.log2());
        let (s, sl, sh) = (
            log2(speedup.point)?,
            log2(speedup.low)?,
            log2(speedup.high)?,
        );
        let corners = [
            sl * per_doubling.low,
            sl * per_doubling.high,
            sh * per_doubling.low,
            sh * per_doubling.high,
        ];
        Some(PredictedElo {
            median: s * per_doubling.point,
            low: corners.iter().copied().fold(f64::INFINITY, f64::min),
            high: corners.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        })
    }

    /// `+12 Elo [−3, +25]`.
    pub(crate) fn text(&self) -> String {
        format!(
            "{} Elo [{}, {}]",
            signed_elo(self.median),
            signed_elo(self.low),
            signed_elo(self.high)
        )
    }
}

/// An Elo difference to whole Elo with its sign (`+12`, `−3`, `0`), or [`MISSING`].
pub(crate) fn signed_elo(v: f64) -> String {
    if !v.is_finite() {
        return MISSING.into();
    }
    let r = v.round();
    if r == 0.0 {
        "0".into()
    } else if r > 0.0 {
        format!("+{r:.0}")
    } else {
        format!("−{:.0}", -r)
    }
}

/// What the main job and the report know of Elo per doubling: the measurement, or why there is none.
#[derive(Clone, Debug, PartialEq)]
pub enum Strength {
    /// The measurement.
    Measured(Box<EloPerDoubling>),
    /// No measurement, and why.
    Absent(String),
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::Absent("no Elo-per-doubling measurement was given".to_owned())
    }
}

impl Strength {
    /// The main job's: the measurement under `scenarios_dir`, copied into the run folder `run` for the report
    /// (nothing is copied when there is none, and the console says why). A malformed file is bad input.
    pub(crate) fn for_run(scenarios_dir: &Path, run: &Path) -> anyhow::Result<Strength> {
        Ok(match read(&path_in(scenarios_dir))? {
            Ok(m) => {
                m.write(&run.join(RUN_FILE))?;
                crate::status!(
                    "Elo per doubling: {} [{}, {}] at {} (predicted Elo of every speedup from it)",
                    signed_elo(m.elo.point),
                    signed_elo(m.elo.low),
                    signed_elo(m.elo.high),
                    m.tc
                );
                Strength::Measured(Box::new(m))
            }
            Err(why) => {
                crate::status!("Elo per doubling: {why}; predicted Elo is left out");
                Strength::Absent(why)
            }
        })
    }

    /// The run folder's copy (`Absent` when the run had none).
    pub(crate) fn of_run(dir: &Path) -> anyhow::Result<Strength> {
        Ok(match read(&dir.join(RUN_FILE))? {
            Ok(m) => Strength::Measured(Box::new(m)),
            Err(why) => Strength::Absent(why),
        })
    }

    /// The measurement, when there is one.
    pub(crate) fn measured(&self) -> Option<&EloPerDoubling> {
        match self {
            Strength::Measured(m) => Some(m),
            Strength::Absent(_) => None,
        }
    }

    /// The sentence that says what the predicted Elo column holds, or why it is empty.
    pub(crate) fn glance_note(&self) -> String {
        match self {
            Strength::Measured(m) => format!(
                "Predicted Elo: what the speedup is worth in playing strength at {}, log2(speedup) x Elo per \
                 doubling, where doubling the bot's time per move is worth {}, n = {} games of `{}` against \
                 itself at twice the time; see docs/strength.md); the interval is the extremes over both \
                 intervals' ends.",
                m.tc_words(),
                self.per_doubling_text().unwrap_or_default(),
                crate::present::number::count(m.elo.n as u64),
                m.bot
            ),
            Strength::Absent(_) => {
                "Predicted Elo: not available, as this run had no Elo-per-doubling measurement \
                 (docs/strength.md)."
                    .to_owned()
            }
        }
    }

    /// `+40 Elo [+20, +60] (95%`: the measurement as the report states it, its parenthesis left open for the
    /// count.
    pub(crate) fn per_doubling_text(&self) -> Option<String> {
        let m = self.measured()?;
        Some(format!(
            "{} Elo [{}, {}] ({:.0}%",
            signed_elo(m.elo.point),
            signed_elo(m.elo.low),
            signed_elo(m.elo.high),
            100.0 * m.elo.level
        ))
    }

    /// The prediction for `speedup`, when there is a measurement.
    pub(crate) fn predict(&self, speedup: &Interval) -> Option<PredictedElo> {
        PredictedElo::of(speedup, &self.measured()?.interval())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::statistics::Method;

    fn interval(point: f64, low: f64, high: f64) -> Interval {
        Interval {
            point,
            low,
            high,
            level: 0.95,
            n: 100,
            method: Method::PairedRatio,
        }
    }

    pub(crate) fn record() -> EloPerDoubling {
        EloPerDoubling {
            format_version: FORMAT_VERSION,
            tc: "ms:50".into(),
            bot: "depth=2,tc=ms:50".into(),
            doubled: "depth=2,tc=ms:100".into(),
            seed: 1,
            games: 400,
            w: 220,
            d: 10,
            l: 170,
            elo: EloInterval {
                point: 40.0,
                low: 20.0,
                high: 60.0,
                level: 0.95,
                n: 400,
            },
            provenance: Provenance {
                git_revision: "abc".into(),
                started_utc: "2026-01-01T00:00:00Z".into(),
                machine: "m (cpu, 2 cores)".into(),
                rustc: "rustc".into(),
                load_start: "1.00 1.00 1.00".into(),
                load_end: "1.00 1.00 1.00".into(),
                concurrency: 1,
                match_folder: "match-x".into(),
            },
        }
    }

    #[test]
    fn a_doubling_predicts_one_elo_per_doubling_and_the_corners_bound_it() {
        let e = interval(40.0, 20.0, 60.0);
        let p = PredictedElo::of(&interval(2.0, 1.0, 4.0), &e).unwrap();
        assert_eq!((p.median, p.low, p.high), (40.0, 0.0, 120.0));
        // A speedup below 1 predicts a loss: half the speed is minus one doubling; the corners log2(0.25) x 60
        // and log2(1) x anything bound it.
        let p = PredictedElo::of(&interval(0.5, 0.25, 1.0), &e).unwrap();
        assert_eq!((p.median, p.low, p.high), (-40.0, -120.0, 0.0));
        // Elo per doubling's interval holding 0 and a speedup interval across 1: the sign may flip either way.
        let p = PredictedElo::of(&interval(2.0, 0.5, 4.0), &interval(10.0, -10.0, 30.0)).unwrap();
        assert_eq!((p.median, p.low, p.high), (10.0, -30.0, 60.0));
        assert!(PredictedElo::of(&interval(2.0, 0.0, 4.0), &e).is_none());
        assert_eq!(
            PredictedElo {
                median: 12.4,
                low: -3.2,
                high: 25.0
            }
            .text(),
            "+12 Elo [−3, +25]"
        );
    }

    #[test]
    fn a_missing_file_is_no_measurement_and_a_malformed_one_names_its_field() {
        let dir = std::env::temp_dir().join(format!("strength-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("elo.json");
        let _ = std::fs::remove_file(&path);
        let why = read(&path).unwrap().unwrap_err();
        assert!(why.contains("does not exist"), "{why}");
        record().write(&path).unwrap();
        assert_eq!(read(&path).unwrap().unwrap(), record());
        let bad = |edit: &dyn Fn(&mut serde_json::Value), field: &str| {
            let mut v = serde_json::to_value(record()).unwrap();
            edit(&mut v);
            std::fs::write(&path, v.to_string()).unwrap();
            let e = read(&path).unwrap_err();
            assert_eq!(Failure::of(&e), Failure::BadInput);
            let m = format!("{e:#}");
            assert!(
                m.contains(&path.display().to_string()) && m.contains(field),
                "{m}"
            );
        };
        bad(&|v| v["elo"]["low"] = 50.0.into(), "`elo`");
        bad(&|v| v["tc"] = "hours:2".into(), "`tc`");
        bad(
            &|v| {
                v.as_object_mut().unwrap().remove("games");
            },
            "`games`",
        );
        bad(&|v| v["elo"]["point"] = "many".into(), "line 1");
        bad(&|v| v["format_version"] = 9.into(), "`format_version`");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_shipped_measurement_reads_and_is_no_scenario_family() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let m = read(&path_in(&dir)).unwrap().unwrap();
        assert_eq!(m.elo.n as u64, m.games);
        let families = crate::scenario::discover(&dir).unwrap();
        assert!(!families.is_empty());
    }

    #[test]
    fn the_time_control_reads_in_words() {
        let mut r = record();
        assert_eq!(r.tc_words(), "50 ms per move");
        r.tc = "nodes:2000".into();
        assert_eq!(r.tc_words(), "2,000 nodes per move");
    }
}
