//! A Dysnomia turn as a value, and its canonical text
//! (`notation-dysnomia.md`): prefix actions, the move's legs, the moved
//! pawn's conversion suffix, end-of-turn conversions of other pawns.
//!
//! A turn is `Copy` (fixed arrays with lengths) so the search can keep it
//! in move lists and tables. Its kind follows from the position and the
//! legs, as in the notation: a leg from a square to itself is a Queen's
//! all-round capture; a leg marked `^` enters, `~` disguises.

use super::board::{square_name, Kind, Square};

/// No level written on a cell.
pub const NO_LEVEL: u8 = 255;

/// Longest leg list: a chain disguise of eight pawns, two legs each, and
/// one more leg for a bait reply.
pub const MAX_LEGS: usize = 17;

/// What a leg does at its end, beyond moving or capturing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Plain,
    /// `^`: enters an enemy column or Rook instead of capturing its base.
    Enter,
    /// `~`: a pawn swaps places with the piece there.
    Disguise,
}

/// One leg: a cell (square and, inside a column, level) to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    pub from: Square,
    pub from_level: u8,
    pub to: Square,
    pub to_level: u8,
    pub mark: Mark,
}

impl Leg {
    pub const fn new(from: Square, to: Square) -> Leg {
        Leg {
            from,
            from_level: NO_LEVEL,
            to,
            to_level: NO_LEVEL,
            mark: Mark::Plain,
        }
    }

    fn write(&self, s: &mut String) {
        s.push_str(&square_name(self.from));
        if self.from_level != NO_LEVEL {
            s.push_str(&format!("[{}]", self.from_level));
        }
        s.push_str(&square_name(self.to));
        if self.to_level != NO_LEVEL {
            s.push_str(&format!("[{}]", self.to_level));
        }
        match self.mark {
            Mark::Plain => {}
            Mark::Enter => s.push('^'),
            Mark::Disguise => s.push('~'),
        }
    }
}

/// What a pawn (or a Statue) in its promotion zone becomes (R-B12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conversion {
    /// A pool type (King included).
    Promote(Kind),
    Statue,
    /// Captures the opponent's exiled piece of this type; the pawn goes.
    CaptureExiled(Kind),
}

/// A conversion or free action on a square: `e8=Q`, `e8=T`, `e8xQ`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub sq: Square,
    pub conv: Conversion,
}

impl Action {
    fn write(&self, s: &mut String) {
        s.push_str(&square_name(self.sq));
        match self.conv {
            Conversion::Promote(k) => {
                s.push('=');
                s.push(k.letter() as char);
            }
            Conversion::Statue => s.push_str("=T"),
            Conversion::CaptureExiled(k) => {
                s.push('x');
                s.push(k.letter() as char);
            }
        }
    }
}

/// The move proper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// One or more legs.
    Legs,
    /// A Bishop promotes the pawn on a square to an exiled type: `Q@e5`.
    BishopPromotion(Kind, Square),
    /// `@@@@`.
    Denial,
}

/// A whole turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub body: Body,
    legs: [Leg; MAX_LEGS],
    nlegs: u8,
    /// Deferred conversions then at most one free action, in that order.
    pre: [Action; 9],
    npre: u8,
    /// The moved pawn's own conversion.
    pub suffix: Option<Conversion>,
    /// Other pawns' end-of-turn conversions, in square order.
    post: [Action; 8],
    npost: u8,
}

const NO_ACTION: Action = Action {
    sq: 0,
    conv: Conversion::Statue,
};

impl Move {
    fn with_body(body: Body) -> Move {
        Move {
            body,
            legs: [Leg::new(0, 0); MAX_LEGS],
            nlegs: 0,
            pre: [NO_ACTION; 9],
            npre: 0,
            suffix: None,
            post: [NO_ACTION; 8],
            npost: 0,
        }
    }

    /// A move of legs.
    pub fn legs_of(legs: &[Leg]) -> Move {
        let mut m = Move::with_body(Body::Legs);
        for &l in legs {
            m.push_leg(l);
        }
        m
    }

    pub fn denial() -> Move {
        Move::with_body(Body::Denial)
    }

    pub fn bishop_promotion(kind: Kind, sq: Square) -> Move {
        Move::with_body(Body::BishopPromotion(kind, sq))
    }

    pub fn legs(&self) -> &[Leg] {
        &self.legs[..self.nlegs as usize]
    }

    pub fn clear_legs(&mut self) {
        self.nlegs = 0;
    }

    pub fn push_leg(&mut self, l: Leg) {
        self.legs[self.nlegs as usize] = l;
        self.nlegs += 1;
    }

    pub fn pre(&self) -> &[Action] {
        &self.pre[..self.npre as usize]
    }

    pub fn push_pre(&mut self, a: Action) {
        self.pre[self.npre as usize] = a;
        self.npre += 1;
    }

    pub fn post(&self) -> &[Action] {
        &self.post[..self.npost as usize]
    }

    pub fn push_post(&mut self, a: Action) {
        self.post[self.npost as usize] = a;
        self.npost += 1;
    }

    /// The canonical text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for a in self.pre() {
            a.write(&mut s);
            s.push(';');
        }
        match self.body {
            Body::Denial => s.push_str("@@@@"),
            Body::BishopPromotion(k, sq) => {
                s.push(k.letter() as char);
                s.push('@');
                s.push_str(&square_name(sq));
            }
            Body::Legs => {
                for (i, l) in self.legs().iter().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    l.write(&mut s);
                }
            }
        }
        match self.suffix {
            None => {}
            Some(Conversion::Promote(k)) => s.push(k.letter().to_ascii_lowercase() as char),
            Some(Conversion::Statue) => s.push('t'),
            Some(Conversion::CaptureExiled(k)) => {
                s.push('x');
                s.push(k.letter().to_ascii_lowercase() as char);
            }
        }
        for a in self.post() {
            s.push(';');
            a.write(&mut s);
        }
        s
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}
