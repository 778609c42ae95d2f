//! Check (R-B5.1): whether a King can be captured, decided from the
//! board where that is certain ([`super::attacks`]), else by playing
//! out every opponent move that can remove a piece. Apart from the
//! generators in [`super::rules`] because it is their consumer, not a
//! piece's moves.

use super::attacks::Verdict;
use super::board::{Kind, Piece, Square};
use super::moves::{Leg, NO_LEVEL};
use super::position::Position;
use super::rules::LegSink;
use crate::game::Color;

/// Check by simulation (R-B5.1) without building a list: each move that
/// can remove a piece is played out on a copy as the generator finds it,
/// until one captures the King.
struct KingHunt<'a> {
    base: &'a Position,
    them: Color,
    victim: usize,
    found: bool,
}

impl LegSink for KingHunt<'_> {
    fn captures_only(&self) -> bool {
        true
    }

    fn legs(&mut self, legs: &[Leg], cap: bool) {
        if self.found || !cap {
            return;
        }
        let mut q = *self.base;
        self.found = q
            .resolve_leg_list(self.them, legs)
            .is_some_and(|e| e.king_captured[self.victim]);
    }
}

impl Position {
    /// Whether `color`'s King, if it stood alone on `sq` instead of where
    /// it stands, could be captured by the opponent (castling's test of
    /// the King's square and the square it crosses).
    pub(super) fn king_capturable_at(&self, color: Color, sq: Square) -> bool {
        let mut p = *self;
        if let Some((k, l)) = p.board.king(color) {
            let mut s = p.board.stack(k);
            s.remove(l);
            p.board.set_stack(k, &s);
        }
        if p.board.bottom(sq).is_some() {
            return false;
        }
        p.board.put(sq, Piece::new(color, Kind::King));
        p.king_capturable(color)
    }

    /// R-B5.1: some pseudo-legal move of the opponent, fully resolved,
    /// captures `color`'s King (false when that King is not on the board).
    /// Decided from the board where that is certain
    /// ([`Position::check_verdict`]), else by playing out the moves that
    /// the board says can matter: those of a few Queens, or all.
    #[inline]
    pub fn king_capturable(&self, color: Color) -> bool {
        match self.check_verdict(color) {
            Verdict::Decided(v) => v,
            Verdict::QueensOnly(queens) => self.queens_capture_king(color, queens),
            Verdict::Undecided => self.king_capturable_by_simulation(color),
        }
    }

    /// Whether a move of one of the opponent's Queens on `queens` (each
    /// alone on its square), played out, captures `color`'s King: check
    /// when [`Position::check_verdict`] says no other move can.
    pub fn queens_capture_king(&self, color: Color, queens: u64) -> bool {
        let them = color.flip();
        let mut p = *self;
        // As in `king_capturable_by_simulation`; the verdict has made sure
        // the opponent's turn cannot begin with actions.
        p.side = them;
        p.ep = None;
        let mut hunt = KingHunt {
            base: &p,
            them,
            victim: color.index(),
            found: false,
        };
        let queen = Piece::new(them, Kind::Queen);
        for q in super::board::squares(queens) {
            p.piece_moves_from(queen, q, NO_LEVEL, &mut hunt);
            if hunt.found {
                return true;
            }
        }
        false
    }

    /// R-B5.1 literally: every opponent move that can remove a piece is
    /// played out, with all its effects, until one captures the King.
    pub fn king_capturable_by_simulation(&self, color: Color) -> bool {
        if self.board.king(color).is_none() {
            return false;
        }
        let them = color.flip();
        let mut p = *self;
        // The opponent moves as the side to move would (en passant is the
        // side to move's; it cannot take a King).
        p.side = them;
        p.ep = None;
        // The opponent's turn may begin with its deferred conversions (in
        // every way, R-B12.2) and one free action (R-B12.4): a promoted
        // Statue attacks at once, a Statue that captures opens a line.
        let hunt = |base: &Position| {
            let mut hunt = KingHunt {
                base,
                them,
                victim: color.index(),
                found: false,
            };
            base.piece_moves(them, true, &mut hunt);
            hunt.found
        };
        // Usually nothing can come first: no list of prefixes to build.
        if p.no_prefix() {
            return hunt(&p);
        }
        !p.each_prefix(&mut |_, base| !hunt(base))
    }

    /// Whether the side to move is in check (never in exile).
    pub fn in_check(&self) -> bool {
        self.king_capturable(self.side)
    }
}
