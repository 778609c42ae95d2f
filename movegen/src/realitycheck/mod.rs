//! Reality Check (39 squares, variant `realitycheck`): two-faced chips with
//! secret hidden faces, drops, flips and reality checks.
//!
//! # Board
//!
//! ```text
//!  9           d9
//!  8        c8 d8 e8
//!  7     b7 c7 d7 e7 f7
//!  6  a6 b6 c6 d6 e6 f6 g6
//!  5  a5 b5 c5 d5 e5 f5 g5
//!  4  a4 b4 c4 d4 e4 f4 g4
//!  3     b3 c3 d3 e3 f3
//!  2        c2 d2 e2
//!  1           d1
//! ```
//!
//! A 7x9 grid, cell = `(rank - 1) * 7 + file`, so masks are `u64`
//! ([`geometry`]). A chip is (colour, kind, orientation); each side owns one
//! chip of each of the ten kinds, so (colour, kind) names a physical chip
//! ([`chip`]).
//!
//! # What this module implements
//!
//! The full-information game of `docs/rules/realitycheck.md`: the four turn
//! kinds (move and flip, drop with a chosen face, capture, reality check),
//! White's flipless first move, the flip restriction following the physical
//! chip (README override 2), the hand limit with keep/refuse folded into the
//! owner's next turn (override 3), the four reality-check outcomes, the wins
//! (all four enemy true chips out of play; the opponent has no legal turn,
//! which covers the impossible obligatory drop) and Curio's draws (threefold
//! repetition of everything but the move counters, 100 plies without a
//! capture, reality check or refusal; override 4).
//!
//! Interpretations decided here and listed in the rules document: the face of
//! a dropped chip is the dropper's choice; a reality check by a true capturer
//! on a false chip is an ordinary capture that reveals both; the hand limit
//! counts the hand as in play; a player with no legal turn loses.
//!
//! The hidden-information side (what each player has seen, determinization)
//! is in [`info`].

pub mod chip;
pub mod fen;
pub mod geometry;
pub mod info;
pub mod position;
mod zobrist;

pub use chip::{Chip, Face};
pub use fen::Setup;
pub use position::{Decision, Move, Position, TurnKind, Undo};

use crate::error::MoveError;
use crate::game::{Color, EndReason, Game, Notation, Outcome};

/// Capacity for Reality Check move lists. A turn is a move times a flip
/// target, so lists run to a few hundred in the opening and can pass a
/// thousand: at most 10 own chips with at most 14 quiet moves each, times at
/// most 20 flip targets, plus drops and captures, stays under 4096.
pub const MAX_TURNS: usize = 4096;

/// A list of Reality Check turns.
pub type MoveVec = arrayvec::ArrayVec<Move, MAX_TURNS>;

impl Game for Position {
    type Move = Move;
    type Undo = Undo;
    type Moves = MoveVec;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, out: &mut MoveVec) {
        self.generate(out);
    }

    fn count_legal(&self) -> usize {
        self.count()
    }

    fn is_legal(&self, m: Move) -> bool {
        self.is_legal_turn(m)
    }

    fn make(&mut self, m: Move) -> Undo {
        self.play(m)
    }

    fn unmake(&mut self, _m: Move, undo: Undo) {
        *self = undo;
    }

    fn key(&self) -> u64 {
        self.key
    }

    /// There is no king and no check.
    fn in_check(&self) -> bool {
        false
    }

    fn outcome(&self, history: &[u64]) -> Option<Outcome> {
        for c in [self.side, self.side.flip()] {
            if self.true_in_play(c) == 0 {
                return Some(Outcome::Win {
                    winner: c.flip(),
                    reason: EndReason::TruePiecesGone,
                });
            }
        }
        if self.count() == 0 {
            return Some(Outcome::Win {
                winner: self.side.flip(),
                reason: EndReason::NoLegalTurn,
            });
        }
        if history.iter().filter(|&&k| k == self.key).count() >= 2 {
            return Some(Outcome::Draw {
                reason: EndReason::Repetition,
            });
        }
        if self.halfmove >= 100 {
            return Some(Outcome::Draw {
                reason: EndReason::MoveRule,
            });
        }
        None
    }
}

impl Notation for Position {
    fn move_to_string(&self, m: Move) -> String {
        Position::move_text(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_turn(text)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }
}

/// Reality Check's card. The start position is the rules document's
/// example setup for both sides, used when no setup is chosen.
pub const CARD: crate::card::Card = crate::card::Card {
    id: "realitycheck",
    cecp_id: "realitycheck",
    title: "Reality Check",
    summary:
        "39-square diamond; two-faced chips with secret hidden faces, flips, drops, reality checks",
    squares: 39,
    start_fen: "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
    search: crate::card::Search::Ismcts,
    // Searched by ISMCTS on the exact state (see `bench`).
    bench_fens: &[
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
        "rr/nr1nn/1RR1rppb/3bbbn2/7/2PN1PP2/1brBB2/NNRBNB/RN w PBPR/pn -/pp - - 0 11",
        "1/rn2/4pb/nn3bb2/3bn3/5NR1/BP1BN1PP/NNRB1/RR w PNPRBB/- -/pppnprbrrr d5 - 2 26",
        "nr/br1rr/nb1pppr1/4NB2/7/1BP2NPNN1/1PP1BBBR/PR2/NR b -/pnbb RR/nn - pb 0 20",
    ],
    // Searched by ISMCTS on the exact state (see `curio bench`).
    bench_shallower: 0,
    guide: crate::card::Guide {
        pieces: "two-faced chips: P pawn, N knight, B bishop, R rook; a chip shows its \
            face, then its hidden face ('?' where you have not seen it).",
        example: "c3c4^e7",
        moves: "move, then the chip to flip: c3c4^e7\n\
            drop from the hand: NB@d1; capture: d3g6, with a reality check d3g6!\n\
            keep,.../refuse,... when a captured chip would overfill your hand",
        moves_note: None,
    },
    drawing: crate::card::Drawing::RANKS_FROM_0,
    contempt: 20,
    denial: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft;

    #[test]
    fn perft_of_the_rules_readme() {
        let mut p = Position::start();
        assert_eq!(perft(&mut p, 1), 14);
        assert_eq!(perft(&mut p, 2), 3464);
        assert_eq!(perft(&mut p, 3), 962982);
    }
}
