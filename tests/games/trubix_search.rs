//! The alpha-beta search on Trubix positions: mates found at the right
//! depth (checked against a brute-force mate solver), determinism, a legal
//! move in every perft-suite position, draws recognised inside the search,
//! and time limits kept.

use crate::common;

use common::{board_of, suite};
use engine::limits::{Clock, Limits};
use engine::observer::{Observer, Recorder, Silent};
use engine::score::{mate_in_moves, Score, DRAW};
use engine::{Engine, SearchOptions, SearchResult};
use movegen::game::{Game, MoveList, Notation, Outcome};
use movegen::trubix::{Board, Move, Position};
use std::time::{Duration, Instant};

/// Tests in this file run one at a time: some measure elapsed time, which
/// other tests' searches on the same two cores would distort.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn pos(board: Board, fen: &str) -> Position {
    Position::from_fen(board, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(p: &Position) -> MoveList<Move> {
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    l
}

fn checkmated(p: &Position) -> bool {
    matches!(p.outcome(&[]), Some(Outcome::Win { .. })) && p.in_check()
}

/// Brute force: can the side to move force mate within `n` moves by
/// playing `m` first?
fn move_mates_in(p: &Position, m: Move, n: u32) -> bool {
    let mut q = p.clone();
    q.make(m);
    if checkmated(&q) {
        return true;
    }
    if n == 1 {
        return false;
    }
    let replies = legal(&q);
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let mut s = q.clone();
            s.make(r);
            mates_in(&s, n - 1)
        })
}

fn mates_in(p: &Position, n: u32) -> bool {
    legal(p).iter().any(|&m| {
        // The mating move itself must give check; earlier moves need not.
        if n == 1 {
            let mut q = p.clone();
            q.make(m);
            return checkmated(&q);
        }
        move_mates_in(p, m, n)
    })
}

const MATES: &[(Board, &str, u32)] = &[
    (
        Board::T41,
        "**k**/5/5/2F2/*3*/*3*/*3*/5/2W2/K4/**1** w - 22 13",
        1,
    ),
    (
        Board::T41,
        "**1**/5/5/k4/*3*/*3*/*2F*/1f3/2W2/5/**K** b - 25 18",
        1,
    ),
    (
        Board::T41,
        "**1**/5/1f2k/2Q2/*3*/*3*/*1F1*/5/5/2W2/**K** w - 16 9",
        2,
    ),
    (
        Board::T41,
        "**1**/2Q2/k4/5/*3*/*3*/*1f1*/3F1/2W2/K4/**1** w - 30 16",
        2,
    ),
    (
        Board::T41,
        "**1**/Q4/4k/5/*3*/*3*/*3*/1F3/5/2W2/**K** w - 13 14",
        3,
    ),
    (
        Board::T43,
        "*1*1*/1S3/5/4k/*3*/*3*/*3*/5/2W2/F4/*K*Q* w - 9 18",
        1,
    ),
    (
        Board::T43,
        "*1*1*/2S2/k4/5/*3*/*2F*/*3*/5/2W2/1K3/*Q*1* w - 5 6",
        2,
    ),
    (
        Board::T43,
        "*1*1*/3k1/5/5/*3*/*3*/*1Q1*/5/5/2W2/*S*K* w - 19 17",
        2,
    ),
    (
        Board::T43,
        "*1*1*/f4/5/3k1/*3*/*3*/*Q2*/2S2/2W2/F4/*1*K* w - 12 7",
        3,
    ),
];

#[test]
fn mates_are_found_at_the_right_depth() {
    let _serial = serial();
    for &(board, fen, n) in MATES {
        let p = pos(board, fen);
        // The position really is a mate in exactly n.
        assert!(mates_in(&p, n), "{fen}: no mate in {n}");
        if n > 1 {
            assert!(!mates_in(&p, n - 1), "{fen}: already a mate in {}", n - 1);
        }
        let mut engine = Engine::new(8, 1);
        let r = engine.search(
            &p,
            &[],
            &Limits::depth(2 * n - 1),
            &SearchOptions::default(),
            &mut Silent,
        );
        assert_eq!(
            mate_in_moves(r.score),
            Some(n as i32),
            "{fen}: score {}",
            r.score
        );
        let best = r.best.unwrap();
        assert!(
            move_mates_in(&p, best, n),
            "{fen}: {} does not mate in {n}",
            p.move_to_string(best)
        );
        // The mated side sees its own fate after the first move.
        if n > 1 {
            let mut q = p.clone();
            q.make(best);
            let r = engine.search(
                &q,
                &[],
                &Limits::depth(2 * n),
                &SearchOptions::default(),
                &mut Silent,
            );
            assert_eq!(
                mate_in_moves(r.score),
                Some(-(n as i32 - 1)),
                "{fen} after the key move"
            );
        }
    }
}

/// Asks for 4 threads, runs at most `core_limit`, and checks that a mate
/// in `n` is found at depth 2n - 1.
fn four_threads_solve(
    p: &Position,
    n: u32,
    core_limit: Option<usize>,
    seen: &mut dyn Observer<Move>,
) -> SearchResult<Move> {
    let mut engine = Engine::new(8, 4);
    engine.set_core_limit(core_limit);
    let r = engine.search(
        p,
        &[],
        &Limits::depth(2 * n - 1),
        &SearchOptions::default(),
        seen,
    );
    assert_eq!(mate_in_moves(r.score), Some(n as i32), "{}", p.fen());
    r
}

/// Lazy SMP with more threads than this machine's cores: the vote must
/// still play a real mate, and the last line reported must be the result
/// returned (a helper's winning line is reported after the main thread's).
#[test]
fn four_threads_find_the_mates_and_report_the_line_they_play() {
    let _serial = serial();
    for &(board, fen, n) in MATES {
        let p = pos(board, fen);
        let mut seen = Recorder::default();
        let r = four_threads_solve(&p, n, None, &mut seen);
        assert_eq!(r.threads, 4, "{fen}");
        let best = r.best.unwrap();
        assert!(move_mates_in(&p, best, n), "{fen}: {best:?}");
        let last = seen.iterations.last().expect("iterations reported");
        assert_eq!(
            (last.pv.first(), last.score, last.depth),
            (Some(&best), r.score, r.depth),
            "{fen}"
        );
        assert_eq!(last.pv, r.pv, "{fen}");
    }
}

/// A search runs at most one thread per core: helpers beyond the cores
/// would only take time from the main thread.
#[test]
fn a_search_runs_no_more_threads_than_cores() {
    let _serial = serial();
    let (board, fen, n) = MATES[0];
    let p = pos(board, fen);
    let threads_run = |limit| four_threads_solve(&p, n, limit, &mut Silent).threads;
    assert_eq!(threads_run(Some(1)), 1);
    assert_eq!(threads_run(Some(2)), 2);
    assert_eq!(threads_run(Some(16)), 4);
    assert_eq!(threads_run(None), 4);
}

#[test]
fn node_limited_searches_repeat_exactly() {
    let _serial = serial();
    let fen = "**1**/2kq1/w1w1w/f1fwn/*1w1*/*n1f*/*W2*/W1W1Q/3WW/FNWF1/**K** w Eace 6 19";
    let p = pos(Board::T41, fen);
    let run = |engine: &mut Engine| {
        let mut rec = Recorder::default();
        let r = engine.search(
            &p,
            &[],
            &Limits::nodes(30_000),
            &SearchOptions::default(),
            &mut rec,
        );
        let lines: Vec<String> = rec
            .iterations
            .iter()
            .map(|i| format!("{} {} {} {:?}", i.depth, i.score, i.nodes, i.pv))
            .collect();
        (lines, r.best, r.nodes)
    };
    let mut a = Engine::new(16, 1);
    let first = run(&mut a);
    let mut b = Engine::new(16, 1);
    assert_eq!(first, run(&mut b), "two fresh engines differ");
    a.new_game();
    assert_eq!(first, run(&mut a), "state leaked between searches");
    assert!(
        first.2 >= 30_000 && first.2 < 31_000,
        "node limit overshot: {}",
        first.2
    );
}

#[test]
fn a_legal_move_in_every_suite_position() {
    let _serial = serial();
    for variant in ["trubix", "trubix43"] {
        for e in suite(variant) {
            let p = pos(board_of(variant), &e.fen);
            let moves = legal(&p);
            for threads in [1, 2, 4] {
                let mut engine = Engine::new(4, threads);
                engine.set_core_limit(None);
                let r = engine.search(
                    &p,
                    &[],
                    &Limits::depth(4),
                    &SearchOptions::default(),
                    &mut Silent,
                );
                match r.best {
                    Some(m) => assert!(moves.contains(&m), "{variant} '{}': illegal {m:?}", e.name),
                    None => assert!(moves.is_empty(), "{variant} '{}': no move", e.name),
                }
            }
        }
    }
}

/// The lines of the iteration at `depth` as a GUI shows them at its end: a
/// line reported again under its number replaces the earlier report.
fn final_lines<M: Copy>(rec: &Recorder<M>, depth: u32) -> Vec<(Score, Vec<M>)> {
    let mut lines: Vec<(Score, Vec<M>)> = Vec::new();
    for i in rec.iterations.iter().filter(|i| i.depth == depth) {
        if i.multipv > lines.len() {
            assert_eq!(i.multipv, lines.len() + 1, "lines are numbered in turn");
            lines.push((i.score, i.pv.clone()));
        } else {
            lines[i.multipv - 1] = (i.score, i.pv.clone());
        }
    }
    lines
}

/// Multi-PV lines end each iteration in order of score, with distinct
/// first moves, and the search's result is the first line. From the chess
/// start at depth 3 the fourth line searched (Nf3) scores above the second
/// and third: before the lines were kept in order it was shown fourth.
#[test]
fn multipv_lines_are_distinct_and_in_order() {
    let _serial = serial();
    fn check<G: eval::Evaluator>(p: &G, depth: u32, lines: usize) {
        let mut engine = Engine::new(8, 1);
        let mut rec = Recorder::default();
        let r = engine.search(
            p,
            &[],
            &Limits::depth(depth),
            &SearchOptions {
                multipv: lines,
                ..SearchOptions::default()
            },
            &mut rec,
        );
        for d in 1..=depth {
            let shown = final_lines(&rec, d);
            assert_eq!(shown.len(), lines, "depth {d}");
            for w in shown.windows(2) {
                assert!(w[0].0 >= w[1].0, "depth {d}: {} above {}", w[1].0, w[0].0);
            }
            for (i, a) in shown.iter().enumerate() {
                assert!(shown[..i].iter().all(|b| b.1[0] != a.1[0]), "depth {d}");
            }
            if d == depth {
                assert_eq!(r.best, Some(shown[0].1[0]));
                assert_eq!(r.score, shown[0].0);
            }
        }
    }
    check(&Position::start(Board::T43), 4, 3);
    check(&movegen::chess::Position::start(), 3, 4);
}

#[test]
fn the_100_ply_rule_is_a_draw_inside_the_search() {
    let _serial = serial();
    // White is a queen up but every move without a capture ends the game
    // drawn by the 100-ply rule; there is no mate in one and no capture.
    let p = pos(Board::T41, "**k**/5/5/5/*3*/*3*/*3*/5/5/Q4/**K** w - 99 80");
    let mut engine = Engine::new(8, 1);
    let r = engine.search(
        &p,
        &[],
        &Limits::depth(6),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert_eq!(r.score, DRAW);
    // With a fresh counter the same position is clearly winning.
    let p = pos(Board::T41, "**k**/5/5/5/*3*/*3*/*3*/5/5/Q4/**K** w - 0 80");
    let r = engine.search(
        &p,
        &[],
        &Limits::depth(6),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert!(r.score > 500, "{}", r.score);
}

#[test]
fn repetitions_are_draws_inside_the_search() {
    let _serial = serial();
    // If every move repeats a position of the game, the winning side can
    // only draw.
    let p = pos(Board::T41, "**k**/5/5/5/*3*/*3*/*3*/5/5/Q4/**K** w - 50 80");
    let mut engine = Engine::new(8, 1);
    let r = engine.search(
        &p,
        &[],
        &Limits::depth(5),
        &SearchOptions::default(),
        &mut Silent,
    );
    // (The evaluation fades with the 100-ply counter, here at 50.)
    assert!(
        r.score > 300,
        "without history White is winning: {}",
        r.score
    );
    // The game so far: every child position of the root, each an even
    // number of plies before that child would arise again, with unrelated
    // positions in between.
    let mut history = Vec::new();
    for &m in &legal(&p) {
        let mut q = p.clone();
        q.make(m);
        history.push(0x1234_5678);
        history.push(q.key());
    }
    engine.new_game();
    let r = engine.search(
        &p,
        &history,
        &Limits::depth(5),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert_eq!(
        r.score,
        DRAW,
        "best {:?}",
        r.best.map(|m| p.move_to_string(m))
    );
    // One child fewer in the history: that move wins.
    engine.new_game();
    let r = engine.search(
        &p,
        &history[2..],
        &Limits::depth(5),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert!(r.score > 300, "{}", r.score);
    assert_eq!(r.best, Some(legal(&p)[0]));
}

/// Sudden death with an increment, as a GUI's clock would give it.
fn clock_limits(left_ms: u64, inc_ms: u64) -> Limits {
    Limits {
        clock: Some(Clock {
            remaining: Duration::from_millis(left_ms),
            increment: Duration::from_millis(inc_ms),
            moves_to_go: None,
        }),
        ..Limits::default()
    }
}

#[test]
fn time_limits_are_kept() {
    let _serial = serial();
    let p = pos(
        Board::T43,
        "*1*k*/1qf1s/f1w1w/www1c/*2w*/*1fW*/*W2*/W2W1/FSW1W/C2CF/*Q*K* w CEce 9 19",
    );
    let mut engine = Engine::new(16, 1);
    let t = Instant::now();
    let r = engine.search(
        &p,
        &[],
        &Limits::movetime(Duration::from_millis(150)),
        &SearchOptions::default(),
        &mut Silent,
    );
    let spent = t.elapsed();
    assert!(r.best.is_some());
    assert!(
        spent <= Duration::from_millis(190),
        "movetime 150 ms took {spent:?}"
    );
    // 1 s + 0.1 s: one move must stay well inside the hard budget.
    let clock = clock_limits(1000, 100);
    let t = Instant::now();
    engine.search(&p, &[], &clock, &SearchOptions::default(), &mut Silent);
    assert!(
        t.elapsed() <= Duration::from_millis(450),
        "{:?}",
        t.elapsed()
    );
    // Nearly flagged: 60 ms left.
    let clock = clock_limits(60, 0);
    let t = Instant::now();
    let r = engine.search(&p, &[], &clock, &SearchOptions::default(), &mut Silent);
    assert!(r.best.is_some());
    assert!(
        t.elapsed() <= Duration::from_millis(50),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn a_stop_from_outside_ends_an_infinite_search_promptly() {
    let _serial = serial();
    let p = Position::start(Board::T41);
    let mut engine = Engine::new(16, 2);
    let stop = engine.stop_handle();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let t = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let r = engine.search(&p, &[], &limits, &SearchOptions::default(), &mut Silent);
    stopper.join().unwrap();
    assert!(r.best.is_some());
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn a_stop_requested_before_the_search_is_kept_until_cleared() {
    let _serial = serial();
    let p = Position::start(Board::T43);
    let mut engine = Engine::new(8, 2);
    engine
        .stop_handle()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let t = Instant::now();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = engine.search(&p, &[], &limits, &SearchOptions::default(), &mut Silent);
    assert!(t.elapsed() < Duration::from_millis(200));
    assert!(legal(&p).contains(&r.best.expect("still a legal move")));
    engine.clear_stop();
    let r = engine.search(
        &p,
        &[],
        &Limits::depth(3),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert_eq!(r.depth, 3);
}

#[test]
fn contempt_makes_draws_cost_the_side_that_searches() {
    let _serial = serial();
    // Every move draws by the 100-ply rule: worth -contempt to the root side.
    let p = pos(Board::T41, "**k**/5/5/5/*3*/*3*/*3*/5/5/Q4/**K** w - 99 80");
    let mut engine = Engine::new(8, 1);
    engine.set_contempt(25);
    let r = engine.search(
        &p,
        &[],
        &Limits::depth(4),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert_eq!(r.score, -25);
    // Without contempt the same draw is worth 0.
    engine.set_contempt(0);
    let r = engine.search(
        &p,
        &[],
        &Limits::depth(4),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert_eq!(r.score, DRAW);
}
