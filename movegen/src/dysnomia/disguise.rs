//! Disguise (R-B11.4) and chain disguise (R-B11.5): a pawn swaps places
//! with a piece it could step or double-move onto as if that piece were
//! not there, a lone piece or one chosen rider (never a Rook carrying
//! riders, never a Statue); further friendly pawns may then swap with the
//! same piece, one after another, each onto the square where it now
//! stands.
//!
//! Interpretations: each pawn takes part in a chain once; a pawn that
//! double-moves in a disguise leaves an en passant chance on its middle
//! square (the last such double move of a chain counts), the pawn being
//! the one taken; the moved pawn whose conversion is written as the
//! suffix is the last pawn of the chain.

use super::board::{file_rank, offset, squares, Kind, Piece, Square};
use super::moves::{Leg, Mark, Move, MAX_LEGS, NO_LEVEL};
use arrayvec::ArrayVec;

/// The legs of a disguise or chain so far.
type Legs = ArrayVec<Leg, MAX_LEGS>;

/// Where a disguise stands in its chain.
#[derive(Clone, Copy)]
pub struct Link {
    /// The swaps of the turn, this one included: 1 for a disguise, more
    /// for a chain.
    pub depth: usize,
    /// Whether this swap exchanged two equal pieces, so that the position
    /// after it is exactly the one after the chain's previous swap (the
    /// disguise at `depth - 1` given last). It is so in every chain whose
    /// disguised piece is a pawn of ours: from the start of a game each
    /// pawn of a row can be passed along it, 56 turns that all leave the
    /// board as it was.
    pub same_board: bool,
}

/// Where disguise generation puts each disguise it finds: its legs and
/// the position after the swaps (nothing else in a disguise happens
/// until the end of the turn). Chains are given depth first: a disguise
/// comes before the chains that continue it.
pub trait DisguiseSink {
    fn disguise(&mut self, legs: &[Leg], after: &Position, link: Link);

    /// Whether the sink wants more disguises: a listing that asks for one
    /// turn stops the walk of the chains (each step copies a position).
    fn wants_more(&self) -> bool {
        true
    }
}

use super::position::Position;
use crate::game::Color;

/// One way of a pawn onto a square: one or two legs.
pub type Path = ArrayVec<Leg, 2>;

/// A pawn's ways onto square `b` as if `b` were empty: the single step,
/// or a double move's two legs (straight forward written as one leg).
/// Each is a list of legs without levels or marks. There are at most
/// three: a step, or two bent double moves (a straight one is alone).
pub fn paths_onto(
    pos: &Position,
    color: Color,
    from: Square,
    riding: bool,
    lone: bool,
    b: Square,
) -> ArrayVec<Path, 4> {
    let fw: i8 = if color == Color::White { 1 } else { -1 };
    let first: i8 = if color == Color::White { 0 } else { 7 };
    let mut v = ArrayVec::new();
    if file_rank(b).1 == first {
        return v;
    }
    let one = |l: Leg| Path::from_iter([l]);
    // Each step changes the parity of file plus rank: a square next to
    // the pawn is a single step's (every direction is one), a square two
    // steps away only a double move's.
    let ((f0, r0), (f1, r1)) = (file_rank(from), file_rank(b));
    match (f0 - f1).abs() + (r0 - r1).abs() {
        1 => {
            v.push(one(Leg::new(from, b)));
            return v;
        }
        2 => {}
        _ => return v,
    }
    if riding || !lone || r0 != first + fw {
        return v;
    }
    // A first step forward, left or right onto an empty square off the
    // first rank, then any step onto `b`: one second step at most for
    // each first step, the one from the middle square to `b`.
    for (d1f, d1r) in [(0, fw), (-1, 0), (1, 0)] {
        let (mf, mr) = (f0 + d1f, r0 + d1r);
        if (f1 - mf).abs() + (r1 - mr).abs() != 1 {
            continue;
        }
        let Some(mid) = offset(from, d1f, d1r) else {
            continue;
        };
        if pos.board.bottom(mid).is_some() || mr == first {
            continue;
        }
        if (d1f, d1r) == (0, fw) && (f1 - mf, r1 - mr) == (0, fw) {
            v.push(one(Leg::new(from, b)));
        } else {
            v.push(Path::from_iter([Leg::new(from, mid), Leg::new(mid, b)]));
        }
    }
    v
}

/// Swaps the pieces at two cells (square, level).
pub fn swap(pos: &mut Position, a: (Square, usize), b: (Square, usize)) {
    // Two lone pieces, the usual case: no column to copy.
    if a.0 != b.0 && !pos.board.is_column(a.0) && !pos.board.is_column(b.0) {
        if let (Some(pa), Some(pb)) = (pos.board.bottom(a.0), pos.board.bottom(b.0)) {
            pos.board.put(a.0, pb);
            pos.board.put(b.0, pa);
            return;
        }
    }
    let mut sa = pos.board.stack(a.0);
    let pa = sa[a.1];
    let mut sb = pos.board.stack(b.0);
    let pb = sb[b.1];
    sa[a.1] = pb;
    pos.board.set_stack(a.0, &sa);
    sb = pos.board.stack(b.0);
    sb[b.1] = pa;
    pos.board.set_stack(b.0, &sb);
}

/// The cells of `b` a disguise may take: a lone piece that is no
/// Statue, or any rider of a column.
fn targets(pos: &Position, b: Square) -> std::ops::Range<usize> {
    match pos.board.bottom(b) {
        None => 0..0,
        Some(_) if pos.board.is_column(b) => 1..pos.board.height(b),
        Some(p) if p.kind() == Kind::Statue => 0..0,
        Some(_) => 0..1,
    }
}

/// Squares at most two steps (files plus ranks) from each square: where a
/// pawn that can step or double-move onto it may stand.
const fn within_two() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut q = 0;
        while q < 64 {
            let (qf, qr) = (q % 8, q / 8);
            let d = (qf - f).abs() + (qr - r).abs();
            if d > 0 && d <= 2 {
                t[sq] |= 1u64 << q;
            }
            q += 1;
        }
        sq += 1;
    }
    t
}

static WITHIN_TWO: [u64; 64] = within_two();

fn level_text(pos: &Position, sq: Square, level: usize) -> u8 {
    if pos.board.height(sq) > 1 {
        level as u8
    } else {
        NO_LEVEL
    }
}

impl Position {
    /// Every disguise and chain disguise of `color`.
    pub fn disguises(&self, color: Color, out: &mut impl DisguiseSink) {
        let pawn = Piece::new(color, Kind::Pawn);
        // Squares with a pawn of ours: alone (a pawn at the bottom is
        // alone) or riding a column.
        for s in squares(self.board.bottoms(color, Kind::Pawn) | self.board.columns()) {
            let height = self.board.height(s);
            for lp in 0..height {
                if self.board.at(s, lp) != Some(pawn) {
                    continue;
                }
                for (df, dr) in [
                    (0i8, 1i8),
                    (0, -1),
                    (1, 0),
                    (-1, 0),
                    (0, 2),
                    (0, -2),
                    (1, 1),
                    (-1, 1),
                    (1, -1),
                    (-1, -1),
                    (2, 0),
                    (-2, 0),
                ] {
                    let Some(b) = offset(s, df, dr) else { continue };
                    let onto = targets(self, b);
                    if onto.is_empty() {
                        continue;
                    }
                    let paths = paths_onto(self, color, s, lp > 0, height == 1, b);
                    for lb in onto {
                        for path in &paths {
                            if !out.wants_more() {
                                return;
                            }
                            let mut legs: Legs = path.iter().copied().collect();
                            legs[0].from_level = level_text(self, s, lp);
                            let last = legs.len() - 1;
                            legs[last].to_level = level_text(self, b, lb);
                            legs[last].mark = Mark::Disguise;
                            let link = Link {
                                depth: 1,
                                same_board: false,
                            };
                            // The piece now stands where the pawn stood.
                            if self.board.at(b, lb) == Some(pawn) {
                                // A pawn of ours: the swap changes nothing.
                                out.disguise(&legs, self, link);
                                self.chain(color, &mut legs, (s, lp), 1u64 << b, 2, out);
                            } else {
                                let mut after = *self;
                                swap(&mut after, (s, lp), (b, lb));
                                out.disguise(&legs, &after, link);
                                after.chain(color, &mut legs, (s, lp), 1u64 << b, 2, out);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Continues a chain: the disguised piece stands at `x`; each unused
    /// friendly pawn that can step or double-move onto its square swaps
    /// with it, unless that would send the piece back to a square it has
    /// stood on (`stood`, R-B16.5). The swaps it makes are the chain's
    /// `depth`th.
    fn chain(
        &self,
        color: Color,
        legs: &mut Legs,
        x: (Square, usize),
        stood: u64,
        depth: usize,
        out: &mut impl DisguiseSink,
    ) {
        let pawn = Piece::new(color, Kind::Pawn);
        // The disguised piece is one of our pawns: every swap of the chain
        // exchanges two equal pieces and leaves this position as it is.
        let same_board = self.board.at(x.0, x.1) == Some(pawn);
        let stood = stood | 1u64 << x.0;
        // A pawn reaches x by a step or a double move: two squares away at
        // most, counting files and ranks; alone or riding. Where it stands
        // the piece goes: never a square it stood on.
        let near = WITHIN_TWO[x.0 as usize]
            & (self.board.bottoms(color, Kind::Pawn) | self.board.columns())
            & !stood;
        for q in squares(near) {
            let height = self.board.height(q);
            for lq in 0..height {
                if self.board.at(q, lq) != Some(pawn) {
                    continue;
                }
                for path in paths_onto(self, color, q, lq > 0, height == 1, x.0) {
                    if !out.wants_more() {
                        return;
                    }
                    if legs.len() + path.len() > MAX_LEGS - 1 {
                        continue;
                    }
                    let at = legs.len();
                    for (i, &l) in path.iter().enumerate() {
                        let mut l = l;
                        if i == 0 {
                            l.from_level = level_text(self, q, lq);
                        }
                        if i == path.len() - 1 {
                            l.to_level = level_text(self, x.0, x.1);
                            l.mark = Mark::Disguise;
                        }
                        legs.push(l);
                    }
                    let link = Link { depth, same_board };
                    if same_board {
                        out.disguise(legs, self, link);
                        self.chain(color, legs, (q, lq), stood, depth + 1, out);
                    } else {
                        let mut after = *self;
                        swap(&mut after, (q, lq), x);
                        out.disguise(legs, &after, link);
                        after.chain(color, legs, (q, lq), stood, depth + 1, out);
                    }
                    legs.truncate(at);
                }
            }
        }
    }

    /// Plays the disguise legs of `m` (segments each ending in `~`). None
    /// if a segment does not fit the board.
    pub fn apply_disguise(&mut self, m: &Move) -> Option<()> {
        let mut start = 0;
        let legs = m.legs();
        for (i, l) in legs.iter().enumerate() {
            if l.mark != Mark::Disguise {
                continue;
            }
            let first = legs[start];
            let pl = if first.from_level == NO_LEVEL {
                0
            } else {
                first.from_level as usize
            };
            let tl = if l.to_level == NO_LEVEL {
                0
            } else {
                l.to_level as usize
            };
            if self.board.height(first.from) <= pl || self.board.height(l.to) <= tl {
                return None;
            }
            swap(self, (first.from, pl), (l.to, tl));
            start = i + 1;
        }
        Some(())
    }
}

/// Whether a move is a disguise.
pub fn is_disguise(m: &Move) -> bool {
    m.legs().iter().any(|l| l.mark == Mark::Disguise)
}

/// The en passant chance a disguise leaves: the middle square of its
/// last double move and the square of the pawn that made it.
pub fn disguise_ep(legs: &[Leg]) -> Option<(Square, Square)> {
    let mut ep = None;
    let mut start = 0;
    for (i, l) in legs.iter().enumerate() {
        if l.mark != Mark::Disguise {
            continue;
        }
        let first = legs[start];
        let (f0, r0) = file_rank(first.from);
        let (f1, r1) = file_rank(l.to);
        if i > start {
            ep = Some((first.to, l.to));
        } else if f0 == f1 && (r1 - r0).abs() == 2 {
            ep = Some((((r0 + r1) / 2 * 8 + f0) as Square, l.to));
        }
        start = i + 1;
    }
    ep
}
