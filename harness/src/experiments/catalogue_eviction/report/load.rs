//! The report's input read back from a results folder: `eviction.csv`, `eviction_control.csv`, `streams.csv`,
//! `best_tens.csv`, `game_search.csv` and `config.json` give the [`Outcome`] the report formats, so the page is
//! rendered from the folder alone (by `harness report`, and by `harness eviction` once its files are written).

use crate::arm::EvictionArm;
use crate::experiments::catalogue_eviction::dice_trace::TraceSource;
use crate::experiments::catalogue_eviction::experiment::{
    Config, Control, Outcome, PlanResults, RunRow, StreamInfo,
};
use crate::experiments::catalogue_eviction::game_search::{
    GameSearchFindings, GameSearchRow, findings_of_rows,
};
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::experiments::catalogue_eviction::stream::{BoardPlan, StreamConfig};
use crate::record::Provenance;
use crate::record::schema::{
    BestTenRecord, CsvRecord, EvictionControlRecord, EvictionRecord, GameSearchRecord,
    StreamRecord, read_records,
};
use anyhow::{Context, Result, anyhow};
use engine::domineering::Player;
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

/// A [`RunRow`] from a row of `eviction.csv` or `eviction_control.csv` (the two share these columns).
macro_rules! run_row {
    ($r:expr) => {{
        let r = $r;
        Ok::<_, anyhow::Error>(RunRow {
            seed: r.seed,
            arm: EvictionArm {
                policy: r.policy.parse().map_err(|e| anyhow!("policy: {e}"))?,
                budget: r.budget as usize,
            },
            lookups: r.lookups,
            hits: r.hits,
            hit_rate: r.hit_rate,
            re_evaluations: r.re_evaluations,
            misses: r.misses,
            distinct_keys: r.distinct_keys as usize,
            overlap_first_n: r.overlap_first_n,
            overlap_best_n: r.overlap_best_n,
        })
    }};
}

/// The outcome recorded in `dir`, or `None` when the folder holds no `eviction.csv` (the experiment did not run).
pub(crate) fn load(dir: &Path) -> Result<Option<Outcome>> {
    if !dir.join("eviction.csv").is_file() {
        return Ok(None);
    }
    let path = dir.join("config.json");
    let json: Value = serde_json::from_slice(
        &std::fs::read(&path).with_context(|| format!("{}: cannot read", path.display()))?,
    )
    .with_context(|| format!("{}: not JSON", path.display()))?;
    let config = config(&json).with_context(|| format!("{}", path.display()))?;
    let main_rows = read::<EvictionRecord>(dir, "eviction.csv")?;
    let first = main_rows.first();
    let column = |f: fn(&EvictionRecord) -> &String| first.map(f).cloned().unwrap_or_default();
    let provenance = Provenance {
        machine: column(|r| &r.machine),
        rustc: column(|r| &r.rustc),
        git_revision: column(|r| &r.git_revision),
        seed: config.seeds.first().copied().unwrap_or(0),
    };
    let streams = read::<StreamRecord>(dir, "streams.csv")?;
    let tens = read::<BestTenRecord>(dir, "best_tens.csv")?;
    let rows = main_rows.iter().map(|r| run_row!(r));
    let mut main = plan(&json, "main", config.stream.plan.clone(), &streams, rows)?;
    main.budgets = numbers(&json["budgets"]);
    with_best_tens(&mut main, &tens)?;
    let control_rows = optional::<EvictionControlRecord>(dir, "eviction_control.csv")?;
    let controls = config
        .controls
        .iter()
        .map(|k| {
            let rows = control_rows
                .iter()
                .filter(|r| r.plan == k.name)
                .map(|r| run_row!(r));
            let mut p = plan(&json, &k.name, k.plan.clone(), &streams, rows)?;
            p.budgets = config.control_budgets.clone();
            Ok(p)
        })
        .collect::<Result<Vec<_>>>()?;
    let ms = |key: &str| Duration::from_secs_f64(json[key].as_f64().unwrap_or(0.0) / 1e3);
    let game_search = game_search(dir, &config.policies)?;
    Ok(Some(Outcome {
        policies: config.policies.clone(),
        main,
        controls,
        catalogue_time: ms("catalogue_ms"),
        stream_time: ms("streams_ms"),
        replay_time: ms("replay_ms"),
        lookups_replayed: json["lookups_replayed"].as_u64().unwrap_or(0),
        provenance,
        game_search,
        config,
    }))
}

fn read<R: CsvRecord>(dir: &Path, name: &str) -> Result<Vec<R>> {
    Ok(read_records::<R>(&dir.join(name))?
        .into_iter()
        .map(|l| l.record)
        .collect())
}

/// A CSV that may hold no rows (a run without controls or game-search traces writes the header alone, or no file).
fn optional<R: CsvRecord>(dir: &Path, name: &str) -> Result<Vec<R>> {
    let path = dir.join(name);
    let headed_only = std::fs::read_to_string(&path).map_or(true, |t| t.lines().nth(1).is_none());
    if headed_only {
        Ok(Vec::new())
    } else {
        read(dir, name)
    }
}

fn numbers<T: TryFrom<u64>>(v: &Value) -> Vec<T> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_u64().and_then(|x| T::try_from(x).ok()))
        .collect()
}

fn text<'a>(json: &'a Value, key: &str) -> Result<&'a str> {
    json[key]
        .as_str()
        .ok_or_else(|| anyhow!("no text field `{key}`"))
}

/// The configuration `config.json` records (what the report quotes of it).
fn config(json: &Value) -> Result<Config> {
    let cells: Vec<u32> = numbers(&json["looked_up_region_cells"]);
    let first = match text(json, "first_player")? {
        "Left" => Player::Left,
        "Right" => Player::Right,
        other => return Err(anyhow!("first_player: `{other}` is neither Left nor Right")),
    };
    let parse_err = |key: &'static str| move |e: anyhow::Error| e.context(key);
    let controls = json["controls"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            Ok(Control {
                name: text(c, "name")?.to_owned(),
                plan: text(c, "plan")?.parse().map_err(parse_err("controls"))?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let policies = json["policies"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            p.as_str()
                .unwrap_or_default()
                .parse::<PolicyKind>()
                .map_err(|e| anyhow!("policies: {e}"))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Config {
        stream: StreamConfig {
            plan: text(json, "board_plan")?
                .parse()
                .map_err(parse_err("board_plan"))?,
            estimate: text(json, "estimate")?
                .parse()
                .map_err(|e| anyhow!("estimate: {e}"))?,
            min_lookup_cells: cells.first().copied().unwrap_or_default(),
            max_lookup_cells: cells.get(1).copied().unwrap_or_default(),
            first,
        },
        seeds: numbers(&json["seeds"]),
        budgets: Some(numbers(&json["budgets"])),
        policies,
        controls,
        control_budgets: numbers(&json["control_budgets"]),
        threads: json["threads"].as_u64().unwrap_or(1) as usize,
        command: text(json, "command")?.to_owned(),
        game_search_left_out: json["game_search_left_out"].as_str().map(str::to_owned),
        ..Config::default()
    })
}

/// One plan's streams (from `streams.csv`, with their per-batch lookups from `config.json`) and rows.
fn plan(
    json: &Value,
    name: &str,
    board_plan: BoardPlan,
    streams: &[StreamRecord],
    rows: impl Iterator<Item = Result<RunRow>>,
) -> Result<PlanResults> {
    let batches = &json["batch_lookups"][name];
    let streams = streams
        .iter()
        .filter(|s| s.plan == name)
        .enumerate()
        .map(|(i, s)| StreamInfo {
            seed: s.seed,
            lookups: s.lookups as usize,
            distinct: s.distinct_keys as usize,
            one_hit_keys: s.one_hit_keys as usize,
            left_wins: s.left_wins as usize,
            moves: s.moves,
            placements: s.placements_scored,
            // Folders written before `config.json` recorded them have none; the report then leaves those rows out.
            batch_lookups: numbers(&batches[i]),
            best_tens: Vec::new(),
            best_ten_serve: s.best_ten_serve,
        })
        .collect();
    Ok(PlanResults {
        name: name.to_owned(),
        plan: board_plan,
        budgets: Vec::new(),
        streams,
        rows: rows.collect::<Result<_>>()?,
    })
}

/// Each main stream's best ten per board, in the plan's board order, from `best_tens.csv` (rank order).
fn with_best_tens(main: &mut PlanResults, tens: &[BestTenRecord]) -> Result<()> {
    for s in &mut main.streams {
        s.best_tens = main
            .plan
            .0
            .iter()
            .map(|b| {
                let board = b.board();
                let mut ten: Vec<&BestTenRecord> = tens
                    .iter()
                    .filter(|t| t.seed == s.seed && t.board == board)
                    .collect();
                ten.sort_by_key(|t| t.rank);
                ten.iter()
                    .map(|t| {
                        let shape = t.shape.parse().map_err(|e| anyhow!("shape: {e}"))?;
                        Ok((shape, t.lookups as usize))
                    })
                    .collect::<Result<Vec<_>>>()
            })
            .collect::<Result<_>>()?;
    }
    Ok(())
}

/// The game-search findings from `game_search.csv` (`None` when the comparison did not run).
fn game_search(dir: &Path, policies: &[PolicyKind]) -> Result<Option<GameSearchFindings>> {
    let records = optional::<GameSearchRecord>(dir, "game_search.csv")?;
    if records.is_empty() {
        return Ok(None);
    }
    let rows = records
        .iter()
        .map(|r| {
            Ok(GameSearchRow {
                trace: r.trace.clone(),
                arm: EvictionArm {
                    policy: r.policy.parse().map_err(|e| anyhow!("policy: {e}"))?,
                    budget: r.budget as usize,
                },
                budget_fraction: r.budget_fraction,
                lookups: r.lookups,
                hits: r.hits,
                miss_ratio: r.miss_ratio,
                distinct_keys: r.distinct_keys as usize,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Some(findings_of_rows(policies, rows, origin)))
}

/// The family and source of a dice-chess trace named `dice <family> <source>`; `None` for the catalogue trace.
fn origin(name: &str) -> Option<(crate::scenario::Family, TraceSource)> {
    let (family, source) = name.strip_prefix("dice ")?.rsplit_once(' ')?;
    let source = TraceSource::ALL.into_iter().find(|s| s.name() == source)?;
    Some((family.parse().ok()?, source))
}
