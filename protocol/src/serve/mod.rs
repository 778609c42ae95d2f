//! `curio serve`: a board in the browser, a face over the session core
//! (game record and searcher, [`crate::session`]); Reality Check with the
//! server as referee of its hidden faces ([`hidden`]).
//!
//! One process serves the page (HTML, script and style embedded in the
//! binary: it works with no network) and a small HTTP API the page calls:
//! form fields in, JSON out. The page polls the game's state about twice
//! a second, which also carries the engine's thinking while it searches.
//!
//! | request | fields | answer |
//! |---|---|---|
//! | `GET /`, `/?variant=ID` | | the page (start page, or that game) |
//! | `GET /api/variants` | | the games |
//! | `POST /api/new` | `variant`, `side` (`white`, `black`, `analysis`), `level` 1-8 | state |
//! | `GET /api/state` | `session`, `ply` (optional: an earlier position) | state |
//! | `POST /api/move` | `session`, `move` (binding notation) | state |
//! | `POST /api/undo`, `/api/stop`, `/api/resign`, `/api/close` | `session` | state |
//! | `POST /api/analyze` | `session`, `on` (`1`/`0`) | state |
//! | `POST /api/fen`, `/api/pgn` | `session`, `fen` / `pgn` | state |
//! | `GET /api/pgn` | `session` | the game as PGN text |
//!
//! Untrusted input: every field is checked; a refused request answers
//! `{"error": "..."}` with a 4xx status and leaves the game as it was.
//! Requests are bounded in size, games in number and idle time
//! ([`sessions`]), searches in time ([`game::ANALYSIS_LIMIT`], the
//! levels). No request reads a file.

pub mod either;
pub mod form;
pub mod game;
pub mod hidden;
pub mod json;
pub mod pgn;
pub mod sessions;
pub mod view;

use crate::cli::CliError;
use either::AnyGame;
use game::Mode;
use movegen::game::Color;
use movegen::Variant;
use sessions::Sessions;
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::sync::Arc;
use std::time::Duration;
use tiny_http::{Header, Method, Request, Response, Server};

/// Largest request body (a PGN of a long game fits many times over).
pub const MAX_BODY: usize = 64 * 1024;
/// Longest request URL.
pub const MAX_URL: usize = 8 * 1024;
/// Requests answered at once. Each runs on a thread of its own, so that a
/// client that sends its body slowly (or never) holds only its own
/// request; past this many, requests are refused at once with 503.
pub const MAX_REQUESTS: usize = 64;

const INDEX_HTML: &str = include_str!("../../assets/index.html");
const APP_JS: &str = include_str!("../../assets/app.js");
const STYLE_CSS: &str = include_str!("../../assets/style.css");

/// Serves until the process ends. `on_ready` hears the address the server
/// listens on (with `--port 0`, the port the system chose).
pub fn serve(host: &str, port: u16, on_ready: impl FnOnce(&str)) -> Result<(), CliError> {
    let server = Server::http((host, port))
        .map_err(|e| CliError(format!("serve: cannot listen on {host}:{port}: {e}")))?;
    let addr = match server.server_addr() {
        tiny_http::ListenAddr::IP(a) => a.to_string(),
        #[allow(unreachable_patterns)]
        other => format!("{other:?}"),
    };
    on_ready(&addr);
    let sessions = Arc::new(Sessions::default());
    // Sessions are swept (quiet pages' searches stopped, old games
    // dropped) on a thread of their own.
    {
        let sessions = sessions.clone();
        std::thread::Builder::new()
            .name("serve sweep".into())
            .spawn(move || loop {
                std::thread::sleep(Duration::from_millis(500));
                sessions.sweep();
            })
            .map_err(|e| CliError(format!("serve: {e}")))?;
    }
    let active = Arc::new(AtomicUsize::new(0));
    while let Ok(request) = server.recv() {
        if active.fetch_add(1, SeqCst) >= MAX_REQUESTS {
            active.fetch_sub(1, SeqCst);
            respond(request, Answer::error(503, "the server is busy; try again"));
            continue;
        }
        let (sessions, mine) = (sessions.clone(), active.clone());
        let spawned = std::thread::Builder::new()
            .name("serve request".into())
            .spawn(move || {
                handle(request, &sessions);
                mine.fetch_sub(1, SeqCst);
            });
        if spawned.is_err() {
            active.fetch_sub(1, SeqCst);
        }
    }
    Ok(())
}

/// An answer: status, content type, body.
struct Answer(u16, &'static str, String);

impl Answer {
    fn json(body: String) -> Answer {
        Answer(200, "application/json", body)
    }

    fn error(status: u16, why: &str) -> Answer {
        Answer(
            status,
            "application/json",
            json::object([("error", json::string(why))]),
        )
    }
}

fn handle(mut request: Request, sessions: &Sessions) {
    let answer = answer(&mut request, sessions);
    respond(request, answer);
}

fn respond(request: Request, answer: Answer) {
    let Answer(status, kind, body) = answer;
    let mut response = Response::from_string(body).with_status_code(status);
    for (k, v) in [
        ("Content-Type", kind),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ] {
        if let Ok(h) = Header::from_bytes(k.as_bytes(), v.as_bytes()) {
            response.add_header(h);
        }
    }
    // A client that went away is not an error of ours.
    let _ = request.respond(response);
}

fn answer(request: &mut Request, sessions: &Sessions) -> Answer {
    let url = request.url().to_string();
    if url.len() > MAX_URL {
        return Answer::error(414, "the request's address is too long");
    }
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let method = request.method().clone();
    let mut fields = match form::fields(query) {
        Ok(f) => f,
        Err(e) => return Answer::error(400, &e),
    };
    if method == Method::Post {
        if request.body_length().is_some_and(|n| n > MAX_BODY) {
            return Answer::error(413, "the request is too large");
        }
        let mut body = Vec::new();
        let read = request
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body);
        if read.is_err() {
            return Answer::error(400, "the request's body could not be read");
        }
        if body.len() > MAX_BODY {
            return Answer::error(413, "the request is too large");
        }
        let Ok(body) = String::from_utf8(body) else {
            return Answer::error(400, "the request is not UTF-8");
        };
        match form::fields(&body) {
            Ok(f) => fields.extend(f),
            Err(e) => return Answer::error(400, &e),
        }
    }
    let field = |k: &str| {
        fields
            .iter()
            .find(|(name, _)| name == k)
            .map(|(_, v)| v.as_str())
    };
    match (&method, path) {
        (Method::Get, "/" | "/index.html") => {
            Answer(200, "text/html; charset=utf-8", INDEX_HTML.into())
        }
        (Method::Get, "/app.js") => Answer(200, "text/javascript; charset=utf-8", APP_JS.into()),
        (Method::Get, "/style.css") => Answer(200, "text/css; charset=utf-8", STYLE_CSS.into()),
        (Method::Get, "/api/variants") => Answer::json(variants_json()),
        (Method::Post, "/api/new") => {
            new_game(sessions, field("variant"), field("side"), field("level"))
        }
        (_, p) if p.starts_with("/api/") => {
            let Some(id) = field("session") else {
                return Answer::error(400, "no session given");
            };
            let Some(shared) = sessions.get(id) else {
                return Answer::error(
                    404,
                    "no such game: it ended or the server restarted; start a new one",
                );
            };
            if (&method, p) == (&Method::Post, "/api/close") {
                drop(shared);
                sessions.remove(id);
                return Answer::json(json::object([("closed", "true".into())]));
            }
            let Ok(mut g) = shared.lock() else {
                return Answer::error(500, "this game's state was lost");
            };
            g.touch();
            g.refresh();
            game_request(&mut g, id, &method, p, &field)
        }
        (Method::Get, _) => Answer::error(404, "no such page"),
        _ => Answer::error(405, "not a request this server answers"),
    }
}

fn game_request<'a>(
    g: &mut AnyGame,
    id: &str,
    method: &Method,
    path: &str,
    field: &impl Fn(&str) -> Option<&'a str>,
) -> Answer {
    let done = match (method, path) {
        (Method::Get, "/api/state") => {
            let ply = match field("ply").map(str::parse::<usize>) {
                None => None,
                Some(Ok(p)) => Some(p),
                Some(Err(_)) => return Answer::error(400, "ply: not a number"),
            };
            return Answer::json(g.state_json(id, ply));
        }
        (Method::Get, "/api/pgn") => return Answer(200, "text/plain; charset=utf-8", g.pgn()),
        (Method::Post, "/api/move") => match field("move") {
            Some(m) => g.play(m),
            None => Err("no move given".into()),
        },
        (Method::Post, "/api/undo") => g.undo(),
        (Method::Post, "/api/stop") => {
            g.stop();
            Ok(())
        }
        (Method::Post, "/api/resign") => g.resign(),
        (Method::Post, "/api/analyze") => g.set_analysis(field("on") != Some("0")),
        (Method::Post, "/api/fen") => match field("fen") {
            Some(f) => g.set_fen(f),
            None => Err("no FEN given".into()),
        },
        (Method::Post, "/api/pgn") => match field("pgn") {
            Some(p) => g.set_pgn(p),
            None => Err("no PGN given".into()),
        },
        (Method::Get | Method::Post, _) => return Answer::error(404, "no such request"),
        _ => return Answer::error(405, "not a request this server answers"),
    };
    match done {
        Ok(()) => Answer::json(g.state_json(id, None)),
        Err(e) => Answer::error(400, &e),
    }
}

fn new_game(
    sessions: &Sessions,
    variant: Option<&str>,
    side: Option<&str>,
    level: Option<&str>,
) -> Answer {
    let variant: Variant = match variant.unwrap_or("chess").parse() {
        Ok(v) => v,
        Err(_) => return Answer::error(400, "unknown variant (see /api/variants)"),
    };
    let mode = match side.unwrap_or("white") {
        "white" => Mode::Play(Color::White),
        "black" => Mode::Play(Color::Black),
        "analysis" => Mode::Analysis,
        _ => return Answer::error(400, "side: white, black or analysis"),
    };
    let level = match level.unwrap_or("5").parse::<u32>() {
        Ok(l @ 1..=8) => l,
        _ => return Answer::error(400, "level: 1 to 8"),
    };
    let game = match AnyGame::new(variant, mode, level) {
        Ok(g) => g,
        Err(e) => return Answer::error(400, &e),
    };
    match sessions.add(game) {
        Ok(id) => match sessions
            .get(&id)
            .and_then(|g| g.lock().ok().map(|g| g.state_json(&id, None)))
        {
            Some(state) => Answer::json(state),
            None => Answer::error(500, "the new game was lost"),
        },
        Err(e) => Answer::error(429, &e),
    }
}

fn variants_json() -> String {
    json::array(Variant::ALL.iter().map(|v| {
        json::object([
            ("id", json::string(v.id())),
            ("title", json::string(v.title())),
            ("summary", json::string(v.summary())),
            ("squares", v.squares().to_string()),
            (
                "hidden",
                movegen::variant::hidden_information(*v).to_string(),
            ),
        ])
    }))
}
