//! Zobrist keys for the Trubix family.
//!
//! Fixed pseudo-random numbers (splitmix64 from a constant seed), so keys are
//! identical across runs and builds: test expectations and opening books can
//! rely on them.

use super::geometry::CELLS;

pub struct Keys {
    /// Indexed by packed piece code (0..16) and square.
    pub piece: [[u64; CELLS]; 16],
    pub black_to_move: u64,
    /// One key per square for "the woozan here is unmoved".
    pub unmoved: [u64; CELLS],
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> Keys {
    let mut k = Keys {
        piece: [[0; CELLS]; 16],
        black_to_move: 0,
        unmoved: [0; CELLS],
    };
    let mut state = 0x0C0F_FEE0_7B1C_u64;
    let mut p = 0;
    while p < 16 {
        let mut s = 0;
        while s < CELLS {
            let (ns, v) = splitmix(state);
            state = ns;
            k.piece[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let (ns, v) = splitmix(state);
    state = ns;
    k.black_to_move = v;
    let mut s = 0;
    while s < CELLS {
        let (ns, v) = splitmix(state);
        state = ns;
        k.unmoved[s] = v;
        s += 1;
    }
    k
}

pub static KEYS: Keys = build();
