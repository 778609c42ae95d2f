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
//! The whole-list table also keeps the main search's candidates (quiet
//! turns not yet tested for check, one turn of each result, see
//! [`State::candidates_with_results_append`]), marked as such: a legal
//! list serves a request for candidates, never the other way round.
//!
//! Entries are keyed by the state's key and checked by full equality of
//! the state, so a collision only costs a miss. The cache changes no
//! result: a miss computes exactly what a hit returns, but for one
//! allowance: a request for candidates may be served by a kept legal
//! list, which holds every turn that repeats an earlier one's result
//! where a fresh list of candidates keeps one (the same subtree, searched
//! again through the table). So a search's node count, though not its
//! moves' results, depends on what the cache held; one search on one
//! thread stays the same from run to run. One shortcut: a
//! turn made from a kept list carries that list's serial number and its
//! place in it, and `make` takes its result from there when the list kept
//! for the state's key has that number, without comparing whole states.
//! That trusts the key only if a turn listed for one state is made in
//! another state with the same 64-bit key (the searches make a node's
//! turns in that node only).
//!
//! Nothing here allocates once a thread's cache is warm (issue 33): each
//! table lists straight into the current page of a ring of pages
//! reserved once (a whole list's turns are not copied after they are
//! listed; a noisy list read off a whole one is); once a page is
//! full the next page is emptied, losing the lists it held. A thread that
//! ends hands its cache on to the next thread that needs one (see
//! [`SPARE`]).

use super::game::{FlagScratch, State, Turn};
use super::position::Position;
use std::cell::RefCell;
use std::sync::Mutex;

/// Slots per table: a search holds one list per ply of its current line,
/// and siblings' lists are reused by their children's re-searches.
/// Measured on the bench at depth 2 (instructions): 64 slots 4.70G, 512
/// slots 4.25G.
const SLOTS: usize = 512;

/// The ring of whole lists: 8 pages of 2,048 entries (a 568-byte entry per
/// turn; with the slack below about 10.8 MB per search thread), 32
/// entries per slot. A smaller ring is faster, the lists of a search's
/// current line being the ones read again: `curio bench` Dysnomia with
/// a ring of 16, 32, 64 and 128 entries per slot (noisy ring a quarter of
/// that) ran 1.01-1.04, 0.98-1.02, 0.93-0.98 and 0.92-0.93 M nodes/s side
/// by side; deeper searches (the start to depth 9, the column duel to 7)
/// took the same time with 32 and 128.
const ALL_PAGES: usize = 8;
const ALL_PAGE: usize = 2048;

/// The ring of noisy lists (a few turns each): 8 entries per slot, about
/// 3 MB with the slack.
const NOISY_PAGES: usize = 4;
const NOISY_PAGE: usize = 1024;

/// Room each page has past its length: a list begins on a page that is
/// not yet full and may end past its length. The longest list met in
/// 3,000 random games had 298 turns; a longer one still fits (its page
/// grows, once).
const SLACK: usize = 320;

type Entry = (Turn, Position);

/// Where a table keeps the list of `state`: `len` entries from `at` on
/// page `page` while the page is the one of `epoch`, numbered `serial`
/// ([`Turn::list`]).
#[derive(Clone, Copy)]
struct Kept {
    state: State,
    page: u32,
    epoch: u32,
    at: u32,
    len: u32,
    serial: u32,
    /// The list is the search's candidates (quiet turns not yet tested
    /// for check among the legal turns, see
    /// [`State::candidates_with_results_append`]), not the legal list.
    candidates: bool,
}

/// One kind of list (all legal turns, or the noisy ones), by state.
struct Table {
    slots: Vec<Option<Kept>>,
    /// Written one after another; each list lies whole on one page.
    pages: Vec<Vec<Entry>>,
    /// Per page, how many times it has been emptied: a kept list is gone
    /// when its page's epoch has moved on.
    epochs: Vec<u32>,
    /// The page being written.
    page: usize,
    /// A page is full at this many entries.
    page_len: usize,
    /// The page is out being listed into (see [`Table::open`]).
    busy: bool,
}

impl Table {
    fn new(pages: usize, page_len: usize) -> Table {
        Table {
            slots: vec![None; SLOTS],
            pages: (0..pages)
                .map(|_| Vec::with_capacity(page_len + SLACK))
                .collect(),
            epochs: vec![0; pages],
            page: 0,
            page_len,
            busy: false,
        }
    }

    /// A table that holds nothing and has no room (what a cache handed on
    /// leaves behind).
    fn empty() -> Table {
        Table {
            slots: Vec::new(),
            pages: Vec::new(),
            epochs: Vec::new(),
            page: 0,
            page_len: 0,
            busy: false,
        }
    }

    /// The list kept for `s`'s key, if its page still holds it.
    fn kept(&self, s: &State) -> Option<(&Kept, &[Entry])> {
        // By reference: a `Kept` holds a whole state (a kilobyte).
        let k = self.slots[(s.key() as usize) % SLOTS].as_ref()?;
        if self.epochs[k.page as usize] != k.epoch {
            return None;
        }
        // `get`: a page out for listing is empty here.
        let list = self.pages[k.page as usize].get(k.at as usize..(k.at + k.len) as usize)?;
        Some((k, list))
    }

    /// The legal list kept for `s`, or with `candidates` a list of
    /// candidates as well (a legal list is one too: every turn tested).
    fn get(&self, s: &State, candidates: bool) -> Option<&[Entry]> {
        match self.kept(s) {
            Some((k, list)) if (candidates || !k.candidates) && k.state == *s => Some(list),
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

    /// Moves on to the next page, emptied, when this one is full.
    fn make_room(&mut self) {
        if self.pages[self.page].len() >= self.page_len {
            self.page = (self.page + 1) % self.pages.len();
            self.pages[self.page].clear();
            self.epochs[self.page] = self.epochs[self.page].wrapping_add(1);
        }
    }

    /// The page to list into, taken out of the table (the new list begins
    /// at its length); None while a listing is under way (a listing that
    /// came back to the cache lists into a buffer of its own).
    fn open(&mut self) -> Option<Vec<Entry>> {
        if self.busy {
            return None;
        }
        self.make_room();
        self.busy = true;
        Some(std::mem::take(&mut self.pages[self.page]))
    }

    /// Puts back the page taken by [`Table::open`], with the list of `s`
    /// from `at` on it, and keeps that list numbered `serial` (each turn
    /// has its place in the list already).
    fn close(
        &mut self,
        s: &State,
        mut page: Vec<Entry>,
        at: usize,
        serial: u32,
        candidates: bool,
    ) -> &[Entry] {
        for (t, _) in &mut page[at..] {
            t.list = serial;
        }
        let len = page.len() - at;
        self.pages[self.page] = page;
        self.busy = false;
        self.keep(s, at, len, serial, candidates)
    }

    fn keep(
        &mut self,
        s: &State,
        at: usize,
        len: usize,
        serial: u32,
        candidates: bool,
    ) -> &[Entry] {
        self.slots[(s.key() as usize) % SLOTS] = Some(Kept {
            state: *s,
            page: self.page as u32,
            epoch: self.epochs[self.page],
            at: at as u32,
            len: len as u32,
            serial,
            candidates,
        });
        &self.pages[self.page][at..at + len]
    }

    /// Keeps a copy of `entries` as the list of `s`, as they are (a whole
    /// list's noisy turns keep the whole list's numbers and places, where
    /// their results are found first).
    fn put_copy<'a>(&mut self, s: &State, entries: impl Iterator<Item = &'a Entry>) {
        if self.busy {
            return;
        }
        self.make_room();
        let at = self.pages[self.page].len();
        self.pages[self.page].extend(entries.copied());
        let n = self.pages[self.page].len() - at;
        self.keep(s, at, n, 0, false);
    }
}

struct Cache {
    all: Table,
    /// Quiescence search's lists ([`State::noisy_turns_with_results`]).
    noisy: Table,
    /// The last serial number given to a list.
    serial: u32,
    scratch: FlagScratch,
}

impl Cache {
    fn new() -> Cache {
        Cache {
            all: Table::new(ALL_PAGES, ALL_PAGE),
            noisy: Table::new(NOISY_PAGES, NOISY_PAGE),
            serial: 0,
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

/// Caches of threads that have ended, for the next threads to take over.
/// A search runs on threads of its own, one set per search (per move in a
/// game), and a new cache's pages are fresh memory: writing them cost the
/// operating system a page fault per 4 KB, 23,500 faults in `curio bench
/// --variant dysnomia` against 7,800 once caches are handed on, and 7%
/// of its time. A cache's lists serve any thread as they served the one
/// that kept them: found by the whole state, or for a turn made from a
/// kept list by the key and the list's serial number (see
/// [`Table::result_by_serial`]), the numbers going on with the cache.
static SPARE: Mutex<Vec<Cache>> = Mutex::new(Vec::new());

/// At most this many caches wait in [`SPARE`] (one per search thread of
/// the last search, up to here); more are freed.
const MAX_SPARE: usize = 8;

/// A thread's cache, handed on to [`SPARE`] when the thread ends.
struct Home {
    cell: RefCell<Cache>,
}

impl Home {
    fn new() -> Home {
        let spare = SPARE.lock().ok().and_then(|mut spare| spare.pop());
        Home {
            cell: RefCell::new(spare.unwrap_or_else(Cache::new)),
        }
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        // A thread that ended inside a listing (a panic) left a page out:
        // its cache is not handed on.
        let c = self.cell.get_mut();
        if c.all.busy || c.noisy.busy {
            return;
        }
        if let Ok(mut spare) = SPARE.lock() {
            if spare.len() < MAX_SPARE {
                let empty = Cache {
                    all: Table::empty(),
                    noisy: Table::empty(),
                    serial: 0,
                    scratch: FlagScratch::default(),
                };
                spare.push(std::mem::replace(self.cell.get_mut(), empty));
            }
        }
    }
}

thread_local! {
    static CACHE: Home = Home::new();
}

/// Which list a caller asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    All,
    Noisy,
    /// The search's candidates, kept in the table of whole lists.
    Candidates,
}

/// Appends the list of `kind` of `s` to `out`.
fn list_into(s: &State, kind: Kind, out: &mut Vec<Entry>, scratch: &mut FlagScratch) {
    match kind {
        Kind::All => s.turns_with_results_append(out, scratch),
        Kind::Noisy => s.noisy_turns_with_results_append(out, scratch),
        Kind::Candidates => s.candidates_with_results_append(out, scratch),
    }
}

/// Calls `f` with the legal turns of `s` and the position after each
/// ([`State::turns_with_results`]), or with its noisy turns
/// ([`State::noisy_turns_with_results`]): from the cache when `s` was
/// listed recently on this thread (a noisy list is read off a kept whole
/// list), else listed and kept. `f` must not come back to the cache.
fn with_list<R>(s: &State, kind: Kind, f: impl FnOnce(&[Entry]) -> R) -> R {
    CACHE.with(|home| {
        let cell = &home.cell;
        let (page, scratch) = {
            let mut guard = cell.borrow_mut();
            let c = &mut *guard;
            if kind == Kind::Noisy && c.noisy.get(s, false).is_none() {
                // Not from a list of candidates, which may leave out a
                // noisy turn that repeats an earlier one's result.
                if let Some(all) = c.all.get(s, false) {
                    let noisy = all.iter().filter(|(t, _)| t.changes_material());
                    c.noisy.put_copy(s, noisy);
                }
            }
            let table = match kind {
                Kind::All | Kind::Candidates => &mut c.all,
                Kind::Noisy => &mut c.noisy,
            };
            if let Some(list) = table.get(s, kind == Kind::Candidates) {
                return f(list);
            }
            (table.open(), std::mem::take(&mut c.scratch))
        };
        // Listed with the cache not borrowed: generation never comes back
        // here, but nothing would break if it did (it would list into a
        // buffer of its own, not kept).
        let mut scratch = scratch;
        let Some(mut page) = page else {
            let mut own = Vec::new();
            list_into(s, kind, &mut own, &mut scratch);
            return f(&own);
        };
        let at = page.len();
        list_into(s, kind, &mut page, &mut scratch);
        let mut guard = cell.borrow_mut();
        let c = &mut *guard;
        c.scratch = scratch;
        let serial = c.next_serial();
        let table = match kind {
            Kind::All | Kind::Candidates => &mut c.all,
            Kind::Noisy => &mut c.noisy,
        };
        f(table.close(s, page, at, serial, kind == Kind::Candidates))
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

/// Appends the search's candidates of `s` to `out` (see
/// [`State::candidates_with_results_append`] and `with_list`).
pub fn candidates_into(s: &State, out: &mut Vec<Turn>) {
    with_list(s, Kind::Candidates, |list| {
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
    CACHE.with(|home| {
        let cell = &home.cell;
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
                .get(s, true)
                .or_else(|| c.noisy.get(s, false).filter(|_| t.changes_material()));
            if let Some(list) = listed {
                if let Some(i) = find(list) {
                    return Some(play(&list[i].1));
                }
            }
        }
        // An unchecked turn that is not legal is found among candidates
        // only.
        let kind = if t.unchecked {
            Kind::Candidates
        } else {
            Kind::All
        };
        with_list(s, kind, |list| find(list).map(|i| play(&list[i].1)))
    })
}

/// Empties this thread's list cache and the caches waiting for the next
/// threads (their room is kept): for tests and measurements that need
/// every list generated again.
pub fn forget() {
    let clear = |c: &mut Cache| {
        c.all.slots.iter_mut().for_each(|k| *k = None);
        c.noisy.slots.iter_mut().for_each(|k| *k = None);
    };
    CACHE.with(|home| clear(&mut home.cell.borrow_mut()));
    if let Ok(mut spare) = SPARE.lock() {
        spare.iter_mut().for_each(clear);
    }
}

#[cfg(test)]
mod tests {
    use super::super::fen::START;
    use super::*;

    /// Whether this thread's cache holds the whole list of `s`.
    fn kept_here(s: &State) -> bool {
        CACHE.with(|home| home.cell.borrow().all.get(s, false).is_some())
    }

    /// A thread's cache goes to the next thread, lists and all, and what
    /// it hands on is the list a fresh listing makes.
    #[test]
    fn an_ended_threads_cache_is_taken_over_with_its_lists() {
        let s = State::new(Position::from_fen(START).unwrap());
        let fresh = s.turns_with_results();
        let on_a_thread = |f: &(dyn Fn() -> bool + Sync)| {
            std::thread::scope(|scope| scope.spawn(f).join().unwrap())
        };
        // Tests run side by side, and another test's thread may take the
        // spare cache between the two threads here: a few tries.
        let handed_on = (0..5).any(|_| {
            on_a_thread(&|| with_turns(&s, |l| l == fresh) && kept_here(&s))
                && on_a_thread(&|| kept_here(&s) && with_turns(&s, |l| l == fresh))
        });
        assert!(handed_on, "the next thread did not have the list");
    }
}
