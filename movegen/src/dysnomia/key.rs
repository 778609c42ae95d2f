//! The repetition and transposition key of a Dysnomia position.
//!
//! The board's share is kept incrementally: every change of a square goes
//! through [`super::board::Board::set_stack`], which takes the square's old
//! column out of the key and puts the new one in, each piece keyed by its
//! square, its level in the column and its code (kind, colour, risen).
//! The rule fields beside the board (pools, side, castling, en passant,
//! denial holder, protection, the forbidden re-move, a pending bait, a
//! decided winner) are a few bytes and are folded in when the key is read.
//! The clocks are not in the key, as in chess.
//!
//! Keys are SplitMix64 images of a packed description of what they key,
//! so no table is needed for the up-to-31 levels of a column.

use super::board::{Piece, Square};
use super::position::Position;
use crate::bits::splitmix64;
use crate::game::Color;

/// A 64-bit mixer (one SplitMix64 step).
#[inline(always)]
pub fn mix(z: u64) -> u64 {
    let mut s = z;
    splitmix64(&mut s)
}

/// The key of one piece at `level` of `sq`.
#[inline(always)]
pub fn cell(sq: Square, level: usize, p: Piece) -> u64 {
    if level == 0 {
        // Most keyed cells are bottoms: read them from a table.
        return BOTTOMS[sq as usize][p.code() as usize & 31];
    }
    cell_mixed(sq, level, p.code())
}

const fn cell_mixed(sq: Square, level: usize, code: u8) -> u64 {
    let mut s = 0x5D1E_0000_0000_0000 | (sq as u64) << 16 | (level as u64) << 8 | code as u64;
    splitmix64(&mut s)
}

/// [`cell`] at level 0 for every square and piece code.
static BOTTOMS: [[u64; 32]; 64] = {
    let mut t = [[0u64; 32]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut code = 0;
        while code < 32 {
            t[sq][code] = cell_mixed(sq as Square, 0, code as u8);
            code += 1;
        }
        sq += 1;
    }
    t
};

/// Tags that keep the three words' keys apart.
const POOLS_LOW: u64 = 0x9E37_79B9_7F4A_7C15;
const POOLS_HIGH: u64 = 0xC2B2_AE3D_27D4_EB4F;
const FORBID: u64 = 3 << 40;

/// The key of everything in `pos` except the board.
///
/// Read at every node, several times (the transposition table, the list
/// cache, each listed turn's result when deniability is decided), so it
/// loads the twenty pool counters (a byte each) and the rule fields (27
/// bits) as three words and mixes each once, each under its own tag.
/// Mixing each pool counter alone cost a Dysnomia search 5%.
#[inline]
pub fn rule_fields(pos: &Position) -> u64 {
    let colour = |c: Option<Color>| c.map_or(3u64, |c| c.index() as u64);
    let ep = pos
        .ep
        .map_or(0xFFFF, |(cell, pawn)| (cell as u64) << 8 | pawn as u64);
    let packed = pos.side.index() as u64
        | (pos.castling as u64) << 1
        | ep << 5
        | (pos.denial.index() as u64) << 21
        | colour(pos.protected) << 22
        | (pos.bait as u64) << 24
        | colour(pos.winner) << 25;
    let cap = pos.pools.captured.as_flattened();
    let ex = pos.pools.exiled.as_flattened();
    let word = |b: &[u8]| b.iter().rev().fold(0u64, |w, &x| w << 8 | x as u64);
    // Captured 0..8; captured 8..10 and exiled 0..6; exiled 6..10 and the
    // rule fields.
    let low = word(&cap[..8]);
    let mid = word(&cap[8..]) | word(&ex[..6]) << 16;
    let high = word(&ex[6..]) | packed << 32;
    let mut k = mix(low ^ POOLS_LOW) ^ mix(mid ^ POOLS_HIGH) ^ mix(high);
    if let Some(f) = pos.forbid {
        k ^= mix(FORBID ^ f.code());
    }
    k
}
