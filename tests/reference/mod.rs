#![allow(dead_code)]
//! Independent, deliberately simple reference move generator for Trubix
//! (41 squares) and Trubix-43 (43 squares).
//!
//! It exists only to cross-check the fast bitboard generator in `movegen`,
//! so it shares no code or data with it: everything here is written out from
//! the rule texts (`shared/rules/README.md`, the Trubix part of
//! `trubix-and-reality-check.md`, the two seed pages) and from
//! `docs/trubix-notation.md`. Clarity is preferred over speed everywhere:
//! the board is a plain array over a list of named squares, the neighbour
//! table is typed in from rule A4, and attacks are found by generating the
//! attacker's moves forwards rather than by any reverse lookup.

use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// The two games this reference covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefVariant {
    /// Trubix, 41 squares (seed 000).
    Trubix,
    /// Trubix-43, 43 squares with the half-offset squares bc0/cd0/bc10/cd10.
    Trubix43,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    King,
    Queen,
    /// Trubix (41) only.
    Knight,
    Woozan,
    Fleurbic,
    /// Trubix-43 only: king + knight.
    CrownedKnight,
    /// Trubix-43 only: rook + one diagonal step.
    Squire,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Knight => 'N',
            Kind::Woozan => 'W',
            Kind::Fleurbic => 'F',
            Kind::CrownedKnight => 'C',
            Kind::Squire => 'S',
        }
    }

    /// Piece letters allowed in a FEN of the given variant (notation doc:
    /// Trubix has N, Trubix-43 has C and S but no N).
    fn from_letter(variant: RefVariant, upper: char) -> Option<Kind> {
        let kind = match upper {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'W' => Kind::Woozan,
            'F' => Kind::Fleurbic,
            'N' if variant == RefVariant::Trubix => Kind::Knight,
            'C' if variant == RefVariant::Trubix43 => Kind::CrownedKnight,
            'S' if variant == RefVariant::Trubix43 => Kind::Squire,
            _ => return None,
        };
        Some(kind)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    color: Color,
    kind: Kind,
}

/// The eight ray directions of rule A4. N points towards rank 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    N,
    S,
    E,
    W,
    NE,
    NW,
    SE,
    SW,
}

pub const ALL_DIRS: [Dir; 8] = [
    Dir::N,
    Dir::S,
    Dir::E,
    Dir::W,
    Dir::NE,
    Dir::NW,
    Dir::SE,
    Dir::SW,
];
pub const ORTHOGONAL_DIRS: [Dir; 4] = [Dir::N, Dir::S, Dir::E, Dir::W];
pub const DIAGONAL_DIRS: [Dir; 4] = [Dir::NE, Dir::NW, Dir::SE, Dir::SW];

impl Dir {
    /// Grid step (file, rank) between two regular squares.
    fn delta(self) -> (i32, i32) {
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

    fn index(self) -> usize {
        self as usize
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::S => Dir::N,
            Dir::E => Dir::W,
            Dir::W => Dir::E,
            Dir::NE => Dir::SW,
            Dir::NW => Dir::SE,
            Dir::SE => Dir::NW,
            Dir::SW => Dir::NE,
        }
    }
}

/// Rule A4, typed in line by line: every link that touches a Trubix-43
/// half-offset square. All other links are ordinary grid neighbours. Both
/// directions of each link are written out on purpose (instead of being
/// derived by mirroring) so that a test can check the table is symmetric.
const T43_OFFSET_LINKS: [(&str, Dir, &str); 36] = [
    ("b1", Dir::S, "bc0"),
    ("b1", Dir::SE, "bc0"),
    ("c1", Dir::S, "bc0"),
    ("c1", Dir::S, "cd0"),
    ("c1", Dir::SW, "bc0"),
    ("c1", Dir::SE, "cd0"),
    ("d1", Dir::S, "cd0"),
    ("d1", Dir::SW, "cd0"),
    ("bc0", Dir::N, "b1"),
    ("bc0", Dir::N, "c1"),
    ("bc0", Dir::NW, "b1"),
    ("bc0", Dir::NE, "c1"),
    ("bc0", Dir::E, "cd0"),
    ("cd0", Dir::N, "c1"),
    ("cd0", Dir::N, "d1"),
    ("cd0", Dir::NW, "c1"),
    ("cd0", Dir::NE, "d1"),
    ("cd0", Dir::W, "bc0"),
    ("b9", Dir::N, "bc10"),
    ("b9", Dir::NE, "bc10"),
    ("c9", Dir::N, "bc10"),
    ("c9", Dir::N, "cd10"),
    ("c9", Dir::NW, "bc10"),
    ("c9", Dir::NE, "cd10"),
    ("d9", Dir::N, "cd10"),
    ("d9", Dir::NW, "cd10"),
    ("bc10", Dir::S, "b9"),
    ("bc10", Dir::S, "c9"),
    ("bc10", Dir::SW, "b9"),
    ("bc10", Dir::SE, "c9"),
    ("bc10", Dir::E, "cd10"),
    ("cd10", Dir::S, "c9"),
    ("cd10", Dir::S, "d9"),
    ("cd10", Dir::SW, "c9"),
    ("cd10", Dir::SE, "d9"),
    ("cd10", Dir::W, "bc10"),
];

/// Rule A5: the knight moves of Trubix-43 that involve an offset square
/// (each pair is a move in both directions).
const T43_KNIGHT_PAIRS: [(&str, &str); 8] = [
    ("bc0", "a1"),
    ("bc0", "d1"),
    ("cd0", "b1"),
    ("cd0", "e1"),
    ("bc10", "a9"),
    ("bc10", "d9"),
    ("cd10", "b9"),
    ("cd10", "e9"),
];

const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Rule A7.2: non-capturing woozan moves for both colours, both ways.
const X_LINKS: [(&str, &str); 4] = [("a3", "b4"), ("e3", "d4"), ("a7", "b6"), ("e7", "d6")];

/// Rule A7.3: non-capturing forward-only woozan moves (from, to).
const Z_WHITE: [(&str, &str); 2] = [("a8", "b9"), ("e8", "d9")];
const Z_BLACK: [(&str, &str); 2] = [("a2", "b1"), ("e2", "d1")];
/// The extra Z moves into the single last square exist in Trubix (41) only.
const Z_WHITE_T41: [(&str, &str); 2] = [("b9", "c10"), ("d9", "c10")];
const Z_BLACK_T41: [(&str, &str); 2] = [("b1", "c0"), ("d1", "c0")];

/// Rule A7.4: two-step initial moves (from, square that must be empty, to).
const TWO_STEP_WHITE: [(&str, &str, &str); 5] = [
    ("b2", "b3", "b4"),
    ("c2", "c3", "c4"),
    ("d2", "d3", "d4"),
    ("a2", "a3", "b4"),
    ("e2", "e3", "d4"),
];
const TWO_STEP_BLACK: [(&str, &str, &str); 5] = [
    ("b8", "b7", "b6"),
    ("c8", "c7", "c6"),
    ("d8", "d7", "d6"),
    ("a8", "a7", "b6"),
    ("e8", "e7", "d6"),
];

const FILES: [char; 5] = ['a', 'b', 'c', 'd', 'e'];

/// Board shape and all precomputed square relations of one variant.
struct Geometry {
    variant: RefVariant,
    names: Vec<String>,
    /// (FEN column 0..=4, rank 0..=10). For regular squares this is also the
    /// grid coordinate; for the T43 offset squares it is only where the FEN
    /// writes them (bc -> column b, cd -> column d).
    cell: Vec<(i32, i32)>,
    /// False only for the four T43 half-offset squares, which have no grid
    /// coordinate and are connected solely through `T43_OFFSET_LINKS`.
    regular: Vec<bool>,
    index: HashMap<String, usize>,
    /// next[s][dir] = set of squares one step from s in direction dir (A4).
    next: Vec<[Vec<usize>; 8]>,
    knight: Vec<Vec<usize>>,
    x_links: Vec<(usize, usize)>,
    z_white: Vec<(usize, usize)>,
    z_black: Vec<(usize, usize)>,
    two_step_white: Vec<(usize, usize, usize)>,
    two_step_black: Vec<(usize, usize, usize)>,
    /// Squares a2..e2 (White's unmoved woozans) and a8..e8 (Black's).
    home_white: Vec<usize>,
    home_black: Vec<usize>,
}

impl Geometry {
    fn build(variant: RefVariant) -> Geometry {
        // Square list, rule A1, rank 0 upwards.
        let mut squares: Vec<(String, (i32, i32), bool)> = Vec::new();
        for rank in 0..=10 {
            match rank {
                0 | 10 => match variant {
                    RefVariant::Trubix => squares.push((format!("c{rank}"), (2, rank), true)),
                    RefVariant::Trubix43 => {
                        squares.push((format!("bc{rank}"), (1, rank), false));
                        squares.push((format!("cd{rank}"), (3, rank), false));
                    }
                },
                _ => {
                    // Ranks 4-6 have only files b-d; the others a-e.
                    let files = if (4..=6).contains(&rank) {
                        1..=3
                    } else {
                        0..=4
                    };
                    for f in files {
                        squares.push((format!("{}{rank}", FILES[f]), (f as i32, rank), true));
                    }
                }
            }
        }
        let names: Vec<String> = squares.iter().map(|s| s.0.clone()).collect();
        let cell: Vec<(i32, i32)> = squares.iter().map(|s| s.1).collect();
        let regular: Vec<bool> = squares.iter().map(|s| s.2).collect();
        let index: HashMap<String, usize> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect();
        let count = names.len();
        let regular_at = |f: i32, r: i32| -> Option<usize> {
            (0..count).find(|&i| regular[i] && cell[i] == (f, r))
        };
        let sq = |name: &str| -> usize {
            *index
                .get(name)
                .unwrap_or_else(|| panic!("square {name} not on this board"))
        };

        // Neighbour table: ordinary grid steps between regular squares ...
        let mut next: Vec<[Vec<usize>; 8]> = (0..count).map(|_| Default::default()).collect();
        for s in 0..count {
            if !regular[s] {
                continue;
            }
            let (f, r) = cell[s];
            for d in ALL_DIRS {
                let (df, dr) = d.delta();
                if let Some(t) = regular_at(f + df, r + dr) {
                    next[s][d.index()].push(t);
                }
            }
        }
        // ... plus, in Trubix-43, the offset links of A4 exactly as listed.
        if variant == RefVariant::Trubix43 {
            for (from, d, to) in T43_OFFSET_LINKS {
                next[sq(from)][d.index()].push(sq(to));
            }
        }

        // Knight: ordinary (1,2) leaps between regular squares, plus the
        // A5 pairs in Trubix-43.
        let mut knight: Vec<Vec<usize>> = vec![Vec::new(); count];
        for s in 0..count {
            if !regular[s] {
                continue;
            }
            let (f, r) = cell[s];
            for (df, dr) in KNIGHT_DELTAS {
                if let Some(t) = regular_at(f + df, r + dr) {
                    knight[s].push(t);
                }
            }
        }
        if variant == RefVariant::Trubix43 {
            for (a, b) in T43_KNIGHT_PAIRS {
                knight[sq(a)].push(sq(b));
                knight[sq(b)].push(sq(a));
            }
        }

        let pairs = |list: &[(&str, &str)]| -> Vec<(usize, usize)> {
            list.iter().map(|(a, b)| (sq(a), sq(b))).collect()
        };
        let triples = |list: &[(&str, &str, &str)]| -> Vec<(usize, usize, usize)> {
            list.iter().map(|(a, b, c)| (sq(a), sq(b), sq(c))).collect()
        };
        let mut z_white = pairs(&Z_WHITE);
        let mut z_black = pairs(&Z_BLACK);
        if variant == RefVariant::Trubix {
            z_white.extend(pairs(&Z_WHITE_T41));
            z_black.extend(pairs(&Z_BLACK_T41));
        }

        Geometry {
            variant,
            x_links: pairs(&X_LINKS),
            z_white,
            z_black,
            two_step_white: triples(&TWO_STEP_WHITE),
            two_step_black: triples(&TWO_STEP_BLACK),
            home_white: FILES.iter().map(|f| sq(&format!("{f}2"))).collect(),
            home_black: FILES.iter().map(|f| sq(&format!("{f}8"))).collect(),
            names,
            cell,
            regular,
            index,
            next,
            knight,
        }
    }

    fn len(&self) -> usize {
        self.names.len()
    }

    fn rank(&self, s: usize) -> i32 {
        self.cell[s].1
    }

    fn square(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    fn square_at_cell(&self, col: i32, rank: i32) -> Option<usize> {
        (0..self.len()).find(|&i| self.cell[i] == (col, rank))
    }

    fn step(&self, s: usize, d: Dir) -> &[usize] {
        &self.next[s][d.index()]
    }
}

fn geometry(variant: RefVariant) -> &'static Geometry {
    static T41: OnceLock<Geometry> = OnceLock::new();
    static T43: OnceLock<Geometry> = OnceLock::new();
    match variant {
        RefVariant::Trubix => T41.get_or_init(|| Geometry::build(RefVariant::Trubix)),
        RefVariant::Trubix43 => T43.get_or_init(|| Geometry::build(RefVariant::Trubix43)),
    }
}

/// A position: mailbox board plus the state the FEN carries.
#[derive(Clone, Debug)]
pub struct RefPosition {
    variant: RefVariant,
    /// Indexed by the square numbering of `Geometry`.
    board: Vec<Option<Piece>>,
    side: Color,
    /// Unmoved-woozan flags, per square (only a2..e2 and a8..e8 can be set).
    unmoved: Vec<bool>,
    halfmove: u32,
    fullmove: u32,
}

impl RefPosition {
    pub fn variant(&self) -> RefVariant {
        self.variant
    }

    fn geo(&self) -> &'static Geometry {
        geometry(self.variant)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    from: usize,
    to: usize,
    promo: Option<Kind>,
}

fn move_string(geo: &Geometry, m: &Move) -> String {
    let mut s = format!("{}{}", geo.names[m.from], geo.names[m.to]);
    if let Some(k) = m.promo {
        s.push(k.letter().to_ascii_lowercase());
    }
    s
}

/// Squares a slider on `from` reaches going in direction `d`, following
/// forks (A4): each branch keeps the direction and stops at the first
/// occupied square, which is included (the caller drops own pieces).
fn slide(pos: &RefPosition, from: usize, d: Dir, out: &mut BTreeSet<usize>) {
    let geo = pos.geo();
    let mut frontier: Vec<usize> = geo.step(from, d).to_vec();
    while let Some(t) = frontier.pop() {
        out.insert(t);
        if pos.board[t].is_none() {
            frontier.extend_from_slice(geo.step(t, d));
        }
    }
}

/// One step in each of `dirs` (king step, squire's diagonal step).
fn steps(pos: &RefPosition, from: usize, dirs: &[Dir], out: &mut BTreeSet<usize>) {
    for &d in dirs {
        out.extend(pos.geo().step(from, d).iter().copied());
    }
}

/// Fleurbic two-step leaps: the end of every 2-step ray, middle ignored
/// (A3/A6; forks give several ends).
fn leaps(pos: &RefPosition, from: usize, out: &mut BTreeSet<usize>) {
    let geo = pos.geo();
    for d in ALL_DIRS {
        for &mid in geo.step(from, d) {
            out.extend(geo.step(mid, d).iter().copied());
        }
    }
}

/// Promotion choices for a woozan of `color` moving from -> to (README
/// override 1 and A8). `None` in the list means "stays a woozan".
fn promotion_choices(pos: &RefPosition, color: Color, from: usize, to: usize) -> Vec<Option<Kind>> {
    let geo = pos.geo();
    // Rank 10 / rank 0 squares are exactly the last squares (c10, or bc10
    // and cd10; mirrored for Black).
    let (zone_rank, last_rank) = match color {
        Color::White => (9, 10),
        Color::Black => (1, 0),
    };
    if geo.rank(to) == last_rank {
        // Mandatory promotion, whatever square the move came from.
        return match pos.variant {
            RefVariant::Trubix => vec![Some(Kind::Queen), Some(Kind::Knight), Some(Kind::Fleurbic)],
            RefVariant::Trubix43 => {
                // One-queen rule of Trubix-43, counted before the move.
                let has_queen = pos.board.iter().any(|p| {
                    *p == Some(Piece {
                        color,
                        kind: Kind::Queen,
                    })
                });
                let mut v = Vec::new();
                if !has_queen {
                    v.push(Some(Kind::Queen));
                }
                v.extend([
                    Some(Kind::Squire),
                    Some(Kind::CrownedKnight),
                    Some(Kind::Fleurbic),
                ]);
                v
            }
        };
    }
    if geo.rank(to) == zone_rank && geo.rank(from) != zone_rank {
        // Optional promotion on arriving at rank 9 (Black: rank 1).
        let minor = match pos.variant {
            RefVariant::Trubix => Kind::Knight,
            RefVariant::Trubix43 => Kind::CrownedKnight,
        };
        return vec![None, Some(minor), Some(Kind::Fleurbic)];
    }
    vec![None]
}

/// Woozan destinations from `from` (A7): returns every reachable target;
/// whether it is a capture is decided by the board.
fn woozan_targets(pos: &RefPosition, from: usize, color: Color) -> BTreeSet<usize> {
    let geo = pos.geo();
    let empty = |s: usize| pos.board[s].is_none();
    let enemy = |s: usize| matches!(pos.board[s], Some(p) if p.color != color);
    let mut out = BTreeSet::new();
    // A7.1: non-capturing step straight forwards or backwards.
    for d in [Dir::N, Dir::S] {
        for &t in geo.step(from, d) {
            if empty(t) {
                out.insert(t);
            }
        }
    }
    // A7.1: captures on all four diagonal neighbours.
    for d in DIAGONAL_DIRS {
        for &t in geo.step(from, d) {
            if enemy(t) {
                out.insert(t);
            }
        }
    }
    // A7.2: X links, both colours, both ways, never capturing.
    for &(a, b) in &geo.x_links {
        if from == a && empty(b) {
            out.insert(b);
        }
        if from == b && empty(a) {
            out.insert(a);
        }
    }
    // A7.3: Z moves, forward only, per colour, never capturing.
    let (z, two_step) = match color {
        Color::White => (&geo.z_white, &geo.two_step_white),
        Color::Black => (&geo.z_black, &geo.two_step_black),
    };
    for &(a, b) in z {
        if from == a && empty(b) {
            out.insert(b);
        }
    }
    // A7.4: two-step only from a square still flagged unmoved.
    if pos.unmoved[from] {
        for &(a, mid, b) in two_step {
            if from == a && empty(mid) && empty(b) {
                out.insert(b);
            }
        }
    }
    out
}

/// Pseudo-legal moves of `color` (own king safety not checked). Also the
/// basis of attack detection: a square is attacked by `color` if one of
/// these moves ends on it while an enemy piece stands there.
fn pseudo_moves(pos: &RefPosition, color: Color) -> Vec<Move> {
    let geo = pos.geo();
    let mut moves = Vec::new();
    for from in 0..geo.len() {
        let piece = match pos.board[from] {
            Some(p) if p.color == color => p,
            _ => continue,
        };
        let mut targets = BTreeSet::new();
        match piece.kind {
            Kind::King => steps(pos, from, &ALL_DIRS, &mut targets),
            Kind::Queen => {
                for d in ALL_DIRS {
                    slide(pos, from, d, &mut targets);
                }
            }
            Kind::Knight => targets.extend(geo.knight[from].iter().copied()),
            Kind::Fleurbic => {
                steps(pos, from, &ALL_DIRS, &mut targets);
                leaps(pos, from, &mut targets);
            }
            Kind::CrownedKnight => {
                steps(pos, from, &ALL_DIRS, &mut targets);
                targets.extend(geo.knight[from].iter().copied());
            }
            Kind::Squire => {
                for d in ORTHOGONAL_DIRS {
                    slide(pos, from, d, &mut targets);
                }
                steps(pos, from, &DIAGONAL_DIRS, &mut targets);
            }
            Kind::Woozan => {
                for to in woozan_targets(pos, from, color) {
                    for promo in promotion_choices(pos, color, from, to) {
                        moves.push(Move { from, to, promo });
                    }
                }
                continue;
            }
        }
        for to in targets {
            let own = matches!(pos.board[to], Some(p) if p.color == color);
            if !own {
                moves.push(Move {
                    from,
                    to,
                    promo: None,
                });
            }
        }
    }
    moves
}

/// Plays a pseudo-legal move without any legality check.
fn make(pos: &RefPosition, m: &Move) -> RefPosition {
    let mut next = pos.clone();
    let moving = pos.board[m.from].expect("move from an empty square");
    let captured = pos.board[m.to].is_some();
    next.board[m.from] = None;
    next.board[m.to] = Some(match m.promo {
        Some(kind) => Piece {
            color: moving.color,
            kind,
        },
        None => moving,
    });
    // A7.4: any move starting or ending on a square clears its flag.
    next.unmoved[m.from] = false;
    next.unmoved[m.to] = false;
    // A9: only captures reset the counter.
    next.halfmove = if captured { 0 } else { pos.halfmove + 1 };
    if pos.side == Color::Black {
        next.fullmove += 1;
    }
    next.side = pos.side.other();
    next
}

/// True if a king of `color` can be captured by the other side's
/// pseudo-moves, generated forwards from each attacking piece.
fn king_attacked(pos: &RefPosition, color: Color) -> bool {
    let kings: Vec<usize> = (0..pos.board.len())
        .filter(|&s| {
            pos.board[s]
                == Some(Piece {
                    color,
                    kind: Kind::King,
                })
        })
        .collect();
    if kings.is_empty() {
        return false;
    }
    pseudo_moves(pos, color.other())
        .iter()
        .any(|m| kings.contains(&m.to))
}

/// Legal moves with their resulting positions, sorted by move string.
fn legal_children(pos: &RefPosition) -> Vec<(String, RefPosition)> {
    let geo = pos.geo();
    let mut out: Vec<(String, RefPosition)> = pseudo_moves(pos, pos.side)
        .iter()
        .filter_map(|m| {
            let child = make(pos, m);
            if king_attacked(&child, pos.side) {
                None
            } else {
                Some((move_string(geo, m), child))
            }
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// Legal move strings in plain byte order (README override 5).
pub fn legal_moves(pos: &RefPosition) -> Vec<String> {
    legal_children(pos).into_iter().map(|(s, _)| s).collect()
}

/// Plays a move given in the notation of docs/trubix-notation.md.
pub fn play(pos: &RefPosition, mv: &str) -> Result<RefPosition, String> {
    legal_children(pos)
        .into_iter()
        .find(|(s, _)| s == mv)
        .map(|(_, child)| child)
        .ok_or_else(|| format!("illegal move {mv}"))
}

/// Whether the side to move is in check.
pub fn in_check(pos: &RefPosition) -> bool {
    king_attacked(pos, pos.side)
}

/// Number of legal move sequences of length `depth` (README convention).
pub fn perft(pos: &RefPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let children = legal_children(pos);
    if depth == 1 {
        return children.len() as u64;
    }
    children.iter().map(|(_, c)| perft(c, depth - 1)).sum()
}

/// Perft split by root move, in byte order of the move strings.
pub fn divide(pos: &RefPosition, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_children(pos)
        .into_iter()
        .map(|(s, c)| (s, perft(&c, depth - 1)))
        .collect()
}

pub fn start_position(variant: RefVariant) -> RefPosition {
    let fen = match variant {
        RefVariant::Trubix => {
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1"
        }
        RefVariant::Trubix43 => {
            "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1"
        }
    };
    parse_fen(variant, fen).expect("built-in start FEN is valid")
}

/// Parses the five-field FEN of docs/trubix-notation.md.
pub fn parse_fen(variant: RefVariant, fen: &str) -> Result<RefPosition, String> {
    let geo = geometry(variant);
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    // docs/trubix-notation.md: XBoard's six-field form has an en-passant
    // placeholder `-` in the fourth field; trailing fields may be left out.
    if fields.len() == 6 && fields[3] == "-" {
        fields.remove(3);
    }
    if !(2..=5).contains(&fields.len()) {
        return Err(format!("expected 5 FEN fields, got {}", fields.len()));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 11 {
        return Err(format!("expected 11 ranks, got {}", rows.len()));
    }
    let mut board: Vec<Option<Piece>> = vec![None; geo.len()];
    for (i, row) in rows.iter().enumerate() {
        let rank = 10 - i as i32;
        let mut col: i32 = 0;
        for ch in row.chars() {
            if col >= 5 {
                return Err(format!("rank {rank} is longer than 5 cells"));
            }
            if ch == '*' {
                if geo.square_at_cell(col, rank).is_some() {
                    return Err(format!("'*' on a real square in rank {rank}"));
                }
                col += 1;
            } else if let Some(n) = ch.to_digit(10) {
                if !(1..=5).contains(&n) {
                    return Err(format!("bad empty count '{ch}' in rank {rank}"));
                }
                for _ in 0..n {
                    if col >= 5 || geo.square_at_cell(col, rank).is_none() {
                        return Err(format!("empty run over a hole in rank {rank}"));
                    }
                    col += 1;
                }
            } else {
                let kind = Kind::from_letter(variant, ch.to_ascii_uppercase())
                    .ok_or_else(|| format!("unknown piece letter '{ch}'"))?;
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let s = geo
                    .square_at_cell(col, rank)
                    .ok_or_else(|| format!("piece on a hole in rank {rank}"))?;
                board[s] = Some(Piece { color, kind });
                col += 1;
            }
        }
        if col != 5 {
            return Err(format!("rank {rank} does not describe 5 cells"));
        }
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("bad side to move '{other}'")),
    };
    let mut unmoved = vec![false; geo.len()];
    if fields.len() == 2 {
        // Without the field, every woozan on its own home square is unmoved.
        for file in 0..5 {
            for (home, color) in [
                (geo.home_white[file], Color::White),
                (geo.home_black[file], Color::Black),
            ] {
                unmoved[home] = board[home]
                    == Some(Piece {
                        color,
                        kind: Kind::Woozan,
                    });
            }
        }
    } else if fields[2] != "-" {
        for ch in fields[2].chars() {
            let file = FILES
                .iter()
                .position(|&f| f == ch.to_ascii_lowercase())
                .ok_or_else(|| format!("bad unmoved-woozan letter '{ch}'"))?;
            let (s, color) = if ch.is_ascii_uppercase() {
                (geo.home_white[file], Color::White)
            } else {
                (geo.home_black[file], Color::Black)
            };
            // The flag promises an unmoved woozan stands there; a flag
            // without one would make the two-step rule meaningless.
            if board[s]
                != Some(Piece {
                    color,
                    kind: Kind::Woozan,
                })
            {
                return Err(format!(
                    "unmoved flag '{ch}' but no such woozan on {}",
                    geo.names[s]
                ));
            }
            unmoved[s] = true;
        }
    }
    let number = |i: usize, default: u32, what: &str| match fields.get(i) {
        None => Ok(default),
        Some(t) if t.bytes().all(|b| b.is_ascii_digit()) => {
            t.parse().map_err(|_| format!("bad {what} '{t}'"))
        }
        Some(t) => Err(format!("bad {what} '{t}'")),
    };
    let halfmove: u32 = number(3, 0, "halfmove clock")?;
    let fullmove: u32 = number(4, 1, "fullmove number")?;
    if fullmove == 0 {
        return Err("fullmove number must be at least 1".to_string());
    }
    Ok(RefPosition {
        variant,
        board,
        side,
        unmoved,
        halfmove,
        fullmove,
    })
}

/// Canonical FEN: runs of empty squares merged, holes as '*', unmoved set
/// uppercase first and each group in file order.
pub fn to_fen(pos: &RefPosition) -> String {
    let geo = pos.geo();
    let mut rows = Vec::new();
    for rank in (0..=10).rev() {
        let mut row = String::new();
        let mut empties = 0;
        for col in 0..5 {
            let square = geo.square_at_cell(col, rank);
            if let Some(s) = square {
                if pos.board[s].is_none() {
                    empties += 1;
                    continue;
                }
            }
            if empties > 0 {
                row.push_str(&empties.to_string());
                empties = 0;
            }
            row.push(match square.and_then(|s| pos.board[s]) {
                None => '*',
                Some(p) if p.color == Color::White => p.kind.letter(),
                Some(p) => p.kind.letter().to_ascii_lowercase(),
            });
        }
        if empties > 0 {
            row.push_str(&empties.to_string());
        }
        rows.push(row);
    }
    let mut unmoved = String::new();
    for (file, &s) in geo.home_white.iter().enumerate() {
        if pos.unmoved[s] {
            unmoved.push(FILES[file].to_ascii_uppercase());
        }
    }
    for (file, &s) in geo.home_black.iter().enumerate() {
        if pos.unmoved[s] {
            unmoved.push(FILES[file]);
        }
    }
    if unmoved.is_empty() {
        unmoved.push('-');
    }
    let side = match pos.side {
        Color::White => "w",
        Color::Black => "b",
    };
    format!(
        "{} {side} {unmoved} {} {}",
        rows.join("/"),
        pos.halfmove,
        pos.fullmove
    )
}

// Geometry introspection, so tests can check the tables against the rule
// text (A4 symmetry, A5 knight definition) without a position.

/// All square names of a variant.
pub fn square_names(variant: RefVariant) -> Vec<String> {
    geometry(variant).names.clone()
}

/// next(sq, dir) of rule A4, as square names.
pub fn neighbours(variant: RefVariant, sq: &str, dir: Dir) -> Vec<String> {
    let geo = geometry(variant);
    match geo.square(sq) {
        Some(s) => geo
            .step(s, dir)
            .iter()
            .map(|&t| geo.names[t].clone())
            .collect(),
        None => Vec::new(),
    }
}

/// Knight targets of a square on an empty board, as square names.
pub fn knight_targets(variant: RefVariant, sq: &str) -> Vec<String> {
    let geo = geometry(variant);
    match geo.square(sq) {
        Some(s) => geo.knight[s]
            .iter()
            .map(|&t| geo.names[t].clone())
            .collect(),
        None => Vec::new(),
    }
}
