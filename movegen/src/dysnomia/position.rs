//! A Dysnomia position: the material (board and pools) and the rule state
//! of B2 (castling, en passant, clocks, the denial holder and protection,
//! a forbidden re-move, a pending bait).

use super::board::{Board, Kind, Piece, Pools, Square};
use super::moves::{Body, Leg, Mark, Move, MAX_LEGS};
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
    /// After a denial: the path of the move the side to move may not play
    /// again.
    pub forbid: Option<Forbid>,
    /// A bait is pending: the side to move must make a forced reply.
    pub bait: bool,
    /// The game was won inside a bait: a forced reply left the replying
    /// side's King capturable (R-B6.4). Such a position has no FEN (no
    /// game continues from it).
    pub winner: Option<Color>,
}

/// A denied turn's path (R-B4: its legs, or a Bishop promotion's type and
/// square; see [`super::game::path_of`]), packed so that the position
/// stays small and `Copy`. Its text is written when asked for (a FEN, a
/// message); a chain disguise's path can run to 17 legs, longer than any
/// fixed text field a position could afford.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Forbid {
    /// A Bishop promotion: 1 + its type (high byte) and square; 0 for
    /// legs.
    promotion: u16,
    n: u8,
    /// Each leg in 30 bits: from, to (6 bits each), the two levels (8
    /// each, [`super::moves::NO_LEVEL`] included) and the mark; unused slots are 0.
    legs: [u32; MAX_LEGS],
}

impl Forbid {
    /// The path of `m`.
    pub fn of_path(m: &Move) -> Forbid {
        let mut f = Forbid {
            promotion: 0,
            n: 0,
            legs: [0; MAX_LEGS],
        };
        match m.body {
            Body::BishopPromotion(kind, sq) => {
                f.promotion = (1 + kind as u16) << 8 | sq as u16;
            }
            Body::Legs | Body::Denial => {
                for (slot, l) in f.legs.iter_mut().zip(m.legs()) {
                    let mark = match l.mark {
                        Mark::Plain => 0,
                        Mark::Enter => 1,
                        Mark::Disguise => 2,
                    };
                    *slot = l.from as u32
                        | (l.to as u32) << 6
                        | (l.from_level as u32) << 12
                        | (l.to_level as u32) << 20
                        | mark << 28;
                }
                f.n = m.legs().len() as u8;
            }
        }
        f
    }

    /// The path as a turn (legs, or the Bishop promotion; nothing else).
    pub fn path(&self) -> Move {
        if self.promotion != 0 {
            let kind = Kind::ALL[(self.promotion >> 8) as usize - 1];
            let mut m = Move::legs_of(&[]);
            m.body = Body::BishopPromotion(kind, self.promotion as u8);
            return m;
        }
        let mut legs = [Leg::new(0, 0); MAX_LEGS];
        for (l, &w) in legs.iter_mut().zip(&self.legs[..self.n as usize]) {
            *l = Leg {
                from: (w & 63) as Square,
                to: (w >> 6 & 63) as Square,
                from_level: (w >> 12) as u8,
                to_level: (w >> 20) as u8,
                mark: [Mark::Plain, Mark::Enter, Mark::Disguise][(w >> 28 & 3) as usize],
            };
        }
        Move::legs_of(&legs[..self.n as usize])
    }

    /// The path as written in the notation.
    pub fn text(&self) -> String {
        self.path().text()
    }

    /// A path written in the notation (a `forbid=` field): legs, or a
    /// Bishop promotion, in canonical form; None for anything else.
    pub fn parse(text: &str) -> Option<Forbid> {
        let m = super::moves::parse(text).ok()?;
        let f = Forbid::of_path(&m);
        (m.body != Body::Denial && f.text() == text).then_some(f)
    }

    /// The path folded into 64 bits (for the position's key).
    pub fn code(&self) -> u64 {
        let head = (self.promotion as u64) << 8 | self.n as u64;
        self.legs[..self.n as usize]
            .iter()
            .fold(super::key::mix(head), |h, &w| super::key::mix(h ^ w as u64))
    }
}

impl std::fmt::Debug for Forbid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.text())
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
