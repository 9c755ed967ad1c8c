//! The answer first: at most eight plain sentences, each a question in the reader's words answered from the run
//! with its figures and intervals. Each experiment contributes the claims its files support (its `claims`, which
//! `experiments::answer` collects); this module orders them by [`Question`], says "not measured in this run" for
//! a question no experiment answered (its stage was skipped), and words the list for the report, the console and
//! `summary.json` alike, so the three never differ. It sits below `experiments`, as `section` does.

mod families;

pub(crate) use families::{
    FamilyAnswer, FamilyComparison, Usage, by_family, measured_cause, signed_percent,
};

use crate::present::number::{percent, points_interval, ratio_interval};
use crate::statistics::Interval;
use serde::Serialize;

/// A question the answer takes, declared by the experiment whose claims answer it
/// (`Experiment::questions` in the experiments module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Question {
    /// Its place in the answer (questions are given in this order).
    pub order: u8,
    /// The question in user words, as the sentence opens.
    pub words: &'static str,
    /// The comparison it reads, as the report names it, when a timing decides it: fixed here before any run, its
    /// family-wise error held at 5% over the question's families ([`by_family`], Holm). Every other verdict is
    /// exploratory.
    pub declared: Option<&'static str>,
}

/// One figure behind a claim, with its interval as the harness computed it (an exact count has level 1);
/// stored as its name and unit beside the interval's own keys.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct ClaimFigure {
    /// What the figure is (`speedup sparse`, `hit rate middlegame, traversal off`).
    pub name: String,
    /// Its unit (`x` for a ratio > 1 = better, `fraction`, `points`, `instructions`, `entries`).
    pub unit: &'static str,
    /// The figure with its interval.
    #[serde(flatten)]
    pub interval: Interval,
}

impl ClaimFigure {
    /// A figure with its interval.
    pub(crate) fn of(name: impl Into<String>, unit: &'static str, i: &Interval) -> ClaimFigure {
        ClaimFigure {
            name: name.into(),
            unit,
            interval: *i,
        }
    }

    /// An exact figure (a count or a ratio of counts).
    pub(crate) fn exact(name: impl Into<String>, unit: &'static str, value: f64) -> ClaimFigure {
        ClaimFigure::of(name, unit, &Interval::exact(value))
    }
}

/// One sentence of the answer: its question, the sentence (which opens with the question) and its figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Claim {
    /// The question answered (not serialized: the sentence opens with it).
    #[serde(skip)]
    pub question: Question,
    pub claim: String,
    pub figures: Vec<ClaimFigure>,
}

impl Claim {
    /// The claim answering `question` with `answer` (the sentence after the question).
    pub(crate) fn new(question: Question, answer: &str, figures: Vec<ClaimFigure>) -> Claim {
        Claim {
            question,
            claim: format!("{} {answer}", question.words),
            figures,
        }
    }

    /// The claim of a question whose stage did not run.
    pub(crate) fn not_measured(question: Question) -> Claim {
        Claim::new(question, "Not measured in this run.", Vec::new())
    }
}

/// `given` in the order of `questions` (every question the answer takes, in order), each question once (the
/// first claim given for it), the missing ones said as not measured.
pub(crate) fn ordered(given: Vec<Claim>, questions: &[Question]) -> Vec<Claim> {
    questions
        .iter()
        .map(|&q| {
            given
                .iter()
                .find(|c| c.question == q)
                .cloned()
                .unwrap_or_else(|| Claim::not_measured(q))
        })
        .collect()
}

/// The answer's first line when the machine was loaded during the timing: other processes than the job kept more
/// than half a core each busy (`metadata.txt`'s `other_load` over `cores`); `None` otherwise or when not recorded.
/// (The load averages `load_before` and `load_after` count the job's own lanes, which keep every core busy, so
/// they cannot say this.)
pub(crate) fn unreliable_timings(other_load: &str, cores: &str) -> Option<String> {
    let load: f64 = other_load.trim().parse().ok()?;
    let cores: usize = cores.parse().ok()?;
    crate::measure::usage::unreliable(Some(load), cores).then(|| {
        format!(
            "**The timings of this run are unreliable**: other processes kept {load:.2} of {cores} cores busy \
             during the timing (more than {} per core); counts and instruction figures are unaffected.",
            crate::measure::usage::UNRELIABLE_LOAD_PER_CORE
        )
    })
}

/// The answer as the report opens with it (`warning`: its first line, [`unreliable_timings`]).
pub(crate) fn markdown(claims: &[Claim], warning: Option<&str>, questions: &[Question]) -> String {
    let mut md = String::from("## The answer\n\n");
    if let Some(w) = warning {
        md.push_str(&format!("{w}\n\n"));
    }
    for c in claims {
        md.push_str(&format!("- {}\n", c.claim));
    }
    md.push_str(
        "\nIntervals are written `point [low, high] (level, n)`; every ratio reads > 1 = better. The sections \
         below hold every figure.\n\n",
    );
    md.push_str(&declared_note(questions));
    md
}

/// The declared comparisons as the report names them, and what "exploratory" means for the rest.
pub(crate) fn declared_note(questions: &[Question]) -> String {
    let list: Vec<String> = questions
        .iter()
        .filter_map(|q| Some(format!("\"{}\" reads {}", q.words, q.declared?)))
        .collect();
    format!(
        "Declared comparisons (fixed in the code before the run): {}. Each question's family-wise error is held \
         at 5% by Holm's step-down over its families; a family is \"not shown\" when its interval at its step's \
         level still holds no cache's time and reaches past ±1%, and a claim opens with Yes or No only when every \
         family is decided. Every other verdict in this report (At a glance, the section tables, the settings \
         the answer names as exploratory) is exploratory: judged alone at 95%, not corrected for the many \
         made.\n\n",
        list.join("; ")
    )
}

/// The answer as the console prints it, one sentence per line.
pub(crate) fn console_lines(claims: &[Claim]) -> Vec<String> {
    claims.iter().map(|c| format!("- {}", c.claim)).collect()
}

/// `1.03x [1.02, 1.04] (98%, n = 15)`: a ratio with its interval, level and sample count.
pub(crate) fn ratio_text(i: &Interval) -> String {
    format!("{} {}", ratio_interval(i.point, i.low, i.high), level_n(i))
}

/// `+0.3 pt [+0.2, +0.3] (95%, n = 10)`: a difference of hit rates with its interval.
pub(crate) fn points_text(i: &Interval) -> String {
    format!("{} {}", points_interval(i.point, i.low, i.high), level_n(i))
}

/// `(98%, n = 15)`.
fn level_n(i: &Interval) -> String {
    format!("({})", level_and_n(i))
}

/// `98%, n = 15`.
fn level_and_n(i: &Interval) -> String {
    format!("{}, n = {}", percent_level(i.level), i.n)
}

/// A coverage as a whole per cent where it is one (95%), else to one decimal (98.4%).
fn percent_level(level: f64) -> String {
    let p = level * 100.0;
    if (p - p.round()).abs() < 1e-9 {
        format!("{p:.0}%")
    } else {
        percent(level)
    }
}

/// The level and sample count of every interval of a table, said once below it: "96.9%, n = 6" when they share
/// them, else their ranges ("96.9% to 98.4%, n = 6 to 7"); `None` for no interval.
pub(crate) fn intervals_note<'a>(all: impl IntoIterator<Item = &'a Interval>) -> Option<String> {
    let all: Vec<&Interval> = all.into_iter().collect();
    let first = *all.first()?;
    if let Some(i) = shared_level_n(all.iter().copied()) {
        return Some(level_and_n(&i));
    }
    let (mut lv, mut n) = ((first.level, first.level), (first.n, first.n));
    for i in &all {
        lv = (lv.0.min(i.level), lv.1.max(i.level));
        n = (n.0.min(i.n), n.1.max(i.n));
    }
    let range = |a: String, b: String| if a == b { a } else { format!("{a} to {b}") };
    Some(format!(
        "{}, n = {}",
        range(percent_level(lv.0), percent_level(lv.1)),
        range(n.0.to_string(), n.1.to_string())
    ))
}

/// The first interval when every interval has its level and count (so they can be said once).
pub(crate) fn shared_level_n<'a>(mut all: impl Iterator<Item = &'a Interval>) -> Option<Interval> {
    let first = *all.next()?;
    all.all(|i| i.level == first.level && i.n == first.n)
        .then_some(first)
}

/// How many of `n` families: "in none of 6 families", "in 2 of 6 families", "in all 6 families", "in both
/// families", "in neither of 2 families", and for a run of one family "in its one family" / "in no family (1
/// measured)", so a one-family run reads as English.
pub(crate) fn in_families(k: usize, n: usize) -> String {
    match (k, n) {
        (0, 1) => "in no family (1 measured)".to_owned(),
        (1, 1) => "in its one family".to_owned(),
        (0, 2) => "in neither of 2 families".to_owned(),
        (2, 2) => "in both families".to_owned(),
        (0, n) => format!("in none of {n} families"),
        (k, n) if k == n => format!("in all {n} families"),
        (k, n) => format!("in {k} of {n} families"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::assert_contains;

    /// The first line says the timings are unreliable exactly when other processes kept more than half a core each busy.
    #[test]
    fn a_loaded_run_opens_with_the_unreliable_timings_line() {
        let line = unreliable_timings("1.30", "2").unwrap();
        assert_contains(&line, &["unreliable", "1.30"]);
        assert!(markdown(&[], Some(&line), &[]).starts_with(&format!("## The answer\n\n{line}")));
        assert!(unreliable_timings("0.90", "2").is_none());
        // Older runs recorded no other load: no line (their load averages held the job's own lanes).
        assert!(unreliable_timings("unknown", "2").is_none());
        assert!(unreliable_timings("", "2").is_none());
    }

    #[test]
    fn every_question_is_answered_once_in_order_and_a_skipped_one_says_so() {
        let q = |order, words| Question {
            order,
            words,
            declared: None,
        };
        let all = vec![q(1, "First?"), q(2, "Second?"), q(3, "Third?")];
        let (first, last) = (all[0], all[all.len() - 1]);
        let given = vec![
            Claim::new(last, "From 2^14 entries.", Vec::new()),
            Claim::new(first, "No.", Vec::new()),
        ];
        let out = ordered(given, &all);
        assert_eq!(out.iter().map(|c| c.question).collect::<Vec<_>>(), all);
        assert!(out[0].claim.ends_with("No."));
        assert!(out[1].claim.ends_with("Not measured in this run."));
        assert!(out[all.len() - 1].claim.starts_with(last.words));
        assert!(out.len() <= 8, "at most eight sentences");
        let json = serde_json::to_value(&out[0]).unwrap();
        assert_eq!(json.as_object().unwrap().len(), 2, "{{claim, figures}}");
    }

    #[test]
    fn an_interval_shows_its_level_and_count() {
        let i = crate::present::paired(1.03, 1.02, 1.04, 0.984375, 7);
        assert_eq!(ratio_text(&i), "1.03x [1.02, 1.04] (98.4%, n = 7)");
        assert_eq!(
            intervals_note([&i, &Interval { n: 8, ..i }]).unwrap(),
            "98.4%, n = 7 to 8"
        );
    }
}
