//! The 12x12 frame: square numbering, names, direction steps and the leap
//! tables every piece uses.
//!
//! Square `sq = rank * 12 + file` with rank 0..11 (ranks 1..12) and file
//! 0..11 (files a..l). Whether a frame cell is a square or a hole is
//! position state (`Position::squares`), never geometry: the tables here
//! only know the frame's edges.

use super::bitset::Set144;

/// Files and ranks of the frame.
pub const SIDE: usize = 12;
/// Cells of the frame.
pub const CELLS: usize = SIDE * SIDE;
/// "No square" in one-byte square fields.
pub const NONE: u8 = 255;

#[inline(always)]
pub const fn file_of(sq: usize) -> usize {
    sq % SIDE
}

#[inline(always)]
pub const fn rank_of(sq: usize) -> usize {
    sq / SIDE
}

#[inline(always)]
pub const fn square(file: usize, rank: usize) -> usize {
    rank * SIDE + file
}

/// The cell `(df, dr)` away from `sq`, if it lies inside the frame.
#[inline(always)]
pub fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = file_of(sq) as i32 + df;
    let r = rank_of(sq) as i32 + dr;
    if (0..SIDE as i32).contains(&f) && (0..SIDE as i32).contains(&r) {
        Some(square(f as usize, r as usize))
    } else {
        None
    }
}

/// `a1`, `l12`.
pub fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq) + 1)
}

/// Reads a square name at the start of `s`; returns the square and the
/// number of bytes used. Files `a`..`l` lowercase, ranks `1`..`12`.
pub fn parse_square_prefix(s: &str) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let f = *b.first()?;
    if !(b'a'..=b'l').contains(&f) {
        return None;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || b[1] == b'0' {
        return None;
    }
    // "a12" is rank 12, but "a13..." never a square: take two digits only
    // when they form a rank.
    let two = if digits == 2 {
        let r = (b[1] - b'0') as usize * 10 + (b[2] - b'0') as usize;
        (r <= SIDE).then_some(r)
    } else {
        None
    };
    let (rank, used) = match two {
        Some(r) => (r, 3),
        None => ((b[1] - b'0') as usize, 2),
    };
    if rank == 0 || rank > SIDE {
        return None;
    }
    Some((square((f - b'a') as usize, rank - 1), used))
}

/// A whole string that is exactly one square name.
pub fn parse_square(s: &str) -> Option<usize> {
    match parse_square_prefix(s) {
        Some((sq, n)) if n == s.len() => Some(sq),
        _ => None,
    }
}

/// Indices into [`KING`] (and [`Tables::rays`]) of the orthogonal and the
/// diagonal directions.
pub const ORTHO_DIRS: [usize; 4] = [0, 2, 4, 6];
pub const DIAG_DIRS: [usize; 4] = [1, 3, 5, 7];

/// Whether the ray in direction `KING[d]` runs towards higher cell
/// numbers (its nearest cell of a set is the set's lowest there).
pub const fn rising(d: usize) -> bool {
    let (df, dr) = KING[d];
    dr > 0 || (dr == 0 && df > 0)
}

/// Orthogonal steps (file, rank): N, E, S, W.
pub const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Diagonal steps.
pub const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
/// The eight king steps.
pub const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Knight leaps (2,1).
pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// Camel-like (3,1) leaps of the Halfer.
pub const LEAP31: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];
/// (2,0) orthogonal leaps of the Magician.
pub const LEAP20: [(i32, i32); 4] = [(0, 2), (2, 0), (0, -2), (-2, 0)];

/// Per-square target lists of a leap pattern, built once.
pub struct LeapTable {
    pub targets: [[u8; 8]; CELLS],
    pub len: [u8; CELLS],
    /// The same targets as sets: the attack test meets the attacker's
    /// cells with them instead of visiting every target.
    pub masks: [super::bitset::Set144; CELLS],
}

impl LeapTable {
    fn build(steps: &[(i32, i32)]) -> LeapTable {
        let mut t = LeapTable {
            targets: [[NONE; 8]; CELLS],
            len: [0; CELLS],
            masks: [super::bitset::Set144::EMPTY; CELLS],
        };
        for sq in 0..CELLS {
            for &(df, dr) in steps {
                if let Some(to) = offset(sq, df, dr) {
                    t.targets[sq][t.len[sq] as usize] = to as u8;
                    t.len[sq] += 1;
                    t.masks[sq].set(to);
                }
            }
        }
        t
    }

    /// The targets from `sq`, as a set.
    #[inline(always)]
    pub fn mask(&self, sq: usize) -> super::bitset::Set144 {
        self.masks[sq]
    }

    #[inline(always)]
    pub fn of(&self, sq: usize) -> &[u8] {
        &self.targets[sq][..self.len[sq] as usize]
    }
}

/// The cells from a square to the edge in one direction, nearest first.
#[derive(Clone, Copy)]
pub struct Ray {
    pub len: u8,
    pub cells: [u8; SIDE - 1],
    /// The same cells as a set.
    pub mask: super::bitset::Set144,
}

impl Ray {
    #[inline(always)]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

pub struct Tables {
    /// `rays[sq][i]`: the ray from `sq` in direction `KING[i]`.
    pub rays: Vec<[Ray; 8]>,
    pub king: LeapTable,
    pub knight: LeapTable,
    pub leap31: LeapTable,
    pub leap20: LeapTable,
    /// Chebyshev distance 1 or 2: a Magician's spell sources.
    pub spell_zone: Vec<Vec<u8>>,
}

impl Tables {
    /// The nearest cell of `set` on the ray from `sq` in direction
    /// `KING[d]`: one set operation instead of a walk.
    #[inline(always)]
    pub fn nearest_on_ray(&self, sq: usize, d: usize, set: Set144) -> Option<usize> {
        let hits = self.rays[sq][d].mask.and(set);
        if rising(d) {
            hits.lowest()
        } else {
            hits.highest()
        }
    }
}

pub fn tables() -> &'static Tables {
    static T: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    T.get_or_init(|| Tables {
        rays: (0..CELLS)
            .map(|sq| {
                KING.map(|(df, dr)| {
                    let mut r = Ray {
                        len: 0,
                        cells: [NONE; SIDE - 1],
                        mask: super::bitset::Set144::EMPTY,
                    };
                    let mut s = sq;
                    while let Some(n) = offset(s, df, dr) {
                        r.cells[r.len as usize] = n as u8;
                        r.len += 1;
                        r.mask.set(n);
                        s = n;
                    }
                    r
                })
            })
            .collect(),
        king: LeapTable::build(&KING),
        knight: LeapTable::build(&KNIGHT),
        leap31: LeapTable::build(&LEAP31),
        leap20: LeapTable::build(&LEAP20),
        spell_zone: (0..CELLS)
            .map(|sq| {
                let mut v = Vec::new();
                for dr in -2..=2 {
                    for df in -2..=2 {
                        if (df, dr) != (0, 0) {
                            if let Some(s) = offset(sq, df, dr) {
                                v.push(s as u8);
                            }
                        }
                    }
                }
                v
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in 0..CELLS {
            assert_eq!(parse_square(&name(sq)), Some(sq));
        }
        assert_eq!(parse_square("a13"), None);
        assert_eq!(parse_square("m1"), None);
        assert_eq!(parse_square("a0"), None);
        assert_eq!(parse_square_prefix("a12b3"), Some((square(0, 11), 3)));
        assert_eq!(parse_square_prefix("a1b3"), Some((0, 2)));
    }

    #[test]
    fn leap_tables_stay_inside_the_frame() {
        let t = tables();
        assert_eq!(t.knight.of(0).len(), 2);
        assert_eq!(t.leap31.of(0).len(), 2);
        assert_eq!(t.king.of(square(5, 5)).len(), 8);
        assert_eq!(t.spell_zone[square(5, 5)].len(), 24);
        assert_eq!(t.spell_zone[0].len(), 8);
    }
}
