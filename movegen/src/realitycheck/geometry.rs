//! The 39-square diamond on a 7x9 grid.
//!
//! Cell index = `(rank - 1) * 7 + file` (file a = 0 .. g = 6, rank 1..9), so
//! every mask fits a `u64` (63 cells, 39 of them squares). Rows hold 1, 3, 5,
//! 7, 7, 7, 5, 3, 1 squares, centred on file d. The shape is convex, so rays
//! stop at the first cell off the board; no holes inside.
//!
//! All tables are built at compile time.

/// Cells in the grid (7 files x 9 ranks).
pub const CELLS: usize = 63;
const FILES: i32 = 7;
/// Half-width of each rank around file d (rank 1 first).
const HALF: [i32; 9] = [0, 1, 2, 3, 3, 3, 2, 1, 0];

/// Whether (file, rank index 0..8) is a square.
pub const fn on_board(file: i32, rank: i32) -> bool {
    rank >= 0 && rank < 9 && file >= 0 && file < FILES && (file - 3).abs() <= HALF[rank as usize]
}

/// Cell index of a (file, rank index) pair.
pub const fn cell(file: i32, rank: i32) -> usize {
    (rank * FILES + file) as usize
}

/// Directions as (file step, rank step). The first four step to higher cell
/// indices, the last four to lower ones; slider code relies on that order.
pub const DIRS: [(i32, i32); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];
pub const ROOK_DIRS: [usize; 4] = [0, 1, 4, 5];
pub const BISHOP_DIRS: [usize; 4] = [2, 3, 6, 7];

pub struct Tables {
    /// Mask of the 39 squares.
    pub board: u64,
    pub knight: [u64; CELLS],
    /// One orthogonal step (the pawn face's non-capturing move).
    pub step: [u64; CELLS],
    /// One diagonal step (the pawn face's capture).
    pub diag: [u64; CELLS],
    /// `rays[d][s]`: the cells from `s` (exclusive) in direction `d` up to
    /// the edge.
    pub rays: [[u64; CELLS]; 8],
}

const fn build() -> Tables {
    let mut t = Tables {
        board: 0,
        knight: [0; CELLS],
        step: [0; CELLS],
        diag: [0; CELLS],
        rays: [[0; CELLS]; 8],
    };
    let knight_jumps: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut r = 0;
    while r < 9 {
        let mut f = 0;
        while f < FILES {
            if on_board(f, r) {
                let s = cell(f, r);
                t.board |= 1u64 << s;
                let mut j = 0;
                while j < 8 {
                    let (df, dr) = knight_jumps[j];
                    if on_board(f + df, r + dr) {
                        t.knight[s] |= 1u64 << cell(f + df, r + dr);
                    }
                    j += 1;
                }
                let mut d = 0;
                while d < 8 {
                    let (df, dr) = DIRS[d];
                    if on_board(f + df, r + dr) {
                        let b = 1u64 << cell(f + df, r + dr);
                        if df == 0 || dr == 0 {
                            t.step[s] |= b;
                        } else {
                            t.diag[s] |= b;
                        }
                    }
                    let (mut x, mut y) = (f + df, r + dr);
                    while on_board(x, y) {
                        t.rays[d][s] |= 1u64 << cell(x, y);
                        x += df;
                        y += dr;
                    }
                    d += 1;
                }
            }
            f += 1;
        }
        r += 1;
    }
    t
}

pub static T: Tables = build();

/// Squares a slider on `s` attacks along the given directions, stopping at
/// (and including) the first occupied cell.
#[inline(always)]
pub fn slider(s: usize, occ: u64, dirs: &[usize; 4]) -> u64 {
    crate::bits::slider_attacks(&T.rays, s, occ, dirs)
}

/// White's home squares, in setup order: d1 c2 d2 e2 b3 c3 d3 e3 f3.
pub const WHITE_HOME: [usize; 9] = [3, 9, 10, 11, 15, 16, 17, 18, 19];
/// Black's home squares, in setup order: d9 c8 d8 e8 b7 c7 d7 e7 f7.
pub const BLACK_HOME: [usize; 9] = [59, 51, 52, 53, 43, 44, 45, 46, 47];

pub const fn mask(list: &[usize; 9]) -> u64 {
    let mut m = 0;
    let mut i = 0;
    while i < 9 {
        m |= 1u64 << list[i];
        i += 1;
    }
    m
}

/// Home-square masks by colour index.
pub const HOME: [u64; 2] = [mask(&WHITE_HOME), mask(&BLACK_HOME)];

/// Square name (`d1`, `a6`); the cell must be a square.
pub fn name(s: usize) -> String {
    let f = (b'a' + (s % 7) as u8) as char;
    format!("{f}{}", s / 7 + 1)
}

/// Parses a square name; `None` for text that is not one of the 39 squares.
pub fn parse_square(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0].to_ascii_lowercase().wrapping_sub(b'a') as i32;
    let r = b[1].wrapping_sub(b'1') as i32;
    if (0..7).contains(&f) && (0..9).contains(&r) && on_board(f, r) {
        Some(cell(f, r))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape() {
        assert_eq!(T.board.count_ones(), 39);
        assert_eq!(name(3), "d1");
        assert_eq!(parse_square("g6"), Some(cell(6, 5)));
        assert_eq!(parse_square("a3"), None);
        assert_eq!(parse_square("d10"), None);
        for s in WHITE_HOME.iter().chain(BLACK_HOME.iter()) {
            assert!(T.board >> s & 1 == 1);
        }
        // A rook in the centre sees 6 squares on rank 5 and 8 on file d.
        let d5 = parse_square("d5").unwrap();
        assert_eq!(slider(d5, 0, &ROOK_DIRS).count_ones(), 14);
        // A knight on d1 reaches c3 and e3 only (b2 and f2 are off the board).
        let d1 = parse_square("d1").unwrap();
        let names: Vec<String> = crate::bits::Bits(T.knight[d1]).map(name).collect();
        assert_eq!(names, ["c3", "e3"]);
    }
}
