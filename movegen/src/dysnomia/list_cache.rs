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
//!
//! Nothing here allocates once a thread's cache is warm (issue 33): each
//! table writes its lists one after another into a ring of entries
//! reserved once, and a list is gone when its slot is taken or the ring
//! has come round to it; listing happens in one buffer per thread, which
//! keeps its room.

use super::game::{FlagScratch, State, Turn};
use super::position::Position;
use std::cell::RefCell;

/// Slots per table: a search holds one list per ply of its current line,
/// and siblings' lists are reused by their children's re-searches.
/// Measured on the bench at depth 2 (instructions): 64 slots 4.70G, 512
/// slots 4.25G.
const SLOTS: usize = 512;

/// Entries of the ring of whole lists: 32 per slot, about 9 MB per search
/// thread (a 544-byte entry per turn). A smaller ring is faster, the lists
/// of a search's current line being the ones read again: `curio bench`
/// Dysnomia at 16, 32, 64 and 128 entries per slot (noisy ring a quarter
/// of that) ran 1.01-1.04, 0.98-1.02, 0.93-0.98 and 0.92-0.93 M nodes/s
/// side by side; deeper searches (the start to depth 9, the column duel
/// to 7) took the same time with 32 and 128.
const ALL_ENTRIES: usize = SLOTS * 32;

/// Entries of the ring of noisy lists (a few turns each): about 2.2 MB.
const NOISY_ENTRIES: usize = SLOTS * 8;

type Entry = (Turn, Position);

/// Where a table keeps the list of `state`: `len` entries of its ring from
/// the `at`-th entry it ever wrote, numbered `serial` ([`Turn::list`]).
#[derive(Clone, Copy)]
struct Kept {
    state: State,
    at: u64,
    len: u32,
    serial: u32,
}

/// One kind of list (all legal turns, or the noisy ones), by state.
struct Table {
    slots: Vec<Option<Kept>>,
    /// Grows to `capacity` entries once, then is written over in turn.
    ring: Vec<Entry>,
    capacity: usize,
    /// How many entries the table has written (or skipped at the ring's
    /// end): the next is written at `written % capacity`.
    written: u64,
}

impl Table {
    fn new(capacity: usize) -> Table {
        Table {
            slots: vec![None; SLOTS],
            ring: Vec::with_capacity(capacity),
            capacity,
            written: 0,
        }
    }

    /// The list kept for `s`'s key, if the ring still holds it.
    fn kept(&self, s: &State) -> Option<(Kept, &[Entry])> {
        let k = self.slots[(s.key() as usize) % SLOTS]?;
        // Written over once the ring has come round to where it begins.
        if self.written > k.at + self.capacity as u64 {
            return None;
        }
        let from = (k.at % self.capacity as u64) as usize;
        Some((k, &self.ring[from..from + k.len as usize]))
    }

    fn get(&self, s: &State) -> Option<&[Entry]> {
        match self.kept(s) {
            Some((k, list)) if k.state == *s => Some(list),
            _ => None,
        }
    }

    /// The result of `t` when `t` came from the list kept for `s`'s key:
    /// the list's serial number and the turn at `t`'s slot say so, without
    /// comparing whole states (which cost a Dysnomia search 3%). Exact
    /// unless a turn listed for one state is played in another state with
    /// the same 64-bit key.
    fn result_by_serial(&self, s: &State, t: &Turn) -> Option<&Position> {
        if t.list == 0 {
            return None;
        }
        match self.kept(s) {
            Some((k, list)) if k.serial == t.list && k.state.key() == s.key() => {
                match list.get(t.slot as usize) {
                    Some((x, after)) if x == t => Some(after),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Keeps `entries` as the list of `s`: numbered `serial` (each turn
    /// given its place in the list), or as they are (a whole list's noisy
    /// turns keep the whole list's numbers and places, where their results
    /// are found first). Returns them as kept, or None when the list is
    /// longer than the whole ring.
    fn put<'a>(
        &mut self,
        s: &State,
        entries: impl Iterator<Item = &'a Entry> + Clone,
        serial: Option<u32>,
    ) -> Option<&[Entry]> {
        let n = entries.clone().count();
        if n > self.capacity {
            return None;
        }
        let cap = self.capacity as u64;
        if self.written % cap + n as u64 > cap {
            // No list wraps round: the rest of the ring is skipped.
            self.written += cap - self.written % cap;
        }
        let at = self.written;
        let from = (at % cap) as usize;
        for (i, e) in entries.enumerate() {
            // Copied once, straight into its place (a 544-byte entry
            // copied through a local twice cost 3% of a search). The ring
            // is written in order, so it grows only at its end.
            let place = match self.ring.get_mut(from + i) {
                Some(place) => {
                    *place = *e;
                    place
                }
                None => {
                    self.ring.push(*e);
                    self.ring.last_mut().expect("just pushed")
                }
            };
            if let Some(serial) = serial {
                place.0.list = serial;
                place.0.slot = i as u16;
            }
        }
        self.written += n as u64;
        self.slots[(s.key() as usize) % SLOTS] = Some(Kept {
            state: *s,
            at,
            len: n as u32,
            serial: serial.unwrap_or(0),
        });
        Some(&self.ring[from..from + n])
    }
}

struct Cache {
    all: Table,
    /// Quiescence search's lists ([`State::noisy_turns_with_results`]).
    noisy: Table,
    /// The last serial number given to a list.
    serial: u32,
    /// Where lists are made before they are kept.
    listing: Vec<Entry>,
    scratch: FlagScratch,
}

impl Cache {
    fn new() -> Cache {
        Cache {
            all: Table::new(ALL_ENTRIES),
            noisy: Table::new(NOISY_ENTRIES),
            serial: 0,
            listing: Vec::with_capacity(128),
            scratch: FlagScratch::default(),
        }
    }

    fn next_serial(&mut self) -> u32 {
        // 0 means "from no kept list"; after 4 billion lists the numbers
        // start again, long after the lists that had them were replaced.
        self.serial = self.serial.wrapping_add(1).max(1);
        self.serial
    }
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::new());
}

/// Which list a caller asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    All,
    Noisy,
}

/// Calls `f` with the legal turns of `s` and the position after each
/// ([`State::turns_with_results`]), or with its noisy turns
/// ([`State::noisy_turns_with_results`]): from the cache when `s` was
/// listed recently on this thread (a noisy list is read off a kept whole
/// list), else listed and kept. `f` must not come back to the cache.
fn with_list<R>(s: &State, kind: Kind, f: impl FnOnce(&[Entry]) -> R) -> R {
    CACHE.with(|cell| {
        {
            let mut guard = cell.borrow_mut();
            let c = &mut *guard;
            if kind == Kind::Noisy && c.noisy.get(s).is_none() {
                if let Some(all) = c.all.get(s) {
                    let noisy = all.iter().filter(|(t, _)| t.changes_material());
                    c.noisy.put(s, noisy, None);
                }
            }
            let table = match kind {
                Kind::All => &c.all,
                Kind::Noisy => &c.noisy,
            };
            if let Some(list) = table.get(s) {
                return f(list);
            }
        }
        // Listed in the thread's one buffer, with the cache not borrowed:
        // generation never comes back here, but nothing would break if it
        // did (it would list into a buffer of its own).
        let (mut listing, mut scratch) = {
            let mut c = cell.borrow_mut();
            (
                std::mem::take(&mut c.listing),
                std::mem::take(&mut c.scratch),
            )
        };
        match kind {
            Kind::All => s.turns_with_results_into(&mut listing, &mut scratch),
            Kind::Noisy => s.noisy_turns_with_results_into(&mut listing, &mut scratch),
        }
        let mut guard = cell.borrow_mut();
        let c = &mut *guard;
        c.scratch = scratch;
        let serial = c.next_serial();
        let table = match kind {
            Kind::All => &mut c.all,
            Kind::Noisy => &mut c.noisy,
        };
        let out = match table.put(s, listing.iter(), Some(serial)) {
            Some(kept) => f(kept),
            None => f(&listing),
        };
        c.listing = listing;
        out
    })
}

/// Appends the legal turns of `s` to `out` (see `with_list`).
pub fn legal_turns_into(s: &State, out: &mut Vec<Turn>) {
    with_list(s, Kind::All, |list| {
        out.extend(list.iter().map(|(t, _)| *t))
    });
}

/// Appends the noisy legal turns of `s` to `out`, in the whole list's
/// order (see `with_list`).
pub fn noisy_turns_into(s: &State, out: &mut Vec<Turn>) {
    with_list(s, Kind::Noisy, |list| {
        out.extend(list.iter().map(|(t, _)| *t))
    });
}

/// Calls `f` with the legal turns of `s` and their results (see
/// `with_list`); `f` must not come back to the cache.
pub fn with_turns<R>(s: &State, f: impl FnOnce(&[(Turn, Position)]) -> R) -> R {
    with_list(s, Kind::All, f)
}

/// Plays the legal turn `t` of `s` with its result from a cached list
/// (whole or noisy), else from the whole list: `play(after)` with the
/// position after `t`, straight from where the list keeps it (a position
/// handed back through a chain of lookups was copied at each). None if
/// `t` is not listed.
pub fn with_result_of<R>(s: &State, t: &Turn, play: impl FnOnce(&Position) -> R) -> Option<R> {
    let find = |list: &[Entry]| -> Option<usize> {
        // Where the list put it, usually; else anywhere.
        match list.get(t.slot as usize) {
            Some((x, _)) if x == t => Some(t.slot as usize),
            _ => list.iter().position(|(x, _)| x == t),
        }
    };
    CACHE.with(|cell| {
        {
            let c = cell.borrow();
            if let Some(after) = c.all.result_by_serial(s, t) {
                return Some(play(after));
            }
            if let Some(after) = c.noisy.result_by_serial(s, t) {
                return Some(play(after));
            }
            let listed = c
                .all
                .get(s)
                .or_else(|| c.noisy.get(s).filter(|_| t.changes_material()));
            if let Some(list) = listed {
                return find(list).map(|i| play(&list[i].1));
            }
        }
        with_list(s, Kind::All, |list| find(list).map(|i| play(&list[i].1)))
    })
}

/// Empties this thread's list cache (its room is kept): for tests and
/// measurements that need every list generated again.
pub fn forget() {
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c.all.slots.iter_mut().for_each(|k| *k = None);
        c.noisy.slots.iter_mut().for_each(|k| *k = None);
    });
}
