//! Sieges (R-A8): a siege begins when a full piece lands on an enemy
//! Halfer or a Halfer on an enemy piece, ends early when a rescue removes
//! the besieger, and otherwise completes four plies after it began, at
//! the end of the besieger's ply t+4, removing the victim (R-A8.3). The
//! frozen cells and the siege list live in the position; rescue moves are
//! generated in `rescue.rs`.

use super::position::{Kind, Piece, Position, Siege};
use super::rules::gain;
use crate::game::Color;

impl Position {
    /// A siege begins on `sq`, `besieger` against the occupant of the other
    /// colour.
    pub(super) fn start_siege(&mut self, sq: usize, besieger: Color) {
        // 5 here becomes 4 at the end of this ply (R-A8.3).
        self.add_siege(Siege {
            sq: sq as u8,
            besieger,
            left: 5,
        });
    }

    /// A rescue's first effect: the besieger (of the other colour than
    /// `rescuer`) on `sq` is removed and the siege ends.
    pub(super) fn remove_besieger(&mut self, sq: usize, rescuer: Color) -> (Kind, u8) {
        let e = rescuer.flip();
        self.remove_siege_at(sq);
        if self.halfers(sq, e) > 0 {
            self.remove_halfer(sq, e);
            (Kind::Halfer, 0)
        } else {
            self.capture_full(sq)
        }
    }

    /// The end of a ply: every siege's timer runs down, and one that
    /// reaches zero completes. Returns whether any completed (the clock
    /// resets).
    pub(super) fn run_down_sieges(&mut self) -> bool {
        let mut completed = false;
        let mut i = 0;
        while i < self.n_sieges as usize {
            let s = &mut self.sieges[i];
            s.left -= 1;
            if s.left == 0 {
                let (sq, besieger) = (s.sq as usize, s.besieger);
                self.complete_siege(sq, besieger);
                completed = true;
            } else {
                i += 1;
            }
        }
        completed
    }

    /// A completed siege on `sq`: the siege ends, its victim is removed
    /// and a besieging Bacteria gains from it (R-A4.2).
    fn complete_siege(&mut self, sq: usize, besieger: Color) {
        self.remove_siege_at(sq);
        let victim = besieger.flip();
        let taken = if self.halfers(sq, victim) > 0 {
            self.remove_halfer(sq, victim);
            (Kind::Halfer, 0)
        } else {
            self.capture_full(sq)
        };
        if self.full[sq] != 0 && Piece(self.full[sq]).kind() == Kind::Bacteria {
            let pw = self.powers[sq] | gain(taken.0, taken.1);
            self.set_powers(sq, pw);
        }
    }
}
