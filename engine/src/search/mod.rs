//! One search thread: iterative deepening over principal-variation search
//! with aspiration windows, a quiescence search, and the usual selectivity
//! (check extension, null move, late-move reductions, futility and
//! late-move pruning), each guarded where it would be unsound.
//!
//! Several threads run this same code on one shared transposition table
//! (Lazy SMP, see `lib.rs`); only the main thread reports and decides when
//! to stop.
//!
//! # Modules
//!
//! * `iterate`: iterative deepening, multi-PV lines and aspiration
//!   windows at the root.
//! * `pvs`: the principal-variation search of one node, with its
//!   pruning and reductions.
//! * `ordering`: the order moves are tried in (hash move, captures,
//!   killers, history) and what a cut-off teaches it.
//! * `quiescence`: the search past the horizon.
//! * `smp`: what is particular to several threads: which depths a helper
//!   skips, and the vote on the move to play.

mod eval_cache;
mod iterate;
mod ordering;
mod pvs;
mod quiescence;
mod smp;

pub(crate) use smp::helper_skips;
pub use smp::pick_result;

use crate::limits::{Budget, Limits};
use crate::score::*;
use crate::timeman::TimeManager;
use crate::tt::TranspositionTable;
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
#[derive(Clone, Copy)]
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
    /// The evaluation settings (weights) this search evaluates with.
    pub(crate) eval: eval::EvalConfig,
    /// Evaluations made in this search (games whose profile allows it).
    eval_cache: eval_cache::EvalCache,
}

impl<'a, G: Evaluator> Thread<'a, G> {
    pub fn new(
        shared: Shared<'a>,
        id: usize,
        limits: Limits,
        history: &[u64],
        start: Instant,
        contempt: Score,
        eval: eval::EvalConfig,
    ) -> Self {
        debug_assert!(G::SEARCH.is_sound(), "{:?}", G::SEARCH);
        Thread {
            shared,
            id,
            budget: limits.budget_over(G::SEARCH.clock_horizon),
            time: TimeManager::new(&limits, None, G::SEARCH.clock_horizon),
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
            eval,
            eval_cache: eval_cache::EvalCache::new(G::SEARCH.eval_cache),
        }
    }

    /// The side to move's static evaluation, from the cache when the
    /// game's profile keeps one.
    #[inline]
    fn static_eval(&mut self, pos: &G) -> Score {
        let key = if G::SEARCH.eval_cache {
            self.node_key(pos)
        } else {
            0
        };
        let eval = &self.eval;
        self.eval_cache.get_or(key, || pos.evaluate(eval))
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

    /// The key of the node being searched: the last one on the path (each
    /// move pushes its child's key), computed only after a null move
    /// (pushed as 0). Some games build their key from the rule state at
    /// every call (Strange Chess hashes its tunnels' cells), and a node
    /// needs it up to three times.
    #[inline]
    fn node_key(&self, pos: &G) -> u64 {
        match self.keys.last() {
            Some(&k) if k != 0 => {
                debug_assert_eq!(k, pos.key(), "the path's last key is not the node's");
                k
            }
            _ => pos.key(),
        }
    }

    /// Pushes the key of the position a move has just made onto the path,
    /// and, when the child will probe the table (`probes`), asks for its
    /// bucket at once so the line arrives while the child does other work.
    #[inline]
    fn push_child_key(&mut self, pos: &G, probes: bool) {
        let key = pos.key();
        if probes {
            self.shared.tt.prefetch(key);
        }
        self.keys.push(key);
    }

    /// Twofold repetition on the path or with the game before the root.
    fn is_repetition(&self, pos: &G) -> bool {
        let key = self.node_key(pos);
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
}
