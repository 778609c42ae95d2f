//! The transposition table: shared by all search threads without locks.
//!
//! Buckets of four 16-byte entries (one cache line). Each entry stores
//! `key ^ data` next to `data`, so a torn write by another thread shows up
//! as a key mismatch instead of a wrong hit (the "lockless hashing" trick).
//!
//! Data layout (64 bits): move key 0-31 (see [`move_key`]), score 32-47
//! (i16), depth 48-55, bound 56-57, age 58-63.
//!
//! Replacement: a bucket's entry with the same key is overwritten unless
//! the new result is much shallower and not exact; otherwise the entry
//! with the lowest `depth - 4 * age distance` goes, so old searches' entries
//! make room first.

use crate::score::Score;
use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::OnceLock;

const MIB: u64 = 1024 * 1024;

/// The largest table when the machine's memory cannot be read (no
/// `/proc/meminfo`): 64 GiB, the old fixed maximum.
pub const FALLBACK_MAX_HASH_MIB: usize = 65536;

/// The largest table this machine gives, in MiB: half of its physical
/// memory (`MemTotal` of `/proc/meminfo`), or of the cgroup's memory limit
/// when that is lower, so that a table the kernel would promise (it
/// overcommits) and then OOM-kill the engine for is refused up front;
/// [`FALLBACK_MAX_HASH_MIB`] when neither can be read. Read once.
pub fn max_hash_mib() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| match memory_bytes() {
        Some(bytes) => usize::try_from(bytes / 2 / MIB)
            .unwrap_or(usize::MAX)
            .clamp(1, usize::MAX / (2 * MIB as usize)),
        None => FALLBACK_MAX_HASH_MIB,
    })
}

/// Physical memory, or the cgroup's limit when lower.
fn memory_bytes() -> Option<u64> {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        });
    // cgroup v2, then v1 ("max" or a huge number when unlimited).
    let cgroup = [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .find_map(|f| std::fs::read_to_string(f).ok()?.trim().parse::<u64>().ok());
    match (total, cgroup) {
        (Some(t), Some(c)) => Some(t.min(c)),
        (t, c) => t.or(c),
    }
}

/// Why a table of the asked size was not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HashError {
    /// More than [`max_hash_mib`].
    TooLarge { mib: usize, max: usize },
    /// Within the limit, but the allocator refused (other programs hold
    /// the memory).
    NoMemory { mib: usize, max: usize },
}

impl HashError {
    /// The limit, [`max_hash_mib`].
    pub fn max(&self) -> usize {
        match *self {
            HashError::TooLarge { max, .. } | HashError::NoMemory { max, .. } => max,
        }
    }
}

/// `N MiB is more than this machine can give (at most M MiB)`: callers put
/// the option's name in front.
impl fmt::Display for HashError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HashError::TooLarge { mib, max } => write!(
                f,
                "{mib} MiB is more than this machine can give (at most {max} MiB)"
            ),
            HashError::NoMemory { mib, max } => write!(
                f,
                "{mib} MiB could not be allocated now (other programs hold the memory; at most {max} MiB)"
            ),
        }
    }
}

impl std::error::Error for HashError {}

/// Refuses a size above [`max_hash_mib`] without allocating anything.
pub fn check_hash_mib(mib: usize) -> Result<(), HashError> {
    let max = max_hash_mib();
    if mib > max {
        return Err(HashError::TooLarge { mib, max });
    }
    Ok(())
}

/// The 32-bit key under which the table (and the search's killer slots)
/// remember a move whose `Tactical::encode_move` is `code`; 0 means no move.
///
/// Codes that fit in 32 bits are their own key: every Trubix and chess
/// move, so those games' tables hold exactly what they held when codes were
/// 32 bits. Wider codes (a multi-leg turn) are hashed down to 32 bits,
/// mixing all their bits so that structured codes (legs packed side by
/// side) do not collide systematically. Two legal moves of one position
/// then share a key with a chance of about one in 2^32 / (number of legal
/// moves). The key only orders moves: the move it names is looked for among
/// the freshly generated legal moves and searched like any other, never
/// played from the table, so a collision can at worst put the wrong move
/// first (both colliding moves get the hash move's place), never play an
/// illegal move or return a wrong score.
///
/// Why not keep the whole code: the entry's 64 data bits are full, and
/// 24-byte entries would hold a third fewer positions per MiB and straddle
/// cache lines; keeping a key costs nothing for the existing games.
#[inline(always)]
pub fn move_key(code: u64) -> u32 {
    if code <= u32::MAX as u64 {
        code as u32
    } else {
        // The murmur3 finaliser: every input bit affects the high half.
        let mut h = code;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^= h >> 33;
        ((h >> 32) as u32).max(1)
    }
}

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Score is exact (PV node).
    Exact = 1,
    /// Score is a lower bound (fail high).
    Lower = 2,
    /// Score is an upper bound (fail low).
    Upper = 3,
}

/// A probe result.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: u32,
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;

/// One bucket, aligned to a cache line: a probe reads one line. (A `Vec`
/// of 16-byte entries is only 16-byte aligned: the allocator put every
/// bucket across two lines.)
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64 && std::mem::align_of::<Bucket>() == 64);

pub struct TranspositionTable {
    table: Vec<Bucket>,
    buckets: usize,
    age: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mib` MiB (rounded down to a power of two buckets;
    /// at least one bucket).
    ///
    /// # Panics
    ///
    /// When [`TranspositionTable::try_new`] fails: for fixed sizes (bench,
    /// tests). Sizes from outside go through `try_new`.
    pub fn new(mib: usize) -> TranspositionTable {
        TranspositionTable::try_new(mib).unwrap_or_else(|e| panic!("hash table: {e}"))
    }

    /// A table of about `mib` MiB, or why not: more than [`max_hash_mib`],
    /// or the allocation failed. Either way nothing is left allocated and
    /// the process goes on (no allocation abort).
    pub fn try_new(mib: usize) -> Result<TranspositionTable, HashError> {
        check_hash_mib(mib)?;
        // Cannot overflow: the limit is far below usize::MAX / 1 MiB.
        let bytes = mib.max(1) * MIB as usize;
        let mut buckets = (bytes / std::mem::size_of::<Bucket>()).max(1);
        buckets = 1 << (usize::BITS - 1 - buckets.leading_zeros());
        let mut table = Vec::new();
        table
            .try_reserve_exact(buckets)
            .map_err(|_| HashError::NoMemory {
                mib,
                max: max_hash_mib(),
            })?;
        table.resize_with(buckets, Bucket::default);
        // The zeroed allocation comes from the kernel as untouched pages;
        // left alone, the first search pays a page fault per 4 KiB, and with
        // several threads faulting at once it ran at a fifth of its speed
        // (4 threads, 64 MiB, first 100 ms: 1.1M nodes/s against 5.7M with
        // a 1 MiB table). Writing every entry now maps the pages up front.
        for e in table.iter().flat_map(|b| &b.0) {
            e.data.store(0, Relaxed);
        }
        Ok(TranspositionTable {
            table,
            buckets,
            age: AtomicU8::new(0),
        })
    }

    /// Size in MiB.
    pub fn mib(&self) -> usize {
        self.table.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for b in &mut self.table {
            *b = Bucket::default();
        }
        self.age.store(0, Relaxed);
    }

    /// Marks the start of a new search, so older entries age.
    pub fn new_search(&self) {
        let a = self.age.load(Relaxed);
        self.age.store((a + 1) & 63, Relaxed);
    }

    /// The bucket index of `key`: multiply-shift maps the key onto the
    /// buckets without modulo bias.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets as u128) >> 64) as usize
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Entry] {
        &self.table[self.index(key)].0
    }

    /// Asks the processor to bring `key`'s bucket into the cache: called
    /// when a move has been made, so that the line is on its way while the
    /// child node tests its end and its check before probing.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let line: *const Bucket = &self.table[self.index(key)];
            // SAFETY: a prefetch is a hint that never faults, and the
            // pointer is to a live bucket of the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(line.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        for e in self.bucket(key) {
            let data = e.data.load(Relaxed);
            if data != 0 && e.check.load(Relaxed) ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    pub fn store(&self, key: u64, mv: u32, score: Score, depth: i32, bound: Bound) {
        let age = self.age.load(Relaxed) as u64;
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        for e in bucket {
            let data = e.data.load(Relaxed);
            if data == 0 {
                victim = e;
                break;
            }
            if e.check.load(Relaxed) ^ data == key {
                let old = unpack(data);
                if bound != Bound::Exact && depth + 3 < old.depth && old_age(data) == age {
                    return;
                }
                // Keep the old move when the new result has none.
                let mv = if mv == 0 { old.mv } else { mv };
                write(e, key, pack(mv, score, depth, bound, age));
                return;
            }
            let age_gap = ((age + 64 - old_age(data)) & 63) as i32;
            let worth = unpack(data).depth - 4 * age_gap;
            if worth < victim_worth {
                victim_worth = worth;
                victim = e;
            }
        }
        write(victim, key, pack(mv, score, depth, bound, age));
    }

    /// Permille of the first thousand entries used by the current search.
    pub fn hashfull(&self) -> usize {
        let age = self.age.load(Relaxed) as u64;
        let n = (self.table.len() * BUCKET).min(1000);
        let used = self
            .table
            .iter()
            .flat_map(|b| &b.0)
            .take(n)
            .filter(|e| {
                let d = e.data.load(Relaxed);
                d != 0 && old_age(d) == age
            })
            .count();
        used * 1000 / n
    }
}

#[inline]
fn write(e: &Entry, key: u64, data: u64) {
    e.check.store(key ^ data, Relaxed);
    e.data.store(data, Relaxed);
}

#[inline]
fn pack(mv: u32, score: Score, depth: i32, bound: Bound, age: u64) -> u64 {
    let depth = depth.clamp(0, 255) as u64;
    mv as u64
        | ((score as i16 as u16 as u64) << 32)
        | (depth << 48)
        | ((bound as u64) << 56)
        | (age << 58)
}

#[inline]
fn old_age(data: u64) -> u64 {
    data >> 58
}

#[inline]
fn unpack(data: u64) -> Hit {
    Hit {
        mv: data as u32,
        score: (data >> 32) as u16 as i16 as Score,
        depth: ((data >> 48) & 0xff) as i32,
        bound: match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.mib(), 1);
        tt.store(0xdead_beef, 77, -1234, 9, Bound::Lower);
        let h = tt.probe(0xdead_beef).unwrap();
        assert_eq!(
            (h.mv, h.score, h.depth, h.bound),
            (77, -1234, 9, Bound::Lower)
        );
        assert!(tt.probe(0xdead_bef0).is_none());
        // A much shallower non-exact result does not replace a deep one.
        tt.store(0xdead_beef, 5, 10, 2, Bound::Upper);
        assert_eq!(tt.probe(0xdead_beef).unwrap().depth, 9);
        // An exact one does, and keeps the old move if it has none.
        tt.store(0xdead_beef, 0, 10, 2, Bound::Exact);
        let h = tt.probe(0xdead_beef).unwrap();
        assert_eq!((h.mv, h.depth, h.bound), (77, 2, Bound::Exact));
    }

    #[test]
    fn move_keys_keep_narrow_codes_and_spread_wide_ones() {
        for code in [1, 77, 0x0fff, u32::MAX as u64] {
            assert_eq!(move_key(code) as u64, code);
        }
        assert_eq!(move_key(0), 0, "no move");
        // Two-leg turns with the legs swapped, or differing only in their
        // high leg, get different keys.
        let turn = |a: u64, b: u64, c: u64| a | b << 16 | c << 32;
        let mut keys: Vec<u32> = Vec::new();
        for a in 1..40 {
            for c in 1..40 {
                keys.push(move_key(turn(a, 7, c)));
            }
        }
        assert!(keys.iter().all(|&k| k != 0));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 39 * 39);
    }

    #[test]
    fn sizes_beyond_the_machine_are_refused_without_allocating() {
        let max = max_hash_mib();
        assert!(max >= 1);
        for mib in [max + 1, 100_000_000, usize::MAX] {
            match TranspositionTable::try_new(mib) {
                Err(e @ HashError::TooLarge { .. }) => {
                    assert_eq!(e.max(), max);
                    assert_eq!(
                        e.to_string(),
                        format!("{mib} MiB is more than this machine can give (at most {max} MiB)")
                    );
                }
                other => panic!("{mib} MiB: {:?}", other.map(|t| t.mib())),
            }
        }
        assert_eq!(TranspositionTable::try_new(2).unwrap().mib(), 2);
        assert_eq!(check_hash_mib(max), Ok(()));
    }

    #[test]
    fn full_buckets_replace_the_least_useful_entry() {
        let tt = TranspositionTable::new(1);
        // Keys that land in the same bucket: same high bits.
        let keys: Vec<u64> = (0..6).map(|i| 0xabc0_0000_0000_0000 | i).collect();
        for (i, &k) in keys.iter().enumerate() {
            tt.store(k, 1, 0, 10 + i as i32, Bound::Exact);
        }
        // The two shallowest were replaced.
        assert!(tt.probe(keys[0]).is_none());
        assert!(tt.probe(keys[5]).is_some());
    }
}
