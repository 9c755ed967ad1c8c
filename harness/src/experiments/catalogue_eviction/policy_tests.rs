//! Each replacement rule against a plain, obviously-correct reference model on seeded random traces; Belady
//! against every online rule and against a brute-force optimum; the original experiment's new-entry protection.

use super::cache::{Cache, Table};
use crate::experiments::catalogue_eviction::PolicyKind;
use crate::experiments::catalogue_eviction::aging_lfu::AgingLfu;
use crate::experiments::catalogue_eviction::arc::Arc;
use crate::experiments::catalogue_eviction::experiment::default_policies;
use crate::experiments::catalogue_eviction::lfu::Lfu;
use crate::experiments::catalogue_eviction::lru::Lru;
use crate::experiments::catalogue_eviction::static_sets::{best_n, first_n};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::VecDeque;

/// A seeded trace over `0..universe`: uniform, skewed, or drifting between phases (like the board sizes).
fn trace(seed: u64, len: usize, universe: u32) -> Vec<u32> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let shape = seed % 3;
    (0..len)
        .map(|i| match shape {
            0 => rng.random_range(0..universe),
            1 => {
                let x: f64 = rng.random_range(0.0..1.0);
                ((x * x * x) * universe as f64) as u32 % universe
            }
            _ => {
                let phase = (i * 4 / len) as u32;
                let width = (universe / 2).max(1);
                (phase * universe / 4 + rng.random_range(0..width)) % universe
            }
        })
        .collect()
}

fn cases() -> impl Iterator<Item = (u64, Vec<u32>, u32, usize)> {
    (0..60u64).map(|seed| {
        let universe = 4 + (seed as u32 * 7) % 45;
        let cap = 1 + (seed as usize * 5) % 14;
        (seed, trace(seed, 1500, universe), universe, cap)
    })
}

fn hits_of(p: &mut dyn Table, keys: &[u32]) -> Vec<bool> {
    keys.iter()
        .map(|&k| {
            let h = p.access(k);
            assert!(
                p.resident().len() <= p.capacity(),
                "{} over budget",
                p.name()
            );
            h
        })
        .collect()
}

fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v
}

/// The original experiment's loop, literally: insert with its use recorded, then prune the smallest score except the new key,
/// ties to the earlier arrival.
struct EssayTable {
    cap: usize,
    by_recency: bool,
    halve_every: Option<u64>,
    entries: Vec<(u32, u64, u64, u64)>, // key, uses, last use, arrival
    t: u64,
}

impl EssayTable {
    fn access(&mut self, key: u32) -> bool {
        let t = self.t;
        self.t += 1;
        let hit = if let Some(e) = self.entries.iter_mut().find(|e| e.0 == key) {
            e.1 += 1;
            e.2 = t;
            true
        } else {
            self.entries.push((key, 1, t, t));
            while self.entries.len() > self.cap {
                let victim = (0..self.entries.len())
                    .filter(|&i| self.entries[i].0 != key)
                    .min_by_key(|&i| {
                        let e = self.entries[i];
                        (if self.by_recency { e.2 } else { e.1 }, e.3)
                    })
                    .unwrap();
                self.entries.remove(victim);
            }
            false
        };
        if let Some(k) = self.halve_every
            && self.t.is_multiple_of(k)
        {
            for e in &mut self.entries {
                e.1 /= 2;
            }
        }
        hit
    }
}

fn essay(cap: usize, by_recency: bool, halve_every: Option<u64>) -> EssayTable {
    EssayTable {
        cap,
        by_recency,
        halve_every,
        entries: Vec::new(),
        t: 0,
    }
}

#[test]
fn lru_matches_the_essay_loop() {
    for (_, keys, u, cap) in cases() {
        let mut r = essay(cap, true, None);
        let want: Vec<bool> = keys.iter().map(|&k| r.access(k)).collect();
        let mut p = Cache::new(PolicyKind::Lru, cap, Lru::new(u as usize));
        assert_eq!(hits_of(&mut p, &keys), want);
        assert_eq!(
            sorted(p.resident()),
            sorted(r.entries.iter().map(|e| e.0).collect())
        );
    }
}

#[test]
fn lfu_and_aging_lfu_match_the_essay_loop_without_and_with_halving() {
    for (seed, keys, u, cap) in cases() {
        let period = [1, 3, 17, 100, 1000][seed as usize % 5];
        let (mut lfu, mut aging) = (essay(cap, false, None), essay(cap, false, Some(period)));
        let want: Vec<bool> = keys.iter().map(|&k| lfu.access(k)).collect();
        let mut p = Cache::new(PolicyKind::Lfu, cap, Lfu::new(u as usize));
        assert_eq!(hits_of(&mut p, &keys), want);
        let want: Vec<bool> = keys.iter().map(|&k| aging.access(k)).collect();
        let kind = PolicyKind::AgingLfu { period };
        let mut q = Cache::new(kind, cap, AgingLfu::new(u as usize, period));
        assert_eq!(hits_of(&mut q, &keys), want, "seed {seed} K {period}");
        for e in &lfu.entries {
            assert_eq!(p.policy().count(e.0), Some(e.1));
        }
        for e in &aging.entries {
            assert_eq!(q.policy().count(e.0), Some(e.1));
        }
    }
}

#[test]
fn lfu_without_new_entry_protection_scores_zero_once_full() {
    // Ten early keys fill the table and are never seen again; then two keys alternate.
    let mut keys: Vec<u32> = (0..10).collect();
    keys.extend((0..1000).map(|i| 10 + (i % 2)));
    let late = &keys[10..];
    let mut buggy = PolicyKind::LfuUnprotected.build(10, &keys, 12);
    hits_of(buggy.as_mut(), &keys[..10]);
    let t = buggy.replay(late, 12);
    assert_eq!(
        t.hits, 0,
        "the unprotected rule evicts every new entry at once"
    );
    assert_eq!(t.hit_rate(), 0.0);
    let mut fixed = PolicyKind::Lfu.build(10, &keys, 12);
    hits_of(fixed.as_mut(), &keys[..10]);
    assert_eq!(fixed.replay(late, 12).hits, 998);
}

/// ARC as in the paper, on plain vectors (front = MRU).
#[derive(Default)]
struct ArcRef {
    c: usize,
    p: usize,
    t1: VecDeque<u32>,
    t2: VecDeque<u32>,
    b1: VecDeque<u32>,
    b2: VecDeque<u32>,
}

fn take(q: &mut VecDeque<u32>, k: u32) -> bool {
    match q.iter().position(|&x| x == k) {
        Some(i) => {
            q.remove(i);
            true
        }
        None => false,
    }
}

impl ArcRef {
    fn replace(&mut self, in_b2: bool) {
        let t1 = self.t1.len();
        if t1 >= 1 && (t1 > self.p || (in_b2 && t1 == self.p)) {
            let v = self.t1.pop_back().unwrap();
            self.b1.push_front(v);
        } else if let Some(v) = self.t2.pop_back() {
            self.b2.push_front(v);
        } else if let Some(v) = self.t1.pop_back() {
            self.b1.push_front(v);
        }
    }

    fn access(&mut self, x: u32) -> bool {
        if take(&mut self.t1, x) || take(&mut self.t2, x) {
            self.t2.push_front(x);
            return true;
        }
        if take(&mut self.b1, x) {
            let d = ((self.b2.len()) / (self.b1.len() + 1)).max(1);
            self.p = (self.p + d).min(self.c);
            self.replace(false);
            self.t2.push_front(x);
            return false;
        }
        if take(&mut self.b2, x) {
            let d = ((self.b1.len()) / (self.b2.len() + 1)).max(1);
            self.p = self.p.saturating_sub(d);
            self.replace(true);
            self.t2.push_front(x);
            return false;
        }
        let l1 = self.t1.len() + self.b1.len();
        let all = l1 + self.t2.len() + self.b2.len();
        if l1 == self.c {
            if self.t1.len() < self.c {
                self.b1.pop_back();
                self.replace(false);
            } else {
                self.t1.pop_back();
            }
        } else if all >= self.c {
            if all == 2 * self.c {
                self.b2.pop_back();
            }
            self.replace(false);
        }
        self.t1.push_front(x);
        false
    }
}

#[test]
fn arc_matches_the_paper_on_plain_lists() {
    for (seed, keys, u, cap) in cases() {
        let mut r = ArcRef {
            c: cap,
            ..ArcRef::default()
        };
        let want: Vec<bool> = keys.iter().map(|&k| r.access(k)).collect();
        let mut p = Cache::new(PolicyKind::Arc, cap, Arc::new(cap, u as usize));
        assert_eq!(hits_of(&mut p, &keys), want, "seed {seed}");
        assert_eq!(p.policy().target_t1(), r.p);
        assert!(r.t1.len() + r.t2.len() + r.b1.len() + r.b2.len() <= 2 * cap);
    }
}

/// SIEVE on a plain vector, oldest first, with the hand as an index.
struct SieveRef {
    cap: usize,
    q: Vec<(u32, bool)>,
    hand: Option<usize>,
}

impl SieveRef {
    fn access(&mut self, x: u32) -> bool {
        if let Some(e) = self.q.iter_mut().find(|e| e.0 == x) {
            e.1 = true;
            return true;
        }
        if self.q.len() == self.cap {
            let mut i = self.hand.unwrap_or(0);
            while self.q[i].1 {
                self.q[i].1 = false;
                i = (i + 1) % self.q.len();
            }
            self.q.remove(i);
            // The hand now points at the entry that followed the victim (newer), if any.
            self.hand = (i < self.q.len()).then_some(i);
        }
        self.q.push((x, false));
        false
    }
}

#[test]
fn sieve_matches_a_plain_vector_model() {
    for (seed, keys, u, cap) in cases() {
        let mut r = SieveRef {
            cap,
            q: Vec::new(),
            hand: None,
        };
        let want: Vec<bool> = keys.iter().map(|&k| r.access(k)).collect();
        let mut p = PolicyKind::Sieve.build(cap, &keys, u as usize);
        assert_eq!(hits_of(p.as_mut(), &keys), want, "seed {seed}");
        assert_eq!(
            sorted(p.resident()),
            sorted(r.q.iter().map(|e| e.0).collect())
        );
    }
}

/// S3-FIFO (libCacheSim S3FIFOv0 semantics) on plain deques; front = newest.
fn s3fifo_ref(cap: usize, keys: &[u32]) -> Vec<bool> {
    let small_cap = (cap / 10).max(1);
    let main_cap = cap - small_cap;
    let ghost_cap = cap * 9 / 10;
    let (mut small, mut main) = (VecDeque::<(u32, u8)>::new(), VecDeque::<(u32, u8)>::new());
    let mut ghost = VecDeque::new();
    keys.iter()
        .map(|&x| {
            if let Some(e) = small.iter_mut().chain(main.iter_mut()).find(|e| e.0 == x) {
                e.1 = e.1.saturating_add(1);
                return true;
            }
            let ghost_hit = take(&mut ghost, x);
            while small.len() + main.len() >= cap {
                if main.len() > main_cap || small.is_empty() {
                    while let Some((k, f)) = main.pop_back() {
                        if f >= 1 {
                            main.push_front((k, f.min(3) - 1));
                        } else {
                            break;
                        }
                    }
                } else {
                    while let Some((k, f)) = small.pop_back() {
                        if f >= 2 {
                            main.push_front((k, 0));
                        } else {
                            if ghost_cap > 0 {
                                if ghost.len() == ghost_cap {
                                    ghost.pop_back();
                                }
                                ghost.push_front(k);
                            }
                            break;
                        }
                    }
                }
            }
            if ghost_hit {
                main.push_front((x, 0));
            } else {
                small.push_front((x, 0));
            }
            false
        })
        .collect()
}

/// W-TinyLFU with eager halving of a full count array and plain deques; front = MRU.
struct WtlRef {
    window_cap: usize,
    main_cap: usize,
    protected_cap: usize,
    window: VecDeque<u32>,
    probation: VecDeque<u32>,
    protected: VecDeque<u32>,
    counts: Vec<u8>,
    recorded: u64,
    sample: u64,
}

impl WtlRef {
    fn new(cap: usize, universe: usize) -> Self {
        let window_cap = (cap / 100).max(1);
        let main_cap = cap - window_cap;
        WtlRef {
            window_cap,
            main_cap,
            protected_cap: main_cap * 8 / 10,
            window: VecDeque::new(),
            probation: VecDeque::new(),
            protected: VecDeque::new(),
            counts: vec![0; universe],
            recorded: 0,
            sample: 10 * cap as u64,
        }
    }

    fn access(&mut self, x: u32) -> bool {
        self.counts[x as usize] = (self.counts[x as usize] + 1).min(15);
        self.recorded += 1;
        if self.recorded == self.sample {
            self.recorded = 0;
            for c in &mut self.counts {
                *c /= 2;
            }
        }
        if take(&mut self.window, x) {
            self.window.push_front(x);
            return true;
        }
        if take(&mut self.probation, x) {
            self.protected.push_front(x);
            if self.protected.len() > self.protected_cap {
                let d = self.protected.pop_back().unwrap();
                self.probation.push_front(d);
            }
            return true;
        }
        if take(&mut self.protected, x) {
            self.protected.push_front(x);
            return true;
        }
        self.window.push_front(x);
        if self.window.len() > self.window_cap {
            let cand = self.window.pop_back().unwrap();
            if self.probation.len() + self.protected.len() < self.main_cap {
                self.probation.push_front(cand);
            } else {
                let from_probation = !self.probation.is_empty();
                let victim = self.probation.back().or(self.protected.back()).copied();
                if let Some(v) = victim
                    && self.counts[cand as usize] > self.counts[v as usize]
                {
                    if from_probation {
                        self.probation.pop_back();
                    } else {
                        self.protected.pop_back();
                    }
                    self.probation.push_front(cand);
                }
            }
        }
        false
    }
}

/// Belady by scanning the future for every resident key at each eviction.
fn belady_naive_hits(keys: &[u32], cap: usize) -> u64 {
    let mut held: Vec<u32> = Vec::new();
    let mut hits = 0;
    for (t, &k) in keys.iter().enumerate() {
        if held.contains(&k) {
            hits += 1;
            continue;
        }
        if held.len() == cap {
            let next = |x: u32| {
                keys[t + 1..]
                    .iter()
                    .position(|&y| y == x)
                    .unwrap_or(usize::MAX)
            };
            let i = (0..held.len()).max_by_key(|&i| next(held[i])).unwrap();
            held.remove(i);
        }
        held.push(k);
    }
    hits
}

/// The best hit count over every choice of victim (demand paging: the missed key is always kept).
fn brute_force_optimum(keys: &[u32], cap: usize, held: &mut Vec<u32>) -> u64 {
    let Some((&k, rest)) = keys.split_first() else {
        return 0;
    };
    if held.contains(&k) {
        return 1 + brute_force_optimum(rest, cap, held);
    }
    if held.len() < cap {
        held.push(k);
        let r = brute_force_optimum(rest, cap, held);
        held.pop();
        return r;
    }
    let mut best = 0;
    for i in 0..held.len() {
        let old = std::mem::replace(&mut held[i], k);
        best = best.max(brute_force_optimum(rest, cap, held));
        held[i] = old;
    }
    best
}

#[test]
fn belady_equals_the_brute_force_optimum_on_tiny_traces() {
    for seed in 0..150u64 {
        let universe = 3 + (seed % 3) as u32;
        let len = 8 + (seed % 5) as usize;
        let keys = trace(seed, len, universe);
        for cap in 1..universe as usize {
            let opt = brute_force_optimum(&keys, cap, &mut Vec::new());
            let mut b = PolicyKind::Belady.build(cap, &keys, universe as usize);
            let got = b.replay(&keys, universe as usize).hits;
            assert_eq!(got, opt, "seed {seed} cap {cap} trace {keys:?}");
        }
    }
}

#[test]
fn belady_matches_a_naive_scan_and_never_loses_to_an_online_rule() {
    let mut online = default_policies(&[50]);
    online.retain(|k| k.is_online());
    for (seed, keys, u, cap) in cases() {
        let u = u as usize;
        let opt = PolicyKind::Belady
            .build(cap, &keys, u)
            .replay(&keys, u)
            .hits;
        assert_eq!(opt, belady_naive_hits(&keys, cap), "seed {seed}");
        for &kind in &online {
            let h = kind.build(cap, &keys, u).replay(&keys, u).hits;
            assert!(
                h <= opt,
                "{kind} beat Belady on seed {seed} cap {cap}: {h} > {opt}"
            );
        }
    }
}

#[test]
fn static_sets_and_unbounded_serve_what_they_hold() {
    for (_, keys, u, cap) in cases() {
        let u = u as usize;
        let best = best_n(&keys, u, cap);
        let first = first_n(&keys, u, cap);
        let serve = |set: &[u32]| keys.iter().filter(|k| set.contains(k)).count() as u64;
        assert_eq!(
            PolicyKind::BestN.build(cap, &keys, u).replay(&keys, u).hits,
            serve(&best)
        );
        assert_eq!(
            PolicyKind::FirstN
                .build(cap, &keys, u)
                .replay(&keys, u)
                .hits,
            serve(&first)
        );
        // No other set of the same size serves more than best-N.
        assert!(serve(&first) <= serve(&best));
        let distinct = sorted(keys.clone())
            .windows(2)
            .filter(|w| w[0] != w[1])
            .count()
            + 1;
        let t = PolicyKind::Unbounded.build(cap, &keys, u).replay(&keys, u);
        assert_eq!(t.misses() as usize, distinct);
        assert_eq!(t.re_evaluations, 0);
    }
}

#[test]
fn re_evaluations_count_second_and_later_misses_of_a_key() {
    // Budget 1, keys a b a b: every lookup misses; the third and fourth are re-evaluations.
    let t = PolicyKind::Lru.build(1, &[], 2).replay(&[0, 1, 0, 1], 2);
    assert_eq!((t.hits, t.misses(), t.re_evaluations), (0, 4, 2));
}

fn hits_of_kind(kind: PolicyKind, cap: usize, keys: &[u32], universe: u32) -> Vec<bool> {
    let mut p = kind.build(cap, keys, universe as usize);
    hits_of(p.as_mut(), keys)
}

/// FIFO and CLOCK on one plain deque (front = oldest); CLOCK gives a hit entry one more round.
fn fifo_like_ref(cap: usize, keys: &[u32], second_chance: bool) -> Vec<bool> {
    let mut q: VecDeque<(u32, bool)> = VecDeque::new();
    keys.iter()
        .map(|&x| {
            if let Some(e) = q.iter_mut().find(|e| e.0 == x) {
                e.1 = true;
                return true;
            }
            while q.len() >= cap {
                let (k, referenced) = q.pop_front().unwrap();
                if second_chance && referenced {
                    q.push_back((k, false));
                } else {
                    break;
                }
            }
            q.push_back((x, false));
            false
        })
        .collect()
}

/// 2Q with libCacheSim's shares on plain deques (front = newest).
fn two_q_ref(cap: usize, keys: &[u32]) -> Vec<bool> {
    let in_cap = (cap / 4).max(1);
    let out_cap = cap / 2;
    let main_cap = cap - in_cap;
    let (mut a1in, mut am, mut a1out) = (VecDeque::new(), VecDeque::new(), VecDeque::new());
    keys.iter()
        .map(|&x| {
            if a1in.contains(&x) {
                return true;
            }
            if take(&mut am, x) {
                am.push_front(x);
                return true;
            }
            let remembered = take(&mut a1out, x);
            while a1in.len() + am.len() >= cap {
                if a1in.len() > in_cap || am.is_empty() {
                    let v = a1in.pop_back().unwrap();
                    if out_cap > 0 {
                        if a1out.len() >= out_cap {
                            a1out.pop_back();
                        }
                        a1out.push_front(v);
                    }
                } else {
                    am.pop_back();
                }
            }
            if remembered {
                if am.len() >= main_cap {
                    am.pop_back();
                }
                am.push_front(x);
            } else {
                a1in.push_front(x);
            }
            false
        })
        .collect()
}

/// LIRS as the paper states it, on a plain vector stack (index 0 = top) and a deque Q (front = oldest).
fn lirs_ref(cap: usize, keys: &[u32]) -> Vec<bool> {
    #[derive(Clone, Copy, PartialEq)]
    enum St {
        Lir,
        Hir,
        Ghost,
    }
    type Status = std::collections::HashMap<u32, St>;
    let hir_cap = (cap / 100).max(1);
    let lir_cap = cap - hir_cap;
    let mut stack: Vec<u32> = Vec::new();
    let mut q: VecDeque<u32> = VecDeque::new();
    let mut ghosts: VecDeque<u32> = VecDeque::new(); // front = oldest
    let mut st = std::collections::HashMap::<u32, St>::new();
    let prune = |stack: &mut Vec<u32>, st: &mut Status, g: &mut VecDeque<u32>| {
        while let Some(&b) = stack.last() {
            match st.get(&b).copied() {
                Some(St::Lir) => break,
                Some(St::Ghost) => {
                    st.remove(&b);
                    take(g, b);
                }
                _ => {}
            }
            stack.pop();
        }
    };
    let to_top = |stack: &mut Vec<u32>, x: u32| {
        if let Some(i) = stack.iter().position(|&k| k == x) {
            stack.remove(i);
        }
        stack.insert(0, x);
    };
    let lir_count = |st: &Status| st.values().filter(|&&s| s == St::Lir).count();
    let mut out = Vec::new();
    for &x in keys {
        let status = st.get(&x).copied();
        let hit = matches!(status, Some(St::Lir) | Some(St::Hir));
        let promote = |stack: &mut Vec<u32>,
                       st: &mut Status,
                       q: &mut VecDeque<u32>,
                       g: &mut VecDeque<u32>| {
            st.insert(x, St::Lir);
            if lir_count(st) > lir_cap {
                prune(stack, st, g);
                let b = stack.pop().unwrap();
                st.insert(b, St::Hir);
                q.push_back(b);
                prune(stack, st, g);
            }
        };
        match status {
            Some(St::Lir) => {
                to_top(&mut stack, x);
                prune(&mut stack, &mut st, &mut ghosts);
            }
            Some(St::Hir) if stack.contains(&x) => {
                take(&mut q, x);
                to_top(&mut stack, x);
                promote(&mut stack, &mut st, &mut q, &mut ghosts);
            }
            Some(St::Hir) => {
                to_top(&mut stack, x);
                take(&mut q, x);
                q.push_back(x);
            }
            _ => {
                let resident = st.values().filter(|&&s| s != St::Ghost).count();
                if resident >= cap {
                    let v = q.pop_front().unwrap();
                    if stack.contains(&v) {
                        st.insert(v, St::Ghost);
                        ghosts.push_back(v);
                    } else {
                        st.remove(&v);
                    }
                }
                if status == Some(St::Ghost) {
                    take(&mut ghosts, x);
                    to_top(&mut stack, x);
                    promote(&mut stack, &mut st, &mut q, &mut ghosts);
                } else if lir_count(&st) < lir_cap {
                    stack.insert(0, x);
                    st.insert(x, St::Lir);
                } else {
                    stack.insert(0, x);
                    q.push_back(x);
                    st.insert(x, St::Hir);
                }
            }
        }
        while stack.len() > 2 * cap {
            let Some(g) = ghosts.pop_front() else { break };
            stack.retain(|&k| k != g);
            st.remove(&g);
        }
        out.push(hit);
    }
    out
}

/// A reference model: its hit or miss on every key at a budget, over a universe.
type Model = fn(usize, &[u32], usize) -> Vec<bool>;
/// The budgets a rule is checked at, from a case's.
type Budgets = fn(usize) -> Vec<usize>;

#[test]
fn fifo_clock_2q_s3fifo_wtinylfu_and_lirs_match_their_plain_models() {
    // Each rule, its model, and its budgets: the case's, and for rules with small queues (2Q's A1in, W-TinyLFU's
    // window, LIRS's HIR share) one large enough to give those queues several slots.
    let rules: [(PolicyKind, Model, Budgets); 6] = [
        (
            PolicyKind::Fifo,
            |c, k, _| fifo_like_ref(c, k, false),
            |c| vec![c],
        ),
        (
            PolicyKind::Clock,
            |c, k, _| fifo_like_ref(c, k, true),
            |c| vec![c],
        ),
        (
            PolicyKind::TwoQ,
            |c, k, _| two_q_ref(c, k),
            |c| vec![c, c * 7],
        ),
        (PolicyKind::S3Fifo, |c, k, _| s3fifo_ref(c, k), |c| vec![c]),
        (
            PolicyKind::WTinyLfu,
            |c, k, u| {
                let mut r = WtlRef::new(c, u);
                k.iter().map(|&x| r.access(x)).collect()
            },
            |c| vec![c, c * 20],
        ),
        (
            PolicyKind::Lirs,
            |c, k, _| lirs_ref(c, k),
            |c| vec![c.max(2), c * 9],
        ),
    ];
    for (seed, keys, u, cap) in cases() {
        for (kind, model, caps) in rules {
            for cap in caps(cap) {
                let got = hits_of_kind(kind, cap, &keys, u);
                let want = model(cap, &keys, u as usize);
                assert_eq!(got, want, "{kind} seed {seed} cap {cap}");
            }
        }
    }
}

#[test]
fn lirs_matches_the_paper_on_plain_lists_at_large_budgets() {
    // Budgets of 200 and more give Q several slots, so its order matters.
    for seed in 0..6u64 {
        let keys = trace(seed, 6000, 900);
        for cap in [200, 450] {
            let got = hits_of_kind(PolicyKind::Lirs, cap, &keys, 900);
            assert_eq!(got, lirs_ref(cap, &keys), "seed {seed} cap {cap}");
        }
    }
}

#[test]
fn lirs_keeps_a_looping_working_set_that_lru_loses() {
    // A loop over 11 keys with a budget of 10: LRU misses every time, LIRS keeps its LIR set and hits.
    let keys: Vec<u32> = (0..2000).map(|i| i % 11).collect();
    let lru = PolicyKind::Lru.build(10, &keys, 11).replay(&keys, 11).hits;
    let lirs = PolicyKind::Lirs.build(10, &keys, 11).replay(&keys, 11).hits;
    assert_eq!(lru, 0);
    assert!(lirs > 1500, "LIRS hit {lirs} of 2000");
}
