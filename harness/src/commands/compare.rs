//! `harness compare REV_A REV_B`: judge an engine change by running both revisions' main jobs alternately (the
//! comparison itself is [`crate::compare::run`]).

use crate::compare::args::Args;
use crate::exit::Failure;
use anyhow::Result;

/// Runs the comparison: range checks of the options, then [`crate::compare::run::run`].
pub(crate) fn run(args: Args) -> Result<()> {
    if let Some(f) = args.planted_slowdown_b
        && !(0.0..1.0).contains(&f)
    {
        return Err(Failure::BadInput.because(format!(
            "invalid value '{f}' for '--planted-slowdown-b': a fraction in [0, 1) is needed, e.g. 0.03"
        )));
    }
    if !(0.0..0.5).contains(&args.instruction_tolerance) {
        return Err(Failure::BadInput.because(format!(
            "invalid value '{}' for '--instruction-tolerance': a fraction in [0, 0.5) is needed, e.g. 0.005 \
             for 0.5%",
            args.instruction_tolerance
        )));
    }
    if args.sessions < 2 {
        return Err(Failure::BadInput.because(format!(
            "invalid value '{}' for '--sessions': the time interval is taken over sessions, so at least 2 are \
             needed",
            args.sessions
        )));
    }
    crate::compare::run::run(&args)
}
