//! Criterion set-up shared by the engine benches.

use criterion::Criterion;

/// The workspace's embedded chart font. It lives with the harness, whose reports use it; the engine's benches borrow
/// the file rather than ship a second copy (the engine library itself never sees it).
static FONT: &[u8] = include_bytes!("../../../harness/assets/DejaVuSans.ttf");

/// A default `Criterion` whose HTML report can draw text: in a workspace build plotters carries its `ab_glyph` font
/// backend (the harness's charts need it), which refuses to lay out text until a font is registered, and criterion
/// would panic on its first chart. Every criterion bench takes its configuration from here.
pub fn criterion() -> Criterion {
    // A font that fails to load leaves the charts as they would be without it; the measurements do not depend on it.
    let _ = plotters::style::register_font("sans-serif", plotters::style::FontStyle::Normal, FONT);
    Criterion::default()
}
