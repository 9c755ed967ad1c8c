//! Running the child under callgrind and reading its totals.

use anyhow::{Context, Result, bail};
use std::path::Path;
use std::process::Command;

/// Event totals of a callgrind run with `--cache-sim=yes`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CallgrindTotals {
    /// Instructions executed.
    pub ir: u64,
    /// Data reads.
    pub dr: u64,
    /// Data writes.
    pub dw: u64,
    /// L1 misses (instruction + data read + data write).
    pub l1_misses: u64,
    /// Last-level misses (instruction + data read + data write).
    pub ll_misses: u64,
}

impl CallgrindTotals {
    /// Estimated cycles = L1 hits + 5·LL hits + 35·RAM hits (the iai-callgrind/gungraun model; not measured).
    ///
    /// ```
    /// let t = harness::instructions::CallgrindTotals { ir: 100, dr: 50, dw: 50, l1_misses: 10, ll_misses: 2 };
    /// // 190 L1 hits + 5 * 8 LL hits + 35 * 2 RAM hits
    /// assert_eq!(t.estimated_cycles(), 190 + 40 + 70);
    /// ```
    pub fn estimated_cycles(&self) -> u64 {
        let accesses = self.ir + self.dr + self.dw;
        let l1_hits = accesses - self.l1_misses;
        let ll_hits = self.l1_misses - self.ll_misses;
        l1_hits + 5 * ll_hits + 35 * self.ll_misses
    }
}

/// Parses a callgrind output file's `events:` and `totals:`/`summary:` lines.
///
/// ```
/// let text = "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary: 100 50 50 1 5 4 1 1 0\n";
/// let t = harness::instructions::parse_callgrind_out(text).unwrap();
/// assert_eq!((t.ir, t.l1_misses, t.ll_misses), (100, 10, 2));
/// ```
pub fn parse_callgrind_out(text: &str) -> Result<CallgrindTotals> {
    let events: Vec<&str> = text
        .lines()
        .find_map(|l| l.strip_prefix("events:"))
        .context("callgrind output has no `events:` line")?
        .split_whitespace()
        .collect();
    let totals: Vec<u64> = text
        .lines()
        .find_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })
        .context("callgrind output has no `totals:` or `summary:` line")?
        .split_whitespace()
        .map(|v| v.parse::<u64>())
        .collect::<Result<_, _>>()
        .context("callgrind totals are not numbers")?;
    let get = |name: &str| -> u64 {
        events
            .iter()
            .position(|e| *e == name)
            .and_then(|i| totals.get(i).copied())
            .unwrap_or(0)
    };
    if !events.contains(&"Ir") {
        bail!("callgrind output has no Ir event");
    }
    Ok(CallgrindTotals {
        ir: get("Ir"),
        dr: get("Dr"),
        dw: get("Dw"),
        l1_misses: get("I1mr") + get("D1mr") + get("D1mw"),
        ll_misses: get("ILmr") + get("DLmr") + get("DLmw"),
    })
}

/// `valgrind --version`, or `None` when valgrind cannot be run.
pub fn valgrind_version() -> Option<String> {
    let out = Command::new("valgrind").arg("--version").output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Runs `exe callgrind-op` for one arm under callgrind (collection limited to the measured operation) and returns
/// the totals and the successor count the child reported. `work` receives the callgrind files.
pub fn measure_arm(
    exe: &Path,
    scenarios_dir: &Path,
    scenario: &str,
    cache: &str,
    traversal: &str,
    work: &Path,
) -> Result<(CallgrindTotals, u64)> {
    let out_file = work.join(format!("callgrind.{scenario}-{cache}-{traversal}.out"));
    let out = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg("--cache-sim=yes")
        .arg("--collect-atstart=no")
        .arg("--toggle-collect=*measured_operation*")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(exe)
        .arg("callgrind-op")
        .args([
            "--scenario",
            scenario,
            "--cache",
            cache,
            "--traversal",
            traversal,
        ])
        .arg("--scenarios-dir")
        .arg(scenarios_dir)
        .output()
        .context("cannot run valgrind")?;
    if !out.status.success() {
        bail!(
            "callgrind run for {scenario}/{cache}/{traversal} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let successors: u64 = String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("successors="))
        .and_then(|v| v.trim().parse().ok())
        .context("callgrind child printed no successor count")?;
    let text = std::fs::read_to_string(&out_file)
        .with_context(|| format!("{}: cannot read", out_file.display()))?;
    let totals = parse_callgrind_out(&text)
        .with_context(|| format!("{}: unexpected format", out_file.display()))?;
    if totals.ir == 0 {
        bail!(
            "{}: no instructions collected (the measured_operation toggle did not match)",
            out_file.display()
        );
    }
    Ok((totals, successors))
}
