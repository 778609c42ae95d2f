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

use super::board::Kind;
use super::moves::{Body, Conversion, Move, NO_LEVEL};
use super::position::{Forbid, Position};
use crate::game::Color;

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

/// A position with the last turn, for denial.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub pos: Position,
    pub last: Option<Last>,
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

impl State {
    pub fn new(pos: Position) -> State {
        State { pos, last: None }
    }

    /// Whether the side to move may deny the last turn now.
    pub fn can_deny(&self) -> bool {
        self.pos.denial == self.pos.side && self.last.is_some_and(|l| l.deniable)
    }

    /// Every legal turn with the state after it, in byte order of the
    /// texts; a denial `@@@@` when available. A side that has lost (mate,
    /// exile) and can deny may only deny (R-B4.4): its other turns are
    /// none anyway.
    pub fn legal_turns(&self) -> Vec<(Move, State)> {
        let turns = self.pos.legal_turns();
        let mut out: Vec<(Move, State)> = Vec::with_capacity(turns.len() + 1);
        // Turns whose resulting position another turn also reaches: sort
        // by a hash of the position, then compare neighbours exactly.
        let mut same_result = vec![false; turns.len()];
        let mut order: Vec<(u64, usize)> = turns
            .iter()
            .enumerate()
            .map(|(i, (_, p))| (position_hash(p), i))
            .collect();
        order.sort_unstable();
        for w in order.windows(2) {
            let ((ka, a), (kb, b)) = (w[0], w[1]);
            if ka == kb && turns[a].1 == turns[b].1 {
                same_result[a] = true;
                same_result[b] = true;
            }
        }
        for (i, (m, after)) in turns.iter().enumerate() {
            let knight_hop = m.body == Body::Legs && m.legs().len() == 1 && {
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
            };
            let duplicated = same_result[i];
            let deniable = self.pos.protected != Some(self.pos.side)
                && !self.pos.bait
                && turns.len() > 1
                && !knight_hop
                && !duplicated;
            let path = Forbid::new(&path_of(m).text()).unwrap_or_else(|| Forbid::new("-").unwrap());
            out.push((
                *m,
                State {
                    pos: *after,
                    last: Some(Last {
                        before: self.pos,
                        path,
                        deniable,
                    }),
                },
            ));
        }
        if self.can_deny() {
            let last = self.last.unwrap_or_else(|| unreachable!());
            let mut pos = last.before;
            pos.forbid = Some(last.path);
            pos.denial = pos.side;
            pos.protected = Some(self.pos.side);
            out.push((Move::denial(), State { pos, last: None }));
            out.sort_by_key(|(m, _)| m.text());
        }
        out
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
