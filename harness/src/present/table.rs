//! One table builder for every report table, the compare table and the console: columns with an alignment each,
//! rows of already formatted cells (see [`super::number`]), rendered as GitHub-flavoured markdown or as aligned plain
//! text. Both renderings come from the same [`Table`], so the console and the report cannot drift apart.

use std::fmt::Write;

/// How a column's cells line up; numbers go right so that their digits align.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    /// Text columns (names, labels, verdicts).
    Left,
    /// Number columns.
    Right,
}

/// A row whose cell count differs from the table's column count.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("table row {row} has {got} cells for {expected} columns")]
pub(crate) struct TableError {
    /// Zero-based index the row would have had.
    pub row: usize,
    pub got: usize,
    /// Columns of the table.
    pub expected: usize,
}

/// A table: a header of named, aligned columns and rows of text cells.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Table {
    header: Vec<String>,
    align: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these columns (name, alignment) and no rows; a name may be empty.
    pub(crate) fn new<S: Into<String>>(columns: impl IntoIterator<Item = (S, Align)>) -> Table {
        let (header, align) = columns.into_iter().map(|(n, a)| (n.into(), a)).unzip();
        Table {
            header,
            align,
            rows: Vec::new(),
        }
    }

    /// Appends a row; errors (and leaves the table unchanged) when the cell count is not the column count.
    pub(crate) fn row<S: Into<String>>(
        &mut self,
        cells: impl IntoIterator<Item = S>,
    ) -> Result<&mut Table, TableError> {
        let cells: Vec<String> = cells.into_iter().map(Into::into).collect();
        if cells.len() != self.header.len() {
            return Err(TableError {
                row: self.rows.len(),
                got: cells.len(),
                expected: self.header.len(),
            });
        }
        self.rows.push(cells);
        Ok(self)
    }

    /// Number of rows (the header not counted).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.rows.len()
    }

    /// True when no row has been added.
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// GitHub-flavoured markdown, one line per row, each ending in a newline. A `|` inside a cell is escaped and a
    /// line break becomes a space, so a cell can never split the table.
    pub(crate) fn markdown(&self) -> String {
        let mut out = String::new();
        let line = |out: &mut String, cells: &[String]| {
            let cells: Vec<String> = cells.iter().map(|c| markdown_cell(c)).collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        };
        line(&mut out, &self.header);
        let rule: Vec<&str> = self
            .align
            .iter()
            .map(|a| match a {
                Align::Left => "---",
                Align::Right => "---:",
            })
            .collect();
        let _ = writeln!(out, "|{}|", rule.join("|"));
        for r in &self.rows {
            line(&mut out, r);
        }
        out
    }

    /// Plain text for a terminal: columns padded to their widest cell (counted in characters) and two spaces apart,
    /// the header underlined with dashes, no trailing spaces.
    pub(crate) fn plain(&self) -> String {
        let width = |s: &str| s.chars().count();
        let widths: Vec<usize> = (0..self.header.len())
            .map(|j| {
                std::iter::once(&self.header)
                    .chain(&self.rows)
                    .map(|r| width(&r[j]))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        let line = |out: &mut String, cells: &[String]| {
            let mut text = String::new();
            for (j, c) in cells.iter().enumerate() {
                let pad = widths[j] - width(c);
                let (before, after) = match self.align[j] {
                    Align::Left => (0, pad),
                    Align::Right => (pad, 0),
                };
                if j > 0 {
                    text.push_str("  ");
                }
                let _ = write!(text, "{}{c}{}", " ".repeat(before), " ".repeat(after));
            }
            let _ = writeln!(out, "{}", text.trim_end());
        };
        line(&mut out, &self.header);
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        line(&mut out, &rule);
        for r in &self.rows {
            line(&mut out, r);
        }
        out
    }
}

fn markdown_cell(cell: &str) -> String {
    cell.replace('|', "\\|")
        .replace("\r\n", " ")
        .replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        let mut t = Table::new([
            ("scenario", Align::Left),
            ("hits", Align::Right),
            ("equal", Align::Left),
        ]);
        t.row(["a|b", "1,234", "yes"]).unwrap();
        t.row(["two\nlines", "5", "no"]).unwrap();
        t
    }

    #[test]
    fn plain_text_aligns_each_column_its_own_way() {
        let mut t = Table::new([
            ("µ name", Align::Left),
            ("n", Align::Right),
            ("ok", Align::Left),
        ]);
        t.row(["—", "1,234", "yes"]).unwrap();
        t.row(["longer name", "5", "n"]).unwrap();
        let text = t.plain();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "µ name           n  ok",
                "-----------  -----  ---",
                "—            1,234  yes",
                "longer name      5  n",
            ]
        );
    }

    #[test]
    fn a_row_of_the_wrong_width_is_refused() {
        let mut t = sample();
        let err = t.row(["x", "y"]).unwrap_err();
        assert_eq!((err.row, err.got, err.expected), (2, 2, 3));
        assert_eq!(err.to_string(), "table row 2 has 2 cells for 3 columns");
        assert_eq!(t.len(), 2);
        assert!(!t.is_empty());
    }

    #[test]
    fn an_empty_header_cell_and_no_rows_still_make_a_table() {
        let t = Table::new([("run", Align::Left), ("", Align::Left)]);
        assert!(t.is_empty());
        assert_eq!(t.markdown(), "| run |  |\n|---|---|\n");
        assert_eq!(t.plain(), "run\n---\n");
    }

    #[test]
    fn table_examples_and_markdown_escapes_pipes_and_line_breaks() -> Result<(), TableError> {
        assert_eq!(
            sample().markdown(),
            "| scenario | hits | equal |\n|---|---:|---|\n| a\\|b | 1,234 | yes |\n| two lines | 5 | no |\n"
        );
        let mut t = Table::new([("variant", Align::Left), ("time/op", Align::Right)]);
        t.row(["none", "12.2 ms"])?.row(["optimized", "845 µs"])?;
        assert_eq!(
            t.markdown(),
            "| variant | time/op |\n|---|---:|\n| none | 12.2 ms |\n| optimized | 845 µs |\n"
        );
        assert_eq!(
            t.plain(),
            "variant    time/op\n---------  -------\nnone       12.2 ms\noptimized   845 µs\n"
        );
        assert!(t.row(["only one cell"]).is_err());
        Ok(())
    }
}
