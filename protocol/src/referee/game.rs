//! One game between two engines, CECP or UCI, refereed by our rules.
//!
//! The referee owns the true position and both clocks. CECP engines stay
//! in force mode until their first move (`go`); after that each receives
//! the opponent's move as `usermove`, preceded by `time`/`otim`. A UCI
//! engine gets the whole game on each turn (`position fen START moves
//! ...`) and `go` with both clocks, in the binding notation of the game.
//! Every reply is checked: an illegal or unreadable move, a false result
//! claim, a crash, a hang and a lost clock all end the game by our rules.
//!
//! Hidden information: what each engine is told comes from [`View`], so a
//! game whose players see different things (Reality Check) plugs in by
//! telling each side only its own view; for our full-information games both
//! views are the whole position.

use super::adjudicate::{Adjudication, Adjudicator};
use super::engine_proc::{EngineProc, Protocol};
use super::turn::take_turn;
use crate::cecp::xboard_map::BoardMap;
use crate::session::GameRecord;
use movegen::game::Color;
use movegen::{AnyMove, AnyPosition, MoveError, Outcome, Variant};
use std::time::Duration;

/// How much time the engines get.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Base and increment per move, kept by the referee.
    Clock { base: Duration, inc: Duration },
    /// Fixed time per move.
    MoveTime(Duration),
    /// Fixed depth (no clock).
    Depth(u32),
}

impl TimeControl {
    /// PGN `TimeControl` value.
    pub fn pgn(&self) -> String {
        match self {
            TimeControl::Clock { base, inc } => {
                format!("{}+{}", base.as_secs_f64(), inc.as_secs_f64())
            }
            _ => "-".into(),
        }
    }
}

/// How an engine sees the game (see the module documentation).
pub trait View {
    /// The position to send with `setboard`, for `side`'s engine.
    fn setboard_for(&self, side: Color) -> String;
    /// The move text to send to `side`'s engine.
    fn move_for(&self, mv: &str, side: Color) -> String;
}

/// Full information: both engines see everything, in XBoard coordinates.
pub struct FullView<'a> {
    pub pos: &'a AnyPosition,
    pub map: BoardMap,
}

impl View for FullView<'_> {
    /// Our own FEN, not XBoard's: its unmoved-woozan field is exact, where
    /// an XBoard FEN's empty castling field is read as "infer from the
    /// board" (see [`BoardMap::fen_in`]). For chess the two are the same.
    fn setboard_for(&self, _: Color) -> String {
        self.pos.fen()
    }

    fn move_for(&self, mv: &str, _: Color) -> String {
        self.map.move_out(mv)
    }
}

/// The finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub white: String,
    pub black: String,
    /// FEN of the start when it is not the variant's start position.
    pub start_fen: Option<String>,
    /// The moves, with their clocks and times.
    pub moves: Vec<PlayedMove>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why it ended, in words (PGN `Termination`; games are counted by it).
    pub reason: String,
    /// What the reason leaves out: for a time loss, where the time went.
    pub detail: Option<String>,
    /// Dysnomia's denials and baits in the game.
    pub events: Events,
    /// Sum and count of the depths the engines reported, per colour.
    pub depth: [(u64, u64); 2],
    /// Per colour, the time its moves took and the time it was given (the
    /// base and every increment earned, or the move time per move): how
    /// much of its clock an engine uses.
    pub time: [(Duration, Duration); 2],
    /// Engines whose process must be restarted: crashed, hung, or out of
    /// step with the game (an illegal or unreadable move, a false claim, a
    /// legal move refused, output that is not text).
    pub broken: [bool; 2],
}

impl PlayedGame {
    /// A game about to start: no moves, no result yet.
    pub fn new(white: &str, black: &str, start_fen: Option<String>) -> PlayedGame {
        PlayedGame {
            white: white.to_string(),
            black: black.to_string(),
            start_fen,
            moves: Vec::new(),
            result: "*".into(),
            reason: String::new(),
            detail: None,
            events: Events::default(),
            depth: [(0, 0); 2],
            time: [(Duration::ZERO, Duration::ZERO); 2],
            broken: [false; 2],
        }
    }

    /// The reason with its detail, if any (the PGN's closing comment, the
    /// progress line).
    pub fn reason_in_full(&self) -> String {
        match &self.detail {
            Some(d) => format!("{}: {d}", self.reason),
            None => self.reason.clone(),
        }
    }
}

/// The moves of Dysnomia that other games do not have, counted: a match
/// must show that they occur.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events {
    /// Denials (`@@@@`): a move taken back, its mover to play another.
    pub denials: u32,
    /// Baits: a King left in check on purpose, the reply forced.
    pub baits: u32,
}

impl std::ops::AddAssign for Events {
    fn add_assign(&mut self, o: Events) {
        self.denials += o.denials;
        self.baits += o.baits;
    }
}

/// One move of a game as the referee saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    /// Our move text.
    pub text: String,
    /// The mover's clock after the move (if clocked).
    pub clock: Option<Duration>,
    /// From sending the move request (`go` or the opponent's move) to the
    /// engine's `move` line, as the referee measured it: what the clock
    /// was charged.
    pub took: Option<Duration>,
}

impl PlayedMove {
    /// A move with no clock and no time (a move of a file, a test).
    pub fn bare(text: impl Into<String>) -> PlayedMove {
        PlayedMove {
            text: text.into(),
            clock: None,
            took: None,
        }
    }
}

/// Ply cap after which the referee calls a draw.
pub const MAX_PLIES: usize = 1000;

pub(crate) fn loss(side: Color) -> String {
    match side {
        Color::White => "0-1".into(),
        Color::Black => "1-0".into(),
    }
}

pub(crate) fn outcome_words(o: Outcome) -> String {
    match o {
        Outcome::Win { winner, reason } => {
            format!("{} wins by {}", winner.name(), reason.describe())
        }
        Outcome::Draw { reason } => format!("draw by {}", reason.describe()),
    }
}

/// Sends the CECP commands for a time control.
pub(crate) fn send_time_control(e: &mut EngineProc, tc: TimeControl) {
    match tc {
        TimeControl::Clock { base, inc } => {
            // M:SS when whole seconds, else fractional minutes.
            let base_text = if base.subsec_nanos() == 0 {
                format!("{}:{:02}", base.as_secs() / 60, base.as_secs() % 60)
            } else {
                format!("{}", base.as_secs_f64() / 60.0)
            };
            e.send(&format!("level 0 {base_text} {}", inc.as_secs_f64()));
        }
        TimeControl::MoveTime(t) => e.send(&format!("st {}", t.as_secs_f64().max(0.001))),
        TimeControl::Depth(d) => {
            e.send("level 0 60 0");
            e.send(&format!("sd {d}"));
        }
    }
}

/// Sends a CECP engine both clocks (`time`, `otim`) before its turn, if
/// its time control is a clock: `i` is its colour index.
pub(crate) fn send_clocks(e: &mut EngineProc, tc: TimeControl, clock: [Duration; 2], i: usize) {
    if let TimeControl::Clock { .. } = tc {
        let cs = |d: Duration| d.as_millis() / 10;
        e.send(&format!("time {}", cs(clock[i])));
        e.send(&format!("otim {}", cs(clock[1 - i])));
    }
}

/// Plays one game. `engines[0]` plays White; `tcs` are White's and
/// Black's time controls (time odds are allowed).
pub fn play_game(
    engines: [&mut EngineProc; 2],
    variant: Variant,
    start: &AnyPosition,
    opening_is_start: bool,
    opening_moves: &[String],
    tcs: [TimeControl; 2],
    adjudication: Adjudication,
) -> PlayedGame {
    let map = BoardMap::new(variant, 0);
    let [white, black] = engines;
    let mut eng: [&mut EngineProc; 2] = [white, black];
    let mut rec = PlayedGame::new(
        &eng[0].name,
        &eng[1].name,
        (!opening_is_start).then(|| start.fen()),
    );

    // Setup: both engines in force mode on the start position (UCI: the
    // game chosen, and a new game said).
    for (i, e) in eng.iter_mut().enumerate() {
        let side = if i == 0 { Color::White } else { Color::Black };
        let answered = if e.protocol == Protocol::Uci {
            set_up_uci(e, variant)
        } else {
            let opening =
                (!opening_is_start).then_some((FullView { pos: start, map }, opening_moves));
            set_up_cecp(e, side, variant, opening, tcs[i])
        };
        if !answered {
            rec.broken[i] = true;
        }
    }
    if rec.broken[0] || rec.broken[1] {
        let side = if rec.broken[0] {
            Color::White
        } else {
            Color::Black
        };
        rec.result = loss(side);
        rec.reason = format!("{} did not answer the game setup", side.name());
        return finish(rec, eng);
    }

    let mut referee = Referee::new(map, start, tcs, adjudication);
    let (result, reason) = loop {
        if let Some(end) = referee.turn(&mut eng, &mut rec) {
            break end;
        }
    };
    rec.result = result;
    rec.reason = reason;
    finish(rec, eng)
}

/// Sets up a UCI engine for a game: the variant chosen (if it has the
/// option) and a new game said. Whether it answered.
fn set_up_uci(e: &mut EngineProc, variant: Variant) -> bool {
    if e.features.options.iter().any(|o| o == "UCI_Variant") {
        e.send(&format!(
            "setoption name UCI_Variant value {}",
            variant.id()
        ));
    }
    e.send("ucinewgame");
    e.ping(Duration::from_secs(10))
}

/// Sets up a CECP engine for a game, in force mode: the variant, the
/// opening (`opening`: None for the variant's start position; its view
/// and the moves that reach it), the time control and thinking output.
/// Whether it answered.
fn set_up_cecp(
    e: &mut EngineProc,
    side: Color,
    variant: Variant,
    opening: Option<(FullView, &[String])>,
    tc: TimeControl,
) -> bool {
    // The referee speaks each game's binding notation; Curio would
    // otherwise use the forms XBoard's board can follow (Strange Chess,
    // Dysnomia).
    if crate::cecp::dialect::of(variant).moves_in_xboard_forms()
        && e.features.options.iter().any(|o| o == "XBoard board")
    {
        e.send("option XBoard board=0");
    }
    e.send("new");
    // `new` is orthodox chess; other games are named after it.
    if variant != Variant::Chess {
        e.send(&format!("variant {}", variant.cecp_id()));
    }
    e.send("force");
    if let Some((view, opening_moves)) = opening {
        if e.features.setboard || opening_moves.is_empty() {
            e.send(&format!("setboard {}", view.setboard_for(side)));
        } else {
            for m in opening_moves {
                e.send_move(&view.move_for(m, side));
            }
        }
    }
    send_time_control(e, tc);
    e.send("post");
    e.send("easy");
    e.ping(Duration::from_secs(10))
}

/// The referee's side of a game under way: the true game, both clocks,
/// what the CECP engines have been told, and the adjudication counts.
struct Referee {
    map: BoardMap,
    tcs: [TimeControl; 2],
    game: GameRecord,
    clock: [Duration; 2],
    /// Per colour: whether its CECP engine was sent `go` (it has left
    /// force mode and is sent the opponent's moves as they come).
    started: [bool; 2],
    last_move: Option<String>,
    adjudicator: Adjudicator,
}

impl Referee {
    fn new(
        map: BoardMap,
        start: &AnyPosition,
        tcs: [TimeControl; 2],
        adjudication: Adjudication,
    ) -> Referee {
        let clock_of = |tc: TimeControl| match tc {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        };
        Referee {
            map,
            tcs,
            // The game starts at the opening position (its FEN is in the
            // PGN): opening plies do not count for repetition, also for an
            // engine that was sent them as moves.
            game: GameRecord::new(start.clone(), ()),
            clock: [clock_of(tcs[0]), clock_of(tcs[1])],
            started: [false; 2],
            last_move: None,
            adjudicator: Adjudicator::new(adjudication),
        }
    }

    /// Plays one ply: the side to move is asked for its move, which is
    /// checked, recorded, and sent to an opponent still in force mode.
    /// The result and the reason once the game is over (before this ply,
    /// by it, or by adjudication after it); None while it goes on.
    fn turn(
        &mut self,
        eng: &mut [&mut EngineProc; 2],
        rec: &mut PlayedGame,
    ) -> Option<(String, String)> {
        if let Some(o) = self.game.outcome() {
            return Some((o.result_token().into(), outcome_words(o)));
        }
        if rec.moves.len() >= MAX_PLIES {
            return Some((
                "1/2-1/2".into(),
                format!("draw by adjudication after {MAX_PLIES} plies"),
            ));
        }
        let side = self.game.current().side_to_move();
        let i = side.index();
        self.ask(eng[i], side);
        let reply = match take_turn(eng[i], side, self.tcs[i], &mut self.clock[i], rec) {
            Ok(r) => r,
            Err(reason) => return Some((loss(side), reason)),
        };
        let (ours, next) = match self.read_move(eng[i], side, &reply.text) {
            Ok(m) => m,
            Err(reason) => {
                // Recorded in the reason, not as a move of the game; the
                // engine is out of step and is restarted.
                rec.broken[i] = true;
                return Some((loss(side), reason));
            }
        };
        let capture = is_capture(self.game.current(), &next);
        self.record_move(eng[1 - i], side, ours, next, reply.took, rec);
        if self.game.outcome().is_some() {
            return None;
        }
        let plies = rec.moves.len();
        self.adjudicator
            .after_move(side, reply.score, capture, plies)
            .map(|(result, reason)| (result.into(), reason))
    }

    /// Asks `side`'s engine for its move. UCI: the whole game and `go` with
    /// both clocks. CECP: the clocks, then the opponent's last move, or
    /// `go` on its first turn.
    fn ask(&mut self, e: &mut EngineProc, side: Color) {
        let i = side.index();
        if e.protocol == Protocol::Uci {
            let moves: Vec<&str> = self.game.moves().collect();
            let mut position = format!("position fen {}", self.game.start().fen());
            if !moves.is_empty() {
                position.push_str(" moves ");
                position.push_str(&moves.join(" "));
            }
            e.send(&position);
            e.send(&uci_go(self.tcs, self.clock, i));
            return;
        }
        send_clocks(e, self.tcs[i], self.clock, i);
        if self.started[i] {
            if let Some(m) = &self.last_move {
                let view = FullView {
                    pos: self.game.current(),
                    map: self.map,
                };
                e.send_move(&view.move_for(m, side));
            }
        } else {
            e.send("go");
            self.started[i] = true;
        }
    }

    /// `side`'s move `mv` in our notation and the position after it, or
    /// why it loses the game: a move that cannot be read, or is illegal.
    fn read_move(
        &self,
        e: &EngineProc,
        side: Color,
        mv: &str,
    ) -> Result<(AnyMove, AnyPosition), String> {
        // UCI engines speak the binding notation.
        let read = if e.protocol == Protocol::Uci {
            Ok(mv.to_string())
        } else {
            self.map.move_in(mv)
        };
        let ours = read.map_err(|why| {
            format!(
                "{} played an unreadable move '{mv}' ({why}){}",
                side.name(),
                late_features(e)
            )
        })?;
        let illegal = |err: MoveError| {
            format!(
                "{} played an illegal move {ours} ({}){}",
                side.name(),
                err.reason(),
                late_features(e)
            )
        };
        // Read once: from here on the move is typed.
        let mv = self.game.current().parse_move(&ours).map_err(illegal)?;
        let mut next = self.game.current().clone();
        next.make_move(&mv).map_err(illegal)?;
        Ok((mv, next))
    }

    /// Adds `side`'s move `ours` (reaching `next`, after `took`) to the
    /// game and to its record (with the mover's clock and Dysnomia's
    /// denials and baits), and sends it to an `opponent` in force mode.
    fn record_move(
        &mut self,
        opponent: &mut EngineProc,
        side: Color,
        mv: AnyMove,
        next: AnyPosition,
        took: Duration,
        rec: &mut PlayedGame,
    ) {
        let i = side.index();
        let ours = self.game.current().move_text(&mv);
        self.game.push(mv, next, ());
        let pos = self.game.current();
        rec.events.denials += u32::from(mv.is_denial());
        rec.events.baits += u32::from(pos.bait_pending());
        let clock_after = matches!(self.tcs[i], TimeControl::Clock { .. }).then_some(self.clock[i]);
        rec.moves.push(PlayedMove {
            text: ours.clone(),
            clock: clock_after,
            took: Some(took),
        });
        if !self.started[1 - i] && opponent.protocol == Protocol::Cecp {
            // Still in force mode: it just records the move.
            let text = FullView { pos, map: self.map }.move_for(&ours, side.flip());
            opponent.send_move(&text);
        }
        self.last_move = Some(ours);
    }
}

/// What a verdict on a bad move adds for an engine whose features came
/// after the handshake: it was taken for protocol 1 and told nothing (no
/// options), and its bad move is that.
fn late_features(e: &EngineProc) -> &'static str {
    if e.features.late {
        "; its features came only after the handshake (slow to start), so it was not set up for this match"
    } else {
        ""
    }
}

/// UCI's `go` for the engine of colour index `i`: both clocks with their
/// increments, or its move time, or its depth.
fn uci_go(tcs: [TimeControl; 2], clock: [Duration; 2], i: usize) -> String {
    let ms = |d: Duration| d.as_millis();
    match tcs[i] {
        TimeControl::Clock { .. } => {
            // An opponent without a clock (time odds by move time) is
            // shown with this side's clock.
            let side = |k: usize| match tcs[k] {
                TimeControl::Clock { inc, .. } => (clock[k], inc),
                _ => (clock[i], Duration::ZERO),
            };
            let ((wt, wi), (bt, bi)) = (side(0), side(1));
            format!(
                "go wtime {} btime {} winc {} binc {}",
                ms(wt),
                ms(bt),
                ms(wi),
                ms(bi)
            )
        }
        TimeControl::MoveTime(t) => format!("go movetime {}", ms(t).max(1)),
        TimeControl::Depth(d) => format!("go depth {d}"),
    }
}

/// Whether the move from `before` to `after` captured: `after` is the
/// position after one of the legal captures.
fn is_capture(before: &AnyPosition, after: &AnyPosition) -> bool {
    before.move_details().iter().filter(|d| d.capture).any(|d| {
        let mut p = before.clone();
        p.play(&d.text).is_ok() && p.key() == after.key()
    })
}

/// Tells both CECP engines the result and leaves them in force mode (UCI
/// has no word for it: the next game begins with `ucinewgame`).
pub(crate) fn finish(rec: PlayedGame, eng: [&mut EngineProc; 2]) -> PlayedGame {
    for e in eng.into_iter().filter(|e| e.protocol == Protocol::Cecp) {
        e.send(&format!("result {} {{{}}}", rec.result, rec.reason));
        e.send("force");
    }
    rec
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(pos: &AnyPosition, mv: &str) -> AnyPosition {
        let mut p = pos.clone();
        p.play(mv).unwrap();
        p
    }

    /// The engine must rebuild exactly the referee's position from
    /// `setboard`, two-step rights included. The woozans on b2 and d8 stand
    /// on their home squares but have moved (the set is `-`): an XBoard
    /// FEN cannot say so, and an engine sent one played d8d6 in a match.
    #[test]
    fn setboard_gives_the_engine_the_referees_position() {
        let cases = [
            (
                Variant::Trubix,
                "**k**/5/3w1/5/*3*/*3*/*3*/5/1W3/5/**K** w - 0 1",
            ),
            (
                Variant::Trubix43,
                "*1*k*/5/3w1/5/*3*/*3*/*3*/5/1W3/5/*1*K* b - 0 1",
            ),
            (Variant::Chess, "4k3/8/8/8/8/8/8/R3K2R w K - 0 1"),
        ];
        for (variant, fen) in cases {
            let pos = AnyPosition::from_fen(variant, fen).unwrap();
            let sent = FullView {
                pos: &pos,
                map: BoardMap::new(variant, 0),
            }
            .setboard_for(Color::White);
            let engine_side = BoardMap::new(variant, 0).fen_in(&sent).unwrap();
            assert_eq!(engine_side.fen(), pos.fen(), "{variant:?}");
            let mut ours = pos.legal_move_strings();
            let mut theirs = engine_side.legal_move_strings();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{variant:?}");
        }
    }

    #[test]
    fn captures_are_told_from_quiet_moves() {
        // Chess: 1. e4 d5 2. e5 f5 (White may take en passant).
        let mut pos = AnyPosition::start(Variant::Chess);
        for m in ["e2e4", "d7d5"] {
            pos.play(m).unwrap();
        }
        assert!(is_capture(&pos, &after(&pos, "e4d5")));
        assert!(!is_capture(&pos, &after(&pos, "e4e5")));
        assert!(!is_capture(&pos, &after(&pos, "g1f3")));
        for m in ["e4e5", "f7f5"] {
            pos.play(m).unwrap();
        }
        assert!(is_capture(&pos, &after(&pos, "e5f6")), "en passant");
        assert!(!is_capture(&pos, &after(&pos, "e5e6")));
        // Trubix from its start: no capture is possible.
        let t = AnyPosition::start(Variant::Trubix);
        let m = t.legal_move_strings()[0].clone();
        assert!(!is_capture(&t, &after(&t, &m)));
    }

    #[test]
    fn uci_go_gives_both_clocks_or_the_limit() {
        let s = Duration::from_secs;
        let clock = TimeControl::Clock {
            base: s(60),
            inc: Duration::from_millis(500),
        };
        assert_eq!(
            uci_go([clock, clock], [s(30), s(40)], 1),
            "go wtime 30000 btime 40000 winc 500 binc 500"
        );
        assert_eq!(
            uci_go([TimeControl::MoveTime(s(2)), clock], [s(0), s(40)], 0),
            "go movetime 2000"
        );
        assert_eq!(
            uci_go([TimeControl::Depth(7), clock], [s(0), s(0)], 0),
            "go depth 7"
        );
    }
}
