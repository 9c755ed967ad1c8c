//! Running the child under callgrind and reading its totals.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use super::child::arm_spec;
use super::count_cache;
use crate::operation::Arm;

/// Event totals of a callgrind run with `--cache-sim=yes`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CallgrindTotals {
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
    pub(crate) fn estimated_cycles(&self) -> u64 {
        let accesses = self.ir + self.dr + self.dw;
        let l1_hits = accesses - self.l1_misses;
        let ll_hits = self.l1_misses - self.ll_misses;
        l1_hits + 5 * ll_hits + 35 * self.ll_misses
    }
}

/// Parses a callgrind output file's `events:` line and its `totals:` line (`summary:` when it has none).
///
/// `totals:` is the sum of the file's cost lines, i.e. what was collected. `summary:` is a running total that
/// callgrind zeroes whenever a client request switches instrumentation on or off, so a child that measures with
/// instrumentation switched on around its window writes `summary: 0` at the top and the real figures in `totals:`.
pub(crate) fn parse_callgrind_out(text: &str) -> Result<CallgrindTotals> {
    let events: Vec<&str> = text
        .lines()
        .find_map(|l| l.strip_prefix("events:"))
        .context("callgrind output has no `events:` line")?
        .split_whitespace()
        .collect();
    let line = |prefix: &str| text.lines().find_map(|l| l.strip_prefix(prefix));
    let totals: Vec<u64> = line("totals:")
        .or_else(|| line("summary:"))
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
pub(crate) fn valgrind_version() -> Option<String> {
    let out = Command::new("valgrind").arg("--version").output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// What the child reported for one arm: callgrind totals of the measured operation and its counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MeasuredArm {
    /// Callgrind totals of the measured window.
    pub totals: CallgrindTotals,
    /// Operations (successors) in the window.
    pub successors: u64,
    /// Evaluation-cache lookups of those operations (calls + hits), from a counting pass outside the window.
    pub lookups: u64,
    /// Evaluator calls (misses) of those operations.
    pub evaluator_calls: u64,
    /// Whether the result came from the store of an earlier run of the same child rather than from valgrind.
    pub reused: bool,
}

/// The key of one child's result: the executable, the scenario file the child reads, valgrind's version and every
/// option and argument, except the paths of the callgrind file and of the scenarios folder (the file's digest
/// stands for the folder).
fn child_key(
    children: &Children<'_>,
    scenario: &str,
    child_args: &[&str],
) -> Result<count_cache::ChildKey> {
    static VERSION: OnceLock<Option<String>> = OnceLock::new();
    let version = VERSION
        .get_or_init(valgrind_version)
        .as_deref()
        .context("valgrind is not installed (or not on PATH)")?;
    let family = crate::scenario::families(&[scenario.to_owned()])?;
    let file = crate::scenario::scenario_path(
        children.scenarios_dir,
        *family.first().context("no scenario family named")?,
    );
    count_cache::ChildKey::new(
        children.exe,
        &file,
        version,
        &valgrind_options(children.cache_sim),
        child_args,
    )
}

/// The value of `key=` on the child's standard output.
fn reported(stdout: &str, key: &str) -> Option<u64> {
    stdout
        .lines()
        .flat_map(str::split_whitespace)
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
        .and_then(|v| v.parse().ok())
}

/// Where callgrind children come from and what they may reuse.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Children<'a> {
    /// The harness executable (it re-invokes itself as `callgrind-op`).
    pub exe: &'a Path,
    /// Folder of the frozen scenario files.
    pub scenarios_dir: &'a Path,
    /// Where callgrind writes its files.
    pub work: &'a Path,
    /// The store of earlier children's results ([`super::count_cache`]); `None` always runs valgrind.
    pub store: Option<&'a Path>,
    /// Whether callgrind simulates the caches (`--cache-sim=yes`: the miss counts and estimated cycles, at about
    /// twice the cost of counting instructions alone). Without it the miss totals are 0 and mean nothing.
    pub cache_sim: bool,
}

/// The valgrind options of every child (the key of a stored result holds them, so counts taken one way are never
/// reused for the other). Where the child can send client requests ([`super::client_request::SUPPORTED`]) it
/// starts uninstrumented (`--instr-atstart=no`) and switches instrumentation on around the measured window only;
/// elsewhere it is instrumented from the start. Either way only `measured_operation` is collected.
fn valgrind_options(cache_sim: bool) -> Vec<&'static str> {
    let mut options = vec![
        "--tool=callgrind",
        if cache_sim {
            "--cache-sim=yes"
        } else {
            "--cache-sim=no"
        },
        "--collect-atstart=no",
        "--toggle-collect=*measured_operation*",
    ];
    if super::client_request::SUPPORTED {
        options.push("--instr-atstart=no");
    }
    options
}

/// How the children's simulated caches start, for the status note: cold where the child switches instrumentation
/// on around its window (callgrind clears the caches then), warm from the counting pass where it runs fully
/// instrumented.
pub(crate) fn window_note() -> &'static str {
    if super::client_request::SUPPORTED {
        ", instrumentation on only around it, so the simulated caches start cold"
    } else {
        ""
    }
}

/// Runs `exe callgrind-op ARGS` on `scenario` under callgrind (collection limited to the measured operation), or
/// takes its result from the store when the same binary, scenario file, valgrind and arguments ran before, and
/// returns the child's standard output and the totals of each of its measured windows, in the order of its output
/// lines that start `pid=` (one per window, `out_files.len()` of them: the child runs each window in a process of
/// its own, and callgrind writes each process's file, `FILE.PID`). Each window's callgrind file lands in
/// `out_files` either way.
fn run_child(
    children: &Children<'_>,
    scenario: &str,
    child_args: &[&str],
    out_files: &[PathBuf],
    what: &str,
) -> Result<(String, Vec<CallgrindTotals>, bool)> {
    let windows = out_files.len();
    let key = children
        .store
        .map(|_| child_key(children, scenario, child_args))
        .transpose()?;
    let stored = children
        .store
        .zip(key.as_ref())
        .and_then(|(store, key)| count_cache::lookup(store, key))
        .filter(|s| s.callgrind_outs.len() == windows);
    let hit = stored.is_some();
    let (stdout, texts) = match stored {
        Some(stored) => (stored.stdout, stored.callgrind_outs),
        None => run_valgrind(children, child_args, out_files, what)?,
    };
    let totals = window_totals(&texts, out_files)?;
    if let (Some(store), Some(key), false) = (children.store, &key, hit) {
        // Stored only once every window parsed: a failed or empty run is never reused.
        count_cache::store(
            store,
            key,
            &count_cache::StoredChild {
                stdout: stdout.clone(),
                callgrind_outs: texts,
            },
        )?;
    }
    Ok((stdout, totals, hit))
}

/// Runs the child under valgrind and returns its standard output and the text of each window's callgrind file, in
/// the order of its `pid=` lines; callgrind's files under the prefix beside `out_files[0]` are removed either way.
fn run_valgrind(
    children: &Children<'_>,
    child_args: &[&str],
    out_files: &[PathBuf],
    what: &str,
) -> Result<(String, Vec<String>)> {
    let windows = out_files.len();
    let first = out_files
        .first()
        .context("a child measures at least one window")?;
    let prefix = first.with_extension("pid");
    let out = crate::children::output(
        Command::new("valgrind")
            .args(valgrind_options(children.cache_sim))
            .arg(format!("--callgrind-out-file={}.%p", prefix.display()))
            .arg(children.exe)
            .arg("callgrind-op")
            .args(child_args)
            .arg("--scenarios-dir")
            .arg(children.scenarios_dir),
    )
    .context("cannot run valgrind")?;
    let file_of = |pid: u64| PathBuf::from(format!("{}.{pid}", prefix.display()));
    if !out.status.success() {
        remove_process_files(&prefix);
        bail!(
            "callgrind run for {what} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    // Valgrind cuts its files short on a full disk and still succeeds: say so, before removing its files
    // frees the space again and the cut file reads as "no instructions collected".
    if let Err(full) = crate::record::output::check_space(&prefix) {
        remove_process_files(&prefix);
        return Err(full);
    }
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let pids: Vec<u64> = window_lines(&stdout)
        .filter_map(|l| reported(l, "pid"))
        .collect();
    let texts = if pids.len() == windows {
        pids.iter()
            .map(|&pid| {
                let part = file_of(pid);
                std::fs::read_to_string(&part)
                    .with_context(|| format!("{}: cannot read", part.display()))
            })
            .collect::<Result<Vec<String>>>()
    } else {
        Err(anyhow::anyhow!(
            "callgrind child for {what} reported {} windows, not {windows}",
            pids.len()
        ))
    };
    remove_process_files(&prefix);
    Ok((stdout, texts?))
}

/// Removes every callgrind file `PREFIX.PID`: every process leaves a file, the parent its empty one too; none is
/// kept under these names.
fn remove_process_files(prefix: &Path) {
    let Some(dir) = prefix.parent() else { return };
    let Some(stem) = prefix
        .file_name()
        .map(|n| format!("{}.", n.to_string_lossy()))
    else {
        return;
    };
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().starts_with(&stem) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Writes each window's callgrind text to its file in `out_files` and parses its totals, in order; a window
/// without a single instruction collected is an error.
fn window_totals(texts: &[String], out_files: &[PathBuf]) -> Result<Vec<CallgrindTotals>> {
    let mut totals = Vec::with_capacity(out_files.len());
    for (text, out_file) in texts.iter().zip(out_files) {
        std::fs::write(out_file, text)
            .with_context(|| format!("{}: cannot write", out_file.display()))?;
        let t = parse_callgrind_out(text)
            .with_context(|| format!("{}: unexpected format", out_file.display()))?;
        if t.ir == 0 {
            bail!(
                "{}: no instructions collected (the measured_operation toggle did not match, or the child never \
                 switched instrumentation on)",
                out_file.display()
            );
        }
        totals.push(t);
    }
    Ok(totals)
}

/// The child's output lines that report a measured window (they start `pid=`), in order.
fn window_lines(stdout: &str) -> impl Iterator<Item = &str> {
    stdout.lines().filter(|l| l.starts_with("pid="))
}

/// Runs one `exe callgrind-op` child for `arms` of `scenario` under callgrind, in the order given (collection
/// limited to the measured operation; or takes the stored result of the same child), and returns each arm's
/// totals with the successor, lookup and evaluator-call counts the child reported for it. `children.work`
/// receives one callgrind file per arm, `callgrind.FAMILY-CACHE-EVALUATOR-TRAVERSAL.out`.
///
/// One child for several arms saves valgrind's start-up and the scenario loading per arm (about half a second
/// each); each arm still runs in a process of its own forked after the loading, with the simulated caches cleared
/// at its window's start, so its counts do not depend on the other arms.
pub(crate) fn measure_arms(
    children: &Children<'_>,
    scenario: &str,
    arms: &[Arm],
) -> Result<Vec<MeasuredArm>> {
    let specs: Vec<String> = arms.iter().map(arm_spec).collect();
    let mut args = vec!["--scenario", scenario];
    for spec in &specs {
        args.extend(["--arm", spec.as_str()]);
    }
    let out_files: Vec<PathBuf> = arms
        .iter()
        .map(|a| {
            children.work.join(format!(
                "callgrind.{scenario}-{}-{}-{}.out",
                a.cache.name(),
                a.eval,
                a.traversal.name()
            ))
        })
        .collect();
    let what = format!("{scenario} ({})", specs.join(", "));
    let (stdout, totals, reused) = run_child(children, scenario, &args, &out_files, &what)?;
    let lines: Vec<&str> = window_lines(&stdout).collect();
    if lines.len() != arms.len() {
        bail!(
            "callgrind child for {what} reported {} arms, not {}",
            lines.len(),
            arms.len()
        );
    }
    lines
        .iter()
        .zip(totals)
        .map(|(line, totals)| {
            let get = |key: &str| {
                reported(line, key)
                    .with_context(|| format!("callgrind child printed no `{key}=` count"))
            };
            Ok(MeasuredArm {
                totals,
                successors: get("successors")?,
                lookups: get("lookups")?,
                evaluator_calls: get("evaluator_calls")?,
                reused,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windowed_children_have_their_own_store_key() {
        // The option is what keeps stored results of fully instrumented children (warm caches) apart from windowed
        // ones (cold caches): the store's key holds every valgrind option.
        assert_eq!(
            valgrind_options(true).contains(&"--instr-atstart=no"),
            super::super::client_request::SUPPORTED
        );
        assert!(valgrind_options(true).contains(&"--toggle-collect=*measured_operation*"));
        assert!(valgrind_options(true).contains(&"--cache-sim=yes"));
        assert!(valgrind_options(false).contains(&"--cache-sim=no"));
    }

    #[test]
    fn parse_callgrind_out_and_estimated_cycles_examples() {
        let text =
            "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary: 100 50 50 1 5 4 1 1 0\n";
        let t = parse_callgrind_out(text).unwrap();
        assert_eq!(
            (t.ir, t.dr, t.dw, t.l1_misses, t.ll_misses),
            (100, 50, 50, 10, 2)
        );
        // 190 L1 hits + 5 * 8 LL hits + 35 * 2 RAM hits
        assert_eq!(t.estimated_cycles(), 190 + 40 + 70);
        let windowed = "events: Ir Dr\nsummary: 0\nfn=(1) f\n1 100 50\ntotals: 100 50\n";
        assert_eq!(parse_callgrind_out(windowed).unwrap().ir, 100);
    }
}
