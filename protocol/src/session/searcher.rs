//! The search thread of a session: one engine (hash table and threads),
//! one search at a time, started, stopped or abandoned by the face that
//! owns it. Progress and the result come back as values in the binding
//! notation; the face formats them (CECP thinking lines, UCI `info`, a
//! web page).
//!
//! Every perfect-information game is searched here by alpha-beta.
//! Reality Check, whose engine must not see the opponent's hidden faces,
//! is refused with an error: its faces run ISMCTS on a belief of the
//! position instead (`cecp::hidden`, `play_rc`).

use crate::analysis::line_text;
use engine::baseline::Player;
use engine::limits::Limits;
use engine::observer::{Iteration, Observer};
use engine::score::Score;
use engine::tt::HashError;
use engine::{Engine, SearchOptions};
use eval::{EvalConfig, Evaluator};
use movegen::game::{Notation, Tactical};
use movegen::{AnyMove, AnyPosition, TypedMove};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// Most threads accepted: the `Threads` option of every face's range ends here, and
/// `cores` and `--threads` above it count as this many (at most one per
/// core of the machine runs anyway). The largest hash table is the
/// machine's: [`engine::tt::max_hash_mib`].
pub const MAX_THREADS: usize = 256;

/// What to search.
#[derive(Clone, Debug)]
pub struct Job {
    pub root: AnyPosition,
    /// Keys of the positions before the root (repetitions).
    pub history: Vec<u64>,
    pub limits: Limits,
    pub multipv: usize,
    /// Root moves left out (binding notation).
    pub exclude: Vec<String>,
    pub contempt: i32,
    /// The engine's own move: the configured player chooses it (a
    /// baseline for measurements, or the search). Analysis always
    /// searches.
    pub own_move: bool,
}

/// One completed iteration (one line of it in multi-PV), with the
/// principal variation in the binding notation.
pub type Report = Iteration<String>;

/// A search that ended.
#[derive(Clone, Debug)]
pub struct Done {
    pub id: u64,
    /// None: no legal move (or the game is not searched here).
    pub best: Option<AnyMove>,
    /// The reply the principal variation expects (UCI's `ponder`), as text:
    /// it is only ever printed.
    pub ponder: Option<String>,
    pub score: Score,
    /// The last completed iteration and the nodes searched.
    pub depth: u32,
    pub nodes: u64,
}

/// The search that runs, as the owner sees it.
#[derive(Clone, Copy, Debug)]
pub struct RunInfo {
    pub id: u64,
    pub started: Instant,
    pub limits: Limits,
}

/// Depth and nodes of the running search's last iteration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    pub depth: u32,
    pub nodes: u64,
}

struct Running {
    info: RunInfo,
    handle: JoinHandle<()>,
}

pub struct Searcher {
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    /// The root move being searched, as the engine writes it, and the
    /// running search's root moves by code, to name it.
    root_progress: Arc<engine::RootProgress>,
    root_moves: Arc<Mutex<Vec<(u64, String)>>>,
    running: Option<Running>,
    progress: Arc<Mutex<Progress>>,
    next_id: u64,
    /// Mirrors of the engine's settings, so reading them never waits for
    /// a running search (which holds the engine).
    hash_mib: usize,
    threads: usize,
    /// A table size still to allocate: a large table takes seconds, so a
    /// face may allocate it when the protocol lets it (CECP after
    /// `feature done=0`).
    pending_hash: Option<usize>,
    player: Player,
    eval: EvalConfig,
    /// Varies a baseline's random choices from one process to the next.
    seed: u64,
}

impl Searcher {
    /// An engine with `threads` threads and a 1 MiB table; the table of
    /// `hash_mib` comes with [`Searcher::allocate_pending_hash`] (its size
    /// is checked now).
    pub fn new(
        hash_mib: usize,
        threads: usize,
        player: Player,
        eval: EvalConfig,
    ) -> Result<Searcher, HashError> {
        engine::tt::check_hash_mib(hash_mib)?;
        let engine = Engine::try_new(1, threads)?;
        let stop = engine.stop_handle();
        let root_progress = engine.root_progress();
        Ok(Searcher {
            engine: Arc::new(Mutex::new(engine)),
            stop,
            root_progress,
            root_moves: Arc::default(),
            running: None,
            progress: Arc::default(),
            next_id: 1,
            hash_mib,
            threads,
            pending_hash: (hash_mib != 1).then_some(hash_mib),
            player,
            eval,
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                ^ u64::from(std::process::id()) << 32,
        })
    }

    pub fn hash_mib(&self) -> usize {
        self.hash_mib
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Allocates the table still owed. A size the allocator refuses now
    /// leaves the smallest table; the error says what was asked.
    pub fn allocate_pending_hash(&mut self) -> Result<(), (usize, HashError)> {
        let Some(mib) = self.pending_hash.take() else {
            return Ok(());
        };
        let result = match self.engine.lock() {
            Ok(mut e) => e.try_set_hash(mib),
            Err(_) => Ok(()),
        };
        result.map_err(|e| {
            self.hash_mib = 1;
            (mib, e)
        })
    }

    /// A new table size (any running search is abandoned). A size beyond
    /// the machine, or one the allocator refuses, leaves the old table.
    pub fn set_hash(&mut self, mib: usize) -> Result<(), HashError> {
        engine::tt::check_hash_mib(mib)?;
        self.abort();
        self.pending_hash = None;
        let result = match self.engine.lock() {
            Ok(mut e) => e.try_set_hash(mib),
            Err(_) => Ok(()),
        };
        result.map(|()| self.hash_mib = mib)
    }

    pub fn set_threads(&mut self, n: usize) {
        self.abort();
        if let Ok(mut e) = self.engine.lock() {
            e.set_threads(n);
        }
        self.threads = n;
    }

    /// Forgets what earlier games taught the engine (hash, histories).
    pub fn new_game(&mut self) {
        self.abort();
        if let Ok(mut e) = self.engine.lock() {
            e.new_game();
        }
    }

    pub fn running(&self) -> Option<RunInfo> {
        self.running.as_ref().map(|r| r.info)
    }

    pub fn progress(&self) -> Progress {
        self.progress.lock().map(|p| *p).unwrap_or_default()
    }

    /// The root move the running search is on: its text, its number in
    /// the iteration (from 1) and the iteration's depth.
    pub fn current_move(&self) -> Option<(String, u32, u32)> {
        self.running.as_ref()?;
        let (code, number, depth) = self.root_progress.get()?;
        let moves = self.root_moves.lock().ok()?;
        let text = moves.iter().find(|(c, _)| *c == code)?.1.clone();
        Some((text, number, depth))
    }

    /// Starts `job` on a thread (after abandoning any running search):
    /// `on_iteration` hears every iteration, `on_done` the result, both on
    /// the search thread. Returns the search's id.
    pub fn start(
        &mut self,
        job: Job,
        mut on_iteration: impl FnMut(&Report) + Send + 'static,
        on_done: impl FnOnce(Done) + Send + 'static,
    ) -> Result<u64, String> {
        if movegen::variant::hidden_information(job.root.variant()) {
            return Err(format!(
                "{} hides information: it is searched by ISMCTS on what the side to move knows, not here",
                job.root.variant().title()
            ));
        }
        self.abort();
        // A face that never allocated the table gets it here.
        let _ = self.allocate_pending_hash();
        let id = self.next_id;
        self.next_id += 1;
        // Re-armed before the thread exists: an abort that follows at
        // once is then never lost.
        self.stop.store(false, Relaxed);
        if let Ok(mut p) = self.progress.lock() {
            *p = Progress::default();
        }
        let engine = self.engine.clone();
        let progress = self.progress.clone();
        let root_moves = self.root_moves.clone();
        let baseline = (job.own_move && self.player != Player::Search)
            .then_some((self.player, id ^ self.seed));
        let eval_config = self.eval;
        let limits = job.limits;
        // Named, so that a session's threads can be told apart (the
        // engine's own threads are `search N`).
        let handle = std::thread::Builder::new()
            .name("search session".into())
            .spawn(move || {
                let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                engine.set_contempt(job.contempt);
                engine.set_eval(eval_config);
                let mut report = |r: &Report| {
                    if let Ok(mut p) = progress.lock() {
                        *p = Progress {
                            depth: r.depth,
                            nodes: r.nodes,
                        };
                    }
                    on_iteration(r);
                };
                let done = movegen::with_search!(&job.root, alphabeta pos => {
                name_root_moves(pos, &root_moves);
                match baseline {
                Some((player, seed)) => Done {
                    id,
                    best: engine::baseline::choose(player, &eval_config, pos, &job.history, seed)
                        .map(|m| AnyMove::of(pos, m)),
                    ponder: None,
                    score: 0,
                    depth: 0,
                    nodes: 0,
                },
                None => search(&mut engine, pos, &job, id, &mut report),
                }
            },
            // Refused in `start`: the side to move must not see hidden faces.
            ismcts _pos => Done { id, best: None, ponder: None, score: 0, depth: 0, nodes: 0 });
                drop(engine);
                on_done(done);
            })
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        self.running = Some(Running {
            info: RunInfo {
                id,
                started: Instant::now(),
                limits,
            },
            handle,
        });
        Ok(id)
    }

    /// Asks the running search to end now and report its best move.
    pub fn stop(&self) {
        if self.running.is_some() {
            self.stop.store(true, Relaxed);
        }
    }

    /// Stops any search and waits for its thread; its result is dropped
    /// by the face (it no longer matches [`Searcher::running`]). Returns
    /// what ran.
    pub fn abort(&mut self) -> Option<RunInfo> {
        let r = self.running.take()?;
        self.stop.store(true, Relaxed);
        let _ = r.handle.join();
        Some(r.info)
    }

    /// The search `id` reported its result: its thread is joined. None
    /// when `id` is not the running search (an abandoned one).
    pub fn finished(&mut self, id: u64) -> Option<RunInfo> {
        if self.running.as_ref().map(|r| r.info.id) != Some(id) {
            return None;
        }
        let r = self.running.take()?;
        let _ = r.handle.join();
        Some(r.info)
    }

    /// Searches on the caller's thread until `job` is done (the terminal
    /// player, tools): the same search and settings as [`Searcher::start`].
    pub fn search_here(
        &mut self,
        job: Job,
        on_iteration: impl FnMut(&Report) + Send + 'static,
    ) -> Result<Done, String> {
        let (tx, rx) = std::sync::mpsc::channel();
        let id = self.start(job, on_iteration, move |d| {
            let _ = tx.send(d);
        })?;
        let done = rx
            .recv()
            .map_err(|_| "the search thread ended without a result".to_string())?;
        self.finished(id);
        Ok(done)
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.abort();
    }
}

/// The root's legal moves by their codes, so that the root move the
/// engine reports can be named.
fn name_root_moves<G: Notation + Tactical>(pos: &G, into: &Mutex<Vec<(u64, String)>>) {
    let mut list = G::Moves::default();
    pos.legal_moves(&mut list);
    let named = list
        .iter()
        .map(|&m| (<G as Tactical>::encode_move(m), pos.move_to_string(m)))
        .collect();
    if let Ok(mut v) = into.lock() {
        *v = named;
    }
}

/// Adapter from the generic observer to a [`Report`] callback.
struct Reporter<'a, G, F> {
    root: &'a G,
    report: &'a mut F,
}

impl<G: Notation, F: FnMut(&Report)> Observer<G::Move> for Reporter<'_, G, F> {
    fn iteration(&mut self, it: &Iteration<G::Move>) {
        (self.report)(&it.with_pv(line_text(self.root, &it.pv)));
    }
}

fn search<G: Evaluator + Notation + TypedMove>(
    engine: &mut Engine,
    pos: &G,
    job: &Job,
    id: u64,
    report: &mut impl FnMut(&Report),
) -> Done {
    let exclude: Vec<u64> = job
        .exclude
        .iter()
        .filter_map(|m| pos.parse_move(m).ok())
        .map(|m| <G as Tactical>::encode_move(m))
        .collect();
    let options = SearchOptions {
        multipv: job.multipv,
        exclude,
    };
    let mut obs = Reporter { root: pos, report };
    let r = engine.search(pos, &job.history, &job.limits, &options, &mut obs);
    // The expected reply, when the principal variation starts with the
    // move played.
    let ponder = match (r.best, r.pv.as_slice()) {
        (Some(b), [first, _, ..]) if *first == b => line_text(pos, &r.pv[..2]).pop(),
        _ => None,
    };
    Done {
        id,
        best: r.best.map(G::wrap),
        ponder,
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
    }
}
