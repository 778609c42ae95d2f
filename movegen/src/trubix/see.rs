//! Static exchange evaluation for Trubix and Trubix-43: whether a move,
//! followed by the best sequence of captures and recaptures on its target
//! square (each side capturing with its least valuable piece, free to stop
//! when going on would lose), wins at least a threshold. The search orders
//! and prunes captures by it; the values are the caller's (the
//! evaluation's), so the rules know only the exchange.
//!
//! Every capture here is a plain displacement (no en passant, no castling),
//! and every attack relation is symmetric (rules A4), so the attackers of a
//! square are looked up from the square. Only the Queen (both line kinds)
//! and the Squire (straight lines) slide: when a piece leaves the square's
//! lines, one of them behind it may join (an x-ray), and on Trubix-43's
//! forking lines the branch tables see past it the same way.
//!
//! The score is kept by the swap list chess uses too ([`crate::exchange`]).
//! Left out, as in chess: pins (a pinned piece counts as a recapturer) and
//! the promotion of a Woozan that recaptures on a promotion square (it is
//! counted as a Woozan; the first move's own promotion does count). The
//! King captures last, and only when the other side has no attacker left.

use super::piece::Kind;
use super::position::{Move, Position};
use crate::bits::bit;
use crate::exchange::{swap_at_least, Recapture};

/// The kinds that may recapture before the King; which is least valuable
/// is read from the caller's values.
const RECAPTURERS: [Kind; 6] = [
    Kind::Woozan,
    Kind::Knight,
    Kind::Queen,
    Kind::Squire,
    Kind::Crowned,
    Kind::Fleurbic,
];

impl Position {
    /// Every piece of either colour that attacks `s` with occupancy `occ`
    /// (pieces off `occ` are left out).
    fn attackers_to(&self, s: usize, occ: u64) -> u64 {
        let g = self.geo;
        let k = |kind: Kind| self.by_kind[kind as usize];
        let steppers = k(Kind::King) | k(Kind::Crowned) | k(Kind::Fleurbic);
        let knights = k(Kind::Knight) | k(Kind::Crowned);
        let diag_steppers = k(Kind::Woozan) | k(Kind::Squire);
        let queens = k(Kind::Queen);
        let straight = queens | k(Kind::Squire);
        ((g.king[s] & steppers)
            | (g.knight[s] & knights)
            | (g.diag_step[s] & diag_steppers)
            | (g.leap2[s] & k(Kind::Fleurbic))
            | (g.orth[s].attacks(occ) & straight)
            | (g.diag[s].attacks(occ) & queens))
            & occ
    }

    /// Whether `m` wins at least `threshold` in the exchange on its target
    /// square, with `values[kind]` the value of each kind (the King's is
    /// not read). A promotion's gain counts for the move itself; the
    /// recaptures are of the promoted piece.
    pub fn see_ge(&self, m: Move, threshold: i32, values: &[i32; 7]) -> bool {
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.piece_at(from) else {
            return 0 >= threshold;
        };
        let victim = self.piece_at(to).map_or(0, |p| values[p.kind() as usize]);
        let (gain, standing) = match m.promotion() {
            Some(k) => (
                victim + values[k as usize] - values[Kind::Woozan as usize],
                values[k as usize],
            ),
            None if mover.kind() == Kind::King => (victim, i32::MAX / 4),
            None => (victim, values[mover.kind() as usize]),
        };
        swap_at_least(gain, standing, threshold, || {
            let mut occ = self.occupied() & !bit(from) & !bit(to);
            let mut attackers = self.attackers_to(to, occ);
            let mut side = self.side;
            // The last recapturer, taken off only when the exchange goes
            // on (a slider behind it may see the square then).
            let mut taken = 0;
            move || {
                if taken != 0 {
                    occ ^= taken;
                    attackers |= self.attackers_to(to, occ) & self.sliders();
                }
                side = side.flip();
                attackers &= occ;
                let ours = attackers & self.pieces(side);
                if ours == 0 {
                    return Recapture::Nothing;
                }
                let least = RECAPTURERS
                    .into_iter()
                    .filter(|&k| ours & self.by_kind[k as usize] != 0)
                    .min_by_key(|&k| values[k as usize]);
                let Some(kind) = least else {
                    return Recapture::King {
                        guarded: attackers & self.pieces(side.flip()) != 0,
                    };
                };
                let mine = ours & self.by_kind[kind as usize];
                taken = mine & mine.wrapping_neg();
                Recapture::Piece(values[kind as usize])
            }
        })
    }

    /// The Queens and Squires of both colours.
    fn sliders(&self) -> u64 {
        self.by_kind[Kind::Queen as usize] | self.by_kind[Kind::Squire as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList, Notation};
    use crate::trubix::Board;

    /// The evaluation's material values (King, Queen, Knight, Crowned,
    /// Squire, Fleurbic, Woozan).
    const V: [i32; 7] = [0, 480, 205, 505, 485, 505, 100];
    const KING: i32 = 100_000;

    fn value(k: Kind) -> i32 {
        if k == Kind::King {
            KING
        } else {
            V[k as usize]
        }
    }

    /// The exchange on `to` by its definition, played out on the board:
    /// the side to move may stop (0) or capture on `to` with its least
    /// valuable piece (ties: lower kind number, then lower square) among
    /// its pseudo-legal moves, and the opponent answers the same way. A
    /// King that captures onto a guarded square is taken (it is worth
    /// `KING`), so it captures last in effect.
    fn exchange(p: &mut Position, to: usize) -> i32 {
        let mut list = MoveList::new();
        p.generate_pseudo(&mut list);
        let best = list
            .iter()
            .filter(|m| m.to() == to && m.promotion().is_none())
            .min_by_key(|m| {
                let k = p.piece_at(m.from()).unwrap().kind();
                (value(k), k as usize, m.from())
            })
            .copied();
        let Some(m) = best else {
            return 0;
        };
        let victim = value(p.piece_at(to).unwrap().kind());
        let undo = p.make_move(m);
        let v = victim - exchange(p, to);
        p.unmake_move(m, undo);
        v.max(0)
    }

    /// The exact exchange value of the capture `m` (which must be played).
    fn exchange_of(p: &Position, m: Move) -> i32 {
        let mut q = p.clone();
        let victim = q.piece_at(m.to()).map_or(0, |pc| value(pc.kind()));
        let promo = m.promotion().map_or(0, |k| value(k) - value(Kind::Woozan));
        q.make_move(m);
        victim + promo - exchange(&mut q, m.to())
    }

    fn see(board: Board, fen: &str, mv: &str) -> (Position, Move) {
        let p = Position::from_fen(board, fen).unwrap();
        let m = p.parse_move(mv).unwrap();
        (p, m)
    }

    #[test]
    fn a_defended_piece_taken_by_a_dearer_one_loses_the_difference() {
        // White's Queen takes the Black Knight on c6, which the Woozan on
        // d7 guards: 205 - 480 = -275.
        let (p, m) = see(
            Board::T41,
            "**k**/5/5/3w1/*1n1*/*3*/*1Q1*/5/5/5/**K** w - 0 1",
            "c4c6",
        );
        assert!(p.see_ge(m, -275, &V));
        assert!(!p.see_ge(m, -274, &V));
        assert_eq!(exchange_of(&p, m), -275);
    }

    #[test]
    fn a_squire_behind_the_queen_joins_the_exchange() {
        // Trubix-43: the White Queen on c4 takes a Woozan on c6 guarded by
        // the Black Squire on c8, and the White Squire on c3 backs the
        // Queen up the file: the Squire's recapture would win the Queen
        // (480) and lose itself (485), so Black does not recapture and
        // White keeps the Woozan (100). Without the x-ray it would be
        // 100 - 480.
        let (p, m) = see(
            Board::T43,
            "*k*1*/5/2s2/5/*1w1*/*3*/*1Q1*/2S2/5/5/*1*K* w - 0 1",
            "c4c6",
        );
        assert!(p.see_ge(m, 100, &V));
        assert!(!p.see_ge(m, 101, &V));
        assert_eq!(exchange_of(&p, m), 100);
        // Without the White Squire the Queen is lost for the Woozan.
        let (p, m) = see(
            Board::T43,
            "*k*1*/5/2s2/5/*1w1*/*3*/*1Q1*/5/5/5/*1*K* w - 0 1",
            "c4c6",
        );
        assert!(p.see_ge(m, -380, &V) && !p.see_ge(m, -379, &V));
    }

    /// Random games on both boards: for every capture not onto a
    /// promotion square, `see_ge` holds exactly up to the exchange value
    /// played out by its definition.
    #[test]
    fn random_games_agree_with_the_exchange_played_out() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut checked = 0;
        let mut nonzero = 0;
        for game in 0..120 {
            let board = if game % 2 == 0 {
                Board::T41
            } else {
                Board::T43
            };
            let mut p = Position::start(board);
            for _ in 0..160 {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let g = p.geo;
                let promo_squares = g.last[0] | g.last[1] | g.promo_rank[0] | g.promo_rank[1];
                for &m in list.iter() {
                    if p.piece_at(m.to()).is_none() || promo_squares & bit(m.to()) != 0 {
                        continue;
                    }
                    let v = exchange_of(&p, m);
                    assert!(
                        p.see_ge(m, v, &V) && !p.see_ge(m, v + 1, &V),
                        "{} {}: exchange {v}",
                        p.fen(),
                        p.move_to_string(m)
                    );
                    checked += 1;
                    nonzero += usize::from(v != value(p.piece_at(m.to()).unwrap().kind()));
                }
                // Prefer captures now and then so exchanges come up often.
                let captures: Vec<Move> = list
                    .iter()
                    .copied()
                    .filter(|&m| p.piece_at(m.to()).is_some())
                    .collect();
                let m = if !captures.is_empty() && next(3) == 0 {
                    captures[next(captures.len())]
                } else {
                    list[next(list.len())]
                };
                p.make_move(m);
            }
        }
        assert!(checked > 10_000 && nonzero > 3_000, "{checked} {nonzero}");
    }
}
