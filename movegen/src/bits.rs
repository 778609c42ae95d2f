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
