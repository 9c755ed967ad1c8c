//! Checks shared by the chart tests: what a rendered SVG must show and must not contain.

use std::path::Path;

/// The SVG's text, one trimmed line each (the SVG backend writes every text on its own line between its tags).
pub(super) fn lines_of(svg: &str) -> Vec<&str> {
    svg.lines().map(str::trim).collect()
}

/// Asserts that `svg` draws every text in `shown` and no NaN or infinite coordinate, and that `png` is a PNG;
/// returns the SVG's text.
pub(super) fn assert_drawn(svg: &Path, png: &Path, shown: &[String]) -> String {
    let text = std::fs::read_to_string(svg).unwrap();
    let lines = lines_of(&text);
    for s in shown {
        assert!(lines.contains(&s.as_str()), "`{s}` not drawn");
    }
    for bad in ["NaN", "inf"] {
        assert!(!text.contains(bad), "{bad} in {}", svg.display());
    }
    assert!(std::fs::read(png).unwrap().starts_with(b"\x89PNG"));
    text
}

/// Asserts that every number the SVG draws (its tick labels) reads as a person would write it: no float noise beside
/// zero (`5.55e-17`), no exponent below -9, at most eight characters.
pub(super) fn assert_ticks_read_well(svg: &str) {
    let numbers = lines_of(svg).into_iter().filter(|l| {
        !l.is_empty()
            && !l.starts_with('<')
            && l.chars()
                .all(|c| c.is_ascii_digit() || "-.ekMGT".contains(c))
            && l.chars().any(|c| c.is_ascii_digit())
    });
    for n in numbers {
        assert!(
            n.len() <= 8 && !n.contains("e-1"),
            "tick label `{n}` reads badly"
        );
    }
}
