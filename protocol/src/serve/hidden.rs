//! Reality Check in the browser: a game of hidden information, so the
//! server is its referee (as `curio play` is): it keeps the true position
//! and gives each player only its own view. The page gets the person's
//! view only: its own chips with both faces, Curio's with the upturned
//! face and `?` until the person has seen the other face. Curio decides
//! by ISMCTS on its own information state, on a thread of its own.
//!
//! Not offered here, because each would show hidden faces or has no
//! meaning for one side's view: FEN in and out, PGN in, analysis. The PGN
//! out holds the turns as the person saw them.

use super::json;
use super::view::click_path;
use crate::play_rc::chips;
use engine::mcts::{MctsConfig, MctsLimits};
use engine::players::{choose, choose_setup, PlayerKind};
use movegen::game::{Color, Game, Notation};
use movegen::realitycheck::chip::kind_name;
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::geometry::{cell, name, on_board};
use movegen::realitycheck::info::{observe, InfoState};
use movegen::realitycheck::{Move, MoveVec, Position};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// ISMCTS time per turn, by level (as `curio play`).
const LEVEL_MS: [u64; 8] = [20, 50, 100, 250, 500, 1000, 3000, 10000];

struct Thinking {
    handle: JoinHandle<Option<Move>>,
    stop: Arc<AtomicBool>,
}

pub struct RcGame {
    human: Color,
    level: u32,
    seed: u64,
    /// White's and Black's setups.
    setups: (Setup, Setup),
    /// The true turns, and each as the person saw it.
    moves: Vec<Move>,
    shown: Vec<String>,
    /// The true position before each turn.
    before: Vec<Position>,
    truth: Position,
    me: InfoState,
    engine: InfoState,
    history: Vec<u64>,
    thinking: Option<Thinking>,
    resigned: Option<Color>,
    pub last_seen: Instant,
}

impl RcGame {
    pub fn new(human: Color, level: u32) -> RcGame {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        let mine = choose_setup(seed);
        let theirs = choose_setup(seed.rotate_left(17) ^ 0xC0FFEE);
        let setups = match human {
            Color::White => (mine, theirs),
            Color::Black => (theirs, mine),
        };
        let mut g = RcGame {
            human,
            level: level.clamp(1, 8),
            seed,
            setups,
            moves: Vec::new(),
            shown: Vec::new(),
            before: Vec::new(),
            truth: Position::from_setups(&setups.0, &setups.1),
            me: InfoState::new(human, &mine),
            engine: InfoState::new(human.flip(), &theirs),
            history: Vec::new(),
            thinking: None,
            resigned: None,
            last_seen: Instant::now(),
        };
        g.refresh();
        g
    }

    fn own_setup(&self, c: Color) -> &Setup {
        match c {
            Color::White => &self.setups.0,
            Color::Black => &self.setups.1,
        }
    }

    fn over(&self) -> bool {
        self.resigned.is_some() || self.truth.outcome(&self.history).is_some()
    }

    /// Plays `m` on the true position; each player learns what it sees.
    fn apply(&mut self, m: Move) -> Result<(), String> {
        let side = self.truth.side_to_move();
        for (state, viewer) in [
            (&mut self.me, self.human),
            (&mut self.engine, self.human.flip()),
        ] {
            let obs = observe(&self.truth, m, viewer);
            state.update((viewer == side).then_some(m), &obs)?;
        }
        self.shown.push(observe(&self.truth, m, self.human));
        self.before.push(self.truth);
        self.history.push(self.truth.key());
        self.moves.push(m);
        self.truth.make(m);
        Ok(())
    }

    /// Takes in Curio's finished turn, or starts its thinking.
    pub fn refresh(&mut self) {
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.handle.is_finished())
        {
            if let Some(t) = self.thinking.take() {
                if let Ok(Some(m)) = t.handle.join() {
                    let _ = self.apply(m);
                }
            }
        }
        if self.thinking.is_none() && !self.over() && self.truth.side_to_move() != self.human {
            let (info, truth) = (self.engine.clone(), self.truth);
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let config = MctsConfig {
                seed: self.seed.wrapping_add(self.moves.len() as u64),
                ..MctsConfig::default()
            };
            let time = Duration::from_millis(LEVEL_MS[self.level as usize - 1]);
            let handle = std::thread::Builder::new()
                .name("search session".into())
                .spawn(move || {
                    choose(
                        PlayerKind::Ismcts,
                        &info,
                        &truth,
                        &MctsLimits::time(time),
                        &config,
                        &flag,
                    )
                    .best
                });
            if let Ok(handle) = handle {
                self.thinking = Some(Thinking { handle, stop });
            }
        }
    }

    pub fn searching(&self) -> bool {
        self.thinking.is_some()
    }

    pub fn abort(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Relaxed);
            let _ = t.handle.join();
        }
    }

    pub fn stop(&mut self) {
        if let Some(t) = &self.thinking {
            t.stop.store(true, Relaxed);
        }
    }

    pub fn play(&mut self, text: &str) -> Result<(), String> {
        if self.over() {
            return Err("the game is over".into());
        }
        if self.truth.side_to_move() != self.human {
            return Err("it is Curio's turn: wait for its move, or press Stop".into());
        }
        let text = text.trim();
        let m = self
            .truth
            .parse_move(text)
            .map_err(|e| format!("Illegal move: {text} ({})", e.reason()))?;
        self.apply(m)?;
        self.refresh();
        Ok(())
    }

    /// Back to the person's previous turn: the game is played again from
    /// the setups up to there, so both players know exactly what they
    /// knew then.
    pub fn undo(&mut self) -> Result<(), String> {
        self.abort();
        self.resigned = None;
        let back = (1..=self.moves.len())
            .find(|&k| self.before[self.moves.len() - k].side_to_move() == self.human);
        let Some(k) = back else {
            self.refresh();
            return Err("nothing to take back".into());
        };
        let keep: Vec<Move> = self.moves[..self.moves.len() - k].to_vec();
        let (w, b) = self.setups;
        self.truth = Position::from_setups(&w, &b);
        self.me = InfoState::new(self.human, self.own_setup(self.human));
        self.engine = InfoState::new(self.human.flip(), self.own_setup(self.human.flip()));
        self.moves.clear();
        self.shown.clear();
        self.before.clear();
        self.history.clear();
        for m in keep {
            self.apply(m)?;
        }
        self.refresh();
        Ok(())
    }

    pub fn resign(&mut self) -> Result<(), String> {
        if self.over() {
            return Err("nothing to resign".into());
        }
        self.abort();
        self.resigned = Some(self.human);
        Ok(())
    }

    fn outcome_text(&self) -> Option<String> {
        if let Some(loser) = self.resigned {
            let token = if loser == Color::White { "0-1" } else { "1-0" };
            return Some(format!("{token} ({} resigns)", loser.name()));
        }
        self.truth
            .outcome(&self.history)
            .map(crate::analysis::outcome_text)
    }

    /// The game as the person saw it (Curio's hidden faces left out).
    pub fn pgn(&self) -> String {
        let (w, b) = match self.human {
            Color::White => ("You", "Curio"),
            Color::Black => ("Curio", "You"),
        };
        let result = self.outcome_text().map_or("*".to_string(), |o| {
            o.split_whitespace().next().unwrap_or("*").to_string()
        });
        let mut out = String::new();
        for (k, v) in [
            ("Event", "curio serve"),
            ("Site", "curio"),
            ("Date", &crate::referee::pgn::today()),
            ("Round", "-"),
            ("White", w),
            ("Black", b),
            ("Result", &result),
            ("Variant", "realitycheck"),
            (
                "Annotator",
                &format!("the turns as {} saw them", self.human.name()),
            ),
        ] {
            out.push_str(&crate::referee::pgn::tag_line(k, v));
        }
        out.push('\n');
        for (i, m) in self.shown.iter().enumerate() {
            if i % 2 == 0 {
                out.push_str(&format!("{}. ", i / 2 + 1));
            }
            out.push_str(m);
            out.push(' ');
        }
        out.push_str(&result);
        out.push('\n');
        out
    }

    /// The board as the person knows it at ply `ply` (the current one
    /// when None). Earlier positions show Curio's hidden faces as `?`
    /// throughout.
    fn board_json(&self, ply: Option<usize>) -> String {
        let (pos, view) = match ply {
            Some(p) => (&self.before[p], None),
            None => (&self.truth, Some(&self.me)),
        };
        let mut cells = Vec::new();
        for r in 0..9 {
            for f in 0..7 {
                if !on_board(f, r) {
                    continue;
                }
                let sq = cell(f, r);
                let (piece, under) = match pos.chip_at(sq) {
                    None => ("null".to_string(), "null".to_string()),
                    Some(chip) => {
                        let known = chip.color() == self.human
                            || view.is_some_and(|v| v.possible_kinds(sq).count_ones() == 1);
                        let (up, down) = (chip.up().letter(), chip.down().letter());
                        let case = |c: char| match chip.color() {
                            Color::White => c.to_ascii_uppercase(),
                            Color::Black => c.to_ascii_lowercase(),
                        };
                        let down = if known { case(down) } else { '?' };
                        (
                            json::string(&case(up).to_string()),
                            json::string(&down.to_string()),
                        )
                    }
                };
                cells.push(json::object([
                    ("name", json::string(&name(sq))),
                    ("x", f.to_string()),
                    ("y", r.to_string()),
                    ("hole", "false".into()),
                    ("piece", piece),
                    ("under", under),
                ]));
            }
        }
        let them = self.human.flip();
        let mut status = vec![
            format!(
                "Your hand: {}   {}'s hand: {} chip(s)",
                chips(pos.hand(self.human), self.human),
                them.name(),
                pos.hand(them).count_ones()
            ),
            format!(
                "Out of play: white {}, black {}",
                chips(pos.out_of_play(Color::White), Color::White),
                chips(pos.out_of_play(Color::Black), Color::Black)
            ),
            format!("Your secret setup: {}", self.own_setup(self.human).word()),
        ];
        let mut marks = Vec::new();
        if let Some(r) = pos.restricted() {
            status.push(format!(
                "The chip on {} may not be flipped this turn.",
                name(r)
            ));
            marks.push(json::object([
                ("square", json::string(&name(r))),
                ("kind", json::string("restricted")),
                ("text", json::string("no flip")),
            ]));
        }
        if let Some(k) = pos.pending() {
            if pos.side_to_move() == self.human {
                status.push(format!(
                    "Curio captured your {}: keep it (drop it at once) or refuse it",
                    kind_name(k)
                ));
            }
        }
        if self.over() {
            let w = self.own_setup(them).word();
            status.push(format!("Curio's setup was {w}."));
        }
        json::object([
            ("files", "7".into()),
            ("ranks", "9".into()),
            ("cells", json::array(cells)),
            ("marks", json::array(marks)),
            (
                "status",
                json::array(status.iter().map(|s| json::string(s))),
            ),
        ])
    }

    fn moves_json(&self) -> String {
        let mut list = MoveVec::new();
        self.truth.legal_moves(&mut list);
        let mut texts: Vec<String> = list.iter().map(|&m| self.truth.move_to_string(m)).collect();
        texts.sort();
        texts.dedup();
        let names: Vec<String> = (0..63)
            .filter(|&s: &usize| on_board((s % 7) as i32, (s / 7) as i32))
            .map(name)
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        json::array(texts.iter().map(|m| {
            json::object([
                ("text", json::string(m)),
                (
                    "path",
                    json::array(click_path(m, &names).iter().map(|s| json::string(s))),
                ),
            ])
        }))
    }

    pub fn state_json(&self, session: &str, ply: Option<usize>) -> String {
        let shown = ply.filter(|&p| p < self.moves.len());
        let side = shown.map_or(self.truth.side_to_move(), |p| self.before[p].side_to_move());
        let your_turn = shown.is_none() && !self.over() && side == self.human;
        json::object([
            ("session", json::string(session)),
            ("variant", json::string("realitycheck")),
            ("title", json::string("Reality Check")),
            ("mode", json::string(self.human.name())),
            ("level", self.level.to_string()),
            // No FEN: it would hold Curio's hidden faces.
            ("fen", "null".into()),
            ("side", json::string(side.name())),
            ("ply", shown.unwrap_or(self.moves.len()).to_string()),
            ("plies", self.moves.len().to_string()),
            ("board", self.board_json(shown)),
            (
                "moves",
                if your_turn {
                    self.moves_json()
                } else {
                    "[]".into()
                },
            ),
            (
                "history",
                json::array(self.shown.iter().map(|s| json::string(s))),
            ),
            ("first_side", json::string("white")),
            ("searching", self.searching().to_string()),
            ("analysing", "false".into()),
            ("thinking", "null".into()),
            (
                "engine_move",
                json::opt_string(
                    self.shown
                        .last()
                        .filter(|_| {
                            self.before
                                .last()
                                .is_some_and(|p| p.side_to_move() != self.human)
                        })
                        .map(String::as_str),
                ),
            ),
            ("outcome", json::opt_string(self.outcome_text().as_deref())),
        ])
    }
}

impl Drop for RcGame {
    fn drop(&mut self) {
        self.abort();
    }
}
