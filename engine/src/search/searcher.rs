//! The node recursion of the chance search: chance nodes (with the transposition table), roll classes and the
//! MIN/MAX choice among a roll class's children, plain or with Star1/Star2 windows.

use crate::chance::ROLLS;
use crate::color::Color;
use crate::dice::ROLL_CLASSES;
use crate::memo::EvaluationMemo;
use crate::search::guarded_memo::GuardedMemo;
use crate::search::roll_class::{ChildGenerator, ChildOrder, ROLLS_BY_WEIGHT, RollClass};
use crate::search::stop::Stop;
use crate::search::value_range::{Range, Role, ValueRanges, terminal_value};
use crate::search::window::{INF, Scored, Window};
use crate::search::{
    Bound, Pruning, SearchControl, SearchCounters, StoreOutcome, TranspositionTable, max_chance_key,
};
use crate::state::GameState;

/// A node's result, or why there is none.
pub(crate) type NodeResult<E> = Result<Scored, Stop<E>>;

/// The state of one search: memo, table, pruning, buffers and counters.
pub(crate) struct Searcher<'a, M: EvaluationMemo + ?Sized> {
    pub memo: GuardedMemo<'a, M>,
    table: Option<&'a TranspositionTable>,
    pub pruning: Pruning,
    ranges: ValueRanges,
    /// The root's side: every value is from its perspective.
    pub us: Color,
    pub children: ChildGenerator,
    buffers: Vec<Vec<GameState>>,
    class_lists: Vec<Vec<RollClass>>,
    pub counters: SearchCounters,
}

impl<'a, M: EvaluationMemo + ?Sized> Searcher<'a, M> {
    /// A searcher for the side `us`.
    pub(super) fn new(
        memo: &'a M,
        control: &'a SearchControl,
        table: Option<&'a TranspositionTable>,
        pruning: Pruning,
        ranges: ValueRanges,
        us: Color,
    ) -> Self {
        Searcher {
            memo: GuardedMemo::new(memo, control),
            table,
            pruning,
            ranges,
            us,
            children: ChildGenerator::default(),
            buffers: Vec::new(),
            class_lists: Vec::new(),
            counters: SearchCounters::default(),
        }
    }

    /// The value of `s`, a position right after a full turn (empty pool), with `plies` turns left: our
    /// evaluation at the last ply, else the chance node of the side to move.
    pub(super) fn after_turn(
        &mut self,
        s: &GameState,
        plies: u8,
        w: Window,
    ) -> NodeResult<M::Error> {
        if plies == 0 {
            return Ok(Scored::exact(self.memo.evaluate(s, self.us)?));
        }
        self.chance(s, Role::of(s.side_to_move(), self.us), plies, w)
    }

    /// A chance node: the table first, then the roll classes; a finished result is stored.
    ///
    /// The opponent's node is keyed by the plain Zobrist key and ours by [`max_chance_key`], so the same board
    /// as MIN and as MAX continuation never shares an entry. Since the node's role follows from the side to
    /// move and the root's side, the salt also keeps the two perspectives apart in a table reused across
    /// moves. The Zobrist key ignores the half-move clock and the full-move number: two nodes differing only
    /// there share an entry, which is exact because no shipped evaluator reads the clocks (tested).
    fn chance(&mut self, s: &GameState, role: Role, plies: u8, w: Window) -> NodeResult<M::Error> {
        let nodes_before = self.counters.nodes;
        self.counters.nodes += 1;
        self.memo.charge_node();
        let key = match role {
            Role::Them => s.zobrist(),
            Role::Us => max_chance_key(s.zobrist()),
        };
        if let Some(table) = self.table {
            self.memo.check()?;
            self.counters.tt_probes += 1;
            if let Some(entry) = table.probe(key)
                && entry.depth == i32::from(plies)
            {
                self.counters.tt_hits += 1;
                // Exact below 2^53: every node value is below 2^47.
                let value = entry.value as i64;
                let answers = match entry.bound {
                    Bound::Exact => true,
                    Bound::LowerBound => value >= w.beta,
                    Bound::UpperBound => value <= w.alpha,
                };
                if answers {
                    self.counters.tt_cutoffs += 1;
                    return Ok(Scored {
                        value,
                        bound: entry.bound,
                        tainted: entry.loss_tainted,
                    });
                }
            }
        }
        // An interrupted node returns through `?` here and never reaches the store below.
        let scored = if self.pruning.prunes() {
            self.pruned_chance(s, role, plies, w)?
        } else {
            self.plain_chance(s, role, plies)?
        };
        if let Some(table) = self.table {
            // The subtree's size, for schemes that keep the costlier result.
            let outcome = table.store_subtree(
                key,
                scored.value as f64,
                scored.bound,
                i32::from(plies),
                scored.tainted,
                self.counters.nodes - nodes_before,
            );
            self.counters.tt_stores += u64::from(outcome != StoreOutcome::Kept);
            self.counters.tt_overwrites += u64::from(outcome == StoreOutcome::Replaced);
        }
        Ok(scored)
    }

    /// Generates roll class `class` of the chance node at `s`; a king capture fixes its value.
    fn generate(
        &mut self,
        s: &GameState,
        role: Role,
        plies: u8,
        class: &mut RollClass,
        dice: crate::DicePool,
    ) {
        self.counters.nodes += 1;
        self.memo.charge_node();
        let rolled = s.with_dice(dice);
        if class.children.capacity() == 0 {
            class.children = self.buffers.pop().unwrap_or_default();
        }
        let keep_rolled_pass = role == Role::Us && plies == 1;
        // At the last ply the children are single evaluations and nothing probes them (see
        // `probe_can_settle`): a material pre-rank would cost about one evaluation per child, as much as the
        // evaluations a good order could save, so they stay in generation order.
        let order = if self.pruning.prunes() && plies > 1 {
            ChildOrder::Sorted
        } else {
            ChildOrder::Generated
        };
        class.terminal = self.children.generate(
            &rolled,
            self.us,
            order,
            keep_rolled_pass,
            &mut class.children,
        );
        class.generated = true;
        if class.terminal {
            let v = terminal_value(role, plies);
            class.range = Range { lo: v, hi: v };
            if role == Role::Them {
                self.counters.loss_tainted_rolls += 1;
            }
        } else {
            class.range = class.reachable;
        }
    }

    /// Plain expectimax: every class, every child, no window.
    fn plain_chance(&mut self, s: &GameState, role: Role, plies: u8) -> NodeResult<M::Error> {
        let children = self.ranges.children(role, plies);
        let mut class = self.fresh_class(0, children, children);
        let mut acc = 0;
        let mut tainted = false;
        for &(dice, weight) in ROLL_CLASSES.iter() {
            self.generate(s, role, plies, &mut class, dice);
            let v = if class.terminal {
                tainted |= role == Role::Them;
                class.range.lo
            } else {
                let r = self.decide(role, plies, &class.children, Window::FULL, None)?;
                tainted |= r.tainted;
                r.value
            };
            acc += i64::from(weight) * v;
        }
        self.buffers.push(class.children);
        Ok(Scored {
            value: acc,
            bound: Bound::Exact,
            tainted,
        })
    }

    /// A class not yet generated. Its children buffer is taken from the pool only when it is generated, and
    /// the pruned pass returns it as soon as the class is settled, so a node whose classes are searched one
    /// after another (Star1) cycles one warm buffer instead of touching one per class.
    fn fresh_class(&mut self, weight: i64, range: Range, reachable: Range) -> RollClass {
        RollClass {
            weight,
            reachable,
            generated: false,
            terminal: false,
            children: Vec::new(),
            range,
            probe: None,
        }
    }

    /// Returns a settled class's children buffer to the pool.
    fn release(&mut self, class: &mut RollClass) {
        let children = std::mem::take(&mut class.children);
        if children.capacity() > 0 {
            self.buffers.push(children);
        }
    }

    /// Star1 or Star2 at a chance node with window `w`.
    fn pruned_chance(
        &mut self,
        s: &GameState,
        role: Role,
        plies: u8,
        w: Window,
    ) -> NodeResult<M::Error> {
        // At the last ply a window that cannot cut with the declared interval cannot cut with the narrower one
        // below either: the evaluation of the node's position would be wasted.
        let terminal = terminal_value(role, plies);
        if plies == 1 && !window_can_cut(w, self.ranges.children(role, plies).with(terminal)) {
            return self.plain_chance(s, role, plies);
        }
        // At the last ply the turn bounds narrow every class from one evaluation of the node's own position,
        // before any reply is generated; elsewhere the declared interval is all that is known.
        let children = if self.ranges.bounds_from_position(plies) {
            let here = self.memo.evaluate(s, self.us)?;
            self.ranges.children_from(role, plies, here)
        } else {
            self.ranges.children(role, plies)
        };
        let unknown = children.with(terminal);
        if plies == 1 && !window_can_cut(w, unknown) {
            // Every class is searched in full and every leaf evaluated, as unpruned expectimax does, so its
            // pass gives the same exact value without the bound bookkeeping.
            return self.plain_chance(s, role, plies);
        }
        let mut classes = self.class_lists.pop().unwrap_or_default();
        for &(_, weight) in ROLLS_BY_WEIGHT.iter() {
            let class = self.fresh_class(i64::from(weight), unknown, children);
            classes.push(class);
        }
        let result = self.pruned_classes(s, role, plies, w, &mut classes);
        for mut class in classes.drain(..) {
            self.release(&mut class);
        }
        self.class_lists.push(classes);
        result
    }

    fn pruned_classes(
        &mut self,
        s: &GameState,
        role: Role,
        plies: u8,
        w: Window,
        classes: &mut [RollClass],
    ) -> NodeResult<M::Error> {
        let weighted = |classes: &[RollClass], f: fn(Range) -> i64| -> i64 {
            classes.iter().map(|c| c.weight * f(c.range)).sum()
        };
        // What is known before any generation may settle the node already (with position-dependent
        // classes, a root candidate no better than the best so far is cut here).
        let hi = weighted(classes, |r| r.hi);
        if hi <= w.alpha {
            return Ok(bounded(hi, Bound::UpperBound, false));
        }
        let lo = weighted(classes, |r| r.lo);
        if lo >= w.beta {
            return Ok(bounded(lo, Bound::LowerBound, false));
        }
        let mut tainted = false;
        if self.pruning == Pruning::Star2
            && probe_can_settle(role, plies, w)
            && let Some(bound) = self.probe_classes(s, role, plies, w, classes, &mut tainted)?
        {
            return Ok(bound);
        }
        let mut rest_lo = weighted(classes, |r| r.lo);
        let mut rest_hi = weighted(classes, |r| r.hi);
        let mut acc = 0i64;
        for (i, &(dice, _)) in ROLLS_BY_WEIGHT.iter().enumerate() {
            let weight = classes[i].weight;
            rest_lo -= weight * classes[i].range.lo;
            rest_hi -= weight * classes[i].range.hi;
            if !classes[i].generated {
                // The classes before this one may have settled the node: then it need not be generated.
                let upper = acc + weight * classes[i].range.hi + rest_hi;
                if upper <= w.alpha {
                    return Ok(bounded(upper, Bound::UpperBound, tainted));
                }
                let lower = acc + weight * classes[i].range.lo + rest_lo;
                if lower >= w.beta {
                    return Ok(bounded(lower, Bound::LowerBound, tainted));
                }
                self.generate(s, role, plies, &mut classes[i], dice);
                tainted |= classes[i].terminal && role == Role::Them;
            }
            let range = classes[i].range;
            let upper = acc + weight * range.hi + rest_hi;
            if upper <= w.alpha {
                return Ok(bounded(upper, Bound::UpperBound, tainted));
            }
            let lower = acc + weight * range.lo + rest_lo;
            if lower >= w.beta {
                return Ok(bounded(lower, Bound::LowerBound, tainted));
            }
            if range.lo == range.hi {
                acc += weight * range.lo;
                self.release(&mut classes[i]);
                continue;
            }
            let cw = w.for_roll(weight, acc, rest_lo, rest_hi);
            let first = classes[i].probe.filter(|p| p.bound == Bound::Exact);
            let children = std::mem::take(&mut classes[i].children);
            let r = self.decide(role, plies, &children, cw, first);
            classes[i].children = children;
            let r = r?;
            tainted |= r.tainted;
            if r.is_upper() && r.value <= cw.alpha {
                let v = acc + weight * r.value + rest_hi;
                return Ok(bounded(v, Bound::UpperBound, tainted));
            }
            if r.is_lower() && r.value >= cw.beta {
                let v = acc + weight * r.value + rest_lo;
                return Ok(bounded(v, Bound::LowerBound, tainted));
            }
            debug_assert_eq!(r.bound, Bound::Exact, "a bound inside its window");
            acc += weight * r.value;
            self.release(&mut classes[i]);
        }
        Ok(bounded(acc, Bound::Exact, tainted))
    }

    /// Star2's probing pass: generates every class and values its first child, giving each class a one-sided
    /// bound (an upper bound on the opponent's minimum, a lower bound on our maximum). Returns the node's bound
    /// if the probes alone settle it.
    fn probe_classes(
        &mut self,
        s: &GameState,
        role: Role,
        plies: u8,
        w: Window,
        classes: &mut [RollClass],
        tainted: &mut bool,
    ) -> Result<Option<Scored>, Stop<M::Error>> {
        let mut sum_lo: i64 = classes.iter().map(|c| c.weight * c.range.lo).sum();
        let mut sum_hi: i64 = classes.iter().map(|c| c.weight * c.range.hi).sum();
        for (i, &(dice, _)) in ROLLS_BY_WEIGHT.iter().enumerate() {
            let weight = classes[i].weight;
            sum_lo -= weight * classes[i].range.lo;
            sum_hi -= weight * classes[i].range.hi;
            self.generate(s, role, plies, &mut classes[i], dice);
            if classes[i].terminal {
                *tainted |= role == Role::Them;
            } else {
                // The probe's window asks only what could settle the node on the probed side.
                let pw = match role {
                    Role::Them => Window {
                        alpha: w.for_roll(weight, 0, sum_lo, sum_hi).alpha,
                        beta: INF,
                    },
                    Role::Us => Window {
                        alpha: -INF,
                        beta: w.for_roll(weight, 0, sum_lo, sum_hi).beta,
                    },
                };
                let first = classes[i].children[0];
                let p = self.after_turn(&first, plies - 1, pw)?;
                *tainted |= p.tainted;
                let single = classes[i].children.len() == 1;
                let range = &mut classes[i].range;
                match role {
                    Role::Them if p.is_upper() => range.hi = range.hi.min(p.value),
                    Role::Us if p.is_lower() => range.lo = range.lo.max(p.value),
                    _ => {}
                }
                if single && p.bound == Bound::Exact {
                    *range = Range {
                        lo: p.value,
                        hi: p.value,
                    };
                }
                classes[i].probe = Some(p);
            }
            sum_lo += weight * classes[i].range.lo;
            sum_hi += weight * classes[i].range.hi;
            // The classes probed so far, with the rest still at their unprobed range, may settle the node
            // before the remaining classes are generated.
            if sum_hi <= w.alpha {
                return Ok(Some(bounded(sum_hi, Bound::UpperBound, *tainted)));
            }
            if sum_lo >= w.beta {
                return Ok(Some(bounded(sum_lo, Bound::LowerBound, *tainted)));
            }
        }
        Ok(None)
    }

    /// The mover's choice among a roll class's children: the opponent minimises, we maximise. `first`, when
    /// given, is the first child's already-known exact value.
    ///
    /// Written once, as the mover's maximisation: for the opponent, values and windows are negated on the way
    /// in and out (negamax), which swaps upper and lower bounds.
    fn decide(
        &mut self,
        role: Role,
        plies: u8,
        children: &[GameState],
        w: Window,
        first: Option<Scored>,
    ) -> NodeResult<M::Error> {
        let sign = match role {
            Role::Us => 1,
            Role::Them => -1,
        };
        let w = w.seen_by(sign);
        let mut best: Option<i64> = None;
        let mut upper = -INF;
        let mut tainted = false;
        for (k, child) in children.iter().enumerate() {
            let alpha = best.map_or(w.alpha, |b| b.max(w.alpha));
            let cw = Window {
                alpha,
                beta: w.beta,
            };
            let s = match first {
                Some(p) if k == 0 => p,
                _ => self.after_turn(child, plies - 1, cw.seen_by(sign))?,
            }
            .seen_by(sign);
            tainted |= s.tainted;
            if s.is_lower() && s.value >= w.beta {
                return Ok(bounded(s.value, Bound::LowerBound, tainted).seen_by(sign));
            }
            if s.bound == Bound::Exact && s.value > alpha {
                best = Some(s.value);
            } else {
                upper = upper.max(s.value);
            }
        }
        Ok(match best {
            Some(v) => bounded(v, Bound::Exact, tainted),
            None => bounded(upper, Bound::UpperBound, tainted),
        }
        .seen_by(sign))
    }
}

/// Whether Star2's probing pass is worth running at a chance node with `plies` turns left searched with window
/// `w`. A probe bounds its class on one side only (the opponent's first reply bounds their minimum from above,
/// ours our maximum from below), so the probes prove the node `<= alpha` at the opponent's node and `>= beta` at
/// ours. With that side of the window infinite no probed sum reaches it. What the pass could still settle on
/// the other side (from a class found terminal or with a single reply) the full pass also settles, by the same
/// bounds, when it reaches that class; so skipping the pass there keeps every value exact and may only postpone
/// such a rare cut. It saves generating every class ahead of the full pass and holding all their children in
/// memory at once.
///
/// At the last ply a probe is one evaluation and a class's exact value costs only its remaining evaluations,
/// while the pass generates every class before the full pass can stop at one: with the shipped evaluators
/// (a few hundred instructions per evaluation against the turn generation that is most of a node's cost) the
/// pass costs more than it saves, so Star2 searches the last ply as Star1 does.
fn probe_can_settle(role: Role, plies: u8, w: Window) -> bool {
    plies > 1
        && match role {
            Role::Them => w.alpha > -INF,
            Role::Us => w.beta < INF,
        }
}

/// Whether a node whose roll classes all lie in `unknown` can be cut in window `w`. Every bound the pruned pass
/// sums, and every roll class's window, comes from class values inside `unknown` weighted to 216 in all: when
/// `alpha` lies below the lowest such sum and `beta` above the highest, no sum and no child reaches the window.
fn window_can_cut(w: Window, unknown: Range) -> bool {
    w.alpha >= ROLLS * unknown.lo || w.beta <= ROLLS * unknown.hi
}

const fn bounded(value: i64, bound: Bound, tainted: bool) -> Scored {
    Scored {
        value,
        bound,
        tainted,
    }
}

#[cfg(test)]
mod tests;
