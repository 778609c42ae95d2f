#![allow(dead_code)]
//! Independent, deliberately simple reference generator for Dysnomia Chess.
//!
//! Written only from the rule texts (shared/rules/README.md, strange-and-dysnomia.md
//! PART B, notation-dysnomia.md, seed 002). Every gap decision is cited as [Dn] and
//! listed in tests/dy_reference/DECISIONS.md.
//!
//! Model: a mailbox of 64 columns (bottom to top), statue cells, pools, flags. Copy-make
//! only. Check is decided by literal simulation of every opponent turn (R-B5.1).

use std::collections::HashMap;
use std::rc::Rc;

mod exec;
mod fen;
pub mod gen;

use exec::*;
use gen::*;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    K,
    Q,
    R,
    B,
    N,
    P,
}

/// The pool types in the order of the notation (`KQRBN`).
pub const POOL_KINDS: [Kind; 5] = [Kind::K, Kind::Q, Kind::R, Kind::B, Kind::N];

impl Kind {
    pub fn idx(self) -> usize {
        match self {
            Kind::K => 0,
            Kind::Q => 1,
            Kind::R => 2,
            Kind::B => 3,
            Kind::N => 4,
            Kind::P => 5,
        }
    }
    pub fn upper(self) -> char {
        match self {
            Kind::K => 'K',
            Kind::Q => 'Q',
            Kind::R => 'R',
            Kind::B => 'B',
            Kind::N => 'N',
            Kind::P => 'P',
        }
    }
    pub fn lower(self) -> char {
        self.upper().to_ascii_lowercase()
    }
    /// Piece letter to (kind, colour); `T`/`t` are not pieces.
    pub fn from_letter(ch: char) -> Option<(Kind, u8)> {
        let k = match ch.to_ascii_uppercase() {
            'K' => Kind::K,
            'Q' => Kind::Q,
            'R' => Kind::R,
            'B' => Kind::B,
            'N' => Kind::N,
            'P' => Kind::P,
            _ => return None,
        };
        Some((
            k,
            if ch.is_ascii_uppercase() {
                WHITE
            } else {
                BLACK
            },
        ))
    }
    pub fn pool_from_upper(ch: char) -> Option<Kind> {
        match ch {
            'K' => Some(Kind::K),
            'Q' => Some(Kind::Q),
            'R' => Some(Kind::R),
            'B' => Some(Kind::B),
            'N' => Some(Kind::N),
            _ => None,
        }
    }
}

/// One piece. `risen`: 0 = not risen, 1 = risen (auto-exiled at the end of its owner's
/// current-or-next turn, see R-B10.4), 2 = rose during the turn being played [D7].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub c: u8,
    pub k: Kind,
    pub risen: u8,
    pub id: u32,
}

impl Piece {
    pub fn letter(&self) -> char {
        if self.c == WHITE {
            self.k.upper()
        } else {
            self.k.lower()
        }
    }
}

// ---------------------------------------------------------------- squares

pub fn file(sq: usize) -> i32 {
    (sq % 8) as i32
}
pub fn rank(sq: usize) -> i32 {
    (sq / 8) as i32
}
pub fn at(f: i32, r: i32) -> Option<usize> {
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}
pub fn step(sq: usize, df: i32, dr: i32) -> Option<usize> {
    at(file(sq) + df, rank(sq) + dr)
}
pub const SQ_NAMES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];
pub fn sq_name(sq: usize) -> String {
    SQ_NAMES[sq].to_string()
}
pub fn parse_sq(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[1] - b'1') * 8 + (b[0] - b'a')) as usize)
}
/// Neighbour order of R-B3.2: N, NE, E, SE, S, SW, W, NW (N = towards rank 8).
pub const DIRS8: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
pub fn neighbours(sq: usize) -> Vec<usize> {
    DIRS8
        .iter()
        .filter_map(|&(df, dr)| step(sq, df, dr))
        .collect()
}
pub fn adjacent(a: usize, b: usize) -> bool {
    a != b && (file(a) - file(b)).abs() <= 1 && (rank(a) - rank(b)).abs() <= 1
}
pub fn first_rank(c: u8) -> i32 {
    if c == WHITE {
        0
    } else {
        7
    }
}
pub fn second_rank(c: u8) -> i32 {
    if c == WHITE {
        1
    } else {
        6
    }
}
pub fn last_rank(c: u8) -> i32 {
    if c == WHITE {
        7
    } else {
        0
    }
}
pub fn fwd(c: u8) -> i32 {
    if c == WHITE {
        1
    } else {
        -1
    }
}

// ---------------------------------------------------------------- position

/// The full game state of R-B2 (plus transient per-turn bookkeeping).
#[derive(Clone, Debug)]
pub struct Pos {
    /// Column per square, bottom first.
    pub sq: Vec<Vec<Piece>>,
    pub statue: [Option<u8>; 64],
    /// `captured[c][t]`: c's pieces taken by the opponent; index by `Kind::idx` (KQRBN).
    pub captured: [[u32; 5]; 2],
    pub exiled: [[u32; 5]; 2],
    pub stm: u8,
    /// K, Q, k, q.
    pub castle: [bool; 4],
    /// (cell the side to move may capture on, square of the pawn removed).
    pub ep: Option<(usize, usize)>,
    pub half: u32,
    pub full: u32,
    pub denial: u8,
    pub protected: Option<u8>,
    pub forbid: Option<String>,
    pub bait: bool,
    pub next_id: u32,
    /// Transient (one turn): something reset the halfmove clock.
    pub reset: bool,
    /// Transient (one turn): ids of pieces lifted, swapped or removed (castling rights).
    pub touched: Vec<u32>,
}

impl Pos {
    pub fn empty() -> Pos {
        Pos {
            sq: vec![Vec::new(); 64],
            statue: [None; 64],
            captured: [[0; 5]; 2],
            exiled: [[0; 5]; 2],
            stm: WHITE,
            castle: [false; 4],
            ep: None,
            half: 0,
            full: 1,
            denial: BLACK,
            protected: None,
            forbid: None,
            bait: false,
            next_id: 1,
            reset: false,
            touched: Vec::new(),
        }
    }
    pub fn new_id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }
    pub fn king_loc(&self, c: u8) -> Option<(usize, usize)> {
        for s in 0..64 {
            for (l, p) in self.sq[s].iter().enumerate() {
                if p.c == c && p.k == Kind::K {
                    return Some((s, l));
                }
            }
        }
        None
    }
    pub fn king_id(&self, c: u8) -> Option<u32> {
        self.king_loc(c).map(|(s, l)| self.sq[s][l].id)
    }
    /// R-B13: a side whose King is in its exiled pool is in exile.
    pub fn in_exile(&self, c: u8) -> bool {
        self.king_loc(c).is_none() && self.exiled[c as usize][0] > 0
    }
    pub fn has_statue(&self, c: u8) -> bool {
        self.statue.contains(&Some(c))
    }
    pub fn pawns_and_statues(&self, c: u8) -> usize {
        let pawns = self
            .sq
            .iter()
            .flatten()
            .filter(|p| p.c == c && p.k == Kind::P)
            .count();
        pawns + self.statue.iter().filter(|s| **s == Some(c)).count()
    }
    pub fn begin_turn(&mut self) {
        self.reset = false;
        self.touched.clear();
    }
    /// The same position with the other side to move (used to ask "is X in check now").
    pub fn flipped(&self) -> Pos {
        let mut p = self.clone();
        p.stm = 1 - p.stm;
        p.ep = None;
        p.bait = false;
        p.begin_turn();
        p
    }
}

// ---------------------------------------------------------------- public API

#[derive(Clone)]
pub struct RefPos {
    pub p: Pos,
    /// Set when this position was reached by an ordinary turn that is deniable (R-B4.1,
    /// R-B4.2): the position before that turn and the turn's identity (forbidden key).
    last: Option<Rc<(Pos, String)>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefStatus {
    Ongoing,
    WhiteWins(String),
    BlackWins(String),
    Draw(String),
}

/// One legal turn with its result.
#[derive(Clone)]
pub struct Turn {
    pub text: String,
    pub alias: Option<String>,
    pub pos: RefPos,
    /// Identity of the move (R-B4.2): the move part without prefix actions and
    /// without conversions [D20].
    pub identity: String,
    /// The same move exists by another path (knight quiet / destination capture, R-B9.3).
    pub multipath: bool,
    /// Bait forced reply (never deniable, R-B6.4).
    pub forced: bool,
}

fn win(c: u8, why: &str) -> RefStatus {
    if c == WHITE {
        RefStatus::WhiteWins(why.to_string())
    } else {
        RefStatus::BlackWins(why.to_string())
    }
}

impl RefPos {
    pub fn start() -> RefPos {
        RefPos::from_fen(START_FEN).unwrap_or(RefPos {
            p: Pos::empty(),
            last: None,
        })
    }

    /// Strict parse of notation-dysnomia.md's FEN; Err(precise message) on any bad input.
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        Ok(RefPos {
            p: fen::parse(fen)?,
            last: None,
        })
    }

    pub fn to_fen(&self) -> String {
        fen::print(&self.p)
    }

    /// Every legal turn in canonical notation, byte order, no duplicates.
    pub fn legal_turns(&self) -> Vec<String> {
        self.node(false).0.into_iter().map(|t| t.text).collect()
    }

    /// Legal turns with their resulting positions (including the denial child).
    pub fn turns(&self) -> Vec<Turn> {
        self.node(true).0
    }

    pub fn play(&self, turn: &str) -> Result<RefPos, String> {
        let (turns, status) = self.node(true);
        if let Some(t) = turns.iter().find(|t| t.text == turn) {
            return Ok(t.pos.clone());
        }
        if let Some(t) = turns.iter().find(|t| t.alias.as_deref() == Some(turn)) {
            return Ok(t.pos.clone());
        }
        if turns.is_empty() {
            return Err(format!("no legal turn: game over ({:?})", status));
        }
        Err(format!("illegal or non-canonical turn '{}'", turn))
    }

    pub fn status(&self) -> RefStatus {
        self.node(false).1
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (turns, _) = self.node(depth > 1);
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|t| t.pos.perft(depth - 1)).sum()
    }

    /// Divide: (turn, perft(depth-1)) in byte order of the turn strings.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let (turns, _) = self.node(depth > 1);
        turns
            .into_iter()
            .map(|t| {
                let n = t.pos.perft(depth - 1);
                (t.text, n)
            })
            .collect()
    }

    /// Is a denial available to the side to move (R-B4.1)?
    pub fn denial_available(&self) -> bool {
        self.denial_child().is_some()
    }

    fn denial_child(&self) -> Option<RefPos> {
        let last = self.last.as_ref()?;
        if self.p.denial != self.p.stm {
            return None;
        }
        // R-B4.3: take back m; the mover must play a move whose identity differs; the
        // right passes to the mover; the denier's next ordinary move is protected.
        let mut q = last.0.clone();
        q.denial = q.stm;
        q.protected = Some(self.p.stm);
        q.forbid = Some(last.1.clone());
        q.bait = false;
        q.begin_turn();
        Some(RefPos { p: q, last: None })
    }

    /// The heart of the reference: legal turns and game status of this node [D1, D25].
    fn node(&self, deny_info: bool) -> (Vec<Turn>, RefStatus) {
        let p = &self.p;
        let s = p.stm;
        let t = 1 - s;
        // 1. The side that just moved has lost ([D25]: checked first, it cannot deny
        //    its own move, and the winner has no turn at all, not even a denial,
        //    R-B16.1).
        if p.captured[t as usize][0] > 0 {
            return (Vec::new(), win(s, "king captured"));
        }
        if p.in_exile(t) && p.pawns_and_statues(t) == 0 {
            return (
                Vec::new(),
                win(s, "king in exile and no pawns or statues left (L1)"),
            );
        }
        if !p.bait && p.king_loc(t).is_some() && king_capturable(p, t) {
            // Only reachable after a bait forced reply (R-B6.4: "S wins at once").
            return (
                Vec::new(),
                win(s, "king still attacked after the bait reply"),
            );
        }
        let deny = self.denial_child();
        let deny_turn = |d: &RefPos| Turn {
            text: "@@@@".to_string(),
            alias: None,
            pos: d.clone(),
            identity: "@@@@".to_string(),
            multipath: false,
            forced: false,
        };
        // R-B4.4: a loss is final only if the loser cannot deny.
        let lost = |why: &str| -> (Vec<Turn>, RefStatus) {
            match &deny {
                Some(d) => (vec![deny_turn(d)], RefStatus::Ongoing),
                None => (Vec::new(), win(t, why)),
            }
        };
        if p.captured[s as usize][0] > 0 {
            return lost("king captured from exile (L2)");
        }
        if p.in_exile(s) && p.pawns_and_statues(s) == 0 {
            return lost("king in exile and no pawns or statues left (L1)");
        }
        let in_check = p.king_loc(s).is_some() && king_capturable(&p.flipped(), s);
        let mut kids = if p.bait {
            self.bait_children()
        } else {
            self.ordinary_children(in_check)
        };
        if p.bait && in_check {
            // R-B6.3, R-B16.2: the bait move has won when no forced capture leaves T's
            // King neither captured nor attacked; T may only deny it, if it can.
            let relieved = kids.iter().any(|k| {
                let q = &k.pos.p;
                q.captured[s as usize][0] == p.captured[s as usize][0]
                    && !(q.king_loc(s).is_some() && king_capturable(q, s))
            });
            if !relieved {
                return lost("bait: no forced capture relieves the check");
            }
        }
        if kids.is_empty() {
            if in_check {
                return lost("checkmate");
            }
            if p.in_exile(s) && p.has_statue(t) {
                return lost("king in exile against a statue and not restored (R-B13.1)");
            }
            return match &deny {
                Some(d) => (vec![deny_turn(d)], RefStatus::Ongoing),
                None => (Vec::new(), RefStatus::Draw("stalemate".to_string())),
            };
        }
        if deny_info && !p.bait && p.protected != Some(s) {
            self.attach_deniability(&mut kids);
        }
        if let Some(d) = &deny {
            kids.push(deny_turn(d));
        }
        kids.sort_by(|a, b| a.text.cmp(&b.text));
        kids.dedup_by(|a, b| a.text == b.text);
        let status = if p.half >= 100 {
            RefStatus::Draw("50-move rule".to_string())
        } else if insufficient(p) && deny.is_none() {
            // [D26]: a denial can bring the material back, as it can undo a
            // stalemating move (D25 (3)); only then is the draw open.
            RefStatus::Draw("insufficient material".to_string())
        } else {
            RefStatus::Ongoing
        };
        (kids, status)
    }

    /// R-B4.2: a move is undeniable if it was the only legal move (by identity), if another
    /// legal turn gives exactly the same resulting state, or if another path exists
    /// [D20, D21, D22].
    fn attach_deniability(&self, kids: &mut [Turn]) {
        let mut ids: Vec<&str> = kids.iter().map(|k| k.identity.as_str()).collect();
        ids.sort();
        ids.dedup();
        if ids.len() < 2 {
            return;
        }
        let keys: Vec<String> = kids.iter().map(|k| fen::print(&k.pos.p)).collect();
        let mut count: HashMap<&str, usize> = HashMap::new();
        for k in &keys {
            *count.entry(k.as_str()).or_insert(0) += 1;
        }
        let mut parent = self.p.clone();
        parent.begin_turn();
        let parent = parent;
        for (i, k) in kids.iter_mut().enumerate() {
            if k.forced || k.multipath || count[keys[i].as_str()] > 1 {
                continue;
            }
            k.pos.last = Some(Rc::new((parent.clone(), k.identity.clone())));
        }
    }

    fn ordinary_children(&self, in_check: bool) -> Vec<Turn> {
        let p = &self.p;
        let s = p.stm;
        let flipped = p.flipped();
        // R-B6.2 preconditions, judged at the start of the turn.
        let bait_ok = in_check && direct_attacked(&flipped, s) && !reachable(p, s).is_empty();
        let mut base = p.clone();
        base.begin_turn();
        let mut out = Vec::new();
        for (pre, p1) in deferred_variants(&base, s) {
            for (fre, p2) in free_variants(&p1, s) {
                for mv in pseudo_moves(&p2, s, false) {
                    if p.forbid.as_deref() == Some(mv.text.as_str()) {
                        continue;
                    }
                    if let Some(cross) = mv.castle_cross {
                        // R-B5.3: not in check, crossed square not attacked.
                        if in_check || castle_cross_attacked(&p2, s, cross) {
                            continue;
                        }
                    }
                    let mut p3 = p2.clone();
                    exec(&mut p3, &mv, s);
                    if p3.captured[s as usize][0] > p2.captured[s as usize][0] {
                        continue; // own King captured in the cascade
                    }
                    // R-B16.3 [D9]: conversions, then self-captures, then auto-exile.
                    for (suf, oth, mut p4) in end_conversions(p3, s, mv.last_pawn) {
                        end_removals(&mut p4, s);
                        finalize(&mut p4, s, &mv, true);
                        let king_on = p4.king_loc(s).is_some();
                        if !king_on && p4.has_statue(1 - s) {
                            continue; // R-B13.1 [D23]
                        }
                        let mut bait = false;
                        if king_on && king_capturable(&p4, s) {
                            if bait_ok && direct_attacked(&p4, s) && !reachable(&p4, s).is_empty() {
                                bait = true; // R-B6.2 bait move
                            } else {
                                continue;
                            }
                        }
                        p4.bait = bait;
                        let text = format!("{}{}{}{}{}", pre, fre, mv.text, suf, oth);
                        let alias = mv
                            .alias
                            .as_ref()
                            .map(|a| format!("{}{}{}{}{}", pre, fre, a, suf, oth));
                        out.push(Turn {
                            text,
                            alias,
                            pos: RefPos { p: p4, last: None },
                            identity: mv.text.clone(),
                            multipath: mv.multipath,
                            forced: false,
                        });
                    }
                }
            }
        }
        out
    }

    /// R-B6.4: the forced reply to a bait.
    fn bait_children(&self) -> Vec<Turn> {
        let p = &self.p;
        let t = p.stm;
        let s = 1 - t;
        let Some((k, kl)) = p.king_loc(s) else {
            return Vec::new();
        };
        let kid = p.sq[k][kl].id;
        let mut base = p.clone();
        base.begin_turn();
        let mut out = Vec::new();
        // [D17] deferred conversions still come first; no free action.
        for (pre, p1) in deferred_variants(&base, t) {
            let targets = reachable(&p1, s);
            let ktxt = from_txt(&p1, k, kl);
            for mv in pseudo_moves(&p1, t, false) {
                if !mv.victims.contains(&kid) {
                    continue;
                }
                for &tg in &targets {
                    let mut p2 = p1.clone();
                    bait_swap(&mut p2, (k, kl), tg, s);
                    exec(&mut p2, &mv, t);
                    for (suf, oth, mut p4) in end_conversions(p2, t, mv.last_pawn) {
                        end_removals(&mut p4, t);
                        finalize(&mut p4, t, &mv, false);
                        p4.bait = false;
                        let leg = format!(",{}{}", ktxt, sq_name(tg));
                        let text = format!("{}{}{}{}{}", pre, mv.text, leg, suf, oth);
                        let alias = mv
                            .alias
                            .as_ref()
                            .map(|a| format!("{}{}{}{}{}", pre, a, leg, suf, oth));
                        out.push(Turn {
                            text,
                            alias,
                            pos: RefPos { p: p4, last: None },
                            identity: mv.text.clone(),
                            multipath: false,
                            forced: true,
                        });
                    }
                }
            }
        }
        out
    }
}

/// R-B14.1: neither side has anything but a King on the board, no statues [D26].
fn insufficient(p: &Pos) -> bool {
    p.statue.iter().all(|s| s.is_none()) && p.sq.iter().flatten().all(|pc| pc.k == Kind::K)
}
