//! Criterion set-up shared by the harness benches.

use criterion::Criterion;

/// The embedded chart font (the one the reports use), so criterion's charts need no system font.
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// A default `Criterion` whose HTML report can draw text: plotters is built with its `ab_glyph` font backend (the
/// harness's own charts need it), which refuses to lay out text until a font is registered, and criterion would
/// panic on its first chart. Every criterion bench takes its configuration from here.
pub fn criterion() -> Criterion {
    // A font that fails to load leaves the charts as they would be without it; the measurements do not depend on it.
    let _ = plotters::style::register_font("sans-serif", plotters::style::FontStyle::Normal, FONT);
    Criterion::default()
}
