//! Iterative deepening at the root: one iteration per depth, multi-PV
//! lines, aspiration windows, and what an interrupted iteration still
//! gives.

use super::{helper_skips, Thread, ThreadResult, MAX_PLY};
use crate::observer::{Iteration, Observer};
use crate::score::*;
use eval::Evaluator;
use movegen::game::{MoveBuf, Outcome};
use std::sync::atomic::Ordering::Relaxed;

impl<G: Evaluator> Thread<'_, G> {
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
        let root_moves = self.root_moves(root, exclude);
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
            // This iteration's completed lines, best first.
            let mut done: Vec<Line<G::Move>> = Vec::new();
            for line in 0..lines {
                self.seldepth = 0;
                let guess = done.last().map_or(prev_score, |l| l.score);
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
                self.excluded.push(pv[0]);
                let line = Line {
                    score,
                    pv,
                    seldepth: self.seldepth,
                };
                result = self.keep_line(&mut done, line, depth, observer.as_deref_mut());
                prev_score = result.score;
            }
            if self.stopped {
                break;
            }
            if self.is_main() {
                let spent = self.start.elapsed() - iteration_start;
                if !self.go_deeper(&result, spent, prev_score, depth, root_moves.len()) {
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

    /// Adds a completed line to the iteration's `done` lines, shows it,
    /// and returns the best line as the result. A later line can score
    /// above an earlier one: the first line's search only showed with a
    /// null window that the move was no better, and the later search, with
    /// the table the first one filled, saw further. The lines are kept in
    /// order of score (as Stockfish does), and the lines that moved down
    /// are shown again under their new numbers.
    fn keep_line<'o>(
        &self,
        done: &mut Vec<Line<G::Move>>,
        line: Line<G::Move>,
        depth: i32,
        observer: Option<&mut (dyn Observer<G::Move> + 'o)>,
    ) -> ThreadResult<G::Move> {
        let at = done.partition_point(|l| l.score >= line.score);
        done.insert(at, line);
        if let Some(obs) = observer {
            for (rank, l) in done.iter().enumerate().skip(at) {
                self.report(obs, depth, rank, l);
            }
        }
        ThreadResult {
            best: Some(done[0].pv[0]),
            score: done[0].score,
            depth: depth as u32,
            seldepth: done[0].seldepth as u32,
            pv: done[0].pv.clone(),
        }
    }

    /// Shows one completed line of an iteration as line `rank + 1`.
    fn report(
        &self,
        obs: &mut dyn Observer<G::Move>,
        depth: i32,
        rank: usize,
        line: &Line<G::Move>,
    ) {
        let nodes = self.shared.nodes.load(Relaxed) + self.nodes - self.flushed;
        obs.iteration(&Iteration {
            depth: depth as u32,
            seldepth: line.seldepth as u32,
            multipv: rank + 1,
            score: line.score,
            nodes,
            time: self.start.elapsed(),
            pv: line.pv.clone(),
            hashfull: self.shared.tt.hashfull(),
        });
    }

    /// The main thread's decision after a completed iteration that took
    /// `spent`: whether to start the next (the time manager learns the
    /// iteration's time, move and score first).
    fn go_deeper(
        &mut self,
        result: &ThreadResult<G::Move>,
        spent: std::time::Duration,
        score: Score,
        depth: i32,
        root_moves: usize,
    ) -> bool {
        if let Some(best) = result.best {
            self.time.completed(spent, G::encode_move(best), score);
        }
        self.time
            .start_next(self.start.elapsed(), score, depth + 1, root_moves)
    }

    /// The root moves to search: the legal moves whose codes are not in
    /// `exclude` (all of them if that leaves none). The others are kept in
    /// `root_excluded`, which the root skips.
    fn root_moves(&mut self, root: &G, exclude: &[u64]) -> G::Moves {
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
        root_moves
    }

    /// Root search with an aspiration window around the previous score.
    fn aspiration(&mut self, root: &mut G, depth: i32, guess: Score) -> Score {
        let mut delta = G::SEARCH.aspiration_window;
        let (mut alpha, mut beta) = if depth >= G::SEARCH.aspiration_depth && !is_mate(guess) {
            (guess - delta, guess + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search(root, depth, alpha, beta, 0, true, None);
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
}

/// One completed multi-PV line of an iteration.
struct Line<M> {
    score: Score,
    pv: Vec<M>,
    seldepth: usize,
}
