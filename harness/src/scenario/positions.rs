//! A user's positions file (`scenarios freeze --from FILE`): one DFEN per line, blank lines and `#` comments
//! allowed. Every root must have rolled dice, be listed once and have a legal turn that captures no king (a
//! capturable king ends the game, so the position has no successor to freeze).

use super::generate::{canonical_successors, expected_values_of, frozen_file};
use super::{FROZEN_EVALUATORS, Family, Root, ScenarioError, ScenarioFile, Successor};
use crate::evaluators::EvaluatorKind;
use engine::GameState;
use engine::chance::ChanceDepth;
use std::path::Path;

/// One root read from a positions file, with its 1-based line.
#[derive(Clone, Debug)]
pub(crate) struct PositionLine {
    /// The line it was read from (1-based).
    pub line: usize,
    /// The root.
    pub state: GameState,
    /// Its canonical outer successors (never empty).
    pub successors: Vec<GameState>,
}

/// Reads `path` ([`parse_positions`]); an unreadable file is a [`ScenarioError::Read`].
pub(crate) fn read_positions(path: &Path) -> Result<Vec<PositionLine>, ScenarioError> {
    let bytes = std::fs::read(path).map_err(|source| ScenarioError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|e| ScenarioError::Read {
        path: path.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e.utf8_error()),
    })?;
    parse_positions(path, &text)
}

/// Parses a positions file's text (`path` names it in errors): the first bad line is a
/// [`ScenarioError::Position`] naming the file, the line and the reason; a file without a position is one too.
pub(crate) fn parse_positions(path: &Path, text: &str) -> Result<Vec<PositionLine>, ScenarioError> {
    let bad = |line: usize, message: String| ScenarioError::Position {
        path: path.to_path_buf(),
        line,
        message,
    };
    let mut roots: Vec<PositionLine> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let dfen = raw.trim();
        if dfen.is_empty() || dfen.starts_with('#') {
            continue;
        }
        let state = GameState::from_dfen(dfen)
            .map_err(|e| bad(line, format!("invalid DFEN '{dfen}': {e}")))?;
        if state.dice().is_empty() {
            return Err(bad(
                line,
                "the position has no rolled dice (append the dice, e.g. `PNB`)".into(),
            ));
        }
        if let Some(first) = roots.iter().find(|r| r.state == state) {
            return Err(bad(
                line,
                format!(
                    "same position as line {}: every root is listed once",
                    first.line
                ),
            ));
        }
        let successors = canonical_successors(&state).ok_or_else(|| {
            bad(
                line,
                if engine::legal_turn_paths(&state).is_empty() {
                    "the position has no legal turn with these dice, so nothing follows it to freeze".into()
                } else {
                    "a legal turn captures a king: the game is over, so nothing follows it to freeze".into()
                },
            )
        })?;
        roots.push(PositionLine {
            line,
            state,
            successors,
        });
    }
    if roots.is_empty() {
        return Err(bad(
            text.lines().count().max(1),
            "no position in the file (one DFEN per line; blank lines and `#` comments are skipped)"
                .into(),
        ));
    }
    Ok(roots)
}

/// The family file of `roots`: each root (named `<family>-NN` in file order) frozen into its canonical outer
/// successors, each with its exact value under the frozen evaluators and every one of `extra` (the
/// successors and values are the engine's; `scenarios verify` recomputes them with the independent oracle).
pub(crate) fn freeze_positions(
    roots: &[PositionLine],
    family: Family,
    depth: ChanceDepth,
    extra: &[EvaluatorKind],
    source: &Path,
    command: &str,
) -> ScenarioFile {
    let mut evaluators = FROZEN_EVALUATORS.to_vec();
    evaluators.extend(extra.iter().filter(|e| !FROZEN_EVALUATORS.contains(e)));
    let frozen = roots
        .iter()
        .enumerate()
        .map(|(i, r)| Root {
            name: format!("{}-{i:02}", family.name()),
            dfen: r.state.to_dfen(),
            successors: r
                .successors
                .iter()
                .map(|s| Successor {
                    dfen: s.to_dfen(),
                    expected: expected_values_of(s, depth, &evaluators),
                })
                .collect(),
        })
        .collect();
    let names: Vec<String> = evaluators.iter().map(|e| format!("`{e}`")).collect();
    let description = format!(
        "A user's positions, one root per position line of {} in file order. Each root is frozen into its \
         canonical outer successors (every distinct state after a legal root turn and end_turn, in order of first \
         appearance in the reference turn order). Expected values are exact numerators over the denominator for \
         the evaluators {}.",
        source.display(),
        names.join(", ")
    );
    frozen_file(family, depth, 0, command, description, frozen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse_positions(Path::new("my.dfen"), text)
            .unwrap_err()
            .to_string()
    }

    const GOOD: &str = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1 PK";

    #[test]
    fn each_kind_of_bad_line_names_the_file_the_line_and_the_reason() {
        let cases = [
            (
                format!("{GOOD}\nnot a position\n"),
                "line 2: invalid DFEN 'not a position'",
            ),
            (
                "# c\n4k3/8/8/8/8/8/P7/4K3 w - - 0 1\n".into(),
                "line 2: the position has no rolled dice",
            ),
            (
                format!("{GOOD}\n\n  {GOOD}  \n"),
                "line 3: same position as line 1: every root is listed once",
            ),
            // White to move with only queen dice and no queen: no legal turn.
            (
                "4k3/8/8/8/8/8/P7/4K3 w - - 0 1 QQQ\n".into(),
                "line 1: the position has no legal turn",
            ),
            // The rook takes the king on its first micro-move.
            (
                "4k3/8/8/8/8/8/8/4RK2 w - - 0 1 RPP\n".into(),
                "line 1: a legal turn captures a king",
            ),
            (
                "# only a comment\n\n".into(),
                "line 2: no position in the file",
            ),
        ];
        for (text, reason) in cases {
            let e = error(&text);
            assert!(
                e.starts_with(&format!("my.dfen: {reason}")),
                "{text:?}: {e}"
            );
        }
    }

    #[test]
    fn blank_lines_comments_and_spaces_are_skipped() {
        let roots = parse_positions(Path::new("p"), &format!("\n# a\n   \n\t{GOOD}\r\n")).unwrap();
        assert_eq!(roots.len(), 1);
        assert_eq!(roots[0].line, 4);
        assert_eq!(roots[0].state, GameState::from_dfen(GOOD).unwrap());
        assert!(!roots[0].successors.is_empty());
        let text = "# two pawns\n\n4k3/8/8/8/8/8/P7/4K3 w - - 0 1 PK\n";
        let roots = parse_positions("my.dfen".as_ref(), text).unwrap();
        assert_eq!((roots.len(), roots[0].line), (1, 3));
        let err =
            parse_positions("my.dfen".as_ref(), "4k3/8/8/8/8/8/P7/4K3 w - - 0 1\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "my.dfen: line 1: the position has no rolled dice (append the dice, e.g. `PNB`)"
        );
    }
}
