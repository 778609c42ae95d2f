//! Perft: counting legal move sequences, the standard correctness check for
//! move generators.
//!
//! Convention (all games): `perft(n)` counts the sequences of `n` legal
//! moves; draw rules are ignored and only a position without legal moves
//! ends a line early. The last ply is bulk-counted (`count_legal`).
//!
//! [`perft_threads`] and [`divide_threads`] spread the same count over a
//! rayon pool: the positions are `Clone`, so each task counts a subtree on
//! its own copy (Dysnomia's thread-local move-list cache then serves each
//! worker thread on its own).

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

/// How many root moves per thread are enough to split the work at the
/// root alone: with fewer, the subtrees of the root moves are too few and
/// too unequal to keep every thread busy to the end (Trubix has 11 root
/// moves, chess 20), so the work is split at the second ply too.
const ROOT_MOVES_PER_THREAD: usize = 16;

/// Why a parallel perft could not run: the threads could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadsError(pub String);

impl std::fmt::Display for ThreadsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ThreadsError {}

fn pool(threads: usize) -> Result<rayon::ThreadPool, ThreadsError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("perft-{i}"))
        .build()
        .map_err(|e| ThreadsError(format!("cannot start {threads} perft threads: {e}")))
}

/// The count below each root move (in the order `legal_moves` gives
/// them), `depth` plies from `pos`, on `threads` threads: each root move's
/// subtree (or, with few root moves, each of its replies' subtrees) is one
/// task of a rayon pool, on a copy of the position. The counts are exact
/// sums, so they equal the single-threaded ones whatever the split.
fn root_counts<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
) -> Result<(G::Moves, Vec<u64>), ThreadsError> {
    use rayon::prelude::*;
    let mut list = G::Moves::default();
    pos.legal_moves(&mut list);
    let below = depth.saturating_sub(1);
    // Splitting at the second ply needs two plies below the root move to
    // be worth a task (the last one is bulk-counted).
    let split = list.len() < ROOT_MOVES_PER_THREAD * threads && below >= 2;
    let mut tasks: Vec<(usize, G, u32)> = Vec::new();
    for (i, &m) in list.iter().enumerate() {
        let mut child = pos.clone();
        child.make(m);
        if split {
            let mut replies = G::Moves::default();
            child.legal_moves(&mut replies);
            for &r in replies.iter() {
                let mut grandchild = child.clone();
                grandchild.make(r);
                tasks.push((i, grandchild, below - 1));
            }
        } else {
            tasks.push((i, child, below));
        }
    }
    let counts: Vec<(usize, u64)> = pool(threads)?.install(|| {
        tasks
            .into_par_iter()
            .map(|(i, mut p, d)| (i, perft(&mut p, d)))
            .collect()
    });
    let mut per_move = vec![0u64; list.len()];
    for (i, n) in counts {
        per_move[i] += n;
    }
    Ok((list, per_move))
}

/// [`perft`] on `threads` threads (one: the single-threaded [`perft`]
/// itself). The count is the same whatever the number of threads.
pub fn perft_threads<G: Game>(pos: &G, depth: u32, threads: usize) -> Result<u64, ThreadsError> {
    // Two plies or fewer take microseconds: not worth a pool.
    if threads <= 1 || depth <= 2 {
        return Ok(perft(&mut pos.clone(), depth));
    }
    Ok(root_counts(pos, depth, threads)?.1.iter().sum())
}

/// [`divide`] on `threads` threads (one: the single-threaded [`divide`]
/// itself), with the same lines in the same order. No progress is
/// reported: root moves finish out of order, and a line per root move as
/// it finished would be in a different order from one run to the next.
pub fn divide_threads<G: Notation>(
    pos: &G,
    depth: u32,
    threads: usize,
) -> Result<Vec<(String, u64)>, ThreadsError> {
    if threads <= 1 {
        return Ok(divide(&mut pos.clone(), depth, |_, _| {}));
    }
    let (list, counts) = root_counts(pos, depth, threads)?;
    let mut out: Vec<(String, u64)> = list
        .iter()
        .zip(counts)
        .map(|(&m, n)| (pos.move_to_string(m), n))
        .collect();
    out.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Position;

    /// Every way of splitting gives the single-threaded counts: the root
    /// alone (many root moves for the threads), the second ply (few), and
    /// a position with one legal move (a check).
    #[test]
    fn parallel_counts_equal_the_single_threaded_ones() {
        for fen in [
            Position::START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for depth in 0..=3 {
                let one = divide(&mut pos.clone(), depth, |_, _| {});
                let total: u64 = one.iter().map(|(_, n)| n).sum();
                for threads in [2, 3, 64] {
                    assert_eq!(divide_threads(&pos, depth, threads).unwrap(), one);
                    let n = perft_threads(&pos, depth, threads).unwrap();
                    if depth > 0 {
                        assert_eq!(n, total, "{fen} depth {depth} threads {threads}");
                    }
                }
            }
        }
    }
}
