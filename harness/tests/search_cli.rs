//! `harness search`: the one-line key=value output, and exit status 2 naming the bad option or DFEN.

use std::process::Command;

fn harness(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("search")
        .args(args)
        .output()
        .unwrap()
}

const ROOT: &str = "k7/8/8/8/8/8/8/r2QK3 w - - 0 1 QPP";

fn fields(out: &std::process::Output) -> Vec<(String, String)> {
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    text.trim_end()
        .split(' ')
        .map(|f| {
            let (k, v) = f
                .split_once('=')
                .unwrap_or_else(|| panic!("not key=value: {f}"));
            (k.to_string(), v.to_string())
        })
        .collect()
}

#[test]
fn prints_one_line_of_key_value_fields_with_the_value_scaled_by_depth() {
    let keys = |depth: &str, value_key: &str| {
        let out = harness(&[ROOT, "--depth", depth]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let f = fields(&out);
        let names: Vec<&str> = f.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            names,
            [
                "depth",
                "complete",
                value_key,
                "best",
                "nodes",
                "leaves",
                "evaluator_calls",
                "cache_hits",
                "tt_probes",
                "tt_hits",
                "tt_cutoffs",
                "tt_stores",
                "loss_tainted"
            ]
        );
        f
    };
    let d1 = keys("1", "value_x1");
    assert_eq!(d1[0].1, "1");
    assert_eq!(d1[1].1, "true");
    assert_eq!(d1[2].1, "900"); // queen takes rook
    assert_eq!(d1[3].1, "d1a1");
    let d2 = keys("2", "value_x216");
    let plain = fields(&harness(&[
        ROOT,
        "--pruning",
        "none",
        "--tt",
        "off",
        "--cache",
        "none",
    ]));
    assert_eq!(d2[2], plain[2], "pruned and plain agree");
    assert_eq!(plain[8].1, "0", "no table, no probes");
    // A root king capture is a win, found before any probe.
    let win = fields(&harness(&[
        "k7/8/8/8/8/8/8/R3K3 w - - 0 1 RPP",
        "--depth",
        "3",
    ]));
    assert_eq!(
        (win[2].0.as_str(), win[2].1.as_str(), win[3].1.as_str()),
        ("value", "win", "a1a8")
    );
    // A spent budget: depth 1 completed, depth 2 not.
    let cut = fields(&harness(&[ROOT, "--work-budget", "30"]));
    assert_eq!((cut[0].1.as_str(), cut[1].1.as_str()), ("1", "false"));
}

#[test]
fn bad_input_exits_2_naming_the_option() {
    for (args, needle) in [
        (vec!["not a dfen"], "<DFEN>"),
        (vec!["k7/8/8/8/8/8/8/r2QK3 w - - 0 1"], "rolled"),
        (vec![ROOT, "--depth", "4"], "--depth"),
        (vec![ROOT, "--pruning", "star3"], "--pruning"),
        (vec![ROOT, "--tt", "40"], "--tt"),
        (vec![ROOT, "--cache", "lru"], "--cache"),
        (vec![ROOT, "--eval", "nnue"], "--eval"),
        (vec![ROOT, "--work-budget", "many"], "--work-budget"),
        (vec![ROOT, "--deadline-ms", "soon"], "--deadline-ms"),
    ] {
        let out = harness(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}
