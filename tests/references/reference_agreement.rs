//! The fast bitboard generator and the independent mailbox reference agree
//! on the exact set of legal moves (and on check) in thousands of positions
//! reached by seeded random play from every perft-suite position.

use crate::common;
use crate::reference;

use common::{board_of, random_game, suite};
use movegen::game::{Game, MoveList, Notation};
use movegen::trubix::Position;
use reference::RefVariant;

#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    with_promotion: usize,
    with_offset_square_move: usize,
    in_check: usize,
    checkmates: usize,
}

fn agree(variant: &str, rv: RefVariant) -> Coverage {
    let mut cov = Coverage::default();
    let starts = suite(variant);
    for (i, e) in starts.iter().enumerate() {
        let start = Position::from_fen(board_of(variant), &e.fen).unwrap();
        for g in 0..10u64 {
            random_game(&start, 1000 * i as u64 + g, 40, |pos| {
                let fen = pos.to_fen();
                let rpos = reference::parse_fen(rv, &fen)
                    .unwrap_or_else(|err| panic!("reference rejects {fen}: {err}"));
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                let mut fast: Vec<String> = list.iter().map(|&m| pos.move_to_string(m)).collect();
                fast.sort();
                let slow = reference::legal_moves(&rpos);
                assert_eq!(fast, slow, "{variant}: move sets differ in {fen}");
                assert_eq!(
                    pos.in_check(),
                    reference::in_check(&rpos),
                    "{variant}: check differs in {fen}"
                );
                cov.positions += 1;
                let promotes = fast
                    .iter()
                    .any(|m| m.ends_with(|c: char| c.is_ascii_alphabetic()));
                cov.with_promotion += promotes as usize;
                let offset = fast.iter().any(|m| m.contains("bc") || m.contains("cd"));
                cov.with_offset_square_move += offset as usize;
                cov.in_check += pos.in_check() as usize;
                cov.checkmates += (pos.in_check() && fast.is_empty()) as usize;
            });
        }
    }
    cov
}

#[test]
fn trubix_fast_and_reference_agree() {
    let cov = agree("trubix", RefVariant::Trubix);
    assert!(cov.positions >= 2000, "{cov:?}");
    assert!(cov.with_promotion >= 100, "{cov:?}");
    assert!(cov.in_check >= 50, "{cov:?}");
}

#[test]
fn trubix43_fast_and_reference_agree() {
    let cov = agree("trubix43", RefVariant::Trubix43);
    assert!(cov.positions >= 2000, "{cov:?}");
    assert!(cov.with_promotion >= 100, "{cov:?}");
    assert!(cov.with_offset_square_move >= 500, "{cov:?}");
    assert!(cov.in_check >= 50, "{cov:?}");
}
