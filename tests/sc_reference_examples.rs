//! Worked examples for the Strange Chess reference generator (tests/sc_reference).

mod sc_reference;

use sc_reference::{RefPos, RefStatus, START_FEN};

fn pos(fen: &str) -> RefPos {
    RefPos::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"))
}

#[test]
fn start_position_fen_round_trip() {
    let p = RefPos::start();
    assert_eq!(p.to_fen(), START_FEN);
}

#[test]
fn start_position_move_count() {
    let p = RefPos::start();
    let moves = p.legal_moves();
    for m in &moves {
        println!("{m}");
    }
    assert_eq!(moves.len(), 102);
}
