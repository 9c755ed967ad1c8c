//! `harness sprt` against an independent implementation of the published method (fishtest's `LLR_normalized`),
//! against figures computed by hand and by fishtest's own code, against the cheap approximation for large samples,
//! and on bad input.
//!
//! The independent implementation solves the constrained maximum-likelihood problem by a different route from the
//! library's (a fixed point of the secular equation, each root by bisection): Newton's method on the whole
//! Karush-Kuhn-Tucker system in (q, λ, ν), with a finite-difference Jacobian, followed along a path in t from the
//! observed t-value (where q = p solves it) to each bound.

mod cli_support;

use cli_support::{assert_exit, run};

const NELO_PER_T: f64 = 347.435_585_522_601_46;

/// The regularized distribution and its weight: each empty bin counts 1e-3 (fishtest's `regularize`).
fn empirical(counts: &[u64]) -> (f64, Vec<f64>) {
    let n: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
        .collect();
    let total: f64 = n.iter().sum();
    (total, n.iter().map(|c| c / total).collect())
}

fn moments(a: &[f64], q: &[f64]) -> (f64, f64) {
    let m: f64 = a.iter().zip(q).map(|(a, q)| a * q).sum();
    let s2: f64 = a.iter().zip(q).map(|(a, q)| q * a * a).sum::<f64>() - m * m;
    (m, s2)
}

/// The KKT residual of max Σ p ln q subject to Σ q = 1 and μ − ½ − t σ = 0, unknowns z = (q, λ, ν).
fn kkt(a: &[f64], p: &[f64], t: f64, z: &[f64]) -> Vec<f64> {
    let k = a.len();
    let (q, lambda, nu) = (&z[..k], z[k], z[k + 1]);
    let (m, s2) = moments(a, q);
    let s = s2.sqrt();
    let mut r: Vec<f64> = (0..k)
        .map(|i| {
            let grad = a[i] - t * (a[i] * a[i] - 2.0 * m * a[i]) / (2.0 * s);
            p[i] / q[i] - lambda - nu * grad
        })
        .collect();
    r.push(q.iter().sum::<f64>() - 1.0);
    r.push(m - 0.5 - t * s);
    r
}

/// Solves `m x = r` by Gaussian elimination with partial pivoting.
fn solve(mut m: Vec<Vec<f64>>, mut r: Vec<f64>) -> Vec<f64> {
    let n = r.len();
    for c in 0..n {
        let piv = (c..n)
            .max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))
            .unwrap();
        m.swap(c, piv);
        r.swap(c, piv);
        let pivot = m[c].clone();
        for i in c + 1..n {
            let f = m[i][c] / pivot[c];
            for (x, p) in m[i][c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            r[i] -= f * r[c];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|j| m[i][j] * x[j]).sum();
        x[i] = (r[i] - s) / m[i][i];
    }
    x
}

/// Newton's method on [`kkt`] from `z`, each step halved until every q stays positive and the residual falls.
fn newton(a: &[f64], p: &[f64], t: f64, mut z: Vec<f64>) -> Vec<f64> {
    let k = a.len();
    let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    for _ in 0..100 {
        let r = kkt(a, p, t, &z);
        if norm(&r) < 1e-14 {
            break;
        }
        let jac: Vec<Vec<f64>> = (0..k + 2)
            .map(|row| {
                (0..k + 2)
                    .map(|col| {
                        let h = 1e-7 * z[col].abs().max(1e-3);
                        let (mut up, mut down) = (z.clone(), z.clone());
                        up[col] += h;
                        down[col] -= h;
                        (kkt(a, p, t, &up)[row] - kkt(a, p, t, &down)[row]) / (2.0 * h)
                    })
                    .collect()
            })
            .collect();
        let dz = solve(jac, r.iter().map(|v| -v).collect());
        let mut step = 1.0;
        loop {
            let cand: Vec<f64> = z.iter().zip(&dz).map(|(z, d)| z + step * d).collect();
            if cand[..k].iter().all(|&q| q > 0.0)
                && (norm(&kkt(a, p, t, &cand)) < norm(&r) || step < 1e-6)
            {
                z = cand;
                break;
            }
            step /= 2.0;
        }
    }
    z
}

/// The maximum-likelihood q with normalized t-value `t`, by continuation from the observed t-value.
fn mle(a: &[f64], p: &[f64], t: f64) -> Vec<f64> {
    let (m, s2) = moments(a, p);
    let t_hat = (m - 0.5) / s2.sqrt();
    let mut z: Vec<f64> = p.iter().copied().chain([1.0, 0.0]).collect();
    let steps = 50;
    for s in 1..=steps {
        z = newton(a, p, t_hat + (t - t_hat) * s as f64 / steps as f64, z);
    }
    z.truncate(a.len());
    z
}

/// The published LLR: N Σ p ln(q1 / q0), the t-values per game (trinomial) or per pair (pentanomial).
fn reference_llr(counts: &[u64], elo0: f64, elo1: f64) -> f64 {
    let k = counts.len();
    let a: Vec<f64> = (0..k).map(|i| i as f64 / (k - 1) as f64).collect();
    let scale = if k == 5 { 2f64.sqrt() } else { 1.0 };
    let (n, p) = empirical(counts);
    let q0 = mle(&a, &p, elo0 / NELO_PER_T * scale);
    let q1 = mle(&a, &p, elo1 / NELO_PER_T * scale);
    n * (0..k).map(|i| p[i] * (q1[i] / q0[i]).ln()).sum::<f64>()
}

/// nElo and its 95% interval by the delta method, from central moments computed directly.
fn reference_nelo(counts: &[u64]) -> [f64; 3] {
    let k = counts.len();
    let (n, p) = empirical(counts);
    let a: Vec<f64> = (0..k).map(|i| i as f64 / (k - 1) as f64).collect();
    let (m, s2) = moments(&a, &p);
    let central = |r: i32| -> f64 { (0..k).map(|i| p[i] * (a[i] - m).powi(r)).sum() };
    let (skew, exkurt) = (central(3) / s2.powf(1.5), central(4) / (s2 * s2) - 3.0);
    let t = (m - 0.5) / s2.sqrt();
    let se = ((1.0 - t * skew + t * t * (exkurt + 2.0) / 4.0).max(0.0) / n).sqrt();
    let per_game = if k == 5 { 1.0 / 2f64.sqrt() } else { 1.0 };
    let z = 1.959_963_984_540_054;
    [t, t - z * se, t + z * se].map(|t| t * per_game * NELO_PER_T)
}

/// The `key=value` fields of `harness sprt`'s line.
fn run_sprt(args: &[&str]) -> Vec<(String, String)> {
    let out = run(&[&["sprt"], args].concat());
    assert_exit(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    let keys = [
        "llr",
        "lower",
        "upper",
        "verdict",
        "nelo",
        "nelo_low",
        "nelo_high",
        "games",
    ];
    let fields: Vec<(String, String)> = text
        .trim_end()
        .split(' ')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_owned(), v.to_owned())
        })
        .collect();
    assert_eq!(
        fields.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(),
        keys
    );
    fields
}

fn field(fields: &[(String, String)], key: &str) -> f64 {
    fields
        .iter()
        .find(|(k, _)| k == key)
        .unwrap()
        .1
        .parse()
        .unwrap()
}

fn rel(a: f64, b: f64) -> f64 {
    let d = (a - b).abs();
    if d < 1e-12 {
        0.0
    } else {
        d / a.abs().max(b.abs())
    }
}

/// Runs the binary on `counts` and the bounds, checks every number against the reference, returns the fields and
/// the largest relative difference.
fn agree(counts: &[u64], elo0: f64, elo1: f64) -> (Vec<(String, String)>, f64) {
    let list = counts
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let option = if counts.len() == 5 {
        "--penta"
    } else {
        "--tri"
    };
    let (e0, e1) = (elo0.to_string(), elo1.to_string());
    let f = run_sprt(&[option, &list, "--elo0", &e0, "--elo1", &e1]);
    let games = counts.iter().sum::<u64>() * if counts.len() == 5 { 2 } else { 1 };
    assert_eq!(field(&f, "games"), games as f64);
    let mut worst = 0.0f64;
    let llr = reference_llr(counts, elo0, elo1);
    let nelo = reference_nelo(counts);
    for (key, want) in [
        ("llr", llr),
        ("nelo", nelo[0]),
        ("nelo_low", nelo[1]),
        ("nelo_high", nelo[2]),
    ] {
        let got = field(&f, key);
        let d = rel(got, want);
        assert!(
            d < 1e-6,
            "{counts:?} [{elo0}, {elo1}] {key}: {got} vs {want}"
        );
        worst = worst.max(d);
    }
    (f, worst)
}

fn verdict(f: &[(String, String)]) -> &str {
    &f.iter().find(|(k, _)| k == "verdict").unwrap().1
}

/// LLRs of fishtest's own `LLRcalc.LLR_normalized` (official-stockfish/fishtest, server/fishtest/stats/LLRcalc.py
/// at commit b8eecff220b562a0dc2c4e68d1fa02521e06d72c), run with a bisection to machine precision standing in for
/// scipy's `brentq`. Its fixed point stops at 10 rounds or a change below 1e-9, which leaves differences far
/// below 1e-6 on these vectors.
const FISHTEST: &[(&[u64], f64, f64, f64)] = &[
    (&[100, 1000, 2500, 1100, 150], 0.0, 5.0, 4.093698896448681),
    (&[300, 500, 350], 0.0, 5.0, 0.8380796951674708),
    (
        &[1000, 1000, 1000, 1000, 1000],
        0.0,
        5.0,
        -1.0353876017317118,
    ),
    (&[0, 0, 40, 60, 30], 0.0, 5.0, 1.7724406031067093),
    (&[30, 60, 40, 0, 0], 0.0, 5.0, -1.8223962276609553),
    (&[0, 0, 0, 0, 40], 0.0, 5.0, 0.8057576041976237),
    (&[0, 5, 0, 3, 0], -3.0, 3.0, -0.04882267137986996),
    (&[31, 480, 1290, 510, 22], 0.0, 2.0, 0.058773913141461194),
    (&[26, 1013, 2420, 1151, 35], 0.5, 2.5, 1.5333021462250958),
    (&[5520, 11234, 6321], 0.0, 5.0, 13.703500813731205),
];

#[test]
fn agrees_with_fishtests_figures_and_the_independent_solver() {
    let mut worst = 0.0f64;
    for &(counts, e0, e1, llr) in FISHTEST {
        let (f, d) = agree(counts, e0, e1);
        let got = field(&f, "llr");
        assert!(rel(got, llr) < 1e-6, "{counts:?}: {got} vs fishtest {llr}");
        worst = worst.max(d).max(rel(got, llr));
    }
    eprintln!("largest relative difference (fishtest vectors): {worst:e}");
}

#[test]
fn agrees_with_the_independent_solver_on_generated_vectors() {
    // A fixed linear congruential sequence: counts of every size from empty bins to 10^5, bounds of several widths.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |m: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % m
    };
    let bounds = [
        (0.0, 5.0),
        (-1.75, 0.25),
        (0.0, 2.0),
        (-5.0, 0.0),
        (0.0, 10.0),
    ];
    let mut worst = 0.0f64;
    for case in 0..24 {
        let k = if case % 3 == 0 { 3 } else { 5 };
        let scale = [10, 1000, 100_000][case % 3];
        let counts: Vec<u64> = (0..k)
            .map(|_| if next(6) == 0 { 0 } else { next(scale) })
            .collect();
        if counts.iter().all(|&c| c == 0) {
            continue;
        }
        let (e0, e1) = bounds[case % bounds.len()];
        worst = worst.max(agree(&counts, e0, e1).1);
    }
    eprintln!("largest relative difference (generated vectors): {worst:e}");
}

#[test]
fn symmetric_results_sit_at_the_midpoint() {
    // Results symmetric about ½ with bounds symmetric about 0: q1 mirrors q0, so the LLR is 0 and nElo 0.
    for (opt, list) in [("--tri", "400,300,400"), ("--penta", "50,300,700,300,50")] {
        let f = run_sprt(&[opt, list, "--elo0", "-4", "--elo1", "4"]);
        assert!(field(&f, "llr").abs() < 1e-9, "{f:?}");
        assert!(field(&f, "nelo").abs() < 1e-9);
        assert!(rel(field(&f, "nelo_low"), -field(&f, "nelo_high")) < 1e-9);
        assert_eq!(verdict(&f), "continue");
    }
    // With bounds [0, 5] the midpoint is 2.5 nElo: an even match leans to H0.
    let f = run_sprt(&["--penta", "50,300,700,300,50"]);
    assert!(field(&f, "llr") < 0.0);
}

#[test]
fn strong_results_decide() {
    let (f, _) = agree(&[20, 400, 1000, 800, 100], 0.0, 5.0);
    assert_eq!(verdict(&f), "accept_h1");
    let (f, _) = agree(&[100, 800, 1000, 400, 20], 0.0, 5.0);
    assert_eq!(verdict(&f), "accept_h0");
    let (f, _) = agree(&[2000, 3000, 5000], 0.0, 5.0);
    assert_eq!(verdict(&f), "accept_h1");
    let (f, _) = agree(&[5000, 3000, 2000], 0.0, 5.0);
    assert_eq!(verdict(&f), "accept_h0");
}

#[test]
fn zero_games_continue() {
    let f = run_sprt(&["--penta", "0,0,0,0,0"]);
    assert_eq!(field(&f, "llr"), 0.0);
    assert_eq!(field(&f, "games"), 0.0);
    assert_eq!(verdict(&f), "continue");
    let f = run_sprt(&["--tri", "0,0,0", "--elo0", "-5", "--elo1", "0"]);
    assert_eq!(field(&f, "nelo"), 0.0);
}

/// For large samples the GSPRT is close to its quadratic approximation (fishtest's `LLR_normalized_alt`):
/// `(games / 2) ln[(1 + (t̂ − t0)²) / (1 + (t̂ − t1)²)]`, t per game. The two differ by terms of third order in
/// the distance between t̂ and the bounds (skewness of the distribution); with t-values within 0.05 of each
/// other the relative difference stays below 0.2% on these vectors (fishtest's figures give 0.1% and less), so 1%
/// is loose enough for any realistic distribution and tight enough to catch a wrong factor (N against games,
/// √2 per pair).
#[test]
fn large_samples_match_the_approximation() {
    for (counts, e0, e1) in [
        (&[100u64, 1000, 2500, 1100, 150][..], 0.0, 5.0),
        (&[26, 1013, 2420, 1151, 35], 0.5, 2.5),
        (&[2000, 12000, 30000, 13000, 2100], 0.0, 2.0),
        (&[5520, 11234, 6321], 0.0, 5.0),
        (&[30000, 41000, 31000], -1.75, 0.25),
    ] {
        let k = counts.len();
        let (n, p) = empirical(counts);
        let a: Vec<f64> = (0..k).map(|i| i as f64 / (k - 1) as f64).collect();
        let (m, s2) = moments(&a, &p);
        let (games, sigma_pg) = if k == 5 {
            (2.0 * n, (2.0 * s2).sqrt())
        } else {
            (n, s2.sqrt())
        };
        let t = (m - 0.5) / sigma_pg;
        let (t0, t1) = (e0 / NELO_PER_T, e1 / NELO_PER_T);
        let approx = games / 2.0 * ((1.0 + (t - t0).powi(2)) / (1.0 + (t - t1).powi(2))).ln();
        let list = counts
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let option = if k == 5 { "--penta" } else { "--tri" };
        let (e0, e1) = (e0.to_string(), e1.to_string());
        let llr = field(
            &run_sprt(&[option, &list, "--elo0", &e0, "--elo1", &e1]),
            "llr",
        );
        assert!(rel(llr, approx) < 0.01, "{counts:?}: {llr} vs ≈ {approx}");
    }
}

/// Runs `harness sprt args`, expects status 2, no output and every needle in the message.
fn rejects(args: &[&str], needles: &[&str]) {
    let out = run(&[&["sprt"], args].concat());
    let err = assert_exit(&out, 2);
    for n in needles {
        assert!(err.contains(n), "{args:?}: expected {n:?} in: {err}");
    }
    assert!(out.stdout.is_empty(), "{args:?} printed results");
}

#[test]
fn bad_input_exits_2_naming_the_option() {
    rejects(
        &["--penta", "1,2,3"],
        &[
            "invalid value '1,2,3' for '--penta <LL,LD,DD,DW,WW>'",
            "expected 5 comma-separated counts",
        ],
    );
    rejects(
        &["--tri", "1,-2,3"],
        &["'--tri <L,D,W>'", "item 2 '-2': a count cannot be negative"],
    );
    rejects(
        &["--tri", "1,2.5,3"],
        &["'--tri <L,D,W>'", "a count is a whole number"],
    );
    rejects(&["--tri", "1,,3"], &["'--tri <L,D,W>'", "item 2 is empty"]);
    rejects(
        &["--tri", "1,2,99999999999999999999"],
        &["'--tri <L,D,W>'", "too large"],
    );
    rejects(&[], &["--penta", "--tri"]);
    rejects(
        &["--penta", "1,2,3,4,5", "--tri", "1,2,3"],
        &["cannot be used with"],
    );
    rejects(
        &["--tri", "1,2,3", "--elo0", "5", "--elo1", "0"],
        &["--elo0 5 must be below --elo1 0"],
    );
    rejects(
        &["--tri", "1,2,3", "--elo1", "nan"],
        &["'--elo1 <ELO1>'", "must be a number from"],
    );
    rejects(&["--tri", "1,2,3", "--elo0", "x"], &["'--elo0 <ELO0>'"]);
    rejects(
        &["--tri", "1,2,3", "--alpha", "0.5"],
        &["'--alpha <ALPHA>'", "must be above 0 and below 0.5"],
    );
    rejects(&["--tri", "1,2,3", "--beta", "0"], &["'--beta <BETA>'"]);
    rejects(&["--tri", "1,2,3", "--beta", "-0.1"], &["--beta"]);
}
