//! Bit tricks on 8x8 cell sets (bit = row * 8 + col, row 0 on top) shared by boards, regions and shapes.

/// Column 0 of every row.
pub(crate) const COL_FIRST: u64 = 0x0101_0101_0101_0101;
/// Column 7 of every row.
pub(crate) const COL_LAST: u64 = COL_FIRST << 7;

/// The cells of a `rows x cols` rectangle in the top-left corner.
pub(crate) fn rectangle(rows: u32, cols: u32) -> u64 {
    let row = if cols >= 8 { 0xff } else { (1u64 << cols) - 1 };
    (0..rows).fold(0, |acc, r| acc | row << (8 * r))
}

/// The set plus its 4-neighbours (clipped to the 8x8 grid: no wrap between rows).
pub(crate) fn grow(set: u64) -> u64 {
    set | set << 8 | set >> 8 | (set << 1) & !COL_FIRST | (set >> 1) & !COL_LAST
}

/// The 4-connected component of `within` that contains the cells of `seed`.
pub(crate) fn flood(seed: u64, within: u64) -> u64 {
    let mut region = seed & within;
    loop {
        let next = grow(region) & within;
        if next == region {
            return region;
        }
        region = next;
    }
}

/// Number of rows spanned from row 0 to the last occupied row (0 for the empty set).
pub(crate) fn height(set: u64) -> u32 {
    if set == 0 {
        0
    } else {
        (63 - set.leading_zeros()) / 8 + 1
    }
}

/// Number of columns spanned from column 0 to the last occupied column (0 for the empty set).
pub(crate) fn width(set: u64) -> u32 {
    let mut columns = 0u8;
    for r in 0..8 {
        columns |= (set >> (8 * r)) as u8;
    }
    8 - columns.leading_zeros()
}

/// Shifts the set up and left so that its bounding box starts at row 0, column 0.
pub(crate) fn to_origin(set: u64) -> u64 {
    if set == 0 {
        return 0;
    }
    let top = set.trailing_zeros() / 8;
    let mut shifted = set >> (8 * top);
    let mut columns = 0u8;
    for r in 0..8 {
        columns |= (shifted >> (8 * r)) as u8;
    }
    let left = columns.trailing_zeros();
    // Every occupied column is at least `left`, so shifting right by `left` moves no cell across a row.
    shifted >>= left;
    shifted
}

/// Mirror left-right within a bounding box of `width` columns that starts at column 0.
pub(crate) fn mirror_columns(set: u64, width: u32) -> u64 {
    let mut out = 0u64;
    for r in 0..8 {
        let row = (set >> (8 * r)) as u8;
        out |= ((row.reverse_bits() >> (8 - width)) as u64) << (8 * r);
    }
    out
}

/// Mirror top-bottom within a bounding box of `height` rows that starts at row 0.
pub(crate) fn mirror_rows(set: u64, height: u32) -> u64 {
    set.swap_bytes() >> (8 * (8 - height))
}

/// Reflect in the main diagonal (row and column swap): vertical dominoes become horizontal ones.
pub(crate) fn transpose(set: u64) -> u64 {
    let mut out = 0u64;
    let mut rest = set;
    while rest != 0 {
        let bit = rest.trailing_zeros();
        rest &= rest - 1;
        out |= 1u64 << ((bit % 8) * 8 + bit / 8);
    }
    out
}

/// Parses rows of `.` (a cell of the set) and `#` (not in the set) joined by `|` into (set, rows, cols).
pub(crate) fn parse_grid(text: &str) -> Result<(u64, u32, u32), String> {
    let rows: Vec<&str> = text.split('|').collect();
    if rows.len() > 8 {
        return Err(format!("{} rows; at most 8 allowed", rows.len()));
    }
    let cols = rows[0].chars().count();
    if cols == 0 || cols > 8 {
        return Err(format!("row 1 has {cols} columns; 1 to 8 allowed"));
    }
    let mut set = 0u64;
    for (r, row) in rows.iter().enumerate() {
        let len = row.chars().count();
        if len != cols {
            return Err(format!(
                "row {} has {len} columns but row 1 has {cols}",
                r + 1
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => set |= 1u64 << (8 * r + c),
                '#' => {}
                other => {
                    return Err(format!(
                        "row {}, column {}: {other:?} is neither '.' nor '#'",
                        r + 1,
                        c + 1
                    ));
                }
            }
        }
    }
    Ok((set, rows.len() as u32, cols as u32))
}

/// Writes the `rows x cols` grid with `.` for cells in the set and `#` otherwise, rows joined by `|`.
pub(crate) fn write_grid(
    f: &mut impl std::fmt::Write,
    set: u64,
    rows: u32,
    cols: u32,
) -> std::fmt::Result {
    for r in 0..rows {
        if r > 0 {
            f.write_char('|')?;
        }
        for c in 0..cols {
            f.write_char(if set >> (8 * r + c) & 1 == 1 {
                '.'
            } else {
                '#'
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirrors_and_origin_round_trip() {
        let (l, _, _) = parse_grid("..|.#|.#").unwrap();
        assert_eq!((height(l), width(l)), (3, 2));
        assert_eq!(mirror_columns(mirror_columns(l, 2), 2), l);
        assert_eq!(mirror_rows(mirror_rows(l, 3), 3), l);
        assert_eq!(mirror_columns(l, 2), parse_grid("..|#.|#.").unwrap().0);
        assert_eq!(mirror_rows(l, 3), parse_grid(".#|.#|..").unwrap().0);
        assert_eq!(to_origin(l << 19), l);
        assert_eq!(transpose(l), parse_grid("...|.##").unwrap().0);
    }

    #[test]
    fn flood_stays_inside_rows() {
        // Cells (0,7) and (1,0) are adjacent as bits 7 and 8 but not on the board.
        let set = 1u64 << 7 | 1u64 << 8;
        assert_eq!(flood(1 << 7, set), 1 << 7);
        assert_eq!(width(rectangle(8, 8)), 8);
        assert_eq!(height(rectangle(3, 5)), 3);
    }
}
