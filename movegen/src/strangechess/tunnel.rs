//! The Digger's tunnels (R-A6): a Digger's ride digs one from its start
//! to its landing, pieces of the owner travel along it (one or two cells,
//! never capturing), and it lasts for two of the owner's turns.

use super::geometry::{file_of, offset, rank_of, NONE};
use super::moves::{Move, H, PROMOTIONS, T};
use super::position::{Kind, Piece, Position, Tunnel, TUNNEL_MAX};
use super::rules::last_rank;
use crate::game::Color;

impl Position {
    /// Tunnel travel (R-A6.5): 1 or 2 cells along a live tunnel of the
    /// mover's, never capturing.
    pub(super) fn gen_tunnel_travel(&self, c: Color, out: &mut impl FnMut(Move)) {
        let mut done: [(u8, u8, u8); 64] = [(0, 0, 0); 64];
        let mut n = 0;
        for t in self.tunnels() {
            if t.owner != c {
                continue;
            }
            let cells = t.cells();
            for (i, &cell) in cells.iter().enumerate() {
                let from = cell as usize;
                if self.frozen.has(from) || !self.occ_by[c.index()].has(from) {
                    continue;
                }
                let f = self.full[from];
                let full_ok = f != 0
                    && Piece(f).color() == c
                    && Piece(f).kind() != Kind::Wall
                    && !(Piece(f).kind() == Kind::Digger && t.digger == cell);
                let half_ok = self.halfers(from, c) > 0;
                for j in [i as i32 - 2, i as i32 - 1, i as i32 + 1, i as i32 + 2] {
                    if j < 0 || j as usize >= cells.len() {
                        continue;
                    }
                    let j = j as usize;
                    if j.abs_diff(i) == 2 && !self.squares.has(cells[(i + j) / 2] as usize) {
                        continue;
                    }
                    let to = cells[j] as usize;
                    if !self.land(to, c, false).quiet() || self.full[to] != 0 {
                        continue;
                    }
                    let mut emit = |flags: u8, pawn: bool| {
                        let key = (from as u8, to as u8, flags);
                        if done[..n].contains(&key) {
                            return;
                        }
                        if n < done.len() {
                            done[n] = key;
                            n += 1;
                        }
                        let m = Move::new(from, to, flags);
                        if pawn && rank_of(to) == last_rank(c) {
                            for k in PROMOTIONS {
                                out(m.with_promotion(k));
                            }
                        } else {
                            out(m);
                        }
                    };
                    if full_ok {
                        emit(T, Piece(f).kind() == Kind::Pawn);
                    }
                    if half_ok {
                        emit(T | if f != 0 { H } else { 0 }, false);
                    }
                }
            }
        }
    }

    /// A full piece's tunnel travel (R-A6.5): it never captures, so it is
    /// lifted and put down (a pawn reaching its last rank promotes).
    pub(super) fn apply_tunnel_travel(&mut self, m: Move, c: Color) {
        let mut l = self.lift(m.from());
        if let Some(k) = m.promotion() {
            l.piece = Piece::new(k, c);
        }
        self.place(m.to(), l);
    }

    /// A Digger's ride: it lands like any rider, then digs. Returns
    /// whether the clock resets.
    pub(super) fn apply_digger(&mut self, m: Move, c: Color) -> bool {
        let l = self.lift(m.from());
        let reset = self.arrive_full(m.to(), l, m);
        self.dig_tunnel(m, c);
        reset
    }

    /// The tunnel of a Digger's ride: every cell from its start to its
    /// landing, remembering where the Digger now stands (after a rescue's
    /// step aside, or nowhere if it did not end on the tunnel).
    fn dig_tunnel(&mut self, m: Move, c: Color) {
        let (from, to) = (m.from(), m.to());
        let (df, dr) = (
            (file_of(to) as i32 - file_of(from) as i32).signum(),
            (rank_of(to) as i32 - rank_of(from) as i32).signum(),
        );
        let mut t = Tunnel {
            owner: c,
            turns: 3, // 2 after this ply's count-down
            len: 0,
            cells: [NONE; TUNNEL_MAX],
            digger: NONE,
        };
        let mut sq = from;
        loop {
            t.cells[t.len as usize] = sq as u8;
            t.len += 1;
            if sq == to {
                break;
            }
            sq = offset(sq, df, dr).expect("tunnel cell");
        }
        t.digger = match m.legs().next() {
            Some(leg) if m.rescuer_steps_aside() => leg.dest as u8,
            _ if Piece(self.full[to]).kind() == Kind::Digger => to as u8,
            _ => NONE,
        };
        self.add_tunnel(t);
    }

    /// The end of a ply by `c`: `c`'s tunnels lose a turn, and one with
    /// none left is gone.
    pub(super) fn age_tunnels(&mut self, c: Color) {
        let mut i = 0;
        while i < self.n_tunnels as usize {
            if self.tunnels[i].owner == c {
                self.tunnels[i].turns -= 1;
                if self.tunnels[i].turns == 0 {
                    self.remove_tunnel(i);
                    continue;
                }
            }
            i += 1;
        }
    }
}
