//! Zobrist keys for the full-information state, built at compile time from a
//! fixed SplitMix64 stream (so keys are the same in every build).

use super::chip::KINDS;
use super::geometry::CELLS;
use super::position::NONE;
use crate::bits::splitmix64;

pub struct Keys {
    /// `chip[square][chip byte]` (chip byte < 64).
    pub chip: [[u64; 64]; CELLS],
    pub hand: [[u64; KINDS]; 2],
    pub out: [[u64; KINDS]; 2],
    pending: [u64; KINDS],
    restricted: [u64; CELLS],
    pub side: u64,
    /// White's first turn (its moves differ, so it is part of the state).
    pub first: u64,
}

impl Keys {
    /// XOR of the keys of the kinds in `set`.
    #[inline]
    pub fn set_key(&self, table: &[u64; KINDS], set: u16) -> u64 {
        let mut k = 0;
        let mut s = set;
        while s != 0 {
            k ^= table[s.trailing_zeros() as usize];
            s &= s - 1;
        }
        k
    }
    #[inline]
    pub fn pending_key(&self, kind: u8) -> u64 {
        if kind == NONE {
            0
        } else {
            self.pending[kind as usize]
        }
    }
    #[inline]
    pub fn restricted_key(&self, s: u8) -> u64 {
        if s == NONE {
            0
        } else {
            self.restricted[s as usize]
        }
    }
}

const fn build() -> Keys {
    let mut st = 0x5EA1_17C4_EC00_0039u64;
    let mut k = Keys {
        chip: [[0; 64]; CELLS],
        hand: [[0; KINDS]; 2],
        out: [[0; KINDS]; 2],
        pending: [0; KINDS],
        restricted: [0; CELLS],
        side: 0,
        first: 0,
    };
    let mut s = 0;
    while s < CELLS {
        let mut c = 0;
        while c < 64 {
            k.chip[s][c] = splitmix64(&mut st);
            c += 1;
        }
        k.restricted[s] = splitmix64(&mut st);
        s += 1;
    }
    let mut i = 0;
    while i < KINDS {
        k.hand[0][i] = splitmix64(&mut st);
        k.hand[1][i] = splitmix64(&mut st);
        k.out[0][i] = splitmix64(&mut st);
        k.out[1][i] = splitmix64(&mut st);
        k.pending[i] = splitmix64(&mut st);
        i += 1;
    }
    k.side = splitmix64(&mut st);
    k.first = splitmix64(&mut st);
    k
}

pub static Z: Keys = build();
