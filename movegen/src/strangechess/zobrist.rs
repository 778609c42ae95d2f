//! Zobrist keys for Strange Chess: one random number per (piece, cell),
//! (Halfer colour and count, cell), hole, Bacteria power bit, unmoved pawn,
//! castling set, e.p. cell and (siege colour, timer, cell); tunnels hash
//! their whole content.

use super::geometry::CELLS;
use crate::bits::splitmix64;

pub struct Keys {
    pub piece: [[u64; CELLS]; 22],
    pub halfer: [[[u64; CELLS]; 2]; 2],
    pub hole: [u64; CELLS],
    pub power: [[u64; CELLS]; 7],
    pub unmoved: [u64; CELLS],
    pub castling: [u64; 16],
    pub ep: [u64; CELLS],
    pub siege: [[[u64; CELLS]; 8]; 2],
    pub black: u64,
}

impl Keys {
    #[inline]
    pub fn powers(&self, sq: usize, mask: u8) -> u64 {
        let mut h = 0;
        let mut m = mask;
        while m != 0 {
            let b = m.trailing_zeros() as usize;
            h ^= self.power[b][sq];
            m &= m - 1;
        }
        h
    }
}

/// A 64-bit mixer (one SplitMix64 step), for hashing tunnel contents.
#[inline]
pub fn mix(z: u64) -> u64 {
    let mut s = z;
    splitmix64(&mut s)
}

pub fn keys() -> &'static Keys {
    static K: std::sync::OnceLock<Box<Keys>> = std::sync::OnceLock::new();
    K.get_or_init(|| {
        let mut state = 0x5354_5241_4e47_4531u64;
        let mut fill = |a: &mut [u64]| a.iter_mut().for_each(|x| *x = splitmix64(&mut state));
        let mut k = Box::new(Keys {
            piece: [[0; CELLS]; 22],
            halfer: [[[0; CELLS]; 2]; 2],
            hole: [0; CELLS],
            power: [[0; CELLS]; 7],
            unmoved: [0; CELLS],
            castling: [0; 16],
            ep: [0; CELLS],
            siege: [[[0; CELLS]; 8]; 2],
            black: 0,
        });
        k.piece.iter_mut().for_each(|a| fill(a));
        k.halfer.iter_mut().flatten().for_each(|a| fill(a));
        fill(&mut k.hole);
        k.power.iter_mut().for_each(|a| fill(a));
        fill(&mut k.unmoved);
        fill(&mut k.castling);
        k.castling[0] = 0;
        fill(&mut k.ep);
        k.siege.iter_mut().flatten().for_each(|a| fill(a));
        let mut b = [0u64];
        fill(&mut b);
        k.black = b[0];
        k
    })
}
