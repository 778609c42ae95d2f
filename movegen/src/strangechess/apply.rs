//! Playing a move: lift the mover, resolve its landing (capture, siege,
//! rescue, share), then the effects of its kind, then the end of the ply
//! (siege timers and completions, tunnel lifetimes, clocks). Check plays
//! moves with [`Position::apply_immediate`], on copies, to see what they
//! remove. The Wall's moves, spells, tunnels, custodian captures and
//! sieges have their own files; this one ties them together.

use super::geometry::{file_of, offset, rank_of, NONE};
use super::moves::{Move, H, T, X};
use super::position::{power, Kind, Piece, Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use super::rules::{castlings, forward, gain, Land};
use crate::game::Color;

/// A displaced pawn that lands on its last rank becomes `k` (R-A10.3).
pub(super) fn promote(l: &mut Lifted, k: Option<Kind>) {
    if let Some(k) = k {
        l.piece = Piece::new(k, l.piece.color());
    }
}

/// A lifted full piece: what `place` needs to put it down elsewhere.
#[derive(Clone, Copy)]
pub(super) struct Lifted {
    pub(super) piece: Piece,
    powers: u8,
    /// Tunnels whose Digger this is (bit i: tunnel i).
    dug: u8,
}

impl Position {
    /// Removes a full piece as a capture (a Wall with both cells), and
    /// returns its kind and powers for a Bacteria's gain. A removed
    /// besieger or victim ends its siege (R-A8.4).
    pub(super) fn capture_full(&mut self, sq: usize) -> (Kind, u8) {
        let p = Piece(self.full[sq]);
        let pw = self.powers[sq];
        if p.kind() == Kind::Wall {
            if let Some((a, b)) = self.wall(p.color()) {
                for s in [a, b] {
                    self.take_tracked(s);
                    self.remove_siege_at(s);
                }
            }
        } else {
            self.take_tracked(sq);
            self.remove_siege_at(sq);
        }
        (p.kind(), pw)
    }

    /// `take` plus the bookkeeping a removal or departure implies: castling
    /// rights of a king or rook leaving its home, tunnels losing their
    /// Digger.
    fn take_tracked(&mut self, sq: usize) -> Piece {
        for (i, t) in self.tunnels[..self.n_tunnels as usize]
            .iter_mut()
            .enumerate()
        {
            let _ = i;
            if t.digger as usize == sq && Piece(self.full[sq]).kind() == Kind::Digger {
                t.digger = NONE;
            }
        }
        self.castling &= !castling_lost(sq);
        self.take(sq)
    }

    pub(super) fn lift(&mut self, sq: usize) -> Lifted {
        let piece = Piece(self.full[sq]);
        let powers = self.powers[sq];
        let mut dug = 0;
        if piece.kind() == Kind::Digger {
            for (i, t) in self.tunnels().iter().enumerate() {
                if t.digger as usize == sq {
                    dug |= 1 << i;
                }
            }
        }
        self.take_tracked(sq);
        Lifted { piece, powers, dug }
    }

    pub(super) fn place(&mut self, sq: usize, l: Lifted) {
        self.put(sq, l.piece);
        self.set_powers(sq, l.powers);
        for i in 0..self.n_tunnels as usize {
            if l.dug >> i & 1 != 0 {
                self.tunnels[i].digger = sq as u8;
            }
        }
    }

    fn gain_for(&mut self, l: &mut Lifted, victim: (Kind, u8)) {
        if l.piece.kind() == Kind::Bacteria {
            l.powers |= gain(victim.0, victim.1);
        }
    }

    /// Puts a lifted full piece on `to`, resolving the landing. Returns
    /// whether anything was removed or besieged (the clock resets).
    pub(super) fn arrive_full(&mut self, to: usize, mut l: Lifted, m: Move) -> bool {
        let c = l.piece.color();
        match self.land(to, c, false) {
            Land::Quiet | Land::Share => {
                self.place(to, l);
                false
            }
            Land::Capture => {
                let v = self.capture_full(to);
                self.gain_for(&mut l, v);
                self.place(to, l);
                true
            }
            Land::SiegeHalf => {
                self.place(to, l);
                self.start_siege(to, c);
                true
            }
            Land::CaptureAndSiege => {
                let v = self.capture_full(to);
                self.gain_for(&mut l, v);
                self.place(to, l);
                self.start_siege(to, c);
                true
            }
            Land::Rescue => {
                let v = self.remove_besieger(to, c);
                self.gain_for(&mut l, v);
                match m.leg_at(to) {
                    Some(leg) if m.rescuer_steps_aside() => {
                        promote(&mut l, leg.promotion);
                        self.place(leg.dest, l);
                    }
                    Some(leg) => {
                        let mut victim = self.lift(to);
                        promote(&mut victim, leg.promotion);
                        self.place(leg.dest, victim);
                        self.place(to, l);
                    }
                    None => self.place(to, l),
                }
                true
            }
            Land::No | Land::HalfOnFull | Land::HalfOnHalf => {
                unreachable!("not a full piece's landing")
            }
        }
    }

    /// Applies a move's immediate effects (what check looks at) without the
    /// end-of-ply bookkeeping. Returns whether the halfmove clock resets.
    pub(crate) fn apply_immediate(&mut self, m: Move) -> bool {
        let c = self.side;
        let (from, to) = (m.from(), m.to());
        // E.p. cells last one ply; this move's pawn may still take on them.
        let (old_ep, old_n_ep) = (self.ep, self.n_ep);
        self.n_ep = 0;
        self.ep = [NONE; 4];
        let f = self.full[from];
        let full_mine = f != 0 && Piece(f).color() == c;
        if !self.occ.has(from) {
            self.apply_spell(from, to);
            return false;
        }
        if m.has(H) || !full_mine {
            return self.apply_halfer(m, c);
        }
        let kind = Piece(f).kind();
        if m.has(T) {
            self.apply_tunnel_travel(m, c);
            return kind == Kind::Pawn;
        }
        match kind {
            Kind::King if file_of(from).abs_diff(file_of(to)) > 1 => {
                self.apply_castling(m, c);
                false
            }
            Kind::Wall => self.apply_wall(m, c),
            Kind::Pawn => self.apply_pawn(m, c, &old_ep[..old_n_ep as usize]),
            Kind::Digger => self.apply_digger(m, c),
            Kind::Stone => self.apply_stone(m, c),
            Kind::Bacteria => self.apply_bacteria(m, c),
            _ => {
                let l = self.lift(from);
                self.arrive_full(to, l, m)
            }
        }
    }

    /// Castling (R-A9): the King's destination names the side; the King
    /// and that Rook move together.
    fn apply_castling(&mut self, m: Move, c: Color) {
        let (_, _, rook_from, rook_to, _) = castlings(c)
            .into_iter()
            .find(|x| x.1 == m.to())
            .expect("castling target");
        let k = self.lift(m.from());
        self.place(m.to(), k);
        let r = self.lift(rook_from);
        self.place(rook_to, r);
    }

    /// A pawn's move, which always resets the clock: en passant onto a cell
    /// in `passed_before` (the cells the enemy pawn passed on the previous
    /// ply), or a landing like any piece's that records, for a multi-step,
    /// the cells it passes for the reply's en passant. Either may promote.
    fn apply_pawn(&mut self, m: Move, c: Color, passed_before: &[u8]) -> bool {
        let (from, to) = (m.from(), m.to());
        let passed = rank_of(from).abs_diff(rank_of(to));
        let diagonal = file_of(from) != file_of(to);
        let mut l = self.lift(from);
        if let Some(k) = m.promotion() {
            l.piece = Piece::new(k, c);
        }
        if diagonal && !self.occ.has(to) && passed_before.contains(&(to as u8)) {
            // En passant: the pawn that passed `to` stands beyond
            // the last passed cell.
            let last = passed_before[passed_before.len() - 1] as usize;
            let victim = offset(last, 0, forward(c.flip())).expect("e.p. pawn");
            self.capture_full(victim);
            self.place(to, l);
            return true;
        }
        if passed > 1 {
            let dr = forward(c);
            for k in 1..passed {
                self.ep[k - 1] = offset(from, 0, dr * k as i32).unwrap() as u8;
            }
            self.n_ep = (passed - 1) as u8;
        }
        self.arrive_full(to, l, m);
        true
    }

    /// A Bacteria's move: it lands like any piece (gaining powers from
    /// what it removes), and a quiet one-cell step with the Stone's power
    /// also captures by custody (R-A4, R-A7.2).
    fn apply_bacteria(&mut self, m: Move, c: Color) -> bool {
        let (from, to) = (m.from(), m.to());
        let l = self.lift(from);
        let quiet = self.land(to, c, false).quiet();
        let reset = self.arrive_full(to, l, m);
        let king_step =
            file_of(from).abs_diff(file_of(to)) <= 1 && rank_of(from).abs_diff(rank_of(to)) <= 1;
        if quiet && king_step && self.powers[to] & power::S != 0 {
            self.custodian(to, c) || reset
        } else {
            reset
        }
    }

    /// A Halfer's move: it shares, besieges (onto a lone enemy piece, or
    /// onto a lone enemy Halfer with `x`) or rescues; tunnel travel only
    /// moves it (R-A8).
    fn apply_halfer(&mut self, m: Move, c: Color) -> bool {
        let (from, to) = (m.from(), m.to());
        self.remove_halfer(from, c);
        if m.has(T) {
            self.add_halfer(to, c);
            return false;
        }
        match self.land(to, c, true) {
            Land::Quiet | Land::Share => {
                self.add_halfer(to, c);
                false
            }
            Land::HalfOnHalf => {
                self.add_halfer(to, c);
                if m.has(X) {
                    self.start_siege(to, c);
                    true
                } else {
                    false
                }
            }
            Land::HalfOnFull => {
                if Piece(self.full[to]).kind() == Kind::King {
                    // Only in check tests: the king counts as taken.
                    self.capture_full(to);
                } else {
                    self.start_siege(to, c);
                }
                self.add_halfer(to, c);
                true
            }
            Land::Rescue => {
                self.remove_besieger(to, c);
                self.add_halfer(to, c);
                true
            }
            _ => unreachable!("not a halfer landing"),
        }
    }

    /// The end of a ply by `c`: siege timers run down and complete,
    /// `c`'s tunnels age, clocks and side to move advance.
    pub(crate) fn end_ply(&mut self, mover_piece_was_pawn_or_reset: bool) {
        let c = self.side;
        let completed = self.run_down_sieges();
        self.age_tunnels(c);
        let reset = mover_piece_was_pawn_or_reset || completed;
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if c == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = c.flip();
    }

    /// Plays a pseudo-legal move completely.
    pub(crate) fn apply(&mut self, m: Move) {
        let f = self.full[m.from()];
        let pawn =
            f != 0 && !m.has(H) && Piece(f).color() == self.side && Piece(f).kind() == Kind::Pawn;
        let removed = self.apply_immediate(m);
        self.end_ply(removed || pawn);
    }
}

/// Castling rights lost when a piece leaves or is removed from `sq`.
fn castling_lost(sq: usize) -> u8 {
    match sq {
        6 => CASTLE_WK | CASTLE_WQ,
        0 => CASTLE_WQ,
        11 => CASTLE_WK,
        138 => CASTLE_BK | CASTLE_BQ,
        132 => CASTLE_BQ,
        143 => CASTLE_BK,
        _ => 0,
    }
}
