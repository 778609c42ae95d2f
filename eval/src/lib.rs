//! Static evaluation, one module per game, built on `movegen` positions.
//!
//! [`Evaluator`] is what the search asks of a game: a score from the side to
//! move's point of view and an ordering value for tactical moves. Each game
//! implements it in its own module with its own weights.

pub mod chess;
pub mod montecarlo;
pub mod realitycheck;
pub mod trubix;

use movegen::Tactical;

/// Centipawn score type shared by evaluation and search.
pub type Score = i32;

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
