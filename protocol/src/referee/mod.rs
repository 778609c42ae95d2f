//! The match runner: engine-against-engine games with a referee that knows
//! our rules (`curio match`).
//!
//! * [`adjudicate`]: ending games early by the engines' scores (optional).
//! * [`engine_proc`]: a CECP engine as a child process.
//! * [`groups`]: engine process groups; nothing started outlives a match.
//! * [`game`]: one refereed game (clocks, legality, results, failures).
//! * [`turn`]: one engine's turn (its move awaited, its thinking read, its
//!   clock charged).
//! * [`pgn`]: PGN out and back in.
//! * [`stats`]: Elo with error bars, SPRT.
//! * [`tournament`]: the match's settings checked, scheduling, openings.
//! * [`worker`]: the per-game loop of a worker thread (engines started,
//!   games played, saved and counted).
//! * [`standings`]: the tally of finished games and the final report.

pub mod adjudicate;
pub mod engine_proc;
pub mod game;
pub mod groups;
pub mod hidden;
pub mod pgn;
pub mod standings;
pub mod stats;
pub mod tournament;
pub mod turn;
pub mod worker;
