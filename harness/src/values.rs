//! Validating parsers for command-line values, shared by every command: one name from a closed set, a
//! comma-separated list of names or numbers with no empty and no repeated item, a number that must not be zero.
//!
//! Each parser is a plain `fn(&str) -> Result<T, ValueError>`, which clap accepts as a `value_parser`; clap then
//! reports a rejection in its own form, naming the option and the value, and exits with status 2:
//! `error: invalid value 'sparse,sparse' for '--scenario <SCENARIO>': item 2 'sparse' repeats item 1`.
//!
//! A list option is declared with the [`List`] alias, so clap's derive parses the whole list as one value (it
//! treats a field spelled `Vec<T>` as repeated single values, which cannot see repeats across items; the `module_examples` test declares one).

use crate::evaluators::EvaluatorKind;
use crate::scenario::Family;
use engine::GameState;
use engine::names::{ClosedNames, UnknownName};
use std::fmt::Display;
use std::path::PathBuf;
use std::str::FromStr;

/// A comma-separated list option's value: declare the field as `List<T>` with `value_parser = list::<T>` (or a
/// parser built on [`list_of`]) so that the whole list is checked at once.
pub(crate) type List<T> = Vec<T>;

/// Why a command-line value was rejected; clap prints it after `invalid value '…' for '--option'`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ValueError {
    /// The whole list is empty.
    #[error("the list is empty")]
    EmptyList,
    /// One item of a list is empty (two commas in a row, or a trailing comma).
    #[error("item {position} is empty")]
    EmptyItem {
        /// 1-based position in the list.
        position: usize,
    },
    /// An item occurs twice.
    #[error("item {position} '{item}' repeats item {first}")]
    Repeated {
        /// 1-based position of the repeat.
        position: usize,
        /// The repeated text.
        item: String,
        /// 1-based position of its first occurrence.
        first: usize,
    },
    /// A number that does not parse, overflows its type or is out of range.
    #[error("'{found}': {reason}")]
    Number {
        /// The text given.
        found: String,
        /// Why it was rejected.
        reason: String,
    },
    /// An output file that cannot be written where it is asked for.
    #[error("{reason}")]
    Output {
        /// What is wrong, with the path.
        reason: String,
    },
    /// The only item of a list was rejected by the item parser.
    #[error("{0}")]
    Single(String),
    /// One item of a list was rejected by the item parser.
    #[error("item {position}: {reason}")]
    Item {
        /// 1-based position in the list.
        position: usize,
        /// The item parser's message.
        reason: String,
    },
}

/// Parses one name of a closed set (an enum of [`engine::closed_names!`], or any parser whose error is
/// [`UnknownName`]), listing the valid names when it is unknown.
pub(crate) fn name<T: FromStr<Err = UnknownName>>(s: &str) -> Result<T, UnknownName> {
    s.parse()
}

/// Parses a comma-separated list of names of `T`: not empty, no empty item, no repeat, no unknown name.
/// Spaces around an item are ignored.
pub(crate) fn list<T: FromStr<Err = UnknownName> + PartialEq>(
    s: &str,
) -> Result<Vec<T>, ValueError> {
    list_of(s, name::<T>)
}

/// Parses a comma-separated list of evaluator names, `work:N` included (a parameterised name is outside
/// a closed set, so the item parser is the evaluator's own `FromStr`).
pub(crate) fn evaluators(s: &str) -> Result<Vec<EvaluatorKind>, ValueError> {
    list_of(s, str::parse::<EvaluatorKind>)
}

/// Parses a `--scenario` value: `all` (every family file of the scenarios folder, as an empty list; see
/// [`crate::scenario::select`]) or a comma-separated list of family names, shipped or a user's.
pub(crate) fn families(s: &str) -> Result<Vec<Family>, ValueError> {
    if s.trim() == Family::EVERY {
        return Ok(Vec::new());
    }
    list_of(s, str::parse::<Family>)
}

/// Parses a comma-separated list with `item` for each element: not empty, no empty item, no item equal to an
/// earlier one (compared after parsing, so `10` and `010` are one budget). Spaces around an item are ignored.
pub(crate) fn list_of<T: PartialEq, E: Display>(
    s: &str,
    item: impl Fn(&str) -> Result<T, E>,
) -> Result<Vec<T>, ValueError> {
    if s.trim().is_empty() {
        return Err(ValueError::EmptyList);
    }
    let mut out: Vec<T> = Vec::new();
    let single = !s.contains(',');
    for (i, text) in s.split(',').map(str::trim).enumerate() {
        let position = i + 1;
        if text.is_empty() {
            return Err(ValueError::EmptyItem { position });
        }
        // A one-item list needs no position in its message.
        let value = item(text).map_err(|e| match single {
            true => ValueError::Single(e.to_string()),
            false => ValueError::Item {
                position,
                reason: e.to_string(),
            },
        })?;
        if let Some(first) = out.iter().position(|v| *v == value) {
            return Err(ValueError::Repeated {
                position,
                item: text.to_owned(),
                first: first + 1,
            });
        }
        out.push(value);
    }
    Ok(out)
}

/// Parses a number that must be at least 1 (a count, a budget, a size); overflow is an error, not a wrap.
pub(crate) fn positive<T>(s: &str) -> Result<T, ValueError>
where
    T: FromStr + PartialEq + Default,
    T::Err: Display,
{
    let number = |reason: String| ValueError::Number {
        found: s.to_owned(),
        reason,
    };
    let value: T = s
        .trim()
        .parse()
        .map_err(|e: T::Err| number(e.to_string()))?;
    if value == T::default() {
        return Err(number("must be at least 1".to_owned()));
    }
    Ok(value)
}

/// Parses a position in DFEN (a positional argument's `value_parser`, so a bad position is a usage error).
pub(crate) fn dfen(s: &str) -> Result<GameState, String> {
    // The fields are separated by single spaces; any other blank would be read as part of a field and reported as
    // a wrong value of the next one, so it is named.
    if let Some((at, c)) = s
        .char_indices()
        .find(|&(_, c)| c.is_whitespace() && c != ' ')
    {
        let what = match c {
            '\t' => "a tab".to_owned(),
            '\n' | '\r' => "a line break".to_owned(),
            other => format!("the blank U+{:04X}", other as u32),
        };
        return Err(format!(
            "{what} at byte {at}: DFEN fields are separated by single spaces"
        ));
    }
    GameState::from_dfen(s).map_err(|e| e.to_string())
}

/// Parses an output file path and checks, before any work, that it can be written: it is not a folder, its
/// folder exists, is a folder and accepts a new file (a probe file is created and removed).
pub(crate) fn output_file(s: &str) -> Result<PathBuf, ValueError> {
    let path = PathBuf::from(s);
    let reason = |reason: String| ValueError::Output { reason };
    if s.is_empty() {
        return Err(reason("the path is empty".to_owned()));
    }
    if path.is_dir() {
        return Err(reason(format!("{s} is a folder, not a file")));
    }
    if let Some(why) = crate::record::output::special_file(&path) {
        return Err(reason(format!("{s} {why}")));
    }
    let Some(name) = path.file_name() else {
        return Err(reason(format!("{s} does not name a file")));
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match std::fs::metadata(&folder) {
        Err(_) => {
            return Err(reason(format!(
                "folder {} does not exist",
                folder.display()
            )));
        }
        Ok(m) if !m.is_dir() => {
            return Err(reason(format!("{} is not a folder", folder.display())));
        }
        Ok(_) => {}
    }
    let probe = folder.join(format!(
        ".{}.probe-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    std::fs::File::create(&probe)
        .map_err(|e| reason(format!("cannot create a file in {}: {e}", folder.display())))?;
    let _ = std::fs::remove_file(&probe);
    Ok(path)
}

/// The memory this process can give a new allocation now, in bytes: the least of the machine's `MemAvailable`
/// (`/proc/meminfo`), its cgroup's memory limit (a Slurm job's) and what its address-space limit
/// (`ulimit -v`) leaves; `None` where none of them is known.
pub(crate) fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let machine = meminfo
        .as_deref()
        .and_then(|t| kib_field(t, "MemAvailable:"));
    [machine, cgroup_limit(), address_space_headroom()]
        .into_iter()
        .flatten()
        .min()
}

/// `NAME: N kB` of a `/proc` text, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let kib = text.lines().find_map(|l| l.strip_prefix(name))?;
    kib.trim()
        .strip_suffix("kB")?
        .trim()
        .parse::<u64>()
        .ok()?
        .checked_mul(1024)
}

/// The memory limit of this process's cgroup (v2 `memory.max`, v1 `memory.limit_in_bytes`), when it sets one.
/// The limit itself, not less the usage: the usage counts page cache, which the kernel reclaims first.
fn cgroup_limit() -> Option<u64> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let file = own
        .lines()
        .find_map(|l| match l.split_once(':')?.1.split_once(':')? {
            ("", path) => Some(format!("/sys/fs/cgroup{path}/memory.max")),
            ("memory", path) => Some(format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes")),
            _ => None,
        })?;
    std::fs::read_to_string(file)
        .ok()?
        .trim()
        .parse::<u64>()
        .ok()
}

/// The address-space limit (`RLIMIT_AS`) less the address space in use (`VmSize`), when there is a limit.
fn address_space_headroom() -> Option<u64> {
    // SAFETY: getrlimit only writes the struct it is given.
    let mut lim: libc::rlimit = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut lim) } != 0
        || lim.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    let used = kib_field(
        &std::fs::read_to_string("/proc/self/status").ok()?,
        "VmSize:",
    )?;
    Some((lim.rlim_cur as u64).saturating_sub(used))
}

/// Checks, before any allocation, that `bytes` (what `--option` = `value` asks for) fits in the memory this process
/// can have ([`available_memory`]): a size that cannot be allocated is bad input (status 2), not an abort after the
/// work started.
pub(crate) fn check_memory(option: &str, value: &str, bytes: u64) -> anyhow::Result<()> {
    match available_memory() {
        Some(free) if bytes > free => Err(crate::exit::Failure::BadInput.because(format!(
            "invalid value '{value}' for '--{option}': needs about {} MiB, more than the {} MiB this process can \
             have (available memory, cgroup and ulimit -v)",
            bytes.div_ceil(1 << 20),
            free >> 20
        ))),
        _ => Ok(()),
    }
}

/// Checks that transposition tables of 2^`log2` entries each (`tables`; those alive at once) fit in memory
/// ([`check_memory`]).
pub(crate) fn check_tables(option: &str, value: &str, tables: &[u8]) -> anyhow::Result<()> {
    let entry = engine::search::TranspositionTable::ENTRY_BYTES as u64;
    let bytes = tables
        .iter()
        .map(|&n| entry << n)
        .fold(0u64, u64::saturating_add);
    check_memory(option, value, bytes)
}

/// The selected values, or all of them when the selection is empty (the default of a programmatic caller).
pub(crate) fn or_all<T: ClosedNames>(selected: &[T]) -> Vec<T> {
    if selected.is_empty() {
        T::VALUES.to_vec()
    } else {
        selected.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use engine::chance::Traversal;
    use engine::memo::CacheKind;

    #[test]
    fn the_default_of_a_list_option_selects_every_value() {
        assert_eq!(families(Family::ALL_NAMES).unwrap(), Family::ALL);
        assert_eq!(families(Family::EVERY).unwrap(), []);
        assert_eq!(
            list::<Traversal>(Traversal::ALL_NAMES).unwrap(),
            Traversal::ALL
        );
        assert_eq!(or_all::<CacheKind>(&[]), CacheKind::ALL);
        assert_eq!(or_all(&[CacheKind::Fx]), [CacheKind::Fx]);
    }

    #[test]
    fn lists_reject_every_malformed_shape() {
        assert_eq!(list::<Traversal>(" "), Err(ValueError::EmptyList));
        assert_eq!(
            list::<Traversal>(",on"),
            Err(ValueError::EmptyItem { position: 1 })
        );
        assert_eq!(
            list::<Traversal>("on,,off"),
            Err(ValueError::EmptyItem { position: 2 })
        );
        assert_eq!(
            list::<Traversal>("on,off,on"),
            Err(ValueError::Repeated {
                position: 3,
                item: "on".into(),
                first: 1
            })
        );
        assert_eq!(
            list::<Traversal>("off,on").unwrap(),
            [Traversal::Plain, Traversal::Cached]
        );
        assert_eq!(
            list::<CacheKind>("fx, none").unwrap(),
            [CacheKind::Fx, CacheKind::None]
        );
    }

    #[test]
    fn positive_rejects_zero_signs_and_overflow() {
        assert!(positive::<u64>("18446744073709551616").is_err());
        assert_eq!(positive::<u64>("18446744073709551615"), Ok(u64::MAX));
        assert!(positive::<u64>("-1").is_err());
        assert!(positive::<usize>("0").is_err());
        assert_eq!(positive::<u32>("7"), Ok(7));
    }

    /// The message of each parser's error: whole, or only its start where it goes on to list the known names.
    #[test]
    fn rejections_read_as_documented() {
        fn message<T, E: Display>(result: Result<T, E>) -> String {
            result.err().expect("rejected").to_string()
        }
        for (got, want) in [
            (message(list::<CacheKind>("")), "the list is empty"),
            (message(list::<CacheKind>("none,")), "item 2 is empty"),
            (
                message(list::<CacheKind>("none,fx,none")),
                "item 3 'none' repeats item 1",
            ),
            (
                message(evaluators("work:4,work:4")),
                "item 2 'work:4' repeats item 1",
            ),
            (
                message(families("mine,mine")),
                "item 2 'mine' repeats item 1",
            ),
            (
                message(list_of("10,010", positive::<u64>)),
                "item 2 '010' repeats item 1",
            ),
            (
                message(list_of("10,0", positive::<u64>)),
                "item 2: '0': must be at least 1",
            ),
            (message(positive::<u32>("0")), "'0': must be at least 1"),
            (
                message(positive::<u8>("300")),
                "'300': number too large to fit in target type",
            ),
        ] {
            assert_eq!(got, want);
        }
        for (got, start) in [
            (
                message(list::<CacheKind>("none,lru")),
                "item 2: unknown cache variant 'lru'",
            ),
            (
                message(list::<CacheKind>("lru")),
                "unknown cache variant 'lru'",
            ),
            (
                message(evaluators("material,nnue")),
                "item 2: unknown evaluator 'nnue'",
            ),
            (message(evaluators("nnue")), "unknown evaluator 'nnue'"),
            (message(families("Mine")), "family name 'Mine'"),
            (message(name::<Traversal>("maybe")), "unknown traversal"),
        ] {
            assert!(got.starts_with(start), "{got}");
        }
    }

    #[test]
    fn module_examples() {
        use clap::Parser;

        #[derive(Parser, Debug)]
        struct Cli {
            /// Cache variants, comma-separated.
            #[arg(long, value_parser = list::<CacheKind>, default_value = CacheKind::ALL_NAMES)]
            cache: List<CacheKind>,
        }
        let cli = Cli::try_parse_from(["x", "--cache", "fx,none"]).unwrap();
        assert_eq!(cli.cache, [CacheKind::Fx, CacheKind::None]);
        assert_eq!(Cli::try_parse_from(["x"]).unwrap().cache, CacheKind::ALL);
        let err = Cli::try_parse_from(["x", "--cache", "none,none"]).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert!(
            err.to_string()
                .contains("invalid value 'none,none' for '--cache <CACHE>'"),
            "{err}"
        );
    }

    #[test]
    fn parsed_values_are_what_was_asked_for() {
        assert_eq!(name::<Traversal>("on"), Ok(Traversal::Cached));
        let l = evaluators("material, work:4,network").unwrap();
        assert_eq!(
            l.iter().map(|k| k.to_string()).collect::<Vec<_>>(),
            ["material", "work:4", "network"]
        );
        assert_eq!(families("all").unwrap(), []);
        assert_eq!(families("sparse, mine").unwrap()[0], Family::Sparse);
        assert_eq!(list_of("10, 20,40", positive::<u64>).unwrap(), [10, 20, 40]);
    }

    #[test]
    fn dfen_and_output_file_examples() {
        let s = dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PP").unwrap();
        assert_eq!(s.dice().len(), 2);
        assert!(dfen("8/8 w - - 0 1").is_err());
        let tab = dfen("4k3/8/8/8/8/8/8/4K3\tw - - 0 1 PP").unwrap_err();
        assert!(tab.contains("a tab at byte 19"), "{tab}");
        let dir = std::env::temp_dir();
        assert!(output_file(dir.join("out.tsv").to_str().unwrap()).is_ok());
        let err = output_file(dir.to_str().unwrap()).unwrap_err().to_string();
        assert!(err.contains("is a folder"), "{err}");
        let err = output_file("/nonexistent-folder/out.tsv")
            .unwrap_err()
            .to_string();
        assert_eq!(err, "folder /nonexistent-folder does not exist");
    }
}
