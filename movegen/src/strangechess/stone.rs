//! The Stone (R-A7): it steps one cell like a king and never captures by
//! moving; its step captures by custody instead, removing every enemy
//! occupant it sandwiches against a friendly one (a Bacteria with the
//! Stone's power does the same). `Position::custodian_victims` in `mod.rs`
//! answers the same question without playing the move.

use super::geometry::{offset, tables, KING};
use super::moves::Move;
use super::position::{Kind, Piece, Position};
use super::rules::gain;
use crate::game::Color;

impl Position {
    /// A Stone's steps: one cell, onto a square it may enter without a
    /// capture.
    pub(super) fn gen_stone<const NOISY: bool>(
        &self,
        from: usize,
        c: Color,
        out: &mut impl FnMut(Move),
    ) {
        let t = tables();
        let enemies = self.occ_by[c.flip().index()];
        for &to in t.king.of(from) {
            // A step captures only by custody, which needs an enemy next
            // to where it lands: a noisy list need not look further.
            if NOISY && t.king.mask(to as usize).and(enemies).is_empty() {
                continue;
            }
            if self.land(to as usize, c, false).quiet() {
                out(Move::new(from, to as usize, 0));
            }
        }
    }

    /// A Stone's step: it lands, then captures by custody. Returns whether
    /// anything was removed (the clock resets).
    pub(super) fn apply_stone(&mut self, m: Move, c: Color) -> bool {
        let l = self.lift(m.from());
        self.arrive_full(m.to(), l, m);
        self.custodian(m.to(), c)
    }

    /// A Stone's (or Stone-powered Bacteria's) step to `s`: every enemy
    /// occupant sandwiched between `s` and a friendly occupant is removed
    /// (R-A7.2).
    pub(super) fn custodian(&mut self, s: usize, c: Color) -> bool {
        let e = c.flip();
        let mut any = false;
        let mut gained = 0;
        for (df, dr) in KING {
            let (Some(n1), Some(n2)) = (offset(s, df, dr), offset(s, 2 * df, 2 * dr)) else {
                continue;
            };
            if !self.occ_by[e.index()].has(n1) || !self.occ_by[c.index()].has(n2) {
                continue;
            }
            any = true;
            self.remove_siege_at(n1);
            if self.full[n1] != 0 && Piece(self.full[n1]).color() == e {
                let v = self.capture_full(n1);
                gained |= gain(v.0, v.1);
            }
            while self.halfers(n1, e) > 0 {
                self.remove_halfer(n1, e);
                gained |= gain(Kind::Halfer, 0);
            }
        }
        if any && Piece(self.full[s]).kind() == Kind::Bacteria {
            let pw = self.powers[s] | gained;
            self.set_powers(s, pw);
        }
        any
    }
}
