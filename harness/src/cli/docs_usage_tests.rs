//! docs/usage.md against the command line's definition (`command()`, what `--help` prints): every
//! visible command has a section headed by its name in backticks, every long option of a command is named in its
//! section, and every `--option` the page names anywhere exists in some command (or is one of the few options of
//! other tools the page mentions). So the page cannot drift from the binary.

use std::collections::BTreeSet;
use std::path::Path;

/// Options of other programs the page mentions (cargo, criterion, libtest, git, the allocation-profile binary),
/// which the harness itself does not have.
const OTHER_TOOLS: &[&str] = &[
    "release",          // cargo
    "workspace",        // cargo
    "bench",            // cargo
    "bin",              // cargo
    "example",          // cargo
    "test",             // cargo
    "save-baseline",    // criterion
    "baseline",         // criterion
    "warm-up-time",     // criterion
    "measurement-time", // criterion
    "nocapture",        // libtest
    "force",            // git worktree remove
    "run-folder",       // the alloc_profile binary
    "help",             // clap, every command
    "version",          // clap, the top-level command
];

fn usage_md() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/usage.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every visible command as (its name as typed, e.g. `harness match merge`, its long options).
fn commands() -> Vec<(String, Vec<String>)> {
    fn walk(cmd: &clap::Command, name: String, out: &mut Vec<(String, Vec<String>)>) {
        let longs = cmd
            .get_arguments()
            .filter(|a| !a.is_hide_set())
            .filter_map(|a| a.get_long())
            .filter(|l| *l != "help" && *l != "version")
            .map(str::to_owned)
            .collect();
        out.push((name.clone(), longs));
        for sub in cmd.get_subcommands() {
            if !sub.is_hide_set() && sub.get_name() != "help" {
                walk(sub, format!("{name} {}", sub.get_name()), out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&crate::cli::command(), "harness".into(), &mut out);
    out
}

/// Every long option of every command, hidden ones included (test-only knobs the page may document as such).
fn every_long_option() -> BTreeSet<String> {
    fn walk(cmd: &clap::Command, out: &mut BTreeSet<String>) {
        out.extend(
            cmd.get_arguments()
                .filter_map(|a| a.get_long())
                .map(str::to_owned),
        );
        for sub in cmd.get_subcommands() {
            walk(sub, out);
        }
    }
    let mut out = BTreeSet::new();
    walk(&crate::cli::command(), &mut out);
    out
}

/// The first backticked span of a line, if any.
fn first_code_span(line: &str) -> Option<&str> {
    let start = line.find('`')? + 1;
    let len = line[start..].find('`')?;
    Some(&line[start..start + len])
}

/// The page's sections that name a command: (the command, the section's text up to the next heading).
fn command_sections(md: &str) -> Vec<(String, String)> {
    let mut sections: Vec<(String, String)> = Vec::new();
    let mut current: Option<usize> = None;
    for line in md.lines() {
        if line.starts_with('#') {
            current = None;
            if let Some(span) = first_code_span(line)
                && (span == "harness" || span.starts_with("harness "))
            {
                sections.push((span.to_owned(), String::new()));
                current = Some(sections.len() - 1);
            }
        } else if let Some(i) = current {
            sections[i].1.push_str(line);
            sections[i].1.push('\n');
        }
    }
    sections
}

/// Every `--name` token of a text.
fn option_tokens(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(off) = text[i..].find("--") {
        let start = i + off + 2;
        let before_ok =
            i + off == 0 || !(b[i + off - 1].is_ascii_alphanumeric() || b[i + off - 1] == b'-');
        let mut end = start;
        while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'-') {
            end += 1;
        }
        if before_ok && end > start && b[start].is_ascii_lowercase() {
            out.insert(text[start..end].trim_end_matches('-').to_owned());
        }
        i = end.max(start);
    }
    out
}

#[test]
fn every_command_has_a_section_naming_each_of_its_options() {
    let md = usage_md();
    let sections = command_sections(&md);
    let mut missing = Vec::new();
    for (name, longs) in commands() {
        let Some((_, text)) = sections.iter().find(|(n, _)| *n == name) else {
            missing.push(format!("no section headed `{name}`"));
            continue;
        };
        let named = option_tokens(text);
        for l in longs {
            if !named.contains(&l) {
                missing.push(format!("`{name}`: --{l} is not named in its section"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/usage.md is behind the command line:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_option_and_section_the_page_names_exists() {
    let md = usage_md();
    let commands = commands();
    let known = every_long_option();
    let unknown: Vec<String> = option_tokens(&md)
        .into_iter()
        .filter(|t| !known.contains(t) && !OTHER_TOOLS.contains(&t.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "docs/usage.md names options no command has: {unknown:?}"
    );
    let stale: Vec<String> = command_sections(&md)
        .into_iter()
        .map(|(n, _)| n)
        .filter(|n| !commands.iter().any(|(c, _)| c == n))
        .collect();
    assert!(
        stale.is_empty(),
        "docs/usage.md has sections for commands that do not exist: {stale:?}"
    );
}

#[test]
fn the_checks_see_options_and_sections() {
    // The parsing above must find what it looks for, or both tests would pass on any page.
    assert_eq!(
        option_tokens("`--skip-eviction`, `--tt off|N`, a -- b, x--y, `--elo0 E`"),
        BTreeSet::from([
            "skip-eviction".to_owned(),
            "tt".to_owned(),
            "elo0".to_owned()
        ])
    );
    let s = command_sections("# Title\n## `harness match merge`\ntext `--x`\n### Other\n`--y`\n");
    assert_eq!(
        s,
        vec![("harness match merge".to_owned(), "text `--x`\n".to_owned())]
    );
    let commands = commands();
    let main = commands.iter().find(|(n, _)| n == "harness").unwrap();
    assert!(main.1.contains(&"quick".to_owned()), "{main:?}");
    assert!(commands.iter().any(|(n, _)| n == "harness match merge"));
    assert!(
        !commands.iter().any(|(n, _)| n.contains("callgrind")),
        "hidden commands are not documented"
    );
}
