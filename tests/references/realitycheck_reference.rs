//! The fast Reality Check generator against the independent reference in
//! `tests/reference_rc/` (written from the rule texts alone): exact legal
//! turn sets, the state after every turn, game status, and perft suites.

use crate::reference_rc;

use movegen::game::{Color, Game, Notation};
use movegen::perft::perft;
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::{MoveVec, Position, TurnKind};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn fast_moves(p: &Position) -> Vec<String> {
    let mut list = MoveVec::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.move_to_string(m)).collect();
    v.sort();
    v
}

fn status(p: &Position) -> Option<&'static str> {
    p.outcome(&[]).map(|o| o.result_token())
}

/// A random turn, but with probability `p` one of the rare kinds (captures,
/// drops, refusals), so hands fill up and decisions happen.
fn biased_pick(
    list: &[movegen::realitycheck::Move],
    rng: &mut StdRng,
    p: f64,
) -> movegen::realitycheck::Move {
    let special: Vec<_> = list
        .iter()
        .copied()
        .filter(|m| {
            m.is_capture() || m.kind() == TurnKind::Drop || m.kind() == TurnKind::RefuseOnly
        })
        .collect();
    if !special.is_empty() && rng.gen_bool(p) {
        special[rng.gen_range(0..special.len())]
    } else {
        list[rng.gen_range(0..list.len())]
    }
}

#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    pending: usize,
    over_limit: usize,
    drops: usize,
    reality_checks: usize,
    refusals: usize,
    removed: usize,
    restricted: usize,
    finished: usize,
}

/// Plays a seeded random game, checking every position against the reference.
fn check_game(seed: u64, plies: usize, cov: &mut Coverage) {
    let mut rng = StdRng::seed_from_u64(seed);
    let setups = Setup::all();
    let w = setups[rng.gen_range(0..setups.len())];
    let b = setups[rng.gen_range(0..setups.len())];
    let mut pos = Position::from_setups(&w, &b);
    for _ in 0..plies {
        let fen = pos.fen();
        assert_eq!(reference_rc::canonical(&fen).unwrap(), fen, "seed {seed}");
        let fast = fast_moves(&pos);
        let reference = reference_rc::legal_moves(&fen).unwrap();
        if fast != reference {
            let only_fast: Vec<_> = fast
                .iter()
                .filter(|m| !reference.contains(m))
                .take(8)
                .collect();
            let only_ref: Vec<_> = reference
                .iter()
                .filter(|m| !fast.contains(m))
                .take(8)
                .collect();
            panic!("seed {seed}: move sets differ at {fen}\n only fast: {only_fast:?}\n only reference: {only_ref:?}");
        }
        assert_eq!(pos.count_legal(), fast.len(), "count at {fen}");
        assert_eq!(status(&pos), reference_rc::status(&fen), "status at {fen}");
        cov.positions += 1;
        cov.pending += pos.pending().is_some() as usize;
        cov.over_limit += (pos.pending().is_none() && pos.over_limit(pos.side())) as usize;
        cov.restricted += pos.restricted().is_some() as usize;
        if fast.is_empty() {
            cov.finished += 1;
            break;
        }
        // Bias towards the rare turns so hands fill up and decisions happen.
        let mut list = MoveVec::new();
        pos.legal_moves(&mut list);
        let m = biased_pick(&list, &mut rng, 0.7);
        let text = pos.move_to_string(m);
        cov.drops += (m.kind() == TurnKind::Drop) as usize;
        cov.reality_checks += (m.kind() == TurnKind::RealityCheck) as usize;
        cov.refusals += text.starts_with("refuse") as usize;
        let out_before =
            pos.out_of_play(Color::White).count_ones() + pos.out_of_play(Color::Black).count_ones();
        pos.make(m);
        let out_after =
            pos.out_of_play(Color::White).count_ones() + pos.out_of_play(Color::Black).count_ones();
        cov.removed += (out_after > out_before) as usize;
        assert_eq!(
            reference_rc::play(&fen, &text).unwrap(),
            pos.fen(),
            "seed {seed}: after {text} from {fen}"
        );
    }
}

#[test]
fn fast_and_reference_agree_over_random_games() {
    let games = if cfg!(debug_assertions) { 60 } else { 200 };
    let mut cov = Coverage::default();
    for seed in 0..games {
        check_game(seed, 150, &mut cov);
    }
    println!("{cov:?}");
    assert!(cov.positions >= 2000, "{cov:?}");
    assert!(cov.pending >= 20, "{cov:?}");
    assert!(cov.over_limit >= 20, "{cov:?}");
    assert!(cov.drops >= 200, "{cov:?}");
    assert!(cov.reality_checks >= 200, "{cov:?}");
    assert!(cov.refusals >= 10, "{cov:?}");
    assert!(cov.removed >= 50, "{cov:?}");
    assert!(cov.restricted >= 500, "{cov:?}");
    assert!(cov.finished >= 5, "{cov:?}");
}

/// Perft suite: `name | FEN | d:n ...`, numbers confirmed by the reference.
const SUITE: &str = include_str!("../perft/realitycheck.txt");

/// A suite entry: name, FEN, (depth, count) pairs.
type Entry = (String, String, Vec<(u32, u64)>);

fn suite() -> Vec<Entry> {
    SUITE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split('|').map(str::trim).collect();
            let counts = parts[2]
                .split_whitespace()
                .map(|t| {
                    let (d, n) = t.split_once(':').unwrap();
                    (d.parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            (parts[0].to_string(), parts[1].to_string(), counts)
        })
        .collect()
}

#[test]
fn perft_suite_matches_the_fast_generator() {
    let budget: u64 = if cfg!(debug_assertions) {
        2_000_000
    } else {
        u64::MAX
    };
    let entries = suite();
    assert!(entries.len() >= 8);
    for (name, fen, counts) in entries {
        let mut p = Position::from_fen(&fen).unwrap();
        for (d, n) in counts {
            if n > budget {
                continue;
            }
            assert_eq!(perft(&mut p, d), n, "{name} depth {d}");
        }
    }
}

#[test]
fn perft_suite_matches_the_reference() {
    let budget: u64 = if cfg!(debug_assertions) {
        100_000
    } else {
        3_000_000
    };
    for (name, fen, counts) in suite() {
        for (d, n) in counts {
            if n > budget {
                continue;
            }
            assert_eq!(
                reference_rc::perft(&fen, d),
                n,
                "{name} depth {d} (reference)"
            );
        }
    }
}

/// Prints candidate suite lines (run by hand with `--ignored --nocapture`,
/// then freeze the lines the reference confirms).
#[test]
#[ignore]
fn print_suite_candidates() {
    let setups = Setup::all();
    let mut rng = StdRng::seed_from_u64(2026);
    for i in 0..12 {
        let w = setups[rng.gen_range(0..setups.len())];
        let b = setups[rng.gen_range(0..setups.len())];
        let mut pos = Position::from_setups(&w, &b);
        let plies = [0, 1, 2, 9, 20, 30, 40, 50, 60, 70, 80, 90][i];
        for _ in 0..plies {
            let mut list = MoveVec::new();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let m = biased_pick(&list, &mut rng, 0.6);
            pos.make(m);
        }
        let fen = pos.fen();
        let mut counts = Vec::new();
        for d in 1..=4 {
            let n = perft(&mut pos, d);
            if n > 30_000_000 {
                break;
            }
            let r = reference_rc::perft(&fen, d);
            assert_eq!(n, r, "{fen} depth {d}");
            counts.push(format!("{d}:{n}"));
        }
        println!("random-{plies} | {fen} | {}", counts.join(" "));
    }
}

/// Prints suite lines for positions with a pending decision or a forced drop.
#[test]
#[ignore]
fn print_decision_candidates() {
    let setups = Setup::all();
    let mut rng = StdRng::seed_from_u64(77);
    let (mut pending, mut over) = (0, 0);
    while pending < 3 || over < 3 {
        let w = setups[rng.gen_range(0..setups.len())];
        let b = setups[rng.gen_range(0..setups.len())];
        let mut pos = Position::from_setups(&w, &b);
        for _ in 0..200 {
            let mut list = MoveVec::new();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let is_p = pos.pending().is_some();
            let is_o = !is_p && pos.over_limit(pos.side());
            if (is_p && pending < 3) || (is_o && over < 3) {
                let fen = pos.fen();
                let mut counts = Vec::new();
                for d in 1..=3 {
                    let n = perft(&mut pos, d);
                    assert_eq!(n, reference_rc::perft(&fen, d), "{fen} depth {d}");
                    counts.push(format!("{d}:{n}"));
                    if n > 2_000_000 {
                        break;
                    }
                }
                let name = if is_p {
                    pending += 1;
                    "pending"
                } else {
                    over += 1;
                    "forced-drop"
                };
                println!(
                    "{name}-{} | {fen} | {}",
                    if is_p { pending } else { over },
                    counts.join(" ")
                );
                break;
            }
            let m = biased_pick(&list, &mut rng, 0.8);
            pos.make(m);
        }
    }
}
