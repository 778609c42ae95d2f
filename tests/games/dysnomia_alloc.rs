//! Issue 33: no heap allocation in Dysnomia's generation, make, unmake or
//! legality test once a thread's buffers are warm.
//!
//! The allocator of this test binary counts the allocations (and
//! reallocations) of each thread. The test walks seeded random games from
//! the bench positions and collects their states; it then runs every
//! operation a search asks of a node (the whole and the noisy legal list,
//! the count, `is_legal`, `in_check`, `gives_check`, `make` and `unmake`
//! of every turn, the game's end) over all of them twice: once to warm the
//! thread's buffers, then, with the list cache emptied so that every list
//! is generated again, counting. The second pass must allocate nothing.
//!
//! The counting allocator serves every test of this binary: it only adds
//! one to a per-thread counter, and only this module reads it.

use movegen::dysnomia::game::{State, Turn};
use movegen::dysnomia::list_cache;
use movegen::dysnomia::Position;
use movegen::{Game, Tactical};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the thread's counter may be gone while the thread ends.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(|n| n.get())
}

/// States of seeded random games from each bench position, captures
/// preferred (they reach columns, falls, exiles and conversions sooner).
fn sample_states() -> Vec<State> {
    let mut rng = StdRng::seed_from_u64(33);
    let mut states = Vec::new();
    let mut moves = Vec::new();
    for fen in movegen::dysnomia::CARD.bench_fens.iter().cycle().take(36) {
        let mut s = State::new(Position::from_fen(fen).expect("a bench FEN reads"));
        for _ in 0..40 {
            states.push(s);
            if s.outcome(&[]).is_some() {
                break;
            }
            moves.clear();
            s.legal_moves(&mut moves);
            let noisy: Vec<Turn> = moves.iter().copied().filter(|&t| s.is_noisy(t)).collect();
            let pick = if !noisy.is_empty() && rng.gen_bool(0.5) {
                noisy[rng.gen_range(0..noisy.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            s.make(pick);
        }
    }
    states
}

/// What a search asks of a node, on `s`, into the caller's `moves`;
/// returns a tally of what it found (so that nothing is optimised away
/// and the two passes can be compared).
fn node_work(s: &State, moves: &mut Vec<Turn>, noisy: &mut Vec<Turn>) -> u64 {
    let mut tally = 0u64;
    let mut s = *s;
    // Noisy first, as quiescence asks: listed by themselves (once the
    // whole list is kept, the noisy turns are read off it).
    noisy.clear();
    s.noisy_moves(noisy);
    // The main search's candidates (quiet turns tested when made).
    moves.clear();
    s.move_candidates(moves);
    for &t in moves.iter() {
        let undo = s.make(t);
        tally += s.made_legal() as u64;
        s.unmake(t, undo);
    }
    moves.clear();
    s.legal_moves(moves);
    tally += s.count_legal() as u64 + noisy.len() as u64;
    tally += s.in_check() as u64;
    tally += s.outcome(&[]).is_some() as u64;
    for &t in moves.iter() {
        tally += s.is_legal(t) as u64;
        tally += s.gives_check(t) as u64;
        let undo = s.make(t);
        tally ^= s.key();
        s.unmake(t, undo);
    }
    tally
}

#[test]
fn dysnomia_generation_make_and_legality_allocate_nothing_when_warm() {
    let states = sample_states();
    assert!(states.len() > 100, "only {} states sampled", states.len());
    // The sample reaches the turns that once allocated: conversions (a
    // pawn in its zone), prefix actions, columns.
    let mut moves = Vec::new();
    let (mut converting, mut prefixed, mut columns) = (0, 0, 0);
    for s in &states {
        moves.clear();
        s.legal_moves(&mut moves);
        let conv = |t: &Turn| t.m.suffix.is_some() || !t.m.post().is_empty();
        converting += moves.iter().any(conv) as usize;
        prefixed += moves.iter().any(|t| !t.m.pre().is_empty()) as usize;
        columns += (s.pos.board.columns() != 0) as usize;
    }
    // Seeded: 24, 10 and 237 of 1,250 states when written.
    assert!(
        converting >= 5 && prefixed >= 3 && columns >= 50,
        "the sample misses rare turns: {converting} states convert, {prefixed} have prefix \
         actions, {columns} have columns"
    );
    let mut noisy = Vec::new();
    // Warm: the list cache's buffers, the listing's scratch, the callers'
    // move lists reach their sizes.
    let warm: u64 = states
        .iter()
        .map(|s| node_work(s, &mut moves, &mut noisy))
        .fold(0, u64::wrapping_add);
    list_cache::forget();
    let before = allocations();
    let again: u64 = states
        .iter()
        .map(|s| node_work(s, &mut moves, &mut noisy))
        .fold(0, u64::wrapping_add);
    let made = allocations() - before;
    assert_eq!(warm, again, "the second pass found other lists");
    assert_eq!(
        made,
        0,
        "{made} heap allocations in generation, make, unmake and the legality test \
         over {} states",
        states.len()
    );
}

/// The counter works: a test that cannot fail would prove nothing.
#[test]
fn the_counter_sees_an_allocation() {
    let before = allocations();
    let v: Vec<u64> = std::hint::black_box(Vec::with_capacity(16));
    assert!(allocations() > before);
    drop(v);
}
