//! Grouped bar charts for categorical x axes (scenario families, cache variants): one group of bars per category,
//! one colour per series, optional 95% error bars and a labelled reference line. The legend sits below the plot so it
//! never hides a bar.

use super::ticks::{log_ticks, tick_label};
use super::{SIZE, palette};
use anyhow::{Result, anyhow, bail};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One series of a grouped bar chart: a value (or a gap) per category.
#[derive(Debug, Clone)]
pub struct BarSeries {
    /// Legend text.
    pub name: String,
    /// One value per category, in category order; `None` leaves a gap.
    pub values: Vec<Option<f64>>,
    /// 95% interval `(lo, hi)` per category (same length as `values`), drawn as error bars where `hi > lo`.
    pub intervals: Option<Vec<(f64, f64)>>,
}

/// A grouped bar chart description.
#[derive(Debug, Clone)]
pub struct GroupedBarChart {
    /// Caption above the plot.
    pub title: String,
    /// X-axis label (what the categories are).
    pub x_label: String,
    /// Y-axis label, with unit.
    pub y_label: String,
    /// Category names, left to right, written under their groups.
    pub categories: Vec<String>,
    /// The series; each gets one bar in every group.
    pub series: Vec<BarSeries>,
    /// Logarithmic y axis (bars rise from the bottom of the axis; non-positive values are left out).
    pub log_y: bool,
    /// A dashed horizontal line at this value, with its legend text (e.g. "1 = as fast as uncached").
    pub reference: Option<(f64, String)>,
    /// Fixed y range; otherwise fitted to the data, the intervals and the reference line.
    pub y_range: Option<(f64, f64)>,
}

impl GroupedBarChart {
    /// Checks the shape (one value and interval per category) and that something can be drawn.
    pub(super) fn validate(&self) -> Result<()> {
        let n = self.categories.len();
        for s in &self.series {
            if s.values.len() != n {
                bail!(
                    "chart `{}`: series `{}` has {} values for {n} categories",
                    self.title,
                    s.name,
                    s.values.len()
                );
            }
            if let Some(iv) = &s.intervals
                && iv.len() != n
            {
                bail!(
                    "chart `{}`: series `{}` has {} intervals for {n} categories",
                    self.title,
                    s.name,
                    iv.len()
                );
            }
        }
        if let Some((lo, hi)) = self.y_range
            && !(lo.is_finite() && hi.is_finite() && hi > lo && (!self.log_y || lo > 0.0))
        {
            bail!(
                "chart `{}`: y range [{lo}, {hi}] is not increasing{}",
                self.title,
                if self.log_y { " and positive" } else { "" }
            );
        }
        if self.values().next().is_none() {
            bail!("chart `{}` has no data", self.title);
        }
        Ok(())
    }

    /// Every drawable value, with its series and category index.
    fn values(&self) -> impl Iterator<Item = (usize, usize, f64)> + '_ {
        self.series.iter().enumerate().flat_map(move |(j, s)| {
            s.values.iter().enumerate().filter_map(move |(i, v)| {
                v.filter(|v| v.is_finite() && (!self.log_y || *v > 0.0))
                    .map(|v| (j, i, v))
            })
        })
    }

    /// The interval of series `j` at category `i`, when it is a real interval.
    fn interval(&self, j: usize, i: usize) -> Option<(f64, f64)> {
        let (lo, hi) = *self.series[j].intervals.as_ref()?.get(i)?;
        (lo.is_finite() && hi.is_finite() && hi > lo).then_some((lo, hi))
    }

    fn has_intervals(&self) -> bool {
        self.values().any(|(j, i, _)| self.interval(j, i).is_some())
    }

    /// The y range: the fixed one, or the data with headroom; a linear axis always includes 0.
    fn y_bounds(&self) -> (f64, f64) {
        if let Some(r) = self.y_range {
            return r;
        }
        let mut seen: Vec<f64> = Vec::new();
        for (j, i, v) in self.values() {
            seen.push(v);
            if let Some((lo, hi)) = self.interval(j, i) {
                seen.extend([lo, hi]);
            }
        }
        if let Some((r, _)) = &self.reference {
            seen.push(*r);
        }
        seen.retain(|v| v.is_finite() && (!self.log_y || *v > 0.0));
        let lo = seen.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = seen.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if self.log_y {
            (lo / 1.6, hi * 1.4)
        } else {
            let (lo, hi) = (lo.min(0.0), hi.max(0.0));
            let pad = ((hi - lo) * 0.08).max(1e-9);
            (if lo < 0.0 { lo - pad } else { 0.0 }, hi + pad)
        }
    }
}

/// What a legend entry's swatch looks like.
#[derive(Clone, Copy)]
enum Swatch {
    Bar(RGBColor),
    Interval,
    Reference,
}

const LEGEND_FONT: u32 = 14;
const LEGEND_ROW: u32 = 22;
const SWATCH: u32 = 18;
const CATEGORY_FONT: u32 = 15;
const MARGIN: u32 = 16;
const Y_LABEL_AREA: u32 = 80;
const REFERENCE: RGBColor = RGBColor(60, 60, 60);

/// Draws the chart on `root`: title, plot with its category labels, legend rows underneath.
pub(super) fn draw_grouped<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &GroupedBarChart,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", chart.title);
    root.fill(&WHITE).map_err(e)?;
    let mut entries: Vec<(String, Swatch)> = chart
        .series
        .iter()
        .enumerate()
        .map(|(j, s)| (s.name.clone(), Swatch::Bar(palette(j))))
        .collect();
    if chart.has_intervals() {
        entries.push(("95% interval".into(), Swatch::Interval));
    }
    if let Some((_, name)) = &chart.reference {
        entries.push((name.clone(), Swatch::Reference));
    }
    let rows = legend_rows(root, &entries, SIZE.0 - 2 * MARGIN)?;
    let legend_h = rows.len() as u32 * LEGEND_ROW + 10;
    let (upper, lower) = root.split_vertically(SIZE.1 - legend_h);

    let n = chart.categories.len();
    let group_px = (SIZE.0 - 2 * MARGIN - Y_LABEL_AREA) as f64 / n.max(1) as f64;
    let labels: Vec<Vec<String>> = chart
        .categories
        .iter()
        .map(|c| wrap_label(root, c, group_px * 0.95))
        .collect::<Result<_>>()?;
    let lines = labels.iter().map(Vec::len).max().unwrap_or(1) as u32;

    let (y0, y1) = chart.y_bounds();
    if chart.log_y {
        let ticks = log_ticks(y0, y1);
        let minor = minor_log_points(y0, y1, &ticks);
        let y = (y0..y1).log_scale().with_key_points(ticks);
        let y = y.with_light_points(minor);
        bars_in(root, &upper, chart, &labels, lines, y, y0)?;
    } else {
        bars_in(
            root,
            &upper,
            chart,
            &labels,
            lines,
            y0..y1,
            0.0f64.clamp(y0, y1),
        )?;
    }
    draw_legend(&lower, &rows, &entries).map_err(e)?;
    Ok(())
}

/// The plot itself on `area`; category labels go on `root` at the pixel positions of their groups.
fn bars_in<DB, Y>(
    root: &DrawingArea<DB, Shift>,
    area: &DrawingArea<DB, Shift>,
    chart: &GroupedBarChart,
    labels: &[Vec<String>],
    label_lines: u32,
    y: Y,
    base: f64,
) -> Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing `{}`: {e:?}", chart.title);
    let n = chart.categories.len();
    let k = chart.series.len().max(1);
    let (y0, y1) = chart.y_bounds();
    let clamp = |v: f64| v.clamp(y0, y1);
    let mut ctx = ChartBuilder::on(area)
        .caption(&chart.title, ("sans-serif", 24))
        .margin(MARGIN)
        .x_label_area_size(label_lines * (CATEGORY_FONT + 4) + 40)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), y)
        .map_err(e)?;
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(10)
        .y_label_formatter(&|v: &f64| tick_label(*v))
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .max_light_lines(if chart.log_y { 9 } else { 1 })
        .bold_line_style(BLACK.mix(0.18))
        .light_line_style(BLACK.mix(0.06))
        .draw()
        .map_err(e)?;
    // Thin separators between groups, so each category's bars read as one block.
    ctx.draw_series((1..n).map(|i| {
        let x = i as f64 - 0.5;
        PathElement::new(vec![(x, y0), (x, y1)], BLACK.mix(0.15).stroke_width(1))
    }))
    .map_err(e)?;
    let slot = 0.8 / k as f64;
    let centre = |i: usize, j: usize| i as f64 - 0.4 + slot * (j as f64 + 0.5);
    ctx.draw_series(chart.values().map(|(j, i, v)| {
        let x = centre(i, j);
        Rectangle::new(
            [(x - slot * 0.46, clamp(base)), (x + slot * 0.46, clamp(v))],
            palette(j).filled(),
        )
    }))
    .map_err(e)?;
    let cap = slot * 0.22;
    let mut whiskers = Vec::new();
    for (j, i, _) in chart.values() {
        let Some((lo, hi)) = chart.interval(j, i) else {
            continue;
        };
        let (x, lo, hi) = (centre(i, j), clamp(lo), clamp(hi));
        whiskers.push(vec![(x, lo), (x, hi)]);
        whiskers.push(vec![(x - cap, lo), (x + cap, lo)]);
        whiskers.push(vec![(x - cap, hi), (x + cap, hi)]);
    }
    ctx.draw_series(
        whiskers
            .into_iter()
            .map(|p| PathElement::new(p, BLACK.stroke_width(2))),
    )
    .map_err(e)?;
    if let Some((r, _)) = &chart.reference
        && (y0..=y1).contains(r)
    {
        ctx.draw_series(DashedLineSeries::new(
            [(-0.5, *r), (n as f64 - 0.5, *r)],
            10,
            6,
            REFERENCE.stroke_width(2),
        ))
        .map_err(e)?;
    }
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

/// Splits a category name into at most two lines (at a space or after a hyphen near its middle) when it is wider
/// than `width` pixels.
fn wrap_label<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    text: &str,
    width: f64,
) -> Result<Vec<String>> {
    let font = TextStyle::from(("sans-serif", CATEGORY_FONT).into_font());
    let w = |s: &str| -> Result<f64> {
        Ok(root
            .estimate_text_size(s, &font)
            .map_err(|e| anyhow!("measuring `{s}`: {e:?}"))?
            .0 as f64)
    };
    if w(text)? <= width {
        return Ok(vec![text.to_owned()]);
    }
    let middle = text.len() / 2;
    let best = text
        .char_indices()
        .filter(|(_, c)| *c == ' ' || *c == '-')
        .min_by_key(|(i, _)| i.abs_diff(middle));
    Ok(match best {
        Some((i, ' ')) => vec![text[..i].to_owned(), text[i + 1..].to_owned()],
        Some((i, _)) => vec![text[..=i].to_owned(), text[i + 1..].to_owned()],
        None => vec![text.to_owned()],
    })
}

/// Legend entries laid out in rows no wider than `width`: each row holds `(entry index, x offset)` pairs, and the
/// last element of a row is its total width.
type LegendRow = (Vec<(usize, u32)>, u32);

fn legend_rows<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    entries: &[(String, Swatch)],
    width: u32,
) -> Result<Vec<LegendRow>> {
    let font = TextStyle::from(("sans-serif", LEGEND_FONT).into_font());
    let mut rows: Vec<LegendRow> = vec![(Vec::new(), 0)];
    for (idx, (name, _)) in entries.iter().enumerate() {
        let text = root
            .estimate_text_size(name, &font)
            .map_err(|e| anyhow!("measuring `{name}`: {e:?}"))?
            .0;
        let item = SWATCH + 6 + text;
        let row = rows.last_mut().expect("rows start non-empty");
        let start = if row.0.is_empty() { 0 } else { row.1 + 26 };
        if !row.0.is_empty() && start + item > width {
            rows.push((vec![(idx, 0)], item));
        } else {
            row.0.push((idx, start));
            row.1 = start + item;
        }
    }
    Ok(rows)
}

fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    rows: &[LegendRow],
    entries: &[(String, Swatch)],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (w, _) = area.dim_in_pixel();
    let style = TextStyle::from(("sans-serif", LEGEND_FONT).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    for (r, (items, row_w)) in rows.iter().enumerate() {
        let left = (w.saturating_sub(*row_w) / 2) as i32;
        let y = (r as u32 * LEGEND_ROW + LEGEND_ROW / 2) as i32;
        for &(idx, dx) in items {
            let x = left + dx as i32;
            let (name, swatch) = &entries[idx];
            let s = SWATCH as i32;
            match swatch {
                Swatch::Bar(c) => {
                    area.draw(&Rectangle::new([(x, y - 7), (x + s, y + 7)], c.filled()))?;
                }
                Swatch::Interval => {
                    let m = x + s / 2;
                    let black = BLACK.stroke_width(2);
                    area.draw(&PathElement::new(vec![(m, y - 8), (m, y + 8)], black))?;
                    area.draw(&PathElement::new(
                        vec![(m - 4, y - 8), (m + 4, y - 8)],
                        black,
                    ))?;
                    area.draw(&PathElement::new(
                        vec![(m - 4, y + 8), (m + 4, y + 8)],
                        black,
                    ))?;
                }
                Swatch::Reference => {
                    let dash = REFERENCE.stroke_width(2);
                    area.draw(&PathElement::new(vec![(x, y), (x + 7, y)], dash))?;
                    area.draw(&PathElement::new(vec![(x + 11, y), (x + s, y)], dash))?;
                }
            }
            area.draw(&Text::new(name.as_str(), (x + s + 6, y), &style))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(values: Vec<Option<f64>>, log_y: bool) -> GroupedBarChart {
        GroupedBarChart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            categories: vec!["a".into(), "b".into()],
            series: vec![BarSeries {
                name: "s".into(),
                values,
                intervals: None,
            }],
            log_y,
            reference: Some((1.0, "one".into())),
            y_range: None,
        }
    }

    #[test]
    fn shape_errors_name_the_series() {
        let err = chart(vec![Some(1.0)], false).validate().unwrap_err();
        assert!(
            err.to_string()
                .contains("series `s` has 1 values for 2 categories")
        );
        let mut c = chart(vec![Some(1.0), None], false);
        c.series[0].intervals = Some(vec![(0.5, 1.5)]);
        assert!(
            c.validate()
                .unwrap_err()
                .to_string()
                .contains("1 intervals")
        );
        let mut c = chart(vec![Some(1.0), None], true);
        c.y_range = Some((0.0, 10.0));
        let err = c.validate().unwrap_err().to_string();
        assert!(err.contains("not increasing and positive"), "{err}");
    }

    #[test]
    fn a_log_chart_of_non_positive_values_has_no_data() {
        let c = chart(vec![Some(0.0), Some(-2.0)], true);
        assert!(c.validate().unwrap_err().to_string().contains("no data"));
        assert!(chart(vec![Some(0.0), None], false).validate().is_ok());
    }

    #[test]
    fn y_bounds_include_zero_intervals_and_the_reference() {
        let mut c = chart(vec![Some(3.0), Some(5.0)], false);
        c.series[0].intervals = Some(vec![(2.0, 4.0), (4.0, 8.0)]);
        let (lo, hi) = c.y_bounds();
        assert_eq!(lo, 0.0);
        assert!(hi > 8.0 && hi < 9.0, "{hi}");
        let c = chart(vec![Some(3.0), Some(5.0)], true);
        let (lo, hi) = c.y_bounds();
        assert!(lo < 1.0 && hi > 5.0, "{lo} {hi}");
    }

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
    fn renders_wrapped_category_names_under_their_groups() {
        let dir = std::env::temp_dir().join(format!("grouped-bars-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let names = [
            "transposition-rich",
            "promotion-en-passant",
            "sparse",
            "middlegame",
        ];
        let mut c = chart(vec![Some(0.5), Some(2.0), Some(1.2), None], true);
        c.categories = names.iter().map(|n| (*n).to_owned()).collect();
        c.series.push(BarSeries {
            name: "second".into(),
            values: vec![Some(0.8), None, Some(1.5), Some(0.9)],
            intervals: Some(vec![(0.7, 0.9), (0.0, 0.0), (1.5, 1.5), (0.8, 1.1)]),
        });
        // Six series make the groups narrow enough that the long names wrap.
        for k in 0..4 {
            c.series.push(BarSeries {
                name: format!("extra {k}"),
                values: vec![Some(1.0); 4],
                intervals: None,
            });
        }
        // Eight groups of six bars: about 110 pixels per group, narrower than the longest name.
        c.categories
            .extend(["a-b", "c", "d", "e"].map(String::from));
        for s in &mut c.series {
            s.values.extend([Some(1.0); 4]);
            if let Some(iv) = &mut s.intervals {
                iv.extend([(1.0, 1.0); 4]);
            }
        }
        let [svg, png] = super::super::grouped_bar_chart(&c, &dir.join("bars")).unwrap();
        // The SVG backend writes each text on its own line between the tags.
        let text = std::fs::read_to_string(&svg).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for shown in ["promotion-", "en-passant", "sparse", "95% interval", "one"] {
            assert!(lines.contains(&shown), "{shown} not drawn");
        }
        assert!(!lines.contains(&"promotion-en-passant"));
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
        c.series.iter_mut().for_each(|s| s.values.fill(None));
        let err = super::super::grouped_bar_chart(&c, &dir.join("empty")).unwrap_err();
        assert!(err.to_string().contains("has no data"), "{err}");
        assert!(!dir.join("empty.svg").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
