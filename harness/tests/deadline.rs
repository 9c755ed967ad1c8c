//! `harness deadline`: a bot searching at the reference depth without a deadline agrees with the reference on
//! every position with loss 0 (the reference's path values and the bot's search are computed independently);
//! bad suite lines, bad bot specs and a bad `--out` exit 2 naming the problem and write nothing.

mod cli_support;
mod support;

use cli_support::{assert_exit, run};
use std::path::{Path, PathBuf};
use support::rules_model::Position;

/// The columns of `deadline.csv` these tests check, read as any CSV reader would (docs/results.md names them).
#[derive(Debug, serde::Deserialize)]
struct Row {
    dfen: String,
    moves: String,
    depth_completed: u8,
    reference_depth: u8,
    reference_best_cp: Option<f64>,
    chosen_cp: Option<f64>,
    loss_cp: f64,
    loss_cp_capped: f64,
    loss_win_probability: f64,
    chosen_king_rolls: u32,
    best_king_rolls: u32,
}

fn read_rows(path: &Path) -> Result<Vec<Row>, csv::Error> {
    csv::Reader::from_path(path)?.deserialize().collect()
}

/// Positions with dice (sparse family roots) and without (openings, rolled by the run).
const SUITE: &str = "# sparse roots, then openings without dice\n\
k7/8/8/8/6p1/8/4P3/7K w - - 0 1 PPN\n\
7k/2P5/8/8/p7/8/8/K7 b - - 0 1 pbr\n\
\n\
rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 3\n\
rnq1kb1r/pbpppppp/1p3n2/8/8/5N2/PPPPPPPP/RNBQKBR1 b Qkq - 4 3\n\
4k3/8/8/8/4r3/8/3P4/4K3 w - - 0 1 PKR\n";

fn folders(out: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(out)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

fn field<'a>(line: &'a str, key: &str) -> &'a str {
    line.split(' ')
        .find_map(|f| f.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .unwrap_or_else(|| panic!("{key} missing in {line}"))
}

#[test]
fn a_bot_at_the_reference_depth_without_a_deadline_agrees_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.txt");
    std::fs::write(&suite, SUITE).unwrap();
    let out = dir.path().join("out");
    for (depth, bots) in [
        ("1", vec!["depth=1,tc=nodes:1000000000"]),
        (
            "2",
            vec![
                "depth=2,tc=nodes:1000000000",
                "depth=2,pruning=none,tt=off,cache=none,tc=nodes:1000000000",
                "depth=2,pruning=star1,eval=aggressive,tc=calls:1000000000",
            ],
        ),
    ] {
        let mut args = vec![
            "deadline",
            "--suite",
            suite.to_str().unwrap(),
            "--reference-depth",
            depth,
            "--out",
            out.to_str().unwrap(),
        ];
        for b in &bots {
            args.extend(["--bot", b]);
        }
        let o = run(&args);
        assert_exit(&o, 0);
        let stdout = String::from_utf8(o.stdout).unwrap();
        // One line per bot, then one paired line per bot after the first.
        assert_eq!(stdout.lines().count(), 2 * bots.len() - 1, "{stdout}");
        for line in stdout.lines().filter(|l| !l.starts_with("paired ")) {
            assert_eq!(field(line, "positions"), "5", "{line}");
            assert_eq!(field(line, "agree"), "1.0000", "{line}");
            assert_eq!(field(line, "mean_loss_cp"), "0.000", "{line}");
            assert_eq!(field(line, "mean_depth"), format!("{depth}.000"), "{line}");
            assert_eq!(field(line, "mean_loss_cp_capped"), "0.000", "{line}");
            assert_eq!(field(line, "mean_loss_wp"), "0.00000", "{line}");
        }
    }
    let runs = folders(&out);
    assert_eq!(runs.len(), 2, "{runs:?}");
    for folder in &runs {
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("deadline-") && !name.ends_with(".partial"),
            "{name}"
        );
        let rows = read_rows(&folder.join("deadline.csv")).unwrap();
        assert!(rows.len() == 5 || rows.len() == 15, "{}", rows.len());
        for r in &rows {
            assert_eq!(r.loss_cp, 0.0, "{r:?}");
            assert_eq!(
                (r.loss_cp_capped, r.loss_win_probability),
                (0.0, 0.0),
                "{r:?}"
            );
            assert_eq!(r.reference_best_cp, r.chosen_cp, "{r:?}");
            assert_eq!(r.depth_completed, r.reference_depth, "{r:?}");
            assert!(engine::GameState::from_dfen(&r.dfen).is_ok_and(|s| !s.dice().is_empty()));
        }
        let summary: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(folder.join("summary.json")).unwrap())
                .unwrap();
        assert_eq!(summary["rolled_positions"], 2);
        assert_eq!(summary["win_scale_cp"], 3882.0);
        assert_eq!(summary["win_scale_source"], "default");
        assert!(summary["bots"][0]["mean_loss_win_probability"]["point"] == 0.0);
        assert!(
            std::fs::read_to_string(folder.join("report.md"))
                .unwrap()
                .contains("| agree |")
        );
    }
}

/// Runs `args` and expects exit 2 with every one of `needles` on stderr, nothing on stdout and no run folder.
fn refused(args: &[&str], out: &Path, needles: &[&str]) {
    let o = run(args);
    let err = assert_exit(&o, 2);
    for n in needles {
        assert!(err.contains(n), "{n} not in: {err}");
    }
    assert!(o.stdout.is_empty());
    assert!(
        folders(out).iter().all(|f| !f
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("deadline-")),
        "a run folder was made"
    );
}

#[test]
fn bad_suites_specs_and_outs_exit_2_naming_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let out_s = out.to_str().unwrap();
    let suite = dir.path().join("bad.txt");
    std::fs::write(
        &suite,
        "# header\nk7/8/8/8/6p1/8/4P3/7K w - - 0 1 PPN\n8/8 w\n",
    )
    .unwrap();
    let suite_s = suite.to_str().unwrap();
    refused(
        &[
            "deadline", "--suite", suite_s, "--bot", "depth=1", "--out", out_s,
        ],
        &out,
        &["bad.txt", "line 3"],
    );
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# nothing\n\n").unwrap();
    refused(
        &[
            "deadline",
            "--suite",
            empty.to_str().unwrap(),
            "--bot",
            "depth=1",
            "--out",
            out_s,
        ],
        &out,
        &["no positions"],
    );
    let missing = dir.path().join("missing.txt");
    refused(
        &[
            "deadline",
            "--suite",
            missing.to_str().unwrap(),
            "--bot",
            "depth=1",
            "--out",
            out_s,
        ],
        &out,
        &["missing.txt", "cannot read"],
    );
    for (spec, key) in [
        ("depth=4", "key 'depth'"),
        ("tc=moves:3", "key 'tc'"),
        ("colour=white", "'colour'"),
    ] {
        refused(
            &[
                "deadline", "--suite", "sparse", "--bot", spec, "--out", out_s,
            ],
            &out,
            &[key],
        );
    }
    refused(
        &[
            "deadline", "--suite", "sparse", "--bot", "depth=1", "--bot", "depth=1", "--out", out_s,
        ],
        &out,
        &["given twice"],
    );
    std::fs::write(dir.path().join("file"), b"x").unwrap();
    let below = dir.path().join("file/below");
    refused(
        &[
            "deadline",
            "--suite",
            "sparse",
            "--bot",
            "depth=1",
            "--out",
            below.to_str().unwrap(),
        ],
        &out,
        &["--out"],
    );
}

/// A bot whose budget cuts its depth-2 search loses against the reference; the capped and win-probability losses
/// stay readable beside a king exposed; `--win-scale` is recorded; `harness report <folder>` renders the section
/// into `deadline/<folder>/`, a main-job render lists it and keeps that subfolder.
#[test]
fn losses_are_capped_weighed_in_win_probability_and_reported() {
    let base = support::copy_report_fixture("deadline-report");
    let results = base.path().join("results");
    let suite = base.path().join("suite.txt");
    // White to move with a black rook next to the king: a depth-1 choice may leave the king capturable.
    std::fs::write(
        &suite,
        "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 KPP\n4k3/8/8/8/4r3/8/3P4/4K3 w - - 0 1 PKR\n",
    )
    .unwrap();
    let o = run(&[
        "deadline",
        "--suite",
        suite.to_str().unwrap(),
        "--bot",
        "depth=1,tc=nodes:1000000000",
        "--reference-depth",
        "2",
        "--win-scale",
        "400",
        "--out",
        results.to_str().unwrap(),
    ]);
    assert_exit(&o, 0);
    let runs = folders(&results);
    assert_eq!(runs.len(), 1, "{runs:?}");
    let folder = &runs[0];
    let rows = read_rows(&folder.join("deadline.csv")).unwrap();
    for r in &rows {
        assert!((0.0..=20_002.0).contains(&r.loss_cp_capped));
        assert!((0.0..=1.0).contains(&r.loss_win_probability));
        assert_eq!(r.loss_cp == 0.0, r.loss_win_probability == 0.0, "{r:?}");
    }
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("summary.json")).unwrap())
            .unwrap();
    assert_eq!(summary["win_scale_cp"], 400.0);
    assert_eq!(summary["win_scale_source"], "fixed");
    let exposed = rows.iter().filter(|r| r.chosen_king_rolls > 0).count();
    assert_eq!(summary["bots"][0]["king_exposed"], exposed);
    let blunders = rows
        .iter()
        .filter(|r| r.chosen_king_rolls > r.best_king_rolls)
        .count();
    assert_eq!(summary["bots"][0]["king_blunders"], blunders);
    let reports = base.path().join("reports");
    let name = folder.file_name().unwrap().to_string_lossy().into_owned();
    let report = |dir: &Path| {
        let o = run(&[
            "report",
            dir.to_str().unwrap(),
            "--out",
            reports.to_str().unwrap(),
        ]);
        assert_exit(&o, 0);
    };
    report(folder);
    let own = reports.join("deadline").join(&name).join("index.md");
    let md = std::fs::read_to_string(&own).unwrap();
    assert!(
        md.contains("| king exposed / blunders |") && md.contains("scale of 400 cp (fixed)"),
        "{md}"
    );
    // The main-job fixture beside the deadline folder: its report lists it and keeps its own report.
    let run_dir = results.join("2026-01-01T00-00-00Z");
    std::fs::create_dir_all(&run_dir).unwrap();
    for e in std::fs::read_dir(support::report_fixture()).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, run_dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    report(&run_dir);
    let main = std::fs::read_to_string(reports.join("index.md")).unwrap();
    assert!(
        main.contains("## Deadline qualification")
            && main.contains(&format!("### Deadline run `{name}`")),
        "{main}"
    );
    assert!(own.is_file());
}

#[test]
fn a_bad_win_scale_exits_2_naming_the_option() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for (args, needle) in [
        (vec!["--win-scale", "0"], "--win-scale"),
        (
            vec!["--win-scale-from", dir.path().to_str().unwrap()],
            "--win-scale-from",
        ),
    ] {
        let mut all = vec![
            "deadline",
            "--suite",
            "sparse",
            "--bot",
            "depth=1",
            "--out",
            out.to_str().unwrap(),
        ];
        all.extend(args);
        refused(&all, &out, &[needle]);
    }
}

/// What the independent rules model says of one turn at reference depth 2: the expected win probability over the
/// opponent's 216 ordered rolls (a roll on which some reply captures the mover's king 0, else the logistic of the
/// least material balance the opponent can reach, from the mover's side) and on how many rolls the king falls.
fn model_turn(after: &Position, captured: bool, mover: u8, scale: f64) -> (f64, u32) {
    if captured {
        return (1.0, 0);
    }
    let material = |p: &Position| -> f64 {
        p.board
            .iter()
            .flatten()
            .map(|q| {
                let v = [0.0, 100.0, 300.0, 300.0, 500.0, 900.0, 10_000.0][q.kind as usize];
                if q.colour == mover { v } else { -v }
            })
            .sum()
    };
    let p = |v: f64| 1.0 / (1.0 + (-v / scale).exp());
    let mut outer = after.clone();
    outer.end_turn();
    let (mut sum, mut king_rolls) = (0.0, 0);
    for roll in 0..216u32 {
        let mut rolled = outer.clone();
        let mut dice = vec![
            (roll % 6) as u8 + 1,
            (roll / 6 % 6) as u8 + 1,
            (roll / 36) as u8 + 1,
        ];
        dice.sort_unstable();
        rolled.dice = dice;
        let replies = rolled.legal_turns();
        if replies.iter().any(|(_, _, king)| *king) {
            king_rolls += 1;
            continue;
        }
        sum += p(replies
            .iter()
            .map(|(_, s, _)| material(s))
            .reduce(f64::min)
            .unwrap_or_else(|| material(&rolled)));
    }
    (sum / 216.0, king_rolls)
}

/// A fixed-seed run gives, for every position, the loss in win
/// probability and the king-exposure counts the independent rules model computes with the roll-by-roll
/// definition (positions with and without dice, bots that agree, lose material and expose the king).
#[test]
fn every_rows_loss_and_king_rolls_are_the_rules_models() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.txt");
    std::fs::write(
        &suite,
        "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 KPP\n\
         4k3/8/8/8/4r3/8/3P4/4K3 w - - 0 1 PKR\n\
         k7/8/8/8/6p1/8/4P3/7K w - - 0 1 PPN\n\
         7k/8/8/8/8/8/r7/1r2K3 w - - 0 1\n\
         4k3/8/8/3q4/8/2N5/8/R3K3 b - - 0 1\n\
         4k3/2p5/8/8/1b6/8/3P4/2R1K3 w - - 0 1\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let scale = 400.0;
    let o = run(&[
        "deadline",
        "--suite",
        suite.to_str().unwrap(),
        "--seed",
        "5",
        "--reference-depth",
        "2",
        "--win-scale",
        "400",
        "--bot",
        "depth=1",
        "--bot",
        "depth=2,tc=nodes:1000000000",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_exit(&o, 0);
    let rows = read_rows(&folders(&out)[0].join("deadline.csv")).unwrap();
    assert_eq!(rows.len(), 12);
    let (mut lossy, mut exposed, mut unavoidable) = (0, 0, 0);
    for r in &rows {
        let root = Position::from_dfen(&r.dfen).unwrap();
        let mut turns = root.legal_turns();
        if turns.is_empty() {
            turns.push((Vec::new(), root.clone(), false));
        }
        let valued: Vec<(Vec<String>, f64, u32)> = turns
            .iter()
            .map(|(path, after, king)| {
                let (v, w) = model_turn(after, *king, root.side, scale);
                (path.clone(), v, w)
            })
            .collect();
        let best = valued.iter().map(|t| t.1).fold(f64::NEG_INFINITY, f64::max);
        let best_rolls = valued
            .iter()
            .filter(|t| t.1 >= best - 1e-12)
            .map(|t| t.2)
            .min()
            .unwrap();
        let moves: Vec<String> = r.moves.split_whitespace().map(str::to_owned).collect();
        let chosen = valued
            .iter()
            .find(|t| t.0 == moves)
            .unwrap_or_else(|| panic!("{r:?}: not a legal turn of the model"));
        assert!(
            (r.loss_win_probability - (best - chosen.1)).abs() < 1e-12,
            "{r:?}: the model's loss is {}",
            best - chosen.1
        );
        assert_eq!(
            (r.chosen_king_rolls, r.best_king_rolls),
            (chosen.2, best_rolls),
            "{r:?}"
        );
        lossy += usize::from(r.loss_win_probability > 0.0);
        exposed += usize::from(r.chosen_king_rolls > 0);
        unavoidable += usize::from(r.best_king_rolls > 0);
    }
    assert!(
        lossy > 0 && exposed > 0 && unavoidable > 0,
        "{lossy} {exposed} {unavoidable}"
    );
}
