//! A Dysnomia game state: the position and what a denial of the last move
//! needs (R-B4). The position alone is what a FEN holds; a state reached by
//! playing a turn also remembers the position before it, the turn, and
//! whether that turn can be denied.
//!
//! Interpretations (see `docs/rules/dysnomia.md`):
//! * A denial takes back the whole last turn, prefix actions included, and
//!   forbids its move's path (its legs, or the Bishop promotion's type and
//!   square): the re-move may not have the same path, whatever its
//!   conversions. `forbid=` holds that path.
//! * A turn is undeniable when it was its side's only legal turn, when
//!   another legal turn leads to exactly the same position, when it is a
//!   Knight's single-leg move (its other L-path does the same), when its
//!   side was protected, and when it is a bait's forced reply.

use super::board::{Kind, Material};
use super::moves::{Body, Conversion, Move, NO_LEVEL};
use super::position::{Forbid, Position};
use crate::game::{Color, Outcome};

/// What a denial of the last turn restores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Last {
    /// The position before the turn.
    pub before: Position,
    /// The turn's path, forbidden after a denial.
    pub path: Forbid,
    /// Whether the turn can be denied (the right aside).
    pub deniable: bool,
}

/// A position with the last turn, for denial. Read its fields freely;
/// make a changed state with [`State::new`] or by playing a turn (the key
/// is computed once, when the state is made).
#[derive(Clone, Copy, Debug, Eq)]
pub struct State {
    pub pos: Position,
    pub last: Option<Last>,
    /// [`State::key`]: a search reads it several times per node (table,
    /// list cache, repetition), and computing it each time cost a
    /// Dysnomia search 3%.
    key: u64,
    /// Set by [`crate::Game::make`] of an [`Turn::unchecked`] turn that
    /// left the mover's King capturable: the state is not a legal one and
    /// the search unmakes it ([`crate::Tactical::made_legal`]). Not part of
    /// the state (equality, hashing and the key leave it out).
    pub(crate) made_illegal: bool,
}

/// The key first (a function of the rest): the list cache compares states
/// at every turn made, most often unequal ones in its other table.
impl PartialEq for State {
    #[inline]
    fn eq(&self, o: &State) -> bool {
        self.key == o.key && self.pos == o.pos && self.last == o.last
    }
}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.pos.hash(h);
        self.last.hash(h);
        self.key.hash(h);
    }
}

/// The path of a turn: its legs, or `Q@e5`, without actions or
/// conversions.
pub fn path_of(m: &Move) -> Move {
    let mut p = match m.body {
        Body::Legs => Move::legs_of(m.legs()),
        other => {
            let mut p = Move::legs_of(&[]);
            p.body = other;
            p
        }
    };
    p.suffix = None;
    p
}

/// A hash of everything in a position (equal positions hash equal).
pub fn position_hash(p: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    p.hash(&mut h);
    h.finish()
}

/// A turn as the searches, perft and the front ends hold it: the turn and
/// whether it can be denied. Deniability is a fact of the position it is
/// played from that needs every other turn's result (R-B4.2), so the move
/// list computes it once and the turn carries it into [`crate::Game::make`].
///
/// It also carries what it changes in material on the board (`delta`,
/// after minus before, per colour and kind, riders included): a fact of
/// the rules that the searches need for every turn (which turns are
/// captures, and what they gain) and could otherwise only learn by
/// playing each turn again.
///
/// `slot` is where the turn stands in the list it came from, and `list`
/// which list that is (a serial number the list cache gives each list it
/// keeps, 0 for none), so that playing it finds its result there at once;
/// neither is part of the turn (equality and hashing leave them out).
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    pub m: Move,
    pub deniable: bool,
    pub delta: [[i8; 7]; 2],
    pub slot: u16,
    pub list: u32,
    /// `m.code()`, worked out once when the turn is listed: the searches
    /// key their tables and order their moves by it at every node, and
    /// hashing the move there cost a Dysnomia search 3%. A function of
    /// `m`, so left out of equality and hashing.
    pub code: u64,
    /// A quiet turn listed among the search's candidates without its check
    /// test ([`State::candidates_with_results_append`]): `make` tests it.
    /// Not part of the turn (equality and hashing leave it out).
    pub unchecked: bool,
}

impl PartialEq for Turn {
    fn eq(&self, o: &Turn) -> bool {
        self.m == o.m && self.deniable == o.deniable && self.delta == o.delta
    }
}

impl Eq for Turn {}

impl std::hash::Hash for Turn {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.m.hash(h);
        self.deniable.hash(h);
        self.delta.hash(h);
    }
}

/// The material change from `before` to `after`.
pub(super) fn material_delta(before: &Material, after: &Material) -> [[i8; 7]; 2] {
    let mut d = [[0i8; 7]; 2];
    for c in 0..2 {
        for k in 0..7 {
            d[c][k] = after[c][k].wrapping_sub(before[c][k]) as i8;
        }
    }
    d
}

/// The deniability pass's working room ([`State::turns_with_results_append`]):
/// which turns share a result, and a hash table of the results' keys.
#[derive(Default)]
pub struct FlagScratch {
    same_result: Vec<bool>,
    /// Per turn, whether an earlier turn of the list has its result.
    repeat: Vec<bool>,
    /// Per turn, its result's key.
    keys: Vec<u64>,
    /// Open addressing by key: the first turn of each key met.
    heads: Vec<u32>,
    /// Per turn, the next turn with the same key and another result.
    next: Vec<u32>,
}

impl FlagScratch {
    const NONE: u32 = u32::MAX;

    /// Marks in `same_result` the turns whose resulting position another
    /// turn also reaches: turns met by the key of their result, then
    /// compared exactly with one turn of each result of that key met so
    /// far (the key leaves out the clocks, so equal keys need not mean
    /// equal positions; the passes of a list, a King's step out and back,
    /// a pawn's return, a swap of two own pawns, often share one result,
    /// and compared pairwise they cost 4.5% of a search). Not by the
    /// board's key alone, though it costs nothing to read: disguise chains
    /// reach one board with other castling rights or en passant chances,
    /// and comparing those groups cost a search from the start 8%. A hash
    /// table, not a sort of the keys: most lists have no key twice, and
    /// sorting cost a search 1.6%. Two turns with one result change the
    /// material alike, so a noisy list holds every turn that shares a
    /// noisy turn's result.
    fn mark_shared_results(&mut self, turns: &[(Turn, Position)]) {
        let n = turns.len();
        self.same_result.clear();
        self.same_result.resize(n, false);
        self.repeat.clear();
        self.repeat.resize(n, false);
        self.keys.clear();
        self.keys.extend(turns.iter().map(|(_, p)| p.key()));
        let size = (2 * n).next_power_of_two().max(8);
        let mask = size - 1;
        self.heads.clear();
        self.heads.resize(size, Self::NONE);
        self.next.clear();
        self.next.resize(n, Self::NONE);
        for i in 0..n {
            let key = self.keys[i];
            // Zobrist keys: their low bits are as good as any.
            let mut h = key as usize & mask;
            loop {
                let head = self.heads[h];
                if head == Self::NONE {
                    self.heads[h] = i as u32;
                    break;
                }
                if self.keys[head as usize] == key {
                    let mut r = head as usize;
                    loop {
                        if turns[r].1 == turns[i].1 {
                            self.same_result[r] = true;
                            self.same_result[i] = true;
                            self.repeat[i] = true;
                            break;
                        }
                        if self.next[r] == Self::NONE {
                            self.next[r] = i as u32;
                            break;
                        }
                        r = self.next[r] as usize;
                    }
                    break;
                }
                h = (h + 1) & mask;
            }
        }
    }
}

impl Turn {
    /// Whether the turn changes the material on the board: a capture, an
    /// exile, a fall or revenge, a promotion or Statue, or a denial that
    /// takes such a turn back.
    pub fn changes_material(&self) -> bool {
        self.delta != [[0; 7]; 2]
    }

    /// The canonical text (the flag is not written).
    pub fn text(&self) -> String {
        self.m.text()
    }
}

impl State {
    pub fn new(pos: Position) -> State {
        State::with_last(pos, None)
    }

    /// The state of `pos` after a turn that `last` describes (None: no
    /// turn to deny).
    pub(crate) fn with_last(pos: Position, last: Option<Last>) -> State {
        let mut s = State {
            pos,
            last,
            key: 0,
            made_illegal: false,
        };
        s.key = s.key_from_fields();
        s
    }

    /// Whether the side to move may deny the last turn now. Never when
    /// the side to move has already won: a side that loses by its own
    /// turn cannot deny it, and the winner has nothing to play, not even
    /// a denial (R-B16.1).
    pub fn can_deny(&self) -> bool {
        self.pos.denial == self.pos.side
            && self.last.is_some_and(|l| l.deniable)
            && !self.pos.exile_loss().is_some_and(
                |o| matches!(o, Outcome::Win { winner, .. } if winner == self.pos.side),
            )
    }

    /// Every legal turn with the state after it, in byte order of the
    /// texts; a denial `@@@@` when available. A side that has lost (mate,
    /// exile) and can deny may only deny (R-B4.4): its other turns are
    /// none anyway.
    pub fn legal_turns(&self) -> Vec<(Move, State)> {
        let mut turns = self.turns_with_results();
        super::moves::sort_by_text(&mut turns, |(t, _)| &t.m, false);
        turns
            .into_iter()
            .map(|(t, after)| (t.m, self.after(t, after)))
            .collect()
    }

    /// The state after playing `t`, whose position (for a turn that is not
    /// a denial) is `after`.
    pub(crate) fn after(&self, t: Turn, after: Position) -> State {
        let mut s = *self;
        s.play_listed(t, &after);
        s
    }

    /// Plays `t` in place, whose position (for a turn that is not a denial)
    /// is `after`: what [`crate::Game::make`] does with a listed turn,
    /// written so that the two positions are copied once each (building a
    /// new state and moving it in copied them five times, 2% of a search).
    pub(crate) fn play_listed(&mut self, t: Turn, after: &Position) {
        if t.m.body == Body::Denial {
            let last = self
                .last
                .unwrap_or_else(|| unreachable!("a denial needs a last turn"));
            let mut pos = last.before;
            pos.forbid = Some(last.path);
            pos.denial = pos.side;
            pos.protected = Some(self.pos.side);
            *self = State::new(pos);
            return;
        }
        let path = Forbid::of_path(&t.m);
        // Written field by field into the last turn's place when there is
        // one (most states): a new `Last` built and moved in was copied
        // twice.
        match &mut self.last {
            Some(last) => {
                last.before = self.pos;
                last.path = path;
                last.deniable = t.deniable;
            }
            None => {
                self.last = Some(Last {
                    before: self.pos,
                    path,
                    deniable: t.deniable,
                })
            }
        }
        self.pos = *after;
        self.key = self.key_from_fields();
    }

    /// Every legal turn (with its deniability) and the position after it,
    /// in the generator's order (see [`Position::legal_turns_unordered`];
    /// [`State::legal_turns`] sorts), then a denial when available (its
    /// "position" is the one before the denied turn).
    pub fn turns_with_results(&self) -> Vec<(Turn, Position)> {
        let mut turns = Vec::with_capacity(128);
        self.turns_with_results_append(&mut turns, &mut FlagScratch::default());
        turns
    }

    /// [`State::turns_with_results`] appended to `turns` after what it
    /// holds (each turn's [`Turn::slot`] counted from where this list
    /// begins), with `scratch` for the deniability pass: the list cache
    /// lists straight into its ring, and `turns` and `scratch` keep their
    /// room from call to call, so a listing allocates nothing once they
    /// are warm.
    pub fn turns_with_results_append(
        &self,
        turns: &mut Vec<(Turn, Position)>,
        scratch: &mut FlagScratch,
    ) {
        let base = turns.len();
        self.pos.legal_turns_unordered_append(turns);
        let more_than_one = turns.len() - base > 1;
        self.flagged(turns, base, more_than_one, false, false, scratch);
    }

    /// The turns of [`State::turns_with_results`] that change the material
    /// ([`Turn::changes_material`]), the same and in the same order, without
    /// testing the quiet turns for check (what quiescence search asks for).
    pub fn noisy_turns_with_results(&self) -> Vec<(Turn, Position)> {
        let mut turns = Vec::with_capacity(16);
        self.noisy_turns_with_results_append(&mut turns, &mut FlagScratch::default());
        turns
    }

    /// [`State::noisy_turns_with_results`] appended to `turns`, as
    /// [`State::turns_with_results_append`].
    pub fn noisy_turns_with_results_append(
        &self,
        turns: &mut Vec<(Turn, Position)>,
        scratch: &mut FlagScratch,
    ) {
        let base = turns.len();
        self.pos.noisy_turns_unordered_append(turns);
        // A turn is deniable only if it is not the only legal turn.
        let more_than_one = match turns.len() - base {
            0 => false,
            1 => self.pos.has_quiet_turn(),
            _ => true,
        };
        self.flagged(turns, base, more_than_one, true, false, scratch);
    }

    /// What the search lists at a node out of check, where it makes a
    /// few quiet turns of fifty: [`State::turns_with_results_append`], but
    /// the quiet turns of an ordinary turn are listed without their check
    /// test (see [`Position::candidates_unordered_append`]), and of turns
    /// that reach one position only the first is kept. Every other legal
    /// turn is there, with the deniability and result the whole list gives
    /// it, in its order, among quiet turns that are not legal, which
    /// [`crate::Game::make`] finds out. Empty exactly when there is no
    /// legal turn.
    ///
    /// Deniability stays exact: two turns with one result are both legal
    /// or both not (the check test is one of the result), so the turns
    /// sharing a legal turn's result are found among the candidates; and
    /// whether the side has more than one legal turn is settled by testing
    /// the unchecked turns in order until two legal turns are known (the
    /// illegal ones met are dropped, and a list whose every turn was
    /// tested is exact).
    ///
    /// Turns that share a result are undeniable, so they lead to one
    /// state but for the path a denial would forbid, which no denial can
    /// reach: one key, one subtree, one score. Searching each again was
    /// most of a search from the start, where the pawns standing side by
    /// side make 56 turns of swaps that change nothing on the board.
    pub fn candidates_with_results_append(
        &self,
        turns: &mut Vec<(Turn, Position)>,
        scratch: &mut FlagScratch,
    ) {
        // Marks a turn to drop: no list has this many turns.
        const DROP: u16 = u16::MAX;
        let base = turns.len();
        self.pos.candidates_unordered_append(turns);
        let us = self.pos.side;
        let mut known = turns[base..].iter().filter(|(t, _)| !t.unchecked).count();
        let mut i = base;
        while known < 2 && i < turns.len() {
            let (t, after) = &mut turns[i];
            if t.unchecked {
                if after.king_capturable(us) {
                    t.slot = DROP;
                } else {
                    t.unchecked = false;
                    known += 1;
                }
            }
            i += 1;
        }
        let n = turns.len() - base;
        self.flagged(turns, base, known > 1, false, true, scratch);
        if n > 1 {
            for (r, (t, _)) in turns[base..base + n].iter_mut().enumerate() {
                if scratch.repeat[r] {
                    t.slot = DROP;
                }
            }
        }
        let mut w = base;
        for r in base..turns.len() {
            if turns[r].0.slot != DROP {
                // One copy of a kept entry (a swap made three, and one
                // even in place); the dropped ones are cut off below.
                if w != r {
                    turns[w] = turns[r];
                }
                turns[w].0.slot = (w - base) as u16;
                w += 1;
            }
        }
        turns.truncate(w);
    }

    /// Gives legal turns (all of them, or all the noisy ones when
    /// `noisy_only`) with their material change and result their
    /// deniability, and puts the denial when open (if it is noisy, for a
    /// noisy list) last. `more_than_one`: the side has more than one legal
    /// turn in all. The list is `turns[base..]`. `repeats`: the caller
    /// reads which turns repeat an earlier one's result
    /// ([`FlagScratch::repeat`]), marked whenever the list has two turns.
    fn flagged(
        &self,
        turns: &mut Vec<(Turn, Position)>,
        base: usize,
        more_than_one: bool,
        noisy_only: bool,
        repeats: bool,
        scratch: &mut FlagScratch,
    ) {
        let may_deny = self.pos.protected != Some(self.pos.side) && !self.pos.bait && more_than_one;
        // Which turns share their result with another matters only to a
        // side that may be denied at all, or to a caller that asks.
        if may_deny || (repeats && turns.len() - base > 1) {
            scratch.mark_shared_results(&turns[base..]);
        }
        for (i, (t, _)) in turns[base..].iter_mut().enumerate() {
            t.deniable = may_deny && !scratch.same_result[i] && !self.knight_hop(&t.m);
        }
        if let Some(last) = self.last.filter(|_| self.can_deny()) {
            let m = Move::denial();
            let denial = Turn {
                code: m.code(),
                m,
                deniable: false,
                delta: material_delta(&self.pos.board.material(), &last.before.board.material()),
                slot: (turns.len() - base) as u16,
                list: 0,
                unchecked: false,
            };
            if !noisy_only || denial.changes_material() {
                turns.push((denial, last.before));
            }
        }
    }

    /// Whether `m` is a Knight's single-leg move (undeniable: its other
    /// L-path does the same).
    fn knight_hop(&self, m: &Move) -> bool {
        m.body == Body::Legs && m.legs().len() == 1 && {
            let l = m.legs()[0];
            let level = if l.from_level == NO_LEVEL {
                0
            } else {
                l.from_level as usize
            };
            // The Knight may have come from a prefix action this turn.
            let made = m
                .pre()
                .iter()
                .rev()
                .find(|a| a.sq == l.from)
                .map(|a| a.conv == Conversion::Promote(Kind::Knight));
            made.unwrap_or_else(|| {
                self.pos
                    .board
                    .at(l.from, level)
                    .is_some_and(|p| p.kind() == Kind::Knight)
            })
        }
    }

    /// The state after a legal turn, replayed alone (see
    /// [`Position::play`]); None if `t` is not a legal turn here (its
    /// deniability flag aside, which the caller vouches for).
    pub fn play(&self, t: &Turn) -> Option<State> {
        if t.m.body == Body::Denial {
            let ok = t.m == Move::denial() && !t.deniable && self.can_deny();
            return ok.then(|| self.after(*t, self.pos));
        }
        let after = self.pos.play(&t.m)?;
        Some(self.after(*t, after))
    }

    /// The rule end of this state, repetition aside: an exile loss, mate,
    /// stalemate, the 100-ply rule or bare Kings. A loss is final only if
    /// the loser cannot deny the last turn (R-B4.4), and so is a draw,
    /// except once the clock has reached 100 plies: that draw is final.
    pub fn rule_end(&self) -> Option<Outcome> {
        let end = self.pos.rule_end()?;
        match end {
            Outcome::Win { .. } if self.can_deny() => None,
            Outcome::Draw { .. } if self.can_deny() && self.pos.halfmove < 100 => None,
            _ => Some(end),
        }
    }

    /// The key of the state: the position's, and, while the side to move
    /// may deny, what a denial would bring back (the position before the
    /// last turn and the path it would forbid).
    #[inline]
    pub fn key(&self) -> u64 {
        debug_assert_eq!(
            self.key,
            self.key_from_fields(),
            "a state changed in place: make a new one"
        );
        self.key
    }

    /// [`State::key`] computed from the fields.
    fn key_from_fields(&self) -> u64 {
        let mut k = self.pos.key();
        if let Some(last) = self.last.filter(|_| self.can_deny()) {
            k ^= super::key::mix(last.before.key() ^ super::key::mix(7 << 40 ^ last.path.code()));
        }
        k
    }

    /// The state after the turn written `text`.
    pub fn play_text(&self, text: &str) -> Option<State> {
        self.legal_turns()
            .into_iter()
            .find(|(m, _)| m.text() == text || self.pos.alias_text(m).as_deref() == Some(text))
            .map(|(_, s)| s)
    }

    /// Legal turn sequences of length `depth` (denials included).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.legal_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|(_, s)| s.perft(depth - 1)).sum()
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.pos.side
    }
}
