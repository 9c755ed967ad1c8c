//! Short partizan games in canonical form, hash-consed in an arena so that equal values share one id and
//! comparisons and sums are memoised.

use super::Dyadic;
use rustc_hash::FxHashMap;

/// A short partizan game in canonical form: an id into the [`GameArena`] that made it. Two ids from the same
/// arena are equal exactly when the games are equal (canonical forms are unique and interned).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Game(u32);

impl Game {
    /// The arena index (ids grow in creation order; every option has a smaller id than its game).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// `x + u·↑ + *s`: the infinitesimal-plus-number values given a short name in the notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct UpStar {
    pub(crate) number: Dyadic,
    pub(crate) ups: i8,
    pub(crate) star: u8,
}

/// What the arena knows about one canonical game.
#[derive(Debug, Clone)]
struct Node {
    /// Options live in `GameArena::options[left.0..left.1]` (and likewise right), sorted by id.
    left: (u32, u32),
    right: (u32, u32),
    number: Option<Dyadic>,
    left_stop: Dyadic,
    right_stop: Dyadic,
    up_star: Option<UpStar>,
}

/// The `(ups, star)` tags of a game's Left and Right options, sorted: the shape of `u·↑ + *s` in canonical form.
type OptionTags = (Vec<(i8, u8)>, Vec<(i8, u8)>);

/// Largest |u| and s for which `u·↑ + *s` gets a short name.
const NAMED_UPS: i8 = 4;
const NAMED_STARS: u8 = 8;

/// Interning arena of canonical short games with memoised comparison, sum and negation.
///
/// ```
/// use engine::domineering::{Dyadic, GameArena};
/// let mut a = GameArena::new();
/// let (zero, star) = (a.zero(), a.star());
/// let one = a.number(Dyadic::integer(1));
/// let half = a.game(&[zero], &[one]);
/// assert_eq!(a.as_number(half), Some(Dyadic::new(1, 1)));
/// assert_eq!(a.sum(half, half), one);
/// assert_eq!(a.sum(star, star), zero);
/// let up = a.game(&[zero], &[star]);
/// assert_eq!(a.display(up).to_string(), "^");
/// assert!(a.le(zero, up) && !a.le(up, zero));
/// let minus_one = a.number(Dyadic::integer(-1));
/// let pm1 = a.game(&[one], &[minus_one]);
/// assert_eq!(a.display(pm1).to_string(), "{1|-1}");
/// assert_eq!((a.left_stop(pm1), a.right_stop(pm1)), (Dyadic::integer(1), Dyadic::integer(-1)));
/// ```
#[derive(Debug, Clone)]
pub struct GameArena {
    nodes: Vec<Node>,
    options: Vec<Game>,
    interned: FxHashMap<Box<[u32]>, Game>,
    numbers: FxHashMap<Dyadic, Game>,
    le_memo: FxHashMap<u64, bool>,
    sum_memo: FxHashMap<u64, Game>,
    neg_memo: FxHashMap<u32, Game>,
    /// Option signatures (as `(ups, star)` of options at a common number) of `u·↑ + *s`.
    up_star_signatures: FxHashMap<OptionTags, (i8, u8)>,
}

impl Default for GameArena {
    fn default() -> Self {
        GameArena::new()
    }
}

/// Separates Left from Right option ids in an intern key (no id reaches it).
const SIDE_SEPARATOR: u32 = u32::MAX;

impl GameArena {
    /// An arena holding 0 and the named infinitesimals `u·↑ + *s` (|u| <= 4, s < 8).
    pub fn new() -> GameArena {
        let mut arena = GameArena {
            nodes: Vec::new(),
            options: Vec::new(),
            interned: FxHashMap::default(),
            numbers: FxHashMap::default(),
            le_memo: FxHashMap::default(),
            sum_memo: FxHashMap::default(),
            neg_memo: FxHashMap::default(),
            up_star_signatures: FxHashMap::default(),
        };
        let zero = arena.intern(Vec::new(), Vec::new());
        arena.numbers.insert(Dyadic::ZERO, zero);
        arena.name_up_stars();
        arena
    }

    /// Builds `u·↑ + *s`, records them and their option signatures, then re-tags every node made so far.
    fn name_up_stars(&mut self) {
        let zero = self.zero();
        let mut nimbers = vec![zero];
        for _ in 1..NAMED_STARS {
            let opts = nimbers.clone();
            let nimber = self.game(&opts, &opts);
            nimbers.push(nimber);
        }
        let star = nimbers[1];
        let up = self.game(&[zero], &[star]);
        let down = self.neg(up);
        let mut named: Vec<(Game, (i8, u8))> = Vec::new();
        for (step, sign) in [(up, 1i8), (down, -1i8)] {
            let mut ups = zero;
            for u in 0..=NAMED_UPS {
                for (s, &nimber) in nimbers.iter().enumerate() {
                    if u > 0 || sign > 0 {
                        named.push((self.sum(ups, nimber), (sign * u, s as u8)));
                    }
                }
                ups = self.sum(ups, step);
            }
        }
        let tag_of: FxHashMap<Game, (i8, u8)> = named.iter().copied().collect();
        for &(game, tag) in &named {
            if tag == (0, 0) {
                continue;
            }
            let side = |opts: &[Game]| -> Option<Vec<(i8, u8)>> {
                let mut tags: Vec<(i8, u8)> = opts
                    .iter()
                    .map(|o| tag_of.get(o).copied())
                    .collect::<Option<_>>()?;
                tags.sort_unstable();
                Some(tags)
            };
            let left = side(self.left_options(game));
            let right = side(self.right_options(game));
            if let (Some(l), Some(r)) = (left, right) {
                self.up_star_signatures.insert((l, r), tag);
            }
        }
        for i in 0..self.nodes.len() {
            let id = Game(i as u32);
            self.nodes[i].up_star = self.up_star_of(id);
        }
    }

    /// Number of distinct canonical games held (every option of every game included).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: the arena always holds 0.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The game 0 = { | }.
    pub fn zero(&self) -> Game {
        Game(0)
    }

    /// The game * = {0|0}.
    pub fn star(&mut self) -> Game {
        let zero = self.zero();
        self.game(&[zero], &[zero])
    }

    /// The canonical form of the number `x`.
    pub fn number(&mut self, x: Dyadic) -> Game {
        if let Some(&g) = self.numbers.get(&x) {
            return g;
        }
        let g = if x.is_integer() {
            let n = x.numerator();
            if n > 0 {
                let below = self.number(Dyadic::integer(n - 1));
                self.intern(vec![below], Vec::new())
            } else {
                let above = self.number(Dyadic::integer(n + 1));
                self.intern(Vec::new(), vec![above])
            }
        } else {
            let (m, k) = (x.numerator(), x.exponent());
            let below = self.number(Dyadic::new(m - 1, k));
            let above = self.number(Dyadic::new(m + 1, k));
            self.intern(vec![below], vec![above])
        };
        self.numbers.insert(x, g);
        g
    }

    /// Left's options of a canonical game, sorted by id.
    pub fn left_options(&self, g: Game) -> &[Game] {
        let (a, b) = self.nodes[g.index()].left;
        &self.options[a as usize..b as usize]
    }

    /// Right's options of a canonical game, sorted by id.
    pub fn right_options(&self, g: Game) -> &[Game] {
        let (a, b) = self.nodes[g.index()].right;
        &self.options[a as usize..b as usize]
    }

    /// The value if the game is a number.
    pub fn as_number(&self, g: Game) -> Option<Dyadic> {
        self.nodes[g.index()].number
    }

    /// Left stop: the number reached when Left moves first and both play to the first number.
    pub fn left_stop(&self, g: Game) -> Dyadic {
        self.nodes[g.index()].left_stop
    }

    /// Right stop: the number reached when Right moves first and both play to the first number.
    pub fn right_stop(&self, g: Game) -> Dyadic {
        self.nodes[g.index()].right_stop
    }

    pub(crate) fn up_star(&self, g: Game) -> Option<UpStar> {
        self.nodes[g.index()].up_star
    }

    /// The canonical form of `{left | right}` (options are canonical games of this arena, in any order, repeats
    /// allowed): dominated options removed and reversible ones bypassed until neither applies.
    pub fn game(&mut self, left: &[Game], right: &[Game]) -> Game {
        self.canonical(left.to_vec(), right.to_vec())
    }

    fn canonical(&mut self, mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        if let Some(x) = self.number_between(&left, &right) {
            return self.number(x);
        }
        loop {
            self.remove_dominated(&mut left, true);
            self.remove_dominated(&mut right, false);
            let bypassed_left = self.bypass_reversible_left(&mut left, &right);
            let bypassed_right = self.bypass_reversible_right(&left, &mut right);
            if !bypassed_left && !bypassed_right {
                break;
            }
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
        }
        self.intern(left, right)
    }

    /// `Some(simplest number)` when every option is a number and every Left one is below every Right one.
    fn number_between(&self, left: &[Game], right: &[Game]) -> Option<Dyadic> {
        let mut lo: Option<Dyadic> = None;
        for &l in left {
            let x = self.as_number(l)?;
            lo = Some(lo.map_or(x, |m| m.max(x)));
        }
        let mut hi: Option<Dyadic> = None;
        for &r in right {
            let x = self.as_number(r)?;
            hi = Some(hi.map_or(x, |m| m.min(x)));
        }
        Dyadic::simplest_between(lo, hi)
    }

    /// Drops Left options `<=` another one (Right options `>=` another one). Options are distinct canonical
    /// games, so two never dominate each other.
    fn remove_dominated(&mut self, opts: &mut Vec<Game>, left: bool) {
        if opts.len() < 2 {
            return;
        }
        let mut keep = vec![true; opts.len()];
        for i in 0..opts.len() {
            for j in 0..opts.len() {
                if i == j || !keep[j] {
                    continue;
                }
                let dominated = if left {
                    self.le(opts[i], opts[j])
                } else {
                    self.le(opts[j], opts[i])
                };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        opts.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }

    /// Replaces each Left option `G^L` having a Right option `G^LR <= G` by the Left options of that `G^LR`.
    fn bypass_reversible_left(&mut self, left: &mut Vec<Game>, right: &[Game]) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < left.len() {
            let gl = left[i];
            let (a, b) = self.nodes[gl.index()].right;
            let mut reversed = None;
            for k in a..b {
                let glr = self.options[k as usize];
                if self.le_game_form(glr, left, right) {
                    reversed = Some(glr);
                    break;
                }
            }
            match reversed {
                Some(glr) => {
                    left.swap_remove(i);
                    left.extend_from_slice(self.left_options(glr));
                    changed = true;
                }
                None => i += 1,
            }
        }
        changed
    }

    /// Replaces each Right option `G^R` having a Left option `G^RL >= G` by the Right options of that `G^RL`.
    fn bypass_reversible_right(&mut self, left: &[Game], right: &mut Vec<Game>) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < right.len() {
            let gr = right[i];
            let (a, b) = self.nodes[gr.index()].left;
            let mut reversed = None;
            for k in a..b {
                let grl = self.options[k as usize];
                if self.le_form_game(left, right, grl) {
                    reversed = Some(grl);
                    break;
                }
            }
            match reversed {
                Some(grl) => {
                    right.swap_remove(i);
                    right.extend_from_slice(self.right_options(grl));
                    changed = true;
                }
                None => i += 1,
            }
        }
        changed
    }

    /// `x <= {left | right}` for a game not (yet) in the arena.
    fn le_game_form(&mut self, x: Game, left: &[Game], right: &[Game]) -> bool {
        for &r in right {
            if self.le(r, x) {
                return false;
            }
        }
        let (a, b) = self.nodes[x.index()].left;
        for k in a..b {
            let xl = self.options[k as usize];
            if self.le_form_game(left, right, xl) {
                return false;
            }
        }
        true
    }

    /// `{left | right} <= y` for a game not (yet) in the arena.
    fn le_form_game(&mut self, left: &[Game], right: &[Game], y: Game) -> bool {
        for &l in left {
            if self.le(y, l) {
                return false;
            }
        }
        let (a, b) = self.nodes[y.index()].right;
        for k in a..b {
            let yr = self.options[k as usize];
            if self.le_game_form(yr, left, right) {
                return false;
            }
        }
        true
    }

    /// `a <= b`.
    pub fn le(&mut self, a: Game, b: Game) -> bool {
        if a == b {
            return true;
        }
        let (na, nb) = (&self.nodes[a.index()], &self.nodes[b.index()]);
        if let (Some(x), Some(y)) = (na.number, nb.number) {
            return x <= y;
        }
        // Stops are monotone, and LS(a) < RS(b) forces LS(a - b) < 0, hence a < b.
        if na.left_stop < nb.right_stop {
            return true;
        }
        if na.left_stop > nb.left_stop || na.right_stop > nb.right_stop {
            return false;
        }
        let (a_number, b_number) = (na.number.is_some(), nb.number.is_some());
        let (a_left, b_right) = (na.left, nb.right);
        let key = u64::from(a.0) << 32 | u64::from(b.0);
        if let Some(&known) = self.le_memo.get(&key) {
            return known;
        }
        // a <= b iff no a^L >= b and no b^R <= a. Number avoidance: against a number only the non-number moves.
        let mut result = true;
        if !a_number {
            for k in a_left.0..a_left.1 {
                let al = self.options[k as usize];
                if self.le(b, al) {
                    result = false;
                    break;
                }
            }
        }
        if result && !b_number {
            for k in b_right.0..b_right.1 {
                let br = self.options[k as usize];
                if self.le(br, a) {
                    result = false;
                    break;
                }
            }
        }
        self.le_memo.insert(key, result);
        result
    }

    /// The canonical form of `a + b`.
    pub fn sum(&mut self, a: Game, b: Game) -> Game {
        let zero = self.zero();
        if a == zero {
            return b;
        }
        if b == zero {
            return a;
        }
        let (x, y) = (self.as_number(a), self.as_number(b));
        if let (Some(x), Some(y)) = (x, y) {
            return self.number(x + y);
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        let key = u64::from(a.0) << 32 | u64::from(b.0);
        if let Some(&s) = self.sum_memo.get(&key) {
            return s;
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        // Number translation: beside a non-number, a number's own moves never need considering.
        for (this, other) in [(a, b), (b, a)] {
            if self.as_number(this).is_some() {
                continue;
            }
            let (l, r) = (
                self.nodes[this.index()].left,
                self.nodes[this.index()].right,
            );
            for k in l.0..l.1 {
                let o = self.options[k as usize];
                left.push(self.sum(o, other));
            }
            for k in r.0..r.1 {
                let o = self.options[k as usize];
                right.push(self.sum(o, other));
            }
        }
        let s = self.canonical(left, right);
        self.sum_memo.insert(key, s);
        s
    }

    /// The canonical form of `-a` (mirror every option).
    pub fn neg(&mut self, a: Game) -> Game {
        if let Some(x) = self.as_number(a) {
            return self.number(-x);
        }
        if let Some(&n) = self.neg_memo.get(&a.0) {
            return n;
        }
        let mut left: Vec<Game> = self.right_options(a).to_vec();
        let mut right: Vec<Game> = self.left_options(a).to_vec();
        for g in left.iter_mut().chain(right.iter_mut()) {
            *g = self.neg(*g);
        }
        // The negative of a canonical form is canonical: no further simplification is needed.
        left.sort_unstable();
        right.sort_unstable();
        let n = self.intern(left, right);
        self.neg_memo.insert(a.0, n);
        self.neg_memo.insert(n.0, a);
        n
    }

    /// The canonical form of `a - b`.
    pub fn sub(&mut self, a: Game, b: Game) -> Game {
        let nb = self.neg(b);
        self.sum(a, nb)
    }

    /// Returns the id of the canonical game with exactly these (sorted, canonical) options, adding it if new.
    fn intern(&mut self, left: Vec<Game>, right: Vec<Game>) -> Game {
        let mut key: Vec<u32> = Vec::with_capacity(left.len() + right.len() + 1);
        key.extend(left.iter().map(|g| g.0));
        key.push(SIDE_SEPARATOR);
        key.extend(right.iter().map(|g| g.0));
        if let Some(&g) = self.interned.get(key.as_slice()) {
            return g;
        }
        let id = Game(u32::try_from(self.nodes.len()).expect("fewer than 2^32 games"));
        let number = self.number_between(&left, &right);
        let (left_stop, right_stop) = match number {
            Some(x) => (x, x),
            None => {
                let ls = left.iter().map(|&l| self.right_stop(l)).max();
                let rs = right.iter().map(|&r| self.left_stop(r)).min();
                // A canonical non-number has options on both sides; fall back defensively all the same.
                match (ls, rs) {
                    (Some(ls), Some(rs)) => (ls, rs),
                    (Some(ls), None) => (ls, ls),
                    (None, Some(rs)) => (rs, rs),
                    (None, None) => (Dyadic::ZERO, Dyadic::ZERO),
                }
            }
        };
        let start = self.options.len() as u32;
        self.options.extend_from_slice(&left);
        let mid = self.options.len() as u32;
        self.options.extend_from_slice(&right);
        let end = self.options.len() as u32;
        self.nodes.push(Node {
            left: (start, mid),
            right: (mid, end),
            number,
            left_stop,
            right_stop,
            up_star: None,
        });
        self.nodes[id.index()].up_star = self.up_star_of(id);
        self.interned.insert(key.into_boxed_slice(), id);
        id
    }

    /// Recognises `x + u·↑ + *s` from the options' tags (sound by number translation).
    fn up_star_of(&self, g: Game) -> Option<UpStar> {
        let node = &self.nodes[g.index()];
        if let Some(x) = node.number {
            return Some(UpStar {
                number: x,
                ups: 0,
                star: 0,
            });
        }
        let mut base: Option<Dyadic> = None;
        let mut side = |opts: &[Game]| -> Option<Vec<(i8, u8)>> {
            let mut tags = Vec::with_capacity(opts.len());
            for &o in opts {
                let t = self.nodes[o.index()].up_star?;
                if *base.get_or_insert(t.number) != t.number {
                    return None;
                }
                tags.push((t.ups, t.star));
            }
            tags.sort_unstable();
            Some(tags)
        };
        let left = side(self.left_options(g))?;
        let right = side(self.right_options(g))?;
        let &(ups, star) = self.up_star_signatures.get(&(left, right))?;
        Some(UpStar {
            number: base?,
            ups,
            star,
        })
    }
}
