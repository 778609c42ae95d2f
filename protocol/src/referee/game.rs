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
use super::engine_proc::{EngineProc, Failure, Protocol};
use crate::cecp::xboard_map::BoardMap;
use crate::session::GameRecord;
use movegen::game::Color;
use movegen::{AnyPosition, Outcome, Variant};
use std::time::{Duration, Instant};

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

/// A CECP result line (`1-0 {...}`), if `line` is one.
fn claim(line: &str) -> Option<&str> {
    let t = line.split_whitespace().next()?;
    matches!(t, "1-0" | "0-1" | "1/2-1/2").then_some(t)
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
    let mut adjudicator = Adjudicator::new(adjudication);
    let [white, black] = engines;
    let mut eng: [&mut EngineProc; 2] = [white, black];
    let mut rec = PlayedGame::new(
        &eng[0].name,
        &eng[1].name,
        (!opening_is_start).then(|| start.fen()),
    );
    // The game starts at the opening position (its FEN is in the PGN):
    // opening plies do not count for repetition, also for an engine that
    // was sent them as moves.
    let mut game = GameRecord::new(start.clone(), ());

    // Setup: both engines in force mode on the start position (UCI: the
    // game chosen, and a new game said).
    for (i, e) in eng.iter_mut().enumerate() {
        let side = if i == 0 { Color::White } else { Color::Black };
        if e.protocol == Protocol::Uci {
            if e.features.options.iter().any(|o| o == "UCI_Variant") {
                e.send(&format!(
                    "setoption name UCI_Variant value {}",
                    variant.id()
                ));
            }
            e.send("ucinewgame");
            if !e.ping(Duration::from_secs(10)) {
                rec.broken[i] = true;
            }
            continue;
        }
        // The referee speaks the binding notation of Strange Chess and
        // Dysnomia; Curio would otherwise use the forms XBoard's board can
        // follow.
        if matches!(variant, Variant::StrangeChess | Variant::Dysnomia)
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
        if !opening_is_start {
            let view = FullView { pos: start, map };
            if e.features.setboard || opening_moves.is_empty() {
                e.send(&format!("setboard {}", view.setboard_for(side)));
            } else {
                for m in opening_moves {
                    e.send_move(&view.move_for(m, side));
                }
            }
        }
        send_time_control(e, tcs[i]);
        e.send("post");
        e.send("easy");
        if !e.ping(Duration::from_secs(10)) {
            rec.broken[i] = true;
        }
    }
    let end = |rec: &mut PlayedGame, result: String, reason: String| {
        rec.result = result;
        rec.reason = reason;
    };
    if rec.broken[0] || rec.broken[1] {
        let side = if rec.broken[0] {
            Color::White
        } else {
            Color::Black
        };
        end(
            &mut rec,
            loss(side),
            format!("{} did not answer the game setup", side.name()),
        );
        return finish(rec, eng);
    }

    let clock_of = |tc: TimeControl| match tc {
        TimeControl::Clock { base, .. } => base,
        _ => Duration::ZERO,
    };
    let mut clock = [clock_of(tcs[0]), clock_of(tcs[1])];
    let mut started = [false; 2];
    let mut last_move: Option<String> = None;
    loop {
        let pos = game.current();
        if let Some(o) = game.outcome() {
            end(&mut rec, o.result_token().into(), outcome_words(o));
            break;
        }
        if rec.moves.len() >= MAX_PLIES {
            end(
                &mut rec,
                "1/2-1/2".into(),
                format!("draw by adjudication after {MAX_PLIES} plies"),
            );
            break;
        }
        let side = pos.side_to_move();
        let i = side.index();
        let view = FullView { pos, map };
        let uci = eng[i].protocol == Protocol::Uci;
        if uci {
            let moves: Vec<&str> = game.moves().collect();
            let mut position = format!("position fen {}", game.start().fen());
            if !moves.is_empty() {
                position.push_str(" moves ");
                position.push_str(&moves.join(" "));
            }
            eng[i].send(&position);
            eng[i].send(&uci_go(tcs, clock, i));
        } else {
            if let TimeControl::Clock { .. } = tcs[i] {
                let cs = |d: Duration| d.as_millis() / 10;
                eng[i].send(&format!("time {}", cs(clock[i])));
                eng[i].send(&format!("otim {}", cs(clock[1 - i])));
            }
            if started[i] {
                if let Some(m) = &last_move {
                    let text = view.move_for(m, side);
                    eng[i].send_move(&text);
                }
            } else {
                eng[i].send("go");
                started[i] = true;
            }
        }
        let reply = match take_turn(eng[i], side, tcs[i], &mut clock[i], &mut rec) {
            Ok(r) => r,
            Err(reason) => {
                end(&mut rec, loss(side), reason);
                break;
            }
        };
        let mv = reply.text;
        // An engine whose features came after the handshake was taken for
        // protocol 1 and told nothing (no options): its bad move is that,
        // and the verdict says so.
        let slow = |e: &EngineProc| {
            if e.features.late {
                "; its features came only after the handshake (slow to start), so it was not set up for this match"
            } else {
                ""
            }
        };
        // UCI engines speak the binding notation.
        let read = if uci {
            Ok(mv.clone())
        } else {
            map.move_in(&mv)
        };
        let ours = match read {
            Ok(m) => m,
            Err(why) => {
                // Recorded in the reason, not as a move of the game; the
                // engine is out of step and is restarted.
                rec.broken[i] = true;
                end(
                    &mut rec,
                    loss(side),
                    format!(
                        "{} played an unreadable move '{mv}' ({why}){}",
                        side.name(),
                        slow(eng[i])
                    ),
                );
                break;
            }
        };
        let mut next = pos.clone();
        if let Err(e) = next.play(&ours) {
            rec.broken[i] = true;
            end(
                &mut rec,
                loss(side),
                format!(
                    "{} played an illegal move {ours} ({}){}",
                    side.name(),
                    e.reason(),
                    slow(eng[i])
                ),
            );
            break;
        }
        let capture = is_capture(pos, &next);
        game.push(ours.clone(), next, ());
        let pos = game.current();
        if variant == Variant::Dysnomia {
            rec.events.denials += u32::from(ours == "@@@@");
            rec.events.baits += u32::from(pos.bait_pending());
        }
        let clock_after = matches!(tcs[i], TimeControl::Clock { .. }).then_some(clock[i]);
        rec.moves.push(PlayedMove {
            text: ours.clone(),
            clock: clock_after,
            took: Some(reply.took),
        });
        let o = 1 - i;
        if !started[o] && eng[o].protocol == Protocol::Cecp {
            // Still in force mode: it just records the move.
            let text = FullView { pos, map }.move_for(&ours, side.flip());
            eng[o].send_move(&text);
        }
        last_move = Some(ours);
        if game.outcome().is_none() {
            let plies = rec.moves.len();
            if let Some((result, reason)) =
                adjudicator.after_move(side, reply.score, capture, plies)
            {
                end(&mut rec, result.into(), reason);
                break;
            }
        }
    }
    finish(rec, eng)
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

/// An engine's move and the score of its last thinking line (centipawns
/// from its own point of view, mates as +-100000 + N), if it posted one.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reply {
    pub text: String,
    pub score: Option<i64>,
    /// How long the engine took, as the referee measured it.
    pub took: Duration,
}

/// Waits for `side`'s move under its time control and charges its clock:
/// the move, or why the game ends. Records the reported depth, and marks
/// the engine for a restart when it crashed or hung.
pub(crate) fn take_turn(
    eng: &mut EngineProc,
    side: Color,
    tc: TimeControl,
    clock: &mut Duration,
    rec: &mut PlayedGame,
) -> Result<Reply, String> {
    let i = side.index();
    let asked = Instant::now();
    // How long to wait: the clock plus a grace for process latency, or
    // generous fixed limits without a clock.
    let budget = match tc {
        TimeControl::Clock { .. } => *clock + Duration::from_millis(1000),
        TimeControl::MoveTime(t) => t * 3 + Duration::from_secs(2),
        TimeControl::Depth(_) => Duration::from_secs(120),
    };
    // Before an engine's first move of a game, a claim or `resign` is most
    // likely a late line about its previous game (GNU Chess answers `ping`
    // before its search thread has printed everything; seen in a 200-game
    // match): it is held, and stands (false claim, resignation) only if no
    // move follows in time.
    let first_turn = rec.moves.len() <= 1;
    let (reply, thinking, restart) = await_move(eng, side, asked + budget, first_turn);
    let move_depth = thinking.map_or(0, |t| t.depth);
    rec.broken[i] |= restart;
    let spent = asked.elapsed();
    if move_depth > 0 {
        rec.depth[i].0 += move_depth;
        rec.depth[i].1 += 1;
    }
    let mv = reply?;
    let time = &mut rec.time[i];
    match tc {
        TimeControl::Clock { base, inc } => {
            if time.1.is_zero() {
                time.1 = base;
            }
            time.0 += spent.min(*clock);
            time.1 += inc;
        }
        TimeControl::MoveTime(t) => {
            time.0 += spent;
            time.1 += t;
        }
        TimeControl::Depth(_) => {}
    }
    if let TimeControl::Clock { inc, .. } = tc {
        if spent > *clock {
            rec.detail = Some(time_spent(spent, *clock, thinking));
            return Err(format!("{} lost on time", side.name()));
        }
        *clock = *clock - spent + inc;
    }
    Ok(Reply {
        text: mv,
        score: thinking.map(|t| t.score),
        took: spent,
    })
}

/// Where the time of a move that lost on time went, to tell an engine
/// that overran its budget from a machine that stalled: how long the move
/// took against the clock it had, and the search time the engine itself
/// reported on its last thinking line (an engine that reports far less
/// than the referee measured lost the difference outside its search:
/// reading, writing, or waiting for a core).
fn time_spent(took: Duration, clock: Duration, thinking: Option<Thinking>) -> String {
    let secs = |d: Duration| format!("{:.3} s", d.as_secs_f64());
    let search = match thinking.and_then(|t| t.centis) {
        Some(cs) => format!("its last thinking line reported {:.2} s", cs as f64 / 100.0),
        None => "no thinking line".to_string(),
    };
    format!(
        "the move took {} with {} on its clock; {search}",
        secs(took),
        secs(clock)
    )
}

/// Waits for `side`'s engine to move: the move text, or why the game ends
/// (no reply in time, crash, output that is not text, resignation, false
/// claim, rejected move); also its last thinking line (deepest depth
/// reported, last score) and whether the engine must be restarted (every
/// failure but a resignation: a hung, dead or confused process).
pub(crate) fn await_move(
    eng: &mut EngineProc,
    side: Color,
    deadline: Instant,
    first_turn: bool,
) -> (Result<String, String>, Option<Thinking>, bool) {
    let mut thinking: Option<Thinking> = None;
    // A claim or resignation held back on the first turn: it stands if no
    // move follows.
    let mut held: Option<String> = None;
    let reply = loop {
        match eng.recv(deadline) {
            Err(Failure::Timeout) => {
                match held {
                    Some(line) if line == "resign" => {
                        break Err(format!("{} resigns", side.name()))
                    }
                    Some(line) => break Err(format!("{} made a false claim: {line}", side.name())),
                    None => {}
                }
                break Err(format!("{} did not move in time (no reply)", side.name()));
            }
            Err(Failure::Exited) => {
                break Err(format!(
                    "{} engine crashed (its output closed)",
                    side.name()
                ));
            }
            Err(Failure::Unreadable(l)) => {
                break Err(format!(
                    "{} sent unreadable output (a line that is not UTF-8 text: '{l}')",
                    side.name()
                ));
            }
            Ok(line) if eng.protocol == Protocol::Uci => {
                let line = line.trim();
                if let Some(rest) = line.strip_prefix("bestmove") {
                    match rest.split_whitespace().next() {
                        Some(m) if m != "(none)" && m != "0000" => break Ok(m.to_string()),
                        _ => {
                            break Err(format!(
                                "{} found no move in a game that was not over: {line}",
                                side.name()
                            ))
                        }
                    }
                }
                if let Some(t) = parse_uci_info(line) {
                    let depth = thinking.map_or(0, |old| old.depth).max(t.depth);
                    thinking = Some(Thinking { depth, ..t });
                }
            }
            Ok(line) => {
                let line = line.trim().to_string();
                // `move X`; GNU Chess 6 says `My move is : X` (XBoard
                // accepts that older form too).
                if let Some(m) = line
                    .strip_prefix("move ")
                    .or_else(|| line.strip_prefix("My move is : "))
                {
                    break Ok(m.trim().to_string());
                }
                if (line == "resign" || claim(&line).is_some()) && first_turn {
                    held.get_or_insert(line);
                    // Thinking printed before it belongs to the previous
                    // game too: its score must not count for this move.
                    thinking = None;
                    continue;
                }
                if line == "resign" {
                    break Err(format!("{} resigns", side.name()));
                }
                if claim(&line).is_some() {
                    // The referee ends every game that is over before
                    // asking for a move, so a claim now is false.
                    break Err(format!("{} made a false claim: {line}", side.name()));
                }
                if line.starts_with("Illegal move") {
                    break Err(format!("{} rejected a legal move: {line}", side.name()));
                }
                if let Some(t) = parse_thinking(&line) {
                    let depth = thinking.map_or(0, |old| old.depth).max(t.depth);
                    thinking = Some(Thinking { depth, ..t });
                }
            }
        }
    };
    let restart = matches!(&reply, Err(r) if !r.ends_with(" resigns"));
    (reply, thinking, restart)
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

/// What a CECP thinking line (`depth score time nodes pv`) reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Thinking {
    pub depth: u64,
    pub score: i64,
    /// The search time the line reports, in centiseconds.
    pub centis: Option<u64>,
}

/// A UCI `info` line with a depth and a score (`cp N`, or `mate M` as
/// CECP writes it: 100000 + M, or -100000 + M when mated).
fn parse_uci_info(line: &str) -> Option<Thinking> {
    let words: Vec<&str> = line.strip_prefix("info ")?.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|k| words.get(k + 1))
            .copied()
    };
    let depth = after("depth")?.parse().ok()?;
    let k = words.iter().position(|w| *w == "score")?;
    let score = match (words.get(k + 1), words.get(k + 2)) {
        (Some(&"cp"), Some(v)) => v.parse().ok()?,
        (Some(&"mate"), Some(v)) => {
            let m: i64 = v.parse().ok()?;
            if m > 0 {
                100_000 + m
            } else {
                -100_000 + m
            }
        }
        _ => return None,
    };
    Some(Thinking {
        depth,
        score,
        centis: after("time")
            .and_then(|t| t.parse::<u64>().ok())
            .map(|ms| ms / 10),
    })
}

fn parse_thinking(line: &str) -> Option<Thinking> {
    let f: Vec<&str> = line.split_whitespace().take(4).collect();
    if f.len() < 4 || f[2].parse::<u64>().is_err() || f[3].parse::<u64>().is_err() {
        return None;
    }
    Some(Thinking {
        depth: f[0].parse().ok()?,
        score: f[1].parse().ok()?,
        centis: f[2].parse().ok(),
    })
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

    /// A time loss says how long the move took, what the clock held and
    /// what the engine reported of its own search, so that an engine
    /// overrunning its budget can be told from a machine that stalled.
    #[test]
    fn a_time_loss_says_where_the_time_went() {
        let t = Thinking {
            depth: 3,
            score: 20,
            centis: Some(25),
        };
        assert_eq!(
            time_spent(
                Duration::from_millis(1_204),
                Duration::from_millis(290),
                Some(t)
            ),
            "the move took 1.204 s with 0.290 s on its clock; \
             its last thinking line reported 0.25 s"
        );
        assert!(
            time_spent(Duration::from_secs(2), Duration::from_secs(1), None)
                .ends_with("; no thinking line")
        );
    }

    #[test]
    fn uci_info_lines_give_depth_and_score() {
        let t = parse_uci_info(
            "info depth 12 seldepth 20 multipv 1 score cp -35 nodes 100 nps 10 time 1234 pv e2e4",
        )
        .unwrap();
        assert_eq!((t.depth, t.score, t.centis), (12, -35, Some(123)));
        let t = parse_uci_info("info depth 5 score mate -2 time 10").unwrap();
        assert_eq!(t.score, -100_002);
        let t = parse_uci_info("info depth 5 score mate 3 lowerbound").unwrap();
        assert_eq!((t.score, t.centis), (100_003, None));
        assert!(parse_uci_info("info string hello").is_none());
        assert!(parse_uci_info("info currmove e2e4 currmovenumber 1").is_none());
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

    #[test]
    fn thinking_lines_give_depth_and_score() {
        assert_eq!(
            parse_thinking("12 -35 104 250000 c3c4 c7c6"),
            Some(Thinking {
                depth: 12,
                score: -35,
                centis: Some(104),
            })
        );
        assert_eq!(
            parse_thinking("9 100003 10 1000 b2b3"),
            Some(Thinking {
                depth: 9,
                score: 100003,
                centis: Some(10),
            })
        );
        for other in [
            "move c3c4",
            "12. c3c4",
            "My move is : e7e5",
            "tellusererror x",
            "1 2 3",
            "x 1 2 3",
        ] {
            assert_eq!(parse_thinking(other), None, "{other}");
        }
    }
}
