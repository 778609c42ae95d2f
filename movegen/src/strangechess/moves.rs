//! The Strange Chess move: four bytes.
//!
//! `from` and `to` are the squares of the notation (for a Wall translation
//! the anchor's or leading cell's; for a rotation the moving cell's; for a
//! spell the source and the hole; banish has `from == to`); `dest` is a
//! rescue's displacement square (or `NONE`); `flags` holds the promotion
//! piece (bits 0-2: 0 none, 1 Q, 2 R, 3 B, 4 N), `h` (bit 3: the Halfer of
//! a shared square moves), `t` (bit 4: tunnel travel), `x` (bit 5: a Halfer
//! besieges a lone enemy Halfer instead of sharing) and the displacement
//! choice (bits 6-7: 0 none, 1 `r` rescuer, 2 `v` victim). What kind of
//! move it is otherwise follows from the position (the piece on `from`),
//! exactly as the notation's strings do, so two moves are equal exactly
//! when their strings are.

use super::geometry::NONE;
use super::position::Kind;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub dest: u8,
    pub flags: u8,
}

pub const H: u8 = 8;
pub const T: u8 = 16;
pub const X: u8 = 32;
pub const DISP_R: u8 = 64;
pub const DISP_V: u8 = 128;
const PROMO_MASK: u8 = 7;

pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

impl Move {
    #[inline(always)]
    pub fn new(from: usize, to: usize, flags: u8) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            dest: NONE,
            flags,
        }
    }

    #[inline(always)]
    pub fn from(self) -> usize {
        self.from as usize
    }

    #[inline(always)]
    pub fn to(self) -> usize {
        self.to as usize
    }

    #[inline(always)]
    pub fn has(self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// The promotion piece, if any.
    pub fn promotion(self) -> Option<Kind> {
        match self.flags & PROMO_MASK {
            0 => None,
            i => Some(PROMOTIONS[i as usize - 1]),
        }
    }

    pub fn with_promotion(self, k: Kind) -> Move {
        let i = PROMOTIONS
            .iter()
            .position(|&p| p == k)
            .expect("promotion piece") as u8
            + 1;
        Move {
            flags: (self.flags & !PROMO_MASK) | i,
            ..self
        }
    }

    pub fn displacement(self) -> Option<(bool, usize)> {
        if self.flags & (DISP_R | DISP_V) == 0 {
            None
        } else {
            Some((self.has(DISP_R), self.dest as usize))
        }
    }

    /// Packed in 32 bits, never 0 (`dest` is `NONE` = 255 unless a
    /// displacement is chosen, and a displacement has a flag bit).
    #[inline(always)]
    pub fn encode(self) -> u32 {
        u32::from_le_bytes([self.from, self.to, self.dest, self.flags])
    }
}
