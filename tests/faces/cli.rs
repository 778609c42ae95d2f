//! The `curio` binary's perft and variants commands, end to end: exact
//! output format, and one-line errors with exit status 2 on bad input.

use std::process::{Command, Output};

fn curio(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(args)
        .output()
        .expect("run curio")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn perft_prints_nodes_searched() {
    for (v, d, n) in [
        ("trubix", "3", "2037"),
        ("trubix43", "3", "2081"),
        ("trubix", "0", "1"),
    ] {
        let o = curio(&["perft", "--variant", v, "--depth", d]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), format!("Nodes searched: {n}\n"));
    }
}

#[test]
fn perft_after_moves() {
    let o = curio(&[
        "perft",
        "--variant",
        "trubix",
        "--depth",
        "2",
        "--moves",
        "c3c4 c7c6",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Cross-check against a FEN of the same position.
    let f = curio(&[
        "perft",
        "--variant",
        "trubix",
        "--depth",
        "2",
        "--fen",
        "**k**/fnqnf/wwwww/f3f/*1w1*/*3*/*1W1*/F3F/WWWWW/FNQNF/**K** w ABCDEabcde 2 2",
    ]);
    assert!(f.status.success(), "{}", stderr(&f));
    assert_eq!(stdout(&o), stdout(&f));
}

#[test]
fn divide_is_sorted_in_byte_order_and_sums() {
    let o = curio(&["perft", "--variant", "trubix", "--depth", "3", "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let (lines, tail) = out.split_once("\n\n").expect("empty line before the total");
    assert_eq!(tail, "Nodes searched: 2037\n");
    let rows: Vec<(&str, u64)> = lines
        .lines()
        .map(|l| {
            let (m, n) = l.split_once(": ").unwrap();
            (m, n.parse().unwrap())
        })
        .collect();
    assert_eq!(rows.len(), 11);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 2037);
    assert!(rows
        .windows(2)
        .all(|w| w[0].0.as_bytes() < w[1].0.as_bytes()));
    assert!(rows.iter().any(|r| r.0 == "c3c4"));
    // README override 5: digits sort before letters (b2b3 before bc0b1).
    let o = curio(&[
        "perft",
        "--variant",
        "trubix43",
        "--depth",
        "1",
        "--divide",
        "--fen",
        "*1*1*/4k/5/5/*3*/*3*/*3*/5/1W3/5/*K*1* w - 0 1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let b2 = out.find("b2b3:").unwrap();
    let bc0 = out.find("bc0b1:").unwrap();
    assert!(b2 < bc0, "{out}");
}

fn assert_user_error(args: &[&str], needle: &str) {
    let o = curio(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let err = stderr(&o);
    assert!(err.contains(needle), "{args:?}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one-line error expected: {err}"
    );
    assert!(stdout(&o).is_empty());
}

#[test]
fn bad_input_is_a_one_line_error_with_status_2() {
    assert_user_error(
        &["perft", "--variant", "xiangqi", "--depth", "2"],
        "unknown variant 'xiangqi'",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "trubix",
            "--depth",
            "2",
            "--moves",
            "c3c4 c7c5",
        ],
        "illegal move 'c7c5'",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "trubix",
            "--depth",
            "2",
            "--moves",
            "zz9",
        ],
        "unreadable move 'zz9'",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "trubix",
            "--depth",
            "2",
            "--fen",
            "garbage",
        ],
        "bad FEN",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "trubix43",
            "--depth",
            "1",
            "--fen",
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w",
        ],
        "bad FEN",
    );
    assert_user_error(
        &["perft", "--variant", "trubix", "--depth", "99"],
        "too deep",
    );
    for t in ["0", "257"] {
        assert_user_error(
            &[
                "perft",
                "--variant",
                "trubix",
                "--depth",
                "2",
                "--threads",
                t,
            ],
            "--threads",
        );
    }
}

/// `perft --threads 2` (and 8, which also splits the work at the second
/// ply in every game but Strange Chess) prints exactly what one thread
/// prints, with and without `--divide`; `args` picks the game, depth and
/// position.
fn assert_threads_change_nothing(args: &[&str]) {
    let run = |threads: &str, divide: bool| {
        let mut a = vec!["perft"];
        a.extend_from_slice(args);
        a.extend(["--threads", threads]);
        if divide {
            a.push("--divide");
        }
        let o = curio(&a);
        assert!(o.status.success(), "{a:?}: {}", stderr(&o));
        stdout(&o)
    };
    let one = run("1", true);
    assert!(one.lines().count() > 2, "{one}");
    for threads in ["2", "8"] {
        assert_eq!(run(threads, true), one, "{args:?} --threads {threads}");
    }
    let total = one.lines().last().unwrap().to_string();
    assert_eq!(run("2", false), format!("{total}\n"), "{args:?}");
}

#[test]
fn perft_threads_trubix() {
    assert_threads_change_nothing(&["--variant", "trubix", "--depth", "5"]);
}

#[test]
fn perft_threads_trubix43() {
    assert_threads_change_nothing(&["--variant", "trubix43", "--depth", "5"]);
}

#[test]
fn perft_threads_realitycheck() {
    assert_threads_change_nothing(&["--variant", "realitycheck", "--depth", "3"]);
}

#[test]
fn perft_threads_chess() {
    assert_threads_change_nothing(&["--variant", "chess", "--depth", "5"]);
    // In check with two replies: the work is split at the second ply.
    assert_threads_change_nothing(&[
        "--variant",
        "chess",
        "--depth",
        "5",
        "--fen",
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
    ]);
}

#[test]
fn perft_threads_strangechess() {
    assert_threads_change_nothing(&["--variant", "strangechess", "--depth", "3"]);
}

#[test]
fn perft_threads_dysnomia() {
    assert_threads_change_nothing(&["--variant", "dysnomia", "--depth", "3"]);
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    let o = curio(&["perft", "--variant", "trubix"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--depth"));
    let o = curio(&["perft", "--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("Nodes searched"));
}

#[test]
fn variants_lists_both_games() {
    let o = curio(&["variants"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.lines().any(|l| l.starts_with("trubix ")));
    assert!(out.lines().any(|l| l.starts_with("trubix43 ")));
    assert!(out.lines().any(|l| l.starts_with("chess ")));
}

#[test]
fn orthodox_chess_from_the_command_line() {
    // Perft: the published numbers; castling and en passant after moves.
    for (args, n) in [
        (vec!["--depth", "3"], "8902"),
        (
            vec![
                "--depth",
                "2",
                "--fen",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            ],
            "2039",
        ),
        (vec!["--depth", "1", "--moves", "e2e4 a7a6 e4e5 d7d5"], "31"),
    ] {
        let mut a = vec!["perft", "--variant", "chess"];
        a.extend(args);
        let o = curio(&a);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), format!("Nodes searched: {n}\n"), "{a:?}");
    }
    // A back-rank mate in one is found and announced.
    let o = curio(&[
        "analyze",
        "--variant",
        "chess",
        "--fen",
        "6k1/5ppp/8/8/8/8/r4PPP/1R4K1 w - - 0 1",
        "--depth",
        "4",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("score mate 1"), "{out}");
    assert_eq!(out.lines().last().unwrap(), "bestmove b1b8");
    // A game in the terminal: the 8x8 diagram, the engine's reply, and an
    // illegal move refused without losing the game.
    let (out, code) = play_session(
        &["play", "--variant", "chess", "--level", "1"],
        "e2e5\ne2e4\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Curio plays Chess"), "{out}");
    assert!(out.contains("a   b   c   d   e   f   g   h"), "{out}");
    assert!(out.contains("e2e5"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("Curio plays ") && l.contains("(eval")),
        "{out}"
    );
    // Bad chess input: one line, status 2.
    assert_user_error(
        &[
            "perft",
            "--variant",
            "chess",
            "--depth",
            "2",
            "--moves",
            "e2e5",
        ],
        "e2e5",
    );
    assert_user_error(
        &[
            "perft",
            "--variant",
            "chess",
            "--depth",
            "2",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        "king",
    );
}

#[test]
fn analyze_prints_iterations_then_the_best_move() {
    let o = curio(&["analyze", "--variant", "trubix", "--depth", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    for (i, l) in lines[..5].iter().enumerate() {
        assert!(l.starts_with(&format!("depth {} seldepth ", i + 1)), "{l}");
        for field in [
            " multipv 1 ",
            " score cp ",
            " nodes ",
            " nps ",
            " time ",
            " pv ",
        ] {
            assert!(l.contains(field), "{l}");
        }
    }
    let best = lines[5].strip_prefix("bestmove ").unwrap();
    let pv_first = lines[4]
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(best, pv_first);
    // Mate scores are in moves.
    let o = curio(&[
        "analyze",
        "--variant",
        "trubix",
        "--fen",
        "**k**/5/5/2F2/*3*/*3*/*3*/5/2W2/K4/**1** w - 22 13",
        "--depth",
        "3",
    ]);
    let out = stdout(&o);
    assert!(out.contains("score mate 1 "), "{out}");
    assert!(out.ends_with("bestmove c7c8\n"), "{out}");
    // Multi-PV: three lines per depth (a line moved down by a better one
    // is shown again under its new number).
    let o = curio(&[
        "analyze",
        "--variant",
        "trubix43",
        "--depth",
        "2",
        "--multipv",
        "3",
    ]);
    let out = stdout(&o);
    let mut numbers: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("depth 2 "))
        .filter_map(|l| l.split(" multipv ").nth(1)?.split(' ').next())
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers, ["1", "2", "3"], "{out}");
}

#[test]
fn analyze_refuses_bad_input_and_reports_finished_games() {
    assert_user_error(
        &["analyze", "--variant", "trubix", "--moves", "c3c5"],
        "illegal move 'c3c5'",
    );
    assert_user_error(
        &["analyze", "--variant", "trubix", "--threads", "0"],
        "at least 1",
    );
    // More threads than cores: one per core runs, and the output says so.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let o = curio(&[
        "analyze",
        "--variant",
        "trubix",
        "--depth",
        "3",
        "--threads",
        "512",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let first = stdout(&o).lines().next().unwrap_or_default().to_string();
    if cores < 512 {
        assert_eq!(
            first,
            format!("note: 512 threads asked for, {cores} run: one per core of this machine")
        );
    }
    assert!(stdout(&o).contains("bestmove "), "{}", stdout(&o));
    let o = curio(&[
        "analyze",
        "--variant",
        "trubix",
        "--fen",
        "**k**/3nf/wwFn1/w4/*1wq*/*1F1*/*3*/4W/WW1WQ/1F1N1/**K** b ABab 5 35",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "game over: 1-0 (white wins by checkmate)\n");
}

#[test]
fn bench_is_deterministic_and_ends_with_the_signature() {
    let run = || {
        let o = curio(&["bench", "--depth", "5"]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let a = run();
    let last = a.lines().last().unwrap();
    let fields: Vec<&str> = last.split(' ').collect();
    assert_eq!(fields[0], "Bench:");
    assert_eq!(fields[2], "nodes");
    assert_eq!(fields[4], "nps");
    let nodes: u64 = fields[1].parse().unwrap();
    assert!(nodes > 1000);
    assert_eq!(
        a.lines().count(),
        40,
        "4 Strange Chess, 14 Trubix, 4 Reality Check, 8 chess and 9 Dysnomia positions and the signature"
    );
    assert_eq!(a.lines().filter(|l| l.starts_with("chess ")).count(), 8);
    // Strange Chess is searched 8 plies shallower (at least 1).
    let sc: Vec<&str> = a
        .lines()
        .filter(|l| l.starts_with("strangechess "))
        .collect();
    assert_eq!(sc.len(), 4);
    assert!(sc.iter().all(|l| l.contains(" depth 1 ")), "{sc:?}");
    // Dysnomia 10 plies shallower (at least 1).
    let dy: Vec<&str> = a.lines().filter(|l| l.starts_with("dysnomia ")).collect();
    assert_eq!(dy.len(), 9);
    assert!(dy.iter().all(|l| l.contains(" depth 1 ")), "{dy:?}");
    // Each game's speed on stderr, one line per game, their nodes adding
    // up to the signature.
    let o = curio(&["bench", "--depth", "5"]);
    let speeds: Vec<Vec<String>> = stderr(&o)
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    let games: Vec<&str> = speeds.iter().map(|f| f[0].as_str()).collect();
    assert_eq!(
        games,
        [
            "trubix",
            "trubix43",
            "realitycheck",
            "chess",
            "strangechess",
            "dysnomia"
        ],
        "{}",
        stderr(&o)
    );
    assert!(speeds.iter().all(|f| f[2] == "nodes" && f[7] == "nodes/s"));
    let summed: u64 = speeds.iter().map(|f| f[1].parse::<u64>().unwrap()).sum();
    assert_eq!(summed, nodes, "{}", stderr(&o));
    let b = run();
    let sig = |s: &str| {
        s.lines()
            .last()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert_eq!(sig(&a), sig(&b));
    // The per-position lines (nodes, score, move) repeat exactly too.
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("realitycheck") && !l.starts_with("Bench:"))
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&a), strip(&b));
}

fn play_session(args: &[&str], input: &str) -> (String, Option<i32>) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.code())
}

#[test]
fn play_in_the_terminal() {
    let (out, code) = play_session(
        &["play", "--variant", "trubix43", "--level", "1"],
        "help\nmoves c3\nc3c5\nc3c4\nhint\nundo\nboard\nfen\nresign\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.contains("You are white. Level 1"), "{out}");
    assert!(
        out.contains("(bc10, cd10)"),
        "the board shows the offset squares"
    );
    assert!(out.contains("Commands:"), "{out}");
    assert!(out.contains("> c3c4\n"), "moves c3 lists c3c4: {out}");
    assert!(
        out.contains("Illegal move: c3c5 (a woozan cannot move from c3 to c5 here)"),
        "{out}"
    );
    assert!(out.contains("Curio plays "), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Taken back."), "{out}");
    assert!(
        out.contains(
            "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1"
        ),
        "undo restored the start: {out}"
    );
    assert!(out.ends_with("Game over: 0-1 (white resigns)\n"), "{out}");
    // Playing Black: the engine opens.
    let (out, code) = play_session(&["play", "--color", "black", "--level", "1"], "quit\n");
    assert_eq!(code, Some(0));
    assert_eq!(out.matches("\nCurio plays ").count(), 1, "{out}");
    // Bad level: usage error.
    let (_, code) = play_session(&["play", "--level", "9"], "");
    assert_eq!(code, Some(2));
}

/// Dysnomia in the terminal, from a FEN: the engine denies the person's
/// capture of its Queen, the denied move is refused, and the person denies
/// one of the engine's turns (the engine's first turn after its denial is
/// protected); the diagram tells who holds the right and when it can be
/// used.
#[test]
fn play_dysnomia_with_a_denial_each_way() {
    let (out, code) = play_session(
        &[
            "play",
            "--variant",
            "dysnomia",
            "--level",
            "2",
            "--fen",
            "4k3/p7/8/3q4/4P3/8/7P/4K3 w - - 0 1",
        ],
        "e4d5\ne4d5\nh2h3\n@@@@\ne1f2\n@@@@\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.contains("Denial right: black\n"), "{out}");
    assert!(
        out.contains("Curio denies your turn (@@@@): it is taken back; play another"),
        "{out}"
    );
    assert!(
        out.contains("white was denied and may not play e4d5 again"),
        "{out}"
    );
    assert!(
        out.contains("Illegal move: e4d5 (the denied move may not be played again)"),
        "{out}"
    );
    assert!(
        out.contains("Denial right: white; the last turn cannot be denied"),
        "{out}"
    );
    assert!(
        out.contains("Illegal move: @@@@ (no denial is open"),
        "{out}"
    );
    assert!(
        out.contains("white may deny the last turn now (@@@@)"),
        "{out}"
    );
    assert!(
        out.contains("You deny Curio's last turn: it is taken back, and Curio must play another."),
        "{out}"
    );
    // After the person's denial the right is Black's again.
    let after = out.split("You deny Curio's last turn").nth(1).unwrap();
    assert!(after.contains("Curio plays "), "{out}");
    assert!(after.contains("Denial right: black"), "{out}");
    let (_, code) = play_session(&["play", "--variant", "dysnomia", "--fen", "8/8 w"], "");
    assert_eq!(code, Some(2));
}

#[test]
fn play_reality_check_in_the_terminal() {
    let (out, code) = play_session(
        &[
            "play",
            "--variant",
            "realitycheck",
            "--level",
            "1",
            "--setup",
            "RRNNBBNBPPPNBRPBPRNR",
        ],
        "help\nmoves d3\nc3c5\nc3c4\nboard\nresign\n",
    );
    assert_eq!(code, Some(0));
    assert!(
        out.contains("Your secret setup: RRNNBBNBPPPNBRPBPRNR"),
        "{out}"
    );
    // The person's own chips show both faces, the engine's only the upturned one.
    assert!(out.contains(" PP  PN  BR  PB  PR"), "{out}");
    assert!(out.contains(" p?  p?  b?  p?  p?"), "{out}");
    assert!(out.contains("d3a6 d3b5 d3c4 d3e4 d3f5 d3g6\n"), "{out}");
    assert!(
        out.contains(
            "Illegal move: c3c5 (White's first turn is one non-capturing move without a flip)"
        ),
        "{out}"
    );
    assert!(out.contains("Curio plays "), "{out}");
    assert!(
        out.contains("Game over: 0-1 (white resigns)\nCurio's setup was "),
        "{out}"
    );
    // Setup errors are one-line usage errors.
    let (_, code) = play_session(
        &["play", "--variant", "realitycheck", "--setup", "RRRR"],
        "",
    );
    assert_eq!(code, Some(2));
    let (_, code) = play_session(
        &[
            "play",
            "--variant",
            "trubix",
            "--setup",
            "RRNNBBNBPPPNBRPBPRNR",
        ],
        "",
    );
    assert_eq!(code, Some(2));
}

#[test]
fn analyze_and_bench_reality_check() {
    let o = curio(&["analyze", "--variant", "realitycheck", "--nodes", "2000"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("info ismcts iterations 2000 "), "{text}");
    let best = text
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    let first_moves = curio(&[
        "perft",
        "--variant",
        "realitycheck",
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(
        String::from_utf8(first_moves.stdout)
            .unwrap()
            .contains(&format!("{best}: 1")),
        "{text}"
    );
    let o = curio(&["analyze", "--variant", "realitycheck", "--depth", "3"]);
    assert_eq!(o.status.code(), Some(2));
    // The bench signature is deterministic.
    let a = curio(&["bench", "--variant", "realitycheck"]);
    let b = curio(&["bench", "--variant", "realitycheck"]);
    let sig = |o: &Output| {
        let t = String::from_utf8(o.stdout.clone()).unwrap();
        t.lines()
            .last()
            .unwrap()
            .split(" nodes")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(sig(&a), sig(&b));
    assert!(sig(&a).starts_with("Bench: "), "{}", sig(&a));
}

#[test]
fn strangechess_perft_divide_and_refusals() {
    // Perft and divide from the start, byte-ordered, with the total.
    let o = curio(&["perft", "--variant", "strangechess", "--depth", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Nodes searched: 10410\n");
    let o = curio(&[
        "perft",
        "--variant",
        "strangechess",
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 102 + 2, "{out}");
    assert_eq!(lines[0], "a1a2: 1");
    assert!(lines.contains(&"b2l12: 1") && lines.contains(&"d4d4: 1"));
    let moves: Vec<&str> = lines[..102]
        .iter()
        .map(|l| l.split(':').next().unwrap())
        .collect();
    let mut sorted = moves.clone();
    sorted.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    assert_eq!(moves, sorted);
    assert_eq!(lines[103], "Nodes searched: 102");
    // --moves and the same position by FEN agree (a banish, then a
    // Digger's dig: the FEN carries the hole and the tunnel).
    let m = curio(&[
        "perft",
        "--variant",
        "strangechess",
        "--depth",
        "2",
        "--moves",
        "e4e4 b11f7",
    ]);
    assert!(m.status.success(), "{}", stderr(&m));
    let f = curio(&[
        "perft",
        "--variant",
        "strangechess",
        "--depth",
        "2",
        "--fen",
        "rxhnbqkbnhxr/2ss1ww1ssd1/pppppmmppppp/5pp5/12/5d6/12/12/4*PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq - 2 2 tunnels=b2:b11-c10-d9-e8-f7@f7",
    ]);
    assert!(f.status.success(), "{}", stderr(&f));
    assert_eq!(stdout(&m), stdout(&f));
    // Bad input: one line on stderr, exit status 2, nothing on stdout.
    for (args, needle) in [
        (
            vec!["--fen", "rxhnbqkbnhxr/12 w - - 0 1"],
            "bad FEN: the board has 2 ranks, not 12",
        ),
        (
            vec!["--fen", "13/12/12/12/12/12/12/12/12/12/12/6K4k w - - 0 1"],
            "rank 12",
        ),
        (vec!["--moves", "a1a3"], "illegal move 'a1a3'"),
        (vec!["--moves", "e4e4 z9z9"], "unreadable move 'z9z9'"),
        (vec!["--moves", "c1a2xh"], "suffixes out of order"),
    ] {
        let mut a = vec!["perft", "--variant", "strangechess", "--depth", "1"];
        a.extend(args);
        let o = curio(&a);
        assert_eq!(o.status.code(), Some(2), "{a:?}");
        assert!(stdout(&o).is_empty());
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(e.contains(needle), "{a:?}: {e}");
    }
    // The search finds a back-rank mate in one.
    let o = curio(&[
        "analyze",
        "--variant",
        "strangechess",
        "--fen",
        "11k/10pp/12/12/12/12/12/12/12/12/12/R5K5 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("score mate 1") && out.ends_with("bestmove a1a12\n"),
        "{out}"
    );
    // Analyze finds a move from the start.
    let o = curio(&["analyze", "--variant", "strangechess", "--depth", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).lines().any(|l| l.starts_with("bestmove ")),
        "{}",
        stdout(&o)
    );
    let v = curio(&["variants"]);
    assert!(stdout(&v)
        .lines()
        .any(|l| l.starts_with("strangechess") && l.contains("144 squares")));
}

/// A hash size the machine cannot give is refused with the limit, exit
/// status 2, instead of an allocation abort; so is one that overflows.
#[test]
fn a_hash_the_machine_cannot_give_is_refused() {
    for hash in ["100000000", "18446744073709551615"] {
        for cmd in [
            &[
                "analyze",
                "--variant",
                "chess",
                "--depth",
                "1",
                "--hash",
                hash,
            ][..],
            &["xboard", "--hash", hash][..],
        ] {
            assert_user_error(
                cmd,
                &format!("--hash {hash} MiB is more than this machine can give (at most "),
            );
        }
    }
    let o = curio(&[
        "analyze",
        "--variant",
        "chess",
        "--depth",
        "1",
        "--hash",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// `curio match --help` says what happens to engines that hang, and to
/// every engine process when the match ends or is interrupted.
#[test]
fn match_help_tells_what_happens_to_hung_engines() {
    let o = curio(&["match", "--help"]);
    assert!(o.status.success());
    let help = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    for needle in [
        "process group of its own",
        "hangs (no reply in time)",
        "is killed before it is restarted",
        "Ctrl-C (SIGINT)",
        "prints the table of the games finished so far",
        "No process the match started outlives it",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}

/// Thread counts and depths beyond what runs are documented clamps: any
/// number of threads runs one per core (with a note), any depth searches
/// at most 110 plies, and a time limit still stops it.
#[test]
fn analyze_clamps_threads_and_depth() {
    let o = curio(&[
        "analyze",
        "--variant",
        "trubix",
        "--threads",
        "18446744073709551615",
        "--depth",
        "4294967295",
        "--movetime",
        "300",
        "--multipv",
        "18446744073709551615",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("note: 18446744073709551615 threads asked for, "),
        "{out}"
    );
    assert!(out.contains("bestmove "), "{out}");
}

/// Dysnomia from the command line: perft (denials counted once a turn has
/// been played), divide, one-line refusals with exit status 2, and analyze.
#[test]
fn dysnomia_perft_and_its_refusals() {
    let o = curio(&["perft", "--variant", "dysnomia", "--depth", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Nodes searched: 99\n");
    // After e2e4 Black may deny it: 99 turns and @@@@.
    let o = curio(&[
        "perft",
        "--variant",
        "dysnomia",
        "--depth",
        "1",
        "--moves",
        "e2e4",
        "--divide",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("@@@@: 1\na7a5: 1\n"), "{out}");
    assert!(out.ends_with("\nNodes searched: 100\n"), "{out}");
    for (args, why) in [
        (
            vec!["--moves", "e2e5"],
            "illegal move 'e2e5': not a legal turn in this position",
        ),
        (
            vec!["--moves", "e2e4 e7e5[x]"],
            "unreadable move 'e7e5[x]': a level is a number 0 to 30 in brackets (move 2",
        ),
        (
            vec!["--moves", "e2e4 @@@@ @@@@"],
            "illegal move '@@@@': no denial is open",
        ),
        (
            vec!["--moves", "e2e4 @@@@ e2e4"],
            "illegal move 'e2e4': the denied move may not be played again",
        ),
        (
            vec!["--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
            "exactly one King",
        ),
    ] {
        let mut all = vec!["perft", "--variant", "dysnomia", "--depth", "1"];
        all.extend(args);
        let o = curio(&all);
        assert_eq!(o.status.code(), Some(2));
        assert!(stdout(&o).is_empty());
        let e = stderr(&o);
        assert!(e.contains(why) && e.lines().count() == 1, "{e}");
    }
    // The game is playable: analyze finds the bait that wins (R-B6.3).
    let o = curio(&[
        "analyze",
        "--variant",
        "dysnomia",
        "--fen",
        "7k/4r3/8/8/8/8/3P4/R3K3 w - - 0 1 denial=w",
        "--depth",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).ends_with("bestmove a1a8\n"), "{}", stdout(&o));
    let o = curio(&[
        "analyze",
        "--variant",
        "dysnomia",
        "--moves",
        "e2e4 @@@@ @@@@",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("illegal move '@@@@': no denial is open"));
    let o = curio(&["variants"]);
    let out = stdout(&o);
    let line = out.lines().find(|l| l.starts_with("dysnomia")).unwrap();
    assert!(
        line.contains("Dysnomia Chess") && !line.contains("not playable"),
        "{line}"
    );
}

/// `curio xboard --weights handset` plays with the first, hand-set
/// weights (the other side of an A/B match from one binary): the search
/// thread sees them. A Knight against a Bishop is +250 for the Knight's
/// side in the fitted Dysnomia weights and -40 in the hand-set ones.
#[test]
fn xboard_weights_reach_the_search() {
    use std::io::{BufRead, BufReader, Write};
    let score = |weights: &str| -> i64 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_curio"))
            .args(["xboard", "--weights", weights])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input
            .write_all(
                b"xboard\nprotover 2\nvariant dysnomia\n\
                  setboard 4k3/8/8/8/8/8/8/N3K1b1 w - - 0 1\npost\nsd 1\ngo\n",
            )
            .unwrap();
        let mut score = None;
        for line in BufReader::new(child.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() > 4 && f[0] == "1" {
                score = f[1].parse().ok();
            }
            if line.starts_with("move ") {
                break;
            }
        }
        input.write_all(b"quit\n").unwrap();
        assert!(child.wait().unwrap().success());
        score.expect("a depth-1 thinking line before the move")
    };
    let (fitted, handset) = (score("fitted"), score("handset"));
    assert!(
        fitted > 150,
        "fitted: Knight 450 against Bishop 200, got {fitted}"
    );
    assert!(
        handset < 0,
        "hand-set: Knight 320 against Bishop 360, got {handset}"
    );
    let o = curio(&["xboard", "--weights", "best"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("use fitted or handset"),
        "{}",
        stderr(&o)
    );
}

// Issue 32 (hardening, round two): what a new user found on the command
// line and in terminal play.

/// Finding 5: Dysnomia reads the orthodox en passant field (the cell
/// alone) where it names a straight double step, as `cell:pawn`, and
/// prints its own form; a cell that names none is refused.
#[test]
fn dysnomia_reads_the_orthodox_en_passant_field() {
    let divide = |fen: &str| {
        let o = curio(&[
            "perft",
            "--variant",
            "dysnomia",
            "--depth",
            "1",
            "--divide",
            "--fen",
            fen,
        ]);
        assert!(o.status.success(), "{fen}: {}", stderr(&o));
        stdout(&o)
    };
    let alias = divide("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert!(alias.contains("\nd4e3: 1\n"), "the capture e.p.: {alias}");
    assert_eq!(alias, divide("4k3/8/8/8/3pP3/8/8/4K3 b - e3:e4 0 1"));
    let o = curio(&[
        "analyze",
        "--variant",
        "dysnomia",
        "--depth",
        "1",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    for bad in [
        "4k3/8/8/8/3pP3/8/8/4K3 b - e5 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3x 0 1",
    ] {
        assert_user_error(
            &[
                "perft",
                "--variant",
                "dysnomia",
                "--depth",
                "1",
                "--fen",
                bad,
            ],
            "en passant field",
        );
    }
}

/// Finding 10: terminal play explains each game in its own terms: the
/// help's move forms and piece legend are the game's (no Trubix examples
/// in chess), Strange Chess' same-square moves are explained, the spell
/// forms XBoard takes are taken, and the board is turned for Black.
#[test]
fn play_explains_each_game_and_turns_the_board_for_black() {
    for (v, must, must_not) in [
        ("chess", "e7e8q", "c3c4"),
        ("trubix", "b9c10q", "e2e4"),
        ("strangechess", "banish", "b9c10q"),
        ("dysnomia", "@@@@ denies", "c3c4"),
    ] {
        let (out, code) = play_session(&["play", "--variant", v, "--level", "1"], "help\nquit\n");
        assert_eq!(code, Some(0));
        let help = out.split("Commands:").nth(1).expect("help");
        assert!(help.contains(must), "{v}: {help}");
        assert!(!help.contains(must_not), "{v}: {help}");
        assert!(
            help.contains("Pieces (uppercase white, lowercase black): "),
            "{v}: {help}"
        );
    }
    // Strange Chess' `moves` says what its same-square moves are.
    let (out, _) = play_session(
        &["play", "--variant", "strangechess", "--level", "1"],
        "moves\nquit\n",
    );
    assert!(out.contains(" d4d4 "), "{out}");
    assert!(
        out.contains("d4d4, is a Magician's banish of that empty square"),
        "{out}"
    );
    // A Magician's spell typed as in XBoard: f3e2-f3 banishes e2 (e2e2).
    let (out, code) = play_session(
        &["play", "--variant", "strangechess", "--level", "1"],
        "f3e2-f3\nfen\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(!out.contains("Illegal move"), "{out}");
    let fen = out
        .lines()
        .map(|l| l.trim_start_matches("white to move> "))
        .find(|l| l.contains("/") && l.contains(" w "))
        .expect("a FEN");
    assert_eq!(
        fen.split('/').nth(10).unwrap().chars().nth(4),
        Some('*'),
        "{fen}"
    );
    // Black sees its own pieces at the bottom, files h to a.
    let (out, code) = play_session(
        &[
            "play",
            "--variant",
            "chess",
            "--color",
            "black",
            "--level",
            "1",
        ],
        "quit\n",
    );
    assert_eq!(code, Some(0));
    let board: Vec<&str> = out.lines().filter(|l| l.starts_with(' ')).collect();
    assert!(
        board.contains(&" 1     R   N   B   K   Q   B   N   R"),
        "{out}"
    );
    assert!(
        board.iter().position(|l| l.starts_with(" 1 ")).unwrap()
            < board.iter().position(|l| l.starts_with(" 8 ")).unwrap(),
        "rank 1 on top: {out}"
    );
    assert!(
        out.contains("       h   g   f   e   d   c   b   a"),
        "{out}"
    );
    // Dysnomia says what its pools hold.
    let (out, _) = play_session(&["play", "--variant", "dysnomia", "--level", "1"], "quit\n");
    assert!(
        out.contains("Pools (K Q R B N only; removed pawns are gone):"),
        "{out}"
    );
}

/// Finding 12: the help names every game of the build (from the list of
/// games) and `match`; the subcommands' help is not Trubix-only; zero and
/// huge limits are refused with a word; clap's own errors are one line.
#[test]
fn help_names_every_game_and_limits_say_so() {
    let top = stdout(&curio(&["--help"]));
    for v in movegen::Variant::ALL {
        assert!(top.contains(&format!("  {} ", v.id())), "{v:?}: {top}");
    }
    assert!(top.contains("match"), "{top}");
    for sub in ["xboard", "bench", "play"] {
        let o = curio(&[sub, "--help"]);
        assert!(o.status.success());
        let text = stdout(&o);
        for v in movegen::Variant::ALL {
            let named =
                text.contains(v.id()) || text.contains(v.cecp_id()) || text.contains(v.title());
            assert!(named, "{sub} --help does not name {v:?}: {text}");
        }
    }
    for (args, needle) in [
        (
            vec!["analyze", "--variant", "chess", "--depth", "0"],
            "--depth must be at least 1",
        ),
        (
            vec!["analyze", "--variant", "chess", "--movetime", "0"],
            "--movetime must be at least 1",
        ),
        (
            vec!["analyze", "--variant", "chess", "--nodes", "0"],
            "--nodes must be at least 1",
        ),
        (vec!["bench", "--depth", "99999"], "99999 is not in 1..=30"),
        (vec!["bench", "--depth", "0"], "0 is not in 1..=30"),
        (vec!["perft", "--variant", "trubix"], "--depth <DEPTH>"),
        (vec!["--bogus"], "unexpected argument '--bogus'"),
        (vec!["play", "--level", "9"], "9 is not in 1..=8"),
    ] {
        assert_user_error(&args, needle);
    }
}

/// `RUST_LOG` turns logging on for any subcommand (to stderr, stdout
/// untouched); without it nothing is logged.
#[test]
fn rust_log_turns_logging_on_for_every_subcommand() {
    let run = |rust_log: Option<&str>, args: &[&str]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_curio"));
        c.args(args).env_remove("RUST_LOG");
        if let Some(v) = rust_log {
            c.env("RUST_LOG", v);
        }
        let o = c.output().expect("run curio");
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        (stdout(&o), stderr(&o))
    };
    let perft = ["perft", "--variant", "trubix", "--depth", "2"];
    let (plain_out, plain_err) = run(None, &perft);
    assert!(
        plain_err.starts_with("Time: ") && plain_err.lines().count() == 1,
        "{plain_err}"
    );
    let (out, err) = run(Some("info"), &perft);
    assert_eq!(out, plain_out);
    assert!(
        err.contains(" INFO  protocol::cli] perft trubix depth 2 on 1 thread(s) from ")
            && err.contains(" INFO  protocol::cli] perft: 121 nodes in "),
        "{err}"
    );
    for args in [
        &["variants"][..],
        &["bench", "--variant", "chess", "--depth", "2"],
    ] {
        let (_, err) = run(Some("debug"), args);
        assert!(err.contains(" DEBUG curio] curio "), "{args:?}: {err}");
    }
}
