//! The Magician's spells (R-A5): instead of moving, a Magician turns a
//! completely empty square within two steps of it into a hole, and either
//! fills a hole anywhere (the hole becomes a square) or fills none (the
//! square is banished; the move names it twice). A spell is its source and
//! destination, whichever Magician casts it. Spells never capture, so a
//! quiescence search leaves them out.

use super::bitset::Set144;
use super::geometry::tables;
use super::moves::Move;
use super::position::Position;

impl Position {
    /// Adds to `sources` every empty square in the spell zone of the
    /// Magician on `from`: a set, because two Magicians' zones may overlap
    /// and a spell is the same move whoever casts it.
    pub(super) fn add_spell_sources(&self, from: usize, sources: &mut Set144) {
        for &s in &tables().spell_zone[from] {
            if self.vacant(s as usize) {
                sources.set(s as usize);
            }
        }
    }

    /// Every spell from `sources`: for each source its banish, then a
    /// move onto each hole.
    pub(super) fn gen_spells(&self, sources: Set144, out: &mut impl FnMut(Move)) {
        if !sources.is_empty() {
            let holes = self.squares.complement();
            for s in sources.iter() {
                out(Move::new(s, s, 0));
                for h in holes.iter() {
                    out(Move::new(s, h, 0));
                }
            }
        }
    }

    /// Plays a spell: the empty source becomes a hole, and the hole it
    /// fills (none for a banish) a square.
    pub(super) fn apply_spell(&mut self, from: usize, to: usize) {
        self.toggle_hole(from);
        if to != from {
            self.toggle_hole(to);
        }
    }
}
