//! Every replacement scheme under heavy pressure (16 entries) and the unbounded table give the plain search's
//! value on the frozen roots: eviction may cost work, never a value.

mod search_support;

use engine::GameState;
use engine::eval::{MATERIAL_BOUNDS, evaluate_material};
use engine::game::SelfPlay;
use engine::memo::EvaluationCache;
use engine::search::{
    Pruning, ReplacementScheme, RootResult, SearchConfig, SearchControl, SearchDepth,
    TranspositionTable, search,
};
use search_support::{TINY_ROOTS, oracle};

fn tables() -> Vec<(String, TranspositionTable)> {
    let mut v: Vec<_> = ReplacementScheme::ALL
        .into_iter()
        .map(|s| {
            (
                s.name().to_string(),
                TranspositionTable::with_scheme(s, 1 << 4).unwrap(),
            )
        })
        .collect();
    v.push(("unbounded".to_string(), TranspositionTable::unbounded()));
    v
}

fn run(
    root: &GameState,
    depth: SearchDepth,
    pruning: Pruning,
    table: &TranspositionTable,
) -> RootResult {
    let memo = EvaluationCache::new(evaluate_material);
    let config = SearchConfig::new(pruning, MATERIAL_BOUNDS).with_table(table);
    table.new_search();
    let report = search(root, depth, &config, &memo, &SearchControl::unbounded()).unwrap();
    report.outcome.value().cloned().unwrap()
}

/// One table per scheme, kept across every root (as across moves), so later roots meet stale entries too.
#[test]
fn every_scheme_at_16_entries_gives_the_plain_value_on_the_frozen_roots() {
    let mut roots: Vec<(String, SearchDepth)> = search_support::scenario_roots()
        .into_iter()
        .map(|(_, dfen, _)| (dfen, SearchDepth::Two))
        .collect();
    roots.extend(
        TINY_ROOTS
            .iter()
            .map(|d| (d.to_string(), SearchDepth::Three)),
    );
    let tables = tables();
    let mut pressure = vec![0u64; tables.len()];
    for (dfen, depth) in &roots {
        let root = GameState::from_dfen(dfen).unwrap();
        let expected = oracle(&root, *depth, evaluate_material);
        for (k, (name, table)) in tables.iter().enumerate() {
            for pruning in [Pruning::Star1, Pruning::Star2] {
                let memo = EvaluationCache::new(evaluate_material);
                let config = SearchConfig::new(pruning, MATERIAL_BOUNDS).with_table(table);
                table.new_search();
                let report =
                    search(&root, *depth, &config, &memo, &SearchControl::unbounded()).unwrap();
                pressure[k] += report.counters.tt_overwrites;
                let value = report.outcome.value().unwrap().value;
                assert_eq!(value, expected, "{name} {pruning} {dfen} depth {depth}");
            }
        }
    }
    // The bounded tables really were under pressure; the unbounded one never evicts.
    let (bounded, unbounded) = pressure.split_at(pressure.len() - 1);
    assert!(bounded.iter().all(|&p| p > 0), "{pressure:?}");
    assert_eq!(unbounded, [0]);
}

/// The plain search (no pruning) through a tiny table equals the oracle too, so even its exact entries are
/// only ever read back under their own key and depth.
#[test]
fn plain_search_through_every_tiny_table_equals_the_oracle() {
    let root = GameState::from_dfen(TINY_ROOTS[1]).unwrap();
    let expected = oracle(&root, SearchDepth::Three, evaluate_material);
    for (name, table) in tables() {
        assert_eq!(
            run(&root, SearchDepth::Three, Pruning::None, &table).value,
            expected,
            "{name}"
        );
    }
}

/// A game played through a tiny table of each scheme, a generation per turn, gives the same value each turn
/// as searching that turn's position without a table.
#[test]
fn a_self_play_game_through_each_scheme_keeps_every_turn_value() {
    let game = SelfPlay {
        start: GameState::from_dfen("r3k3/1p6/8/8/8/8/1P6/4K2R w K - 0 5 KRP").unwrap(),
        depth: SearchDepth::Two,
        turns: 6,
        seed: 5,
    };
    let plain = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
    for (name, table) in tables() {
        let config = plain.with_table(&table);
        let played = game
            .play(&config, &EvaluationCache::new(evaluate_material), |_| {
                table.new_search()
            })
            .unwrap();
        for (k, turn) in played.turns.iter().enumerate() {
            let memo = EvaluationCache::new(evaluate_material);
            let alone = search(
                &turn.position,
                game.depth,
                &plain,
                &memo,
                &SearchControl::unbounded(),
            )
            .unwrap();
            assert_eq!(
                turn.result.value,
                alone.outcome.value().unwrap().value,
                "{name} turn {k}"
            );
        }
    }
}
