//! A move of any game, typed: parsed once where text enters
//! ([`AnyPosition::parse_move`]), played as it is ([`AnyPosition::make_move`])
//! and printed once where it leaves ([`AnyPosition::move_text`]). A front
//! end asks a move what kind it is ([`AnyMove::kind`]) instead of
//! comparing its text; parse errors say syntax or legality
//! ([`MoveError`]).

use super::AnyPosition;
use crate::error::MoveError;
use crate::game::{Game, Notation};
use crate::{chess, dysnomia, realitycheck, strangechess, trubix};

/// A move of one of the games, in that game's own type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyMove {
    /// Trubix and Trubix-43.
    Trubix(trubix::Move),
    RealityCheck(realitycheck::Move),
    Chess(chess::Move),
    StrangeChess(strangechess::Move),
    Dysnomia(dysnomia::game::Turn),
}

/// What a move does, for the front ends that treat some turns apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A move on the board (of any form the game has).
    Move,
    /// A turn that takes the opponent's last turn back (Dysnomia's
    /// denial): XBoard cannot show it as a move, the PGN explains it.
    Denial,
}

impl AnyMove {
    pub fn kind(&self) -> MoveKind {
        match self {
            AnyMove::Dysnomia(t) if t.m.body == dysnomia::moves::Body::Denial => MoveKind::Denial,
            _ => MoveKind::Move,
        }
    }

    pub fn is_denial(&self) -> bool {
        self.kind() == MoveKind::Denial
    }

    /// Move `m` of the game that `pos` is a position of, typed (`pos` only
    /// names the game: code generic over games has its moves but not
    /// their game's name).
    pub fn of<G: TypedMove>(pos: &G, m: G::Move) -> AnyMove {
        wrap_of(pos, m)
    }
}

/// A game's move type into and out of [`AnyMove`]; the positions of
/// [`AnyPosition`] implement it, so code generic over a game can hand
/// its moves to the front ends typed.
pub trait TypedMove: Game {
    fn wrap(m: Self::Move) -> AnyMove;
    /// The game's own move, if `m` is one of this game's.
    fn unwrap(m: &AnyMove) -> Option<Self::Move>;
}

macro_rules! typed_move {
    ($pos:ty, $variant:ident) => {
        impl TypedMove for $pos {
            fn wrap(m: Self::Move) -> AnyMove {
                AnyMove::$variant(m)
            }

            fn unwrap(m: &AnyMove) -> Option<Self::Move> {
                match m {
                    AnyMove::$variant(m) => Some(*m),
                    _ => None,
                }
            }
        }
    };
}

typed_move!(trubix::Position, Trubix);
typed_move!(realitycheck::Position, RealityCheck);
typed_move!(chess::Position, Chess);
typed_move!(strangechess::Position, StrangeChess);
typed_move!(dysnomia::game::State, Dysnomia);

impl AnyPosition {
    /// Reads a move in the game's notation: a syntax error, a move that is
    /// not legal here, or the move, typed.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        crate::with_position!(self, p => p.parse_move(text).map(|m| wrap_of(p, m)))
    }

    /// Plays a typed move. A move of another game, or one not legal here
    /// (it came from another position), is refused and the position is
    /// unchanged.
    pub fn make_move(&mut self, m: &AnyMove) -> Result<(), MoveError> {
        crate::with_position!(self, p => {
            match unwrap_of(p, m) {
                Some(own) if p.is_legal(own) => {
                    p.make(own);
                    Ok(())
                }
                _ => Err(MoveError::Illegal {
                    text: format!("{m:?}"),
                    why: "not a legal move in this position".to_string(),
                }),
            }
        })
    }

    /// A move's text in the game's notation (its binding notation).
    pub fn move_text(&self, m: &AnyMove) -> String {
        crate::with_position!(self, p => match unwrap_of(p, m) {
            Some(own) => p.move_to_string(own),
            None => format!("{m:?}"),
        })
    }

    /// The legal moves, typed, in the generator's order.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        crate::with_position!(self, p => {
            let mut list = Default::default();
            p.legal_moves(&mut list);
            list.iter().map(|&m| wrap_of(p, m)).collect()
        })
    }
}

/// `m` as an [`AnyMove`] (the position only names the game).
fn wrap_of<G: TypedMove>(_: &G, m: G::Move) -> AnyMove {
    G::wrap(m)
}

/// The game's own move inside `m`, if it is one of `G`'s.
fn unwrap_of<G: TypedMove>(_: &G, m: &AnyMove) -> Option<G::Move> {
    G::unwrap(m)
}

#[cfg(test)]
mod tests {
    use crate::{AnyPosition, MoveError, Variant};

    /// Every legal move of each game's start, parsed from its text, is the
    /// typed move the generator gives; played typed or as text, it gives
    /// the same position; errors say syntax or legality.
    #[test]
    fn typed_moves_round_trip_through_text() {
        for v in Variant::ALL {
            let start = AnyPosition::start(v);
            let typed = start.legal_moves();
            assert!(!typed.is_empty(), "{v:?}");
            for m in &typed {
                let text = start.move_text(m);
                assert_eq!(start.parse_move(&text).as_ref(), Ok(m), "{v:?} {text}");
                let (mut a, mut b) = (start.clone(), start.clone());
                a.make_move(m).expect("legal");
                b.play(&text).expect("legal");
                assert_eq!(a.fen(), b.fen(), "{v:?} {text}");
                assert!(!m.is_denial());
            }
        }
        let chess = AnyPosition::start(Variant::Chess);
        assert!(matches!(
            chess.parse_move("e2e5"),
            Err(MoveError::Illegal { .. })
        ));
        assert!(matches!(
            chess.parse_move("zz"),
            Err(MoveError::Syntax { .. })
        ));
        // A move of another game, or of another position, is refused.
        let e4 = chess.parse_move("e2e4").expect("legal");
        let mut trubix = AnyPosition::start(Variant::Trubix);
        assert!(trubix.make_move(&e4).is_err());
        assert_eq!(trubix.fen(), AnyPosition::start(Variant::Trubix).fen());
        let mut after = chess.clone();
        after.make_move(&e4).expect("legal");
        assert!(after.make_move(&e4).is_err());
    }

    /// Dysnomia's denial is a kind of move, not a text.
    #[test]
    fn a_denial_is_a_kind_of_move() {
        let mut s = AnyPosition::start(Variant::Dysnomia);
        s.play("e2e4").expect("legal");
        let denials: Vec<_> = s
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_denial())
            .collect();
        assert_eq!(denials.len(), 1, "Black holds the right at the start");
        assert_eq!(s.move_text(&denials[0]), "@@@@");
        assert_eq!(Variant::Dysnomia.card().denial, Some("@@@@"));
        assert_eq!(s.parse_move("@@@@").as_ref(), Ok(&denials[0]));
    }
}
