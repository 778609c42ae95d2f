//! Orthodox chess, the calibration game (`chess`; `normal` in CECP).
//!
//! # Board
//!
//! 8x8, square index `rank * 8 + file` (a1 = 0, h8 = 63), one `u64` per
//! colour and per piece type plus a mailbox for "what stands here".
//! Slider attacks are fancy magic bitboards (`attacks.rs`); knight, king and
//! pawn attacks and the between/line tables are built at compile time.
//!
//! # Rules
//!
//! Standard FIDE moves: castling (rights in the FEN, king not in, through or
//! into check), en passant, promotion to Q, R, B, N. Moves are generated
//! legal without making them (`gen.rs`: check mask, pinned pieces on their
//! pin line, king steps tested with the king removed, en passant verified
//! directly); the last perft ply is counted without a list. Draws are
//! automatic: threefold repetition, fifty moves (100 plies), insufficient
//! material (K v K, K+minor v K, kings with bishops all on one colour).
//! Moves are written in coordinate notation (`e2e4`, `e7e8q`, castling as
//! the king's move `e1g1`; `O-O`/`O-O-O` are accepted as input). Every
//! interpretation is in `docs/rules/chess.md`.

mod attacks;
mod gen;
pub mod position;

pub use position::{Move, Position};

/// Orthodox chess's card.
pub const CARD: crate::card::Card = crate::card::Card {
    id: "chess",
    cecp_id: "normal",
    title: "Chess",
    summary: "orthodox chess (CECP: normal), the calibration game",
    squares: 64,
    start_fen: Position::START,
    search: crate::card::Search::AlphaBeta,
};
