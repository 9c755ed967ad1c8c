//! Parsing the command line's selections: evaluator names and traversal modes (clap value parsers; clap turns an
//! error into exit status 2 with the option named). Worded like `values::name`, which this module cannot use
//! without a module cycle (`cli` also holds the command enum).

use crate::evaluators::EvaluatorKind;
use engine::chance::Traversal;

/// Parses an evaluator name, `work:N` included; an unknown name gets every valid one listed.
///
/// ```
/// use harness::selection::parse_eval;
/// assert_eq!(parse_eval("work:16").unwrap().to_string(), "work:16");
/// assert!(parse_eval("nnue").unwrap_err().contains("material, constant, aggressive, counter, mobility, network"));
/// ```
pub fn parse_eval(s: &str) -> Result<EvaluatorKind, String> {
    s.parse()
}

/// Parses `on`/`off`.
pub fn parse_traversal(s: &str) -> Result<Traversal, String> {
    match s {
        "on" => Ok(Traversal::Cached),
        "off" => Ok(Traversal::Plain),
        _ => Err(format!(
            "unknown traversal mode '{s}' (expected one of: on, off)"
        )),
    }
}
