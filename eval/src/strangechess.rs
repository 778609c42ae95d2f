//! Strange Chess evaluation: the first, hand-set one.
//!
//! Material with values set by hand from how each piece moves (no fit yet:
//! issue 18 asks for values derived from self-play or a fit over Curio's
//! own games), what a Bacteria's gained powers add, the expected loss of a
//! besieged piece (more the fewer plies its siege has left), a small bonus
//! for a side's open tunnels, pawn advance and the centralisation of the
//! short-range pieces. Scores are centipawns from the side to move's view.

use crate::{Evaluator, Score};
use movegen::strangechess::geometry::{file_of, rank_of};
use movegen::strangechess::position::power;
use movegen::strangechess::{moves, Kind, Move, Position};
use movegen::{Color, Game};

/// Material by kind (the king is never captured, so it counts nothing).
pub fn value(k: Kind) -> Score {
    match k {
        Kind::Pawn => 100,
        Kind::Knight => 300,
        Kind::Bishop => 330,
        Kind::Rook => 500,
        Kind::Queen => 950,
        // A rook that is taken through either of its cells.
        Kind::Wall => 420,
        // King plus knight to start with, and it grows.
        Kind::Bacteria => 380,
        // King step plus (2,0) jump, and the spells.
        Kind::Magician => 320,
        // A bishop that no piece can block.
        Kind::Digger => 400,
        // King step without captures of its own; captures by sandwich.
        Kind::Stone => 180,
        // Knight plus (3,1) jumps; shares squares; captures slowly.
        Kind::Halfer => 280,
        Kind::King => 0,
    }
}

/// What gained powers add to a Bacteria.
fn power_value(mask: u8) -> Score {
    let mut v = 0;
    for (bit, add) in [
        (power::R, 180),
        (power::B, 150),
        (power::P, 10),
        (power::D, 40),
        (power::C, 60),
        (power::T, 170),
        (power::S, 40),
    ] {
        if mask & bit != 0 {
            v += add;
        }
    }
    v
}

const TEMPO: Score = 10;
const TUNNEL: Score = 8;

/// Distance of a cell from the centre of the board (0 in the middle four).
fn centre_distance(sq: usize) -> i32 {
    let d = |x: usize| (2 * x as i32 - 11).abs() / 2;
    d(file_of(sq)).max(d(rank_of(sq)))
}

/// The evaluation from White's point of view.
pub fn evaluate_white(p: &Position) -> Score {
    let mut score = 0;
    for c in [Color::White, Color::Black] {
        let sign = if c == Color::White { 1 } else { -1 };
        let mut own = 0;
        for sq in p.occupied_by(c).iter() {
            if let Some(pc) = p.piece_at(sq).filter(|pc| pc.color() == c) {
                let k = pc.kind();
                // A Wall counts once, on its anchor.
                if k == Kind::Wall && p.wall(c).is_some_and(|(a, _)| a != sq) {
                    continue;
                }
                own += value(k);
                match k {
                    Kind::Bacteria => own += power_value(p.powers_at(sq)) + 6 - centre_distance(sq),
                    Kind::Pawn => {
                        let advance = if c == Color::White {
                            rank_of(sq) as i32 - 2
                        } else {
                            9 - rank_of(sq) as i32
                        };
                        own += 4 * advance.max(0);
                    }
                    Kind::Knight | Kind::Magician => own += 3 * (5 - centre_distance(sq)),
                    _ => {}
                }
            }
            let halfers = p.halfers(sq, c) as Score;
            own += halfers * (value(Kind::Halfer) + 3 * (5 - centre_distance(sq)));
        }
        for t in p.tunnels() {
            if t.owner == c {
                own += TUNNEL;
            }
        }
        score += sign * own;
    }
    // A besieged piece is expected to fall: the fewer plies left, the more
    // of its value its side has lost already.
    for s in p.sieges() {
        let sq = s.sq as usize;
        let victim = s.besieger.flip();
        let v = if p.halfers(sq, victim) > 0 {
            value(Kind::Halfer)
        } else {
            p.piece_at(sq).map_or(0, |pc| value(pc.kind()))
        };
        let lost = v * (5 - s.left as Score) / 5;
        score -= if victim == Color::White { lost } else { -lost };
    }
    score
}

impl Evaluator for Position {
    fn evaluate(&self) -> Score {
        let w = evaluate_white(self);
        (if self.side_to_move() == Color::White {
            w
        } else {
            -w
        }) + TEMPO
    }

    fn tactical_order(&self, m: Move) -> i32 {
        let attacker = self
            .piece_at(m.from())
            .map_or(value(Kind::Halfer), |pc| value(pc.kind()));
        self.capture_gain(m) * 16 - attacker / 16
    }

    fn likely_losing(&self, m: Move) -> bool {
        // A Wall can take two pieces, and a promotion is worth its gain
        // whatever follows: neither is judged by this one-cell test.
        if m.promotion().is_some() {
            return false;
        }
        let attacker = match self.piece_at(m.from()) {
            Some(pc) if !m.has(moves::H) => pc.kind(),
            _ => Kind::Halfer,
        };
        attacker != Kind::Wall
            && value(attacker) > self.capture_gain(m) + 50
            && self.guards(m.to(), self.side_to_move().flip())
    }

    fn capture_gain(&self, m: Move) -> Score {
        let enemy = self.side_to_move().flip();
        // What stands on a cell the move takes (or starts a siege on).
        let on = |sq: usize| {
            self.piece_at(sq)
                .filter(|pc| pc.color() == enemy)
                .map_or(0, |pc| value(pc.kind()))
                + self.halfers(sq, enemy) as Score * value(Kind::Halfer)
        };
        let mut gain = on(m.to());
        gain += self.wall_trailing_cell(m).map_or(0, on);
        gain += self.custodian_victims(m).into_iter().map(on).sum::<Score>();
        if gain == 0 && self.is_capture(m) {
            gain = value(Kind::Pawn); // en passant
        }
        gain + m.promotion().map_or(0, |k| value(k) - value(Kind::Pawn))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Tactical;

    fn eval_fen(fen: &str) -> Score {
        evaluate_white(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn the_start_is_level_and_colours_mirror() {
        assert_eq!(eval_fen(movegen::strangechess::fen::START), 0);
        // White a queen up, and the same with colours swapped.
        let a = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5Q6/6K5 w - - 0 1");
        let b = eval_fen("6k5/5q6/12/12/12/12/12/12/12/12/12/6K5 b - - 0 1");
        assert!(a > 800, "{a}");
        assert_eq!(a, -b);
    }

    #[test]
    fn powers_sieges_and_tunnels_count() {
        let plain = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5X6/6K5 w - - 0 1");
        let grown = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5X6/6K5 w - - 0 1 powers=f2:RB");
        assert_eq!(grown - plain, 330);
        // A black Halfer besieging the white Knight on d4: the Knight is
        // counted as partly lost, more so with one ply left than with four.
        let fresh = eval_fen("6k5/12/12/12/12/12/12/12/3(Nh)8/12/12/6K5 w - - 0 1 sieges=d4b4");
        let late = eval_fen("6k5/12/12/12/12/12/12/12/3(Nh)8/12/12/6K5 b - - 0 1 sieges=d4b1");
        assert!(late < fresh, "{late} {fresh}");
    }

    #[test]
    fn a_custodian_capture_gains_the_sandwiched_piece() {
        // The white Stone steps d2-d3: the black Knight on d4 is caught
        // between it and the white Rook on d5.
        let p = Position::from_fen("6k5/12/12/12/12/12/12/3R8/3n8/12/3S8/6K5 w - - 0 1").unwrap();
        let m = movegen::Notation::parse_move(&p, "d2d3").unwrap();
        assert!(p.is_noisy(m));
        assert_eq!(p.capture_gain(m), value(Kind::Knight));
        let quiet = movegen::Notation::parse_move(&p, "d2c3").unwrap();
        assert!(!p.is_noisy(quiet));
    }

    #[test]
    fn a_queen_taking_a_guarded_pawn_is_likely_losing() {
        let guarded =
            Position::from_fen("6k5/12/12/4p7/3p8/12/12/12/12/12/12/3Q2K5 w - - 0 1").unwrap();
        let m = movegen::Notation::parse_move(&guarded, "d1d8").unwrap();
        assert!(guarded.likely_losing(m));
        let hanging =
            Position::from_fen("6k5/12/12/12/3p8/12/12/12/12/12/12/3Q2K5 w - - 0 1").unwrap();
        let m = movegen::Notation::parse_move(&hanging, "d1d8").unwrap();
        assert!(!hanging.likely_losing(m));
    }

    #[test]
    fn capture_gain_counts_both_occupants() {
        // The white Rook takes a black Knight sharing with a black Halfer:
        // the Knight at once, the Halfer by the siege that starts.
        let p = Position::from_fen("6k5/12/12/12/12/3(nh)8/12/12/12/12/3R8/6K5 w - - 0 1").unwrap();
        let m = movegen::Notation::parse_move(&p, "d2d7").unwrap();
        assert_eq!(p.capture_gain(m), value(Kind::Knight) + value(Kind::Halfer));
    }
}
