//! Baseline players for the alpha-beta games: the yardsticks strength is
//! measured against (a random mover and a one-ply greedy player). They
//! are not meant to play well; they are meant to be simple, so that "Curio
//! beats them" means something precise.

use eval::montecarlo::SplitMix;
use eval::Evaluator;
use movegen::game::Outcome;
use std::str::FromStr;

/// Who chooses the moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Player {
    /// Curio's alpha-beta search.
    #[default]
    Search,
    /// A uniformly random legal move.
    Random,
    /// One ply of lookahead: a move that wins at once if there is one,
    /// else the move after which the static evaluation is best for the
    /// mover; ties broken at random.
    Greedy,
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "search" => Ok(Player::Search),
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            _ => Err(format!("unknown player '{s}' (search, random, greedy)")),
        }
    }
}

/// The move a baseline plays in `pos` (`history`: keys of the earlier
/// positions, for repetitions), or `None` without legal moves. `seed`
/// varies the random choices. [`Player::Search`] is not a baseline: it
/// gets `None` too.
pub fn choose<G: Evaluator>(
    player: Player,
    eval: &eval::EvalConfig,
    pos: &G,
    history: &[u64],
    seed: u64,
) -> Option<G::Move> {
    let mut list = G::Moves::default();
    pos.legal_moves(&mut list);
    if list.is_empty() || player == Player::Search {
        return None;
    }
    let mut rng = SplitMix::new(seed ^ pos.key());
    if player == Player::Random {
        return Some(list[rng.below(list.len())]);
    }
    let me = pos.side_to_move();
    let mut history = history.to_vec();
    history.push(pos.key());
    let mut best = i64::MIN;
    let mut ties: Vec<G::Move> = Vec::new();
    for &m in list.iter() {
        let mut child = pos.clone();
        child.make(m);
        let value = match child.outcome(&history) {
            Some(Outcome::Win { winner, .. }) if winner == me => i64::MAX,
            Some(Outcome::Win { .. }) => i64::MIN + 1,
            Some(Outcome::Draw { .. }) => 0,
            None => -(child.evaluate(eval) as i64),
        };
        if value > best {
            best = value;
            ties.clear();
        }
        if value == best {
            ties.push(m);
        }
    }
    Some(ties[rng.below(ties.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::chess::Position;
    use movegen::game::Notation;

    #[test]
    fn greedy_mates_in_one_and_takes_the_queen() {
        // Back-rank mate with the rook.
        let p = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        for seed in 0..8 {
            let m = choose(Player::Greedy, &eval::EvalConfig::DEFAULT, &p, &[], seed).unwrap();
            assert_eq!(p.move_to_string(m), "a1a8");
        }
        // A hanging queen is taken.
        let p = Position::from_fen("6k1/8/8/3q4/8/8/3R4/6K1 w - - 0 1").unwrap();
        let m = choose(Player::Greedy, &eval::EvalConfig::DEFAULT, &p, &[], 3).unwrap();
        assert_eq!(p.move_to_string(m), "d2d5");
    }

    #[test]
    fn random_varies_with_the_seed_and_plays_legal_moves() {
        let p =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let picks: std::collections::HashSet<String> = (0..40)
            .map(|s| {
                p.move_to_string(
                    choose(Player::Random, &eval::EvalConfig::DEFAULT, &p, &[], s).unwrap(),
                )
            })
            .collect();
        assert!(picks.len() > 5, "{picks:?}");
        assert!(picks.iter().all(|m| p.parse_move(m).is_ok()));
        assert_eq!(
            choose(Player::Search, &eval::EvalConfig::DEFAULT, &p, &[], 0),
            None
        );
    }

    #[test]
    fn no_legal_move_means_no_choice() {
        let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(
            choose(Player::Greedy, &eval::EvalConfig::DEFAULT, &mated, &[], 0),
            None
        );
        assert_eq!(
            choose(Player::Random, &eval::EvalConfig::DEFAULT, &mated, &[], 0),
            None
        );
    }
}
