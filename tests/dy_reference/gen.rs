//! Pseudo-legal move generation with canonical text, prefix actions, and the check test
//! by literal simulation (R-B5.1).

use super::exec::*;
use super::*;
use std::collections::VecDeque;

/// A leg's from-square, with the level when the square holds a column.
pub fn from_txt(pos: &Pos, sq: usize, l: usize) -> String {
    if pos.sq[sq].len() >= 2 {
        format!("{}[{}]", sq_name(sq), l)
    } else {
        sq_name(sq)
    }
}

fn lvl_txt(col: &[Piece], l: usize) -> String {
    if col.len() >= 2 {
        format!("[{}]", l)
    } else {
        String::new()
    }
}

fn simple(sq: usize, l: usize, to: usize, how: Land, text: String, victims: Vec<u32>) -> Mv {
    let mut m = Mv::new(vec![Act::Lift(sq, l), Act::Land(to, how, false)], text);
    m.removes = !victims.is_empty();
    m.victims = victims;
    m
}

const ROOK_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Every pseudo-legal move of colour `c` (own King safety ignored). With `captures_only`
/// the moves that cannot remove anything (pawn steps, double moves, disguises, Bishop
/// promotions) are skipped: they cannot start a cascade, so the check test needs none.
pub fn pseudo_moves(pos: &Pos, c: u8, captures_only: bool) -> Vec<Mv> {
    let mut out = Vec::new();
    for sq in 0..64 {
        for l in 0..pos.sq[sq].len() {
            let p = pos.sq[sq][l];
            if p.c != c {
                continue;
            }
            match p.k {
                Kind::K => king_moves(pos, sq, l, c, captures_only, &mut out),
                Kind::Q => {
                    slider(pos, sq, l, c, &ROOK_DIRS, captures_only, &mut out);
                    slider(pos, sq, l, c, &BISHOP_DIRS, captures_only, &mut out);
                    all_round_move(pos, sq, l, &mut out);
                }
                Kind::R => slider(pos, sq, l, c, &ROOK_DIRS, captures_only, &mut out),
                Kind::B => slider(pos, sq, l, c, &BISHOP_DIRS, captures_only, &mut out),
                Kind::N => knight_moves(pos, sq, l, c, captures_only, &mut out),
                Kind::P => pawn_moves(pos, sq, l, c, captures_only, &mut out),
            }
        }
    }
    castling(pos, c, captures_only, &mut out);
    if !captures_only {
        bishop_promotions(pos, c, &mut out);
    }
    if captures_only {
        out.retain(|m| m.removes);
    }
    out
}

/// Slides; a column or lone Rook ends the ray and may be entered [D29].
fn slider(pos: &Pos, sq: usize, l: usize, c: u8, dirs: &[(i32, i32)], co: bool, out: &mut Vec<Mv>) {
    let from = from_txt(pos, sq, l);
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(nx) = step(cur, df, dr) {
            cur = nx;
            if pos.statue[cur].is_some() {
                break;
            }
            let col = &pos.sq[cur];
            let name = sq_name(cur);
            if col.is_empty() && co {
                continue;
            }
            if col.is_empty() {
                out.push(simple(
                    sq,
                    l,
                    cur,
                    Land::Empty,
                    format!("{}{}", from, name),
                    vec![],
                ));
                continue;
            }
            let base = col[0];
            if base.c != c {
                let t = format!("{}{}{}", from, name, lvl_txt(col, 0));
                out.push(simple(sq, l, cur, Land::CapBase, t, vec![base.id]));
            }
            if base.k == Kind::R && !co {
                let t = format!("{}{}{}", from, name, if base.c != c { "^" } else { "" });
                out.push(simple(sq, l, cur, Land::Enter, t, vec![]));
            }
            break;
        }
    }
}

/// R-B7.1 queen all-round capture, always offered [D30].
fn all_round_move(pos: &Pos, sq: usize, l: usize, out: &mut Vec<Mv>) {
    let victims: Vec<u32> = neighbours(sq)
        .into_iter()
        .filter_map(|n| pos.sq[n].first().map(|p| p.id))
        .collect();
    let mut m = Mv::new(
        vec![Act::AllRound(sq)],
        format!("{}{}", from_txt(pos, sq, l), sq_name(sq)),
    );
    m.removes = !victims.is_empty();
    m.victims = victims;
    out.push(m);
}

/// The options of one king step from `sq`: (to, landing, to-text, victims).
fn king_leg_opts(pos: &Pos, sq: usize, c: u8) -> Vec<(usize, Land, LegT, Vec<u32>)> {
    king_leg_opts_with(pos, sq, c, None)
}

/// The to-text of a king leg, built only when printed: square, plus `[0]` (capture of a
/// column's base) or `^` (entering an enemy column or Rook).
#[derive(Clone, Copy, Debug)]
pub struct LegT {
    to: usize,
    mark: &'static str,
}

impl std::fmt::Display for LegT {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", SQ_NAMES[self.to], self.mark)
    }
}

/// As `king_leg_opts`, with one square's column replaced (the board after a first leg).
fn king_leg_opts_with(
    pos: &Pos,
    sq: usize,
    c: u8,
    over: Option<(usize, &[Piece])>,
) -> Vec<(usize, Land, LegT, Vec<u32>)> {
    let mut v = Vec::new();
    for &(df, dr) in DIRS8.iter() {
        let Some(to) = step(sq, df, dr) else { continue };
        if pos.statue[to].is_some() {
            continue;
        }
        let col: &[Piece] = match over {
            Some((o, oc)) if o == to => oc,
            _ => &pos.sq[to],
        };
        if col.is_empty() {
            v.push((to, Land::Empty, LegT { to, mark: "" }, vec![]));
            continue;
        }
        let base = col[0];
        if base.c != c {
            let mark = if col.len() >= 2 { "[0]" } else { "" };
            v.push((to, Land::CapBase, LegT { to, mark }, vec![base.id]));
        }
        if base.k == Kind::R {
            let mark = if base.c != c { "^" } else { "" };
            v.push((to, Land::Enter, LegT { to, mark }, vec![]));
        }
    }
    v
}

/// R-B5.2: one or two king legs.
fn king_moves(pos: &Pos, sq: usize, l: usize, c: u8, co: bool, out: &mut Vec<Mv>) {
    let from = from_txt(pos, sq, l);
    // The origin column once the King has left it.
    let mut origin: Vec<Piece> = pos.sq[sq].clone();
    origin.remove(l);
    for (to, how, tt, vic) in king_leg_opts(pos, sq, c) {
        // (in captures-only mode a quiet first leg still starts double moves below)
        if !co || !vic.is_empty() {
            out.push(simple(
                sq,
                l,
                to,
                how,
                format!("{}{}", from, tt),
                vic.clone(),
            ));
        }
        // The board after the first leg, effects deferred (R-B3.4): only the origin and
        // `to` change; `to` holds the King alone (Empty, CapBase: riders are detached
        // into the deferred fall) or on top of the column (Enter).
        let (l1, to_len_after) = match how {
            Land::Enter => (pos.sq[to].len(), pos.sq[to].len() + 1),
            _ => (0, 1),
        };
        let from2 = if to_len_after >= 2 {
            format!("{}[{}]", sq_name(to), l1)
        } else {
            sq_name(to)
        };
        for (to2, how2, tt2, vic2) in king_leg_opts_with(pos, to, c, Some((sq, &origin))) {
            if co && vic.is_empty() && vic2.is_empty() {
                continue;
            }
            let acts = vec![
                Act::Lift(sq, l),
                Act::Land(to, how, true),
                Act::Lift(to, l1),
                Act::Land(to2, how2, false),
            ];
            let mut m = Mv::new(acts, format!("{}{},{}{}", from, tt, from2, tt2));
            let mut victims = vic.clone();
            victims.extend(vic2);
            m.removes = !victims.is_empty();
            m.victims = victims;
            out.push(m);
        }
    }
}

/// R-B5.3 castling (pseudo-legal part: rights, pieces in place, empty cells). The attack
/// conditions are checked by the legal generator only [D6].
fn castling(pos: &Pos, c: u8, co: bool, out: &mut Vec<Mv>) {
    let r = first_rank(c);
    let ksq = at(4, r).unwrap_or(0);
    // (right index, rook file, king to file, rook to file, files that must be empty)
    let sides: [(usize, i32, i32, i32, &[i32]); 2] =
        [(0, 7, 6, 5, &[5, 6]), (1, 0, 2, 3, &[1, 2, 3])];
    for (i, rf, kf, rtf, between) in sides {
        if !pos.castle[c as usize * 2 + i] {
            continue;
        }
        let (Some(rsq), Some(kto), Some(rto)) = (at(rf, r), at(kf, r), at(rtf, r)) else {
            continue;
        };
        let king_ok =
            pos.sq[ksq].len() == 1 && pos.sq[ksq][0].k == Kind::K && pos.sq[ksq][0].c == c;
        let rook_ok = pos.sq[rsq]
            .first()
            .map(|p| p.k == Kind::R && p.c == c)
            .unwrap_or(false);
        let empty_ok = between.iter().all(|&f| {
            at(f, r)
                .map(|s| pos.sq[s].is_empty() && pos.statue[s].is_none())
                .unwrap_or(false)
        });
        if !(king_ok && rook_ok && empty_ok) {
            continue;
        }
        let acts = vec![
            Act::Lift(ksq, 0),
            Act::Land(kto, Land::Empty, false),
            Act::Lift(rsq, 0),
            Act::Land(rto, Land::Empty, false),
        ];
        let text = format!("{}{}", sq_name(ksq), sq_name(kto));
        if !co {
            let mut m = Mv::new(acts.clone(), text.clone());
            m.castle_cross = Some(rto);
            out.push(m);
        }
        // Optional second king leg.
        let mut scratch = pos.clone();
        let mut dq = VecDeque::new();
        let h = lift(&mut scratch, ksq, 0);
        land(&mut scratch, kto, Land::Empty, h, c, &mut dq);
        let h = lift(&mut scratch, rsq, 0);
        land(&mut scratch, rto, Land::Empty, h, c, &mut dq);
        for (to2, how2, tt2, vic2) in king_leg_opts(&scratch, kto, c) {
            if co && vic2.is_empty() {
                continue;
            }
            let mut a2 = acts.clone();
            a2.push(Act::Lift(kto, 0));
            a2.push(Act::Land(to2, how2, false));
            let mut m = Mv::new(a2, format!("{},{}{}", text, sq_name(kto), tt2));
            m.castle_cross = Some(rto);
            m.removes = !vic2.is_empty();
            m.victims = vic2;
            out.push(m);
        }
    }
}

/// R-B9.1: the two L-paths of a knight move, as the 4 cells of the 2x3 rectangle.
pub fn knight_path_cells(sq: usize, dx: i32, dy: i32) -> Vec<usize> {
    let cells: [(i32, i32); 4] = if dx.abs() == 2 {
        let sx = dx.signum();
        [(sx, 0), (dx, 0), (0, dy), (sx, dy)]
    } else {
        let sy = dy.signum();
        [(0, sy), (0, dy), (dx, 0), (dx, sy)]
    };
    cells.iter().filter_map(|&(a, b)| step(sq, a, b)).collect()
}

/// R-B9.2.
fn knight_moves(pos: &Pos, sq: usize, l: usize, c: u8, co: bool, out: &mut Vec<Mv>) {
    let from = from_txt(pos, sq, l);
    let offs = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    for (dx, dy) in offs {
        let Some(d) = step(sq, dx, dy) else { continue };
        if pos.statue[d].is_some() {
            continue;
        }
        let col = &pos.sq[d];
        let dn = sq_name(d);
        let quiet: Option<(Land, String)> = if col.is_empty() {
            Some((Land::Empty, dn.clone()))
        } else if col[0].k == Kind::R {
            Some((
                Land::Enter,
                format!("{}{}", dn, if col[0].c != c { "^" } else { "" }),
            ))
        } else {
            None
        };
        // (a) quiet or entering; both paths give the same move [D21].
        if let (Some((how, t)), false) = (&quiet, co) {
            let mut m = simple(sq, l, d, *how, format!("{}{}", from, t), vec![]);
            m.multipath = true;
            out.push(m);
        }
        // (b) destination capture: the base, or any enemy rider.
        if !col.is_empty() {
            if col[0].c != c {
                let mut m = simple(
                    sq,
                    l,
                    d,
                    Land::CapBase,
                    format!("{}{}{}", from, dn, lvl_txt(col, 0)),
                    vec![col[0].id],
                );
                m.multipath = true;
                out.push(m);
            }
            for (i, p) in col.iter().enumerate().skip(1) {
                if p.c != c {
                    let mut m = simple(
                        sq,
                        l,
                        d,
                        Land::KnightRider(i),
                        format!("{}{}[{}]", from, dn, i),
                        vec![p.id],
                    );
                    m.multipath = true;
                    out.push(m);
                }
            }
        }
        // (c) path capture, then land as in (a).
        if let Some((how, t)) = &quiet {
            for cell in knight_path_cells(sq, dx, dy) {
                if pos.statue[cell].is_some() {
                    continue;
                }
                let cc = &pos.sq[cell];
                for (i, p) in cc.iter().enumerate() {
                    if p.c == c {
                        continue;
                    }
                    let text = format!(
                        "{}{}{},{}{}",
                        from,
                        sq_name(cell),
                        lvl_txt(cc, i),
                        sq_name(cell),
                        t
                    );
                    let acts = vec![
                        Act::Lift(sq, l),
                        Act::Remove(cell, i),
                        Act::Land(d, *how, false),
                    ];
                    let mut m = Mv::new(acts, text);
                    m.removes = true;
                    m.victims = vec![p.id];
                    out.push(m);
                }
            }
        }
    }
}

fn pawn_step(c: u8, which: usize) -> (i32, i32) {
    match which {
        0 => (0, fwd(c)),
        1 => (0, -fwd(c)),
        2 => (-1, 0),
        _ => (1, 0),
    }
}

/// The ways a pawn at (q, ql) can reach `target` by a single step or a double move
/// (R-B11.1, R-B11.2), the target square treated as enterable: None for a single step,
/// Some(mid) for a double move; plus "straight" (forward-forward).
fn pawn_paths_to(pos: &Pos, q: usize, c: u8, target: usize) -> Vec<(Option<usize>, bool)> {
    let mut v = Vec::new();
    if rank(target) == first_rank(c) {
        return v;
    }
    for w in 0..4 {
        let (df, dr) = pawn_step(c, w);
        if step(q, df, dr) == Some(target) {
            v.push((None, false));
        }
    }
    let riding = pos.sq[q].len() >= 2;
    if !riding && rank(q) == second_rank(c) {
        for w1 in [0usize, 2, 3] {
            let (a, b) = pawn_step(c, w1);
            let Some(mid) = step(q, a, b) else { continue };
            if !pos.sq[mid].is_empty() || pos.statue[mid].is_some() || rank(mid) == first_rank(c) {
                continue;
            }
            for w2 in 0..4 {
                let (a2, b2) = pawn_step(c, w2);
                if step(mid, a2, b2) == Some(target) {
                    v.push((Some(mid), w1 == 0 && w2 == 0));
                }
            }
        }
    }
    v
}

/// Text of a pawn's legs from `from` (already with level) to `to_txt`: single step,
/// straight double (one leg) or bent double (two legs). Returns (canonical, alias).
fn pawn_legs(
    from: &str,
    mid: Option<usize>,
    straight: bool,
    to_txt: &str,
) -> (String, Option<String>) {
    match mid {
        None => (format!("{}{}", from, to_txt), None),
        Some(m) => {
            let two = format!("{}{},{}{}", from, sq_name(m), sq_name(m), to_txt);
            if straight {
                (format!("{}{}", from, to_txt), Some(two))
            } else {
                (two, None)
            }
        }
    }
}

struct Chain {
    scratch: Pos,
    acts: Vec<Act>,
    text: String,
    alias: String,
    has_alias: bool,
    used: Vec<u32>,
    /// Squares the disguised piece X has stood on during this turn (R-B16.5).
    visited: Vec<usize>,
    x: (usize, usize),
    x_id: u32,
    last_pawn: u32,
    dbl: Option<(usize, u32)>,
}

fn push_chain(ch: &Chain, out: &mut Vec<Mv>) {
    let mut m = Mv::new(ch.acts.clone(), ch.text.clone());
    if ch.has_alias {
        m.alias = Some(ch.alias.clone());
    }
    m.pawn_move = true;
    m.last_pawn = Some(ch.last_pawn);
    m.dbl = ch.dbl;
    out.push(m);
}

/// R-B11.5: further friendly pawns continue the disguise; each pawn at most once, and
/// never from a square the disguised piece has already stood on this turn (R-B16.5) [D16].
fn chain_extend(ch: &Chain, c: u8, out: &mut Vec<Mv>) {
    let (a0, xl) = ch.x;
    for q in 0..64 {
        if ch.visited.contains(&q) {
            continue; // X would go back to a square it has stood on (R-B16.5)
        }
        for ql in 0..ch.scratch.sq[q].len() {
            let p = ch.scratch.sq[q][ql];
            if p.c != c || p.k != Kind::P || ch.used.contains(&p.id) || p.id == ch.x_id {
                continue;
            }
            for (mid, straight) in pawn_paths_to(&ch.scratch, q, c, a0) {
                let from = from_txt(&ch.scratch, q, ql);
                let to_txt = format!("{}{}~", sq_name(a0), lvl_txt(&ch.scratch.sq[a0], xl));
                let (leg, alias) = pawn_legs(&from, mid, straight, &to_txt);
                let mut n = Chain {
                    scratch: ch.scratch.clone(),
                    acts: ch.acts.clone(),
                    text: format!("{},{}", ch.text, leg),
                    alias: format!(
                        "{},{}",
                        ch.alias,
                        alias.clone().unwrap_or_else(|| leg.clone())
                    ),
                    has_alias: ch.has_alias || alias.is_some(),
                    used: ch.used.clone(),
                    visited: ch.visited.clone(),
                    x: (q, ql),
                    x_id: ch.x_id,
                    last_pawn: p.id,
                    dbl: match mid {
                        Some(m) => Some((m, p.id)),
                        None => ch.dbl,
                    },
                };
                swap(&mut n.scratch, (q, ql), (a0, xl));
                n.acts.push(Act::Swap((q, ql), (a0, xl)));
                n.used.push(p.id);
                n.visited.push(q);
                push_chain(&n, out);
                chain_extend(&n, c, out);
            }
        }
    }
}

/// Disguise targets on square b (R-B11.4): a lone piece, or any rider; not the base Rook
/// of a column with riders; statues are not in columns.
fn disguise_targets(col: &[Piece]) -> Vec<usize> {
    (0..col.len())
        .filter(|&i| !(i == 0 && col.len() >= 2))
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn disguise_start(
    pos: &Pos,
    sq: usize,
    l: usize,
    c: u8,
    from: &str,
    mid: Option<usize>,
    straight: bool,
    b: usize,
    out: &mut Vec<Mv>,
) {
    let pid = pos.sq[sq][l].id;
    let col = &pos.sq[b];
    for i in disguise_targets(col) {
        let to_txt = format!("{}{}~", sq_name(b), lvl_txt(col, i));
        let (leg, alias) = pawn_legs(from, mid, straight, &to_txt);
        let mut scratch = pos.clone();
        swap(&mut scratch, (sq, l), (b, i));
        let ch = Chain {
            scratch,
            acts: vec![Act::Swap((sq, l), (b, i))],
            text: leg.clone(),
            alias: alias.clone().unwrap_or_else(|| leg.clone()),
            has_alias: alias.is_some(),
            used: vec![pid],
            // X stood on b and now stands on the first pawn's square.
            visited: vec![b, sq],
            x: (sq, l),
            x_id: col[i].id,
            last_pawn: pid,
            dbl: mid.map(|m| (m, pid)),
        };
        push_chain(&ch, out);
        chain_extend(&ch, c, out);
    }
}

/// R-B11: pawn steps in four directions, diagonal captures, en passant, double moves,
/// disguise and chain disguise.
fn pawn_moves(pos: &Pos, sq: usize, l: usize, c: u8, captures_only: bool, out: &mut Vec<Mv>) {
    let from = from_txt(pos, sq, l);
    let pid = pos.sq[sq][l].id;
    let riding = pos.sq[sq].len() >= 2;
    let mark = |mut m: Mv| {
        m.pawn_move = true;
        m.last_pawn = Some(pid);
        m
    };
    // Diagonal captures (FIDE): onto an enemy base piece.
    for df in [-1, 1] {
        let Some(b) = step(sq, df, fwd(c)) else {
            continue;
        };
        if pos.statue[b].is_some() {
            continue;
        }
        let col = &pos.sq[b];
        if let Some(base) = col.first() {
            if base.c != c {
                let t = format!("{}{}{}", from, sq_name(b), lvl_txt(col, 0));
                out.push(mark(simple(sq, l, b, Land::CapBase, t, vec![base.id])));
            }
        }
    }
    // En passant (R-B11.3).
    if let Some((cell, psq)) = pos.ep {
        let diag = [step(sq, -1, fwd(c)), step(sq, 1, fwd(c))];
        let victim_ok =
            pos.sq[psq].len() == 1 && pos.sq[psq][0].k == Kind::P && pos.sq[psq][0].c != c;
        if diag.contains(&Some(cell))
            && pos.sq[cell].is_empty()
            && pos.statue[cell].is_none()
            && victim_ok
        {
            let acts = vec![
                Act::Lift(sq, l),
                Act::Land(cell, Land::Empty, false),
                Act::Remove(psq, 0),
            ];
            let mut m = Mv::new(acts, format!("{}{}", from, sq_name(cell)));
            m.removes = true;
            m.victims = vec![pos.sq[psq][0].id];
            out.push(mark(m));
        }
    }
    if captures_only {
        return;
    }
    // Single steps (R-B11.1), entering, disguise.
    for w in 0..4 {
        let (df, dr) = pawn_step(c, w);
        let Some(b) = step(sq, df, dr) else { continue };
        if rank(b) == first_rank(c) || pos.statue[b].is_some() {
            continue;
        }
        let col = &pos.sq[b];
        let name = sq_name(b);
        if col.is_empty() {
            out.push(mark(simple(
                sq,
                l,
                b,
                Land::Empty,
                format!("{}{}", from, name),
                vec![],
            )));
            continue;
        }
        if col[0].k == Kind::R {
            let t = format!("{}{}{}", from, name, if col[0].c != c { "^" } else { "" });
            out.push(mark(simple(sq, l, b, Land::Enter, t, vec![])));
        }
        disguise_start(pos, sq, l, c, &from, None, false, b, out);
    }
    // Double moves (R-B11.2): non-riding pawn on its own second rank [D27]; a straight
    // double-move disguise is one leg with the two-leg alias [D28].
    if riding || rank(sq) != second_rank(c) {
        return;
    }
    for w1 in [0usize, 2, 3] {
        let (a, b1) = pawn_step(c, w1);
        let Some(mid) = step(sq, a, b1) else { continue };
        if !pos.sq[mid].is_empty() || pos.statue[mid].is_some() || rank(mid) == first_rank(c) {
            continue;
        }
        for w2 in 0..4 {
            let (a2, b2) = pawn_step(c, w2);
            let Some(fin) = step(mid, a2, b2) else {
                continue;
            };
            if rank(fin) == first_rank(c) || pos.statue[fin].is_some() {
                continue;
            }
            let straight = w1 == 0 && w2 == 0;
            let name = sq_name(fin);
            let base_col: &[Piece] = if fin == sq { &[] } else { &pos.sq[fin] };
            let dbl_mv = |how: Land, to_txt: &str| {
                let (t, alias) = pawn_legs(&from, Some(mid), straight, to_txt);
                let mut m = simple(sq, l, fin, how, t, vec![]);
                m.alias = alias;
                m.dbl = Some((mid, pid));
                mark(m)
            };
            if base_col.is_empty() {
                out.push(dbl_mv(Land::Empty, &name));
                continue;
            }
            if base_col[0].k == Kind::R {
                let to_txt = format!("{}{}", name, if base_col[0].c != c { "^" } else { "" });
                out.push(dbl_mv(Land::Enter, &to_txt));
            }
            disguise_start(pos, sq, l, c, &from, Some(mid), straight, fin, out);
        }
    }
}

/// R-B10.5: Bishop promotion, `Q@e5`.
fn bishop_promotions(pos: &Pos, c: u8, out: &mut Vec<Mv>) {
    let mut colours = [false; 2];
    for s in 0..64 {
        if pos.sq[s].iter().any(|p| p.c == c && p.k == Kind::B) {
            colours[((file(s) + rank(s)) % 2) as usize] = true;
        }
    }
    for s in 0..64 {
        if pos.sq[s].len() != 1 || pos.sq[s][0].c != c || pos.sq[s][0].k != Kind::P {
            continue;
        }
        if !colours[((file(s) + rank(s)) % 2) as usize] {
            continue;
        }
        for t in POOL_KINDS {
            if pos.exiled[c as usize][t.idx()] > 0 {
                out.push(Mv::new(
                    vec![Act::Replace(s, t)],
                    format!("{}@{}", t.upper(), sq_name(s)),
                ));
            }
        }
    }
}

// ---------------------------------------------------------------- prefix actions

/// R-B12.2: conversions deferred from the opponent's turn, as the first part of the turn
/// (every choice), written `e8=Q;`.
pub fn deferred_variants(pos: &Pos, c: u8) -> Vec<(String, Pos)> {
    let mut out = Vec::new();
    deferred_rec(pos.clone(), c, String::new(), &mut out);
    out
}

fn deferred_rec(pos: Pos, c: u8, pre: String, out: &mut Vec<(String, Pos)>) {
    match first_pawn_in_zone(&pos, c) {
        None => out.push((pre, pos)),
        Some(sq) => {
            for conv in conv_options(&pos, c) {
                let mut p = pos.clone();
                apply_conv(&mut p, sq, c, conv, false);
                deferred_rec(p, c, format!("{}{};", pre, conv_action(sq, conv)), out);
            }
        }
    }
}

/// R-B12.4: at most one free action before the move: promote the lowest Statue of a
/// chain, or let it capture an opponent's exiled piece [D19]. Includes "no action".
pub fn free_variants(pos: &Pos, c: u8) -> Vec<(String, Pos)> {
    let mut out = vec![(String::new(), pos.clone())];
    for f in 0..8 {
        let Some(top) = at(f, last_rank(c)) else {
            continue;
        };
        if pos.statue[top] != Some(c) {
            continue;
        }
        let mut low = top;
        while let Some(n) = step(low, 0, -fwd(c)) {
            if pos.statue[n] == Some(c) {
                low = n;
            } else {
                break;
            }
        }
        for conv in conv_options(pos, c) {
            if conv == Conv::Statue {
                continue;
            }
            let mut p = pos.clone();
            apply_conv(&mut p, low, c, conv, true);
            out.push((format!("{};", conv_action(low, conv)), p));
        }
    }
    out
}

// ---------------------------------------------------------------- check, attacks, bait

/// R-B5.1 by literal simulation [D2, D3]: can the side to move in `pos` (with any prefix actions it
/// may take) make a pseudo-legal move whose full resolution captures `victim`'s King?
pub fn king_capturable(pos: &Pos, victim: u8) -> bool {
    if pos.king_loc(victim).is_none() {
        return false;
    }
    let a = 1 - victim;
    if first_pawn_in_zone(pos, a).is_none() && !pos.has_statue(a) {
        // No prefix action is possible: one variant, the position itself.
        let before = pos.captured[victim as usize][0];
        for mv in pseudo_moves(pos, a, true) {
            let mut p3 = pos.clone();
            exec(&mut p3, &mv, a);
            if p3.captured[victim as usize][0] > before {
                return true;
            }
        }
        return false;
    }
    let mut base = pos.clone();
    base.begin_turn();
    for (_, p1) in deferred_variants(&base, a) {
        for (_, p2) in free_variants(&p1, a) {
            let before = p2.captured[victim as usize][0];
            for mv in pseudo_moves(&p2, a, true) {
                let mut p3 = p2.clone();
                exec(&mut p3, &mv, a);
                if p3.captured[victim as usize][0] > before {
                    return true;
                }
            }
        }
    }
    false
}

/// R-B6.2 "directly attacked": some pseudo-legal move of the side to move removes
/// `victim`'s King itself (landing, knight path/inside, all-round), not by cascade.
pub fn direct_attacked(pos: &Pos, victim: u8) -> bool {
    let Some(kid) = pos.king_id(victim) else {
        return false;
    };
    pseudo_moves(pos, 1 - victim, true)
        .iter()
        .any(|m| m.victims.contains(&kid))
}

/// R-B6.1 [D31]: squares of reachable friendly pawns (alone, adjacent to the King, or sharing an
/// empty neighbour with it) and of every friendly Statue.
pub fn reachable(pos: &Pos, c: u8) -> Vec<usize> {
    let Some((k, _)) = pos.king_loc(c) else {
        return Vec::new();
    };
    let mut v = Vec::new();
    for p in 0..64 {
        if pos.statue[p] == Some(c) {
            v.push(p);
            continue;
        }
        if p == k || pos.sq[p].len() != 1 || pos.sq[p][0].c != c || pos.sq[p][0].k != Kind::P {
            continue;
        }
        let near = adjacent(k, p)
            || (0..64).any(|x| {
                adjacent(x, k) && adjacent(x, p) && pos.sq[x].is_empty() && pos.statue[x].is_none()
            });
        if near {
            v.push(p);
        }
    }
    v
}

/// R-B5.3: would the King standing on `cross` be capturable?
pub fn castle_cross_attacked(pos: &Pos, c: u8, cross: usize) -> bool {
    let Some((k, kl)) = pos.king_loc(c) else {
        return true;
    };
    let mut p = pos.clone();
    let mut dq = VecDeque::new();
    let h = lift(&mut p, k, kl);
    land(&mut p, cross, Land::Empty, h, c, &mut dq);
    p.stm = 1 - c;
    p.ep = None;
    king_capturable(&p, c)
}
