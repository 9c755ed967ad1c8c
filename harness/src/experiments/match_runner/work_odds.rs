//! The work-odds match: a bot at twice its per-move budget against itself, over a fixed number of games (the SPRT
//! never stops it), giving Elo per doubling with its interval and the record the main job reads
//! ([`crate::experiments::strength`]).

use super::bot::BotSpec;
use super::run::{Destination, play};
use super::settings::MatchSettings;
use super::summary::{MatchSummary, SUMMARY_JSON};
use crate::experiments::strength::{EloInterval, EloPerDoubling, FORMAT_VERSION, Provenance};
use crate::record::RunMetadata;
use std::path::Path;

/// The two bots of a work-odds match of `bot`: A at twice its budget, B the bot itself.
pub(crate) fn sides(bot: BotSpec) -> (BotSpec, BotSpec) {
    (
        BotSpec {
            tc: bot.tc.doubled(),
            ..bot
        },
        bot,
    )
}

/// `/proc/loadavg`'s three load averages, or `unknown`.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// Plays the match `settings` describes (built with [`sides`]) under `out` and returns the measurement.
pub(crate) fn measure(
    settings: &MatchSettings,
    out: &Path,
    concurrency: usize,
) -> anyhow::Result<EloPerDoubling> {
    debug_assert!(!settings.sprt_stops, "a work-odds match plays every game");
    let meta = RunMetadata::collect(settings.seed);
    let load_start = load_average();
    let finished = play(settings, Destination::New(out), concurrency)?;
    let load_end = load_average();
    let text = std::fs::read_to_string(finished.folder.join(SUMMARY_JSON))?;
    let summary: MatchSummary = serde_json::from_str(&text)?;
    Ok(record_of(
        &summary,
        &settings.b,
        Provenance {
            git_revision: meta.git_revision.clone(),
            started_utc: meta.started.to_string(),
            machine: meta.machine(),
            rustc: meta.rustc.clone(),
            load_start,
            load_end,
            concurrency,
            match_folder: finished
                .folder
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        },
    ))
}

/// The record of a finished work-odds match of `bot`.
fn record_of(summary: &MatchSummary, bot: &BotSpec, provenance: Provenance) -> EloPerDoubling {
    let e = summary.logistic_elo;
    EloPerDoubling {
        format_version: FORMAT_VERSION,
        tc: bot.tc.to_string(),
        bot: summary.b.clone(),
        doubled: summary.a.clone(),
        seed: summary.seed,
        games: summary.games,
        w: summary.w,
        d: summary.d,
        l: summary.l,
        elo: EloInterval {
            point: e.point,
            low: e.low,
            high: e.high,
            level: e.level,
            n: e.n,
        },
        provenance,
    }
}

/// The final line: `elo_per_doubling=… low=… high=… level=… n=… tc=… w=… d=… l=…`.
pub(crate) fn final_line(r: &EloPerDoubling) -> String {
    format!(
        "elo_per_doubling={} low={} high={} level={} n={} tc={} w={} d={} l={}",
        r.elo.point, r.elo.low, r.elo.high, r.elo.level, r.elo.n, r.tc, r.w, r.d, r.l
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::match_runner::openings;
    use crate::experiments::match_runner::settings::Shard;
    use crate::experiments::match_runner::stats::SprtBounds;

    #[test]
    fn the_doubled_side_has_twice_every_part_of_the_budget() {
        let (a, b) = sides("depth=1,tc=ms:50+5".parse().unwrap());
        assert_eq!(a.to_string(), b.to_string().replace("ms:50+5", "ms:100+10"));
        let (a, _) = sides("tc=nodes:300".parse().unwrap());
        assert!(a.to_string().ends_with("tc=nodes:600"), "{a}");
    }

    #[test]
    fn a_work_odds_match_plays_every_game_and_records_its_provenance() {
        let dir = std::env::temp_dir().join(format!("work-odds-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (a, b) = sides("depth=1,tc=nodes:10".parse().unwrap());
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(openings::DEFAULT_PATH);
        let settings = MatchSettings {
            a,
            b,
            seed: 5,
            games: 4,
            shard: Shard::ALL,
            openings: openings::load(&path).unwrap(),
            bounds: SprtBounds::default(),
            luck_sprt: None,
            sprt_stops: false,
        };
        let r = measure(&settings, &dir, 1).unwrap();
        assert_eq!((r.games, r.elo.n, r.w + r.d + r.l), (4, 4, 4));
        assert_eq!(r.tc, "nodes:10");
        assert!(r.doubled.ends_with("tc=nodes:20") && r.bot.ends_with("tc=nodes:10"));
        assert!(r.provenance.match_folder.starts_with("match-"));
        assert!(final_line(&r).starts_with("elo_per_doubling="));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
