//! Rescues (R-A8.6): a move onto a siege square whose victim is the
//! mover's removes the besieger, and when both the victim and the rescuer
//! are full pieces one of them steps aside to an empty neighbour (a leg of
//! the move). The generators ask here for those moves; `apply.rs` and
//! `wall.rs` play the legs.

use super::geometry::{rank_of, tables};
use super::moves::{Move, DISP_R, DISP_V, H, PROMOTIONS};
use super::position::{Kind, Piece, Position};
use super::rules::{last_rank, Land};
use crate::game::Color;

/// The promotions a piece stepping aside in a rescue may make on landing
/// on `to`: a pawn reaching its last rank promotes (R-A8.6 with R-A10.3,
/// "by any move"), anything else lands as it is.
fn displaced_promotions(p: Piece, to: usize) -> &'static [Option<Kind>] {
    const PLAIN: [Option<Kind>; 1] = [None];
    const PROMOTED: [Option<Kind>; 4] = [
        Some(PROMOTIONS[0]),
        Some(PROMOTIONS[1]),
        Some(PROMOTIONS[2]),
        Some(PROMOTIONS[3]),
    ];
    if p.kind() == Kind::Pawn && rank_of(to) == last_rank(p.color()) {
        &PROMOTED
    } else {
        &PLAIN
    }
}

impl Position {
    /// A full piece's capturing move onto `to` (with its rescue variants).
    #[inline]
    pub(super) fn emit_full(
        &self,
        from: usize,
        to: usize,
        c: Color,
        land: Land,
        out: &mut impl FnMut(Move),
    ) {
        if land == Land::Rescue {
            self.emit_rescue(Move::new(from, to, 0), c, out);
        } else {
            out(Move::new(from, to, 0));
        }
    }

    /// A rescue onto `m.to` by any piece but the Wall (R-A8.6): plain if the
    /// victim or the rescuer is a Halfer; else one move for each piece that
    /// may step aside (the rescuer `r` or the victim `v`, never a Wall), each
    /// empty neighbour of the siege square and, for a pawn that lands on its
    /// last rank, each promotion piece (R-A10.3).
    pub(super) fn emit_rescue(&self, m: Move, c: Color, out: &mut impl FnMut(Move)) {
        let sq = m.to();
        let victim = Piece(self.full[sq]);
        let victim_full = self.full[sq] != 0 && victim.color() == c;
        let rescuer_full = !m.has(H) && self.full[m.from()] != 0;
        if !(victim_full && rescuer_full) {
            out(m);
            return;
        }
        let rescuer = match m.promotion() {
            Some(k) => Piece::new(k, c),
            None => Piece(self.full[m.from()]),
        };
        let board = self.rescue_board(m, c, &[sq]);
        for &to in tables().king.of(sq) {
            let to = to as usize;
            if !board.vacant(to) {
                continue;
            }
            for (who, piece) in [(DISP_R, rescuer), (DISP_V, victim)] {
                if piece.kind() != Kind::Wall {
                    for &k in displaced_promotions(piece, to) {
                        out(m.with_leg(who, sq, to, k));
                    }
                }
            }
        }
    }

    /// A Wall translation that lands on siege squares whose victims are its
    /// own side's (R-A3.2, R-A8.6): a Halfer victim shares with the Wall
    /// half, every full victim steps aside (a Wall never does), one leg per
    /// victim in square order of the siege squares, never two onto one
    /// square. Without a full victim the move is plain; when the victims
    /// cannot all step aside there is no move.
    pub(super) fn emit_wall_rescue(
        &self,
        m: Move,
        c: Color,
        landings: [usize; 2],
        out: &mut impl FnMut(Move),
    ) {
        // The anchor's landing is the lower square, so this is square order.
        let mut victims = arrayvec::ArrayVec::<usize, 2>::new();
        for sq in landings {
            if self.frozen.has(sq) && self.full[sq] != 0 && Piece(self.full[sq]).color() == c {
                victims.push(sq);
            }
        }
        if victims.is_empty() {
            out(m);
            return;
        }
        let board = self.rescue_board(m, c, &victims);
        self.emit_victim_legs(&board, m, &victims, None, out);
    }

    /// Adds a `v` leg for the first of `victims` to each empty neighbour
    /// on `board` that the previous victim did not take (`taken`), then
    /// the legs of the rest.
    fn emit_victim_legs(
        &self,
        board: &Position,
        m: Move,
        victims: &[usize],
        taken: Option<usize>,
        out: &mut impl FnMut(Move),
    ) {
        let Some((&sq, rest)) = victims.split_first() else {
            out(m);
            return;
        };
        let victim = Piece(self.full[sq]);
        for &to in tables().king.of(sq) {
            let to = to as usize;
            if board.vacant(to) && taken != Some(to) {
                for &k in displaced_promotions(victim, to) {
                    self.emit_victim_legs(
                        board,
                        m.with_leg(DISP_V, sq, to, k),
                        rest,
                        Some(to),
                        out,
                    );
                }
            }
        }
    }

    /// The board on which a rescue's displacement squares are chosen: after
    /// the move's own effects (the rescuer has left its square and landed,
    /// the besieger is removed, a Wall's other half has landed and made its
    /// capture), as the rulings have it (R-A8.6, "an existing, empty
    /// square"). The `victims` that must step aside are lifted off first,
    /// so that the rescuers can land; only vacancy is read from the result.
    fn rescue_board(&self, m: Move, c: Color, victims: &[usize]) -> Position {
        let mut board = *self;
        board.side = c;
        for &sq in victims {
            board.take(sq);
        }
        board.apply_immediate(m);
        board
    }
}
