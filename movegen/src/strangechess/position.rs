//! The Strange Chess position: every layer of state the rules need, and the
//! low-level edits that keep the Zobrist key up to date.
//!
//! Layers:
//! * `full[sq]`: the one full occupant of a cell (any piece but a Halfer; a
//!   Wall is written on both of its cells), as a [`Piece`] code or 0;
//! * `half[sq]`: the Halfers on a cell, counted per colour (2 bits each);
//! * `squares`: which frame cells are squares (the rest are holes);
//! * `occ`, `occ_by[c]`: cells with any occupant, and with one of colour c;
//! * sieges, tunnels, Bacteria powers (per cell, moving with the piece),
//!   unmoved pawns, castling rights, e.p. cells, clocks, side to move.

use super::bitset::Set144;
use super::geometry::{CELLS, NONE};
use super::zobrist::{keys, mix};
use crate::game::Color;

/// Piece kinds. Halfers live in their own layer; `Halfer` names the kind in
/// move descriptions and FEN only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    King = 1,
    Queen = 2,
    Rook = 3,
    Bishop = 4,
    Knight = 5,
    Pawn = 6,
    Bacteria = 7,
    Magician = 8,
    Digger = 9,
    Stone = 10,
    Wall = 11,
    Halfer = 12,
}

impl Kind {
    pub const FULL: [Kind; 11] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
        Kind::Bacteria,
        Kind::Magician,
        Kind::Digger,
        Kind::Stone,
        Kind::Wall,
    ];

    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
            Kind::Bacteria => 'X',
            Kind::Magician => 'M',
            Kind::Digger => 'D',
            Kind::Stone => 'S',
            Kind::Wall => 'W',
            Kind::Halfer => 'H',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            'X' => Kind::Bacteria,
            'M' => Kind::Magician,
            'D' => Kind::Digger,
            'S' => Kind::Stone,
            'W' => Kind::Wall,
            'H' => Kind::Halfer,
            _ => return None,
        })
    }

    /// The kind of a piece byte's low four bits. Sixteen entries, so the
    /// index needs no bounds test (a piece is looked up in every listing
    /// and evaluation); 0 and 12-15 are never a full piece's.
    fn from_nibble(v: u8) -> Kind {
        const BY_NIBBLE: [Kind; 16] = {
            let mut t = [Kind::King; 16];
            let mut i = 0;
            while i < Kind::FULL.len() {
                t[Kind::FULL[i] as usize] = Kind::FULL[i];
                i += 1;
            }
            t
        };
        BY_NIBBLE[(v & 15) as usize]
    }
}

/// A full occupant: kind and colour in one byte (0 = none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(pub u8);

impl Piece {
    #[inline(always)]
    pub fn new(kind: Kind, c: Color) -> Piece {
        Piece(kind as u8 | (c as u8) << 4)
    }
    #[inline(always)]
    pub fn kind(self) -> Kind {
        Kind::from_nibble(self.0)
    }
    #[inline(always)]
    pub fn color(self) -> Color {
        if self.0 >> 4 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    /// Index for per-piece key tables (0..22).
    #[inline(always)]
    pub fn index(self) -> usize {
        (self.0 & 15) as usize - 1 + 11 * (self.0 >> 4) as usize
    }
}

/// Bacteria powers beyond the base King step and Knight leap (R-A4.2), in
/// FEN order.
pub mod power {
    pub const R: u8 = 1;
    pub const B: u8 = 2;
    pub const P: u8 = 4;
    pub const D: u8 = 8;
    pub const C: u8 = 16;
    pub const T: u8 = 32;
    pub const S: u8 = 64;
    pub const LETTERS: [(u8, char); 7] = [
        (R, 'R'),
        (B, 'B'),
        (P, 'P'),
        (D, 'D'),
        (C, 'C'),
        (T, 'T'),
        (S, 'S'),
    ];
}

/// A siege: the cell, the besieger's colour, plies still to be played
/// before the victim is removed (4 right after it starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Siege {
    pub sq: u8,
    pub besieger: Color,
    pub left: u8,
}

/// Longest tunnel: a corner-to-corner diagonal.
pub const TUNNEL_MAX: usize = 12;

/// A Digger's tunnel: its cells from the origin to the landing, owner, the
/// owner's turns in which it can still be used, and where the Digger that
/// dug it stands (NONE once it has left the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tunnel {
    pub owner: Color,
    pub turns: u8,
    pub len: u8,
    pub cells: [u8; TUNNEL_MAX],
    pub digger: u8,
}

impl Tunnel {
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }

    pub fn position_of(&self, sq: usize) -> Option<usize> {
        self.cells().iter().position(|&c| c as usize == sq)
    }

    fn key(&self) -> u64 {
        let mut h = mix(0x7475_6e6e_656c ^ (self.owner as u64) << 8 ^ self.turns as u64);
        for &c in self.cells() {
            h = mix(h ^ c as u64);
        }
        mix(h ^ (self.digger as u64) << 16)
    }
}

pub const MAX_SIEGES: usize = 8;
pub const MAX_TUNNELS: usize = 8;

pub const CASTLE_WK: u8 = 1;
pub const CASTLE_WQ: u8 = 2;
pub const CASTLE_BK: u8 = 4;
pub const CASTLE_BQ: u8 = 8;

/// A whole Strange Chess position. `Copy`: make/unmake copies it (the state
/// is large and irregular, and a copy is cheaper than undoing sieges,
/// tunnels and spells one by one).
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) full: [u8; CELLS],
    /// Halfer counts: bits 0-1 White, bits 2-3 Black.
    pub(crate) half: [u8; CELLS],
    /// Bacteria powers of the Bacteria on each cell.
    pub(crate) powers: [u8; CELLS],
    pub(crate) squares: Set144,
    pub(crate) occ: Set144,
    pub(crate) occ_by: [Set144; 2],
    pub(crate) frozen: Set144,
    pub(crate) unmoved: Set144,
    /// The cells of each colour's Wall (kept by `put` and `take`).
    pub(crate) wall_cells: [Set144; 2],
    pub(crate) sieges: [Siege; MAX_SIEGES],
    pub(crate) n_sieges: u8,
    pub(crate) tunnels: [Tunnel; MAX_TUNNELS],
    pub(crate) n_tunnels: u8,
    pub(crate) ep: [u8; 4],
    pub(crate) n_ep: u8,
    pub(crate) castling: u8,
    pub(crate) side: Color,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    /// Key of the board layers (pieces, halfers, holes, powers, unmoved).
    pub(crate) board_key: u64,
    pub(crate) king: [u8; 2],
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

pub(crate) const EMPTY_TUNNEL: Tunnel = Tunnel {
    owner: Color::White,
    turns: 0,
    len: 0,
    cells: [NONE; TUNNEL_MAX],
    digger: NONE,
};

const EMPTY_SIEGE: Siege = Siege {
    sq: NONE,
    besieger: Color::White,
    left: 0,
};

impl Position {
    /// An empty frame (every cell a square), White to move.
    pub(crate) fn empty() -> Position {
        let mut p = Position {
            full: [0; CELLS],
            half: [0; CELLS],
            powers: [0; CELLS],
            squares: Set144::FRAME,
            occ: Set144::EMPTY,
            occ_by: [Set144::EMPTY; 2],
            frozen: Set144::EMPTY,
            unmoved: Set144::EMPTY,
            wall_cells: [Set144::EMPTY; 2],
            sieges: [EMPTY_SIEGE; MAX_SIEGES],
            n_sieges: 0,
            tunnels: [EMPTY_TUNNEL; MAX_TUNNELS],
            n_tunnels: 0,
            ep: [NONE; 4],
            n_ep: 0,
            castling: 0,
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
            board_key: 0,
            king: [NONE; 2],
        };
        p.board_key = p.board_key_from_scratch();
        p
    }

    // ----- reading -----

    #[inline(always)]
    pub fn piece_at(&self, sq: usize) -> Option<Piece> {
        let v = self.full[sq];
        (v != 0).then_some(Piece(v))
    }

    #[inline(always)]
    pub fn halfers(&self, sq: usize, c: Color) -> u8 {
        (self.half[sq] >> (2 * c as u8)) & 3
    }

    #[inline(always)]
    pub fn halfer_total(&self, sq: usize) -> u8 {
        (self.half[sq] & 3) + (self.half[sq] >> 2)
    }

    #[inline(always)]
    pub fn is_square(&self, sq: usize) -> bool {
        self.squares.has(sq)
    }

    /// Whether any piece or Halfer stands on `sq`.
    #[inline(always)]
    pub fn is_occupied(&self, sq: usize) -> bool {
        self.occ.has(sq)
    }

    /// The gained powers (see [`power`]) of the Bacteria on `sq`.
    #[inline(always)]
    pub fn powers_at(&self, sq: usize) -> u8 {
        self.powers[sq]
    }

    /// Cells holding any occupant.
    #[inline(always)]
    pub fn occupied(&self) -> Set144 {
        self.occ
    }

    /// The squares of the board (the frame less its holes).
    #[inline(always)]
    pub fn squares(&self) -> Set144 {
        self.squares
    }

    /// Cells holding any occupant of colour `c`.
    #[inline(always)]
    pub fn occupied_by(&self, c: Color) -> Set144 {
        self.occ_by[c.index()]
    }

    /// The cell of colour `c`'s king, if it has one.
    pub fn king_square(&self, c: Color) -> Option<usize> {
        let k = self.king[c.index()];
        (k != NONE).then_some(k as usize)
    }

    pub fn sieges(&self) -> &[Siege] {
        &self.sieges[..self.n_sieges as usize]
    }

    pub fn tunnels(&self) -> &[Tunnel] {
        &self.tunnels[..self.n_tunnels as usize]
    }

    pub fn ep_cells(&self) -> &[u8] {
        &self.ep[..self.n_ep as usize]
    }

    pub fn siege_at(&self, sq: usize) -> Option<Siege> {
        self.sieges().iter().copied().find(|s| s.sq as usize == sq)
    }

    pub fn side(&self) -> Color {
        self.side
    }

    /// The two cells of colour c's Wall, anchor (lower file, or lower rank)
    /// first.
    /// The lower cell index is the anchor either way (same rank: lower
    /// file; same file: lower rank).
    #[inline]
    pub fn wall(&self, c: Color) -> Option<(usize, usize)> {
        let mut w = self.wall_cells[c.index()];
        let a = w.pop_lowest()?;
        let b = w.pop_lowest()?;
        Some((a, b))
    }

    // ----- editing (each keeps board_key and the occupancy sets exact) -----

    #[inline]
    fn refresh_occ(&mut self, sq: usize) {
        let f = self.full[sq];
        let white = (f != 0 && f >> 4 == 0) || self.half[sq] & 3 != 0;
        let black = (f != 0 && f >> 4 == 1) || self.half[sq] >> 2 != 0;
        for (c, on) in [(0, white), (1, black)] {
            if on {
                self.occ_by[c].set(sq);
            } else {
                self.occ_by[c].clear(sq);
            }
        }
        if white || black {
            self.occ.set(sq);
        } else {
            self.occ.clear(sq);
        }
    }

    pub(crate) fn put(&mut self, sq: usize, p: Piece) {
        debug_assert_eq!(self.full[sq], 0);
        self.full[sq] = p.0;
        self.board_key ^= keys().piece[p.index()][sq];
        match p.kind() {
            Kind::King => self.king[p.color().index()] = sq as u8,
            Kind::Wall => self.wall_cells[p.color().index()].set(sq),
            _ => {}
        }
        self.refresh_occ(sq);
    }

    /// Removes the full occupant of `sq` (and its powers and unmoved flag).
    pub(crate) fn take(&mut self, sq: usize) -> Piece {
        let p = Piece(self.full[sq]);
        debug_assert!(p.0 != 0);
        self.full[sq] = 0;
        self.board_key ^= keys().piece[p.index()][sq];
        self.set_powers(sq, 0);
        self.set_unmoved(sq, false);
        if p.kind() == Kind::King && self.king[p.color().index()] as usize == sq {
            self.king[p.color().index()] = NONE;
        }
        if p.kind() == Kind::Wall {
            self.wall_cells[p.color().index()].clear(sq);
        }
        self.refresh_occ(sq);
        p
    }

    pub(crate) fn add_halfer(&mut self, sq: usize, c: Color) {
        let n = self.halfers(sq, c);
        debug_assert!(n < 2);
        self.set_halfers(sq, c, n + 1);
    }

    pub(crate) fn remove_halfer(&mut self, sq: usize, c: Color) {
        let n = self.halfers(sq, c);
        debug_assert!(n > 0);
        self.set_halfers(sq, c, n - 1);
    }

    fn set_halfers(&mut self, sq: usize, c: Color, n: u8) {
        let k = &keys().halfer[c.index()];
        let old = self.halfers(sq, c);
        if old > 0 {
            self.board_key ^= k[old as usize - 1][sq];
        }
        if n > 0 {
            self.board_key ^= k[n as usize - 1][sq];
        }
        let shift = 2 * c as u8;
        self.half[sq] = (self.half[sq] & !(3 << shift)) | n << shift;
        self.refresh_occ(sq);
    }

    pub(crate) fn set_powers(&mut self, sq: usize, v: u8) {
        let old = self.powers[sq];
        if old != v {
            self.board_key ^= keys().powers(sq, old) ^ keys().powers(sq, v);
            self.powers[sq] = v;
        }
    }

    pub(crate) fn set_unmoved(&mut self, sq: usize, on: bool) {
        if self.unmoved.has(sq) != on {
            self.unmoved.toggle(sq);
            self.board_key ^= keys().unmoved[sq];
        }
    }

    pub(crate) fn toggle_hole(&mut self, sq: usize) {
        self.squares.toggle(sq);
        self.board_key ^= keys().hole[sq];
    }

    // ----- siege and tunnel lists -----

    pub(crate) fn add_siege(&mut self, s: Siege) {
        self.sieges[self.n_sieges as usize] = s;
        self.n_sieges += 1;
        self.frozen.set(s.sq as usize);
    }

    pub(crate) fn remove_siege_at(&mut self, sq: usize) {
        if let Some(i) = self.sieges().iter().position(|s| s.sq as usize == sq) {
            let n = self.n_sieges as usize;
            self.sieges.copy_within(i + 1..n, i);
            self.n_sieges -= 1;
            self.sieges[self.n_sieges as usize] = EMPTY_SIEGE;
            self.frozen.clear(sq);
        }
    }

    pub(crate) fn add_tunnel(&mut self, t: Tunnel) {
        self.tunnels[self.n_tunnels as usize] = t;
        self.n_tunnels += 1;
    }

    pub(crate) fn remove_tunnel(&mut self, i: usize) {
        let n = self.n_tunnels as usize;
        self.tunnels.copy_within(i + 1..n, i);
        self.n_tunnels -= 1;
        self.tunnels[self.n_tunnels as usize] = EMPTY_TUNNEL;
    }

    // ----- keys -----

    /// The key of the board layers computed from nothing.
    pub(crate) fn board_key_from_scratch(&self) -> u64 {
        let k = keys();
        let mut h = 0;
        for sq in 0..CELLS {
            if self.full[sq] != 0 {
                h ^= k.piece[Piece(self.full[sq]).index()][sq];
            }
            for c in [Color::White, Color::Black] {
                let n = self.halfers(sq, c);
                if n > 0 {
                    h ^= k.halfer[c.index()][n as usize - 1][sq];
                }
            }
            if !self.squares.has(sq) {
                h ^= k.hole[sq];
            }
            h ^= k.powers(sq, self.powers[sq]);
            if self.unmoved.has(sq) {
                h ^= k.unmoved[sq];
            }
        }
        h
    }

    /// The key of the small rule state (side, castling, e.p., sieges,
    /// tunnels): cheap enough to recompute on every call.
    pub(crate) fn rule_key(&self) -> u64 {
        let k = keys();
        let mut h = k.castling[self.castling as usize];
        if self.side == Color::Black {
            h ^= k.black;
        }
        for &e in self.ep_cells() {
            h ^= k.ep[e as usize];
        }
        for s in self.sieges() {
            h ^= k.siege[s.besieger.index()][s.left as usize & 7][s.sq as usize];
        }
        for (i, t) in self.tunnels().iter().enumerate() {
            h ^= mix(t.key() ^ i as u64);
        }
        h
    }

    /// The Zobrist key: board layers (kept incrementally) and rule state.
    pub fn key(&self) -> u64 {
        self.board_key ^ self.rule_key()
    }

    /// Checks the incremental layers against a recomputation (tests).
    pub fn key_from_scratch(&self) -> u64 {
        self.board_key_from_scratch() ^ self.rule_key()
    }

    /// Whether the derived sets agree with the mailbox (tests).
    pub fn layers_consistent(&self) -> bool {
        let mut p = *self;
        for sq in 0..CELLS {
            p.refresh_occ(sq);
        }
        let mut frozen = Set144::EMPTY;
        for s in self.sieges() {
            frozen.set(s.sq as usize);
        }
        let mut walls = [Set144::EMPTY; 2];
        for sq in 0..CELLS {
            if self.full[sq] != 0 && Piece(self.full[sq]).kind() == Kind::Wall {
                walls[Piece(self.full[sq]).color().index()].set(sq);
            }
        }
        p.occ == self.occ
            && p.occ_by == self.occ_by
            && frozen == self.frozen
            && walls == self.wall_cells
    }
}
