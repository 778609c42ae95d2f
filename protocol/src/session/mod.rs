//! The protocol-neutral session core: what every face (CECP, the terminal
//! player, and the faces to come) needs to run a game with the engine.
//!
//! - [`record`]: the game record, positions and moves in one list;
//! - [`clock`]: the engine's time control, turned into search limits;
//! - [`searcher`]: the engine and its search thread, started, stopped and
//!   reporting in the binding notation.
//!
//! A face parses its protocol's text, keeps what only it needs (CECP's
//! model of XBoard's board) as the record's per-ply note, and formats
//! what the searcher reports.

pub mod clock;
pub mod record;
pub mod searcher;

pub use clock::{MoveClock, TimeControl};
pub use record::{Entry, GameRecord};
pub use searcher::{Done, Job, Progress, Report, RunInfo, Searcher, MAX_THREADS};
