//! Variant ids and the one enum that picks a game at run time.
//!
//! Everything below this level is generic and monomorphised per game; front
//! ends (CLI, CECP, the referee) hold an [`AnyPosition`] and dispatch once
//! per command with [`with_position!`](crate::with_position).

mod any_move;

pub use any_move::{AnyMove, MoveKind, TypedMove};

use crate::card::{Card, Search};
use crate::chess;
use crate::dysnomia;
use crate::error::{FenError, MoveError};
use crate::game::{Game, Notation};
use crate::realitycheck;
use crate::strangechess;
use crate::trubix::{self, Board};
use std::fmt;
use std::str::FromStr;

/// The games this build plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Trubix,
    Trubix43,
    RealityCheck,
    Chess,
    StrangeChess,
    Dysnomia,
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Trubix,
        Variant::Trubix43,
        Variant::RealityCheck,
        Variant::Chess,
        Variant::StrangeChess,
        Variant::Dysnomia,
    ];

    /// The game's card: every static fact about it. The one list of
    /// games: a new game adds its card here (and to [`Variant::ALL`]).
    pub const fn card(self) -> &'static Card {
        match self {
            Variant::Trubix => &trubix::CARD_41,
            Variant::Trubix43 => &trubix::CARD_43,
            Variant::RealityCheck => &realitycheck::CARD,
            Variant::Chess => &chess::CARD,
            Variant::StrangeChess => &strangechess::CARD,
            Variant::Dysnomia => &dysnomia::CARD,
        }
    }

    /// The id used on the command line, in PGN and in UCI.
    pub fn id(self) -> &'static str {
        self.card().id
    }

    /// The name in CECP (`variant normal` is orthodox chess).
    pub fn cecp_id(self) -> &'static str {
        self.card().cecp_id
    }

    /// Human name.
    pub fn title(self) -> &'static str {
        self.card().title
    }

    /// One-line description for `curio variants`.
    pub fn summary(self) -> &'static str {
        self.card().summary
    }

    /// Number of squares on the board.
    pub fn squares(self) -> u32 {
        self.card().squares
    }

    pub fn start_fen(self) -> &'static str {
        self.card().start_fen
    }

    /// The comma-separated list of ids, for error messages and help.
    pub fn list() -> String {
        Variant::ALL
            .iter()
            .map(|v| v.id())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Whether a game hides information from the players (its players see a
/// view, not the full state): it is searched by ISMCTS.
pub fn hidden_information(v: Variant) -> bool {
    v.card().search == Search::Ismcts
}

/// An unknown variant id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (this build plays: {})",
            self.0,
            Variant::list()
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id().eq_ignore_ascii_case(s) || v.cecp_id().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// A legal move described for front ends (see [`AnyPosition::move_details`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveDetail {
    pub text: String,
    pub from: String,
    pub to: String,
    pub capture: bool,
    pub promotion: Option<char>,
}

/// A position of any game, chosen at run time. Not boxed: the
/// generic bodies of `with_position!` take each game's position by
/// reference or value, and a Strange Chess position (about 1 KiB) is
/// cheap enough to copy for the front ends that hold one.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyPosition {
    Trubix(trubix::Position),
    Trubix43(trubix::Position),
    RealityCheck(realitycheck::Position),
    Chess(chess::Position),
    StrangeChess(strangechess::Position),
    /// The position with the last turn (a denial needs it).
    Dysnomia(dysnomia::game::State),
}

/// Runs `$body` with `$pos` bound to the concrete position inside an
/// [`AnyPosition`], so the body is monomorphised per game.
#[macro_export]
macro_rules! with_position {
    ($any:expr, $pos:ident => $body:expr) => {
        match $any {
            $crate::variant::AnyPosition::Trubix($pos) => $body,
            $crate::variant::AnyPosition::Trubix43($pos) => $body,
            $crate::variant::AnyPosition::RealityCheck($pos) => $body,
            $crate::variant::AnyPosition::Chess($pos) => $body,
            $crate::variant::AnyPosition::StrangeChess($pos) => $body,
            $crate::variant::AnyPosition::Dysnomia($pos) => $body,
        }
    };
}

/// The one way into search per game: `$ab` runs, monomorphised, for the
/// games searched by alpha-beta (perfect information), `$mc` for the game
/// searched by ISMCTS (Reality Check, hidden information). Exhaustive: a
/// new game must say which search it takes.
#[macro_export]
macro_rules! with_search {
    ($any:expr, alphabeta $pos:ident => $ab:expr, ismcts $rc:ident => $mc:expr) => {
        match $any {
            $crate::variant::AnyPosition::Trubix($pos) => $ab,
            $crate::variant::AnyPosition::Trubix43($pos) => $ab,
            $crate::variant::AnyPosition::Chess($pos) => $ab,
            $crate::variant::AnyPosition::StrangeChess($pos) => $ab,
            $crate::variant::AnyPosition::Dysnomia($pos) => $ab,
            $crate::variant::AnyPosition::RealityCheck($rc) => $mc,
        }
    };
}

impl AnyPosition {
    pub fn start(v: Variant) -> AnyPosition {
        match v {
            Variant::Trubix => AnyPosition::Trubix(trubix::Position::start(Board::T41)),
            Variant::Trubix43 => AnyPosition::Trubix43(trubix::Position::start(Board::T43)),
            Variant::RealityCheck => AnyPosition::RealityCheck(realitycheck::Position::start()),
            Variant::Chess => AnyPosition::Chess(chess::Position::start()),
            Variant::StrangeChess => AnyPosition::StrangeChess(strangechess::Position::start()),
            Variant::Dysnomia => AnyPosition::Dysnomia(dysnomia::game::State::new(
                dysnomia::Position::from_fen(dysnomia::fen::START)
                    .unwrap_or_else(|e| unreachable!("the start FEN: {e}")),
            )),
        }
    }

    pub fn from_fen(v: Variant, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(match v {
            Variant::Trubix => AnyPosition::Trubix(trubix::Position::from_fen(Board::T41, fen)?),
            Variant::Trubix43 => {
                AnyPosition::Trubix43(trubix::Position::from_fen(Board::T43, fen)?)
            }
            Variant::RealityCheck => {
                AnyPosition::RealityCheck(realitycheck::Position::from_fen(fen)?)
            }
            Variant::Chess => AnyPosition::Chess(chess::Position::from_fen(fen)?),
            Variant::StrangeChess => {
                AnyPosition::StrangeChess(strangechess::Position::from_fen(fen)?)
            }
            Variant::Dysnomia => AnyPosition::Dysnomia(dysnomia::game::State::new(
                dysnomia::Position::from_fen(fen)?,
            )),
        })
    }

    pub fn variant(&self) -> Variant {
        match self {
            AnyPosition::Trubix(_) => Variant::Trubix,
            AnyPosition::Trubix43(_) => Variant::Trubix43,
            AnyPosition::RealityCheck(_) => Variant::RealityCheck,
            AnyPosition::Chess(_) => Variant::Chess,
            AnyPosition::StrangeChess(_) => Variant::StrangeChess,
            AnyPosition::Dysnomia(_) => Variant::Dysnomia,
        }
    }

    pub fn fen(&self) -> String {
        with_position!(self, p => p.to_fen())
    }

    /// Plays one move given as text; on error the position is unchanged.
    pub fn play(&mut self, text: &str) -> Result<(), MoveError> {
        with_position!(self, p => {
            let m = p.parse_move(text)?;
            p.make(m);
            Ok(())
        })
    }

    /// The legal moves as text, in byte order.
    pub fn legal_move_strings(&self) -> Vec<String> {
        with_position!(self, p => {
            let mut list = Default::default();
            p.legal_moves(&mut list);
            let mut v: Vec<String> = list.iter().map(|&m| p.move_to_string(m)).collect();
            v.sort();
            v
        })
    }

    /// The Zobrist key (repetition history).
    pub fn key(&self) -> u64 {
        with_position!(self, p => p.key())
    }

    pub fn side_to_move(&self) -> crate::game::Color {
        with_position!(self, p => p.side_to_move())
    }

    pub fn in_check(&self) -> bool {
        with_position!(self, p => p.in_check())
    }

    /// Whether the side to move must answer a bait (Dysnomia: the King
    /// was left in check on purpose); never in the other games.
    pub fn bait_pending(&self) -> bool {
        matches!(self, AnyPosition::Dysnomia(s) if s.pos.bait)
    }

    /// The rule outcome, given the keys of the game's earlier positions.
    pub fn outcome(&self, history: &[u64]) -> Option<crate::game::Outcome> {
        with_position!(self, p => p.outcome(history))
    }

    /// Legal moves with what a GUI needs to mark them: the move text, its
    /// from- and to-square names, whether it captures, and its promotion
    /// letter (if any).
    pub fn move_details(&self) -> Vec<MoveDetail> {
        match self {
            AnyPosition::Trubix(p) | AnyPosition::Trubix43(p) => {
                let mut list = Default::default();
                p.legal_moves(&mut list);
                let g = p.geometry();
                list.iter()
                    .map(|&m| MoveDetail {
                        text: p.move_to_string(m),
                        from: g.name(m.from()),
                        to: g.name(m.to()),
                        capture: p.is_capture(m),
                        promotion: m.promotion().map(|k| k.letter().to_ascii_lowercase()),
                    })
                    .collect()
            }
            AnyPosition::RealityCheck(p) => {
                let mut list = realitycheck::MoveVec::new();
                p.legal_moves(&mut list);
                let name = |s: usize| {
                    if s < realitycheck::geometry::CELLS {
                        realitycheck::geometry::name(s)
                    } else {
                        String::new()
                    }
                };
                list.iter()
                    .map(|&m| MoveDetail {
                        text: p.move_to_string(m),
                        from: name(m.from()),
                        to: name(m.to()),
                        capture: m.is_capture(),
                        promotion: None,
                    })
                    .collect()
            }
            AnyPosition::Chess(p) => {
                let mut list = crate::game::MoveList::new();
                p.legal_moves(&mut list);
                let name = |s: usize| format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1);
                list.iter()
                    .map(|&m| MoveDetail {
                        text: p.move_to_string(m),
                        from: name(m.from()),
                        to: name(m.to()),
                        capture: p.is_capture(m),
                        promotion: m.promotion().map(|k| ['p', 'n', 'b', 'r', 'q', 'k'][k]),
                    })
                    .collect()
            }
            AnyPosition::StrangeChess(p) => {
                let mut list = strangechess::MoveVec::new();
                p.legal_moves(&mut list);
                let name = strangechess::geometry::name;
                list.iter()
                    .map(|&m| MoveDetail {
                        text: p.move_to_string(m),
                        from: name(m.from()),
                        to: name(m.to()),
                        capture: p.is_capture(m),
                        promotion: m.promotion().map(|k| k.letter().to_ascii_lowercase()),
                    })
                    .collect()
            }
            AnyPosition::Dysnomia(s) => {
                use dysnomia::moves::{Body, Conversion};
                let mut list = Vec::new();
                s.legal_moves(&mut list);
                let name = dysnomia::board::square_name;
                list.iter()
                    .map(|t| {
                        let (from, to) = match t.m.body {
                            Body::Legs => {
                                let legs = t.m.legs();
                                (name(legs[0].from), name(legs[legs.len() - 1].to))
                            }
                            Body::BishopPromotion(_, sq) => (name(sq), name(sq)),
                            Body::Denial => (String::new(), String::new()),
                        };
                        MoveDetail {
                            text: s.move_to_string(*t),
                            from,
                            to,
                            capture: t.changes_material(),
                            promotion: match t.m.suffix {
                                Some(Conversion::Promote(k)) => {
                                    Some(k.letter().to_ascii_lowercase() as char)
                                }
                                Some(Conversion::Statue) => Some('t'),
                                _ => None,
                            },
                        }
                    })
                    .collect()
            }
        }
    }

    pub fn perft(&mut self, depth: u32) -> u64 {
        with_position!(self, p => crate::perft::perft(p, depth))
    }

    pub fn divide(&mut self, depth: u32, on_move: impl FnMut(&str, u64)) -> Vec<(String, u64)> {
        with_position!(self, p => crate::perft::divide(p, depth, on_move))
    }

    /// [`perft`](Self::perft) on `threads` threads; the same count (Reality
    /// Check, as single-threaded: every turn of the full state).
    pub fn perft_threads(
        &self,
        depth: u32,
        threads: usize,
    ) -> Result<u64, crate::perft::ThreadsError> {
        with_position!(self, p => crate::perft::perft_threads(p, depth, threads))
    }

    /// [`divide`](Self::divide) on `threads` threads; the same lines in
    /// the same order.
    pub fn divide_threads(
        &self,
        depth: u32,
        threads: usize,
    ) -> Result<Vec<(String, u64)>, crate::perft::ThreadsError> {
        with_position!(self, p => crate::perft::divide_threads(p, depth, threads))
    }
}

#[cfg(test)]
mod card_tests {
    use super::*;

    /// Each card's start FEN is the position its game starts from, and
    /// ids are distinct and read back.
    #[test]
    fn cards_agree_with_their_games() {
        assert_eq!(
            trubix::CARD_41.start_fen,
            trubix::fen::start_fen(Board::T41)
        );
        assert_eq!(
            trubix::CARD_43.start_fen,
            trubix::fen::start_fen(Board::T43)
        );
        for v in Variant::ALL {
            let start = AnyPosition::start(v);
            assert_eq!(start.variant(), v);
            let again = AnyPosition::from_fen(v, v.start_fen()).unwrap();
            assert_eq!(again.fen(), start.fen(), "{v}");
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
            assert_eq!(v.cecp_id().parse::<Variant>(), Ok(v));
        }
        assert!(hidden_information(Variant::RealityCheck));
        assert_eq!(
            Variant::ALL
                .iter()
                .filter(|v| hidden_information(**v))
                .count(),
            1
        );
    }
}
