//! The order moves are tried in: the hash move, winning captures by their
//! game's tactical order, the two killers of the ply, losing captures,
//! then quiet moves by history; and what a cut-off teaches the killers and
//! the history.

use super::{PerMove, Thread};
use crate::tt::move_key;
use eval::Evaluator;
use movegen::game::{Game, MoveBuf};

/// Ordering scores: the hash move first, then captures that do not look
/// losing (plus their game's tactical order), the killers, captures that
/// look losing, and quiet moves by history (far below all of these).
const HASH_ORDER: i32 = 2_000_000_000;
const CAPTURE_ORDER: i32 = 1_000_000_000;
const FIRST_KILLER_ORDER: i32 = 900_000_000;
/// The second killer's score: a move scored this high or more is a
/// killer or better (late-move reductions spare killers a ply).
pub(super) const KILLER_ORDER: i32 = 800_000_000;
const LOSING_CAPTURE_ORDER: i32 = 700_000_000;

/// Brings the best-scored of `moves[i..]` to `i` (selection sort: the rest
/// stays unsorted until needed, and a cut-off often comes early).
#[inline]
pub(super) fn select_next<G: Game>(moves: &mut G::Moves, scores: &mut PerMove<G, i32>, i: usize) {
    // The first of the best: the highest score (a reduction the compiler
    // makes wide), then where it first occurs. The same move as a scan
    // that keeps the first strictly higher score, in fewer instructions
    // (Dysnomia's long lists spent 4.6% of a search in that scan).
    let rest = &scores[i..moves.len()];
    let Some(&best) = rest.iter().max() else {
        return;
    };
    let j = i + rest.iter().position(|&s| s == best).unwrap_or(0);
    // Moves may be large (a Dysnomia turn is 160 bytes): no copy when
    // the best is in place already.
    if j != i {
        moves.swap(i, j);
        scores.swap(i, j);
    }
}

impl<G: Evaluator> Thread<'_, G> {
    /// The ordering score of each of `moves` at `ply`, given the hash move
    /// `tt_move` (a [`move_key`], 0 for none), put in `scores` (cleared
    /// first). Filled in the caller's place, not returned: a fixed-capacity
    /// list is as long as the game's longest (Strange Chess: 8,192 scores,
    /// 32 KiB), and returning it by value copied all of it at every node,
    /// 6% of a Strange Chess search's instructions.
    #[inline]
    pub(super) fn order_scores(
        &self,
        pos: &G,
        moves: &G::Moves,
        tt_move: u32,
        ply: usize,
        scores: &mut PerMove<G, i32>,
    ) {
        scores.clear();
        scores.reserve(moves.len());
        let killers = self.killers[ply];
        for &m in moves.iter() {
            let code = move_key(G::encode_move(m));
            let s = if code == tt_move {
                HASH_ORDER
            } else if pos.is_noisy(m) {
                if pos.likely_losing(&self.eval, m) {
                    LOSING_CAPTURE_ORDER + pos.tactical_order(&self.eval, m)
                } else {
                    CAPTURE_ORDER + pos.tactical_order(&self.eval, m)
                }
            } else if code == killers[0] {
                FIRST_KILLER_ORDER
            } else if code == killers[1] {
                KILLER_ORDER
            } else {
                self.history[pos.history_index(m)]
            };
            scores.push(s);
        }
    }

    /// Killer and history updates after a quiet move caused a cutoff.
    pub(super) fn reward_quiet(
        &mut self,
        pos: &G,
        m: G::Move,
        ply: usize,
        depth: i32,
        tried: &[G::Move],
    ) {
        let code = move_key(G::encode_move(m));
        let k = &mut self.killers[ply];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
        let bonus = (depth * depth).min(400);
        let idx = pos.history_index(m);
        let h = &mut self.history[idx];
        *h += 32 * bonus - *h * bonus / 512;
        for &q in tried {
            let h = &mut self.history[pos.history_index(q)];
            *h -= 32 * bonus + *h * bonus / 512;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::select_next;
    use movegen::chess::Position;
    use movegen::game::Game;

    #[test]
    fn select_next_brings_the_first_of_the_best_forward() {
        let pos =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let mut moves = <Position as Game>::Moves::default();
        pos.legal_moves(&mut moves);
        // Ties everywhere, the best (7) three times, one at the end.
        let pattern = [3, 7, -1, 7, 0, 3, 5, 7, 0, -8];
        let mut scores = super::PerMove::<Position, i32>::default();
        for k in 0..moves.len() {
            scores.push(if k == moves.len() - 1 {
                7
            } else {
                pattern[k % 10]
            });
        }
        // The scan that keeps the first strictly higher score, with the
        // same swaps: the order the search always had.
        let (mut want_moves, mut want_scores) = (moves.clone(), scores.clone());
        for i in 0..want_moves.len() {
            let mut j = i;
            for k in i + 1..want_moves.len() {
                if want_scores[k] > want_scores[j] {
                    j = k;
                }
            }
            want_moves.swap(i, j);
            want_scores.swap(i, j);
        }
        for i in 0..moves.len() {
            select_next::<Position>(&mut moves, &mut scores, i);
        }
        assert_eq!(scores, want_scores);
        assert_eq!(moves, want_moves);
        assert!(scores.windows(2).all(|w| w[0] >= w[1]));
    }
}
