//! Whole turns: a move, the end of the turn (R-B12 conversions, R-B8.7
//! first-rank pawns, R-B10.4 risen Bishops' exile, clocks, rights), and
//! the legality of the result (R-B5.1, R-B7.3, R-B13.1); the legal list,
//! playing a turn by its text, the game's end, perft.

use super::board::{file_rank, squares, Kind, Material, Piece, Square};
use super::disguise::{disguise_ep, is_disguise, DisguiseSink};
use super::game::path_of;
use super::moves::{sort_by_text, Action, Body, Conversion, Leg, Move, NO_LEVEL};
use super::position::Position;
use super::rules::{conversions, convert, update_castling, zone, LegSink};
use crate::game::{first_draw, no_move_outcome, Color, EndReason, Outcome};

/// Where a conversion is written: before the move (deferred from the
/// opponent's turn), or after it (the moved pawn's as the suffix).
#[derive(Clone, Copy)]
enum Slot {
    Pre,
    Post(Option<Square>),
}

/// How a turn's end is judged.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Finish {
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
enum Keep {
    All,
    /// The noisy turns only: the quiet ones are dropped before their
    /// check test, which is most of a turn's cost.
    Noisy(Material),
    /// Any one quiet turn: the listing stops at the first found.
    OneQuiet(Material),
}

impl Keep {
    /// Whether a listing that has found `found` can stop.
    fn done(self, found: &Found) -> bool {
        matches!(self, Keep::OneQuiet(_)) && found.count > 0
    }
}

/// What a listing keeps of the legal turns it finds: the turns with their
/// positions, or (for perft's last ply) only how many there are.
struct Found {
    list: Vec<(Move, Position)>,
    count: usize,
    listing: bool,
}

impl Found {
    fn listing() -> Found {
        Found {
            list: Vec::with_capacity(64),
            count: 0,
            listing: true,
        }
    }

    fn counting() -> Found {
        Found {
            list: Vec::new(),
            count: 0,
            listing: false,
        }
    }

    #[inline]
    fn push(&mut self, t: Move, p: Position) {
        self.count += 1;
        if self.listing {
            self.list.push((t, p));
        }
    }
}

/// The result of playing a turn's move before its conversions are chosen.
struct Moved {
    pos: Position,
    /// Kings captured by the move, per colour.
    kings: [bool; 2],
    /// Where the moving pawn ended, alone, if the mover was a pawn.
    pawn_at: Option<Square>,
    pawn_moved: bool,
    removals: u32,
    rose: u64,
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
}

impl LegSink for EachMove<'_> {
    fn legs(&mut self, legs: &[Leg], cap: bool) {
        if self.keep.done(self.out) || self.want.is_some_and(|w| w.legs() != legs) {
            return;
        }
        if self.skip_quiet && !cap && !self.base.pawn_to_last_rank(legs) {
            return;
        }
        let mut t = *self.template;
        for &l in legs {
            t.push_leg(l);
        }
        let Some(moved) = self.base.play_legs(&t) else {
            return;
        };
        self.base
            .finish(t, moved, self.mode, self.want, self.keep, self.out);
    }
}

impl DisguiseSink for EachMove<'_> {
    fn disguise(&mut self, legs: &[Leg], after: &Position) {
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
        let mut t = *self.template;
        for &l in legs {
            t.push_leg(l);
        }
        // As play_legs would leave it, without swapping again.
        let mut pos = *after;
        let last = legs[legs.len() - 1].to;
        pos.ep = disguise_ep(legs).filter(|&(_, at)| pos.board.is_lone(at, pawn));
        update_castling(&mut pos, &t);
        let moved = Moved {
            pawn_at: pos.board.is_lone(last, pawn).then_some(last),
            pos,
            pawn_moved: true,
            removals: 0,
            rose: 0,
            kings: [false; 2],
        };
        self.base
            .finish(t, moved, self.mode, self.want, self.keep, self.out);
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
    /// the end-of-turn conversions.
    fn play_legs(&self, m: &Move) -> Option<Moved> {
        let us = self.side;
        let mut pos = *self;
        let legs = m.legs();
        let first = legs.first()?;
        let level = if first.from_level == NO_LEVEL {
            0
        } else {
            first.from_level as usize
        };
        let mover = pos.board.at(first.from, level)?;
        let eff = pos.resolve_legs(us, m)?;
        if eff.king_captured[us.index()] {
            return None;
        }
        let last = legs.last()?.to;
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
        update_castling(&mut pos, m);
        Some(Moved {
            pos,
            pawn_at,
            pawn_moved,
            removals: eff.removals,
            rose: eff.rose,
            kings: eff.king_captured,
        })
    }

    /// Every legal turn, in byte order of their texts.
    /// Empty once the game is decided by an exile loss (R-B13.2).
    pub fn legal_turns(&self) -> Vec<(Move, Position)> {
        self.turns(None, Keep::All)
    }

    /// How many legal turns there are: [`Position::legal_turns`]'s length,
    /// without keeping or sorting the turns (perft's last ply).
    pub fn count_legal_turns(&self) -> usize {
        let mut found = Found::counting();
        self.find_turns(None, Keep::All, &mut found);
        found.count
    }

    /// The legal turns that change the material on the board (see
    /// [`super::game::Turn::changes_material`]): [`Position::legal_turns`]
    /// without the others, in the same order, at a fraction of the cost.
    pub fn noisy_turns(&self) -> Vec<(Move, Position)> {
        self.turns(None, Keep::Noisy(self.board.material()))
    }

    /// Whether some legal turn leaves the material on the board as it is.
    pub fn has_quiet_turn(&self) -> bool {
        !self
            .turns(None, Keep::OneQuiet(self.board.material()))
            .is_empty()
    }

    /// The position after the turn `m`, if it is legal here. The same
    /// generator as [`Position::legal_turns`], pruned at each step (prefix
    /// actions, legs, conversions) to the parts of `m`, so the two cannot
    /// disagree.
    pub fn play(&self, m: &Move) -> Option<Position> {
        self.turns(Some(m), Keep::All)
            .into_iter()
            .next()
            .map(|(_, p)| p)
    }

    /// Every legal turn that `keep` keeps, or (with `want`) only that one,
    /// in byte order of their texts.
    fn turns(&self, want: Option<&Move>, keep: Keep) -> Vec<(Move, Position)> {
        let mut found = Found::listing();
        self.find_turns(want, keep, &mut found);
        let mut out = found.list;
        sort_by_text(&mut out, |(m, _)| m, true);
        out
    }

    /// Finds every legal turn that `keep` keeps, or (with `want`) only
    /// that one, in no particular order.
    fn find_turns(&self, want: Option<&Move>, keep: Keep, out: &mut Found) {
        let us = self.side;
        if self.exile_loss().is_some() {
            return;
        }
        if self.bait {
            // Only the forced replies (R-B6.4), after the replier's
            // deferred conversions (every way) and with no free action.
            let mut deferred = Vec::new();
            self.convert_all(us, Move::legs_of(&[]), Slot::Pre, &mut deferred);
            for (template, base) in deferred {
                if want.is_some_and(|w| w.pre() != template.pre()) {
                    continue;
                }
                if keep.done(out) {
                    break;
                }
                base.replies_into(template, want, keep, out);
            }
            return;
        }
        // A side starting its turn in check, directly attacked, with a
        // target may bait (never in exile: no King on the board).
        let mode = if self.in_check() && self.may_bait(us) {
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
        {
            for (m, pos, e) in self.bait_replies() {
                let mut whole = template;
                for &l in m.legs() {
                    whole.push_leg(l);
                }
                if want.is_some_and(|w| w.body != Body::Legs || w.legs() != whole.legs()) {
                    continue;
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
                let moved = Moved {
                    pos,
                    pawn_at: (by_pawn && pos.board.is_lone(land, pawn)).then_some(land),
                    pawn_moved: by_pawn,
                    removals: e.removals,
                    rose: e.rose,
                    kings: e.king_captured,
                };
                self.finish(whole, moved, Finish::Reply, want, keep, out);
            }
        }
    }

    /// Every ordinary turn (prefix actions, move, conversions), judged by
    /// `mode`.
    fn turns_into(&self, mode: Finish, want: Option<&Move>, keep: Keep, out: &mut Found) {
        let us = self.side;
        let plain;
        let listed;
        // Usually the turn begins with its move: no list of prefixes.
        let prefixes: &[(Move, Position)] = if self.no_prefix() {
            plain = [(Move::legs_of(&[]), *self)];
            &plain
        } else {
            listed = self.prefixes();
            &listed
        };
        for (template, base) in prefixes {
            if want.is_some_and(|w| w.pre() != template.pre()) {
                continue;
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
                };
                base.piece_moves(us, false, &mut each);
                base.disguises(us, &mut each);
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
                let moved = Moved {
                    pos,
                    pawn_at: None,
                    pawn_moved: true,
                    removals: 0,
                    rose: 0,
                    kings: [false; 2],
                };
                base.finish(t, moved, mode, want, keep, out);
            }
        }
    }

    /// The turn's prefix actions in every allowed way, each with the
    /// position after them: first the conversions deferred from the
    /// opponent's turn (every own pawn alone in its zone, in square order,
    /// R-B12.2), then none or one free action (R-B12.4): promote the
    /// lowest Statue of a chain, or have a Statue capture an exiled piece.
    pub(crate) fn prefixes(&self) -> Vec<(Move, Position)> {
        let us = self.side;
        let mut partial = Vec::new();
        self.convert_all(us, Move::legs_of(&[]), Slot::Pre, &mut partial);
        let mut out = Vec::new();
        for (m, p) in partial {
            out.push((m, p));
            for sq in p.free_statues(us) {
                for conv in conversions(&p, us, true) {
                    if conv == Conversion::Statue {
                        continue;
                    }
                    let mut q = p;
                    convert(&mut q, us, sq, conv);
                    let mut t = m;
                    t.push_pre(Action { sq, conv });
                    out.push((t, q));
                }
            }
        }
        out
    }

    /// Every way `us`'s pawns standing alone in their zone convert, the
    /// lowest square first and zones looked at again after each; each
    /// conversion written into `t` where `slot` says. Pushes the finished
    /// turns with their positions.
    fn convert_all(&self, us: Color, t: Move, slot: Slot, out: &mut Vec<(Move, Position)>) {
        let Some(sq) = self.convertible_pawn(us) else {
            out.push((t, *self));
            return;
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
            q.convert_all(us, next, slot, out);
        }
    }

    /// The lowest square of a lone pawn of `us` in its zone, which must
    /// convert (a square whose bottom is a pawn holds nothing else: a
    /// column stands on a Rook).
    fn convertible_pawn(&self, us: Color) -> Option<Square> {
        let mut pawns = self.board.bottoms(us, Kind::Pawn);
        if self.board.bottoms(us, Kind::Statue) == 0 {
            // Without a Statue every zone is the last rank.
            pawns &= if us == Color::White { 0xFF << 56 } else { 0xFF };
        }
        squares(pawns).find(|&sq| zone(self, us, file_rank(sq).0) == Some(sq))
    }

    /// Whether the side to move's turn can only begin as it stands: no
    /// deferred conversion and no Statue for a free action, so
    /// [`Position::prefixes`] would give this position alone.
    pub(crate) fn no_prefix(&self) -> bool {
        self.convertible_pawn(self.side).is_none() && !self.has_statue(self.side)
    }

    /// The lowest Statue of each of `us`'s chains (a chain reaches the
    /// last rank), which a free action may use.
    fn free_statues(&self, us: Color) -> Vec<Square> {
        let statue = Piece::new(us, Kind::Statue);
        let (last, step) = if us == Color::White {
            (7i8, -1i8)
        } else {
            (0, 1)
        };
        let mut v = Vec::new();
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
    fn bishop_promotions(&self) -> Vec<(Kind, Square)> {
        let us = self.side;
        // Nothing exiled, nothing to promote to: the common case, and
        // asked at every generation.
        if self.pools.exiled[us.index()].iter().all(|&n| n == 0) {
            return Vec::new();
        }
        let mut shades = [false; 2];
        for (sq, _, p) in self.board.pieces() {
            if p.is(us, Kind::Bishop) {
                let (f, r) = file_rank(sq);
                shades[((f + r) % 2) as usize] = true;
            }
        }
        let pawn = Piece::new(us, Kind::Pawn);
        let mut v = Vec::new();
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

    /// Chooses the end-of-turn conversions of `m` in every way, finishes
    /// each turn and keeps the legal ones.
    fn finish(
        &self,
        m: Move,
        moved: Moved,
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
            if want.is_none_or(|w| *w == m) {
                self.finish_one(m, moved.pos, &moved, mode, keep, out);
            }
            return;
        }
        let mut converted = Vec::new();
        moved
            .pos
            .convert_all(us, m, Slot::Post(moved.pawn_at), &mut converted);
        if let Some(w) = want {
            converted.retain(|(t, _)| t == w);
        }
        for (t, p) in converted {
            if keep.done(out) {
                break;
            }
            self.finish_one(t, p, &moved, mode, keep, out);
        }
    }

    /// The end of one turn `t` whose move and conversions made `p`: first
    /// rank pawns and risen Bishops (R-B16.3), legality, clocks, the rule
    /// fields, a game decided in the turn. Pushes the turn if it is legal
    /// and `keep` keeps it.
    fn finish_one(
        &self,
        t: Move,
        mut p: Position,
        moved: &Moved,
        mode: Finish,
        keep: Keep,
        out: &mut Found,
    ) {
        let us = self.side;
        // After a denial the denied path may not be played again.
        if mode != Finish::Reply
            && self
                .forbid
                .is_some_and(|f| path_of(&t).text() == f.as_str())
        {
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
        match keep {
            Keep::All => {}
            Keep::Noisy(start) => {
                if p.board.material() == start {
                    return;
                }
            }
            Keep::OneQuiet(start) => {
                if keep.done(out) {
                    return;
                }
                if p.board.material() != start {
                    return;
                }
            }
        }
        let mut bait = false;
        match mode {
            Finish::Normal => {
                if p.king_capturable(us) {
                    return;
                }
            }
            Finish::BaitAllowed => {
                if p.king_capturable(us) {
                    // A bait move: the King stays directly attacked
                    // with a target left (R-B6.2).
                    if !p.may_bait(us) {
                        return;
                    }
                    bait = true;
                }
            }
            Finish::Reply => {
                // The reply ignores its own check; if its King can
                // then be captured, the baiting side has won.
                if p.king_capturable(us) {
                    p.winner = Some(us.flip());
                }
            }
        }
        if moved.pawn_moved || promoted || moved.removals + removals > 0 {
            p.halfmove = 0;
        } else {
            p.halfmove += 1;
        }
        if us == Color::Black {
            p.fullmove += 1;
        }
        p.side = us.flip();
        // Protection covers the next ordinary move; a bait's forced
        // reply is not one (R-B4.1).
        if p.protected == Some(us) && mode != Finish::Reply {
            p.protected = None;
        }
        p.forbid = None;
        p.bait = bait;
        // A King captured in the turn decides the game (a revenge or
        // fall may take the enemy King, R-B7.3; a bait's reply may
        // take the King it was meant to spare). The mover's own King
        // first: a reply that leaves it captured or capturable loses
        // whatever else it took (the winner set above stays).
        if moved.kings[us.index()] {
            p.winner = Some(us.flip());
        } else if p.winner.is_none() && moved.kings[us.flip().index()] {
            p.winner = Some(us);
        } else if bait && p.in_check() {
            // R-B16.2: a bait move that checks the opponent wins at
            // once, as a mate, if none of the forced replies leaves
            // the replier's King neither captured nor attacked (a
            // reply that fails is one whose winner is the baiter).
            let replies = p.legal_turns();
            if replies.iter().all(|(_, r)| r.winner == Some(us)) {
                p.winner = Some(us);
            }
        }
        out.push(t, p);
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
            // Most squares hold one piece: look at the column only where
            // there is one.
            if !self.board.is_column(sq) && self.board.bottom(sq) != Some(risen) {
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

    /// The rule end of this position, ignoring repetition (which needs the
    /// game's history) and denial (which needs its last move): a King
    /// captured from exile (L2), a side in exile without pawns or Statues
    /// (L1), mate or stalemate, the 100-ply rule, bare Kings.
    pub fn rule_end(&self) -> Option<Outcome> {
        if let Some(end) = self.exile_loss() {
            return Some(end);
        }
        if self.legal_turns().is_empty() {
            // R-B13.1: a side exiled while the opponent has a Statue must
            // bring its King back at once; with no turn that does, it has
            // no turn at all and loses (not a stalemate: there is no check
            // in exile).
            if self.in_exile(self.side) && self.has_statue(self.side.flip()) {
                return Some(Outcome::Win {
                    winner: self.side.flip(),
                    reason: EndReason::NoLegalTurn,
                });
            }
            return Some(no_move_outcome(self.side, self.in_check()));
        }
        first_draw(&[
            (EndReason::MoveRule, self.halfmove >= 100),
            (EndReason::BareKings, self.bare_kings()),
        ])
    }

    /// Only Kings on the board (R-B14.1: no pawns, no Statues, nothing
    /// else).
    pub fn bare_kings(&self) -> bool {
        let m = self.board.material();
        m.iter().all(|side| {
            side.iter()
                .enumerate()
                .all(|(k, &n)| n == 0 || k == Kind::King as usize)
        })
    }

    /// R-B13.2: a King captured from exile (L2), or a side in exile with
    /// no pawns and no Statues (L1); the winner and the reason.
    pub fn exile_loss(&self) -> Option<Outcome> {
        let win = |winner: Color, reason| Some(Outcome::Win { winner, reason });
        if let Some(w) = self.winner {
            // Won inside a bait (R-B16.2: the bait move itself wins, as a
            // mate, while its forced reply is pending), or by a King
            // captured in a turn.
            let reason = if self.bait {
                EndReason::Checkmate
            } else {
                EndReason::KingCaptured
            };
            return win(w, reason);
        }
        for c in [self.side, self.side.flip()] {
            if self.pools.captured[c.index()][Kind::King as usize] > 0 {
                return win(c.flip(), EndReason::ExiledKingCaptured);
            }
        }
        for c in [self.side, self.side.flip()] {
            if self.in_exile(c)
                && self.count_on_board(c, Kind::Pawn) == 0
                && self.count_on_board(c, Kind::Statue) == 0
            {
                return win(c.flip(), EndReason::NoPawnsInExile);
            }
        }
        None
    }

    /// The position after the turn written `text`, if it is legal here.
    pub fn play_text(&self, text: &str) -> Option<Position> {
        self.legal_turns()
            .into_iter()
            .find(|(m, _)| m.text() == text || self.alias_text(m).as_deref() == Some(text))
            .map(|(_, p)| p)
    }

    /// The one alias the notation accepts: a straight pawn double move
    /// written as two legs (`e2e3,e3e4` for `e2e4`, `e2e3,e3e4~` for
    /// `e2e4~`), every such leg of the turn expanded.
    pub fn alias_text(&self, m: &Move) -> Option<String> {
        if m.body != Body::Legs {
            return None;
        }
        let legs = m.legs();
        let first = *legs.first()?;
        let level = if first.from_level == NO_LEVEL {
            0
        } else {
            first.from_level as usize
        };
        let by_pawn = self.board.at(first.from, level)?.kind() == Kind::Pawn;
        if !by_pawn {
            return None;
        }
        let mut expanded = false;
        let mut out = *m;
        out.clear_legs();
        for &l in legs {
            let ((f0, r0), (f1, r1)) = (file_rank(l.from), file_rank(l.to));
            if f0 == f1 && (r1 - r0).abs() == 2 && l.from_level == NO_LEVEL {
                let mid = (((r0 + r1) / 2) * 8 + f0) as Square;
                out.push_leg(super::moves::Leg::new(l.from, mid));
                out.push_leg(super::moves::Leg { from: mid, ..l });
                expanded = true;
            } else {
                out.push_leg(l);
            }
        }
        expanded.then(|| out.text())
    }

    /// Whether the side to move is in check (never in exile).
    pub fn in_check(&self) -> bool {
        self.king_capturable(self.side)
    }

    /// Legal turn sequences of length `depth` (README perft convention).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.legal_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|(_, p)| p.perft(depth - 1)).sum()
    }
}
