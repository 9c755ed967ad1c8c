//! The answer at the top of the eviction report. That report is written by the catalogue-eviction experiment
//! during the run, before the later stages finish, so the main render puts the run's answer into it afterwards:
//! a block between two markers right under its title, replaced whole on every render.

use super::{Claim, markdown};
use anyhow::{Context, Result};
use std::path::Path;

const START: &str = "<!-- the answer: written by the main report's render -->";
const END: &str = "<!-- end of the answer -->";

/// `text` with the answer block replaced, or inserted after the title (the first `# ` line) when it has none.
pub(crate) fn with_answer(text: &str, claims: &[Claim]) -> String {
    let block = format!(
        "{START}\n{}{END}\n",
        markdown(claims, None, &crate::experiments::questions())
    );
    if let (Some(a), Some(b)) = (text.find(START), text.find(END))
        && a < b
    {
        let after = &text[b + END.len()..];
        let after = after.strip_prefix('\n').unwrap_or(after);
        return format!("{}{block}{after}", &text[..a]);
    }
    match text
        .find("# ")
        .filter(|&i| i == 0 || text[..i].ends_with('\n'))
    {
        Some(i) => {
            let line_end = text[i..].find('\n').map_or(text.len(), |e| i + e + 1);
            format!(
                "{}\n{block}\n{}",
                text[..line_end].trim_end_matches('\n').to_owned() + "\n",
                text[line_end..].trim_start_matches('\n')
            )
        }
        None => format!("{block}\n{text}"),
    }
}

/// Puts the answer into `<report>/eviction/index.md` when that report exists (a run that skipped the eviction
/// experiment has none).
pub(crate) fn stamp_eviction_report(report_dir: &Path, claims: &[Claim]) -> Result<()> {
    let path = report_dir.join("eviction").join("index.md");
    if !path.is_file() {
        return Ok(());
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("{}: cannot read", path.display()))?;
    Ok(crate::record::write_atomic(
        &path,
        with_answer(&text, claims).as_bytes(),
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_block_goes_under_the_title_once_and_is_replaced_whole() {
        let claims = |a: &str| {
            vec![Claim::new(
                crate::experiments::questions()[0],
                a,
                Vec::new(),
            )]
        };
        let report = "# The catalogue-eviction experiment\n\nReproduces it.\n";
        let once = with_answer(report, &claims("No."));
        assert!(
            once.starts_with("# The catalogue-eviction experiment\n\n<!--"),
            "{once}"
        );
        assert!(
            once.contains("default evaluator and settings? No.\n"),
            "{once}"
        );
        assert!(once.ends_with("Reproduces it.\n"), "{once}");
        let twice = with_answer(&once, &claims("Yes."));
        assert_eq!(twice.matches(START).count(), 1, "{twice}");
        assert!(
            twice.contains("settings? Yes.") && !twice.contains("settings? No."),
            "{twice}"
        );
        assert_eq!(twice.replace("Yes.", "No."), once);
    }
}
