//! Check (R-A0.6): a side is in check when the opponent has a pseudo-legal
//! move that would remove its king.
//!
//! [`Position::king_capturable_simple`] is that definition, literally: it
//! plays every opponent move and looks for the king. The move generator
//! uses [`Position::king_capturable`], which asks the same question from
//! the king's square (leaps, rays, the Digger's rays under pieces, pawns,
//! the Wall's translations, Stone sandwiches). Tests compare the two over
//! many random positions.

use super::geometry::{offset, tables, KING, NONE};
use super::position::{power, Kind, Piece, Position};
use super::rules::forward;
use crate::game::Color;

impl Position {
    /// The definition: some pseudo-legal move of `by` removes the other
    /// side's king.
    pub fn king_capturable_simple(&self, by: Color) -> bool {
        let victim = by.flip();
        if self.king[victim.index()] == NONE {
            return false;
        }
        let mut q = *self;
        if by != self.side {
            // E.p. cells are the side to move's; they never matter for a king.
            q.n_ep = 0;
        }
        q.side = by;
        let mut hit = false;
        q.pseudo_moves(by, &mut |m| {
            if !hit {
                let mut r = q;
                r.apply_immediate(m);
                hit = r.king[victim.index()] == NONE;
            }
        });
        hit
    }

    /// The kinds of the opponent's pieces that give check to the side to
    /// move, by the definition (for tests, suites and front ends).
    pub fn checking_kinds(&self) -> Vec<Kind> {
        let by = self.side.flip();
        let victim = self.side;
        let mut q = *self;
        q.n_ep = 0;
        q.side = by;
        let mut kinds = Vec::new();
        q.pseudo_moves(by, &mut |m| {
            let mut r = q;
            r.apply_immediate(m);
            if r.king[victim.index()] == NONE {
                let k = match q.piece_at(m.from()) {
                    Some(p) if !m.has(super::moves::H) && p.color() == by => p.kind(),
                    _ => Kind::Halfer,
                };
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
        });
        kinds
    }

    /// Whether a non-frozen full piece of colour `by` of one of `kinds` (or
    /// a Bacteria with one of `powers`, 0 meaning "any Bacteria") stands on
    /// `sq`.
    #[inline(always)]
    fn attacker(&self, sq: usize, by: Color, kinds: &[Kind], bact: Option<u8>) -> bool {
        let f = self.full[sq];
        if f == 0 || self.frozen.has(sq) {
            return false;
        }
        let p = Piece(f);
        if p.color() != by {
            return false;
        }
        let k = p.kind();
        kinds.contains(&k)
            || (k == Kind::Bacteria
                && match bact {
                    Some(0) => true,
                    Some(mask) => self.powers[sq] & mask != 0,
                    None => false,
                })
    }

    /// Fast form of the definition, from the king's square.
    pub fn king_capturable(&self, by: Color) -> bool {
        let victim = by.flip();
        let k = self.king[victim.index()];
        if k == NONE {
            return false;
        }
        let k = k as usize;
        if self.reaches(k, by) {
            return true;
        }
        // The Wall: any translation that lands a cell on the king.
        if let Some((a, b)) = self.wall(by) {
            if !self.frozen.has(a) && !self.frozen.has(b) && self.wall_hits(by, k) {
                return true;
            }
        }
        false
    }

    /// Whether `by` could take what stands on cell `sq` of the other side
    /// by a leap, a step, a ray, a pawn or a Stone sandwich: the king test
    /// without the Wall (whose translations are played out for the king
    /// alone). The search uses it to tell defended pieces from hanging ones.
    pub fn guards(&self, sq: usize, by: Color) -> bool {
        self.reaches(sq, by)
    }

    /// Every way but the Wall for `by` to remove the other side's occupant
    /// of `k`.
    fn reaches(&self, k: usize, by: Color) -> bool {
        let victim = by.flip();
        let t = tables();
        let frozen_target = self.frozen.has(k);
        // A Halfer can take a lone king, or rescue its own besieged Halfer
        // from a besieging king; it cannot enter a king shared with a
        // friendly Halfer.
        let halfer_hits = frozen_target || self.half[k] == 0;
        let halfer_at = |sq: usize| self.halfers(sq, by) > 0 && !self.frozen.has(sq);
        // Only cells holding a piece of `by` that is not frozen can hold
        // an attacker (`attacker`, `halfer_at`): each pattern visits those
        // of its cells alone, and a ray without one is not walked.
        let foes = self.occ_by[by.index()].and_not(self.frozen);

        for s in t.knight.mask(k).and(foes).iter() {
            if self.attacker(s, by, &[Kind::Knight], Some(0)) || (halfer_hits && halfer_at(s)) {
                return true;
            }
        }
        for s in t.leap31.mask(k).and(foes).iter() {
            if self.attacker(s, by, &[], Some(power::C)) || (halfer_hits && halfer_at(s)) {
                return true;
            }
        }
        for s in t.king.mask(k).and(foes).iter() {
            if self.attacker(s, by, &[Kind::King, Kind::Magician], Some(0)) {
                return true;
            }
        }
        for s in t.leap20.mask(k).and(foes).iter() {
            if self.attacker(s, by, &[Kind::Magician], Some(power::D)) {
                return true;
            }
        }
        // Rays: a slider is the first occupant; a Digger (or tunnelling
        // Bacteria) may stand anywhere on a diagonal before the first hole.
        for (d, ray) in t.rays[k].iter().enumerate() {
            if ray.mask.and(foes).is_empty() {
                continue;
            }
            let diagonal = d % 2 == 1;
            let (kinds, bact) = if diagonal {
                ([Kind::Bishop, Kind::Queen], power::B)
            } else {
                ([Kind::Rook, Kind::Queen], power::R)
            };
            let mut slider_blocked = false;
            for &n in ray.cells() {
                let n = n as usize;
                if !self.squares.has(n) {
                    break;
                }
                if !self.occ.has(n) {
                    continue;
                }
                if !slider_blocked {
                    if self.attacker(n, by, &kinds, Some(bact)) {
                        return true;
                    }
                    slider_blocked = true;
                }
                if !diagonal {
                    break;
                }
                if self.attacker(n, by, &[Kind::Digger], Some(power::T)) {
                    return true;
                }
            }
        }
        // Pawns (and pawn-powered Bacteria) capture one step diagonally
        // forward.
        let back = -forward(by);
        for df in [-1, 1] {
            if let Some(s) = offset(k, df, back) {
                if self.attacker(s, by, &[Kind::Pawn], Some(power::P)) {
                    return true;
                }
            }
        }
        // Stone sandwiches: a Stone (or Stone-powered Bacteria) steps onto
        // a free cell beside the king with a piece of `by` beyond it.
        for (df, dr) in KING {
            let (Some(s), Some(p)) = (offset(k, -df, -dr), offset(k, df, dr)) else {
                continue;
            };
            if !self.occ_by[by.index()].has(p) || !self.squares.has(s) {
                continue;
            }
            let free = self.full[s] == 0
                && self.halfers(s, victim) == 0
                && self.halfers(s, by) <= 1
                && !self.frozen.has(s);
            if !free {
                continue;
            }
            for o in t.king.mask(s).and(foes).iter() {
                if self.attacker(o, by, &[Kind::Stone], Some(power::S)) {
                    return true;
                }
            }
        }
        false
    }

    fn wall_hits(&self, by: Color, k: usize) -> bool {
        use super::geometry::{file_of, rank_of};
        // A translation keeps each cell on its file (moving along files) or
        // its rank: the king must share one of those with a Wall cell.
        let (a, b) = self.wall(by).expect("wall");
        // A translation keeps each cell on its file or rank: only the
        // directions from a cell in line with the king toward it can land
        // on it.
        let mut dirs = arrayvec::ArrayVec::<(i32, i32), 4>::new();
        for w in [a, b] {
            let d = if file_of(w) == file_of(k) {
                (0, (rank_of(k) as i32 - rank_of(w) as i32).signum())
            } else if rank_of(w) == rank_of(k) {
                ((file_of(k) as i32 - file_of(w) as i32).signum(), 0)
            } else {
                continue;
            };
            if !dirs.contains(&d) {
                dirs.push(d);
            }
        }
        if dirs.is_empty() {
            return false;
        }
        // Translations landing a cell on the king, played out on a copy
        // only if there are any. A rescue by the other cell comes once per
        // choice of displacement legs, all in a row; which legs does not
        // matter for the king, so one of them is kept.
        let mut landing = arrayvec::ArrayVec::<super::moves::Move, 4>::new();
        self.wall_translations(by, &dirs, &mut |m| {
            let (from, to) = (m.from(), m.to());
            let df = file_of(to) as i32 - file_of(from) as i32;
            let dr = rank_of(to) as i32 - rank_of(from) as i32;
            let hits = offset(a, df, dr) == Some(k) || offset(b, df, dr) == Some(k);
            if hits
                && landing
                    .last()
                    .is_none_or(|l| (l.from, l.to) != (m.from, m.to))
            {
                landing.push(m);
            }
        });
        let victim = by.flip();
        let hit = landing.iter().any(|&m| {
            let mut r = *self;
            r.side = by;
            r.apply_immediate(m);
            r.king[victim.index()] == NONE
        });
        hit
    }

    /// Whether the side to move is in check.
    pub fn in_check_now(&self) -> bool {
        self.king_capturable(self.side.flip())
    }

    /// Cells whose emptying (or, for a spell's destination, becoming a
    /// square) could give the enemy a new way to take the king of the side
    /// to move: the king's cell, its eight rays to the edge (sliders stop
    /// at pieces, the Digger only at holes; the rays include the king's
    /// neighbours, where a Stone would step), and the cells an enemy
    /// Wall's translation onto the king would pass.
    fn danger_cells(&self) -> super::bitset::Set144 {
        use super::bitset::Set144;
        let c = self.side;
        let k = self.king[c.index()];
        if k == NONE {
            return Set144::FRAME;
        }
        let k = k as usize;
        let mut d = Set144::EMPTY;
        d.set(k);
        for (df, dr) in KING {
            let mut sq = k;
            while let Some(n) = offset(sq, df, dr) {
                d.set(n);
                sq = n;
            }
        }
        if let Some((a, b)) = self.wall(c.flip()) {
            if !self.frozen.has(a) && !self.frozen.has(b) {
                // A translation lands a Wall cell on the king only along the
                // line that cell runs on; what it needs is the cells between,
                // on both of the Wall's parallel lines.
                use super::geometry::{file_of, rank_of, square};
                let (kf, kr) = (file_of(k), rank_of(k));
                let horizontal = rank_of(a) == rank_of(b);
                let between = |x: usize, y: usize| x.min(y)..=x.max(y);
                if horizontal {
                    let rw = rank_of(a);
                    if kf == file_of(a) || kf == file_of(b) {
                        for r in between(rw, kr) {
                            d.set(square(file_of(a), r));
                            d.set(square(file_of(b), r));
                        }
                    }
                    if kr == rw {
                        for f in between(file_of(a), kf) {
                            d.set(square(f, rw));
                        }
                        for f in between(file_of(b), kf) {
                            d.set(square(f, rw));
                        }
                    }
                } else {
                    let fw = file_of(a);
                    if kr == rank_of(a) || kr == rank_of(b) {
                        for f in between(fw, kf) {
                            d.set(square(f, rank_of(a)));
                            d.set(square(f, rank_of(b)));
                        }
                    }
                    if kf == fw {
                        for r in between(rank_of(a), kr) {
                            d.set(square(fw, r));
                        }
                        for r in between(rank_of(b), kr) {
                            d.set(square(fw, r));
                        }
                    }
                }
            }
        }
        d
    }

    /// Whether `m` provably keeps the king safe without playing it, given
    /// that the side to move is not in check now. Our move adds only our own
    /// pieces to cells, removes or freezes only enemy pieces, and never
    /// unfreezes an enemy; filling a cell or making a hole can only take
    /// attacks away. So the one danger is a cell that becomes empty (or a
    /// hole that becomes a square) on a danger line. Moves that empty more
    /// than their from-cell (the king's own moves and castling, Wall moves,
    /// Stone steps with their custodian captures, Bacteria that may make
    /// one, en passant, the capture of a Wall through one cell, a ply that
    /// completes a siege) are always played out instead.
    #[inline]
    fn quietly_safe(&self, m: super::moves::Move, danger: &super::bitset::Set144) -> bool {
        let from = m.from();
        if !self.occ.has(from) {
            // A spell: the source becomes a hole (never dangerous), the
            // destination a square.
            return from == m.to() || !danger.has(m.to());
        }
        if danger.has(from) {
            return false;
        }
        if m.has(super::moves::H) {
            return true;
        }
        let Some(p) = self.piece_at(from) else {
            return true; // a Halfer alone
        };
        if p.color() != self.side {
            return true; // a Halfer sharing with an enemy Halfer
        }
        match p.kind() {
            Kind::King | Kind::Wall | Kind::Stone | Kind::Bacteria => false,
            Kind::Pawn => !self.ep_cells().contains(&m.to),
            _ => match self.piece_at(m.to()) {
                Some(t) => t.kind() != Kind::Wall || t.color() == self.side,
                None => true,
            },
        }
    }

    /// Whether `m` (of the side to move) is a castling: the King's own move
    /// across more than one file. A Halfer leaving the King's square (`h`)
    /// and the King's tunnel travel (`t`) go as far, but are no castling
    /// and may leave check (R-A8.2, R-A6.5).
    #[inline]
    fn is_castling(&self, m: super::moves::Move) -> bool {
        use super::moves::{H, T};
        !m.has(H | T)
            && self.full[m.from()] == Piece::new(Kind::King, self.side).0
            && super::geometry::file_of(m.from()).abs_diff(super::geometry::file_of(m.to())) > 1
    }

    /// Whether the pseudo-legal move `m` (of the side to move) is legal: it
    /// leaves the king safe, and a castling starts out of check.
    pub(crate) fn pseudo_is_legal(&self, m: super::moves::Move) -> bool {
        if self.is_castling(m) && self.in_check_now() {
            return false;
        }
        let mut after = *self;
        after.apply(m);
        after.mover_king_safe()
    }

    /// On the position a pseudo-legal move has just made: the mover's king
    /// cannot be captured by the side now to move. The one test of
    /// "this move leaves the king safe" (castling's "not out of check" is
    /// the caller's, decided before the move).
    #[inline]
    pub(crate) fn mover_king_safe(&self) -> bool {
        !self.king_capturable(self.side)
    }

    /// Legal moves: pseudo-legal moves that leave the mover's king safe;
    /// castling also needs the king out of check before.
    pub fn legal(&self, out: &mut impl FnMut(super::moves::Move)) {
        self.legal_where(|_| true, out);
    }

    /// The legal moves among those `keep` accepts: the filter runs before
    /// the legality test, so a search that wants only captures does not pay
    /// for testing the quiet moves.
    pub fn legal_where(
        &self,
        keep: impl Fn(super::moves::Move) -> bool,
        out: &mut impl FnMut(super::moves::Move),
    ) {
        self.legal_where_of::<false>(keep, out);
    }

    /// [`Position::legal_where`] over the moves that may be noisy only
    /// (see [`Position::pseudo_moves_of`]) when `NOISY`.
    pub fn legal_where_of<const NOISY: bool>(
        &self,
        keep: impl Fn(super::moves::Move) -> bool,
        out: &mut impl FnMut(super::moves::Move),
    ) {
        let c = self.side;
        let in_check = self.in_check_now();
        // A ply that completes a siege removes a piece at its end: play
        // every move out then.
        let completes = self.sieges().iter().any(|s| s.left == 1);
        let danger = if in_check || completes {
            super::bitset::Set144::FRAME
        } else {
            self.danger_cells()
        };
        self.pseudo_moves_of::<NOISY>(c, &mut |m| {
            if !keep(m) {
                return;
            }
            if !in_check && !completes && self.quietly_safe(m, &danger) {
                out(m);
                return;
            }
            if in_check && self.is_castling(m) {
                return;
            }
            let mut after = *self;
            after.apply(m);
            if after.mover_king_safe() {
                out(m);
            }
        });
    }
}
