//! The legal turns of recently listed states, with their results, kept per
//! thread so that playing a listed turn does not generate the list again.
//!
//! A search lists a node's turns (every turn played out, its check
//! simulated, its deniability found by comparing results), then makes the
//! turns one by one, and tests hash and killer turns with `is_legal`.
//! Without this cache each `make` replayed the turn through the generator
//! (a whole pseudo-legal list, the check test of the node and of the turn)
//! and each `is_legal` built the whole list again.
//!
//! Entries are keyed by the state's key and checked by full equality of
//! the state, so a collision only costs a miss. The cache changes no
//! result: a miss computes exactly what a hit returns.

use super::game::{State, Turn};
use super::position::Position;
use std::cell::RefCell;
use std::rc::Rc;

/// Slots per thread: a search holds one list per ply of its current line,
/// and siblings' lists are reused by their children's re-searches. A list
/// is typically 20 KB (a turn and its position take about 450 bytes), so
/// the cache takes about 10 MB per search thread. Measured on the bench at
/// depth 2 (instructions): 64 slots 4.70G, 512 slots 4.25G.
const SLOTS: usize = 512;

type Listed = Rc<Vec<(Turn, Position)>>;

struct Cache {
    slots: Vec<Option<(State, Listed)>>,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache { slots: vec![None; SLOTS] });
}

/// The legal turns of `s` with the position after each
/// ([`State::turns_with_results`]), from the cache when `s` was listed
/// recently on this thread.
pub fn turns_of(s: &State) -> Listed {
    let slot = (s.key() as usize) % SLOTS;
    let hit = CACHE.with(|c| match &c.borrow().slots[slot] {
        Some((st, list)) if st == s => Some(Rc::clone(list)),
        _ => None,
    });
    if let Some(list) = hit {
        return list;
    }
    // Computed outside the borrow: generation never comes back here, but
    // nothing would break if it did.
    let list = Rc::new(s.turns_with_results());
    CACHE.with(|c| c.borrow_mut().slots[slot] = Some((*s, Rc::clone(&list))));
    list
}
