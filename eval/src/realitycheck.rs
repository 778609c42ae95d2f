//! Reality Check: heuristic value and playout policy for Monte Carlo search
//! on determinized (full-information) states.
//!
//! The game is won by taking the opponent's four true chips out of play,
//! which only a reality check between two true chips (or a refusal) does.
//! The value therefore weighs true chips in play most, then material on the
//! board by upturned face. The playout policy plays a winning true-on-true
//! reality check when it has one, prefers captures, and otherwise moves at
//! random, which keeps playouts fast and decisive.

use crate::montecarlo::{MonteCarlo, SplitMix};
use movegen::game::Color;
use movegen::realitycheck::chip::is_true;
use movegen::realitycheck::{Face, Move, Position, TurnKind};

/// Material by upturned face (pawn, knight, bishop, rook).
const FACE_VALUE: [f32; 4] = [1.0, 3.0, 3.0, 5.0];
/// Weight of one true chip in play against one pawn on the board.
const TRUE_CHIP: f32 = 6.0;
/// Logistic scale: value = 1 / (1 + exp(-SCALE * balance)).
const SCALE: f32 = 0.25;

fn balance(p: &Position, c: Color) -> f32 {
    let mut b = TRUE_CHIP * p.true_in_play(c) as f32;
    for s in movegen::bits::Bits(p.pieces(c)) {
        let chip = p.chip_at(s).expect("occupied");
        b += FACE_VALUE[chip.up() as usize];
    }
    // Chips in hand come back, at a tempo each.
    b += 0.5 * p.hand(c).count_ones() as f32;
    b
}

/// Whether `m` is a reality check of a true chip on a true chip.
fn true_on_true(p: &Position, m: Move) -> bool {
    m.kind() == TurnKind::RealityCheck
        && p.chip_at(m.from()).is_some_and(|c| is_true(c.kind()))
        && p.chip_at(m.to()).is_some_and(|c| is_true(c.kind()))
}

impl MonteCarlo for Position {
    fn white_value(&self) -> f32 {
        let d = balance(self, Color::White) - balance(self, Color::Black);
        1.0 / (1.0 + (-SCALE * d).exp())
    }

    fn playout_move(&self, legal: &[Move], rng: &mut SplitMix) -> Move {
        let mut captures = 0;
        for &m in legal {
            if true_on_true(self, m) {
                return m;
            }
            captures += m.is_capture() as usize;
        }
        if captures > 0 && rng.chance(0.5) {
            let mut k = rng.below(captures);
            for &m in legal {
                if m.is_capture() {
                    if k == 0 {
                        return m;
                    }
                    k -= 1;
                }
            }
        }
        legal[rng.below(legal.len())]
    }

    fn view_key(&self, observer: Color) -> u64 {
        movegen::realitycheck::info::view_key(self, observer)
    }

    fn group(&self, m: Move) -> u64 {
        match m.kind() {
            // The move without its flip target.
            TurnKind::MoveFlip => (m.0 & !(63 << 12)) as u64 | 1 << 40,
            _ => m.0 as u64,
        }
    }
}

/// The face a chip shows, for front ends that describe the value.
pub fn face_value(f: Face) -> f32 {
    FACE_VALUE[f as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_a_removed_true_chip_counts() {
        let p = Position::start();
        assert!((p.white_value() - 0.5).abs() < 1e-6);
        // Black has lost R-R (out of play), White is ahead.
        let q = Position::from_fen(
            "1/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/rr - - 0 5",
        )
        .unwrap();
        assert!(q.white_value() > 0.9, "{}", q.white_value());
    }

    #[test]
    fn playouts_take_a_winning_reality_check() {
        // White's true R-R on d5 can reality-check Black's true R-R on d9.
        let p = Position::from_fen(
            "rr/3/5/7/3RR3/7/PPPNBRPBPR/NNBBNB/1 w NR/pppnpbprnnnbnrbbbr -/- - - 0 5",
        );
        let p = match p {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let mut list = movegen::realitycheck::MoveVec::new();
        movegen::Game::legal_moves(&p, &mut list);
        let mut rng = SplitMix::new(1);
        let m = p.playout_move(&list, &mut rng);
        assert_eq!(movegen::Notation::move_to_string(&p, m), "d5d9!");
    }
}
