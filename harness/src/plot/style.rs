//! How series tell themselves apart: eight colours from the Okabe–Ito palette (distinguishable with the common forms
//! of colour blindness) and eight marker shapes, so a series stays identifiable in greyscale print too. The checked
//! charts refuse a ninth series; the older descriptions cycle the pairs.

use plotters::coord::Shift;
use plotters::prelude::*;

/// Most series a checked chart accepts: one per colour and marker.
pub const MAX_SERIES: usize = 8;

/// The Okabe–Ito colours, darkest and most saturated first; yellow, the faintest on white, comes last.
const PALETTE: [RGBColor; MAX_SERIES] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(230, 159, 0),
    RGBColor(0, 0, 0),
    RGBColor(240, 228, 66),
];

/// A marker shape drawn at every point of a series and in its legend entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    /// Filled circle.
    Circle,
    /// Filled square.
    Square,
    /// Filled triangle pointing up.
    TriangleUp,
    /// Filled diamond.
    Diamond,
    /// Filled triangle pointing down.
    TriangleDown,
    /// Diagonal cross.
    Cross,
    /// Upright plus.
    Plus,
    /// Hollow circle.
    Ring,
}

/// The markers in series order.
pub const MARKERS: [Marker; MAX_SERIES] = [
    Marker::Circle,
    Marker::Square,
    Marker::TriangleUp,
    Marker::Diamond,
    Marker::TriangleDown,
    Marker::Cross,
    Marker::Plus,
    Marker::Ring,
];

/// Colour and marker of series `i`; unique for the first 64 (the marker shifts once the colours wrap).
pub(super) fn series_style(i: usize) -> (RGBColor, Marker) {
    (
        PALETTE[i % MAX_SERIES],
        MARKERS[(i + i / MAX_SERIES) % MAX_SERIES],
    )
}

/// Draws `marker` centred on pixel `(x, y)` of `area`, about `2r` pixels across.
pub(super) fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    marker: Marker,
    color: RGBColor,
    r: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let fill = color.filled();
    let line = color.stroke_width(2);
    let poly = |pts: Vec<(i32, i32)>| Polygon::new(pts, fill);
    match marker {
        Marker::Circle => area.draw(&Circle::new((x, y), r, fill)),
        Marker::Ring => area.draw(&Circle::new((x, y), r, line)),
        Marker::Square => {
            let s = r - 1;
            area.draw(&Rectangle::new([(x - s, y - s), (x + s, y + s)], fill))
        }
        Marker::TriangleUp => area.draw(&poly(vec![
            (x, y - r - 1),
            (x + r, y + r - 1),
            (x - r, y + r - 1),
        ])),
        Marker::TriangleDown => area.draw(&poly(vec![
            (x, y + r + 1),
            (x + r, y - r + 1),
            (x - r, y - r + 1),
        ])),
        Marker::Diamond => area.draw(&poly(vec![
            (x, y - r - 1),
            (x + r, y),
            (x, y + r + 1),
            (x - r, y),
        ])),
        Marker::Cross => {
            area.draw(&PathElement::new(
                vec![(x - r, y - r), (x + r, y + r)],
                line,
            ))?;
            area.draw(&PathElement::new(
                vec![(x - r, y + r), (x + r, y - r)],
                line,
            ))
        }
        Marker::Plus => {
            area.draw(&PathElement::new(vec![(x - r, y), (x + r, y)], line))?;
            area.draw(&PathElement::new(vec![(x, y - r), (x, y + r)], line))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_sixty_four_series_differ_in_colour_or_marker() {
        let styles: Vec<_> = (0..64).map(series_style).collect();
        for (i, a) in styles.iter().enumerate() {
            assert!(styles[..i].iter().all(|b| b != a), "series {i} repeats");
        }
        let first: Vec<_> = (0..MAX_SERIES).map(|i| series_style(i).1).collect();
        assert_eq!(first, MARKERS);
    }
}
