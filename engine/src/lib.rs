//! Curio's searches, generic over the game traits of `movegen` and the
//! evaluation of `eval`: alpha-beta with Lazy SMP threads now, ISMCTS for
//! Reality Check later. Progress goes out through [`observer::Observer`];
//! this crate knows nothing of output formats or protocols.
//!
//! [`Engine`] owns what lives across searches (the transposition table, the
//! thread count and the stop flag) and runs one search at a time.

pub mod baseline;
pub mod limits;
pub mod mcts;
pub mod observer;
pub mod players;
pub mod priority;
pub mod score;
pub mod search;
pub mod timeman;
pub mod tt;

use eval::Evaluator;
use limits::Limits;
use movegen::Game;
use observer::{Iteration, Observer};
use score::Score;
use search::{PerMove, Shared, Thread, MAX_PLY};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::{Scope, ScopedJoinHandle};
use std::time::{Duration, Instant};
use timeman::TimeManager;
use tt::{HashError, TranspositionTable};

/// Default transposition table size in MiB.
pub const DEFAULT_HASH_MIB: usize = 64;

/// The stack every search thread runs on, for game `G`: at least 64 MiB,
/// more for games with very large move lists.
///
/// Why: alpha-beta recurses once per ply, up to [`search::MAX_PLY`] plies
/// with quiescence, and each ply keeps its move buffers on the stack with
/// the game's own capacity (the moves, their ordering scores, the quiet
/// moves tried; quiescence keeps (move, order) pairs). A 144-square game's
/// 4096-move list of 8-byte moves is about 150 KiB a ply, 19 MiB over 128
/// plies: far beyond the default 2 MiB thread stack, which overflowed
/// (aborting the process) at about 20 plies. The stack is reserved address
/// space only; pages cost memory once touched, so a generous size is free.
/// Unoptimised builds use bigger frames, hence the factor 2.
pub fn search_stack_bytes<G: Game>() -> usize {
    use std::mem::size_of;
    let per_ply = 2 * size_of::<G::Moves>()
        + size_of::<PerMove<G, i32>>()
        + size_of::<PerMove<G, (G::Move, i32)>>()
        + 4096;
    ((MAX_PLY + 8) * per_ply * 2).max(64 << 20)
}

/// Spawns a search thread on a stack of `stack` bytes (see
/// [`search_stack_bytes`]).
pub(crate) fn spawn_search_thread<'scope, T: Send + 'scope>(
    scope: &'scope Scope<'scope, '_>,
    name: String,
    stack: usize,
    f: impl FnOnce() -> T + Send + 'scope,
) -> ScopedJoinHandle<'scope, T> {
    std::thread::Builder::new()
        .name(name)
        .stack_size(stack)
        .spawn_scoped(scope, f)
        .expect("cannot start a search thread")
}

/// Carries the main search thread's reports to the caller's thread, where
/// the caller's observer runs (observers need not be `Send`).
struct Relay<M>(mpsc::Sender<Iteration<M>>);

impl<M: Clone> Observer<M> for Relay<M> {
    fn iteration(&mut self, info: &Iteration<M>) {
        // The caller stops listening only once the search has ended.
        let _ = self.0.send(info.clone());
    }
}
/// The deepest iteration an alpha-beta search runs: a deeper depth limit
/// (`--depth`, CECP `sd`) counts as this.
pub const MAX_DEPTH: u32 = search::MAX_PLY as u32 - 10;

/// Options of one search.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Number of best lines to report (analysis).
    pub multipv: usize,
    /// Root moves not to consider, as `Tactical::encode_move` values
    /// (CECP `exclude`). If every move is excluded, all are searched.
    pub exclude: Vec<u64>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            multipv: 1,
            exclude: Vec::new(),
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// None only when the root has no legal move.
    pub best: Option<M>,
    /// For the side to move at the root.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    pub pv: Vec<M>,
    pub nodes: u64,
    pub time: Duration,
    /// Threads that searched (see [`Engine::running_threads`]).
    pub threads: usize,
}

/// How many threads this machine runs at once: std's count, which follows
/// the process's CPU affinity and cgroup quota. `None` when the system
/// cannot tell.
pub fn available_cores() -> Option<usize> {
    std::thread::available_parallelism().ok().map(|n| n.get())
}

/// How many of `requested` threads a new [`Engine`] runs on this machine.
pub fn threads_that_run_here(requested: usize) -> usize {
    capped(requested.max(1), available_cores())
}

fn capped(threads: usize, core_limit: Option<usize>) -> usize {
    core_limit.map_or(threads, |cores| threads.min(cores.max(1)))
}

/// The search engine: transposition table, threads, stop flag.
/// The root move the main search thread is on, for a face that shows it
/// while it thinks (UCI `currmove`). Written at the root only, read from
/// any thread.
#[derive(Debug, Default)]
pub struct RootProgress {
    code: AtomicU64,
    /// 1-based; 0 while no root move has been started.
    number: AtomicU32,
    depth: AtomicU32,
}

impl RootProgress {
    pub(crate) fn set(&self, code: u64, number: u32, depth: u32) {
        self.code.store(code, Relaxed);
        self.number.store(number, Relaxed);
        self.depth.store(depth, Relaxed);
    }

    /// The move's code ([`movegen::Tactical::encode_move`]), its number
    /// in this iteration and the iteration's depth; None before the
    /// first.
    pub fn get(&self) -> Option<(u64, u32, u32)> {
        let number = self.number.load(Relaxed);
        (number > 0).then(|| (self.code.load(Relaxed), number, self.depth.load(Relaxed)))
    }
}

pub struct Engine {
    tt: TranspositionTable,
    root: Arc<RootProgress>,
    /// Threads asked for (`--threads`, CECP `cores`).
    threads: usize,
    /// At most this many threads run (see [`Engine::running_threads`]).
    core_limit: Option<usize>,
    stop: Arc<AtomicBool>,
    contempt: Score,
    /// The evaluation settings every search thread evaluates with.
    eval: eval::EvalConfig,
    /// The growth from one iteration to the next measured in the last
    /// search, and of which game: the next search predicts with it.
    growth: Option<(std::any::TypeId, f64)>,
}

impl Engine {
    /// An engine with a fixed, known-good table size (bench, tests, game
    /// play at the default size).
    ///
    /// # Panics
    ///
    /// When the table cannot be made; sizes from outside go through
    /// [`Engine::try_new`].
    pub fn new(hash_mib: usize, threads: usize) -> Engine {
        Engine::try_new(hash_mib, threads).unwrap_or_else(|e| panic!("hash table: {e}"))
    }

    /// An engine, or why its table cannot be made (see
    /// [`tt::max_hash_mib`]).
    pub fn try_new(hash_mib: usize, threads: usize) -> Result<Engine, HashError> {
        Ok(Engine {
            tt: TranspositionTable::try_new(hash_mib)?,
            threads: threads.max(1),
            core_limit: available_cores(),
            stop: Arc::new(AtomicBool::new(false)),
            root: Arc::default(),
            contempt: 0,
            eval: eval::EvalConfig::DEFAULT,
            growth: None,
        })
    }

    /// Resizes (and clears) the transposition table.
    ///
    /// # Panics
    ///
    /// As [`Engine::new`]; sizes from outside go through
    /// [`Engine::try_set_hash`].
    pub fn set_hash(&mut self, mib: usize) {
        self.try_set_hash(mib)
            .unwrap_or_else(|e| panic!("hash table: {e}"));
    }

    /// Resizes (and clears) the transposition table, or says why not. A
    /// size above [`tt::max_hash_mib`] leaves the old table as it was. The
    /// new table is made while the old one still exists, unless the two
    /// together would pass that limit: then the old one goes first, and if
    /// the new one then cannot be allocated the old size is made again
    /// (cleared), or a 1 MiB table when even that fails.
    pub fn try_set_hash(&mut self, mib: usize) -> Result<(), HashError> {
        tt::check_hash_mib(mib)?;
        let old = self.tt.mib();
        if old.saturating_add(mib) <= tt::max_hash_mib() {
            self.tt = TranspositionTable::try_new(mib)?;
            return Ok(());
        }
        self.tt = TranspositionTable::try_new(1)?;
        match TranspositionTable::try_new(mib) {
            Ok(t) => {
                self.tt = t;
                Ok(())
            }
            Err(e) => {
                if let Ok(t) = TranspositionTable::try_new(old) {
                    self.tt = t;
                }
                Err(e)
            }
        }
    }

    pub fn hash_mib(&self) -> usize {
        self.tt.mib()
    }

    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// The threads asked for; [`Engine::running_threads`] says how many run.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Caps the threads a search runs; a new engine caps at
    /// [`available_cores`]. `None` runs every thread asked for: tests use
    /// it to exercise more threads than the test machine has cores.
    pub fn set_core_limit(&mut self, cores: Option<usize>) {
        self.core_limit = cores;
    }

    /// The threads a search runs: those asked for, but at most one per
    /// core. Lazy SMP threads beyond the core count do not search more
    /// positions, they take time slices from the main thread, which decides
    /// and keeps the clock. On the 2-core development machine `--threads 4`
    /// gained +7 Elo over 1 thread with all 4 running (pairs -4 to +17, 736
    /// games) and +20 with 2 running (pairs +11 to +29, 1078 games);
    /// docs/engine.md has the matches.
    pub fn running_threads(&self) -> usize {
        capped(self.threads, self.core_limit)
    }

    /// How much the engine dislikes draws, in centipawns (0: a draw is
    /// worth 0). Game play uses a small positive value so that the engine
    /// avoids repetitions in even positions; analysis keeps 0.
    pub fn set_contempt(&mut self, cp: Score) {
        self.contempt = cp.clamp(-500, 500);
    }

    pub fn contempt(&self) -> Score {
        self.contempt
    }

    /// The evaluation settings (weights) of the searches to come.
    pub fn set_eval(&mut self, c: eval::EvalConfig) {
        self.eval = c;
    }

    /// Forgets everything learnt (a new game), so searches repeat exactly.
    pub fn new_game(&mut self) {
        self.tt.clear();
    }

    /// A handle that stops the running search when set (from any thread).
    /// It stays set, and makes later searches return at once, until
    /// [`Engine::clear_stop`]: so a stop that arrives before a search has
    /// really started is not lost.
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Where the running search is at its root (see [`RootProgress`]).
    pub fn root_progress(&self) -> Arc<RootProgress> {
        self.root.clone()
    }

    /// Re-arms the engine after a stop request.
    pub fn clear_stop(&self) {
        self.stop.store(false, Relaxed);
    }

    /// Shows a helper's result that won the vote as the last iteration, so
    /// the last line shown is the line played.
    fn report_helper<M: Clone>(
        &self,
        observer: &mut dyn Observer<M>,
        result: &search::ThreadResult<M>,
        nodes: u64,
        start: Instant,
    ) {
        observer.iteration(&observer::Iteration {
            depth: result.depth,
            seldepth: result.seldepth,
            multipv: 1,
            score: result.score,
            nodes,
            time: start.elapsed(),
            pv: result.pv.clone(),
            hashfull: self.tt.hashfull(),
        });
    }

    /// Searches `root`. `history` holds the keys of the game's earlier
    /// positions (oldest first) for repetition detection.
    ///
    /// Every search thread, the main one included, is spawned with
    /// [`search_stack_bytes`] of stack; the caller's thread waits, passes
    /// the main thread's reports to `observer` as they come, and returns the
    /// result.
    pub fn search<G: Evaluator>(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        options: &SearchOptions,
        observer: &mut dyn Observer<G::Move>,
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.tt.new_search();
        let nodes = AtomicU64::new(0);
        let tt = &self.tt;
        let abort = &*self.stop;
        self.root.set(0, 0, 0);
        let root_progress = &*self.root;
        let finished = AtomicBool::new(false);
        let stop = &finished;
        let contempt = self.contempt;
        let helpers = self.running_threads() - 1;
        let eval_config = self.eval;
        let stack = search_stack_bytes::<G>();
        let game = std::any::TypeId::of::<G>();
        let growth_hint = self.growth.filter(|g| g.0 == game).map(|g| g.1);
        let mut measured_growth = timeman::DEFAULT_GROWTH;
        let shared = Shared {
            tt,
            stop,
            abort,
            nodes: &nodes,
            root: root_progress,
        };
        let mut results = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..=helpers)
                .map(|id| {
                    let mut pos = root.clone();
                    // Helpers have no limits of their own: the main thread
                    // stops them through the shared flag.
                    let helper_limits = Limits {
                        depth: limits.depth,
                        infinite: true,
                        ..Limits::default()
                    };
                    spawn_search_thread(scope, format!("search {id}"), stack, move || {
                        priority::lower_current_thread();
                        let mut t: Thread<G> = Thread::new(
                            shared,
                            id,
                            helper_limits,
                            history,
                            start,
                            contempt,
                            eval_config,
                        );
                        t.run(&mut pos, 1, &options.exclude, None)
                    })
                })
                .collect();
            let (reports, received) = mpsc::channel();
            let main = spawn_search_thread(scope, "search 0".into(), stack, move || {
                let mut main: Thread<G> =
                    Thread::new(shared, 0, *limits, history, start, contempt, eval_config);
                main.time = TimeManager::new(limits, growth_hint, G::SEARCH.clock_horizon);
                let mut pos = root.clone();
                let mut relay = Relay(reports);
                let r = main.run(
                    &mut pos,
                    options.multipv,
                    &options.exclude,
                    Some(&mut relay),
                );
                // Release the helpers.
                stop.store(true, Relaxed);
                (r, main.time.growth())
            });
            // Ends when the main thread drops its sender, at its end.
            for report in received {
                observer.iteration(&report);
            }
            let (main_result, growth) = main.join().expect("search thread");
            measured_growth = growth;
            let mut results = vec![main_result];
            results.extend(
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread")),
            );
            results
        });
        // Multi-PV analysis shows the main thread's lines; otherwise the
        // threads vote, and a helper's result that wins is reported too, so
        // the last line shown is the line played.
        let chosen = if options.multipv > 1 {
            0
        } else {
            search::pick_result(&results)
        };
        self.growth = Some((game, measured_growth));
        let threads = results.len();
        let result = results.swap_remove(chosen);
        let nodes = nodes.load(Relaxed);
        if chosen != 0 {
            self.report_helper(observer, &result, nodes, start);
        }
        SearchResult {
            best: result.best,
            score: result.score,
            depth: result.depth,
            pv: result.pv,
            nodes,
            time: start.elapsed(),
            threads,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_beyond_the_cores_do_not_run() {
        let mut e = Engine::new(1, 4);
        e.set_core_limit(Some(2));
        assert_eq!((e.threads(), e.running_threads()), (4, 2));
        e.set_core_limit(Some(8));
        assert_eq!(e.running_threads(), 4);
        e.set_core_limit(None);
        assert_eq!(e.running_threads(), 4);
        e.set_core_limit(Some(0));
        assert_eq!(
            e.running_threads(),
            1,
            "a zero limit still runs the main thread"
        );
        e.set_threads(1);
        e.set_core_limit(Some(2));
        assert_eq!(e.running_threads(), 1);
    }

    #[test]
    fn a_hash_beyond_the_machine_is_refused_and_the_table_kept() {
        let max = tt::max_hash_mib();
        assert!(matches!(
            Engine::try_new(max + 1, 1),
            Err(HashError::TooLarge { .. })
        ));
        let mut e = Engine::new(2, 1);
        assert_eq!(
            e.try_set_hash(usize::MAX),
            Err(HashError::TooLarge {
                mib: usize::MAX,
                max
            })
        );
        assert_eq!(e.hash_mib(), 2);
        e.try_set_hash(4).unwrap();
        assert_eq!(e.hash_mib(), 4);
    }

    #[test]
    fn a_new_engine_caps_at_the_machine_cores() {
        let e = Engine::new(1, 1024);
        let cores = available_cores().expect("Linux reports its cores");
        assert_eq!(e.running_threads(), cores.min(1024));
        assert_eq!(threads_that_run_here(1024), cores.min(1024));
        assert_eq!(threads_that_run_here(0), 1);
    }
}
