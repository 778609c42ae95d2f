//! Reality Check invariants over seeded random games: make/unmake restores
//! the state and key, the incremental key equals the key from scratch,
//! `is_legal` agrees with the generated list (also on near-miss turns),
//! notation and FEN round-trip, and counting agrees with listing.

use movegen::game::{Game, Notation};
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::{Decision, Move, MoveVec, Position, TurnKind};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// Turns close to `m` that are usually not legal: other flip targets,
/// other squares, other decisions, the other face of a drop.
fn near_misses(m: Move, rng: &mut StdRng) -> Vec<Move> {
    let sq = |rng: &mut StdRng| rng.gen_range(0..63);
    let mut v = vec![
        m.with_decision(Decision::Keep),
        m.with_decision(Decision::Refuse),
        m.with_decision(Decision::None),
        Move::refuse_only(),
    ];
    match m.kind() {
        TurnKind::MoveFlip => {
            v.push(Move::move_flip(m.from(), m.to(), sq(rng)));
            v.push(Move::move_flip(m.from(), sq(rng), m.flip_square()));
            v.push(Move::plain(m.from(), m.to()));
            v.push(Move::capture(m.from(), m.to(), false));
        }
        TurnKind::Drop => {
            v.push(Move::drop(m.drop_kind(), !m.drop_flipped(), m.to()));
            v.push(Move::drop(rng.gen_range(0..10), rng.gen_bool(0.5), sq(rng)));
        }
        _ => {
            v.push(Move::capture(m.from(), sq(rng), true));
            v.push(Move::move_flip(m.from(), m.to(), sq(rng)));
        }
    }
    v.push(Move(rng.gen()));
    v
}

#[test]
fn invariants_over_random_games() {
    // Debug builds (the README's `cargo test --workspace`) play 14 games,
    // over 2,000 positions; `.ci/run` plays all 200 in release.
    let games = if cfg!(debug_assertions) { 14 } else { 200 };
    let setups = Setup::all();
    let mut positions = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let w = setups[rng.gen_range(0..setups.len())];
        let b = setups[rng.gen_range(0..setups.len())];
        let mut pos = Position::from_setups(&w, &b);
        for _ in 0..200 {
            positions += 1;
            assert_eq!(pos.key(), pos.compute_key(), "{}", pos.fen());
            assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos);
            let mut list = MoveVec::new();
            pos.legal_moves(&mut list);
            assert_eq!(pos.count_legal(), list.len(), "{}", pos.fen());
            let legal: HashSet<Move> = list.iter().copied().collect();
            assert_eq!(legal.len(), list.len(), "duplicate turns at {}", pos.fen());
            if list.is_empty() {
                assert!(pos.outcome(&[]).is_some());
                break;
            }
            for &m in list.iter().step_by(7) {
                assert!(pos.is_legal(m));
                let text = pos.move_to_string(m);
                assert_eq!(pos.parse_move(&text), Ok(m), "{text} at {}", pos.fen());
                assert_eq!(pos.parse_move(&text.to_ascii_lowercase()), Ok(m), "{text}");
                for x in near_misses(m, &mut rng) {
                    assert_eq!(
                        pos.is_legal(x),
                        legal.contains(&x),
                        "{x:?} near {text} at {}",
                        pos.fen()
                    );
                }
                let before = pos;
                let undo = pos.make(m);
                assert_eq!(pos.key(), pos.compute_key(), "after {text}");
                pos.unmake(m, undo);
                assert_eq!(pos, before);
            }
            let special: Vec<Move> = list
                .iter()
                .copied()
                .filter(|m| m.is_capture() || m.kind() == TurnKind::Drop)
                .collect();
            let m = if !special.is_empty() && rng.gen_bool(0.6) {
                special[rng.gen_range(0..special.len())]
            } else {
                list[rng.gen_range(0..list.len())]
            };
            pos.make(m);
        }
    }
    assert!(positions >= 2000, "{positions}");
}
