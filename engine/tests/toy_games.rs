//! The search on toy games built to stress what real games of the future
//! will: more legal moves than the old fixed 512-move buffers held, move
//! lists large enough to overflow a default thread stack, and game ends
//! that are not checkmate.

mod toy;

use engine::limits::Limits;
use engine::observer::Silent;
use engine::{Engine, SearchOptions, SearchResult};
use eval::Evaluator;
use toy::{flat, mix, never, Rules, Toy, ToyMove};

fn search<G: Evaluator>(pos: &G, limits: Limits, threads: usize) -> SearchResult<G::Move> {
    let mut engine = Engine::new(4, threads);
    engine.set_core_limit(None);
    engine.search(pos, &[], &limits, &SearchOptions::default(), &mut Silent)
}

/// A pseudo-random value of the position, so that move ordering and
/// cut-offs vary from node to node.
fn noisy_eval(path: &[ToyMove]) -> i32 {
    let k = path.iter().fold(7, |k, &m| mix(k ^ m));
    (k % 201) as i32 - 100
}

#[test]
fn a_game_with_more_legal_moves_than_512_is_searched() {
    static WIDE: Rules = Rules {
        width: |_| 1000,
        eval: noisy_eval,
        decisive: never,
        no_moves: never,
    };
    let root = Toy::<2048>::new(&WIDE);
    let r = search(&root, Limits::depth(3), 1);
    let best = r.best.expect("a move");
    assert!(best < 1000, "{best}");
    assert_eq!(r.depth, 3);
    // The moves beyond the 512th are searched too: a root where only the
    // last one does not lose is solved.
    static LATE_BEST: Rules = Rules {
        width: |p| if p.is_empty() { 1000 } else { 3 },
        eval: |p| match p {
            // Black to move, three plies in: lost after White's 999, won
            // after any other first move.
            [999, _, _] => -300,
            [_, _, _] => 300,
            _ => 0,
        },
        decisive: never,
        no_moves: never,
    };
    let r = search(&Toy::<2048>::new(&LATE_BEST), Limits::depth(3), 1);
    assert_eq!((r.best, r.score), (Some(999), 300));
    let _ = flat;
}
