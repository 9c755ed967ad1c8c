//! A name read from a CSV, parsed into its closed set when this build knows it.

use std::fmt;
use std::str::FromStr;

/// A CSV name as a typed value, or the text itself when this build does not know it.
///
/// Run folders made by other revisions may name families, variants or evaluators this build lacks; such a row
/// must still load, and its arm show as absent on the side that has no typed counterpart, so readers keep the
/// text in [`Known::Other`] instead of failing. Logic compares the typed value; [`Known::known`] is `None` for an
/// unknown name, so a comparison with any typed value is simply false.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) enum Known<T> {
    /// A name this build knows.
    Known(T),
    /// Any other text, as written.
    Other(String),
}

impl<T: FromStr> Known<T> {
    /// `text` parsed, or kept as [`Known::Other`].
    pub(crate) fn parse(text: &str) -> Known<T> {
        match text.parse() {
            Ok(v) => Known::Known(v),
            Err(_) => Known::Other(text.to_owned()),
        }
    }
}

impl<T: Copy + PartialEq> Known<T> {
    /// The typed value, `None` for a name this build does not know.
    pub(crate) fn known(&self) -> Option<T> {
        match self {
            Known::Known(v) => Some(*v),
            Known::Other(_) => None,
        }
    }

    /// Whether this is the known value `v` (never true for an unknown name).
    pub(crate) fn is(&self, v: T) -> bool {
        self.known() == Some(v)
    }
}

impl<T: fmt::Display> fmt::Display for Known<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Known::Known(v) => v.fmt(f),
            Known::Other(text) => f.write_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluators::EvaluatorKind;
    use engine::chance::Traversal;
    use engine::memo::CacheKind;

    #[test]
    fn a_known_name_reads_typed_and_shows_as_written() {
        let w: Known<EvaluatorKind> = Known::parse("work:64");
        assert_eq!(w.known(), Some("work:64".parse().unwrap()));
        assert_eq!(w.to_string(), "work:64");
        assert!(Known::<Traversal>::parse("on").is(Traversal::Cached));
    }

    #[test]
    fn an_unknown_name_from_an_older_run_reads_as_other_and_matches_nothing() {
        let t: Known<Traversal> = Known::parse("maybe");
        assert_eq!(t, Known::Other("maybe".into()));
        assert_eq!(t.known(), None);
        assert!(!t.is(Traversal::Cached) && !t.is(Traversal::Plain));
        assert_eq!(t.to_string(), "maybe");
        let v: Known<CacheKind> = Known::parse("optimized");
        assert!(v.is(CacheKind::Optimized));
        let old: Known<CacheKind> = Known::parse("btree");
        assert_eq!((old.known(), old.to_string()), (None, "btree".to_string()));
    }
}
