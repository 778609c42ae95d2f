//! The match runner: engine-against-engine games with a referee that knows
//! our rules (`curio match`).
//!
//! * [`adjudicate`]: ending games early by the engines' scores (optional).
//! * [`engine_proc`]: a CECP engine as a child process.
//! * [`groups`]: engine process groups; nothing started outlives a match.
//! * [`game`]: one refereed game (clocks, legality, results, failures).
//! * [`pgn`]: PGN out and back in.
//! * [`stats`]: Elo with error bars, SPRT.
//! * [`tournament`]: scheduling, concurrency, openings, standings.

pub mod adjudicate;
pub mod engine_proc;
pub mod game;
pub mod groups;
pub mod hidden;
pub mod pgn;
pub mod stats;
pub mod tournament;
