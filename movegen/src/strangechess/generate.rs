//! Pseudo-legal move generation: which moves each piece family makes,
//! every landing judged by the one landing rule ([`Position::land`]).
//! The Wall's moves are in `wall.rs`, the Magician's spells in `spell.rs`,
//! tunnel travel in `tunnel.rs`, the Stone's steps in `stone.rs` and the
//! step-aside legs of rescues in `rescue.rs`.

use super::bitset::Set144;
use super::geometry::{offset, rank_of, square, tables, DIAG_DIRS, ORTHO_DIRS};
use super::moves::{Move, H, PROMOTIONS, X};
use super::position::{power, Kind, Piece, Position};
use super::rules::{castlings, forward, last_rank, Land};
use crate::game::Color;

impl Position {
    /// Every pseudo-legal move of colour `c` (own king safety ignored),
    /// each distinct move once.
    pub fn pseudo_moves(&self, c: Color, out: &mut impl FnMut(Move)) {
        self.pseudo_moves_of::<false>(c, out);
    }

    /// [`Position::pseudo_moves`], or with `NOISY` only the moves that may
    /// be noisy (capture, promote or sandwich; [`crate::Tactical::is_noisy`]
    /// decides): no spells or tunnel travel but a pawn's promoting
    /// journey, no castling, no pawn step short of the last rank, and a
    /// King, Queen, Rook, Bishop, Knight, Magician, Digger or Halfer only
    /// onto a cell an enemy occupies (the only cells where such a piece
    /// captures). A Stone keeps its steps next to an enemy (custody
    /// needs one there); Bacteria and the Wall keep every move: they
    /// capture on empty cells (a Stone power, the Wall's other cell). A
    /// quiescence search would otherwise generate hundreds of moves a
    /// position only to drop them.
    pub fn pseudo_moves_of<const NOISY: bool>(&self, c: Color, out: &mut impl FnMut(Move)) {
        let t = tables();
        let mine = self.occ_by[c.index()].and_not(self.frozen);
        let mut spell_sources = Set144::EMPTY;
        let mut wall_done = false;
        for from in mine.iter() {
            let f = self.full[from];
            if f != 0 && Piece(f).color() == c {
                let p = Piece(f);
                match p.kind() {
                    Kind::King => {
                        self.gen_leaps::<NOISY>(from, c, t.king.of(from), out);
                        if !NOISY {
                            self.gen_castling(from, c, out);
                        }
                    }
                    Kind::Queen => {
                        self.gen_rides::<NOISY>(from, c, &ORTHO_DIRS, false, out);
                        self.gen_rides::<NOISY>(from, c, &DIAG_DIRS, false, out);
                    }
                    Kind::Rook => self.gen_rides::<NOISY>(from, c, &ORTHO_DIRS, false, out),
                    Kind::Bishop => self.gen_rides::<NOISY>(from, c, &DIAG_DIRS, false, out),
                    Kind::Knight => self.gen_leaps::<NOISY>(from, c, t.knight.of(from), out),
                    Kind::Pawn => self.gen_pawn::<NOISY>(from, c, out),
                    Kind::Bacteria => self.gen_bacteria::<NOISY>(from, c, out),
                    Kind::Magician => {
                        self.gen_leaps::<NOISY>(from, c, t.king.of(from), out);
                        self.gen_leaps::<NOISY>(from, c, t.leap20.of(from), out);
                        if !NOISY {
                            self.add_spell_sources(from, &mut spell_sources);
                        }
                    }
                    Kind::Digger => self.gen_rides::<NOISY>(from, c, &DIAG_DIRS, true, out),
                    Kind::Stone => self.gen_stone::<NOISY>(from, c, out),
                    Kind::Wall => {
                        if !wall_done {
                            wall_done = true;
                            self.wall_moves(c, out);
                        }
                    }
                    Kind::Halfer => unreachable!("halfers are not full pieces"),
                }
            }
            if self.halfers(from, c) > 0 {
                let h = if f != 0 { H } else { 0 };
                self.gen_halfer::<NOISY>(from, c, h, t.knight.of(from), out);
                self.gen_halfer::<NOISY>(from, c, h, t.leap31.of(from), out);
            }
        }
        if NOISY {
            // Tunnel travel captures nothing, but a pawn's may promote.
            self.gen_tunnel_travel(c, &mut |m| {
                if m.promotion().is_some() {
                    out(m)
                }
            });
            return;
        }
        self.gen_spells(spell_sources, out);
        self.gen_tunnel_travel(c, out);
    }

    /// Whether a King, Queen, Rook, Bishop, Knight, Magician, Digger or
    /// Halfer of `c` moving to `to` may be noisy: only onto an enemy.
    #[inline(always)]
    fn may_take<const NOISY: bool>(&self, to: usize, c: Color) -> bool {
        !NOISY || self.occ_by[c.flip().index()].has(to)
    }

    fn gen_leaps<const NOISY: bool>(
        &self,
        from: usize,
        c: Color,
        targets: &[u8],
        out: &mut impl FnMut(Move),
    ) {
        for &to in targets {
            if !self.may_take::<NOISY>(to as usize, c) {
                continue;
            }
            let land = self.land(to as usize, c, false);
            if land.full_capturing() {
                self.emit_full(from, to as usize, c, land, out);
            }
        }
    }

    /// Calls `f` with every cell a rider from `from` reaches along `dirs`:
    /// up to and including the first occupied cell, or, riding `under`
    /// pieces (the Digger), every square until a hole or the edge.
    #[inline]
    fn ride(&self, from: usize, dirs: &[usize], under: bool, mut f: impl FnMut(usize)) {
        let rays = &tables().rays[from];
        for &d in dirs {
            for &to in rays[d].cells() {
                let to = to as usize;
                if !self.squares.has(to) {
                    break;
                }
                f(to);
                if !under && self.occ.has(to) {
                    break;
                }
            }
        }
    }

    /// A rider's moves: each reached cell it may land on.
    fn gen_rides<const NOISY: bool>(
        &self,
        from: usize,
        c: Color,
        dirs: &[usize],
        under: bool,
        out: &mut impl FnMut(Move),
    ) {
        if NOISY && !under {
            // A rider's one noisy landing on a ray is its first stop (an
            // occupant or a hole), when an enemy stands there: found by
            // one set operation per ray, the cells before it unvisited.
            let t = tables();
            let stops = self.occ.or(self.squares.complement());
            let enemies = self.occ_by[c.flip().index()];
            for &d in dirs {
                if let Some(to) = t
                    .nearest_on_ray(from, d, stops)
                    .filter(|&to| enemies.has(to))
                {
                    let land = self.land(to, c, false);
                    if land.full_capturing() {
                        self.emit_full(from, to, c, land, out);
                    }
                }
            }
            return;
        }
        self.ride(from, dirs, under, |to| {
            if !self.may_take::<NOISY>(to, c) {
                return;
            }
            let land = self.land(to, c, false);
            if land.full_capturing() {
                self.emit_full(from, to, c, land, out);
            }
        });
    }

    fn gen_pawn<const NOISY: bool>(&self, from: usize, c: Color, out: &mut impl FnMut(Move)) {
        let dr = forward(c);
        let last = last_rank(c);
        let promote = |m: Move, out: &mut dyn FnMut(Move)| {
            if rank_of(m.to()) == last {
                for k in PROMOTIONS {
                    out(m.with_promotion(k));
                }
            } else {
                out(m);
            }
        };
        // Straight steps: one, or up to the half-way mark while unmoved.
        let max_steps = if self.unmoved.has(from) {
            let r = rank_of(from) as i32;
            if c == Color::White { 5 - r } else { r - 6 }.max(1)
        } else {
            1
        };
        let mut sq = from;
        for _ in 0..max_steps {
            let Some(to) = offset(sq, 0, dr) else { break };
            if !self.squares.has(to) {
                break;
            }
            // A step short of the last rank is quiet.
            if (!NOISY || rank_of(to) == last) && self.land(to, c, false).quiet() {
                promote(Move::new(from, to, 0), out);
            }
            if self.occ.has(to) {
                break;
            }
            sq = to;
        }
        // Diagonal captures, sieges, rescues and en passant.
        for df in [-1, 1] {
            let Some(to) = offset(from, df, dr) else {
                continue;
            };
            let land = self.land(to, c, false);
            match land {
                Land::Capture | Land::SiegeHalf | Land::CaptureAndSiege => {
                    promote(Move::new(from, to, 0), out)
                }
                Land::Rescue => {
                    if rank_of(to) == last {
                        for k in PROMOTIONS {
                            self.emit_rescue(Move::new(from, to, 0).with_promotion(k), c, out);
                        }
                    } else {
                        self.emit_rescue(Move::new(from, to, 0), c, out);
                    }
                }
                // E.p. cells belong to the side to move (the enemy pawn just passed).
                Land::Quiet if c == self.side && self.ep_cells().contains(&(to as u8)) => {
                    out(Move::new(from, to, 0))
                }
                _ => {}
            }
        }
    }

    fn gen_bacteria<const NOISY: bool>(&self, from: usize, c: Color, out: &mut impl FnMut(Move)) {
        let t = tables();
        let pw = self.powers[from];
        // Noisy: onto an enemy, or (a Stone power) a king step that may
        // sandwich one.
        let custody = if pw & power::S != 0 {
            t.king.of(from)
        } else {
            &[]
        };
        let may_be_noisy =
            |to: usize| self.may_take::<NOISY>(to, c) || custody.contains(&(to as u8));
        // Several powers can reach one cell with the same effect: one move.
        let mut seen = Set144::EMPTY;
        let mut emit = |this: &Position, to: usize, land: Land, out: &mut dyn FnMut(Move)| {
            if !seen.has(to) {
                seen.set(to);
                let mut o = |m| out(m);
                this.emit_full(from, to, c, land, &mut o);
            }
        };
        let mut leap = |this: &Position, targets: &[u8], out: &mut dyn FnMut(Move)| {
            for &to in targets {
                if !may_be_noisy(to as usize) {
                    continue;
                }
                let land = this.land(to as usize, c, false);
                if land.full_capturing() {
                    emit(this, to as usize, land, out);
                }
            }
        };
        leap(self, t.king.of(from), out);
        leap(self, t.knight.of(from), out);
        if pw & power::D != 0 {
            leap(self, t.leap20.of(from), out);
        }
        if pw & power::C != 0 {
            leap(self, t.leap31.of(from), out);
        }
        // Slides (and the Digger's ride under pieces) with the powers held;
        // `leap` keeps each reached cell once.
        for (bit, dirs, under) in [
            (power::R, &ORTHO_DIRS, false),
            (power::B, &DIAG_DIRS, false),
            (power::T, &DIAG_DIRS, true),
        ] {
            if pw & bit != 0 {
                let mut reached = arrayvec::ArrayVec::<u8, 48>::new();
                self.ride(from, dirs, under, |to| reached.push(to as u8));
                leap(self, &reached, out);
            }
        }
        if pw & power::P != 0 {
            let dr = forward(c);
            if let Some(to) = offset(from, 0, dr) {
                if self.land(to, c, false).quiet() {
                    leap(self, &[to as u8], out);
                }
            }
            for df in [-1, 1] {
                if let Some(to) = offset(from, df, dr) {
                    let land = self.land(to, c, false);
                    if land.full_capturing() && !land.quiet() {
                        leap(self, &[to as u8], out);
                    }
                }
            }
        }
    }

    fn gen_halfer<const NOISY: bool>(
        &self,
        from: usize,
        c: Color,
        h: u8,
        targets: &[u8],
        out: &mut impl FnMut(Move),
    ) {
        for &to in targets {
            if !self.may_take::<NOISY>(to as usize, c) {
                continue;
            }
            match self.land(to as usize, c, true) {
                Land::Quiet | Land::Share | Land::HalfOnFull | Land::Rescue => {
                    out(Move::new(from, to as usize, h))
                }
                Land::HalfOnHalf => {
                    out(Move::new(from, to as usize, h));
                    out(Move::new(from, to as usize, h | X));
                }
                _ => {}
            }
        }
    }

    fn gen_castling(&self, from: usize, c: Color, out: &mut impl FnMut(Move)) {
        let r = if c == Color::White { 0 } else { 11 };
        if from != square(6, r) || self.castling == 0 {
            return;
        }
        for (right, king_to, rook_from, _, between) in castlings(c) {
            if self.castling & right == 0
                || self.full[rook_from] != Piece::new(Kind::Rook, c).0
                || self.frozen.has(rook_from)
            {
                continue;
            }
            if between.clone().all(|f| self.vacant(square(f, r))) {
                out(Move::new(from, king_to, 0));
            }
        }
    }
}
