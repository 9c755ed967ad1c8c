//! The one way a row stores an interval: a column group of point, low, high, level, n and method (columns added
//! to a group are named after it, `time_level`, `speedup_method`; older files keep their names and may lack the
//! level and method, which the row's [`super::CsvRecord::upgraded`] fills in as their writer computed them), read
//! and written only through the accessors [`interval_columns!`] generates, so no reader rebuilds an [`Interval`]
//! from loose figures.

use crate::statistics::{Interval, Method};

/// Gives a row type the two typed accessors of one interval's column group, `$get(&self)` and
/// `$set(self, &Interval) -> Self`.
///
/// The method is stored by its name (a `String` field; [`check_method`] rejects a name this build does not know
/// when the row is read, naming the column, which serde's enum errors in CSV would not).
///
/// - `$row { $get, $set: whole [point, low, high, level, n, method] }`: a group every row has (`f64`, `u64` and
///   `String` fields; n may be shared with other groups, the row's samples).
/// - `$row { $get, $set: optional [point, low, high, level, n, method] }`: a group a row may leave empty (where it
///   does not apply, or in files written before it was recorded), every field an `Option`; `$get` is `None`
///   unless all six are present.
macro_rules! interval_columns {
    ($row:ty { $get:ident, $set:ident: whole [$p:ident, $lo:ident, $hi:ident, $level:ident, $n:ident,
        $method:ident] }) => {
        impl $row {
            /// The interval of this column group.
            pub(crate) fn $get(&self) -> $crate::statistics::Interval {
                $crate::statistics::Interval {
                    point: self.$p,
                    low: self.$lo,
                    high: self.$hi,
                    level: self.$level,
                    n: self.$n as usize,
                    method: $crate::statistics::Method::from_name(&self.$method)
                        .expect("a row's method is checked on reading and written by name"),
                }
            }

            /// The same row with `i` in this column group.
            pub(crate) fn $set(mut self, i: &$crate::statistics::Interval) -> $row {
                (self.$p, self.$lo, self.$hi) = (i.point, i.low, i.high);
                (self.$level, self.$n) = (i.level, i.n as u64);
                self.$method = i.method.name().to_owned();
                self
            }
        }
    };
    ($row:ty { $get:ident, $set:ident: optional [$p:ident, $lo:ident, $hi:ident, $level:ident, $n:ident,
        $method:ident] }) => {
        impl $row {
            /// The interval of this column group; `None` where the row leaves it empty.
            pub(crate) fn $get(&self) -> Option<$crate::statistics::Interval> {
                Some($crate::statistics::Interval {
                    point: self.$p?,
                    low: self.$lo?,
                    high: self.$hi?,
                    level: self.$level?,
                    n: self.$n? as usize,
                    method: $crate::statistics::Method::from_name(self.$method.as_deref()?)?,
                })
            }

            /// The same row with `i` in this column group (`None`: all six empty).
            pub(crate) fn $set(mut self, i: Option<$crate::statistics::Interval>) -> $row {
                (self.$p, self.$lo, self.$hi) =
                    (i.map(|i| i.point), i.map(|i| i.low), i.map(|i| i.high));
                (self.$level, self.$n) = (i.map(|i| i.level), i.map(|i| i.n as u64));
                self.$method = i.map(|i| i.method.name().to_owned());
                self
            }
        }
    };
}
pub(crate) use interval_columns;

/// Fills an order-statistic interval's level and method where a row of an older file lacks them (an empty
/// method): the exact coverage of the median's interval over `n` samples (0, no claim, without samples), as
/// the file's writer computed it, and `method`.
pub(crate) fn older_order_statistic(level: &mut f64, name: &mut String, n: u64, method: Method) {
    if name.is_empty() {
        *level = if n > 0 {
            crate::statistics::median_ci_rank(n as usize, 0.95).1
        } else {
            0.0
        };
        *name = method.name().to_owned();
    }
}

/// Checks an interval's columns, named `[point, low, high]`: each finite (and non-negative where `non_negative`),
/// and `low <= point <= high`; `Err((column, message))` names the column at fault.
pub(crate) fn check_interval(
    columns: [&'static str; 3],
    i: &Interval,
    non_negative: bool,
) -> Result<(), (&'static str, String)> {
    for (column, v) in columns.into_iter().zip([i.point, i.low, i.high]) {
        if !v.is_finite() || (non_negative && v < 0.0) {
            let what = if non_negative {
                "a finite non-negative figure"
            } else {
                "finite"
            };
            return Err((column, format!("{v} is not {what}")));
        }
    }
    if i.low <= i.point && i.point <= i.high {
        Ok(())
    } else {
        Err((
            columns[0],
            format!(
                "{} lies outside its interval [{}, {}]",
                i.point, i.low, i.high
            ),
        ))
    }
}

/// Checks a method column: empty (an older row) or the name of a [`Method`].
pub(crate) fn check_method(
    column: &'static str,
    name: Option<&str>,
) -> Result<(), (&'static str, String)> {
    match name {
        Some(n) if Method::from_name(n).is_none() => Err((column, format!("unknown method '{n}'"))),
        _ => Ok(()),
    }
}
