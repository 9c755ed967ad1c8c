//! The evaluators a downstream binary brings (`harness::main_with(Registry::new().with(Mine))`): installed once,
//! before the command line is parsed, so every `--eval` accepts their names, every child process the harness
//! re-executes (the same binary, `std::env::current_exe`) knows them too, and every CSV, chart and `summary.json`
//! carries them by name as it carries the built-in ones.
//!
//! Each registered evaluator becomes [`EvaluatorKind::User`]: a `Copy` handle whose plain function is one of a
//! fixed set of trampolines, so the timed code calls it through the same `fn` pointer as every built-in (the
//! trampoline adds one `&dyn Evaluator` call).

use engine::eval::Evaluator;
use engine::{Color, GameState};
use std::sync::OnceLock;

/// What `FromStr` accepts, as its unknown-name error lists it: every parameterless name, then `work:N`'s rule
/// (with a registry installed, its names come before the rule: [`crate::registry::accepted`]).
pub(crate) const ACCEPTED: &[&str] = &[
    "material",
    "constant",
    "aggressive",
    "counter",
    "mobility",
    "network",
    "work:N with N a power of two from 1 to 65536",
];

/// At most this many evaluators can be registered (one trampoline each).
pub const MAX_USER_EVALUATORS: usize = 8;

/// The evaluators of a downstream binary, in registration order (the order `--help`-style lists show them).
///
/// ```
/// use engine::eval::Evaluator;
/// use engine::{Color, GameState};
/// struct Mine;
/// impl Evaluator for Mine {
///     fn name(&self) -> &str { "mine" }
///     fn evaluate(&self, s: &GameState, c: Color) -> i32 { engine::evaluate_material(s, c) }
/// }
/// let registry = harness::Registry::new().with(Mine);
/// assert_eq!(registry.names(), ["mine"]);
/// ```
#[derive(Default)]
pub struct Registry {
    evaluators: Vec<Box<dyn Evaluator>>,
}

impl Registry {
    /// No evaluator beyond the built-in ones.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// `self` with `evaluator` added.
    ///
    /// # Panics
    ///
    /// When its name is not 1 to 32 lowercase letters, digits, `-` or `_`, is a built-in evaluator's name (or
    /// `work`), is already registered, or when [`MAX_USER_EVALUATORS`] are registered already: a mistake in the
    /// downstream binary's code, reported when it starts.
    pub fn with(mut self, evaluator: impl Evaluator + 'static) -> Registry {
        let name = evaluator.name().to_owned();
        if let Err(e) = check_name(&name, &self.names()) {
            panic!("harness::Registry::with: {e}");
        }
        assert!(
            self.evaluators.len() < MAX_USER_EVALUATORS,
            "harness::Registry::with: at most {MAX_USER_EVALUATORS} evaluators can be registered"
        );
        self.evaluators.push(Box::new(evaluator));
        self
    }

    /// The registered names, in order.
    pub fn names(&self) -> Vec<&str> {
        self.evaluators.iter().map(|e| e.name()).collect()
    }

    /// Installs these evaluators for this process, as [`crate::main_with`] does before it parses the command line;
    /// a downstream crate's benches and tests call it to use the harness's kernels on their evaluators. A second
    /// installation must register the same names (a test binary may install its registry from several tests);
    /// anything else panics, as the first one's handles are in use.
    pub fn install(self) {
        let names: Vec<String> = self.names().iter().map(|n| n.to_string()).collect();
        let installed = INSTALLED.get_or_init(|| {
            let evaluators: Vec<&'static dyn Evaluator> = self
                .evaluators
                .into_iter()
                .map(|e| &*Box::leak(e))
                .collect();
            let mut accepted: Vec<&'static str> = ACCEPTED.to_vec();
            let user = evaluators.iter().map(|e| e.name());
            accepted.splice(accepted.len() - 1..accepted.len() - 1, user);
            Installed {
                evaluators,
                accepted: Vec::leak(accepted),
            }
        });
        let have: Vec<&str> = installed.evaluators.iter().map(|e| e.name()).collect();
        assert_eq!(
            have, names,
            "harness::Registry::install: a different registry is installed already"
        );
    }
}

/// Why `name` cannot be registered next to `taken`, if it cannot.
fn check_name(name: &str, taken: &[&str]) -> Result<(), String> {
    let ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
    if name.is_empty() || name.len() > 32 || !name.chars().all(ok) {
        return Err(format!(
            "evaluator name '{name}': use 1 to 32 lowercase letters, digits, '-' and '_'"
        ));
    }
    if name == "work" || ACCEPTED.contains(&name) {
        return Err(format!("evaluator name '{name}' is a built-in evaluator's"));
    }
    if taken.contains(&name) {
        return Err(format!("evaluator name '{name}' is registered twice"));
    }
    Ok(())
}

/// What a process has installed: the evaluators (leaked: they live as long as the process) and the names an
/// unknown-evaluator error lists.
struct Installed {
    evaluators: Vec<&'static dyn Evaluator>,
    accepted: &'static [&'static str],
}

static INSTALLED: OnceLock<Installed> = OnceLock::new();

/// The installed evaluators (none when no registry was installed).
pub(crate) fn installed() -> &'static [&'static dyn Evaluator] {
    INSTALLED.get().map_or(&[], |i| i.evaluators.as_slice())
}

/// Every name `--eval` accepts, as its unknown-evaluator error lists them.
pub(crate) fn accepted() -> &'static [&'static str] {
    INSTALLED.get().map_or(ACCEPTED, |i| i.accepted)
}

/// The installed evaluator called `name`, as a handle.
pub(crate) fn find(name: &str) -> Option<UserEvaluator> {
    installed()
        .iter()
        .position(|e| e.name() == name)
        .map(|i| UserEvaluator(i as u8))
}

/// An installed evaluator: its registration index.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct UserEvaluator(u8);

impl UserEvaluator {
    /// The evaluator.
    pub fn get(self) -> &'static dyn Evaluator {
        installed()[usize::from(self.0)]
    }

    /// Its plain function: the trampoline of its index.
    pub(crate) fn function(self) -> fn(&GameState, Color) -> i32 {
        TRAMPOLINES[usize::from(self.0)]
    }
}

fn trampoline<const I: usize>(s: &GameState, c: Color) -> i32 {
    installed()[I].evaluate(s, c)
}

const TRAMPOLINES: [fn(&GameState, Color) -> i32; MAX_USER_EVALUATORS] = [
    trampoline::<0>,
    trampoline::<1>,
    trampoline::<2>,
    trampoline::<3>,
    trampoline::<4>,
    trampoline::<5>,
    trampoline::<6>,
    trampoline::<7>,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_cannot_be_told_apart_are_refused() {
        assert!(check_name("mine", &[]).is_ok());
        for (bad, taken, why) in [
            ("", &[][..], "lowercase"),
            ("Mine", &[], "lowercase"),
            ("a,b", &[], "lowercase"),
            ("work:4", &[], "lowercase"),
            ("material", &[], "built-in"),
            ("work", &[], "built-in"),
            ("mine", &["mine"], "twice"),
        ] {
            let e = check_name(bad, taken).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
