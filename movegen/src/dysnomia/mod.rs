//! Dysnomia Chess (2013 rules, "crazy chess"): chess on 8x8 where pieces
//! ride on Rooks, removals set off chains of falls, revenges and
//! resurrections, and pawns move in four directions and disguise. Binding
//! rules: Part B of `shared/rules/strange-and-dysnomia.md` with
//! `shared/rules/README.md`; text forms: `notation-dysnomia.md`. The
//! project's own account, with every interpretation, is
//! `docs/rules/dysnomia.md`.
//!
//! # Board geometry
//!
//! Square `rank * 8 + file` (a1 = 0, h8 = 63), as in orthodox chess. A
//! square holds a column of pieces, bottom first ([`board`]): the bottom
//! in a mailbox with one occupancy mask per colour, the riders of the (at
//! most four) Rook columns in short lists beside it.
//!
//! # Layers
//!
//! * [`board`]: squares, pieces, columns, pools.
//! * [`position`]: the rule state of R-B2 around the board.
//! * [`resolve`]: removals and the FIFO queue of falls, revenges and
//!   rises (R-B3, R-B7, R-B8.6, R-B10).
//! * [`fen`]: the full-state FEN of the notation.
//!
//! Status: the rules are being built in this order (issue 19): material
//! state, FEN and resolution first; then moves, check by simulation,
//! denial, bait, conversions and exile. The game is not yet offered by
//! [`crate::Variant`].

pub mod bait;
pub mod board;
pub mod disguise;
pub mod fen;
pub mod game;
pub mod moves;
pub mod position;
pub mod resolve;
pub mod rules;
pub mod turn;

pub use board::{Kind, Piece, Square};
pub use position::Position;

#[cfg(test)]
mod tests;
