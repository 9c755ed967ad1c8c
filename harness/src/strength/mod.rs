//! Playing strength of a speedup. Elo per doubling is a curve of the node budget (`harness match work-odds
//! --budgets`, kept in `scenarios/strength/elo-per-doubling.json`, [`curve`]); `harness bench` measures how many
//! nodes the bot searches per second on a machine (`scenarios/strength/bench.json`, [`bench`]), which states the
//! budget a time control stands for there; and a speedup s at that budget N is worth Elo(N·s) − Elo(N) off the
//! curve ([`curve::EloCurve::predict`]), worded against a declared margin ([`MARGIN_ELO`]).

pub(crate) mod bench;
pub(crate) mod curve;
pub(crate) mod deadline;
pub(crate) mod match_runner;

use crate::exit::Failure;
use crate::present::number::{MISSING, count};
use crate::section::Section;
use crate::statistics::Interval;
use bench::BenchRecord;
use curve::EloCurve;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::path::Path;

/// Where the curve lives under the scenarios folder (a subfolder, so family discovery, which reads only the
/// folder's own `*.json` files, never takes it for a family).
pub(crate) const CURVE_IN_SCENARIOS: &str = "strength/elo-per-doubling.json";

/// Where the bench measurement of the curve's machine lives under the scenarios folder.
pub(crate) const BENCH_IN_SCENARIOS: &str = "strength/bench.json";

/// The run folder's copies the main job used (the report reads them from there).
pub(crate) const RUN_CURVE: &str = "elo_per_doubling.json";
pub(crate) const RUN_BENCH: &str = "bench.json";

/// The time per move the main job's question is about; with the bench's speed it states the node budget.
pub(crate) const REFERENCE_MS: u64 = 50;

/// The declared margin of the answer: a speedup is "worth less than ±5 Elo" only when its whole predicted
/// interval lies inside it.
pub(crate) const MARGIN_ELO: f64 = 5.0;

/// Where and how a measurement was made.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Provenance {
    /// The commit measured (`-dirty` with uncommitted changes).
    pub git_revision: String,
    /// When the measurement (the match) started (UTC).
    pub started_utc: String,
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// `rustc -V`.
    pub rustc: String,
    /// `/proc/loadavg`'s 1, 5 and 15 minute load averages when this command's work started and ended (`unknown`
    /// elsewhere; `not recorded` for a match folder only read).
    pub load_start: String,
    pub load_end: String,
    /// The match's run folder (empty for a bench).
    pub match_folder: String,
}

/// `/proc/loadavg`'s three load averages, or `unknown`.
pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The JSON record in `path`, or why there is none: `Ok(Err(reason))` when the file is missing or cannot be
/// read, an error (bad input, naming the file and field) when it is malformed.
fn read<T: DeserializeOwned>(
    path: &Path,
    check: impl Fn(&T) -> Result<(), String>,
) -> anyhow::Result<Result<T, String>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Err(format!("{} does not exist", path.display())));
        }
        Err(e) => return Ok(Err(format!("{} cannot be read: {e}", path.display()))),
    };
    let bad = |m: String| Failure::BadInput.because(format!("{}: {m}", path.display()));
    let record: T = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    check(&record).map_err(bad)?;
    Ok(Ok(record))
}

/// The curve in `path` (see [`read`]).
pub(crate) fn read_curve(path: &Path) -> anyhow::Result<Result<EloCurve, String>> {
    read(path, EloCurve::check)
}

/// The bench measurement in `path` (see [`read`]).
pub(crate) fn read_bench(path: &Path) -> anyhow::Result<Result<BenchRecord, String>> {
    read(path, BenchRecord::check)
}

/// `value` as pretty JSON ending in a newline, the form of every JSON file the strength commands write.
pub(crate) fn json_text<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("a record serializes") + "\n"
}

/// Writes `value` as [`json_text`], atomically.
pub(crate) fn write_json<T: Serialize>(value: &T, path: &Path) -> anyhow::Result<()> {
    let text = json_text(value);
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    crate::record::write_atomic(path, text.as_bytes())?;
    Ok(())
}

/// The folder's own name (its whole path where it has none).
pub(crate) fn folder_name(dir: &Path) -> String {
    dir.file_name().map_or_else(
        || dir.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// A main-job report's section `heading` listing the complete `harness COMMAND` run folders (`COMMAND-*` that
/// `holds` takes) beside `run_dir`, under the same results folder, each with the section `each` makes of it from
/// the folder and its name; `None` when there is none. A folder that cannot be read is named under `### {title}
/// `name``, not fatal.
pub(crate) fn folder_listing(
    run_dir: &Path,
    (heading, command, title): (&str, &str, &str),
    holds: fn(&Path) -> bool,
    each: impl Fn(&Path, &str) -> anyhow::Result<Option<Section>>,
) -> anyhow::Result<Option<Section>> {
    let Some(base) = run_dir.parent() else {
        return Ok(None);
    };
    let folders = crate::record::complete_folders(base, &format!("{command}-"), holds)?;
    if folders.is_empty() {
        return Ok(None);
    }
    let mut out = Section::default();
    let _ = writeln!(
        out.markdown,
        "## {heading}\n\n{} complete {command} run folder(s) under `{}` (`harness {command}`; each also renders \
         alone with `harness report <folder>`).\n",
        folders.len(),
        folder_name(base)
    );
    for dir in &folders {
        let name = folder_name(dir);
        match each(dir, &name) {
            Ok(Some(s)) => {
                out.markdown.push_str(&s.markdown);
                out.charts.extend(s.charts);
            }
            Ok(None) => {}
            Err(e) => {
                let _ = writeln!(
                    out.markdown,
                    "### {title} `{name}`\n\nNot readable: {e:#}\n"
                );
            }
        }
    }
    Ok(Some(out))
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

/// `+12 Elo [−3, +25]`.
pub(crate) fn elo_text(i: &Interval) -> String {
    format!(
        "{} Elo [{}, {}]",
        signed_elo(i.point),
        signed_elo(i.low),
        signed_elo(i.high)
    )
}

/// What the predictions rest on: the curve and the bench of the machine whose time control they are stated at.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Basis {
    pub curve: EloCurve,
    pub bench: BenchRecord,
}

impl Basis {
    /// The node budget the predictions hold at: nodes per [`REFERENCE_MS`] on the bench's machine.
    pub(crate) fn budget(&self) -> u64 {
        self.bench.nodes_per_move(REFERENCE_MS)
    }

    /// `50 ms per move ≈ 700 nodes on host (cpu, 2 cores) (bench load 0.10 0.20 0.30)`.
    pub(crate) fn budget_words(&self) -> String {
        format!(
            "{REFERENCE_MS} ms per move ≈ {} nodes on {} (bench at load {})",
            count(self.budget()),
            self.bench.provenance.machine,
            self.bench.provenance.load_start
        )
    }

    /// `125: +3 Elo [−20, +26] (n = 400); 250: …`: every point of the curve.
    pub(crate) fn curve_text(&self) -> String {
        self.curve
            .points
            .iter()
            .map(|p| {
                format!(
                    "{}: {} (n = {})",
                    count(p.budget),
                    elo_text(&p.elo),
                    count(p.games)
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// What the main job and the report know of playing strength: the basis of the predictions, or why there is none.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Strength {
    Measured(Box<Basis>),
    /// No basis, and why.
    Absent(String),
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::Absent("no Elo-per-doubling curve was given".to_owned())
    }
}

impl Strength {
    /// The curve and bench in these files. The bench is read first: a run folder written before the curve holds
    /// a single-match `elo_per_doubling.json` (format 1) and no bench, and reads as no basis rather than bad input.
    fn read_pair(curve: &Path, bench: &Path) -> anyhow::Result<Strength> {
        let bench = match read_bench(bench)? {
            Ok(b) => b,
            Err(why) => return Ok(Strength::Absent(why)),
        };
        Ok(match read_curve(curve)? {
            Ok(curve) => Strength::Measured(Box::new(Basis { curve, bench })),
            Err(why) => Strength::Absent(why),
        })
    }

    /// The main job's: the curve and bench under `scenarios_dir`, copied into the run folder `run` for the report
    /// (nothing is copied when either is missing, and the console says why). A malformed file is bad input.
    pub(crate) fn for_run(scenarios_dir: &Path, run: &Path) -> anyhow::Result<Strength> {
        let s = Strength::read_pair(
            &scenarios_dir.join(CURVE_IN_SCENARIOS),
            &scenarios_dir.join(BENCH_IN_SCENARIOS),
        )?;
        match &s {
            Strength::Measured(b) => {
                write_json(&b.curve, &run.join(RUN_CURVE))?;
                write_json(&b.bench, &run.join(RUN_BENCH))?;
                crate::status!(
                    "strength: predicted Elo at {} from Elo per doubling at {} budgets",
                    b.budget_words(),
                    b.curve.points.len()
                );
            }
            Strength::Absent(why) => {
                crate::status!("strength: {why}; predicted Elo is left out")
            }
        }
        Ok(s)
    }

    /// The run folder's copies (`Absent` when the run had none).
    pub(crate) fn of_run(dir: &Path) -> anyhow::Result<Strength> {
        Strength::read_pair(&dir.join(RUN_CURVE), &dir.join(RUN_BENCH))
    }

    /// The basis, when there is one.
    pub(crate) fn measured(&self) -> Option<&Basis> {
        match self {
            Strength::Measured(b) => Some(b),
            Strength::Absent(_) => None,
        }
    }

    /// The sentence that says what the predicted Elo column holds, or why it is empty.
    pub(crate) fn glance_note(&self) -> String {
        match self {
            Strength::Measured(b) => {
                let (lo, hi) = b.curve.range();
                format!(
                    "Predicted Elo: what the speedup is worth in playing strength at {}: Elo(N·speedup) − Elo(N) \
                     off the curve of Elo per doubling of `{}` against itself at twice the nodes, by budget N \
                     ({}; 95% intervals); the interval combines the curve's points' standard errors over the \
                     speedup's interval (at least 95% together). No prediction (\"—\") where the speedup's \
                     interval reaches outside {} to {} nodes. See docs/strength.md.",
                    b.budget_words(),
                    b.curve.bot,
                    b.curve_text(),
                    count(lo),
                    count(hi)
                )
            }
            Strength::Absent(why) => format!(
                "Predicted Elo: not available, as this run had no Elo-per-doubling curve and bench ({why}; \
                 docs/strength.md)."
            ),
        }
    }

    /// The prediction for `speedup` at the stated budget, when there is a basis and the speedup lies on the curve.
    pub(crate) fn predict(&self, speedup: &Interval) -> Option<Interval> {
        let b = self.measured()?;
        b.curve.predict(b.budget(), speedup).ok()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn provenance() -> Provenance {
        Provenance {
            git_revision: "abc".into(),
            started_utc: "2026-01-01T00:00:00Z".into(),
            machine: "m (cpu, 2 cores)".into(),
            rustc: "rustc".into(),
            load_start: "0.10 0.20 0.30".into(),
            load_end: "0.10 0.20 0.30".into(),
            match_folder: "match-x".into(),
        }
    }

    /// A basis: [`curve::tests::three_points`] read at 700 nodes.
    pub(crate) fn basis() -> Basis {
        Basis {
            curve: curve::tests::three_points(),
            bench: BenchRecord {
                format_version: bench::BENCH_VERSION,
                bot: bench::bot().to_string(),
                positions: bench::POSITIONS,
                passes: bench::PASSES,
                nodes: 1000,
                nps: 14_000.0,
                seconds: 1000.0 / 14_000.0,
                provenance: provenance(),
            },
        }
    }

    #[test]
    fn a_missing_file_is_no_basis_and_a_malformed_one_names_its_field() {
        let dir = tempfile::tempdir().unwrap();
        let (c, b) = (dir.path().join(RUN_CURVE), dir.path().join(RUN_BENCH));
        let why = Strength::of_run(dir.path()).unwrap();
        assert!(
            matches!(&why, Strength::Absent(w) if w.contains("does not exist")),
            "{why:?}"
        );
        write_json(&basis().curve, &c).unwrap();
        assert!(matches!(
            Strength::of_run(dir.path()).unwrap(),
            Strength::Absent(_)
        ));
        write_json(&basis().bench, &b).unwrap();
        assert_eq!(
            Strength::of_run(dir.path()).unwrap(),
            Strength::Measured(Box::new(basis()))
        );
        type Edit = fn(&mut serde_json::Value);
        let cases: [(&Path, Edit, &str); 4] = [
            (
                &c,
                |v| v["points"][0]["elo"]["low"] = 50.0.into(),
                "points[0].elo",
            ),
            (&c, |v| v["format_version"] = 1.into(), "`format_version`"),
            (
                &c,
                |v| drop(v.as_object_mut().unwrap().remove("seed")),
                "`seed`",
            ),
            (&b, |v| v["nps"] = (-1.0).into(), "`nps`"),
        ];
        for (path, edit, field) in cases {
            let good = std::fs::read_to_string(path).unwrap();
            let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
            edit(&mut v);
            std::fs::write(path, v.to_string()).unwrap();
            let e = Strength::of_run(dir.path()).unwrap_err();
            assert_eq!(Failure::of(&e), Failure::BadInput);
            let m = format!("{e:#}");
            assert!(
                m.contains(&path.display().to_string()) && m.contains(field),
                "{m}"
            );
            std::fs::write(path, good).unwrap();
        }
    }

    #[test]
    fn the_budget_is_the_benched_nodes_per_reference_move_and_predictions_hold_there() {
        let s = Strength::Measured(Box::new(basis()));
        assert_eq!(s.measured().unwrap().budget(), 700);
        let p = s.predict(&Interval::exact(2.0)).unwrap();
        // 700 → 1400: the rest of 500's doubling (log2 1000/700) at +20 and the start of 1000's at +24.
        let w = (1000f64 / 700.0).log2();
        assert!(
            (p.point - (w * 20.0 + (1.0 - w) * 24.0)).abs() < 1e-9,
            "{p:?}"
        );
        assert!(
            s.predict(&Interval::exact(4.0)).is_none(),
            "2,800 nodes is off the curve"
        );
        let note = s.glance_note();
        assert!(
            note.contains("50 ms per move ≈ 700 nodes on m (cpu, 2 cores)"),
            "{note}"
        );
        assert!(note.contains("250: 0 Elo [−24, +24] (n = 400)"), "{note}");
    }

    #[test]
    fn the_shipped_files_read_when_present_and_are_no_scenario_family() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        // The lead writes both from finished matches and a quiet bench; until then the main job says so.
        if let Ok(c) = read_curve(&dir.join(CURVE_IN_SCENARIOS)).unwrap() {
            assert!(c.points.iter().all(|p| p.elo.n as u64 == p.games));
        }
        read_bench(&dir.join(BENCH_IN_SCENARIOS)).unwrap().ok();
        assert!(!crate::scenario::load::discover(&dir).unwrap().is_empty());
    }

    #[test]
    fn the_fixture_curve_reads() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/strength");
        let c = read_curve(&path.join("elo-per-doubling.json"))
            .unwrap()
            .unwrap();
        assert!(c.points.len() >= 5);
        read_bench(&path.join("bench.json")).unwrap().unwrap();
    }
}
