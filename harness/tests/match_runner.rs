//! `harness match`: byte-identical records under node and call budgets whatever the concurrency, duplicate dice,
//! every turn legal by the independent oracle, shards that merge into the unsharded result, resume after an
//! interrupt, and exit status 2 naming the problem (while losing nothing) for bad specs, folders and shards.

mod support;

use engine::GameState;
use engine::game::pair_seed;
use serde_json::Value;
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

/// Plays A against B into a new folder under `out` with `extra` options; returns the final line and the folder.
fn play(out: &Path, extra: &[&str]) -> (String, PathBuf) {
    let o = openings();
    let out_s = out.to_str().unwrap();
    let mut args = vec!["--a", A, "--b", B, "--openings", &o, "--out", out_s];
    args.extend_from_slice(extra);
    let before: Vec<PathBuf> = folders(out);
    let r = harness(&args);
    assert!(r.status.success(), "{}", stderr(&r));
    let after = folders(out);
    let new: Vec<&PathBuf> = after.iter().filter(|f| !before.contains(f)).collect();
    assert_eq!(new.len(), 1, "{new:?}");
    (final_line(&r), new[0].clone())
}

fn final_line(r: &Output) -> String {
    let text = String::from_utf8(r.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    text.trim_end().to_owned()
}

fn folders(out: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(out)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn games(folder: &Path) -> Vec<u8> {
    std::fs::read(folder.join("games.jsonl")).unwrap()
}

fn lines(folder: &Path) -> Vec<Value> {
    String::from_utf8(games(folder))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The counts and statistics of a final line (everything: the line has nothing run-specific).
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    line.split(' ')
        .find_map(|f| f.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .unwrap_or_else(|| panic!("{key} missing in {line}"))
}

#[test]
fn node_and_call_budgets_give_byte_identical_records_at_any_concurrency() {
    let out = tempfile::tempdir().unwrap();
    let (l1, f1) = play(out.path(), &["--games", "6", "--concurrency", "1"]);
    let (l2, f2) = play(out.path(), &["--games", "6", "--concurrency", "2"]);
    let (l3, f3) = play(out.path(), &["--games", "6", "--concurrency", "2"]);
    assert_eq!(games(&f1), games(&f2));
    assert_eq!(games(&f2), games(&f3));
    assert_eq!((&l1, &l2), (&l2, &l3));
    assert_eq!(field(&l1, "pairs"), "3");
    assert_eq!(field(&l1, "games"), "6");
    // No wall time in a deterministic record.
    assert!(!String::from_utf8(games(&f1)).unwrap().contains("\"ms\""));
    let w: u64 = field(&l1, "w").parse().unwrap();
    let d: u64 = field(&l1, "d").parse().unwrap();
    let l: u64 = field(&l1, "l").parse().unwrap();
    assert_eq!(w + d + l, 6);
    let penta: Vec<u64> = field(&l1, "penta")
        .split(',')
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(penta.iter().sum::<u64>(), 3);
    for f in [&f1, &f2, &f3] {
        assert!(!f.to_string_lossy().ends_with(".partial"));
        assert_eq!(
            std::fs::read_to_string(f.join("summary.txt"))
                .unwrap()
                .trim_end(),
            l1
        );
    }
}

#[test]
fn both_games_of_a_pair_read_the_same_rolls_and_colours_swap() {
    let out = tempfile::tempdir().unwrap();
    let (_, f) = play(out.path(), &["--games", "6", "--seed", "5"]);
    let lines = lines(&f);
    assert_eq!(lines.len(), 6);
    for pair in lines.chunks(2) {
        let (g0, g1) = (&pair[0], &pair[1]);
        assert_eq!(g0["pair"], g1["pair"]);
        assert_eq!(
            (g0["game"].as_u64(), g1["game"].as_u64()),
            (Some(0), Some(1))
        );
        assert_eq!(g0["opening"], g1["opening"]);
        assert_eq!(g0["white"], g1["black"]);
        assert_eq!(g0["black"], g1["white"]);
        let p = g0["pair"].as_u64().unwrap();
        assert_eq!(g0["seed"].as_u64(), Some(pair_seed(5, p)));
        assert_eq!(g0["seed"], g1["seed"]);
        let (t0, t1) = (
            g0["turns"].as_array().unwrap(),
            g1["turns"].as_array().unwrap(),
        );
        for (k, (x, y)) in t0.iter().zip(t1).enumerate() {
            assert_eq!(x["roll"], y["roll"], "pair {p} turn {k}");
        }
    }
    assert!(
        lines[0]["white"]
            .as_str()
            .unwrap()
            .starts_with("depth=2,pruning=star2,tt=10,")
    );
}

/// Replays every recorded game with the independent rules model of `support/rules_model.rs` (written from
/// docs/rules.md, calling nothing of the engine), and beside it with the engine's turn generator (the harness's
/// exhaustive oracle is held to the same model by its unit tests): each roll is three dice in the mover's case, each
/// path is one of the model's legal turns, a pass only when the model has none, the model's and the engine's legal
/// turns are the same list of paths, the position after each turn is the same in both, and each game ends with the
/// result and reason the rules give.
fn replay_with_the_rules_model(folder: &Path) -> [usize; 6] {
    use support::rules_model::{Position, roll_letters};
    // Passes, castles, promotions, en-passant captures, king captures and clock draws seen.
    let mut seen = [0usize; 6];
    for (g, game) in lines(folder).iter().enumerate() {
        let opening = game["opening"].as_str().unwrap();
        let mut model = Position::from_dfen(opening).unwrap();
        let mut state = GameState::from_dfen(opening).unwrap();
        let turns = game["turns"].as_array().unwrap();
        let mut winner = None;
        for (k, t) in turns.iter().enumerate() {
            let at = format!("game {g} turn {k}");
            assert!(winner.is_none(), "{at}: a turn after a king capture");
            assert!(model.clock < 100, "{at}: a turn started at the draw clock");
            let roll = t["roll"].as_str().unwrap();
            let mut rolled = model.clone();
            rolled.dice = Position::from_dfen(&format!("8/8/8/8/8/8/8/8 w - - 0 1 {roll}"))
                .unwrap()
                .dice;
            assert_eq!(rolled.dice.len(), 3, "{at}: roll {roll}");
            assert_eq!(
                roll_letters(&rolled.dice, model.side),
                roll,
                "{at}: roll letters"
            );
            let moves: Vec<String> = t["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned())
                .collect();
            let legal = rolled.legal_turns();
            let engine_rolled =
                GameState::from_dfen(&format!("{} {roll}", state.to_dfen())).unwrap();
            let mut generated: Vec<(Vec<String>, GameState)> = Vec::new();
            let _ = engine::stream_legal_turns(&engine_rolled, |path, after| {
                generated.push((path.iter().map(|m| m.to_string()).collect(), *after));
                std::ops::ControlFlow::Continue(())
            });
            let mut ours: Vec<&Vec<String>> = legal.iter().map(|(p, _, _)| p).collect();
            let mut theirs: Vec<&Vec<String>> = generated.iter().map(|(p, _)| p).collect();
            ours.sort();
            theirs.sort();
            assert!(
                ours == theirs,
                "{at}: the model's {} legal turns differ from the engine's {} in {} {roll}",
                ours.len(),
                theirs.len(),
                state.to_dfen()
            );
            if legal.is_empty() {
                assert!(
                    moves.is_empty(),
                    "{at}: {moves:?} played without a legal turn"
                );
                seen[0] += 1;
                model = rolled;
                state = engine_rolled;
            } else {
                let (_, after, captured) = legal
                    .iter()
                    .find(|(p, _, _)| *p == moves)
                    .unwrap_or_else(|| panic!("{at}: {moves:?} is not a legal turn for {roll}"));
                let (_, turn_after) = generated.iter().find(|(p, _)| *p == moves).unwrap();
                let castles = moves.iter().filter(|m| {
                    ["e1g1", "e1c1", "e8g8", "e8c8"].contains(&m.as_str())
                        && rolled.board[if m.ends_with('1') { 4 } else { 60 }]
                            .is_some_and(|p| p.kind == support::rules_model::KING)
                });
                seen[1] += castles.count();
                seen[2] += moves.iter().filter(|m| m.len() == 5).count();
                seen[3] += usize::from(after.en_passant.len() < rolled.en_passant.len());
                if *captured {
                    winner = Some(model.side);
                    seen[4] += 1;
                }
                model = after.clone();
                state = *turn_after;
            }
            model.end_turn();
            state.end_turn();
            assert_eq!(
                Position::from_dfen(&state.to_dfen()).unwrap(),
                model,
                "{at}: the engine's position after the turn is not the model's"
            );
        }
        let (result, reason) = (
            game["result"].as_str().unwrap(),
            game["reason"].as_str().unwrap(),
        );
        match winner {
            Some(w) => {
                assert_eq!(reason, "king_capture", "game {g}");
                assert_eq!(result, if w == 0 { "1-0" } else { "0-1" }, "game {g}");
            }
            None if model.clock >= 100 => {
                seen[5] += 1;
                assert_eq!((result, reason), ("1/2-1/2", "half_move_clock"), "game {g}");
            }
            None => {
                assert_eq!(turns.len(), 1000, "game {g} stopped without a reason");
                assert_eq!((result, reason), ("1/2-1/2", "turn_cap"), "game {g}");
            }
        }
    }
    seen
}

#[test]
fn every_recorded_turn_is_legal_by_the_independent_rules_model() {
    let out = tempfile::tempdir().unwrap();
    let (_, f) = play(out.path(), &["--games", "8", "--seed", "3"]);
    let seen = replay_with_the_rules_model(&f);
    // Cheap bots over many openings reach more of the rules: passes, castles, promotions, en passant.
    let o = openings();
    let wide = out.path().join("wide");
    let r = harness(&[
        "--a",
        "depth=1,tt=off,eval=aggressive,tc=calls:100",
        "--b",
        "depth=1,tt=off,eval=material,tc=calls:100",
        "--games",
        "128",
        "--seed",
        "11",
        "--openings",
        &o,
        "--out",
        wide.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", stderr(&r));
    let wide_seen = replay_with_the_rules_model(&folders(&wide)[0]);
    let total: Vec<usize> = seen.iter().zip(wide_seen).map(|(a, b)| a + b).collect();
    eprintln!(
        "passes, castles, promotions, en-passant removals, king captures, clock draws: {total:?}"
    );
    assert!(total[4] > 0, "no king capture replayed: {total:?}");
}

#[test]
fn two_shards_merged_give_the_unsharded_counts_and_statistics() {
    let out = tempfile::tempdir().unwrap();
    let (whole, fw) = play(out.path(), &["--games", "8"]);
    let (_, s1) = play(out.path(), &["--games", "8", "--shard", "1/2"]);
    let (_, s2) = play(out.path(), &["--games", "8", "--shard", "2/2"]);
    let merged = harness(&["merge", s1.to_str().unwrap(), s2.to_str().unwrap()]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(final_line(&merged), whole);
    // A shard's pairs are the unsharded run's, byte for byte.
    let all: Vec<String> = String::from_utf8(games(&fw))
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let shard1: Vec<String> = String::from_utf8(games(&s1))
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        shard1,
        [&all[0], &all[1], &all[4], &all[5]].map(|s| s.clone())
    );
    // Shards of another match (another seed) do not merge.
    let (_, other) = play(
        out.path(),
        &["--games", "8", "--shard", "2/2", "--seed", "9"],
    );
    let mixed = harness(&["merge", s1.to_str().unwrap(), other.to_str().unwrap()]);
    assert_eq!(mixed.status.code(), Some(2));
    assert!(stderr(&mixed).contains("seed"), "{}", stderr(&mixed));
}

#[test]
fn resume_after_an_interrupt_gives_the_uninterrupted_file_and_counts() {
    let out = tempfile::tempdir().unwrap();
    let (whole, fw) = play(out.path(), &["--games", "8"]);
    let full = games(&fw);
    let o = openings();
    let resume = |dir: &Path| {
        let r = harness(&[
            "--a",
            A,
            "--b",
            B,
            "--openings",
            &o,
            "--games",
            "8",
            "--resume",
            dir.to_str().unwrap(),
        ]);
        assert!(r.status.success(), "{}", stderr(&r));
        (final_line(&r), stderr(&r))
    };
    // Interrupted in the middle of the last pair's second line (the folder is still `.partial`).
    let (_, f) = play(out.path(), &["--games", "6"]);
    let bytes = games(&f);
    let cut = bytes.len() - 40;
    std::fs::write(f.join("games.jsonl"), &bytes[..cut]).unwrap();
    let partial = f.with_file_name(format!(
        "{}.partial",
        f.file_name().unwrap().to_string_lossy()
    ));
    std::fs::rename(&f, &partial).unwrap();
    let (line, err) = resume(&partial);
    assert!(err.contains("torn last line"), "{err}");
    assert_eq!(line, whole);
    assert_eq!(games(&f), full);
    assert!(!partial.exists());
    // A whole pair lost, and a lone first game left.
    let (_, g) = play(out.path(), &["--games", "6"]);
    let text = String::from_utf8(games(&g)).unwrap();
    let kept: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(g.join("games.jsonl"), kept.join("\n") + "\n").unwrap();
    let (line, err) = resume(&g);
    assert!(err.contains("game 0 without game 1"), "{err}");
    assert_eq!(line, whole);
    assert_eq!(games(&g), full);
}

#[test]
fn bad_specs_and_options_exit_2_naming_the_problem_and_create_nothing() {
    let out = tempfile::tempdir().unwrap();
    let o = openings();
    let base = out.path().join("runs");
    let b = base.to_str().unwrap();
    for (a, needle) in [
        ("depth=4", "key 'depth'"),
        ("pruning=star9", "key 'pruning'"),
        ("tt=30", "key 'tt'"),
        ("scheme=fifo", "key 'scheme'"),
        ("cache=lru", "key 'cache'"),
        ("eval=nnue", "key 'eval'"),
        ("tc=nodes:0", "key 'tc'"),
        ("tc=moves:5", "key 'tc'"),
        ("speed=fast", "unknown key 'speed'"),
        ("depth=1,depth=2", "key 'depth' is given twice"),
    ] {
        let r = harness(&["--a", a, "--b", B, "--openings", &o, "--out", b]);
        assert_eq!(r.status.code(), Some(2), "{a}: {}", stderr(&r));
        assert!(
            stderr(&r).contains(needle) && stderr(&r).contains("--a"),
            "{a}: {}",
            stderr(&r)
        );
    }
    for (args, needle) in [
        (vec!["--games", "7"], "--games 7"),
        (vec!["--shard", "3/2"], "shard"),
        (vec!["--concurrency", "0"], "--concurrency"),
        (vec!["--elo0", "5", "--elo1", "0"], "SPRT bounds"),
        (vec!["--openings", "/nonexistent/o.json"], "o.json"),
    ] {
        let mut all = vec!["--a", A, "--b", B, "--out", b];
        if !args.contains(&"--openings") {
            all.extend(["--openings", &o]);
        }
        all.extend(args.iter().copied());
        let r = harness(&all);
        assert_eq!(r.status.code(), Some(2), "{args:?}: {}", stderr(&r));
        assert!(stderr(&r).contains(needle), "{args:?}: {}", stderr(&r));
    }
    assert!(folders(&base).is_empty(), "{:?}", folders(&base));
}

#[test]
fn bad_resume_folders_exit_2_naming_the_problem_and_change_nothing() {
    let out = tempfile::tempdir().unwrap();
    let (_, f) = play(out.path(), &["--games", "4"]);
    let o = openings();
    let snapshot = |dir: &Path| (games(dir), std::fs::read(dir.join("match.json")).unwrap());
    let before = snapshot(&f);
    let resume = |a: &str, b: &str, extra: &[&str], dir: &Path| {
        let mut args = vec![
            "--a",
            a,
            "--b",
            b,
            "--openings",
            &o,
            "--resume",
            dir.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        harness(&args)
    };
    let cases: Vec<(Output, &str)> = vec![
        (resume(A, "depth=1", &["--games", "8"], &f), "b:"),
        (resume(A, B, &["--games", "8", "--seed", "2"], &f), "seed"),
        (
            resume(A, B, &["--games", "8", "--shard", "1/2"], &f),
            "shard",
        ),
        (
            resume(A, B, &["--games", "8", "--elo1", "10"], &f),
            "sprt bounds",
        ),
        (resume(A, B, &["--games", "2"], &f), "more than --games"),
        (
            resume(A, B, &[], &out.path().join("missing")),
            "no such folder",
        ),
    ];
    for (r, needle) in cases {
        assert_eq!(r.status.code(), Some(2), "{needle}: {}", stderr(&r));
        assert!(stderr(&r).contains(needle), "{needle}: {}", stderr(&r));
    }
    assert_eq!(snapshot(&f), before);
    // A folder that is not a match's, and a journal with a broken line in the middle.
    let empty = out.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let r = resume(A, B, &[], &empty);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        stderr(&r).contains("not a match run folder"),
        "{}",
        stderr(&r)
    );
    let text = String::from_utf8(games(&f)).unwrap();
    let mut broken: Vec<String> = text.lines().map(str::to_owned).collect();
    broken[1] = "{\"pair\": oops}".to_owned();
    let broken = broken.join("\n") + "\n";
    std::fs::write(f.join("games.jsonl"), &broken).unwrap();
    let r = resume(A, B, &["--games", "8"], &f);
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("games.jsonl line 2"), "{}", stderr(&r));
    assert_eq!(games(&f), broken.as_bytes());
    assert!(f.exists());
}

/// A lopsided match against wide bounds stops early, after the same pair whatever the concurrency, since the test
/// is applied after each pair in pair order.
#[test]
fn the_sprt_stops_after_the_same_pair_at_any_concurrency() {
    let out = tempfile::tempdir().unwrap();
    let o = openings();
    let run = |c: &str| {
        let r = harness(&[
            "--a",
            "depth=1",
            "--b",
            "depth=1,pruning=none,eval=constant",
            "--games",
            "60",
            "--elo0",
            "0",
            "--elo1",
            "300",
            "--alpha",
            "0.1",
            "--beta",
            "0.1",
            "--openings",
            &o,
            "--out",
            out.path().to_str().unwrap(),
            "--concurrency",
            c,
        ]);
        assert!(r.status.success(), "{}", stderr(&r));
        assert!(
            stderr(&r).contains("the SPRT stopped the match"),
            "{}",
            stderr(&r)
        );
        final_line(&r)
    };
    let (one, three) = (run("1"), run("2"));
    assert_eq!(one, three);
    assert_ne!(field(&one, "verdict"), "continue");
    assert!(field(&one, "pairs").parse::<u64>().unwrap() < 30);
    let runs = folders(out.path());
    assert_eq!(runs.len(), 2);
    assert_eq!(games(&runs[0]), games(&runs[1]));
    // After the stop the corrected estimates stand beside the naive ones, in the line and in summary.json.
    let summary: Value =
        serde_json::from_slice(&std::fs::read(runs[0].join("summary.json")).unwrap()).unwrap();
    let c = &summary["stop_corrected"];
    for (key, line_key) in [
        ("nelo", "nelo_corrected"),
        ("logistic_elo", "logistic_elo_corrected"),
    ] {
        let i = &c[key];
        assert_eq!(i["method"], "bias_adjusted", "{summary}");
        assert_eq!(i["n"], summary["games"]);
        let f = |k: &str| i[k].as_f64().unwrap();
        assert!(f("low") <= f("point") && f("point") <= f("high"), "{i}");
        assert_eq!(field(&one, line_key).parse::<f64>().unwrap(), f("point"));
    }
    assert_eq!(
        field(&one, "logistic_elo_naive").parse::<f64>().unwrap(),
        summary["logistic_elo"]["point"].as_f64().unwrap()
    );
}

/// A shard plays all its pairs even past a bound: it was not cut short, so no estimate is corrected for a stop.
#[test]
fn a_shard_past_a_bound_has_no_stop_correction() {
    let out = tempfile::tempdir().unwrap();
    let o = openings();
    let r = harness(&[
        "--a",
        "depth=1",
        "--b",
        "depth=1,pruning=none,eval=constant",
        "--games",
        "80",
        "--shard",
        "1/2",
        "--elo0",
        "0",
        "--elo1",
        "100",
        "--alpha",
        "0.1",
        "--beta",
        "0.1",
        "--openings",
        &o,
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", stderr(&r));
    let line = final_line(&r);
    assert_ne!(field(&line, "verdict"), "continue", "{line}");
    assert!(!line.contains("corrected"), "{line}");
    let summary = std::fs::read_to_string(folders(out.path())[0].join("summary.json")).unwrap();
    assert!(!summary.contains("stop_corrected"), "{summary}");
}

/// Under an `ms:` control the mover's turns carry their wall time, the other bot's do not.
#[test]
fn a_deadline_bot_records_wall_time_and_only_its_own() {
    let out = tempfile::tempdir().unwrap();
    let o = openings();
    let r = harness(&[
        "--a",
        "depth=id,tc=ms:5+1",
        "--b",
        "depth=1",
        "--games",
        "2",
        "--openings",
        &o,
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", stderr(&r));
    let runs = folders(out.path());
    for game in lines(&runs[0]) {
        let a_is_white = game["game"].as_u64() == Some(0);
        let opening = GameState::from_dfen(game["opening"].as_str().unwrap()).unwrap();
        for (k, t) in game["turns"].as_array().unwrap().iter().enumerate() {
            let white_moves = (opening.side_to_move() == engine::Color::White) == (k % 2 == 0);
            let a_moves = white_moves == a_is_white;
            assert_eq!(t.get("ms").is_some(), a_moves, "turn {k}: {t}");
        }
    }
}
