//! The frame shared by the charts with a categorical x axis (the dot-and-interval plots): category names
//! centred under their groups and wrapped onto two lines when too wide, thin separators between groups, a linear or
//! log y axis with readable ticks, the legend below. Each chart kind only draws its marks.

use super::SIZE;
use super::legend::{self, Entry, REFERENCE};
use super::text;
use super::ticks::log_ticks;
use crate::present::tick::tick;
use anyhow::{Result, anyhow};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One series of a categorical chart: a value (or a gap) per category, optionally with its 95% interval.
#[derive(Debug, Clone)]
pub(crate) struct CategorySeries {
    /// Legend text.
    pub name: String,
    /// One value per category, in category order; `None` leaves a gap.
    pub values: Vec<Option<f64>>,
    /// 95% interval `(lo, hi)` per category (same length as `values`), drawn as a whisker where `hi > lo`; ignored
    /// where the value is a gap.
    pub intervals: Option<Vec<(f64, f64)>>,
}

/// The plotting context the marks are drawn in: category `i` is centred on x = `i`.
pub(super) type Context<'a, 'b, DB, Y> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, Y>>;

/// The marks of one categorical chart kind.
pub(super) trait Marks {
    /// Draws the marks in `ctx`, whose y axis spans `y`; `root` is the whole chart, for marks drawn in pixels.
    fn draw<DB: DrawingBackend, Y: Ranged<ValueType = f64>>(
        &self,
        root: &DrawingArea<DB, Shift>,
        ctx: &mut Context<'_, '_, DB, Y>,
        y: (f64, f64),
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>;
}

/// Everything of a categorical chart except its marks.
pub(crate) struct Frame<'a> {
    /// Caption above the plot.
    pub title: &'a str,
    /// What the categories are.
    pub x_label: &'a str,
    /// Y-axis caption, with the unit drawn.
    pub y_caption: String,
    /// What y values are divided by for their tick labels (a time axis read in a larger unit).
    pub y_factor: f64,
    /// Category names, left to right.
    pub categories: &'a [String],
    /// Logarithmic y axis.
    pub log_y: bool,
    /// The y range drawn.
    pub y: (f64, f64),
    /// Legend entries, drawn below the plot.
    pub entries: Vec<Entry>,
}

const CATEGORY_FONT: u32 = 15;
const MARGIN: u32 = 16;
const Y_LABEL_AREA: u32 = 80;

/// Draws the frame and `marks` on `root`.
pub(crate) fn draw<DB: DrawingBackend, M: Marks>(
    root: &DrawingArea<DB, Shift>,
    frame: &Frame<'_>,
    marks: &M,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", frame.title);
    root.fill(&WHITE).map_err(e)?;
    let split = legend::split(root, &frame.entries)?;
    let n = frame.categories.len();
    let group_px = (SIZE.0 - 2 * MARGIN - Y_LABEL_AREA) as f64 / n.max(1) as f64;
    let labels: Vec<Vec<String>> = frame
        .categories
        .iter()
        .map(|c| text::wrap_label(c, CATEGORY_FONT, group_px * 0.92))
        .collect::<Result<_>>()?;
    let title = text::fit_title(frame.title)?;
    let plot_area = text::draw_title(&split.plot, &title).map_err(e)?;
    let (y0, y1) = frame.y;
    if frame.log_y {
        let ticks = log_ticks(y0, y1);
        let minor = minor_log_points(y0, y1, &ticks);
        let y = (y0..y1)
            .log_scale()
            .with_key_points(ticks)
            .with_light_points(minor);
        frame_in(root, &plot_area, frame, &labels, y, marks)?;
    } else {
        frame_in(root, &plot_area, frame, &labels, y0..y1, marks)?;
    }
    legend::draw(&split.legend, &split.rows, &frame.entries).map_err(e)?;
    Ok(())
}

fn frame_in<DB, Y, M>(
    root: &DrawingArea<DB, Shift>,
    area: &DrawingArea<DB, Shift>,
    frame: &Frame<'_>,
    labels: &[Vec<String>],
    y: Y,
    marks: &M,
) -> Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
    M: Marks,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", frame.title);
    let n = frame.categories.len();
    let (y0, y1) = frame.y;
    let lines = labels.iter().map(Vec::len).max().unwrap_or(1) as u32;
    let mut ctx = ChartBuilder::on(area)
        .margin(MARGIN)
        .x_label_area_size(lines * (CATEGORY_FONT + 4) + 40)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), y)
        .map_err(e)?;
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(10)
        .y_label_formatter(&|v: &f64| {
            let f = frame.y_factor;
            tick(*v / f, y0 / f, y1 / f)
        })
        .x_desc(frame.x_label)
        .y_desc(&frame.y_caption)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .max_light_lines(if frame.log_y { 9 } else { 1 })
        .bold_line_style(BLACK.mix(0.18))
        .light_line_style(BLACK.mix(0.06))
        .draw()
        .map_err(e)?;
    // Thin separators between groups, so each category's marks read as one block.
    ctx.draw_series((1..n).map(|i| {
        let x = i as f64 - 0.5;
        PathElement::new(vec![(x, y0), (x, y1)], BLACK.mix(0.15).stroke_width(1))
    }))
    .map_err(e)?;
    marks.draw(root, &mut ctx, (y0, y1)).map_err(e)?;
    // Category names centred under their groups (plotters' numeric x labels would fall between them).
    let style = TextStyle::from(("sans-serif", CATEGORY_FONT).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (i, lines) in labels.iter().enumerate() {
        let (px, py) = ctx.backend_coord(&(i as f64, y0));
        for (l, text) in lines.iter().enumerate() {
            let at = (px, py + 8 + l as i32 * (CATEGORY_FONT as i32 + 4));
            root.draw(&Text::new(text.as_str(), at, &style))
                .map_err(e)?;
        }
    }
    Ok(())
}

/// The centre of series `j` of `k` in category `i`, spreading the series over `width` of the group.
pub(crate) fn slot_centre(i: usize, j: usize, k: usize, width: f64) -> f64 {
    let slot = width / k.max(1) as f64;
    i as f64 - width / 2.0 + slot * (j as f64 + 0.5)
}

/// The three strokes of an interval whisker at pixel column `x` from row `lo` to row `hi`, caps reaching `cap`
/// pixels to each side.
pub(crate) fn whisker_px(x: i32, lo: i32, hi: i32, cap: i32) -> [Vec<(i32, i32)>; 3] {
    [
        vec![(x, lo), (x, hi)],
        vec![(x - cap, lo), (x + cap, lo)],
        vec![(x - cap, hi), (x + cap, hi)],
    ]
}

/// Draws the dashed horizontal reference line at `r` across all `n` categories when it lies inside `y`.
pub(crate) fn horizontal_reference<DB: DrawingBackend, Y: Ranged<ValueType = f64>>(
    ctx: &mut Context<'_, '_, DB, Y>,
    r: f64,
    n: usize,
    (y0, y1): (f64, f64),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if (y0..=y1).contains(&r) {
        ctx.draw_series(DashedLineSeries::new(
            [(-0.5, r), (n as f64 - 0.5, r)],
            10,
            6,
            REFERENCE.stroke_width(2),
        ))?;
    }
    Ok(())
}

/// Minor grid points of a log axis: every 1…9 multiple inside the range that is not already a labelled tick, when
/// the axis spans few enough decades for them to stay apart.
fn minor_log_points(lo: f64, hi: f64, ticks: &[f64]) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo) || (hi / lo).log10() > 4.0 {
        return Vec::new();
    }
    let (d0, d1) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    (d0..=d1)
        .flat_map(|d| (1..10).map(move |m| m as f64 * 10f64.powi(d)))
        .filter(|&v| v >= lo && v <= hi)
        .filter(|v| !ticks.iter().any(|t| (t / v - 1.0).abs() < 1e-6))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minor_points_skip_labelled_ticks() {
        let m = minor_log_points(0.4, 2.5, &[0.5, 1.0, 2.0]);
        let want = [0.4, 0.6, 0.7, 0.8, 0.9];
        assert_eq!(m.len(), want.len(), "{m:?}");
        assert!(
            m.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-9),
            "{m:?}"
        );
    }

    #[test]
    fn slots_spread_series_evenly_around_the_category() {
        assert_eq!(slot_centre(2, 0, 1, 0.8), 2.0);
        assert!((slot_centre(0, 0, 2, 0.8) + 0.2).abs() < 1e-12);
        assert!((slot_centre(0, 1, 2, 0.8) - 0.2).abs() < 1e-12);
    }
}
