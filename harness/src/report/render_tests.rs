//! The report renders from a small fixture results folder; missing or malformed inputs give errors naming them.

use super::{RunResults, render};
use crate::present::assert_contains;
use crate::test_support::{
    self as support, copy_report_fixture, report_fixture as fixture, temp_dir,
};
use std::path::Path;

/// A minimal well-formedness check: every opened element is closed in order (no XML crate needed).
fn assert_balanced_xml(text: &str, path: &Path) {
    assert!(text.trim_start().starts_with("<svg") || text.trim_start().starts_with("<?xml"));
    let mut stack: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("unterminated tag") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') || tag.starts_with('!') || tag.ends_with('/') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack
                .pop()
                .unwrap_or_else(|| panic!("{}: stray </{name}>", path.display()));
            assert_eq!(open, name.trim(), "{}: mismatched tags", path.display());
        } else {
            let name = tag.split_whitespace().next().unwrap_or("").to_owned();
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "{}: unclosed {stack:?}", path.display());
}

/// The `index.md` the run folder `dir` renders to.
fn index_md(dir: &Path) -> String {
    let out = temp_dir("index");
    render(&RunResults::load(dir).unwrap(), out.path()).unwrap();
    std::fs::read_to_string(out.path().join("index.md")).unwrap()
}

#[test]
fn fixture_renders_every_section_and_chart() {
    let out_dir = temp_dir("ok");
    let out = out_dir.path().to_path_buf();
    let results = RunResults::load(&fixture()).unwrap();
    let done = render(&results, &out).unwrap();
    let md = std::fs::read_to_string(out.join("index.md")).unwrap();
    for section in [
        "## Counts",
        "## Timings",
        "## Instructions",
        "## Allocations",
    ] {
        assert_eq!(md.matches(section).count(), 1, "{section}");
    }
    // Sections appear in the main job's order (an experiment without results still has its heading) and each
    // says what it shows.
    let pos: Vec<usize> = [
        "## At a glance",
        "## Counts",
        "## Timings",
        "## Instructions",
        "## Search",
        "## Break-even map",
        "## Bounded evaluation cache",
        "## TT replacement under pressure",
        "## Allocations",
    ]
    .iter()
    .map(|s| md.find(s).unwrap())
    .collect();
    assert!(pos.windows(2).all(|w| w[0] < w[1]));
    // One line per section and per subsection (probe lengths, break-even, growth check).
    assert_eq!(md.matches("**What this shows:**").count(), 7);
    for key in ["git revision", "rustc", "seed", "date (UTC)", "machine"] {
        assert!(md.contains(&format!("| {key} |")), "{key}");
    }
    // Every chart named in index.md exists, as one well-formed SVG.
    let mut named = 0;
    for part in md.split("](charts/").skip(1) {
        let file = &part[..part.find(')').unwrap()];
        let path = out.join("charts").join(file);
        assert!(
            path.is_file(),
            "{} named in index.md is missing",
            path.display()
        );
        if file.ends_with(".svg") {
            assert_balanced_xml(&std::fs::read_to_string(&path).unwrap(), &path);
            assert!(
                !path.with_extension("png").exists(),
                "one image format only"
            );
            named += 1;
        }
    }
    assert!(named >= 7, "only {named} charts named");
    for title in [
        "Probe-length histogram of the optimized cache",
        "Hit rate of the optimized cache vs break-even hit rate",
    ] {
        assert!(md.contains(&format!("![{title}](charts/")), "{title}");
    }
    assert_eq!(done.charts.len(), named);
    // The fixture's numbers reach the tables: sparse optimized with material has 23,108 calls and 99,824 hits.
    assert!(md.contains("| sparse | optimized | 3 | 23,108 | 99,824 | 23,108 | 81.2% |"));
    assert!(md.contains("| sparse | optimized | 4.00 M |"));
    // Instructions per lookup divide by the measured operation's 1000 lookups, not the family's average.
    assert!(md.contains("| sparse | optimized | 4.00 M | 5.20 M | 4,000 |"));
    // probes.csv: 1000 lookups, 3 without a table, mean (900 + 2·80 + 3·15 + 5·2) / 997 slots, 900 / 997 at 1.
    assert!(md.contains("| sparse | 1,000 | 3 | 1.118 | 90.3% | 5 | 2 | 6 |"),);
    // Break-even from the instruction totals: e = 300 000 / 1000, p = (270 000 − 400·300) / 1000, p/e = 50%.
    assert!(md.contains("| sparse | 1,000 | 400 | 300.0 | 150.0 | 50.0% | 60.0% | 81.2% | yes |"));
    assert!(md.contains("| middlegame | 800 | 700 | 100.0 | 200.0 | never (p > e) | 12.5% |"));
    assert!(md.contains("In 1 of 2 scenarios a lookup costs more than the evaluator call it saves (p > e), so the cache never pays at any hit rate there."));
    // Growth check: 150 − 120 extra blocks over 3 successors, explained by the 30 growth blocks in counts.csv.
    assert!(md.contains("| sparse | 10.00 | 10.00 | 2.00 | yes |"));
    assert!(md.contains("| middlegame | -26.67 | 6.67 | 1.33 | no |"));
}

#[test]
fn run_without_probes_or_break_even_inputs_still_renders() {
    let fixture_copy = copy_report_fixture("old-run");
    let d = fixture_copy.path().to_path_buf();
    std::fs::remove_file(d.join("probes.csv")).unwrap();
    let path = d.join("counts.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.contains(",callgrind_op_") && !l.contains(",growth_"))
        .collect();
    std::fs::write(&path, kept.join("\n")).unwrap();
    assert!(RunResults::load(&d).unwrap().probes.is_none());
    let md = index_md(&d);
    assert!(md.contains("Not recorded in this run (no `probes.csv`"));
    assert!(
        md.contains("### Break-even hit rate of the optimized cache\n\nNot available in this run")
    );
    assert!(md.contains("### Growth check of the optimized cache\n\nNot available in this run"));
    assert!(md.contains("## Allocations") && md.contains("| sparse | optimized | 4.00 M |"));
}

#[test]
fn the_report_opens_with_the_answer() {
    let md = index_md(&fixture());
    let glance = md.find("## At a glance").expect("an At a glance section");
    assert!(glance < md.find("## Counts").unwrap());
    // The fixture's optimized cache is the fastest variant everywhere; its intervals include 1 except with the
    // constant evaluator on middlegame, where it costs.
    assert!(
        md.contains("| middlegame | constant | on | optimized | 0.901x [0.806, 0.975] | costs |")
    );
    assert!(
        md.contains(
            "| sparse | material | on | optimized | 0.838x [0.732, 1.06] | no verdict | 81.2% |"
        ),
        "{}",
        md[glance..].lines().take(12).collect::<Vec<_>>().join("\n")
    );
}

/// Rewrites `name` in the folder `d` through `f` (on its lines).
fn edit(d: &Path, name: &str, f: impl FnOnce(&mut Vec<String>)) {
    let path = d.join(name);
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    f(&mut lines);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

fn load_error(d: &Path) -> String {
    match RunResults::load(d) {
        Ok(_) => panic!("{} loaded although damaged", d.display()),
        Err(e) => format!("{e:#}"),
    }
}

/// Each damage to a copy of the fixture: its name, what is done to it, and what the load error must say.
#[test]
fn damaged_inputs_fail_naming_file_line_and_field() {
    type Damage = fn(&Path);
    // A counted setting (family x evaluator x traversal) of a timings.csv line.
    fn setting(line: &str) -> Vec<&str> {
        let f: Vec<&str> = line.split(',').take(4).collect();
        vec![f[0], f[2], f[3]]
    }
    let cases: [(&str, Damage, &[&str]); 12] = [
        (
            "missing",
            |d| std::fs::remove_file(d.join("timings.csv")).unwrap(),
            &["timings.csv", "missing"],
        ),
        (
            "bad-value",
            |d| {
                edit(d, "counts.csv", |l| {
                    l[4] = l[4].replacen(",0,", ",zero,", 1);
                    assert!(l[4].contains("zero"), "fixture line 5 changed: {}", l[4]);
                })
            },
            &["counts.csv", "line 5", "`value`"],
        ),
        (
            "bad-header",
            |d| {
                std::fs::write(d.join("allocations.csv"), "scenario,variant\nsparse,none\n")
                    .unwrap()
            },
            &["allocations.csv", "missing column `evaluator`"],
        ),
        (
            "bad-probes",
            |d| {
                edit(d, "probes.csv", |l| {
                    l[3] = l[3].replacen(",on,2,80,", ",on,2,many,", 1);
                    assert!(l[3].contains("many"), "fixture line 4 changed: {}", l[3]);
                })
            },
            &["probes.csv", "line 4", "`lookups`"],
        ),
        (
            "bad-probes-header",
            |d| {
                let text = "scenario,variant,probe_length\nsparse,optimized,1\n";
                std::fs::write(d.join("probes.csv"), text).unwrap()
            },
            &["probes.csv", "missing column `evaluator`"],
        ),
        // Cut at a line boundary: the last arm loses its closing timing rows.
        (
            "cut",
            |d| edit(d, "timings.csv", |l| l.truncate(l.len() - 8)),
            &["timings.csv: incomplete", "but no"],
        ),
        // Cut between settings: a counted setting was never timed. (One variant without timings is a run's race,
        // see `Race`, not a cut; a whole setting without any is.)
        (
            "cut-setting",
            |d| {
                edit(d, "timings.csv", |l| {
                    let last = setting(l.last().unwrap()).join(",");
                    l.retain(|x| setting(x).join(",") != last);
                })
            },
            &["was counted but its setting has no timing rows"],
        ),
        (
            "header-only",
            |d| edit(d, "counts.csv", |l| l.truncate(1)),
            &["counts.csv: header only"],
        ),
        // A negative count and a non-finite time.
        (
            "negative",
            |d| edit(d, "counts.csv", |l| l[4] = l[4].replacen(",0,", ",-1,", 1)),
            &["counts.csv: line 5: field `value`", "negative"],
        ),
        (
            "infinite",
            |d| {
                edit(d, "timings.csv", |l| {
                    let fields: Vec<&str> = l[1].split(',').collect();
                    l[1] = l[1].replacen(&format!(",{},", fields[5]), ",inf,", 1);
                })
            },
            &["timings.csv: line 2: field `value`", "finite"],
        ),
        // A directory where a CSV should be.
        (
            "directory",
            |d| {
                std::fs::remove_file(d.join("allocations.csv")).unwrap();
                std::fs::create_dir(d.join("allocations.csv")).unwrap();
            },
            &["allocations.csv", "is a directory"],
        ),
        // probes.csv cut: its histogram no longer adds up to the lookups counted.
        (
            "probes-cut",
            |d| {
                edit(d, "probes.csv", |l| {
                    l.pop();
                })
            },
            &["probes.csv: incomplete", "probe_lookups"],
        ),
    ];
    for (name, damage, parts) in cases {
        let copy = copy_report_fixture(name);
        damage(copy.path());
        assert_contains(&load_error(copy.path()), parts);
    }
    let copy = copy_report_fixture("cut-variant");
    edit(copy.path(), "timings.csv", |l| {
        let last = l
            .last()
            .unwrap()
            .split(',')
            .take(4)
            .collect::<Vec<_>>()
            .join(",");
        l.retain(|x| !x.starts_with(&last));
    });
    assert!(
        RunResults::load(copy.path()).is_ok(),
        "an untimed variant of a timed setting is a race, not a cut"
    );
}

/// Moves the run folder `dir` to today's layout: `rows` in `intervals.csv`, no interval columns in `timings.csv`.
fn to_intervals_csv(dir: &Path, rows: &[crate::record::schema::IntervalRow]) {
    let path = dir.join("intervals.csv");
    let prov = crate::record::Provenance::of(&crate::record::RunMetadata::collect(1));
    let text = crate::record::schema::write_intervals(rows, &prov, &path).unwrap();
    std::fs::write(&path, text).unwrap();
    edit(dir, "timings.csv", |l| {
        l.retain(|x| {
            !["_median,", "_ci95_", "_ci_coverage,"]
                .iter()
                .any(|m| x.contains(m))
        });
        assert!(l.len() > 20, "the rounds stay");
    });
}

/// A run folder written before `intervals.csv` (the fixture: intervals only as metric rows of `timings.csv`) and
/// the same run in today's layout (intervals only in `intervals.csv`) render the same report.
#[test]
fn old_and_new_layouts_render_the_same_intervals() {
    let (old, new) = (copy_report_fixture("old"), copy_report_fixture("new"));
    let intervals = RunResults::load(old.path()).unwrap().intervals.rows();
    to_intervals_csv(new.path(), &intervals);
    let rendered = |dir: &Path| {
        let out = temp_dir("layout");
        render(&RunResults::load(dir).unwrap(), out.path()).unwrap();
        // The page names the folder it was rendered from, which is all the two runs may differ in.
        let folder = dir.file_name().unwrap().to_str().unwrap();
        [
            "index.md",
            "charts/timings_ns_per_op.svg",
            "charts/timings_speedup_vs_none.svg",
        ]
        .map(|f| {
            std::fs::read_to_string(out.path().join(f))
                .unwrap()
                .replace(folder, "RUN")
        })
    };
    let before = rendered(old.path());
    assert!(
        before == rendered(new.path()),
        "the layouts render differently"
    );
    // The intervals reach the page: a time and both speedups, as the fixture's metric rows hold them.
    let row = "| middlegame | optimized | 6.50 ms [5.36, 7.01] | 0.960x [0.789, 1.06] | 1.85x [1.62, 2.24] |";
    assert!(before[0].contains(row), "{}", before[0]);
}

/// The timings table says how its times were estimated: the kernel's runs over sessions (Student-t), older runs
/// over rounds (order statistics).
#[test]
fn the_timings_note_names_the_estimate_of_the_run() {
    let dir = copy_report_fixture("method");
    let note = |dir: &Path| {
        let md = index_md(dir);
        let line = md.lines().find(|l| l.contains("each time is the"));
        line.expect("a timings note").to_owned()
    };
    assert_contains(
        &note(dir.path()),
        &["(rounds); each time is the median of the same rounds with its order-statistic interval"],
    );
    let mut rows = RunResults::load(dir.path()).unwrap().intervals.rows();
    for row in &mut rows {
        row.interval.method = crate::statistics::Method::StudentT;
    }
    to_intervals_csv(dir.path(), &rows);
    assert_contains(
        &note(dir.path()),
        &[
            "(sessions); each time is the geometric mean over the same sessions with its Student-t interval",
        ],
    );
}

#[test]
fn an_interrupted_render_leaves_the_old_report() {
    let out_parent = temp_dir("replace");
    let out = out_parent.path().join("reports");
    std::fs::create_dir_all(out.join("charts")).unwrap();
    std::fs::create_dir_all(out.join("eviction")).unwrap();
    std::fs::write(out.join("index.md"), "old report").unwrap();
    std::fs::write(out.join("charts/a.svg"), "old chart").unwrap();
    std::fs::write(out.join("eviction/index.md"), "eviction report").unwrap();
    let err = crate::report::replace_folder::<()>(&out, &["eviction"], |tmp| {
        std::fs::create_dir_all(tmp.join("charts"))?;
        std::fs::write(tmp.join("charts/a.svg"), "new chart")?;
        anyhow::bail!("injected failure after the first chart")
    })
    .unwrap_err();
    assert!(err.to_string().contains("injected"));
    let read = |f: &str| std::fs::read_to_string(out.join(f)).unwrap();
    assert_eq!(read("index.md"), "old report");
    assert_eq!(read("charts/a.svg"), "old chart");
    let leftovers: Vec<_> = std::fs::read_dir(out_parent.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers,
        vec![std::ffi::OsString::from("reports")],
        "no temporary folder left"
    );
    // A complete render replaces index.md and charts together and keeps the other renders' folders (a match
    // report); the eviction page is the main render's own, and a run without eviction results has none.
    std::fs::create_dir_all(out.join("matches/m")).unwrap();
    std::fs::write(out.join("matches/m/index.md"), "a match report").unwrap();
    crate::report::render_run(&fixture(), &out).unwrap();
    let md = read("index.md");
    assert!(md.starts_with("# Evaluation-cache benchmark report"));
    assert!(
        !out.join("charts/a.svg").exists(),
        "no chart of the old report survives"
    );
    assert!(
        !out.join("eviction").exists(),
        "an older run's eviction page survives"
    );
    assert_eq!(read("matches/m/index.md"), "a match report");
}

#[test]
fn a_render_owns_its_folder_and_leaves_no_file_it_did_not_write() {
    let parent = temp_dir("owned");
    let out = parent.path().join("reports");
    std::fs::create_dir_all(out.join("charts")).unwrap();
    std::fs::create_dir_all(out.join("eviction")).unwrap();
    // Strays of an older render: a chart no page links, its PNG twin, a page of its own.
    std::fs::write(out.join("charts/game_search_dice_sparse_old.svg"), "<svg/>").unwrap();
    std::fs::write(out.join("charts/timings_ns_per_op.png"), "png").unwrap();
    std::fs::write(out.join("notes.md"), "a work log").unwrap();
    std::fs::write(out.join("eviction/index.md"), "the eviction report").unwrap();
    crate::report::render_run(&fixture(), &out).unwrap();
    // The eviction page is rendered from the run folder like the rest: one of an older run is a stray too.
    for stray in [
        "charts/game_search_dice_sparse_old.svg",
        "charts/timings_ns_per_op.png",
        "notes.md",
        "eviction/index.md",
    ] {
        assert!(!out.join(stray).exists(), "{stray} survived the render");
    }
    support::assert_report_owns_its_folder(&out, &[]);
    let md = std::fs::read_to_string(out.join("index.md")).unwrap();
    assert!(
        !md.contains(".partial"),
        "the report names an incomplete run folder"
    );
}

#[test]
fn a_break_even_map_renders_its_tables_chart_and_glance_columns() {
    use crate::record::schema::{BreakEvenRecord, write_break_even};
    let d = support::copy_report_fixture("break-even");
    // G = 1,000,000, L = 1,000, M = 200, p = 160: e* = 160 / 0.8 = 200 instructions.
    let row = |evaluator: &str, e: f64, predicted: f64, lo: f64, hi: f64| BreakEvenRecord {
        misses: 200,
        operation_instructions: 1_000_000,
        probe_instructions_per_lookup: 160.0,
        break_even_instructions_per_call: Some(200.0),
        predicted_speedup: predicted,
        ..crate::experiments::break_even::findings::tests::row("optimized", evaluator, e, lo, hi)
    };
    let rows = [
        row("material", 124.0, 0.94, 0.9, 1.0),
        row("work:64", 3_362.0, 2.9, 3.1, 3.3),
    ];
    let path = d.path().join("break_even.csv");
    std::fs::write(&path, write_break_even(&rows, &path).unwrap()).unwrap();
    let out = temp_dir("break-even-out");
    render(&RunResults::load(d.path()).unwrap(), out.path()).unwrap();
    let md = std::fs::read_to_string(out.path().join("index.md")).unwrap();
    let section = &md[md.find("## Break-even map").expect("the section")..];
    assert!(
        section.contains("| sparse | on | optimized | 80.0% | 160 | 200 | 50.0 ns |"),
        "{section}"
    );
    assert!(
        section.contains("| work:64 | 3.36 k |")
            && section.contains("| faster than model | pays |")
    );
    assert!(section.contains("measured to pay at: work:64."));
    assert!(section.contains("![Speedup vs evaluator cost: sparse (traversal cache on)](charts/"));
    assert!(out.path().join("charts/break_even_sparse_on.svg").is_file());
    // At a glance takes the map's break-even for sparse (optimized, traversal on): 200 instructions.
    let glance = &md[..md.find("## Counts").unwrap()];
    assert!(glance.contains("| 124 | 200 |"), "{glance}");
}
