//! Curio's faces, end to end through the real `curio` binary: CECP
//! transcripts and fuzzing, the command line, `curio match`, python-chess as
//! a real client, and the check of our model of XBoard's board that
//! `tests/xboard/match.sh` runs after real XBoard games.
//!
//! One test binary for all of them (one link instead of six). Tests marked
//! `#[ignore = "slow: run by .ci/run"]` (long matches, waits for timeouts)
//! are left out of `cargo test --workspace`; `.ci/run` runs them in release.

mod cecp;
mod cecp_fuzz;
mod cli;
mod curio_match;
mod python_chess;
mod serve;
mod time_use;
mod uci;
mod xboard_board;
