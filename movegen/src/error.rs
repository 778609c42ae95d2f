//! Errors for input that comes from outside: FEN strings and move strings.
//!
//! Every message is one line, names the offending token and says what was
//! expected, so a front end can print it as is.

use std::fmt;

/// A FEN (or FEN-like position string) that cannot be a position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

/// Why a move string was not accepted in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this game's notation at all.
    Syntax { text: String, why: String },
    /// Well-formed, but not a legal move in the position.
    Illegal { text: String, why: String },
}

impl MoveError {
    /// The move text the error is about.
    pub fn text(&self) -> &str {
        match self {
            MoveError::Syntax { text, .. } | MoveError::Illegal { text, .. } => text,
        }
    }

    /// The reason alone, without the move text.
    pub fn reason(&self) -> &str {
        match self {
            MoveError::Syntax { why, .. } | MoveError::Illegal { why, .. } => why,
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text, why } => write!(f, "unreadable move '{text}': {why}"),
            MoveError::Illegal { text, why } => write!(f, "illegal move '{text}': {why}"),
        }
    }
}

impl std::error::Error for MoveError {}
