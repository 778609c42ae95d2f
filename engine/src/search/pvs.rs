//! The principal-variation search of one node: the checks that end a
//! line before any move, the transposition table, the pruning that needs
//! no move (reverse futility, razoring, null move), then the moves in
//! order with late-move pruning and reductions.

use super::ordering::{select_next, KILLER_ORDER};
use super::Thread;
use crate::score::*;
use crate::tt::{move_key, Bound};
use eval::Evaluator;
use movegen::game::MoveBuf;

impl<G: Evaluator> Thread<'_, G> {
    /// The line at `ply` becomes `m` followed by the child's line.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: G::Move) {
        let child = std::mem::take(&mut self.pv[ply + 1]);
        let line = &mut self.pv[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&child);
        self.pv[ply + 1] = child;
    }

    /// Principal-variation search. `pv_node`: the window is open.
    /// `known_check`: whether the side to move is in check, when the
    /// caller already asked (it does after making each move, to decide
    /// reductions), so that a node asks its game once.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        pos: &mut G,
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        pv_node: bool,
        known_check: Option<bool>,
    ) -> Score {
        self.pv[ply].clear();
        if self.should_stop() {
            return DRAW;
        }
        let root = ply == 0;
        if !root {
            // A variant's win or loss with moves left ends the line first.
            if let Some(o) = pos.decisive() {
                return self.outcome_score(pos, o, ply);
            }
        }
        let in_check = known_check.unwrap_or_else(|| pos.in_check());
        if !root {
            if let Some(score) = self.line_ends(pos, in_check, ply, &mut alpha, &mut beta) {
                return score;
            }
        }
        // A check is searched one ply deeper.
        depth += i32::from(in_check);
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0, Some(in_check));
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        let key = self.node_key(pos);
        let (tt_move, tt_cut) = self.probe(key, depth, alpha, beta, ply, pv_node);
        if let Some(score) = tt_cut {
            return score;
        }
        let static_eval = if in_check {
            -INFINITE
        } else {
            pos.evaluate(&self.eval)
        };
        if !pv_node && !in_check {
            if let Some(score) = self.prune_node(pos, depth, beta, static_eval, ply) {
                return score;
            }
        }

        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.no_moves_score(pos, in_check, ply);
        }
        let mut scores = self.order_scores(pos, &moves, tt_move, ply);

        let node = Node {
            depth,
            beta,
            ply,
            pv_node,
            in_check,
            static_eval,
        };
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried = G::Moves::default();
        for i in 0..moves.len() {
            select_next::<G>(&mut moves, &mut scores, i);
            let m = moves[i];
            let noisy = pos.is_noisy(m);
            if self.skips(pos, m, noisy, &node, best, searched, alpha) {
                continue;
            }
            if root && self.is_main() {
                self.shared
                    .root
                    .set(G::encode_move(m), searched as u32 + 1, depth as u32);
            }
            let score = self.search_move(pos, m, &node, alpha, searched, noisy, scores[i]);
            if self.stopped {
                return DRAW;
            }
            searched += 1;

            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if root {
                        self.root_best = Some(m);
                    }
                    if alpha >= beta {
                        if !noisy {
                            self.reward_quiet(pos, m, ply, depth, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !noisy {
                quiets_tried.push(m);
            }
        }
        if searched == 0 {
            // Every move was excluded (multi-PV) or pruned.
            return if root { -INFINITE } else { alpha };
        }
        if !root || (self.excluded.is_empty() && self.root_excluded.is_empty()) {
            let window = (original_alpha, beta);
            self.store(key, best_move, best, window, ply, depth);
        }
        best
    }

    /// Stores a node's result, `best` found in the window `(alpha, beta)`
    /// (not at a root searched with moves left out: its best move is the
    /// best of some moves only).
    #[inline]
    pub(super) fn store(
        &self,
        key: u64,
        best_move: Option<G::Move>,
        best: Score,
        (alpha, beta): (Score, Score),
        ply: usize,
        depth: i32,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let code = best_move.map_or(0, |m| move_key(G::encode_move(m)));
        self.shared
            .tt
            .store(key, code, to_tt(best, ply), depth, bound);
    }

    /// Whether the root leaves `m` out: an earlier line of a multi-PV
    /// iteration, or a move the caller excluded.
    #[inline]
    fn left_out(&self, m: G::Move) -> bool {
        self.excluded.contains(&m) || self.root_excluded.contains(&m)
    }

    /// Below the root, what ends a line before any move is searched: a
    /// repetition, a rule draw, the ply limit, or a window that mate
    /// distance closes (narrowed here).
    #[inline]
    fn line_ends(
        &self,
        pos: &G,
        in_check: bool,
        ply: usize,
        alpha: &mut Score,
        beta: &mut Score,
    ) -> Option<Score> {
        if self.is_repetition(pos) {
            return Some(self.draw_score(pos));
        }
        if pos.rule_draw() && !(in_check && pos.count_legal() == 0) {
            return Some(self.draw_score(pos));
        }
        if ply >= super::MAX_PLY {
            return Some(pos.evaluate(&self.eval));
        }
        // Mate distance pruning: no line here can beat a shorter mate.
        *alpha = (*alpha).max(-MATE + ply as Score);
        *beta = (*beta).min(MATE - ply as Score - 1);
        (*alpha >= *beta).then_some(*alpha)
    }

    /// The transposition table's move for this node (0: none), and its
    /// score when the entry is deep enough and its bound settles the node
    /// (never at a PV node, whose line must be searched to be shown).
    #[inline]
    pub(super) fn probe(
        &self,
        key: u64,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> (u32, Option<Score>) {
        let Some(h) = self.shared.tt.probe(key) else {
            return (0, None);
        };
        if pv_node || h.depth < depth {
            return (h.mv, None);
        }
        let s = from_tt(h.score, ply);
        let usable = match h.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        (h.mv, usable.then_some(s))
    }

    /// Pruning before any move at a non-PV node out of check: reverse
    /// futility far above beta near the leaves, razoring far below alpha,
    /// and the null move where passing cannot be the best move anyway.
    #[inline]
    fn prune_node(
        &mut self,
        pos: &mut G,
        depth: i32,
        beta: Score,
        static_eval: Score,
        ply: usize,
    ) -> Option<Score> {
        let p = &G::SEARCH;
        if depth <= p.reverse_futility_depth
            && static_eval - p.reverse_futility_margin * depth >= beta
            && !is_mate(beta)
        {
            return Some(static_eval);
        }
        // Razoring: so far below alpha (at a non-PV node, beta - 1) that
        // only a capture could help; if quiescence finds none, the node
        // fails low without its moves.
        let alpha = beta - 1;
        if depth <= p.razor_depth && static_eval + p.razor_margin * depth < alpha && !is_mate(alpha)
        {
            let score = self.qsearch(pos, alpha, beta, ply, 0, Some(false));
            if self.stopped {
                return Some(DRAW);
            }
            if score < beta {
                return Some(score);
            }
        }
        if depth >= p.null_move_depth
            && static_eval >= beta
            && pos.null_move_ok()
            && self.keys.last() != Some(&0)
        {
            let r = p.null_move_reduction(depth);
            let undo = pos.make_null();
            self.keys.push(0);
            let score = -self.search(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false, None);
            self.keys.pop();
            pos.unmake_null(undo);
            if self.stopped {
                return Some(DRAW);
            }
            if score >= beta {
                return Some(if is_mate(score) { beta } else { score });
            }
        }
        None
    }

    /// Whether the move loop passes `m` by: at the root a move left out
    /// (multi-PV, `searchmoves`); below it a quiet move pruned once a move
    /// has scored above a mate against (see [`Self::prunes_quiet`]).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn skips(
        &self,
        pos: &mut G,
        m: G::Move,
        noisy: bool,
        node: &Node,
        best: Score,
        searched: usize,
        alpha: Score,
    ) -> bool {
        if node.ply == 0 {
            return self.left_out(m);
        }
        if best <= -MATE_BOUND {
            return false;
        }
        if noisy {
            return self.loses_exchange(pos, m, node, searched, true);
        }
        self.prunes_quiet(pos, m, node, searched, alpha)
            || self.loses_exchange(pos, m, node, searched, false)
    }

    /// Static-exchange pruning (see [`eval::SearchProfile`]): whether `m`,
    /// after a first move was searched at a shallow non-PV node out of
    /// check, loses more material on its square than the depth allows.
    /// A quiet move that checks is kept.
    #[inline]
    fn loses_exchange(
        &self,
        pos: &mut G,
        m: G::Move,
        node: &Node,
        searched: usize,
        capture: bool,
    ) -> bool {
        let p = &G::SEARCH;
        if node.pv_node || node.in_check || searched == 0 || node.depth > p.see_prune_depth {
            return false;
        }
        let margin = if capture {
            p.see_capture_margin
        } else {
            p.see_quiet_margin
        };
        if pos.exchange_at_least(&self.eval, m, -margin * node.depth) {
            return false;
        }
        if capture {
            return true;
        }
        let undo = pos.make(m);
        let checks = pos.in_check();
        pos.unmake(m, undo);
        !checks
    }

    /// Shallow pruning of a quiet move that cannot raise alpha (late in the
    /// list, or futile by the static evaluation), below the root at a
    /// non-PV node out of check. A checking move is kept: a quiet mate is
    /// often a late move.
    #[inline]
    fn prunes_quiet(
        &self,
        pos: &mut G,
        m: G::Move,
        node: &Node,
        searched: usize,
        alpha: Score,
    ) -> bool {
        if node.pv_node || node.in_check {
            return false;
        }
        let (depth, p) = (node.depth, &G::SEARCH);
        let late = depth <= p.lmp_depth && searched >= p.lmp_base + (depth * depth) as usize;
        let futile =
            depth <= p.futility_depth && node.static_eval + p.futility_margin * depth <= alpha;
        if !(late || futile) {
            return false;
        }
        let undo = pos.make(m);
        let checks = pos.in_check();
        pos.unmake(m, undo);
        !checks
    }

    /// Plays `m` and searches it: the first move with the whole window,
    /// later ones with a null window, reduced when quiet and late, and
    /// searched again when they beat alpha. `order` is its ordering score
    /// (killers are reduced less).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_move(
        &mut self,
        pos: &mut G,
        m: G::Move,
        node: &Node,
        alpha: Score,
        searched: usize,
        noisy: bool,
        order: i32,
    ) -> Score {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let undo = pos.make(m);
        self.push_child_key(pos, true);
        let gives_check = pos.in_check();
        // The child searched to `depth` in the window (-hi, -lo) of ours,
        // negated back.
        let mut child = |this: &mut Self, depth: i32, (lo, hi): (Score, Score), pv: bool| {
            -this.search(pos, depth, -hi, -lo, ply + 1, pv, Some(gives_check))
        };
        let mut score;
        if searched == 0 {
            score = child(self, depth - 1, (alpha, beta), node.pv_node);
        } else {
            let mut reduction = 0;
            let p = &G::SEARCH;
            if depth >= p.lmr_depth
                && !noisy
                && !node.in_check
                && !gives_check
                && searched >= p.lmr_after
            {
                reduction = p.lmr(depth, searched);
                if node.pv_node {
                    reduction -= 1;
                }
                if order >= KILLER_ORDER {
                    reduction -= 1;
                }
                reduction = reduction.clamp(0, depth - 2);
            }
            let null_window = (alpha, alpha + 1);
            score = child(self, depth - 1 - reduction, null_window, false);
            if score > alpha && reduction > 0 {
                score = child(self, depth - 1, null_window, false);
            }
            if score > alpha && score < beta && node.pv_node {
                score = child(self, depth - 1, (alpha, beta), true);
            }
        }
        self.keys.pop();
        pos.unmake(m, undo);
        score
    }
}

/// What the moves of a node share once its depth and window are settled.
struct Node {
    /// Depth left, the check extension included.
    depth: i32,
    beta: Score,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    /// The side to move's static evaluation (-INFINITE in check).
    static_eval: Score,
}
