//! Full-state FEN of notation-strangechess.md: printing and strict parsing.

use super::*;

fn colour_char(white: bool) -> char {
    if white {
        'w'
    } else {
        'b'
    }
}

impl RefPos {
    fn default_unmoved(&self) -> BTreeSet<Sq> {
        (0..144)
            .filter(|&s| {
                [true, false].iter().any(|&white| {
                    self.cells[s].has(Piece::new(white, Kind::Pawn))
                        && initial_pawn_square(white, s)
                })
            })
            .collect()
    }

    pub fn to_fen(&self) -> String {
        let mut board = String::new();
        for r in (0..12).rev() {
            let mut run = 0;
            for f in 0..12 {
                let c = &self.cells[sq_at(f, r).unwrap()];
                if !c.hole && c.is_empty() {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    board.push_str(&run.to_string());
                    run = 0;
                }
                if c.hole {
                    board.push('*');
                } else {
                    let occ = c.sorted();
                    if occ.len() == 1 {
                        board.push(occ[0].letter());
                    } else {
                        board.push('(');
                        board.push(occ[0].letter());
                        board.push(occ[1].letter());
                        board.push(')');
                    }
                }
            }
            if run > 0 {
                board.push_str(&run.to_string());
            }
            if r > 0 {
                board.push('/');
            }
        }
        let mut castle = String::new();
        for (i, c) in ['K', 'Q', 'k', 'q'].iter().enumerate() {
            if self.castling[i] {
                castle.push(*c);
            }
        }
        if castle.is_empty() {
            castle.push('-');
        }
        let ep = if self.ep.is_empty() {
            "-".to_string()
        } else {
            self.ep
                .iter()
                .map(|&s| sq_name(s))
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut out = format!(
            "{} {} {} {} {} {}",
            board,
            colour_char(self.white_to_move),
            castle,
            ep,
            self.halfmove,
            self.fullmove
        );
        if !self.sieges.is_empty() {
            let v: Vec<String> = self
                .sieges
                .iter()
                .map(|g| {
                    format!(
                        "{}{}{}",
                        sq_name(g.sq),
                        colour_char(g.besieger_white),
                        g.left
                    )
                })
                .collect();
            out.push_str(&format!(" sieges={}", v.join(",")));
        }
        if !self.tunnels.is_empty() {
            let v: Vec<String> = self
                .tunnels
                .iter()
                .map(|t| {
                    let cells: Vec<String> = t.cells.iter().map(|&s| sq_name(s)).collect();
                    let mut s = format!(
                        "{}{}:{}",
                        colour_char(t.owner_white),
                        t.turns,
                        cells.join("-")
                    );
                    if let Some(d) = t.digger {
                        s.push('@');
                        s.push_str(&sq_name(d));
                    }
                    s
                })
                .collect();
            out.push_str(&format!(" tunnels={}", v.join(",")));
        }
        if !self.powers.is_empty() {
            let v: Vec<String> = self
                .powers
                .iter()
                .map(|(&s, &m)| {
                    let letters: String = POWER_LETTERS
                        .iter()
                        .filter(|(b, _)| m & b != 0)
                        .map(|(_, c)| *c)
                        .collect();
                    format!("{}:{}", sq_name(s), letters)
                })
                .collect();
            out.push_str(&format!(" powers={}", v.join(",")));
        }
        if self.unmoved != self.default_unmoved() {
            if self.unmoved.is_empty() {
                out.push_str(" unmoved=-");
            } else {
                let v: Vec<String> = self.unmoved.iter().map(|&s| sq_name(s)).collect();
                out.push_str(&format!(" unmoved={}", v.join(",")));
            }
        }
        out
    }

    /// Reads a FEN. notation-strangechess.md: "parsing accepts exactly the
    /// canonical strings", so a FEN that reads as a position but does not
    /// print back byte for byte (a field in another order, a default
    /// written out, a sign or leading zero) is refused.
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        let pos = RefPos::read_fen(fen)?;
        let canonical = pos.to_fen();
        if canonical != fen {
            return Err(format!(
                "not the canonical FEN of its position: {canonical}"
            ));
        }
        Ok(pos)
    }

    fn read_fen(fen: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 6 {
            return Err(format!(
                "FEN needs at least 6 fields (board, side, castling, e.p., halfmove, fullmove), got {}",
                fields.len()
            ));
        }
        let mut pos = RefPos {
            cells: [Cell::default(); 144],
            white_to_move: true,
            castling: [false; 4],
            ep: vec![],
            halfmove: 0,
            fullmove: 1,
            sieges: vec![],
            tunnels: vec![],
            powers: BTreeMap::new(),
            unmoved: BTreeSet::new(),
        };
        parse_board(fields[0], &mut pos)?;
        pos.white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => {
                return Err(format!(
                    "FEN side to move must be 'w' or 'b', got '{other}'"
                ))
            }
        };
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let i = match c {
                    'K' => 0,
                    'Q' => 1,
                    'k' => 2,
                    'q' => 3,
                    _ => return Err(format!("FEN castling field: unknown letter '{c}'")),
                };
                if pos.castling[i] {
                    return Err(format!("FEN castling field: '{c}' given twice"));
                }
                pos.castling[i] = true;
            }
        }
        if fields[3] != "-" {
            for part in fields[3].split(',') {
                let s = parse_sq(part).ok_or(format!("FEN e.p. field: bad square '{part}'"))?;
                pos.ep.push(s);
            }
        }
        pos.halfmove = fields[4]
            .parse()
            .map_err(|_| format!("FEN halfmove clock must be a number, got '{}'", fields[4]))?;
        pos.fullmove = fields[5]
            .parse()
            .map_err(|_| format!("FEN fullmove number must be a number, got '{}'", fields[5]))?;
        if pos.fullmove == 0 {
            return Err("FEN fullmove number must be at least 1".into());
        }
        // extra fields, in the order of the spec, each at most once
        let names = ["sieges", "tunnels", "powers", "unmoved"];
        let mut last: Option<usize> = None;
        let mut unmoved_given = false;
        for extra in &fields[6..] {
            let (name, value) = extra
                .split_once('=')
                .ok_or(format!("FEN extra field '{extra}' is not name=value"))?;
            let idx = names
                .iter()
                .position(|n| *n == name)
                .ok_or(format!("FEN extra field: unknown name '{name}'"))?;
            if last.is_some_and(|l| l >= idx) {
                return Err(format!(
                    "FEN extra field '{name}' repeated or out of order (order: sieges, tunnels, powers, unmoved)"
                ));
            }
            last = Some(idx);
            match idx {
                0 => parse_sieges(value, &mut pos)?,
                1 => parse_tunnels(value, &mut pos)?,
                2 => parse_powers(value, &mut pos)?,
                _ => {
                    unmoved_given = true;
                    parse_unmoved(value, &mut pos)?
                }
            }
        }
        if !unmoved_given {
            pos.unmoved = pos.default_unmoved();
        }
        validate(&pos)?;
        Ok(pos)
    }
}

fn parse_board(b: &str, pos: &mut RefPos) -> Result<(), String> {
    let ranks: Vec<&str> = b.split('/').collect();
    if ranks.len() != 12 {
        return Err(format!("FEN board has {} ranks, expected 12", ranks.len()));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let r = 11 - i as i32;
        let mut f = 0i32;
        let chars: Vec<char> = rank.chars().collect();
        let mut j = 0;
        let overflow = |f: i32| {
            if f > 12 {
                Err(format!("FEN board: rank {} has more than 12 files", r + 1))
            } else {
                Ok(())
            }
        };
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let mut k = j;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    k += 1;
                }
                let num: String = chars[j..k].iter().collect();
                let n: i32 = num
                    .parse()
                    .map_err(|_| format!("FEN board: bad number '{num}' on rank {}", r + 1))?;
                if n == 0 {
                    return Err(format!("FEN board: empty run of 0 on rank {}", r + 1));
                }
                f += n;
                overflow(f)?;
                j = k;
            } else if c == '*' {
                overflow(f + 1)?;
                pos.cells[sq_at(f, r).unwrap()].hole = true;
                f += 1;
                j += 1;
            } else if c == '(' {
                let close = chars[j..]
                    .iter()
                    .position(|&x| x == ')')
                    .ok_or(format!("FEN board: '(' without ')' on rank {}", r + 1))?;
                let inner: Vec<char> = chars[j + 1..j + close].to_vec();
                if inner.len() != 2 {
                    return Err(format!(
                        "FEN board: a parenthesised square must hold exactly 2 letters (rank {})",
                        r + 1
                    ));
                }
                overflow(f + 1)?;
                let s = sq_at(f, r).unwrap();
                for l in inner {
                    let k = Kind::from_letter(l)
                        .ok_or(format!("FEN board: unknown letter '{l}' on rank {}", r + 1))?;
                    pos.cells[s].add(Piece::new(l.is_ascii_uppercase(), k));
                }
                f += 1;
                j += close + 1;
            } else {
                let k = Kind::from_letter(c)
                    .filter(|_| c.is_ascii_alphabetic())
                    .ok_or(format!("FEN board: unknown letter '{c}' on rank {}", r + 1))?;
                overflow(f + 1)?;
                pos.cells[sq_at(f, r).unwrap()].add(Piece::new(c.is_ascii_uppercase(), k));
                f += 1;
                j += 1;
            }
        }
        if f != 12 {
            return Err(format!(
                "FEN board: rank {} fills {} files, expected 12",
                r + 1,
                f
            ));
        }
    }
    Ok(())
}

fn parse_colour(c: Option<char>, what: &str) -> Result<bool, String> {
    match c {
        Some('w') => Ok(true),
        Some('b') => Ok(false),
        _ => Err(format!("FEN {what}: expected colour 'w' or 'b'")),
    }
}

fn parse_sieges(v: &str, pos: &mut RefPos) -> Result<(), String> {
    for part in v.split(',') {
        let (s, n) = parse_sq_prefix(part.as_bytes())
            .ok_or(format!("FEN sieges: bad square in '{part}'"))?;
        let rest: Vec<char> = part[n..].chars().collect();
        if rest.len() != 2 {
            return Err(format!(
                "FEN sieges: '{part}' must be square, colour, plies left"
            ));
        }
        let white = parse_colour(Some(rest[0]), "sieges")?;
        let left = rest[1]
            .to_digit(10)
            .filter(|d| (1..=4).contains(d))
            .ok_or(format!("FEN sieges: plies left in '{part}' must be 1 to 4"))?;
        if pos.siege_at(s).is_some() {
            return Err(format!("FEN sieges: square {} listed twice", sq_name(s)));
        }
        pos.sieges.push(Siege {
            sq: s,
            besieger_white: white,
            left: left as u8,
        });
    }
    pos.sieges.sort_by_key(|g| g.sq);
    Ok(())
}

fn parse_tunnels(v: &str, pos: &mut RefPos) -> Result<(), String> {
    for part in v.split(',') {
        let mut ch = part.chars();
        let owner = parse_colour(ch.next(), "tunnels")?;
        let turns = ch
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|d| (1..=2).contains(d))
            .ok_or(format!(
                "FEN tunnels: turns left in '{part}' must be 1 or 2"
            ))?;
        let rest = &part[2..];
        let rest = rest
            .strip_prefix(':')
            .ok_or(format!("FEN tunnels: expected ':' in '{part}'"))?;
        let (cells_txt, digger_txt) = match rest.split_once('@') {
            Some((a, b)) => (a, Some(b)),
            None => (rest, None),
        };
        let mut cells = vec![];
        for c in cells_txt.split('-') {
            cells.push(parse_sq(c).ok_or(format!("FEN tunnels: bad cell '{c}' in '{part}'"))?);
        }
        if cells.len() < 2 {
            return Err(format!("FEN tunnels: '{part}' needs at least 2 cells"));
        }
        let df = file_of(cells[1]) - file_of(cells[0]);
        let dr = rank_of(cells[1]) - rank_of(cells[0]);
        if df.abs() != 1 || dr.abs() != 1 {
            return Err(format!(
                "FEN tunnels: cells of '{part}' are not one diagonal line"
            ));
        }
        for w in cells.windows(2) {
            if file_of(w[1]) - file_of(w[0]) != df || rank_of(w[1]) - rank_of(w[0]) != dr {
                return Err(format!(
                    "FEN tunnels: cells of '{part}' are not one diagonal line"
                ));
            }
        }
        let digger = match digger_txt {
            None => None,
            Some(d) => {
                let s = parse_sq(d).ok_or(format!("FEN tunnels: bad Digger square '{d}'"))?;
                if !pos.cells[s].has(Piece::new(owner, Kind::Digger)) {
                    return Err(format!(
                        "FEN tunnels: no {} Digger on {} named by '{part}'",
                        if owner { "white" } else { "black" },
                        sq_name(s)
                    ));
                }
                Some(s)
            }
        };
        pos.tunnels.push(Tunnel {
            owner_white: owner,
            turns: turns as u8,
            cells,
            digger,
        });
    }
    Ok(())
}

fn parse_powers(v: &str, pos: &mut RefPos) -> Result<(), String> {
    for part in v.split(',') {
        let (sq_txt, letters) = part.split_once(':').ok_or(format!(
            "FEN powers: expected 'square:letters', got '{part}'"
        ))?;
        let s = parse_sq(sq_txt).ok_or(format!("FEN powers: bad square '{sq_txt}'"))?;
        if pos.cells[s].full().map(|p| p.kind) != Some(Kind::Bacteria) {
            return Err(format!("FEN powers: no Bacteria on {}", sq_name(s)));
        }
        if pos.powers.contains_key(&s) {
            return Err(format!("FEN powers: square {} listed twice", sq_name(s)));
        }
        let mut m = 0u8;
        for c in letters.chars() {
            let bit = POWER_LETTERS
                .iter()
                .find(|(_, l)| *l == c)
                .map(|(b, _)| *b)
                .ok_or(format!("FEN powers: unknown power '{c}' in '{part}'"))?;
            if m & bit != 0 {
                return Err(format!("FEN powers: power '{c}' given twice in '{part}'"));
            }
            m |= bit;
        }
        if m == 0 {
            return Err(format!("FEN powers: '{part}' lists no power"));
        }
        pos.powers.insert(s, m);
    }
    Ok(())
}

fn parse_unmoved(v: &str, pos: &mut RefPos) -> Result<(), String> {
    if v == "-" {
        return Ok(());
    }
    for part in v.split(',') {
        let s = parse_sq(part).ok_or(format!("FEN unmoved: bad square '{part}'"))?;
        let pawn = pos.cells[s].full().filter(|p| p.kind == Kind::Pawn);
        let Some(p) = pawn else {
            return Err(format!("FEN unmoved: no pawn on {}", sq_name(s)));
        };
        if !initial_pawn_square(p.white, s) {
            return Err(format!(
                "FEN unmoved: {} is not an initial pawn square of its colour",
                sq_name(s)
            ));
        }
        if !pos.unmoved.insert(s) {
            return Err(format!("FEN unmoved: square {} listed twice", sq_name(s)));
        }
    }
    Ok(())
}

fn validate(pos: &RefPos) -> Result<(), String> {
    // kings
    for white in [true, false] {
        let n = (0..144)
            .filter(|&s| pos.cells[s].has(Piece::new(white, Kind::King)))
            .count();
        if n != 1 {
            return Err(format!(
                "FEN must have exactly one {} king, found {n}",
                if white { "white" } else { "black" }
            ));
        }
    }
    // walls
    for white in [true, false] {
        let cells = pos.wall_cells(white);
        let name = if white { "white" } else { "black" };
        match cells.len() {
            0 => {}
            2 => {
                let (a, b) = (cells[0], cells[1]);
                let adj = (file_of(a) - file_of(b)).abs() + (rank_of(a) - rank_of(b)).abs() == 1;
                if !adj {
                    return Err(format!(
                        "FEN: the {name} Wall cells {} and {} are not one orthogonal pair",
                        sq_name(a),
                        sq_name(b)
                    ));
                }
            }
            1 => return Err(format!("FEN: a {name} Wall needs two cells, found one")),
            n => {
                return Err(format!(
                "FEN: more than one {name} Wall ({n} Wall cells; each side has at most one Wall)"
            ))
            }
        }
    }
    // sieges
    for g in &pos.sieges {
        let occ: Vec<Piece> = pos.cells[g.sq].pieces().collect();
        let s = sq_name(g.sq);
        if occ.len() != 2 || occ[0].white == occ[1].white {
            return Err(format!(
                "FEN sieges: {s} must hold exactly a besieger and a victim of opposite colours"
            ));
        }
        if !occ.iter().any(|p| p.halfer()) {
            return Err(format!(
                "FEN sieges: {s} holds no Halfer, so it cannot be a siege"
            ));
        }
        let victim = occ.iter().find(|p| p.white != g.besieger_white).unwrap();
        if victim.kind == Kind::King {
            return Err(format!("FEN sieges: the victim on {s} is a king"));
        }
        // 4 and 2 plies left: the victim's side is to move; 3 and 1: the besieger's
        let victim_to_move = g.left % 2 == 0;
        if victim_to_move != (pos.white_to_move == victim.white) {
            return Err(format!(
                "FEN sieges: {s} with {} plies left is impossible with this side to move",
                g.left
            ));
        }
    }
    // sharing (R-A0.3)
    for s in 0..144 {
        let occ: Vec<Piece> = pos.cells[s].pieces().collect();
        if occ.len() == 2 && pos.siege_at(s).is_none() {
            let ok = (occ[0].halfer() && occ[1].halfer())
                || (occ[0].white == occ[1].white && (occ[0].halfer() != occ[1].halfer()));
            if !ok {
                return Err(format!(
                    "FEN: {} holds {}{} which may not share and is not a listed siege",
                    sq_name(s),
                    occ[0].letter(),
                    occ[1].letter()
                ));
            }
        }
    }
    // pawns on their last rank
    for s in 0..144 {
        for white in [true, false] {
            let last = if white { 11 } else { 0 };
            if rank_of(s) == last && pos.cells[s].has(Piece::new(white, Kind::Pawn)) {
                return Err(format!("FEN: pawn on its last rank at {}", sq_name(s)));
            }
        }
    }
    // castling rights need the king and rook at home [D-fen-castling]
    for (i, c) in ['K', 'Q', 'k', 'q'].iter().enumerate() {
        if !pos.castling[i] {
            continue;
        }
        let white = i < 2;
        let r = if white { 0 } else { 11 };
        let rook_file = if i % 2 == 0 { 11 } else { 0 };
        let king_ok = pos.cells[sq_at(6, r).unwrap()].has(Piece::new(white, Kind::King));
        let rook_ok = pos.cells[sq_at(rook_file, r).unwrap()].has(Piece::new(white, Kind::Rook));
        if !king_ok || !rook_ok {
            return Err(format!(
                "FEN castling right '{c}' needs the king on {} and a rook on {}",
                sq_name(sq_at(6, r).unwrap()),
                sq_name(sq_at(rook_file, r).unwrap())
            ));
        }
    }
    // e.p. cells [D-fen-ep]
    if !pos.ep.is_empty() {
        let mover_white = !pos.white_to_move;
        let dir = if mover_white { 1 } else { -1 };
        if pos.ep.len() > 2 {
            return Err("FEN e.p.: too many cells".into());
        }
        for w in pos.ep.windows(2) {
            if offset(w[0], 0, dir) != Some(w[1]) {
                return Err(format!(
                    "FEN e.p.: cells must be consecutive on one file in the direction of the {} pawn",
                    if mover_white { "white" } else { "black" }
                ));
            }
        }
        for &c in &pos.ep {
            if !pos.cells[c].empty_square() {
                return Err(format!("FEN e.p.: {} is not an empty square", sq_name(c)));
            }
        }
        let origin = offset(pos.ep[0], 0, -dir);
        let landing = offset(*pos.ep.last().unwrap(), 0, dir);
        let origin_ok = origin.is_some_and(|o| initial_pawn_square(mover_white, o));
        let landing_ok = landing.is_some_and(|l| {
            pos.cells[l].has(Piece::new(mover_white, Kind::Pawn))
                && if mover_white {
                    rank_of(l) <= 5
                } else {
                    rank_of(l) >= 6
                }
        });
        if !origin_ok || !landing_ok {
            return Err(
                "FEN e.p.: the cells are not those passed by a pawn of the side that just moved on its first move"
                    .into(),
            );
        }
    }
    // the side not to move must not be in check
    if pos.king_capturable(!pos.white_to_move) {
        return Err("FEN: the side not to move is in check".into());
    }
    Ok(())
}
