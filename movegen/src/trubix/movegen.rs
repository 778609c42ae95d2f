//! Legal move generation and attack detection for the Trubix family.
//!
//! Strategy: generate pseudo-legal moves from the tables; a move needs a
//! full "is my king attacked afterwards" test only when it may expose the
//! king: king moves, every move while in check, and moves of pieces that
//! stand on a slider line between our king and an enemy slider (queen, or
//! squire on orthogonal lines). All other moves are legal as generated.
//! The candidate set is deliberately a superset of the real pins: forking
//! lines (Trubix-43) make exact pin rays awkward, and the full test is exact.

use super::geometry::Board;
use super::piece::{Kind, Piece};
use super::position::{Move, Position};
use crate::bits::{bit, Bits};
use crate::game::{Color, MoveList};

/// Where a generated move goes: a list (legal move generation) or a counter
/// (bulk counting at the last perft ply).
pub(crate) trait Sink {
    fn push(&mut self, m: Move);
    /// Adds `n` moves that differ only in their promotion choice, all legal.
    fn push_promotions(&mut self, from: usize, to: usize, kinds: &[Kind]) {
        for &k in kinds {
            self.push(Move::new(from, to, Some(k)));
        }
    }
}

impl Sink for MoveList<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        // Capacity is far above any reachable move count (see MAX_MOVES);
        // `try_push` keeps a corrupt position from panicking.
        let _ = self.try_push(m);
    }
}

/// Counts moves without storing them.
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_promotions(&mut self, _from: usize, _to: usize, kinds: &[Kind]) {
        self.0 += kinds.len();
    }
}

impl Position {
    /// Whether square `s` is attacked by the pieces in `attackers` (a subset
    /// of one colour), with occupancy `occ`. Every move relation of these
    /// games is symmetric (rules A4 self-check, and a geometry test), so the
    /// attacks are looked up from the target square.
    #[inline]
    pub(crate) fn attacked_by(&self, s: usize, occ: u64, attackers: u64) -> bool {
        let g = self.geo;
        let k = &self.by_kind;
        let steppers =
            k[Kind::King as usize] | k[Kind::Crowned as usize] | k[Kind::Fleurbic as usize];
        if g.king[s] & attackers & steppers != 0 {
            return true;
        }
        let knights = k[Kind::Knight as usize] | k[Kind::Crowned as usize];
        if g.knight[s] & attackers & knights != 0 {
            return true;
        }
        let diag_steppers = k[Kind::Woozan as usize] | k[Kind::Squire as usize];
        if g.diag_step[s] & attackers & diag_steppers != 0 {
            return true;
        }
        if g.leap2[s] & attackers & k[Kind::Fleurbic as usize] != 0 {
            return true;
        }
        let queens = attackers & k[Kind::Queen as usize];
        let orth = queens | (attackers & k[Kind::Squire as usize]);
        if orth & g.orth[s].all != 0 && g.orth[s].attacks(occ) & orth != 0 {
            return true;
        }
        queens & g.diag[s].all != 0 && g.diag[s].attacks(occ) & queens != 0
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        let us = self.side;
        let ksq = self.king_square(us);
        self.attacked_by(ksq, self.occupied(), self.pieces(us.flip()))
    }

    /// Whether playing from->to (a pseudo-legal move of the side to move)
    /// leaves its own king safe.
    #[inline]
    fn safe_after(&self, from: usize, to: usize) -> bool {
        let us = self.side;
        let mut ksq = self.king_square(us);
        if ksq == from {
            ksq = to;
        }
        let occ = (self.occupied() & !bit(from)) | bit(to);
        let attackers = self.pieces(us.flip()) & !bit(to);
        !self.attacked_by(ksq, occ, attackers)
    }

    /// Own pieces that might be pinned: those on a slider branch from our
    /// king that also holds an enemy slider able to move along it.
    fn pin_candidates(&self) -> u64 {
        let g = self.geo;
        let us = self.side;
        let own = self.pieces(us);
        let enemy = self.pieces(us.flip());
        let ksq = self.king_square(us);
        let queens = enemy & self.by_kind[Kind::Queen as usize];
        let orth_sliders = queens | (enemy & self.by_kind[Kind::Squire as usize]);
        let mut cands = 0;
        let os = &g.orth[ksq];
        if os.all & orth_sliders != 0 {
            for r in &os.rays[..os.len as usize] {
                if r.mask & orth_sliders != 0 {
                    cands |= r.mask & own;
                }
            }
        }
        let ds = &g.diag[ksq];
        if ds.all & queens != 0 {
            for r in &ds.rays[..ds.len as usize] {
                if r.mask & queens != 0 {
                    cands |= r.mask & own;
                }
            }
        }
        cands
    }

    /// The promotion choices when a woozan of `us` arrives on its last
    /// square (mandatory) or on its rank 9 / rank 1 from outside it (optional,
    /// so the plain move is generated too).
    fn promotion_kinds(&self, last_square: bool) -> &'static [Kind] {
        const T41_LAST: [Kind; 3] = [Kind::Queen, Kind::Knight, Kind::Fleurbic];
        const T41_RANK: [Kind; 2] = [Kind::Knight, Kind::Fleurbic];
        const T43_LAST: [Kind; 4] = [Kind::Queen, Kind::Squire, Kind::Crowned, Kind::Fleurbic];
        const T43_LAST_NO_QUEEN: [Kind; 3] = [Kind::Squire, Kind::Crowned, Kind::Fleurbic];
        const T43_RANK: [Kind; 2] = [Kind::Crowned, Kind::Fleurbic];
        match (self.geo.board_kind, last_square) {
            (Board::T41, true) => &T41_LAST,
            (Board::T41, false) => &T41_RANK,
            (Board::T43, true) => {
                // One-queen rule, counted before the move.
                if self.pieces_of(self.side, Kind::Queen) == 0 {
                    &T43_LAST
                } else {
                    &T43_LAST_NO_QUEEN
                }
            }
            (Board::T43, false) => &T43_RANK,
        }
    }

    /// Emits a woozan move with its promotion variants.
    #[inline]
    fn push_woozan<S: Sink>(&self, out: &mut S, from: usize, to: usize) {
        let g = self.geo;
        let c = self.side.index();
        if g.last[c] & bit(to) != 0 {
            out.push_promotions(from, to, self.promotion_kinds(true));
        } else if g.promo_rank[c] & bit(to) != 0 && g.promo_rank[c] & bit(from) == 0 {
            out.push(Move::new(from, to, None));
            out.push_promotions(from, to, self.promotion_kinds(false));
        } else {
            out.push(Move::new(from, to, None));
        }
    }

    /// Squares a piece of `kind` on `s` attacks with occupancy `occ` (own
    /// pieces not removed). For every piece but the woozan these are also
    /// its move targets; the woozan attacks only its diagonal neighbours.
    #[inline]
    pub fn attacks_from(&self, kind: Kind, s: usize, occ: u64) -> u64 {
        let g = self.geo;
        match kind {
            Kind::King => g.king[s],
            Kind::Queen => g.orth[s].attacks(occ) | g.diag[s].attacks(occ),
            Kind::Knight => g.knight[s],
            Kind::Crowned => g.knight[s] | g.king[s],
            Kind::Squire => g.orth[s].attacks(occ) | g.diag_step[s],
            Kind::Fleurbic => g.king[s] | g.leap2[s],
            Kind::Woozan => g.diag_step[s],
        }
    }

    /// Generates the moves of the side to move. With `LEGAL` false, moves
    /// that leave the own king attacked are included too (used to explain
    /// why a move was refused).
    pub(crate) fn generate<S: Sink, const LEGAL: bool>(&self, out: &mut S) {
        let g = self.geo;
        let us = self.side;
        let c = us.index();
        let own = self.pieces(us);
        let enemy = self.pieces(us.flip());
        let occ = own | enemy;
        let empty = g.board & !occ;
        let ksq = self.king_square(us);
        let in_check = LEGAL && self.attacked_by(ksq, occ, enemy);
        // Moves from these squares need the full test.
        let risky = if !LEGAL {
            0
        } else if in_check {
            !0
        } else {
            self.pin_candidates() | bit(ksq)
        };

        // Non-woozan pieces.
        for s in Bits(own & !self.by_kind[Kind::Woozan as usize]) {
            let kind = self.squares[s].kind();
            let targets = self.attacks_from(kind, s, occ) & !own;
            if risky & bit(s) == 0 {
                for t in Bits(targets) {
                    out.push(Move::new(s, t, None));
                }
            } else {
                for t in Bits(targets) {
                    if self.safe_after(s, t) {
                        out.push(Move::new(s, t, None));
                    }
                }
            }
        }

        // Woozans: steps (with X and Z links), diagonal captures, two-steps.
        let woozans = own & self.by_kind[Kind::Woozan as usize];
        for s in Bits(woozans) {
            let mut targets = (g.woozan_step[c][s] & empty) | (g.diag_step[s] & enemy);
            if self.unmoved & bit(s) != 0 && g.double_mid[c][s] & occ == 0 {
                targets |= g.double_to[c][s] & empty;
            }
            let check_each = risky & bit(s) != 0;
            for t in Bits(targets) {
                if !check_each || self.safe_after(s, t) {
                    self.push_woozan(out, s, t);
                }
            }
        }
    }

    /// Appends the legal moves.
    pub fn generate_legal(&self, out: &mut MoveList<Move>) {
        self.generate::<_, true>(out);
    }

    /// Appends the pseudo-legal moves (own king safety not checked).
    pub fn generate_pseudo(&self, out: &mut MoveList<Move>) {
        self.generate::<_, false>(out);
    }

    /// Number of legal moves, without building a list.
    pub fn count_legal_moves(&self) -> usize {
        let mut n = Counter(0);
        self.generate::<_, true>(&mut n);
        n.0
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Only kings left on the board.
    pub fn bare_kings(&self) -> bool {
        self.occupied() == self.by_kind[Kind::King as usize]
    }

    /// The piece that moved in `m` (before promotion).
    pub fn moving_piece(&self, m: Move) -> Option<Piece> {
        self.piece_at(m.from())
    }

    /// Whether `m` captures.
    pub fn is_capture(&self, m: Move) -> bool {
        self.piece_at(m.to()).is_some()
    }
}

impl Position {
    /// Whether square `s` is attacked by any piece of `by`.
    pub fn is_attacked(&self, s: usize, by: Color) -> bool {
        self.attacked_by(s, self.occupied(), self.pieces(by))
    }
}
