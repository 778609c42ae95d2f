//! `curio serve`, the browser board's server, through the real binary over
//! loopback HTTP: the API a page uses, refused and hostile requests (each
//! an error that leaves the game as it was), a game played to its end, and
//! sessions that end their searches and threads. The page itself is
//! played in a real browser by tests/browser/play.py (.ci/run).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_curio"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("curio serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// Sends raw bytes, returns (status, body).
    fn raw(&self, request: &[u8]) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        s.write_all(request).unwrap();
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        let text = String::from_utf8_lossy(&out).to_string();
        let status = text
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let body = text.split_once("\r\n\r\n").map_or("", |x| x.1).to_string();
        (status, body)
    }

    fn get(&self, path: &str) -> (u16, String) {
        self.raw(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes())
    }

    fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.raw(
            format!(
                "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
    }

    /// The server's search threads (`search session` and the engine's
    /// `search N`; the HTTP library's connection threads come and go).
    fn threads(&self) -> usize {
        let tasks = std::fs::read_dir(format!("/proc/{}/task", self.child.id())).unwrap();
        tasks
            .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
            .filter(|name| name.starts_with("search"))
            .count()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A JSON string field's value (the server writes flat, escaped strings).
fn field(json: &str, name: &str) -> Option<String> {
    let key = format!("\"{name}\":");
    let rest = &json[json.find(&key)? + key.len()..];
    if let Some(s) = rest.strip_prefix('"') {
        let end = s.find('"')?;
        Some(s[..end].to_string())
    } else {
        Some(rest.split([',', '}']).next()?.to_string())
    }
}

fn url(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Waits until the state of `session` satisfies `ok`.
fn wait_state(server: &Server, session: &str, ok: impl Fn(&str) -> bool) -> String {
    let end = Instant::now() + Duration::from_secs(60);
    loop {
        let (code, st) = server.get(&format!("/api/state?session={session}"));
        assert_eq!(code, 200, "{st}");
        if ok(&st) {
            return st;
        }
        assert!(Instant::now() < end, "timed out: {st}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let s = Server::start();
    let (code, page) = s.get("/");
    assert_eq!(code, 200);
    assert!(page.contains("<script src=\"/app.js\">"), "{page}");
    let (code, js) = s.get("/app.js");
    assert_eq!(code, 200);
    assert!(js.contains("function click("));
    assert_eq!(s.get("/style.css").0, 200);
    // No file is read from a request.
    assert_eq!(s.get("/../Cargo.toml").0, 404);
    assert_eq!(s.get("/etc/passwd").0, 404);
    let (code, v) = s.get("/api/variants");
    assert_eq!(code, 200);
    for id in [
        "trubix",
        "trubix43",
        "chess",
        "strangechess",
        "dysnomia",
        "realitycheck",
    ] {
        assert!(v.contains(&format!("\"id\":\"{id}\"")), "{v}");
    }
    assert!(v.contains("\"id\":\"realitycheck\",\"title\":\"Reality Check\""));
}

#[test]
fn a_game_is_played_taken_back_and_written_as_pgn() {
    let s = Server::start();
    let (code, st) = s.post("/api/new", "variant=chess&side=white&level=1");
    assert_eq!(code, 200, "{st}");
    let id = field(&st, "session").unwrap();
    assert!(
        st.contains("{\"text\":\"e2e4\",\"path\":[\"e2\",\"e4\"]}"),
        "{st}"
    );
    // An illegal move is refused and changes nothing.
    let (code, e) = s.post("/api/move", &format!("session={id}&move=e2e5"));
    assert_eq!(code, 400);
    assert!(e.contains("Illegal move: e2e5"), "{e}");
    let (_, st) = s.get(&format!("/api/state?session={id}"));
    assert_eq!(field(&st, "plies").as_deref(), Some("0"));
    // A move; Curio answers by itself.
    let (code, _) = s.post("/api/move", &format!("session={id}&move=e2e4"));
    assert_eq!(code, 200);
    let st = wait_state(&s, &id, |st| field(st, "plies").as_deref() == Some("2"));
    assert!(
        field(&st, "engine_move").is_some_and(|m| m.len() == 4),
        "{st}"
    );
    assert_eq!(field(&st, "side").as_deref(), Some("white"));
    // The earlier position can be looked at.
    let (_, before) = s.get(&format!("/api/state?session={id}&ply=0"));
    assert_eq!(
        field(&before, "fen").as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
    let (_, pgn) = s.get(&format!("/api/pgn?session={id}"));
    assert!(
        pgn.contains("[Variant \"chess\"]") && pgn.contains("1. e2e4 "),
        "{pgn}"
    );
    // Take back: the person's move and Curio's reply.
    let (code, st) = s.post("/api/undo", &format!("session={id}"));
    assert_eq!(code, 200, "{st}");
    assert_eq!(field(&st, "plies").as_deref(), Some("0"));
    // The PGN read back gives the same game.
    let (code, st) = s.post("/api/pgn", &format!("session={id}&pgn={}", url(&pgn)));
    assert_eq!(code, 200, "{st}");
    assert_eq!(field(&st, "plies").as_deref(), Some("2"));
    // A FEN: a mate in one for White; Curio is Black and loses to it.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (code, st) = s.post("/api/fen", &format!("session={id}&fen={}", url(fen)));
    assert_eq!(code, 200, "{st}");
    let (code, st) = s.post("/api/move", &format!("session={id}&move=a1a8"));
    assert_eq!(code, 200, "{st}");
    assert!(
        field(&st, "outcome").is_some_and(|o| o.contains("checkmate")),
        "{st}"
    );
    let (code, e) = s.post("/api/move", &format!("session={id}&move=g8h8"));
    assert_eq!(code, 400);
    assert!(e.contains("the game is over"), "{e}");
}

#[test]
fn every_game_but_reality_check_is_offered_with_its_board() {
    let s = Server::start();
    for (v, squares, example) in [
        ("trubix", 41, "\"name\":\"c10\""),
        ("trubix43", 43, "\"name\":\"bc0\",\"x\":1.5"),
        ("strangechess", 144, "\"name\":\"l12\""),
        ("dysnomia", 64, "Denial right: black"),
    ] {
        let (code, st) = s.post("/api/new", &format!("variant={v}&side=analysis"));
        assert_eq!(code, 200, "{v}: {st}");
        assert_eq!(st.matches("\"name\":").count(), squares, "{v}");
        assert!(st.contains(example), "{v}: {st}");
    }
    let (code, e) = s.post("/api/new", "variant=realitycheck&side=analysis");
    assert_eq!(code, 400);
    assert!(e.contains("hidden faces"), "{e}");
    // A Dysnomia denial is a move with no square to click.
    let (_, st) = s.post("/api/new", "variant=dysnomia&side=analysis");
    let id = field(&st, "session").unwrap();
    let (_, st) = s.post("/api/move", &format!("session={id}&move=e2e4"));
    assert!(st.contains("{\"text\":\"@@@@\",\"path\":[]}"), "{st}");
    let (_, st) = s.post("/api/move", &format!("session={id}&move=%40%40%40%40"));
    assert!(st.contains("may not play e2e4 again"), "{st}");
}

#[test]
fn analysis_reports_thinking_and_stops() {
    let s = Server::start();
    let (_, st) = s.post("/api/new", "variant=chess&side=analysis");
    let id = field(&st, "session").unwrap();
    let (code, _) = s.post("/api/analyze", &format!("session={id}&on=1"));
    assert_eq!(code, 200);
    let st = wait_state(&s, &id, |st| {
        field(st, "depth").is_some_and(|d| d.parse::<u32>().unwrap_or(0) >= 3)
    });
    assert_eq!(field(&st, "searching").as_deref(), Some("true"), "{st}");
    assert!(field(&st, "pv").is_some_and(|pv| !pv.is_empty()), "{st}");
    let (_, st) = s.post("/api/analyze", &format!("session={id}&on=0"));
    assert_eq!(field(&st, "searching").as_deref(), Some("false"), "{st}");
    // Analysis is for analysis mode only.
    let (_, st) = s.post("/api/new", "variant=chess&side=white");
    let play = field(&st, "session").unwrap();
    let (code, e) = s.post("/api/analyze", &format!("session={play}&on=1"));
    assert_eq!(code, 400, "{e}");
}

#[test]
fn hostile_requests_are_refused_and_leave_the_game_alone() {
    let s = Server::start();
    let (_, st) = s.post("/api/new", "variant=strangechess&side=white&level=1");
    let id = field(&st, "session").unwrap();
    let fen = field(&st, "fen").unwrap();
    let bad: Vec<(String, u16)> = vec![
        (format!("session={id}&move=%zz"), 400),
        (format!("session={id}&move=%ff%fe"), 400),
        (format!("session={id}&move={}", "a".repeat(5000)), 400),
        (format!("session={id}&move=e4e4e4e4e4"), 400),
        (format!("session={id}"), 400),
        ("session=nope&move=e2e4".to_string(), 404),
        ("move=e2e4".to_string(), 400),
    ];
    for (body, code) in &bad {
        let (c, e) = s.post("/api/move", body);
        assert_eq!(c, *code, "{body}: {e}");
        assert!(e.starts_with("{\"error\":"), "{e}");
    }
    for (body, code) in [
        ("variant=nope", 400),
        ("variant=chess&level=0", 400),
        ("variant=chess&level=99999999999999999999", 400),
        ("variant=chess&side=purple", 400),
    ] {
        assert_eq!(s.post("/api/new", body).0, code, "{body}");
    }
    assert_eq!(
        s.post("/api/fen", &format!("session={id}&fen=garbage")).0,
        400
    );
    assert_eq!(s.get(&format!("/api/state?session={id}&ply=x")).0, 400);
    // Too large, and not HTTP at all.
    let big = "x".repeat(100_000);
    assert_eq!(
        s.post("/api/pgn", &format!("session={id}&pgn={big}")).0,
        413
    );
    let long = format!("/api/state?session={id}&x={}", "y".repeat(10_000));
    assert!([414, 400, 431].contains(&s.get(&long).0));
    let _ = s.raw(b"\x00\x01\x02 garbage\r\n\r\n");
    let _ = s.raw(b"DELETE /api/move HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    // The game is as it was, and the server still answers.
    let (code, st) = s.get(&format!("/api/state?session={id}"));
    assert_eq!(code, 200);
    assert_eq!(field(&st, "fen"), Some(fen));
    assert_eq!(field(&st, "plies").as_deref(), Some("0"));
}

#[test]
fn closed_and_quiet_games_end_their_searches_and_threads() {
    let s = Server::start();
    let idle = 0;
    // Curio as White at level 8 thinks ten seconds on its first move.
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (_, st) = s.post("/api/new", "variant=chess&side=black&level=8");
        ids.push(field(&st, "session").unwrap());
    }
    std::thread::sleep(Duration::from_millis(300));
    // A thinking game: the session's search thread and the engine's.
    assert_eq!(s.threads(), 6, "two search threads per thinking game");
    // A closed game's search ends at once.
    for id in &ids[..2] {
        assert_eq!(s.post("/api/close", &format!("session={id}")).0, 200);
        assert_eq!(s.get(&format!("/api/state?session={id}")).0, 404);
    }
    // A page that stops asking has its search stopped within seconds.
    let end = Instant::now() + Duration::from_secs(15);
    while s.threads() > idle && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(s.threads(), idle, "threads left behind");
    // It comes back: Curio thinks again and moves.
    let (_, st) = s.get(&format!("/api/state?session={}", ids[2]));
    assert_eq!(field(&st, "searching").as_deref(), Some("true"), "{st}");
    let (_, st) = s.post("/api/stop", &format!("session={}", ids[2]));
    let _ = st;
    wait_state(&s, &ids[2], |st| field(st, "plies").as_deref() == Some("1"));
}

/// The texts of the legal moves in a state.
fn move_texts(st: &str) -> Vec<String> {
    st.split("{\"text\":\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(|s| s.replace("\\\\", "\\"))
        .collect()
}

#[test]
fn random_requests_never_break_the_server_or_a_game() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let s = Server::start();
    let (_, st) = s.post("/api/new", "variant=dysnomia&side=analysis");
    let id = field(&st, "session").unwrap();
    let (_, st) = s.post("/api/move", &format!("session={id}&move=e2e4"));
    let fen = field(&st, "fen").unwrap();
    let paths = [
        "/api/move",
        "/api/state",
        "/api/undo",
        "/api/fen",
        "/api/pgn",
        "/api/new",
        "/api/x",
        "/",
        "/api/",
        "/api/analyze",
    ];
    let pieces = [
        "session=", "move=", "fen=", "pgn=", "ply=", "&", "=", "%", "%2", "%C3%28", "+", "@@@@",
        "e2e4", "[1]", "\u{e9}", "\0", "level=", "variant=", "on=",
    ];
    for _ in 0..400 {
        let mut body = String::new();
        for _ in 0..rng.gen_range(0..8) {
            if rng.gen_bool(0.3) {
                body.push_str(&id);
            } else {
                body.push_str(pieces[rng.gen_range(0..pieces.len())]);
            }
        }
        let path = paths[rng.gen_range(0..paths.len())];
        // Only reading and refused requests: a move, undo, FEN or PGN that
        // is accepted would change the game, so those go to a bad session.
        let body = if ["/api/state", "/api/new"].contains(&path) {
            body
        } else {
            body.replace(&id, "nosuchsession")
        };
        let (code, answer) = if rng.gen_bool(0.5) {
            s.post(path, &body)
        } else {
            // As a browser sends it: no raw control or non-ASCII byte in
            // the request line (a request line with them is not HTTP, and
            // the server closes the connection).
            let query: String = body
                .bytes()
                .map(|b| match b {
                    0x21..=0x7e => (b as char).to_string(),
                    _ => format!("%{b:02X}"),
                })
                .collect();
            s.get(&format!("{path}?{query}"))
        };
        assert!(
            (200..500).contains(&code),
            "{path} {body:?}: {code} {answer}"
        );
    }
    let (code, st) = s.get(&format!("/api/state?session={id}"));
    assert_eq!(code, 200);
    assert_eq!(field(&st, "fen"), Some(fen));
}

/// 20 pages at once play fast games (level 1, random moves) for a minute
/// on every game but Reality Check: no error, and no thread left once the
/// games are closed.
#[test]
#[ignore = "slow: run by .ci/run"]
fn twenty_sessions_play_for_a_minute() {
    let s = std::sync::Arc::new(Server::start());
    let idle = 0;
    let games = ["chess", "trubix", "trubix43", "strangechess", "dysnomia"];
    let end = Instant::now() + Duration::from_secs(60);
    let workers: Vec<_> = (0..20)
        .map(|i| {
            let s = s.clone();
            std::thread::spawn(move || {
                use rand::{Rng, SeedableRng};
                let mut rng = rand::rngs::StdRng::seed_from_u64(i);
                let (mut finished, mut moves) = (0, 0);
                let variant = games[i as usize % games.len()];
                let new = |s: &Server| {
                    let (code, st) =
                        s.post("/api/new", &format!("variant={variant}&side=white&level=1"));
                    assert_eq!(code, 200, "{st}");
                    field(&st, "session").unwrap()
                };
                let mut id = new(&s);
                while Instant::now() < end {
                    let (code, st) = s.get(&format!("/api/state?session={id}"));
                    assert_eq!(code, 200, "{st}");
                    if field(&st, "outcome").is_some_and(|o| o != "null") {
                        finished += 1;
                        assert_eq!(s.post("/api/close", &format!("session={id}")).0, 200);
                        id = new(&s);
                        continue;
                    }
                    let texts = move_texts(&st);
                    if texts.is_empty() {
                        std::thread::sleep(Duration::from_millis(20));
                        continue;
                    }
                    let m = &texts[rng.gen_range(0..texts.len())];
                    let (code, answer) =
                        s.post("/api/move", &format!("session={id}&move={}", url(m)));
                    assert_eq!(code, 200, "{variant} {m}: {answer}");
                    moves += 1;
                }
                assert_eq!(s.post("/api/close", &format!("session={id}")).0, 200);
                (finished, moves)
            })
        })
        .collect();
    let (mut finished, mut moves) = (0, 0);
    for w in workers {
        let (f, m) = w.join().expect("a session failed");
        finished += f;
        moves += m;
    }
    eprintln!("20 sessions, 60 s: {moves} moves, {finished} games finished");
    assert!(
        moves > 200 && finished > 0,
        "{moves} moves, {finished} games"
    );
    let end = Instant::now() + Duration::from_secs(10);
    while s.threads() > idle && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(s.threads(), idle, "threads left behind");
    assert_eq!(s.get("/api/variants").0, 200);
}

/// Reality Check: the page gets the person's view only. Curio's chips show
/// their upturned face and `?`, no FEN is sent, and what would show hidden
/// faces (FEN, PGN in, analysis) is refused.
#[test]
fn reality_check_sends_only_the_persons_view() {
    let s = Server::start();
    let (code, st) = s.post("/api/new", "variant=realitycheck&side=white&level=1");
    assert_eq!(code, 200, "{st}");
    let id = field(&st, "session").unwrap();
    assert_eq!(field(&st, "fen").as_deref(), Some("null"));
    assert_eq!(st.matches("\"name\":").count(), 39, "{st}");
    // Nine chips a side on the board; every black one hides its face.
    let chips: Vec<&str> = st.split("\"piece\":\"").skip(1).collect();
    assert_eq!(chips.len(), 18, "{st}");
    for c in &chips {
        let black = c.starts_with(|ch: char| ch.is_ascii_lowercase());
        let under = c
            .split("\"under\":\"")
            .nth(1)
            .and_then(|u| u.chars().next())
            .unwrap();
        if black {
            assert_eq!(under, '?', "{c}");
        } else {
            assert!(under.is_ascii_uppercase(), "{c}");
        }
    }
    assert!(st.contains("Your secret setup: "), "{st}");
    assert!(!st.contains("Curio's setup was"), "{st}");
    for (path, body) in [
        ("/api/fen", format!("session={id}&fen=x")),
        ("/api/pgn", format!("session={id}&pgn=1.%20c3c4")),
        ("/api/analyze", format!("session={id}&on=1")),
    ] {
        let (code, e) = s.post(path, &body);
        assert_eq!(code, 400, "{path}: {e}");
        assert!(e.contains("hidden faces"), "{e}");
    }
    // A turn; Curio answers by ISMCTS; the move list holds what White saw.
    let first = move_texts(&st)[0].clone();
    let (code, _) = s.post("/api/move", &format!("session={id}&move={}", url(&first)));
    assert_eq!(code, 200);
    let st = wait_state(&s, &id, |st| field(st, "plies").as_deref() == Some("2"));
    assert!(field(&st, "engine_move").is_some(), "{st}");
    assert!(st.contains(&format!("\"history\":[\"{first}\"")), "{st}");
    let (_, pgn) = s.get(&format!("/api/pgn?session={id}"));
    assert!(
        pgn.contains("[Variant \"realitycheck\"]") && pgn.contains(&format!("1. {first} ")),
        "{pgn}"
    );
    // Take back to White's turn: both players know again what they knew.
    let (code, st) = s.post("/api/undo", &format!("session={id}"));
    assert_eq!(code, 200, "{st}");
    assert_eq!(field(&st, "plies").as_deref(), Some("0"));
    let (code, st) = s.post("/api/resign", &format!("session={id}"));
    assert_eq!(code, 200);
    assert!(st.contains("Curio's setup was"), "{st}");
}

#[test]
fn a_port_in_use_or_a_bad_address_is_a_one_line_error() {
    let s = Server::start();
    let port = s.addr.rsplit(':').next().unwrap().to_string();
    for args in [
        vec!["serve", "--port", port.as_str()],
        vec!["serve", "--host", "no.such.host.invalid"],
        vec!["serve", "--port", "99999"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_curio"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("curio: error: "), "{err}");
    }
    // The first server still answers.
    assert_eq!(s.get("/api/variants").0, 200);
}
