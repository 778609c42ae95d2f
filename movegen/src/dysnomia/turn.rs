//! Whole turns, assembled: the turn's prefix actions (deferred
//! conversions, a free action), then each pseudo-legal move played as
//! the generator finds it (or a Bishop promotion), then its end, judged
//! by [`super::turn_end`]; a bait's forced replies likewise. The legal
//! list built from them, the game's end and perft are in
//! [`super::legal`].

use super::board::{file_rank, squares, Kind, Material, Piece, Square};
use super::disguise::{disguise_ep, is_disguise, DisguiseSink, Link};
use super::game::{material_delta, Turn};
use super::moves::{Action, Body, Conversion, Leg, Move, MAX_LEGS, NO_LEVEL};
use super::position::Position;
use super::rules::{
    castling_after, castling_after_legs, conversions, convert, update_castling, LegSink,
};
use super::turn_end::Slot;
use crate::game::Color;
use arrayvec::ArrayVec;

/// How a turn's end is judged.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Finish {
    /// The mover's King must be safe.
    Normal,
    /// The mover began in check and may bait.
    BaitAllowed,
    /// A forced reply to a bait: its own check is ignored.
    Reply,
}

/// Which of the legal turns a listing keeps. Material is the board's at
/// the start of the turn: a turn is noisy when its result's differs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Keep {
    All,
    /// The noisy turns only: the quiet ones are dropped before their
    /// check test, which is most of a turn's cost.
    Noisy(Material),
    /// Any one quiet turn: the listing stops at the first found.
    OneQuiet(Material),
    /// Any one turn after which the given side (the one that baited) has
    /// not won: whether a bait's forced replies include one that relieves
    /// its check (R-B16.2). The listing stops at the first found.
    Escape(Color),
    /// Every turn, the quiet ones of an ordinary turn (the mover may not
    /// bait) without their check test: the search's move candidates
    /// (see [`super::game::State::candidates_with_results_append`]). A
    /// quiet turn's result does not depend on that test (it captures no
    /// King and is no bait), only its legality, which is a function of the
    /// result and is tested when the turn is made.
    Candidates(Material),
}

impl Keep {
    /// Whether a listing that has found `found` can stop.
    pub(super) fn done(self, found: &Found) -> bool {
        matches!(self, Keep::OneQuiet(_) | Keep::Escape(_)) && found.count > 0
    }

    /// Whether a legal turn that made `p` is kept, given what the listing
    /// has `found`, with the material of `p`'s board when it was counted
    /// (only for the listings that ask).
    #[inline]
    pub(super) fn keeps(self, p: &Position, found: &Found) -> (bool, Option<Material>) {
        match self {
            Keep::All => (true, None),
            // Decided once the turn is finished ([`Keep::escapes`]).
            Keep::Escape(_) => (!self.done(found), None),
            Keep::Noisy(start) => {
                let m = p.board.material();
                (m != start, Some(m))
            }
            Keep::OneQuiet(start) => {
                let m = p.board.material();
                (!self.done(found) && m == start, Some(m))
            }
            Keep::Candidates(_) => (true, Some(p.board.material())),
        }
    }

    /// Whether a turn ending as `mode` with the material `material` (as
    /// [`Keep::keeps`] counted it) is kept without its check test.
    #[inline]
    pub(super) fn defers_check(self, mode: Finish, material: Option<Material>) -> bool {
        matches!(self, Keep::Candidates(start) if mode == Finish::Normal && material == Some(start))
    }

    /// Whether a finished legal turn that made `p` is kept, as far as the
    /// game's result after it goes (only [`Keep::Escape`] asks).
    #[inline]
    pub(super) fn escapes(self, p: &Position) -> bool {
        match self {
            Keep::Escape(baiter) => p.winner != Some(baiter),
            _ => true,
        }
    }
}

/// What a listing keeps of the legal turns it finds: the turns with their
/// positions, or (for perft's last ply) only how many there are. A kept
/// turn carries its material change from `start` (the board's at the
/// start of the turn); its deniability is the state layer's to decide
/// ([`super::game::State::turns_with_results`]), false until then.
pub(super) struct Found {
    pub(super) list: Vec<(Turn, Position)>,
    /// Where this listing's turns begin in `list` (a listing appends).
    base: usize,
    pub(super) count: usize,
    listing: bool,
    start: Material,
}

impl Found {
    /// A listing appended to `list` (with the room the caller gives it).
    pub(super) fn listing(start: Material, list: Vec<(Turn, Position)>) -> Found {
        Found {
            base: list.len(),
            list,
            count: 0,
            listing: true,
            start,
        }
    }

    pub(super) fn counting() -> Found {
        Found {
            list: Vec::new(),
            base: 0,
            count: 0,
            listing: false,
            start: [[0; 7]; 2],
        }
    }

    /// Keeps the turn `t` that made `p`, whose board's material is
    /// `material` when the caller has counted it already.
    #[inline]
    /// `unchecked`: kept without its check test ([`Keep::Candidates`]).
    pub(super) fn push(
        &mut self,
        t: &Move,
        p: &Position,
        material: Option<Material>,
        unchecked: bool,
    ) {
        self.count += 1;
        if self.listing {
            let after = material.unwrap_or_else(|| p.board.material());
            let turn = Turn {
                code: t.code(),
                m: *t,
                deniable: false,
                delta: material_delta(&self.start, &after),
                slot: (self.list.len() - self.base) as u16,
                list: 0,
                unchecked,
            };
            self.list.push((turn, *p));
        }
    }

    /// Keeps the turn `turn()`, whose result is that of the kept turn at
    /// `of` in the list (anything when counting, which needs no turn).
    fn push_same_result(&mut self, turn: impl FnOnce() -> Move, of: usize) {
        self.count += 1;
        if self.listing {
            let t = &turn();
            let (mut turn, p) = self.list[of];
            turn.code = t.code();
            turn.m = *t;
            turn.slot = (self.list.len() - self.base) as u16;
            self.list.push((turn, p));
        }
    }
}

/// The turn of `legs` after the prefix actions of `template`.
fn turn_of(template: &Move, legs: &[Leg]) -> Move {
    let mut t = *template;
    for &l in legs {
        t.push_leg(l);
    }
    t
}

/// What became of a disguise's turn, for the chains that continue it
/// without changing the board ([`Link::same_board`]).
#[derive(Clone, Copy)]
struct ChainStep {
    outcome: Outcome,
    /// The position's fields besides the board that the legs set.
    ep: Option<(Square, Square)>,
    castling: u8,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// Not known to carry over: no turn to follow.
    Unknown,
    /// Not kept: illegal, or not a turn the listing keeps.
    Dropped,
    /// Kept, once, at this place of the list.
    Kept(usize),
}

/// The result of playing a turn's move before its conversions are chosen.
pub(super) struct Moved {
    pub(super) pos: Position,
    /// Where the moving pawn ended, alone, if the mover was a pawn.
    pub(super) pawn_at: Option<Square>,
    pub(super) facts: MoveFacts,
}

/// What the move did besides the position it made, as the end of the turn
/// needs it (kept apart from the position, so that the end works on the
/// moved position in place instead of a copy of it).
#[derive(Clone, Copy)]
pub(super) struct MoveFacts {
    /// Kings captured by the move, per colour.
    pub(super) kings: [bool; 2],
    pub(super) pawn_moved: bool,
    pub(super) removals: u32,
    pub(super) rose: u64,
}

/// Plays each pseudo-legal move as the generator finds it, after the
/// turn's prefix actions (`template`, which made `base`), and finishes it.
struct EachMove<'a> {
    base: &'a Position,
    template: &'a Move,
    mode: Finish,
    want: Option<&'a Move>,
    keep: Keep,
    out: &'a mut Found,
    /// A noisy listing may drop a move that removes nothing without
    /// playing it (see [`Position::quiet_moves_change_nothing`]), unless
    /// a pawn moves into its last rank.
    skip_quiet: bool,
    /// Where each move is played (one place for the listing).
    moved: Moved,
    /// The last disguise given at each depth of a chain.
    chain: [ChainStep; MAX_LEGS],
    /// The kept turn whose result was last kept again.
    copied: Option<usize>,
}

impl EachMove<'_> {
    /// Ends the turn `t`, whose move is played in `self.moved`.
    fn finish_moved(&mut self, t: &Move) {
        self.base.finish(
            t,
            &mut self.moved,
            self.mode,
            self.want,
            self.keep,
            self.out,
        );
    }
}

impl LegSink for EachMove<'_> {
    /// A noisy listing keeps a leg that removes nothing only when it
    /// takes a pawn to its last rank: never a slider's.
    fn captures_only(&self) -> bool {
        self.skip_quiet
    }

    fn legs(&mut self, legs: &[Leg], cap: bool) {
        if self.keep.done(self.out) || self.want.is_some_and(|w| w.legs() != legs) {
            return;
        }
        if self.skip_quiet && !cap && !self.base.pawn_to_last_rank(legs) {
            return;
        }
        let t = turn_of(self.template, legs);
        if !self.base.play_legs_into(&t, &mut self.moved) {
            return;
        }
        self.finish_moved(&t);
    }
}

impl DisguiseSink for EachMove<'_> {
    fn wants_more(&self) -> bool {
        !self.keep.done(self.out)
    }

    fn disguise(&mut self, legs: &[Leg], after: &Position, link: Link) {
        let step = link.depth - 1;
        self.chain[step].outcome = Outcome::Unknown;
        if self.keep.done(self.out) || self.want.is_some_and(|w| w.legs() != legs) {
            return;
        }
        let us = self.base.side;
        let pawn = Piece::new(us, Kind::Pawn);
        // A swap removes nothing: only a pawn of ours now on its last
        // rank (converting at the end) can change the material.
        let last_rank = if us == Color::White { 0xFF << 56 } else { 0xFF };
        if self.skip_quiet && after.board.bottoms(us, Kind::Pawn) & last_rank == 0 {
            return;
        }
        // The fields besides the board that the legs set, as
        // play_legs_into would leave them.
        let ep = disguise_ep(legs).filter(|&(_, at)| after.board.is_lone(at, pawn));
        if link.same_board && step > 0 {
            // The same position as the turn one swap shorter, with the
            // same en passant chance and castling (its legs and more, on
            // the same board): the same result (where that turn's end did
            // not depend on its path, see `follows`).
            let before = self.chain[step - 1];
            if before.outcome != Outcome::Unknown
                && before.ep == ep
                && castling_after_legs(before.castling, legs) == before.castling
            {
                if let Outcome::Kept(of) = before.outcome {
                    // The search's candidates keep one turn of each
                    // result and whether it has another: one more will do
                    // (more of them are harmless, dropped all the same).
                    if !matches!(self.keep, Keep::Candidates(_)) || self.copied != Some(of) {
                        let template = self.template;
                        self.out.push_same_result(|| turn_of(template, legs), of);
                        self.copied = Some(of);
                    }
                }
                self.chain[step] = before;
                return;
            }
        }
        let castling = castling_after(after, self.template.legs().iter().chain(legs));
        let t = turn_of(self.template, legs);
        // In the listing's one place for a played move, without swapping
        // again.
        let moved = &mut self.moved;
        moved.pos = *after;
        moved.pos.ep = ep;
        moved.pos.castling = castling;
        let last = legs[legs.len() - 1].to;
        moved.pawn_at = moved.pos.board.is_lone(last, pawn).then_some(last);
        moved.facts = MoveFacts {
            pawn_moved: true,
            removals: 0,
            rose: 0,
            kings: [false; 2],
        };
        // Where a turn's end depends on its path (a denied path, a wanted
        // turn) or on which pawn moved (a conversion), each turn is ended;
        // the chains that continue it are then ended each as well.
        let follows = self.want.is_none()
            && self.base.forbid.is_none()
            && self.moved.pos.convertible_pawn(us).is_none();
        let count = self.out.count;
        self.finish_moved(&t);
        let outcome = match self.out.count - count {
            _ if !follows => Outcome::Unknown,
            0 => Outcome::Dropped,
            1 => Outcome::Kept(self.out.list.len().saturating_sub(1)),
            _ => Outcome::Unknown,
        };
        self.chain[step] = ChainStep {
            outcome,
            ep,
            castling,
        };
    }
}

impl Position {
    /// Whether every move of the side to move that removes nothing and
    /// brings no pawn to its last rank leaves the material as it is: no
    /// risen Bishop of its is due to be exiled at the end of the turn, and
    /// it has no Statue (which would move its zones off the last rank).
    /// Such a move sets nothing off, and at the end of the turn no pawn
    /// converts (pawns in their zone converted before the move) and none
    /// stands on its first rank (no move takes one there).
    fn quiet_moves_change_nothing(&self) -> bool {
        let us = self.side;
        if self.board.bottoms(us, Kind::Statue) != 0 {
            return false;
        }
        let risen_bottom = squares(self.board.bottoms(us, Kind::Bishop))
            .any(|sq| self.board.bottom(sq).is_some_and(|p| p.risen()));
        let risen_rider = self.board.rider_lists().any(|(_, r)| {
            r.iter().any(|&c| {
                let p = Piece::from_code(c);
                p.is(us, Kind::Bishop) && p.risen()
            })
        });
        !risen_bottom && !risen_rider
    }

    /// Whether a pawn of `us` (alone, or any piece of a column, which may
    /// carry one) stands within two ranks of `us`'s last rank.
    fn pawns_near_last_rank(&self, us: Color) -> bool {
        let near: u64 = if us == Color::White {
            0xFF_FFFF << 40
        } else {
            0xFF_FFFF
        };
        (self.board.bottoms(us, Kind::Pawn) | self.board.columns()) & near != 0
    }

    /// Whether the legs move a pawn of the side to move and end on its
    /// last rank.
    fn pawn_to_last_rank(&self, legs: &[Leg]) -> bool {
        let (Some(first), Some(last)) = (legs.first(), legs.last()) else {
            return false;
        };
        let level = if first.from_level == NO_LEVEL {
            0
        } else {
            first.from_level as usize
        };
        let last_rank = if self.side == Color::White { 7 } else { 0 };
        self.board
            .at(first.from, level)
            .is_some_and(|p| p.kind() == Kind::Pawn)
            && file_rank(last.to).1 == last_rank
    }

    /// Plays the legs of `m` for the side to move, up to but not including
    /// the end-of-turn conversions, into `out` (false if they cannot be
    /// played). Written into the caller's place: a position built here
    /// and returned was copied three times, 3% of a listing.
    fn play_legs_into(&self, m: &Move, out: &mut Moved) -> bool {
        let us = self.side;
        let legs = m.legs();
        let Some(first) = legs.first() else {
            return false;
        };
        let level = if first.from_level == NO_LEVEL {
            0
        } else {
            first.from_level as usize
        };
        let Some(mover) = self.board.at(first.from, level) else {
            return false;
        };
        out.pos = *self;
        let pos = &mut out.pos;
        let Some(eff) = pos.resolve_legs(us, m) else {
            return false;
        };
        if eff.king_captured[us.index()] {
            return false;
        }
        let last = legs[legs.len() - 1].to;
        let pawn_moved = mover.kind() == Kind::Pawn && legs.iter().any(|l| l.from != l.to);
        let pawn_at =
            (pawn_moved && pos.board.is_lone(last, Piece::new(us, Kind::Pawn))).then_some(last);
        // En passant for the opponent: a pawn's double move that ends with
        // the pawn alone (R-B11.3).
        pos.ep = None;
        if is_disguise(m) {
            pos.ep = disguise_ep(m.legs())
                .filter(|&(_, at)| pos.board.is_lone(at, Piece::new(us, Kind::Pawn)));
        } else if mover.kind() == Kind::Pawn && first.from_level == NO_LEVEL {
            let (f0, r0) = file_rank(first.from);
            let mid = if legs.len() == 2 {
                Some(legs[0].to)
            } else {
                let (f1, r1) = file_rank(first.to);
                ((r1 - r0).abs() == 2 && f1 == f0).then(|| ((r0 + r1) / 2 * 8 + f0) as Square)
            };
            if let (Some(mid), Some(at)) = (mid, pawn_at) {
                pos.ep = Some((mid, at));
            }
        }
        update_castling(pos, m);
        out.pawn_at = pawn_at;
        out.facts = MoveFacts {
            pawn_moved,
            removals: eff.removals,
            rose: eff.rose,
            kings: eff.king_captured,
        };
        true
    }

    /// Finds every legal turn that `keep` keeps, or (with `want`) only
    /// that one, in no particular order.
    pub(super) fn find_turns(&self, want: Option<&Move>, keep: Keep, out: &mut Found) {
        let us = self.side;
        if self.exile_loss().is_some() {
            return;
        }
        if self.bait {
            // Only the forced replies (R-B6.4), after the replier's
            // deferred conversions (every way) and with no free action.
            self.each_conversion(us, Move::legs_of(&[]), Slot::Pre, &mut |template, base| {
                if want.is_none_or(|w| w.pre() == template.pre()) {
                    base.replies_into(*template, want, keep, out);
                }
                !keep.done(out)
            });
            return;
        }
        // A side starting its turn in check, directly attacked, with a
        // target may bait (never in exile: no King on the board). The
        // cheap masks first: the check test may play moves out.
        let mode = if self.may_bait(us) && self.in_check() {
            Finish::BaitAllowed
        } else {
            Finish::Normal
        };
        self.turns_into(mode, want, keep, out);
    }

    /// The forced replies to a pending bait from this position (after any
    /// deferred conversions, which `template` holds).
    fn replies_into(&self, template: Move, want: Option<&Move>, keep: Keep, out: &mut Found) {
        let us = self.side;
        self.each_bait_reply(|m, pos, e| {
            let mut whole = template;
            for &l in m.legs() {
                whole.push_leg(l);
            }
            if want.is_some_and(|w| w.body != Body::Legs || w.legs() != whole.legs()) {
                return true;
            }
            // A pawn that captures writes its own conversion as the
            // turn's suffix, as in any move.
            let legs = m.legs();
            let first = legs[0];
            let level = if first.from_level == NO_LEVEL {
                0
            } else {
                first.from_level as usize
            };
            let pawn = Piece::new(us, Kind::Pawn);
            let by_pawn = self.board.at(first.from, level) == Some(pawn);
            let land = legs[legs.len() - 2].to;
            let mut moved = Moved {
                pos: *pos,
                pawn_at: (by_pawn && pos.board.is_lone(land, pawn)).then_some(land),
                facts: MoveFacts {
                    pawn_moved: by_pawn,
                    removals: e.removals,
                    rose: e.rose,
                    kings: e.king_captured,
                },
            };
            self.finish(&whole, &mut moved, Finish::Reply, want, keep, out);
            !keep.done(out)
        });
    }

    /// Every ordinary turn (prefix actions, move, conversions), judged by
    /// `mode`.
    fn turns_into(&self, mode: Finish, want: Option<&Move>, keep: Keep, out: &mut Found) {
        // Usually the turn begins with its move: no prefixes to walk.
        if self.no_prefix() {
            self.turns_after_prefix(&Move::legs_of(&[]), self, mode, want, keep, out);
            return;
        }
        self.each_prefix(&mut |template, base| {
            if want.is_none_or(|w| w.pre() == template.pre()) {
                self.turns_after_prefix(template, base, mode, want, keep, out);
            }
            !keep.done(out)
        });
    }

    /// The turns that begin with the prefix actions `template`, which
    /// made `base` from this position.
    fn turns_after_prefix(
        &self,
        template: &Move,
        base: &Position,
        mode: Finish,
        want: Option<&Move>,
        keep: Keep,
        out: &mut Found,
    ) {
        let us = self.side;
        if want.is_some_and(|w| w.pre() != template.pre()) {
            return;
        }
        if want.is_none_or(|w| w.body == Body::Legs) {
            // Each piece move is played as the generator finds it.
            let mut each = EachMove {
                base,
                template,
                mode,
                want,
                keep,
                out: &mut *out,
                skip_quiet: matches!(keep, Keep::Noisy(_))
                    && template.pre().is_empty()
                    && base.quiet_moves_change_nothing(),
                moved: Moved {
                    pos: *base,
                    pawn_at: None,
                    facts: MoveFacts {
                        pawn_moved: false,
                        removals: 0,
                        rose: 0,
                        kings: [false; 2],
                    },
                },
                chain: [ChainStep {
                    outcome: Outcome::Unknown,
                    ep: None,
                    castling: 0,
                }; MAX_LEGS],
                copied: None,
            };
            base.piece_moves(us, false, &mut each);
            // A listing that drops quiet turns keeps a disguise only
            // if it leaves a pawn of ours on its last rank; each pawn
            // of a disguise or chain moves two steps at most (files
            // plus ranks), so with none of ours within two ranks of
            // that rank no disguise is kept, and the chains, which
            // cost a third of a search from the start, need not be
            // walked.
            if !each.skip_quiet || base.pawns_near_last_rank(us) {
                base.disguises(us, &mut each);
            }
        }
        for (kind, sq) in base.bishop_promotions() {
            if want.is_some_and(|w| w.body != Body::BishopPromotion(kind, sq)) {
                continue;
            }
            let mut t = *template;
            t.body = Body::BishopPromotion(kind, sq);
            let mut pos = *base;
            // A whole move: the opponent's en passant chance is gone.
            pos.ep = None;
            pos.pools.exiled[us.index()][kind as usize] -= 1;
            pos.board.put(sq, Piece::new(us, kind));
            let mut moved = Moved {
                pos,
                pawn_at: None,
                facts: MoveFacts {
                    pawn_moved: true,
                    removals: 0,
                    rose: 0,
                    kings: [false; 2],
                },
            };
            base.finish(&t, &mut moved, mode, want, keep, out);
        }
    }

    /// The turn's prefix actions in every allowed way, each with the
    /// position after them: first the conversions deferred from the
    /// opponent's turn (every own pawn alone in its zone, in square order,
    /// R-B12.2), then none or one free action (R-B12.4): promote the
    /// lowest Statue of a chain, or have a Statue capture an exiled piece.
    /// Handed to `each` one by one (see [`Position::each_conversion`])
    /// until it returns false; returns false if it did.
    pub(crate) fn each_prefix<F>(&self, each: &mut F) -> bool
    where
        F: FnMut(&Move, &Position) -> bool,
    {
        let us = self.side;
        self.each_conversion(us, Move::legs_of(&[]), Slot::Pre, &mut |m, p| {
            if !each(m, p) {
                return false;
            }
            for sq in p.free_statues(us) {
                for conv in conversions(p, us, true) {
                    if conv == Conversion::Statue {
                        continue;
                    }
                    let mut q = *p;
                    convert(&mut q, us, sq, conv);
                    let mut t = *m;
                    t.push_pre(Action { sq, conv });
                    if !each(&t, &q) {
                        return false;
                    }
                }
            }
            true
        })
    }

    /// Whether the side to move's turn can only begin as it stands: no
    /// deferred conversion and no Statue for a free action, so
    /// [`Position::prefixes`] would give this position alone.
    pub(crate) fn no_prefix(&self) -> bool {
        self.convertible_pawn(self.side).is_none() && !self.has_statue(self.side)
    }

    /// The lowest Statue of each of `us`'s chains (a chain reaches the
    /// last rank), which a free action may use.
    fn free_statues(&self, us: Color) -> ArrayVec<Square, 8> {
        let statue = Piece::new(us, Kind::Statue);
        let (last, step) = if us == Color::White {
            (7i8, -1i8)
        } else {
            (0, 1)
        };
        let mut v = ArrayVec::new();
        for f in 0..8i8 {
            let mut r = last;
            let mut lowest = None;
            while (0..8).contains(&r) && self.board.bottom((r * 8 + f) as Square) == Some(statue) {
                lowest = Some((r * 8 + f) as Square);
                r += step;
            }
            v.extend(lowest);
        }
        v.sort_unstable();
        v
    }

    /// R-B10.5: with a Bishop of ours on the board (risen or riding too),
    /// any own pawn standing alone on a square of that Bishop's colour may
    /// become an exiled type.
    fn bishop_promotions(&self) -> ArrayVec<(Kind, Square), { 64 * Kind::POOL.len() }> {
        let us = self.side;
        // Nothing exiled, nothing to promote to: the common case, and
        // asked at every generation.
        if self.pools.exiled[us.index()].iter().all(|&n| n == 0) {
            return ArrayVec::new();
        }
        let mut shades = [false; 2];
        for (sq, _, p) in self.board.pieces() {
            if p.is(us, Kind::Bishop) {
                let (f, r) = file_rank(sq);
                shades[((f + r) % 2) as usize] = true;
            }
        }
        let pawn = Piece::new(us, Kind::Pawn);
        // Room for every square (a set-up position may have more pawns
        // than a game can): on the stack, asked at every generation.
        let mut v = ArrayVec::new();
        for sq in 0..64u8 {
            let (f, r) = file_rank(sq);
            if !shades[((f + r) % 2) as usize] || !self.board.is_lone(sq, pawn) {
                continue;
            }
            for k in Kind::POOL {
                if self.pools.exiled[us.index()][k as usize] > 0 {
                    v.push((k, sq));
                }
            }
        }
        v
    }
}
