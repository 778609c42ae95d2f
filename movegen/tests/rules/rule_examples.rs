//! What the Trubix rule data cannot state, for the fast generator: that
//! pinned pieces on forking lines keep to their file (a property of every
//! move, not a list), and the start positions' perft. The worked examples
//! of the rule texts, the test vectors of rules A10 and the README's
//! promotion override are data (`tests/rules/trubix/`,
//! `tests/rules/trubix43/`), run against this generator and the reference.

use movegen::game::{Game, MoveList, Notation};
use movegen::trubix::{Board, Position};

fn pos(board: Board, fen: &str) -> Position {
    Position::from_fen(board, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Legal moves of the piece on `from`, as sorted move strings.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list
        .iter()
        .map(|&m| p.move_to_string(m))
        .filter(|s| {
            s.starts_with(from) && !s[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn pins_along_forking_lines_keep_to_their_file() {
    // T43: king on bc0, black queen on bc10 sees it along both the b-file and
    // the c-file; one white blocker on each branch, each pinned to its file.
    let p = pos(Board::T43, "*q*1*/4k/5/5/*3*/*FF1*/*3*/5/5/5/*K*1* w - 0 1");
    for (sq, m) in [("b5", moves_from(&p, "b5")), ("c5", moves_from(&p, "c5"))] {
        for mv in &m {
            let to = &mv[2..];
            assert!(
                to.starts_with(&sq[..1]),
                "{mv} leaves the {} file",
                &sq[..1]
            );
        }
        assert!(!m.is_empty());
    }
}

#[test]
fn the_start_positions_perft() {
    for (board, counts) in [
        (Board::T41, [11u64, 121, 2037, 34374]),
        (Board::T43, [11, 121, 2081, 35894]),
    ] {
        let mut p = Position::start(board);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                movegen::perft::perft(&mut p, d as u32 + 1),
                n,
                "{board:?} depth {}",
                d + 1
            );
        }
    }
}
