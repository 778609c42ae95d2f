//! A browser game of either kind: a game of perfect information searched
//! by alpha-beta ([`WebGame`]), or Reality Check with the server as the
//! referee of hidden faces ([`RcGame`]). The server's requests go through
//! here, and a request a kind does not take is refused with the reason.

use super::game::{Mode, WebGame};
use super::hidden::RcGame;
use movegen::Variant;
use std::time::Instant;

// One per browser game, held behind a mutex: its size does not matter.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    Full(WebGame),
    Hidden(RcGame),
}

const NOT_HIDDEN: &str =
    "Reality Check takes no FEN, PGN or analysis here: they would show Curio's hidden faces";

impl AnyGame {
    pub fn new(variant: Variant, mode: Mode, level: u32) -> Result<AnyGame, String> {
        if movegen::variant::hidden_information(variant) {
            return match mode {
                Mode::Play(c) => Ok(AnyGame::Hidden(RcGame::new(c, level))),
                Mode::Analysis => Err(NOT_HIDDEN.into()),
            };
        }
        WebGame::new(variant, mode, level).map(AnyGame::Full)
    }

    pub fn touch(&mut self) {
        let now = Instant::now();
        match self {
            AnyGame::Full(g) => g.last_seen = now,
            AnyGame::Hidden(g) => g.last_seen = now,
        }
    }

    pub fn last_seen(&self) -> Instant {
        match self {
            AnyGame::Full(g) => g.last_seen,
            AnyGame::Hidden(g) => g.last_seen,
        }
    }

    pub fn refresh(&mut self) {
        match self {
            AnyGame::Full(g) => g.refresh(),
            AnyGame::Hidden(g) => g.refresh(),
        }
    }

    pub fn searching(&self) -> bool {
        match self {
            AnyGame::Full(g) => g.searching(),
            AnyGame::Hidden(g) => g.searching(),
        }
    }

    pub fn abort(&mut self) {
        match self {
            AnyGame::Full(g) => g.abort(),
            AnyGame::Hidden(g) => g.abort(),
        }
    }

    pub fn stop(&mut self) {
        match self {
            AnyGame::Full(g) => g.stop(),
            AnyGame::Hidden(g) => g.stop(),
        }
    }

    pub fn play(&mut self, text: &str) -> Result<(), String> {
        match self {
            AnyGame::Full(g) => g.play(text),
            AnyGame::Hidden(g) => g.play(text),
        }
    }

    pub fn undo(&mut self) -> Result<(), String> {
        match self {
            AnyGame::Full(g) => g.undo(),
            AnyGame::Hidden(g) => g.undo(),
        }
    }

    pub fn resign(&mut self) -> Result<(), String> {
        match self {
            AnyGame::Full(g) => g.resign(),
            AnyGame::Hidden(g) => g.resign(),
        }
    }

    pub fn set_analysis(&mut self, on: bool) -> Result<(), String> {
        match self {
            AnyGame::Full(g) => g.set_analysis(on),
            AnyGame::Hidden(_) => Err(NOT_HIDDEN.into()),
        }
    }

    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        match self {
            AnyGame::Full(g) => g.set_fen(fen),
            AnyGame::Hidden(_) => Err(NOT_HIDDEN.into()),
        }
    }

    pub fn set_pgn(&mut self, pgn: &str) -> Result<(), String> {
        match self {
            AnyGame::Full(g) => g.set_pgn(pgn),
            AnyGame::Hidden(_) => Err(NOT_HIDDEN.into()),
        }
    }

    pub fn pgn(&self) -> String {
        match self {
            AnyGame::Full(g) => g.pgn(),
            AnyGame::Hidden(g) => g.pgn(),
        }
    }

    pub fn state_json(&self, session: &str, ply: Option<usize>) -> String {
        match self {
            AnyGame::Full(g) => g.state_json(session, ply),
            AnyGame::Hidden(g) => g.state_json(session, ply),
        }
    }
}
