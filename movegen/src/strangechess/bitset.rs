//! A set of cells of the 12x12 frame: 144 bits in three `u64` words.
//!
//! Bit `sq` is cell `sq` (see `geometry`). Every operation keeps the 48
//! bits above cell 143 zero: complements are masked with the frame, so no
//! operation can invent a cell.

use super::geometry::CELLS;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Set144(pub [u64; 3]);

const TOP_MASK: u64 = (1u64 << (CELLS - 128)) - 1;

impl Set144 {
    pub const EMPTY: Set144 = Set144([0; 3]);
    /// Every cell of the frame.
    pub const FRAME: Set144 = Set144([u64::MAX, u64::MAX, TOP_MASK]);

    #[inline(always)]
    pub fn has(&self, sq: usize) -> bool {
        self.0[sq >> 6] >> (sq & 63) & 1 != 0
    }

    #[inline(always)]
    pub fn set(&mut self, sq: usize) {
        self.0[sq >> 6] |= 1u64 << (sq & 63);
    }

    #[inline(always)]
    pub fn clear(&mut self, sq: usize) {
        self.0[sq >> 6] &= !(1u64 << (sq & 63));
    }

    #[inline(always)]
    pub fn toggle(&mut self, sq: usize) {
        self.0[sq >> 6] ^= 1u64 << (sq & 63);
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    #[inline(always)]
    pub fn count(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    #[inline(always)]
    pub fn and(self, o: Set144) -> Set144 {
        Set144([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }

    #[inline(always)]
    pub fn or(self, o: Set144) -> Set144 {
        Set144([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }

    #[inline(always)]
    pub fn and_not(self, o: Set144) -> Set144 {
        Set144([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
        ])
    }

    /// The cells of the frame not in the set.
    #[inline(always)]
    pub fn complement(self) -> Set144 {
        Set144::FRAME.and_not(self)
    }

    /// Removes and returns the lowest cell.
    #[inline(always)]
    pub fn pop_lowest(&mut self) -> Option<usize> {
        for i in 0..3 {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The lowest cell, if any.
    #[inline(always)]
    pub fn lowest(&self) -> Option<usize> {
        let w = &self.0;
        if w[0] != 0 {
            Some(w[0].trailing_zeros() as usize)
        } else if w[1] != 0 {
            Some(64 + w[1].trailing_zeros() as usize)
        } else if w[2] != 0 {
            Some(128 + w[2].trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// The highest cell, if any.
    #[inline(always)]
    pub fn highest(&self) -> Option<usize> {
        let w = &self.0;
        if w[2] != 0 {
            Some(191 - w[2].leading_zeros() as usize)
        } else if w[1] != 0 {
            Some(127 - w[1].leading_zeros() as usize)
        } else if w[0] != 0 {
            Some(63 - w[0].leading_zeros() as usize)
        } else {
            None
        }
    }

    #[inline(always)]
    pub fn iter(self) -> Cells {
        Cells(self.0, 0)
    }
}

impl std::fmt::Debug for Set144 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(super::geometry::name))
            .finish()
    }
}

/// The cells of a set, lowest first (a1, b1, ..., l1, a2, ...).
pub struct Cells([u64; 3], usize);

impl Iterator for Cells {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.1 < 3 {
            let w = &mut self.0[self.1];
            if *w != 0 {
                let i = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.1 * 64 + i);
            }
            self.1 += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complement_stays_in_the_frame() {
        let mut s = Set144::EMPTY;
        s.set(0);
        s.set(143);
        let c = s.complement();
        assert_eq!(c.count(), 142);
        assert!(!c.has(143) && !c.has(0) && c.has(142));
        assert_eq!(Set144::FRAME.count(), 144);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 143]);
    }

    /// `lowest` and `highest` are the first and last cells the iterator
    /// gives, for sets within one word and across the word boundaries.
    #[test]
    fn lowest_and_highest_are_the_ends_of_the_iteration() {
        assert_eq!(Set144::EMPTY.lowest(), None);
        assert_eq!(Set144::EMPTY.highest(), None);
        let cases: [&[usize]; 7] = [
            &[0],
            &[63],
            &[64, 127],
            &[128],
            &[5, 70],
            &[63, 64, 143],
            &[1, 129, 140],
        ];
        for cells in cases {
            let mut s = Set144::EMPTY;
            for &c in cells {
                s.set(c);
            }
            let all: Vec<usize> = s.iter().collect();
            assert_eq!(s.lowest(), all.first().copied(), "{cells:?}");
            assert_eq!(s.highest(), all.last().copied(), "{cells:?}");
            assert_eq!(s.lowest(), Some(cells[0]));
            assert_eq!(s.highest(), Some(cells[cells.len() - 1]));
        }
    }
}
