//! Full-state FEN of notation-dysnomia.md: strict parsing and canonical printing.

use super::gen::king_capturable;
use super::*;

const EXTRAS: [&str; 6] = ["pools", "risen", "denial", "protected", "forbid", "bait"];
const ORIGINAL: [u32; 5] = [1, 1, 2, 2, 2]; // K Q R B N

fn colour_char(c: u8) -> char {
    if c == WHITE {
        'w'
    } else {
        'b'
    }
}

fn pool_group(counts: &[u32; 5], c: u8) -> String {
    let mut s = String::new();
    for t in POOL_KINDS {
        for _ in 0..counts[t.idx()] {
            s.push(if c == WHITE { t.upper() } else { t.lower() });
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

pub fn print(p: &Pos) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for f in 0..8 {
            let sq = r * 8 + f;
            let col = &p.sq[sq];
            if p.statue[sq].is_none() && col.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            if let Some(c) = p.statue[sq] {
                s.push(if c == WHITE { 'T' } else { 't' });
            } else if col.len() == 1 {
                s.push(col[0].letter());
            } else {
                s.push('(');
                for pc in col {
                    s.push(pc.letter());
                }
                s.push(')');
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(colour_char(p.stm));
    s.push(' ');
    let cast: String = "KQkq"
        .chars()
        .zip(p.castle.iter())
        .filter(|(_, &b)| b)
        .map(|(ch, _)| ch)
        .collect();
    s.push_str(if cast.is_empty() { "-" } else { &cast });
    s.push(' ');
    match p.ep {
        Some((cell, psq)) => s.push_str(&format!("{}:{}", sq_name(cell), sq_name(psq))),
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", p.half, p.full));
    let pools_empty = p
        .captured
        .iter()
        .chain(p.exiled.iter())
        .all(|g| g.iter().all(|&n| n == 0));
    if !pools_empty {
        s.push_str(&format!(
            " pools={}/{}/{}/{}",
            pool_group(&p.captured[0], WHITE),
            pool_group(&p.exiled[0], WHITE),
            pool_group(&p.captured[1], BLACK),
            pool_group(&p.exiled[1], BLACK)
        ));
    }
    let mut risen = Vec::new();
    for sq in 0..64 {
        for (l, pc) in p.sq[sq].iter().enumerate() {
            if pc.risen != 0 {
                if p.sq[sq].len() >= 2 {
                    risen.push(format!("{}[{}]", sq_name(sq), l));
                } else {
                    risen.push(sq_name(sq));
                }
            }
        }
    }
    if !risen.is_empty() {
        s.push_str(&format!(" risen={}", risen.join(",")));
    }
    if p.denial != BLACK {
        s.push_str(" denial=w");
    }
    if let Some(c) = p.protected {
        s.push_str(&format!(" protected={}", colour_char(c)));
    }
    if let Some(f) = &p.forbid {
        s.push_str(&format!(" forbid={}", f));
    }
    if p.bait {
        s.push_str(" bait=1");
    }
    s
}

fn parse_colour(v: &str, what: &str) -> Result<u8, String> {
    match v {
        "w" => Ok(WHITE),
        "b" => Ok(BLACK),
        _ => Err(format!("{}: expected 'w' or 'b', got '{}'", what, v)),
    }
}

fn parse_num(v: &str, what: &str) -> Result<u32, String> {
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) || v.len() > 9 {
        return Err(format!("{}: '{}' is not a number", what, v));
    }
    v.parse::<u32>()
        .map_err(|_| format!("{}: '{}' is not a number", what, v))
}

/// `e4` or `e4[2]`.
fn parse_sq_level(v: &str) -> Option<(usize, Option<usize>)> {
    if v.len() < 2 || !v.is_ascii() {
        return None;
    }
    let sq = parse_sq(&v[..2])?;
    let rest = &v[2..];
    if rest.is_empty() {
        return Some((sq, None));
    }
    let inner = rest.strip_prefix('[')?.strip_suffix(']')?;
    if inner.is_empty() || inner.len() > 2 || !inner.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((sq, Some(inner.parse().ok()?)))
}

fn parse_board(p: &mut Pos, board: &str) -> Result<(), String> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("board has {} ranks, expected 8", ranks.len()));
    }
    for (i, rs) in ranks.iter().enumerate() {
        let r = 7 - i as i32;
        let rn = r + 1;
        let chars: Vec<char> = rs.chars().collect();
        let mut f = 0i32;
        let mut j = 0;
        let mut prev_digit = false;
        while j < chars.len() {
            let ch = chars[j];
            if f >= 8 {
                return Err(format!("rank {} has more than 8 files", rn));
            }
            let sq = (r * 8 + f) as usize;
            if ('1'..='8').contains(&ch) {
                if prev_digit {
                    return Err(format!("rank {}: two digits in a row", rn));
                }
                let n = ch as i32 - '0' as i32;
                if f + n > 8 {
                    return Err(format!("rank {} has more than 8 files", rn));
                }
                f += n;
                prev_digit = true;
                j += 1;
                continue;
            }
            prev_digit = false;
            if ch == 'T' || ch == 't' {
                p.statue[sq] = Some(if ch == 'T' { WHITE } else { BLACK });
            } else if ch == '(' {
                let Some(close) = chars[j..].iter().position(|&c| c == ')') else {
                    return Err(format!("rank {}: '(' without ')'", rn));
                };
                let inner = &chars[j + 1..j + close];
                if inner.len() < 2 {
                    return Err(format!("rank {}: a column needs at least two pieces", rn));
                }
                for &pc in inner {
                    if pc == 'T' || pc == 't' {
                        return Err(format!("rank {}: a Statue inside a column", rn));
                    }
                    let Some((k, c)) = Kind::from_letter(pc) else {
                        return Err(format!("rank {}: unknown letter '{}' in a column", rn, pc));
                    };
                    let id = p.new_id();
                    p.sq[sq].push(Piece { c, k, risen: 0, id });
                }
                if p.sq[sq][0].k != Kind::R {
                    return Err(format!(
                        "{}: the bottom of a column must be a Rook",
                        sq_name(sq)
                    ));
                }
                j += close;
            } else {
                let Some((k, c)) = Kind::from_letter(ch) else {
                    return Err(format!("rank {}: unknown letter '{}'", rn, ch));
                };
                let id = p.new_id();
                p.sq[sq].push(Piece { c, k, risen: 0, id });
            }
            f += 1;
            j += 1;
        }
        if f != 8 {
            return Err(format!("rank {} has {} files, expected 8", rn, f));
        }
    }
    for sq in 0..64 {
        if p.sq[sq].len() == 1 && p.sq[sq][0].k == Kind::P && rank(sq) == first_rank(p.sq[sq][0].c)
        {
            return Err(format!(
                "{}: pawn on its own first rank outside a column",
                sq_name(sq)
            ));
        }
    }
    Ok(())
}

fn parse_pools(p: &mut Pos, v: &str) -> Result<(), String> {
    let groups: Vec<&str> = v.split('/').collect();
    if groups.len() != 4 {
        return Err(format!("pools: expected 4 groups, got {}", groups.len()));
    }
    for (gi, g) in groups.iter().enumerate() {
        let c = if gi < 2 { WHITE } else { BLACK };
        if *g == "-" {
            continue;
        }
        if g.is_empty() {
            return Err("pools: empty group (use '-')".to_string());
        }
        let mut last = 0;
        for ch in g.chars() {
            let up = ch.to_ascii_uppercase();
            let ok_case = if c == WHITE {
                ch.is_ascii_uppercase()
            } else {
                ch.is_ascii_lowercase()
            };
            let Some(t) = Kind::pool_from_upper(up) else {
                return Err(format!("pools: unknown letter '{}'", ch));
            };
            if !ok_case {
                return Err(format!("pools: '{}' has the wrong case for its group", ch));
            }
            if t.idx() < last {
                return Err(format!("pools: letters not in KQRBN order in '{}'", g));
            }
            last = t.idx();
            if gi % 2 == 0 {
                p.captured[c as usize][t.idx()] += 1;
            } else {
                p.exiled[c as usize][t.idx()] += 1;
            }
        }
    }
    Ok(())
}

fn parse_risen(p: &mut Pos, v: &str) -> Result<(), String> {
    let mut prev: Option<(usize, usize)> = None;
    for item in v.split(',') {
        let Some((sq, lvl)) = parse_sq_level(item) else {
            return Err(format!("risen: bad square '{}'", item));
        };
        let col_len = p.sq[sq].len();
        let l = match lvl {
            Some(l) if col_len >= 2 => l,
            None if col_len == 1 => 0,
            _ => {
                return Err(format!(
                    "risen: '{}': a level is written exactly when the square holds a column",
                    item
                ))
            }
        };
        if l >= col_len || p.sq[sq][l].k != Kind::B {
            return Err(format!("risen: no bishop at '{}'", item));
        }
        if prev.map(|pr| pr >= (sq, l)).unwrap_or(false) {
            return Err("risen: squares not in square order or repeated".to_string());
        }
        prev = Some((sq, l));
        p.sq[sq][l].risen = 1;
    }
    Ok(())
}

pub fn parse(fen: &str) -> Result<Pos, String> {
    let fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() < 6 {
        return Err(format!(
            "FEN needs at least 6 space-separated fields, got {}",
            fields.len()
        ));
    }
    if fields.iter().any(|f| f.is_empty()) {
        return Err("empty FEN field (extra or trailing space?)".to_string());
    }
    let mut p = Pos::empty();
    parse_board(&mut p, fields[0])?;
    p.stm = parse_colour(fields[1], "side to move")?;
    // Castling.
    if fields[2] != "-" {
        let mut last: i32 = -1;
        for ch in fields[2].chars() {
            let Some(i) = "KQkq".find(ch) else {
                return Err(format!("castling: unknown letter '{}'", ch));
            };
            if i as i32 <= last {
                return Err("castling: letters must be in KQkq order without repeats".to_string());
            }
            last = i as i32;
            p.castle[i] = true;
        }
    }
    for (i, (c, ksq, rsq)) in [
        (WHITE, 4usize, 7usize),
        (WHITE, 4, 0),
        (BLACK, 60, 63),
        (BLACK, 60, 56),
    ]
    .into_iter()
    .enumerate()
    {
        if !p.castle[i] {
            continue;
        }
        let kok = p.sq[ksq].len() == 1 && p.sq[ksq][0].k == Kind::K && p.sq[ksq][0].c == c;
        let rok = p.sq[rsq]
            .first()
            .map(|r| r.k == Kind::R && r.c == c)
            .unwrap_or(false);
        if !(kok && rok) {
            return Err(format!(
                "castling right '{}' without its King on {} and Rook on {}",
                &"KQkq"[i..i + 1],
                sq_name(ksq),
                sq_name(rsq)
            ));
        }
    }
    let ep_field = fields[3];
    let half = parse_num(fields[4], "halfmove clock")?;
    let full = parse_num(fields[5], "fullmove number")?;
    if full == 0 {
        return Err("fullmove number must be at least 1".to_string());
    }
    p.half = half;
    p.full = full;
    // Extra fields.
    let mut last_idx: i32 = -1;
    for extra in &fields[6..] {
        let Some((name, val)) = extra.split_once('=') else {
            return Err(format!("extra field '{}' is not name=value", extra));
        };
        let Some(idx) = EXTRAS.iter().position(|e| *e == name) else {
            return Err(format!("unknown extra field '{}'", name));
        };
        if idx as i32 <= last_idx {
            return Err(format!("extra field '{}' out of order or repeated", name));
        }
        last_idx = idx as i32;
        if val.is_empty() {
            return Err(format!("extra field '{}' has an empty value", name));
        }
        match name {
            "pools" => parse_pools(&mut p, val)?,
            "risen" => parse_risen(&mut p, val)?,
            // notation-dysnomia.md: printing leaves a field at its default
            // out and parsing accepts exactly the canonical strings.
            "denial" if val == "b" => {
                return Err("denial=b is the default; the field is left out".to_string())
            }
            "denial" => p.denial = parse_colour(val, "denial")?,
            "protected" => p.protected = Some(parse_colour(val, "protected")?),
            "forbid" => {
                if !val.bytes().all(|b| b.is_ascii_graphic()) {
                    return Err("forbid: bad characters".to_string());
                }
                p.forbid = Some(val.to_string());
            }
            "bait" => {
                if val != "1" {
                    return Err(format!("bait: expected '1', got '{}'", val));
                }
                p.bait = true;
            }
            _ => {}
        }
    }
    // Counts: board plus pools never exceed the original 32 pieces.
    for c in [WHITE, BLACK] {
        let ci = c as usize;
        let mut board = [0u32; 6];
        for pc in p.sq.iter().flatten() {
            if pc.c == c {
                board[pc.k.idx()] += 1;
            }
        }
        for t in POOL_KINDS {
            let n = board[t.idx()] + p.captured[ci][t.idx()] + p.exiled[ci][t.idx()];
            if n > ORIGINAL[t.idx()] {
                return Err(format!(
                    "{} has {} pieces of type {} (board plus pools), more than the original {}",
                    if c == WHITE { "White" } else { "Black" },
                    n,
                    t.upper(),
                    ORIGINAL[t.idx()]
                ));
            }
        }
        let statues = p.statue.iter().filter(|s| **s == Some(c)).count() as u32;
        if board[5] + statues > 8 {
            return Err(format!(
                "{} has {} pawns and statues, more than 8",
                if c == WHITE { "White" } else { "Black" },
                board[5] + statues
            ));
        }
        if p.captured[ci][0] > 0 || board[0] + p.exiled[ci][0] != 1 {
            return Err(format!(
                "{}'s King must be on the board or in its exiled pool",
                if c == WHITE { "White" } else { "Black" }
            ));
        }
    }
    // En passant.
    if ep_field != "-" {
        let Some((a, b)) = ep_field.split_once(':') else {
            return Err(format!(
                "en passant: expected 'cell:pawn', got '{}'",
                ep_field
            ));
        };
        let (Some(cell), Some(psq)) = (parse_sq(a), parse_sq(b)) else {
            return Err(format!("en passant: bad squares in '{}'", ep_field));
        };
        let pawn_ok = p.sq[psq].len() == 1 && p.sq[psq][0].k == Kind::P && p.sq[psq][0].c != p.stm;
        if !pawn_ok {
            return Err(format!(
                "en passant field names no pawn of the side not to move on {}",
                b
            ));
        }
        let orth = (file(cell) - file(psq)).abs() + (rank(cell) - rank(psq)).abs() == 1;
        if !orth || !p.sq[cell].is_empty() || p.statue[cell].is_some() {
            return Err(format!(
                "en passant: {} is not an empty cell next to the pawn on {}",
                a, b
            ));
        }
        p.ep = Some((cell, psq));
    }
    // The side not to move must not have a capturable King (skipped while a bait is
    // pending, where that is the point) [D24].
    if !p.bait && king_capturable(&p, 1 - p.stm) {
        return Err("the side not to move has a King that can be captured".to_string());
    }
    Ok(p)
}
