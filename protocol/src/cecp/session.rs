//! The CECP session: game state, clocks, modes, and the running search.

use super::xboard_dy;
use super::xboard_map::BoardMap;
use super::xboard_sc::{self, XbBoard};
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

/// XBoard's board, as the session models it (see [`xboard_sc`] and
/// [`xboard_dy`]).
#[derive(Clone, Debug, PartialEq, Eq)]
enum XbModel {
    Strange(XbBoard),
    Dysnomia(xboard_dy::XbBoard),
}

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

/// CECP score: centipawns, mates as 100000 + moves.
fn cecp_score(s: Score) -> i64 {
    match mate_in_moves(s) {
        Some(m) if m > 0 => 100_000 + m as i64,
        Some(m) => -100_000 + m as i64,
        None => s as i64,
    }
}

/// XBoard's board as the session models it at `pos`, when moves travel
/// in XBoard's forms (Strange Chess, Dysnomia with `XBoard board` on).
fn xb_model(map: &BoardMap, pos: &AnyPosition) -> Option<XbModel> {
    if !map.tracks_xboard_board() {
        None
    } else if map.variant == Variant::Dysnomia {
        xboard_dy::XbBoard::from_fen(&pos.fen()).map(XbModel::Dysnomia)
    } else {
        XbBoard::from_fen(&pos.fen()).map(XbModel::Strange)
    }
}

/// A thinking line: depth, score, centiseconds, nodes, the PV in
/// XBoard's forms.
fn thinking_line(map: &BoardMap, r: &Report) -> String {
    let pv: Vec<String> = r.pv.iter().map(|m| map.move_out(m)).collect();
    format!(
        "{} {} {} {} {}",
        r.depth,
        cecp_score(r.score),
        r.time.as_millis() / 10,
        r.nodes,
        pv.join(" ")
    )
}

fn result_line(o: Outcome) -> String {
    let reason = match o {
        Outcome::Win {
            winner,
            reason: EndReason::Checkmate,
        } => {
            format!(
                "{} mates",
                if winner == Color::White {
                    "White"
                } else {
                    "Black"
                }
            )
        }
        Outcome::Win { winner, reason } => {
            format!("{} wins by {}", winner.name(), reason.describe())
        }
        Outcome::Draw {
            reason: EndReason::Stalemate,
        } => "Stalemate".into(),
        Outcome::Draw {
            reason: EndReason::Repetition,
        } => "Draw by repetition".into(),
        Outcome::Draw {
            reason: EndReason::MoveRule,
        } => "Draw by 100 plies without capture".into(),
        Outcome::Draw {
            reason: EndReason::BareKings,
        } => "Draw: bare kings".into(),
        Outcome::Draw { reason } => format!("Draw by {}", reason.describe()),
    };
    format!("{} {{{reason}}}", o.result_token())
}

/// `level MPS BASE INC`: moves per session, base time, increment.
pub(crate) fn parse_level(arg: &str) -> Result<(u32, Duration, Duration), String> {
    let f: Vec<&str> = arg.split_whitespace().collect();
    if f.len() != 3 {
        return Err(UNREADABLE.into());
    }
    let mps = f[0].parse::<u32>().map_err(|_| UNREADABLE)?;
    Ok((mps, parse_minutes(f[1])?, parse_seconds(f[2])?))
}

/// Longest time `level` and `st` accept, in seconds (about 31 years):
/// larger values are refused, so that no clock arithmetic can overflow.
pub(crate) const MAX_SECONDS: u64 = 1_000_000_000;

/// Why a number from the GUI was not taken: the reason in `Error (...)`.
pub(crate) const UNREADABLE: &str = "bad argument";

fn too_long() -> String {
    format!("too large: at most {MAX_SECONDS} seconds")
}

/// `level` time: `M`, `M:SS`, or fractional minutes; at most
/// [`MAX_SECONDS`]. The error is the reason for `Error (...)`.
pub(crate) fn parse_minutes(s: &str) -> Result<Duration, String> {
    if let Some((m, sec)) = s.split_once(':') {
        let m = parse_count(m).ok_or(UNREADABLE)?;
        let sec = parse_count(sec).ok_or(UNREADABLE)?;
        let total = m.checked_mul(60).and_then(|t| t.checked_add(sec));
        return match total {
            Some(t) if t as u64 <= MAX_SECONDS => Ok(Duration::from_secs(t as u64)),
            _ => Err(too_long()),
        };
    }
    let m: f64 = s.parse().map_err(|_| UNREADABLE)?;
    seconds_from(m * 60.0)
}

/// Seconds (`st`, the `level` increment): at most [`MAX_SECONDS`].
pub(crate) fn parse_seconds(s: &str) -> Result<Duration, String> {
    let v: f64 = s.parse().map_err(|_| UNREADABLE)?;
    seconds_from(v)
}

fn seconds_from(v: f64) -> Result<Duration, String> {
    if v.is_nan() || v < 0.0 {
        Err(UNREADABLE.into())
    } else if v > MAX_SECONDS as f64 {
        Err(too_long())
    } else {
        Ok(Duration::from_secs_f64(v))
    }
}

/// A count: a number too large for `usize` counts as `usize::MAX`, so that
/// it is refused as too large (or clamped), not called unreadable.
pub(crate) fn parse_count(s: &str) -> Option<usize> {
    match s.parse::<usize>() {
        Ok(n) => Some(n),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Some(usize::MAX),
        Err(_) => None,
    }
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
            "new" => {
                self.abort_search();
                // `computer` is said of each game anew.
                self.opponent_program = false;
                // CECP: `new` is orthodox chess; XBoard sends `variant`
                // after it for every other game.
                self.map = BoardMap {
                    variant: Variant::Chess,
                    ..self.map
                };
                self.reset(AnyPosition::start(Variant::Chess));
                self.engine_side = Some(Color::Black);
                self.clock.depth = None;
                self.clock.movetime = None;
                self.hopeless_moves = 0;
                self.searcher.new_game();
                self.after_position_change();
            }
            "variant" => match arg.parse::<Variant>() {
                Ok(v) => {
                    self.abort_search();
                    self.map = BoardMap {
                        variant: v,
                        ..self.map
                    };
                    self.reset(AnyPosition::start(v));
                    if let Some(setup) = self.map.setup_line() {
                        self.out.line(&setup);
                    }
                    for p in self.map.piece_lines() {
                        self.out.line(&p);
                    }
                    self.after_position_change();
                }
                Err(_) => self.error("unsupported variant", line),
            },
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
            "setboard" if self.relayed_denial(arg) => {}
            "setboard" => match self.map.fen_in(arg) {
                Ok(p) => {
                    let p = self.settle(p);
                    self.abort_search();
                    self.reset(p);
                    self.after_position_change();
                    // XBoard relays a null move as `setboard` and sends no
                    // `go`: an engine left on move moves by itself.
                    let dysnomia_xb = matches!(self.xb(), Some(XbModel::Dysnomia(_)));
                    if dysnomia_xb
                        && !self.analyzing
                        && self.engine_side == Some(self.current().side_to_move())
                    {
                        self.think();
                    }
                }
                Err(e) => self.error(&format!("illegal position: {e}"), line),
            },
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if self.game.plies() < n {
                    self.error("nothing to take back", line);
                } else {
                    self.abort_search();
                    self.game.undo(n);
                    self.game_over = false;
                    self.exclude.clear();
                    self.after_position_change();
                }
            }
            "level" => self.level(arg, line),
            "st" => match parse_seconds(arg) {
                Ok(d) if d > Duration::ZERO => self.clock.movetime = Some(d),
                Ok(_) => self.error(UNREADABLE, line),
                Err(why) => self.error(&why, line),
            },
            // Deeper than the search goes counts as its deepest.
            "sd" => match parse_count(arg) {
                Some(d) if d >= 1 => {
                    self.clock.depth = Some(d.min(engine::MAX_DEPTH as usize) as u32)
                }
                _ => self.error("bad argument", line),
            },
            "time" => match arg.parse::<u64>() {
                Ok(cs) => self.clock.time_left = Some(Duration::from_millis(cs.saturating_mul(10))),
                Err(_) => self.error("bad argument", line),
            },
            "otim" => {
                if arg.parse::<u64>().is_err() {
                    self.error("bad argument", line);
                }
            }
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
            "lift" => match match (self.game.last().note.xb.as_ref(), self.waypoint.take()) {
                (Some(XbModel::Dysnomia(_)), Some((from, kill))) if kill == arg => {
                    xboard_dy::second_leg_highlight(self.current(), &from, &kill)
                }
                (Some(XbModel::Strange(xb)), _) => {
                    self.lifted = Some(arg.to_string());
                    xboard_sc::highlight(xb, self.current(), arg)
                }
                (Some(XbModel::Dysnomia(xb)), _) => {
                    self.lifted = Some(arg.to_string());
                    xboard_dy::highlight(xb, self.current(), arg)
                }
                _ => self.map.highlight(self.current(), arg),
            } {
                Some(h) => self.out.line(&format!("highlight {h}")),
                None => self.error("bad square", line),
            },
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

    fn features(&mut self) {
        let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.cecp_id()).collect();
        // First, so that the GUI waits while the table is allocated.
        self.out.line("feature done=0");
        self.allocate_hash();
        self.out.line(&format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
             analyze=1 colors=0 name=0 nps=0 debug=1 memory=1 smp=1 exclude=1 highlight=1 \
             myname=\"Curio {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            variants.join(",")
        ));
        // Never lock the engine here: a running analysis holds it.
        let (hash, threads) = (self.searcher.hash_mib(), self.searcher.threads());
        self.out.line(&format!(
            "feature option=\"Hash -spin {hash} 1 {}\"",
            engine::tt::max_hash_mib()
        ));
        self.out.line(&format!(
            "feature option=\"Threads -spin {threads} 1 {MAX_THREADS}\""
        ));
        self.out.line(&format!(
            "feature option=\"MultiPV -spin {} 1 64\"",
            self.multipv
        ));
        self.out.line(&format!(
            "feature option=\"Contempt -spin {} -500 500\"",
            self.contempt_in_play()
        ));
        self.out.line(&format!(
            "feature option=\"Resign -check {}\"",
            self.resign as u8
        ));
        self.out.line(&format!(
            "feature option=\"Rank base -spin {} 0 1\"",
            self.map.rank_base
        ));
        self.out.line(&format!(
            "feature option=\"XBoard board -check {}\"",
            self.map.xboard_board as u8
        ));
        self.out.line(&format!(
            "feature option=\"Denial -check {}\"",
            self.denial() as u8
        ));
        // As Stockfish and Fairy-Stockfish name it; `-file` so that XBoard
        // offers a file chooser.
        self.out.line(&format!(
            "feature option=\"Debug Log File -file {}\"",
            self.out.log_path().unwrap_or_default()
        ));
        self.out.line("feature done=1");
        self.note_thread_cap();
    }

    /// Allocates the table `--hash` asked for, if that is still to do. A
    /// size the allocator refuses now leaves the smallest table, and says
    /// so (the size itself was checked before the session started).
    fn allocate_hash(&mut self) {
        if let Err((mib, e)) = self.searcher.allocate_pending_hash() {
            self.error(
                &format!(
                    "hash too large: {mib} MiB could not be allocated now, at most {} MiB; using 1 MiB",
                    e.max()
                ),
                &format!("--hash {mib}"),
            );
        }
    }

    /// Dysnomia: whether a player may deny now (see `denial_option`).
    fn denial(&self) -> bool {
        self.denial_option.unwrap_or(!self.opponent_program)
    }

    /// The option `Denial` or `computer` changed who may deny: the current
    /// position follows at once (a search on it starts again).
    fn apply_denial_setting(&mut self) {
        if self.current().variant() != Variant::Dysnomia {
            return;
        }
        let mode = self.running.map(|(_, m)| m);
        if mode.is_some() {
            self.abort_search();
        }
        let settled = self.settle(self.current().clone());
        *self.game.current_mut() = settled;
        match mode {
            Some(Mode::Think) => self.think(),
            Some(Mode::Analyze) => self.analyze(),
            None => {}
        }
    }

    /// XBoard's board as the session models it at `pos`, when moves travel
    /// in XBoard's forms (Strange Chess, Dysnomia with `XBoard board` on).
    fn xb_model(&self, pos: &AnyPosition) -> Option<XbModel> {
        xb_model(&self.map, pos)
    }

    /// `memory` and option `Hash`. A size beyond the machine is refused
    /// before anything changes (a running search goes on); one the
    /// allocator refuses leaves the old table (see
    /// [`Engine::try_set_hash`]). Either way: `Error (hash too large: ...)`.
    fn set_hash(&mut self, mib: usize, line: &str) {
        if let Err(e) = engine::tt::check_hash_mib(mib) {
            self.error(&format!("hash too large: at most {} MiB", e.max()), line);
            return;
        }
        self.abort_search();
        // This size replaces the one of the command line.
        match self.searcher.set_hash(mib) {
            Ok(()) => {}
            Err(e) => self.error(
                &format!(
                    "hash too large: {mib} MiB could not be allocated now, at most {} MiB",
                    e.max()
                ),
                line,
            ),
        }
        self.after_position_change();
    }

    fn set_threads(&mut self, n: usize) {
        self.abort_search();
        self.searcher.set_threads(n);
        self.note_thread_cap();
        self.after_position_change();
    }

    /// Says in XBoard's debug log (`#` lines, feature debug=1) when fewer
    /// threads run than were asked for, so a tester sees why. It does not
    /// lock the engine, which a running analysis holds.
    fn note_thread_cap(&self) {
        let threads = self.searcher.threads();
        let running = engine::threads_that_run_here(threads);
        if running < threads {
            self.out.line(&format!(
                "# {threads} threads asked for: running {running}, one per core of this machine"
            ));
        }
    }

    fn reset(&mut self, pos: AnyPosition) {
        let pos = self.settle(pos);
        let xb = self.xb_model(&pos);
        self.game.reset(
            pos,
            Wire {
                text: String::new(),
                xb,
            },
        );
        self.game_over = false;
        self.exclude.clear();
    }

    /// After `new`, `setboard`, `undo`, a user move: restart analysis, or
    /// announce a finished game.
    fn after_position_change(&mut self) {
        if self.analyzing {
            self.analyze();
        }
    }

    fn user_move(&mut self, text: &str, line: &str) {
        if text.is_empty() {
            self.error("missing move", line);
            return;
        }
        if self.game_over {
            self.out
                .line(&format!("Illegal move (the game is over): {text}"));
            return;
        }
        let (ours, xb_after) = match self.read_move(text) {
            Ok(m) => m,
            Err(why) => {
                self.out.line(&format!("Illegal move ({why}): {text}"));
                return;
            }
        };
        // A move while we think on our own move is not the opponent's to
        // make: refused, and the search goes on to its move (abandoning it
        // would leave the GUI waiting for a move that never comes).
        if self.running_is(Mode::Think) {
            self.error("not your turn: the engine is thinking on its move", line);
            return;
        }
        let mut next = self.current().clone();
        if let Err(e) = next.play(&ours) {
            self.out
                .line(&format!("Illegal move ({}): {text}", e.reason()));
            return;
        }
        let next = self.settle(next);
        self.game.push(
            ours,
            next,
            Wire {
                text: text.to_string(),
                xb: xb_after,
            },
        );
        self.exclude.clear();
        if self.announce_if_over() {
            if self.analyzing {
                self.abort_search();
            }
            return;
        }
        if self.analyzing {
            self.analyze();
        } else if self.engine_side == Some(self.current().side_to_move()) {
            self.think();
        }
    }

    /// XBoard's text -> our move, and XBoard's board after it.
    fn read_move(&self, text: &str) -> Result<(String, Option<XbModel>), String> {
        match self.xb() {
            Some(XbModel::Strange(xb)) => xboard_sc::read_move(xb, self.current(), text)
                .map(|(m, b)| (m, Some(XbModel::Strange(b)))),
            // A denial in our notation (from a program that knows the
            // game): XBoard's board goes back to before the denied move.
            Some(XbModel::Dysnomia(_)) if text == "@@@@" => {
                Ok(("@@@@".to_string(), self.xb_before()))
            }
            Some(XbModel::Dysnomia(xb)) => xboard_dy::read_move(xb, self.current(), text)
                .map(|(m, b)| (m, Some(XbModel::Dysnomia(b)))),
            _ => self.map.move_in(text).map(|m| (m, None)),
        }
    }

    /// Our (legal) move -> XBoard's text, and XBoard's board after it.
    fn write_move(&self, ours: &str) -> (String, Option<XbModel>) {
        match self.xb() {
            Some(XbModel::Strange(xb)) => {
                if let Some((text, b)) = xboard_sc::write_move(xb, self.current(), ours) {
                    return (text, Some(XbModel::Strange(b)));
                }
            }
            Some(XbModel::Dysnomia(xb)) => {
                if let Some((text, b)) = xboard_dy::write_move(xb, self.current(), ours) {
                    return (text, Some(XbModel::Dysnomia(b)));
                }
            }
            _ => {}
        }
        (self.map.move_out(ours), None)
    }

    /// Dysnomia with option `Denial` off: the position without the move
    /// that led to it (our FEN keeps everything else), so no denial is
    /// legal in it.
    fn settle(&self, pos: AnyPosition) -> AnyPosition {
        if self.denial() || pos.variant() != Variant::Dysnomia {
            return pos;
        }
        AnyPosition::from_fen(Variant::Dysnomia, &pos.fen()).unwrap_or(pos)
    }

    /// A person's null move in XBoard, which XBoard relays as `setboard`
    /// with the position after the pass: XBoard's board as we model it,
    /// the other side to move. In Dysnomia that is a denial of the last
    /// move; the denied side moves again (there is no `go`).
    fn relayed_denial(&mut self, fen: &str) -> bool {
        let Some(XbModel::Dysnomia(xb)) = self.xb() else {
            return false;
        };
        let f: Vec<&str> = fen.split_whitespace().collect();
        let side = self.current().side_to_move();
        let passed = match side {
            Color::White => "b",
            Color::Black => "w",
        };
        let same_board = f.first().map(|b| b.split('[').next().unwrap_or(b))
            == Some(xboard_dy::board_field(&xb.cells).as_str());
        if !same_board || f.get(1) != Some(&passed) || self.game.plies() < 1 {
            return false;
        }
        if !self
            .current()
            .legal_move_strings()
            .iter()
            .any(|m| m == "@@@@")
        {
            // No denial now: refusing the null move makes XBoard take it
            // back, and the person moves.
            self.out.line(
                "Illegal move (no denial: the right is not yours, or the last move cannot be denied): @@@@",
            );
            return true;
        }
        self.abort_search();
        let mut next = self.current().clone();
        if next.play("@@@@").is_err() {
            return false;
        }
        // XBoard keeps the denied move on its board.
        let xb = self.xb().cloned();
        self.game.push(
            "@@@@".to_string(),
            next,
            Wire {
                text: "@@@@".to_string(),
                xb,
            },
        );
        self.exclude.clear();
        if self.announce_if_over() {
            return true;
        }
        if self.analyzing {
            self.analyze();
        } else if self.engine_side == Some(self.current().side_to_move()) {
            self.think();
        }
        true
    }

    /// Prints the result if the current position ends the game.
    fn announce_if_over(&mut self) -> bool {
        match self.game.outcome() {
            Some(o) => {
                self.out.line(&result_line(o));
                self.game_over = true;
                true
            }
            None => false,
        }
    }

    fn level(&mut self, arg: &str, line: &str) {
        match parse_level(arg) {
            Ok((mps, base, inc)) => self.clock.set_time_control(TimeControl { mps, base, inc }),
            Err(why) => self.error(&why, line),
        }
    }

    fn option(&mut self, arg: &str, line: &str) {
        let (name, value) = match arg.split_once('=') {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (arg.trim(), ""),
        };
        let num = value.parse::<usize>().ok();
        match (name, num) {
            ("Debug Log File", _) => self.set_debug_log(value, line),
            ("Hash", _) => match parse_count(value) {
                Some(mb) if mb >= 1 => self.set_hash(mb, line),
                _ => self.error("bad option", line),
            },
            ("Threads", Some(n)) if (1..=MAX_THREADS).contains(&n) => self.set_threads(n),
            ("Threads", _) => {
                self.error(&format!("bad option: Threads is 1 to {MAX_THREADS}"), line)
            }
            ("MultiPV", Some(n)) if (1..=64).contains(&n) => {
                self.multipv = n;
                self.after_position_change();
            }
            ("Resign", Some(v)) if v <= 1 => self.resign = v == 1,
            ("Contempt", _) => match value.parse::<i32>() {
                Ok(c) if (-500..=500).contains(&c) => self.contempt = Some(c),
                _ => self.error("bad option", line),
            },
            ("Rank base", Some(v)) if v <= 1 => self.map.rank_base = v as u32,
            ("Denial", Some(v)) if v <= 1 => {
                self.denial_option = Some(v == 1);
                self.apply_denial_setting();
            }
            ("XBoard board", Some(v)) if v <= 1 => {
                // At once: the game's moves travel in the new form from
                // now on, a running search's move included.
                self.map.xboard_board = v == 1;
                let map = self.map;
                for (pos, note) in self.game.notes_mut() {
                    note.xb = xb_model(&map, pos);
                }
            }
            _ => self.error("bad option", line),
        }
        self.note_settings();
    }

    /// Option `Debug Log File`: a path starts logging there (appended
    /// to), an empty value stops it. A path that cannot be written is
    /// refused and the log goes on as it was.
    fn set_debug_log(&mut self, path: &str, line: &str) {
        if path.is_empty() {
            self.out.close_log();
            return;
        }
        match self.out.open_log(path) {
            Ok(()) => self.out.note(&format!("opened by: {line}")),
            Err(e) => self.error(&format!("cannot write the debug log file: {e}"), line),
        }
    }

    /// Notes the settings in force, for the debug log (after every
    /// `option`, `memory` or `cores`, and when a log opens).
    pub(crate) fn note_settings(&self) {
        self.out.note(&format!(
            "settings: Hash {} MiB, Threads {} ({} run), MultiPV {}, Contempt {}, Resign {}, \
             Rank base {}, XBoard board {}, Denial {}, Debug Log File {}",
            self.searcher.hash_mib(),
            self.searcher.threads(),
            engine::threads_that_run_here(self.searcher.threads()),
            self.multipv,
            self.contempt_in_play(),
            self.resign as u8,
            self.map.rank_base,
            self.map.xboard_board as u8,
            self.denial() as u8,
            self.out.log_path().unwrap_or_default()
        ));
    }

    fn exclude_cmd(&mut self, exclude: bool, arg: &str, line: &str) {
        if arg == "all" {
            self.exclude = if exclude {
                self.current().legal_move_strings()
            } else {
                Vec::new()
            };
        } else {
            let ours = match self.read_move(arg).map(|(m, _)| m) {
                Ok(m) if self.current().legal_move_strings().contains(&m) => m,
                _ => {
                    self.out.line(&format!("Illegal move: {arg}"));
                    return;
                }
            };
            self.exclude.retain(|m| *m != ours);
            if exclude {
                self.exclude.push(ours);
            }
        }
        let _ = line;
        if self.analyzing {
            self.analyze();
        }
    }

    fn stat01(&self) {
        if let (true, Some(r)) = (self.running_is(Mode::Analyze), self.searcher.running()) {
            {
                let s = self.searcher.progress();
                let total = self.current().legal_move_strings().len();
                self.out.line(&format!(
                    "stat01: {} {} {} {} {}",
                    r.started.elapsed().as_millis() / 10,
                    s.nodes,
                    s.depth,
                    0,
                    total
                ));
            }
        }
    }

    /// Limits for the engine's own move from the time control.
    fn move_limits(&self) -> Limits {
        self.clock.limits(self.game.plies())
    }

    fn think(&mut self) {
        if self.game_over || self.announce_if_over() {
            return;
        }
        let limits = self.move_limits();
        self.start_search(Mode::Think, limits);
    }

    fn analyze(&mut self) {
        self.abort_search();
        if self.game.outcome().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start_search(Mode::Analyze, limits);
    }

    fn start_search(&mut self, mode: Mode, limits: Limits) {
        self.abort_search();
        // A GUI that never sent `protover` gets the table here.
        self.allocate_hash();
        let root = self.current().clone();
        let analysis = mode == Mode::Analyze;
        let job = Job {
            root: root.clone(),
            history: self.game.history(),
            limits,
            multipv: if analysis { self.multipv } else { 1 },
            exclude: self.exclude.clone(),
            contempt: if analysis { 0 } else { self.contempt_in_play() },
            own_move: !analysis,
        };
        let (out, map, post) = (self.out.clone(), self.map, self.post || analysis);
        let tx = self.tx.clone();
        let started = self.searcher.start(
            job,
            move |r| {
                if post {
                    out.line(&thinking_line(&map, r));
                }
            },
            move |d| {
                let _ = tx.send(Event::SearchDone(d));
            },
        );
        match started {
            Ok(id) => {
                self.running = Some((id, mode));
                self.out.note(&format!(
                    "search {id} ({}) of {}, {} to move: {}; {} thread(s), {} MiB; position {}",
                    if analysis { "analysis" } else { "own move" },
                    root.variant(),
                    root.side_to_move().name(),
                    crate::linelog::describe_limits(&limits),
                    self.searcher.threads(),
                    self.searcher.hash_mib(),
                    root.fen()
                ));
            }
            Err(why) => self.error(&why, "search"),
        }
    }

    /// Stops any search and forgets its result.
    fn abort_search(&mut self) {
        self.running = None;
        if let Some(r) = self.searcher.abort() {
            self.out.note(&format!(
                "search {} stopped after {:.3} s, its result dropped",
                r.id,
                r.started.elapsed().as_secs_f64()
            ));
        }
    }

    /// A search thread ended: play its move if it is still wanted.
    pub(crate) fn search_finished(&mut self, f: Done) {
        let mode = match self.running {
            Some((id, mode)) if id == f.id => mode,
            _ => return,
        };
        self.running = None;
        if let Some(r) = self.searcher.finished(f.id) {
            let used = r.started.elapsed();
            let given = match r.limits.budget() {
                Some(b) => format!(
                    "budget {:.3} s, at most {:.3} s{}",
                    b.soft.as_secs_f64(),
                    b.hard.as_secs_f64(),
                    if used > b.hard { ": OVER" } else { "" }
                ),
                None => "no time limit".into(),
            };
            self.out.note(&format!(
                "search {} done: best {}, score {}, depth {}, {} nodes; used {:.3} s ({given})",
                f.id,
                f.best.as_deref().unwrap_or("(none)"),
                cecp_score(f.score),
                f.depth,
                f.nodes,
                used.as_secs_f64()
            ));
        }
        if mode != Mode::Think {
            return;
        }
        let Some(best) = f.best else {
            self.announce_if_over();
            return;
        };
        if self.resign {
            self.hopeless_moves = if f.score <= -1000 {
                self.hopeless_moves + 1
            } else {
                0
            };
            if self.hopeless_moves >= 3 {
                self.out.line("resign");
                self.game_over = true;
                self.engine_side = None;
                return;
            }
        }
        let mut next = self.current().clone();
        if next.play(&best).is_err() {
            // Cannot happen: the search returns legal moves only.
            self.error("internal", &format!("engine move {best} refused"));
            return;
        }
        let next = self.settle(next);
        if best == "@@@@" && matches!(self.xb(), Some(XbModel::Dysnomia(_))) {
            // XBoard cannot take a move back on an engine's word but for
            // refusing it: it then shows the position before it, and the
            // person moves again.
            let denied = self.game.last().note.text.clone();
            let before = self.xb_before();
            self.game.push(
                best.clone(),
                next,
                Wire {
                    text: best,
                    xb: before,
                },
            );
            self.out.line(&format!("Illegal move (denied): {denied}"));
            self.announce_if_over();
            return;
        }
        let (text, xb) = self.write_move(&best);
        self.game.push(
            best,
            next,
            Wire {
                text: text.clone(),
                xb,
            },
        );
        self.out.line(&format!("move {text}"));
        self.announce_if_over();
    }

    pub fn shutdown(&mut self) {
        self.abort_search();
    }
}
