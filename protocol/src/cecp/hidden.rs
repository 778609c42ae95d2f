//! CECP for Reality Check: the hidden-information extension described in
//! `docs/realitycheck-protocol.md`.
//!
//! After `variant realitycheck` the run loop hands every line to this
//! session until `new`, another `variant` or `quit`. The engine keeps an
//! information state (the full states it cannot tell apart) built from its
//! own secret setup and the observations the referee sends, and searches it
//! with ISMCTS. Lines that have nothing to do with the game (`ping`,
//! `protover`, `option`, `post`, ...) go to the ordinary session.

use super::session::Session;
use super::{Event, Out};
use engine::mcts::{MctsConfig, MctsLimits};
use engine::players::{choose, choose_setup, PlayerKind};
use movegen::game::{Color, Game, Notation};
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::info::InfoState;
use movegen::realitycheck::{Move, MoveVec};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A finished Reality Check search.
pub(crate) struct HiddenDone {
    id: u64,
    best: Option<Move>,
    value: f32,
    iterations: u64,
    elapsed: Duration,
}

/// What the run loop does after a line.
pub(crate) enum Next {
    Stay,
    /// Leave the hidden-information session; the line (if any) goes to the
    /// ordinary session.
    Leave(Option<String>),
    Quit,
}

pub(crate) struct HiddenSession {
    out: Out,
    tx: Sender<Event>,
    player: PlayerKind,
    own: Option<(Color, Setup)>,
    info: Option<InfoState>,
    engine_side: Option<Color>,
    /// Our turn sent with `move`, until the referee's `rcseen` confirms it.
    awaiting_seen: Option<Move>,
    game_over: bool,
    post: bool,
    base: Duration,
    inc: Duration,
    st: Option<Duration>,
    time_left: Option<Duration>,
    running: Option<(u64, Arc<AtomicBool>)>,
    next_id: u64,
    seed: u64,
    /// Root-parallel ISMCTS trees (the session's thread count).
    threads: usize,
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

impl HiddenSession {
    pub fn new(out: Out, tx: Sender<Event>, player: PlayerKind, post: bool) -> HiddenSession {
        HiddenSession {
            out,
            tx,
            player,
            own: None,
            info: None,
            engine_side: None,
            awaiting_seen: None,
            game_over: false,
            post,
            base: Duration::from_secs(60),
            inc: Duration::ZERO,
            st: None,
            time_left: None,
            running: None,
            next_id: 1,
            seed: seed_from_clock(),
            threads: 1,
        }
    }

    fn error(&self, why: &str, cmd: &str) {
        self.out.line(&format!("Error ({why}): {cmd}"));
    }

    /// The side to move in the game as this engine knows it.
    fn side_to_move(&self) -> Option<Color> {
        self.info.as_ref().map(|i| i.worlds()[0].side_to_move())
    }

    pub fn handle(&mut self, raw: &str, session: &mut Session) -> Next {
        // `cores` and the Threads option go to the ordinary session; the
        // next search reads the count from there.
        self.threads = session.threads();
        let line = raw.trim();
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        let arg = arg.trim();
        match cmd {
            "" => {}
            "quit" => {
                self.abort();
                return Next::Quit;
            }
            "new" => {
                self.abort();
                return Next::Leave(Some(line.to_string()));
            }
            "variant" if arg != "realitycheck" => {
                self.abort();
                return Next::Leave(Some(line.to_string()));
            }
            "variant" => self.reset(),
            "rcsetup" => self.rcsetup(arg, line),
            "usermove" => self.usermove(arg),
            "rcseen" => self.rcseen(arg),
            "go" => {
                if self.info.is_none() {
                    self.choose_own_setup_if_needed();
                }
                self.engine_side = self.side_to_move();
                self.think();
            }
            "force" => {
                self.abort();
                self.engine_side = None;
            }
            "playother" => {
                self.engine_side = self.side_to_move().map(Color::flip);
            }
            "?" => {
                if let Some((_, stop)) = &self.running {
                    stop.store(true, Relaxed);
                }
            }
            "result" => {
                self.abort();
                self.game_over = true;
            }
            "level" => {
                // Bounded as in the ordinary session, which answers any
                // error.
                if let Ok((_, base, inc)) = super::session::parse_level(arg) {
                    self.base = base;
                    self.inc = inc;
                    self.st = None;
                }
                session.handle(line);
            }
            "st" => {
                if let Ok(s) = super::session::parse_seconds(arg) {
                    self.st = Some(s.max(Duration::from_millis(1)));
                }
                session.handle(line);
            }
            "time" => {
                if let Ok(cs) = arg.parse::<i64>() {
                    self.time_left =
                        Some(Duration::from_millis((cs.max(0) as u64).saturating_mul(10)));
                }
            }
            "otim" => {}
            "post" => {
                self.post = true;
                session.handle(line);
            }
            "nopost" => {
                self.post = false;
                session.handle(line);
            }
            "setboard" | "undo" | "remove" | "analyze" | "hint" | "edit" | "bk" => self.error(
                "not available in realitycheck: each side's hidden faces are secret",
                line,
            ),
            _ => {
                if !session.handle(line) {
                    return Next::Quit;
                }
            }
        }
        Next::Stay
    }

    fn reset(&mut self) {
        self.abort();
        self.own = None;
        self.info = None;
        self.engine_side = None;
        self.awaiting_seen = None;
        self.game_over = false;
        self.time_left = None;
    }

    fn rcsetup(&mut self, arg: &str, line: &str) {
        let f: Vec<&str> = arg.split_whitespace().collect();
        let color = match f.first().copied() {
            Some("white") => Color::White,
            Some("black") => Color::Black,
            _ => {
                return self.error(
                    "rcsetup needs 'white' or 'black', then a setup word or '?'",
                    line,
                );
            }
        };
        if self.info.as_ref().is_some_and(|i| {
            i.worlds()[0].fullmove() > 1 || i.worlds()[0].side_to_move() != Color::White
        }) {
            return self.error("rcsetup comes before the first move", line);
        }
        let setup = match f.get(1).copied() {
            Some("?") | None => {
                self.seed = self.seed.wrapping_add(0x9E37_79B9);
                let s = choose_setup(self.seed);
                self.out
                    .line(&format!("rcsetup {} {}", color.name(), s.word()));
                s
            }
            Some(word) => match Setup::parse(word) {
                Ok(s) => s,
                Err(e) => return self.error(&e, line),
            },
        };
        self.own = Some((color, setup));
        self.info = Some(InfoState::new(color, &setup));
    }

    /// Without an `rcsetup`, the engine plays the side to move with a setup
    /// of its own choice, announced so the referee can keep the true state.
    fn choose_own_setup_if_needed(&mut self) {
        if self.own.is_none() {
            self.seed = self.seed.wrapping_add(0x9E37_79B9);
            let s = choose_setup(self.seed);
            self.out.line(&format!("rcsetup white {}", s.word()));
            self.own = Some((Color::White, s));
            self.info = Some(InfoState::new(Color::White, &s));
        }
    }

    fn usermove(&mut self, obs: &str) {
        if self.awaiting_seen.is_some() {
            return self.out.line(&format!(
                "Illegal move (waiting for rcseen after our own move): {obs}"
            ));
        }
        let Some(info) = self.info.as_mut() else {
            return self
                .out
                .line(&format!("Illegal move (no rcsetup yet): {obs}"));
        };
        if let Err(e) = info.update(None, obs) {
            return self.out.line(&format!("Illegal move ({e}): {obs}"));
        }
        if self.engine_side.is_some() && self.engine_side == self.side_to_move() {
            self.think();
        }
    }

    fn rcseen(&mut self, obs: &str) {
        let Some(m) = self.awaiting_seen.take() else {
            return self.error("no move of ours is waiting for rcseen", obs);
        };
        let Some(info) = self.info.as_mut() else {
            return;
        };
        if let Err(e) = info.update(Some(m), obs) {
            self.error(&e, &format!("rcseen {obs}"));
        }
    }

    fn limits(&self) -> MctsLimits {
        if let Some(st) = self.st {
            return MctsLimits::time(
                st.saturating_sub(Duration::from_millis(20))
                    .max(Duration::from_millis(5)),
            );
        }
        MctsLimits::from_clock(self.time_left.unwrap_or(self.base), self.inc)
    }

    fn think(&mut self) {
        if self.game_over || self.running.is_some() {
            return;
        }
        let Some(info) = self.info.clone() else {
            return;
        };
        let mut legal = MoveVec::new();
        info.worlds()[0].legal_moves(&mut legal);
        if legal.is_empty() {
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.running = Some((id, stop.clone()));
        let limits = self.limits();
        self.seed = self.seed.wrapping_add(1);
        let config = MctsConfig {
            seed: self.seed,
            // One tree per core, as in the alpha-beta search: more trees
            // than cores would only share the same time slices.
            threads: engine::threads_that_run_here(self.threads),
            ..MctsConfig::default()
        };
        let player = self.player;
        let tx = self.tx.clone();
        self.out.note(&format!(
            "search {id} (own move) of realitycheck, {} to move: {}; {:?}, {} tree(s)",
            info.worlds()[0].side_to_move().name(),
            match limits.time {
                Some(t) => format!("{:.3} s", t.as_secs_f64()),
                None => format!("{} iterations", limits.iterations.unwrap_or(0)),
            },
            player,
            config.threads
        ));
        std::thread::spawn(move || {
            let start = Instant::now();
            let truth = info.worlds()[0];
            let r = choose(player, &info, &truth, &limits, &config, &stop);
            let _ = tx.send(Event::HiddenDone(HiddenDone {
                id,
                best: r.best,
                value: r.value,
                iterations: r.iterations,
                elapsed: start.elapsed(),
            }));
        });
    }

    /// Stops a running search without playing its move.
    fn abort(&mut self) {
        if let Some((_, stop)) = self.running.take() {
            stop.store(true, Relaxed);
        }
    }

    pub fn search_done(&mut self, done: HiddenDone) {
        match &self.running {
            Some((id, _)) if *id == done.id => self.running = None,
            _ => return,
        }
        self.out.note(&format!(
            "search {} done: best {}, value {:.3}, {} iterations; used {:.3} s",
            done.id,
            match (done.best, &self.info) {
                (Some(m), Some(info)) => info.worlds()[0].move_to_string(m),
                _ => "(none)".into(),
            },
            done.value,
            done.iterations,
            done.elapsed.as_secs_f64()
        ));
        let Some(m) = done.best else { return };
        let Some(info) = &self.info else { return };
        if self.engine_side != self.side_to_move() || self.game_over {
            return;
        }
        let pos = info.worlds()[0];
        let text = pos.move_to_string(m);
        if self.post {
            let v = done.value.clamp(0.001, 0.999);
            let cp = (400.0 * (v / (1.0 - v)).log10()).round() as i64;
            self.out.line(&format!(
                "1 {cp} {} {} {text}",
                done.elapsed.as_millis() / 10,
                done.iterations
            ));
        }
        self.awaiting_seen = Some(m);
        self.out.line(&format!("move {text}"));
    }
}

/// Whether a variant line switches to the hidden-information session.
pub(crate) fn enters(line: &str) -> bool {
    let mut w = line.split_whitespace();
    w.next() == Some("variant") && w.next() == Some("realitycheck")
}
