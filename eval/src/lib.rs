//! Static evaluation, one module per game, built on `movegen` positions.
//!
//! [`Evaluator`] is what the search asks of a game: a score from the side to
//! move's point of view and an ordering value for tactical moves. Each game
//! implements it in its own module with its own weights.

pub mod chess;
pub mod dysnomia;
pub mod montecarlo;
pub mod realitycheck;
pub mod strangechess;
pub mod trubix;

use movegen::Tactical;

/// Centipawn score type shared by evaluation and search.
pub type Score = i32;

/// Evaluation settings chosen by the caller (tuned weights in self-play
/// A/B tests and tuning), for every game that has some.
///
/// The setting belongs to a thread, because self-play runs games with
/// different weights side by side in one process; a search reads it on the
/// thread that starts the search and installs it on every thread the search
/// runs (`engine::Engine::search`), so Lazy SMP helpers evaluate exactly
/// like the main thread.
#[derive(Clone, Copy, Debug)]
pub struct EvalConfig {
    /// Trubix and Trubix-43 weights.
    pub trubix: &'static trubix::Weights,
}

impl EvalConfig {
    /// Every game with its default weights.
    pub const DEFAULT: EvalConfig = EvalConfig {
        trubix: &trubix::DEFAULT,
    };
}

impl Default for EvalConfig {
    fn default() -> Self {
        EvalConfig::DEFAULT
    }
}

thread_local! {
    static CONFIG: std::cell::Cell<EvalConfig> = const { std::cell::Cell::new(EvalConfig::DEFAULT) };
}

/// The evaluation settings of the current thread.
#[inline]
pub fn config() -> EvalConfig {
    CONFIG.with(|c| c.get())
}

/// Sets the evaluation settings of the current thread (and so of the
/// searches it starts).
pub fn set_config(c: EvalConfig) {
    CONFIG.with(|cell| cell.set(c));
}

/// Static evaluation for a game.
pub trait Evaluator: Tactical {
    /// The position's value in centipawns for the side to move.
    fn evaluate(&self) -> Score;

    /// Ordering value of a capture or promotion: most valuable victim first,
    /// least valuable attacker next (MVV-LVA), promotions by their gain.
    fn tactical_order(&self, m: Self::Move) -> i32;

    /// The material value of what `m` captures plus any promotion gain: an
    /// upper bound of what the move wins, for delta pruning.
    fn capture_gain(&self, m: Self::Move) -> Score;

    /// Whether the capture `m` probably loses material: a piece worth more
    /// than its catch lands where the opponent can take it back.
    /// Quiescence skips such captures and the main search tries them after
    /// the killers. Games without a cheap guard test say no, which keeps
    /// their search exact about captures.
    fn likely_losing(&self, _m: Self::Move) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_read_on_one_thread_can_be_installed_on_another() {
        static TUNED: trubix::Weights = trubix::Weights {
            tempo: 77,
            ..trubix::DEFAULT_WEIGHTS
        };
        trubix::use_weights(&TUNED);
        let mine = config();
        let (fresh, installed) = std::thread::spawn(move || {
            let fresh = config().trubix.tempo;
            set_config(mine);
            (fresh, config().trubix.tempo)
        })
        .join()
        .unwrap();
        assert_eq!((fresh, installed), (trubix::DEFAULT_WEIGHTS.tempo, 77));
        trubix::use_weights(&trubix::DEFAULT);
    }
}

/// Test helpers shared by the evaluation modules.
#[cfg(test)]
pub(crate) mod test_util {
    /// Swaps the case of every letter: White's pieces become Black's.
    pub fn swap_case(s: &str) -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    }

    /// The FEN board field seen from the other side: ranks in reverse
    /// order, colours swapped.
    pub fn mirror_board(board: &str) -> String {
        board
            .split('/')
            .rev()
            .map(swap_case)
            .collect::<Vec<_>>()
            .join("/")
    }
}
