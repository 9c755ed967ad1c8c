//! Putting a report in place as a whole: it is rendered into a temporary folder next to the target, then swapped
//! in, so a reader (or an interrupted render) finds the old report or the new one, never a mix of their files. A
//! render owns its folder: what it did not write is gone afterwards, except the subfolders another render owns
//! (the match, deadline, TT-pressure and comparison pages inside the main report), which are carried over whole.

use super::{RunResults, render};
use crate::outln;
pub(crate) use crate::record::replace_folder;
use anyhow::Result;
use std::path::Path;

/// The main report's subfolder holding match reports (`harness report <match folder>` renders into
/// `matches/<folder>/`); a main-job render carries it over whole.
pub(crate) const MATCHES_SUBFOLDER: &str = "matches";

/// The main report's subfolder holding deadline reports (`harness report <deadline folder>` renders into
/// `deadline/<folder>/`); a main-job render carries it over whole.
pub(crate) const DEADLINE_SUBFOLDER: &str = "deadline";

/// The main report's subfolder holding the reports of `harness tt-pressure` run folders (`tt-pressure/<folder>/`);
/// a main-job render carries it over whole.
pub(crate) const TT_PRESSURE_SUBFOLDER: &str = "tt-pressure";

/// The main report's subfolder holding the pages of comparison folders (`compare/<folder>/`); a main-job render
/// carries it over whole.
pub(crate) const COMPARE_SUBFOLDER: &str = "compare";

/// Loads the run folder `dir`, renders its report (sub-pages included) and puts it in place at `out` as a whole
/// (keeping only the match, deadline, TT-pressure and comparison pages' subfolders, which other renders own); prints what was
/// written and which run folder it came from.
pub(crate) fn render_run(dir: &Path, out: &Path) -> Result<()> {
    render_loaded(&RunResults::load(dir)?, dir, out)
}

/// [`render_run`] of a run folder already loaded (`harness report` loads first, as a bad folder is bad input).
pub(crate) fn render_loaded(results: &RunResults, dir: &Path, out: &Path) -> Result<()> {
    let kept = [
        MATCHES_SUBFOLDER,
        DEADLINE_SUBFOLDER,
        TT_PRESSURE_SUBFOLDER,
        COMPARE_SUBFOLDER,
    ];
    let done = replace_folder(out, &kept, |tmp| render(results, tmp))?;
    outln!(
        "report: {} ({} chart files) from {}",
        out.join("index.md").display(),
        done.charts.len(),
        dir.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::catalogue_eviction::experiment::{Config, run};
    use crate::experiments::catalogue_eviction::{PolicyKind, stream::StreamConfig};
    use crate::progress::Progress;
    use crate::record::RunMetadata;
    use engine::GameState;
    use engine::search::{ReplacementScheme, SearchDepth};
    use std::path::PathBuf;

    /// Every file under `dir` (relative path and bytes), sorted.
    fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        fn walk(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(root, &p, out);
                } else {
                    let rel = p.strip_prefix(root).unwrap().to_path_buf();
                    out.push((rel, std::fs::read(&p).unwrap()));
                }
            }
        }
        let mut out = Vec::new();
        walk(dir, dir, &mut out);
        out.sort();
        out
    }

    #[test]
    fn harness_report_regenerates_the_eviction_and_tt_pressure_pages_the_run_made() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("run");
        std::fs::create_dir_all(&dir).unwrap();
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/report_run");
        for e in std::fs::read_dir(fixture).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
        // The two stages as the main job runs them, into the run folder; the eviction page also as
        // `harness eviction --report-dir` makes it, from the same files.
        let alone = tmp.path().join("eviction-alone");
        let eviction = Config {
            stream: StreamConfig {
                plan: "4x5:6,5x5:5".parse().unwrap(),
                ..StreamConfig::default()
            },
            seeds: vec![1, 2, 3],
            policies: vec![PolicyKind::Lru, PolicyKind::Lfu, PolicyKind::Belady],
            controls: Vec::new(),
            threads: 1,
            report_dir: Some(alone.clone()),
            game_search_scenarios: None,
            game_search_left_out: Some("left out in this test".into()),
            ..Config::default()
        };
        run(&eviction, &dir, &Progress::hidden()).unwrap();
        let tt = crate::experiments::tt_pressure::Config {
            schemes: vec![ReplacementScheme::Always, ReplacementScheme::Aged],
            sizes_log2: vec![4, 12],
            moves: 2,
            depth: SearchDepth::Three,
            seed: 3,
            start: GameState::from_dfen(crate::experiments::tt_pressure::DEFAULT_START).unwrap(),
        };
        crate::experiments::tt_pressure::run_tt_pressure(&tt, &dir, &RunMetadata::collect(3))
            .unwrap();
        // The render at the end of the run, then `harness report` on the run folder: the same files.
        let (made, again) = (tmp.path().join("made"), tmp.path().join("again"));
        render_run(&dir, &made).unwrap();
        render_run(&dir, &again).unwrap();
        let files = tree(&made);
        assert_eq!(tree(&again), files);
        for page in [
            "index.md",
            "eviction/index.md",
            "charts/tt_pressure_nodes.svg",
        ] {
            assert!(files.iter().any(|(p, _)| p == Path::new(page)), "{page}");
        }
        // The eviction page is the standalone one with the run's answer on top, its charts the same.
        let page = std::fs::read_to_string(made.join("eviction/index.md")).unwrap();
        let standalone = std::fs::read_to_string(alone.join("index.md")).unwrap();
        let answer = page.find("## The answer").unwrap();
        let rest = page.find("Reproduces and extends").unwrap();
        assert_eq!(format!("{}{}", &page[..answer], &page[rest..]), standalone);
        let charts = |d: &Path| {
            tree(d)
                .into_iter()
                .filter(|(p, _)| p.extension().is_some_and(|e| e == "svg"))
                .collect::<Vec<_>>()
        };
        assert!(!charts(&alone).is_empty());
        assert_eq!(charts(&made.join("eviction")), charts(&alone));
        // The TT-pressure page of a folder holding only its CSV (as `harness tt-pressure` leaves it) draws the
        // same charts and tables as the main report's section.
        let sweep = tmp.path().join("tt-pressure-run");
        std::fs::create_dir_all(&sweep).unwrap();
        std::fs::copy(dir.join("tt_pressure.csv"), sweep.join("tt_pressure.csv")).unwrap();
        let own = tmp.path().join("own");
        std::fs::create_dir_all(&own).unwrap();
        let tt_page = crate::experiments::tt_pressure::section::page(&sweep, &own).unwrap();
        let main = std::fs::read_to_string(made.join("index.md")).unwrap();
        let body = tt_page
            .markdown
            .strip_prefix("# TT replacement under pressure\n\n")
            .unwrap();
        assert!(main.contains(body.trim_end()), "{body}");
        for stem in ["tt_pressure_nodes", "tt_pressure_evaluator_calls"] {
            let file = format!("charts/{stem}.svg");
            assert_eq!(
                std::fs::read(own.join(&file)).unwrap(),
                std::fs::read(made.join(&file)).unwrap()
            );
        }
    }
}
