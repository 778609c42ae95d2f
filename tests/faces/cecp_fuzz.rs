//! Feeds 100,000 seeded random and mutated CECP lines to the real binary and
//! checks that it stays alive, answers every `ping` with the right `pong`
//! in order, and still plays a legal move afterwards. A debug build (the
//! README's `cargo test --workspace`) feeds the first 20,000 of them;
//! `.ci/run` runs all 100,000 in release.

use movegen::{AnyPosition, Variant};
use protocol::cecp::xboard_dy;
use protocol::cecp::xboard_sc::{self, XbBoard};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Kills the engine if a test fails half-way, so no process is left behind.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

const LINES: usize = if cfg!(debug_assertions) {
    20_000
} else {
    100_000
};

fn valid_line(rng: &mut StdRng) -> String {
    let squares = [
        "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
        "b4", "c4", "d4", "b5", "c5", "d5", "b6", "c6", "d6", "a7", "b7", "c7", "d7", "e7", "a8",
        "b8", "c8", "d8", "e8", "a9", "b9", "c9", "d9", "e9", "c0", "c10", "b0", "d0", "b10",
        "d10", // and some Strange Chess cells (files to l, ranks to 12)
        "f10", "g11", "k12", "l3", "h8", "e4", "j1", "i12", "l12", "c11",
    ];
    let sq = |rng: &mut StdRng| squares[rng.gen_range(0..squares.len())];
    let fens = [
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - - 0 1",
        "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w - - 0 1",
        "*1*1*/2W1k/5/5/*3*/*3*/*3*/5/5/K4/*1*1* w - - 0 1",
        "**1**/1W2k/W3w/5/*3*/*3*/*3*/5/w3W/1w1K1/**1** b - - 0 50",
        // Strange Chess: holes, a siege, tunnels, powers, shared squares.
        "rxdnbqkbnd1x/2ss1ww1ss2/1p1p1mm5/5pp1h1p1/12/p3p2ppp1p/P1P1Ph5P/1P9R/4MPP1H1P1/3P2MPPP1D/R1SS1WW*SS2/1X1NBQKBN1X1 w q - 1 18 tunnels=w1:k2-l3@l3,b1:e10-d11-c12@c12 powers=l12:T",
        "r5kb4/2ssww2ss2/2x5qn2/12/1p2*p4p1/p3p(PH)m4p/P1P2n2P2P/1P3M4P1/7R2K1/3S*1*1XS2/3SWW1*1S1R/4B7 w - - 8 153 powers=i3:C",
        "rxdnbqkbnd2/2ss1ww1ss2/1p1p1mm5/3*1p4p1/2D9/p3p1p(Hh)pp1p/P1P1P6P/1P9R/3xPPP3P1/4*1MPPP2/R1SS1WW*SS2/1X1NBQKBN1X1 w q - 0 48 sieges=h7b4 powers=d4:DT",
        // Dysnomia: columns, pools, a pending bait, a re-move after a denial.
        "4k3/8/8/3(RRrrp)4/8/4N3/8/4K3 w - - 0 1",
        "k3T3/8/4P3/8/8/8/p7/4K3 w - - 0 1 pools=-/N/q/-",
        "4r2k/8/8/8/7b/P7/3P1P2/4K3 b - - 0 1 bait=1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 denial=w protected=b forbid=e2e4",
    ];
    match rng.gen_range(0..30) {
        0 => "new".into(),
        1 => format!(
            "variant {}",
            [
                "trubix",
                "trubix43",
                "normal",
                "chess",
                "strangechess",
                "dysnomia"
            ][rng.gen_range(0..6)]
        ),
        2 | 3 => "force".into(),
        4 => "go".into(),
        5 => "playother".into(),
        6..=11 => format!(
            "usermove {}{}{}",
            sq(rng),
            sq(rng),
            // Promotions, Strange Chess's suffixes and second legs, and
            // Dysnomia's levels, marks, legs and actions.
            [
                "", "", "", "q", "n", "f", "c", "s", "k", "w", "h", "x", "t", ",f6g7v", ",e5e6r",
                "[1]", "^", "~", ",e3d3", "xq", ";e8=Q", "[31]", "@@@@",
            ][rng.gen_range(0..23)]
        ),
        12 => "?".into(),
        13 => format!("setboard {}", fens[rng.gen_range(0..fens.len())]),
        14 => "undo".into(),
        15 => "remove".into(),
        16 => format!(
            "level {} {} {}",
            rng.gen_range(0..50),
            rng.gen_range(0..10),
            rng.gen_range(0..5)
        ),
        17 => format!("st {}", rng.gen_range(0..3)),
        18 => format!("sd {}", rng.gen_range(1..4)),
        19 => format!("time {}", rng.gen_range(0..100_000)),
        20 => format!("otim {}", rng.gen_range(0..100_000)),
        21 => ["post", "nopost", "hard", "easy", "random", "computer"][rng.gen_range(0..6)].into(),
        22 => ["analyze", "exit", "."][rng.gen_range(0..3)].into(),
        23 => format!(
            "{} {}{}",
            ["exclude", "include"][rng.gen_range(0..2)],
            sq(rng),
            sq(rng)
        ),
        24 => format!("lift {}", sq(rng)),
        25 => format!(
            "option {}={}",
            [
                "MultiPV",
                "Resign",
                "Rank base",
                "XBoard board",
                "Denial",
                "Bogus"
            ][rng.gen_range(0..6)],
            rng.gen_range(0..3)
        ),
        26 => format!(
            "result {}",
            ["1-0", "0-1", "1/2-1/2", "*"][rng.gen_range(0..4)]
        ),
        27 => [
            format!("{}{}", sq(rng), sq(rng)),
            "usermove @@@@".to_string(),
            format!("usermove Q@{}", sq(rng)),
        ][rng.gen_range(0..3)]
        .clone(),
        28 => "xboard".into(),
        _ => "protover 2".into(),
    }
}

fn mutate(rng: &mut StdRng, line: &str) -> String {
    let mut bytes: Vec<u8> = line.bytes().collect();
    for _ in 0..rng.gen_range(1..4) {
        let pos = if bytes.is_empty() {
            0
        } else {
            rng.gen_range(0..=bytes.len())
        };
        let c = rng.gen_range(0x20u8..0x7f);
        match rng.gen_range(0..3) {
            0 if pos < bytes.len() => bytes[pos] = c,
            1 if pos < bytes.len() => {
                bytes.remove(pos);
            }
            _ => bytes.insert(pos, c),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn garbage(rng: &mut StdRng) -> String {
    let n = rng.gen_range(0..40);
    (0..n)
        .map(|_| rng.gen_range(0x20u8..0x7f) as char)
        .collect()
}

/// Lines that would end the session or allocate big tables are kept out.
fn harmless(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    !matches!(first, "quit" | "memory" | "cores")
        && !line.contains("Hash")
        && !line.contains("Threads")
}

#[test]
fn random_and_mutated_lines_never_break_the_engine() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_curio"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = child.0.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines() {
            let Ok(l) = l else { break };
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let mut stdin = BufWriter::new(child.0.stdin.take().unwrap());
    let mut pings = Vec::new();
    let mut sent = 0;
    while sent < LINES {
        let line = match rng.gen_range(0..10) {
            0..=4 => valid_line(&mut rng),
            5..=8 => {
                let v = valid_line(&mut rng);
                mutate(&mut rng, &v)
            }
            _ => garbage(&mut rng),
        };
        if !harmless(&line) {
            continue;
        }
        // CURIO_FUZZ_DUMP=FILE keeps the lines, to replay a failure by hand.
        if let Ok(path) = std::env::var("CURIO_FUZZ_DUMP") {
            use std::fs::OpenOptions;
            let mut f = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .unwrap();
            writeln!(f, "{line}").unwrap();
        }
        writeln!(stdin, "{line}").unwrap();
        sent += 1;
        if sent % 1000 == 0 {
            let n = 100_000 + sent;
            writeln!(stdin, "ping {n}").unwrap();
            pings.push(n);
        }
    }
    // Back to a known state (the fuzz may have set option Rank base=1,
    // after which moves go out one rank up, as XBoard wants them, and
    // turned XBoard's move forms or Dysnomia's denial off); then the
    // engine must still play.
    for l in [
        "exit",
        "force",
        "option Rank base=0",
        "option XBoard board=1",
        "option Denial=1",
        "new",
        "variant trubix",
        "force",
        "sd 2",
        "ping 1",
        "go",
    ] {
        writeln!(stdin, "{l}").unwrap();
    }
    stdin.flush().unwrap();
    let mut pongs = Vec::new();
    let mut reached_final_ping = false;
    let mv = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the engine went silent");
        if let Some(n) = l.strip_prefix("pong ") {
            if n == "1" {
                reached_final_ping = true;
            } else {
                pongs.push(n.parse::<usize>().expect("a pong number we sent"));
            }
        } else if reached_final_ping {
            if let Some(m) = l.strip_prefix("move ") {
                break m.to_string();
            }
        }
    };
    assert_eq!(pongs, pings, "every ping answered once, in order");
    let mut start = AnyPosition::start(Variant::Trubix);
    start
        .play(&mv)
        .unwrap_or_else(|e| panic!("after the fuzz the engine played {mv}: {e}"));
    // Sends `lines` (which end with `ping N` and `go`) and returns the
    // engine's move after the `pong N`.
    let mut move_after = |lines: &[&str], pong: &str| {
        for l in lines {
            writeln!(stdin, "{l}").unwrap();
        }
        stdin.flush().unwrap();
        let mut after_ping = false;
        loop {
            let l = rx
                .recv_timeout(Duration::from_secs(60))
                .expect("the engine went silent");
            after_ping |= l == pong;
            if let Some(m) = l.strip_prefix("move ").filter(|_| after_ping) {
                break m.to_string();
            }
        }
    };
    // And Strange Chess still plays.
    let mv = move_after(
        &[
            "force",
            "new",
            "variant strangechess",
            "force",
            "sd 1",
            "ping 2",
            "go",
        ],
        "pong 2",
    );
    // In XBoard's form, read on XBoard's board of the start position.
    let start = AnyPosition::start(Variant::StrangeChess);
    let xb = XbBoard::from_fen(&start.fen()).unwrap();
    xboard_sc::read_move(&xb, &start, &mv)
        .unwrap_or_else(|e| panic!("Strange Chess after the fuzz: {mv}: {e}"));
    // And Dysnomia: a denial of White's first turn, then a legal move.
    let mv = move_after(
        &[
            "force",
            "new",
            "variant dysnomia",
            "force",
            "usermove e2e4",
            "usermove @@@@",
            "sd 1",
            "ping 3",
            "go",
        ],
        "pong 3",
    );
    // In XBoard's form, read on XBoard's board: the denial took e2e4 back
    // there too, so it is the start.
    let mut dy = AnyPosition::start(Variant::Dysnomia);
    for m in ["e2e4", "@@@@"] {
        dy.play(m)
            .unwrap_or_else(|e| panic!("Dysnomia after the fuzz: {m}: {e}"));
    }
    let xb = xboard_dy::XbBoard::from_fen(&AnyPosition::start(Variant::Dysnomia).fen()).unwrap();
    let (ours, _) = xboard_dy::read_move(&xb, &dy, &mv)
        .unwrap_or_else(|e| panic!("Dysnomia after the fuzz: {mv}: {e}"));
    dy.play(&ours)
        .unwrap_or_else(|e| panic!("Dysnomia after the fuzz: {ours}: {e}"));
    writeln!(stdin, "quit").unwrap();
    stdin.flush().unwrap();
    drop(stdin);
    let status = child.0.wait().unwrap();
    assert!(status.success());
}
