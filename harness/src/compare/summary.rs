//! The comparison's result rows: one per arm and measure, as a tidy CSV and as a table for people.

use crate::compare::CompareRecord;
use crate::compare::CompareRoundRecord;
use crate::present::{Align, Table, TableError, number};
use crate::record::schema::write_records;
use crate::record::{ArmKey, Provenance};
use crate::statistics::Interval;
use crate::verdict::{Verdict, Wording};

/// Which figure a row compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Measure {
    /// Median wall-clock nanoseconds per operation (noisy; paired runs).
    Time,
    /// Callgrind instructions per operation (deterministic).
    Instructions,
}

impl Measure {
    /// Name in the CSV.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Measure::Time => "time",
            Measure::Instructions => "instructions",
        }
    }

    /// Unit of the A and B columns.
    pub(crate) fn unit(self) -> &'static str {
        match self {
            Measure::Time => "ns_per_op",
            Measure::Instructions => "instructions_per_op",
        }
    }

    /// One median of this measure for people: a time with its unit, or an instruction count with an SI prefix.
    pub(crate) fn figure(self, x: f64) -> String {
        match self {
            Measure::Time => number::time_ns(x),
            Measure::Instructions => number::instructions(x),
        }
    }

    /// Verdict wording.
    pub(crate) fn verdict_label(self, v: Verdict) -> &'static str {
        let words = match self {
            Measure::Time => Wording::new("B faster", "B slower", "no verdict"),
            Measure::Instructions => Wording::new("B fewer", "B more", "no verdict"),
        };
        v.label(&words)
    }

    /// The practical threshold of its verdicts: ±1% for times. An instruction ratio is already widened by
    /// `--instruction-tolerance` t on each side, so its interval `[p(1 − t), p(1 + t)]` lies within `1 ± t(2 + t)`
    /// exactly when the ratio p itself is within about ±t of 1: counts that differ by no more than layout noise read
    /// "within noise", and identical counts never read "no verdict".
    pub(crate) fn threshold(self, instruction_tolerance: f64) -> f64 {
        match self {
            Measure::Time => crate::verdict::NOISE_THRESHOLD,
            Measure::Instructions => instruction_tolerance * (2.0 + instruction_tolerance),
        }
    }
}

/// One compared figure.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CompareRow {
    /// Scenario, variant, evaluator, traversal.
    pub arm: ArmKey,
    /// The figure.
    pub measure: Measure,
    /// Median of side A's measurements.
    pub a: f64,
    /// Median of side B's measurements.
    pub b: f64,
    /// A / B: B's speedup over A (time), or A's instructions over B's; > 1 = B better.
    pub ratio: Interval,
    /// Whether both sides repeated their figure exactly (instruction counts), so the ratio is one exact number.
    pub exact: bool,
    /// Paired measurements behind the ratio: interleaved rounds, or pairs of main-job runs.
    pub pairs: usize,
    /// `--instruction-tolerance` (a fraction), which sets the instruction verdict's threshold.
    pub tolerance: f64,
}

impl CompareRow {
    /// The verdict its ratio supports ([`Verdict::of`] against 1 with the measure's threshold).
    pub(crate) fn verdict(&self) -> Verdict {
        Verdict::of(&self.ratio, 1.0, self.measure.threshold(self.tolerance))
    }
}

/// Run-wide columns repeated on every CSV row, so a row stands on its own.
#[derive(Clone, Debug)]
pub(crate) struct Context {
    /// Side A as asked for, with its commit.
    pub a: String,
    /// Side B as asked for, with its commit.
    pub b: String,
    /// `rustc -V` of both builds and the flags they inherited.
    pub toolchain: String,
    /// The comparing harness's machine, compiler and revision, and the comparison's base seed.
    pub provenance: Provenance,
}

/// The rows of `compare.csv`, through the typed schema.
pub(crate) fn records(rows: &[CompareRow], ctx: &Context) -> Vec<CompareRecord> {
    rows.iter()
        .map(|r| {
            let k = &r.arm;
            CompareRecord {
                scenario: k.scenario.clone(),
                variant: k.variant.clone(),
                evaluator: k.evaluator.clone(),
                traversal: k.traversal.clone(),
                measure: r.measure.name().to_owned(),
                unit: r.measure.unit().to_owned(),
                a_median: r.a,
                b_median: r.b,
                pairs: r.pairs as u64,
                exact: r.exact,
                verdict: r.measure.verdict_label(r.verdict()).to_owned(),
                revision_a: ctx.a.clone(),
                revision_b: ctx.b.clone(),
                toolchain: ctx.toolchain.clone(),
                ..CompareRecord::default()
            }
            .with_a_over_b(&r.ratio)
            .with_provenance(&ctx.provenance)
        })
        .collect()
}

/// The CSV text of `compare.csv` (header first); `path` names it in errors.
pub(crate) fn csv_bytes(
    rows: &[CompareRow],
    ctx: &Context,
    path: &std::path::Path,
) -> anyhow::Result<Vec<u8>> {
    Ok(write_records(records(rows, ctx), path)?)
}

/// The CSV text of `compare_rounds.csv`: every interleaved round of every configuration (`times[arm]` = A's and
/// B's per-round times; `session[i]` and `first[i]` = round `i`'s session and first side).
pub(crate) fn rounds_csv_bytes(
    times: &std::collections::BTreeMap<ArmKey, [Vec<f64>; 2]>,
    session: &[usize],
    first: &[usize],
    provenance: &Provenance,
    path: &std::path::Path,
) -> anyhow::Result<Vec<u8>> {
    let mut out = Vec::new();
    for (i, (&s, &f)) in session.iter().zip(first).enumerate() {
        for (k, [a, b]) in times {
            let (Some(&a), Some(&b)) = (a.get(i), b.get(i)) else {
                continue;
            };
            out.push(
                CompareRoundRecord {
                    session: s as u64,
                    round: i as u64,
                    first: if f == 0 { "A" } else { "B" }.to_owned(),
                    scenario: k.scenario.clone(),
                    variant: k.variant.clone(),
                    evaluator: k.evaluator.clone(),
                    traversal: k.traversal.clone(),
                    a_ns_per_op: a,
                    b_ns_per_op: b,
                    ..CompareRoundRecord::default()
                }
                .with_provenance(provenance),
            );
        }
    }
    Ok(write_records(out, path)?)
}

/// The people's table of the comparison, one row per compared figure: A's and B's medians with units, and the one
/// ratio direction of the whole harness, B's speedup over A = A / B (> 1 = B better), with its interval. Rendered
/// as markdown in `compare.md` and as plain text on the console, so the two cannot disagree.
pub(crate) fn table(rows: &[CompareRow]) -> Result<Table, TableError> {
    let mut t = Table::new([
        ("scenario", Align::Left),
        ("variant", Align::Left),
        ("evaluator", Align::Left),
        ("traversal", Align::Left),
        ("measure", Align::Left),
        ("A", Align::Right),
        ("B", Align::Right),
        ("B's speedup over A (A / B, > 1 = B better)", Align::Right),
        ("interval", Align::Left),
        ("verdict", Align::Left),
    ]);
    for r in rows {
        let k = &r.arm;
        let interval = if r.exact {
            "exact, tolerance widens it".to_string()
        } else if r.ratio.method == crate::statistics::Method::StudentT {
            format!(
                "{} over {} sessions, {} rounds",
                number::percent(r.ratio.level),
                number::count(r.ratio.n),
                number::count(r.pairs)
            )
        } else {
            format!(
                "{} coverage, {} pairs",
                number::percent(r.ratio.level),
                number::count(r.pairs)
            )
        };
        t.row([
            k.scenario.as_str(),
            &k.variant,
            &k.evaluator,
            &k.traversal,
            r.measure.name(),
            &r.measure.figure(r.a),
            &r.measure.figure(r.b),
            &number::ratio_interval(r.ratio.point, r.ratio.low, r.ratio.high),
            &interval,
            r.measure.verdict_label(r.verdict()),
        ])?;
    }
    Ok(t)
}

/// One line: how many rows of each measure got which verdict.
pub(crate) fn tally(rows: &[CompareRow]) -> String {
    let mut parts = Vec::new();
    for m in [Measure::Time, Measure::Instructions] {
        let of: Vec<&CompareRow> = rows.iter().filter(|r| r.measure == m).collect();
        if of.is_empty() {
            continue;
        }
        let count = |v: Verdict| of.iter().filter(|r| r.verdict() == v).count();
        parts.push(format!(
            "{}: {} {}, {} {}, {} within noise, {} without verdict",
            m.name(),
            count(Verdict::Better),
            m.verdict_label(Verdict::Better),
            count(Verdict::Worse),
            m.verdict_label(Verdict::Worse),
            count(Verdict::WithinNoise),
            count(Verdict::NoVerdict)
        ));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::verdict::{count_ratio, time_ratio};
    use crate::statistics::Method;

    fn arm() -> ArmKey {
        ArmKey::new("s", "optimized", "material", "on")
    }

    #[test]
    fn csv_and_table_carry_the_verdicts() {
        let rows = vec![
            CompareRow {
                arm: arm(),
                measure: Measure::Time,
                a: 100.0,
                b: 80.0,
                ratio: time_ratio(&[100.0; 6], &[80.0; 6]).unwrap(),
                exact: false,
                pairs: 6,
                tolerance: 0.005,
            },
            CompareRow {
                arm: arm(),
                measure: Measure::Instructions,
                a: 1000.0,
                b: 1000.0,
                ratio: count_ratio(&[1000.0], &[1000.0], 0.005).unwrap(),
                exact: true,
                pairs: 1,
                tolerance: 0.005,
            },
        ];
        let ctx = Context {
            a: "HEAD~1 (abc)".into(),
            b: "HEAD (def)".into(),
            toolchain: "rustc 1 | RUSTFLAGS unset".into(),
            provenance: Provenance {
                machine: "m".into(),
                rustc: "rustc 1".into(),
                git_revision: "def".into(),
                seed: 7,
            },
        };
        let path = std::path::Path::new("compare.csv");
        let csv = String::from_utf8(csv_bytes(&rows, &ctx, path).unwrap()).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 3);
        // The columns of every earlier compare.csv, in their order, then the shared provenance's other two.
        assert_eq!(
            lines[0],
            "scenario,variant,evaluator,traversal,measure,unit,a_median,b_median,a_over_b_median,a_over_b_low,\
             a_over_b_high,pairs,a_over_b_level,exact,verdict,revision_a,revision_b,machine,toolchain,seed,\
             rustc,git_revision,a_over_b_n,a_over_b_method"
        );
        assert!(
            lines[1].contains(",100,80,1.250000,1.250000,1.250000,6,"),
            "{}",
            lines[1]
        );
        assert!(lines[1].contains(",B faster,"), "{}", lines[1]);
        assert!(lines[2].contains(",true,within noise,"), "{}", lines[2]);
        assert!(
            lines[2].ends_with(
                ",HEAD~1 (abc),HEAD (def),m,rustc 1 | RUSTFLAGS unset,7,rustc 1,def,1,exact"
            ),
            "{}",
            lines[2]
        );
        // It reads back through the schema, and writes the same text again.
        let back: Vec<CompareRecord> = crate::record::schema::parse_records(csv.as_bytes(), path)
            .unwrap()
            .into_iter()
            .map(|l| l.record)
            .collect();
        assert_eq!(back[1].a_over_b().level, 1.0);
        assert_eq!(write_records(back, path).unwrap(), csv.as_bytes());
        // Files written before the interval was one column group read into it: with `coverage`, `sessions` (0
        // but for a session interval) and `interval_method`, and older ones without the last two (an
        // order-statistic interval over the pairs).
        let read = |text: &str| -> Vec<crate::statistics::Interval> {
            crate::record::schema::parse_records::<CompareRecord>(text.as_bytes(), path)
                .unwrap()
                .iter()
                .map(|l| l.record.a_over_b())
                .collect()
        };
        let header = lines[0]
            .replace("a_over_b_level", "coverage")
            .replace("a_over_b_n", "sessions")
            .replace("a_over_b_method", "interval_method");
        let older = csv
            .replacen(lines[0], &header, 1)
            .replace(",def,1,exact", ",def,0,exact");
        assert_eq!(read(&older), read(&csv));
        let oldest =
            crate::record::schema::without_columns(&older, &["sessions", "interval_method"]);
        let oldest = read(&oldest);
        assert_eq!(oldest[1].method, Method::PairedRatio);
        assert_eq!((oldest[0].n, oldest[1].n), (6, 1));
        let t = table(&rows).unwrap();
        let md = t.markdown();
        assert!(
            md.contains("| 100 ns | 80.0 ns | 1.25x [1.25, 1.25] |"),
            "{md}"
        );
        assert!(
            md.contains("| B faster |")
                && md.contains("| 1.00 k | 1.00 k | 1.00x [0.995, 1.00] | exact")
        );
        let plain = t.plain();
        assert!(
            plain.contains("1.25x [1.25, 1.25]") && plain.contains("B faster"),
            "{plain}"
        );
        assert_eq!(
            tally(&rows),
            "time: 1 B faster, 0 B slower, 0 within noise, 0 without verdict; instructions: 0 B fewer, 0 B more, 1 within noise, 0 without verdict"
        );
    }
}
