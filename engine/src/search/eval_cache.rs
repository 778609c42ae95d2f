//! Static evaluations already made in this search, by position key.
//!
//! Iterative deepening and transpositions evaluate the same positions
//! again and again; where an evaluation is dear (chess: 40% of a search's
//! instructions, most of them in quiescence, which does not probe the
//! transposition table) a small direct-mapped table pays. Only for games
//! whose evaluation is a function of the position key alone
//! (`SearchProfile::eval_cache`): an evaluation that reads something the
//! key leaves out (Trubix's and Dysnomia's fade by the move-count clock)
//! must not be cached.

use eval::Score;

/// 2^16 entries of 8 bytes: 512 KiB, within a core's second-level cache.
const BITS: u32 = 16;

pub(crate) struct EvalCache {
    /// Per slot: the key's high half (with its lowest bit set, so that no
    /// tag is 0, the empty slot's) above the score. Empty when off.
    slots: Vec<u64>,
}

impl EvalCache {
    pub fn new(enabled: bool) -> EvalCache {
        EvalCache {
            slots: if enabled {
                vec![0; 1 << BITS]
            } else {
                Vec::new()
            },
        }
    }

    /// The evaluation of the position with `key`: the cached one, or
    /// `evaluate()`'s, cached. A different position with the same slot and
    /// tag (the key's low 16 and high 31 bits alike) would read the other's
    /// score: one in 2^47 keys.
    #[inline]
    pub fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> Score) -> Score {
        if self.slots.is_empty() {
            return evaluate();
        }
        let slot = &mut self.slots[key as usize & ((1 << BITS) - 1)];
        let tag = (key >> 32) as u32 | 1;
        if (*slot >> 32) as u32 == tag {
            return *slot as u32 as i32;
        }
        let score = evaluate();
        *slot = (tag as u64) << 32 | score as u32 as u64;
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_back_its_own_score_and_only_it() {
        let mut cache = EvalCache::new(true);
        let (a, b) = (0x1234_5678_9abc_def0u64, 0x8765_4321_9abc_def0u64);
        assert_eq!(cache.get_or(a, || -37), -37);
        assert_eq!(cache.get_or(a, || panic!("a is cached")), -37);
        // Same slot, other tag: evaluated, and then it holds the slot.
        assert_eq!(cache.get_or(b, || 512), 512);
        assert_eq!(cache.get_or(b, || panic!("b is cached")), 512);
        assert_eq!(cache.get_or(a, || -36), -36);
        // Off: always evaluated.
        let mut off = EvalCache::new(false);
        assert_eq!(off.get_or(a, || 1), 1);
        assert_eq!(off.get_or(a, || 2), 2);
    }
}
