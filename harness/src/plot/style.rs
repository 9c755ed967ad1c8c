//! How series tell themselves apart: eight colours from the Okabe–Ito palette (distinguishable with the common forms
//! of colour blindness) and eight marker shapes, so a series stays identifiable in greyscale print too. The checked
//! charts refuse a ninth series; the older descriptions cycle the pairs.

use plotters::coord::Shift;
use plotters::prelude::*;

/// Most series a checked chart accepts: one per colour and marker.
pub(crate) const MAX_SERIES: usize = 8;

/// The Okabe–Ito colours, ordered so that the first five differ clearly from each other (blue, vermillion, green,
/// purple, black: compared arms are usually among a chart's first five series); the look-alikes of two of them (orange
/// beside vermillion, sky blue beside blue) come only after, and yellow, the faintest on white, last.
const PALETTE: [RGBColor; MAX_SERIES] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(0, 0, 0),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(240, 228, 66),
];

/// A marker shape drawn at every point of a series and in its legend entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Marker {
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
pub(crate) const MARKERS: [Marker; MAX_SERIES] = [
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
pub(crate) fn series_style(i: usize) -> (RGBColor, Marker) {
    (
        PALETTE[i % MAX_SERIES],
        MARKERS[(i + i / MAX_SERIES) % MAX_SERIES],
    )
}

/// Draws `marker` centred on pixel `(x, y)` of `area`, about `2r` pixels across.
pub(crate) fn draw_marker<DB: DrawingBackend>(
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

    /// CIE L*a*b* of an sRGB colour (D65).
    fn lab(c: RGBColor) -> [f64; 3] {
        let lin = |u: u8| {
            let u = f64::from(u) / 255.0;
            if u <= 0.04045 {
                u / 12.92
            } else {
                ((u + 0.055) / 1.055).powf(2.4)
            }
        };
        let (r, g, b) = (lin(c.0), lin(c.1), lin(c.2));
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        [
            116.0 * f(y) - 16.0,
            500.0 * (f(x) - f(y)),
            200.0 * (f(y) - f(z)),
        ]
    }

    /// Colour difference ΔE*76.
    fn delta_e(a: RGBColor, b: RGBColor) -> f64 {
        let (a, b) = (lab(a), lab(b));
        a.iter()
            .zip(b)
            .map(|(p, q)| (p - q).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    /// Least ΔE*76 between any two of a chart's first series.
    const CLEAR: f64 = 40.0;
    /// Series among which every colour differs clearly from every other (see [`PALETTE`]).
    const CLEARLY_DIFFERENT: usize = 5;

    #[test]
    fn the_first_five_colours_differ_clearly_and_look_alikes_come_later() {
        let first = &PALETTE[..CLEARLY_DIFFERENT];
        for (i, &a) in first.iter().enumerate() {
            for (j, &b) in first[..i].iter().enumerate() {
                let d = delta_e(a, b);
                assert!(d >= CLEAR, "colours {j} and {i} differ by only {d:.1}");
            }
        }
        // The threshold tells look-alikes apart: sky blue beside blue, orange beside vermillion.
        assert!(delta_e(PALETTE[0], PALETTE[6]) < CLEAR);
        assert!(delta_e(PALETTE[1], PALETTE[5]) < CLEAR);
    }

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
