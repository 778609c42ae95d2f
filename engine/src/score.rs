//! Score conventions: centipawns, with mates as distance from the root.

pub use eval::Score;

/// Larger than any real score.
pub const INFINITE: Score = 32_000;
/// Being mated at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: Score = 31_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: Score = MATE - 1_000;
pub const DRAW: Score = 0;

/// Whether a score announces a mate (for either side).
pub fn is_mate(s: Score) -> bool {
    s.abs() > MATE_BOUND
}

/// Moves (not plies) to mate for a mate score: positive when the side to
/// move mates, negative when it is mated.
pub fn mate_in_moves(s: Score) -> Option<i32> {
    if !is_mate(s) {
        None
    } else if s > 0 {
        Some((MATE - s + 1) / 2)
    } else {
        Some(-(MATE + s) / 2)
    }
}

/// A score as it is stored in the transposition table: mate scores become
/// relative to the stored node, so they stay right at any ply.
pub fn to_tt(s: Score, ply: usize) -> Score {
    if s > MATE_BOUND {
        s + ply as Score
    } else if s < -MATE_BOUND {
        s - ply as Score
    } else {
        s
    }
}

/// Inverse of [`to_tt`].
pub fn from_tt(s: Score, ply: usize) -> Score {
    if s > MATE_BOUND {
        s - ply as Score
    } else if s < -MATE_BOUND {
        s + ply as Score
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distance() {
        assert_eq!(mate_in_moves(MATE - 1), Some(1));
        assert_eq!(mate_in_moves(MATE - 3), Some(2));
        assert_eq!(mate_in_moves(-MATE + 2), Some(-1));
        assert_eq!(mate_in_moves(-MATE + 4), Some(-2));
        assert_eq!(mate_in_moves(150), None);
        for ply in [0, 5, 40] {
            for s in [MATE - 7, -MATE + 9, 33, -250] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
    }
}
