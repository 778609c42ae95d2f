//! Squares, pieces, columns and pools: the material state of a Dysnomia
//! position, with no rule in it beyond what keeps a column a column.
//!
//! A square holds a *column*: pieces from bottom to top. The bottom piece
//! lives in a 64-cell mailbox; the riders above it, which only exist on a
//! Rook, live in one of at most four rider lists (the game never has more
//! than its four original Rooks, since promotion only brings back pieces
//! from the pools). Statues are pieces of kind [`Kind::Statue`] and always
//! stand alone.

use crate::game::Color;

/// A square, `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56).
pub type Square = u8;

/// The name of a square: `a1` .. `h8`.
pub fn square_name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + sq % 8) as char);
    s.push((b'1' + sq / 8) as char);
    s
}

/// Reads `a1` .. `h8` at the start of `t`; the square and the bytes read.
pub fn parse_square_prefix(t: &[u8]) -> Option<(Square, usize)> {
    match t {
        [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] => Some(((r - b'1') * 8 + (f - b'a'), 2)),
        _ => None,
    }
}

/// The squares of a mask, lowest first.
#[inline(always)]
pub fn squares(mut mask: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let sq = mask.trailing_zeros() as Square;
            mask &= mask - 1;
            sq
        })
    })
}

/// File 0..8 and rank 0..8 of a square.
#[inline(always)]
pub fn file_rank(sq: Square) -> (i8, i8) {
    ((sq % 8) as i8, (sq / 8) as i8)
}

/// The square `(df, dr)` away, if it is on the board.
#[inline(always)]
pub fn offset(sq: Square, df: i8, dr: i8) -> Option<Square> {
    let (f, r) = file_rank(sq);
    let (f, r) = (f + df, r + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as Square)
}

/// The eight neighbour directions in the order all-round effects visit
/// them (R-B3.2): N, NE, E, SE, S, SW, W, NW, N towards rank 8.
pub const ROUND: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Piece kinds. The first five are the pool types, in the FEN's pool
/// order `KQRBN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King = 0,
    Queen = 1,
    Rook = 2,
    Bishop = 3,
    Knight = 4,
    Pawn = 5,
    Statue = 6,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
        Kind::Statue,
    ];
    /// The types a pawn can become and the pools hold, in `KQRBN` order.
    pub const POOL: [Kind; 5] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
    ];

    /// Upper-case letter.
    pub fn letter(self) -> u8 {
        b"KQRBNPT"[self as usize]
    }

    pub fn from_letter(c: u8) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// How many of this kind each side has at the start (a Statue is a
    /// pawn that stopped).
    pub fn original(self) -> u8 {
        [1, 1, 2, 2, 2, 8, 8][self as usize]
    }
}

/// A piece: kind, colour and the risen flag of a Bishop that came back
/// from the dead (R-B10.3), which travels with the piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    const BLACK: u8 = 8;
    const RISEN: u8 = 16;

    pub fn new(color: Color, kind: Kind) -> Piece {
        Piece(
            kind as u8
                + 1
                + if color == Color::Black {
                    Self::BLACK
                } else {
                    0
                },
        )
    }

    /// The piece from its byte code (never 0).
    pub fn from_code(code: u8) -> Piece {
        debug_assert!(code & 7 != 0);
        Piece(code)
    }

    pub fn code(self) -> u8 {
        self.0
    }

    pub fn kind(self) -> Kind {
        Kind::ALL[(self.0 & 7) as usize - 1]
    }

    pub fn color(self) -> Color {
        if self.0 & Self::BLACK != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    pub fn is(self, color: Color, kind: Kind) -> bool {
        self.0 & 15 == Piece::new(color, kind).0
    }

    pub fn risen(self) -> bool {
        self.0 & Self::RISEN != 0
    }

    pub fn with_risen(self, risen: bool) -> Piece {
        Piece(if risen {
            self.0 | Self::RISEN
        } else {
            self.0 & !Self::RISEN
        })
    }

    /// FEN letter, in the piece's case.
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        (if self.color() == Color::White {
            c
        } else {
            c.to_ascii_lowercase()
        }) as char
    }

    pub fn from_letter(c: u8) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}

/// Pieces on the board by colour and kind (see [`Board::material`]).
pub type Material = [[u8; 7]; 2];

/// A column as a value, bottom first: what resolution works on.
pub type Stack = arrayvec::ArrayVec<Piece, 32>;

/// The riders of one column (the pieces above its bottom Rook).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Riders {
    /// The column's square, or [`NO_COLUMN`].
    sq: Square,
    len: u8,
    pieces: [u8; 30],
}

const NO_COLUMN: Square = 255;

const EMPTY_RIDERS: Riders = Riders {
    sq: NO_COLUMN,
    len: 0,
    pieces: [0; 30],
};

/// Per colour and pool type: captured by the opponent, exiled by one's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pools {
    /// `captured[colour][kind]`: that colour's pieces the opponent took.
    pub captured: [[u8; 5]; 2],
    /// `exiled[colour][kind]`.
    pub exiled: [[u8; 5]; 2],
}

impl Pools {
    /// Whether a pawn of `color` can become `kind` (R-B12.1a).
    pub fn available(&self, color: Color, kind: Kind) -> bool {
        let (c, k) = (color.index(), kind as usize);
        k < 5 && self.captured[c][k] + self.exiled[c][k] > 0
    }
}

/// The board: bottoms, riders and occupancy masks.
#[derive(Clone, Copy, Debug, Eq)]
pub struct Board {
    bottom: [u8; 64],
    riders: [Riders; 4],
    /// Squares whose bottom is a piece of each colour (Statues included).
    occupied: [u64; 2],
    /// Squares whose bottom is a piece of each kind (either colour): with
    /// `occupied`, the bottoms by colour and kind, which the fast check
    /// test reads (riders live in `riders` only).
    kinds: [u64; 7],
    /// Squares holding a column (a Rook with riders).
    cols: u64,
    /// The board's share of the position key, kept by [`Board::set_stack`]
    /// (see [`super::key`]); a function of the contents, so equal boards
    /// still compare and hash equal.
    key: u64,
}

/// Equal bottoms and riders make equal boards (the masks and the key are
/// functions of them). The key is compared first: the list cache and the
/// deniability test compare boards at every node, and unequal boards
/// nearly always differ in it.
impl PartialEq for Board {
    #[inline]
    fn eq(&self, o: &Board) -> bool {
        self.key == o.key && self.bottom == o.bottom && self.riders == o.riders
    }
}

/// Every field, as a derived hash would (consistent with equality: the
/// fields it leaves out are functions of the others).
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.bottom.hash(h);
        self.riders.hash(h);
        self.occupied.hash(h);
        self.kinds.hash(h);
        self.cols.hash(h);
        self.key.hash(h);
    }
}

impl Default for Board {
    fn default() -> Self {
        Board {
            bottom: [0; 64],
            riders: [EMPTY_RIDERS; 4],
            occupied: [0; 2],
            kinds: [0; 7],
            cols: 0,
            key: 0,
        }
    }
}

impl Board {
    /// The bottom piece of a square.
    #[inline(always)]
    pub fn bottom(&self, sq: Square) -> Option<Piece> {
        let c = self.bottom[sq as usize];
        (c != 0).then_some(Piece(c))
    }

    /// Squares with anything on them.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// Squares whose bottom piece has `color`.
    #[inline(always)]
    pub fn occupied_by(&self, color: Color) -> u64 {
        self.occupied[color.index()]
    }

    /// Squares whose bottom piece is `color`'s `kind`.
    #[inline(always)]
    pub fn bottoms(&self, color: Color, kind: Kind) -> u64 {
        self.occupied[color.index()] & self.kinds[kind as usize]
    }

    /// The riders of each column: its square and its pieces above the
    /// bottom Rook, bottom first.
    #[inline]
    pub fn rider_lists(&self) -> impl Iterator<Item = (Square, &[u8])> + '_ {
        self.riders
            .iter()
            .filter(|r| r.sq != NO_COLUMN)
            .map(|r| (r.sq, &r.pieces[..r.len as usize]))
    }

    /// Squares holding a column (a Rook with riders).
    #[inline(always)]
    pub fn columns(&self) -> u64 {
        self.cols
    }

    /// Whether `sq` holds a column.
    #[inline(always)]
    pub fn is_column(&self, sq: Square) -> bool {
        self.cols & (1u64 << sq) != 0
    }

    /// Whether `p` stands alone on `sq`.
    #[inline(always)]
    pub fn is_lone(&self, sq: Square, p: Piece) -> bool {
        self.bottom[sq as usize] == p.0 && !self.is_column(sq)
    }

    /// The riders on `sq` (above its bottom Rook), bottom first; empty
    /// where there is no column.
    #[inline]
    pub fn riders_of(&self, sq: Square) -> &[u8] {
        if !self.is_column(sq) {
            return &[];
        }
        self.rider_slot(sq).map_or(&[], |i| {
            &self.riders[i].pieces[..self.riders[i].len as usize]
        })
    }

    fn rider_slot(&self, sq: Square) -> Option<usize> {
        self.riders.iter().position(|r| r.sq == sq)
    }

    /// Number of pieces on a square.
    #[inline]
    pub fn height(&self, sq: Square) -> usize {
        if self.bottom[sq as usize] == 0 {
            0
        } else {
            1 + self.riders_of(sq).len()
        }
    }

    /// The piece at `level` (0 = bottom) of a square.
    pub fn at(&self, sq: Square, level: usize) -> Option<Piece> {
        if level == 0 {
            return self.bottom(sq);
        }
        self.riders_of(sq).get(level - 1).map(|&c| Piece(c))
    }

    /// The whole column, bottom first.
    pub fn stack(&self, sq: Square) -> Stack {
        let mut s = Stack::new();
        if let Some(b) = self.bottom(sq) {
            s.push(b);
            for &c in self.riders_of(sq) {
                s.push(Piece(c));
            }
        }
        s
    }

    /// Replaces a square's contents. A stack of two or more must stand on
    /// a Rook (the callers keep that rule; the board only stores it).
    /// Returns false if there is no room for another column, which the
    /// piece limits rule out in a real game.
    #[inline(always)]
    pub fn set_stack(&mut self, sq: Square, stack: &[Piece]) -> bool {
        if stack.len() <= 1 && !self.is_column(sq) {
            self.set_lone(sq, stack.first().copied());
            return true;
        }
        self.set_column(sq, stack)
    }

    /// [`Board::set_stack`] where a column is made or changed.
    #[inline(never)]
    fn set_column(&mut self, sq: Square, stack: &[Piece]) -> bool {
        self.key ^= self.column_key(sq);
        let ok = self.replace_stack(sq, stack);
        self.key ^= self.column_key(sq);
        ok
    }

    /// [`Board::set_stack`] for a square that holds no column and gets at
    /// most one piece: most changes of a move.
    #[inline(always)]
    fn set_lone(&mut self, sq: Square, p: Option<Piece>) {
        let i = sq as usize;
        let bit = 1u64 << sq;
        let old = self.bottom[i];
        if old != 0 {
            let old = Piece(old);
            self.key ^= super::key::cell(sq, 0, old);
            self.occupied[old.color().index()] &= !bit;
            self.kinds[old.kind() as usize] &= !bit;
        }
        match p {
            Some(p) => {
                self.bottom[i] = p.0;
                self.key ^= super::key::cell(sq, 0, p);
                self.occupied[p.color().index()] |= bit;
                self.kinds[p.kind() as usize] |= bit;
            }
            None => self.bottom[i] = 0,
        }
    }

    /// The board's share of the position key, kept incrementally.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The same key computed from every square (what the incremental key
    /// must always equal).
    pub fn key_from_scratch(&self) -> u64 {
        (0..64u8).fold(0, |k, sq| k ^ self.column_key(sq))
    }

    /// The key of the column on one square.
    fn column_key(&self, sq: Square) -> u64 {
        let Some(b) = self.bottom(sq) else {
            return 0;
        };
        let mut k = super::key::cell(sq, 0, b);
        for (l, &c) in self.riders_of(sq).iter().enumerate() {
            k ^= super::key::cell(sq, l + 1, Piece(c));
        }
        k
    }

    fn replace_stack(&mut self, sq: Square, stack: &[Piece]) -> bool {
        let i = sq as usize;
        let bit = 1u64 << sq;
        self.occupied[0] &= !bit;
        self.occupied[1] &= !bit;
        if self.bottom[i] != 0 {
            self.kinds[(self.bottom[i] & 7) as usize - 1] &= !bit;
        }
        self.bottom[i] = 0;
        if self.is_column(sq) {
            if let Some(slot) = self.rider_slot(sq) {
                // Cleared whole: equal boards must compare and hash equal.
                self.riders[slot] = EMPTY_RIDERS;
                self.riders.sort_by_key(|r| r.sq);
            }
            self.cols &= !bit;
        }
        let Some((&first, rest)) = stack.split_first() else {
            return true;
        };
        self.bottom[i] = first.0;
        self.occupied[first.color().index()] |= bit;
        self.kinds[first.kind() as usize] |= bit;
        if rest.is_empty() {
            return true;
        }
        let Some(slot) = self.riders.iter().position(|r| r.sq == NO_COLUMN) else {
            return false;
        };
        if rest.len() > 30 {
            return false;
        }
        self.cols |= bit;
        let r = &mut self.riders[slot];
        *r = EMPTY_RIDERS;
        r.sq = sq;
        r.len = rest.len() as u8;
        for (d, p) in r.pieces.iter_mut().zip(rest) {
            *d = p.0;
        }
        // Rider slots are kept in square order so equal boards compare and
        // hash equal whatever order their columns were made in.
        self.riders.sort_by_key(|r| r.sq);
        true
    }

    /// Puts one piece alone on an empty square.
    pub fn put(&mut self, sq: Square, p: Piece) {
        self.set_stack(sq, &[p]);
    }

    /// Every piece on the board with its square and level.
    /// In square order, each column bottom first. Walks the occupied
    /// squares only and reads riders in place: the evaluation and the
    /// turn generator ask this at every node.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, usize, Piece)> + '_ {
        let mut bits = self.occupied[0] | self.occupied[1];
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let sq = bits.trailing_zeros() as Square;
            bits &= bits - 1;
            Some(sq)
        })
        .flat_map(move |sq| {
            let riders: &[u8] = self.riders_of(sq);
            std::iter::once((sq, 0, Piece(self.bottom[sq as usize]))).chain(
                riders
                    .iter()
                    .enumerate()
                    .map(move |(l, &c)| (sq, l + 1, Piece(c))),
            )
        })
    }

    /// How many pieces of each colour and kind stand on the board, riders
    /// included, indexed `[colour][kind]`: what a turn changed in
    /// material is the difference of two of these.
    pub fn material(&self) -> Material {
        let mut m = [[0u8; 7]; 2];
        for (c, counts) in m.iter_mut().enumerate() {
            for (k, n) in counts.iter_mut().enumerate() {
                *n = (self.occupied[c] & self.kinds[k]).count_ones() as u8;
            }
        }
        if self.cols != 0 {
            for r in self.riders.iter().filter(|r| r.sq != NO_COLUMN) {
                for &c in &r.pieces[..r.len as usize] {
                    let p = Piece(c);
                    m[p.color().index()][p.kind() as usize] += 1;
                }
            }
        }
        m
    }

    /// Where `color`'s King stands (square and level), if on the board.
    pub fn king(&self, color: Color) -> Option<(Square, usize)> {
        let k = Piece::new(color, Kind::King);
        let bottom = self.bottoms(color, Kind::King);
        if bottom != 0 {
            return Some((bottom.trailing_zeros() as Square, 0));
        }
        if self.cols == 0 {
            return None;
        }
        for r in self.riders.iter().filter(|r| r.sq != NO_COLUMN) {
            if let Some(l) = r.pieces[..r.len as usize]
                .iter()
                .position(|&c| c & 15 == k.0)
            {
                return Some((r.sq, l + 1));
            }
        }
        None
    }
}
