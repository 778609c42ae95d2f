//! The rules layer through movegen's public API: rule examples and
//! invariants for each game (Trubix and Trubix-43, Reality Check, Strange
//! Chess, orthodox chess), FEN and move text, and chess perft against the
//! published numbers.
//!
//! One test binary for all of them. Sizes depend on the build: debug builds
//! (`cargo test --workspace`) run short passes, `.ci/run` runs the chess and
//! Strange Chess modules again in release at full size.

mod chess_invariants;
mod chess_perft;
mod fen;
mod notation;
mod realitycheck_rules;
mod rule_examples;
mod strangechess_invariants;
mod strangechess_rules;
