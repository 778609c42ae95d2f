//! What is particular to several threads searching one root (Lazy SMP):
//! which iterations a helper skips, and which thread's result is played.

use super::ThreadResult;
use crate::score::*;

/// Which depths a helper thread leaves to the others, after Stockfish 9:
/// helper `i` (counting from 0) searches in runs of `SKIP_SIZE[i]`
/// consecutive depths and skips the next run, shifted by `SKIP_PHASE[i]`.
/// So on two threads the helper works one iteration ahead of the main
/// thread instead of repeating its work, and on four threads the depths are
/// spread over the helpers; what a deeper helper stores in the shared table
/// orders and cuts the main thread's next iteration.
const SKIP_SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether helper thread `id` (1 and up) skips iteration `depth`. `ply`
/// (the game's length) shifts the pattern from move to move.
pub(crate) fn helper_skips(id: usize, depth: i32, ply: usize) -> bool {
    if id == 0 {
        return false;
    }
    let i = (id - 1) % SKIP_SIZE.len();
    (depth + ply as i32 + SKIP_PHASE[i]) / SKIP_SIZE[i] % 2 != 0
}

/// The result to play from all threads' results (`results[0]` is the main
/// thread's). Only the threads that completed the deepest iteration have a
/// say: a shallower result is a worse one, however good its score looks
/// (scores at odd and even depths differ by the side that moved last, so
/// letting a shallower, more optimistic thread win would prefer one parity
/// at random). Among the deepest, Stockfish's vote: each thread votes for
/// its move with weight (score - lowest score + 14) x depth, and the thread
/// whose move has most votes wins; on a tie the main thread stays. A mate
/// score counts from any depth and overrides the vote: the shortest win,
/// or, when every thread is being mated, the longest defence.
pub fn pick_result<M: Copy + PartialEq>(results: &[ThreadResult<M>]) -> usize {
    let deepest = results
        .iter()
        .filter(|r| r.best.is_some())
        .map(|r| r.depth)
        .max()
        .unwrap_or(0);
    let valid = |r: &ThreadResult<M>| {
        r.depth > 0 && r.best.is_some() && (r.depth == deepest || is_mate(r.score))
    };
    if results.is_empty() || results[0].depth == 0 || results[0].best.is_none() {
        return 0;
    }
    let min_score = results
        .iter()
        .filter(|r| valid(r))
        .map(|r| r.score)
        .min()
        .unwrap_or(0);
    let votes = |m: Option<M>| -> i64 {
        results
            .iter()
            .filter(|r| valid(r) && r.best == m)
            .map(|r| (r.score - min_score + 14) as i64 * r.depth as i64)
            .sum()
    };
    let mut best = 0;
    for (i, r) in results.iter().enumerate().skip(1) {
        if !valid(r) {
            continue;
        }
        let b = &results[best];
        let better = if is_mate(b.score) {
            r.score > b.score
        } else {
            r.score > MATE_BOUND || r.score >= -MATE_BOUND && votes(r.best) > votes(b.best)
        };
        if better {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(best: u8, score: Score, depth: u32) -> ThreadResult<u8> {
        ThreadResult {
            best: Some(best),
            score,
            depth,
            seldepth: depth,
            pv: vec![best],
        }
    }

    #[test]
    fn the_main_thread_is_never_skipped_and_helpers_cover_every_depth() {
        for ply in 0..4 {
            assert!((1..40).all(|d| !helper_skips(0, d, ply)));
            // Two threads: the lone helper takes every other depth.
            let helper: Vec<bool> = (1..40).map(|d| helper_skips(1, d, ply)).collect();
            assert_eq!(
                helper.iter().filter(|&&s| s).count(),
                19 + (ply % 2 == 0) as usize
            );
            // Four threads: helpers 1 and 2 alternate, so at every depth
            // one of them works, and helper 3 works in pairs of depths.
            for d in 1..40 {
                assert_ne!(
                    helper_skips(1, d, ply),
                    helper_skips(2, d, ply),
                    "depth {d}"
                );
            }
            let pairs: Vec<bool> = (1..9).map(|d| helper_skips(3, d, ply)).collect();
            assert!(
                pairs.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                "{pairs:?}"
            );
        }
    }

    #[test]
    fn threads_vote_with_depth_and_score() {
        // Everyone agrees: the main thread's result stands.
        assert_eq!(pick_result(&[result(1, 20, 10), result(1, 30, 12)]), 0);
        // Two deeper helpers prefer another move: it wins the vote, and the
        // deepest of its voters is chosen first.
        let r = [result(1, 20, 10), result(2, 25, 12), result(2, 25, 11)];
        assert_eq!(pick_result(&r), 1);
        // A shallower helper has no say, however optimistic...
        assert_eq!(pick_result(&[result(1, 20, 12), result(2, 30, 11)]), 0);
        assert_eq!(pick_result(&[result(1, 20, 12), result(2, 90, 9)]), 0);
        // ...but at the same depth the more optimistic thread wins the vote,
        // and an equal vote leaves the main thread's move.
        assert_eq!(pick_result(&[result(1, 20, 12), result(2, 30, 12)]), 1);
        assert_eq!(pick_result(&[result(1, 20, 12), result(2, 20, 12)]), 0);
        // A deeper helper wins even with a worse score.
        assert_eq!(pick_result(&[result(1, 40, 11), result(2, -10, 12)]), 1);
        // The main thread itself may be the one left behind.
        assert_eq!(pick_result(&[result(1, 90, 9), result(2, 20, 12)]), 1);
        // A helper without a completed iteration has no vote.
        assert_eq!(pick_result(&[result(1, 20, 3), result(2, 90, 0)]), 0);
        // A proven win beats the vote; the shortest mate is preferred.
        let r = [result(1, 50, 14), result(1, 50, 14), result(3, MATE - 9, 9)];
        assert_eq!(pick_result(&r), 2);
        let r = [result(1, MATE - 9, 12), result(2, MATE - 5, 9)];
        assert_eq!(pick_result(&r), 1);
        // Being mated: the longest defence.
        let r = [result(1, -MATE + 4, 12), result(2, -MATE + 8, 10)];
        assert_eq!(pick_result(&r), 1);
        // A helper that sees itself mated does not take over a normal score.
        assert_eq!(
            pick_result(&[result(1, 0, 10), result(2, -MATE + 8, 14)]),
            0
        );
    }
}
