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

/// `/proc/loadavg`'s 1, 5 and 15 minute load averages (`None` where it cannot be read).
pub(crate) fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let v: Vec<f64> = text
        .split_whitespace()
        .take(3)
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    v.try_into().ok()
}

/// The machine's busy CPU time and this process's own (itself and its reaped children), at one moment: two of
/// them give the cores other processes kept busy in between ([`CpuClock::other_cores_since`]). The load average
/// cannot say that: it counts this job's own lanes, which keep every core busy by design.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CpuClock {
    /// Busy seconds of all CPUs since boot (`/proc/stat`: user, nice, system, irq, softirq, steal).
    busy: f64,
    /// This process's and its reaped children's CPU seconds.
    own: f64,
    at: std::time::Instant,
}

impl CpuClock {
    /// Now; `None` where `/proc/stat` cannot be read.
    pub(crate) fn now() -> Option<CpuClock> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        let cpu: Vec<f64> = stat
            .lines()
            .next()?
            .split_whitespace()
            .skip(1)
            .map(|w| w.parse().ok())
            .collect::<Option<_>>()?;
        // user nice system idle iowait irq softirq steal (in clock ticks; 100 per second on Linux).
        let busy_ticks: f64 = [0, 1, 2, 5, 6, 7].iter().filter_map(|&i| cpu.get(i)).sum();
        Some(CpuClock {
            busy: busy_ticks / 100.0,
            own: own_seconds(),
            at: std::time::Instant::now(),
        })
    }

    /// Cores other processes kept busy on average between `earlier` and now (never below 0).
    pub(crate) fn other_cores_since(&self, earlier: &CpuClock) -> f64 {
        let wall = self.at.duration_since(earlier.at).as_secs_f64().max(1e-3);
        (((self.busy - earlier.busy) - (self.own - earlier.own)) / wall).max(0.0)
    }
}

/// CPU seconds of this process and of its children it has waited for.
fn own_seconds() -> f64 {
    #[cfg(target_os = "linux")]
    {
        let of = |who| {
            // SAFETY: `getrusage` writes one `rusage` into the zeroed value it is given and reads nothing else.
            let mut r: libc::rusage = unsafe { std::mem::zeroed() };
            if unsafe { libc::getrusage(who, &mut r) } == 0 {
                let s = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
                s(r.ru_utime) + s(r.ru_stime)
            } else {
                0.0
            }
        };
        of(libc::RUSAGE_SELF) + of(libc::RUSAGE_CHILDREN)
    }
    #[cfg(not(target_os = "linux"))]
    0.0
}

/// How a run's timing ran: the mode, the load averages before and after, the other processes' load, its lanes.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct TimingConditions {
    /// `quick` or `default`.
    pub mode: &'static str,
    /// Load averages (1, 5, 15 minutes) when the timing started (they count this job's own lanes too).
    pub load_before: Option<[f64; 3]>,
    /// Load averages when it ended.
    pub load_after: Option<[f64; 3]>,
    /// Cores other processes than this job kept busy on average during the timing ([`CpuClock`]).
    pub other_load: Option<f64>,
    /// `beside-counting` or `alone` ([`crate::experiments::lanes`]).
    pub timing: &'static str,
    /// Most sessions run side by side.
    pub timing_streams: usize,
    /// `processes` (fresh `timing-rounds` children) or `in-process`.
    pub timing_sessions: &'static str,
    /// Whether other processes kept more than [`UNRELIABLE_LOAD_PER_CORE`] per core busy during the timing.
    pub timings_unreliable: bool,
}

/// The load per core from other processes above which a run's timings are called unreliable.
pub(crate) const UNRELIABLE_LOAD_PER_CORE: f64 = 0.5;

impl TimingConditions {
    /// The `metadata.txt` lines (`key=value`).
    pub(crate) fn key_values(&self) -> String {
        let load = |l: Option<[f64; 3]>| {
            l.map_or("unknown".to_owned(), |[a, b, c]| {
                format!("{a:.2} {b:.2} {c:.2}")
            })
        };
        format!(
            "mode={}\nload_before={}\nload_after={}\nother_load={}\ntiming_streams={}\ntiming_sessions={}\n",
            self.mode,
            load(self.load_before),
            load(self.load_after),
            self.other_load
                .map_or("unknown".to_owned(), |l| format!("{l:.2}")),
            self.timing_streams,
            self.timing_sessions
        )
    }
}

/// Whether other processes kept more than [`UNRELIABLE_LOAD_PER_CORE`] per core busy during the timing.
pub(crate) fn unreliable(other_load: Option<f64>, cores: usize) -> bool {
    other_load.is_some_and(|l| l / cores.max(1) as f64 > UNRELIABLE_LOAD_PER_CORE)
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

    #[test]
    fn other_processes_above_half_a_core_each_make_the_timings_unreliable() {
        assert!(!unreliable(Some(1.0), 2));
        assert!(unreliable(Some(1.1), 2));
        assert!(unreliable(Some(0.6), 1));
        assert!(!unreliable(None, 2));
        if cfg!(target_os = "linux") {
            assert!(load_average().is_some());
            let now = CpuClock::now().unwrap();
            assert!(now.other_cores_since(&now).abs() < 1e-9);
        }
        // The machine's busy time less this process's own, over the wall time: 3 busy core-seconds in 2 s of which
        // 1 was this job's is 1 other core; own time beyond the machine's reads 0, not a negative load.
        let at = std::time::Instant::now();
        let start = CpuClock {
            busy: 100.0,
            own: 10.0,
            at,
        };
        let end = CpuClock {
            busy: 103.0,
            own: 11.0,
            at: at + std::time::Duration::from_secs(2),
        };
        assert!((end.other_cores_since(&start) - 1.0).abs() < 1e-9);
        let odd = CpuClock { own: 20.0, ..end };
        assert_eq!(odd.other_cores_since(&start), 0.0);
    }
}
