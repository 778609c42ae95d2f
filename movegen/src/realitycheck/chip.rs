//! Faces and two-faced chips.
//!
//! A chip kind is the unordered pair of its faces; each side owns exactly one
//! chip of each of the ten kinds, so (colour, kind) names a physical chip.
//! On the board a chip also has an orientation: `flipped == false` shows the
//! kind's first face (in P, N, B, R order), `true` the second. A true chip
//! (both faces equal) is never stored flipped, so flipping it changes
//! nothing on the board.

use crate::game::Color;

/// An upturned face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
}

impl Face {
    pub const ALL: [Face; 4] = [Face::Pawn, Face::Knight, Face::Bishop, Face::Rook];

    pub fn letter(self) -> char {
        ['P', 'N', 'B', 'R'][self as usize]
    }

    pub fn from_letter(c: char) -> Option<Face> {
        match c.to_ascii_uppercase() {
            'P' => Some(Face::Pawn),
            'N' => Some(Face::Knight),
            'B' => Some(Face::Bishop),
            'R' => Some(Face::Rook),
            _ => None,
        }
    }
}

/// The ten chip kinds, index 0..9: PP PN PB PR NN NB NR BB BR RR.
pub const KINDS: usize = 10;
const FACES: [(Face, Face); KINDS] = [
    (Face::Pawn, Face::Pawn),
    (Face::Pawn, Face::Knight),
    (Face::Pawn, Face::Bishop),
    (Face::Pawn, Face::Rook),
    (Face::Knight, Face::Knight),
    (Face::Knight, Face::Bishop),
    (Face::Knight, Face::Rook),
    (Face::Bishop, Face::Bishop),
    (Face::Bishop, Face::Rook),
    (Face::Rook, Face::Rook),
];
/// Bit set (over kinds) of the true chips P-P, N-N, B-B, R-R.
pub const TRUE_KINDS: u16 = 1 | 1 << 4 | 1 << 7 | 1 << 9;
/// All ten kinds.
pub const ALL_KINDS: u16 = (1 << KINDS) - 1;

/// The two faces of a kind, in P, N, B, R order.
#[inline(always)]
pub fn faces(kind: usize) -> (Face, Face) {
    FACES[kind]
}

#[inline(always)]
pub fn is_true(kind: usize) -> bool {
    TRUE_KINDS >> kind & 1 == 1
}

/// The kind with these two faces (either order).
pub fn kind_of(a: Face, b: Face) -> usize {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    FACES
        .iter()
        .position(|&f| f == (lo, hi))
        .expect("every face pair is a kind")
}

/// Two-letter name of a kind in P, N, B, R order (`"NR"`).
pub fn kind_name(kind: usize) -> String {
    let (a, b) = faces(kind);
    format!("{}{}", a.letter(), b.letter())
}

/// A chip on the board: colour, kind and orientation packed in a byte
/// (`colour << 5 | flipped << 4 | kind`). [`EMPTY`] marks an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chip(pub u8);

/// The board byte of an empty cell.
pub const EMPTY: u8 = 0xFF;

impl Chip {
    /// A chip showing `up`; `kind` must contain that face. A true chip is
    /// never marked flipped.
    pub fn new(color: Color, kind: usize, flipped: bool) -> Chip {
        let flipped = flipped && !is_true(kind);
        Chip((color as u8) << 5 | (flipped as u8) << 4 | kind as u8)
    }

    /// The chip of `kind` oriented to show `up`, if the kind has that face.
    pub fn showing(color: Color, kind: usize, up: Face) -> Option<Chip> {
        let (lo, hi) = faces(kind);
        if up == lo {
            Some(Chip::new(color, kind, false))
        } else if up == hi {
            Some(Chip::new(color, kind, true))
        } else {
            None
        }
    }

    #[inline(always)]
    pub fn color(self) -> Color {
        if self.0 & 0x20 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline(always)]
    pub fn kind(self) -> usize {
        (self.0 & 0x0F) as usize
    }

    #[inline(always)]
    pub fn flipped(self) -> bool {
        self.0 & 0x10 != 0
    }

    #[inline(always)]
    pub fn up(self) -> Face {
        let (lo, hi) = faces(self.kind());
        if self.flipped() {
            hi
        } else {
            lo
        }
    }

    #[inline(always)]
    pub fn down(self) -> Face {
        let (lo, hi) = faces(self.kind());
        if self.flipped() {
            lo
        } else {
            hi
        }
    }

    /// The same chip turned over (a true chip stays as it is).
    #[inline(always)]
    pub fn turned(self) -> Chip {
        if is_true(self.kind()) {
            self
        } else {
            Chip(self.0 ^ 0x10)
        }
    }

    /// Two letters, up face first, upper case for White (`"Nb"` is never
    /// produced: both letters share the colour's case).
    pub fn token(self) -> String {
        let s = format!("{}{}", self.up().letter(), self.down().letter());
        match self.color() {
            Color::White => s,
            Color::Black => s.to_ascii_lowercase(),
        }
    }
}
