//! Quiescence: the search past the horizon, over captures and promotions
//! (every move when in check), with stand pat and delta pruning. In the
//! games whose capture sequences reach the same positions in many orders
//! (`SearchProfile::quiescence_table`: Strange Chess, Dysnomia) it reads and
//! writes the transposition table at depth 0.

use super::{PerMove, Thread, MAX_PLY};
use crate::score::*;
use eval::Evaluator;
use movegen::game::MoveBuf;

/// Moves with their order keys, as quiescence searches them.
type OrderedMoves<G> = PerMove<G, (<G as movegen::Game>::Move, i64)>;

/// The sort key of the `index`th move listed, whose order is `order`:
/// higher orders first and, among equal orders, the one listed first. So
/// the order of the legal moves does not depend on what else was listed
/// between them: quiescence lists candidates that may not be legal
/// ([`movegen::Tactical::noisy_candidates`]), and an unstable sort by the
/// order alone put equal moves in an order that did.
#[inline]
fn order_key(order: i32, index: usize) -> i64 {
    ((order as i64) << 32) | (u32::MAX - index as u32) as i64
}

impl<G: Evaluator> Thread<'_, G> {
    /// Quiescence: captures and promotions, and every evasion when in check;
    /// `qply` plies past the horizon, at most `SearchProfile::quiescence_plies`;
    /// `known_check` as in [`Thread::search`].
    pub(super) fn qsearch(
        &mut self,
        pos: &mut G,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        qply: usize,
        known_check: Option<bool>,
    ) -> Score {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return DRAW;
        }
        if let Some(o) = pos.decisive() {
            return self.outcome_score(pos, o, ply);
        }
        // A quiet evasion can itself give check (Strange Chess: a spell that
        // moves a hole out of a Digger's line), so quiescence can cycle.
        if pos.rule_draw() || self.is_repetition(pos) {
            return self.draw_score(pos);
        }
        // The key is needed only where the table is read.
        let key = if G::SEARCH.quiescence_table {
            self.node_key(pos)
        } else {
            0
        };
        let (tt_move, tt_cut) = if G::SEARCH.quiescence_table {
            self.probe(key, 0, alpha, beta, ply, beta - alpha > 1)
        } else {
            (0, None)
        };
        if let Some(score) = tt_cut {
            return score;
        }
        let original_alpha = alpha;
        let in_check = known_check.unwrap_or_else(|| pos.in_check());
        if ply >= MAX_PLY {
            return if in_check {
                self.draw_score(pos)
            } else {
                self.static_eval(pos)
            };
        }
        if qply >= G::SEARCH.quiescence_plies {
            return self.static_eval(pos);
        }
        let stand_pat = if in_check {
            -MATE + ply as Score
        } else {
            self.static_eval(pos)
        };
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        // Filled in place: a fixed-capacity list is kilobytes, and
        // returning it by value copied it at every node.
        let mut list = OrderedMoves::<G>::default();
        // Out of check a game may list its noisy moves before their
        // legality test, which is then made on the moves searched only.
        let candidates = G::LAZY_QUIESCENCE && !in_check;
        let Some(staged) = self.qsearch_moves(
            pos, in_check, candidates, tt_move, stand_pat, alpha, &mut list,
        ) else {
            return self.no_moves_score(pos, in_check, ply);
        };
        list.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
        let mut best = stand_pat;
        let mut best_move = None;
        // Twice when staged: the quiet evasions, in the generator's
        // order, if no noisy one reached beta.
        let mut quiet_stage = staged;
        loop {
            let cut = self.qsearch_list(
                pos,
                &list,
                // (Staged lists are a side in check's: never candidates.)
                candidates,
                &mut alpha,
                beta,
                ply,
                qply,
                &mut best,
                &mut best_move,
            );
            if !quiet_stage || cut || self.stopped {
                break;
            }
            quiet_stage = false;
            let mut moves = G::Moves::default();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return self.no_moves_score(pos, in_check, ply);
            }
            list.clear();
            // A growable list of large moves copies itself as it grows.
            list.reserve(moves.len());
            for &m in moves.iter() {
                if !pos.is_noisy(m) {
                    list.push((m, 0));
                }
            }
        }
        if self.stopped {
            return DRAW;
        }
        if G::SEARCH.quiescence_table {
            self.store(key, best_move, best, (original_alpha, beta), ply, 0);
        }
        best
    }

    /// The moves quiescence searches at a node, put in `list` with their order keys (the
    /// table move `tt_move` first, then noisy moves by their tactical
    /// order), and whether the quiet evasions are left for a second stage;
    /// None when a side in check has no move.
    #[allow(clippy::too_many_arguments)]
    fn qsearch_moves(
        &mut self,
        pos: &mut G,
        in_check: bool,
        candidates: bool,
        tt_move: u32,
        stand_pat: Score,
        alpha: Score,
        list: &mut OrderedMoves<G>,
    ) -> Option<bool> {
        // Where noisy moves are far cheaper to list (`Tactical::STAGED_MOVES`),
        // a side in check first answers with its noisy evasions and lists the
        // rest only if none of them reaches beta: in Dysnomia a whole list
        // in check cost six noisy lists and 41% of a search, and about half
        // of those nodes were cut by a capture. The table move comes first
        // either way; a quiet one needs the whole list at once.
        let mut moves = G::Moves::default();
        let mut staged = false;
        if G::LAZY_QUIESCENCE {
            // Out of check, stand pat stands in for the stalemate this
            // cannot see.
            if candidates {
                pos.noisy_candidates(&mut moves);
            } else {
                pos.noisy_moves(&mut moves);
            }
            staged = G::STAGED_MOVES
                && in_check
                && (tt_move == 0
                    || moves
                        .iter()
                        .any(|&m| crate::tt::move_key(G::encode_move(m)) == tt_move));
        }
        if !G::LAZY_QUIESCENCE || (in_check && !staged) {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return None;
            }
        }
        list.reserve(moves.len());
        // A noisy list holds noisy moves only (its contract): the test is
        // then not asked again of each (in Strange Chess it looks for
        // custodian and Wall captures).
        let all_noisy = G::LAZY_QUIESCENCE && (!in_check || staged);
        for &m in moves.iter() {
            let noisy = all_noisy || pos.is_noisy(m);
            if !in_check && !noisy {
                continue;
            }
            let table_move = tt_move != 0 && crate::tt::move_key(G::encode_move(m)) == tt_move;
            // Out of check (where every move here is noisy) the gain serves
            // delta pruning, the losing test and the order: found once.
            let gain = (!in_check).then(|| pos.capture_gain(&self.eval, m));
            if let Some(gain) = gain {
                // Delta pruning: even winning the piece would not reach alpha.
                if stand_pat + gain + G::SEARCH.delta_margin <= alpha
                    || pos.likely_losing_given(&self.eval, m, gain)
                {
                    continue;
                }
            }
            let order = match (table_move, noisy, gain) {
                (true, ..) => i32::MAX,
                (false, true, Some(gain)) => {
                    pos.tactical_order_given(&self.eval, m, gain) + 1_000_000
                }
                (false, true, None) => pos.tactical_order(&self.eval, m) + 1_000_000,
                (false, false, _) => 0,
            };
            list.push((m, order_key(order, list.len())));
        }
        Some(staged)
    }

    /// Searches `list` in its order past the horizon, raising `alpha`,
    /// `best` and `best_move`; whether a move reached beta. `candidates`:
    /// the list may hold moves that are not legal (see
    /// [`movegen::Tactical::noisy_candidates`]), tested as they are made.
    #[allow(clippy::too_many_arguments)]
    fn qsearch_list(
        &mut self,
        pos: &mut G,
        list: &[(G::Move, i64)],
        candidates: bool,
        alpha: &mut Score,
        beta: Score,
        ply: usize,
        qply: usize,
        best: &mut Score,
        best_move: &mut Option<G::Move>,
    ) -> bool {
        for &(m, _) in list {
            let undo = pos.make(m);
            if candidates && !pos.made_legal() {
                pos.unmake(m, undo);
                continue;
            }
            self.push_child_key(pos, G::SEARCH.quiescence_table);
            let score = -self.qsearch(pos, -beta, -*alpha, ply + 1, qply + 1, None);
            self.keys.pop();
            pos.unmake(m, undo);
            if self.stopped {
                return false;
            }
            if score > *best {
                *best = score;
                if score > *alpha {
                    *alpha = score;
                    *best_move = Some(m);
                    if *alpha >= beta {
                        return true;
                    }
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::order_key;

    #[test]
    fn order_keys_sort_by_order_then_by_listing() {
        // Higher orders first, whatever their place in the list.
        assert!(order_key(5, 900) > order_key(4, 0));
        assert!(order_key(0, 7) > order_key(-3, 0));
        assert!(order_key(i32::MAX, 100) > order_key(i32::MAX - 1, 0));
        assert!(order_key(i32::MIN, 0) < order_key(i32::MIN + 1, 8191));
        // Equal orders: the move listed first comes first.
        assert!(order_key(5, 0) > order_key(5, 1));
        assert!(order_key(-2, 10) > order_key(-2, 11));
        // So a descending sort keeps equal moves in their listed order
        // whatever was listed between them.
        let mut with_others =
            [(7, 0), (3, 1), (7, 2), (9, 3), (7, 4)].map(|(o, i)| (i, order_key(o, i)));
        with_others.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
        let order: Vec<usize> = with_others.iter().map(|e| e.0).collect();
        assert_eq!(order, [3, 0, 2, 4, 1]);
    }
}
