//! Independent, deliberately simple reference move generator for Strange Chess.
//!
//! Written only from `shared/rules/README.md`, `strange-and-dysnomia.md` Part A,
//! `notation-strangechess.md` and the seed page, to cross-check the fast generator.
//! Mailbox board, copy-make, legality by literal simulation of the opponent's
//! pseudo-legal captures (R-A0.6). Every gap decision is in `DECISIONS.md` next to
//! this file; comments cite it as `[Dn]`.
#![allow(dead_code)]

mod fen;

use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------
// Squares
// ---------------------------------------------------------------------------

pub type Sq = usize;
pub const W: i32 = 12;

pub fn file_of(s: Sq) -> i32 {
    (s % 12) as i32
}
pub fn rank_of(s: Sq) -> i32 {
    (s / 12) as i32
}
pub fn sq_at(file: i32, rank: i32) -> Option<Sq> {
    if (0..W).contains(&file) && (0..W).contains(&rank) {
        Some((rank * W + file) as usize)
    } else {
        None
    }
}
pub fn offset(s: Sq, df: i32, dr: i32) -> Option<Sq> {
    sq_at(file_of(s) + df, rank_of(s) + dr)
}
pub fn sq_name(s: Sq) -> String {
    format!("{}{}", (b'a' + (s % 12) as u8) as char, s / 12 + 1)
}
/// Parses a square name at the start of `t`; returns the square and the bytes used.
pub fn parse_sq_prefix(t: &[u8]) -> Option<(Sq, usize)> {
    let f = *t.first()?;
    if !(b'a'..=b'l').contains(&f) {
        return None;
    }
    let mut i = 1;
    while i < t.len() && t[i].is_ascii_digit() && i < 3 {
        i += 1;
    }
    if i == 1 {
        return None;
    }
    let digits = std::str::from_utf8(&t[1..i]).ok()?;
    if digits.starts_with('0') {
        return None;
    }
    let r: i32 = digits.parse().ok()?;
    // a two-digit rank above 12 may be a one-digit rank followed by something else
    if !(1..=12).contains(&r) {
        if i == 3 {
            let r1: i32 = digits[..1].parse().ok()?;
            if (1..=12).contains(&r1) {
                return Some((sq_at((f - b'a') as i32, r1 - 1)?, 2));
            }
        }
        return None;
    }
    Some((sq_at((f - b'a') as i32, r - 1)?, i))
}
pub fn parse_sq(t: &str) -> Option<Sq> {
    let (s, n) = parse_sq_prefix(t.as_bytes())?;
    if n == t.len() {
        Some(s)
    } else {
        None
    }
}
fn cheb(a: Sq, b: Sq) -> i32 {
    (file_of(a) - file_of(b))
        .abs()
        .max((rank_of(a) - rank_of(b)).abs())
}

pub const KING_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
pub const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
pub const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub const CAMEL31: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];
pub const DABBABA: [(i32, i32); 4] = [(0, 2), (2, 0), (0, -2), (-2, 0)];

// ---------------------------------------------------------------------------
// Pieces and cells
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    Bacteria,
    Halfer,
    Magician,
    Digger,
    Stone,
    Wall,
}

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
            Kind::Bacteria => 'X',
            Kind::Halfer => 'H',
            Kind::Magician => 'M',
            Kind::Digger => 'D',
            Kind::Stone => 'S',
            Kind::Wall => 'W',
        }
    }
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            'X' => Kind::Bacteria,
            'H' => Kind::Halfer,
            'M' => Kind::Magician,
            'D' => Kind::Digger,
            'S' => Kind::Stone,
            'W' => Kind::Wall,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub struct Piece {
    pub white: bool,
    pub kind: Kind,
}

impl Piece {
    pub fn new(white: bool, kind: Kind) -> Piece {
        Piece { white, kind }
    }
    pub fn halfer(self) -> bool {
        self.kind == Kind::Halfer
    }
    pub fn letter(self) -> char {
        let c = self.kind.letter();
        if self.white {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }
}

/// One cell of the 12x12 frame: a hole, or a square with 0-2 occupants.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cell {
    pub hole: bool,
    pub occ: [Option<Piece>; 2],
}

impl Cell {
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.occ.iter().flatten().copied()
    }
    pub fn count(&self) -> usize {
        self.occ.iter().flatten().count()
    }
    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }
    /// An existing square with no occupant at all.
    pub fn empty_square(&self) -> bool {
        !self.hole && self.is_empty()
    }
    pub fn full(&self) -> Option<Piece> {
        self.pieces().find(|p| !p.halfer())
    }
    pub fn has(&self, p: Piece) -> bool {
        self.pieces().any(|q| q == p)
    }
    pub fn has_colour(&self, white: bool) -> bool {
        self.pieces().any(|q| q.white == white)
    }
    pub fn add(&mut self, p: Piece) {
        if self.occ[0].is_none() {
            self.occ[0] = Some(p);
        } else if self.occ[1].is_none() {
            self.occ[1] = Some(p);
        } else {
            panic!("cell already holds two occupants");
        }
    }
    pub fn remove(&mut self, p: Piece) -> bool {
        for slot in self.occ.iter_mut() {
            if *slot == Some(p) {
                *slot = None;
                return true;
            }
        }
        false
    }
    /// The occupants in canonical FEN order: full piece before halfer, white halfer before black.
    pub fn sorted(&self) -> Vec<Piece> {
        let mut v: Vec<Piece> = self.pieces().collect();
        v.sort_by_key(|p| (p.halfer(), !p.white));
        v
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Siege {
    pub sq: Sq,
    pub besieger_white: bool,
    /// plies still to be played before the victim is removed (4 right after the start)
    pub left: u8,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tunnel {
    pub owner_white: bool,
    /// owner's turns in which it can still be used (2 right after the dig)
    pub turns: u8,
    pub cells: Vec<Sq>,
    /// where the Digger that dug it stands now (None once it left the board)
    pub digger: Option<Sq>,
}

// Bacteria power bits (gained powers; K step and N leap are always held)
pub const P_R: u8 = 1;
pub const P_B: u8 = 2;
pub const P_P: u8 = 4;
pub const P_D: u8 = 8;
pub const P_C: u8 = 16;
pub const P_T: u8 = 32;
pub const P_S: u8 = 64;
pub const POWER_LETTERS: [(u8, char); 7] = [
    (P_R, 'R'),
    (P_B, 'B'),
    (P_P, 'P'),
    (P_D, 'D'),
    (P_C, 'C'),
    (P_T, 'T'),
    (P_S, 'S'),
];

/// R-A4.2: what a Bacteria gains from removing `victim` (whose own powers are `victim_mask`).
pub fn gain_from(victim: Piece, victim_mask: u8) -> u8 {
    match victim.kind {
        Kind::Rook | Kind::Wall => P_R,
        Kind::Bishop => P_B,
        Kind::Queen => P_R | P_B,
        Kind::Knight | Kind::King => 0,
        Kind::Pawn => P_P,
        Kind::Magician => P_D,
        Kind::Halfer => P_C,
        Kind::Digger => P_T,
        Kind::Stone => P_S,
        Kind::Bacteria => victim_mask,
    }
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPos {
    pub cells: [Cell; 144],
    pub white_to_move: bool,
    /// K, Q, k, q
    pub castling: [bool; 4],
    /// cells passed over by the pawn that just made a multi-step, in passing order
    pub ep: Vec<Sq>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// kept in square order
    pub sieges: Vec<Siege>,
    /// oldest first
    pub tunnels: Vec<Tunnel>,
    /// gained powers per Bacteria square (only non-zero masks stored)
    pub powers: BTreeMap<Sq, u8>,
    pub unmoved: BTreeSet<Sq>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefStatus {
    Ongoing,
    Checkmate { white_wins: bool },
    Stalemate,
    MoveRule,
    BareKings,
}

pub const START_FEN: &str = "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq - 0 1";

/// Initial pawn squares as the notation spec words them for the `unmoved=` default:
/// `a3 b3 c3 d3 e3 h3 i3 j3 k3 l3 f4 g4` for White, `a10 .. e10 h10 .. l10 f9 g9` for
/// Black; not f3 g3 f10 g10, where the Magicians start [P2].
pub fn initial_pawn_square(white: bool, s: Sq) -> bool {
    let (f, r) = (file_of(s), rank_of(s));
    let centre = f == 5 || f == 6;
    let (home, ahead) = if white { (2, 3) } else { (9, 8) };
    (r == home && !centre) || (r == ahead && centre)
}

/// Landing classes of R-A0.5.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Land {
    /// empty square
    Quiet,
    /// quiet share with a friendly occupant (or, for a Halfer, a lone enemy Halfer)
    Share,
    /// besiege a lone enemy occupant (Halfer onto anything enemy; full piece onto a lone enemy Halfer)
    Siege,
    /// remove a lone enemy full piece
    Capture,
    /// remove an enemy full piece, besiege the enemy Halfer sharing with it
    CaptureSiege,
    /// capture the besieger on a siege square whose victim is friendly
    Rescue,
}

impl Land {
    pub fn is_capture(self) -> bool {
        matches!(
            self,
            Land::Siege | Land::Capture | Land::CaptureSiege | Land::Rescue
        )
    }
}

/// Which piece a rescue displaces, where to, and the promotion of a displaced pawn that
/// lands on its last rank (R-A8.6, R-A10.3) [R3].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Disp {
    None,
    Rescuer(Sq, Option<Kind>),
    Victim(Sq, Option<Kind>),
}

/// One displacement leg of a Wall rescue: (siege square, destination, promotion) [R4].
pub type Leg = (Sq, Sq, Option<Kind>);

/// A pseudo-legal move, before it is printed or applied.
#[derive(Clone, Debug)]
pub enum Desc {
    Piece {
        from: Sq,
        to: Sq,
        piece: Piece,
        promo: Option<Kind>,
        /// Halfer onto a lone enemy Halfer: siege-capture instead of share
        x: bool,
        tunnel: bool,
        ep: bool,
        disp: Disp,
    },
    Castle {
        white: bool,
        long: bool,
    },
    WallT {
        /// current cells, anchor first
        cells: [Sq; 2],
        /// new cells, in the same order
        to: [Sq; 2],
        broadside: bool,
        /// for lengthwise moves: index (0/1) of the leading cell
        lead: usize,
        /// displaced victims, in square order of their siege squares (R-A8.6, notation) [R4]
        disp: [Option<Leg>; 2],
    },
    WallR {
        from: Sq,
        to: Sq,
    },
    Spell {
        src: Sq,
        dst: Option<Sq>,
    },
}

/// Everything a move did, for the clocks and for `move_tags`.
#[derive(Clone, Debug, Default)]
pub struct Tags {
    pub list: BTreeSet<&'static str>,
    pub pawn_moved: bool,
    pub removal: bool,
    pub new_sieges: Vec<Sq>,
    pub new_tunnel: Option<Tunnel>,
    pub ep: Vec<Sq>,
}

impl Tags {
    fn add(&mut self, t: &'static str) {
        self.list.insert(t);
    }
}

impl RefPos {
    // ----- basic queries -------------------------------------------------

    pub fn siege_at(&self, s: Sq) -> Option<&Siege> {
        self.sieges.iter().find(|g| g.sq == s)
    }
    pub fn frozen_sq(&self, s: Sq) -> bool {
        self.siege_at(s).is_some()
    }
    pub fn mask_at(&self, s: Sq) -> u8 {
        self.powers.get(&s).copied().unwrap_or(0)
    }
    pub fn wall_cells(&self, white: bool) -> Vec<Sq> {
        let w = Piece::new(white, Kind::Wall);
        (0..144).filter(|&s| self.cells[s].has(w)).collect()
    }
    pub fn king_sq(&self, white: bool) -> Option<Sq> {
        let k = Piece::new(white, Kind::King);
        (0..144).find(|&s| self.cells[s].has(k))
    }
    /// The king of `white` is removed, or is the victim of a siege (R-A8.5: a move that
    /// would besiege the king is a capture of the king).
    pub fn king_gone(&self, white: bool) -> bool {
        match self.king_sq(white) {
            None => true,
            Some(s) => self.siege_at(s).is_some_and(|g| g.besieger_white != white),
        }
    }

    /// Landing options of R-A0.5 / R-A8.1 for `p` ending its move on `t` (surface moves).
    pub fn land_options(&self, p: Piece, t: Sq) -> Vec<Land> {
        let c = &self.cells[t];
        if c.hole {
            return vec![];
        }
        if let Some(g) = self.siege_at(t) {
            // only the victim's side may enter, as a rescue (R-A8.6)
            return if g.besieger_white != p.white {
                vec![Land::Rescue]
            } else {
                vec![]
            };
        }
        let occ: Vec<Piece> = c.pieces().collect();
        match occ.len() {
            0 => vec![Land::Quiet],
            1 => {
                let o = occ[0];
                if o.white == p.white {
                    if o.halfer() || p.halfer() {
                        vec![Land::Share]
                    } else {
                        vec![]
                    }
                } else if o.halfer() {
                    if p.halfer() {
                        vec![Land::Share, Land::Siege]
                    } else {
                        vec![Land::Siege]
                    }
                } else if p.halfer() {
                    vec![Land::Siege]
                } else {
                    vec![Land::Capture]
                }
            }
            _ => {
                // enemy full + enemy halfer: only a full piece may enter [D-two-halfers]
                let all_enemy = occ.iter().all(|o| o.white != p.white);
                let one_full = occ.iter().filter(|o| !o.halfer()).count() == 1;
                if all_enemy && one_full && !p.halfer() {
                    vec![Land::CaptureSiege]
                } else {
                    vec![]
                }
            }
        }
    }

    /// Landing for tunnel travel (R-A6.5): empty, or a quiet share with a friendly occupant
    /// [D-tunnel-share].
    fn tunnel_land(&self, p: Piece, t: Sq) -> Option<Land> {
        let c = &self.cells[t];
        if c.hole || self.frozen_sq(t) {
            return None;
        }
        let occ: Vec<Piece> = c.pieces().collect();
        match occ.len() {
            0 => Some(Land::Quiet),
            // R-A6.5: "an empty square, or share with a lone friendly halfer",
            // for every traveller (a travelling Halfer does not join a full piece).
            1 if occ[0].white == p.white && occ[0].halfer() => Some(Land::Share),
            _ => None,
        }
    }

    // ----- state changes ---------------------------------------------------

    /// Removes `p` from `s` (a Wall: both its cells), ending every siege it was part of
    /// (R-A8.4, R-A3.4). Returns what a Bacteria gains from it.
    fn remove_piece(&mut self, s: Sq, p: Piece) -> u8 {
        let gain = gain_from(p, self.mask_at(s));
        let cells = if p.kind == Kind::Wall {
            self.wall_cells(p.white)
        } else {
            vec![s]
        };
        for c in cells {
            self.cells[c].remove(p);
            self.sieges.retain(|g| g.sq != c);
        }
        match p.kind {
            Kind::Bacteria => {
                self.powers.remove(&s);
            }
            Kind::Digger => {
                for t in self.tunnels.iter_mut() {
                    if t.digger == Some(s) {
                        t.digger = None;
                    }
                }
            }
            Kind::Pawn => {
                self.unmoved.remove(&s);
            }
            _ => {}
        }
        gain
    }

    fn castling_idx(white: bool, long: bool) -> usize {
        match (white, long) {
            (true, false) => 0,
            (true, true) => 1,
            (false, false) => 2,
            (false, true) => 3,
        }
    }

    /// Bookkeeping when piece `p` leaves `from` for `to` (keyed state follows the piece).
    fn follow(&mut self, from: Sq, to: Sq, p: Piece) {
        match p.kind {
            Kind::Bacteria => {
                if let Some(m) = self.powers.remove(&from) {
                    self.powers.insert(to, m);
                }
            }
            Kind::Digger => {
                for t in self.tunnels.iter_mut() {
                    if t.digger == Some(from) {
                        t.digger = Some(to);
                    }
                }
            }
            Kind::Pawn => {
                self.unmoved.remove(&from);
            }
            Kind::King => {
                self.castling[Self::castling_idx(p.white, false)] = false;
                self.castling[Self::castling_idx(p.white, true)] = false;
            }
            Kind::Rook => {
                let home = if p.white { 0 } else { 11 };
                if from == sq_at(0, home).unwrap() {
                    self.castling[Self::castling_idx(p.white, true)] = false;
                }
                if from == sq_at(11, home).unwrap() {
                    self.castling[Self::castling_idx(p.white, false)] = false;
                }
            }
            _ => {}
        }
    }

    /// Moves a piece that has no landing effects (displacements, castling rook).
    fn relocate(&mut self, from: Sq, to: Sq, p: Piece) {
        assert!(self.cells[from].remove(p), "relocate: piece missing");
        self.cells[to].add(p);
        self.follow(from, to, p);
    }

    /// A displaced pawn that lands on its last rank promotes (R-A8.6, R-A10.3) [R3]:
    /// `p` now stands on `s`; `promo` is the chosen piece (None for no promotion).
    fn promote_displaced(&mut self, s: Sq, p: Piece, promo: Option<Kind>, tags: &mut Tags) {
        if let Some(k) = promo {
            assert!(self.cells[s].remove(p), "promote_displaced: piece missing");
            self.cells[s].add(Piece::new(p.white, k));
            tags.add("promotion");
        }
    }

    fn add_gain(&mut self, s: Sq, gain: u8, tags: &mut Tags) {
        let old = self.mask_at(s);
        let new = old | gain;
        if new != old {
            self.powers.insert(s, new);
            tags.add("bacteria-gain");
        }
    }

    /// Performs the landing of `p` (already lifted from its origin) on `t` with class `land`.
    /// Returns what a Bacteria mover gains.
    fn land(&mut self, p: Piece, t: Sq, land: Land, tags: &mut Tags) -> u8 {
        let mut gain = 0;
        match land {
            Land::Quiet => {}
            Land::Share => tags.add("share"),
            Land::Capture => {
                let victim = self.cells[t].full().expect("capture target");
                gain |= self.remove_piece(t, victim);
                tags.add("capture");
                tags.removal = true;
            }
            Land::Siege => {
                tags.add("siege");
                tags.new_sieges.push(t);
            }
            Land::CaptureSiege => {
                let victim = self.cells[t].full().expect("capture target");
                gain |= self.remove_piece(t, victim);
                tags.add("capture");
                tags.add("siege");
                tags.removal = true;
                tags.new_sieges.push(t);
            }
            Land::Rescue => {
                let g = *self.siege_at(t).expect("siege");
                let besieger = self.cells[t]
                    .pieces()
                    .find(|q| q.white == g.besieger_white)
                    .expect("besieger");
                gain |= self.remove_piece(t, besieger);
                tags.add("rescue");
                tags.add("capture");
                tags.removal = true;
            }
        }
        self.cells[t].add(p);
        if matches!(land, Land::Siege | Land::CaptureSiege) {
            self.sieges.push(Siege {
                sq: t,
                besieger_white: p.white,
                left: 4,
            });
            self.sieges.sort_by_key(|g| g.sq);
        }
        gain
    }

    /// Applies the immediate effects of `d` (the ply is not finished: no timers, no side flip).
    pub fn apply(&self, d: &Desc) -> (RefPos, Tags) {
        let mut n = self.clone();
        let mut tags = Tags::default();
        match *d {
            Desc::Piece {
                from,
                to,
                piece,
                promo,
                x,
                tunnel,
                ep,
                disp,
            } => {
                let class = if ep {
                    Land::Quiet
                } else if tunnel {
                    self.tunnel_land(piece, to).expect("tunnel landing")
                } else {
                    let opts = self.land_options(piece, to);
                    if opts.len() == 2 {
                        // Halfer onto a lone enemy Halfer
                        if x {
                            Land::Siege
                        } else {
                            Land::Share
                        }
                    } else {
                        opts[0]
                    }
                };
                let mask = self.mask_at(from);
                n.cells[from].remove(piece);
                if piece.kind == Kind::Pawn {
                    tags.pawn_moved = true;
                }
                let mut moved = piece;
                if let Some(k) = promo {
                    moved.kind = k;
                    tags.add("promotion");
                    n.unmoved.remove(&from);
                }
                let mut gain = 0;
                if ep {
                    let victim_sq = self.ep_victim_sq().expect("e.p. victim");
                    gain |= n.remove_piece(victim_sq, Piece::new(!piece.white, Kind::Pawn));
                    tags.add("en-passant");
                    tags.add("capture");
                    tags.removal = true;
                }
                gain |= n.land(moved, to, class, &mut tags);
                n.follow(from, to, piece);
                let mut cur = to;
                // rescue displacement (R-A8.6)
                match disp {
                    Disp::None => {}
                    Disp::Rescuer(dest, dpromo) => {
                        // The unmoved flag on the siege cell is the victim's
                        // (the rescuer's went with its own departure): the
                        // rescuer stepping aside must not take it along.
                        let victim_unmoved = n.unmoved.contains(&to);
                        n.relocate(to, dest, moved);
                        if victim_unmoved {
                            n.unmoved.insert(to);
                        }
                        n.promote_displaced(dest, moved, dpromo, &mut tags);
                        cur = dest;
                        tags.add("rescue-displace");
                    }
                    Disp::Victim(dest, dpromo) => {
                        // Two identical pieces (rescuer and victim both white
                        // Knights, say) are interchangeable: move either.
                        let victim = n.cells[to].pieces().find(|q| *q != moved).unwrap_or(moved);
                        n.relocate(to, dest, victim);
                        n.promote_displaced(dest, victim, dpromo, &mut tags);
                        tags.add("rescue-displace");
                    }
                }
                // custodian capture (R-A7.2, R-A4.2 Stone power)
                let custodian = !tunnel
                    && matches!(class, Land::Quiet | Land::Share)
                    && (piece.kind == Kind::Stone
                        || (piece.kind == Kind::Bacteria
                            && mask & P_S != 0
                            && cheb(from, to) == 1));
                if custodian {
                    gain |= n.custodian(to, piece.white, &mut tags);
                }
                if moved.kind == Kind::Bacteria {
                    n.add_gain(cur, gain, &mut tags);
                }
                if piece.kind == Kind::Digger && !tunnel {
                    let (df, dr) = (
                        (file_of(to) - file_of(from)).signum(),
                        (rank_of(to) - rank_of(from)).signum(),
                    );
                    let mut cells = vec![from];
                    let mut s = from;
                    while s != to {
                        s = offset(s, df, dr).unwrap();
                        cells.push(s);
                    }
                    tags.new_tunnel = Some(Tunnel {
                        owner_white: piece.white,
                        turns: 2,
                        cells,
                        digger: Some(cur),
                    });
                    tags.add("tunnel-dig");
                }
                if tunnel {
                    tags.add("tunnel-travel");
                }
                if piece.kind == Kind::Pawn && !tunnel && (rank_of(to) - rank_of(from)).abs() >= 2 {
                    let dir = if piece.white { 1 } else { -1 };
                    let mut s = offset(from, 0, dir).unwrap();
                    while s != to {
                        tags.ep.push(s);
                        s = offset(s, 0, dir).unwrap();
                    }
                    tags.add("multistep");
                }
            }
            Desc::Castle { white, long } => {
                let r = if white { 0 } else { 11 };
                let k = Piece::new(white, Kind::King);
                let rk = Piece::new(white, Kind::Rook);
                let g = sq_at(6, r).unwrap();
                if long {
                    n.relocate(g, sq_at(1, r).unwrap(), k);
                    n.relocate(sq_at(0, r).unwrap(), sq_at(2, r).unwrap(), rk);
                } else {
                    n.relocate(g, sq_at(10, r).unwrap(), k);
                    n.relocate(sq_at(11, r).unwrap(), sq_at(9, r).unwrap(), rk);
                }
                tags.add("castle");
            }
            Desc::WallT {
                cells,
                to,
                broadside,
                lead,
                disp,
            } => {
                let white = self.cells[cells[0]]
                    .pieces()
                    .find(|p| p.kind == Kind::Wall)
                    .unwrap()
                    .white;
                let w = Piece::new(white, Kind::Wall);
                n.cells[cells[0]].remove(w);
                n.cells[cells[1]].remove(w);
                // the leading half first; the trailing one lands on a cell the leading half vacated or passed
                let order = if broadside { [0, 1] } else { [lead, 1 - lead] };
                let mut captures = 0;
                for &i in &order {
                    let opts = n.land_options(w, to[i]);
                    let class = opts[0];
                    if class.is_capture() {
                        captures += 1;
                    }
                    n.land(w, to[i], class, &mut tags);
                }
                // one leg per displaced victim, in square order [R4]
                for (siege_sq, dest, dpromo) in disp.into_iter().flatten() {
                    let victim = n.cells[siege_sq]
                        .pieces()
                        .find(|q| *q != w)
                        .expect("victim");
                    n.relocate(siege_sq, dest, victim);
                    n.promote_displaced(dest, victim, dpromo, &mut tags);
                    tags.add("rescue-displace");
                }
                if broadside {
                    tags.add("wall-broadside");
                    if captures == 2 {
                        tags.add("wall-double-capture");
                    }
                } else {
                    tags.add("wall-lengthwise");
                }
            }
            Desc::WallR { from, to } => {
                let white = self.cells[from]
                    .pieces()
                    .find(|p| p.kind == Kind::Wall)
                    .unwrap()
                    .white;
                let w = Piece::new(white, Kind::Wall);
                n.cells[from].remove(w);
                if !n.cells[to].is_empty() {
                    tags.add("share");
                }
                n.cells[to].add(w);
                tags.add("wall-rotate");
            }
            Desc::Spell { src, dst } => {
                n.cells[src].hole = true;
                match dst {
                    Some(h) => {
                        n.cells[h].hole = false;
                        tags.add("spell");
                    }
                    None => {
                        tags.add("spell");
                        tags.add("banish");
                    }
                }
            }
        }
        (n, tags)
    }

    /// Custodian capture after a step to `s` by a piece of colour `white` (R-A7.2).
    fn custodian(&mut self, s: Sq, white: bool, tags: &mut Tags) -> u8 {
        let mut hits = vec![];
        for (df, dr) in KING_DIRS {
            let (Some(n1), Some(n2)) = (offset(s, df, dr), offset(s, 2 * df, 2 * dr)) else {
                continue;
            };
            if self.cells[n1].has_colour(!white) && self.cells[n2].has_colour(white) {
                hits.push(n1);
            }
        }
        let mut gain = 0;
        for n1 in hits {
            let enemies: Vec<Piece> = self.cells[n1]
                .pieces()
                .filter(|p| p.white != white)
                .collect();
            for e in enemies {
                if self.cells[n1].has(e) {
                    gain |= self.remove_piece(n1, e);
                    tags.add("custodian");
                    tags.add("capture");
                    tags.removal = true;
                }
            }
        }
        gain
    }

    /// The pawn that made the multi-step recorded in `ep`.
    pub fn ep_victim_sq(&self) -> Option<Sq> {
        let last = *self.ep.last()?;
        // the pawn belongs to the side not to move and went past `last` in its own direction
        let dir = if self.white_to_move { -1 } else { 1 };
        offset(last, 0, dir)
    }

    /// End of ply (R-A8.3, R-A6.4, R-A11.3): timers, completions, castling, clocks, side.
    pub fn finish(mut self, tags: &mut Tags) -> RefPos {
        let mover = self.white_to_move;
        self.ep = std::mem::take(&mut tags.ep);
        // sieges: every siege older than this ply loses one ply; at 0 the victim is removed
        let mut due = vec![];
        for g in self.sieges.iter_mut() {
            if !tags.new_sieges.contains(&g.sq) {
                g.left -= 1;
                if g.left == 0 {
                    due.push(g.sq);
                }
            }
        }
        let mut completed = false;
        for s in due {
            let Some(g) = self.siege_at(s).copied() else {
                continue;
            };
            let victim = self.cells[s]
                .pieces()
                .find(|p| p.white != g.besieger_white)
                .expect("victim");
            let besieger = self.cells[s]
                .pieces()
                .find(|p| p.white == g.besieger_white)
                .expect("besieger");
            let gain = self.remove_piece(s, victim);
            self.sieges.retain(|x| x.sq != s);
            if besieger.kind == Kind::Bacteria {
                self.add_gain(s, gain, tags);
            }
            completed = true;
            tags.add("siege-complete");
        }
        // tunnels: the mover's older tunnels lose one of the owner's turns
        for t in self.tunnels.iter_mut() {
            if t.owner_white == mover {
                t.turns -= 1;
            }
        }
        self.tunnels.retain(|t| t.turns > 0);
        if let Some(t) = tags.new_tunnel.take() {
            self.tunnels.push(t);
        }
        // castling rights also die with a captured king or rook
        for white in [true, false] {
            let r = if white { 0 } else { 11 };
            let king_home = self.cells[sq_at(6, r).unwrap()].has(Piece::new(white, Kind::King));
            let rk = Piece::new(white, Kind::Rook);
            if !king_home || !self.cells[sq_at(11, r).unwrap()].has(rk) {
                self.castling[Self::castling_idx(white, false)] = false;
            }
            if !king_home || !self.cells[sq_at(0, r).unwrap()].has(rk) {
                self.castling[Self::castling_idx(white, true)] = false;
            }
        }
        if tags.pawn_moved || tags.removal || !tags.new_sieges.is_empty() || completed {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if !mover {
            self.fullmove += 1;
        }
        self.white_to_move = !mover;
        self
    }

    // ----- move generation ---------------------------------------------------

    /// Pseudo-legal moves of `side`. With `target = Some(k)` only moves that could remove
    /// a piece standing on `k` are produced (used for check detection, R-A0.6); spells,
    /// castling, tunnel travel and en passant never remove a king and are skipped then.
    pub fn gen(&self, side: bool, target: Option<Sq>) -> Vec<Desc> {
        let mut out = vec![];
        let attack = target.is_some();
        for s in 0..144 {
            if self.cells[s].hole || self.frozen_sq(s) {
                continue;
            }
            let mine: Vec<Piece> = self.cells[s].pieces().filter(|p| p.white == side).collect();
            let mut done_halfer = false;
            for p in mine {
                match p.kind {
                    Kind::Halfer => {
                        if done_halfer {
                            continue; // two friendly Halfers on one square: same moves
                        }
                        done_halfer = true;
                        for &(df, dr) in KNIGHT.iter().chain(CAMEL31.iter()) {
                            if let Some(t) = offset(s, df, dr) {
                                self.push_landings(&mut out, s, t, p, target, None);
                            }
                        }
                    }
                    Kind::Wall => {
                        let cells = self.wall_cells(side);
                        if cells.len() == 2 && cells[0] == s {
                            self.gen_wall(&mut out, [cells[0], cells[1]], side, target);
                        }
                    }
                    Kind::King => {
                        self.leaps(&mut out, s, p, &KING_DIRS, target);
                        if !attack {
                            self.gen_castling(&mut out, side);
                        }
                    }
                    Kind::Queen => {
                        self.slides(&mut out, s, p, &KING_DIRS, target);
                    }
                    Kind::Rook => self.slides(&mut out, s, p, &ORTHO, target),
                    Kind::Bishop => self.slides(&mut out, s, p, &DIAG, target),
                    Kind::Knight => self.leaps(&mut out, s, p, &KNIGHT, target),
                    Kind::Magician => {
                        self.leaps(&mut out, s, p, &KING_DIRS, target);
                        self.leaps(&mut out, s, p, &DABBABA, target);
                    }
                    Kind::Digger => self.digs(&mut out, s, p, target),
                    Kind::Stone => {
                        for (df, dr) in KING_DIRS {
                            let Some(t) = offset(s, df, dr) else { continue };
                            for l in self.land_options(p, t) {
                                if matches!(l, Land::Quiet | Land::Share) {
                                    self.emit(&mut out, s, t, p, None, false, target);
                                }
                            }
                        }
                    }
                    Kind::Bacteria => {
                        // P adds no geometry beyond the K step it already has [D-bacteria-pawn]
                        let m = self.mask_at(s);
                        self.leaps(&mut out, s, p, &KING_DIRS, target);
                        self.leaps(&mut out, s, p, &KNIGHT, target);
                        if m & P_R != 0 {
                            self.slides(&mut out, s, p, &ORTHO, target);
                        }
                        if m & P_B != 0 {
                            self.slides(&mut out, s, p, &DIAG, target);
                        }
                        if m & P_D != 0 {
                            self.leaps(&mut out, s, p, &DABBABA, target);
                        }
                        if m & P_C != 0 {
                            self.leaps(&mut out, s, p, &CAMEL31, target);
                        }
                        if m & P_T != 0 {
                            self.digs(&mut out, s, p, target);
                        }
                    }
                    Kind::Pawn => self.gen_pawn(&mut out, s, p, target),
                }
            }
        }
        if !attack {
            self.gen_spells(&mut out, side);
            self.gen_tunnel_travel(&mut out, side);
        }
        out
    }

    /// Could `d` remove a piece standing on `k`? (landing on it, or a custodian step next to it)
    fn could_hit(&self, d: &Desc, k: Sq) -> bool {
        match *d {
            Desc::Piece {
                from,
                to,
                piece,
                tunnel,
                ep,
                ..
            } => {
                if tunnel || ep {
                    return false;
                }
                let custodian = piece.kind == Kind::Stone
                    || (piece.kind == Kind::Bacteria && self.mask_at(from) & P_S != 0);
                to == k || (custodian && cheb(to, k) == 1)
            }
            Desc::WallT { to, .. } => to.contains(&k),
            _ => false,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn emit(
        &self,
        out: &mut Vec<Desc>,
        from: Sq,
        to: Sq,
        piece: Piece,
        promo: Option<Kind>,
        x: bool,
        target: Option<Sq>,
    ) {
        let d = Desc::Piece {
            from,
            to,
            piece,
            promo,
            x,
            tunnel: false,
            ep: false,
            disp: Disp::None,
        };
        if let Some(k) = target {
            if !self.could_hit(&d, k) {
                return;
            }
        }
        out.push(d);
    }

    /// All landing options of `p` from `s` on `t`, with promotions and rescue displacements.
    fn push_landings(
        &self,
        out: &mut Vec<Desc>,
        s: Sq,
        t: Sq,
        p: Piece,
        target: Option<Sq>,
        only_captures: Option<bool>,
    ) {
        let opts = self.land_options(p, t);
        let choice = opts.len() == 2;
        for l in opts {
            if only_captures == Some(true) && !l.is_capture() {
                continue;
            }
            if only_captures == Some(false) && l.is_capture() {
                continue;
            }
            let promos = self.promotions(p, t);
            for promo in promos {
                let x = choice && l == Land::Siege;
                if l == Land::Rescue {
                    if let Some(k) = target {
                        if t != k {
                            continue;
                        }
                    }
                    self.push_rescues(out, s, t, p, promo);
                } else {
                    self.emit(out, s, t, p, promo, x, target);
                }
            }
        }
    }

    fn promotions(&self, p: Piece, t: Sq) -> Vec<Option<Kind>> {
        let last = if p.white { 11 } else { 0 };
        if p.kind == Kind::Pawn && rank_of(t) == last {
            vec![
                Some(Kind::Queen),
                Some(Kind::Rook),
                Some(Kind::Bishop),
                Some(Kind::Knight),
            ]
        } else {
            vec![None]
        }
    }

    /// Rescue moves (R-A8.6): without displacement when rescuer and victim may share,
    /// otherwise one move per displaced piece and destination.
    fn push_rescues(&self, out: &mut Vec<Desc>, s: Sq, t: Sq, p: Piece, promo: Option<Kind>) {
        let base = Desc::Piece {
            from: s,
            to: t,
            piece: p,
            promo,
            x: false,
            tunnel: false,
            ep: false,
            disp: Disp::None,
        };
        let victim = self.cells[t]
            .pieces()
            .find(|q| q.white == p.white)
            .expect("victim");
        let mut rescuer = p;
        if let Some(k) = promo {
            rescuer.kind = k;
        }
        if rescuer.halfer() || victim.halfer() {
            out.push(base);
            return;
        }
        let (after, _) = self.apply(&base);
        for (who, piece) in [(true, rescuer), (false, victim)] {
            if piece.kind == Kind::Wall {
                continue;
            }
            for (dest, dpromo) in after.displacement_options(t, piece) {
                let disp = if who {
                    Disp::Rescuer(dest, dpromo)
                } else {
                    Disp::Victim(dest, dpromo)
                };
                out.push(Desc::Piece {
                    from: s,
                    to: t,
                    piece: p,
                    promo,
                    x: false,
                    tunnel: false,
                    ep: false,
                    disp,
                });
            }
        }
    }

    /// Where a displaced piece standing on `s` may go (R-A8.6): each adjacent existing
    /// empty square; a pawn landing on its last rank promotes, one option per piece
    /// Q R B N (R-A10.3) [R2, R3].
    fn displacement_options(&self, s: Sq, piece: Piece) -> Vec<(Sq, Option<Kind>)> {
        let mut v = vec![];
        for (df, dr) in KING_DIRS {
            let Some(d) = offset(s, df, dr) else { continue };
            if !self.cells[d].empty_square() {
                continue;
            }
            for promo in self.promotions(piece, d) {
                v.push((d, promo));
            }
        }
        v
    }

    fn leaps(&self, out: &mut Vec<Desc>, s: Sq, p: Piece, dirs: &[(i32, i32)], target: Option<Sq>) {
        for &(df, dr) in dirs {
            if let Some(t) = offset(s, df, dr) {
                self.push_landings(out, s, t, p, target, None);
            }
        }
    }

    fn slides(
        &self,
        out: &mut Vec<Desc>,
        s: Sq,
        p: Piece,
        dirs: &[(i32, i32)],
        target: Option<Sq>,
    ) {
        for &(df, dr) in dirs {
            let mut t = s;
            while let Some(n) = offset(t, df, dr) {
                t = n;
                if self.cells[t].hole {
                    break;
                }
                self.push_landings(out, s, t, p, target, None);
                if !self.cells[t].is_empty() {
                    break;
                }
            }
        }
    }

    /// Digger (and Bacteria T power): diagonal, under every piece, stopped by holes (R-A6.1).
    fn digs(&self, out: &mut Vec<Desc>, s: Sq, p: Piece, target: Option<Sq>) {
        for (df, dr) in DIAG {
            let mut t = s;
            while let Some(n) = offset(t, df, dr) {
                t = n;
                if self.cells[t].hole {
                    break;
                }
                self.push_landings(out, s, t, p, target, None);
            }
        }
    }

    fn gen_pawn(&self, out: &mut Vec<Desc>, s: Sq, p: Piece, target: Option<Sq>) {
        let dir = if p.white { 1 } else { -1 };
        // captures (and sieges, rescues) diagonally forward
        for df in [-1, 1] {
            if let Some(t) = offset(s, df, dir) {
                self.push_landings(out, s, t, p, target, Some(true));
            }
        }
        if target.is_some() {
            return;
        }
        // straight steps: empty, or share with a lone friendly halfer on the landing only
        let max_steps = if self.unmoved.contains(&s) {
            let limit = if p.white { 5 } else { 6 }; // rank 6 / rank 7
            (limit - rank_of(s)).abs()
        } else {
            1
        };
        let mut t = s;
        for _ in 0..max_steps.max(1) {
            let Some(nt) = offset(t, 0, dir) else { break };
            t = nt;
            if self.cells[t].hole {
                break;
            }
            let opts = self.land_options(p, t);
            if opts.contains(&Land::Quiet) || opts.contains(&Land::Share) {
                for promo in self.promotions(p, t) {
                    self.emit(out, s, t, p, promo, false, None);
                }
            }
            if !self.cells[t].is_empty() {
                break;
            }
        }
        // en passant (R-A10.2)
        if side_matches(self, p.white) && !self.ep.is_empty() {
            for df in [-1, 1] {
                if let Some(t) = offset(s, df, dir) {
                    if self.ep.contains(&t) && self.cells[t].empty_square() {
                        out.push(Desc::Piece {
                            from: s,
                            to: t,
                            piece: p,
                            promo: None,
                            x: false,
                            tunnel: false,
                            ep: true,
                            disp: Disp::None,
                        });
                    }
                }
            }
        }
    }

    fn gen_castling(&self, out: &mut Vec<Desc>, side: bool) {
        let r = if side { 0 } else { 11 };
        let g = sq_at(6, r).unwrap();
        if !self.cells[g].has(Piece::new(side, Kind::King)) || self.frozen_sq(g) {
            return;
        }
        let mut in_check = None;
        for long in [true, false] {
            if !self.castling[Self::castling_idx(side, long)] {
                continue;
            }
            let (rook_file, between): (i32, Vec<i32>) = if long {
                (0, (1..6).collect())
            } else {
                (11, (7..11).collect())
            };
            let rs = sq_at(rook_file, r).unwrap();
            if !self.cells[rs].has(Piece::new(side, Kind::Rook)) || self.frozen_sq(rs) {
                continue;
            }
            if !between
                .iter()
                .all(|&f| self.cells[sq_at(f, r).unwrap()].empty_square())
            {
                continue;
            }
            let chk = *in_check.get_or_insert_with(|| self.king_capturable(side));
            if chk {
                continue;
            }
            out.push(Desc::Castle { white: side, long });
        }
    }

    fn gen_spells(&self, out: &mut Vec<Desc>, side: bool) {
        let holes: Vec<Sq> = (0..144).filter(|&s| self.cells[s].hole).collect();
        let mut sources = BTreeSet::new();
        for m in 0..144 {
            if !self.cells[m].has(Piece::new(side, Kind::Magician)) || self.frozen_sq(m) {
                continue;
            }
            for df in -2..=2 {
                for dr in -2..=2 {
                    if df == 0 && dr == 0 {
                        continue;
                    }
                    if let Some(s) = offset(m, df, dr) {
                        if self.cells[s].empty_square() {
                            sources.insert(s);
                        }
                    }
                }
            }
        }
        for &src in &sources {
            for &h in &holes {
                out.push(Desc::Spell { src, dst: Some(h) });
            }
            out.push(Desc::Spell { src, dst: None });
        }
    }

    fn gen_tunnel_travel(&self, out: &mut Vec<Desc>, side: bool) {
        for t in &self.tunnels {
            if t.owner_white != side || t.turns == 0 {
                continue;
            }
            for (i, &c) in t.cells.iter().enumerate() {
                if self.cells[c].hole || self.frozen_sq(c) {
                    continue;
                }
                let mut seen = vec![];
                for p in self.cells[c].pieces().filter(|p| p.white == side) {
                    if seen.contains(&p) || p.kind == Kind::Wall {
                        continue;
                    }
                    seen.push(p);
                    if p.kind == Kind::Digger && t.digger == Some(c) {
                        continue;
                    }
                    for delta in [-2i32, -1, 1, 2] {
                        let j = i as i32 + delta;
                        if j < 0 || j >= t.cells.len() as i32 {
                            continue;
                        }
                        if delta.abs() == 2 {
                            let mid = t.cells[(i as i32 + delta / 2) as usize];
                            if self.cells[mid].hole {
                                continue;
                            }
                        }
                        let dest = t.cells[j as usize];
                        if self.tunnel_land(p, dest).is_none() {
                            continue;
                        }
                        for promo in self.promotions(p, dest) {
                            out.push(Desc::Piece {
                                from: c,
                                to: dest,
                                piece: p,
                                promo,
                                x: false,
                                tunnel: true,
                                ep: false,
                                disp: Disp::None,
                            });
                        }
                    }
                }
            }
        }
    }

    fn gen_wall(&self, out: &mut Vec<Desc>, cells: [Sq; 2], side: bool, target: Option<Sq>) {
        if self.frozen_sq(cells[0]) || self.frozen_sq(cells[1]) {
            return;
        }
        let w = Piece::new(side, Kind::Wall);
        let horizontal = rank_of(cells[0]) == rank_of(cells[1]);
        // the board with the Wall lifted: its own cells count as empty (R-A3.2), except
        // that a Halfer sharing one stays on `tmp` and blocks passing over it [W1]
        let mut tmp = self.clone();
        tmp.cells[cells[0]].remove(w);
        tmp.cells[cells[1]].remove(w);
        for (df, dr) in ORTHO {
            let lengthwise = (horizontal && dr == 0) || (!horizontal && df == 0);
            if lengthwise {
                // leading cell: the one further along the direction
                let lead = if (file_of(cells[1]) - file_of(cells[0])) * df
                    + (rank_of(cells[1]) - rank_of(cells[0])) * dr
                    > 0
                {
                    1
                } else {
                    0
                };
                let mut k = 0;
                loop {
                    k += 1;
                    // R-A3.2: a Halfer sharing the leading cell blocks the trailing half
                    // from passing over it (k >= 2); at k = 1 the trailing half lands
                    // there and shares with it [W1].
                    if k >= 2 && !tmp.cells[cells[lead]].is_empty() {
                        break;
                    }
                    let Some(tl) = offset(cells[lead], k * df, k * dr) else {
                        break;
                    };
                    let Some(tt) = offset(cells[lead], (k - 1) * df, (k - 1) * dr) else {
                        break;
                    };
                    if tmp.cells[tl].hole {
                        break;
                    }
                    let opts = tmp.land_options(w, tl);
                    if opts.is_empty() {
                        break;
                    }
                    let mut to = [0; 2];
                    to[lead] = tl;
                    to[1 - lead] = tt;
                    self.push_wall_t(out, &tmp, cells, to, false, lead, target);
                    if !tmp.cells[tl].is_empty() {
                        break;
                    }
                }
            } else {
                let mut k = 0;
                loop {
                    k += 1;
                    let (Some(ta), Some(tb)) = (
                        offset(cells[0], k * df, k * dr),
                        offset(cells[1], k * df, k * dr),
                    ) else {
                        break;
                    };
                    if tmp.cells[ta].hole || tmp.cells[tb].hole {
                        break;
                    }
                    if !tmp.land_options(w, ta).is_empty() && !tmp.land_options(w, tb).is_empty() {
                        self.push_wall_t(out, &tmp, cells, [ta, tb], true, 0, target);
                    }
                    if !(tmp.cells[ta].is_empty() && tmp.cells[tb].is_empty()) {
                        break;
                    }
                }
            }
        }
        if target.is_some() {
            return;
        }
        // rotations (R-A3.3): never capture
        for pivot in 0..2 {
            let mover = cells[1 - pivot];
            let p = cells[pivot];
            let perp: [(i32, i32); 2] = if horizontal {
                [(0, 1), (0, -1)]
            } else {
                [(1, 0), (-1, 0)]
            };
            for (df, dr) in perp {
                let Some(t) = offset(p, df, dr) else { continue };
                let opts = tmp.land_options(w, t);
                if opts.contains(&Land::Quiet) || opts.contains(&Land::Share) {
                    out.push(Desc::WallR { from: mover, to: t });
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn push_wall_t(
        &self,
        out: &mut Vec<Desc>,
        tmp: &RefPos,
        cells: [Sq; 2],
        to: [Sq; 2],
        broadside: bool,
        lead: usize,
        target: Option<Sq>,
    ) {
        let d = Desc::WallT {
            cells,
            to,
            broadside,
            lead,
            disp: [None, None],
        };
        if let Some(k) = target {
            if !to.contains(&k) {
                return;
            }
        }
        // rescues whose victim is a full piece need the victim displaced (a Wall is never displaced)
        let mut need = vec![];
        for &t in &to {
            if let Some(g) = tmp.siege_at(t) {
                let victim = tmp.cells[t]
                    .pieces()
                    .find(|q| q.white != g.besieger_white)
                    .unwrap();
                if !victim.halfer() {
                    need.push((t, victim));
                }
            }
        }
        if need.is_empty() {
            out.push(d);
            return;
        }
        // one displacement leg per victim, in square order of the siege squares; each
        // victim's squares are taken after the earlier victim moved, so two victims never
        // share a destination (R-A8.6, notation) [R4]
        need.sort_by_key(|&(t, _)| t);
        let (after, _) = self.apply(&d);
        let mut partial: Vec<([Option<Leg>; 2], RefPos)> = vec![([None, None], after)];
        for (i, &(siege_sq, victim)) in need.iter().enumerate() {
            let mut next = vec![];
            for (legs, board) in &partial {
                for (dest, dpromo) in board.displacement_options(siege_sq, victim) {
                    let mut b = board.clone();
                    b.relocate(siege_sq, dest, victim);
                    let mut l = *legs;
                    l[i] = Some((siege_sq, dest, dpromo));
                    next.push((l, b));
                }
            }
            partial = next;
        }
        for (legs, _) in partial {
            out.push(Desc::WallT {
                cells,
                to,
                broadside,
                lead,
                disp: legs,
            });
        }
    }

    // ----- notation ------------------------------------------------------------

    /// Canonical move string (notation-strangechess.md), and the alias for Wall translations.
    pub fn text(&self, d: &Desc) -> (String, Option<String>) {
        match *d {
            Desc::Piece {
                from,
                to,
                piece,
                promo,
                x,
                tunnel,
                disp,
                ..
            } => {
                let mut s = format!("{}{}", sq_name(from), sq_name(to));
                if let Some(k) = promo {
                    s.push(k.letter().to_ascii_lowercase());
                }
                if piece.halfer()
                    && self.cells[from]
                        .pieces()
                        .any(|q| q.white == piece.white && !q.halfer())
                {
                    s.push('h');
                }
                if tunnel {
                    s.push('t');
                }
                if x {
                    s.push('x');
                }
                match disp {
                    Disp::None => {}
                    Disp::Rescuer(dst, dp) => s.push_str(&leg_text(to, dst, dp, 'r')),
                    Disp::Victim(dst, dp) => s.push_str(&leg_text(to, dst, dp, 'v')),
                }
                (s, None)
            }
            Desc::Castle { white, long } => {
                let r = if white { 0 } else { 11 };
                let to = if long { 1 } else { 10 };
                (
                    format!(
                        "{}{}",
                        sq_name(sq_at(6, r).unwrap()),
                        sq_name(sq_at(to, r).unwrap())
                    ),
                    None,
                )
            }
            Desc::WallT {
                cells,
                to,
                broadside,
                lead,
                disp,
            } => {
                let (main, other) = if broadside { (0, 1) } else { (lead, 1 - lead) };
                // the legs start at the siege squares, also for the non-anchor half [R4]
                let tail: String = disp
                    .iter()
                    .flatten()
                    .map(|&(s, d, dp)| leg_text(s, d, dp, 'v'))
                    .collect();
                (
                    format!("{}{}{}", sq_name(cells[main]), sq_name(to[main]), tail),
                    Some(format!(
                        "{}{}{}",
                        sq_name(cells[other]),
                        sq_name(to[other]),
                        tail
                    )),
                )
            }
            Desc::WallR { from, to } => (format!("{}{}", sq_name(from), sq_name(to)), None),
            Desc::Spell { src, dst } => (
                format!("{}{}", sq_name(src), sq_name(dst.unwrap_or(src))),
                None,
            ),
        }
    }

    // ----- legality --------------------------------------------------------------

    /// R-A0.6: does the opponent of `victim_white` have a pseudo-legal move that removes
    /// (or besieges) that king? Simulated literally for every move that could reach it.
    pub fn king_capturable(&self, victim_white: bool) -> bool {
        let Some(k) = self.king_sq(victim_white) else {
            return true;
        };
        if self.king_gone(victim_white) {
            return true;
        }
        for d in self.gen(!victim_white, Some(k)) {
            let (after, _) = self.apply(&d);
            if after.king_gone(victim_white) {
                return true;
            }
        }
        false
    }

    /// Legal moves: (canonical string, alias, position after, tags), byte-ordered, deduplicated.
    pub fn legal_full(&self) -> Vec<(String, Option<String>, RefPos, Tags)> {
        let side = self.white_to_move;
        let mut map: BTreeMap<String, (Option<String>, RefPos, Tags)> = BTreeMap::new();
        for d in self.gen(side, None) {
            let (s, alias) = self.text(&d);
            let (after, mut tags) = self.apply(&d);
            let next = after.finish(&mut tags);
            if next.king_capturable(side) {
                continue;
            }
            if let Some((_, prev, _)) = map.get(&s) {
                assert_eq!(
                    prev.to_fen(),
                    next.to_fen(),
                    "two moves written {s} give different positions"
                );
                continue;
            }
            map.insert(s, (alias, next, tags));
        }
        map.into_iter().map(|(s, (a, p, t))| (s, a, p, t)).collect()
    }

    // ----- public API ----------------------------------------------------------

    pub fn start() -> RefPos {
        RefPos::from_fen(START_FEN).expect("start FEN")
    }

    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_full().into_iter().map(|(s, ..)| s).collect()
    }

    pub fn play(&self, mv: &str) -> Result<RefPos, String> {
        check_move_syntax(mv)?;
        let all = self.legal_full();
        if let Some((_, _, p, _)) = all.iter().find(|(s, ..)| s == mv) {
            return Ok(p.clone());
        }
        if let Some((_, _, p, _)) = all.iter().find(|(_, a, ..)| a.as_deref() == Some(mv)) {
            return Ok(p.clone());
        }
        Err(format!("illegal move '{mv}' in {}", self.to_fen()))
    }

    pub fn in_check(&self) -> bool {
        self.king_capturable(self.white_to_move)
    }

    pub fn status(&self) -> RefStatus {
        if self.legal_full().is_empty() {
            if self.in_check() {
                return RefStatus::Checkmate {
                    white_wins: !self.white_to_move,
                };
            }
            return RefStatus::Stalemate;
        }
        if self.halfmove >= 100 {
            return RefStatus::MoveRule;
        }
        let others = (0..144)
            .flat_map(|s| self.cells[s].pieces().collect::<Vec<_>>())
            .filter(|p| p.kind != Kind::King)
            .count();
        if others == 0 {
            return RefStatus::BareKings;
        }
        RefStatus::Ongoing
    }

    pub fn repetition_key(&self) -> String {
        let fen = self.to_fen();
        let f: Vec<&str> = fen.split(' ').collect();
        let mut v: Vec<&str> = f[..4].to_vec();
        v.extend_from_slice(&f[6..]);
        v.join(" ")
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_full();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, _, p, _)| p.perft(depth - 1)).sum()
    }

    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 {
            return vec![];
        }
        self.legal_full()
            .into_iter()
            .map(|(s, _, p, _)| (s, p.perft(depth - 1)))
            .collect()
    }

    /// Tags of a legal move (canonical string or alias); empty if the move is not legal.
    /// A banish carries both "spell" and "banish".
    pub fn move_tags(&self, mv: &str) -> Vec<&'static str> {
        for (s, a, p, t) in self.legal_full() {
            if s == mv || a.as_deref() == Some(mv) {
                let mut list = t.list.clone();
                if p.in_check() {
                    list.insert("check");
                }
                return list.into_iter().collect();
            }
        }
        vec![]
    }
}

/// A displacement leg: `,` siege square, destination, a displaced pawn's promotion
/// letter, then `r` or `v` (notation-strangechess.md, rescue with displacement).
fn leg_text(siege: Sq, dest: Sq, promo: Option<Kind>, who: char) -> String {
    let mut s = format!(",{}{}", sq_name(siege), sq_name(dest));
    if let Some(k) = promo {
        s.push(k.letter().to_ascii_lowercase());
    }
    s.push(who);
    s
}

fn side_matches(p: &RefPos, white: bool) -> bool {
    p.white_to_move == white
}

/// Syntax of a move string: `sq sq [qrbn] [h] [t] [x]`, then up to two legs
/// `, sq sq [qrbn] (r|v)` (two only for a broadside Wall rescuing with both halves).
pub fn check_move_syntax(mv: &str) -> Result<(), String> {
    let bad = |why: &str| Err(format!("malformed move '{mv}': {why}"));
    let mut parts = mv.split(',');
    let first = parts.next().unwrap_or("");
    let legs: Vec<&str> = parts.collect();
    if legs.len() > 2 {
        return bad("at most two displacement legs");
    }
    let b = first.as_bytes();
    let Some((_, n1)) = parse_sq_prefix(b) else {
        return bad("expected a from-square");
    };
    let Some((_, n2)) = parse_sq_prefix(&b[n1..]) else {
        return bad("expected a to-square");
    };
    let mut rest = &first[n1 + n2..];
    for set in ["qrbn", "h", "t", "x"] {
        if let Some(c) = rest.chars().next() {
            if set.contains(c) {
                rest = &rest[1..];
            }
        }
    }
    if !rest.is_empty() {
        return bad("unexpected suffix");
    }
    for sec in legs {
        let b = sec.as_bytes();
        let Some((_, n1)) = parse_sq_prefix(b) else {
            return bad("expected the siege square after ','");
        };
        let Some((_, n2)) = parse_sq_prefix(&b[n1..]) else {
            return bad("expected the displacement square");
        };
        let mut tail = &sec[n1 + n2..];
        if let Some(c) = tail.chars().next() {
            if "qrbn".contains(c) && tail.len() > 1 {
                tail = &tail[1..];
            }
        }
        if tail != "r" && tail != "v" {
            return bad("the displacement leg must end with 'r' or 'v'");
        }
    }
    Ok(())
}
