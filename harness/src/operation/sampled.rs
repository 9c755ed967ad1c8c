//! Timed operations as the timing kernel samples them: one successor of one arm, expanded with a fresh cache,
//! repeated to fill a sample, optionally followed by planted work of a known cost (a test-only knob that lets a
//! comparison of a binary against itself show a slowdown it knows). The `timing-rounds` child
//! ([`crate::compare::round_child`]) serves them to its parent; the main job samples them in its own process where
//! its executable has no such child.

use super::{Arm, timed_operation};
use crate::measure::kernel::{Sample, Sampler};
use crate::measure::usage::Usage;
use anyhow::{Result, bail};
use engine::GameState;
use engine::chance::ChanceDepth;
use std::time::{Duration, Instant};

/// Extra work of a known cost: `iterations` steps of a multiply-add chain the optimiser cannot drop.
#[inline(never)]
pub(crate) fn planted_work(iterations: u64) -> u64 {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..iterations {
        x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
    }
    x
}

/// The planted work of one child: iterations of [`planted_work`] that take a fraction of an operation's time.
pub(crate) struct Planting {
    fraction: f64,
    /// Nanoseconds per iteration, measured at the first operation that asks.
    ns_per_iteration: std::cell::OnceCell<f64>,
}

impl Planting {
    pub(crate) fn new(fraction: f64) -> Planting {
        Planting {
            fraction,
            ns_per_iteration: std::cell::OnceCell::new(),
        }
    }

    /// Iterations that take the fraction of `op_ns` nanoseconds (0 without a fraction). The work's cost is read
    /// like the operation's (the caller's fastest of three warm-up runs): the fastest of three runs about as long
    /// as the first operation that asks, measured on this machine then and kept for the child's other operations.
    /// A much shorter probe would escape the interruptions that a run as long as an operation meets, read too
    /// cheap, and plant more than the fraction.
    pub(crate) fn iterations(&self, op_ns: f64) -> u64 {
        if self.fraction <= 0.0 {
            return 0;
        }
        let ns = *self.ns_per_iteration.get_or_init(|| {
            let fastest = |iterations: u64| {
                (0..3)
                    .map(|_| {
                        let t = Instant::now();
                        std::hint::black_box(planted_work(iterations));
                        t.elapsed().as_nanos() as f64 / iterations as f64
                    })
                    .fold(f64::INFINITY, f64::min)
                    .max(1e-3)
            };
            let rough = fastest(100_000);
            fastest(((op_ns / rough) as u64).clamp(100_000, 1 << 34))
        });
        (self.fraction * op_ns / ns).round() as u64
    }
}

/// A timed operation with its sample plan.
pub(crate) struct Sampled<'a> {
    op: Box<dyn FnMut() + 'a>,
    /// Passes per sample: enough to fill the target sample time, at least one.
    pub(crate) passes: u64,
    /// Iterations of planted work after each pass (0 without the knob).
    pub(crate) planted: u64,
}

impl<'a> Sampled<'a> {
    /// Warms `op` up and sizes its samples from its fastest warm-up run. One run touches its code and memory. Each
    /// run costs every session's start as much as a sample, so only the planted-work knob gets two more runs, whose
    /// fastest reads the operation's time more steadily for its calibration.
    pub(crate) fn new(
        mut op: Box<dyn FnMut() + 'a>,
        target: Duration,
        planting: &Planting,
    ) -> Sampled<'a> {
        let mut fastest = f64::INFINITY;
        for _ in 0..if planting.fraction > 0.0 { 3 } else { 1 } {
            let t = Instant::now();
            op();
            fastest = fastest.min(t.elapsed().as_nanos() as f64);
        }
        let op_ns = fastest.max(1.0);
        Sampled {
            op,
            passes: ((target.as_nanos() as f64 / op_ns).floor() as u64).max(1),
            planted: planting.iterations(op_ns),
        }
    }

    /// One sample with the thread's usage per pass.
    pub(crate) fn measured(&mut self) -> Sample {
        let start = Usage::now();
        let ns = self.sample();
        Sample {
            ns,
            usage: Some(Usage::now().since(start).per(self.passes as f64)),
        }
    }

    /// One sample: nanoseconds per pass, each pass followed by the planted work.
    pub(crate) fn sample(&mut self) -> f64 {
        let t = Instant::now();
        for _ in 0..self.passes {
            (self.op)();
            if self.planted > 0 {
                std::hint::black_box(planted_work(self.planted));
            }
        }
        t.elapsed().as_nanos() as f64 / self.passes as f64
    }
}

/// Every successor of every arm as a timed operation with a fresh cache, warmed up: the kernel's [`Sampler`] in
/// this process. The `timing-rounds` child answers its parent's requests with it; the main job samples in its own
/// process with it where its executable has no `timing-rounds` child (a test binary, say).
pub(crate) struct Successors<'a> {
    pub(crate) ops: Vec<Vec<Sampled<'a>>>,
    counts: Vec<usize>,
}

impl<'a> Successors<'a> {
    /// The operations of `arms` (each its family's successor states, depth and arm), warmed up in order.
    pub(crate) fn new(
        arms: &[(&'a [GameState], ChanceDepth, Arm)],
        target: Duration,
        planting: &Planting,
    ) -> Successors<'a> {
        let counts: Vec<usize> = arms.iter().map(|(states, ..)| states.len()).collect();
        let op = |a: usize, k: usize| {
            let (states, depth, arm) = arms[a];
            timed_operation(&states[k..=k], depth, arm)
        };
        Successors::of(&counts, &op, target, planting)
    }

    /// Each arm's `counts[arm]` operations `op(arm, k)` (the search stage's roots, the bounded cache's
    /// invocations), warmed up in order.
    pub(crate) fn of(
        counts: &[usize],
        op: &dyn Fn(usize, usize) -> Box<dyn FnMut() + 'a>,
        target: Duration,
        planting: &Planting,
    ) -> Successors<'a> {
        let ops = (0..counts.len())
            .map(|a| {
                (0..counts[a])
                    .map(|k| Sampled::new(op(a, k), target, planting))
                    .collect()
            })
            .collect();
        Successors {
            ops,
            counts: counts.to_vec(),
        }
    }
}

impl Sampler for Successors<'_> {
    fn successors(&self) -> &[usize] {
        &self.counts
    }

    fn time(&mut self, arm: usize, successor: usize) -> Result<Sample> {
        match self.ops.get_mut(arm).and_then(|c| c.get_mut(successor)) {
            Some(op) => Ok(op.measured()),
            None => bail!("no arm {arm} with a successor {successor}"),
        }
    }
}
