//! Thermographs (Winning Ways, Lessons in Play): the walls, the mast (mean) and the temperature of a game,
//! drawn for temperatures t >= 0, where every short game's walls are piecewise linear with slopes -1, 0 or 1.

use super::Dyadic;
use super::game::{Game, GameArena};
use rustc_hash::FxHashMap;

/// One straight piece of a wall: value `v` at temperature `t`, rising by `slope` per unit of t up to the next
/// piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Piece {
    t: Dyadic,
    v: Dyadic,
    slope: i64,
}

impl Piece {
    fn at(&self, t: Dyadic) -> Dyadic {
        self.v + times(t - self.t, self.slope)
    }
}

fn times(d: Dyadic, k: i64) -> Dyadic {
    Dyadic::new(d.numerator() * k, d.exponent())
}

/// `d / k` for `k` a power of two (differences of wall slopes are 1 or 2).
fn divided(d: Dyadic, k: i64) -> Dyadic {
    assert!(
        k > 0 && (k as u64).is_power_of_two(),
        "wall slopes differ by {k}"
    );
    Dyadic::new(d.numerator(), d.exponent() + k.trailing_zeros())
}

/// A piecewise-linear wall over temperatures `t >= 0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wall {
    pieces: Vec<Piece>,
}

impl Wall {
    fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![Piece {
                t: Dyadic::ZERO,
                v: x,
                slope: 0,
            }],
        }
    }

    /// The wall's value at temperature `t >= 0`.
    pub fn at(&self, t: Dyadic) -> Dyadic {
        self.piece_at(t).at(t)
    }

    fn piece_at(&self, t: Dyadic) -> &Piece {
        let i = self.pieces.partition_point(|p| p.t <= t);
        &self.pieces[i.max(1) - 1]
    }

    /// `t -> self(t) + k t`.
    fn tilted(&self, k: i64) -> Wall {
        Wall {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    t: p.t,
                    v: p.v + times(p.t, k),
                    slope: p.slope + k,
                })
                .collect(),
        }
    }

    /// Pointwise maximum (`upper`) or minimum of two walls.
    fn envelope(&self, other: &Wall, upper: bool) -> Wall {
        let mut cuts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.t)
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut out: Vec<Piece> = Vec::new();
        for (i, &lo) in cuts.iter().enumerate() {
            let hi = cuts.get(i + 1).copied();
            let (a, b) = (self.piece_at(lo), other.piece_at(lo));
            let (fa, fb) = (a.at(lo), b.at(lo));
            let a_wins = if upper {
                fa > fb || (fa == fb && a.slope >= b.slope)
            } else {
                fa < fb || (fa == fb && a.slope <= b.slope)
            };
            let (w, l, fw, fl) = if a_wins {
                (a, b, fa, fb)
            } else {
                (b, a, fb, fa)
            };
            push(&mut out, lo, fw, w.slope);
            let overtaken = if upper {
                l.slope > w.slope
            } else {
                l.slope < w.slope
            };
            if overtaken {
                let lead = if upper { fw - fl } else { fl - fw };
                let cross = lo + divided(lead, (l.slope - w.slope).abs());
                if hi.is_none_or(|h| cross < h) {
                    push(&mut out, cross, l.at(cross), l.slope);
                }
            }
        }
        Wall { pieces: out }
    }

    /// The wall up to `t`, then the vertical mast at `mast`.
    fn up_to(&self, t: Dyadic, mast: Dyadic) -> Wall {
        let mut out: Vec<Piece> = Vec::new();
        for p in self.pieces.iter().take_while(|p| p.t < t) {
            push(&mut out, p.t, p.v, p.slope);
        }
        push(&mut out, t, mast, 0);
        Wall { pieces: out }
    }
}

/// Appends a piece, merging it into the previous one when it continues the same line.
fn push(out: &mut Vec<Piece>, t: Dyadic, v: Dyadic, slope: i64) {
    if let Some(last) = out.last()
        && last.slope == slope
        && last.at(t) == v
    {
        return;
    }
    if let Some(last) = out.last_mut()
        && last.t == t
    {
        *last = Piece { t, v, slope };
        return;
    }
    out.push(Piece { t, v, slope });
}

/// A game's thermograph for `t >= 0`: its left and right walls, mast value (the mean) and temperature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thermograph {
    /// Left wall: `LW(0)` is the left stop.
    pub left: Wall,
    /// Right wall: `RW(0)` is the right stop.
    pub right: Wall,
    /// The mast's value: the mean value of the game.
    pub mean: Dyadic,
    /// Where the walls meet. By the usual convention (as in `cgt`) a number `m/2^k` reports `-1/2^k` (`-1` for
    /// integers); every other game has temperature `>= 0` (0 for infinitesimals).
    pub temperature: Dyadic,
}

impl GameArena {
    /// The thermograph of `g`.
    ///
    /// ```
    /// use engine::domineering::{Board, Dyadic, Solver};
    /// let mut solver = Solver::new();
    /// let g = solver.board_value(&"...|...".parse::<Board>().unwrap()); // {2|-1/2}
    /// let th = solver.arena().thermograph(g);
    /// assert_eq!((th.mean, th.temperature), (Dyadic::new(3, 2), Dyadic::new(5, 2)));
    /// ```
    pub fn thermograph(&self, g: Game) -> Thermograph {
        let mut memo = FxHashMap::default();
        self.thermograph_memo(g, &mut memo).clone()
    }

    /// The temperature of `g` (see [`Thermograph::temperature`]).
    pub fn temperature(&self, g: Game) -> Dyadic {
        self.thermograph(g).temperature
    }

    fn thermograph_memo<'m>(
        &self,
        g: Game,
        memo: &'m mut FxHashMap<Game, Thermograph>,
    ) -> &'m Thermograph {
        if !memo.contains_key(&g) {
            let th = self.compute_thermograph(g, memo);
            memo.insert(g, th);
        }
        &memo[&g]
    }

    fn compute_thermograph(&self, g: Game, memo: &mut FxHashMap<Game, Thermograph>) -> Thermograph {
        if let Some(x) = self.as_number(g) {
            return Thermograph {
                left: Wall::constant(x),
                right: Wall::constant(x),
                mean: x,
                temperature: Dyadic::new(-1, x.exponent()),
            };
        }
        // Left's scaffold: the best Left option's right wall taxed by t; Right's symmetrically.
        let mut left: Option<Wall> = None;
        for &o in self.left_options(g) {
            let w = self.thermograph_memo(o, memo).right.tilted(-1);
            left = Some(match left {
                None => w,
                Some(acc) => acc.envelope(&w, true),
            });
        }
        let mut right: Option<Wall> = None;
        for &o in self.right_options(g) {
            let w = self.thermograph_memo(o, memo).left.tilted(1);
            right = Some(match right {
                None => w,
                Some(acc) => acc.envelope(&w, false),
            });
        }
        let (left, right) = (
            left.expect("a canonical non-number has Left options"),
            right.expect("a canonical non-number has Right options"),
        );
        let temperature = meeting_point(&left, &right);
        let mean = left.at(temperature);
        Thermograph {
            left: left.up_to(temperature, mean),
            right: right.up_to(temperature, mean),
            mean,
            temperature,
        }
    }
}

/// The least `t >= 0` with `left(t) <= right(t)`; `left` never rises and `right` never falls, and eventually
/// they cross (slopes -1 and +1 far out).
fn meeting_point(left: &Wall, right: &Wall) -> Dyadic {
    let mut cuts: Vec<Dyadic> = left
        .pieces
        .iter()
        .chain(&right.pieces)
        .map(|p| p.t)
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    for (i, &lo) in cuts.iter().enumerate() {
        let (l, r) = (left.piece_at(lo), right.piece_at(lo));
        let d = l.at(lo) - r.at(lo);
        if d <= Dyadic::ZERO {
            return lo;
        }
        let closing = r.slope - l.slope;
        if closing > 0 {
            let t = lo + divided(d, closing);
            if cuts.get(i + 1).is_none_or(|&h| t < h) {
                return t;
            }
        }
    }
    unreachable!("the scaffolds of a short game always meet")
}
