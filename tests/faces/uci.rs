//! UCI transcripts through the real binary (`curio uci`, and bare `curio`
//! whose first line is `uci`): the handshake and options, a game of every
//! game the face offers by `position ... moves`, `go` with each limit,
//! `stop` during `go infinite`, and bad input answered without a crash.

use movegen::{AnyPosition, Variant};
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The engine as a child process, killed when the test ends or fails.
struct Engine {
    child: Child,
    /// None once closed (end of input).
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn reader(stdout: ChildStdout) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let lines: Lines<BufReader<ChildStdout>> = BufReader::new(stdout).lines();
        for l in lines.map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    rx
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_curio"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start curio");
        let stdin = child.stdin.take().unwrap();
        let lines = reader(child.stdout.take().unwrap());
        Engine {
            child,
            stdin: Some(stdin),
            lines,
            seen: Vec::new(),
        }
    }

    /// `curio uci` after `uci` ... `uciok`.
    fn uci() -> Engine {
        let mut e = Engine::start(&["uci"]);
        e.send("uci");
        e.until("uciok", Duration::from_secs(10));
        e
    }

    /// `quit`, and the process must end well.
    fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").expect("curio reads its input");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|_| {
                panic!("no line starting '{prefix}' within {within:?}: {got:?}")
            });
            self.seen.push(line.clone());
            got.push(line.clone());
            if line.starts_with(prefix) {
                return got;
            }
        }
    }

    /// Whatever arrives within `wait`.
    fn drain(&mut self, wait: Duration) -> Vec<String> {
        let mut got = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(wait) {
            got.push(l);
        }
        got
    }

    fn ready(&mut self) {
        self.send("isready");
        self.until("readyok", Duration::from_secs(30));
    }

    /// `go ARGS` and the move of its `bestmove`.
    fn best(&mut self, go: &str) -> String {
        self.send(&format!("go {go}"));
        let lines = self.until("bestmove", Duration::from_secs(60));
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).unwrap().to_string()
    }
}

const GAMES: [Variant; 5] = [
    Variant::Trubix,
    Variant::Trubix43,
    Variant::Chess,
    Variant::StrangeChess,
    Variant::Dysnomia,
];

#[test]
fn handshake_names_the_engine_and_its_options() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    let lines = e.until("uciok", Duration::from_secs(10));
    assert!(lines[0].starts_with("id name Curio "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    assert!(lines.contains(
        &"option name UCI_Variant type combo default chess var trubix var trubix43 var chess var strangechess var dysnomia".to_string()
    ), "{lines:?}");
    assert!(lines.contains(&"option name Ponder type check default false".to_string()));
    for name in ["Hash", "Threads", "MultiPV", "Move Overhead", "Contempt"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type spin default "))),
            "{name}: {lines:?}"
        );
    }
    assert!(lines.contains(&"option name Clear Hash type button".to_string()));
    e.ready();
    e.quit();
}

#[test]
fn bare_curio_speaks_the_protocol_of_its_first_line() {
    let mut e = Engine::start(&[]);
    e.send("");
    e.send("uci");
    e.until("uciok", Duration::from_secs(10));
    assert_eq!(e.best("depth 2").len(), 4);
    e.quit();
    let mut x = Engine::start(&[]);
    x.send("xboard");
    x.send("protover 2");
    let lines = x.until("feature done=1", Duration::from_secs(10));
    assert_eq!(lines[0], "feature done=0");
}

/// A game of each offered game by `position startpos moves ...`: every
/// `bestmove` is legal where it was asked for.
#[test]
fn every_game_is_played_by_position_and_moves() {
    let mut e = Engine::uci();
    for v in GAMES {
        e.send(&format!("setoption name UCI_Variant value {}", v.id()));
        e.send("ucinewgame");
        let mut pos = AnyPosition::start(v);
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..6 {
            if pos.outcome(&[]).is_some() {
                break;
            }
            let list = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            };
            e.send(&list);
            let depth = if v == Variant::StrangeChess { 1 } else { 2 };
            let mv = e.best(&format!("depth {depth}"));
            pos.play(&mv)
                .unwrap_or_else(|err| panic!("{}: bestmove {mv} after {moves:?}: {err}", v.id()));
            moves.push(mv);
        }
        assert!(moves.len() >= 4, "{}: {moves:?}", v.id());
    }
    e.quit();
}

#[test]
fn go_honours_each_limit() {
    let mut e = Engine::uci();
    e.send("position startpos moves e2e4");
    // depth: the last info line is of that depth.
    e.send("go depth 3");
    let lines = e.until("bestmove", Duration::from_secs(30));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        infos.last().unwrap().starts_with("info depth 3 "),
        "{lines:?}"
    );
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(infos[0].contains(field), "{field}: {}", infos[0]);
    }
    // nodes: searched no further than the iteration that passed them.
    let mv = e.best("nodes 500");
    assert_eq!(mv.len(), 4);
    // movetime: spent, not much more.
    let t = Instant::now();
    e.best("movetime 400");
    let took = t.elapsed();
    assert!(took >= Duration::from_millis(300), "{took:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    // A clock: black to move with 1 s and 10 ms increments answers soon.
    let t = Instant::now();
    e.best("wtime 60000 btime 1000 winc 10 binc 10 movestogo 20");
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    e.quit();
}

#[test]
fn go_infinite_answers_only_after_stop() {
    let mut e = Engine::uci();
    e.send("position startpos");
    e.send("go infinite");
    let early = e.drain(Duration::from_millis(700));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    assert!(
        early.iter().any(|l| l.starts_with("info depth")),
        "{early:?}"
    );
    // isready is answered during the search.
    e.ready();
    e.send("stop");
    let lines = e.until("bestmove", Duration::from_secs(5));
    assert_eq!(lines.last().unwrap().split(' ').nth(1).unwrap().len(), 4);
    // A mate in one found at once still waits for stop.
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go infinite");
    let early = e.drain(Duration::from_millis(500));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    e.send("stop");
    let lines = e.until("bestmove", Duration::from_secs(5));
    assert_eq!(lines.last().unwrap(), "bestmove a1a8");
    e.quit();
}

#[test]
fn bad_input_is_answered_and_changes_nothing() {
    let mut e = Engine::uci();
    e.send("position startpos moves e2e4");
    let bad = [
        ("frobnicate", "unknown command"),
        (
            "position startpos moves e2e4 e2e4",
            "illegal move e2e4 (move 2",
        ),
        ("position fen 9/9/9 w - - 0 1", "illegal position"),
        ("position sideways", "expected: position"),
        ("go depth", "depth needs a number"),
        ("go nodes 999999999999999999999999", "not a number"),
        ("go sideways", "unknown go parameter"),
        (
            "go searchmoves e2e4",
            "searchmoves: e2e4 is not a legal move here",
        ),
        ("setoption name Hash value 999999999999", "hash too large"),
        (
            "setoption name Threads value 0",
            "unknown option or bad value",
        ),
        (
            "setoption name UCI_Variant value realitycheck",
            "Reality Check hides",
        ),
        ("setoption name UCI_Variant value shogi", "unknown variant"),
        ("setoption Hash", "expected: setoption name"),
        ("ponderhit", "not pondering"),
    ];
    for (line, why) in bad {
        e.send(line);
        let got = e.until("info string Error", Duration::from_secs(10));
        let last = got.last().unwrap();
        assert!(last.contains(why) && last.ends_with(line), "{line}: {last}");
    }
    e.ready();
    // The position is still the one after 1. e4: Black's move comes.
    let mut pos = AnyPosition::start(Variant::Chess);
    pos.play("e2e4").unwrap();
    let mv = e.best("depth 2");
    assert!(pos.play(&mv).is_ok(), "{mv}");
    // Absurd but readable numbers are clamped, and the game goes on.
    let mv = e.best("depth 4000000000 nodes 2000");
    assert_eq!(mv.len(), 4);
    // A finished game has no move: the null move.
    e.send("position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(e.best("depth 3"), "0000");
    e.quit();
}

#[test]
fn a_denial_is_a_move_like_any_other() {
    let mut e = Engine::uci();
    e.send("setoption name UCI_Variant value dysnomia");
    e.send("position startpos moves a2a3,a3a2 @@@@");
    let mut pos = AnyPosition::start(Variant::Dysnomia);
    pos.play("a2a3,a3a2").unwrap();
    pos.play("@@@@").unwrap();
    let mv = e.best("depth 2");
    assert_ne!(mv, "a2a3,a3a2", "the denied turn is forbidden");
    assert!(pos.play(&mv).is_ok(), "{mv}");
    e.quit();
}

#[test]
fn commands_sent_during_a_search_wait_for_its_move() {
    let mut e = Engine::uci();
    e.send("position startpos");
    e.send("go movetime 300");
    e.send("position startpos moves e2e4");
    e.send("go depth 2");
    let lines = e.until("bestmove", Duration::from_secs(10));
    let first = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    assert!(AnyPosition::start(Variant::Chess).play(&first).is_ok());
    let lines = e.until("bestmove", Duration::from_secs(10));
    let second = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    let mut after = AnyPosition::start(Variant::Chess);
    after.play("e2e4").unwrap();
    assert!(after.play(&second).is_ok(), "{second}");
    // End of input during a search: its move still comes.
    e.send("go movetime 200");
    e.stdin = None;
    let lines = e.until("bestmove", Duration::from_secs(10));
    assert!(lines.last().unwrap().starts_with("bestmove "));
    assert!(e.child.wait().unwrap().success());
}

/// Pondering as a GUI does it: `go ponder` on the position after the
/// expected reply, then `ponderhit` (the search goes on the clock of that
/// `go` and answers by itself) or `stop` on a miss (a `bestmove` the GUI
/// ignores, then the real position).
#[test]
fn pondering_with_a_hit_and_with_a_miss() {
    let mut e = Engine::uci();
    e.send("setoption name Ponder value true");
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.until("bestmove", Duration::from_secs(30));
    let words: Vec<&str> = lines.last().unwrap().split(' ').collect();
    assert_eq!(words.len(), 4, "bestmove with ponder: {words:?}");
    assert_eq!(words[2], "ponder");
    let (ours, theirs) = (words[1].to_string(), words[3].to_string());
    // A hit: no bestmove while pondering, one soon after ponderhit.
    e.send(&format!("position startpos moves {ours} {theirs}"));
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    let early = e.drain(Duration::from_millis(600));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    let t = Instant::now();
    e.send("ponderhit");
    let lines = e.until("bestmove", Duration::from_secs(5));
    assert!(
        t.elapsed() < Duration::from_millis(1900),
        "{:?}",
        t.elapsed()
    );
    let mv = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    let mut pos = AnyPosition::start(Variant::Chess);
    for m in [&ours, &theirs, &mv] {
        pos.play(m).unwrap_or_else(|err| panic!("{m}: {err}"));
    }
    // A miss: stop, a bestmove, then the real position is searched.
    e.send(&format!(
        "position startpos moves {ours} {theirs} {mv} a7a6"
    ));
    e.send("go ponder movetime 300");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    e.until("bestmove", Duration::from_secs(5));
    e.send(&format!(
        "position startpos moves {ours} {theirs} {mv} h7h6"
    ));
    let next = e.best("movetime 200");
    let mut real = AnyPosition::start(Variant::Chess);
    for m in [&ours, &theirs, &mv, "h7h6", &next] {
        real.play(m).unwrap_or_else(|err| panic!("{m}: {err}"));
    }
    e.quit();
}

/// `go searchmoves` keeps the search to the moves named; `go mate N`
/// finds a mate in N.
#[test]
fn searchmoves_and_mate_limit_the_search() {
    let mut e = Engine::uci();
    e.send("position startpos");
    for _ in 0..2 {
        let mv = e.best("depth 3 searchmoves a2a3 h2h4");
        assert!(mv == "a2a3" || mv == "h2h4", "{mv}");
    }
    assert_eq!(e.best("depth 3 searchmoves g1f3"), "g1f3");
    // A back-rank mate in one: found, with a mate score.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go mate 1");
    let lines = e.until("bestmove", Duration::from_secs(10));
    assert_eq!(lines.last().unwrap().split(' ').nth(1), Some("a1a8"));
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    e.quit();
}

/// `UCI_LimitStrength`: the lowest Elo thinks on a handful of nodes
/// whatever the clock allows; the limit is off again when the option is.
#[test]
fn limit_strength_caps_the_nodes_per_move() {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    let lines = e.until("uciok", Duration::from_secs(10));
    assert!(lines.contains(&"option name UCI_LimitStrength type check default false".to_string()));
    let elo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Elo type spin"))
        .expect("UCI_Elo offered");
    let min: u32 = elo
        .split(" min ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    e.send("setoption name UCI_LimitStrength value true");
    e.send(&format!("setoption name UCI_Elo value {min}"));
    e.send("position startpos moves e2e4");
    let t = Instant::now();
    e.send("go movetime 3000");
    let lines = e.until("bestmove", Duration::from_secs(10));
    assert!(
        t.elapsed() < Duration::from_millis(2000),
        "{:?}",
        t.elapsed()
    );
    let cap = protocol::uci::strength::nodes_for_elo(min);
    for l in lines.iter().filter(|l| l.starts_with("info depth")) {
        let nodes: u64 = l
            .split(" nodes ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // An iteration stops at the first check past the cap.
        assert!(nodes <= cap + 64, "{l}");
    }
    // Off again: the move time is spent.
    e.send("setoption name UCI_LimitStrength value false");
    let t = Instant::now();
    e.best("movetime 600");
    assert!(
        t.elapsed() >= Duration::from_millis(450),
        "{:?}",
        t.elapsed()
    );
    e.quit();
}

/// A search past a second shows the root move it is on, a legal move
/// with its number, as GUIs display it.
#[test]
fn a_long_search_shows_its_current_root_move() {
    let mut e = Engine::uci();
    e.send("position startpos moves d2d4");
    e.send("go movetime 2600");
    let lines = e.until("bestmove", Duration::from_secs(10));
    let current: Vec<&String> = lines.iter().filter(|l| l.contains(" currmove ")).collect();
    assert!(!current.is_empty(), "{lines:?}");
    let mut pos = AnyPosition::start(Variant::Chess);
    pos.play("d2d4").unwrap();
    let legal = pos.legal_move_strings();
    for l in current {
        let w: Vec<&str> = l.split(' ').collect();
        assert_eq!(
            (w[0], w[1], w[3], w[5]),
            ("info", "depth", "currmove", "currmovenumber"),
            "{l}"
        );
        assert!(legal.contains(&w[4].to_string()), "{l}");
        let n: usize = w[6].parse().unwrap();
        assert!(n >= 1 && n <= legal.len(), "{l}");
    }
    e.quit();
}
