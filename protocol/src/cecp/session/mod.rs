//! The CECP session: game state, clocks, modes, and the running search,
//! over the protocol-neutral core in [`crate::session`].
//!
//! - `mod.rs`: the session's state and the command dispatch;
//! - [`args`]: numbers and times as CECP writes them;
//! - [`moves`]: moves in and out in XBoard's forms, denials relayed;
//! - [`settings`]: features, options, hash, threads, the debug log;
//! - [`thinking`]: searches, thinking output, results.

use super::dialect::BoardModel;
use super::xboard_map::BoardMap;
use super::{Event, Out};
use crate::session::{
    Done, GameRecord, Job, MoveClock, Report, Searcher, TimeControl, MAX_THREADS,
};
use engine::limits::Limits;
use engine::score::{mate_in_moves, Score};
use movegen::game::{Color, Outcome};
use movegen::{AnyPosition, EndReason, Variant};
use std::sync::mpsc::Sender;
use std::time::Duration;

mod args;
mod moves;
mod settings;
mod thinking;

pub(crate) use args::{parse_count, parse_level, parse_seconds, UNREADABLE};

/// Start-up settings (command-line flags of `curio xboard`).
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// 0 when XBoard runs with `-rankOffset 1` (ranks 0-10), 1 otherwise.
    pub rank_base: u32,
    pub hash_mib: usize,
    pub threads: usize,
    /// Who plays Reality Check: Curio's ISMCTS, or a baseline for tests
    /// and measurements.
    pub rc_player: engine::players::PlayerKind,
    /// Who plays the alpha-beta games: Curio's search, or a baseline for
    /// strength measurements.
    pub player: engine::baseline::Player,
    /// The evaluation's weights (`--weights`): Curio's, or the first
    /// hand-set ones for A/B matches.
    pub eval: eval::EvalConfig,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rank_base: 0,
            hash_mib: engine::DEFAULT_HASH_MIB,
            threads: 1,
            rc_player: engine::players::PlayerKind::Ismcts,
            player: engine::baseline::Player::Search,
            eval: eval::EvalConfig::DEFAULT,
        }
    }
}

/// XBoard's board, as the session models it (see
/// [`super::dialect::BoardModel`]).
type XbModel = Box<dyn BoardModel>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Think,
    Analyze,
}

/// What CECP keeps beside each position of the game.
#[derive(Clone, Debug, Default)]
struct Wire {
    /// The text of the move that led here as it travelled (empty for the
    /// first position): a denial names it.
    text: String,
    /// XBoard's board here (Strange Chess and Dysnomia in XBoard's move
    /// forms only; see [`xboard_sc`], [`xboard_dy`]).
    xb: Option<XbModel>,
}

pub struct Session {
    out: Out,
    tx: Sender<Event>,
    /// The engine and its search thread.
    searcher: Searcher,
    map: BoardMap,
    /// The game, with the wire text and XBoard's board at each position.
    game: GameRecord<Wire>,
    /// XBoard's mouse entry: the square of the last `lift`, and the
    /// first leg (from, middle square) after a `put` on a `C` square.
    lifted: Option<String>,
    waypoint: Option<(String, String)>,
    /// Dysnomia: whether a player may deny, as the option `Denial` set it
    /// (None: not set). Off, every position forgets the move that led to
    /// it, so no denial is ever legal (the sub-variant for two engines
    /// under stock XBoard).
    denial_option: Option<bool>,
    /// XBoard said the opponent is a program (`computer`, until `new`).
    /// XBoard cannot relay a denial between two programs (it takes the
    /// move back and never asks its mover again), so then no one denies
    /// unless the option `Denial` says otherwise.
    opponent_program: bool,
    /// Side the engine plays; None in force mode.
    engine_side: Option<Color>,
    game_over: bool,
    post: bool,
    analyzing: bool,
    /// `level`, `st`, `sd`, `time`.
    clock: MoveClock,
    exclude: Vec<String>,
    resign: bool,
    hopeless_moves: u32,
    multipv: usize,
    /// The `Contempt` option when set; otherwise the game's own
    /// ([`eval::default_contempt`]). Analysis uses 0.
    contempt: Option<i32>,
    /// The running search's id and what it is for.
    running: Option<(u64, Mode)>,
}

impl Session {
    pub(crate) fn new(
        out: Out,
        tx: Sender<Event>,
        config: Config,
    ) -> Result<Session, engine::tt::HashError> {
        let threads = config.threads.clamp(1, MAX_THREADS);
        // Only the size is checked now: allocating a large table takes
        // seconds, and a GUI waits only 2 s for features unless `feature
        // done=0` comes first, so the table is allocated after that line
        // (or before the first search).
        let searcher = Searcher::new(config.hash_mib, threads, config.player, config.eval)?;
        // CECP starts in orthodox chess until told `variant`.
        let variant = Variant::Chess;
        Ok(Session {
            out,
            tx,
            searcher,
            map: BoardMap::new(variant, config.rank_base),
            game: GameRecord::new(AnyPosition::start(variant), Wire::default()),
            lifted: None,
            waypoint: None,
            denial_option: None,
            opponent_program: false,
            engine_side: Some(Color::Black),
            game_over: false,
            post: false,
            analyzing: false,
            clock: MoveClock::default(),
            exclude: Vec::new(),
            resign: false,
            hopeless_moves: 0,
            multipv: 1,
            contempt: None,
            running: None,
        })
    }

    fn current(&self) -> &AnyPosition {
        self.game.current()
    }

    /// XBoard's board at the current position, as modelled.
    fn xb(&self) -> Option<&XbModel> {
        self.game.last().note.xb.as_ref()
    }

    /// XBoard's board one position back (where a denial returns).
    fn xb_before(&self) -> Option<XbModel> {
        self.game.back(1).and_then(|e| e.note.xb.clone())
    }

    /// The running search when it is of `mode`.
    fn running_is(&self, mode: Mode) -> bool {
        matches!(self.running, Some((_, m)) if m == mode)
    }

    /// The contempt of game play: the `Contempt` option, or the game's.
    fn contempt_in_play(&self) -> i32 {
        self.contempt
            .unwrap_or_else(|| eval::default_contempt(self.map.variant))
    }

    fn error(&self, reason: &str, line: &str) {
        self.out.line(&format!("Error ({reason}): {line}"));
    }

    /// Handles one input line; false means quit.
    /// Whether thinking output is on (`post`).
    pub(crate) fn posting(&self) -> bool {
        self.post
    }

    /// The search thread count (`--threads`, `cores`, option Threads).
    pub(crate) fn threads(&self) -> usize {
        self.searcher.threads()
    }

    pub fn handle(&mut self, raw: &str) -> bool {
        let line = raw.trim();
        if line.is_empty() {
            return true;
        }
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        // A waypoint holds only from the `put` to the `lift` that follows
        // it at once; anything else between (a move, a new position) ends
        // the mouse entry.
        if !matches!(cmd, "lift" | "put" | "hover") {
            self.lifted = None;
            self.waypoint = None;
        }
        match cmd {
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "name" | "rating"
            | "ics" | "draw" | "hint" | "bk" | "hover" => {}
            // A piece put down: when a `lift` of the same square follows,
            // the person stopped on a two-leg turn's middle square.
            "put" => {
                self.waypoint = self
                    .lifted
                    .take()
                    .filter(|from| from != arg)
                    .map(|from| (from, arg.to_string()));
            }
            "protover" => self.features(),
            "computer" => {
                self.opponent_program = true;
                self.apply_denial_setting();
            }
            "new" | "variant" | "setboard" | "undo" | "remove" => {
                self.position_command(cmd, arg, line)
            }
            "force" => {
                self.abort_search();
                self.engine_side = None;
            }
            "go" => {
                self.abort_search();
                self.engine_side = Some(self.current().side_to_move());
                self.think();
            }
            "playother" => {
                self.abort_search();
                self.engine_side = Some(self.current().side_to_move().flip());
            }
            "usermove" => self.user_move(arg, line),
            "?" => {
                if self.running_is(Mode::Think) {
                    self.searcher.stop();
                }
            }
            "ping" => self.out.line(&format!("pong {arg}")),
            "level" | "st" | "sd" | "time" | "otim" => self.clock_command(cmd, arg, line),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.abort_search();
                self.analyzing = true;
                self.engine_side = None;
                self.analyze();
            }
            "exit" => {
                if self.analyzing {
                    self.abort_search();
                    self.analyzing = false;
                }
            }
            "." => self.stat01(),
            "exclude" | "include" => self.exclude_cmd(cmd == "exclude", arg, line),
            "lift" => self.lift(arg, line),
            "option" => self.option(arg, line),
            "memory" => {
                match parse_count(arg) {
                    Some(mb) if mb >= 1 => self.set_hash(mb, line),
                    _ => self.error("bad argument", line),
                }
                self.note_settings();
            }
            // The most cores XBoard lets us use: more than MAX_THREADS
            // count as MAX_THREADS (and at most one per core runs).
            "cores" => {
                match parse_count(arg) {
                    Some(n) if n >= 1 => self.set_threads(n.min(MAX_THREADS)),
                    _ => self.error("bad argument", line),
                }
                self.note_settings();
            }
            "result" => {
                self.abort_search();
                self.game_over = true;
                self.engine_side = None;
            }
            "quit" => return false,
            _ => {
                // Bare moves (protocol version 1 style) are accepted too.
                if self.map.move_in(cmd).is_ok() && arg.is_empty() {
                    self.user_move(cmd, line);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        true
    }

    /// After `new`, `setboard`, `undo`, a user move: restart analysis, or
    /// announce a finished game.
    fn after_position_change(&mut self) {
        if self.analyzing {
            self.analyze();
        }
    }

    pub fn shutdown(&mut self) {
        self.abort_search();
    }
}
