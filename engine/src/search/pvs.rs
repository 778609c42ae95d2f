//! The principal-variation search of one node: the checks that end a
//! line before any move, the transposition table, the pruning that needs
//! no move (reverse futility, razoring, null move), then the moves in
//! order with late-move pruning and reductions.

use super::ordering::{select_next, KILLER_ORDER};
use super::{PerMove, Thread};
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
            self.static_eval(pos)
        };
        if !pv_node && !in_check {
            if let Some(score) = self.prune_node(pos, depth, beta, static_eval, ply) {
                return score;
            }
        }

        let node = Node {
            depth,
            beta,
            ply,
            pv_node,
            in_check,
            static_eval,
        };
        let original_alpha = alpha;
        let mut run = Run::<G> {
            alpha,
            best: -INFINITE,
            best_move: None,
            searched: 0,
            quiets_tried: G::Moves::default(),
        };
        if let Some(score) = self.search_moves(pos, &node, tt_move, &mut run) {
            return score;
        }
        let Run {
            best,
            best_move,
            searched,
            ..
        } = run;
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
    /// (multi-PV, `searchmoves`); below it, once a move has scored above a
    /// mate against, a capture that loses its exchange, or a quiet move
    /// that is late, futile or loses its exchange and does not give check
    /// (a quiet mate is often a late move). Check is asked last, once: it
    /// means making the move.
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
        if !(self.prunes_quiet(node, searched, alpha)
            || self.loses_exchange(pos, m, node, searched, false))
        {
            return false;
        }
        !pos.gives_check(m)
    }

    /// Static-exchange pruning (see [`eval::SearchProfile`]): whether `m`,
    /// after a first move was searched at a shallow non-PV node out of
    /// check, loses more material on its square than the depth allows
    /// (`capture` picks the margin).
    #[inline]
    fn loses_exchange(
        &self,
        pos: &G,
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
        !pos.exchange_at_least(&self.eval, m, -margin * node.depth)
    }

    /// Shallow pruning of a quiet move that cannot raise alpha (late in the
    /// list, or futile by the static evaluation), below the root at a
    /// non-PV node out of check; [`Self::skips`] keeps it if it checks.
    #[inline]
    fn prunes_quiet(&self, node: &Node, searched: usize, alpha: Score) -> bool {
        if node.pv_node || node.in_check {
            return false;
        }
        let (depth, p) = (node.depth, &G::SEARCH);
        let late = depth <= p.lmp_depth && searched >= p.lmp_base + (depth * depth) as usize;
        let futile =
            depth <= p.futility_depth && node.static_eval + p.futility_margin * depth <= alpha;
        late || futile
    }

    /// Plays `m` and searches it: the first move with the whole window,
    /// later ones with a null window, reduced when quiet and late, and
    /// searched again when they beat alpha. `order` is its ordering score
    /// (killers are reduced less). None if `m` was a candidate that is not
    /// legal (see `Tactical::move_candidates`).
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
    ) -> Option<Score> {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let undo = pos.make(m);
        if G::MOVE_CANDIDATES && !pos.made_legal() {
            pos.unmake(m, undo);
            return None;
        }
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
        Some(score)
    }
    /// The moves of a node, searched in order (see [`Self::search_list`]),
    /// with `run` carrying the loop's state out; a score when the node
    /// ends without one (no legal move, or the search stopped).
    fn search_moves(
        &mut self,
        pos: &mut G,
        node: &Node,
        tt_move: u32,
        run: &mut Run<G>,
    ) -> Option<Score> {
        // Where noisy moves can be listed alone far cheaper than all of
        // them (`Tactical::STAGED_MOVES`), a node below the root first
        // searches the table move (when noisy) and the captures that do
        // not look losing, and lists the rest only if none of them cuts.
        let mut moves = G::Moves::default();
        let mut scores = PerMove::<G, i32>::default();
        let mut staged = false;
        let mut first_done = false;
        if G::STAGED_MOVES && node.ply > 0 {
            let mut noisy = G::Moves::default();
            pos.noisy_moves(&mut noisy);
            staged = tt_move == 0
                || noisy
                    .iter()
                    .any(|&m| move_key(G::encode_move(m)) == tt_move);
            if staged {
                for &m in noisy.iter() {
                    if self.first_stage(pos, m, tt_move) {
                        moves.push(m);
                    }
                }
                self.order_scores(pos, &moves, tt_move, node.ply, &mut scores);
                match self.search_list(pos, &mut moves, &mut scores, node, run) {
                    ListEnd::Stopped => return Some(DRAW),
                    ListEnd::Cut => {}
                    ListEnd::Done => (staged, first_done) = (false, true),
                }
                moves.clear();
            }
        }
        if !staged {
            // Everything, or everything the first stage left; below the
            // root and out of check perhaps among moves that are not legal
            // (`Tactical::MOVE_CANDIDATES`), tested as they are made. In
            // check most candidates would not be legal, and no move is
            // pruned there: each would be made to be found out.
            let candidates = G::MOVE_CANDIDATES && node.ply > 0 && !node.in_check;
            let list = |pos: &G, out: &mut G::Moves| {
                if candidates {
                    pos.move_candidates(out)
                } else {
                    pos.legal_moves(out)
                }
            };
            if first_done {
                let mut all = G::Moves::default();
                list(pos, &mut all);
                if all.is_empty() {
                    return Some(self.no_moves_score(pos, node.in_check, node.ply));
                }
                moves.reserve(all.len());
                for &m in all.iter() {
                    if !self.first_stage(pos, m, tt_move) {
                        moves.push(m);
                    }
                }
            } else {
                list(pos, &mut moves);
                if moves.is_empty() {
                    return Some(self.no_moves_score(pos, node.in_check, node.ply));
                }
            }
            // A growable list of large moves copies itself as it grows.
            run.quiets_tried.reserve(moves.len());
            self.order_scores(pos, &moves, tt_move, node.ply, &mut scores);
            if let ListEnd::Stopped = self.search_list(pos, &mut moves, &mut scores, node, run) {
                return Some(DRAW);
            }
        }
        None
    }

    /// Whether a staged node searches `m` in its first stage: the table
    /// move `tt_move` when noisy, and noisy moves that do not look losing.
    #[inline]
    fn first_stage(&self, pos: &G, m: G::Move, tt_move: u32) -> bool {
        pos.is_noisy(m)
            && (move_key(G::encode_move(m)) == tt_move || !pos.likely_losing(&self.eval, m))
    }

    /// The move loop over `moves`, best `scores` first, carrying `run`
    /// from an earlier stage of the same node.
    fn search_list(
        &mut self,
        pos: &mut G,
        moves: &mut G::Moves,
        scores: &mut PerMove<G, i32>,
        node: &Node,
        run: &mut Run<G>,
    ) -> ListEnd {
        let (root, ply) = (node.ply == 0, node.ply);
        for i in 0..moves.len() {
            select_next::<G>(moves, scores, i);
            let m = moves[i];
            let noisy = pos.is_noisy(m);
            if self.skips(pos, m, noisy, node, run.best, run.searched, run.alpha) {
                continue;
            }
            if root && self.is_main() {
                self.shared.root.set(
                    G::encode_move(m),
                    run.searched as u32 + 1,
                    node.depth as u32,
                );
            }
            let Some(score) =
                self.search_move(pos, m, node, run.alpha, run.searched, noisy, scores[i])
            else {
                // A candidate that was not legal.
                continue;
            };
            if self.stopped {
                return ListEnd::Stopped;
            }
            run.searched += 1;
            if score > run.best {
                run.best = score;
                run.best_move = Some(m);
                if score > run.alpha {
                    run.alpha = score;
                    self.update_pv(ply, m);
                    if root {
                        self.root_best = Some(m);
                    }
                    if run.alpha >= node.beta {
                        if !noisy {
                            self.reward_quiet(pos, m, ply, node.depth, &run.quiets_tried);
                        }
                        return ListEnd::Cut;
                    }
                }
            }
            if !noisy {
                run.quiets_tried.push(m);
            }
        }
        ListEnd::Done
    }
}

/// How a node's move loop over one list ended.
enum ListEnd {
    Stopped,
    /// A move reached beta.
    Cut,
    /// Every move was searched or passed by.
    Done,
}

/// The move loop's running state, carried across a node's stages.
struct Run<G: movegen::Game> {
    alpha: Score,
    best: Score,
    best_move: Option<G::Move>,
    searched: usize,
    quiets_tried: G::Moves,
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
