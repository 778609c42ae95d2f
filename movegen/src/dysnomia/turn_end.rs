//! The end of a turn: the conversions of R-B12 (the zone, the choices,
//! applying one, every way a turn's pawns convert), then R-B8.7
//! first-rank pawns, R-B10.4 risen Bishops' exile, the legality of the
//! result (R-B5.1, R-B7.3, R-B13.1), clocks and rule fields. Apart from
//! [`super::turn`], which assembles the moves that end here.

use super::board::{file_rank, squares, Kind, Piece, Square};
use super::moves::{Action, Conversion, Move};
use super::position::{Forbid, Position};
use super::rules::forward;
use super::turn::{Finish, Found, Keep, MoveFacts, Moved};
use crate::game::Color;
use arrayvec::ArrayVec;

/// Where a conversion is written: before the move (deferred from the
/// opponent's turn), or after it (the moved pawn's as the suffix).
#[derive(Clone, Copy)]
pub(super) enum Slot {
    Pre,
    Post(Option<Square>),
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

/// The most conversions a pawn can have: a pool type or a Statue, or one
/// of the opponent's exiled pool types.
pub const MAX_CONVERSIONS: usize = 2 * Kind::POOL.len() + 1;

/// The conversions open to a pawn of `color` at the end of a turn
/// (R-B12.1): a pool type, a Statue, or (own turn only) capturing one of
/// the opponent's exiled pieces. On the stack: asked at every conversion
/// of every listing.
pub fn conversions(
    pos: &Position,
    color: Color,
    own_turn: bool,
) -> ArrayVec<Conversion, MAX_CONVERSIONS> {
    let mut v = ArrayVec::new();
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

impl Position {
    /// Every way `us`'s pawns standing alone in their zone convert, the
    /// lowest square first and zones looked at again after each; each
    /// conversion written into `t` where `slot` says. Hands each finished
    /// turn and its position to `each` (which may change the position: it
    /// is a copy), until `each` returns false; returns false if it did.
    /// One by one, not as a list: a listing converts at every turn that
    /// brings a pawn into its zone, and must not allocate.
    pub(super) fn each_conversion<F>(&self, us: Color, t: Move, slot: Slot, each: &mut F) -> bool
    where
        F: FnMut(&Move, &mut Position) -> bool,
    {
        let Some(sq) = self.convertible_pawn(us) else {
            let mut q = *self;
            return each(&t, &mut q);
        };
        for conv in conversions(self, us, true) {
            let mut q = *self;
            convert(&mut q, us, sq, conv);
            let mut next = t;
            match slot {
                Slot::Pre => next.push_pre(Action { sq, conv }),
                Slot::Post(Some(moved)) if moved == sq => next.suffix = Some(conv),
                Slot::Post(_) => next.push_post(Action { sq, conv }),
            }
            if !q.each_conversion(us, next, slot, each) {
                return false;
            }
        }
        true
    }

    /// The lowest square of a lone pawn of `us` in its zone, which must
    /// convert (a square whose bottom is a pawn holds nothing else: a
    /// column stands on a Rook).
    pub(super) fn convertible_pawn(&self, us: Color) -> Option<Square> {
        let mut pawns = self.board.bottoms(us, Kind::Pawn);
        if self.board.bottoms(us, Kind::Statue) == 0 {
            // Without a Statue every zone is the last rank.
            pawns &= if us == Color::White { 0xFF << 56 } else { 0xFF };
        }
        squares(pawns).find(|&sq| zone(self, us, file_rank(sq).0) == Some(sq))
    }

    /// Chooses the end-of-turn conversions of `m` in every way, finishes
    /// each turn and keeps the legal ones.
    pub(super) fn finish(
        &self,
        m: &Move,
        moved: &mut Moved,
        mode: Finish,
        want: Option<&Move>,
        keep: Keep,
        out: &mut Found,
    ) {
        let us = self.side;
        // End of the turn, in this order (R-B16.3): our pawns in their
        // zone convert, zones looked at again after each (a new Statue
        // moves its file's zone down: a chain of Statues); then pawns on
        // their own first rank go; then due risen Bishops are exiled, so
        // no conversion of this turn can use them. The ruling converts the
        // moved pawn first and the others in square order; taking the
        // lowest square first gives the same turns: the choices of
        // different pawns only share the pools, every split of which is
        // listed either way, and a zone moves only under a new Statue,
        // which the pawn below cannot precede.
        if moved.pos.convertible_pawn(us).is_none() {
            // No conversion to choose, the usual case.
            if want.is_none_or(|w| w == m) {
                // The moved position itself: no other turn needs it.
                self.finish_one(m, &mut moved.pos, moved.facts, mode, keep, out);
            }
            return;
        }
        let facts = moved.facts;
        moved
            .pos
            .each_conversion(us, *m, Slot::Post(moved.pawn_at), &mut |t, p| {
                if want.is_none_or(|w| w == t) {
                    self.finish_one(t, p, facts, mode, keep, out);
                }
                !keep.done(out)
            });
    }

    /// The end of one turn `t` whose move and conversions made `p`: first
    /// rank pawns and risen Bishops (R-B16.3), legality, clocks, the rule
    /// fields, a game decided in the turn. Pushes the turn if it is legal
    /// and `keep` keeps it. `p` is changed in place (the caller has no
    /// further use for it): copying a 392-byte position per turn was 3% of
    /// a listing.
    fn finish_one(
        &self,
        t: &Move,
        p: &mut Position,
        moved: MoveFacts,
        mode: Finish,
        keep: Keep,
        out: &mut Found,
    ) {
        let us = self.side;
        // After a denial the denied path may not be played again.
        if mode != Finish::Reply && self.forbid.is_some_and(|f| Forbid::of_path(t) == f) {
            return;
        }
        let removals = p.end_of_turn(us, moved.rose);
        // Conversions at either end of the turn are promotions for the
        // 100-ply rule (R-B14.1).
        let promoted = t.suffix.is_some() || !t.post().is_empty() || !t.pre().is_empty();
        // R-B13.1: no turn may end with its side's King off the board
        // while the opponent has a Statue (making the exile, or staying
        // in exile).
        if p.board.king(us).is_none() && p.has_statue(us.flip()) {
            return;
        }
        let (kept, material) = keep.keeps(p, out);
        if !kept {
            return;
        }
        // A candidate quiet turn's check is tested when it is made.
        let unchecked = keep.defers_check(mode, material);
        let bait = if unchecked {
            false
        } else {
            let Some(bait) = p.judge_check(us, mode) else {
                return;
            };
            bait
        };
        let resets = moved.pawn_moved || promoted || moved.removals + removals > 0;
        p.close_turn(us, mode, bait, resets);
        p.decide(us, moved.kings, bait);
        if !keep.escapes(p) {
            return;
        }
        out.push(t, p, material, unchecked);
    }

    /// The check test of a turn `us` has just played, by `mode`: `None`
    /// if the turn is illegal, else whether it is a bait move. It runs
    /// after the cheaper refusals of [`Position::finish_one`] (forbidden
    /// path, exile with a Statue, a list that does not keep the turn):
    /// the check test is the costliest step of a turn's end.
    #[inline]
    fn judge_check(&mut self, us: Color, mode: Finish) -> Option<bool> {
        let mut bait = false;
        match mode {
            Finish::Normal => {
                if self.king_capturable(us) {
                    return None;
                }
            }
            Finish::BaitAllowed => {
                if self.king_capturable(us) {
                    // A bait move: the King stays directly attacked
                    // with a target left (R-B6.2).
                    if !self.may_bait(us) {
                        return None;
                    }
                    bait = true;
                }
            }
            Finish::Reply => {
                // The reply ignores its own check; if its King can
                // then be captured, the baiting side has won.
                if self.king_capturable(us) {
                    self.winner = Some(us.flip());
                }
            }
        }
        Some(bait)
    }

    /// The clocks and rule fields after a turn of `us`; `resets` when a
    /// pawn moved, a conversion or a removal restarts the 100-ply count.
    #[inline]
    fn close_turn(&mut self, us: Color, mode: Finish, bait: bool, resets: bool) {
        if resets {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        // Protection covers the next ordinary move; a bait's forced
        // reply is not one (R-B4.1).
        if self.protected == Some(us) && mode != Finish::Reply {
            self.protected = None;
        }
        self.forbid = None;
        self.bait = bait;
    }

    /// A game decided in the turn `us` has just played: `kings` are the
    /// Kings the move captured, per colour; `bait` whether it was a bait.
    #[inline]
    fn decide(&mut self, us: Color, kings: [bool; 2], bait: bool) {
        // A King captured in the turn decides the game (a revenge or
        // fall may take the enemy King, R-B7.3; a bait's reply may
        // take the King it was meant to spare). The mover's own King
        // first: a reply that leaves it captured or capturable loses
        // whatever else it took (the winner `judge_check` set stays).
        if kings[us.index()] {
            self.winner = Some(us.flip());
        } else if self.winner.is_none() && kings[us.flip().index()] {
            self.winner = Some(us);
        } else if bait && self.in_check() {
            // R-B16.2: a bait move that checks the opponent wins at
            // once, as a mate, if none of the forced replies leaves
            // the replier's King neither captured nor attacked (a
            // reply that fails is one whose winner is the baiter).
            if !self.has_escape(us) {
                self.winner = Some(us);
            }
        }
    }

    /// R-B16.2 for a position set up with a bait pending (a FEN carries the
    /// bait but not its verdict): if no forced reply relieves the check,
    /// the baiter has already won, as [`Self::decide`] finds after the move.
    pub(crate) fn judge_pending_bait(&mut self) {
        let baiter = self.side.flip();
        if self.bait && self.winner.is_none() && self.in_check() && !self.has_escape(baiter) {
            self.winner = Some(baiter);
        }
    }

    /// Whether some forced reply to the pending bait of `baiter` leaves the
    /// replier's King neither captured nor attacked (a reply that fails is
    /// one whose winner is the baiter). Found by a listing that stops at
    /// the first such reply: a bait that checks asks this, and listing
    /// every reply cost a middlegame with baits a fifth of its search.
    fn has_escape(&self, baiter: Color) -> bool {
        let mut found = Found::counting();
        self.find_turns(None, Keep::Escape(baiter), &mut found);
        found.count > 0
    }

    /// R-B8.7 and R-B10.4 at the end of `us`'s turn: pawns (of either
    /// side, not riding) on their own first rank are captured; `us`'s
    /// risen Bishops that did not rise in this turn are exiled. Returns the
    /// number of pieces removed.
    fn end_of_turn(&mut self, us: Color, rose: u64) -> u32 {
        let mut n = 0;
        for (c, rank) in [(Color::White, 0xFFu64), (Color::Black, 0xFF << 56)] {
            // A pawn at the bottom stands alone (riders need a Rook).
            for sq in squares(self.board.bottoms(c, Kind::Pawn) & rank) {
                self.board.set_stack(sq, &[]);
                n += 1;
            }
        }
        let risen = Piece::new(us, Kind::Bishop).with_risen(true);
        let bishops = self.board.bottoms(us, Kind::Bishop) | self.board.columns();
        for sq in squares(bishops & !rose) {
            // Most squares hold one piece and most columns no risen
            // Bishop of ours: copy out a column only to take one away.
            let here = self.board.bottom(sq) == Some(risen)
                || self.board.riders_of(sq).contains(&risen.code());
            if !here {
                continue;
            }
            let mut stack = self.board.stack(sq);
            let before = stack.len();
            let mut gone = 0;
            stack.retain(|p| {
                let exile = p.is(us, Kind::Bishop) && p.risen();
                if exile {
                    gone += 1;
                }
                !exile
            });
            if stack.len() != before {
                // A risen Bishop is never a column's base, so the column
                // stays a column.
                self.board.set_stack(sq, &stack);
                self.pools.exiled[us.index()][Kind::Bishop as usize] += gone;
                n += gone as u32;
            }
        }
        n
    }
}
