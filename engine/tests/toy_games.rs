//! The search on toy games built to stress what real games of the future
//! will: more legal moves than the old fixed 512-move buffers held, move
//! lists large enough to overflow a default thread stack, and game ends
//! that are not checkmate.

mod toy;

use engine::limits::Limits;
use engine::observer::Silent;
use engine::score::{mate_in_moves, MATE};
use engine::{Engine, SearchOptions, SearchResult};
use eval::{EvalConfig, Evaluator, Score};
use movegen::game::{Color, EndReason, Outcome};
use toy::{flat, mix, never, Rules, Toy, ToyMove};

fn search<G: Evaluator>(pos: &G, limits: Limits, threads: usize) -> SearchResult<G::Move> {
    let mut engine = Engine::new(4, threads);
    engine.set_core_limit(None);
    engine.search(pos, &[], &limits, &SearchOptions::default(), &mut Silent)
}

/// A pseudo-random value of the position, so that move ordering and
/// cut-offs vary from node to node.
fn noisy_eval(_: &EvalConfig, path: &[ToyMove]) -> i32 {
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
        eval: |_, p| match p {
            // Black to move, three plies in: lost after White's 999, won
            // after any other first move.
            [999, _, _] => -300,
            [_, _, _] => 300,
            _ => 0,
        },
        decisive: never,
        no_moves: never,
    };
    let root = Toy::<2048>::new(&LATE_BEST);
    let r = search(&root, Limits::depth(3), 1);
    assert_eq!((r.best, r.score), (Some(999), 300));
    // Root moves are excluded by their full 64-bit code.
    let mut engine = Engine::new(4, 1);
    let options = SearchOptions {
        exclude: vec![<Toy<2048> as movegen::Tactical>::encode_move(999)],
        ..SearchOptions::default()
    };
    let r = engine.search(&root, &[], &Limits::depth(3), &options, &mut Silent);
    assert_eq!(r.score, -300);
    assert_ne!(r.best, Some(999));
}

/// Every search thread evaluates with the weights its caller chose: Lazy
/// SMP helpers too (they used to see the defaults, so self-play A/B tests
/// with `--threads 2` measured a mix of both weight sets).
#[test]
fn helper_threads_evaluate_with_the_callers_weights() {
    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::thread::ThreadId;
    use std::time::{Duration, Instant};
    static TUNED: eval::trubix::Weights = eval::trubix::Weights {
        tempo: 77,
        ..eval::trubix::DEFAULT_WEIGHTS
    };
    /// The tempo weight each thread saw when it evaluated.
    static SEEN: Mutex<Option<HashMap<ThreadId, i32>>> = Mutex::new(None);
    fn recording_eval(c: &EvalConfig, path: &[ToyMove]) -> i32 {
        let tempo = c.trubix.tempo;
        let start = Instant::now();
        loop {
            let threads = {
                let mut seen = SEEN.lock().unwrap();
                let seen = seen.get_or_insert_with(HashMap::new);
                seen.insert(std::thread::current().id(), tempo);
                seen.len()
            };
            // Wait (a little) for the other thread's first evaluation, so
            // that a slow-starting helper is not missed.
            if threads >= 2 || start.elapsed() > Duration::from_secs(10) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        noisy_eval(c, path)
    }
    static RECORDING: Rules = Rules {
        width: |_| 6,
        eval: recording_eval,
        decisive: never,
        no_moves: never,
    };
    let mut engine = Engine::new(4, 2);
    engine.set_core_limit(None);
    engine.set_eval(EvalConfig {
        trubix: &TUNED,
        ..EvalConfig::DEFAULT
    });
    let r = engine.search(
        &Toy::<64>::new(&RECORDING),
        &[],
        &Limits::depth(5),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert!(r.best.is_some());
    let seen = SEEN.lock().unwrap().take().unwrap();
    assert_eq!(seen.len(), 2, "both threads evaluated: {seen:?}");
    assert!(seen.values().all(|&t| t == 77), "{seen:?}");
}

/// A game whose move lists hold 4096 moves of 8 bytes puts about 100 KiB
/// on the stack per ply (the moves, their scores, the quiet moves tried):
/// 64 plies need several MiB, more than a default 2 MiB thread stack (this
/// test overflowed it before the search ran on threads of its own). One
/// legal move per position keeps the tree a single line.
#[test]
fn deep_searches_with_big_move_lists_fit_on_the_search_stack() {
    static LINE: Rules = Rules {
        width: |_| 1,
        eval: flat,
        decisive: never,
        no_moves: never,
    };
    for threads in [1, 2] {
        let r = search(&Toy::<4096>::new(&LINE), Limits::depth(64), threads);
        assert_eq!((r.best, r.depth), (Some(0), 64), "{threads} threads");
    }
}

fn white_wins(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Color::White,
        reason,
    })
}

fn black_wins(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Color::Black,
        reason,
    })
}

/// A game can end with moves still on the board (Dysnomia's exile): the
/// search asks `Game::decisive` at every node, so it plays the winning move
/// and scores a lost root as lost.
#[test]
fn a_win_by_rule_with_moves_left_ends_the_game_in_the_search() {
    static EXILE: Rules = Rules {
        width: |_| 3,
        eval: flat,
        // White's first move 2 exiles Black's king; later, so does any
        // White move 1 (a win in two moves, which is longer).
        decisive: |p| match p {
            [2] => white_wins(EndReason::NoLegalTurn),
            [_, _, 1] => white_wins(EndReason::NoLegalTurn),
            _ => None,
        },
        no_moves: never,
    };
    let r = search(&Toy::<8>::new(&EXILE), Limits::depth(4), 1);
    assert_eq!((r.best, r.score), (Some(2), MATE - 1));
    assert_eq!(mate_in_moves(r.score), Some(1));
    // Black to move after White's 2 has lost, though it has moves.
    static LOST: Rules = Rules {
        width: |_| 3,
        eval: flat,
        decisive: |p| black_wins(EndReason::NoLegalTurn).filter(|_| p.is_empty()),
        no_moves: never,
    };
    let r = search(&Toy::<8>::new(&LOST), Limits::depth(4), 1);
    assert_eq!(r.score, -MATE, "the side to move has lost at the root");
    assert!(r.best.is_some(), "a legal move is still named");
}

/// A position without moves is what the game says it is: here the side
/// that cannot move wins (a bait that worked), so it is not a stalemate.
#[test]
fn no_moves_is_scored_by_the_games_outcome() {
    static BAIT: Rules = Rules {
        // After White's 0, Black has no move and wins by it.
        width: |p| match p {
            [0] => 0,
            [] => 2,
            _ => 1,
        },
        // Otherwise White is a little worse.
        eval: |_, p| if p.len() % 2 == 0 { -50 } else { 50 },
        decisive: never,
        no_moves: |_| black_wins(EndReason::NoLegalTurn),
    };
    let r = search(&Toy::<8>::new(&BAIT), Limits::depth(4), 1);
    // A stalemate (0) would have looked better than -50.
    assert_eq!((r.best, r.score), (Some(1), -50));
    static WON: Rules = Rules {
        width: |_| 0,
        eval: flat,
        decisive: never,
        no_moves: |_| white_wins(EndReason::NoLegalTurn),
    };
    let r = search(&Toy::<8>::new(&WON), Limits::depth(4), 1);
    assert_eq!((r.best, r.score), (None, MATE));
}

/// Static-exchange pruning drops a move that loses material on its square
/// at a shallow node off the principal variation, and only there.
#[test]
fn static_exchange_pruning_drops_losing_moves_off_the_principal_variation() {
    // After White's move `FIRST` and Black's forced reply, White's move 0
    // is 50 down and move 1 wins 300, though the game counts it as losing
    // 1000 in the exchange on its square; every other line is level.
    fn trap_value<const FIRST: ToyMove>(_: &EvalConfig, p: &[ToyMove]) -> Score {
        let white = match p {
            [f, 0, 0, ..] if *f == FIRST => -50,
            [f, 0, 1, ..] if *f == FIRST => 300,
            _ => 0,
        };
        // The value for the side to move.
        if p.len().is_multiple_of(2) {
            white
        } else {
            -white
        }
    }
    fn trap_exchange<const FIRST: ToyMove>(path: &[ToyMove], m: ToyMove) -> Score {
        if path == [FIRST, 0] && m == 1 {
            -1000
        } else {
            0
        }
    }
    // White has two first moves; the trap follows the second.
    static TRAP: Rules = Rules {
        width: |p| match p.len() {
            0 | 2 => 2,
            _ => 1,
        },
        eval: trap_value::<1>,
        decisive: never,
        no_moves: never,
    };
    let exact = search(
        &Toy::<8>::with_exchange(&TRAP, trap_exchange::<1>),
        Limits::depth(3),
        1,
    );
    assert_eq!((exact.best, exact.score), (Some(1), 300));
    // Pruning on: White's second move is searched with a null window, and
    // there the winning move that "loses" the exchange is pruned, so the
    // second move fails low.
    let pruned = search(
        &Toy::<8, 5>::with_exchange(&TRAP, trap_exchange::<1>),
        Limits::depth(3),
        1,
    );
    assert_eq!((pruned.best, pruned.score), (Some(0), 0));
    // On the principal variation nothing is pruned: with White's first
    // move forced, the same position is reached on it and the move found.
    static FORCED: Rules = Rules {
        width: |p| if p.len() == 2 { 2 } else { 1 },
        eval: trap_value::<0>,
        decisive: never,
        no_moves: never,
    };
    let forced = search(
        &Toy::<8, 5>::with_exchange(&FORCED, trap_exchange::<0>),
        Limits::depth(3),
        1,
    );
    assert_eq!((forced.best, forced.score), (Some(0), 300));
}
