//! Executing a move and the resolution engine (R-B3, R-B7, R-B8.6, R-B10), plus the
//! end-of-turn steps (R-B8.7, R-B10.4, R-B12).

use super::*;
use std::collections::VecDeque;

/// How a moving unit arrives on its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Land {
    /// Empty square.
    Empty,
    /// On top of a column or a lone Rook (R-B8.2).
    Enter,
    /// Capture of the bottom piece (every non-knight capture; knights too when they take
    /// the base). The mover takes the bottom place; the riders fall onto it.
    CapBase,
    /// Knight captures the rider at this level: the knight goes on top of the column,
    /// then the victim is removed [D4].
    KnightRider(usize),
}

/// Primitive steps of a move, executed in order.
#[derive(Clone, Debug)]
pub enum Act {
    /// Take the piece at (square, level) into the hand: a Rook takes everything above it
    /// along, another piece leaves alone (R-B8.3).
    Lift(usize, usize),
    /// Put the hand down. The bool says "defer the triggered effects" (R-B3.4).
    Land(usize, Land, bool),
    /// Explicit removal by the mover (knight path capture, en passant).
    Remove(usize, usize),
    /// Queen all-round capture around this square (R-B7.1).
    AllRound(usize),
    /// Disguise: swap two pieces (R-B11.4).
    Swap((usize, usize), (usize, usize)),
    /// Bishop promotion: replace the pawn on this square by an exiled piece (R-B10.5).
    Replace(usize, Kind),
}

/// A pseudo-legal move (the move part of a turn).
#[derive(Clone, Debug)]
pub struct Mv {
    pub acts: Vec<Act>,
    /// Canonical move text without conversion suffix.
    pub text: String,
    /// The accepted alias (straight pawn double move as two legs).
    pub alias: Option<String>,
    pub multipath: bool,
    /// Ids of pieces this move removes directly (not by cascade); used for "direct attack"
    /// (R-B6.2) and forced replies (R-B6.4).
    pub victims: Vec<u32>,
    /// Id of the pawn whose conversion is written as the move's suffix [D14].
    pub last_pawn: Option<u32>,
    pub pawn_move: bool,
    /// Pawn double move: (intermediate cell, id of the pawn that double-moved).
    pub dbl: Option<(usize, u32)>,
    /// Something may be removed (otherwise no cascade can happen).
    pub removes: bool,
    /// Castling: the square the King crosses.
    pub castle_cross: Option<usize>,
}

impl Mv {
    pub fn new(acts: Vec<Act>, text: String) -> Mv {
        Mv {
            acts,
            text,
            alias: None,
            multipath: false,
            victims: Vec::new(),
            last_pawn: None,
            pawn_move: false,
            dbl: None,
            removes: false,
            castle_cross: None,
        }
    }
}

/// Queued effects (R-B3.2).
#[derive(Clone, Debug)]
pub enum Ev {
    /// The riders `F` fall onto whatever stands on the square when the event runs.
    Fall(usize, Vec<Piece>),
    /// Revenge of a queen of this colour removed on this square; the capturer's id.
    Revenge(usize, u8, Option<u32>),
    /// A removed unrisen bishop may rise; bool = it went to the exiled pool.
    Rise(usize, Piece, bool),
}

pub fn lift(pos: &mut Pos, sq: usize, l: usize) -> Vec<Piece> {
    if l >= pos.sq[sq].len() {
        return Vec::new();
    }
    let p = pos.sq[sq][l];
    pos.touched.push(p.id);
    if p.k == Kind::R {
        pos.sq[sq].split_off(l)
    } else {
        vec![pos.sq[sq].remove(l)]
    }
}

pub fn land(
    pos: &mut Pos,
    sq: usize,
    how: Land,
    hand: Vec<Piece>,
    mover: u8,
    q: &mut VecDeque<Ev>,
) {
    match how {
        Land::Empty | Land::Enter => pos.sq[sq].extend(hand),
        Land::CapBase => {
            let cap = hand.first().map(|p| p.id);
            if !pos.sq[sq].is_empty() {
                remove_piece(pos, sq, 0, mover, cap, q);
            }
            // The square is now empty (a lone victim, or a base whose riders were detached
            // into the fall event): the mover takes the bottom place.
            let mut col = hand;
            col.extend(std::mem::take(&mut pos.sq[sq]));
            pos.sq[sq] = col;
        }
        Land::KnightRider(l) => {
            let kid = hand.first().map(|p| p.id);
            pos.sq[sq].extend(hand);
            remove_piece(pos, sq, l, mover, kid, q);
        }
    }
}

/// Remove the piece at (sq, level) by an agent of colour `agent` (R-B3.1). If it is a
/// Rook with pieces above it, those are detached and enqueued as a fall onto what remains.
pub fn remove_piece(
    pos: &mut Pos,
    sq: usize,
    l: usize,
    agent: u8,
    capturer: Option<u32>,
    q: &mut VecDeque<Ev>,
) {
    if l >= pos.sq[sq].len() {
        return;
    }
    let p = pos.sq[sq][l];
    if p.k == Kind::R && pos.sq[sq].len() > l + 1 {
        let f = pos.sq[sq].split_off(l + 1);
        pos.sq[sq].remove(l);
        q.push_back(Ev::Fall(sq, f));
    } else {
        pos.sq[sq].remove(l);
    }
    account(pos, p, agent, capturer, sq, q);
}

/// Pools and triggered events of one removal (no fall: falls are handled by the caller).
fn account(
    pos: &mut Pos,
    p: Piece,
    agent: u8,
    capturer: Option<u32>,
    sq: usize,
    q: &mut VecDeque<Ev>,
) {
    pos.reset = true;
    pos.touched.push(p.id);
    let exiled = agent == p.c;
    if p.k != Kind::P {
        // Pawns are always captured and then discarded (R-B3.1).
        if exiled {
            pos.exiled[p.c as usize][p.k.idx()] += 1;
        } else {
            pos.captured[p.c as usize][p.k.idx()] += 1;
        }
    }
    match p.k {
        Kind::Q => q.push_back(Ev::Revenge(sq, p.c, capturer)),
        Kind::B if p.risen == 0 => q.push_back(Ev::Rise(sq, p, exiled && p.k != Kind::P)),
        _ => {}
    }
}

/// R-B8.6, literally.
fn fall(
    pos: &mut Pos,
    sq: usize,
    mut f: Vec<Piece>,
    mut g: Vec<Piece>,
    q: &mut VecDeque<Ev>,
) -> Vec<Piece> {
    loop {
        if f.is_empty() {
            return g;
        }
        let a = f.remove(0);
        let rest = f;
        let gr = if !g.is_empty() {
            let gb = g.remove(0);
            account(pos, gb, a.c, Some(a.id), sq, q);
            g
        } else {
            Vec::new()
        };
        if a.k == Kind::R {
            let mut ground = vec![a];
            ground.extend(rest);
            g = ground;
            f = gr;
        } else {
            g = vec![a];
            let mut next = rest;
            next.extend(gr);
            f = next;
        }
    }
}

/// R-B7.1: remove the bottom piece of each neighbour column, in N NE E SE S SW W NW order.
fn all_round(pos: &mut Pos, sq: usize, agent: u8, q: &mut VecDeque<Ev>) {
    for n in neighbours(sq) {
        if !pos.sq[n].is_empty() {
            remove_piece(pos, n, 0, agent, None, q);
        }
    }
}

pub fn swap(pos: &mut Pos, a: (usize, usize), b: (usize, usize)) {
    if a.1 >= pos.sq[a.0].len() || b.1 >= pos.sq[b.0].len() {
        return;
    }
    let pa = pos.sq[a.0][a.1];
    let pb = pos.sq[b.0][b.1];
    pos.sq[a.0][a.1] = pb;
    pos.sq[b.0][b.1] = pa;
    pos.touched.push(pa.id);
    pos.touched.push(pb.id);
}

/// The FIFO resolution loop (R-B3.2).
pub fn resolve(pos: &mut Pos, mut q: VecDeque<Ev>) {
    let mut guard = 0;
    while let Some(ev) = q.pop_front() {
        guard += 1;
        if guard > 100_000 {
            break;
        }
        match ev {
            Ev::Fall(sq, f) => {
                let g = std::mem::take(&mut pos.sq[sq]);
                let res = fall(pos, sq, f, g, &mut q);
                pos.sq[sq] = res;
            }
            Ev::Revenge(sq, c, cap) => {
                // R-B7.3: all-round around her last square, then the piece in her square [D8].
                all_round(pos, sq, c, &mut q);
                let lvl = cap.and_then(|id| pos.sq[sq].iter().position(|p| p.id == id));
                match lvl {
                    Some(l) => remove_piece(pos, sq, l, c, None, &mut q),
                    None => {
                        if !pos.sq[sq].is_empty() {
                            remove_piece(pos, sq, 0, c, None, &mut q);
                        }
                    }
                }
            }
            Ev::Rise(sq, b, exiled) => {
                // R-B10.2 fixed rule, decided when the event runs; R-B10.3 rising [D7].
                let rises = pos.sq[sq].is_empty() || pos.sq[sq][0].c != b.c;
                if rises {
                    let pool = if exiled {
                        &mut pos.exiled[b.c as usize][Kind::B.idx()]
                    } else {
                        &mut pos.captured[b.c as usize][Kind::B.idx()]
                    };
                    *pool = pool.saturating_sub(1);
                    if !pos.sq[sq].is_empty() {
                        remove_piece(pos, sq, 0, b.c, Some(b.id), &mut q);
                    }
                    let rest = std::mem::take(&mut pos.sq[sq]);
                    let mut col = vec![Piece { risen: 2, ..b }];
                    col.extend(rest);
                    pos.sq[sq] = col;
                }
            }
        }
    }
}

/// Execute a move of colour `mover` and resolve every triggered effect.
pub fn exec(pos: &mut Pos, mv: &Mv, mover: u8) {
    let mut hand: Vec<Piece> = Vec::new();
    let mut q: VecDeque<Ev> = VecDeque::new();
    let mut deferred: VecDeque<Ev> = VecDeque::new();
    if mv.pawn_move {
        pos.reset = true;
    }
    for act in &mv.acts {
        match *act {
            Act::Lift(sq, l) => hand = lift(pos, sq, l),
            Act::Land(sq, how, defer) => {
                let h = std::mem::take(&mut hand);
                if defer {
                    land(pos, sq, how, h, mover, &mut deferred);
                } else {
                    land(pos, sq, how, h, mover, &mut q);
                }
            }
            Act::Remove(sq, l) => remove_piece(pos, sq, l, mover, None, &mut q),
            Act::AllRound(sq) => all_round(pos, sq, mover, &mut q),
            Act::Swap(a, b) => swap(pos, a, b),
            Act::Replace(sq, k) => {
                if !pos.sq[sq].is_empty() {
                    let pool = &mut pos.exiled[mover as usize][k.idx()];
                    *pool = pool.saturating_sub(1);
                    let id = pos.new_id();
                    let old = pos.sq[sq][0];
                    pos.touched.push(old.id);
                    pos.sq[sq][0] = Piece {
                        c: mover,
                        k,
                        risen: 0,
                        id,
                    };
                    pos.reset = true;
                }
            }
        }
    }
    // R-B3.4: effects of the King's first leg are enqueued after the second leg [D5].
    q.extend(deferred);
    resolve(pos, q);
}

/// R-B6.4 step 1: King and chosen pawn (or statue) swap places.
pub fn bait_swap(pos: &mut Pos, king: (usize, usize), tg: usize, s: u8) {
    let (k, kl) = king;
    if kl >= pos.sq[k].len() {
        return;
    }
    let kp = pos.sq[k][kl];
    pos.touched.push(kp.id);
    if pos.statue[tg] == Some(s) {
        // The statue goes to the King's place, where it is removed at once; it is
        // represented by a stand-in pawn of its colour (discarded on removal) [D18].
        pos.statue[tg] = None;
        let id = pos.new_id();
        pos.sq[k][kl] = Piece {
            c: s,
            k: Kind::P,
            risen: 0,
            id,
        };
        pos.sq[tg] = vec![kp];
    } else if !pos.sq[tg].is_empty() {
        let pw = pos.sq[tg][0];
        pos.touched.push(pw.id);
        pos.sq[tg][0] = kp;
        pos.sq[k][kl] = pw;
    }
}

/// End of turn, after the conversions (R-B16.3) [D9]: first the pawns standing alone on
/// their own first rank capture themselves (R-B8.7, both colours), and only then the
/// mover's risen bishops that are due are auto-exiled (R-B10.4). So a pawn converting in
/// the same turn cannot promote to a Bishop exiled by this auto-exile.
pub fn end_removals(pos: &mut Pos, mover: u8) {
    for sq in 0..64 {
        if pos.sq[sq].len() == 1 {
            let p = pos.sq[sq][0];
            if p.k == Kind::P && rank(sq) == first_rank(p.c) {
                pos.sq[sq].clear();
                pos.reset = true;
                pos.touched.push(p.id);
            }
        }
    }
    for sq in 0..64 {
        let mut l = 0;
        while l < pos.sq[sq].len() {
            let p = pos.sq[sq][l];
            if p.c == mover && p.risen == 1 {
                pos.sq[sq].remove(l);
                pos.exiled[mover as usize][Kind::B.idx()] += 1;
                pos.reset = true;
                pos.touched.push(p.id);
            } else {
                l += 1;
            }
        }
    }
}

// ---------------------------------------------------------------- conversions (R-B12)

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conv {
    Promote(Kind),
    Statue,
    CapEx(Kind),
}

/// The promotion zone square of a file for colour c (R-B12.1).
pub fn zone(pos: &Pos, c: u8, f: i32) -> Option<usize> {
    let mut r = last_rank(c);
    loop {
        let sq = at(f, r)?;
        if pos.statue[sq] == Some(c) {
            r -= fwd(c);
        } else {
            return Some(sq);
        }
    }
}

/// Is there an own non-riding pawn on `sq`, standing in its file's promotion zone?
fn pawn_in_zone(pos: &Pos, c: u8, sq: usize) -> bool {
    pos.sq[sq].len() == 1
        && pos.sq[sq][0].c == c
        && pos.sq[sq][0].k == Kind::P
        && zone(pos, c, file(sq)) == Some(sq)
}

/// First own non-riding pawn standing in its promotion zone, in square order.
pub fn first_pawn_in_zone(pos: &Pos, c: u8) -> Option<usize> {
    (0..64).find(|&sq| pawn_in_zone(pos, c, sq))
}

/// The pawn that converts next at the end of a turn (R-B16.3) [D15]: the moved pawn (the
/// pawn of the move's last leg, whose conversion is the move's suffix) whenever it stands
/// in its zone, otherwise the first other pawn in its zone in square order.
fn next_pawn_to_convert(pos: &Pos, c: u8, moved: Option<u32>) -> Option<usize> {
    if let Some(id) = moved {
        let own = (0..64).find(|&sq| pos.sq[sq].len() == 1 && pos.sq[sq][0].id == id);
        if let Some(sq) = own.filter(|&sq| pawn_in_zone(pos, c, sq)) {
            return Some(sq);
        }
    }
    first_pawn_in_zone(pos, c)
}

pub fn conv_options(pos: &Pos, c: u8) -> Vec<Conv> {
    let mut v = Vec::new();
    for t in POOL_KINDS {
        if pos.captured[c as usize][t.idx()] + pos.exiled[c as usize][t.idx()] > 0 {
            v.push(Conv::Promote(t));
        }
    }
    v.push(Conv::Statue);
    for t in POOL_KINDS {
        if pos.exiled[1 - c as usize][t.idx()] > 0 {
            v.push(Conv::CapEx(t));
        }
    }
    v
}

/// Convert the pawn (or, for a statue, the statue) on `sq`.
pub fn apply_conv(pos: &mut Pos, sq: usize, c: u8, conv: Conv, statue: bool) {
    pos.reset = true;
    if statue {
        pos.statue[sq] = None;
    } else if let Some(p) = pos.sq[sq].first().copied() {
        pos.touched.push(p.id);
        pos.sq[sq].clear();
    }
    let o = 1 - c as usize;
    match conv {
        Conv::Promote(t) => {
            let ci = c as usize;
            // Take from Captured first (R-B12.1a).
            if pos.captured[ci][t.idx()] > 0 {
                pos.captured[ci][t.idx()] -= 1;
            } else {
                pos.exiled[ci][t.idx()] = pos.exiled[ci][t.idx()].saturating_sub(1);
            }
            let id = pos.new_id();
            pos.sq[sq] = vec![Piece {
                c,
                k: t,
                risen: 0,
                id,
            }];
        }
        Conv::Statue => pos.statue[sq] = Some(c),
        Conv::CapEx(t) => {
            pos.exiled[o][t.idx()] = pos.exiled[o][t.idx()].saturating_sub(1);
            pos.captured[o][t.idx()] += 1;
        }
    }
}

pub fn conv_suffix(conv: Conv) -> String {
    match conv {
        Conv::Promote(t) => t.lower().to_string(),
        Conv::Statue => "t".to_string(),
        Conv::CapEx(t) => format!("x{}", t.lower()),
    }
}

pub fn conv_action(sq: usize, conv: Conv) -> String {
    match conv {
        Conv::Promote(t) => format!("{}={}", sq_name(sq), t.upper()),
        Conv::Statue => format!("{}=T", sq_name(sq)),
        Conv::CapEx(t) => format!("{}x{}", sq_name(sq), t.upper()),
    }
}

/// End-of-turn conversions of the mover's pawns in their zones: every choice, as
/// (suffix on the move, following `;` actions, position) [D14, D15]. They come first in
/// the end of the turn (R-B16.3): the pools offered are those before the first-rank
/// self-captures and the auto-exile of `end_removals`.
pub fn end_conversions(pos: Pos, c: u8, moved: Option<u32>) -> Vec<(String, String, Pos)> {
    let mut out = Vec::new();
    conv_rec(pos, c, moved, String::new(), String::new(), &mut out);
    out
}

fn conv_rec(
    pos: Pos,
    c: u8,
    moved: Option<u32>,
    suf: String,
    oth: String,
    out: &mut Vec<(String, String, Pos)>,
) {
    match next_pawn_to_convert(&pos, c, moved) {
        None => out.push((suf, oth, pos)),
        Some(sq) => {
            let pid = pos.sq[sq][0].id;
            for conv in conv_options(&pos, c) {
                let mut p = pos.clone();
                apply_conv(&mut p, sq, c, conv, false);
                if Some(pid) == moved {
                    conv_rec(
                        p,
                        c,
                        moved,
                        format!("{}{}", suf, conv_suffix(conv)),
                        oth.clone(),
                        out,
                    );
                } else {
                    conv_rec(
                        p,
                        c,
                        moved,
                        suf.clone(),
                        format!("{};{}", oth, conv_action(sq, conv)),
                        out,
                    );
                }
            }
        }
    }
}

/// Bookkeeping after the turn [D10, D11, D12, D13].
pub fn finalize(pos: &mut Pos, mover: u8, mv: &Mv, ordinary: bool) {
    for col in pos.sq.iter_mut() {
        for p in col.iter_mut() {
            if p.risen == 2 {
                p.risen = 1;
            }
        }
    }
    // Castling rights: king and that rook never moved (nor were swapped or removed).
    let spec = [
        (0usize, WHITE, 4usize, 7usize),
        (1, WHITE, 4, 0),
        (2, BLACK, 60, 63),
        (3, BLACK, 60, 56),
    ];
    for (i, c, ksq, rsq) in spec {
        if !pos.castle[i] {
            continue;
        }
        let kok = pos.sq[ksq].len() == 1
            && pos.sq[ksq][0].k == Kind::K
            && pos.sq[ksq][0].c == c
            && !pos.touched.contains(&pos.sq[ksq][0].id);
        let rok = pos.sq[rsq]
            .first()
            .map(|r| r.k == Kind::R && r.c == c && !pos.touched.contains(&r.id))
            .unwrap_or(false);
        if !(kok && rok) {
            pos.castle[i] = false;
        }
    }
    // En passant [D13]: after a pawn double move, if the pawn stands alone.
    pos.ep = None;
    if let Some((cell, pid)) = mv.dbl {
        for sq in 0..64 {
            if pos.sq[sq].len() == 1 && pos.sq[sq][0].id == pid && pos.sq[cell].is_empty() {
                pos.ep = Some((cell, sq));
            }
        }
    }
    if pos.reset {
        pos.half = 0;
    } else {
        pos.half += 1;
    }
    if mover == BLACK {
        pos.full += 1;
    }
    pos.stm = 1 - mover;
    if ordinary && pos.protected == Some(mover) {
        pos.protected = None;
    }
    pos.forbid = None;
    pos.begin_turn();
}
