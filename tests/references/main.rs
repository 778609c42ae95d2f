//! The independent reference move generators (`tests/reference/` for the
//! Trubix family, `tests/reference_rc/` for Reality Check,
//! `tests/sc_reference/` for Strange Chess, `tests/dy_reference/` for
//! Dysnomia), their self-tests against the rule texts, and their
//! cross-checks with the fast generators: random games in lockstep and the
//! perft suites of `tests/perft/`.
//!
//! One test binary for all of them. Sizes depend on the build: debug builds
//! (`cargo test --workspace`) run short passes, `.ci/run` runs these modules
//! again in release at full size.

#[path = "../common/mod.rs"]
mod common;
#[path = "../dy_reference/mod.rs"]
mod dy_reference;
#[path = "../reference/mod.rs"]
mod reference;
#[path = "../reference_rc/mod.rs"]
mod reference_rc;
#[path = "../sc_reference/mod.rs"]
mod sc_reference;

mod dy_reference_selftest;
mod dysnomia_perft;
mod dysnomia_reference;
mod perft_suites;
mod realitycheck_reference;
mod reference_agreement;
mod reference_rc_selftest;
mod reference_selftest;
mod rule_examples;
mod rules_dysnomia;
mod rules_realitycheck;
mod rules_strangechess;
mod rules_trubix;
mod sc_reference_examples;
mod strangechess_perft;
mod strangechess_reference;
