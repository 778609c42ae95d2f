//! The per-game loop of `curio match`: each worker thread takes the next
//! scheduled game, starts (or reuses) its own engine processes, plays the
//! game, saves it as PGN and counts it, until the schedule is done or the
//! match is stopped (an error, an SPRT verdict).

use super::engine_proc::EngineProc;
use super::game::{play_game, PlayedGame, TimeControl};
use super::groups::set_report_so_far;
use super::hidden::play_hidden_game;
use super::pgn::write_game;
use super::standings::{record, report, Tally};
use super::stats::SprtVerdict;
use super::tournament::{file_part, job, open_log, opening, Job, MatchConfig};
use movegen::game::Color;
use movegen::realitycheck::fen::Setup;
use movegen::AnyPosition;
use std::fs::File;
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// What the workers of a match share.
pub(super) struct Shared<'a, W: Write + Send> {
    pub cfg: &'a MatchConfig,
    /// The round robin's pairings (see [`job`]).
    pub pairings: &'a [(usize, usize)],
    /// Games scheduled.
    pub total: usize,
    /// The index of the next job to take.
    pub next: AtomicUsize,
    /// Set to end the match: no worker takes another game.
    pub stop: AtomicBool,
    pub tally: Mutex<Tally>,
    /// Where the progress lines go.
    pub progress: Mutex<&'a mut W>,
    /// Errors that stopped the match; the first is reported.
    pub errors: Mutex<Vec<String>>,
    pub pgn_file: Option<Mutex<File>>,
    pub log_dir: Option<&'a str>,
}

impl<W: Write + Send> Shared<'_, W> {
    /// Records an error that stops the match.
    fn fail(&self, e: String) {
        self.errors.lock().unwrap().push(e);
        self.stop.store(true, Ordering::SeqCst);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }
}

/// One worker: plays scheduled games one after another until none is
/// left or the match is stopped, then ends its engines.
pub(super) fn run_worker<W: Write + Send>(sh: &Shared<W>) {
    // This worker's own engine processes, started on demand and
    // restarted after a crash or hang.
    let mut procs: Vec<Option<EngineProc>> = (0..sh.cfg.engines.len()).map(|_| None).collect();
    loop {
        if sh.stopped() {
            break;
        }
        let j = sh.next.fetch_add(1, Ordering::SeqCst);
        if j >= sh.total {
            break;
        }
        let job = &job(sh.pairings, sh.cfg.games, j);
        if play_job(sh, &mut procs, job).is_break() {
            break;
        }
    }
    for p in procs.into_iter().flatten() {
        p.quit();
    }
}

/// Plays the game of `job` and saves and counts it. Break: this worker
/// is to stop (the match was stopped, or the game could not be played).
fn play_job<W: Write + Send>(
    sh: &Shared<W>,
    procs: &mut [Option<EngineProc>],
    job: &Job,
) -> ControlFlow<()> {
    let (start, is_start, opening_moves) = match opening(sh.cfg, job.opening) {
        Ok(o) => o,
        Err(e) => {
            sh.fail(e);
            return ControlFlow::Break(());
        }
    };
    start_engines(sh, procs, job);
    if sh.stopped() {
        return ControlFlow::Break(());
    }
    let Some(rec) = play(sh, procs, job, &start, is_start, &opening_moves) else {
        return ControlFlow::Break(());
    };
    let end = format!(
        "game {}: {} {{{}}}",
        job.round,
        rec.result,
        rec.reason_in_full()
    );
    log::info!(target: "curio::referee", "{end}");
    for &k in &[job.white, job.black] {
        if let Some(p) = procs[k].as_ref() {
            p.note(&end);
        }
    }
    // A crashed, hung or confused engine is replaced for the
    // next game.
    for (i, &k) in [job.white, job.black].iter().enumerate() {
        if rec.broken[i] {
            if let Some(mut p) = procs[k].take() {
                p.kill();
            }
        }
    }
    save_pgn(sh, job, &rec);
    let line = record(sh.cfg, &sh.tally, job, &rec, sh.total);
    let _ = writeln!(sh.progress.lock().unwrap(), "{line}");
    if let Some(s) = &sh.cfg.sprt {
        let mut t = sh.tally.lock().unwrap();
        let verdict = s.verdict(&t.head);
        if verdict != SprtVerdict::Continue {
            if t.sprt_stop.is_none() {
                t.sprt_stop = Some((verdict, t.done(), s.llr(&t.head)));
            }
            sh.stop.store(true, Ordering::SeqCst);
        }
    }
    // What a signal that ends the match early prints.
    let mut so_far = Vec::new();
    let t = sh.tally.lock().unwrap();
    if report(sh.cfg, &t, sh.total, &mut so_far).is_ok() {
        set_report_so_far(String::from_utf8_lossy(&so_far).into_owned());
    }
    drop(t);
    ControlFlow::Continue(())
}

/// Gets both engines of `job` ready, each logging to its file for this
/// game: an engine is started on its first game and again after it died,
/// its options set. A failure stops the match.
fn start_engines<W: Write + Send>(sh: &Shared<W>, procs: &mut [Option<EngineProc>], job: &Job) {
    for (colour, &k) in [("white", &job.white), ("black", &job.black)] {
        let spec = &sh.cfg.engines[k];
        let file = format!(
            "game-{:04}-{colour}-{}.log",
            job.round,
            file_part(&spec.name)
        );
        let log = match open_log(sh.log_dir, &file) {
            Ok(l) => l,
            Err(e) => {
                sh.fail(e);
                break;
            }
        };
        let needs = match &mut procs[k] {
            None => true,
            Some(p) => p.is_dead(),
        };
        if needs {
            let started = EngineProc::start(&spec.name, &spec.command, spec.protocol, log)
                .and_then(|mut p| p.set_options(&spec.options).map(|()| p));
            match started {
                Ok(p) => procs[k] = Some(p),
                Err(e) => sh.fail(e),
            }
        } else if let Some(p) = procs[k].as_mut() {
            p.set_log(log);
        }
    }
}

/// Plays the game of `job` from `start` (see [`opening`]) between its
/// engines, which are running. None when it cannot be played: the match
/// is stopped.
fn play<W: Write + Send>(
    sh: &Shared<W>,
    procs: &mut [Option<EngineProc>],
    job: &Job,
    start: &AnyPosition,
    is_start: bool,
    opening_moves: &[String],
) -> Option<PlayedGame> {
    let cfg = sh.cfg;
    let (w, b) = engine_pair(procs, job.white, job.black);
    let tcs = [tc_of(cfg, job.white), tc_of(cfg, job.black)];
    let names = [&cfg.engines[job.white].name, &cfg.engines[job.black].name];
    let title = format!(
        "game {}: {} (white) against {} (black), {} from {}",
        job.round,
        names[0],
        names[1],
        cfg.variant.id(),
        start.fen()
    );
    log::info!(target: "curio::referee", "{title}");
    for (e, tc) in [(&w, tcs[0]), (&b, tcs[1])] {
        e.note(&format!("{title}; this engine's time control: {tc:?}"));
    }
    let rec = match start {
        AnyPosition::RealityCheck(p) => {
            let setups = [Setup::of(p, Color::White), Setup::of(p, Color::Black)];
            match setups {
                [Some(ws), Some(bs)] => play_hidden_game([w, b], [ws, bs], tcs),
                // Openings are checked to be start positions
                // when they are read; one that is not stops
                // the match with an error, not a panic.
                _ => {
                    sh.fail(format!(
                        "game {}: the opening {} is not a Reality Check start position",
                        job.round,
                        p.fen()
                    ));
                    return None;
                }
            }
        }
        _ => play_game(
            [w, b],
            cfg.variant,
            start,
            is_start,
            opening_moves,
            tcs,
            cfg.adjudication,
        ),
    };
    Some(rec)
}

/// The running engines `white` and `black` (different) of `procs`, both
/// borrowed at once.
fn engine_pair(
    procs: &mut [Option<EngineProc>],
    white: usize,
    black: usize,
) -> (&mut EngineProc, &mut EngineProc) {
    if white < black {
        let (lo, hi) = procs.split_at_mut(black);
        (lo[white].as_mut().unwrap(), hi[0].as_mut().unwrap())
    } else {
        let (lo, hi) = procs.split_at_mut(white);
        (hi[0].as_mut().unwrap(), lo[black].as_mut().unwrap())
    }
}

/// Engine `k`'s time control: its own under time odds, else the match's.
fn tc_of(cfg: &MatchConfig, k: usize) -> TimeControl {
    cfg.engine_tc
        .iter()
        .find(|e| e.0 == k)
        .map_or(cfg.tc, |e| e.1)
}

/// Appends the game to the PGN file, if any. A game that cannot be saved
/// stops the match: it would go on losing every game's record.
fn save_pgn<W: Write + Send>(sh: &Shared<W>, job: &Job, rec: &PlayedGame) {
    if let Some(f) = &sh.pgn_file {
        let text = write_game(rec, sh.cfg.variant, job.round, sh.cfg.tc);
        let mut f = f.lock().unwrap();
        if let Err(e) = f.write_all(text.as_bytes()).and_then(|()| f.flush()) {
            sh.fail(format!(
                "--pgn {}: writing game {} failed: {e}",
                sh.cfg.pgn.as_deref().unwrap_or_default(),
                job.round
            ));
        }
    }
}
