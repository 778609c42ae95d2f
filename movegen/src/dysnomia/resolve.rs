//! The resolution engine (R-B3): removals by an agent (capture or exile by
//! colour), and the FIFO queue of the effects they set off: the fall of a
//! removed Rook's riders (R-B8.6), a Queen's revenge (R-B7.3) and a
//! Bishop's rise (R-B10).
//!
//! A move first changes the board (the mover's removals go through
//! [`Resolver::remove`]), then [`Resolver::run`] empties the queue. A
//! King's first-leg effects are held back with [`Resolver::defer`] and
//! released after the second leg (R-B3.4).
//!
//! Decisions the texts leave open (also in `docs/rules/dysnomia.md`):
//! * A fall is one event: all its steps run before the events its removals
//!   queued ("these run after the fall step that caused them").
//! * A Bishop that may rise goes to no pool until its rise event decides;
//!   if it does not rise it goes to the pool its removal named.
//! * Revenge removes the capturer when the capturer stands on her square
//!   and is not its bottom (a Knight that took her as a rider and ended on
//!   top); otherwise the bottom of her square, if any.

use super::board::{offset, Kind, Piece, Square, Stack, ROUND};
use super::position::Position;
use crate::game::Color;

/// One queued effect.
#[derive(Clone, Debug)]
enum Event {
    /// A falling unit (bottom first) onto a square.
    Fall { unit: Stack, sq: Square },
    /// A removed Queen's revenge around her square.
    Revenge {
        sq: Square,
        queen: Color,
        capturer_on_top: bool,
    },
    /// A removed, unrisen Bishop may come back on its square; if it does
    /// not, it goes to the pool its removal chose.
    Rise {
        sq: Square,
        bishop: Piece,
        agent: Color,
    },
}

/// A FIFO of events: on the stack while short (a turn of a real game
/// queues a handful; allocating the first event of each resolution was 1%
/// of a search), spilling onto the heap past that, so that a position of
/// any size resolves.
#[derive(Default)]
struct Events {
    near: arrayvec::ArrayVec<Event, 16>,
    spill: Vec<Event>,
}

impl Events {
    fn push(&mut self, e: Event) {
        if self.spill.is_empty() && !self.near.is_full() {
            self.near.push(e);
        } else {
            self.spill.push(e);
        }
    }

    fn len(&self) -> usize {
        self.near.len() + self.spill.len()
    }

    fn get(&self, i: usize) -> &Event {
        match i.checked_sub(self.near.len()) {
            None => &self.near[i],
            Some(j) => &self.spill[j],
        }
    }

    /// Takes every event out, in order.
    fn drain(&mut self) -> impl Iterator<Item = Event> + '_ {
        self.near.drain(..).chain(self.spill.drain(..))
    }
}

/// What a resolution did that the rules above it need to know.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// A King captured by an enemy agent, per colour.
    pub king_captured: [bool; 2],
    /// A King exiled by its own side's agent, per colour.
    pub king_exiled: [bool; 2],
    /// Pieces removed (the halfmove clock resets on any).
    pub removals: u32,
    /// Squares where a Bishop rose during this resolution.
    pub rose: u64,
    /// A King captured by the move itself, before any effect ran (a
    /// direct attack, R-B6.2), per colour.
    pub direct_king_capture: [bool; 2],
}

/// Runs removals and their effects on a position.
pub struct Resolver<'a> {
    pub pos: &'a mut Position,
    queue: Events,
    head: usize,
    deferred: Events,
    holding: bool,
    pub effects: Effects,
}

impl<'a> Resolver<'a> {
    pub fn new(pos: &'a mut Position) -> Resolver<'a> {
        Resolver {
            pos,
            queue: Events::default(),
            head: 0,
            deferred: Events::default(),
            holding: false,
            effects: Effects::default(),
        }
    }

    fn push(&mut self, e: Event) {
        if self.holding {
            self.deferred.push(e);
        } else {
            self.queue.push(e);
        }
    }

    /// From now until `Resolver::release`, effects are held back (a
    /// King's first leg, R-B3.4).
    pub fn defer(&mut self) {
        self.holding = true;
    }

    /// Effects are queued as they happen again; those held back so far
    /// stay back until [`Resolver::run`] queues them after everything
    /// queued by then (R-B16.4: a King's second-leg effects come before
    /// its first leg's).
    pub fn resume(&mut self) {
        self.holding = false;
    }

    /// Queues the held-back effects after those already queued.
    fn release(&mut self) {
        self.holding = false;
        for e in self.deferred.drain() {
            self.queue.push(e);
        }
    }

    /// Puts a removed piece in its pool (pawns are discarded; a King taken
    /// by the enemy ends the game and is only recorded).
    fn pool_piece(&mut self, p: Piece, agent: Color) {
        let c = p.color();
        let exile = agent == c;
        match p.kind() {
            Kind::Pawn | Kind::Statue => {}
            Kind::King if !exile => self.effects.king_captured[c.index()] = true,
            k => {
                if k == Kind::King {
                    self.effects.king_exiled[c.index()] = true;
                }
                let pools = &mut self.pos.pools;
                if exile {
                    pools.exiled[c.index()][k as usize] += 1;
                } else {
                    pools.captured[c.index()][k as usize] += 1;
                }
            }
        }
    }

    /// Removes the piece at `level` of `sq` by an agent of colour `agent`
    /// and queues its effects (R-B3.2): the fall of what stood above it
    /// if it is a Rook, a Queen's revenge, an unrisen Bishop's rise.
    /// `capturer_on_top` says the agent will end on top of this square
    /// (a Knight's destination capture of a rider), for revenge.
    /// Returns the removed piece.
    pub fn remove(
        &mut self,
        sq: Square,
        level: usize,
        agent: Color,
        capturer_on_top: bool,
    ) -> Option<Piece> {
        // An all-round capture asks about each neighbour, most of them
        // empty: nothing to remove, and no column to copy out.
        let height = self.pos.board.height(sq);
        if height == 0 {
            return None;
        }
        // Most squares hold one piece: nothing above it to fall.
        let single = level == 0 && height == 1;
        let mut stack = if single {
            Stack::new()
        } else {
            self.pos.board.stack(sq)
        };
        let p = if single {
            self.pos.board.bottom(sq)?
        } else {
            *stack.get(level)?
        };
        if p.kind() == Kind::Statue {
            return None;
        }
        self.effects.removals += 1;
        // A Rook carries everything above it; any other piece leaves the
        // pieces above it in place (they move down one).
        let above: Stack = if single {
            Stack::new()
        } else if p.kind() == Kind::Rook {
            let above = stack.iter().skip(level + 1).copied().collect();
            stack.truncate(level);
            above
        } else {
            stack.remove(level);
            Stack::new()
        };
        self.pos.board.set_stack(sq, &stack);
        if !above.is_empty() {
            self.push(Event::Fall { unit: above, sq });
        }
        if p.kind() == Kind::Queen {
            self.push(Event::Revenge {
                sq,
                queen: p.color(),
                capturer_on_top,
            });
        }
        if p.kind() == Kind::Bishop && !p.risen() {
            self.push(Event::Rise {
                sq,
                bishop: p,
                agent,
            });
        } else {
            self.pool_piece(p, agent);
        }
        Some(p)
    }

    /// Runs the queue to the end.
    pub fn run(&mut self) {
        self.release();
        while self.head < self.queue.len() {
            let e = self.queue.get(self.head).clone();
            self.head += 1;
            match e {
                Event::Fall { unit, sq } => self.fall(unit, sq),
                Event::Revenge {
                    sq,
                    queen,
                    capturer_on_top,
                } => self.revenge(sq, queen, capturer_on_top),
                Event::Rise { sq, bishop, agent } => self.rise(sq, bishop, agent),
            }
        }
    }

    /// R-B8.6, literally: the falling unit's bottom removes the ground's
    /// bottom; a Rook lands carrying the rest of its unit and the ground's
    /// riders fall next; any other piece lands alone and the rest of its
    /// unit falls first, then the ground's riders.
    fn fall(&mut self, mut unit: Stack, sq: Square) {
        while !unit.is_empty() {
            let a = unit.remove(0);
            let ground = self.pos.board.stack(sq);
            let mut gr = Stack::new();
            if let Some(&g) = ground.first() {
                // The ground's riders are this algorithm's to place: take
                // them off before removing g so the removal queues no fall.
                gr.extend(ground.iter().skip(1).copied());
                self.pos.board.set_stack(sq, &[g]);
                self.remove(sq, 0, a.color(), false);
            }
            let mut landed = Stack::new();
            landed.push(a);
            let next: Stack = if a.kind() == Kind::Rook {
                landed.extend(unit.iter().copied());
                gr
            } else {
                let mut n = unit.clone();
                n.extend(gr);
                n
            };
            self.pos.board.set_stack(sq, &landed);
            unit = next;
        }
    }

    /// An all-round capture around `sq` by a Queen of colour `agent`
    /// (R-B7.1): each neighbour's bottom piece, in the fixed order;
    /// Statues are immune; riders of a removed Rook fall onto its square.
    pub fn all_round(&mut self, sq: Square, agent: Color) {
        for (df, dr) in ROUND {
            if let Some(n) = offset(sq, df, dr) {
                self.remove(n, 0, agent, false);
            }
        }
    }

    /// R-B7.3: the all-round around her square, then the piece in it.
    fn revenge(&mut self, sq: Square, queen: Color, capturer_on_top: bool) {
        self.all_round(sq, queen);
        let h = self.pos.board.height(sq);
        if h == 0 {
            return;
        }
        let level = if capturer_on_top { h - 1 } else { 0 };
        self.remove(sq, level, queen, false);
    }

    /// R-B10.2/3: the Bishop rises if its square is empty or its bottom is
    /// an enemy piece; it removes that bottom, whose riders then fall onto
    /// it, and is flagged risen.
    fn rise(&mut self, sq: Square, bishop: Piece, agent: Color) {
        let bottom = self.pos.board.bottom(sq);
        let rises = match bottom {
            None => true,
            Some(b) => b.color() != bishop.color() && b.kind() != Kind::Statue,
        };
        if !rises {
            self.pool_piece(bishop, agent);
            return;
        }
        self.effects.rose |= 1u64 << sq;
        if bottom.is_some() {
            let stack = self.pos.board.stack(sq);
            let riders: Stack = stack.iter().skip(1).copied().collect();
            self.pos.board.set_stack(sq, &stack[..1]);
            self.remove(sq, 0, bishop.color(), false);
            self.pos.board.put(sq, bishop.with_risen(true));
            if !riders.is_empty() {
                self.fall(riders, sq);
            }
        } else {
            self.pos.board.put(sq, bishop.with_risen(true));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past the events kept on the stack the queue spills onto the heap
    /// and keeps its order: a long cascade resolves like a short one.
    #[test]
    fn events_keep_their_order_past_the_stack() {
        let mut q = Events::default();
        let rise = |sq: Square| Event::Rise {
            sq,
            bishop: Piece::new(Color::White, Kind::Bishop),
            agent: Color::Black,
        };
        let sq_of = |e: &Event| match e {
            Event::Rise { sq, .. } => *sq,
            _ => unreachable!(),
        };
        for sq in 0..40 {
            q.push(rise(sq));
        }
        assert_eq!(q.len(), 40);
        assert!(!q.spill.is_empty(), "the test must reach the spill");
        for i in 0..40 {
            assert_eq!(sq_of(q.get(i)), i as Square);
        }
        let drained: Vec<Square> = q.drain().map(|e| sq_of(&e)).collect();
        assert_eq!(drained, (0..40).collect::<Vec<Square>>());
        assert_eq!(q.len(), 0);
        // Once empty, the next events go to the stack again.
        q.push(rise(5));
        assert_eq!((q.near.len(), q.spill.len()), (1, 0));
    }
}
