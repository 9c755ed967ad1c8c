//! What the kernel asks of the operating system beside the clock: the calling thread's CPU time (user and system)
//! and page faults (minor and major) from `getrusage(RUSAGE_THREAD)`. Instruction counts leave out what the kernel
//! does for a process (page faults, zeroing fresh pages), so where timing and counts disagree these figures say
//! whether system time is the difference.

/// CPU time and page faults of the calling thread (a reading, or the difference of two).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Usage {
    /// User CPU time in nanoseconds.
    pub user_ns: f64,
    /// System CPU time in nanoseconds.
    pub sys_ns: f64,
    /// Minor page faults (served without I/O).
    pub minor_faults: f64,
    /// Major page faults (served with I/O).
    pub major_faults: f64,
}

impl Usage {
    /// The calling thread's usage so far; all zero where the system cannot say (not Linux).
    pub(crate) fn now() -> Usage {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: `getrusage` writes one `rusage` into the zeroed value it is given and reads nothing else;
            // RUSAGE_THREAD is valid on Linux since 2.6.26.
            let mut r: libc::rusage = unsafe { std::mem::zeroed() };
            if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut r) } == 0 {
                let ns = |t: libc::timeval| t.tv_sec as f64 * 1e9 + t.tv_usec as f64 * 1e3;
                return Usage {
                    user_ns: ns(r.ru_utime),
                    sys_ns: ns(r.ru_stime),
                    minor_faults: r.ru_minflt as f64,
                    major_faults: r.ru_majflt as f64,
                };
            }
        }
        Usage::default()
    }

    /// `self − earlier`, each figure.
    pub(crate) fn since(self, earlier: Usage) -> Usage {
        Usage {
            user_ns: self.user_ns - earlier.user_ns,
            sys_ns: self.sys_ns - earlier.sys_ns,
            minor_faults: self.minor_faults - earlier.minor_faults,
            major_faults: self.major_faults - earlier.major_faults,
        }
    }

    /// Each figure divided by `n` (per operation).
    pub(crate) fn per(self, n: f64) -> Usage {
        let n = n.max(1.0);
        Usage {
            user_ns: self.user_ns / n,
            sys_ns: self.sys_ns / n,
            minor_faults: self.minor_faults / n,
            major_faults: self.major_faults / n,
        }
    }

    /// The sum, each figure.
    pub(crate) fn plus(self, o: Usage) -> Usage {
        Usage {
            user_ns: self.user_ns + o.user_ns,
            sys_ns: self.sys_ns + o.sys_ns,
            minor_faults: self.minor_faults + o.minor_faults,
            major_faults: self.major_faults + o.major_faults,
        }
    }

    /// The four figures as the `time` reply's words (after the nanoseconds).
    pub(crate) fn words(self) -> String {
        format!(
            "{:.0} {:.0} {:.3} {:.3}",
            self.user_ns, self.sys_ns, self.minor_faults, self.major_faults
        )
    }

    /// Reads [`Usage::words`]; `None` when absent or unreadable (an older child says only the time).
    pub(crate) fn from_words(words: &[&str]) -> Option<Usage> {
        let v: Vec<f64> = words
            .iter()
            .map(|w| w.parse().ok())
            .collect::<Option<_>>()?;
        match v.as_slice() {
            [u, s, mi, ma] => Some(Usage {
                user_ns: *u,
                sys_ns: *s,
                minor_faults: *mi,
                major_faults: *ma,
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work on this thread shows as user time; touching fresh pages as minor faults; the words round-trip.
    #[test]
    fn a_thread_s_work_and_fresh_pages_show() {
        let start = Usage::now();
        let mut pages: Vec<Vec<u8>> = Vec::new();
        let t = std::time::Instant::now();
        while t.elapsed() < std::time::Duration::from_millis(30) {
            pages.push(vec![1u8; 1 << 16]);
            std::hint::black_box(&pages);
        }
        let used = Usage::now().since(start);
        if cfg!(target_os = "linux") {
            assert!(used.user_ns + used.sys_ns > 0.0, "{used:?}");
            assert!(used.minor_faults > 0.0, "{used:?}");
        }
        let u = Usage {
            user_ns: 1200.0,
            sys_ns: 30.0,
            minor_faults: 0.5,
            major_faults: 0.0,
        };
        let w = u.words();
        let words: Vec<&str> = w.split_whitespace().collect();
        assert_eq!(Usage::from_words(&words), Some(u));
        assert_eq!(Usage::from_words(&[]), None);
        assert_eq!(u.per(2.0).user_ns, 600.0);
        assert_eq!(u.plus(u).sys_ns, 60.0);
    }
}
