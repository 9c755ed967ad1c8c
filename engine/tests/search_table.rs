//! The transposition table inside the search: interrupted searches store nothing that later corrupts a value,
//! loss-taint flags survive the table, and warm tables answer from their entries.

mod search_support;

use engine::chance::{ChanceDepth, Traversal, expand_chance};
use engine::eval::MATERIAL_BOUNDS;
use engine::memo::EvaluationCache;
use engine::search::Bound;
use engine::search::{
    Pruning, SearchConfig, SearchControl, SearchDepth, TranspositionTable, search,
};
use engine::{GameState, evaluate_material, king_capture_weight, legal_turn_paths};
use search_support::oracle;

/// The root's successors (after each path and `end_turn`) with their exact chance values at `depth − 1`
/// layers, by the nested expansion.
fn successor_values(root: &GameState, depth: SearchDepth) -> Vec<(GameState, i64)> {
    let layers = ChanceDepth::from_layers(depth.turns() - 1).unwrap();
    let memo = EvaluationCache::new(evaluate_material);
    legal_turn_paths(root)
        .iter()
        .map(|p| {
            let mut s = *root;
            for &m in p {
                s.make_move(m);
            }
            s.end_turn();
            (
                s,
                expand_chance(&s, layers, &memo, Traversal::Cached)
                    .unwrap()
                    .numerator,
            )
        })
        .collect()
}

/// Every entry the table holds for a root successor agrees with its exact value.
fn assert_entries_sound(
    table: &TranspositionTable,
    successors: &[(GameState, i64)],
    depth: SearchDepth,
    what: &str,
) {
    for (s, exact) in successors {
        let Some(e) = table.probe(s.zobrist()) else {
            continue;
        };
        if e.depth != i32::from(depth.turns() - 1) {
            continue;
        }
        let v = e.value as i64;
        let sound = match e.bound {
            Bound::Exact => v == *exact,
            Bound::LowerBound => *exact >= v,
            Bound::UpperBound => *exact <= v,
        };
        assert!(
            sound,
            "{what}: entry {v} {:?} for a successor worth {exact}",
            e.bound
        );
    }
}

fn run(
    root: &GameState,
    depth: SearchDepth,
    pruning: Pruning,
    table: Option<&TranspositionTable>,
    control: &SearchControl,
) -> engine::search::SearchReport {
    let memo = EvaluationCache::new(evaluate_material);
    let mut config = SearchConfig::new(pruning, MATERIAL_BOUNDS);
    if let Some(t) = table {
        config = config.with_table(t);
    }
    search(root, depth, &config, &memo, control).unwrap()
}

/// If an interrupted chance node's partial sum (a prefix of its 56 roll classes) were stored, a later search
/// on the same table would read it back as a value; so after an interruption at any point, continuing with the
/// same table must still give the oracle's value.
#[test]
fn interrupted_searches_store_nothing_that_changes_a_later_value() {
    for (dfen, depth) in [
        ("4k3/3p4/8/8/8/8/3PP3/4K3 w - - 0 2 PNK", SearchDepth::Two),
        ("8/1k6/8/8/8/8/1P6/2K5 w - - 0 1 PNK", SearchDepth::Three),
    ] {
        let root = GameState::from_dfen(dfen).unwrap();
        let expected = oracle(&root, depth, evaluate_material);
        let successors = successor_values(&root, depth);
        for pruning in Pruning::ALL {
            let table = TranspositionTable::new(1 << 14).unwrap();
            let full = run(
                &root,
                depth,
                pruning,
                Some(&table),
                &SearchControl::unbounded(),
            );
            let needed = full.counters.evaluator_calls;
            let mut interrupted_stores = 0;
            for k in [1, 3, 20, needed / 4, needed / 2, needed - 1] {
                table.clear();
                let cut = run(
                    &root,
                    depth,
                    pruning,
                    Some(&table),
                    &SearchControl::with_work_budget(k),
                );
                assert!(!cut.outcome.is_exact());
                interrupted_stores += cut.counters.tt_stores;
                assert_entries_sound(
                    &table,
                    &successors,
                    depth,
                    &format!("{dfen} {pruning} budget {k}"),
                );
                let resumed = run(
                    &root,
                    depth,
                    pruning,
                    Some(&table),
                    &SearchControl::unbounded(),
                );
                assert_eq!(
                    resumed.outcome.value().unwrap().value,
                    expected,
                    "{dfen} {pruning} after budget {k}"
                );
            }
            // The interrupted runs did store their finished nodes: the check above had entries to read.
            assert!(interrupted_stores > 0, "{dfen} {pruning}");
        }
    }
}

/// Roots whose best paths leave our king where some opponent rolls capture it, and roots where none can.
const TAINT_ROOTS: [&str; 3] = [
    // White's king next to a black rook: the rook captures on every roll with a rook die unless the king runs.
    "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1 PPP",
    "4k3/4r3/8/8/8/8/3P4/4K3 w - - 0 1 PKN",
    "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PPK",
];

#[test]
fn loss_taint_flags_with_the_table_equal_flags_without() {
    let mut seen = [false, false];
    for dfen in TAINT_ROOTS {
        let root = GameState::from_dfen(dfen).unwrap();
        for pruning in Pruning::ALL {
            let plain = run(
                &root,
                SearchDepth::Two,
                pruning,
                None,
                &SearchControl::unbounded(),
            );
            let plain = plain.outcome.value().unwrap().clone();
            let table = TranspositionTable::new(1 << 14).unwrap();
            let cold = run(
                &root,
                SearchDepth::Two,
                pruning,
                Some(&table),
                &SearchControl::unbounded(),
            );
            // The second search answers its root's chance nodes from the table: the flag is restored.
            let warm = run(
                &root,
                SearchDepth::Two,
                pruning,
                Some(&table),
                &SearchControl::unbounded(),
            );
            assert!(warm.counters.tt_cutoffs > 0);
            for r in [&cold, &warm] {
                let r = r.outcome.value().unwrap();
                assert_eq!(
                    (r.value, r.loss_tainted),
                    (plain.value, plain.loss_tainted),
                    "{dfen} {pruning}"
                );
            }
            // The flag means: some opponent roll after the chosen path captures our king.
            let mut after = root;
            for &m in &plain.best {
                after.make_move(m);
            }
            after.end_turn();
            assert_eq!(
                plain.loss_tainted,
                king_capture_weight(&after) > 0,
                "{dfen} {pruning}"
            );
            seen[usize::from(plain.loss_tainted)] = true;
        }
    }
    assert_eq!(seen, [true, true], "both flag values occur");
}
