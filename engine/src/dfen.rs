//! DFEN ("dice-chess FEN") parsing and serialisation (docs/rules.md §10, D7), and the 4-field normalized form.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::dice::DicePool;
use crate::piece::{Piece, PieceType};
use crate::square::Square;
use crate::state::{CastlingRights, GameState};
use crate::transition::MAX_FULL_MOVE;
use std::fmt::{self, Write};

/// Why a DFEN string was rejected; every message names the field and the offending text (docs/rules.md §10).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DfenError {
    /// Fewer than 4 space-separated fields.
    #[error("Invalid FEN: insufficient parts")]
    InsufficientParts,
    /// More than 7 fields.
    #[error("Invalid FEN: at most 7 fields, found {0}")]
    TooManyFields(usize),
    /// Field 2 is not `w` or `b`.
    #[error("Invalid active color '{0}'")]
    ActiveColor(String),
    /// Field 3 is empty or longer than 4 characters.
    #[error("Invalid castling field length: {0}")]
    CastlingLength(usize),
    /// Field 3 holds a character outside `KQkq`.
    #[error("Invalid castling character '{0}'")]
    CastlingCharacter(char),
    /// Field 3 repeats a letter.
    #[error("Duplicate castling character '{0}'")]
    CastlingDuplicate(char),
    /// Field 4 is empty or has odd length.
    #[error("Invalid en-passant field '{0}'")]
    EnPassantField(String),
    /// Field 4 holds a pair that is not a square.
    #[error("Invalid en-passant notation '{0}'")]
    EnPassantNotation(String),
    /// Field 4 repeats a square.
    #[error("Duplicate en-passant square '{0}'")]
    EnPassantDuplicate(String),
    /// Field 5 is not a decimal number in 0..=127.
    #[error("Invalid half-move clock '{0}': expected 0-127")]
    HalfMoveClock(String),
    /// Field 6 is not a decimal number in 1..=2^31-1.
    #[error("Invalid full-move number '{0}'")]
    FullMoveNumber(String),
    /// Field 7 has more than 3 dice.
    #[error("Invalid dice-pool field '{field}': at most 3 dice, found {count}")]
    DiceCount {
        /// The whole field.
        field: String,
        /// How many characters it has.
        count: usize,
    },
    /// Field 7 holds a character that is not a die letter.
    #[error("Invalid dice-pool character '{0}'")]
    DiceCharacter(char),
    /// Field 1 does not have 8 ranks.
    #[error("Invalid FEN: board must have 8 ranks, found {0}")]
    RankCount(usize),
    /// A rank of field 1 runs past the h-file (rank counted 0-7 from rank 1, as the reference does).
    #[error("Rank {0} overflows 8 files")]
    RankOverflow(u8),
    /// Field 1 holds a character that is neither a digit nor a piece letter.
    #[error("Unknown piece character '{0}'")]
    UnknownPiece(char),
    /// A rank of field 1 covers fewer than 8 files.
    #[error("Rank {rank} must have 8 files, found {files}")]
    RankFiles {
        /// Rank, 0-7 from rank 1.
        rank: u8,
        /// Files covered.
        files: u32,
    },
}

/// Parses an unsigned decimal made of ASCII digits only, `None` above `max` (no wrapping, no sign).
fn parse_decimal(text: &str, max: u64) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: u64 = 0;
    for b in text.bytes() {
        v = v.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
        if v > max {
            return None;
        }
    }
    Some(v)
}

fn parse_castling(field: &str) -> Result<CastlingRights, DfenError> {
    if field == "-" {
        return Ok(CastlingRights(0));
    }
    let len = field.chars().count();
    if !(1..=4).contains(&len) {
        return Err(DfenError::CastlingLength(len));
    }
    let mut rights = 0u8;
    for c in field.chars() {
        let bit = match c {
            'K' => CastlingRights::WHITE_KING,
            'Q' => CastlingRights::WHITE_QUEEN,
            'k' => CastlingRights::BLACK_KING,
            'q' => CastlingRights::BLACK_QUEEN,
            _ => return Err(DfenError::CastlingCharacter(c)),
        };
        if rights & bit != 0 {
            return Err(DfenError::CastlingDuplicate(c));
        }
        rights |= bit;
    }
    Ok(CastlingRights(rights))
}

fn parse_en_passant(field: &str) -> Result<Bitboard, DfenError> {
    if field == "-" {
        return Ok(Bitboard::EMPTY);
    }
    let chars: Vec<char> = field.chars().collect();
    if chars.is_empty() || !chars.len().is_multiple_of(2) {
        return Err(DfenError::EnPassantField(field.to_owned()));
    }
    let mut ep = Bitboard::EMPTY;
    for pair in chars.chunks(2) {
        let text: String = pair.iter().collect();
        let sq = Square::parse(&text).ok_or_else(|| DfenError::EnPassantNotation(text.clone()))?;
        if ep.contains(sq) {
            return Err(DfenError::EnPassantDuplicate(text));
        }
        ep = ep.with(sq);
    }
    Ok(ep)
}

fn parse_dice(field: &str) -> Result<DicePool, DfenError> {
    if field == "-" {
        return Ok(DicePool::EMPTY);
    }
    let count = field.chars().count();
    if count > 3 {
        return Err(DfenError::DiceCount {
            field: field.to_owned(),
            count,
        });
    }
    let mut dice = [PieceType::Pawn; 3];
    for (slot, c) in dice.iter_mut().zip(field.chars()) {
        *slot = PieceType::from_letter(c).ok_or(DfenError::DiceCharacter(c))?;
    }
    // At most 3 dice here, so `from_dice` cannot fail.
    Ok(DicePool::from_dice(&dice[..count]).unwrap_or(DicePool::EMPTY))
}

/// Parses the placement field into pieces per square.
fn parse_board(field: &str) -> Result<[Option<Piece>; 64], DfenError> {
    let ranks = field.split('/').count();
    if ranks != 8 {
        return Err(DfenError::RankCount(ranks));
    }
    let mut board = [None; 64];
    for (i, text) in field.split('/').enumerate() {
        let rank = 7 - i as u8;
        let mut file: u32 = 0;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|_| c.is_ascii_digit()) {
                file += d;
                if file > 8 {
                    return Err(DfenError::RankOverflow(rank));
                }
            } else if let Some(kind) = PieceType::from_letter(c).filter(|_| c.is_ascii()) {
                if file >= 8 {
                    return Err(DfenError::RankOverflow(rank));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board[Square::from_file_rank(file as u8, rank).index()] =
                    Some(Piece::new(color, kind));
                file += 1;
            } else {
                return Err(DfenError::UnknownPiece(c));
            }
        }
        if file != 8 {
            return Err(DfenError::RankFiles { rank, files: file });
        }
    }
    Ok(board)
}

impl GameState {
    /// Parses a DFEN string (4 to 7 space-separated fields, docs/rules.md §10).
    ///
    /// ```
    /// use engine::GameState;
    /// let s = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 pp").unwrap();
    /// assert_eq!(s.to_dfen(), "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP");
    /// let err = GameState::from_dfen("8/8/8/8/8/8/8/8 w KK - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "Duplicate castling character 'K'");
    /// ```
    pub fn from_dfen(text: &str) -> Result<GameState, DfenError> {
        // Java `split(" ")` semantics: empty fields inside count, trailing empty fields vanish.
        let mut fields: Vec<&str> = text.split(' ').collect();
        while fields.len() > 1 && fields.last() == Some(&"") {
            fields.pop();
        }
        if fields.len() == 1 && fields[0].is_empty() {
            fields.clear();
        }
        if fields.len() < 4 {
            return Err(DfenError::InsufficientParts);
        }
        if fields.len() > 7 {
            return Err(DfenError::TooManyFields(fields.len()));
        }
        let color = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(DfenError::ActiveColor(other.to_owned())),
        };
        let castling = parse_castling(fields[2])?;
        let ep = parse_en_passant(fields[3])?;
        let clock = match fields.get(4) {
            None => 0,
            Some(t) => parse_decimal(t, 127)
                .ok_or_else(|| DfenError::HalfMoveClock((*t).to_owned()))?
                as u8,
        };
        let full_move = match fields.get(5) {
            None => 1,
            Some(t) => parse_decimal(t, u64::from(MAX_FULL_MOVE))
                .filter(|&n| n >= 1)
                .ok_or_else(|| DfenError::FullMoveNumber((*t).to_owned()))?
                as u32,
        };
        let dice = match fields.get(6) {
            None => DicePool::EMPTY,
            Some(t) => parse_dice(t)?,
        };
        let board = parse_board(fields[0])?;

        let mut s = GameState::empty();
        for (i, p) in board.iter().enumerate() {
            if let Some(p) = p {
                s.put(Square::from_index(i as u8), *p);
            }
        }
        s.set_side_to_move(color);
        s.set_castling(castling);
        s.set_en_passant(ep);
        s.set_dice(dice);
        Ok(s.with_half_move_clock(clock)
            .with_full_move_number(full_move))
    }

    fn write_placement(&self, out: &mut String) {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.piece_at(Square::from_file_rank(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push(p.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
    }

    fn write_color_castling(&self, out: &mut String) {
        out.push(' ');
        out.push(match self.side_to_move() {
            Color::White => 'w',
            Color::Black => 'b',
        });
        out.push(' ');
        let rights = self.castling().0;
        if rights == 0 {
            out.push('-');
        }
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if rights & bit != 0 {
                out.push(c);
            }
        }
        out.push(' ');
    }

    fn write_squares(set: Bitboard, out: &mut String) {
        if set.is_empty() {
            out.push('-');
        }
        for sq in set {
            let _ = write!(out, "{sq}");
        }
    }

    /// The canonical DFEN string; `from_dfen(s)?.to_dfen() == s` for canonical `s` (D7 in docs/rules.md).
    ///
    /// ```
    /// let s = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1";
    /// assert_eq!(engine::GameState::from_dfen(s).unwrap().to_dfen(), s);
    /// ```
    pub fn to_dfen(&self) -> String {
        let mut out = String::with_capacity(96);
        self.write_placement(&mut out);
        self.write_color_castling(&mut out);
        Self::write_squares(self.en_passant(), &mut out);
        let _ = write!(
            out,
            " {} {}",
            self.half_move_clock(),
            self.full_move_number()
        );
        if !self.dice().is_empty() {
            out.push(' ');
            for d in self.dice().iter() {
                out.push(match self.side_to_move() {
                    Color::White => d.letter().to_ascii_uppercase(),
                    Color::Black => d.letter(),
                });
            }
        }
        out
    }

    /// The en-passant targets the side to move could actually capture: on its capture rank (6 for White, 3 for
    /// Black), empty, and attacked by one of its pawns.
    pub fn capturable_en_passant(&self) -> Bitboard {
        let us = self.side_to_move();
        let rank: u64 = match us {
            Color::White => 0xff << 40,
            Color::Black => 0xff << 16,
        };
        let mut out = Bitboard::EMPTY;
        for sq in Bitboard(self.en_passant().0 & rank & !self.occupied().0) {
            // A pawn of ours attacks `sq` exactly when a pawn of theirs on `sq` would attack our pawn.
            if !(attacks::pawn(!us, sq) & self.pieces(us, PieceType::Pawn)).is_empty() {
                out = out.with(sq);
            }
        }
        out
    }

    /// The 4-field normalized form (placement, colour, castling, capturable en-passant targets only), the X-FEN
    /// convention used for analytics and opening-book keys.
    ///
    /// ```
    /// let s = engine::GameState::from_dfen("rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP1/RNBQKBNR b KQkq h3 0 1").unwrap();
    /// assert_eq!(s.normalized_fen(), "rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP1/RNBQKBNR b KQkq -");
    /// ```
    pub fn normalized_fen(&self) -> String {
        let mut out = String::with_capacity(80);
        self.write_placement(&mut out);
        self.write_color_castling(&mut out);
        Self::write_squares(self.capturable_en_passant(), &mut out);
        out
    }
}

impl fmt::Display for GameState {
    /// The canonical DFEN string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_dfen())
    }
}

impl std::str::FromStr for GameState {
    type Err = DfenError;
    fn from_str(s: &str) -> Result<GameState, DfenError> {
        GameState::from_dfen(s)
    }
}
