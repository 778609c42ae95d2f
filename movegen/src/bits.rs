//! Bit sets over at most 64 squares.
//!
//! Every board that fits in 64 squares (Trubix 41/43 on a 5x11 grid, Reality
//! Check's diamond, 8x8) stores piece sets as a plain `u64`; bit `i` is square
//! index `i` of that game's grid. Off-board bits are kept zero by masking with
//! the game's board mask, so complements never invent squares.

/// Iterates over the set bits of a mask, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// The mask with only bit `i` set.
#[inline(always)]
pub const fn bit(i: usize) -> u64 {
    1u64 << i
}

/// Squares a slider on `s` attacks along `dirs`, up to and including the
/// first occupied square of each ray. `rays[d][s]` holds the squares from `s`
/// (exclusive) in direction `d` to the edge; directions 0-3 must step to
/// higher indices and 4-7 to lower ones, so the first blocker is the lowest
/// or the highest set bit. Shared by every board that fits a `u64`.
#[inline(always)]
pub fn slider_attacks<const N: usize>(
    rays: &[[u64; N]; 8],
    s: usize,
    occ: u64,
    dirs: &[usize; 4],
) -> u64 {
    let mut att = 0;
    for &d in dirs {
        let ray = rays[d][s];
        let blockers = ray & occ;
        let mut a = ray;
        if blockers != 0 {
            let first = if d < 4 {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            } as usize;
            a &= !rays[d][first];
        }
        att |= a;
    }
    att
}

/// One step of SplitMix64, usable in `const` table builders (Zobrist keys).
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_index_order() {
        let v: Vec<usize> = Bits(bit(3) | bit(0) | bit(54)).collect();
        assert_eq!(v, vec![0, 3, 54]);
        assert_eq!(Bits(0).count(), 0);
        assert_eq!(Bits(u64::MAX).len(), 64);
    }
}
