//! The Wall (R-A3): one piece on two cells. Its translations (across its
//! length, or along it led by the leading cell) and rotations about either
//! cell, generated and applied. Check asks `wall_translations` for the
//! Wall's attacks (`check.rs`).

use super::apply::{promote, Lifted};
use super::geometry::{file_of, offset, rank_of, ORTHO};
use super::moves::Move;
use super::position::{Kind, Position};
use super::rules::Land;
use crate::game::Color;

impl Position {
    /// The Wall's translations and rotations (R-A3.2, R-A3.3).
    pub(crate) fn wall_moves(&self, c: Color, out: &mut impl FnMut(Move)) {
        self.wall_translations(c, &ORTHO, out);
        self.wall_rotations(c, out);
    }

    /// The Wall's translations in the directions `dirs` (R-A3.2).
    pub(crate) fn wall_translations(
        &self,
        c: Color,
        dirs: &[(i32, i32)],
        out: &mut impl FnMut(Move),
    ) {
        let Some((a, b)) = self.wall(c) else { return };
        if self.frozen.has(a) || self.frozen.has(b) {
            return;
        }
        let horizontal = rank_of(a) == rank_of(b);
        let own = |sq: usize| sq == a || sq == b;
        for &(df, dr) in dirs {
            let lengthwise = (dr == 0) == horizontal;
            // The leading cell for a lengthwise move; the anchor otherwise.
            let lead = if lengthwise && (df > 0 || dr > 0) {
                b
            } else {
                a
            };
            let (mut pa, mut pb) = (a, b);
            while let (Some(na), Some(nb)) = (offset(pa, df, dr), offset(pb, df, dr)) {
                if !self.squares.has(na) || !self.squares.has(nb) {
                    break;
                }
                let la = if own(na) {
                    Land::Quiet
                } else {
                    self.land(na, c, false)
                };
                let lb = if own(nb) {
                    Land::Quiet
                } else {
                    self.land(nb, c, false)
                };
                if la.full_capturing() && lb.full_capturing() {
                    let to = if lead == a { na } else { nb };
                    let m = Move::new(lead, to, 0);
                    if la == Land::Rescue || lb == Land::Rescue {
                        self.emit_wall_rescue(m, c, [na, nb], out);
                    } else {
                        out(m);
                    }
                }
                // Go on only over empty squares. The Wall's own cells count
                // as empty, unless a Halfer shares one: then the other half
                // may land beside it (this step) but not pass over it (R-A3.2).
                let pass = |sq: usize| (own(sq) && self.half[sq] == 0) || self.vacant(sq);
                if !pass(na) || !pass(nb) {
                    break;
                }
                pa = na;
                pb = nb;
            }
        }
    }

    /// Rotation (R-A3.3): the other cell steps diagonally to a cell beside
    /// the pivot, across the axis.
    fn wall_rotations(&self, c: Color, out: &mut impl FnMut(Move)) {
        let Some((a, b)) = self.wall(c) else { return };
        if self.frozen.has(a) || self.frozen.has(b) {
            return;
        }
        let horizontal = rank_of(a) == rank_of(b);
        for (pivot, moving) in [(a, b), (b, a)] {
            let perp: [(i32, i32); 2] = if horizontal {
                [(0, 1), (0, -1)]
            } else {
                [(1, 0), (-1, 0)]
            };
            for (df, dr) in perp {
                if let Some(to) = offset(pivot, df, dr) {
                    if self.land(to, c, false).quiet() {
                        out(Move::new(moving, to, 0));
                    }
                }
            }
        }
    }

    /// Plays a move of the mover's Wall: a rotation moves one cell, a
    /// translation both, with the step-aside legs of any rescue.
    pub(super) fn apply_wall(&mut self, m: Move, c: Color) -> bool {
        let (a, b) = self.wall(c).expect("wall");
        let (from, to) = (m.from(), m.to());
        if file_of(from) != file_of(to) && rank_of(from) != rank_of(to) {
            // Rotation: only the moving cell changes.
            let l = self.lift(from);
            self.place(to, l);
            return false;
        }
        let df = file_of(to) as i32 - file_of(from) as i32;
        let dr = rank_of(to) as i32 - rank_of(from) as i32;
        let (na, nb) = (
            offset(a, df, dr).expect("wall target"),
            offset(b, df, dr).expect("wall target"),
        );
        // Victims that step aside leave their siege squares first (each
        // half then lands as a rescue without a leg) and arrive once both
        // halves have landed: a square that the other half's capture empties
        // may receive one.
        let mut aside = arrayvec::ArrayVec::<(usize, Option<Kind>, Lifted), 2>::new();
        for leg in m.legs() {
            aside.push((leg.dest, leg.promotion, self.lift(leg.siege)));
        }
        let la = self.lift(a);
        let lb = self.lift(b);
        // Land the leading cell first, so a lengthwise trailing cell lands
        // on a cell that is now free.
        let lead_b = df > 0 || dr > 0;
        let order = if lead_b {
            [(nb, lb), (na, la)]
        } else {
            [(na, la), (nb, lb)]
        };
        let mut reset = false;
        for (sq, l) in order {
            reset |= self.arrive_full(sq, l, m.without_legs());
        }
        for (dest, k, mut victim) in aside {
            promote(&mut victim, k);
            self.place(dest, victim);
        }
        reset
    }
}
