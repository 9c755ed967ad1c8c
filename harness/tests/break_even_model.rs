//! The break-even model reproduces a measured instruction count exactly from its parts. Callgrind counts are
//! deterministic, so for `work:N` at two N on one operation (the promotion-en-passant family's first successor:
//! 254 lookups, a few seconds under callgrind even unoptimised):
//!
//! I(variant, N) = G(values of N) + L·p + M·e(N) and I(none, N) = G(values of N) + L·e(N), where G may depend on
//! the evaluator's values (the expansion's comparisons take different branches) but not on its cost. Hence
//! I(optimized, N2) = I(optimized, N1) + (I(none, N2) − I(none, N1)) − (L − M)·(e(N2) − e(N1)) to the instruction,
//! with e(N2) − e(N1) measured alone (the evaluator called on its own, no expansion).

mod support;

use harness::callgrind::{Children, measure_arm, measure_evaluator_alone, valgrind_version};
use std::path::Path;

const FAMILY: &str = "promotion-en-passant";
const ALONE_CALLS: u32 = 64;

#[test]
fn the_model_reproduces_one_operation_exactly_from_its_parts() {
    if valgrind_version().is_none() {
        println!("skipped: valgrind is not installed (or not on PATH), so nothing can be counted");
        return;
    }
    let exe = Path::new(env!("CARGO_BIN_EXE_harness"));
    let scenarios = support::shipped_scenarios();
    let work = support::temp_dir("break-even-model");
    let children = Children {
        exe,
        scenarios_dir: &scenarios,
        work: work.path(),
        store: None,
        cache_sim: true,
    };
    let arm = |cache: &str, eval: &str| {
        measure_arm(&children, FAMILY, cache, eval, "on").expect("a callgrind run")
    };
    let alone = |eval: &str| {
        measure_evaluator_alone(&children, FAMILY, eval, ALONE_CALLS).expect("a callgrind run")
            as i128
    };
    let (n1, n2) = ("work:1", "work:16");
    let (none1, none2) = (arm("none", n1), arm("none", n2));
    let (opt1, opt2) = (arm("optimized", n1), arm("optimized", n2));
    let lookups = none1.lookups as i128;
    let misses = opt1.evaluator_calls as i128;
    for m in [&none2, &opt1, &opt2] {
        assert_eq!(
            m.lookups as i128, lookups,
            "every arm makes the same lookups"
        );
    }
    assert_eq!(
        opt2.evaluator_calls as i128, misses,
        "the misses do not depend on the evaluator"
    );
    assert!(
        misses < lookups,
        "the operation has hits, so the cache's side differs from the uncached one"
    );

    let total = (alone(n2) - alone(n1)) as f64 / f64::from(ALONE_CALLS);
    assert_eq!(
        total.fract(),
        0.0,
        "work:N costs the same instructions on every call"
    );
    let delta_e = total as i128;
    assert!(delta_e > 0, "work:16 costs more than work:1");

    let ir = |m: &harness::callgrind::MeasuredArm| m.totals.ir as i128;
    let predicted = ir(&opt1) + (ir(&none2) - ir(&none1)) - (lookups - misses) * delta_e;
    assert_eq!(
        predicted,
        ir(&opt2),
        "I(optimized, {n2}) from its parts (L = {lookups}, M = {misses}, e({n2}) − e({n1}) = {delta_e})"
    );
}
