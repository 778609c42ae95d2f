//! The Trubix position: bitboards, mailbox, rule state, make/unmake and the
//! incremental Zobrist key.

use super::geometry::{Board, Geometry, CELLS};
use super::piece::{Kind, Piece, KINDS};
use super::zobrist::KEYS;
use crate::bits::{bit, Bits};
use crate::game::Color;

/// A move packed in 16 bits: bits 0-5 from-square, 6-11 to-square, 12-14 the
/// promotion kind (0 = none; the king is never a promotion, so 0 is free).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u16);

impl Move {
    #[inline(always)]
    pub fn new(from: usize, to: usize, promo: Option<Kind>) -> Move {
        let p = promo.map_or(0, |k| k as u16);
        Move(from as u16 | (to as u16) << 6 | p << 12)
    }

    #[inline(always)]
    pub fn from(self) -> usize {
        (self.0 & 63) as usize
    }

    #[inline(always)]
    pub fn to(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }

    #[inline(always)]
    pub fn promotion(self) -> Option<Kind> {
        match self.0 >> 12 {
            0 => None,
            k => Some(Kind::from_index(k as usize)),
        }
    }
}

/// What `make` saves so that `unmake` restores exactly.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub captured: Piece,
    pub unmoved: u64,
    pub halfmove: u16,
    pub key: u64,
}

/// A Trubix or Trubix-43 position.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) geo: &'static Geometry,
    pub(crate) by_color: [u64; 2],
    pub(crate) by_kind: [u64; KINDS],
    pub(crate) squares: [Piece; CELLS],
    pub(crate) side: Color,
    /// Squares of never-moved woozans still on their own second rank.
    pub(crate) unmoved: u64,
    /// Plies since the last capture.
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) key: u64,
}

impl PartialEq for Position {
    /// Equal positions: same board, side, rule state and counters. The key is
    /// derived, so it is not compared (tests compare it separately).
    fn eq(&self, o: &Self) -> bool {
        self.geo.board_kind == o.geo.board_kind
            && self.squares == o.squares
            && self.by_color == o.by_color
            && self.by_kind == o.by_kind
            && self.side == o.side
            && self.unmoved == o.unmoved
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
    }
}

impl Eq for Position {}

impl Position {
    /// An empty board (no pieces), White to move.
    pub(crate) fn empty(board: Board) -> Position {
        Position {
            geo: Geometry::get(board),
            by_color: [0; 2],
            by_kind: [0; KINDS],
            squares: [Piece::NONE; CELLS],
            side: Color::White,
            unmoved: 0,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    /// The board tables this position uses.
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    pub fn board(&self) -> Board {
        self.geo.board_kind
    }

    /// The piece on a grid cell (none for empty squares and holes).
    pub fn piece_at(&self, s: usize) -> Option<Piece> {
        let p = *self.squares.get(s)?;
        (!p.is_none()).then_some(p)
    }

    pub fn pieces(&self, c: Color) -> u64 {
        self.by_color[c.index()]
    }

    pub fn pieces_of(&self, c: Color, k: Kind) -> u64 {
        self.by_color[c.index()] & self.by_kind[k as usize]
    }

    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The unmoved-woozan set.
    pub fn unmoved(&self) -> u64 {
        self.unmoved
    }

    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    pub fn side(&self) -> Color {
        self.side
    }

    pub fn king_square(&self, c: Color) -> usize {
        self.pieces_of(c, Kind::King).trailing_zeros() as usize
    }

    pub(crate) fn put(&mut self, s: usize, p: Piece) {
        debug_assert!(self.squares[s].is_none());
        self.squares[s] = p;
        self.by_color[p.color().index()] |= bit(s);
        self.by_kind[p.kind() as usize] |= bit(s);
        self.key ^= KEYS.piece[p.0 as usize][s];
    }

    #[inline(always)]
    fn remove(&mut self, s: usize) -> Piece {
        let p = self.squares[s];
        self.squares[s] = Piece::NONE;
        self.by_color[p.color().index()] ^= bit(s);
        self.by_kind[p.kind() as usize] ^= bit(s);
        self.key ^= KEYS.piece[p.0 as usize][s];
        p
    }

    /// The Zobrist key computed from scratch (the incremental one must equal it).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for s in Bits(self.occupied()) {
            k ^= KEYS.piece[self.squares[s].0 as usize][s];
        }
        if self.side == Color::Black {
            k ^= KEYS.black_to_move;
        }
        for s in Bits(self.unmoved) {
            k ^= KEYS.unmoved[s];
        }
        k
    }

    /// Plays `m`, which must be legal (or at least pseudo-legal).
    pub fn make_move(&mut self, m: Move) -> Undo {
        let (from, to) = (m.from(), m.to());
        let undo = Undo {
            captured: self.squares[to],
            unmoved: self.unmoved,
            halfmove: self.halfmove,
            key: self.key,
        };
        if undo.captured.is_none() {
            self.halfmove = self.halfmove.saturating_add(1);
        } else {
            self.remove(to);
            self.halfmove = 0;
        }
        let mover = self.remove(from);
        let placed = match m.promotion() {
            Some(k) => Piece::new(mover.color(), k),
            None => mover,
        };
        self.put(to, placed);
        // Any move starting or ending on a square clears its unmoved bit.
        let touched = self.unmoved & (bit(from) | bit(to));
        for s in Bits(touched) {
            self.key ^= KEYS.unmoved[s];
        }
        self.unmoved ^= touched;
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.key ^= KEYS.black_to_move;
        undo
    }

    /// Takes back `m`, given what `make_move` returned.
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        let (from, to) = (m.from(), m.to());
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let placed = self.remove(to);
        let mover = match m.promotion() {
            Some(_) => Piece::new(placed.color(), Kind::Woozan),
            None => placed,
        };
        self.put(from, mover);
        if !undo.captured.is_none() {
            self.put(to, undo.captured);
        }
        self.unmoved = undo.unmoved;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }
}
