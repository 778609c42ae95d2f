//! Pseudo-legal move generation and move application: every rule of Part A
//! except the king-safety filter (in `check.rs`).
//!
//! One landing rule (R-A0.5) serves every piece: [`Position::land`] says
//! what a move onto a cell would do, and each piece's generator keeps the
//! landings its move allows. Applying a move is the same walk in reverse:
//! lift the mover, resolve the landing (capture, siege, rescue, share),
//! then the side effects (custodian capture, tunnel, e.p. cells) and the
//! end of the ply (siege timers and completions, tunnel lifetimes, clocks).

use super::bitset::Set144;
use super::geometry::{
    file_of, offset, rank_of, square, tables, DIAG_DIRS, KING, NONE, ORTHO, ORTHO_DIRS,
};
use super::moves::{Move, DISP_R, DISP_V, H, PROMOTIONS, T, X};
use super::position::{
    power, Kind, Piece, Position, Siege, Tunnel, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ,
    TUNNEL_MAX,
};
use crate::game::Color;

/// What a move onto a cell does (R-A0.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Land {
    No,
    /// Empty square.
    Quiet,
    /// A lone friendly Halfer (or, for a Halfer mover, a lone friendly full
    /// piece): the two share.
    Share,
    /// A lone enemy full piece, removed at once (full movers).
    Capture,
    /// A full mover onto a lone enemy Halfer: a siege starts.
    SiegeHalf,
    /// A full mover onto an enemy full piece sharing with an enemy Halfer:
    /// the full piece is removed, the Halfer besieged.
    CaptureAndSiege,
    /// A Halfer onto a lone enemy full piece: a siege starts (check counts
    /// it as a capture).
    HalfOnFull,
    /// A Halfer onto a lone enemy Halfer: share or besiege (two moves).
    HalfOnHalf,
    /// Onto a siege whose victim is the mover's: the besieger is removed.
    Rescue,
}

impl Land {
    /// Landings of a move that may capture (everything but a Halfer's).
    #[inline(always)]
    fn full_capturing(self) -> bool {
        !matches!(self, Land::No | Land::HalfOnFull | Land::HalfOnHalf)
    }
    /// Landings of a move that never captures.
    #[inline(always)]
    pub fn quiet(self) -> bool {
        matches!(self, Land::Quiet | Land::Share)
    }
}

#[inline(always)]
pub fn forward(c: Color) -> i32 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

#[inline(always)]
pub fn last_rank(c: Color) -> usize {
    if c == Color::White {
        11
    } else {
        0
    }
}

/// The promotions a piece stepping aside in a rescue may make on landing
/// on `to`: a pawn reaching its last rank promotes (R-A8.6 with R-A10.3,
/// "by any move"), anything else lands as it is.
fn displaced_promotions(p: Piece, to: usize) -> &'static [Option<Kind>] {
    const PLAIN: [Option<Kind>; 1] = [None];
    const PROMOTED: [Option<Kind>; 4] = [
        Some(PROMOTIONS[0]),
        Some(PROMOTIONS[1]),
        Some(PROMOTIONS[2]),
        Some(PROMOTIONS[3]),
    ];
    if p.kind() == Kind::Pawn && rank_of(to) == last_rank(p.color()) {
        &PROMOTED
    } else {
        &PLAIN
    }
}

/// Castling geometry: (right, king to, rook from, rook to, cells between
/// king and rook) for each colour.
pub fn castlings(c: Color) -> [(u8, usize, usize, usize, std::ops::Range<usize>); 2] {
    let r = if c == Color::White { 0 } else { 11 };
    let (k, q) = if c == Color::White {
        (CASTLE_WK, CASTLE_WQ)
    } else {
        (CASTLE_BK, CASTLE_BQ)
    };
    [
        (k, square(10, r), square(11, r), square(9, r), 7..11),
        (q, square(1, r), square(0, r), square(2, r), 1..6),
    ]
}

/// The powers a Bacteria gains from removing `victim` (R-A4.2).
pub fn gain(victim: Kind, victim_powers: u8) -> u8 {
    match victim {
        Kind::Rook | Kind::Wall => power::R,
        Kind::Bishop => power::B,
        Kind::Queen => power::R | power::B,
        Kind::Pawn => power::P,
        Kind::Magician => power::D,
        Kind::Halfer => power::C,
        Kind::Digger => power::T,
        Kind::Stone => power::S,
        Kind::Bacteria => victim_powers,
        Kind::Knight | Kind::King => 0,
    }
}

/// A displaced pawn that lands on its last rank becomes `k` (R-A10.3).
fn promote(l: &mut Lifted, k: Option<Kind>) {
    if let Some(k) = k {
        l.piece = Piece::new(k, l.piece.color());
    }
}

/// A lifted full piece: what `place` needs to put it down elsewhere.
#[derive(Clone, Copy)]
struct Lifted {
    piece: Piece,
    powers: u8,
    /// Tunnels whose Digger this is (bit i: tunnel i).
    dug: u8,
}

impl Position {
    /// What a mover of colour `c` (a Halfer if `half`) does by ending on `to`.
    #[inline]
    pub fn land(&self, to: usize, c: Color, half: bool) -> Land {
        if !self.squares.has(to) {
            return Land::No;
        }
        if !self.occ.has(to) {
            return Land::Quiet;
        }
        if self.frozen.has(to) {
            let s = self.siege_at(to).expect("frozen cell has a siege");
            return if s.besieger != c {
                Land::Rescue
            } else {
                Land::No
            };
        }
        let e = c.flip();
        let f = self.full[to];
        let (hc, he) = (self.halfers(to, c), self.halfers(to, e));
        if f == 0 {
            match (hc, he) {
                (1, 0) => Land::Share,
                (0, 1) if half => Land::HalfOnHalf,
                (0, 1) => Land::SiegeHalf,
                _ => Land::No,
            }
        } else if Piece(f).color() == c {
            if half && hc + he == 0 {
                Land::Share
            } else {
                Land::No
            }
        } else if hc + he == 0 {
            if half {
                Land::HalfOnFull
            } else {
                Land::Capture
            }
        } else if half {
            Land::No
        } else {
            Land::CaptureAndSiege
        }
    }

    /// Whether `sq` holds nothing at all and is a square.
    #[inline(always)]
    pub fn vacant(&self, sq: usize) -> bool {
        self.squares.has(sq) && !self.occ.has(sq)
    }

    // ------------------------------------------------------------------
    // Generation
    // ------------------------------------------------------------------

    /// Every pseudo-legal move of colour `c` (own king safety ignored),
    /// each distinct move once.
    pub fn pseudo_moves(&self, c: Color, out: &mut impl FnMut(Move)) {
        self.pseudo_moves_of(c, false, out);
    }

    /// [`Position::pseudo_moves`], or with `movers_only` without the
    /// spells and tunnel travel, which never capture, promote or sandwich
    /// (hundreds of moves a position that a quiescence search would only
    /// generate to drop).
    pub fn pseudo_moves_of(&self, c: Color, movers_only: bool, out: &mut impl FnMut(Move)) {
        let t = tables();
        let mine = self.occ_by[c.index()].and_not(self.frozen);
        let mut spell_sources = Set144::EMPTY;
        let mut wall_done = false;
        for from in mine.iter() {
            let f = self.full[from];
            if f != 0 && Piece(f).color() == c {
                let p = Piece(f);
                match p.kind() {
                    Kind::King => {
                        self.gen_leaps(from, c, t.king.of(from), out);
                        self.gen_castling(from, c, out);
                    }
                    Kind::Queen => {
                        self.gen_rides(from, c, &ORTHO_DIRS, false, out);
                        self.gen_rides(from, c, &DIAG_DIRS, false, out);
                    }
                    Kind::Rook => self.gen_rides(from, c, &ORTHO_DIRS, false, out),
                    Kind::Bishop => self.gen_rides(from, c, &DIAG_DIRS, false, out),
                    Kind::Knight => self.gen_leaps(from, c, t.knight.of(from), out),
                    Kind::Pawn => self.gen_pawn(from, c, out),
                    Kind::Bacteria => self.gen_bacteria(from, c, out),
                    Kind::Magician => {
                        self.gen_leaps(from, c, t.king.of(from), out);
                        self.gen_leaps(from, c, t.leap20.of(from), out);
                        for &s in &t.spell_zone[from] {
                            if self.vacant(s as usize) {
                                spell_sources.set(s as usize);
                            }
                        }
                    }
                    Kind::Digger => self.gen_rides(from, c, &DIAG_DIRS, true, out),
                    Kind::Stone => {
                        for &to in t.king.of(from) {
                            if self.land(to as usize, c, false).quiet() {
                                out(Move::new(from, to as usize, 0));
                            }
                        }
                    }
                    Kind::Wall => {
                        if !wall_done {
                            wall_done = true;
                            self.wall_moves(c, out);
                        }
                    }
                    Kind::Halfer => unreachable!("halfers are not full pieces"),
                }
            }
            if self.halfers(from, c) > 0 {
                let h = if f != 0 { H } else { 0 };
                self.gen_halfer(from, c, h, t.knight.of(from), out);
                self.gen_halfer(from, c, h, t.leap31.of(from), out);
            }
        }
        if movers_only {
            return;
        }
        if !spell_sources.is_empty() {
            let holes = self.squares.complement();
            for s in spell_sources.iter() {
                out(Move::new(s, s, 0));
                for h in holes.iter() {
                    out(Move::new(s, h, 0));
                }
            }
        }
        self.gen_tunnel_travel(c, out);
    }

    /// A full piece's capturing move onto `to` (with its rescue variants).
    #[inline]
    fn emit_full(&self, from: usize, to: usize, c: Color, land: Land, out: &mut impl FnMut(Move)) {
        if land == Land::Rescue {
            self.emit_rescue(Move::new(from, to, 0), c, out);
        } else {
            out(Move::new(from, to, 0));
        }
    }

    /// A rescue onto `m.to` by any piece but the Wall (R-A8.6): plain if the
    /// victim or the rescuer is a Halfer; else one move for each piece that
    /// may step aside (the rescuer `r` or the victim `v`, never a Wall), each
    /// empty neighbour of the siege square and, for a pawn that lands on its
    /// last rank, each promotion piece (R-A10.3).
    fn emit_rescue(&self, m: Move, c: Color, out: &mut impl FnMut(Move)) {
        let sq = m.to();
        let victim = Piece(self.full[sq]);
        let victim_full = self.full[sq] != 0 && victim.color() == c;
        let rescuer_full = !m.has(H) && self.full[m.from()] != 0;
        if !(victim_full && rescuer_full) {
            out(m);
            return;
        }
        let rescuer = match m.promotion() {
            Some(k) => Piece::new(k, c),
            None => Piece(self.full[m.from()]),
        };
        let board = self.rescue_board(m, c, &[sq]);
        for &to in tables().king.of(sq) {
            let to = to as usize;
            if !board.vacant(to) {
                continue;
            }
            for (who, piece) in [(DISP_R, rescuer), (DISP_V, victim)] {
                if piece.kind() != Kind::Wall {
                    for &k in displaced_promotions(piece, to) {
                        out(m.with_leg(who, sq, to, k));
                    }
                }
            }
        }
    }

    /// A Wall translation that lands on siege squares whose victims are its
    /// own side's (R-A3.2, R-A8.6): a Halfer victim shares with the Wall
    /// half, every full victim steps aside (a Wall never does), one leg per
    /// victim in square order of the siege squares, never two onto one
    /// square. Without a full victim the move is plain; when the victims
    /// cannot all step aside there is no move.
    fn emit_wall_rescue(
        &self,
        m: Move,
        c: Color,
        landings: [usize; 2],
        out: &mut impl FnMut(Move),
    ) {
        // The anchor's landing is the lower square, so this is square order.
        let mut victims = arrayvec::ArrayVec::<usize, 2>::new();
        for sq in landings {
            if self.frozen.has(sq) && self.full[sq] != 0 && Piece(self.full[sq]).color() == c {
                victims.push(sq);
            }
        }
        if victims.is_empty() {
            out(m);
            return;
        }
        let board = self.rescue_board(m, c, &victims);
        self.emit_victim_legs(&board, m, &victims, None, out);
    }

    /// Adds a `v` leg for the first of `victims` to each empty neighbour
    /// on `board` that the previous victim did not take (`taken`), then
    /// the legs of the rest.
    fn emit_victim_legs(
        &self,
        board: &Position,
        m: Move,
        victims: &[usize],
        taken: Option<usize>,
        out: &mut impl FnMut(Move),
    ) {
        let Some((&sq, rest)) = victims.split_first() else {
            out(m);
            return;
        };
        let victim = Piece(self.full[sq]);
        for &to in tables().king.of(sq) {
            let to = to as usize;
            if board.vacant(to) && taken != Some(to) {
                for &k in displaced_promotions(victim, to) {
                    self.emit_victim_legs(
                        board,
                        m.with_leg(DISP_V, sq, to, k),
                        rest,
                        Some(to),
                        out,
                    );
                }
            }
        }
    }

    /// The board on which a rescue's displacement squares are chosen: after
    /// the move's own effects (the rescuer has left its square and landed,
    /// the besieger is removed, a Wall's other half has landed and made its
    /// capture), as the rulings have it (R-A8.6, "an existing, empty
    /// square"). The `victims` that must step aside are lifted off first,
    /// so that the rescuers can land; only vacancy is read from the result.
    fn rescue_board(&self, m: Move, c: Color, victims: &[usize]) -> Position {
        let mut board = *self;
        board.side = c;
        for &sq in victims {
            board.take(sq);
        }
        board.apply_immediate(m);
        board
    }

    fn gen_leaps(&self, from: usize, c: Color, targets: &[u8], out: &mut impl FnMut(Move)) {
        for &to in targets {
            let land = self.land(to as usize, c, false);
            if land.full_capturing() {
                self.emit_full(from, to as usize, c, land, out);
            }
        }
    }

    /// Calls `f` with every cell a rider from `from` reaches along `dirs`:
    /// up to and including the first occupied cell, or, riding `under`
    /// pieces (the Digger), every square until a hole or the edge.
    #[inline]
    fn ride(&self, from: usize, dirs: &[usize], under: bool, mut f: impl FnMut(usize)) {
        let rays = &tables().rays[from];
        for &d in dirs {
            for &to in rays[d].cells() {
                let to = to as usize;
                if !self.squares.has(to) {
                    break;
                }
                f(to);
                if !under && self.occ.has(to) {
                    break;
                }
            }
        }
    }

    /// A rider's moves: each reached cell it may land on.
    fn gen_rides(
        &self,
        from: usize,
        c: Color,
        dirs: &[usize],
        under: bool,
        out: &mut impl FnMut(Move),
    ) {
        self.ride(from, dirs, under, |to| {
            let land = self.land(to, c, false);
            if land.full_capturing() {
                self.emit_full(from, to, c, land, out);
            }
        });
    }

    fn gen_pawn(&self, from: usize, c: Color, out: &mut impl FnMut(Move)) {
        let dr = forward(c);
        let last = last_rank(c);
        let promote = |m: Move, out: &mut dyn FnMut(Move)| {
            if rank_of(m.to()) == last {
                for k in PROMOTIONS {
                    out(m.with_promotion(k));
                }
            } else {
                out(m);
            }
        };
        // Straight steps: one, or up to the half-way mark while unmoved.
        let max_steps = if self.unmoved.has(from) {
            let r = rank_of(from) as i32;
            if c == Color::White { 5 - r } else { r - 6 }.max(1)
        } else {
            1
        };
        let mut sq = from;
        for _ in 0..max_steps {
            let Some(to) = offset(sq, 0, dr) else { break };
            if !self.squares.has(to) {
                break;
            }
            if self.land(to, c, false).quiet() {
                promote(Move::new(from, to, 0), out);
            }
            if self.occ.has(to) {
                break;
            }
            sq = to;
        }
        // Diagonal captures, sieges, rescues and en passant.
        for df in [-1, 1] {
            let Some(to) = offset(from, df, dr) else {
                continue;
            };
            let land = self.land(to, c, false);
            match land {
                Land::Capture | Land::SiegeHalf | Land::CaptureAndSiege => {
                    promote(Move::new(from, to, 0), out)
                }
                Land::Rescue => {
                    if rank_of(to) == last {
                        for k in PROMOTIONS {
                            self.emit_rescue(Move::new(from, to, 0).with_promotion(k), c, out);
                        }
                    } else {
                        self.emit_rescue(Move::new(from, to, 0), c, out);
                    }
                }
                // E.p. cells belong to the side to move (the enemy pawn just passed).
                Land::Quiet if c == self.side && self.ep_cells().contains(&(to as u8)) => {
                    out(Move::new(from, to, 0))
                }
                _ => {}
            }
        }
    }

    fn gen_bacteria(&self, from: usize, c: Color, out: &mut impl FnMut(Move)) {
        let t = tables();
        let pw = self.powers[from];
        // Several powers can reach one cell with the same effect: one move.
        let mut seen = Set144::EMPTY;
        let mut emit = |this: &Position, to: usize, land: Land, out: &mut dyn FnMut(Move)| {
            if !seen.has(to) {
                seen.set(to);
                let mut o = |m| out(m);
                this.emit_full(from, to, c, land, &mut o);
            }
        };
        let mut leap = |this: &Position, targets: &[u8], out: &mut dyn FnMut(Move)| {
            for &to in targets {
                let land = this.land(to as usize, c, false);
                if land.full_capturing() {
                    emit(this, to as usize, land, out);
                }
            }
        };
        leap(self, t.king.of(from), out);
        leap(self, t.knight.of(from), out);
        if pw & power::D != 0 {
            leap(self, t.leap20.of(from), out);
        }
        if pw & power::C != 0 {
            leap(self, t.leap31.of(from), out);
        }
        // Slides (and the Digger's ride under pieces) with the powers held;
        // `leap` keeps each reached cell once.
        for (bit, dirs, under) in [
            (power::R, &ORTHO_DIRS, false),
            (power::B, &DIAG_DIRS, false),
            (power::T, &DIAG_DIRS, true),
        ] {
            if pw & bit != 0 {
                let mut reached = arrayvec::ArrayVec::<u8, 48>::new();
                self.ride(from, dirs, under, |to| reached.push(to as u8));
                leap(self, &reached, out);
            }
        }
        if pw & power::P != 0 {
            let dr = forward(c);
            if let Some(to) = offset(from, 0, dr) {
                if self.land(to, c, false).quiet() {
                    leap(self, &[to as u8], out);
                }
            }
            for df in [-1, 1] {
                if let Some(to) = offset(from, df, dr) {
                    let land = self.land(to, c, false);
                    if land.full_capturing() && !land.quiet() {
                        leap(self, &[to as u8], out);
                    }
                }
            }
        }
    }

    fn gen_halfer(&self, from: usize, c: Color, h: u8, targets: &[u8], out: &mut impl FnMut(Move)) {
        for &to in targets {
            match self.land(to as usize, c, true) {
                Land::Quiet | Land::Share | Land::HalfOnFull | Land::Rescue => {
                    out(Move::new(from, to as usize, h))
                }
                Land::HalfOnHalf => {
                    out(Move::new(from, to as usize, h));
                    out(Move::new(from, to as usize, h | X));
                }
                _ => {}
            }
        }
    }

    fn gen_castling(&self, from: usize, c: Color, out: &mut impl FnMut(Move)) {
        let r = if c == Color::White { 0 } else { 11 };
        if from != square(6, r) || self.castling == 0 {
            return;
        }
        for (right, king_to, rook_from, _, between) in castlings(c) {
            if self.castling & right == 0
                || self.full[rook_from] != Piece::new(Kind::Rook, c).0
                || self.frozen.has(rook_from)
            {
                continue;
            }
            if between.clone().all(|f| self.vacant(square(f, r))) {
                out(Move::new(from, king_to, 0));
            }
        }
    }

    /// The Wall's translations and rotations (R-A3.2, R-A3.3).
    pub(crate) fn wall_moves(&self, c: Color, out: &mut impl FnMut(Move)) {
        self.wall_translations(c, &ORTHO, out);
        self.wall_rotations(c, out);
    }

    /// The Wall's translations in the directions `dirs` (R-A3.2).
    pub(crate) fn wall_translations(
        &self,
        c: Color,
        dirs: &[(i32, i32)],
        out: &mut impl FnMut(Move),
    ) {
        let Some((a, b)) = self.wall(c) else { return };
        if self.frozen.has(a) || self.frozen.has(b) {
            return;
        }
        let horizontal = rank_of(a) == rank_of(b);
        let own = |sq: usize| sq == a || sq == b;
        for &(df, dr) in dirs {
            let lengthwise = (dr == 0) == horizontal;
            // The leading cell for a lengthwise move; the anchor otherwise.
            let lead = if lengthwise && (df > 0 || dr > 0) {
                b
            } else {
                a
            };
            let (mut pa, mut pb) = (a, b);
            while let (Some(na), Some(nb)) = (offset(pa, df, dr), offset(pb, df, dr)) {
                if !self.squares.has(na) || !self.squares.has(nb) {
                    break;
                }
                let la = if own(na) {
                    Land::Quiet
                } else {
                    self.land(na, c, false)
                };
                let lb = if own(nb) {
                    Land::Quiet
                } else {
                    self.land(nb, c, false)
                };
                if la.full_capturing() && lb.full_capturing() {
                    let to = if lead == a { na } else { nb };
                    let m = Move::new(lead, to, 0);
                    if la == Land::Rescue || lb == Land::Rescue {
                        self.emit_wall_rescue(m, c, [na, nb], out);
                    } else {
                        out(m);
                    }
                }
                // Go on only over empty squares. The Wall's own cells count
                // as empty, unless a Halfer shares one: then the other half
                // may land beside it (this step) but not pass over it (R-A3.2).
                let pass = |sq: usize| (own(sq) && self.half[sq] == 0) || self.vacant(sq);
                if !pass(na) || !pass(nb) {
                    break;
                }
                pa = na;
                pb = nb;
            }
        }
    }

    /// Rotation (R-A3.3): the other cell steps diagonally to a cell beside
    /// the pivot, across the axis.
    fn wall_rotations(&self, c: Color, out: &mut impl FnMut(Move)) {
        let Some((a, b)) = self.wall(c) else { return };
        if self.frozen.has(a) || self.frozen.has(b) {
            return;
        }
        let horizontal = rank_of(a) == rank_of(b);
        for (pivot, moving) in [(a, b), (b, a)] {
            let perp: [(i32, i32); 2] = if horizontal {
                [(0, 1), (0, -1)]
            } else {
                [(1, 0), (-1, 0)]
            };
            for (df, dr) in perp {
                if let Some(to) = offset(pivot, df, dr) {
                    if self.land(to, c, false).quiet() {
                        out(Move::new(moving, to, 0));
                    }
                }
            }
        }
    }

    /// Tunnel travel (R-A6.5): 1 or 2 cells along a live tunnel of the
    /// mover's, never capturing.
    fn gen_tunnel_travel(&self, c: Color, out: &mut impl FnMut(Move)) {
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

    // ------------------------------------------------------------------
    // Application
    // ------------------------------------------------------------------

    /// Removes a full piece as a capture (a Wall with both cells), and
    /// returns its kind and powers for a Bacteria's gain. A removed
    /// besieger or victim ends its siege (R-A8.4).
    fn capture_full(&mut self, sq: usize) -> (Kind, u8) {
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

    fn lift(&mut self, sq: usize) -> Lifted {
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

    fn place(&mut self, sq: usize, l: Lifted) {
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
    fn arrive_full(&mut self, to: usize, mut l: Lifted, m: Move) -> bool {
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

    fn start_siege(&mut self, sq: usize, besieger: Color) {
        // 5 here becomes 4 at the end of this ply (R-A8.3).
        self.add_siege(Siege {
            sq: sq as u8,
            besieger,
            left: 5,
        });
    }

    /// A rescue's first effect: the besieger (of the other colour than
    /// `rescuer`) on `sq` is removed and the siege ends.
    fn remove_besieger(&mut self, sq: usize, rescuer: Color) -> (Kind, u8) {
        let e = rescuer.flip();
        self.remove_siege_at(sq);
        if self.halfers(sq, e) > 0 {
            self.remove_halfer(sq, e);
            (Kind::Halfer, 0)
        } else {
            self.capture_full(sq)
        }
    }

    /// Applies a move's immediate effects (what check looks at) without the
    /// end-of-ply bookkeeping. Returns whether the halfmove clock resets.
    pub(crate) fn apply_immediate(&mut self, m: Move) -> bool {
        let c = self.side;
        let (from, to) = (m.from(), m.to());
        let old_ep = self.ep;
        let old_n_ep = self.n_ep;
        self.n_ep = 0;
        self.ep = [NONE; 4];
        let f = self.full[from];
        let full_mine = f != 0 && Piece(f).color() == c;
        if !self.occ.has(from) {
            // A spell: the empty source becomes a hole, the hole (if any) a
            // square.
            self.toggle_hole(from);
            if to != from {
                self.toggle_hole(to);
            }
            return false;
        }
        if m.has(H) || !full_mine {
            return self.apply_halfer(m, c);
        }
        let kind = Piece(f).kind();
        if m.has(T) {
            let mut l = self.lift(from);
            if let Some(k) = m.promotion() {
                l.piece = Piece::new(k, c);
            }
            self.place(to, l);
            return kind == Kind::Pawn;
        }
        match kind {
            Kind::King if file_of(from).abs_diff(file_of(to)) > 1 => {
                let (_, _, rook_from, rook_to, _) = castlings(c)
                    .into_iter()
                    .find(|x| x.1 == to)
                    .expect("castling target");
                let k = self.lift(from);
                self.place(to, k);
                let r = self.lift(rook_from);
                self.place(rook_to, r);
                false
            }
            Kind::Wall => self.apply_wall(m, c),
            Kind::Pawn => {
                let passed = rank_of(from).abs_diff(rank_of(to));
                let diagonal = file_of(from) != file_of(to);
                let mut l = self.lift(from);
                if let Some(k) = m.promotion() {
                    l.piece = Piece::new(k, c);
                }
                if diagonal
                    && !self.occ.has(to)
                    && old_ep[..old_n_ep as usize].contains(&(to as u8))
                {
                    // En passant: the pawn that passed `to` stands beyond
                    // the last passed cell.
                    let last = old_ep[old_n_ep as usize - 1] as usize;
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
            Kind::Digger => {
                let l = self.lift(from);
                let reset = self.arrive_full(to, l, m);
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
                reset
            }
            Kind::Stone => {
                let l = self.lift(from);
                self.arrive_full(to, l, m);
                self.custodian(to, c)
            }
            Kind::Bacteria => {
                let l = self.lift(from);
                let quiet = self.land(to, c, false).quiet();
                let reset = self.arrive_full(to, l, m);
                let king_step = file_of(from).abs_diff(file_of(to)) <= 1
                    && rank_of(from).abs_diff(rank_of(to)) <= 1;
                if quiet && king_step && self.powers[to] & power::S != 0 {
                    self.custodian(to, c) || reset
                } else {
                    reset
                }
            }
            _ => {
                let l = self.lift(from);
                self.arrive_full(to, l, m)
            }
        }
    }

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

    fn apply_wall(&mut self, m: Move, c: Color) -> bool {
        let (a, b) = self.wall(c).expect("wall");
        let (from, to) = (m.from(), m.to());
        if file_of(from) != file_of(to) && rank_of(from) != rank_of(to) {
            // Rotation: only the moving cell changes.
            let l = self.lift(from);
            self.place(to, l);
            return false;
        }
        let df = file_of(to) as i32 - file_of(from) as i32;
        let dr = rank_of(to) as i32 - rank_of(from) as i32;
        let (na, nb) = (
            offset(a, df, dr).expect("wall target"),
            offset(b, df, dr).expect("wall target"),
        );
        // Victims that step aside leave their siege squares first (each
        // half then lands as a rescue without a leg) and arrive once both
        // halves have landed: a square that the other half's capture empties
        // may receive one.
        let mut aside = arrayvec::ArrayVec::<(usize, Option<Kind>, Lifted), 2>::new();
        for leg in m.legs() {
            aside.push((leg.dest, leg.promotion, self.lift(leg.siege)));
        }
        let la = self.lift(a);
        let lb = self.lift(b);
        // Land the leading cell first, so a lengthwise trailing cell lands
        // on a cell that is now free.
        let lead_b = df > 0 || dr > 0;
        let order = if lead_b {
            [(nb, lb), (na, la)]
        } else {
            [(na, la), (nb, lb)]
        };
        let mut reset = false;
        for (sq, l) in order {
            reset |= self.arrive_full(sq, l, m.without_legs());
        }
        for (dest, k, mut victim) in aside {
            promote(&mut victim, k);
            self.place(dest, victim);
        }
        reset
    }

    /// A Stone's (or Stone-powered Bacteria's) step to `s`: every enemy
    /// occupant sandwiched between `s` and a friendly occupant is removed
    /// (R-A7.2).
    fn custodian(&mut self, s: usize, c: Color) -> bool {
        let e = c.flip();
        let mut any = false;
        let mut gained = 0;
        for (df, dr) in KING {
            let (Some(n1), Some(n2)) = (offset(s, df, dr), offset(s, 2 * df, 2 * dr)) else {
                continue;
            };
            if !self.occ_by[e.index()].has(n1) || !self.occ_by[c.index()].has(n2) {
                continue;
            }
            any = true;
            self.remove_siege_at(n1);
            if self.full[n1] != 0 && Piece(self.full[n1]).color() == e {
                let v = self.capture_full(n1);
                gained |= gain(v.0, v.1);
            }
            while self.halfers(n1, e) > 0 {
                self.remove_halfer(n1, e);
                gained |= gain(Kind::Halfer, 0);
            }
        }
        if any && Piece(self.full[s]).kind() == Kind::Bacteria {
            let pw = self.powers[s] | gained;
            self.set_powers(s, pw);
        }
        any
    }

    /// The end of a ply by `c`: siege timers run down and complete,
    /// `c`'s tunnels age, clocks and side to move advance.
    pub(crate) fn end_ply(&mut self, mover_piece_was_pawn_or_reset: bool) {
        let c = self.side;
        let mut reset = mover_piece_was_pawn_or_reset;
        let mut i = 0;
        while i < self.n_sieges as usize {
            let s = &mut self.sieges[i];
            s.left -= 1;
            if s.left == 0 {
                let sq = s.sq as usize;
                let besieger = s.besieger;
                self.remove_siege_at(sq);
                reset = true;
                let victim = besieger.flip();
                let taken = if self.halfers(sq, victim) > 0 {
                    self.remove_halfer(sq, victim);
                    (Kind::Halfer, 0)
                } else {
                    self.capture_full(sq)
                };
                if self.full[sq] != 0 && Piece(self.full[sq]).kind() == Kind::Bacteria {
                    let pw = self.powers[sq] | gain(taken.0, taken.1);
                    self.set_powers(sq, pw);
                }
            } else {
                i += 1;
            }
        }
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
