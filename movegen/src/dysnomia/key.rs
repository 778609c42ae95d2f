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

/// Tags that keep the fields' keys apart.
const POOLS: u64 = 1 << 40;
const RULES: u64 = 2 << 40;
const FORBID: u64 = 3 << 40;

/// The key of everything in `pos` except the board.
pub fn rule_fields(pos: &Position) -> u64 {
    let mut k = 0;
    for c in 0..2 {
        for t in 0..5 {
            let (cap, ex) = (pos.pools.captured[c][t], pos.pools.exiled[c][t]);
            if cap | ex != 0 {
                k ^= mix(POOLS | ((c * 5 + t) as u64) << 16 | (cap as u64) << 8 | ex as u64);
            }
        }
    }
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
    k ^= mix(RULES | packed);
    if let Some(f) = pos.forbid {
        k ^= mix(FORBID ^ f.code());
    }
    k
}
