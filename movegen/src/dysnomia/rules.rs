//! Pseudo-legal moves of the pieces, made of legs: the generator of
//! each piece (sliders, the Knight's path and inside captures, the
//! King's double move, castling with an optional second leg,
//! four-direction pawns with path-specific double moves and en passant),
//! handed one by one to a `LegSink`. What playing a move does is in
//! [`super::apply`], check by simulation in [`super::check`], the
//! end-of-turn conversions in [`super::turn_end`]; their public
//! functions are re-exported here so the paths `rules::zone` and the
//! like keep working.

use super::board::{file_rank, offset, squares, Kind, Piece, Square};
use super::moves::{Leg, Mark, NO_LEVEL};
use super::position::{Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use super::resolve::Resolver;
use crate::game::Color;

pub use super::apply::{castling_after, castling_after_legs, update_castling};
pub use super::turn_end::{conversions, convert, zone};

const ROOK_DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// White's pawns move up the board.
pub(super) fn forward(c: Color) -> i8 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

fn first_rank(c: Color) -> i8 {
    if c == Color::White {
        0
    } else {
        7
    }
}

/// The level to write on a cell: only inside a column.
fn level_of(pos: &Position, sq: Square, level: usize) -> u8 {
    if pos.board.height(sq) > 1 {
        level as u8
    } else {
        NO_LEVEL
    }
}

/// Where the piece generators put the moves they find (one or two legs),
/// each with whether it can remove a piece (the only moves that can
/// capture a King, so the only ones check simulates).
pub(crate) trait LegSink {
    fn legs(&mut self, legs: &[Leg], cap: bool);

    /// Whether the sink drops every leg of a Rook, Bishop or Queen that
    /// cannot remove a piece (`cap` false): then a slider is given only
    /// the square it meets first on each ray, found from the masks, and
    /// the empty squares before it are not walked. (Check simulation and
    /// the noisy listings drop them: walking them cost the
    /// Dysnomia bench several per cent.)
    fn captures_only(&self) -> bool {
        false
    }
}

/// A King's first steps: eight squares, a capture and an entry at most
/// on each.
type Steps = arrayvec::ArrayVec<(Leg, bool), 16>;

/// How a piece may end a leg on `to`: the legs it gives (`None` when the
/// square stops it, and whether a slider may go on past it).
fn landings(
    pos: &Position,
    color: Color,
    from: Square,
    from_level: u8,
    to: Square,
    out: &mut impl FnMut(Leg, bool),
) -> bool {
    let mut leg = Leg::new(from, to);
    leg.from_level = from_level;
    match pos.board.bottom(to) {
        None => {
            out(leg, false);
            true
        }
        Some(b) if b.kind() == Kind::Statue => false,
        Some(b) if b.color() == color => {
            if b.kind() == Kind::Rook {
                out(leg, false);
            }
            false
        }
        Some(b) => {
            let mut cap = leg;
            cap.to_level = level_of(pos, to, 0);
            out(cap, true);
            if b.kind() == Kind::Rook {
                let mut enter = leg;
                enter.mark = Mark::Enter;
                out(enter, false);
            }
            false
        }
    }
}

/// Non-capturing arrival for a pawn step or a Knight's path-capture
/// landing: an empty square, or entering a Rook (an enemy one with `^`).
fn quiet_landing(pos: &Position, color: Color, mut leg: Leg) -> Option<Leg> {
    match pos.board.bottom(leg.to) {
        None => Some(leg),
        Some(b) if b.kind() == Kind::Rook => {
            if b.color() != color {
                leg.mark = Mark::Enter;
            }
            Some(leg)
        }
        _ => None,
    }
}

impl Position {
    /// The moves of `color`'s pieces and castling (not disguises); with
    /// `captures_only`, castling is not tested for attacked squares.
    pub(crate) fn piece_moves(&self, color: Color, captures_only: bool, out: &mut impl LegSink) {
        // Lone pieces of `color` (the bottom of a square that is no
        // column), then every piece of `color` in the columns. The order
        // is the searches' list order (the rules layer's listings are
        // sorted by text).
        let cols = self.board.columns();
        for sq in squares(self.board.occupied_by(color) & !cols) {
            if let Some(p) = self.board.bottom(sq) {
                self.piece_moves_from(p, sq, NO_LEVEL, out);
            }
        }
        for sq in squares(cols) {
            let stack = self.board.stack(sq);
            for (level, &p) in stack.iter().enumerate() {
                if p.color() == color {
                    self.piece_moves_from(p, sq, level as u8, out);
                }
            }
        }
        if self.board.king(color).is_some() {
            self.castling_moves(color, captures_only, out);
        }
    }

    /// The moves of piece `p` standing on `sq` (at level `fl` of a
    /// column, or [`NO_LEVEL`] alone).
    #[inline]
    pub(super) fn piece_moves_from(&self, p: Piece, sq: Square, fl: u8, out: &mut impl LegSink) {
        let color = p.color();
        let riding = fl != NO_LEVEL && fl > 0;
        match p.kind() {
            Kind::Rook => self.slides(color, sq, fl, &ROOK_DIRS, out),
            Kind::Bishop => self.slides(color, sq, fl, &BISHOP_DIRS, out),
            Kind::Queen => {
                self.slides(color, sq, fl, &ROOK_DIRS, out);
                self.slides(color, sq, fl, &BISHOP_DIRS, out);
                let mut round = Leg::new(sq, sq);
                round.from_level = fl;
                out.legs(&[round], true);
            }
            Kind::Knight => self.knight(color, sq, fl, out),
            Kind::King => self.king(color, sq, fl, out),
            Kind::Pawn => self.pawn(color, sq, fl, riding, out),
            Kind::Statue => {}
        }
    }

    fn slides(
        &self,
        color: Color,
        from: Square,
        fl: u8,
        dirs: &[(i8, i8)],
        out: &mut impl LegSink,
    ) {
        let captures_only = out.captures_only();
        let mut put = |l: Leg, cap: bool| out.legs(&[l], cap);
        if captures_only {
            // The same capturing legs, in the same order: only the square
            // each ray meets, found from the masks (a leg to an empty
            // square never removes anything).
            let occupied = self.board.occupied();
            for &(df, dr) in dirs {
                if let Some(t) = super::attacks::first_occupied(from, df, dr, occupied) {
                    landings(self, color, from, fl, t, &mut put);
                }
            }
            return;
        }
        // Square by square: walking a ray's empty squares from the masks
        // measured no faster (bench +0.5% instructions).
        for &(df, dr) in dirs {
            let mut t = from;
            while let Some(n) = offset(t, df, dr) {
                t = n;
                if !landings(self, color, from, fl, t, &mut put) {
                    break;
                }
            }
        }
    }

    fn knight(&self, color: Color, from: Square, fl: u8, out: &mut impl LegSink) {
        let (f0, r0) = file_rank(from);
        for (df, dr) in KNIGHT {
            let Some(to) = offset(from, df, dr) else {
                continue;
            };
            // (a) and (b): at the destination.
            landings(self, color, from, fl, to, &mut |l, cap| out.legs(&[l], cap));
            // (b): any enemy rider of the destination column.
            for (lv, &c) in self.board.riders_of(to).iter().enumerate() {
                if Piece::from_code(c).color() != color {
                    let mut l = Leg::new(from, to);
                    l.from_level = fl;
                    l.to_level = lv as u8 + 1;
                    out.legs(&[l], true);
                }
            }
            // (c): one enemy piece on a cell of either L-path, then a
            // quiet landing. The path cells are the 2x3 rectangle minus
            // the two end cells (R-B9.1).
            let (sf, sr) = (df.signum(), dr.signum());
            let cells: [(i8, i8); 4] = if df.abs() == 2 {
                [(sf, 0), (2 * sf, 0), (0, sr), (sf, sr)]
            } else {
                [(0, sr), (0, 2 * sr), (sf, 0), (sf, sr)]
            };
            let Some(land) = quiet_landing(self, color, Leg::new(to, to)) else {
                continue;
            };
            for (cf, cr) in cells {
                let Some(x) = offset(from, cf, cr) else {
                    continue;
                };
                debug_assert!(file_rank(x) != (f0, r0));
                if self.board.bottom(x).is_none() {
                    continue;
                }
                let xs = self.board.stack(x);
                for (lv, p) in xs.iter().enumerate() {
                    if p.color() == color || p.kind() == Kind::Statue {
                        continue;
                    }
                    let mut l1 = Leg::new(from, x);
                    l1.from_level = fl;
                    l1.to_level = if xs.len() > 1 { lv as u8 } else { NO_LEVEL };
                    let mut l2 = Leg::new(x, to);
                    l2.mark = land.mark;
                    out.legs(&[l1, l2], true);
                }
            }
        }
    }

    /// King steps from a cell, as single legs.
    fn king_steps(&self, color: Color, from: Square, fl: u8, legs: &mut Steps) {
        for (df, dr) in super::board::ROUND {
            if let Some(t) = offset(from, df, dr) {
                landings(self, color, from, fl, t, &mut |l, cap| legs.push((l, cap)));
            }
        }
    }

    fn king(&self, color: Color, from: Square, fl: u8, out: &mut impl LegSink) {
        let mut first = Steps::new();
        self.king_steps(color, from, fl, &mut first);
        for (l1, cap1) in first {
            out.legs(&[l1], cap1);
            // The second leg starts where the first left the King: alone
            // after a capture (the captured Rook's riders wait to fall,
            // R-B3.4) or on an empty square, on top after entering. The
            // board it steps on is this one but for the two squares the
            // first leg changed: where the King landed (which a step
            // does not reach) and where it stood, empty now if it stood
            // alone (a riding King leaves its column's bottom in place).
            let kq = l1.to;
            let fl2 = match self.board.bottom(kq) {
                Some(b) if l1.mark == Mark::Enter || b.color() == color => {
                    self.board.height(kq) as u8
                }
                _ => NO_LEVEL,
            };
            for (df, dr) in super::board::ROUND {
                let Some(t) = offset(kq, df, dr) else {
                    continue;
                };
                if t == from && fl == NO_LEVEL {
                    let mut l2 = Leg::new(kq, t);
                    l2.from_level = fl2;
                    out.legs(&[l1, l2], cap1);
                    continue;
                }
                if t == from {
                    // Back onto the column it rode: that column is one
                    // piece shorter now, which changes its levels (a lone
                    // Rook has none), so this rare step is judged on the
                    // board after the first leg.
                    let mut after = *self;
                    let mut r = Resolver::new(&mut after);
                    r.defer();
                    if r.apply_leg(color, &l1).is_some() {
                        landings(&after, color, kq, fl2, t, &mut |l2, cap2| {
                            out.legs(&[l1, l2], cap1 || cap2)
                        });
                    }
                    continue;
                }
                landings(self, color, kq, fl2, t, &mut |l2, cap2| {
                    out.legs(&[l1, l2], cap1 || cap2)
                });
            }
        }
    }

    fn castling_moves(&self, color: Color, captures_only: bool, out: &mut impl LegSink) {
        let (home, rights) = if color == Color::White {
            (
                0u8,
                [
                    (CASTLE_WK, 7u8, 6u8, 5u8, &[5u8, 6][..]),
                    (CASTLE_WQ, 0, 2, 3, &[1, 2, 3][..]),
                ],
            )
        } else {
            (
                56,
                [
                    (CASTLE_BK, 63, 62, 61, &[61, 62][..]),
                    (CASTLE_BQ, 56, 58, 59, &[57, 58, 59][..]),
                ],
            )
        };
        let king_sq = home + 4;
        if !self.board.is_lone(king_sq, Piece::new(color, Kind::King)) {
            return;
        }
        let mut in_check = None;
        for (bit, rook_sq, to, cross, between) in rights {
            if self.castling & bit == 0
                || self.board.bottom(rook_sq) != Some(Piece::new(color, Kind::Rook))
                || between.iter().any(|&s| self.board.bottom(s).is_some())
            {
                continue;
            }
            if !captures_only {
                let checked =
                    *in_check.get_or_insert_with(|| self.king_capturable_at(color, king_sq));
                if checked || self.king_capturable_at(color, cross) {
                    continue;
                }
            }
            let l1 = Leg::new(king_sq, to);
            out.legs(&[l1], false);
            let mut after = *self;
            let mut r = Resolver::new(&mut after);
            r.castle(color, king_sq, to, rook_sq, cross);
            let mut second = Steps::new();
            after.king_steps(color, to, NO_LEVEL, &mut second);
            for (l2, cap2) in second {
                out.legs(&[l1, l2], cap2);
            }
        }
    }

    fn pawn(&self, color: Color, from: Square, fl: u8, riding: bool, out: &mut impl LegSink) {
        let fw = forward(color);
        let first = first_rank(color);
        let steps = [(0, fw), (-1, 0), (1, 0), (0, -fw)];
        for (df, dr) in steps {
            let Some(t) = offset(from, df, dr) else {
                continue;
            };
            if file_rank(t).1 == first {
                continue;
            }
            let mut l = Leg::new(from, t);
            l.from_level = fl;
            if let Some(l) = quiet_landing(self, color, l) {
                out.legs(&[l], false);
            }
        }
        for df in [-1, 1] {
            let Some(t) = offset(from, df, fw) else {
                continue;
            };
            let mut l = Leg::new(from, t);
            l.from_level = fl;
            match self.board.bottom(t) {
                Some(b) if b.color() != color && b.kind() != Kind::Statue => {
                    l.to_level = level_of(self, t, 0);
                    out.legs(&[l], true);
                }
                None if self.side == color && self.ep.is_some_and(|(cell, _)| cell == t) => {
                    out.legs(&[l], true);
                }
                _ => {}
            }
        }
        // Double moves: a lone pawn on its own second rank (R-B11.2).
        if riding || fl != NO_LEVEL || file_rank(from).1 != first + fw {
            return;
        }
        for (d1f, d1r) in [(0, fw), (-1, 0), (1, 0)] {
            let Some(mid) = offset(from, d1f, d1r) else {
                continue;
            };
            if self.board.bottom(mid).is_some() || file_rank(mid).1 == first {
                continue;
            }
            for (d2f, d2r) in steps {
                let Some(to) = offset(mid, d2f, d2r) else {
                    continue;
                };
                if file_rank(to).1 == first {
                    continue;
                }
                let land = if to == from {
                    Some(Leg::new(mid, to))
                } else {
                    quiet_landing(self, color, Leg::new(mid, to))
                };
                let Some(l2) = land else { continue };
                if (d1f, d1r) == (0, fw) && (d2f, d2r) == (0, fw) {
                    let mut l = Leg::new(from, to);
                    l.mark = l2.mark;
                    out.legs(&[l], false);
                } else {
                    out.legs(&[Leg::new(from, mid), l2], false);
                }
            }
        }
    }
}
