//! The rules of Part A that every piece shares, and a map of where the
//! rest live. Together these modules are pseudo-legal move generation and
//! move application: every rule of Part A except the king-safety filter
//! (in `check.rs`).
//!
//! One landing rule (R-A0.5) serves every piece: [`Position::land`] says
//! what a move onto a cell would do, and each piece's generator keeps the
//! landings its move allows. Applying a move is the same walk in reverse:
//! lift the mover, resolve the landing (capture, siege, rescue, share),
//! then the side effects (custodian capture, tunnel, e.p. cells) and the
//! end of the ply (siege timers and completions, tunnel lifetimes, clocks).
//!
//! This file holds what generation, application, check and the FEN all
//! read: the landing rule, the pawn directions, the castling geometry and
//! the Bacteria's gains. The rest, by topic:
//!
//! * `generate.rs`: pseudo-legal generation, one generator per piece
//!   family (the Wall's, the Magician's, the Digger's and the Stone's in
//!   their own files);
//! * `rescue.rs`: rescues and the legs of the pieces that step aside
//!   (R-A8.6);
//! * `wall.rs`: the Wall's translations and rotations, generated and
//!   applied (R-A3);
//! * `spell.rs`: the Magician's spells (R-A5);
//! * `tunnel.rs`: the Digger's tunnels: digging, travel, lifetimes (R-A6);
//! * `stone.rs`: the Stone's steps and custodian captures (R-A7);
//! * `siege.rs`: sieges begun, ended by a rescue, completed (R-A8);
//! * `apply.rs`: playing a move: lifting, landing, each kind's effects and
//!   the end of the ply.

use super::geometry::square;
use super::position::{power, Kind, Piece, Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use crate::game::Color;

/// What a move onto a cell does (R-A0.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Land {
    No,
    /// Empty square.
    Quiet,
    /// A lone friendly Halfer (or, for a Halfer mover, a lone friendly full
    /// piece): the two share.
    Share,
    /// A lone enemy full piece, removed at once (full movers).
    Capture,
    /// A full mover onto a lone enemy Halfer: a siege starts.
    SiegeHalf,
    /// A full mover onto an enemy full piece sharing with an enemy Halfer:
    /// the full piece is removed, the Halfer besieged.
    CaptureAndSiege,
    /// A Halfer onto a lone enemy full piece: a siege starts (check counts
    /// it as a capture).
    HalfOnFull,
    /// A Halfer onto a lone enemy Halfer: share or besiege (two moves).
    HalfOnHalf,
    /// Onto a siege whose victim is the mover's: the besieger is removed.
    Rescue,
}

impl Land {
    /// Landings of a move that may capture (everything but a Halfer's).
    #[inline(always)]
    pub(super) fn full_capturing(self) -> bool {
        !matches!(self, Land::No | Land::HalfOnFull | Land::HalfOnHalf)
    }
    /// Landings of a move that never captures.
    #[inline(always)]
    pub fn quiet(self) -> bool {
        matches!(self, Land::Quiet | Land::Share)
    }
}

#[inline(always)]
pub fn forward(c: Color) -> i32 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

#[inline(always)]
pub fn last_rank(c: Color) -> usize {
    if c == Color::White {
        11
    } else {
        0
    }
}

/// Castling geometry: (right, king to, rook from, rook to, cells between
/// king and rook) for each colour.
pub fn castlings(c: Color) -> [(u8, usize, usize, usize, std::ops::Range<usize>); 2] {
    let r = if c == Color::White { 0 } else { 11 };
    let (k, q) = if c == Color::White {
        (CASTLE_WK, CASTLE_WQ)
    } else {
        (CASTLE_BK, CASTLE_BQ)
    };
    [
        (k, square(10, r), square(11, r), square(9, r), 7..11),
        (q, square(1, r), square(0, r), square(2, r), 1..6),
    ]
}

/// The powers a Bacteria gains from removing `victim` (R-A4.2).
pub fn gain(victim: Kind, victim_powers: u8) -> u8 {
    match victim {
        Kind::Rook | Kind::Wall => power::R,
        Kind::Bishop => power::B,
        Kind::Queen => power::R | power::B,
        Kind::Pawn => power::P,
        Kind::Magician => power::D,
        Kind::Halfer => power::C,
        Kind::Digger => power::T,
        Kind::Stone => power::S,
        Kind::Bacteria => victim_powers,
        Kind::Knight | Kind::King => 0,
    }
}

impl Position {
    /// What a mover of colour `c` (a Halfer if `half`) does by ending on `to`.
    #[inline]
    pub fn land(&self, to: usize, c: Color, half: bool) -> Land {
        if !self.squares.has(to) {
            return Land::No;
        }
        if !self.occ.has(to) {
            return Land::Quiet;
        }
        if self.frozen.has(to) {
            let s = self.siege_at(to).expect("frozen cell has a siege");
            return if s.besieger != c {
                Land::Rescue
            } else {
                Land::No
            };
        }
        let e = c.flip();
        let f = self.full[to];
        let (hc, he) = (self.halfers(to, c), self.halfers(to, e));
        if f == 0 {
            match (hc, he) {
                (1, 0) => Land::Share,
                (0, 1) if half => Land::HalfOnHalf,
                (0, 1) => Land::SiegeHalf,
                _ => Land::No,
            }
        } else if Piece(f).color() == c {
            if half && hc + he == 0 {
                Land::Share
            } else {
                Land::No
            }
        } else if hc + he == 0 {
            if half {
                Land::HalfOnFull
            } else {
                Land::Capture
            }
        } else if half {
            Land::No
        } else {
            Land::CaptureAndSiege
        }
    }

    /// Whether `sq` holds nothing at all and is a square.
    #[inline(always)]
    pub fn vacant(&self, sq: usize) -> bool {
        self.squares.has(sq) && !self.occ.has(sq)
    }
}
