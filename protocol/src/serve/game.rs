//! One browser game: the session core's game record and searcher, the
//! person's side and level, and the engine's live thinking.
//!
//! The engine's search runs on the searcher's thread and leaves its
//! reports and result in `Live`, a small shared slot; the game takes
//! them in at the next request ([`WebGame::refresh`]), so the search
//! thread never waits for the game and stopping a search never waits for
//! a request.

use super::{json, view};
use crate::analysis::score_text;
use crate::play::level_limits;
use crate::session::{Done, GameRecord, Job, Report, Searcher};
use engine::limits::Limits;
use movegen::game::Color;
use movegen::{AnyPosition, Variant};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest an analysis runs before it stops by itself.
pub const ANALYSIS_LIMIT: Duration = Duration::from_secs(120);
/// Hash table per browser game.
const HASH_MIB: usize = 16;

/// Who plays what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The person plays this side, Curio the other.
    Play(Color),
    /// The person moves for both sides; Curio analyses when asked.
    Analysis,
}

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    EngineMove,
    Analysis,
}

/// Filled by the search thread, read by the game.
#[derive(Default)]
struct Live {
    report: Option<Report>,
    done: Option<Done>,
}

pub struct WebGame {
    pub game: GameRecord,
    pub mode: Mode,
    pub level: u32,
    /// Analysis wanted (in analysis mode): restarted after every move.
    analysing: bool,
    searcher: Searcher,
    running: Option<(u64, Purpose)>,
    live: Arc<Mutex<Live>>,
    /// The last search's thinking, kept after it ends.
    thinking: Option<Report>,
    last_engine_move: Option<String>,
    resigned: Option<Color>,
    pub last_seen: Instant,
}

impl WebGame {
    pub fn new(variant: Variant, mode: Mode, level: u32) -> Result<WebGame, String> {
        if movegen::variant::hidden_information(variant) {
            return Err(format!(
                "{} hides information: it is played as a hidden game (serve::hidden)",
                variant.title()
            ));
        }
        let searcher = Searcher::new(
            HASH_MIB,
            1,
            engine::baseline::Player::Search,
            eval::EvalConfig::DEFAULT,
        )
        .map_err(|e| format!("hash table: {e}"))?;
        let mut g = WebGame {
            game: GameRecord::new(AnyPosition::start(variant), ()),
            mode,
            level: level.clamp(1, 8),
            analysing: false,
            searcher,
            running: None,
            live: Arc::default(),
            thinking: None,
            last_engine_move: None,
            resigned: None,
            last_seen: Instant::now(),
        };
        g.refresh();
        Ok(g)
    }

    pub fn variant(&self) -> Variant {
        self.game.start().variant()
    }

    fn over(&self) -> bool {
        self.resigned.is_some() || self.game.outcome().is_some()
    }

    /// Takes in what the search left, plays the engine's move, and starts
    /// the search the game needs now (Curio's move, or analysis).
    pub fn refresh(&mut self) {
        let (report, done) = match self.live.lock() {
            Ok(mut l) => (l.report.take(), l.done.take()),
            Err(_) => (None, None),
        };
        if let Some(r) = report {
            self.thinking = Some(r);
        }
        if let (Some(d), Some((id, purpose))) = (done, self.running) {
            if d.id == id {
                self.searcher.finished(id);
                self.running = None;
                if purpose == Purpose::EngineMove {
                    if let Some(best) = d.best {
                        let text = self.game.current().move_text(&best);
                        if self.game.play_move(best, ()).is_ok() {
                            self.last_engine_move = Some(text);
                        }
                    }
                } else {
                    self.analysing = false;
                }
            }
        }
        if self.running.is_none() && !self.over() {
            let side = self.game.current().side_to_move();
            match self.mode {
                Mode::Play(person) if side != person => self.start(Purpose::EngineMove),
                Mode::Analysis if self.analysing => self.start(Purpose::Analysis),
                _ => {}
            }
        }
    }

    fn start(&mut self, purpose: Purpose) {
        let (limits, contempt) = match purpose {
            Purpose::EngineMove => (
                level_limits(self.level),
                eval::default_contempt(self.variant()),
            ),
            Purpose::Analysis => (Limits::movetime(ANALYSIS_LIMIT), 0),
        };
        let job = Job {
            root: self.game.current().clone(),
            history: self.game.history(),
            limits,
            multipv: 1,
            exclude: Vec::new(),
            contempt,
            own_move: purpose == Purpose::EngineMove,
        };
        self.thinking = None;
        let (on_it, on_done) = (self.live.clone(), self.live.clone());
        let started = self.searcher.start(
            job,
            move |r| {
                if let Ok(mut l) = on_it.lock() {
                    l.report = Some(r.clone());
                }
            },
            move |d| {
                if let Ok(mut l) = on_done.lock() {
                    l.done = Some(d);
                }
            },
        );
        if let Ok(id) = started {
            self.running = Some((id, purpose));
        }
    }

    /// Ends any search; its result is dropped.
    pub fn abort(&mut self) {
        if self.running.take().is_some() {
            self.searcher.abort();
        }
        if let Ok(mut l) = self.live.lock() {
            l.done = None;
        }
    }

    pub fn searching(&self) -> bool {
        self.running.is_some()
    }

    /// The person's move.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        if self.over() {
            return Err("the game is over".into());
        }
        if let Mode::Play(person) = self.mode {
            if self.game.current().side_to_move() != person {
                return Err("it is Curio's turn: wait for its move, or press Stop".into());
            }
        }
        let text = text.trim();
        // A refused move changes nothing, a running analysis included;
        // an accepted one ends it (the search holds its own copy of the
        // root, so it may end after the record moved on).
        self.game
            .play(text, ())
            .map_err(|e| format!("Illegal move: {text} ({})", e.reason()))?;
        self.abort();
        self.last_engine_move = None;
        self.refresh();
        Ok(())
    }

    /// Back to the person's previous turn (one ply in analysis).
    pub fn undo(&mut self) -> Result<(), String> {
        self.abort();
        self.resigned = None;
        let back = match self.mode {
            Mode::Analysis => (self.game.plies() > 0).then_some(1),
            Mode::Play(person) => (1..=self.game.plies()).find(|&k| {
                self.game
                    .back(k)
                    .is_some_and(|e| e.pos.side_to_move() == person)
            }),
        };
        let Some(k) = back else {
            self.refresh();
            return Err("nothing to take back".into());
        };
        self.game.undo(k);
        self.last_engine_move = None;
        self.refresh();
        Ok(())
    }

    /// Asks the search to end now: Curio plays the best move it has, an
    /// analysis stops.
    pub fn stop(&mut self) {
        self.analysing = false;
        match self.running {
            Some((_, Purpose::EngineMove)) => self.searcher.stop(),
            Some((_, Purpose::Analysis)) => self.abort(),
            None => {}
        }
    }

    pub fn set_analysis(&mut self, on: bool) -> Result<(), String> {
        if self.mode != Mode::Analysis {
            return Err("analysis runs in analysis mode (a new game with side: analysis)".into());
        }
        if on {
            self.analysing = true;
            if self.running.is_none() {
                self.refresh();
            }
        } else {
            self.stop();
        }
        Ok(())
    }

    /// A new start position from a FEN; the game before is kept if the
    /// FEN is refused.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let pos = AnyPosition::from_fen(self.variant(), fen.trim())
            .map_err(|e| format!("bad FEN: {e}"))?;
        self.abort();
        self.game.reset(pos, ());
        self.after_new_record();
        Ok(())
    }

    /// A game from PGN; the game before is kept if the PGN is refused.
    pub fn set_pgn(&mut self, pgn: &str) -> Result<(), String> {
        let game = super::pgn::read(pgn, self.variant())?;
        if movegen::variant::hidden_information(game.start().variant()) {
            return Err(format!(
                "{} is not played in the browser yet",
                game.start().variant().title()
            ));
        }
        self.abort();
        self.game = game;
        self.after_new_record();
        Ok(())
    }

    fn after_new_record(&mut self) {
        self.resigned = None;
        self.last_engine_move = None;
        self.thinking = None;
        self.searcher.new_game();
        self.refresh();
    }

    pub fn resign(&mut self) -> Result<(), String> {
        match self.mode {
            Mode::Play(person) if !self.over() => {
                self.abort();
                self.resigned = Some(person);
                Ok(())
            }
            _ => Err("nothing to resign".into()),
        }
    }

    fn names(&self) -> (&'static str, &'static str) {
        match self.mode {
            Mode::Play(Color::White) => ("You", "Curio"),
            Mode::Play(Color::Black) => ("Curio", "You"),
            Mode::Analysis => ("?", "?"),
        }
    }

    pub fn pgn(&self) -> String {
        let (w, b) = self.names();
        super::pgn::write(&self.game, w, b)
    }

    fn outcome_text(&self) -> Option<String> {
        if let Some(loser) = self.resigned {
            let token = if loser == Color::White { "0-1" } else { "1-0" };
            return Some(format!("{token} ({} resigns)", loser.name()));
        }
        self.game.outcome().map(crate::analysis::outcome_text)
    }

    fn thinking_json(&self) -> String {
        match &self.thinking {
            None => "null".into(),
            Some(r) => json::object([
                ("depth", r.depth.to_string()),
                ("score", json::string(&score_text(r.score))),
                ("nodes", r.nodes.to_string()),
                ("nps", r.nps().to_string()),
                ("time", r.time.as_millis().to_string()),
                ("pv", json::string(&r.pv.join(" "))),
            ]),
        }
    }

    /// The page's whole state; `ply`: a position of the move list to show
    /// instead of the current one (read only).
    pub fn state_json(&self, session: &str, ply: Option<usize>) -> String {
        let shown = ply.filter(|&p| p < self.game.plies());
        let pos = match shown {
            Some(p) => &self.game.entries()[p].pos,
            None => self.game.current(),
        };
        let your_turn = !self.over()
            && shown.is_none()
            && match self.mode {
                Mode::Play(person) => pos.side_to_move() == person,
                Mode::Analysis => true,
            };
        let mode = match self.mode {
            Mode::Play(c) => c.name(),
            Mode::Analysis => "analysis",
        };
        json::object([
            ("session", json::string(session)),
            ("variant", json::string(self.variant().id())),
            ("title", json::string(self.variant().title())),
            ("mode", json::string(mode)),
            ("level", self.level.to_string()),
            ("fen", json::string(&pos.fen())),
            ("side", json::string(pos.side_to_move().name())),
            ("ply", shown.unwrap_or(self.game.plies()).to_string()),
            ("plies", self.game.plies().to_string()),
            ("board", view::board_json(pos)),
            (
                "moves",
                if your_turn {
                    view::moves_json(pos)
                } else {
                    "[]".into()
                },
            ),
            ("history", json::array(self.game.moves().map(json::string))),
            (
                "first_side",
                json::string(self.game.start().side_to_move().name()),
            ),
            ("searching", self.searching().to_string()),
            ("analysing", self.analysing.to_string()),
            ("thinking", self.thinking_json()),
            (
                "engine_move",
                json::opt_string(self.last_engine_move.as_deref()),
            ),
            ("outcome", json::opt_string(self.outcome_text().as_deref())),
        ])
    }
}

impl Drop for WebGame {
    fn drop(&mut self) {
        self.abort();
    }
}
