//! Closed sets of names: an enum whose every value has one command-line and CSV name, written once.
//!
//! [`closed_names!`](crate::closed_names) defines a fieldless enum from `"name" => Variant` pairs and gives it
//! `ALL`, `NAMES`, `ALL_NAMES` (the comma-joined list, a list option's default), `name()`, `from_name()`,
//! `Display`, `FromStr` with [`UnknownName`] as its error, and [`ClosedNames`] for generic callers. A value with
//! data (`work:N`, `aging_lfu_k<K>`) keeps a hand-written parser, whose unknown-name error is [`UnknownName`] too,
//! so every rejected name reads the same.

use std::fmt;

/// A name outside a closed set: `unknown cache variant 'x' (expected one of: none, tuple, …)`.
///
/// ```
/// use engine::names::UnknownName;
/// let e = UnknownName::new("workload", "lookup", &["expansion", "search"]);
/// assert_eq!(e.to_string(), "unknown workload 'lookup' (expected one of: expansion, search)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownName {
    /// What one value is called, e.g. `cache variant`.
    pub what: &'static str,
    /// The text given.
    pub given: String,
    /// Every valid name (or pattern, such as `work:N`), in the order the set lists them.
    pub expected: &'static [&'static str],
}

impl UnknownName {
    /// The error for `given`, which is none of `expected`.
    pub fn new(what: &'static str, given: &str, expected: &'static [&'static str]) -> UnknownName {
        UnknownName {
            what,
            given: given.to_owned(),
            expected,
        }
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (expected one of: {})",
            self.what,
            self.given,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// What [`closed_names!`](crate::closed_names) gives every enum it defines, for code generic over the set.
pub trait ClosedNames:
    Copy + Eq + fmt::Display + std::str::FromStr<Err = UnknownName> + Send + Sync + 'static
{
    /// What one value is called in messages, e.g. `cache variant`.
    const WHAT: &'static str;
    /// Every value, in declaration order (the order reports and messages list them).
    const VALUES: &'static [Self];
    /// Every canonical name, in the same order.
    const NAMES: &'static [&'static str];
    /// The canonical name.
    fn name(self) -> &'static str;
}

/// Defines a fieldless enum whose values are named by string literals.
///
/// The first literal of a variant is its name (`name()`, `Display`, `NAMES`); literals after `|` are further
/// spellings that `FromStr` accepts. Attributes and doc comments pass through to the enum and its variants.
///
/// ```
/// engine::closed_names! {
///     /// How hot.
///     #[derive(Clone, Copy, PartialEq, Eq, Debug)]
///     pub enum Heat: "heat" {
///         /// Not at all.
///         "cold" | "c" => Cold,
///         /// Very.
///         "hot" => Hot,
///     }
/// }
/// assert_eq!(Heat::ALL, [Heat::Cold, Heat::Hot]);
/// assert_eq!(Heat::ALL_NAMES, "cold,hot");
/// assert_eq!(Heat::Hot.to_string(), "hot");
/// assert_eq!("c".parse::<Heat>(), Ok(Heat::Cold));
/// assert_eq!(
///     "warm".parse::<Heat>().unwrap_err().to_string(),
///     "unknown heat 'warm' (expected one of: cold, hot)"
/// );
/// ```
#[macro_export]
macro_rules! closed_names {
    (@join $first:literal $(, $rest:literal)*) => {
        concat!($first $(, ",", $rest)*)
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident : $what:literal {
            $(
                $(#[$vmeta:meta])*
                $name:literal $(| $alias:literal)* => $variant:ident
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $ty {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];
            /// Every name, in declaration order (as listed in errors and `--help`).
            pub const NAMES: [&'static str; [$($name),+].len()] = [$($name),+];
            /// Every name, comma-separated: the default of a list option that selects all.
            pub const ALL_NAMES: &'static str = $crate::closed_names!(@join $($name),+);

            /// The name on command lines and in results.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $ty::$variant => $name, )+
                }
            }

            /// The value named `s` (any accepted spelling), if there is one.
            pub fn from_name(s: &str) -> ::core::option::Option<$ty> {
                match s {
                    $( $name $(| $alias)* => ::core::option::Option::Some($ty::$variant), )+
                    _ => ::core::option::Option::None,
                }
            }
        }

        impl ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for $ty {
            type Err = $crate::names::UnknownName;
            fn from_str(s: &str) -> ::core::result::Result<$ty, $crate::names::UnknownName> {
                $ty::from_name(s).ok_or_else(|| $crate::names::UnknownName::new($what, s, &$ty::NAMES))
            }
        }

        impl $crate::names::ClosedNames for $ty {
            const WHAT: &'static str = $what;
            const VALUES: &'static [$ty] = &$ty::ALL;
            const NAMES: &'static [&'static str] = &$ty::NAMES;
            fn name(self) -> &'static str {
                $ty::name(self)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::ClosedNames;

    crate::closed_names! {
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
        enum Count: "test value" {
            "one" => One,
            #[default]
            "two" | "2" => Two,
            "three" => Three,
        }
    }

    fn round_trip<T: ClosedNames + std::fmt::Debug>() {
        for (&v, &n) in T::VALUES.iter().zip(T::NAMES) {
            assert_eq!(v.name(), n);
            assert_eq!(v.to_string(), n);
            assert_eq!(n.parse::<T>(), Ok(v));
        }
    }

    #[test]
    fn every_name_round_trips_and_aliases_parse() {
        round_trip::<Count>();
        assert_eq!(Count::default(), Count::Two);
        assert_eq!("2".parse::<Count>(), Ok(Count::Two));
        assert_eq!(Count::ALL_NAMES, "one,two,three");
        let e = "four".parse::<Count>().unwrap_err();
        assert_eq!(
            (e.what, e.given.as_str(), e.expected),
            ("test value", "four", &["one", "two", "three"][..])
        );
        // Matching is exact: no trimming, no case folding.
        assert!(" one".parse::<Count>().is_err());
        assert!("One".parse::<Count>().is_err());
    }
}
