//! Curio's rules layer: boards, legal moves, make/unmake, hashing, notation
//! and perft for every game Curio plays. It knows nothing of search or I/O.
//!
//! * [`game`]: the traits every game implements and how each game fits them.
//! * [`trubix`]: Trubix (41 squares) and Trubix-43.
//! * [`realitycheck`]: Reality Check (39 squares, hidden faces).
//! * [`strangechess`]: Strange Chess (12x12 with holes, two-cell Walls,
//!   half-size Halfers, sieges, spells, tunnels).
//! * [`variant`]: the variant ids and the [`variant::AnyPosition`] enum that
//!   front ends use to pick a game at run time.
//! * [`perft`]: generic perft and divide.

pub mod bits;
pub mod card;
pub mod chess;
pub mod dysnomia;
pub mod error;
mod exchange;
pub mod game;
pub mod perft;
pub mod realitycheck;
pub mod strangechess;
pub mod trubix;
pub mod variant;

pub use error::{FenError, MoveError};
pub use game::{Color, EndReason, Game, MoveList, Notation, Outcome, Tactical};
pub use variant::{AnyMove, AnyPosition, MoveDetail, MoveKind, TypedMove, Variant};
