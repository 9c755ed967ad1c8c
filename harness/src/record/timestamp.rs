//! UTC timestamps without a date-time dependency (civil-from-days conversion).

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// A UTC instant to the second.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct UtcTimestamp {
    /// Seconds since the Unix epoch.
    pub unix_seconds: u64,
}

impl UtcTimestamp {
    /// The current time (the epoch if the clock is before 1970).
    pub(crate) fn now() -> UtcTimestamp {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        UtcTimestamp { unix_seconds: secs }
    }

    /// (year, month, day, hour, minute, second).
    pub(crate) fn parts(self) -> (i64, u32, u32, u32, u32, u32) {
        let days = (self.unix_seconds / 86_400) as i64;
        let rem = self.unix_seconds % 86_400;
        let (y, m, d) = civil_from_days(days);
        (
            y,
            m,
            d,
            (rem / 3600) as u32,
            (rem / 60 % 60) as u32,
            (rem % 60) as u32,
        )
    }

    /// Folder-safe form, `2026-11-30T09-05-00Z` (no colons).
    pub(crate) fn folder_name(self) -> String {
        let (y, mo, d, h, mi, s) = self.parts();
        format!("{y:04}-{mo:02}-{d:02}T{h:02}-{mi:02}-{s:02}Z")
    }
}

impl fmt::Display for UtcTimestamp {
    /// ISO 8601, `2026-11-30T09:05:00Z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, mo, d, h, mi, s) = self.parts();
        write!(f, "{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
    }
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        for (unix_seconds, text) in [
            (0, "1970-01-01T00:00:00Z"),
            // A leap day in a century leap year.
            (951_782_400, "2000-02-29T00:00:00Z"),
            (4_102_444_799, "2099-12-31T23:59:59Z"),
            (1_700_000_000, "2023-11-14T22:13:20Z"),
        ] {
            assert_eq!(UtcTimestamp { unix_seconds }.to_string(), text);
        }
        let t = UtcTimestamp {
            unix_seconds: 1_700_000_000,
        };
        assert_eq!(t.folder_name(), "2023-11-14T22-13-20Z");
    }
}
