//! The report's input read back from a results folder: `eviction.csv`, `eviction_control.csv`, `streams.csv`,
//! `best_tens.csv`, `game_search.csv` and `config.json` give the [`Outcome`] the report formats, so the page is
//! rendered from the folder alone (by `harness report`, and by `harness eviction` once its files are written).

use crate::experiments::catalogue_eviction::BestTenRecord;
use crate::experiments::catalogue_eviction::EvictionControlRecord;
use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::GameSearchRecord;
use crate::experiments::catalogue_eviction::StreamRecord;
use crate::experiments::catalogue_eviction::dice_trace::TraceSource;
use crate::experiments::catalogue_eviction::experiment::{
    Config, Control, Outcome, PlanResults, StreamInfo,
};
use crate::experiments::catalogue_eviction::game_search::{GameSearchFindings, findings_of_rows};
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::experiments::catalogue_eviction::stream::{BoardPlan, StreamConfig};
use crate::record::Provenance;
use crate::record::schema::{CsvRecord, read_records};
use anyhow::{Context, Result, anyhow};
use engine::domineering::Player;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// `config.json`: the configuration and the run's totals, written by
/// [`crate::experiments::catalogue_eviction::experiment::write_results`] and read back here. Fields in key order,
/// as the file has always listed them.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Recorded {
    /// Per plan, per seed, the lookups of each board batch (absent in folders written before it was recorded).
    #[serde(default)]
    batch_lookups: BTreeMap<String, Vec<Vec<usize>>>,
    board_plan: String,
    budgets: Vec<usize>,
    catalogue_ms: f64,
    command: String,
    control_budgets: Vec<usize>,
    controls: Vec<RecordedControl>,
    estimate: String,
    first_player: String,
    /// The note of a game-search comparison left out on the caller's behalf.
    #[serde(default)]
    game_search_left_out: Option<String>,
    git_revision: String,
    looked_up_region_cells: [u32; 2],
    lookups_replayed: u64,
    machine: String,
    policies: Vec<String>,
    replay_ms: f64,
    rng: String,
    rustc: String,
    seeds: Vec<u64>,
    streams_ms: f64,
    threads: usize,
}

/// A one-board-size control as `config.json` names it.
#[derive(Debug, Serialize, Deserialize)]
struct RecordedControl {
    name: String,
    plan: String,
}

impl Recorded {
    /// What `config.json` records of `outcome`.
    pub(crate) fn of(outcome: &Outcome) -> Recorded {
        let (c, prov) = (&outcome.config, &outcome.provenance);
        let plans = std::iter::once(&outcome.main).chain(&outcome.controls);
        let batches = |p: &PlanResults| p.streams.iter().map(|s| s.batch_lookups.clone()).collect();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let control = |k: &Control| RecordedControl {
            name: k.name.clone(),
            plan: k.plan.to_string(),
        };
        Recorded {
            batch_lookups: plans.map(|p| (p.name.clone(), batches(p))).collect(),
            board_plan: c.stream.plan.to_string(),
            budgets: outcome.main.budgets.clone(),
            catalogue_ms: ms(outcome.catalogue_time),
            command: c.command.clone(),
            control_budgets: c.control_budgets.clone(),
            controls: c.controls.iter().map(control).collect(),
            estimate: c.stream.estimate.to_string(),
            first_player: c.stream.first.to_string(),
            game_search_left_out: c.game_search_left_out.clone(),
            git_revision: prov.git_revision.clone(),
            looked_up_region_cells: [c.stream.min_lookup_cells, c.stream.max_lookup_cells],
            lookups_replayed: outcome.lookups_replayed,
            machine: prov.machine.clone(),
            policies: outcome.policies.iter().map(|p| p.to_string()).collect(),
            replay_ms: ms(outcome.replay_time),
            rng: "rand_pcg::Pcg64Mcg::seed_from_u64(seed), one stream per seed and plan".into(),
            rustc: prov.rustc.clone(),
            seeds: c.seeds.clone(),
            streams_ms: ms(outcome.stream_time),
            threads: c.threads,
        }
    }

    /// The configuration it records (what the report quotes of it).
    fn config(&self) -> Result<Config> {
        let first = match self.first_player.as_str() {
            "Left" => Player::Left,
            "Right" => Player::Right,
            other => return Err(anyhow!("first_player: `{other}` is neither Left nor Right")),
        };
        let control = |k: &RecordedControl| -> Result<Control> {
            let plan = k.plan.parse()?;
            Ok(Control {
                name: k.name.clone(),
                plan,
            })
        };
        Ok(Config {
            stream: StreamConfig {
                plan: self.board_plan.parse()?,
                estimate: self
                    .estimate
                    .parse()
                    .map_err(|e| anyhow!("estimate: {e}"))?,
                min_lookup_cells: self.looked_up_region_cells[0],
                max_lookup_cells: self.looked_up_region_cells[1],
                first,
            },
            seeds: self.seeds.clone(),
            budgets: Some(self.budgets.clone()),
            policies: self
                .policies
                .iter()
                .filter_map(|p| p.parse().ok())
                .collect(),
            controls: self.controls.iter().map(control).collect::<Result<_>>()?,
            control_budgets: self.control_budgets.clone(),
            threads: self.threads,
            command: self.command.clone(),
            game_search_left_out: self.game_search_left_out.clone(),
            ..Config::default()
        })
    }
}

/// A rule's name as this build writes it; `None` for a rule this build does not know (its rows cannot be shown;
/// the rest still can).
fn known_name(policy: &str) -> Option<String> {
    Some(policy.parse::<PolicyKind>().ok()?.to_string())
}

/// The row of a rule this build knows, its rule named as this build writes it.
fn known(mut r: EvictionRecord) -> Option<EvictionRecord> {
    r.policy = known_name(&r.policy)?;
    Some(r)
}

/// The outcome recorded in `dir`, or `None` when the folder holds no `eviction.csv` (the experiment did not run).
pub(crate) fn load(dir: &Path) -> Result<Option<Outcome>> {
    if !dir.join("eviction.csv").is_file() {
        return Ok(None);
    }
    let path = dir.join("config.json");
    let text = std::fs::read(&path).with_context(|| format!("{}: cannot read", path.display()))?;
    let recorded: Recorded =
        serde_json::from_slice(&text).with_context(|| format!("{}", path.display()))?;
    let config = recorded
        .config()
        .with_context(|| format!("{}", path.display()))?;
    let streams = read::<StreamRecord>(&dir.join("streams.csv"))?;
    // One plan's streams (with their per-batch lookups from `config.json`) and rows.
    let plan = |name: &str, plan: &BoardPlan, budgets: &[usize], rows: Vec<EvictionRecord>| {
        let batches = recorded.batch_lookups.get(name);
        let streams = (streams.iter().filter(|s| s.plan == name).enumerate())
            .map(|(i, s)| StreamInfo {
                row: s.clone(),
                // Folders written before `config.json` recorded them have none: the report leaves those rows out.
                batch_lookups: batches.and_then(|b| b.get(i)).cloned().unwrap_or_default(),
                best_tens: Vec::new(),
            })
            .collect();
        PlanResults {
            name: name.to_owned(),
            plan: plan.clone(),
            budgets: budgets.to_vec(),
            streams,
            rows,
        }
    };
    let rows = read::<EvictionRecord>(&dir.join("eviction.csv"))?;
    let rows = rows.into_iter().filter_map(known).collect();
    let mut main = plan("main", &config.stream.plan, &recorded.budgets, rows);
    with_best_tens(
        &mut main,
        &read::<BestTenRecord>(&dir.join("best_tens.csv"))?,
    )?;
    let control_rows = optional::<EvictionControlRecord>(dir, "eviction_control.csv")?;
    let mut controls = Vec::new();
    for k in &config.controls {
        let mine = control_rows.iter().filter(|r| r.plan == k.name);
        let rows = mine.filter_map(|r| known(r.run())).collect();
        controls.push(plan(&k.name, &k.plan, &config.control_budgets, rows));
    }
    let ms = |ms: f64| Duration::from_secs_f64(ms / 1e3);
    Ok(Some(Outcome {
        policies: config.policies.clone(),
        main,
        controls,
        catalogue_time: ms(recorded.catalogue_ms),
        stream_time: ms(recorded.streams_ms),
        replay_time: ms(recorded.replay_ms),
        lookups_replayed: recorded.lookups_replayed,
        provenance: Provenance {
            machine: recorded.machine.clone(),
            rustc: recorded.rustc.clone(),
            git_revision: recorded.git_revision.clone(),
            seed: config.seeds.first().copied().unwrap_or(0),
        },
        game_search: game_search(dir, &config.policies)?,
        config,
    }))
}

/// The rows of the CSV at `path`, each checked.
pub(crate) fn read<R: CsvRecord>(path: &Path) -> Result<Vec<R>> {
    Ok(read_records::<R>(path)?
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
        read(&path)
    }
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
                    .filter(|t| t.seed == s.row.seed && t.board == board)
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
        .into_iter()
        .filter_map(|mut r| {
            r.policy = known_name(&r.policy)?;
            Some(r)
        })
        .collect();
    Ok(Some(findings_of_rows(policies, rows, origin)))
}

/// The family and source of a dice-chess trace named `dice <family> <source>`; `None` for the catalogue trace.
fn origin(name: &str) -> Option<(crate::scenario::Family, TraceSource)> {
    let (family, source) = name.strip_prefix("dice ")?.rsplit_once(' ')?;
    let source = TraceSource::ALL.into_iter().find(|s| s.name() == source)?;
    Some((family.parse().ok()?, source))
}
