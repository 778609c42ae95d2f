//! What playing a move's legs does: each leg lifted, capturing and
//! landing (en passant, the Queen's all-round capture, a Knight taking a
//! rider, castling), everything it sets off resolved by
//! [`super::resolve`], and the castling rights it ends. Apart from the
//! generators in [`super::rules`]: they produce legs, this consumes them.

use super::board::{file_rank, Kind, Piece, Square, Stack};
use super::moves::{Leg, Mark, Move, NO_LEVEL};
use super::position::{Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use super::resolve::{Effects, Resolver};
use crate::game::Color;

impl Position {
    /// Plays a move's legs for `color` and resolves everything it sets
    /// off (not the end of the turn). None if the move makes no sense
    /// here.
    pub fn resolve_legs(&mut self, color: Color, m: &Move) -> Option<Effects> {
        if super::disguise::is_disguise(m) {
            // A swap removes nothing and sets nothing off.
            self.apply_disguise(m)?;
            return Some(Effects::default());
        }
        self.resolve_leg_list(color, m.legs())
    }

    /// [`Position::resolve_legs`] for a move of one or two legs that is
    /// not a disguise.
    pub(crate) fn resolve_leg_list(&mut self, color: Color, legs: &[Leg]) -> Option<Effects> {
        let mut r = Resolver::new(self);
        let (from, fl) = (legs[0].from, legs[0].from_level);
        let level = if fl == NO_LEVEL { 0 } else { fl as usize };
        let piece = r.pos.board.at(from, level)?;
        match (piece.kind(), legs.len()) {
            (Kind::Knight, 2) => {
                // Path capture: the victim's cell, then the landing.
                let x = legs[0].to;
                let xl = if legs[0].to_level == NO_LEVEL {
                    0
                } else {
                    legs[0].to_level as usize
                };
                let unit = r.take_unit(from, level);
                r.remove(x, xl, color, false)?;
                r.land(legs[1].to, &unit);
            }
            (Kind::King, 2) => {
                r.defer();
                let castle = legs[0].from_level == NO_LEVEL
                    && r.pos.board.is_lone(from, piece)
                    && file_rank(from).0 == 4
                    && (file_rank(legs[0].to).0 - 4).abs() == 2;
                if castle {
                    r.castle_leg(color, &legs[0]);
                } else {
                    r.apply_leg(color, &legs[0])?;
                }
                // The second leg's effects queue as they happen, the
                // first leg's after them (R-B16.4).
                r.resume();
                r.apply_leg(color, &legs[1])?;
            }
            (Kind::King, 1)
                if legs[0].from_level == NO_LEVEL
                    && file_rank(from).0 == 4
                    && (file_rank(legs[0].to).0 - 4).abs() == 2 =>
            {
                r.castle_leg(color, &legs[0]);
            }
            (Kind::Pawn, 2) => {
                r.apply_leg(color, &legs[0])?;
                r.apply_leg(color, &legs[1])?;
            }
            (_, 1) => {
                r.apply_leg(color, &legs[0])?;
            }
            _ => return None,
        }
        r.effects.direct_king_capture = r.effects.king_captured;
        r.run();
        Some(r.effects)
    }
}

impl Resolver<'_> {
    /// Lifts the piece at `level` of `sq` with what it carries (a Rook
    /// carries everything above it, R-B8.3).
    fn take_unit(&mut self, sq: Square, level: usize) -> Stack {
        // Most squares hold one piece: no column to split.
        if level == 0 && self.pos.board.height(sq) == 1 {
            let mut unit = Stack::new();
            unit.extend(self.pos.board.bottom(sq));
            self.pos.board.set_stack(sq, &[]);
            return unit;
        }
        let mut stack = self.pos.board.stack(sq);
        let unit: Stack = if stack[level].kind() == Kind::Rook {
            let u = stack.iter().skip(level).copied().collect();
            stack.truncate(level);
            u
        } else {
            let mut u = Stack::new();
            u.push(stack.remove(level));
            u
        };
        self.pos.board.set_stack(sq, &stack);
        unit
    }

    /// Puts a unit on top of whatever stands on `sq`.
    fn land(&mut self, sq: Square, unit: &[Piece]) {
        if self.pos.board.bottom(sq).is_none() {
            self.pos.board.set_stack(sq, unit);
            return;
        }
        let mut here = self.pos.board.stack(sq);
        here.extend(unit.iter().copied());
        self.pos.board.set_stack(sq, &here);
    }

    /// One leg of an ordinary move: lift the unit, capture at the
    /// destination unless it enters, land. Returns where the moving piece
    /// ended (square, level).
    pub fn apply_leg(&mut self, color: Color, leg: &Leg) -> Option<(Square, usize)> {
        let level = if leg.from_level == NO_LEVEL {
            0
        } else {
            leg.from_level as usize
        };
        let mover = self.pos.board.at(leg.from, level)?;
        // En passant: a pawn's diagonal step onto the e.p. cell.
        if mover.kind() == Kind::Pawn
            && self.pos.board.bottom(leg.to).is_none()
            && leg.from != leg.to
        {
            if let Some((cell, victim)) = self.pos.ep {
                if cell == leg.to
                    && file_rank(leg.from).0 != file_rank(leg.to).0
                    && file_rank(leg.from).1 != file_rank(leg.to).1
                {
                    let unit = self.take_unit(leg.from, level);
                    self.remove(victim, 0, color, false);
                    self.land(leg.to, &unit);
                    return Some((leg.to, 0));
                }
            }
        }
        if leg.from == leg.to && mover.kind() == Kind::Queen {
            self.all_round(leg.from, color);
            return Some((leg.from, level));
        }
        let unit = self.take_unit(leg.from, level);
        let target = self.pos.board.bottom(leg.to);
        let tl = if leg.to_level == NO_LEVEL {
            0
        } else {
            leg.to_level as usize
        };
        // A capture: of the bottom of an enemy piece or column, or (a
        // Knight's destination capture) of a rider at its level, whatever
        // the colour of the column's base.
        let captures =
            leg.mark == Mark::Plain && (tl > 0 || target.is_some_and(|b| b.color() != color));
        if captures && tl > 0 {
            // A Knight taking a rider ends on top of the column: it goes
            // there first, so if its victim is a Rook it falls with what
            // stood above onto the part below (R-B9.2, "G being the part
            // below").
            let h = self.pos.board.height(leg.to);
            if h <= tl {
                return None;
            }
            self.land(leg.to, &unit);
            self.remove(leg.to, tl, color, true)?;
            return Some((leg.to, h));
        }
        if captures {
            self.remove(leg.to, tl, color, false)?;
        }
        let h = self.pos.board.height(leg.to);
        self.land(leg.to, &unit);
        Some((leg.to, h))
    }

    /// Castling's first leg: the King two squares, the Rook with its
    /// riders to the square crossed.
    fn castle_leg(&mut self, color: Color, leg: &Leg) {
        let king_side = leg.to > leg.from;
        let rook_sq = if king_side {
            leg.from + 3
        } else {
            leg.from - 4
        };
        let cross = if king_side {
            leg.from + 1
        } else {
            leg.from - 1
        };
        self.castle(color, leg.from, leg.to, rook_sq, cross);
    }

    pub(super) fn castle(
        &mut self,
        _color: Color,
        king_sq: Square,
        to: Square,
        rook_sq: Square,
        cross: Square,
    ) {
        let king = self.take_unit(king_sq, 0);
        let rook = self.take_unit(rook_sq, 0);
        self.land(cross, &rook);
        self.land(to, &king);
    }
}

/// Castling rights that no longer hold: the King or that Rook moved, or is
/// no longer the bottom piece of its home square.
pub fn update_castling(pos: &mut Position, m: &Move) {
    pos.castling = castling_after(pos, m.legs());
}

/// The castling rights left in `pos`, made by playing `legs` (see
/// [`update_castling`]).
pub fn castling_after<'a>(pos: &Position, legs: impl IntoIterator<Item = &'a Leg>) -> u8 {
    // Most positions past the opening: nothing left to lose.
    if pos.castling == 0 {
        return 0;
    }
    let mut castling = castling_after_legs(pos.castling, legs);
    for (sq, piece) in [
        (4u8, Piece::new(Color::White, Kind::King)),
        (7, Piece::new(Color::White, Kind::Rook)),
        (0, Piece::new(Color::White, Kind::Rook)),
        (60, Piece::new(Color::Black, Kind::King)),
        (63, Piece::new(Color::Black, Kind::Rook)),
        (56, Piece::new(Color::Black, Kind::Rook)),
    ] {
        if pos.board.bottom(sq) != Some(piece) {
            castling &= !castling_lost_at(sq);
        }
    }
    castling
}

/// The rights of `castling` that `legs` leave: the King or the Rook moved,
/// a leg started from its home square with the bottom piece. A piece
/// entering the Rook, or a rider leaving it, moves neither (the Rook keeps
/// its right, R-B8.5). (The board's part is [`castling_after`]'s.)
pub fn castling_after_legs<'a>(mut castling: u8, legs: impl IntoIterator<Item = &'a Leg>) -> u8 {
    if castling == 0 {
        return 0;
    }
    for l in legs {
        if l.from_level == NO_LEVEL || l.from_level == 0 {
            castling &= !castling_lost_at(l.from);
        }
    }
    castling
}

/// The rights lost when the piece of home square `sq` moves or goes.
fn castling_lost_at(sq: Square) -> u8 {
    match sq {
        4 => CASTLE_WK | CASTLE_WQ,
        7 => CASTLE_WK,
        0 => CASTLE_WQ,
        60 => CASTLE_BK | CASTLE_BQ,
        63 => CASTLE_BK,
        56 => CASTLE_BQ,
        _ => 0,
    }
}
