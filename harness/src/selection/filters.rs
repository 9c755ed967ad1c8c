//! Parsing the command line's selections: evaluator names and traversal modes (clap value parsers; clap turns an
//! error into exit status 2 with the option named). Worded like `values::name`, which this module cannot use
//! without a module cycle (`cli` also holds the command enum).

use super::Evaluator;
use engine::chance::Traversal;

/// Parses an evaluator name (the main job's subset: material, constant, aggressive).
pub fn parse_eval(s: &str) -> Result<Evaluator, String> {
    Evaluator::from_name(s).ok_or_else(|| {
        format!("unknown evaluator `{s}` (expected material, constant or aggressive)")
    })
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
