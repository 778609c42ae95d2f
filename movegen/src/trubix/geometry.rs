//! Board geometry of Trubix (41 squares) and Trubix-43 (43 squares).
//!
//! Both boards live on a 5x11 grid: square index = `rank * 5 + file`, file
//! a..e = 0..4, rank 0..10. Cells that are not squares (holes) are absent from
//! [`Geometry::board`].
//!
//! Trubix-43's half-offset squares reuse the grid cells `b0` (= `bc0`),
//! `d0` (= `cd0`), `b10` (= `bc10`) and `d10` (= `cd10`); `c0`/`c10` are holes.
//! Those four squares are not where their grid cell suggests, so every link
//! that touches rank 0 or 10 of Trubix-43 comes from the explicit table of
//! rules A4, never from coordinates.
//!
//! Everything the move generator needs is precomputed here per square:
//! neighbour sets per direction (a set, because lines fork at `c1`/`c9`),
//! the linear ray branches of sliders, king/knight/fleurbic leap masks and the
//! woozan's special links. Ray branches have strictly monotonic square
//! indices, which lets sliders find the first blocker with one bit trick.

use crate::bits::{bit, Bits};
use std::sync::OnceLock;

/// Number of grid cells (5 files x 11 ranks).
pub const CELLS: usize = 55;
pub const FILES: usize = 5;
pub const RANKS: usize = 11;

/// Which of the two boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// Trubix, 41 squares.
    T41,
    /// Trubix-43, 43 squares with half-offset end squares.
    T43,
}

/// The eight directions; N is towards rank 10 (Black's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    N = 0,
    S = 1,
    E = 2,
    W = 3,
    NE = 4,
    NW = 5,
    SE = 6,
    SW = 7,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::S,
        Dir::E,
        Dir::W,
        Dir::NE,
        Dir::NW,
        Dir::SE,
        Dir::SW,
    ];

    /// (file, rank) step on the plain grid.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::S => (0, -1),
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
            Dir::NE => (1, 1),
            Dir::NW => (-1, 1),
            Dir::SE => (1, -1),
            Dir::SW => (-1, -1),
        }
    }

    pub fn is_diagonal(self) -> bool {
        matches!(self, Dir::NE | Dir::NW | Dir::SE | Dir::SW)
    }
}

/// Grid index of (file, rank).
pub const fn sq(file: usize, rank: usize) -> usize {
    rank * FILES + file
}

pub const fn file_of(s: usize) -> usize {
    s % FILES
}

pub const fn rank_of(s: usize) -> usize {
    s / FILES
}

/// One straight branch of a slider line. Its squares have strictly
/// increasing (`ascending`) or decreasing indices along the line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ray {
    pub mask: u64,
    pub ascending: bool,
}

impl Ray {
    /// The squares of this branch a slider reaches with occupancy `occ`:
    /// up to and including the first occupied square.
    #[inline(always)]
    pub fn attacks(self, occ: u64) -> u64 {
        let blockers = self.mask & occ;
        if self.ascending {
            // Lowest blocker b: keep bits <= b. With no blocker the
            // expression is all ones.
            let lowest = blockers & blockers.wrapping_neg();
            self.mask & (lowest << 1).wrapping_sub(1)
        } else {
            // Highest blocker b: keep bits >= b. `| 1` makes "no blocker"
            // mean bit 0, which is a hole on both boards (a0).
            let top = 63 - (blockers | 1).leading_zeros();
            self.mask & !((1u64 << top) - 1)
        }
    }
}

/// Most branches one square has in one family (orthogonal or diagonal).
pub const MAX_RAYS: usize = 8;

/// Ray branches from one square for one family of directions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RaySet {
    pub rays: [Ray; MAX_RAYS],
    pub len: u8,
    /// Union of the branches: everything the slider sees on an empty board.
    pub all: u64,
}

impl RaySet {
    #[inline(always)]
    pub fn attacks(&self, occ: u64) -> u64 {
        let mut a = 0;
        for r in &self.rays[..self.len as usize] {
            a |= r.attacks(occ);
        }
        a
    }

    fn push(&mut self, r: Ray) {
        assert!((self.len as usize) < MAX_RAYS, "too many ray branches");
        self.rays[self.len as usize] = r;
        self.len += 1;
        self.all |= r.mask;
    }
}

/// Precomputed tables for one board.
#[derive(Debug)]
pub struct Geometry {
    pub board_kind: Board,
    /// Squares that exist.
    pub board: u64,
    /// `next[s][d]`: the squares one step from `s` in direction `d` (0-2).
    pub next: [[u64; 8]; CELLS],
    /// King steps (union of `next` over all directions).
    pub king: [u64; CELLS],
    /// One diagonal step: woozan captures, the squire's short move.
    pub diag_step: [u64; CELLS],
    /// Knight leaps (T43 adds the offset-square pairs of rules A5).
    pub knight: [u64; CELLS],
    /// Ends of two-step straight lines (the fleurbic's leap).
    pub leap2: [u64; CELLS],
    /// Rook-like branches (N, S, E, W).
    pub orth: [RaySet; CELLS],
    /// Bishop-like branches (NE, NW, SE, SW).
    pub diag: [RaySet; CELLS],
    /// Woozan non-capturing single steps per colour: N/S, X links, Z links.
    pub woozan_step: [[u64; CELLS]; 2],
    /// Woozan two-step target per colour and start square (0 = none).
    pub double_to: [[u64; CELLS]; 2],
    /// The square that must be empty for that two-step.
    pub double_mid: [[u64; CELLS]; 2],
    /// Optional promotion zone per colour (White rank 9, Black rank 1).
    pub promo_rank: [u64; 2],
    /// Mandatory promotion squares per colour (White c10 or bc10/cd10).
    pub last: [u64; 2],
    /// Squares of each side's second rank whose woozans may be "unmoved".
    pub home_rank: [u64; 2],
}

impl Geometry {
    /// The tables for a board, built once.
    pub fn get(kind: Board) -> &'static Geometry {
        static T41: OnceLock<Box<Geometry>> = OnceLock::new();
        static T43: OnceLock<Box<Geometry>> = OnceLock::new();
        match kind {
            Board::T41 => T41.get_or_init(|| Box::new(Geometry::build(Board::T41))),
            Board::T43 => T43.get_or_init(|| Box::new(Geometry::build(Board::T43))),
        }
    }

    /// Whether grid cell `s` is a square of this board.
    #[inline(always)]
    pub fn exists(&self, s: usize) -> bool {
        s < CELLS && self.board & bit(s) != 0
    }

    /// Square name: `c0`, `bc0`, `e9`, `cd10`.
    pub fn name(&self, s: usize) -> String {
        let (f, r) = (file_of(s), rank_of(s));
        if self.board_kind == Board::T43 && (r == 0 || r == 10) {
            let pair = if f == 1 { "bc" } else { "cd" };
            return format!("{pair}{r}");
        }
        format!("{}{}", (b'a' + f as u8) as char, r)
    }

    /// Parses a square name of this board.
    pub fn parse_square(&self, text: &str) -> Option<usize> {
        let split = text.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = text.split_at(split);
        if digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.len() == 2 && digits.starts_with('0') {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        if rank >= RANKS {
            return None;
        }
        let file = match (self.board_kind, letters, rank) {
            (Board::T43, "bc", 0 | 10) => 1,
            (Board::T43, "cd", 0 | 10) => 3,
            (Board::T43, _, 0 | 10) => return None,
            (_, l, _) if l.len() == 1 => {
                let c = l.as_bytes()[0];
                if !(b'a'..=b'e').contains(&c) {
                    return None;
                }
                (c - b'a') as usize
            }
            _ => return None,
        };
        let s = sq(file, rank);
        self.exists(s).then_some(s)
    }

    fn build(kind: Board) -> Geometry {
        let board = board_mask(kind);
        let mut g = Geometry {
            board_kind: kind,
            board,
            next: [[0; 8]; CELLS],
            king: [0; CELLS],
            diag_step: [0; CELLS],
            knight: [0; CELLS],
            leap2: [0; CELLS],
            orth: [RaySet::default(); CELLS],
            diag: [RaySet::default(); CELLS],
            woozan_step: [[0; CELLS]; 2],
            double_to: [[0; CELLS]; 2],
            double_mid: [[0; CELLS]; 2],
            promo_rank: [0; 2],
            last: [0; 2],
            home_rank: [0; 2],
        };
        g.build_neighbours();
        let squares: Vec<usize> = Bits(board).collect();
        for &s in &squares {
            for d in Dir::ALL {
                g.king[s] |= g.next[s][d as usize];
                if d.is_diagonal() {
                    g.diag_step[s] |= g.next[s][d as usize];
                }
                for t in Bits(g.next[s][d as usize]) {
                    g.leap2[s] |= g.next[t][d as usize];
                }
                let mut branches = Vec::new();
                walk_ray(&g.next, s, d, 0, &mut branches);
                for mask in branches {
                    let ray = Ray {
                        mask,
                        ascending: mask.trailing_zeros() as usize > s,
                    };
                    if d.is_diagonal() {
                        g.diag[s].push(ray);
                    } else {
                        g.orth[s].push(ray);
                    }
                }
            }
            g.knight[s] = knight_mask(kind, board, s);
        }
        g.build_woozan_tables();
        g
    }

    /// `next` sets: plain grid links, plus (T43) the explicit offset links.
    fn build_neighbours(&mut self) {
        let kind = self.board_kind;
        let regular = |s: usize| {
            self.board & bit(s) != 0 && (kind == Board::T41 || (1..=9).contains(&rank_of(s)))
        };
        let mut next = [[0u64; 8]; CELLS];
        for (s, links) in next.iter_mut().enumerate() {
            if !regular(s) {
                continue;
            }
            for d in Dir::ALL {
                let (df, dr) = d.delta();
                let f = file_of(s) as i32 + df;
                let r = rank_of(s) as i32 + dr;
                if (0..FILES as i32).contains(&f) && (0..RANKS as i32).contains(&r) {
                    let t = sq(f as usize, r as usize);
                    if regular(t) {
                        links[d as usize] |= bit(t);
                    }
                }
            }
        }
        if kind == Board::T43 {
            // Rules A4, bottom edge; the top edge is its mirror image.
            let (bc0, cd0) = (sq(1, 0), sq(3, 0));
            let (b1, c1, d1) = (sq(1, 1), sq(2, 1), sq(3, 1));
            let links: [(usize, Dir, usize); 9] = [
                (b1, Dir::S, bc0),
                (b1, Dir::SE, bc0),
                (c1, Dir::S, bc0),
                (c1, Dir::S, cd0),
                (c1, Dir::SW, bc0),
                (c1, Dir::SE, cd0),
                (d1, Dir::S, cd0),
                (d1, Dir::SW, cd0),
                (bc0, Dir::E, cd0),
            ];
            // Each link is added with its reverse and its mirror image.
            for &(from, d, to) in &links {
                for (f, dd, t) in [(from, d, to), mirror_link(from, d, to)] {
                    next[f][dd as usize] |= bit(t);
                    next[t][opposite(dd) as usize] |= bit(f);
                }
            }
        }
        self.next = next;
    }

    fn build_woozan_tables(&mut self) {
        let kind = self.board_kind;
        let g = |f: usize, r: usize| sq(f, r);
        for s in Bits(self.board) {
            let straight = self.next[s][Dir::N as usize] | self.next[s][Dir::S as usize];
            self.woozan_step[0][s] = straight;
            self.woozan_step[1][s] = straight;
        }
        // X links, both colours and both ways (rules A7.2).
        for (a, b) in [
            (g(0, 3), g(1, 4)),
            (g(4, 3), g(3, 4)),
            (g(0, 7), g(1, 6)),
            (g(4, 7), g(3, 6)),
        ] {
            for c in 0..2 {
                self.woozan_step[c][a] |= bit(b);
                self.woozan_step[c][b] |= bit(a);
            }
        }
        // Z links, forward only, own colour only (rules A7.3).
        let mut white_z = vec![(g(0, 8), g(1, 9)), (g(4, 8), g(3, 9))];
        if kind == Board::T41 {
            white_z.push((g(1, 9), g(2, 10)));
            white_z.push((g(3, 9), g(2, 10)));
        }
        for (from, to) in white_z {
            self.woozan_step[0][from] |= bit(to);
            self.woozan_step[1][mirror(from)] |= bit(mirror(to));
        }
        // Two-step initial moves (rules A7.4): (from, mid, to) for White.
        for (from, mid, to) in [
            (g(1, 2), g(1, 3), g(1, 4)),
            (g(2, 2), g(2, 3), g(2, 4)),
            (g(3, 2), g(3, 3), g(3, 4)),
            (g(0, 2), g(0, 3), g(1, 4)),
            (g(4, 2), g(4, 3), g(3, 4)),
        ] {
            self.double_to[0][from] = bit(to);
            self.double_mid[0][from] = bit(mid);
            self.double_to[1][mirror(from)] = bit(mirror(to));
            self.double_mid[1][mirror(from)] = bit(mirror(mid));
        }
        let rank = |r: usize| (0..FILES).fold(0u64, |m, f| m | bit(sq(f, r))) & self.board;
        self.promo_rank = [rank(9), rank(1)];
        self.last = [rank(10), rank(0)];
        self.home_rank = [rank(2), rank(8)];
    }
}

/// The same square seen from the other side (rank r -> 10 - r, same file).
/// Both boards are symmetric under this reflection.
pub const fn mirror(s: usize) -> usize {
    sq(file_of(s), RANKS - 1 - rank_of(s))
}

fn mirror_dir(d: Dir) -> Dir {
    match d {
        Dir::N => Dir::S,
        Dir::S => Dir::N,
        Dir::NE => Dir::SE,
        Dir::SE => Dir::NE,
        Dir::NW => Dir::SW,
        Dir::SW => Dir::NW,
        other => other,
    }
}

fn mirror_link(from: usize, d: Dir, to: usize) -> (usize, Dir, usize) {
    (mirror(from), mirror_dir(d), mirror(to))
}

fn opposite(d: Dir) -> Dir {
    match d {
        Dir::N => Dir::S,
        Dir::S => Dir::N,
        Dir::E => Dir::W,
        Dir::W => Dir::E,
        Dir::NE => Dir::SW,
        Dir::SW => Dir::NE,
        Dir::NW => Dir::SE,
        Dir::SE => Dir::NW,
    }
}

fn board_mask(kind: Board) -> u64 {
    let mut m = 0u64;
    for r in [1, 2, 3, 7, 8, 9] {
        for f in 0..FILES {
            m |= bit(sq(f, r));
        }
    }
    for r in 4..=6 {
        for f in 1..=3 {
            m |= bit(sq(f, r));
        }
    }
    match kind {
        Board::T41 => m | bit(sq(2, 0)) | bit(sq(2, 10)),
        Board::T43 => m | bit(sq(1, 0)) | bit(sq(3, 0)) | bit(sq(1, 10)) | bit(sq(3, 10)),
    }
}

/// Collects every straight branch from `s` in direction `d`, following forks.
fn walk_ray(next: &[[u64; 8]; CELLS], s: usize, d: Dir, path: u64, out: &mut Vec<u64>) {
    let step = next[s][d as usize];
    if step == 0 {
        if path != 0 {
            out.push(path);
        }
        return;
    }
    for t in Bits(step) {
        walk_ray(next, t, d, path | bit(t), out);
    }
}

/// Knight leaps: the (1,2) leap between squares with real grid positions;
/// for T43 the offset squares have no such geometry and get the pairs of
/// rules A5 instead (bc0: a1 d1; cd0: b1 e1; top mirrored).
fn knight_mask(kind: Board, board: u64, s: usize) -> u64 {
    let offset = |x: usize| kind == Board::T43 && (rank_of(x) == 0 || rank_of(x) == 10);
    let mut m = 0;
    if !offset(s) {
        for (df, dr) in [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            let f = file_of(s) as i32 + df;
            let r = rank_of(s) as i32 + dr;
            if (0..FILES as i32).contains(&f) && (0..RANKS as i32).contains(&r) {
                let t = sq(f as usize, r as usize);
                if board & bit(t) != 0 && !offset(t) {
                    m |= bit(t);
                }
            }
        }
    }
    if kind == Board::T43 {
        let pairs = [
            (sq(1, 0), sq(0, 1)),
            (sq(1, 0), sq(3, 1)),
            (sq(3, 0), sq(1, 1)),
            (sq(3, 0), sq(4, 1)),
        ];
        for (a, b) in pairs {
            for (x, y) in [(a, b), (mirror(a), mirror(b))] {
                if s == x {
                    m |= bit(y);
                }
                if s == y {
                    m |= bit(x);
                }
            }
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &Geometry, m: u64) -> Vec<String> {
        let mut v: Vec<String> = Bits(m).map(|s| g.name(s)).collect();
        v.sort();
        v
    }

    fn set(v: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn square_counts() {
        assert_eq!(Geometry::get(Board::T41).board.count_ones(), 41);
        assert_eq!(Geometry::get(Board::T43).board.count_ones(), 43);
    }

    #[test]
    fn names_round_trip() {
        for kind in [Board::T41, Board::T43] {
            let g = Geometry::get(kind);
            for s in Bits(g.board) {
                assert_eq!(g.parse_square(&g.name(s)), Some(s));
            }
            assert_eq!(g.parse_square("a4"), None);
            assert_eq!(g.parse_square("c11"), None);
            assert_eq!(g.parse_square("f1"), None);
            assert_eq!(g.parse_square("c01"), None);
        }
        let g43 = Geometry::get(Board::T43);
        assert_eq!(g43.parse_square("c0"), None);
        assert_eq!(g43.name(sq(3, 10)), "cd10");
        assert_eq!(Geometry::get(Board::T41).parse_square("bc0"), None);
    }

    #[test]
    fn offset_square_neighbours_follow_rules_a4() {
        let g = Geometry::get(Board::T43);
        let s = |n: &str| g.parse_square(n).unwrap();
        let n = |x: &str, d: Dir| names(g, g.next[s(x)][d as usize]);
        assert_eq!(n("bc0", Dir::N), set(&["b1", "c1"]));
        assert_eq!(n("bc0", Dir::NW), set(&["b1"]));
        assert_eq!(n("bc0", Dir::NE), set(&["c1"]));
        assert_eq!(n("bc0", Dir::E), set(&["cd0"]));
        assert_eq!(n("bc0", Dir::W), set(&[]));
        assert_eq!(n("c1", Dir::S), set(&["bc0", "cd0"]));
        assert_eq!(n("b1", Dir::SW), set(&[]));
        assert_eq!(n("d1", Dir::SE), set(&[]));
        assert_eq!(n("c9", Dir::N), set(&["bc10", "cd10"]));
        assert_eq!(n("cd10", Dir::SE), set(&["d9"]));
        assert_eq!(
            names(g, g.king[s("c1")]),
            set(&["b1", "b2", "c2", "d2", "d1", "bc0", "cd0"])
        );
    }

    #[test]
    fn rays_are_monotonic_and_symmetric() {
        for kind in [Board::T41, Board::T43] {
            let g = Geometry::get(kind);
            for s in Bits(g.board) {
                for set in [&g.orth[s], &g.diag[s]] {
                    for r in &set.rays[..set.len as usize] {
                        let v: Vec<usize> = Bits(r.mask).collect();
                        if r.ascending {
                            assert!(v[0] > s);
                        } else {
                            assert!(*v.last().unwrap() < s);
                        }
                    }
                }
                for t in Bits(g.orth[s].all) {
                    assert!(g.orth[t].all & bit(s) != 0, "orth {s}->{t}");
                }
                for t in Bits(g.diag[s].all) {
                    assert!(g.diag[t].all & bit(s) != 0, "diag {s}->{t}");
                }
                for t in Bits(g.knight[s] | g.leap2[s] | g.king[s]) {
                    assert!((g.knight[t] | g.leap2[t] | g.king[t]) & bit(s) != 0);
                }
            }
        }
    }

    #[test]
    fn slider_attacks_stop_at_blockers_on_each_branch() {
        let g = Geometry::get(Board::T43);
        let s = |n: &str| g.parse_square(n).unwrap();
        // Queen c5 downwards: c4..c1 then both bc0 and cd0 (rules A10).
        let empty = g.orth[s("c5")].attacks(0);
        assert!(empty & bit(s("bc0")) != 0 && empty & bit(s("cd0")) != 0);
        let blocked = g.orth[s("c5")].attacks(bit(s("c2")));
        assert!(blocked & bit(s("c2")) != 0);
        assert!(blocked & (bit(s("c1")) | bit(s("bc0")) | bit(s("cd0"))) == 0);
        // Bishop lines through the offset squares.
        assert_eq!(
            names(g, g.diag[s("e3")].attacks(0)),
            set(&["bc0", "c1", "d2", "d4", "c5", "b6", "a7"])
        );
    }
}
