//! Time use (issue 34): a fixed move time is spent whole in every game,
//! through `curio analyze --movetime` and CECP `st`, and a move found by
//! an iteration the clock interrupted is the one played.
//!
//! The bounds here are lower bounds only (a search must not stop before
//! 90% of its time): a loaded machine cannot make a search stop earlier.
//! How far past its time a search goes is measured by the benchmarks in
//! `docs/engine.md`, not asserted here.

use engine::limits::Limits;
use engine::observer::Silent;
use engine::{Engine, SearchOptions};
use movegen::chess::Position;
use movegen::game::Notation;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GAMES: [&str; 6] = [
    "trubix",
    "trubix43",
    "realitycheck",
    "strangechess",
    "dysnomia",
    "chess",
];

/// The time an `analyze --movetime` run reports for its search, in ms
/// (from the log line of an alpha-beta search, or the ISMCTS info line).
fn analyze_time_ms(variant: &str, extra: &[&str], movetime: u64) -> f64 {
    let out = Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["analyze", "--variant", variant, "--movetime"])
        .arg(movetime.to_string())
        .args(extra)
        .env("RUST_LOG", "info")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if let Some(l) = stdout.lines().find(|l| l.starts_with("info ismcts")) {
        let t = l.split(" time ").nth(1).unwrap().split(' ').next().unwrap();
        return t.parse().unwrap();
    }
    let l = stderr
        .lines()
        .find(|l| l.contains("analyze: best"))
        .unwrap_or_else(|| panic!("no result line: {stderr}"));
    let secs = l.split(" nodes in ").nth(1).unwrap().trim_end_matches(" s");
    secs.parse::<f64>().unwrap() * 1000.0
}

#[test]
fn analyze_spends_a_fixed_move_time_whole_in_every_game() {
    for v in GAMES {
        let t = analyze_time_ms(v, &[], 600);
        assert!(t >= 540.0, "{v}: searched {t} ms of 600");
    }
    // Positions away from the start: a middlegame and an endgame.
    for (v, fen) in [
        (
            "chess",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 1",
        ),
        ("chess", "8/5k2/8/3K4/8/8/4P3/8 w - - 0 1"),
        (
            "dysnomia",
            "r1b1k2r/ppp2ppp/2n5/3qp3/3P4/2N2N2/PPP2PPP/R2QKB1R w KQkq - 0 1",
        ),
    ] {
        let t = analyze_time_ms(v, &["--fen", fen], 600);
        assert!(t >= 540.0, "{v} {fen}: searched {t} ms of 600");
    }
}

/// XBoard's `st 1`: the move comes after at least 0.9 s in every game.
#[test]
fn cecp_st_is_spent_whole_in_every_game() {
    for v in GAMES {
        let cecp = if v == "chess" { "normal" } else { v };
        let mut child = Command::new(env!("CARGO_BIN_EXE_curio"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        for l in ["xboard", "protover 2"] {
            writeln!(stdin, "{l}").unwrap();
        }
        for l in lines.by_ref() {
            if l.unwrap().contains("done=1") {
                break;
            }
        }
        for l in [&format!("variant {cecp}"), "new", "st 1", "ping 1"] {
            writeln!(stdin, "{l}").unwrap();
        }
        // Wait for the setup (and the hash table) before timing the move.
        for l in lines.by_ref() {
            if l.unwrap() == "pong 1" {
                break;
            }
        }
        let t = Instant::now();
        writeln!(stdin, "go").unwrap();
        let mut moved = None;
        for l in lines.by_ref() {
            let l = l.unwrap();
            if l.starts_with("move ") {
                moved = Some(t.elapsed());
                break;
            }
        }
        writeln!(stdin, "quit").unwrap();
        drop(stdin);
        child.wait().unwrap();
        let spent = moved.unwrap_or_else(|| panic!("{v}: no move"));
        assert!(
            spent >= Duration::from_millis(900),
            "{v}: st 1 moved after {spent:?}"
        );
    }
}

/// A node limit stops the search in the middle of an iteration at the
/// same place every time, so the move it plays can be compared with the
/// moves of the completed iterations. Where iteration `d` replaces the best
/// move of iteration `d - 1`, some limit stops it after the new move was
/// searched and before the iteration ends: that search must play the new
/// move while its last completed depth is still `d - 1`. If interrupted
/// iterations were thrown away, it would play the old one.
#[test]
fn an_interrupted_iterations_better_move_is_played() {
    let fens = [
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkb1r/pp1p1ppp/2p2n2/4p3/2B1P3/2N5/PPPP1PPP/R1BQK1NR w KQkq - 0 4",
        "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
        "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
        "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
    ];
    let search = |pos: &Position, limits: Limits| {
        Engine::new(1, 1).search(pos, &[], &limits, &SearchOptions::default(), &mut Silent)
    };
    let mut checked = 0;
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        let mut last = search(&pos, Limits::depth(1));
        for d in 2..=7 {
            let now = search(&pos, Limits::depth(d));
            if now.best == last.best {
                last = now;
                continue;
            }
            // Between the two iterations' node counts, the first limit at
            // which the new move is played (by bisection: the old move is
            // played at `lo`, the new one once iteration d is complete).
            let plays_new = |n: u64| search(&pos, Limits::nodes(n)).best == now.best;
            let (mut lo, mut hi) = (last.nodes, now.nodes + 1);
            assert!(!plays_new(lo) && plays_new(hi), "{fen}: depth {d}");
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if plays_new(mid) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let first = search(&pos, Limits::nodes(hi));
            assert_eq!(
                first.depth,
                d - 1,
                "{fen}: depth {d} plays {} instead of {}, but no interrupted depth-{d} search did",
                pos.move_to_string(now.best.unwrap()),
                pos.move_to_string(last.best.unwrap())
            );
            checked += 1;
            break;
        }
    }
    assert!(
        checked >= 2,
        "too few positions where the best move changed"
    );
}
