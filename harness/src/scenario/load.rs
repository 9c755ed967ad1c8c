//! Loading scenario files, with errors that name the file, the entry and the field.

use super::family::is_read_by_harness;
use super::{FORMAT_VERSION, Family, ScenarioError, ScenarioFile};
use crate::evaluators::EvaluatorKind;
use engine::GameState;
use engine::chance::ChanceDepth;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The evaluators whose expected values every successor carries.
pub(crate) const FROZEN_EVALUATORS: [EvaluatorKind; 2] =
    [EvaluatorKind::Material, EvaluatorKind::Constant];

/// A validated scenario file with its positions parsed.
#[derive(Clone, Debug)]
pub struct LoadedScenario {
    /// Where it was read from.
    pub path: PathBuf,
    pub family: Family,
    pub depth: ChanceDepth,
    /// The file as read.
    pub file: ScenarioFile,
    /// Every outer successor, roots in file order.
    pub successors: Vec<LoadedSuccessor>,
}

/// One parsed outer successor.
#[derive(Clone, Debug)]
pub struct LoadedSuccessor {
    /// Index of its root in the file.
    pub root: usize,
    /// Index within its root.
    pub index: usize,
    /// The position.
    pub state: GameState,
    /// Frozen value numerators: every [`FROZEN_EVALUATORS`] entry (validation guarantees each is present), and
    /// those of any other evaluator the file was frozen with.
    pub expected: BTreeMap<EvaluatorKind, i64>,
}

impl LoadedScenario {
    /// `root R (name), successor S`, as error messages name entries.
    pub(crate) fn entry_name(&self, root: usize, successor: Option<usize>) -> String {
        entry_name(&self.file, root, successor)
    }
}

/// `root R (name)` or `root R (name), successor S`.
pub(crate) fn entry_name(file: &ScenarioFile, root: usize, successor: Option<usize>) -> String {
    let name = file.roots.get(root).map(|r| r.name.as_str()).unwrap_or("?");
    match successor {
        Some(s) => format!("root {root} ({name}), successor {s}"),
        None => format!("root {root} ({name})"),
    }
}

/// The conventional path of `family`'s file under `dir`.
pub fn scenario_path(dir: &Path, family: Family) -> PathBuf {
    dir.join(family.file_name())
}

/// Loads the files of `families` from `dir`, or every family file there when `families` is empty
/// ([`discover`]): the one loader of `scenarios verify` and the main job.
pub fn load_dir(dir: &Path, families: &[Family]) -> Result<Vec<LoadedScenario>, ScenarioError> {
    let families = select(dir, families)?;
    families.iter().map(|&f| load_family(dir, f)).collect()
}

/// `families`, or every family file of `dir` when it is empty ([`discover`]).
pub(crate) fn select(dir: &Path, families: &[Family]) -> Result<Vec<Family>, ScenarioError> {
    if families.is_empty() {
        discover(dir)
    } else {
        Ok(families.to_vec())
    }
}

/// Every family file of `dir`, in report order (shipped families first, then the user's by name): each `*.json`
/// whose top level has a `family` field (so `openings.json`, the self-play openings, is not one). A family file is
/// named `<family>.json`; [`load`] checks that. No family file at all is an error naming the folder.
pub(crate) fn discover(dir: &Path) -> Result<Vec<Family>, ScenarioError> {
    /// Only the field that tells a family file from another JSON file.
    #[derive(serde::Deserialize)]
    struct Peek {
        family: Option<serde::de::IgnoredAny>,
    }
    let read_dir = |source| ScenarioError::Read {
        path: dir.to_path_buf(),
        source,
    };
    let mut families = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read_dir)? {
        let path = entry.map_err(read_dir)?.path();
        let Some(stem) = path
            .extension()
            .filter(|e| *e == "json")
            .and(path.file_stem())
            .and_then(|s| s.to_str())
        else {
            continue;
        };
        let text = std::fs::read_to_string(&path).map_err(|source| ScenarioError::Read {
            path: path.clone(),
            source,
        })?;
        let peek = serde_json::from_str::<Peek>(text.trim_start_matches('\u{feff}'));
        // A file named after a shipped family must parse (its error names the line); any other JSON file that is
        // not a family file (a note, another tool's output) is passed over with a note, so a broken one is seen.
        let peek = match peek {
            Err(e) if Family::from_name(stem).is_some_and(Family::is_shipped) => {
                return Err(ScenarioError::Syntax {
                    path: path.clone(),
                    line: e.line(),
                    column: e.column(),
                    message: e.to_string(),
                });
            }
            Err(e) => {
                crate::status!(
                    "note: {} is not a scenario family file ({e}); skipped",
                    path.display()
                );
                continue;
            }
            Ok(p) => p,
        };
        if peek.family.is_none() {
            if !is_read_by_harness(stem) {
                crate::status!(
                    "note: {} is not a scenario family file (no `family` field); skipped",
                    path.display()
                );
            }
            continue;
        }
        let family = Family::from_name(stem).ok_or_else(|| ScenarioError::UnknownFamily {
            path: path.clone(),
            found: stem.to_owned(),
        })?;
        families.push(family);
    }
    if families.is_empty() {
        return Err(ScenarioError::Invalid {
            path: dir.to_path_buf(),
            entry: "folder".into(),
            field: "scenarios".into(),
            message: "no scenario family file (*.json with a `family` field) in this folder".into(),
        });
    }
    families.sort();
    Ok(families)
}

/// Loads `family`'s file from `dir` ([`load`], which also checks that the file declares `family`).
pub(crate) fn load_family(dir: &Path, family: Family) -> Result<LoadedScenario, ScenarioError> {
    load(&scenario_path(dir, family))
}

/// Reads, parses and validates one scenario file; its name must be `<family>.json` for the family it declares
/// (a copy under another name is refused, so a file can never stand in for another family). A leading UTF-8
/// byte-order mark is refused ([`ScenarioError::ByteOrderMark`]).
pub fn load(path: &Path) -> Result<LoadedScenario, ScenarioError> {
    let bytes = std::fs::read(path).map_err(|source| ScenarioError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return Err(ScenarioError::ByteOrderMark {
            path: path.to_path_buf(),
        });
    }
    let text = String::from_utf8(bytes).map_err(|e| ScenarioError::Read {
        path: path.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e.utf8_error()),
    })?;
    let loaded = parse(path, &text)?;
    let expected = loaded.family.file_name();
    let found = path.file_name().map(|n| n.to_string_lossy());
    if found.as_deref() != Some(expected.as_str()) {
        return Err(ScenarioError::Invalid {
            path: loaded.path,
            entry: "file".to_owned(),
            field: "family".to_owned(),
            message: format!(
                "the file declares family '{}', so it must be named {expected}",
                loaded.family
            ),
        });
    }
    Ok(loaded)
}

/// Parses and validates scenario text (`path` is only used in messages).
pub(crate) fn parse(path: &Path, text: &str) -> Result<LoadedScenario, ScenarioError> {
    let p = || path.to_path_buf();
    let file: ScenarioFile = serde_json::from_str(text).map_err(|e| ScenarioError::Syntax {
        path: p(),
        line: e.line(),
        column: e.column(),
        // serde_json ends its message with the position, which the error already shows.
        message: e
            .to_string()
            .trim_end_matches(&format!(" at line {} column {}", e.line(), e.column()))
            .to_owned(),
    })?;
    let (family, depth) = header(path, &file)?;
    let mut successors: Vec<LoadedSuccessor> = Vec::new();
    let mut roots: Vec<GameState> = Vec::new();
    for (ri, root) in file.roots.iter().enumerate() {
        let root_state = GameState::from_dfen(&root.dfen).map_err(|e| {
            dfen_error(path, entry_name(&file, ri, None), &root.dfen, e.to_string())
        })?;
        let at_root = |field: &str, message: String| {
            invalid(path, entry_name(&file, ri, None), field, message)
        };
        if let Some(first) = roots.iter().position(|r| *r == root_state) {
            return Err(at_root(
                "dfen",
                format!(
                    "same position as {}: every root is listed once",
                    entry_name(&file, first, None)
                ),
            ));
        }
        if let Some(first) = file.roots[..ri].iter().position(|r| r.name == root.name) {
            return Err(at_root(
                "name",
                format!("name already used by root {first}"),
            ));
        }
        roots.push(root_state);
        if root_state.dice().is_empty() {
            return Err(at_root("dfen", "a root needs dice in its pool".into()));
        }
        if root.successors.is_empty() {
            return Err(at_root("successors", "no successors".into()));
        }
        let first_of_root = successors.len();
        for si in 0..root.successors.len() {
            let loaded = successor(
                path,
                &file,
                ri,
                si,
                &root_state,
                &successors[first_of_root..],
            )?;
            successors.push(loaded);
        }
    }
    Ok(LoadedScenario {
        path: p(),
        family,
        depth,
        file,
        successors,
    })
}

/// A field of `entry` that fails validation.
fn invalid(path: &Path, entry: String, field: &str, message: String) -> ScenarioError {
    ScenarioError::Invalid {
        path: path.to_path_buf(),
        entry,
        field: field.to_owned(),
        message,
    }
}

/// A DFEN of `entry` that does not parse.
fn dfen_error(path: &Path, entry: String, dfen: &str, message: String) -> ScenarioError {
    ScenarioError::Dfen {
        path: path.to_path_buf(),
        entry,
        field: "dfen".to_owned(),
        dfen: dfen.to_owned(),
        message,
    }
}

/// The file-wide fields checked: the format version, the family, the chance depth with its denominator, and at
/// least one root.
fn header(path: &Path, file: &ScenarioFile) -> Result<(Family, ChanceDepth), ScenarioError> {
    if file.format_version != FORMAT_VERSION {
        return Err(ScenarioError::Version {
            path: path.to_path_buf(),
            found: file.format_version,
            expected: FORMAT_VERSION,
        });
    }
    let family = Family::from_name(&file.family).ok_or_else(|| ScenarioError::UnknownFamily {
        path: path.to_path_buf(),
        found: file.family.clone(),
    })?;
    let at_file = |field: &str, message: String| invalid(path, "file".into(), field, message);
    let depth = ChanceDepth::from_layers(file.depth)
        .ok_or_else(|| at_file("depth", format!("must be 1 or 2, found {}", file.depth)))?;
    if file.denominator != depth.denominator() {
        return Err(at_file(
            "denominator",
            format!(
                "must be {} at depth {}, found {}",
                depth.denominator(),
                file.depth,
                file.denominator
            ),
        ));
    }
    if file.roots.is_empty() {
        return Err(at_file("roots", "no roots".into()));
    }
    Ok((family, depth))
}

/// Successor `si` of root `ri`, checked against its root (`root_state`) and the root's successors before it
/// (`earlier`).
fn successor(
    path: &Path,
    file: &ScenarioFile,
    ri: usize,
    si: usize,
    root_state: &GameState,
    earlier: &[LoadedSuccessor],
) -> Result<LoadedSuccessor, ScenarioError> {
    let succ = &file.roots[ri].successors[si];
    let entry = || entry_name(file, ri, Some(si));
    let state = GameState::from_dfen(&succ.dfen)
        .map_err(|e| dfen_error(path, entry(), &succ.dfen, e.to_string()))?;
    let bad = |field: &str, message: String| invalid(path, entry(), field, message);
    if let Some(first) = earlier.iter().position(|s| s.state == state) {
        return Err(bad(
            "dfen",
            format!("same position as successor {first}: every successor is listed once"),
        ));
    }
    if !state.dice().is_empty() {
        return Err(bad(
            "dfen",
            "an outer successor must have an empty dice pool".into(),
        ));
    }
    if state.side_to_move() == root_state.side_to_move() {
        return Err(bad(
            "dfen",
            "an outer successor must have the opponent of the root's mover to move".into(),
        ));
    }
    for name in FROZEN_EVALUATORS.map(|e| e.to_string()) {
        if !succ.expected.contains_key(&name) {
            return Err(bad(&format!("expected.{name}"), "missing".into()));
        }
    }
    // Beyond the frozen two, a file frozen with `--eval` carries the values of other evaluators.
    let mut expected = BTreeMap::new();
    for (name, &value) in &succ.expected {
        let kind = name
            .parse::<EvaluatorKind>()
            .map_err(|e| bad(&format!("expected.{name}"), e))?;
        expected.insert(kind, value);
    }
    Ok(LoadedSuccessor {
        root: ri,
        index: si,
        state,
        expected,
    })
}
