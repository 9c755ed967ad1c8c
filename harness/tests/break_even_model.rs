//! The break-even model reproduces a measured instruction count exactly from its parts. Callgrind counts are
//! deterministic, so for `work:N` at two N on one operation (the promotion-en-passant family's first successor:
//! 254 lookups, a few seconds under callgrind even unoptimised):
//!
//! I(variant, N) = G(values of N) + L·p + M·e(N) and I(none, N) = G(values of N) + L·e(N), where G may depend on
//! the evaluator's values (the expansion's comparisons take different branches) but not on its cost. Hence
//! I(optimized, N2) = I(optimized, N1) + (I(none, N2) − I(none, N1)) − (L − M)·(e(N2) − e(N1)) to the instruction,
//! with e(N2) − e(N1) measured alone (the evaluator called on its own, no expansion).

mod cli_support;
mod support;

use cli_support::callgrind_op;

const FAMILY: &str = "promotion-en-passant";
const ALONE_CALLS: u32 = 64;

#[test]
fn the_model_reproduces_one_operation_exactly_from_its_parts() {
    if !support::valgrind_present() {
        println!("skipped: valgrind is not installed (or not on PATH), so nothing can be counted");
        return;
    }
    let work = support::temp_dir("break-even-model");
    // Instructions, lookups and misses of the measured operation of one arm, measured as the harness measures it.
    let arm = |cache: &str, eval: &str| {
        let spec = format!("{cache}/{eval}/on");
        let out = work.path().join(format!("{cache}-{eval}"));
        let child =
            callgrind_op(&out, windowed(), &["--scenario", FAMILY, "--arm", &spec]).remove(0);
        let f = |k: &str| i128::from(child.figures[k]);
        (
            i128::from(child.totals.ir),
            f("lookups"),
            f("evaluator_calls"),
        )
    };
    // Instructions of ALONE_CALLS calls of the evaluator on its own.
    let alone = |eval: &str| {
        let out = work.path().join(format!("alone-{eval}"));
        let calls = ALONE_CALLS.to_string();
        let args = ["--scenario", FAMILY, "--eval", eval, "--alone", &calls];
        i128::from(callgrind_op(&out, windowed(), &args).remove(0).totals.ir)
    };
    let (n1, n2) = ("work:1", "work:16");
    let (none1, none2) = (arm("none", n1), arm("none", n2));
    let (opt1, opt2) = (arm("optimized", n1), arm("optimized", n2));
    let lookups = none1.1;
    let misses = opt1.2;
    for m in [&none2, &opt1, &opt2] {
        assert_eq!(m.1, lookups, "every arm makes the same lookups");
    }
    assert_eq!(opt2.2, misses, "the misses do not depend on the evaluator");
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

    let predicted = opt1.0 + (none2.0 - none1.0) - (lookups - misses) * delta_e;
    assert_eq!(
        predicted, opt2.0,
        "I(optimized, {n2}) from its parts (L = {lookups}, M = {misses}, e({n2}) − e({n1}) = {delta_e})"
    );
}

/// Whether the children switch instrumentation on at their window, as the harness runs them (x86-64 only).
fn windowed() -> bool {
    cfg!(target_arch = "x86_64")
}
