//! Perft suites (tests/perft/*.txt) for the fast generator, and their
//! confirmation by the independent reference generator (tests/reference).
//!
//! Debug builds run the entries up to a node budget so `cargo test` stays
//! quick; `cargo test --release --test perft_suites` runs every entry with
//! the fast generator (CI does both). The reference generator is about 500
//! times slower, so it checks entries up to 20k nodes in debug and 3M in
//! release; `CURIO_REF_BUDGET=all` makes it confirm every frozen number
//! (about 20 minutes in release; done before the numbers were frozen).

use crate::common;
use crate::reference;

use common::{board_of, suite};
use movegen::trubix::Position;
use reference::RefVariant;

fn budget(debug: u64) -> u64 {
    if cfg!(debug_assertions) {
        debug
    } else {
        u64::MAX
    }
}

fn ref_variant(v: &str) -> RefVariant {
    match v {
        "trubix" => RefVariant::Trubix,
        _ => RefVariant::Trubix43,
    }
}

fn run_fast(variant: &str) {
    let limit = budget(3_000_000);
    let mut ran = 0;
    for e in suite(variant) {
        let mut pos = Position::from_fen(board_of(variant), &e.fen).unwrap();
        for &(d, n) in e.counts.iter().filter(|&&(_, n)| n <= limit) {
            assert_eq!(
                movegen::perft::perft(&mut pos, d),
                n,
                "{variant} '{}' depth {d}",
                e.name
            );
            ran += 1;
        }
    }
    assert!(ran >= 30, "too few perft checks ran: {ran}");
}

#[test]
fn trubix_suite_fast_generator() {
    run_fast("trubix");
}

#[test]
fn trubix43_suite_fast_generator() {
    run_fast("trubix43");
}

/// The reference generator agrees with every frozen number it can reach in
/// the budget (all of them in release).
fn run_reference(variant: &str) {
    let limit = match std::env::var("CURIO_REF_BUDGET").as_deref() {
        Ok("all") => u64::MAX,
        Ok(n) => n.parse().expect("CURIO_REF_BUDGET: a node count or 'all'"),
        Err(_) if cfg!(debug_assertions) => 20_000,
        Err(_) => 3_000_000,
    };
    let mut ran = 0;
    for e in suite(variant) {
        let pos = reference::parse_fen(ref_variant(variant), &e.fen).unwrap();
        for &(d, n) in e.counts.iter().filter(|&&(_, n)| n <= limit) {
            assert_eq!(
                reference::perft(&pos, d),
                n,
                "reference: {variant} '{}' depth {d}",
                e.name
            );
            ran += 1;
        }
    }
    assert!(ran >= 20, "too few reference checks ran: {ran}");
}

#[test]
fn trubix_suite_confirmed_by_reference() {
    run_reference("trubix");
}

#[test]
fn trubix43_suite_confirmed_by_reference() {
    run_reference("trubix43");
}
