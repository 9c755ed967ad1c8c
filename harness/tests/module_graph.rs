//! The library's top-level modules form no cycle.
//!
//! The graph is read from the source, not from the compiler: every `.rs` file of the library (`harness/src`, without
//! the binaries `main.rs` and `bin/`) is lexed (comments, strings and character literals dropped), and every path
//! that names a top-level module is an arrow from the module the file belongs to: `crate::x`, `$crate::x`,
//! `crate::{x, y::z}` groups, `super::` chains that climb to the crate root (inline `mod name { ... }` blocks counted
//! as a level), and `crate::m!` macros, which belong to the module that defines them. A cycle fails the test, named
//! with the file and line of each arrow.
//!
//! `cargo test -p harness --test module_graph -- --nocapture` prints the graph; `MODULE_GRAPH_SRC=DIR` reads another
//! copy of the source folder (an older revision, unpacked with `git archive`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A lexical token of Rust source, as far as module paths need it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// An identifier or keyword (raw identifiers without their `r#`).
    Ident(String),
    /// `::`.
    PathSep,
    /// Any other punctuation character.
    Punct(char),
}

/// Tokens of `source` with their line numbers; comments, string, byte-string and character literals, lifetimes
/// and numbers produce no token, so a path inside them is never an arrow.
fn lex(source: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let ident_start = |c: char| c.is_alphabetic() || c == '_';
    let ident_continue = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            // Block comments nest in Rust.
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' {
            i = skip_string(&chars, i, &mut line);
        } else if c == '\'' {
            i = skip_quote(&chars, i);
        } else if c.is_ascii_digit() {
            while i < chars.len() && ident_continue(chars[i]) {
                i += 1;
            }
        } else if ident_start(c) {
            let start = i;
            while i < chars.len() && ident_continue(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let after = chars.get(i).copied();
            let prefix = matches!(word.as_str(), "b" | "c" | "r" | "br" | "cr");
            if prefix
                && word.ends_with('r')
                && matches!(after, Some('"' | '#'))
                && is_raw_string(&chars, i)
            {
                i = skip_raw_string(&chars, i, &mut line);
            } else if prefix && after == Some('"') {
                i = skip_string(&chars, i, &mut line);
            } else if word == "b" && after == Some('\'') {
                i = skip_quote(&chars, i);
            } else if word == "r"
                && after == Some('#')
                && chars.get(i + 1).is_some_and(|&c| ident_start(c))
            {
                // A raw identifier: `r#type`.
                let start = i + 1;
                i = start;
                while i < chars.len() && ident_continue(chars[i]) {
                    i += 1;
                }
                tokens.push((Token::Ident(chars[start..i].iter().collect()), line));
            } else {
                tokens.push((Token::Ident(word), line));
            }
        } else if c == ':' && next == Some(':') {
            tokens.push((Token::PathSep, line));
            i += 2;
        } else {
            tokens.push((Token::Punct(c), line));
            i += 1;
        }
    }
    tokens
}

/// Whether a raw string starts at `i` (after its `r`): `#`s, then `"`.
fn is_raw_string(chars: &[char], mut i: usize) -> bool {
    while chars.get(i) == Some(&'#') {
        i += 1;
    }
    chars.get(i) == Some(&'"')
}

/// The index after the string literal whose opening `"` is at `i`.
fn skip_string(chars: &[char], mut i: usize, line: &mut usize) -> usize {
    i += 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            c => {
                if c == '\n' {
                    *line += 1;
                }
                i += 1;
            }
        }
    }
    i
}

/// The index after the raw string whose `#`s or `"` start at `i`.
fn skip_raw_string(chars: &[char], mut i: usize, line: &mut usize) -> usize {
    let mut hashes = 0;
    while chars.get(i) == Some(&'#') {
        hashes += 1;
        i += 1;
    }
    i += 1;
    while i < chars.len() {
        if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
            return i + 1 + hashes;
        }
        if chars[i] == '\n' {
            *line += 1;
        }
        i += 1;
    }
    i
}

/// The index after a character literal (`'x'`, `'\n'`) or a lifetime's quote (`'a`) starting at `i`.
fn skip_quote(chars: &[char], i: usize) -> usize {
    if chars.get(i + 1) == Some(&'\\') {
        // The escaped character itself may be a quote (`'\''`).
        let mut j = i + 3;
        while j < chars.len() && chars[j] != '\'' {
            j += 1;
        }
        j + 1
    } else if chars.get(i + 2) == Some(&'\'') {
        i + 3
    } else {
        // A lifetime: its name lexes as an identifier, which names no module.
        i + 1
    }
}

/// The first names of the paths that follow a root (`crate::` or a `super::` chain that reaches the crate root),
/// starting at token `i`: one name, or every first name of a `{...}` group (groups nest: `{a::{b, c}, d}` gives
/// `a` and `d`).
fn root_items(tokens: &[(Token, usize)], i: usize) -> Vec<String> {
    match tokens.get(i) {
        Some((Token::Ident(name), _)) => vec![name.clone()],
        Some((Token::Punct('{'), _)) => {
            let mut names = Vec::new();
            let mut depth = 0;
            let mut expect_first = true;
            for (token, _) in &tokens[i..] {
                match token {
                    Token::Punct('{') => {
                        depth += 1;
                        expect_first = depth == 1;
                    }
                    Token::Punct('}') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Token::Punct(',') if depth == 1 => expect_first = true,
                    Token::Ident(name) if expect_first && depth == 1 => {
                        names.push(name.clone());
                        expect_first = false;
                    }
                    _ => expect_first = false,
                }
            }
            names
        }
        _ => Vec::new(),
    }
}

/// One file's references to crate-root items: (item name, line). `module` is the file's module path (`["plot",
/// "lines"]` for `plot/lines.rs`).
fn root_references(source: &str, module: &[String]) -> Vec<(String, usize)> {
    references_under(source, module, &[])
}

/// One file's references to the items of module `base` (a path from the crate root; empty for the root itself):
/// `crate::base::x` paths and `super::` chains that climb to `base`, as (item name, line).
fn references_under(source: &str, module: &[String], base: &[&str]) -> Vec<(String, usize)> {
    let tokens = lex(source);
    // `crate::` followed by `base`'s names, each followed by `::`: the index of the first item, if it matches.
    let after_base = |k: usize| {
        let mut j = k + 2;
        for name in base {
            match (&tokens.get(j), tokens.get(j + 1)) {
                (Some((Token::Ident(w), _)), Some((Token::PathSep, _))) if w == name => j += 2,
                _ => return None,
            }
        }
        Some(j)
    };
    let ident = |k: usize| match tokens.get(k) {
        Some((Token::Ident(name), _)) => Some(name.as_str()),
        _ => None,
    };
    let is = |k: usize, t: &Token| tokens.get(k).map(|(x, _)| x) == Some(t);
    let mut found = Vec::new();
    // Inline modules open a level: (brace depth inside the block, name).
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0;
    let mut k = 0;
    while k < tokens.len() {
        let (token, line) = &tokens[k];
        match token {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                if inline.last().is_some_and(|(d, _)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            Token::Ident(word) if word == "mod" => {
                if let Some(name) = ident(k + 1)
                    && is(k + 2, &Token::Punct('{'))
                {
                    inline.push((depth + 1, name.to_string()));
                }
            }
            // `a::crate` is no path; `$crate` is the crate root as seen from the macro's module.
            Token::Ident(word)
                if word == "crate"
                    && is(k + 1, &Token::PathSep)
                    && (k == 0 || !is(k - 1, &Token::PathSep)) =>
            {
                if let Some(j) = after_base(k) {
                    found.extend(root_items(&tokens, j).into_iter().map(|n| (n, *line)));
                }
            }
            Token::Ident(word) if word == "super" && (k == 0 || !is(k - 1, &Token::PathSep)) => {
                let mut levels = 0;
                let mut j = k;
                while ident(j) == Some("super") && is(j + 1, &Token::PathSep) {
                    levels += 1;
                    j += 2;
                }
                if levels > 0 && levels + base.len() == module.len() + inline.len() {
                    found.extend(root_items(&tokens, j).into_iter().map(|n| (n, *line)));
                }
                k = j.max(k + 1);
                continue;
            }
            _ => {}
        }
        k += 1;
    }
    found
}

/// The `macro_rules!` names a file defines (exported ones live at the crate root but belong to this module).
fn macro_names(source: &str) -> Vec<String> {
    let tokens = lex(source);
    tokens
        .windows(3)
        .filter_map(|w| match w {
            [
                (Token::Ident(m), _),
                (Token::Punct('!'), _),
                (Token::Ident(name), _),
            ] if m == "macro_rules" => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// The top-level modules `lib.rs` declares (`mod x;`, `pub mod x;`, `pub(crate) mod x { ... }`).
fn declared_modules(lib: &str) -> BTreeSet<String> {
    let tokens = lex(lib);
    tokens
        .windows(2)
        .filter_map(|w| match w {
            [(Token::Ident(m), _), (Token::Ident(name), _)] if m == "mod" => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// Every library source file under `src` with its module path; the binaries (`main.rs`, `bin/`) are separate crates.
fn library_files(src: &Path) -> Vec<(PathBuf, Vec<String>)> {
    fn walk(dir: &Path, src: &Path, out: &mut Vec<(PathBuf, Vec<String>)>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let rel = path.strip_prefix(src).unwrap();
            if rel == Path::new("main.rs") || rel.starts_with("bin") {
                continue;
            }
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut module: Vec<String> = rel
                    .with_extension("")
                    .iter()
                    .map(|s| s.to_string_lossy().into_owned())
                    .collect();
                if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                    module.pop();
                }
                out.push((path, module));
            }
        }
    }
    let mut out = Vec::new();
    walk(src, src, &mut out);
    out
}

/// Top-level module → its dependencies, each with the first `file:line` that makes the arrow.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The graph of the library under `src`.
fn module_graph(src: &Path) -> Graph {
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let modules = declared_modules(&lib);
    let files = library_files(src);
    let sources: Vec<(PathBuf, Vec<String>, String)> = files
        .into_iter()
        .map(|(path, module)| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path, module, text)
        })
        .collect();
    let mut macro_home = BTreeMap::new();
    for (_, module, text) in &sources {
        if let Some(top) = module.first() {
            for name in macro_names(text) {
                macro_home.insert(name, top.clone());
            }
        }
    }
    let mut graph: Graph = modules
        .iter()
        .map(|m| (m.clone(), BTreeMap::new()))
        .collect();
    for (path, module, text) in &sources {
        let Some(from) = module.first() else { continue };
        for (item, line) in root_references(text, module) {
            let to = if modules.contains(&item) {
                item
            } else if let Some(home) = macro_home.get(&item) {
                home.clone()
            } else {
                continue;
            };
            if &to != from {
                let at = format!("{}:{line}", path.strip_prefix(src).unwrap().display());
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_insert(at);
            }
        }
    }
    graph
}

/// The graph of the folders of module `parent` (`experiments`): folder → the sibling folders its files name.
fn folder_graph(src: &Path, parent: &str) -> Graph {
    let mut graph = Graph::new();
    for (path, module) in library_files(src) {
        let [top, from, ..] = module.as_slice() else {
            continue;
        };
        if top != parent {
            continue;
        }
        graph.entry(from.clone()).or_default();
        let text = std::fs::read_to_string(&path).unwrap();
        for (to, line) in references_under(&text, &module, &[parent]) {
            if &to != from && src.join(parent).join(&to).is_dir() {
                let at = format!("{}:{line}", path.strip_prefix(src).unwrap().display());
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_insert(at);
            }
        }
    }
    graph.retain(|folder, _| src.join(parent).join(folder).is_dir());
    graph
}

/// The strongly connected components with more than one module (each holds at least one cycle), found as the
/// modules that reach each other.
fn tangles(graph: &Graph) -> Vec<BTreeSet<String>> {
    fn reach(from: &str, graph: &Graph) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(node) = todo.pop() {
            for next in graph.get(&node).into_iter().flat_map(|d| d.keys()) {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    }
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m, graph))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for (module, reached) in &reaches {
        if out.iter().any(|c| c.contains(*module)) || !reached.contains(*module) {
            continue;
        }
        let component: BTreeSet<String> = reached
            .iter()
            .filter(|other| reaches.get(other).is_some_and(|r| r.contains(*module)))
            .cloned()
            .collect();
        out.push(component);
    }
    out
}

/// One cycle through the first module of `component`, as its modules in order (the first repeated at the end): the
/// shortest path back, found breadth first inside the component.
fn cycle_in(component: &BTreeSet<String>, graph: &Graph) -> Vec<String> {
    let start = component.first().expect("a non-empty component");
    let mut parent: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(node) = queue.pop_front() {
        for next in graph[&node].keys().filter(|n| component.contains(*n)) {
            if next == start {
                let mut cycle = vec![node.clone()];
                while let Some(p) = parent.get(cycle.last().unwrap()) {
                    cycle.push(p.clone());
                }
                cycle.reverse();
                cycle.push(start.clone());
                return cycle;
            }
            if !parent.contains_key(next) && next != start {
                parent.insert(next.clone(), node.clone());
                queue.push_back(next.clone());
            }
        }
    }
    unreachable!("every module of a component reaches the others")
}

/// Every tangle of the graph, each with one of its cycles; empty when there is none.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    tangles(graph).iter().map(|c| cycle_in(c, graph)).collect()
}

/// The cycle written with the evidence of each arrow.
fn describe(cycle: &[String], graph: &Graph) -> String {
    let arrows: Vec<String> = cycle
        .windows(2)
        .map(|w| format!("{} -> {} ({})", w[0], w[1], graph[&w[0]][&w[1]]))
        .collect();
    format!("{}\n  {}", cycle.join(" -> "), arrows.join("\n  "))
}

/// The graph as text, one module a line.
fn render(graph: &Graph) -> String {
    graph
        .iter()
        .map(|(module, deps)| {
            let deps: Vec<&str> = deps.keys().map(String::as_str).collect();
            format!(
                "{module} -> {}",
                if deps.is_empty() {
                    "(none)".to_string()
                } else {
                    deps.join(", ")
                }
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_top_level_modules_form_no_cycle() {
    let src = std::env::var_os("MODULE_GRAPH_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert_no_cycle(&src);
}

/// The engine's modules too: the game uses the search (its players search), so the search must not use the game.
#[test]
fn the_engine_modules_form_no_cycle() {
    assert_no_cycle(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src"));
}

/// An experiment's folder may read another's files (break-even reads the search's rows), but no two read each
/// other: shared kernels live in the spine, so an experiment can be read, moved or removed on its own.
#[test]
fn the_experiment_folders_form_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = folder_graph(&src, "experiments");
    println!("experiment folders:\n{}", render(&graph));
    assert!(graph.len() >= 8, "too few experiment folders: {graph:?}");
    let found = cycles(&graph);
    let described: Vec<String> = found.iter().map(|c| describe(c, &graph)).collect();
    assert!(
        found.is_empty(),
        "experiment cycles:\n{}",
        described.join("\n")
    );
}

#[test]
fn references_under_a_module_name_its_items() {
    let source = "use crate::experiments::{a::b, c};\nuse crate::plot::d;\nuse super::super::e;\nmod tests { use super::super::super::f; }";
    assert_eq!(
        names(references_under(
            source,
            &path(&["experiments", "x", "y"]),
            &["experiments"]
        )),
        ["a", "c", "e", "f"]
    );
}

fn assert_no_cycle(src: &Path) {
    let graph = module_graph(src);
    println!("module graph of {}:\n{}", src.display(), render(&graph));
    assert!(
        graph.len() > 10,
        "too few modules found in {}: {graph:?}",
        src.display()
    );
    assert!(
        graph.values().map(BTreeMap::len).sum::<usize>() > 20,
        "too few arrows found: the reader is broken"
    );
    let found = cycles(&graph);
    let described: Vec<String> = found.iter().map(|c| describe(c, &graph)).collect();
    assert!(found.is_empty(), "module cycles:\n{}", described.join("\n"));
}

fn path(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|s| s.to_string()).collect()
}

fn names(refs: Vec<(String, usize)>) -> Vec<String> {
    refs.into_iter().map(|(n, _)| n).collect()
}

#[test]
fn groups_nested_paths_and_macro_paths_count() {
    let source = "use crate::{a, b::c, d::{e, f}};\nuse crate::g::h;\nfn x() { crate::i::j(); $crate::k::m!(); }";
    assert_eq!(
        names(root_references(source, &path(&["z"]))),
        ["a", "b", "d", "g", "i", "k"]
    );
}

#[test]
fn super_counts_only_when_it_climbs_to_the_root() {
    let source = "use super::a;\nmod tests {\n use super::*;\n use super::super::super::b;\n}\nuse super::super::c;";
    // In `z/y.rs`: `super::a` is `z::a`; inside `mod tests`, three levels reach the root; `super::super` outside
    // the inline module reaches it too.
    let refs = root_references(source, &path(&["z", "y"]));
    assert_eq!(refs, [("b".to_string(), 4), ("c".to_string(), 6)]);
    assert_eq!(
        names(root_references("use super::{p, q::r};", &path(&["z"]))),
        ["p", "q"]
    );
}

#[test]
fn comments_strings_characters_and_lifetimes_hide_nothing_and_invent_nothing() {
    let source = r####"
        // use crate::a;
        /* use crate::b; /* nested */ use crate::c; */
        const S: &str = "crate::d";
        const R: &str = r#"crate::e "quoted" "#;
        const B: &[u8] = b"crate::f";
        fn f<'a>(x: &'a str) -> char { let _ = '"'; let _ = '\''; crate::g::h(); 'x' }
        pub(crate) fn v() { pub(super) fn w() {} }
    "####;
    assert_eq!(names(root_references(source, &path(&["z"]))), ["g"]);
}

#[test]
fn a_cycle_is_found_and_named() {
    let mut graph = Graph::new();
    graph
        .entry("a".into())
        .or_default()
        .insert("b".into(), "a.rs:1".into());
    graph
        .entry("b".into())
        .or_default()
        .insert("c".into(), "b.rs:2".into());
    graph
        .entry("c".into())
        .or_default()
        .insert("a".into(), "c/d.rs:3".into());
    graph
        .entry("d".into())
        .or_default()
        .insert("a".into(), "d.rs:4".into());
    graph
        .entry("e".into())
        .or_default()
        .insert("f".into(), "e.rs:5".into());
    graph
        .entry("f".into())
        .or_default()
        .insert("e".into(), "f.rs:6".into());
    let found = cycles(&graph);
    assert_eq!(found, [path(&["a", "b", "c", "a"]), path(&["e", "f", "e"])]);
    assert!(describe(&found[0], &graph).contains("c -> a (c/d.rs:3)"));
    graph.get_mut("c").unwrap().clear();
    graph.get_mut("f").unwrap().clear();
    assert!(cycles(&graph).is_empty());
}
