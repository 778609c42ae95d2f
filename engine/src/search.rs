//! One search thread: iterative deepening over principal-variation search
//! with aspiration windows, a quiescence search, and the usual selectivity
//! (check extension, null move, late-move reductions, futility and
//! late-move pruning), each guarded where it would be unsound.
//!
//! Several threads run this same code on one shared transposition table
//! (Lazy SMP, see `lib.rs`); only the main thread reports and decides when
//! to stop.

use crate::limits::{Budget, Limits};
use crate::observer::{Iteration, Observer};
use crate::score::*;
use crate::timeman::TimeManager;
use crate::tt::{move_key, Bound, TranspositionTable};
use eval::Evaluator;
use movegen::game::{EndReason, Game, MoveBuf, Outcome};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Deepest ply the search goes to (quiescence included).
pub const MAX_PLY: usize = 120;

/// A list with the capacity of `G`'s move list, holding `T` per move. Every
/// per-node buffer of the search has the game's own capacity, so a game
/// whose positions have thousands of moves is searched like any other.
pub(crate) type PerMove<G, T> = <<G as Game>::Moves as MoveBuf<<G as Game>::Move>>::Of<T>;

/// What the threads share.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    /// Set by the main thread when this search is over (releases helpers).
    pub stop: &'a AtomicBool,
    /// Set from outside to end the search early (`?`, `force`, `quit`).
    pub abort: &'a AtomicBool,
    /// Nodes of all threads, flushed every few thousand nodes.
    pub nodes: &'a AtomicU64,
    /// The main thread's current root move, for faces.
    pub root: &'a crate::RootProgress,
}

/// What one thread found.
#[derive(Clone, Debug)]
pub struct ThreadResult<M> {
    pub best: Option<M>,
    pub score: Score,
    /// Depth of the last completed iteration (0: none completed).
    pub depth: u32,
    pub seldepth: u32,
    pub pv: Vec<M>,
}

/// Which depths a helper thread leaves to the others, after Stockfish 9:
/// helper `i` (counting from 0) searches in runs of `SKIP_SIZE[i]`
/// consecutive depths and skips the next run, shifted by `SKIP_PHASE[i]`.
/// So on two threads the helper works one iteration ahead of the main
/// thread instead of repeating its work, and on four threads the depths are
/// spread over the helpers; what a deeper helper stores in the shared table
/// orders and cuts the main thread's next iteration.
const SKIP_SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether helper thread `id` (1 and up) skips iteration `depth`. `ply`
/// (the game's length) shifts the pattern from move to move.
pub(crate) fn helper_skips(id: usize, depth: i32, ply: usize) -> bool {
    if id == 0 {
        return false;
    }
    let i = (id - 1) % SKIP_SIZE.len();
    (depth + ply as i32 + SKIP_PHASE[i]) / SKIP_SIZE[i] % 2 != 0
}

/// The result to play from all threads' results (`results[0]` is the main
/// thread's). Only the threads that completed the deepest iteration have a
/// say: a shallower result is a worse one, however good its score looks
/// (scores at odd and even depths differ by the side that moved last, so
/// letting a shallower, more optimistic thread win would prefer one parity
/// at random). Among the deepest, Stockfish's vote: each thread votes for
/// its move with weight (score - lowest score + 14) x depth, and the thread
/// whose move has most votes wins; on a tie the main thread stays. A mate
/// score counts from any depth and overrides the vote: the shortest win,
/// or, when every thread is being mated, the longest defence.
pub fn pick_result<M: Copy + PartialEq>(results: &[ThreadResult<M>]) -> usize {
    let deepest = results
        .iter()
        .filter(|r| r.best.is_some())
        .map(|r| r.depth)
        .max()
        .unwrap_or(0);
    let valid = |r: &ThreadResult<M>| {
        r.depth > 0 && r.best.is_some() && (r.depth == deepest || is_mate(r.score))
    };
    if results.is_empty() || results[0].depth == 0 || results[0].best.is_none() {
        return 0;
    }
    let min_score = results
        .iter()
        .filter(|r| valid(r))
        .map(|r| r.score)
        .min()
        .unwrap_or(0);
    let votes = |m: Option<M>| -> i64 {
        results
            .iter()
            .filter(|r| valid(r) && r.best == m)
            .map(|r| (r.score - min_score + 14) as i64 * r.depth as i64)
            .sum()
    };
    let mut best = 0;
    for (i, r) in results.iter().enumerate().skip(1) {
        if !valid(r) {
            continue;
        }
        let b = &results[best];
        let better = if is_mate(b.score) {
            r.score > b.score
        } else {
            r.score > MATE_BOUND || r.score >= -MATE_BOUND && votes(r.best) > votes(b.best)
        };
        if better {
            best = i;
        }
    }
    best
}

pub(crate) struct Thread<'a, G: Evaluator> {
    shared: Shared<'a>,
    id: usize,
    limits: Limits,
    budget: Option<Budget>,
    /// The main thread's decisions between iterations.
    pub time: TimeManager,
    start: Instant,
    pub nodes: u64,
    flushed: u64,
    seldepth: usize,
    stopped: bool,
    /// Keys of the game before the root, then of every position on the path.
    keys: Vec<u64>,
    /// Per ply, the [`move_key`]s of two quiet moves that caused cut-offs.
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    pv: Vec<Vec<G::Move>>,
    /// Root moves not to search (earlier lines of a multi-PV iteration).
    excluded: Vec<G::Move>,
    /// Root moves excluded by the caller for the whole search.
    root_excluded: G::Moves,
    /// The root move that last raised alpha in this iteration, in any
    /// aspiration pass: better than the last iteration's best (searched
    /// first, within a window around its score). A pass that fails high
    /// is searched again and an interruption during that search must not
    /// lose the move that failed high.
    root_best: Option<G::Move>,
    /// Side to move at the root and the contempt for draws (centipawns).
    root_side: movegen::Color,
    limits_contempt: Score,
}

/// Late-move reduction in plies for a depth and move number.
fn lmr(depth: i32, index: usize) -> i32 {
    let r = 0.7 + (depth as f64).ln() * (index as f64).ln() / 2.3;
    r as i32
}

impl<'a, G: Evaluator> Thread<'a, G> {
    pub fn new(
        shared: Shared<'a>,
        id: usize,
        limits: Limits,
        history: &[u64],
        start: Instant,
        contempt: Score,
    ) -> Self {
        Thread {
            shared,
            id,
            budget: limits.budget(),
            time: TimeManager::new(&limits, None),
            limits,
            start,
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            stopped: false,
            keys: history.to_vec(),
            killers: vec![[0; 2]; MAX_PLY + 2],
            history: vec![0; G::HISTORY_SIZE],
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            excluded: Vec::new(),
            root_best: None,
            root_excluded: G::Moves::default(),
            root_side: movegen::Color::White,
            limits_contempt: contempt,
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Polls the stop conditions; cheap enough to call at every node.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.shared.stop.load(Relaxed) || self.shared.abort.load(Relaxed) {
            self.stopped = true;
            return true;
        }
        if self.nodes.is_multiple_of(G::CLOCK_POLL_NODES) {
            self.shared
                .nodes
                .fetch_add(self.nodes - self.flushed, Relaxed);
            self.flushed = self.nodes;
            if self.is_main() {
                if let Some(b) = self.budget {
                    if self.start.elapsed() >= b.hard {
                        self.halt();
                    }
                }
            }
        }
        if let Some(limit) = self.limits.nodes {
            // One thread counts exactly (deterministic); with helpers the
            // shared total decides.
            let total = self.shared.nodes.load(Relaxed) + self.nodes - self.flushed;
            if self.nodes >= limit || total >= limit {
                self.halt();
            }
        }
        self.stopped
    }

    /// What a drawn position is worth to the side to move there: with
    /// contempt, the side that started the search dislikes draws.
    #[inline]
    fn draw_score(&self, pos: &G) -> Score {
        if pos.side_to_move() == self.root_side {
            -self.limits_contempt
        } else {
            self.limits_contempt
        }
    }

    /// The score of a finished game for the side to move at `ply`: wins
    /// and losses count like mates, so shorter wins are preferred.
    #[inline]
    fn outcome_score(&self, pos: &G, outcome: Outcome, ply: usize) -> Score {
        match outcome {
            Outcome::Win { winner, .. } if winner == pos.side_to_move() => MATE - ply as Score,
            Outcome::Win { .. } => -MATE + ply as Score,
            Outcome::Draw { .. } => self.draw_score(pos),
        }
    }

    /// How a position without legal moves ends: as the game says (mate or
    /// stalemate in chess-like games, but a variant may make it a win). A
    /// game that reports no outcome there gets the chess rule.
    fn no_moves_outcome(pos: &G, in_check: bool) -> Outcome {
        pos.outcome(&[]).unwrap_or_else(|| {
            if in_check {
                Outcome::Win {
                    winner: pos.side_to_move().flip(),
                    reason: EndReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: EndReason::Stalemate,
                }
            }
        })
    }

    /// The score of a position without legal moves.
    #[inline]
    fn no_moves_score(&self, pos: &G, in_check: bool, ply: usize) -> Score {
        self.outcome_score(pos, Self::no_moves_outcome(pos, in_check), ply)
    }

    fn halt(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Relaxed);
    }

    /// Twofold repetition on the path or with the game before the root.
    fn is_repetition(&self, pos: &G) -> bool {
        let key = pos.key();
        let n = self.keys.len();
        let window = pos.reversible_plies().min(n.saturating_sub(1));
        let mut back = 2;
        while back <= window {
            let k = self.keys[n - 1 - back];
            if k == key {
                return true;
            }
            // A null move (key 0) breaks the chain of real moves.
            if k == 0 || self.keys[n - back] == 0 {
                return false;
            }
            back += 2;
        }
        false
    }

    /// Iterative deepening from `root`. Reports through `observer` when it
    /// is the main thread.
    pub fn run(
        &mut self,
        root: &mut G,
        multipv: usize,
        exclude: &[u64],
        mut observer: Option<&mut dyn Observer<G::Move>>,
    ) -> ThreadResult<G::Move> {
        self.root_side = root.side_to_move();
        let mut all_moves = G::Moves::default();
        root.legal_moves(&mut all_moves);
        let mut root_moves = G::Moves::default();
        for &m in all_moves.iter() {
            if !exclude.contains(&G::encode_move(m)) {
                root_moves.push(m);
            }
        }
        if root_moves.is_empty() {
            for &m in all_moves.iter() {
                root_moves.push(m);
            }
        }
        self.root_excluded.clear();
        for &m in all_moves.iter() {
            if !root_moves.contains(&m) {
                self.root_excluded.push(m);
            }
        }
        // A root where the game is over is not searched: its score is the
        // game's verdict (a draw at the root is worth DRAW, contempt or not).
        let over = root.decisive().or_else(|| {
            root_moves
                .is_empty()
                .then(|| Self::no_moves_outcome(root, root.in_check()))
        });
        let mut result = ThreadResult {
            best: root_moves.first().copied(),
            score: match over {
                Some(Outcome::Draw { .. }) | None => DRAW,
                Some(o) => self.outcome_score(root, o, 0),
            },
            depth: 0,
            seldepth: 0,
            pv: root_moves.first().copied().into_iter().collect(),
        };
        if over.is_some() {
            return result;
        }
        self.keys.push(root.key());
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 10)
            .min(MAX_PLY as u32 - 10) as i32;
        let lines = multipv.clamp(1, root_moves.len());
        let mut prev_score = 0;
        let game_ply = self.keys.len();
        let mut depth = 1;
        while depth <= max_depth {
            let iteration_start = self.start.elapsed();
            if helper_skips(self.id, depth, game_ply) && depth < max_depth {
                depth += 1;
                continue;
            }
            self.excluded.clear();
            let mut completed = Vec::new();
            for line in 0..lines {
                self.seldepth = 0;
                let guess = if line == 0 {
                    prev_score
                } else {
                    completed_score(&completed)
                };
                self.root_best = None;
                let score = self.aspiration(root, depth, guess);
                let pv = self.pv[0].clone();
                if self.stopped {
                    // An interrupted iteration's first line still names a
                    // fully searched move that beat the window (perhaps in
                    // a pass that failed high and was being searched
                    // again): play it, with the last complete score. In
                    // the first iteration it is the best of the moves
                    // searched, better than the list's first (a Dysnomia
                    // move at depth 1 can cost more than a low clock
                    // allows: the list's first, a column move leaving the
                    // King to a bait's reply, lost a game).
                    if let Some(m) = self.root_best.filter(|_| line == 0) {
                        if result.depth > 0 || depth == 1 {
                            result.best = Some(m);
                            result.pv = if pv.first() == Some(&m) { pv } else { vec![m] };
                        }
                    }
                    break;
                }
                if pv.is_empty() {
                    break;
                }
                if line == 0 {
                    prev_score = score;
                    result = ThreadResult {
                        best: Some(pv[0]),
                        score,
                        depth: depth as u32,
                        seldepth: self.seldepth as u32,
                        pv: pv.clone(),
                    };
                }
                self.excluded.push(pv[0]);
                completed.push(score);
                if let Some(obs) = observer.as_deref_mut() {
                    let nodes = self.shared.nodes.load(Relaxed) + self.nodes - self.flushed;
                    obs.iteration(&Iteration {
                        depth: depth as u32,
                        seldepth: self.seldepth as u32,
                        multipv: line + 1,
                        score,
                        nodes,
                        time: self.start.elapsed(),
                        pv,
                        hashfull: self.shared.tt.hashfull(),
                    });
                }
            }
            if self.stopped {
                break;
            }
            if self.is_main() {
                if let Some(best) = result.best {
                    self.time.completed(
                        self.start.elapsed() - iteration_start,
                        G::encode_move(best),
                        prev_score,
                    );
                }
                if !self.time.start_next(
                    self.start.elapsed(),
                    prev_score,
                    depth + 1,
                    root_moves.len(),
                ) {
                    break;
                }
            }
            depth += 1;
        }
        self.keys.pop();
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed, Relaxed);
        self.flushed = self.nodes;
        result
    }

    /// Root search with an aspiration window around the previous score.
    fn aspiration(&mut self, root: &mut G, depth: i32, guess: Score) -> Score {
        let mut delta = 30;
        let (mut alpha, mut beta) = if depth >= 5 && !is_mate(guess) {
            (guess - delta, guess + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search(root, depth, alpha, beta, 0, true);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta += delta / 2 + 10;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

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
    fn search(
        &mut self,
        pos: &mut G,
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        pv_node: bool,
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
        let in_check = pos.in_check();
        if !root {
            if self.is_repetition(pos) {
                return self.draw_score(pos);
            }
            if pos.rule_draw() && !(in_check && pos.count_legal() == 0) {
                return self.draw_score(pos);
            }
            if ply >= MAX_PLY {
                return pos.evaluate();
            }
            // Mate distance pruning: no line here can beat a shorter mate.
            alpha = alpha.max(-MATE + ply as Score);
            beta = beta.min(MATE - ply as Score - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        let key = pos.key();
        let hit = self.shared.tt.probe(key);
        let tt_move = hit.map_or(0, |h| h.mv);
        if let Some(h) = hit {
            if !pv_node && h.depth >= depth {
                let s = from_tt(h.score, ply);
                let usable = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }

        let static_eval = if in_check { -INFINITE } else { pos.evaluate() };

        if !pv_node && !in_check {
            // Reverse futility: far above beta near the leaves.
            if depth <= 6 && static_eval - 90 * depth >= beta && !is_mate(beta) {
                return static_eval;
            }
            // Null move, where passing cannot be the best move anyway.
            if depth >= 3
                && static_eval >= beta
                && pos.null_move_ok()
                && self.keys.last() != Some(&0)
            {
                let r = 3 + depth / 4;
                let undo = pos.make_null();
                self.keys.push(0);
                let score = -self.search(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                pos.unmake_null(undo);
                if self.stopped {
                    return DRAW;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }

        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.no_moves_score(pos, in_check, ply);
        }
        let mut scores = PerMove::<G, i32>::default();
        let killers = self.killers[ply];
        for &m in moves.iter() {
            let code = move_key(G::encode_move(m));
            let s = if code == tt_move {
                2_000_000_000
            } else if pos.is_noisy(m) {
                if pos.likely_losing(m) {
                    700_000_000 + pos.tactical_order(m)
                } else {
                    1_000_000_000 + pos.tactical_order(m)
                }
            } else if code == killers[0] {
                900_000_000
            } else if code == killers[1] {
                800_000_000
            } else {
                self.history[pos.history_index(m)]
            };
            scores.push(s);
        }

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried = G::Moves::default();
        for i in 0..moves.len() {
            // Selection sort: the rest stays unsorted until needed.
            let mut j = i;
            for k in i + 1..moves.len() {
                if scores[k] > scores[j] {
                    j = k;
                }
            }
            moves.swap(i, j);
            scores.swap(i, j);
            let m = moves[i];
            if root && (self.excluded.contains(&m) || self.root_excluded.contains(&m)) {
                continue;
            }
            let noisy = pos.is_noisy(m);

            // Shallow pruning of quiet moves that cannot raise alpha.
            if !root && !pv_node && !in_check && !noisy && best > -MATE_BOUND {
                let late = depth <= 3 && searched >= 4 + (depth * depth) as usize;
                let futile = depth <= 2 && static_eval + 120 * depth <= alpha;
                if late || futile {
                    // Still search checks (a quiet mate is often a late
                    // move): make first and look.
                    let undo = pos.make(m);
                    let checks = pos.in_check();
                    pos.unmake(m, undo);
                    if !checks {
                        continue;
                    }
                }
            }

            if root && self.is_main() {
                self.shared
                    .root
                    .set(G::encode_move(m), searched as u32 + 1, depth as u32);
            }
            let undo = pos.make(m);
            self.keys.push(pos.key());
            let gives_check = pos.in_check();
            let mut score;
            if searched == 0 {
                score = -self.search(pos, depth - 1, -beta, -alpha, ply + 1, pv_node);
            } else {
                let mut reduction = 0;
                if depth >= 3 && !noisy && !in_check && !gives_check && searched >= 2 {
                    reduction = lmr(depth, searched);
                    if pv_node {
                        reduction -= 1;
                    }
                    if scores[i] >= 800_000_000 {
                        reduction -= 1;
                    }
                    reduction = reduction.clamp(0, depth - 2);
                }
                score = -self.search(
                    pos,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if score > alpha && reduction > 0 {
                    score = -self.search(pos, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if score > alpha && score < beta && pv_node {
                    score = -self.search(pos, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.keys.pop();
            pos.unmake(m, undo);
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

        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !root || (self.excluded.is_empty() && self.root_excluded.is_empty()) {
            let code = best_move.map_or(0, |m| move_key(G::encode_move(m)));
            self.shared
                .tt
                .store(key, code, to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Killer and history updates after a quiet move caused a cutoff.
    fn reward_quiet(&mut self, pos: &G, m: G::Move, ply: usize, depth: i32, tried: &[G::Move]) {
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

    /// Quiescence: captures and promotions, and every evasion when in check;
    /// `qply` plies past the horizon, at most [`Tactical::QUIESCENCE_PLIES`].
    fn qsearch(
        &mut self,
        pos: &mut G,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        qply: usize,
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
        let in_check = pos.in_check();
        if ply >= MAX_PLY {
            return if in_check {
                self.draw_score(pos)
            } else {
                pos.evaluate()
            };
        }
        if qply >= G::QUIESCENCE_PLIES {
            return pos.evaluate();
        }
        let stand_pat = if in_check {
            -MATE + ply as Score
        } else {
            pos.evaluate()
        };
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        let mut moves = G::Moves::default();
        if G::LAZY_QUIESCENCE && !in_check {
            // Stand pat stands in for the stalemate this cannot see.
            pos.noisy_moves(&mut moves);
        } else {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return self.no_moves_score(pos, in_check, ply);
            }
        }
        let mut list = PerMove::<G, (G::Move, i32)>::default();
        for &m in moves.iter() {
            if in_check || pos.is_noisy(m) {
                // Delta pruning: even winning the piece would not reach alpha.
                if !in_check
                    && (stand_pat + pos.capture_gain(m) + 150 <= alpha || pos.likely_losing(m))
                {
                    continue;
                }
                let order = if pos.is_noisy(m) {
                    pos.tactical_order(m) + 1_000_000
                } else {
                    0
                };
                list.push((m, order));
            }
        }
        list.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
        let mut best = stand_pat;
        for &(m, _) in list.iter() {
            let undo = pos.make(m);
            self.keys.push(pos.key());
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, qply + 1);
            self.keys.pop();
            pos.unmake(m, undo);
            if self.stopped {
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

fn completed_score(scores: &[Score]) -> Score {
    scores.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(best: u8, score: Score, depth: u32) -> ThreadResult<u8> {
        ThreadResult {
            best: Some(best),
            score,
            depth,
            seldepth: depth,
            pv: vec![best],
        }
    }

    #[test]
    fn the_main_thread_is_never_skipped_and_helpers_cover_every_depth() {
        for ply in 0..4 {
            assert!((1..40).all(|d| !helper_skips(0, d, ply)));
            // Two threads: the lone helper takes every other depth.
            let helper: Vec<bool> = (1..40).map(|d| helper_skips(1, d, ply)).collect();
            assert_eq!(
                helper.iter().filter(|&&s| s).count(),
                19 + (ply % 2 == 0) as usize
            );
            // Four threads: helpers 1 and 2 alternate, so at every depth
            // one of them works, and helper 3 works in pairs of depths.
            for d in 1..40 {
                assert_ne!(
                    helper_skips(1, d, ply),
                    helper_skips(2, d, ply),
                    "depth {d}"
                );
            }
            let pairs: Vec<bool> = (1..9).map(|d| helper_skips(3, d, ply)).collect();
            assert!(
                pairs.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                "{pairs:?}"
            );
        }
    }

    #[test]
    fn threads_vote_with_depth_and_score() {
        // Everyone agrees: the main thread's result stands.
        assert_eq!(pick_result(&[result(1, 20, 10), result(1, 30, 12)]), 0);
        // Two deeper helpers prefer another move: it wins the vote, and the
        // deepest of its voters is chosen first.
        let r = [result(1, 20, 10), result(2, 25, 12), result(2, 25, 11)];
        assert_eq!(pick_result(&r), 1);
        // A shallower helper has no say, however optimistic...
        assert_eq!(pick_result(&[result(1, 20, 12), result(2, 30, 11)]), 0);
        assert_eq!(pick_result(&[result(1, 20, 12), result(2, 90, 9)]), 0);
        // ...but at the same depth the more optimistic thread wins the vote,
        // and an equal vote leaves the main thread's move.
        assert_eq!(pick_result(&[result(1, 20, 12), result(2, 30, 12)]), 1);
        assert_eq!(pick_result(&[result(1, 20, 12), result(2, 20, 12)]), 0);
        // A deeper helper wins even with a worse score.
        assert_eq!(pick_result(&[result(1, 40, 11), result(2, -10, 12)]), 1);
        // The main thread itself may be the one left behind.
        assert_eq!(pick_result(&[result(1, 90, 9), result(2, 20, 12)]), 1);
        // A helper without a completed iteration has no vote.
        assert_eq!(pick_result(&[result(1, 20, 3), result(2, 90, 0)]), 0);
        // A proven win beats the vote; the shortest mate is preferred.
        let r = [result(1, 50, 14), result(1, 50, 14), result(3, MATE - 9, 9)];
        assert_eq!(pick_result(&r), 2);
        let r = [result(1, MATE - 9, 12), result(2, MATE - 5, 9)];
        assert_eq!(pick_result(&r), 1);
        // Being mated: the longest defence.
        let r = [result(1, -MATE + 4, 12), result(2, -MATE + 8, 10)];
        assert_eq!(pick_result(&r), 1);
        // A helper that sees itself mated does not take over a normal score.
        assert_eq!(
            pick_result(&[result(1, 0, 10), result(2, -MATE + 8, 14)]),
            0
        );
    }
}
