//! Dysnomia perft suite (`tests/perft/dysnomia.txt`): the fast generator
//! against the frozen numbers, and the independent reference generator
//! (`tests/dy_reference/`) confirming them.
//!
//! Debug builds check entries up to a node budget; `cargo test --release
//! --test dysnomia_perft` checks every entry with the fast generator and has
//! the reference confirm every entry up to 300k nodes (`CURIO_REF_BUDGET=all`
//! confirms them all, as was done before the numbers were frozen).

use crate::common;
use crate::dy_reference;

use common::suite;
use dy_reference::RefPos;
use movegen::dysnomia::game::State;
use movegen::dysnomia::Position;

fn budget(debug: u64) -> u64 {
    if cfg!(debug_assertions) {
        debug
    } else {
        u64::MAX
    }
}

#[test]
fn dysnomia_suite_fast_generator() {
    let limit = budget(20_000);
    let mut ran = 0;
    let entries = suite("dysnomia");
    assert!(
        entries.len() >= 10,
        "the suite has {} positions",
        entries.len()
    );
    for e in entries {
        let pos = Position::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        assert_eq!(pos.to_fen(), e.fen, "'{}' is not in canonical form", e.name);
        let state = State::new(pos);
        for &(d, n) in e.counts.iter().filter(|&&(_, n)| n <= limit) {
            assert_eq!(state.perft(d), n, "'{}' depth {d}", e.name);
            ran += 1;
        }
    }
    assert!(ran >= 20, "too few perft checks ran: {ran}");
}

#[test]
fn dysnomia_suite_confirmed_by_the_reference() {
    let limit = match std::env::var("CURIO_REF_BUDGET").as_deref() {
        Ok("all") => u64::MAX,
        _ => {
            if cfg!(debug_assertions) {
                2_000
            } else {
                300_000
            }
        }
    };
    let mut ran = 0;
    for e in suite("dysnomia") {
        let pos = RefPos::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        assert_eq!(
            pos.to_fen(),
            e.fen,
            "the reference prints '{}' differently",
            e.name
        );
        for &(d, n) in e.counts.iter().filter(|&&(_, n)| n <= limit) {
            assert_eq!(pos.perft(d), n, "reference: '{}' depth {d}", e.name);
            ran += 1;
        }
    }
    assert!(ran >= 10, "too few reference checks ran: {ran}");
}
