//! A Dysnomia position: the material (board and pools) and the rule state
//! of B2 (castling, en passant, clocks, the denial holder and protection,
//! a forbidden re-move, a pending bait).

use super::board::{Board, Kind, Piece, Pools, Square};
use crate::game::Color;

/// Castling rights, as in a FEN: White king side, White queen side, Black
/// king side, Black queen side.
pub const CASTLE_WK: u8 = 1;
pub const CASTLE_WQ: u8 = 2;
pub const CASTLE_BK: u8 = 4;
pub const CASTLE_BQ: u8 = 8;

/// Everything that makes two positions different (R-B2), except what only
/// exists because the position was reached by a move (the deniable last
/// move, which the game layer keeps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: Board,
    pub pools: Pools,
    pub side: Color,
    pub castling: u8,
    /// The cell a pawn of the side to move may capture on, and the square
    /// of the pawn that capture removes.
    pub ep: Option<(Square, Square)>,
    pub halfmove: u16,
    pub fullmove: u16,
    /// The side holding the denial right.
    pub denial: Color,
    /// The side whose next ordinary move cannot be denied.
    pub protected: Option<Color>,
    /// After a denial: the canonical text of the move the side to move may
    /// not play again (short: at most [`FORBID_LEN`] bytes).
    pub forbid: Option<Forbid>,
    /// A bait is pending: the side to move must make a forced reply.
    pub bait: bool,
    /// The game was won inside a bait: a forced reply left the replying
    /// side's King capturable (R-B6.4). Such a position has no FEN (no
    /// game continues from it).
    pub winner: Option<Color>,
}

/// Longest turn text a `forbid=` field holds.
pub const FORBID_LEN: usize = 62;

/// A move's canonical text, stored inline so the position stays `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Forbid {
    len: u8,
    bytes: [u8; FORBID_LEN],
}

impl Forbid {
    pub fn new(text: &str) -> Option<Forbid> {
        let b = text.as_bytes();
        if b.is_empty() || b.len() > FORBID_LEN || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0; FORBID_LEN];
        bytes[..b.len()].copy_from_slice(b);
        Some(Forbid {
            len: b.len() as u8,
            bytes,
        })
    }

    /// The path of `m` ([`super::game::path_of`]) as written, without a
    /// heap string (every turn played records it); None if it is longer
    /// than [`FORBID_LEN`].
    pub fn of_path(m: &super::moves::Move) -> Option<Forbid> {
        let mut f = Forbid {
            len: 0,
            bytes: [0; FORBID_LEN],
        };
        let mut w = ForbidWriter {
            f: &mut f,
            overflow: false,
        };
        super::game::path_of(m).write_text(&mut w);
        (!w.overflow && f.len > 0).then_some(f)
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

/// Writes a text into a [`Forbid`], noting when it does not fit.
struct ForbidWriter<'a> {
    f: &'a mut Forbid,
    overflow: bool,
}

impl super::moves::TextOut for ForbidWriter<'_> {
    fn push(&mut self, c: char) {
        let at = self.f.len as usize;
        if !c.is_ascii() || at >= FORBID_LEN {
            self.overflow = true;
            return;
        }
        self.f.bytes[at] = c as u8;
        self.f.len += 1;
    }
}

impl std::fmt::Debug for Forbid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl Position {
    /// An empty board, White to move, Black holding the denial right.
    pub fn empty() -> Position {
        Position {
            board: Board::default(),
            pools: Pools::default(),
            side: Color::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            denial: Color::Black,
            protected: None,
            forbid: None,
            bait: false,
            winner: None,
        }
    }

    /// The position's Zobrist key: the board's incremental share and the
    /// rule fields (see [`super::key`]). Clocks are not in it.
    #[inline]
    pub fn key(&self) -> u64 {
        self.board.key() ^ super::key::rule_fields(self)
    }

    /// The key computed from every square, for tests of the incremental
    /// key.
    pub fn key_from_scratch(&self) -> u64 {
        self.board.key_from_scratch() ^ super::key::rule_fields(self)
    }

    /// Whether `color`'s King is in its exiled pool (the side is in exile).
    pub fn in_exile(&self, color: Color) -> bool {
        self.pools.exiled[color.index()][Kind::King as usize] > 0
    }

    /// Whether `color` has a Statue on the board.
    pub fn has_statue(&self, color: Color) -> bool {
        let t = Piece::new(color, Kind::Statue);
        let mut bits = self.board.occupied_by(color);
        while bits != 0 {
            let sq = bits.trailing_zeros() as Square;
            bits &= bits - 1;
            if self.board.bottom(sq) == Some(t) {
                return true;
            }
        }
        false
    }

    /// How many pieces of `color` and `kind` are on the board (riders and
    /// risen Bishops included).
    pub fn count_on_board(&self, color: Color, kind: Kind) -> usize {
        self.board
            .pieces()
            .filter(|(_, _, p)| p.color() == color && p.kind() == kind)
            .count()
    }
}
