//! Piece kinds of the Trubix family and their packed codes.

use crate::game::Color;

/// Piece kinds of both Trubix games. Trubix uses K Q N F W; Trubix-43 uses
/// K Q C S F W.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    King = 0,
    Queen = 1,
    /// Trubix only: the (1,2) leaper.
    Knight = 2,
    /// Trubix-43 only: king + knight.
    Crowned = 3,
    /// Trubix-43 only: rook + one diagonal step.
    Squire = 4,
    /// King step + two-step leap in eight directions.
    Fleurbic = 5,
    /// The pawn-like piece that also moves backwards.
    Woozan = 6,
}

pub const KINDS: usize = 7;

impl Kind {
    pub const ALL: [Kind; KINDS] = [
        Kind::King,
        Kind::Queen,
        Kind::Knight,
        Kind::Crowned,
        Kind::Squire,
        Kind::Fleurbic,
        Kind::Woozan,
    ];

    #[inline(always)]
    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// Uppercase letter (White's) as in FEN.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Knight => 'N',
            Kind::Crowned => 'C',
            Kind::Squire => 'S',
            Kind::Fleurbic => 'F',
            Kind::Woozan => 'W',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Knight => "knight",
            Kind::Crowned => "crowned knight",
            Kind::Squire => "squire",
            Kind::Fleurbic => "fleurbic",
            Kind::Woozan => "woozan",
        }
    }
}

/// A coloured piece packed in a byte for the mailbox: `color << 3 | (kind + 1)`.
/// Zero means an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(pub u8);

impl Piece {
    pub const NONE: Piece = Piece(0);

    #[inline(always)]
    pub fn new(color: Color, kind: Kind) -> Piece {
        Piece(((color as u8) << 3) | (kind as u8 + 1))
    }

    #[inline(always)]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub fn kind(self) -> Kind {
        Kind::from_index((self.0 & 7) as usize - 1)
    }

    #[inline(always)]
    pub fn color(self) -> Color {
        if self.0 & 8 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// FEN letter: uppercase for White.
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}
