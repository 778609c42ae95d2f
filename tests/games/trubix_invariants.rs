//! Invariants over 1,000 seeded random games per game (200 in a debug build,
//! the README's `cargo test --workspace`; `.ci/run` plays all 1,000 in
//! release):
//! * unmake restores the position and the key exactly;
//! * the incremental key equals the key computed from scratch;
//! * FEN and move strings round-trip;
//! * no legal move leaves the mover's king attacked, and every pseudo-legal
//!   move that is not legal does;
//! * `is_legal` agrees with the legal move list;
//! * outcomes are consistent (mate = in check with no moves, etc.).

use crate::common;

use common::random_game;
use movegen::game::{Color, EndReason, Game, MoveList, Notation, Outcome};
use movegen::trubix::{Board, Move, Position};

const GAMES: u64 = if cfg!(debug_assertions) { 200 } else { 1000 };
const MAX_PLIES: usize = 120;

fn check_position(pos: &Position) {
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "incremental key drifted: {}",
        pos.to_fen()
    );
    let fen = pos.to_fen();
    let back = Position::from_fen(pos.board(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&back, pos, "FEN round trip of {fen}");
    assert_eq!(back.key(), pos.key());
    assert_eq!(back.to_fen(), fen);

    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    assert_eq!(pos.count_legal(), legal.len(), "bulk count differs: {fen}");
    let mut pseudo = MoveList::new();
    pos.generate_pseudo(&mut pseudo);
    for &m in &legal {
        assert!(pseudo.contains(&m), "legal but not pseudo-legal: {fen}");
        let text = pos.move_to_string(m);
        assert_eq!(
            pos.parse_move(&text),
            Ok(m),
            "move text round trip {text} in {fen}"
        );
    }
    let us = pos.side_to_move();
    for &m in &pseudo {
        let mut p = pos.clone();
        let undo = p.make(m);
        let exposed = p.is_attacked(p.king_square(us), us.flip());
        assert_eq!(
            !exposed,
            legal.contains(&m),
            "{} in {fen}: legality must be exactly 'own king not attacked'",
            pos.move_to_string(m)
        );
        assert_eq!(pos.is_legal(m), !exposed);
        assert_eq!(p.key(), p.compute_key(), "key after make");
        p.unmake(m, undo);
        assert_eq!(&p, pos, "unmake of {} in {fen}", pos.move_to_string(m));
        assert_eq!(p.key(), pos.key(), "key after unmake");
    }
    // A few moves that are not legal here are refused.
    for raw in [0u16, 0x0fff, 0x7fff, 0x1234] {
        let m = Move(raw);
        if !legal.contains(&m) {
            assert!(!pos.is_legal(m));
        }
    }
    // Outcome consistency.
    match pos.outcome(&[]) {
        Some(Outcome::Win {
            winner,
            reason: EndReason::Checkmate,
        }) => {
            assert!(legal.is_empty() && pos.in_check());
            assert_eq!(winner, us.flip());
        }
        Some(Outcome::Draw {
            reason: EndReason::Stalemate,
        }) => {
            assert!(legal.is_empty() && !pos.in_check())
        }
        Some(Outcome::Draw {
            reason: EndReason::BareKings,
        }) => assert_eq!(pos.occupied().count_ones(), 2),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule,
        }) => assert!(pos.halfmove_clock() >= 100),
        Some(other) => panic!("unexpected outcome {other:?} with no history"),
        None => assert!(!legal.is_empty()),
    }
}

fn run(board: Board) {
    let start = Position::start(board);
    let mut positions = 0;
    let mut colours = [0usize; 2];
    for seed in 0..GAMES {
        random_game(&start, seed, MAX_PLIES, |pos| {
            check_position(pos);
            positions += 1;
            colours[(pos.side_to_move() == Color::Black) as usize] += 1;
        });
    }
    assert!(
        positions > (GAMES as usize) * 50,
        "games ended too early: {positions}"
    );
    assert!(colours[0] > 0 && colours[1] > 0);
}

#[test]
fn trubix_random_game_invariants() {
    run(Board::T41);
}

#[test]
fn trubix43_random_game_invariants() {
    run(Board::T43);
}

#[test]
fn repetition_and_move_rule_end_the_game() {
    // Fleurbics shuffle: the start position occurs a third time after 8 plies.
    let mut pos = Position::start(Board::T41);
    let mut history = vec![];
    for mv in [
        "a3b4", "a7b6", "b4a3", "b6a7", "a3b4", "a7b6", "b4a3", "b6a7",
    ] {
        let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{e}"));
        history.push(pos.key());
        assert_eq!(pos.outcome(&history[..history.len() - 1]), None);
        pos.make(m);
    }
    assert_eq!(
        pos.outcome(&history),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    // The unmoved-woozan set is part of the position: after b2b3 b8b7 and
    // back, the board repeats but the woozans are no longer unmoved.
    let mut pos = Position::start(Board::T41);
    let start_key = pos.key();
    for mv in ["c3c4", "c7c6", "c4c3", "c6c7"] {
        let m = pos.parse_move(mv).unwrap();
        pos.make(m);
    }
    assert_eq!(
        pos.key(),
        start_key,
        "c3/c7 woozans are not in the unmoved set"
    );
    let mut pos = Position::start(Board::T41);
    for mv in ["b2b3", "b8b7", "b3b2", "b7b8"] {
        let m = pos.parse_move(mv).unwrap();
        pos.make(m);
    }
    assert_ne!(pos.key(), start_key, "b2/b8 lost their unmoved status");
    assert!(pos.to_fen().contains(" ACDEacde "), "{}", pos.to_fen());

    let pos = Position::from_fen(
        Board::T41,
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 100 60",
    )
    .unwrap();
    assert_eq!(
        pos.outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
    let pos =
        Position::from_fen(Board::T43, "*1*1*/k4/5/5/*3*/*3*/*3*/5/5/4K/*1*1* w - 0 1").unwrap();
    assert_eq!(
        pos.outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::BareKings
        })
    );
}

#[test]
fn captures_reset_the_clock_woozan_moves_do_not() {
    let mut pos = Position::from_fen(
        Board::T41,
        "**k**/5/5/5/*3*/*1w1*/*1W1*/5/5/3n1/**K** w - 7 20",
    )
    .unwrap();
    let m = pos.parse_move("c4c3").unwrap();
    pos.make(m);
    assert_eq!(pos.halfmove_clock(), 8);
    let m = pos.parse_move("c5c4").unwrap();
    pos.make(m);
    assert_eq!(pos.halfmove_clock(), 9);
    assert_eq!(pos.fullmove_number(), 21);
    let m = pos.parse_move("c3c2").unwrap();
    pos.make(m);
    let m = pos.parse_move("c4c3").unwrap();
    pos.make(m);
    assert!(
        pos.parse_move("c2c3").is_err(),
        "woozans never capture straight ahead"
    );
    let m = pos.parse_move("c2d1").unwrap();
    pos.make(m);
    assert_eq!(pos.halfmove_clock(), 0, "a capture resets the clock");
}
