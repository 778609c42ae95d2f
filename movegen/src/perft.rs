//! Perft: counting legal move sequences, the standard correctness check for
//! move generators.
//!
//! Convention (all games): `perft(n)` counts the sequences of `n` legal
//! moves; draw rules are ignored and only a position without legal moves
//! ends a line early. The last ply is bulk-counted (`count_legal`).

use crate::game::{Game, Notation};

/// Number of legal move sequences of length `depth`.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            let mut list = G::Moves::default();
            pos.legal_moves(&mut list);
            let mut nodes = 0;
            for &m in list.iter() {
                let undo = pos.make(m);
                nodes += perft(pos, depth - 1);
                pos.unmake(m, undo);
            }
            nodes
        }
    }
}

/// Perft split by root move: `(move text, count)` sorted in plain byte order
/// of the move text. `on_move` is called after each root move (for progress).
pub fn divide<G: Notation>(
    pos: &mut G,
    depth: u32,
    mut on_move: impl FnMut(&str, u64),
) -> Vec<(String, u64)> {
    let mut list = G::Moves::default();
    pos.legal_moves(&mut list);
    let mut out = Vec::with_capacity(list.len());
    for &m in list.iter() {
        let text = pos.move_to_string(m);
        let undo = pos.make(m);
        let n = perft(pos, depth.saturating_sub(1));
        pos.unmake(m, undo);
        on_move(&text, n);
        out.push((text, n));
    }
    out.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    out
}
