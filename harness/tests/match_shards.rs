//! Sharded matches: a merge of the shards' `--out` folders equals the unsharded run byte for byte, and every set
//! of shards that is not exactly the whole match is refused (exit 2, naming the shard and the reason); one writer
//! per match folder; a restarted command continues its own unfinished folder; bounded `--games` and
//! `--concurrency`; `match submit` through stand-in `sbatch` and `scontrol`.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const A: &str = "depth=2,tt=10,tc=nodes:300";
const B: &str = "depth=1,tt=off,cache=none,tc=calls:300";

fn openings() -> String {
    format!("{}/../scenarios/openings.json", env!("CARGO_MANIFEST_DIR"))
}

fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("match")
        .args(args)
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The options of the match A against B with `extra`.
fn match_args<'a>(o: &'a str, out: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["--a", A, "--b", B, "--openings", o];
    args.extend_from_slice(&["--out", out.to_str().unwrap()]);
    args.extend_from_slice(extra);
    args
}

/// Plays into `out` and returns the one match folder there.
fn play(out: &Path, extra: &[&str]) -> PathBuf {
    let o = openings();
    let r = harness(&match_args(&o, out, extra));
    assert!(r.status.success(), "{}", stderr(&r));
    only_folder(out)
}

fn only_folder(out: &Path) -> PathBuf {
    let found: Vec<PathBuf> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("match-")
        })
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            copy_dir(&p, &to.join(p.file_name().unwrap()));
        } else {
            std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
        }
    }
}

fn refused(args: &[&str], needles: &[&str]) {
    let r = harness(args);
    assert_eq!(r.status.code(), Some(2), "{args:?}: {}", stderr(&r));
    for n in needles {
        assert!(
            stderr(&r).contains(n),
            "{args:?}: no '{n}' in {}",
            stderr(&r)
        );
    }
}

fn same_files(a: &Path, b: &Path) {
    for f in ["games.jsonl", "summary.json", "match.json", "summary.txt"] {
        assert_eq!(
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
            "{f} of {} and {}",
            a.display(),
            b.display()
        );
    }
}

#[test]
fn a_merge_equals_the_unsharded_run_and_refuses_every_set_that_is_not_the_whole_match() {
    let t = support::temp_dir("merge");
    let root = t.path();
    let whole = play(&root.join("whole"), &["--games", "12"]);
    let s1 = root.join("s1");
    let s2 = root.join("s2");
    let f1 = play(&s1, &["--games", "12", "--shard", "1/2"]);
    let f2 = play(&s2, &["--games", "12", "--shard", "2/2"]);
    let (s1s, s2s) = (s1.to_str().unwrap(), s2.to_str().unwrap());
    // The shards' --out folders, and their match folders, merge into the unsharded run byte for byte.
    let merged = root.join("merged");
    let r = harness(&["merge", s2s, s1s, "--out", merged.to_str().unwrap()]);
    assert!(r.status.success(), "{}", stderr(&r));
    same_files(&whole, &only_folder(&merged));
    let r = harness(&["merge", f1.to_str().unwrap(), f2.to_str().unwrap()]);
    assert!(r.status.success(), "{}", stderr(&r));
    let line = std::fs::read_to_string(whole.join("summary.txt")).unwrap();
    assert_eq!(String::from_utf8_lossy(&r.stdout), line);

    refused(&["merge", s1s], &["shard 2/2 is missing"]);
    refused(&["merge", s1s, s1s], &["shard 1/2 twice"]);
    // A damaged copy of shard 2 at a time, each refused naming shard 2/2 and the reason.
    let damaged = |name: &str, damage: &dyn Fn(&Path)| {
        let out = root.join(name);
        let f = out.join(f2.file_name().unwrap());
        copy_dir(&f2, &f);
        damage(&f);
        out
    };
    let text = std::fs::read_to_string(f2.join("games.jsonl")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let write = |f: &Path, ls: &[&str]| {
        std::fs::write(f.join("games.jsonl"), ls.join("\n") + "\n").unwrap();
    };
    let cases: Vec<(PathBuf, Vec<&str>)> = vec![
        (
            damaged("partial", &|f| {
                std::fs::rename(f, format!("{}.partial", f.display())).unwrap()
            }),
            vec!["unfinished shard (.partial)"],
        ),
        (
            damaged("torn", &|f| {
                std::fs::write(f.join("games.jsonl"), &text[..text.len() - 30]).unwrap()
            }),
            vec!["shard 2/2", "torn last line"],
        ),
        (
            damaged("malformed", &|f| {
                let mut ls = lines.clone();
                ls[2] = "{\"pair\": 3, oops}";
                write(f, &ls);
            }),
            vec!["shard 2/2", "line 3", "not a game record"],
        ),
        (
            damaged("missing", &|f| write(f, &lines[..4])),
            vec!["shard 2/2", "pair 5 is missing"],
        ),
        (
            damaged("doubled", &|f| {
                let mut ls = lines.clone();
                ls.splice(2..2, [lines[0], lines[1]]);
                write(f, &ls);
            }),
            vec!["shard 2/2", "pair 1 where pair 3 was due"],
        ),
        (
            damaged("openings", &|f| {
                let m = std::fs::read_to_string(f.join("match.json")).unwrap();
                let m = m.replace("\"openings_digest\": \"", "\"openings_digest\": \"0");
                std::fs::write(f.join("match.json"), m).unwrap();
            }),
            vec!["not shards of one match", "openings"],
        ),
        (
            damaged("empty", &|f| std::fs::remove_dir_all(f).unwrap()),
            vec!["neither a match folder nor a folder holding one"],
        ),
    ];
    for (dir, needles) in &cases {
        refused(&["merge", s1s, dir.to_str().unwrap()], needles);
    }
    // The partial shard named directly, too.
    let partial = only_folder(&root.join("partial"));
    refused(
        &["merge", s1s, partial.to_str().unwrap()],
        &["unfinished shard"],
    );
    // Shards of other matches: another seed, game count, bot or budget.
    for (name, args, needle) in [
        (
            "seed",
            ["--games", "12", "--shard", "2/2", "--seed", "9"],
            "seed",
        ),
        (
            "games",
            ["--games", "16", "--shard", "2/2", "--seed", "1"],
            "games",
        ),
        (
            "shards",
            ["--games", "12", "--shard", "2/3", "--seed", "1"],
            "shard count",
        ),
    ] {
        let out = root.join(name);
        play(&out, &args);
        refused(&["merge", s1s, out.to_str().unwrap()], &[needle]);
    }
    let o = openings();
    let budget = root.join("budget");
    let mut args = vec![
        "--a",
        "depth=2,tt=10,tc=nodes:600",
        "--b",
        B,
        "--openings",
        &o,
    ];
    let b = budget.to_str().unwrap().to_owned();
    args.extend(["--games", "12", "--shard", "2/2", "--out", &b]);
    assert!(harness(&args).status.success());
    refused(&["merge", s1s, &b], &["a: "]);
}

#[test]
fn a_second_writer_of_a_folder_exits_2_naming_the_holder() {
    let t = support::temp_dir("lock");
    let f = play(&t.path().join("m"), &["--games", "4"]);
    // This test holds the folder's lock as a running match would.
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(f.join("writer.lock"))
        .unwrap();
    rustix::fs::flock(&lock, rustix::fs::FlockOperation::NonBlockingLockExclusive).unwrap();
    std::fs::write(
        f.join("writer.lock"),
        "pid=4242 host=elsewhere started=2026-12-03T10:00:00Z\n",
    )
    .unwrap();
    let before = std::fs::read(f.join("games.jsonl")).unwrap();
    let o = openings();
    let fs = f.to_str().unwrap().to_owned();
    let mut args = match_args(&o, t.path(), &["--games", "8", "--resume", &fs]);
    args.retain(|a| *a != "--out" && *a != t.path().to_str().unwrap());
    refused(
        &args,
        &[
            "another process is writing",
            "pid=4242 host=elsewhere started=2026-12-03T10:00:00Z",
        ],
    );
    assert_eq!(std::fs::read(f.join("games.jsonl")).unwrap(), before);
    // Once the holder is gone the resume goes ahead and the lock file goes with it.
    drop(lock);
    let r = harness(&args);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(!f.join("writer.lock").exists());
    assert!(String::from_utf8_lossy(&r.stdout).starts_with("pairs=4 "));
}

#[test]
fn a_restarted_command_continues_its_own_unfinished_folder() {
    let t = support::temp_dir("requeue");
    let whole = play(&t.path().join("whole"), &["--games", "8"]);
    // A shard's run killed after one pair: the same command again continues that folder and starts no other.
    let out = t.path().join("shard");
    let name = whole.file_name().unwrap().to_string_lossy().into_owned();
    let partial = out.join(format!("{name}.partial"));
    copy_dir(&whole, &partial);
    let text = std::fs::read_to_string(partial.join("games.jsonl")).unwrap();
    let first: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(partial.join("games.jsonl"), first.join("\n") + "\n").unwrap();
    for f in ["summary.json", "summary.txt"] {
        std::fs::remove_file(partial.join(f)).unwrap();
    }
    let o = openings();
    let r = harness(&match_args(&o, &out, &["--games", "8"]));
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("unfinished folder of this match"),
        "{}",
        stderr(&r)
    );
    assert_eq!(only_folder(&out), out.join(&name));
    same_files(&whole, &out.join(&name));
    // A folder killed before its match.json was written is taken over and the match starts in it.
    let out = t.path().join("early");
    std::fs::create_dir_all(out.join("match-2026-01-01T00-00-00Z.partial")).unwrap();
    let r = harness(&match_args(&o, &out, &["--games", "8"]));
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("killed before its match.json"),
        "{}",
        stderr(&r)
    );
    let f = only_folder(&out);
    assert_eq!(f, out.join("match-2026-01-01T00-00-00Z"));
    assert_eq!(
        std::fs::read(f.join("games.jsonl")).unwrap(),
        std::fs::read(whole.join("games.jsonl")).unwrap()
    );
}

#[test]
fn games_and_concurrency_out_of_bounds_exit_2_naming_the_option() {
    let t = support::temp_dir("bounds");
    let o = openings();
    let out = t.path().join("runs");
    for (extra, needle) in [
        (vec!["--games", "1099511627776"], "--games 1099511627776"),
        (
            vec!["--concurrency", "18446744073709551615"],
            "--concurrency 18446744073709551615",
        ),
        (vec!["--concurrency", "100000"], "--concurrency 100000"),
    ] {
        refused(&match_args(&o, &out, &extra), &[needle, "at most"]);
    }
    refused(
        &["work-odds", "--bot", "depth=1", "--games", "20000002"],
        &["--games"],
    );
    assert!(!out.exists());
}

/// Stand-ins for Slurm's `sbatch` (runs the script at once, every array task in turn, from its --chdir) and
/// `scontrol show job` (reports the merge's exit code), so that `match submit --wait` runs end to end here.
fn stand_in_slurm(bin: &Path, state: &Path) {
    let s = state.display();
    support::write_script(
        &bin.join("sbatch"),
        &format!(
            r#"#!/bin/bash
[ "$1" = --probe ] && exit 0
echo "$@" >> {s}/sbatch-calls
script="${{@: -1}}"
id=$(( $(cat {s}/next 2>/dev/null || echo 100) + 1 )); echo "$id" > {s}/next
cd "$(sed -n 's/^#SBATCH --chdir=//p' "$script")"
n=$(sed -n 's/^#SBATCH --array=1-//p' "$script")
if [ -n "$n" ]; then
  for k in $(seq 1 "$n"); do SLURM_ARRAY_TASK_ID=$k bash "$script" > {s}/task-$k.log 2>&1; done
else
  bash "$script" > {s}/merge.log 2>&1; echo $? > {s}/merge-rc
fi
echo "$id"
"#
        ),
        &["--probe"],
    );
    support::write_script(
        &bin.join("scontrol"),
        &format!(
            "#!/bin/bash\n[ \"$1\" = --probe ] && exit 0\necho \"JobId=$4 JobState=COMPLETED Reason=None ExitCode=$(cat {s}/merge-rc):0\"\n"
        ),
        &["--probe"],
    );
}

#[test]
fn submit_writes_an_array_and_a_merge_after_it_and_waits_for_the_merge() {
    let t = support::temp_dir("submit");
    let whole = play(&t.path().join("whole"), &["--games", "12"]);
    let (bin, state) = (t.path().join("bin"), t.path().join("state"));
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(&state).unwrap();
    stand_in_slurm(&bin, &state);
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let out = t.path().join("cluster");
    let o = openings();
    let submit = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_harness"))
            .env("PATH", &path)
            .current_dir(t.path())
            .args(["match", "submit"])
            .args(extra)
            .output()
            .unwrap()
    };
    let task = ["--a", A, "--b", B, "--openings", &o, "--games", "12"];
    let mut args = vec!["--shards", "3", "--wait", "--time", "10:00"];
    args.extend(task);
    args.extend(["--out", "cluster"]);
    let r = submit(&args);
    assert!(r.status.success(), "{}", stderr(&r));
    let line = std::fs::read_to_string(whole.join("summary.txt")).unwrap();
    assert_eq!(String::from_utf8_lossy(&r.stdout), line);
    let merged = only_folder(&out.join("merged"));
    same_files(&whole, &merged);
    let calls = std::fs::read_to_string(state.join("sbatch-calls")).unwrap();
    let calls: Vec<&str> = calls.lines().collect();
    assert_eq!(
        calls[0],
        format!("--parsable {}/shards.sbatch", out.display())
    );
    assert_eq!(
        calls[1],
        format!(
            "--parsable --dependency=afterok:101 {}/merge.sbatch",
            out.display()
        )
    );
    let script = std::fs::read_to_string(out.join("shards.sbatch")).unwrap();
    assert!(
        script.contains("#SBATCH --array=1-3\n") && script.contains("#SBATCH --time=10:00\n"),
        "{script}"
    );
    assert!(
        script.contains(&format!("#SBATCH --chdir={}\n", t.path().display())),
        "{script}"
    );
    for k in 1..=3 {
        only_folder(&out.join(format!("shard-{k}")));
    }
    // Options for one run only, a missing --out, bad task options and more shards than pairs are refused before
    // anything is submitted.
    std::fs::remove_file(state.join("sbatch-calls")).unwrap();
    for (extra, needle) in [
        (
            vec!["--shards", "2", "--shard", "1/2", "--out", "x"],
            "--shard is for one run",
        ),
        (vec!["--shards", "2"], "--out DIR is required"),
        (vec!["--shards", "7", "--out", "x"], "--shards 7"),
        (
            vec!["--shards", "2", "--out", "x", "--elo9", "1"],
            "the task's options",
        ),
    ] {
        let mut args = extra.clone();
        args.extend(task);
        let r = submit(&args);
        assert_eq!(r.status.code(), Some(2), "{extra:?}: {}", stderr(&r));
        assert!(stderr(&r).contains(needle), "{extra:?}: {}", stderr(&r));
    }
    assert!(!state.join("sbatch-calls").exists());
}

#[test]
fn submit_of_a_curve_merges_every_budget_and_reads_the_curve_as_the_unsharded_one() {
    let t = support::temp_dir("submit-curve");
    let (bin, state) = (t.path().join("bin"), t.path().join("state"));
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(&state).unwrap();
    stand_in_slurm(&bin, &state);
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let o = openings();
    let curve = [
        "work-odds",
        "--bot",
        "depth=1",
        "--budgets",
        "10,20",
        "--games",
        "6",
        "--openings",
        &o,
    ];
    let whole = harness(
        &[
            &curve[..],
            &["--out", t.path().join("whole").to_str().unwrap()],
        ]
        .concat(),
    );
    assert!(whole.status.success(), "{}", stderr(&whole));
    let run = |args: &[&str]| {
        Command::new(args[0])
            .env("PATH", &path)
            .current_dir(t.path())
            .args(&args[1..])
            .output()
            .unwrap()
    };
    let exe = env!("CARGO_BIN_EXE_harness");
    let mut args = vec![exe, "match", "submit", "--shards", "2", "--wait"];
    args.extend(curve);
    args.extend([
        "--concurrency",
        "1",
        "--write",
        "curve.json",
        "--out",
        "cluster",
    ]);
    let r = run(&args);
    assert!(r.status.success(), "{}", stderr(&r));
    assert_eq!(r.stdout, whole.stdout, "the curve's lines");
    let out = t.path().join("cluster");
    for b in ["budget-10", "budget-20"] {
        same_files(
            &only_folder(&t.path().join("whole").join(b)),
            &only_folder(&out.join("merged").join(b)),
        );
        for k in 1..=2 {
            only_folder(&out.join(format!("shard-{k}")).join(b));
        }
    }
    let written = std::fs::read_to_string(t.path().join("curve.json")).unwrap();
    assert!(written.contains("\"budget\": 20"), "{written}");
    // The merge job again (as a user resubmits it): the budgets merged already are kept, the curve read again.
    let again = run(&["sbatch", out.join("merge.sbatch").to_str().unwrap()]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(
        std::fs::read_to_string(state.join("merge-rc")).unwrap(),
        "0\n"
    );
    let log = std::fs::read_to_string(state.join("merge.log")).unwrap();
    assert!(
        !log.contains("match merge:") && log.matches("is complete; read").count() == 2,
        "{log}"
    );
    for b in ["budget-10", "budget-20"] {
        only_folder(&out.join("merged").join(b));
    }
}
