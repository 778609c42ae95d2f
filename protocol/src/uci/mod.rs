//! The UCI face: Curio as a UCI engine, a second face over the session
//! core ([`crate::session`]) beside CECP.
//!
//! The game is chosen with the option `UCI_Variant` (Fairy-Stockfish's
//! name and its spelling `chess` for orthodox chess); positions and moves
//! travel in each game's binding notation (a Dysnomia denial is the move
//! `@@@@` like any other). Reality Check is refused: UCI's `position`
//! carries full FENs, which would hand the engine the opponent's hidden
//! faces; it is played over CECP's hidden-information extension.
//!
//! Pondering: `go ponder` searches the position after the expected reply
//! without a time limit; `ponderhit` starts the search of the same
//! position with the clock of that `go` (the hash table keeps what the
//! ponder search found, so little is lost), and `stop` ends it with a
//! `bestmove` the GUI ignores.
//!
//! `UCI_LimitStrength` with `UCI_Elo`: the search is limited to a number
//! of nodes per move that grows with the Elo asked for ([`strength`]),
//! so the strength does not depend on the machine or the clock.
//!
//! While a search runs past [`CURRMOVE_AFTER`], the root move it is on is
//! sent about once a second as `info depth D currmove M currmovenumber N`
//! (as Stockfish does after 3 s).
//!
//! Commands that a GUI should not send during a search (`position`,
//! `go`, `setoption`, `ucinewgame`) are kept and run after its
//! `bestmove`; `isready`, `stop`, `quit` act at once.
//!
//! Errors in input are answered with `info string Error (...): LINE` and
//! change nothing: the position stays as the last good `position` set it.

mod command;
pub mod strength;

use crate::analysis::score_text;
use crate::cecp::Out;
use crate::session::{Done, GameRecord, Job, Report, Searcher, MAX_THREADS};
use command::{parse_go, parse_position, parse_setoption, Go};
use engine::tt::HashError;
use movegen::{AnyPosition, Variant};
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc;

/// Start-up settings (`curio uci` flags).
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub hash_mib: usize,
    pub threads: usize,
}

enum Event {
    Line(String),
    Done(Done),
    Eof,
}

/// How long a search runs before its root move is shown.
pub const CURRMOVE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// The games UCI offers (all but the hidden-information one), by the
/// names `UCI_Variant` takes.
fn uci_variants() -> impl Iterator<Item = Variant> {
    Variant::ALL
        .into_iter()
        .filter(|&v| !movegen::variant::hidden_information(v))
}

fn info_line(r: &Report) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        r.depth,
        r.seldepth,
        r.multipv,
        // `cp N` or `mate M` (moves, negative when mated): UCI's form.
        score_text(r.score),
        r.nodes,
        r.nps(),
        r.hashfull,
        r.time.as_millis()
    );
    if !r.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&r.pv.join(" "));
    }
    line
}

struct Uci {
    out: Out,
    tx: mpsc::Sender<Event>,
    searcher: Searcher,
    variant: Variant,
    game: GameRecord,
    multipv: usize,
    contempt: Option<i32>,
    analyse_mode: bool,
    /// Milliseconds kept back from every move for the pipes and the GUI.
    move_overhead: u64,
    /// `UCI_LimitStrength` and `UCI_Elo`.
    limit_strength: bool,
    elo: u32,
    /// The running search, and whether it was `go infinite` (its
    /// `bestmove` waits for `stop`).
    running: Option<(u64, bool)>,
    /// The position the last search started from: its `bestmove` is
    /// written from it (a `position` may come while it runs).
    searched: AnyPosition,
    /// A `go infinite` search that ended by itself: its `bestmove`, sent
    /// at `stop`.
    held: Option<String>,
    /// The `go ponder` being pondered: searched in earnest at `ponderhit`.
    pondering: Option<Go>,
    /// The last root move shown (`currmove`), not to repeat it.
    shown: Option<(String, u32, u32)>,
    /// Commands that came during a search (`position`, `go`, options):
    /// run in order once its `bestmove` is out, as if the GUI had waited.
    queued: VecDeque<String>,
}

impl Uci {
    fn error(&self, why: &str, line: &str) {
        self.out.line(&format!("info string Error ({why}): {line}"));
    }

    fn options(&self) {
        let variants: Vec<&str> = uci_variants().map(|v| v.id()).collect();
        let o = &self.out;
        o.line(&format!(
            "option name UCI_Variant type combo default {} var {}",
            self.variant.id(),
            variants.join(" var ")
        ));
        o.line(&format!(
            "option name Hash type spin default {} min 1 max {}",
            self.searcher.hash_mib(),
            engine::tt::max_hash_mib()
        ));
        o.line(&format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            self.searcher.threads()
        ));
        o.line("option name Ponder type check default false");
        o.line("option name MultiPV type spin default 1 min 1 max 64");
        o.line(&format!(
            "option name Move Overhead type spin default {} min 0 max 5000",
            self.move_overhead
        ));
        o.line("option name Contempt type spin default 0 min -500 max 500");
        o.line("option name UCI_AnalyseMode type check default false");
        o.line("option name UCI_LimitStrength type check default false");
        o.line(&format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            strength::DEFAULT_ELO,
            strength::MIN_ELO,
            strength::MAX_ELO
        ));
        o.line("option name Clear Hash type button");
    }

    fn set_option(&mut self, name: &str, value: &str, line: &str) {
        let number = value.parse::<i64>();
        match (name.to_ascii_lowercase().as_str(), number) {
            ("uci_variant", _) => match value.parse::<Variant>() {
                Ok(v) if movegen::variant::hidden_information(v) => self.error(
                    "Reality Check hides each side's faces, which UCI's full FENs would reveal; play it over CECP",
                    line,
                ),
                Ok(v) => {
                    self.searcher.abort();
                    self.running = None;
                    self.variant = v;
                    self.game = GameRecord::new(AnyPosition::start(v), ());
                }
                Err(e) => self.error(&e.to_string(), line),
            },
            ("hash", Ok(mib)) if mib >= 1 => {
                self.running = None;
                if let Err(e) = self.searcher.set_hash(mib as usize) {
                    self.error(&format!("hash too large: at most {} MiB", e.max()), line);
                }
            }
            ("threads", Ok(n)) if (1..=MAX_THREADS as i64).contains(&n) => {
                self.running = None;
                self.searcher.set_threads(n as usize);
            }
            ("multipv", Ok(n)) if (1..=64).contains(&n) => self.multipv = n as usize,
            ("move overhead", Ok(ms)) if (0..=5000).contains(&ms) => self.move_overhead = ms as u64,
            ("contempt", Ok(c)) if (-500..=500).contains(&c) => self.contempt = Some(c as i32),
            ("uci_analysemode", _) if matches!(value, "true" | "false") => {
                self.analyse_mode = value == "true"
            }
            ("clear hash", _) => {
                self.running = None;
                self.searcher.new_game();
            }
            // The GUI says whether it will send `go ponder`; nothing here
            // depends on it.
            ("ponder", _) if matches!(value, "true" | "false") => {}
            ("uci_limitstrength", _) if matches!(value, "true" | "false") => {
                self.limit_strength = value == "true"
            }
            ("uci_elo", Ok(e))
                if (i64::from(strength::MIN_ELO)..=i64::from(strength::MAX_ELO)).contains(&e) =>
            {
                self.elo = e as u32
            }
            _ => self.error("unknown option or bad value", line),
        }
    }

    fn go(&mut self, go: Go, line: &str) {
        let legal = self.game.current().legal_move_strings();
        if self.game.outcome().is_some() || legal.is_empty() {
            // UCI's answer for "no move": the null move.
            self.out.line("bestmove 0000");
            return;
        }
        if let Some(bad) = go.searchmoves.iter().find(|m| !legal.contains(m)) {
            self.error(
                &format!("searchmoves: {bad} is not a legal move here"),
                line,
            );
            return;
        }
        let exclude: Vec<String> = if go.searchmoves.is_empty() {
            Vec::new()
        } else {
            legal
                .into_iter()
                .filter(|m| !go.searchmoves.contains(m))
                .collect()
        };
        let side = self.game.current().side_to_move();
        let limits = if go.ponder {
            // Until `ponderhit` or `stop`.
            engine::limits::Limits {
                infinite: true,
                ..Default::default()
            }
        } else {
            go.limits(side, std::time::Duration::from_millis(self.move_overhead))
        };
        // A weaker player thinks less, whatever the clock allows; analysis
        // is never weakened.
        let limits = if self.limit_strength && !go.infinite && !self.analyse_mode {
            let cap = strength::nodes_for_elo(self.elo);
            engine::limits::Limits {
                nodes: Some(limits.nodes.map_or(cap, |n| n.min(cap))),
                infinite: false,
                ..limits
            }
        } else {
            limits
        };
        let analysis = go.infinite || self.analyse_mode;
        self.searched = self.game.current().clone();
        let job = Job {
            root: self.game.current().clone(),
            history: self.game.history(),
            limits,
            multipv: self.multipv,
            exclude,
            contempt: if analysis {
                0
            } else {
                self.contempt
                    .unwrap_or_else(|| eval::default_contempt(self.variant))
            },
            own_move: false,
        };
        let out = self.out.clone();
        let tx = self.tx.clone();
        self.held = None;
        match self.searcher.start(
            job,
            move |r| out.line(&info_line(r)),
            move |d| {
                let _ = tx.send(Event::Done(d));
            },
        ) {
            Ok(id) => {
                // A ponder search, like an infinite one, answers at `stop`.
                self.running = Some((id, go.infinite || go.ponder));
                self.pondering = go.ponder.then_some(go);
            }
            Err(why) => self.error(&why, line),
        }
    }

    /// `ponderhit`: the expected reply came; the search of this position
    /// now runs on the clock of the `go ponder`.
    fn ponderhit(&mut self, line: &str) {
        let Some(go) = self.pondering.take() else {
            self.error("not pondering", line);
            return;
        };
        self.searcher.abort();
        self.running = None;
        self.held = None;
        self.go(
            Go {
                ponder: false,
                ..go
            },
            line,
        );
    }

    fn finished(&mut self, d: Done) {
        let Some((id, infinite)) = self.running else {
            return;
        };
        if id != d.id {
            return;
        }
        self.searcher.finished(id);
        let text = d.best.map(|b| self.searched.move_text(&b));
        let best = match (&text, &d.ponder) {
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
            (Some(b), None) => format!("bestmove {b}"),
            (None, _) => "bestmove 0000".to_string(),
        };
        if infinite {
            // UCI: no `bestmove` for `go infinite` before `stop`.
            self.held = Some(best);
        } else {
            self.running = None;
            self.out.line(&best);
        }
    }

    fn stop(&mut self) {
        self.pondering = None;
        if let Some(best) = self.held.take() {
            self.running = None;
            self.out.line(&best);
        } else if let Some((id, _)) = self.running.as_mut() {
            // Its `bestmove` comes when the search has ended.
            let id = *id;
            self.running = Some((id, false));
            self.searcher.stop();
        }
    }

    /// Handles one line; false means quit.
    fn handle(&mut self, raw: &str) -> bool {
        let line = raw.trim();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        let busy = self.running.is_some();
        match cmd {
            "" => {}
            "uci" => {
                self.out
                    .line(&format!("id name Curio {}", env!("CARGO_PKG_VERSION")));
                self.out.line("id author the Curio developers");
                self.options();
                self.out.line("uciok");
            }
            "isready" => {
                if let Err((mib, e)) = self.searcher.allocate_pending_hash() {
                    self.error(
                        &format!("hash too large: {mib} MiB could not be allocated, at most {} MiB; using 1 MiB", e.max()),
                        "--hash",
                    );
                }
                self.out.line("readyok");
            }
            "debug" | "register" => {}
            "quit" => return false,
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(line),
            _ if busy => self.queued.push_back(line.to_string()),
            "ucinewgame" => {
                self.searcher.new_game();
                self.game = GameRecord::new(AnyPosition::start(self.variant), ());
            }
            "setoption" => match parse_setoption(arg) {
                Ok((name, value)) => self.set_option(&name, &value, line),
                Err(why) => self.error(&why, line),
            },
            "position" => match parse_position(self.variant, arg) {
                Ok(game) => self.game = game,
                Err(why) => self.error(&why, line),
            },
            "go" => match parse_go(arg) {
                Ok(go) => self.go(go, line),
                Err(why) => self.error(&why, line),
            },
            _ => self.error("unknown command", line),
        }
        true
    }

    /// `info ... currmove ...` when the running search has moved on to
    /// another root move since the last one shown.
    fn show_current_move(&mut self) {
        let Some(run) = self.searcher.running() else {
            return;
        };
        if run.started.elapsed() < CURRMOVE_AFTER {
            return;
        }
        let now = self.searcher.current_move();
        if now.is_some() && now != self.shown {
            if let Some((mv, number, depth)) = &now {
                self.out.line(&format!(
                    "info depth {depth} currmove {mv} currmovenumber {number}"
                ));
            }
            self.shown = now;
        }
    }

    /// Runs the queued commands while no search runs; false means quit.
    fn run_queued(&mut self) -> bool {
        while self.running.is_none() {
            let Some(line) = self.queued.pop_front() else {
                break;
            };
            if !self.handle(&line) {
                return false;
            }
        }
        true
    }
}

/// Runs the UCI face until `quit` or the end of input.
pub fn run(
    input: impl BufRead + Send + 'static,
    out: Out,
    config: Config,
) -> Result<(), HashError> {
    let (tx, rx) = mpsc::channel();
    let threads = config.threads.clamp(1, MAX_THREADS);
    let searcher = Searcher::new(
        config.hash_mib,
        threads,
        engine::baseline::Player::Search,
        eval::EvalConfig::DEFAULT,
    )?;
    let variant = Variant::Chess;
    let mut uci = Uci {
        out: out.clone(),
        tx: tx.clone(),
        searcher,
        variant,
        game: GameRecord::new(AnyPosition::start(variant), ()),
        multipv: 1,
        contempt: None,
        analyse_mode: false,
        move_overhead: engine::limits::MOVE_OVERHEAD.as_millis() as u64,
        limit_strength: false,
        elo: strength::DEFAULT_ELO,
        running: None,
        searched: AnyPosition::start(variant),
        held: None,
        shown: None,
        pondering: None,
        queued: VecDeque::new(),
    };
    let reader = tx.clone();
    std::thread::spawn(move || {
        for line in input.split(b'\n') {
            let Ok(bytes) = line else { break };
            let text = String::from_utf8_lossy(&bytes)
                .trim_end_matches('\r')
                .to_string();
            if reader.send(Event::Line(text)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    loop {
        // While a search runs, wake once a second to show its root move.
        let ev = if uci.searcher.running().is_some() {
            match rx.recv_timeout(std::time::Duration::from_secs(1)) {
                Ok(ev) => ev,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    uci.show_current_move();
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match rx.recv() {
                Ok(ev) => ev,
                Err(_) => break,
            }
        };
        match ev {
            Event::Line(l) => {
                out.input(&l);
                if !uci.handle(&l) {
                    break;
                }
            }
            Event::Done(d) => uci.finished(d),
            // The end of input waits for the running search's move, as
            // a piped script expects (`stop` or `quit` end it sooner).
            Event::Eof if uci.running.is_some_and(|(_, infinite)| !infinite) => {
                uci.queued.push_back("quit".into())
            }
            Event::Eof => break,
        }
        if !uci.run_queued() {
            break;
        }
    }
    uci.searcher.abort();
    Ok(())
}
