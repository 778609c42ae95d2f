//! Whole turns: a move, the end of the turn (R-B12 conversions, R-B8.7
//! first-rank pawns, R-B10.4 risen Bishops' exile, clocks, rights), and
//! the legality of the result (R-B5.1, R-B7.3, R-B13.1); the legal list,
//! playing a turn by its text, the game's end, perft.

use super::board::{file_rank, Kind, Piece, Square};
use super::moves::{Action, Move, NO_LEVEL};
use super::position::Position;
use super::rules::{conversions, convert, update_castling, zone};
use crate::game::Color;

/// The result of playing a turn's move before its conversions are chosen.
struct Moved {
    pos: Position,
    /// Where the moving pawn ended, alone, if the mover was a pawn.
    pawn_at: Option<Square>,
    pawn_moved: bool,
    removals: u32,
    rose: u64,
}

impl Position {
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
        if eff.king_exiled[us.index()] && pos.has_statue(us.flip()) {
            return None;
        }
        let last = legs.last()?.to;
        let pawn_moved = mover.kind() == Kind::Pawn && legs.iter().any(|l| l.from != l.to);
        let pawn_at = (pawn_moved
            && pos.board.stack(last).as_slice() == [Piece::new(us, Kind::Pawn)])
        .then_some(last);
        // En passant for the opponent: a pawn's double move that ends with
        // the pawn alone (R-B11.3).
        pos.ep = None;
        if mover.kind() == Kind::Pawn && first.from_level == NO_LEVEL {
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
        })
    }

    /// Every legal turn, in byte order of their texts.
    pub fn legal_turns(&self) -> Vec<(Move, Position)> {
        let us = self.side;
        let mut out = Vec::new();
        let mut pseudo = Vec::new();
        self.pseudo_legs(us, &mut pseudo);
        for (m, _) in pseudo {
            let Some(moved) = self.play_legs(&m) else {
                continue;
            };
            self.finish(m, moved, &mut out);
        }
        out.sort_by_key(|(m, _)| m.text());
        out.dedup_by_key(|(m, _)| m.text());
        out
    }

    /// Chooses the end-of-turn conversions of `m` in every way, finishes
    /// each turn and keeps the legal ones.
    fn finish(&self, m: Move, moved: Moved, out: &mut Vec<(Move, Position)>) {
        let us = self.side;
        // Our non-riding pawns standing in their zone must convert.
        let pawn = Piece::new(us, Kind::Pawn);
        let in_zone: Vec<Square> = (0..64u8)
            .filter(|&sq| {
                moved.pos.board.stack(sq).as_slice() == [pawn]
                    && zone(&moved.pos, us, file_rank(sq).0) == Some(sq)
            })
            .collect();
        let mut partial = vec![(m, moved.pos, false)];
        for &sq in &in_zone {
            let mut next = Vec::new();
            for (pm, pp, won) in partial {
                for conv in conversions(&pp, us, true) {
                    let mut q = pp;
                    let w = convert(&mut q, us, sq, conv);
                    let mut t = pm;
                    if moved.pawn_at == Some(sq) {
                        t.suffix = Some(conv);
                    } else {
                        t.push_post(Action { sq, conv });
                    }
                    next.push((t, q, won || w));
                }
            }
            partial = next;
        }
        for (t, mut p, _won) in partial {
            let promoted = !in_zone.is_empty();
            let removals = p.end_of_turn(us, moved.rose);
            if p.king_capturable(us) {
                continue;
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
            if p.protected == Some(us) {
                p.protected = None;
            }
            p.forbid = None;
            p.bait = false;
            out.push((t, p));
        }
    }

    /// R-B8.7 and R-B10.4 at the end of `us`'s turn: pawns (of either
    /// side, not riding) on their own first rank are captured; `us`'s
    /// risen Bishops that did not rise in this turn are exiled. Returns the
    /// number of pieces removed.
    fn end_of_turn(&mut self, us: Color, rose: u64) -> u32 {
        let mut n = 0;
        for c in [Color::White, Color::Black] {
            let rank = if c == Color::White { 0 } else { 7 };
            for f in 0..8u8 {
                let sq = rank * 8 + f;
                if self.board.stack(sq).as_slice() == [Piece::new(c, Kind::Pawn)] {
                    self.board.set_stack(sq, &[]);
                    n += 1;
                }
            }
        }
        for sq in 0..64u8 {
            if rose & (1u64 << sq) != 0 {
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

    /// The position after the turn written `text`, if it is legal here.
    pub fn play_text(&self, text: &str) -> Option<Position> {
        self.legal_turns()
            .into_iter()
            .find(|(m, _)| m.text() == text)
            .map(|(_, p)| p)
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
