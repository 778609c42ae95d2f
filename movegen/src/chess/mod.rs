//! Orthodox chess, the calibration game (issue 7 foundation).
//!
//! # Board
//!
//! 8x8, square index `rank * 8 + file` (a1 = 0, h8 = 63), one `u64` per
//! colour and per piece type. Slider attacks use per-direction rays and the
//! first blocker found with a bit scan (the same scheme as Reality Check's
//! diamond); knight, king and pawn attacks are tables built at compile time.
//!
//! # Rules
//!
//! Standard FIDE moves: castling (rights in the FEN, king not in, through or
//! into check), en passant, promotion to Q, R, B, N. Legality is decided by
//! playing the pseudo-legal move and testing whether the own king is
//! attacked. Draws: threefold repetition, fifty moves (100 plies), and
//! insufficient material (K v K, K+minor v K, K+B v K+B with bishops on the
//! same colour). Moves are written in coordinate notation (`e2e4`, `e7e8q`,
//! castling as the king's move `e1g1`).
//!
//! Not yet wired into [`crate::variant::Variant`]: evaluation, CECP `normal`
//! and the front ends come with the rest of issue 7.

mod attacks;
mod gen;
pub mod position;

pub use position::{Move, Position};
