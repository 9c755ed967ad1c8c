//! Every bad command-line input exits with status 2 and a message naming the option (or argument) and the
//! value, before any work; `--help` documents the exit statuses.

mod cli_support;

use cli_support::{assert_exit, run};

/// Runs `args`, expects status 2 and a message containing every one of `needles`.
fn rejects(args: &[&str], needles: &[&str]) {
    let out = run(args);
    let err = assert_exit(&out, 2);
    for n in needles {
        assert!(err.contains(n), "{args:?}: expected {n:?} in: {err}");
    }
    assert!(out.stdout.is_empty(), "{args:?} printed results");
}

#[test]
fn main_job_filters_reject_empty_repeated_and_unknown_items() {
    rejects(
        &["--scenario", ""],
        &[
            "invalid value '' for '--scenario <SCENARIO>'",
            "the list is empty",
        ],
    );
    rejects(
        &["--scenario", "sparse,"],
        &["'sparse,' for '--scenario <SCENARIO>'", "item 2 is empty"],
    );
    rejects(
        &["--scenario", "sparse,sparse"],
        &["'sparse,sparse'", "item 2 'sparse' repeats item 1"],
    );
    rejects(
        &["--cache", "none,none"],
        &["'none,none' for '--cache <CACHE>'", "repeats item 1"],
    );
    rejects(
        &["--cache", "lru"],
        &[
            "unknown cache variant 'lru'",
            "none, tuple, hashbrown, fx, optimized",
        ],
    );
    rejects(
        &["--eval", "material,nnue"],
        &[
            "'--eval <EVAL>'",
            "item 2: unknown evaluator 'nnue'",
            "material, constant, aggressive",
        ],
    );
    rejects(
        &["--eval", "work:3"],
        &[
            "'--eval <EVAL>'",
            "work:3: the rounds must be a power of two",
        ],
    );
    rejects(
        &["break-even", "--rungs", "material,work:4,work:4"],
        &["'--rungs <RUNGS>'", "item 3 'work:4' repeats item 2"],
    );
    rejects(
        &["break-even", "--rungs", "nnue"],
        &["unknown evaluator 'nnue'", "mobility, network, work:N"],
    );
    rejects(
        &["--traversal", "on,,off"],
        &["'--traversal <TRAVERSAL>'", "item 2 is empty"],
    );
    rejects(
        &["--seed", "18446744073709551616"],
        &["'--seed <SEED>'", "number too large"],
    );
}

#[test]
fn position_commands_reject_bad_positions_and_options() {
    for cmd in ["turns", "inspect", "score", "expand"] {
        rejects(
            &[cmd, "8/8 w - - 0 1"],
            &["invalid value '8/8 w - - 0 1' for '<DFEN>'", "8 ranks"],
        );
    }
    let outer = "k7/8/8/8/8/8/8/R6K b - - 0 1";
    rejects(
        &["expand", "--depth", "3", outer],
        &["'--depth <DEPTH>'", "3"],
    );
    rejects(
        &["expand", "--cache", "none,fx", outer],
        &["'--cache <CACHE>'", "unknown cache variant 'none,fx'"],
    );
    rejects(
        &["expand", "--traversal", "maybe", outer],
        &[
            "'--traversal <TRAVERSAL>'",
            "unknown traversal mode 'maybe'",
        ],
    );
    rejects(
        &["expand", "k7/8/8/8/8/8/8/R6K b - - 0 1 PP"],
        &["an outer successor has an empty dice pool"],
    );
    rejects(
        &["score", "--eval", "nnue", "k7/8/8/8/8/8/8/R6K w - - 0 1 PP"],
        &[
            "'--eval <EVAL>'",
            "material, constant, aggressive, counter, mobility, network, work:N",
        ],
    );
    rejects(
        &[
            "turns",
            "--summary",
            "--max-memory",
            "0",
            "k7/8/8/8/8/8/8/R6K w - - 0 1 PP",
        ],
        &["'--max-memory <MIB>'", "must be at least 1"],
    );
}

#[test]
fn scenario_commands_reject_bad_filters_and_folders() {
    rejects(
        &["scenarios", "verify", "--scenario", "End Game"],
        &["'--scenario <SCENARIO>'", "family name 'End Game'"],
    );
    // Any well-formed name may be a user's family: one that has no file is named by its path.
    rejects(
        &["scenarios", "verify", "--scenario", "endgame"],
        &["scenarios/endgame.json: cannot read scenario file"],
    );
    rejects(
        &[
            "scenarios",
            "freeze",
            "--scenario",
            "sparse,sparse",
            "--dir",
            "/nonexistent",
        ],
        &["repeats item 1"],
    );
    rejects(
        &["scenarios", "freeze", "--seed=-1"],
        &["invalid value '-1' for '--seed <SEED>'"],
    );
    // A folder without the file: the path is named once, with the OS reason.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = run(&["scenarios", "verify", "--dir", d, "--scenario", "sparse"]);
    let err = assert_exit(&out, 2);
    let path = format!("{d}/sparse.json");
    assert!(err.contains(&path), "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
}

#[test]
fn catalogue_out_is_checked_before_any_work() {
    rejects(
        &["catalogue", "--out", "/nonexistent-folder/catalogue.tsv"],
        &[
            "'--out <FILE>'",
            "folder /nonexistent-folder does not exist",
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    rejects(&["catalogue", "--out", d], &["is a folder, not a file"]);
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let inside = format!("{}/catalogue.tsv", file.display());
    rejects(
        &["catalogue", "--out", &inside],
        &[&format!("{} is not a folder", file.display())],
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "nothing written"
    );
}

#[test]
fn a_position_too_large_to_expand_is_refused_before_expanding() {
    let queens = "QQQQQQk1/QQQQQQ2/8/8/8/8/8/7K b - - 0 1";
    rejects(
        &["expand", "--depth", "2", queens],
        &["refusing to expand", "above --max-memory 512 MiB"],
    );
}

#[test]
fn help_documents_the_exit_statuses() {
    let out = run(&["--help"]);
    assert_exit(&out, 0);
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains("Exit status: 0 success; 1 runtime failure")
            && help.contains("2 bad input")
            && help.contains("3 verification or parity mismatch"),
        "{help}"
    );
}

#[test]
fn a_report_folder_that_holds_the_results_is_refused() {
    // The render replaces its whole folder: one holding the results (or the run folder) would delete them.
    let dir = tempfile::tempdir().unwrap();
    let run_dir = dir.path().join("results/run");
    std::fs::create_dir_all(&run_dir).unwrap();
    let (d, r) = (dir.path().to_str().unwrap(), run_dir.to_str().unwrap());
    rejects(
        &["report", r, "--out", d],
        &["'--out'", "give them separate folders"],
    );
    rejects(
        &["--out", r, "--report-dir", d],
        &["'--report-dir'", "give them separate folders"],
    );
    rejects(
        &["eviction", "--out", r, "--report-dir", d],
        &["'--report-dir'", "give them separate folders"],
    );
    assert!(run_dir.is_dir(), "nothing removed");
}

/// A work-odds budget whose double does not fit in 64 bits is refused naming `--bot`, for every
/// kind of budget, rather than played at a wrapped budget.
#[test]
fn a_work_odds_budget_that_cannot_double_exits_2_naming_the_bot() {
    let out = tempfile::tempdir().unwrap();
    for tc in [
        "tc=nodes:9223372036854775808",
        "tc=calls:18446744073709551615",
        "tc=ms:9223372036854775808",
        "tc=ms:10+9223372036854775808",
    ] {
        rejects(
            &[
                "match",
                "work-odds",
                "--bot",
                tc,
                "--out",
                out.path().to_str().unwrap(),
            ],
            &["--bot", "twice its budget does not fit"],
        );
    }
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}

#[test]
fn strength_commands_reject_bad_budgets_speedups_and_specs() {
    let worth = |extra: &[&str], needles: &[&str]| {
        let mut args = vec!["match", "worth", "--out", "/tmp/never-written"];
        args.extend_from_slice(extra);
        rejects(&args, needles);
    };
    worth(
        &["--speedup", "0", "--budget", "500"],
        &["--speedup", "'0'"],
    );
    worth(
        &["--speedup", "-1.5", "--budget", "500"],
        &["--speedup", "'-1.5'"],
    );
    worth(&["--speedup", "nan", "--budget", "500"], &["--speedup"]);
    worth(&["--speedup", "1.2", "--budget", "0"], &["--budget", "'0'"]);
    worth(
        &["--speedup", "1e300", "--budget", "500"],
        &["--speedup", "over the largest budget"],
    );
    worth(
        &["--speedup", "0.0001", "--budget", "500"],
        &["--speedup", "under 1"],
    );
    worth(
        &["--speedup", "1.2", "--budget", "500", "--bot", "tc=nodes:9"],
        &["--bot", "give no tc"],
    );
    worth(
        &["--speedup", "1.2", "--budget", "500", "--games", "3"],
        &["--games 3"],
    );
    let odds = |extra: &[&str], needles: &[&str]| {
        let mut args = vec!["match", "work-odds", "--out", "/tmp/never-written"];
        args.extend_from_slice(extra);
        rejects(&args, needles);
    };
    odds(
        &["--bot", "depth=id", "--budgets", "125,x"],
        &["--budgets", "'x'"],
    );
    odds(
        &["--bot", "depth=id", "--budgets", "125,125"],
        &["--budgets", "125 is given twice"],
    );
    odds(
        &["--bot", "depth=id,tc=nodes:5", "--budgets", "125"],
        &["--bot", "give no tc"],
    );
    odds(
        &["--bot", "depth=id", "--write", "/tmp/x.json"],
        &["--budgets"],
    );
    odds(
        &[
            "--bot",
            "depth=id",
            "--budgets",
            "125",
            "--shard",
            "1/2",
            "--write",
            "/tmp/x.json",
        ],
        &["--shard"],
    );
    odds(
        &[
            "--bot",
            "depth=id",
            "--budgets",
            "125",
            "--write",
            "/dev/null/x.json",
        ],
        &["--write"],
    );
    rejects(&["bench", "--write", "/dev/null/x.json"], &["--write"]);
    rejects(
        &["bench", "--openings", "/nonexistent/openings.json"],
        &["--openings"],
    );
}
