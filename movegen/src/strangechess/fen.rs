//! The full-state FEN of `notation-strangechess.md`: six fields, then
//! `sieges=`, `tunnels=`, `powers=`, `unmoved=` when not at their defaults.
//! Parsing accepts exactly what printing writes (the notation's rule), so
//! a FEN is refused unless it is in canonical form. This file reads; the
//! writer is in `fen_write.rs`.

use super::fen_write::piece_char;
use super::geometry::{file_of, name, offset, parse_square, rank_of, square, CELLS, NONE, SIDE};
use super::position::{
    power, Kind, Piece, Position, Siege, Tunnel, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ,
    MAX_SIEGES, MAX_TUNNELS, TUNNEL_MAX,
};
use super::rules::{castlings, forward, last_rank};
use crate::error::FenError;
use crate::game::Color;

pub const START: &str = "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq - 0 1";

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// Whether `sq` is one of the twelve squares where colour `c`'s pawns
/// start (the `unmoved=` default of the notation): rank 3 but f3 and g3,
/// plus f4 and g4, for White; rank 10 but f10 and g10, plus f9 and g9,
/// for Black. The Magicians start on f3 g3 f10 g10, so a pawn there has
/// moved.
pub fn initial_pawn_square(sq: usize, c: Color) -> bool {
    let (r, f) = (rank_of(sq), file_of(sq));
    let centre = f == 5 || f == 6;
    let (home, ahead) = match c {
        Color::White => (2, 3),
        Color::Black => (9, 8),
    };
    (r == home && !centre) || (r == ahead && centre)
}

impl Position {
    pub fn start() -> Position {
        Position::from_fen(START).expect("start FEN")
    }

    /// The occupants of a cell as FEN letters, in canonical order: the full
    /// piece, then white Halfers, then black ones.
    pub(super) fn cell_letters(&self, sq: usize) -> Vec<char> {
        let mut occ = Vec::new();
        if self.full[sq] != 0 {
            occ.push(piece_char(Piece(self.full[sq])));
        }
        occ.extend(std::iter::repeat_n(
            'H',
            self.halfers(sq, Color::White) as usize,
        ));
        occ.extend(std::iter::repeat_n(
            'h',
            self.halfers(sq, Color::Black) as usize,
        ));
        occ
    }

    pub(super) fn default_unmoved(&self) -> super::bitset::Set144 {
        let mut s = super::bitset::Set144::EMPTY;
        for sq in 0..CELLS {
            if self.full[sq] != 0 {
                let p = Piece(self.full[sq]);
                if p.kind() == Kind::Pawn && initial_pawn_square(sq, p.color()) {
                    s.set(sq);
                }
            }
        }
        s
    }

    /// Reads a full-state FEN, field by field in order (the first error
    /// found is the one reported), then checks the whole position and that
    /// the text is in canonical form.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 6 {
            return err(format!(
                "expected at least 6 fields (board, side, castling, e.p., halfmove, fullmove), got {}",
                fields.len()
            ));
        }
        let mut p = Position::empty();
        parse_board(&mut p, fields[0])?;
        p.side = parse_side(fields[1])?;
        parse_castling(&mut p, fields[2])?;
        check_castling_pieces(&p)?;
        parse_ep(&mut p, fields[3])?;
        parse_counters(&mut p, fields[4], fields[5])?;
        parse_extra_fields(&mut p, &fields[6..])?;
        // Whole-position checks.
        validate(&p)?;
        canonical(&fields, &p)?;
        Ok(p)
    }
}

/// The board field: twelve ranks, 12 down to 1, separated by `/`.
fn parse_board(p: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != SIDE {
        return err(format!("the board has {} ranks, not 12", ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        parse_rank(p, text, SIDE - 1 - i)?;
    }
    Ok(())
}

/// One rank (`r` counted from 0) filling files a to l: a number counts
/// empty squares, `*` is a hole, a letter is a piece, and `(..)` is a
/// shared square.
fn parse_rank(p: &mut Position, text: &str, r: usize) -> Result<(), FenError> {
    let mut f = 0usize;
    let b: Vec<char> = text.chars().collect();
    let mut j = 0;
    let rank_name = r + 1;
    while j < b.len() {
        let ch = b[j];
        if f >= SIDE {
            return err(format!("rank {rank_name} has more than 12 files"));
        }
        if ch.is_ascii_digit() {
            let mut n = 0usize;
            while j < b.len() && b[j].is_ascii_digit() {
                n = n * 10 + b[j].to_digit(10).unwrap() as usize;
                j += 1;
                if n > SIDE {
                    return err(format!("rank {rank_name}: empty run too long"));
                }
            }
            if n == 0 || f + n > SIDE {
                return err(format!("rank {rank_name} does not fill 12 files"));
            }
            f += n;
            continue;
        }
        let sq = square(f, r);
        if ch == '*' {
            p.toggle_hole(sq);
        } else if ch == '(' {
            j = parse_shared_cell(p, &b, j, sq, rank_name)?;
        } else {
            place_letter(p, sq, ch, rank_name)?;
        }
        f += 1;
        j += 1;
    }
    if f != SIDE {
        return err(format!("rank {rank_name} does not fill 12 files"));
    }
    Ok(())
}

/// A shared square `(..)` whose `(` is `b[open]`: exactly two occupants,
/// in canonical order. Returns the index of the `)`.
fn parse_shared_cell(
    p: &mut Position,
    b: &[char],
    open: usize,
    sq: usize,
    rank_name: usize,
) -> Result<usize, FenError> {
    let close = b[open..].iter().position(|&c| c == ')').map(|k| open + k);
    let Some(close) = close else {
        return err(format!("rank {rank_name}: '(' without ')'"));
    };
    let inner: Vec<char> = b[open + 1..close].to_vec();
    if inner.len() != 2 {
        return err(format!(
            "rank {rank_name}: a shared square holds exactly two occupants"
        ));
    }
    for &o in &inner {
        place_letter(p, sq, o, rank_name)?;
    }
    // Canonical order: full piece first, white Halfer before black.
    if p.cell_letters(sq) != inner {
        return err(format!(
            "rank {rank_name}: write a shared square full piece first, white Halfer before black"
        ));
    }
    Ok(close)
}

/// The side to move: `w` or `b`.
fn parse_side(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        s => err(format!("side to move '{s}' is not w or b")),
    }
}

/// The castling field: `-`, or letters of `KQkq`, each once, in that
/// order.
fn parse_castling(p: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for ch in field.chars() {
        let bit = match ch {
            'K' => CASTLE_WK,
            'Q' => CASTLE_WQ,
            'k' => CASTLE_BK,
            'q' => CASTLE_BQ,
            _ => return err(format!("castling field '{field}' has '{ch}'")),
        };
        if p.castling & bit != 0 || p.castling >= bit << 1 {
            return err(format!("castling field '{field}' is not in KQkq order"));
        }
        p.castling |= bit;
    }
    Ok(())
}

/// A castling right needs its King on g1 (g12) and its Rook at home.
fn check_castling_pieces(p: &Position) -> Result<(), FenError> {
    for c in [Color::White, Color::Black] {
        let r = if c == Color::White { 0 } else { 11 };
        for (bit, _, rook_from, _, _) in castlings(c) {
            if p.castling & bit != 0
                && (p.full[square(6, r)] != Piece::new(Kind::King, c).0
                    || p.full[rook_from] != Piece::new(Kind::Rook, c).0)
            {
                return err(format!(
                    "castling right without the {} king on g{} and rook on {}",
                    c.name(),
                    r + 1,
                    name(rook_from)
                ));
            }
        }
    }
    Ok(())
}

/// The en passant field: `-`, or the empty cells the last multi-step
/// passed, in order, comma-separated, with the pawn that made it just
/// beyond the last one.
fn parse_ep(p: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let mover = p.side.flip();
    let dr = forward(mover);
    let mut prev: Option<usize> = None;
    for t in field.split(',') {
        let Some(sq) = parse_square(t) else {
            return err(format!("e.p. cell '{t}' is not a square name"));
        };
        if let Some(pr) = prev {
            if offset(pr, 0, dr) != Some(sq) {
                return err(format!("e.p. cells '{field}' are not one pawn's path"));
            }
        }
        if !p.squares.has(sq) || p.occ.has(sq) {
            return err(format!("e.p. cell {t} is not an empty square"));
        }
        if p.n_ep as usize >= 4 {
            return err("too many e.p. cells");
        }
        p.ep[p.n_ep as usize] = sq as u8;
        p.n_ep += 1;
        prev = Some(sq);
    }
    let pawn = prev.and_then(|l| offset(l, 0, dr));
    if pawn.is_none_or(|s| p.full[s] != Piece::new(Kind::Pawn, mover).0) {
        return err(format!(
            "e.p. cells '{field}' are not followed by the {} pawn that passed them",
            mover.name()
        ));
    }
    // A multi-step starts where pawns start and ends by the half-way
    // mark (R-A10.1).
    let origin = offset(p.ep[0] as usize, 0, -dr);
    let beyond_half = pawn.is_some_and(|s| match mover {
        Color::White => rank_of(s) > 5,
        Color::Black => rank_of(s) < 6,
    });
    if !origin.is_some_and(|o| initial_pawn_square(o, mover)) || beyond_half {
        return err(format!(
            "e.p. cells '{field}' are not the path of a {} pawn's first move (from a square where its pawns start, up to the half-way mark)",
            mover.name()
        ));
    }
    Ok(())
}

/// The halfmove clock and the fullmove number (from 1).
fn parse_counters(p: &mut Position, halfmove: &str, fullmove: &str) -> Result<(), FenError> {
    p.halfmove = halfmove
        .parse()
        .map_err(|_| FenError(format!("halfmove clock '{halfmove}' is not a number")))?;
    p.fullmove = fullmove
        .parse()
        .map_err(|_| FenError(format!("fullmove number '{fullmove}' is not a number")))?;
    if p.fullmove == 0 {
        return err("fullmove number starts at 1");
    }
    Ok(())
}

/// The `name=value` fields after the sixth, each at most once and in the
/// order `sieges`, `tunnels`, `powers`, `unmoved`. Without `unmoved=` the
/// default set of never-moved pawns is taken.
fn parse_extra_fields(p: &mut Position, extras: &[&str]) -> Result<(), FenError> {
    let order = ["sieges", "tunnels", "powers", "unmoved"];
    let mut last = None;
    let mut unmoved_given = false;
    for extra in extras {
        let Some((key, value)) = extra.split_once('=') else {
            return err(format!("extra field '{extra}' is not name=value"));
        };
        let Some(idx) = order.iter().position(|&k| k == key) else {
            return err(format!("unknown extra field '{key}'"));
        };
        if last.is_some_and(|l| l >= idx) {
            return err(format!(
                "extra field '{key}' out of order (sieges, tunnels, powers, unmoved, once each)"
            ));
        }
        last = Some(idx);
        match key {
            "sieges" => parse_sieges(p, value)?,
            "tunnels" => parse_tunnels(p, value)?,
            "powers" => parse_powers(p, value)?,
            _ => {
                unmoved_given = true;
                parse_unmoved(p, value)?;
            }
        }
    }
    if !unmoved_given {
        for sq in p.default_unmoved().iter() {
            p.set_unmoved(sq, true);
        }
    }
    Ok(())
}

/// The value of `unmoved=`: `-`, or the squares of pawns standing on a
/// starting square of their colour, each once.
fn parse_unmoved(p: &mut Position, value: &str) -> Result<(), FenError> {
    if value == "-" {
        return Ok(());
    }
    for t in value.split(',') {
        let Some(sq) = parse_square(t) else {
            return err(format!("unmoved pawn '{t}' is not a square"));
        };
        if p.full[sq] == 0 || Piece(p.full[sq]).kind() != Kind::Pawn {
            return err(format!("unmoved pawn square {t} holds no pawn"));
        }
        let pc = Piece(p.full[sq]);
        if !initial_pawn_square(sq, pc.color()) {
            return err(format!(
                "unmoved pawn {t} is not on a starting square of a {} pawn",
                pc.color().name()
            ));
        }
        if p.unmoved.has(sq) {
            return err(format!("unmoved pawn {t} listed twice"));
        }
        p.set_unmoved(sq, true);
    }
    Ok(())
}

/// The notation's parsing "accepts exactly the canonical strings": each
/// field must read as `to_fen` writes it. This refuses what the field
/// checks let through: an extra field with its default value (for example
/// an `unmoved=` list of exactly the default squares), lists out of their
/// order, numbers with a sign or leading zeros.
fn canonical(fields: &[&str], p: &Position) -> Result<(), FenError> {
    let printed = p.to_fen();
    let want: Vec<&str> = printed.split(' ').collect();
    for (i, &given) in fields.iter().enumerate() {
        if want.get(i) == Some(&given) {
            continue;
        }
        if let Some((key, _)) = given.split_once('=') {
            let prefix = format!("{key}=");
            if !want.iter().any(|w| w.starts_with(&prefix)) {
                return err(format!(
                    "'{given}' is the default of {key}=; the field is left out"
                ));
            }
        }
        return err(format!(
            "'{given}' is not in canonical form; written as '{}'",
            want.get(i).copied().unwrap_or("")
        ));
    }
    if fields.len() != want.len() {
        return err(format!("not in canonical form; written as '{printed}'"));
    }
    Ok(())
}

fn place_letter(p: &mut Position, sq: usize, ch: char, rank: usize) -> Result<(), FenError> {
    let Some(kind) = Kind::from_letter(ch) else {
        return err(format!("rank {rank}: unknown piece letter '{ch}'"));
    };
    let c = if ch.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    if kind == Kind::Halfer {
        if p.halfers(sq, c) >= 2 {
            return err(format!("rank {rank}: too many Halfers on {}", name(sq)));
        }
        p.add_halfer(sq, c);
    } else {
        if p.full[sq] != 0 {
            return err(format!("rank {rank}: two full pieces on {}", name(sq)));
        }
        if kind == Kind::King && p.king[c.index()] != NONE {
            return err(format!("more than one {} king", c.name()));
        }
        p.put(sq, Piece::new(kind, c));
    }
    Ok(())
}

fn parse_sieges(p: &mut Position, value: &str) -> Result<(), FenError> {
    let mut prev = None;
    for t in value.split(',') {
        let bad = || FenError(format!("siege '{t}' is not <square><w|b><1-4>"));
        if t.len() < 4 {
            return Err(bad());
        }
        let (sq_text, rest) = t.split_at(t.len() - 2);
        let sq = parse_square(sq_text).ok_or_else(bad)?;
        let besieger = match &rest[..1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(bad()),
        };
        let left: u8 = rest[1..].parse().map_err(|_| bad())?;
        if !(1..=4).contains(&left) {
            return Err(bad());
        }
        if prev.is_some_and(|pr| pr >= sq) {
            return err("sieges are not in square order");
        }
        prev = Some(sq);
        if p.n_sieges as usize >= MAX_SIEGES {
            return err("too many sieges");
        }
        // The cell must hold exactly a besieger and a victim of the other
        // colour, one of them a Halfer, the victim never a king.
        let v = besieger.flip();
        let full = p.piece_at(sq);
        let (hb, hv) = (p.halfers(sq, besieger), p.halfers(sq, v));
        let ok = match full {
            Some(f) if f.color() == besieger => hb == 0 && hv == 1,
            Some(f) => f.kind() != Kind::King && hb == 1 && hv == 0,
            None => hb == 1 && hv == 1,
        };
        if !ok {
            return err(format!(
                "siege on {} needs a {} besieger and a {} victim there (one a Halfer, never a king)",
                name(sq),
                besieger.name(),
                v.name()
            ));
        }
        // The counter is 4 right after the besieger's ply and falls by one
        // each ply: even means the victim's side moves next.
        if left.is_multiple_of(2) != (p.side != besieger) {
            return err(format!(
                "siege on {} with {left} plies left cannot have {} to move",
                name(sq),
                p.side.name()
            ));
        }
        p.add_siege(Siege {
            sq: sq as u8,
            besieger,
            left,
        });
    }
    Ok(())
}

fn parse_tunnels(p: &mut Position, value: &str) -> Result<(), FenError> {
    for t in value.split(',') {
        let bad = |why: &str| FenError(format!("tunnel '{t}': {why}"));
        let (head, rest) = t
            .split_once(':')
            .ok_or_else(|| bad("expected <w|b><turns>:cells"))?;
        let owner = match head.get(..1) {
            Some("w") => Color::White,
            Some("b") => Color::Black,
            _ => return Err(bad("owner is not w or b")),
        };
        let turns: u8 = head[1..].parse().map_err(|_| bad("turns is not 1 or 2"))?;
        if !(1..=2).contains(&turns) {
            return Err(bad("turns is not 1 or 2"));
        }
        let (cells_text, at) = match rest.split_once('@') {
            Some((c, a)) => (c, Some(a)),
            None => (rest, None),
        };
        let mut tun = Tunnel {
            owner,
            turns,
            len: 0,
            cells: [NONE; TUNNEL_MAX],
            digger: NONE,
        };
        let mut step = None;
        for c in cells_text.split('-') {
            let sq = parse_square(c).ok_or_else(|| bad("a cell is not a square name"))?;
            if tun.len > 0 {
                let prev = tun.cells[tun.len as usize - 1] as usize;
                let d = (
                    file_of(sq) as i32 - file_of(prev) as i32,
                    rank_of(sq) as i32 - rank_of(prev) as i32,
                );
                if d.0.abs() != 1 || d.1.abs() != 1 || step.is_some_and(|s| s != d) {
                    return Err(bad("cells are not one diagonal line"));
                }
                step = Some(d);
            }
            if tun.len as usize >= TUNNEL_MAX {
                return Err(bad("too long"));
            }
            tun.cells[tun.len as usize] = sq as u8;
            tun.len += 1;
        }
        if tun.len < 2 {
            return Err(bad("a tunnel has at least two cells"));
        }
        if let Some(a) = at {
            let sq = parse_square(a).ok_or_else(|| bad("the Digger square is not a square"))?;
            if p.full[sq] != Piece::new(Kind::Digger, owner).0 {
                return Err(bad("no Digger of its owner stands on the @ square"));
            }
            tun.digger = sq as u8;
        }
        if p.n_tunnels as usize >= MAX_TUNNELS {
            return err("too many tunnels");
        }
        p.add_tunnel(tun);
    }
    Ok(())
}

fn parse_powers(p: &mut Position, value: &str) -> Result<(), FenError> {
    let mut prev = None;
    for t in value.split(',') {
        let bad = |why: &str| FenError(format!("powers '{t}': {why}"));
        let (sq_text, letters) = t
            .split_once(':')
            .ok_or_else(|| bad("expected square:letters"))?;
        let sq = parse_square(sq_text).ok_or_else(|| bad("not a square"))?;
        if p.full[sq] == 0 || Piece(p.full[sq]).kind() != Kind::Bacteria {
            return Err(bad("no Bacteria stands there"));
        }
        if prev.is_some_and(|pr| pr >= sq) {
            return err("powers are not in square order");
        }
        prev = Some(sq);
        let mut mask = 0u8;
        let mut last = None;
        for ch in letters.chars() {
            let Some(i) = power::LETTERS.iter().position(|&(_, l)| l == ch) else {
                return Err(bad("unknown power letter (RBPDCTS)"));
            };
            if last.is_some_and(|l| l >= i) {
                return Err(bad("letters not in RBPDCTS order"));
            }
            last = Some(i);
            mask |= power::LETTERS[i].0;
        }
        if mask == 0 {
            return Err(bad("no power listed"));
        }
        p.set_powers(sq, mask);
    }
    Ok(())
}

fn validate(p: &Position) -> Result<(), FenError> {
    for c in [Color::White, Color::Black] {
        if p.king[c.index()] == NONE {
            return err(format!("no {} king", c.name()));
        }
        // Walls: zero or two cells forming one orthogonal pair.
        let w = Piece::new(Kind::Wall, c).0;
        let cells: Vec<usize> = (0..CELLS).filter(|&s| p.full[s] == w).collect();
        match cells.len() {
            0 => {}
            2 => {
                let (a, b) = (cells[0], cells[1]);
                let adjacent = (rank_of(a) == rank_of(b) && file_of(b) == file_of(a) + 1)
                    || (file_of(a) == file_of(b) && rank_of(b) == rank_of(a) + 1);
                if !adjacent {
                    return err(format!(
                        "the {} Wall's cells are not side by side",
                        c.name()
                    ));
                }
            }
            n => return err(format!("{n} {} Wall cells (a Wall has two)", c.name())),
        }
        for sq in 0..CELLS {
            if p.full[sq] == Piece::new(Kind::Pawn, c).0 && rank_of(sq) == last_rank(c) {
                return err(format!(
                    "a {} pawn on its last rank ({})",
                    c.name(),
                    name(sq)
                ));
            }
        }
    }
    // Shared squares: only the pairs R-A0.3 allows, unless a siege.
    for sq in 0..CELLS {
        if p.frozen.has(sq) {
            continue;
        }
        let total = p.halfer_total(sq) + (p.full[sq] != 0) as u8;
        if total < 2 {
            continue;
        }
        let ok = match p.piece_at(sq) {
            Some(f) => p.halfers(sq, f.color()) == 1 && p.halfers(sq, f.color().flip()) == 0,
            None => true,
        };
        if !ok {
            return err(format!(
                "{} holds occupants that may not share (a full piece shares only with a Halfer of its colour)",
                name(sq)
            ));
        }
    }
    if p.king_capturable(p.side) {
        return err(format!(
            "the side not to move ({}) is in check",
            p.side.flip().name()
        ));
    }
    Ok(())
}
