//! Moves of the pieces and what playing them does: pseudo-legal
//! generation for a colour, the application of a turn through the
//! resolution engine, the end of a turn, and check by full simulation
//! (R-B5.1).
//!
//! Built so far (issue 19): every piece's moves including columns
//! (leaving with levels, entering, enter-or-capture on an enemy Rook),
//! Knight path and inside captures, the Queen's all-round capture, the
//! King's double move with deferred first-leg effects, castling with an
//! optional second leg, four-direction pawns with path-specific double
//! moves, passes and en passant, promotion by suffix from the pools, the
//! end of a turn (conversions, first-rank pawns, risen Bishops' exile,
//! clocks). Not yet: disguise, Bishop promotion, deferred and free
//! actions, denial, bait.

use super::board::{file_rank, offset, squares, Kind, Piece, Square, Stack};
use super::moves::{Conversion, Leg, Mark, Move, NO_LEVEL};
use super::position::{Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use super::resolve::{Effects, Resolver};
use crate::game::Color;

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
fn forward(c: Color) -> i8 {
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
}

impl LegSink for Vec<(Move, bool)> {
    fn legs(&mut self, legs: &[Leg], cap: bool) {
        self.push((Move::legs_of(legs), cap));
    }
}

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
    /// Every pseudo-legal move of `color` made of legs (not yet: disguise,
    /// Bishop promotion, actions), each with whether it can remove a piece.
    /// Conversions are not chosen here (see [`Position::legal_moves_list`]).
    pub fn pseudo_legs(&self, color: Color, out: &mut Vec<(Move, bool)>) {
        self.piece_moves(color, false, out);
        self.disguises(color, out);
    }

    /// The pseudo-legal moves of `color` that can remove a piece, the only
    /// ones that can capture a King (check, R-B5.1; direct attacks,
    /// R-B6.2). Castling here has no conditions on attacked squares: those
    /// are its legality, and testing them here would recurse.
    pub fn capture_legs(&self, color: Color, out: &mut Vec<(Move, bool)>) {
        self.piece_moves(color, true, out);
        out.retain(|(_, cap)| *cap);
    }

    /// The moves of `color`'s pieces and castling (not disguises); with
    /// `captures_only`, castling is not tested for attacked squares.
    pub(crate) fn piece_moves(&self, color: Color, captures_only: bool, out: &mut impl LegSink) {
        // Lone pieces of `color` (the bottom of a square that is no
        // column), then every piece of `color` in the columns. The order
        // does not matter: listings are sorted by text.
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
    fn piece_moves_from(&self, p: Piece, sq: Square, fl: u8, out: &mut impl LegSink) {
        let color = p.color();
        let riding = fl != NO_LEVEL && fl > 0;
        match p.kind() {
            Kind::Rook => self.slides(color, sq, fl, &ROOK_DIRS, 8, out),
            Kind::Bishop => self.slides(color, sq, fl, &BISHOP_DIRS, 8, out),
            Kind::Queen => {
                self.slides(color, sq, fl, &ROOK_DIRS, 8, out);
                self.slides(color, sq, fl, &BISHOP_DIRS, 8, out);
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
        max: usize,
        out: &mut impl LegSink,
    ) {
        let mut put = |l: Leg, cap: bool| out.legs(&[l], cap);
        for &(df, dr) in dirs {
            let mut t = from;
            for _ in 0..max {
                let Some(n) = offset(t, df, dr) else { break };
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

    /// Whether `color`'s King, if it stood alone on `sq` instead of where
    /// it stands, could be captured by the opponent (castling's test of
    /// the King's square and the square it crosses).
    fn king_capturable_at(&self, color: Color, sq: Square) -> bool {
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
    /// ([`Position::king_capturable_fast`]), else by playing moves out.
    #[inline]
    pub fn king_capturable(&self, color: Color) -> bool {
        self.king_capturable_fast(color)
            .unwrap_or_else(|| self.king_capturable_by_simulation(color))
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
        p.prefixes().into_iter().any(|(_, base)| hunt(&base))
    }

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

    fn castle(
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

/// The promotion zone square of a file for `color` (R-B12.1): its last
/// rank, or the square below the lowest Statue of a friendly chain that
/// reaches the last rank.
pub fn zone(pos: &Position, color: Color, file: i8) -> Option<Square> {
    let fw = forward(color);
    let mut r = if color == Color::White { 7 } else { 0 };
    let statue = Piece::new(color, Kind::Statue);
    loop {
        let sq = (r * 8 + file) as Square;
        if pos.board.bottom(sq) != Some(statue) {
            return Some(sq);
        }
        r -= fw;
        if !(0..8).contains(&r) {
            return None;
        }
    }
}

/// The conversions open to a pawn of `color` at the end of a turn
/// (R-B12.1): a pool type, a Statue, or (own turn only) capturing one of
/// the opponent's exiled pieces.
pub fn conversions(pos: &Position, color: Color, own_turn: bool) -> Vec<Conversion> {
    let mut v = Vec::new();
    for k in Kind::POOL {
        if pos.pools.available(color, k) {
            v.push(Conversion::Promote(k));
        }
    }
    v.push(Conversion::Statue);
    if own_turn {
        for k in Kind::POOL {
            if pos.pools.exiled[color.flip().index()][k as usize] > 0 {
                v.push(Conversion::CaptureExiled(k));
            }
        }
    }
    v
}

/// Applies a conversion to the pawn of `color` on `sq` (which stands alone
/// in its zone). Returns true if it captured the opponent's exiled King.
pub fn convert(pos: &mut Position, color: Color, sq: Square, conv: Conversion) -> bool {
    let c = color.index();
    match conv {
        Conversion::Promote(k) => {
            let (cap, ex) = (
                &mut pos.pools.captured[c][k as usize],
                &mut pos.pools.exiled[c][k as usize],
            );
            if *cap > 0 {
                *cap -= 1;
            } else {
                *ex -= 1;
            }
            pos.board.put(sq, Piece::new(color, k));
            false
        }
        Conversion::Statue => {
            pos.board.put(sq, Piece::new(color, Kind::Statue));
            false
        }
        Conversion::CaptureExiled(k) => {
            let o = color.flip().index();
            pos.pools.exiled[o][k as usize] -= 1;
            // A captured King stays on record: that side has lost (L2).
            pos.pools.captured[o][k as usize] += 1;
            pos.board.set_stack(sq, &[]);
            k == Kind::King
        }
    }
}

/// Castling rights that no longer hold: the King or that Rook moved, or is
/// no longer the bottom piece of its home square.
pub fn update_castling(pos: &mut Position, m: &Move) {
    let lost = |sq: Square| -> u8 {
        match sq {
            4 => CASTLE_WK | CASTLE_WQ,
            7 => CASTLE_WK,
            0 => CASTLE_WQ,
            60 => CASTLE_BK | CASTLE_BQ,
            63 => CASTLE_BK,
            56 => CASTLE_BQ,
            _ => 0,
        }
    };
    // The King or the Rook moved: a leg started from its home square with
    // the bottom piece. A piece entering the Rook, or a rider leaving it,
    // moves neither (the Rook keeps its right, R-B8.5).
    for l in m.legs() {
        if l.from_level == NO_LEVEL || l.from_level == 0 {
            pos.castling &= !lost(l.from);
        }
    }
    for (sq, piece) in [
        (4u8, Piece::new(Color::White, Kind::King)),
        (7, Piece::new(Color::White, Kind::Rook)),
        (0, Piece::new(Color::White, Kind::Rook)),
        (60, Piece::new(Color::Black, Kind::King)),
        (63, Piece::new(Color::Black, Kind::Rook)),
        (56, Piece::new(Color::Black, Kind::Rook)),
    ] {
        if pos.board.bottom(sq) != Some(piece) {
            pos.castling &= !lost(sq);
        }
    }
}
