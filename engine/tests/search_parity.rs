//! Pruned = plain = the nested-expansion oracle: on the frozen scenario roots and hand-made roots at every
//! depth that runs in test time, for every pruning, table on/off and cache kind; the best path's own value is
//! the root value.

mod search_support;

use engine::search::{Pruning, RootValue, SearchDepth};
use engine::{GameState, evaluate_material};
use search_support::{Arm, SMALL_ROOTS, TINY_ROOTS, arms, oracle, path_value, run};

fn check_root(dfen: &str, depth: SearchDepth) {
    let root = GameState::from_dfen(dfen).unwrap();
    let expected = oracle(&root, depth, evaluate_material);
    for arm in arms() {
        let (result, _) = run(&root, depth, arm);
        assert_eq!(result.value, expected, "{dfen} depth {depth} {arm:?}");
        if let RootValue::Numerator(n) = result.value
            && !result.best.is_empty()
        {
            assert_eq!(
                path_value(&root, &result.best, depth, evaluate_material),
                n,
                "{dfen} depth {depth} {arm:?}: the best path's own value"
            );
        }
    }
}

#[test]
fn small_roots_agree_with_the_oracle_at_depths_1_and_2() {
    for dfen in SMALL_ROOTS {
        for depth in [SearchDepth::One, SearchDepth::Two] {
            check_root(dfen, depth);
        }
    }
}

#[test]
fn tiny_roots_agree_with_the_oracle_at_depth_3() {
    for dfen in TINY_ROOTS {
        check_root(dfen, SearchDepth::Three);
    }
}

#[test]
fn sparse_roots_agree_with_the_oracle_at_depth_3() {
    for (family, dfen, _) in search_support::scenario_roots() {
        if family == "sparse" {
            check_root(&dfen, SearchDepth::Three);
        }
    }
}

/// The played endgames are searched at depth 3 by the main job's search stage, so parity is proven there too.
#[test]
fn played_endgame_roots_agree_with_the_oracle_at_depth_3() {
    let mut roots = 0;
    for (family, dfen, _) in search_support::scenario_roots() {
        if family == "played-endgame" {
            check_root(&dfen, SearchDepth::Three);
            roots += 1;
        }
    }
    assert!(roots >= 2, "the played-endgame file has several roots");
}

#[test]
fn scenario_roots_agree_with_the_oracle_one_turn_deeper_than_their_expansion() {
    for (family, dfen, _) in search_support::scenario_roots() {
        let _ = family;
        check_root(&dfen, SearchDepth::Two);
    }
}

#[test]
fn pruning_saves_leaves_on_a_middle_game_root() {
    let (_, dfen, _) = search_support::scenario_roots()
        .into_iter()
        .find(|r| r.0 == "middlegame")
        .unwrap();
    let root = GameState::from_dfen(&dfen).unwrap();
    let leaves = |pruning| {
        run(
            &root,
            SearchDepth::Two,
            Arm {
                pruning,
                cache: engine::memo::CacheKind::None,
                tt: false,
                turn_bounds: false,
            },
        )
        .1
        .leaves
    };
    let plain = leaves(Pruning::None);
    assert!(leaves(Pruning::Star2) < plain);
}
