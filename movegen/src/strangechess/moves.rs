//! The Strange Chess move: eight bytes.
//!
//! `from` and `to` are the squares of the notation (for a Wall translation
//! the anchor's or leading cell's; for a rotation the moving cell's; for a
//! spell the source and the hole; banish has `from == to`). `flags` holds
//! the promotion piece (bits 0-2: 0 none, 1 Q, 2 R, 3 B, 4 N), `h` (bit 3:
//! the Halfer of a shared square moves), `t` (bit 4: tunnel travel), `x`
//! (bit 5: a Halfer besieges a lone enemy Halfer instead of sharing) and
//! who steps aside in a rescue (bits 6-7: 0 nobody, 1 `r` the rescuer, 2
//! `v` the victim).
//!
//! A rescue's displacement legs (R-A8.6): leg `i` goes from the siege
//! square `leg_from[i]` to `leg_to[i]` (both `NONE` when there is no such
//! leg), and `leg_promo` holds the promotion of a displaced pawn that lands
//! on its last rank (bits 0-2 leg 0, bits 3-5 leg 1, coded as above). Only
//! a broadside Wall that rescues two full pieces has a second leg; both
//! legs are then `v`, in square order of their siege squares. A leg starts
//! at its siege square, which for a Wall need not be `to`.
//!
//! What kind of move it is otherwise follows from the position (the piece
//! on `from`), exactly as the notation's strings do, so two moves are
//! equal exactly when their strings are.

use super::geometry::NONE;
use super::position::Kind;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub flags: u8,
    pub leg_from: [u8; 2],
    pub leg_to: [u8; 2],
    pub leg_promo: u8,
}

/// One displacement leg of a rescue: the piece on `siege` that steps aside
/// goes to `dest`, promoting when it is a pawn reaching its last rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Leg {
    pub siege: usize,
    pub dest: usize,
    pub promotion: Option<Kind>,
}

pub const H: u8 = 8;
pub const T: u8 = 16;
pub const X: u8 = 32;
pub const DISP_R: u8 = 64;
pub const DISP_V: u8 = 128;
const PROMO_MASK: u8 = 7;

pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

fn promo_code(k: Option<Kind>) -> u8 {
    k.map_or(0, |k| {
        PROMOTIONS
            .iter()
            .position(|&p| p == k)
            .expect("promotion piece") as u8
            + 1
    })
}

fn promo_kind(code: u8) -> Option<Kind> {
    match code & PROMO_MASK {
        0 => None,
        i => Some(PROMOTIONS[i as usize - 1]),
    }
}

impl Move {
    #[inline(always)]
    pub fn new(from: usize, to: usize, flags: u8) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            flags,
            leg_from: [NONE; 2],
            leg_to: [NONE; 2],
            leg_promo: 0,
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

    /// The promotion piece of the move itself (not of a displaced pawn).
    pub fn promotion(self) -> Option<Kind> {
        promo_kind(self.flags)
    }

    pub fn with_promotion(self, k: Kind) -> Move {
        Move {
            flags: (self.flags & !PROMO_MASK) | promo_code(Some(k)),
            ..self
        }
    }

    /// The move with one more displacement leg: the piece on `siege`
    /// (`who`: [`DISP_R`] the rescuer, [`DISP_V`] the victim) steps aside
    /// to `dest`, promoting to `promotion`.
    pub fn with_leg(self, who: u8, siege: usize, dest: usize, promotion: Option<Kind>) -> Move {
        let i = usize::from(self.leg_to[0] != NONE);
        let mut m = self;
        m.flags |= who;
        m.leg_from[i] = siege as u8;
        m.leg_to[i] = dest as u8;
        m.leg_promo |= promo_code(promotion) << (3 * i);
        m
    }

    /// The move with its displacement legs left out.
    pub fn without_legs(self) -> Move {
        Move::new(self.from(), self.to(), self.flags & !(DISP_R | DISP_V))
    }

    /// Whether a rescue's displacement is chosen (a second leg is written).
    #[inline(always)]
    pub fn has_legs(self) -> bool {
        self.leg_to[0] != NONE
    }

    /// Whether the rescuer is the piece that steps aside (`r`); otherwise
    /// every leg displaces a victim (`v`).
    #[inline(always)]
    pub fn rescuer_steps_aside(self) -> bool {
        self.has(DISP_R)
    }

    /// The displacement legs, in the order they are written.
    pub fn legs(self) -> impl Iterator<Item = Leg> {
        (0..2)
            .take_while(move |&i| self.leg_to[i] != NONE)
            .map(move |i| Leg {
                siege: self.leg_from[i] as usize,
                dest: self.leg_to[i] as usize,
                promotion: promo_kind(self.leg_promo >> (3 * i)),
            })
    }

    /// The leg that starts at the siege square `siege`, if any.
    pub fn leg_at(self, siege: usize) -> Option<Leg> {
        self.legs().find(|l| l.siege == siege)
    }

    /// Packed in 64 bits, never 0. The low half is `from`, `to`, the first
    /// leg's destination (`NONE` without one) and the flags; it says
    /// everything about a move whose only leg starts at `to` and lands
    /// without promoting, and then the high half is 0, so such a move keeps
    /// the 32-bit code it has always had (the search's tables keep 32-bit
    /// codes whole). Any other leg puts all leg fields in the high half,
    /// with its top bit set.
    #[inline(always)]
    pub fn encode(self) -> u64 {
        let low = u32::from_le_bytes([self.from, self.to, self.leg_to[0], self.flags]) as u64;
        let plain = (self.leg_from[0] == NONE || self.leg_from[0] == self.to)
            && self.leg_to[1] == NONE
            && self.leg_promo == 0;
        if plain {
            low
        } else {
            let high = u32::from_le_bytes([
                self.leg_from[0],
                self.leg_from[1],
                self.leg_to[1],
                self.leg_promo | 0x80,
            ]) as u64;
            low | high << 32
        }
    }
}
