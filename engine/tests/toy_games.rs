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
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use toy::{flat, mix, never, Rules, Tactics, Toy, ToyMove};

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

/// The seed of [`RANDOM_TREE`]'s tree (one test walks many trees).
static TREE_SEED: AtomicU64 = AtomicU64::new(0);

/// A pseudo-random number of the path `p` and `salt` in the current tree.
fn tree_hash(p: &[ToyMove], salt: u64) -> u64 {
    p.iter()
        .fold(mix(TREE_SEED.load(Relaxed) ^ salt), |k, &m| mix(k ^ m))
}

/// Random trees of at most seven plies: zero to four moves a node (none:
/// mate or stalemate), about a third of them noisy, a side in check at a
/// quarter of the nodes.
static RANDOM_TREE: Rules = Rules {
    width: |p| {
        if p.len() >= 7 {
            0
        } else {
            (tree_hash(p, 1) % 5) as usize
        }
    },
    eval: |_, p| (tree_hash(p, 2) % 201) as Score - 100,
    decisive: never,
    no_moves: never,
};

fn random_noisy(p: &[ToyMove], m: ToyMove) -> bool {
    let mut child = p.to_vec();
    child.push(m);
    tree_hash(&child, 3).is_multiple_of(3)
}

fn random_check(p: &[ToyMove]) -> bool {
    tree_hash(p, 4).is_multiple_of(4)
}

/// What the search computes without selectivity, by walking the tree: a
/// side in check gets a ply more; past the horizon, stand pat and the
/// noisy moves, or every evasion in check. `seen[0]` counts nodes in check
/// past the horizon whose evasions are all quiet, `seen[1]` those with no
/// evasion (mate there).
fn minimax(path: &mut Vec<ToyMove>, depth: i32, seen: &mut [usize; 2]) -> Score {
    let ply = path.len() as Score;
    let in_check = random_check(path);
    let depth = depth + Score::from(in_check);
    let width = (RANDOM_TREE.width)(path) as ToyMove;
    let quiescence = depth <= 0;
    if quiescence && in_check && width > 0 && (0..width).all(|m| !random_noisy(path, m)) {
        seen[0] += 1;
    }
    if quiescence && in_check && width == 0 {
        seen[1] += 1;
    }
    let mut best = if in_check {
        -MATE + ply
    } else if quiescence {
        (RANDOM_TREE.eval)(&EvalConfig::default(), path)
    } else if width == 0 {
        0
    } else {
        -MATE
    };
    for m in 0..width {
        if quiescence && !in_check && !random_noisy(path, m) {
            continue;
        }
        path.push(m);
        best = best.max(-minimax(path, depth - 1, seen));
        path.pop();
    }
    best
}

/// A game that lists its noisy moves first (`Tactical::STAGED_MOVES`:
/// quiescence in check tries the noisy evasions before listing the quiet
/// ones, the main search its noisy moves before the rest) loses no move
/// by it: without selectivity its search's value is the minimax value of
/// the tree, mates in quiescence (all evasions quiet, or none) included.
#[test]
fn staged_move_lists_search_every_move() {
    let tactics = Tactics {
        noisy: random_noisy,
        check: random_check,
    };
    let mut seen = [0; 2];
    for seed in 0..300 {
        TREE_SEED.store(seed, Relaxed);
        for depth in 1..=4 {
            let want = minimax(&mut Vec::new(), depth, &mut seen);
            let toy = Toy::<16, 0, true>::with_tactics(&RANDOM_TREE, tactics);
            let r = search(&toy, Limits::depth(depth as u32), 1);
            assert_eq!(r.score, want, "tree {seed}, depth {depth}");
        }
    }
    // The trees reach the cases staging must not get wrong.
    assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
}
