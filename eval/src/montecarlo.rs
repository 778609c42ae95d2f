//! What Monte Carlo searches ask of a game: a heuristic value for cutting
//! playouts short, a playout policy, and how to group moves into tree
//! decisions. Also a small deterministic random generator, so searches with
//! the same seed make the same choices on every platform.

use movegen::Game;

/// SplitMix64: tiny, fast, and good enough for playouts and sampling.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed ^ 0x6A09_E667_F3BC_C908)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        movegen::bits::splitmix64(&mut self.0)
    }

    /// Uniform in `0..n` (`n > 0`).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `p`.
    #[inline]
    pub fn chance(&mut self, p: f32) -> bool {
        ((self.next_u64() >> 40) as f32) < p * (1u64 << 24) as f32
    }
}

/// Monte Carlo knowledge of a game.
pub trait MonteCarlo: Game {
    /// Heuristic chance that White wins from here (the game not being
    /// over), in `0..=1`; used where a playout is cut short.
    fn white_value(&self) -> f32;

    /// The playout policy: one of `legal` (never empty).
    fn playout_move(&self, legal: &[Self::Move], rng: &mut SplitMix) -> Self::Move;

    /// Moves with the same group are one decision at the first level of the
    /// search tree and are told apart at a second level (Reality Check
    /// groups a move with all its flips). The default: every move alone.
    fn group(&self, m: Self::Move) -> u64;

    /// A key of what `observer` sees here, the same in every state the
    /// observer cannot tell apart (the search compares it with the views of
    /// the game so far to notice repetitions).
    fn view_key(&self, observer: movegen::game::Color) -> u64;
}
