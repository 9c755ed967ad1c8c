//! The replacement rule of a bounded cache chosen on a command line or in an experiment.

use super::clock::FourWayClock;
use super::direct_mapped::DirectMapped;
use super::replacement::Replacement;

crate::closed_names! {
    /// Which bounded-cache replacement rule to use: `direct|clock`.
    ///
    /// ```
    /// use engine::memo::BoundedPolicy;
    /// let p: BoundedPolicy = "clock".parse().unwrap();
    /// assert_eq!(p, BoundedPolicy::Clock);
    /// assert_eq!(p.to_string(), "clock");
    /// assert!("lru".parse::<BoundedPolicy>().unwrap_err().to_string().contains("direct, clock"));
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum BoundedPolicy: "bounded-cache policy" {
        /// [`DirectMapped`]: one slot per key, always replace.
        "direct" => Direct,
        /// [`FourWayClock`]: four-way sets, CLOCK reference bits.
        "clock" => Clock,
    }
}

// The rules' own names (their `Debug`) are the command-line names.
const _: () = {
    assert!(str_eq(BoundedPolicy::Direct.name(), DirectMapped::NAME));
    assert!(str_eq(BoundedPolicy::Clock.name(), FourWayClock::NAME));
};

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
