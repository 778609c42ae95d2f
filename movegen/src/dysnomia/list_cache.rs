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
//! result: a miss computes exactly what a hit returns. One shortcut: a
//! turn made from a kept list carries that list's serial number and its
//! place in it, and `make` takes its result from there when the list kept
//! for the state's key has that number, without comparing whole states.
//! That trusts the key only if a turn listed for one state is made in
//! another state with the same 64-bit key (the searches make a node's
//! turns in that node only).

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

/// One kind of list (all legal turns, or the noisy ones), by state, each
/// with the serial number its turns carry ([`Turn::list`]).
struct Slots(Vec<Option<(State, Listed)>>);

impl Slots {
    fn new() -> Slots {
        Slots(vec![None; SLOTS])
    }

    fn entry(&self, s: &State) -> &Option<(State, Listed)> {
        &self.0[(s.key() as usize) % SLOTS]
    }

    fn get(&self, s: &State) -> Option<Listed> {
        match self.entry(s) {
            Some((st, list)) if st == s => Some(Rc::clone(list)),
            _ => None,
        }
    }

    /// The result of `t` when `t` came from the list kept for `s`'s key:
    /// the list's serial number and the turn at `t`'s slot say so, without
    /// comparing whole states (which cost a Dysnomia search 3%). Exact
    /// unless a turn listed for one state is played in another state with
    /// the same 64-bit key.
    fn result_by_serial(&self, s: &State, t: &Turn) -> Option<Position> {
        match self.entry(s) {
            Some((st, list)) if t.list != 0 && st.key() == s.key() => {
                match list.get(t.slot as usize) {
                    Some((x, after)) if x.list == t.list && x == t => Some(*after),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn put(&mut self, s: &State, list: &Listed) {
        self.0[(s.key() as usize) % SLOTS] = Some((*s, Rc::clone(list)));
    }
}

struct Cache {
    all: Slots,
    /// Quiescence search's lists ([`State::noisy_turns_with_results`]).
    noisy: Slots,
    /// The last serial number given to a list.
    serial: u32,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache {
        all: Slots::new(),
        noisy: Slots::new(),
        serial: 0,
    });
}

/// Gives the turns of a list about to be kept a new serial number.
fn numbered(mut list: Vec<(Turn, Position)>) -> Vec<(Turn, Position)> {
    let serial = CACHE.with(|c| {
        let mut c = c.borrow_mut();
        // 0 means "from no kept list"; after 4 billion lists the numbers
        // start again, long after the lists that had them were replaced.
        c.serial = c.serial.wrapping_add(1).max(1);
        c.serial
    });
    for (t, _) in list.iter_mut() {
        t.list = serial;
    }
    list
}

/// A list as the cache keeps it: without the spare room the listing
/// reserved (a thousand lists are kept per thread).
fn trimmed(mut list: Vec<(Turn, Position)>) -> Vec<(Turn, Position)> {
    list.shrink_to_fit();
    list
}

/// The legal turns of `s` with the position after each
/// ([`State::turns_with_results`]), from the cache when `s` was listed
/// recently on this thread.
pub fn turns_of(s: &State) -> Listed {
    if let Some(list) = CACHE.with(|c| c.borrow().all.get(s)) {
        return list;
    }
    // Computed outside the borrow: generation never comes back here, but
    // nothing would break if it did.
    let list = Rc::new(numbered(trimmed(s.turns_with_results())));
    CACHE.with(|c| c.borrow_mut().all.put(s, &list));
    list
}

/// The noisy legal turns of `s` with their results
/// ([`State::noisy_turns_with_results`]): read off the whole list when that
/// is cached, else listed (and cached) alone.
pub fn noisy_of(s: &State) -> Listed {
    let cached = CACHE.with(|c| {
        let c = c.borrow();
        c.noisy.get(s).or_else(|| {
            c.all.get(s).map(|all| {
                // Counted first: a filtered list grown as it fills copies
                // its 544-byte entries each time it grows.
                let n = all.iter().filter(|(t, _)| t.changes_material()).count();
                let mut noisy = Vec::with_capacity(n);
                noisy.extend(all.iter().filter(|(t, _)| t.changes_material()).copied());
                Rc::new(noisy)
            })
        })
    });
    if let Some(list) = cached {
        return list;
    }
    let list = Rc::new(numbered(trimmed(s.noisy_turns_with_results())));
    CACHE.with(|c| c.borrow_mut().noisy.put(s, &list));
    list
}

/// The position after the legal turn `t` of `s` from a cached list (whole
/// or noisy), else from the whole list; None if `t` is not listed.
pub fn result_of(s: &State, t: &Turn) -> Option<Position> {
    let find = |list: &Listed| {
        // Where the list put it, usually; else anywhere.
        match list.get(t.slot as usize) {
            Some((x, after)) if x == t => Some(*after),
            _ => list.iter().find(|(x, _)| x == t).map(|(_, after)| *after),
        }
    };
    let known = CACHE.with(|c| {
        let c = c.borrow();
        c.all
            .result_by_serial(s, t)
            .or_else(|| c.noisy.result_by_serial(s, t))
    });
    if known.is_some() {
        return known;
    }
    let cached = CACHE.with(|c| {
        let c = c.borrow();
        c.all
            .get(s)
            .or_else(|| c.noisy.get(s).filter(|_| t.changes_material()))
    });
    match cached {
        Some(list) => find(&list),
        None => find(&turns_of(s)),
    }
}
