//! Bait (R-B6): a King in check that is directly attacked, with a
//! reachable pawn or any Statue, may stay in check; the attacker must then
//! capture the King, which swaps with the pawn or Statue of the attacker's
//! choice, and the capture takes that pawn or Statue instead.
//!
//! Interpretations: a forced reply after which the replying side's King
//! can be captured loses at once (R-B6.3/6.4: the bait's mover wins); the
//! reply ignores its own side's check; a Statue swapped onto the King's
//! square is captured like the pawn it once was.

use super::attacks::KING_NEAR;
use super::board::{squares, Kind, Piece, Square};
use super::moves::{Leg, Move, NO_LEVEL};
use super::position::Position;
use crate::game::Color;

impl Position {
    /// The opponent's moves that capture `color`'s King by themselves
    /// (landing on it, a Knight's path or inside capture, an all-round
    /// capture), not through effects.
    ///
    /// Only moves with a leg ending on the King's square or next to it
    /// are played out: a leg removes pieces directly only where it ends
    /// (a landing, a Knight's path victim, which is its first leg's end)
    /// or, for the Queen's all-round capture (a leg from her square to
    /// itself), next to where it ends; en passant is off here, and the
    /// King can only be carried (riding an enemy Rook), never captured,
    /// by a one-leg move. Playing out every capture cost a search 12%.
    /// [`Position::direct_attacks_by_simulation`] is the literal
    /// definition the invariant tests compare this with.
    pub fn direct_attacks(&self, color: Color) -> Vec<Move> {
        let mut found = Vec::new();
        self.each_direct_attack(color, |m| {
            found.push(m);
            true
        });
        found
    }

    /// [`Position::direct_attacks`] one by one, in the same order, while
    /// `each` asks for more (returns true).
    fn each_direct_attack(&self, color: Color, each: impl FnMut(Move) -> bool) {
        let Some((k, _)) = self.board.king(color) else {
            return;
        };
        let reach = KING_NEAR[k as usize] | 1u64 << k;
        self.direct_attacks_among(
            color,
            |legs| legs.iter().any(|l| reach & (1u64 << l.to) != 0),
            each,
        );
    }

    /// [`Position::direct_attacks`] by its definition: every capture of
    /// the opponent played out.
    pub fn direct_attacks_by_simulation(&self, color: Color) -> Vec<Move> {
        let mut found = Vec::new();
        if self.board.king(color).is_some() {
            self.direct_attacks_among(
                color,
                |_| true,
                |m| {
                    found.push(m);
                    true
                },
            );
        }
        found
    }

    /// The opponent's captures that `near` admits and that capture
    /// `color`'s King by themselves, given to `each` in the generator's
    /// order while it asks for more.
    fn direct_attacks_among(
        &self,
        color: Color,
        near: impl Fn(&[Leg]) -> bool,
        each: impl FnMut(Move) -> bool,
    ) {
        let them = color.flip();
        let mut p = *self;
        p.side = them;
        p.ep = None;
        let mut hunt = DirectHunt {
            base: &p,
            them,
            victim: color.index(),
            near,
            each,
            done: false,
        };
        p.piece_moves(them, true, &mut hunt);
    }

    /// The pawns and Statues of `color` its King can be baited onto
    /// (R-B6.1), as a mask: a lone pawn next to the King's square, or one
    /// a King step away from an empty square next to both; every Statue.
    pub fn bait_target_mask(&self, color: Color) -> u64 {
        let Some((k, _)) = self.board.king(color) else {
            return 0;
        };
        let near = KING_NEAR[k as usize];
        let mut reach = near;
        for x in squares(near & !self.board.occupied()) {
            reach |= KING_NEAR[x as usize];
        }
        // A pawn at the bottom of a square stands alone (columns stand on
        // Rooks).
        let pawns = self.board.bottoms(color, Kind::Pawn) & reach & !(1u64 << k);
        pawns | self.board.bottoms(color, Kind::Statue)
    }

    /// [`Position::bait_target_mask`]'s squares, in square order.
    pub fn bait_targets(&self, color: Color) -> Vec<Square> {
        squares(self.bait_target_mask(color)).collect()
    }

    /// Whether some opponent move captures `color`'s King by itself (see
    /// [`Position::direct_attacks`]). A lone King's direct attackers are
    /// what the fast check test looks for first; a riding King's are
    /// played out.
    pub fn directly_attacked(&self, color: Color) -> bool {
        match self.board.king(color) {
            None => false,
            Some((k, 0)) => self.attacked_directly(k, color.flip()),
            Some(_) => {
                // The first direct attack found answers.
                let mut found = false;
                self.each_direct_attack(color, |_| {
                    found = true;
                    false
                });
                found
            }
        }
    }

    /// Whether `color` may bait this turn: its King on the board, in check,
    /// directly attacked, with a target.
    pub fn may_bait(&self, color: Color) -> bool {
        self.bait_target_mask(color) != 0 && self.directly_attacked(color)
    }

    /// The forced replies to a pending bait, one by one while `each` asks
    /// for more (returns true): each direct capture of the opponent's King,
    /// with each target, as `capture legs, king→target`, with the position
    /// after its legs (end of turn not yet applied) and the removals it
    /// made. One by one because whether a bait leaves an escape is often
    /// settled by the first reply.
    pub(super) fn each_bait_reply(
        &self,
        mut each: impl FnMut(Move, &Position, super::resolve::Effects) -> bool,
    ) {
        let us = self.side;
        let them = us.flip();
        let Some((k, kl)) = self.board.king(them) else {
            return;
        };
        let targets = self.bait_target_mask(them);
        self.each_direct_attack(them, |a| {
            for t in squares(targets) {
                let mut pos = *self;
                super::disguise::swap(&mut pos, (k, kl), (t, 0));
                // The swapped-in piece is captured like a pawn.
                let mut st = pos.board.stack(k);
                if st[kl].kind() == Kind::Statue {
                    st[kl] = Piece::new(them, Kind::Pawn);
                    pos.board.set_stack(k, &st);
                }
                let Some(e) = pos.resolve_legs(us, &a) else {
                    continue;
                };
                pos.ep = None;
                let mut m = a;
                m.push_leg(Leg {
                    from: k,
                    // The King's level when it rides (the column as it
                    // stands before the reply).
                    from_level: if self.board.height(k) > 1 {
                        kl as u8
                    } else {
                        NO_LEVEL
                    },
                    to: t,
                    to_level: NO_LEVEL,
                    mark: super::moves::Mark::Plain,
                });
                super::rules::update_castling(&mut pos, &m);
                if !each(m, &pos, e) {
                    return false;
                }
            }
            true
        });
    }
}

/// Plays out each capture the generator finds that `near` admits, on a
/// copy, keeping those that capture the victim's King by themselves (no
/// list of every move is built: most are not captures near the King).
struct DirectHunt<'a, F: Fn(&[Leg]) -> bool, E: FnMut(Move) -> bool> {
    base: &'a Position,
    them: Color,
    victim: usize,
    near: F,
    each: E,
    /// `each` wants no more.
    done: bool,
}

impl<F: Fn(&[Leg]) -> bool, E: FnMut(Move) -> bool> super::rules::LegSink for DirectHunt<'_, F, E> {
    fn captures_only(&self) -> bool {
        true
    }

    fn legs(&mut self, legs: &[Leg], cap: bool) {
        if self.done || !cap || !(self.near)(legs) {
            return;
        }
        let mut q = *self.base;
        if q.resolve_leg_list(self.them, legs)
            .is_some_and(|e| e.direct_king_capture[self.victim])
        {
            self.done = !(self.each)(Move::legs_of(legs));
        }
    }
}
