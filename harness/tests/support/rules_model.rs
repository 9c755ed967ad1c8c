//! A small dice-chess rules model written from docs/rules.md alone, for replaying recorded games: its own board,
//! DFEN reader, move generation, move making and turn generator. It calls nothing of the engine, so a defect the
//! engine and its own oracle share (both use the engine's per-die move primitive and `make_move`) shows up here as a
//! disagreement. It is slow and plain on purpose: every rule is written the way the page states it.

use std::collections::BTreeSet;

/// Piece types, also die faces (§1): 1 pawn … 6 king.
pub const PAWN: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const ROOK: u8 = 4;
pub const QUEEN: u8 = 5;
pub const KING: u8 = 6;

/// Castling-right bits (§11): K, Q, k, q.
const WK: u8 = 1;
const WQ: u8 = 2;
const BK: u8 = 4;
const BQ: u8 = 8;

/// A piece: colour (0 White, 1 Black) and type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub colour: u8,
    pub kind: u8,
}

/// A position between turns or inside one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub board: [Option<Piece>; 64],
    /// The side to move: 0 White, 1 Black.
    pub side: u8,
    pub castling: u8,
    /// En-passant targets, any number (§7), as a set of squares.
    pub en_passant: BTreeSet<u8>,
    /// Micro-moves since the last pawn move or capture, saturating at 127 (§9, D3).
    pub clock: u8,
    pub fullmove: u32,
    /// The dice pool: faces, unordered multiset (kept sorted).
    pub dice: Vec<u8>,
}

/// One micro-move as the model makes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Micro {
    pub from: u8,
    pub to: u8,
    /// Promotion piece type.
    pub promote: Option<u8>,
    pub castle: bool,
    pub en_passant: bool,
}

impl Micro {
    /// UCI text: origin, destination, lower-case promotion letter; a castle is the king's move (§11).
    pub fn uci(&self) -> String {
        let sq = |s: u8| format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1);
        let promo = self
            .promote
            .map_or(String::new(), |k| letter(k).to_string());
        format!("{}{}{promo}", sq(self.from), sq(self.to))
    }
}

fn letter(kind: u8) -> char {
    b" pnbrqk"[kind as usize] as char
}

fn kind_of(c: char) -> Option<u8> {
    " pnbrqk"
        .find(c.to_ascii_lowercase())
        .filter(|&i| i > 0)
        .map(|i| i as u8)
}

fn square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

fn rank(s: u8) -> u8 {
    s / 8
}

fn file(s: u8) -> u8 {
    s % 8
}

impl Position {
    /// Reads a DFEN (§10): placement, colour, castling, en passant, clocks and the dice pool (fields 5 to 7
    /// optional). Only what replaying canonical records needs is checked.
    pub fn from_dfen(text: &str) -> Result<Position, String> {
        let f: Vec<&str> = text.split(' ').collect();
        if f.len() < 4 || f.len() > 7 {
            return Err(format!("{text}: {} fields", f.len()));
        }
        let mut board = [None; 64];
        let ranks: Vec<&str> = f[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("{text}: {} ranks", ranks.len()));
        }
        for (i, r) in ranks.iter().enumerate() {
            let row = 7 - i as u8;
            let mut col = 0u8;
            for c in r.chars() {
                if let Some(d) = c.to_digit(10) {
                    col += d as u8;
                } else {
                    let kind = kind_of(c).ok_or_else(|| format!("{text}: piece {c}"))?;
                    if col >= 8 {
                        return Err(format!("{text}: rank {row} overflows"));
                    }
                    let colour = u8::from(c.is_ascii_lowercase());
                    board[(row * 8 + col) as usize] = Some(Piece { colour, kind });
                    col += 1;
                }
            }
            if col != 8 {
                return Err(format!("{text}: rank {row} has {col} squares"));
            }
        }
        let side = match f[1] {
            "w" => 0,
            "b" => 1,
            other => return Err(format!("{text}: colour {other}")),
        };
        let mut castling = 0;
        if f[2] != "-" {
            for c in f[2].chars() {
                castling |= match c {
                    'K' => WK,
                    'Q' => WQ,
                    'k' => BK,
                    'q' => BQ,
                    _ => return Err(format!("{text}: castling {c}")),
                };
            }
        }
        let mut en_passant = BTreeSet::new();
        if f[3] != "-" {
            let s = f[3];
            for k in (0..s.len()).step_by(2) {
                let sq = s
                    .get(k..k + 2)
                    .and_then(square)
                    .ok_or_else(|| format!("{text}: en passant {s}"))?;
                en_passant.insert(sq);
            }
        }
        let clock = f
            .get(4)
            .map_or(Ok(0), |s| s.parse::<u8>())
            .map_err(|e| e.to_string())?;
        let fullmove = f
            .get(5)
            .map_or(Ok(1), |s| s.parse::<u32>())
            .map_err(|e| e.to_string())?;
        let mut dice = Vec::new();
        if let Some(d) = f.get(6).filter(|d| **d != "-") {
            for c in d.chars() {
                dice.push(kind_of(c).ok_or_else(|| format!("{text}: die {c}"))?);
            }
        }
        dice.sort_unstable();
        Ok(Position {
            board,
            side,
            castling,
            en_passant,
            clock,
            fullmove,
            dice,
        })
    }

    fn at(&self, s: i32) -> Option<Piece> {
        self.board[s as usize]
    }

    /// The micro-moves of the side to move's pieces of type `kind` (§6; order does not matter to the model).
    /// Castles are included; the caller checks the Rook die they also need.
    fn moves_of(&self, kind: u8) -> Vec<Micro> {
        let me = self.side;
        let mut out = Vec::new();
        let plain = |from: i32, to: i32| Micro {
            from: from as u8,
            to: to as u8,
            promote: None,
            castle: false,
            en_passant: false,
        };
        let on = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
        for from in 0..64i32 {
            if self.at(from) != Some(Piece { colour: me, kind }) {
                continue;
            }
            let (f, r) = (from % 8, from / 8);
            let enemy = |s: i32| self.at(s).is_some_and(|p| p.colour != me);
            let empty = |s: i32| self.at(s).is_none();
            match kind {
                PAWN => {
                    let dir = if me == 0 { 1 } else { -1 };
                    let last = if me == 0 { 7 } else { 0 };
                    let start = if me == 0 { 1 } else { 6 };
                    let push_to = |to: i32, out: &mut Vec<Micro>| {
                        let victim_is_king = self.at(to).is_some_and(|p| p.kind == KING);
                        if to / 8 == last && !victim_is_king {
                            for k in [QUEEN, ROOK, BISHOP, KNIGHT] {
                                out.push(Micro {
                                    promote: Some(k),
                                    ..plain(from, to)
                                });
                            }
                        } else {
                            out.push(plain(from, to));
                        }
                    };
                    let one = from + 8 * dir;
                    if on(f, r + dir) && empty(one) {
                        push_to(one, &mut out);
                        let two = from + 16 * dir;
                        if r == start && empty(two) {
                            out.push(plain(from, two));
                        }
                    }
                    for df in [1, -1] {
                        if !on(f + df, r + dir) {
                            continue;
                        }
                        let to = from + 8 * dir + df;
                        if enemy(to) {
                            push_to(to, &mut out);
                        }
                        // En passant only onto the opponent's targets: rank 6 for White, 3 for Black (§7).
                        let target_rank = if me == 0 { 5 } else { 2 };
                        if to / 8 == target_rank && self.en_passant.contains(&(to as u8)) {
                            out.push(Micro {
                                en_passant: true,
                                ..plain(from, to)
                            });
                        }
                    }
                }
                KNIGHT | KING => {
                    // A knight steps one square along one axis and two along the other; a king one square in
                    // any direction.
                    let steps = (-2..=2i32)
                        .flat_map(|df| (-2..=2i32).map(move |dr| (df, dr)))
                        .filter(|&(df, dr)| {
                            if kind == KNIGHT {
                                (df * dr).abs() == 2
                            } else {
                                df.abs().max(dr.abs()) == 1
                            }
                        });
                    for (df, dr) in steps {
                        if on(f + df, r + dr) {
                            let to = from + 8 * dr + df;
                            if self.at(to).is_none_or(|p| p.colour != me) {
                                out.push(plain(from, to));
                            }
                        }
                    }
                    if kind == KING {
                        self.castles(from, &mut out);
                    }
                }
                _ => {
                    let rays: &[(i32, i32)] = match kind {
                        BISHOP => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
                        ROOK => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
                        _ => &[
                            (1, 1),
                            (1, -1),
                            (-1, 1),
                            (-1, -1),
                            (1, 0),
                            (-1, 0),
                            (0, 1),
                            (0, -1),
                        ],
                    };
                    for &(df, dr) in rays {
                        let (mut cf, mut cr) = (f + df, r + dr);
                        while on(cf, cr) {
                            let to = cr * 8 + cf;
                            match self.at(to) {
                                None => out.push(plain(from, to)),
                                Some(p) => {
                                    if p.colour != me {
                                        out.push(plain(from, to));
                                    }
                                    break;
                                }
                            }
                            cf += df;
                            cr += dr;
                        }
                    }
                }
            }
        }
        out
    }

    /// Castles of the king on `from` (§5, D2): the right, empty squares between, king and rook at home.
    fn castles(&self, from: i32, out: &mut Vec<Micro>) {
        let me = self.side;
        let home = if me == 0 { 4 } else { 60 };
        if from != home {
            return;
        }
        let (k_right, q_right) = if me == 0 { (WK, WQ) } else { (BK, BQ) };
        let rook = Some(Piece {
            colour: me,
            kind: ROOK,
        });
        let empty = |s: i32| self.at(s).is_none();
        if self.castling & k_right != 0
            && empty(home + 1)
            && empty(home + 2)
            && self.at(home + 3) == rook
        {
            out.push(Micro {
                from: home as u8,
                to: (home + 2) as u8,
                promote: None,
                castle: true,
                en_passant: false,
            });
        }
        if self.castling & q_right != 0
            && empty(home - 1)
            && empty(home - 2)
            && empty(home - 3)
            && self.at(home - 4) == rook
        {
            out.push(Micro {
                from: home as u8,
                to: (home - 2) as u8,
                promote: None,
                castle: true,
                en_passant: false,
            });
        }
    }

    /// Whether `m` lands on the enemy king.
    pub fn captures_king(&self, m: &Micro) -> bool {
        self.board[m.to as usize].is_some_and(|p| p.kind == KING && p.colour != self.side)
    }

    fn spend(&mut self, kind: u8) {
        let i = self
            .dice
            .iter()
            .position(|&d| d == kind)
            .expect("a move spends a die in the pool");
        self.dice.remove(i);
    }

    /// Plays one micro-move (§9 `make_move`): spends its die (two for a castle), moves the piece (and the rook),
    /// and updates castling rights, en passant and the clock. The side to move does not change.
    pub fn make(&mut self, m: &Micro) {
        let me = self.side;
        let mover = self.board[m.from as usize].expect("a piece on the origin");
        let victim_square = if m.en_passant {
            // The victim stands behind the target, on the creator's side.
            if me == 0 { m.to - 8 } else { m.to + 8 }
        } else {
            m.to
        };
        let victim = self.board[victim_square as usize];
        self.spend(mover.kind);
        if m.castle {
            self.spend(ROOK);
        }
        // En-passant targets vanish when a move lands on them, or when the pawn that created one moves again
        // or is captured normally; that pawn stands one rank beyond its target (rank 4 for a rank-3 target,
        // rank 5 for a rank-6 one).
        let creator = |t: u8| if rank(t) == 2 { t + 8 } else { t - 8 };
        self.en_passant.retain(|&t| {
            let c = creator(t);
            !(t == m.to || (rank(t) == 2 || rank(t) == 5) && (c == m.from || c == m.to))
        });
        // Castling rights (§5).
        let corner_right = |s: u8| match s {
            7 => WK,
            0 => WQ,
            63 => BK,
            56 => BQ,
            _ => 0,
        };
        if mover.kind == KING {
            self.castling &= if me == 0 { !(WK | WQ) } else { !(BK | BQ) };
        }
        if mover.kind == ROOK {
            self.castling &= !corner_right(m.from);
        }
        if let Some(v) = victim {
            if v.kind == ROOK && corner_right(victim_square) != 0 {
                let right = corner_right(victim_square);
                // Only the victim's own corner carries its right.
                let owns = (v.colour == 0) == (right & (WK | WQ) != 0);
                if owns {
                    self.castling &= !right;
                }
            }
            if v.kind == KING {
                self.castling &= if v.colour == 0 {
                    !(WK | WQ)
                } else {
                    !(BK | BQ)
                };
            }
        }
        // The board.
        self.board[victim_square as usize] = None;
        self.board[m.from as usize] = None;
        self.board[m.to as usize] = Some(Piece {
            colour: me,
            kind: m.promote.unwrap_or(mover.kind),
        });
        if m.castle {
            let (rf, rt) = if file(m.to) == 6 {
                (m.to + 1, m.to - 1)
            } else {
                (m.to - 2, m.to + 1)
            };
            self.board[rt as usize] = self.board[rf as usize].take();
        }
        // Every double push adds the skipped square.
        if mover.kind == PAWN && m.from.abs_diff(m.to) == 16 {
            self.en_passant.insert((m.from + m.to) / 2);
        }
        // The clock counts micro-moves; pawn moves and captures reset it (§9).
        self.clock = if mover.kind == PAWN || victim.is_some() {
            0
        } else {
            (self.clock + 1).min(127)
        };
    }

    /// Ends the turn (§9): the side switches, the full-move number grows after Black, the next mover's own
    /// (declined) targets are wiped, the pool empties.
    pub fn end_turn(&mut self) {
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        // The side about to move created targets on its own third rank (White: rank 3, Black: rank 6).
        let own = if self.side == 0 { 2 } else { 5 };
        self.en_passant.retain(|&t| rank(t) != own);
        self.dice.clear();
    }

    /// Every legal turn (§4a, D1) as UCI paths with the position after each (turn not ended) and whether it
    /// captured a king: king-capture paths of any length, plus the normal leaves spending the most dice among
    /// normal leaves.
    pub fn legal_turns(&self) -> Vec<(Vec<String>, Position, bool)> {
        let mut captures = Vec::new();
        let mut leaves = Vec::new();
        self.expand(&mut Vec::new(), 0, &mut captures, &mut leaves);
        let best = leaves.iter().map(|(_, _, spent)| *spent).max().unwrap_or(0);
        let mut out: Vec<(Vec<String>, Position, bool)> =
            captures.into_iter().map(|(p, s)| (p, s, true)).collect();
        out.extend(
            leaves
                .into_iter()
                .filter(|(_, _, spent)| *spent == best)
                .map(|(p, s, _)| (p, s, false)),
        );
        out
    }

    fn expand(
        &self,
        path: &mut Vec<String>,
        spent: usize,
        captures: &mut Vec<(Vec<String>, Position)>,
        leaves: &mut Vec<(Vec<String>, Position, usize)>,
    ) {
        let mut distinct = self.dice.clone();
        distinct.dedup();
        let mut children = 0;
        for kind in distinct {
            for m in self.moves_of(kind) {
                if m.castle && !self.dice.contains(&ROOK) {
                    continue;
                }
                children += 1;
                path.push(m.uci());
                let mut next = self.clone();
                if self.captures_king(&m) {
                    next.make(&m);
                    captures.push((path.clone(), next));
                } else {
                    next.make(&m);
                    next.expand(path, spent + if m.castle { 2 } else { 1 }, captures, leaves);
                }
                path.pop();
            }
        }
        if children == 0 && !path.is_empty() {
            leaves.push((path.clone(), self.clone(), spent));
        }
    }
}

/// A recorded game's end as the rules give it, from the position before the turn that did not happen (or after
/// the capturing turn).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// The colour (0 White, 1 Black) that captured a king.
    KingCapture(u8),
    /// The clock had reached 100 at the start of a turn.
    HalfMoveClock,
}

/// The dice letters of a roll in DFEN (§10): sorted, upper case for White to move.
pub fn roll_letters(dice: &[u8], side: u8) -> String {
    let mut d = dice.to_vec();
    d.sort_unstable();
    d.iter()
        .map(|&k| {
            let c = letter(k);
            if side == 0 { c.to_ascii_uppercase() } else { c }
        })
        .collect()
}
