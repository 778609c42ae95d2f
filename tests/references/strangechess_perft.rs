//! Strange Chess perft suite (`tests/perft/strangechess.txt`): the fast
//! generator against the frozen numbers, and the independent reference
//! generator (`tests/sc_reference/`) confirming them.
//!
//! Debug builds check entries up to a node budget; `cargo test --release
//! --test strangechess_perft` checks every entry with the fast generator
//! and has the reference confirm every entry up to 300k nodes
//! (`CURIO_REF_BUDGET=all` confirms all of them, as was done before the
//! numbers were frozen).
//!
//! `cargo test --release --test strangechess_perft -- --ignored --nocapture`
//! prints candidate positions for the suite (random games biased toward the
//! rare rules, one position per feature and per checking piece kind).

use crate::common;
use crate::sc_reference;

use common::suite;
use movegen::bits::splitmix64;
use movegen::strangechess::Position;
use movegen::Game;
use sc_reference::RefPos;
use std::collections::BTreeMap;

fn budget(debug: u64) -> u64 {
    if cfg!(debug_assertions) {
        debug
    } else {
        u64::MAX
    }
}

#[test]
fn strangechess_suite_fast_generator() {
    let limit = budget(300_000);
    let mut ran = 0;
    let entries = suite("strangechess");
    assert!(
        entries.len() >= 10,
        "the suite has {} positions",
        entries.len()
    );
    for e in entries {
        let mut pos = Position::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        assert_eq!(pos.to_fen(), e.fen, "'{}' is not in canonical form", e.name);
        for &(d, n) in e.counts.iter().filter(|&&(_, n)| n <= limit) {
            assert_eq!(
                movegen::perft::perft(&mut pos, d),
                n,
                "'{}' depth {d}",
                e.name
            );
            ran += 1;
        }
    }
    assert!(ran >= 20, "too few perft checks ran: {ran}");
}

#[test]
fn strangechess_suite_confirmed_by_the_reference() {
    let limit = match std::env::var("CURIO_REF_BUDGET").as_deref() {
        Ok("all") => u64::MAX,
        _ if cfg!(debug_assertions) => 3_000,
        _ => 300_000,
    };
    let mut ran = 0;
    for e in suite("strangechess") {
        let pos = RefPos::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        for &(d, n) in e.counts.iter().filter(|&&(_, n)| n <= limit) {
            assert_eq!(pos.perft(d), n, "reference, '{}' depth {d}", e.name);
            ran += 1;
        }
    }
    assert!(ran >= 10, "too few reference checks ran: {ran}");
}

#[test]
#[ignore = "prints candidate positions for the suite"]
fn print_suite_candidates() {
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    for g in 0..400u64 {
        let mut rng = 0xfe11 + g;
        let mut p = Position::start();
        for _ in 0..80 {
            let fen = p.to_fen();
            let mut feats = Vec::new();
            if fen.split(' ').next().unwrap().contains('*') {
                feats.push("holes".to_string());
            }
            for f in ["sieges=", "tunnels=", "powers="] {
                if fen.contains(f) {
                    feats.push(f.trim_end_matches('=').to_string());
                }
            }
            if p.in_check() {
                for k in p.checking_kinds() {
                    feats.push(format!("check by {k:?}"));
                }
            }
            for c in [movegen::Color::White, movegen::Color::Black] {
                if let Some((a, b)) = p.wall(c) {
                    if b == a + 12 {
                        feats.push("vertical wall".into());
                    }
                }
            }
            for f in feats {
                found.entry(f).or_insert(fen.clone());
            }
            let mut list = Default::default();
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            // Prefer captures and rare moves a little, as the games would.
            let caps: Vec<_> = list.iter().copied().filter(|&m| p.is_capture(m)).collect();
            let pool = if !caps.is_empty() && splitmix64(&mut rng).is_multiple_of(3) {
                caps
            } else {
                list.to_vec()
            };
            let m = pool[splitmix64(&mut rng) as usize % pool.len()];
            p.make(m);
        }
    }
    for (f, fen) in &found {
        let mut pos = Position::from_fen(fen).unwrap();
        let counts: Vec<String> = (1..=3)
            .map(|d| format!("{d}:{}", movegen::perft::perft(&mut pos, d)))
            .collect();
        println!("{f} | {fen} | {}", counts.join(" "));
    }
}

#[test]
#[ignore = "prints the suite lines for candidate positions read from CURIO_SC_CANDIDATES"]
fn print_suite_lines() {
    let path = std::env::var("CURIO_SC_CANDIDATES").expect("CURIO_SC_CANDIDATES");
    let max: u64 = std::env::var("CURIO_SC_MAX").map_or(3_000_000, |v| v.parse().unwrap());
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let Some((name, fen)) = line.split_once('|') else {
            continue;
        };
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut counts = Vec::new();
        for d in 1..=5 {
            let n = movegen::perft::perft(&mut pos, d);
            counts.push(format!("{d}:{n}"));
            if n > max || n == 0 {
                break;
            }
        }
        println!("{name} | {} | {}", pos.to_fen(), counts.join(" "));
    }
}

#[test]
#[ignore = "an hour of the reference generator: perft 4 from the start"]
fn start_depth_4_confirmed_by_the_reference() {
    assert_eq!(RefPos::start().perft(4), 117_419_624);
}
