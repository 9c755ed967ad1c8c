//! Parity before timing: real counting passes agree; tampered ones are rejected with a clear report.

use engine::GameState;
use engine::chance::{ChanceDepth, Traversal};
use engine::memo::CacheKind;
use harness::evaluators::EvaluatorKind;
use harness::operation::{Arm, check_parity, count_family};
use harness::scenario::{Family, load, scenario_path};
use std::path::Path;

fn family_states(family: Family) -> (Vec<GameState>, Vec<String>, Vec<i64>, ChanceDepth) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let scn = load(&scenario_path(&dir, family)).unwrap();
    let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
    let dfens = states.iter().map(|s| s.to_dfen()).collect();
    let frozen = scn
        .successors
        .iter()
        .map(|s| s.expected[&EvaluatorKind::Material])
        .collect();
    (states, dfens, frozen, scn.depth)
}

fn all_variants(
    states: &[GameState],
    depth: ChanceDepth,
    traversal: Traversal,
) -> Vec<(Arm, harness::operation::CountResult)> {
    CacheKind::ALL
        .into_iter()
        .map(|cache| {
            let arm = Arm {
                cache,
                eval: EvaluatorKind::Material,
                traversal,
            };
            (arm, count_family(states, depth, arm))
        })
        .collect()
}

#[test]
fn real_passes_agree_with_frozen_values_and_each_other() {
    let (states, dfens, frozen, depth) = family_states(Family::PromotionEnPassant);
    for traversal in [Traversal::Plain, Traversal::Cached] {
        let results = all_variants(&states, depth, traversal);
        check_parity(
            "promotion-en-passant",
            &results,
            Some(("frozen", &frozen)),
            &dfens,
        )
        .unwrap();
        let none = &results[0].1.memo;
        let opt = &results[4].1.memo;
        assert!(opt.cache_hits > 0, "the family repeats leaves");
        assert_eq!(none.evaluator_calls, opt.evaluator_calls + opt.cache_hits);
    }
}

#[test]
fn tampered_value_aborts_with_successor_and_both_values() {
    let (states, dfens, frozen, depth) = family_states(Family::PromotionEnPassant);
    let mut results = all_variants(&states, depth, Traversal::Cached);
    results[3].1.values[2] += 1;
    let err = check_parity(
        "promotion-en-passant",
        &results,
        Some(("the frozen expected value", &frozen)),
        &dfens,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("cache fx, evaluator material, traversal on"),
        "{err}"
    );
    assert!(
        err.contains(&format!("successor 2 ({})", dfens[2])),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{} but the frozen expected value has {}",
            frozen[2] + 1,
            frozen[2]
        )),
        "{err}"
    );
}

#[test]
fn tampered_counters_abort() {
    let (states, dfens, _, depth) = family_states(Family::PromotionEnPassant);
    let base = all_variants(&states, depth, Traversal::Plain);

    let mut r = base.clone();
    r[4].1.memo.cache_hits += 1;
    let err = check_parity("p", &r, None, &dfens).unwrap_err().to_string();
    assert!(
        err.contains("cache optimized,") && err.contains("memo counters"),
        "{err}"
    );

    let mut r = base.clone();
    r[0].1.memo.evaluator_calls -= 1;
    let err = check_parity("p", &r, None, &dfens).unwrap_err().to_string();
    assert!(
        err.contains("cache none,") && err.contains("uncached counters"),
        "{err}"
    );

    let mut r = base;
    r[2].1.chance.generation.geometry += 1;
    let err = check_parity("p", &r, None, &dfens).unwrap_err().to_string();
    assert!(
        err.contains("cache hashbrown,") && err.contains("expansion counters"),
        "{err}"
    );
}
