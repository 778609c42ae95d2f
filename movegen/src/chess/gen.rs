//! Legal move generation for chess, without making moves.
//!
//! The classic scheme: find the checkers and the pinned pieces first; in
//! double check only the king moves; in single check every other move must
//! land on the check mask (capture the checker or block); a pinned piece
//! stays on the line through its king; the king never steps onto an
//! attacked square (computed with the king removed, so it cannot retreat
//! along a checking ray). En passant, which removes two pieces from a rank,
//! is verified directly against sliders.
//!
//! Generation writes into a [`Sink`]: a list for `legal_moves`, a counter for
//! `count_legal` (perft's last ply counts target sets with `count_ones`).

use super::attacks::{Sliders, SLIDERS, T};
use super::position::{
    Move, Position, BISHOP, CASTLE, DOUBLE, EN_PASSANT, KING, KNIGHT, PAWN, PROMO, QUEEN, QUIET,
    ROOK,
};
use crate::bits::{bit, Bits};
use crate::game::{Color, MoveList};

const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;

pub(crate) trait Sink {
    /// Moves from `from` to every square of `targets` (no promotions).
    fn moves(&mut self, from: usize, targets: u64);
    /// Pawn moves from `from` to `targets`, promotion-aware.
    fn pawn(&mut self, from: usize, targets: u64, last_rank: u64);
    fn special(&mut self, m: Move);
}

impl Sink for MoveList<Move> {
    #[inline(always)]
    fn moves(&mut self, from: usize, targets: u64) {
        for t in Bits(targets) {
            self.push(Move::new(from, t, QUIET));
        }
    }
    #[inline(always)]
    fn pawn(&mut self, from: usize, targets: u64, last_rank: u64) {
        for t in Bits(targets) {
            if bit(t) & last_rank != 0 {
                for p in (PROMO..PROMO + 4).rev() {
                    self.push(Move::new(from, t, p));
                }
            } else if t.abs_diff(from) == 16 {
                self.push(Move::new(from, t, DOUBLE));
            } else {
                self.push(Move::new(from, t, QUIET));
            }
        }
    }
    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts instead of listing.
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline(always)]
    fn moves(&mut self, _from: usize, targets: u64) {
        self.0 += targets.count_ones() as usize;
    }
    #[inline(always)]
    fn pawn(&mut self, _from: usize, targets: u64, last_rank: u64) {
        self.0 += (targets & !last_rank).count_ones() as usize
            + 4 * (targets & last_rank).count_ones() as usize;
    }
    #[inline(always)]
    fn special(&mut self, _m: Move) {
        self.0 += 1;
    }
}

impl Position {
    /// Pieces of `by` attacking `s` with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attackers(&self, sl: &Sliders, s: usize, by: Color, occ: u64) -> u64 {
        let p = &self.pieces[by.index()];
        (T.pawn[1 - by.index()][s] & p[PAWN])
            | (T.knight[s] & p[KNIGHT])
            | (T.king[s] & p[KING])
            | (sl.bishop(s, occ) & (p[BISHOP] | p[QUEEN]))
            | (sl.rook(s, occ) & (p[ROOK] | p[QUEEN]))
    }

    pub(crate) fn generate<S: Sink>(&self, out: &mut S) {
        let sl: &Sliders = &SLIDERS;
        let c = self.side;
        let us = c.index();
        let them = c.flip();
        let own = self.colors[us];
        let enemy = self.colors[1 - us];
        let occ = own | enemy;
        let k = self.pieces[us][KING].trailing_zeros() as usize;
        let checkers = self.checkers;

        // King steps: squares not attacked once the king has left.
        let occ_no_king = occ ^ bit(k);
        let mut steps = T.king[k] & !own;
        for t in Bits(steps) {
            if self.attackers(sl, t, them, occ_no_king) != 0 {
                steps &= !bit(t);
            }
        }
        out.moves(k, steps);
        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check
        }
        let check_mask = if checkers != 0 {
            let checker = checkers.trailing_zeros() as usize;
            T.between[k][checker] | checkers
        } else {
            !0
        };

        // Pinned pieces: own pieces alone between the king and an enemy slider.
        let ep = &self.pieces[1 - us];
        let snipers = (sl.rook(k, enemy) & (ep[ROOK] | ep[QUEEN]))
            | (sl.bishop(k, enemy) & (ep[BISHOP] | ep[QUEEN]));
        let mut pinned = 0u64;
        for s in Bits(snipers) {
            let b = T.between[k][s] & occ;
            if b & (b.wrapping_sub(1)) == 0 && b & own != 0 {
                pinned |= b;
            }
        }
        let allowed = |from: usize| -> u64 {
            if pinned & bit(from) != 0 {
                T.line[k][from] & check_mask
            } else {
                check_mask
            }
        };

        let p = &self.pieces[us];
        let targets = !own;
        // A pinned knight never moves.
        for s in Bits(p[KNIGHT] & !pinned) {
            out.moves(s, T.knight[s] & targets & check_mask);
        }
        for s in Bits(p[BISHOP] | p[QUEEN]) {
            out.moves(s, sl.bishop(s, occ) & targets & allowed(s));
        }
        for s in Bits(p[ROOK] | p[QUEEN]) {
            out.moves(s, sl.rook(s, occ) & targets & allowed(s));
        }

        // Pawns.
        let (last, start_rank, up): (u64, u64, i32) = if c == Color::White {
            (RANK_8, 0xFF00, 8)
        } else {
            (RANK_1, 0xFF << 48, -8)
        };
        for s in Bits(p[PAWN]) {
            let one = (s as i32 + up) as usize;
            let mut t = 0;
            if occ & bit(one) == 0 {
                t |= bit(one);
                if bit(s) & start_rank != 0 {
                    let two = (one as i32 + up) as usize;
                    if occ & bit(two) == 0 {
                        t |= bit(two);
                    }
                }
            }
            t |= T.pawn[us][s] & enemy;
            out.pawn(s, t & allowed(s), last);
        }
        self.en_passants(sl, k, checkers, occ, out);
        if checkers == 0 {
            self.castles(sl, occ, out);
        }
    }

    /// En passant captures: both pawns leave and ours lands, so the check
    /// test is made on the board after (a discovered check along the
    /// fifth rank is possible).
    #[inline(always)]
    fn en_passants<S: Sink>(&self, sl: &Sliders, k: usize, checkers: u64, occ: u64, out: &mut S) {
        if let Some(e) = self.ep {
            let us = self.side.index();
            let ep = &self.pieces[1 - us];
            let p = &self.pieces[us];
            let up: i32 = if self.side == Color::White { 8 } else { -8 };
            let e = e as usize;
            let victim = (e as i32 - up) as usize;
            for s in Bits(T.pawn[1 - us][e] & p[PAWN]) {
                // Verify directly: both pawns leave, ours lands on e.
                let after = (occ ^ bit(s) ^ bit(victim)) | bit(e);
                let sliders = (sl.rook(k, after) & (ep[ROOK] | ep[QUEEN]))
                    | (sl.bishop(k, after) & (ep[BISHOP] | ep[QUEEN]));
                // Non-slider checkers: only the victim itself can be one.
                let others = checkers & !bit(victim) & !(ep[ROOK] | ep[QUEEN] | ep[BISHOP]);
                if sliders == 0 && others == 0 {
                    out.special(Move::new(s, e, EN_PASSANT));
                }
            }
        }
    }

    /// Castling (the side is not in check): not through or into check; the
    /// squares between king and rook empty.
    #[inline(always)]
    fn castles<S: Sink>(&self, sl: &Sliders, occ: u64, out: &mut S) {
        let c = self.side;
        let them = c.flip();
        let (ks, qs, home) = if c == Color::White {
            (super::position::WK, super::position::WQ, 4)
        } else {
            (super::position::BK, super::position::BQ, 60)
        };
        if self.castling & ks != 0
            && occ & (bit(home + 1) | bit(home + 2)) == 0
            && self.attackers(sl, home + 1, them, occ) == 0
            && self.attackers(sl, home + 2, them, occ) == 0
        {
            out.special(Move::new(home, home + 2, CASTLE));
        }
        if self.castling & qs != 0
            && occ & (bit(home - 1) | bit(home - 2) | bit(home - 3)) == 0
            && self.attackers(sl, home - 1, them, occ) == 0
            && self.attackers(sl, home - 2, them, occ) == 0
        {
            out.special(Move::new(home, home - 2, CASTLE));
        }
    }
}
