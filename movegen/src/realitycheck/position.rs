//! The full-information state, move generation and make/unmake.
//!
//! The state holds both faces of every chip, so it is what the referee and
//! perft use; players see less (see the information model in
//! [`super::info`]). `make` returns a copy of the previous state as its undo
//! record: the state is a couple of hundred bytes and every turn kind touches
//! different fields, so copying is both the simplest and a fast way back.

use super::chip::{is_true, Chip, Face, EMPTY, KINDS, TRUE_KINDS};
use super::geometry::{slider, BISHOP_DIRS, CELLS, HOME, ROOK_DIRS, T};
use super::zobrist::Z;
use crate::bits::{bit, Bits};
use crate::game::{Color, MoveBuf};

/// No square / no chip.
pub const NONE: u8 = 0xFF;

/// The kinds of turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnKind {
    /// A non-capturing move followed by the compulsory flip.
    MoveFlip = 1,
    /// White's first turn: a non-capturing move without a flip.
    Plain = 2,
    Drop = 3,
    Capture = 4,
    RealityCheck = 5,
    /// Refusing the last true chip: a whole turn, and a loss.
    RefuseOnly = 6,
}

/// What happens first to a pending captured chip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    None = 0,
    Keep = 1,
    Refuse = 2,
}

/// A turn packed in 32 bits: `from | to << 6 | flip << 12 | drop kind << 18 |
/// drop flipped << 22 | turn kind << 23 | decision << 26`. Unused square
/// fields hold 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u32);

impl Move {
    const NO_SQ: u32 = 63;

    fn pack(kind: TurnKind, from: u32, to: u32, flip: u32, chip: u32, flipped: bool) -> Move {
        Move(
            from | to << 6 | flip << 12 | chip << 18 | (flipped as u32) << 22 | (kind as u32) << 23,
        )
    }
    pub fn move_flip(from: usize, to: usize, flip: usize) -> Move {
        Move::pack(
            TurnKind::MoveFlip,
            from as u32,
            to as u32,
            flip as u32,
            0,
            false,
        )
    }
    pub fn plain(from: usize, to: usize) -> Move {
        Move::pack(
            TurnKind::Plain,
            from as u32,
            to as u32,
            Self::NO_SQ,
            0,
            false,
        )
    }
    pub fn drop(kind: usize, flipped: bool, to: usize) -> Move {
        Move::pack(
            TurnKind::Drop,
            Self::NO_SQ,
            to as u32,
            Self::NO_SQ,
            kind as u32,
            flipped,
        )
    }
    pub fn capture(from: usize, to: usize, reality_check: bool) -> Move {
        let k = if reality_check {
            TurnKind::RealityCheck
        } else {
            TurnKind::Capture
        };
        Move::pack(k, from as u32, to as u32, Self::NO_SQ, 0, false)
    }
    pub fn refuse_only() -> Move {
        Move::pack(
            TurnKind::RefuseOnly,
            Self::NO_SQ,
            Self::NO_SQ,
            Self::NO_SQ,
            0,
            false,
        )
    }
    /// The same turn preceded by a keep or refuse decision.
    pub fn with_decision(self, d: Decision) -> Move {
        Move(self.0 & !(3 << 26) | (d as u32) << 26)
    }

    pub fn kind(self) -> TurnKind {
        match self.0 >> 23 & 7 {
            1 => TurnKind::MoveFlip,
            2 => TurnKind::Plain,
            3 => TurnKind::Drop,
            4 => TurnKind::Capture,
            5 => TurnKind::RealityCheck,
            _ => TurnKind::RefuseOnly,
        }
    }
    pub fn decision(self) -> Decision {
        match self.0 >> 26 & 3 {
            1 => Decision::Keep,
            2 => Decision::Refuse,
            _ => Decision::None,
        }
    }
    #[inline(always)]
    pub fn from(self) -> usize {
        (self.0 & 63) as usize
    }
    #[inline(always)]
    pub fn to(self) -> usize {
        (self.0 >> 6 & 63) as usize
    }
    #[inline(always)]
    pub fn flip_square(self) -> usize {
        (self.0 >> 12 & 63) as usize
    }
    #[inline(always)]
    pub fn drop_kind(self) -> usize {
        (self.0 >> 18 & 15) as usize
    }
    #[inline(always)]
    pub fn drop_flipped(self) -> bool {
        self.0 >> 22 & 1 == 1
    }
    /// Whether the turn is a capture (plain or reality check).
    pub fn is_capture(self) -> bool {
        matches!(self.kind(), TurnKind::Capture | TurnKind::RealityCheck)
    }
}

/// The complete state of a Reality Check game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(super) board: [u8; CELLS],
    pub(super) color_bb: [u64; 2],
    /// Squares by upturned face, both colours.
    pub(super) face_bb: [u64; 4],
    /// Chips in hand, as bit sets over kinds.
    pub(super) hand: [u16; 2],
    /// Chips out of play for good.
    pub(super) out: [u16; 2],
    /// Square of the chip the side to move may not flip, or [`NONE`].
    pub(super) restricted: u8,
    /// Kind of the side to move's captured chip awaiting keep/refuse, or
    /// [`NONE`].
    pub(super) pending: u8,
    pub(super) side: Color,
    pub(super) halfmove: u16,
    pub(super) fullmove: u16,
    pub(super) key: u64,
}

/// Undo record: the whole previous state.
pub type Undo = Position;

impl Position {
    /// An empty board, White to move, move 1 (the building block of FEN
    /// parsing and setups).
    pub(super) fn empty() -> Position {
        let mut p = Position {
            board: [EMPTY; CELLS],
            color_bb: [0; 2],
            face_bb: [0; 4],
            hand: [0; 2],
            out: [0; 2],
            restricted: NONE,
            pending: NONE,
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        };
        p.key = p.compute_key();
        p
    }

    // ----- accessors -------------------------------------------------------

    pub fn side(&self) -> Color {
        self.side
    }
    pub fn chip_at(&self, s: usize) -> Option<Chip> {
        (s < CELLS && self.board[s] != EMPTY).then(|| Chip(self.board[s]))
    }
    /// Kinds in `c`'s hand (bit set).
    pub fn hand(&self, c: Color) -> u16 {
        self.hand[c.index()]
    }
    /// Kinds of `c` out of play (bit set).
    pub fn out_of_play(&self, c: Color) -> u16 {
        self.out[c.index()]
    }
    /// The side to move's pending chip kind.
    pub fn pending(&self) -> Option<usize> {
        (self.pending != NONE).then_some(self.pending as usize)
    }
    /// Square of the chip the side to move may not flip.
    pub fn restricted(&self) -> Option<usize> {
        (self.restricted != NONE).then_some(self.restricted as usize)
    }
    pub fn halfmove(&self) -> u32 {
        self.halfmove as u32
    }
    pub fn fullmove(&self) -> u32 {
        self.fullmove as u32
    }
    pub fn occupied(&self) -> u64 {
        self.color_bb[0] | self.color_bb[1]
    }
    pub fn pieces(&self, c: Color) -> u64 {
        self.color_bb[c.index()]
    }
    /// Whether this is White's first turn (a move without a flip only).
    #[inline]
    pub fn white_first_turn(&self) -> bool {
        self.side == Color::White && self.fullmove == 1
    }

    /// Kinds of `c` on the board (bit set).
    pub fn on_board(&self, c: Color) -> u16 {
        let mut k = 0;
        for s in Bits(self.color_bb[c.index()]) {
            k |= 1 << Chip(self.board[s]).kind();
        }
        k
    }

    /// True chips of `c` in play: board, hand and (for the side to move) the
    /// pending chip, which is in play until refused.
    pub fn true_in_play(&self, c: Color) -> u32 {
        let mut set = self.on_board(c) | self.hand[c.index()];
        if c == self.side && self.pending != NONE {
            set |= 1 << self.pending;
        }
        (set & TRUE_KINDS).count_ones()
    }

    /// Hand limit L = T - 1 (may be negative when T is 0).
    pub fn hand_limit(&self, c: Color) -> i32 {
        self.true_in_play(c) as i32 - 1
    }

    /// Whether `c` holds more chips than the limit, so must drop.
    pub fn over_limit(&self, c: Color) -> bool {
        self.hand[c.index()].count_ones() as i32 > self.hand_limit(c)
    }

    // ----- board edits that keep masks and key in step ---------------------

    #[inline(always)]
    pub(super) fn put(&mut self, s: usize, chip: Chip) {
        debug_assert_eq!(self.board[s], EMPTY);
        self.board[s] = chip.0;
        self.color_bb[chip.color().index()] |= bit(s);
        self.face_bb[chip.up() as usize] |= bit(s);
        self.key ^= Z.chip[s][chip.0 as usize];
    }

    #[inline(always)]
    pub(super) fn take(&mut self, s: usize) -> Chip {
        let chip = Chip(self.board[s]);
        debug_assert_ne!(chip.0, EMPTY);
        self.board[s] = EMPTY;
        self.color_bb[chip.color().index()] ^= bit(s);
        self.face_bb[chip.up() as usize] ^= bit(s);
        self.key ^= Z.chip[s][chip.0 as usize];
        chip
    }

    pub(super) fn set_hand(&mut self, c: Color, set: u16) {
        self.key ^= Z.set_key(&Z.hand[c.index()], self.hand[c.index()] ^ set);
        self.hand[c.index()] = set;
    }

    pub(super) fn set_out(&mut self, c: Color, set: u16) {
        self.key ^= Z.set_key(&Z.out[c.index()], self.out[c.index()] ^ set);
        self.out[c.index()] = set;
    }

    pub(super) fn set_pending(&mut self, kind: u8) {
        self.key ^= Z.pending_key(self.pending) ^ Z.pending_key(kind);
        self.pending = kind;
    }

    pub(super) fn set_restricted(&mut self, s: u8) {
        self.key ^= Z.restricted_key(self.restricted) ^ Z.restricted_key(s);
        self.restricted = s;
    }

    /// The key from scratch (the incremental key must always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for s in 0..CELLS {
            if self.board[s] != EMPTY {
                k ^= Z.chip[s][self.board[s] as usize];
            }
        }
        for c in 0..2 {
            k ^= Z.set_key(&Z.hand[c], self.hand[c]);
            k ^= Z.set_key(&Z.out[c], self.out[c]);
        }
        k ^= Z.pending_key(self.pending) ^ Z.restricted_key(self.restricted);
        if self.side == Color::Black {
            k ^= Z.side;
        }
        if self.white_first_turn() {
            k ^= Z.first;
        }
        k
    }

    // ----- move generation -------------------------------------------------

    /// Non-capturing targets and capture targets of the chip on `s`.
    #[inline(always)]
    fn targets(&self, s: usize, occ: u64, enemy: u64) -> (u64, u64) {
        let empty = T.board & !occ;
        match Chip(self.board[s]).up() {
            Face::Pawn => (T.step[s] & empty, T.diag[s] & enemy),
            Face::Knight => (T.knight[s] & empty, T.knight[s] & enemy),
            Face::Bishop => {
                let a = slider(s, occ, &BISHOP_DIRS);
                (a & empty, a & enemy)
            }
            Face::Rook => {
                let a = slider(s, occ, &ROOK_DIRS);
                (a & empty, a & enemy)
            }
        }
    }

    /// Whether a side has lost all four true chips: the game is over and
    /// nobody has a legal turn (so perft lines end there too).
    #[inline]
    pub fn decided(&self) -> bool {
        self.true_in_play(Color::White) == 0 || self.true_in_play(Color::Black) == 0
    }

    /// Every legal turn.
    pub fn generate<L: MoveBuf<Move>>(&self, out: &mut L) {
        if self.decided() {
            return;
        }
        if self.pending == NONE {
            self.generate_turns(Decision::None, out);
            return;
        }
        let c = self.side;
        let pending = self.pending as usize;
        // Keep: the chip joins the hand, which is then over the limit, so the
        // rest of the turn is a drop of any hand chip.
        let free = HOME[c.index()] & !self.occupied();
        if free != 0 {
            self.push_drops(
                self.hand[c.index()] | 1 << pending,
                free,
                Decision::Keep,
                out,
            );
        }
        // Refuse: the chip leaves play; then any turn legal afterwards.
        let mut after = *self;
        after.set_out(c, after.out[c.index()] | 1 << pending);
        after.set_pending(NONE);
        if after.true_in_play(c) == 0 {
            out.push(Move::refuse_only());
        } else {
            after.generate_turns(Decision::Refuse, out);
        }
    }

    fn push_drops<L: MoveBuf<Move>>(&self, kinds: u16, free: u64, d: Decision, out: &mut L) {
        for kind in Bits(kinds as u64) {
            for s in Bits(free) {
                out.push(Move::drop(kind, false, s).with_decision(d));
                if !is_true(kind) {
                    out.push(Move::drop(kind, true, s).with_decision(d));
                }
            }
        }
    }

    /// The turns of a side with no pending decision (or right after one).
    fn generate_turns<L: MoveBuf<Move>>(&self, d: Decision, out: &mut L) {
        let c = self.side;
        let occ = self.occupied();
        let own = self.color_bb[c.index()];
        let enemy = self.color_bb[c.flip().index()];
        if self.white_first_turn() {
            for s in Bits(own) {
                let (quiet, _) = self.targets(s, occ, enemy);
                for t in Bits(quiet) {
                    out.push(Move::plain(s, t).with_decision(d));
                }
            }
            return;
        }
        let free = HOME[c.index()] & !occ;
        self.push_drops(self.hand[c.index()], free, d, out);
        if self.over_limit(c) {
            return;
        }
        for s in Bits(own) {
            let (quiet, captures) = self.targets(s, occ, enemy);
            for t in Bits(quiet) {
                let restricted = if self.restricted as usize == s {
                    bit(t)
                } else if self.restricted != NONE {
                    bit(self.restricted as usize)
                } else {
                    0
                };
                let flippable = (occ ^ bit(s) ^ bit(t)) & !restricted;
                for f in Bits(flippable) {
                    out.push(Move::move_flip(s, t, f).with_decision(d));
                }
            }
            for t in Bits(captures) {
                out.push(Move::capture(s, t, false).with_decision(d));
                out.push(Move::capture(s, t, true).with_decision(d));
            }
        }
    }

    /// The number of legal turns, counted without listing move-and-flip
    /// turns one by one.
    pub fn count(&self) -> usize {
        if self.decided() {
            return 0;
        }
        if self.pending != NONE {
            let mut list = super::MoveVec::new();
            self.generate(&mut list);
            return list.len();
        }
        let c = self.side;
        let occ = self.occupied();
        let own = self.color_bb[c.index()];
        let enemy = self.color_bb[c.flip().index()];
        let mut n = 0;
        if self.white_first_turn() {
            for s in Bits(own) {
                n += self.targets(s, occ, enemy).0.count_ones() as usize;
            }
            return n;
        }
        let free = (HOME[c.index()] & !occ).count_ones() as usize;
        for kind in Bits(self.hand[c.index()] as u64) {
            n += free * if is_true(kind) { 1 } else { 2 };
        }
        if self.over_limit(c) {
            return n;
        }
        let chips = occ.count_ones() as usize;
        for s in Bits(own) {
            let (quiet, captures) = self.targets(s, occ, enemy);
            let flips = if self.restricted == NONE {
                chips
            } else {
                chips - 1
            };
            n += quiet.count_ones() as usize * flips + 2 * captures.count_ones() as usize;
        }
        n
    }

    /// Whether `m` is a legal turn here, checked directly (without listing
    /// every turn): the information model calls this for every world.
    pub fn is_legal_turn(&self, m: Move) -> bool {
        // Only encodings our constructors make can be legal.
        let canonical = match m.kind() {
            TurnKind::MoveFlip => Move::move_flip(m.from(), m.to(), m.flip_square()),
            TurnKind::Plain => Move::plain(m.from(), m.to()),
            TurnKind::Drop => Move::drop(m.drop_kind(), m.drop_flipped(), m.to()),
            TurnKind::Capture => Move::capture(m.from(), m.to(), false),
            TurnKind::RealityCheck => Move::capture(m.from(), m.to(), true),
            TurnKind::RefuseOnly => Move::refuse_only(),
        };
        if canonical.with_decision(m.decision()) != m || m.0 >> 28 != 0 {
            return false;
        }
        if m.kind() == TurnKind::Drop
            && (m.drop_kind() >= KINDS || is_true(m.drop_kind()) && m.drop_flipped())
        {
            return false;
        }
        if self.decided() {
            return false;
        }
        let c = self.side;
        match (self.pending(), m.decision()) {
            (None, Decision::None) => self.turn_is_legal(m),
            (None, _) => false,
            (Some(k), Decision::Keep) => {
                m.kind() == TurnKind::Drop
                    && (self.hand[c.index()] | 1 << k) >> m.drop_kind() & 1 == 1
                    && (HOME[c.index()] & !self.occupied()) >> m.to() & 1 == 1
            }
            (Some(k), d) => {
                let mut after = *self;
                after.set_out(c, after.out[c.index()] | 1 << k);
                after.set_pending(NONE);
                let lost = after.true_in_play(c) == 0;
                match d {
                    Decision::None => lost && m.kind() == TurnKind::RefuseOnly,
                    _ => !lost && after.turn_is_legal(m.with_decision(Decision::None)),
                }
            }
        }
    }

    /// Legality of a turn without a pending decision.
    fn turn_is_legal(&self, m: Move) -> bool {
        let c = self.side;
        let occ = self.occupied();
        let own = self.color_bb[c.index()];
        let enemy = self.color_bb[c.flip().index()];
        let from_ok = |s: usize| s < CELLS && own >> s & 1 == 1;
        if self.white_first_turn() {
            return m.kind() == TurnKind::Plain
                && from_ok(m.from())
                && self.targets(m.from(), occ, enemy).0 >> m.to() & 1 == 1;
        }
        match m.kind() {
            TurnKind::Drop => {
                self.hand[c.index()] >> m.drop_kind() & 1 == 1
                    && m.to() < CELLS
                    && (HOME[c.index()] & !occ) >> m.to() & 1 == 1
            }
            _ if self.over_limit(c) => false,
            TurnKind::MoveFlip => {
                if !from_ok(m.from()) || self.targets(m.from(), occ, enemy).0 >> m.to() & 1 == 0 {
                    return false;
                }
                let f = m.flip_square();
                let restricted = if self.restricted as usize == m.from() {
                    m.to()
                } else {
                    self.restricted as usize
                };
                f < CELLS && (occ ^ bit(m.from()) ^ bit(m.to())) >> f & 1 == 1 && f != restricted
            }
            TurnKind::Capture | TurnKind::RealityCheck => {
                from_ok(m.from()) && self.targets(m.from(), occ, enemy).1 >> m.to() & 1 == 1
            }
            TurnKind::Plain | TurnKind::RefuseOnly => false,
        }
    }

    // ----- make ------------------------------------------------------------

    /// Plays a legal turn; returns the previous state.
    pub fn play(&mut self, m: Move) -> Undo {
        let undo = *self;
        let c = self.side;
        let ci = c.index();
        let mut reset = false;
        match m.decision() {
            Decision::None => {}
            Decision::Keep => {
                let k = self.pending;
                self.set_hand(c, self.hand[ci] | 1 << k);
                self.set_pending(NONE);
            }
            Decision::Refuse => {
                let k = self.pending;
                self.set_out(c, self.out[ci] | 1 << k);
                self.set_pending(NONE);
                reset = true;
            }
        }
        let mut restricted = NONE;
        match m.kind() {
            TurnKind::RefuseOnly => {
                let k = self.pending;
                self.set_out(c, self.out[ci] | 1 << k);
                self.set_pending(NONE);
                reset = true;
            }
            TurnKind::Drop => {
                let kind = m.drop_kind();
                self.set_hand(c, self.hand[ci] & !(1 << kind));
                self.put(m.to(), Chip::new(c, kind, m.drop_flipped()));
                restricted = m.to() as u8;
            }
            TurnKind::Plain => {
                let chip = self.take(m.from());
                self.put(m.to(), chip);
            }
            TurnKind::MoveFlip => {
                let chip = self.take(m.from());
                self.put(m.to(), chip);
                let f = m.flip_square();
                let flipped = self.take(f);
                self.put(f, flipped.turned());
                restricted = f as u8;
            }
            TurnKind::Capture | TurnKind::RealityCheck => {
                let them = c.flip();
                // The victim's owner's limit is taken before the capture,
                // with the victim still in play.
                let their_limit = self.hand_limit_of_other();
                let victim = self.take(m.to());
                let chip = self.take(m.from());
                self.put(m.to(), chip);
                let vk = victim.kind();
                if m.kind() == TurnKind::RealityCheck && is_true(chip.kind()) && is_true(vk) {
                    self.set_out(them, self.out[them.index()] | 1 << vk);
                } else if self.hand[them.index()].count_ones() as i32 + 1 > their_limit {
                    self.set_pending(vk as u8);
                } else {
                    self.set_hand(them, self.hand[them.index()] | 1 << vk);
                }
                reset = true;
            }
        }
        self.set_restricted(restricted);
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        let was_first = self.white_first_turn();
        if c == Color::Black {
            self.fullmove += 1;
        }
        self.side = c.flip();
        self.key ^= Z.side;
        if was_first {
            self.key ^= Z.first;
        }
        undo
    }

    /// The limit of the side not to move (who has no pending chip).
    fn hand_limit_of_other(&self) -> i32 {
        let c = self.side.flip();
        ((self.on_board(c) | self.hand[c.index()]) & TRUE_KINDS).count_ones() as i32 - 1
    }

    /// Passes the turn without changing anything else (used by searches
    /// that need a null move; not a move of the game).
    pub fn pass(&mut self) -> Undo {
        let undo = *self;
        let was_first = self.white_first_turn();
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        self.key ^= Z.side;
        if was_first {
            self.key ^= Z.first;
        }
        undo
    }

    /// Every chip kind is somewhere exactly once per colour.
    pub fn check_inventory(&self) -> Result<(), String> {
        for c in [Color::White, Color::Black] {
            let ci = c.index();
            let mut seen = 0u16;
            let mut add = |set: u16, what: &str| -> Result<(), String> {
                if seen & set != 0 {
                    return Err(format!("a {} chip is both {what} and elsewhere", c.name()));
                }
                seen |= set;
                Ok(())
            };
            add(self.on_board(c), "on the board")?;
            if self.on_board(c).count_ones() != self.color_bb[ci].count_ones() {
                return Err(format!(
                    "{} has two chips of one kind on the board",
                    c.name()
                ));
            }
            add(self.hand[ci], "in hand")?;
            add(self.out[ci], "out of play")?;
            if c == self.side && self.pending != NONE {
                add(1 << self.pending, "pending")?;
            }
            if seen != (1 << KINDS) - 1 {
                return Err(format!(
                    "{} must have each of the ten chips exactly once (board, hand, out of play, pending)",
                    c.name()
                ));
            }
        }
        Ok(())
    }
}
