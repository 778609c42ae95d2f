//! The full-state FEN of `notation-dysnomia.md`, byte for byte: six
//! fields as in chess (columns in parentheses bottom first, `T`/`t`
//! Statues, en passant as `cell:pawn`), then `pools=`, `risen=`,
//! `denial=`, `protected=`, `forbid=`, `bait=` in that order, each left
//! out at its default.

use super::board::{parse_square_prefix, square_name, Kind, Piece, Square, Stack};
use super::position::{Forbid, Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use crate::error::FenError;
use crate::game::Color;

/// The start position (R-B1.1).
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

fn color_char(c: Color) -> char {
    match c {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

fn parse_color(s: &str, field: &str) -> Result<Color, FenError> {
    match s {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => err(format!("{field} must be 'w' or 'b', not '{s}'")),
    }
}

/// A square with an optional level: `a1` or `a1[2]`; the rest of `t`.
fn parse_cell(t: &str) -> Option<(Square, Option<usize>, &str)> {
    let (sq, n) = parse_square_prefix(t.as_bytes())?;
    let rest = &t[n..];
    if let Some(r) = rest.strip_prefix('[') {
        let close = r.find(']')?;
        let digits = &r[..close];
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.len() > 1 && digits.starts_with('0') {
            return None;
        }
        return Some((sq, Some(digits.parse().ok()?), &r[close + 1..]));
    }
    Some((sq, None, rest))
}

impl Position {
    /// Reads a FEN; refuses anything the notation does not define or no
    /// game can reach, with a message naming the fault. Each field has its
    /// own function; they are called in the order the checks always ran,
    /// so a FEN with several faults names the same one.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        if !fen.is_ascii() {
            return err("only ASCII characters are allowed");
        }
        // Canonical strings only (notation-dysnomia.md): one space between
        // fields, none before or after.
        if fen.split(' ').any(str::is_empty)
            || fen.contains(|c: char| c.is_whitespace() && c != ' ')
        {
            return err("fields must be separated by single spaces, with none before or after");
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 6 {
            return err(format!(
                "expected at least 6 fields (board, side, castling, en passant, halfmove clock, fullmove number), found {}",
                fields.len()
            ));
        }
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;
        pos.side = parse_color(fields[1], "side to move")?;
        pos.castling = parse_castling(fields[2])?;
        pos.halfmove = parse_halfmove(fields[4])?;
        pos.fullmove = parse_fullmove(fields[5])?;
        let (risen, risen_text) = parse_extra_fields(&mut pos, &fields[6..])?;
        check_no_defaults(&fields[6..])?;
        mark_risen(&mut pos, &risen, &risen_text)?;
        pos.ep = parse_ep(&pos, fields[3])?;
        check_material(&pos)?;
        check_mover_king(&pos)?;
        check_castling(&pos)?;
        pos.judge_pending_bait();
        Ok(pos)
    }

    /// The canonical FEN: the six fields, then each extra field that is
    /// not at its default, in the order `pools=`, `risen=`, `denial=`,
    /// `protected=`, `forbid=`, `bait=`.
    pub fn to_fen(&self) -> String {
        let mut s = self.board_field();
        s.push(' ');
        s.push(color_char(self.side));
        s.push(' ');
        s.push_str(&self.castling_field());
        s.push(' ');
        s.push_str(&self.ep_field());
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        let extras = [
            self.pools_field(),
            self.risen_field(),
            (self.denial != Color::Black).then(|| "denial=w".to_string()),
            self.protected
                .map(|c| format!("protected={}", color_char(c))),
            self.forbid.as_ref().map(|f| format!("forbid={}", f.text())),
            self.bait.then(|| "bait=1".to_string()),
        ];
        for extra in extras.into_iter().flatten() {
            s.push(' ');
            s.push_str(&extra);
        }
        s
    }

    /// The board field: ranks 8 down to 1 separated by `/`, a lone piece
    /// by its letter, a column in parentheses bottom first, runs of empty
    /// squares as one digit.
    fn board_field(&self) -> String {
        let mut s = String::new();
        for r in (0..8u8).rev() {
            let mut run = 0;
            for f in 0..8u8 {
                let stack = self.board.stack(r * 8 + f);
                if stack.is_empty() {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    s.push((b'0' + run) as char);
                    run = 0;
                }
                if stack.len() == 1 {
                    s.push(stack[0].letter());
                } else {
                    s.push('(');
                    s.extend(stack.iter().map(|p| p.letter()));
                    s.push(')');
                }
            }
            if run > 0 {
                s.push((b'0' + run) as char);
            }
            if r > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The castling field: the rights in `KQkq` order, `-` for none.
    fn castling_field(&self) -> String {
        let c = self.castling;
        if c == 0 {
            return "-".to_string();
        }
        [
            (CASTLE_WK, 'K'),
            (CASTLE_WQ, 'Q'),
            (CASTLE_BK, 'k'),
            (CASTLE_BQ, 'q'),
        ]
        .iter()
        .filter(|&&(bit, _)| c & bit != 0)
        .map(|&(_, ch)| ch)
        .collect()
    }

    /// The en passant field: `cell:pawn`, `-` for none.
    fn ep_field(&self) -> String {
        match self.ep {
            Some((cell, pawn)) => format!("{}:{}", square_name(cell), square_name(pawn)),
            None => "-".to_string(),
        }
    }

    /// `pools=` with white captured, white exiled, black captured, black
    /// exiled, each group in pool order or `-`; `None` when all are empty.
    fn pools_field(&self) -> Option<String> {
        let p = &self.pools;
        if p.captured == [[0; 5]; 2] && p.exiled == [[0; 5]; 2] {
            return None;
        }
        let group = |counts: &[u8; 5], color: Color| {
            let mut g = String::new();
            for k in Kind::POOL {
                for _ in 0..counts[k as usize] {
                    g.push(Piece::new(color, k).letter());
                }
            }
            if g.is_empty() {
                g.push('-');
            }
            g
        };
        Some(format!(
            "pools={}/{}/{}/{}",
            group(&p.captured[0], Color::White),
            group(&p.exiled[0], Color::White),
            group(&p.captured[1], Color::Black),
            group(&p.exiled[1], Color::Black)
        ))
    }

    /// `risen=` with each risen Bishop's square in square order, with its
    /// level inside a column; `None` when there is none.
    fn risen_field(&self) -> Option<String> {
        let risen: Vec<String> = self
            .board
            .pieces()
            .filter(|(_, _, p)| p.risen())
            .map(|(sq, level, _)| {
                if self.board.height(sq) > 1 {
                    format!("{}[{level}]", square_name(sq))
                } else {
                    square_name(sq)
                }
            })
            .collect();
        (!risen.is_empty()).then(|| format!("risen={}", risen.join(",")))
    }
}

fn parse_halfmove(s: &str) -> Result<u16, FenError> {
    s.parse()
        .map_err(|_| FenError(format!("halfmove clock '{s}' is not a number")))
}

fn parse_fullmove(s: &str) -> Result<u16, FenError> {
    match s.parse() {
        Ok(n) if n >= 1 => Ok(n),
        _ => err(format!("fullmove number '{s}' must be 1 or more")),
    }
}

/// The extra fields, `name=value` in the one order of the notation, each
/// at most once, read into `pos`; `risen=` is only read here (its squares
/// and its text) and marked by [`mark_risen`] once the defaults are
/// checked, as it always was.
fn parse_extra_fields(
    pos: &mut Position,
    extras: &[&str],
) -> Result<(Vec<(Square, usize)>, String), FenError> {
    let mut risen: Vec<(Square, usize)> = Vec::new();
    let mut risen_text = String::new();
    let order = ["pools", "risen", "denial", "protected", "forbid", "bait"];
    let mut last = None;
    for extra in extras {
        let Some((name, value)) = extra.split_once('=') else {
            return err(format!("extra field '{extra}' is not name=value"));
        };
        let Some(i) = order.iter().position(|&n| n == name) else {
            return err(format!(
                "unknown field '{name}' (known: pools, risen, denial, protected, forbid, bait)"
            ));
        };
        if last.is_some_and(|l| l >= i) {
            return err(format!(
                "field '{name}' out of order or repeated (order: pools, risen, denial, protected, forbid, bait)"
            ));
        }
        last = Some(i);
        match name {
            "pools" => parse_pools(pos, value)?,
            "risen" => {
                risen_text = value.to_string();
                risen = parse_risen(value)?;
            }
            "denial" => pos.denial = parse_color(value, "denial=")?,
            "protected" => pos.protected = Some(parse_color(value, "protected=")?),
            "forbid" => pos.forbid = Some(parse_forbid(value)?),
            "bait" => pos.bait = parse_bait(value)?,
            _ => unreachable!("names come from the list above"),
        }
    }
    Ok((risen, risen_text))
}

/// The squares (and levels, 0 when not written) of `risen=`, in the
/// order written.
fn parse_risen(value: &str) -> Result<Vec<(Square, usize)>, FenError> {
    let mut risen = Vec::new();
    for item in value.split(',') {
        match parse_cell(item) {
            Some((sq, level, "")) => risen.push((sq, level.unwrap_or(0))),
            _ => return err(format!("risen= item '{item}' is not a square")),
        }
    }
    Ok(risen)
}

fn parse_forbid(value: &str) -> Result<Forbid, FenError> {
    Forbid::parse(value).ok_or_else(|| {
        FenError(format!(
            "forbid= value '{value}' is not a move's path (its legs, or a Bishop promotion such as Q@e5)"
        ))
    })
}

fn parse_bait(value: &str) -> Result<bool, FenError> {
    if value != "1" {
        return err(format!("bait= must be 1, not '{value}'"));
    }
    Ok(true)
}

/// Defaults written out are not canonical: refuse them.
fn check_no_defaults(extras: &[&str]) -> Result<(), FenError> {
    if extras
        .iter()
        .any(|f| matches!(*f, "pools=-/-/-/-" | "denial=b") || *f == "risen=" || *f == "pools=")
    {
        return err("a field at its default value must be left out");
    }
    Ok(())
}

/// Marks the Bishops `risen=` names as risen, once the board is read:
/// the squares in order, each level written exactly where a column
/// stands, each naming an unrisen Bishop.
fn mark_risen(
    pos: &mut Position,
    risen: &[(Square, usize)],
    risen_text: &str,
) -> Result<(), FenError> {
    if risen.windows(2).any(|w| w[0] >= w[1]) {
        return err("risen= squares must be in square order (a1, b1, ..., h8), each once");
    }
    for &(sq, level) in risen {
        // A level is written only inside a column, and must be there.
        let height = pos.board.height(sq);
        if (height > 1) != explicit_level(risen_text, sq) {
            return err(format!(
                "risen= must name {} {}",
                square_name(sq),
                if height > 1 {
                    "with its level (it holds a column)"
                } else {
                    "without a level"
                }
            ));
        }
        let mut stack = pos.board.stack(sq);
        match stack.get(level) {
            Some(p) if p.kind() == Kind::Bishop && !p.risen() => {
                stack[level] = p.with_risen(true);
                pos.board.set_stack(sq, &stack);
            }
            _ => {
                let cell = if stack.len() > 1 {
                    format!("{}[{level}]", square_name(sq))
                } else {
                    square_name(sq)
                };
                return err(format!(
                    "risen= names {cell}, which holds no Bishop (or names it twice)"
                ));
            }
        }
    }
    Ok(())
}

/// The side that just moved left its King safe, except that a bait
/// leaves it attacked on purpose.
fn check_mover_king(pos: &Position) -> Result<(), FenError> {
    if !pos.bait && pos.king_capturable(pos.side.flip()) {
        return err(format!(
            "the {} King can be captured, but {} is not to move",
            pos.side.flip().name(),
            pos.side.flip().name()
        ));
    }
    Ok(())
}

/// A castling right means the King and that Rook never moved, so both
/// stand at the bottom of their home squares.
fn check_castling(pos: &Position) -> Result<(), FenError> {
    let rights = [
        (CASTLE_WK, 'K', Color::White, 4, 7),
        (CASTLE_WQ, 'Q', Color::White, 4, 0),
        (CASTLE_BK, 'k', Color::Black, 60, 63),
        (CASTLE_BQ, 'q', Color::Black, 60, 56),
    ];
    for (bit, letter, color, king, rook) in rights {
        let home = |sq: u32, kind: Kind| pos.board.bottoms(color, kind) >> sq & 1 == 1;
        if pos.castling & bit != 0 && !(home(king, Kind::King) && home(rook, Kind::Rook)) {
            return err(format!(
                "castling right '{letter}' without the {} King and that Rook on their home squares",
                color.name()
            ));
        }
    }
    Ok(())
}

/// Whether the `risen=` text names `sq` with a level.
fn explicit_level(text: &str, sq: Square) -> bool {
    text.split(',')
        .filter_map(parse_cell)
        .any(|(s, level, _)| s == sq && level.is_some())
}

fn parse_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return err(format!("the board has {} ranks, expected 8", ranks.len()));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let r = 7 - i as u8;
        let rank_name = r + 1;
        let b = rank.as_bytes();
        let mut f = 0u8;
        let mut j = 0;
        while j < b.len() {
            if f >= 8 {
                return err(format!("rank {rank_name} '{rank}' has more than 8 files"));
            }
            let sq = r * 8 + f;
            match b[j] {
                d @ b'1'..=b'8' => {
                    f += d - b'0';
                    j += 1;
                    if f > 8 {
                        return err(format!("rank {rank_name} '{rank}' has more than 8 files"));
                    }
                    continue;
                }
                b'(' => {
                    let Some(close) = rank[j..].find(')') else {
                        return err(format!("rank {rank_name}: '(' without ')'"));
                    };
                    let inner = &rank[j + 1..j + close];
                    let mut stack = Stack::new();
                    for c in inner.bytes() {
                        let Some(p) = Piece::from_letter(c) else {
                            return err(format!(
                                "unknown piece letter '{}' in column '({inner})'",
                                c as char
                            ));
                        };
                        if stack.is_full() {
                            return err(format!("column '({inner})' is taller than 32 pieces"));
                        }
                        stack.push(p);
                    }
                    if stack.len() < 2 {
                        return err(format!(
                            "column '({inner})' on {} must hold two or more pieces (a lone piece is written without parentheses)",
                            square_name(sq)
                        ));
                    }
                    if stack[0].kind() != Kind::Rook {
                        return err(format!(
                            "column '({inner})' on {} does not stand on a Rook",
                            square_name(sq)
                        ));
                    }
                    if stack.iter().any(|p| p.kind() == Kind::Statue) {
                        return err(format!(
                            "a Statue cannot stand in the column on {}",
                            square_name(sq)
                        ));
                    }
                    if !pos.board.set_stack(sq, &stack) {
                        return err("more columns than Rooks allow");
                    }
                    j += close + 1;
                }
                c => {
                    let Some(p) = Piece::from_letter(c) else {
                        return err(format!(
                            "unknown piece letter '{}' on rank {rank_name}",
                            c as char
                        ));
                    };
                    let first_rank = if p.color() == Color::White { 0 } else { 7 };
                    if p.kind() == Kind::Pawn && r == first_rank {
                        return err(format!(
                            "a {} pawn cannot stand on its own first rank ({}) outside a column",
                            p.color().name(),
                            square_name(sq)
                        ));
                    }
                    pos.board.put(sq, p);
                    j += 1;
                }
            }
            f += 1;
        }
        if f != 8 {
            return err(format!(
                "rank {rank_name} '{rank}' fills {f} files, expected 8"
            ));
        }
    }
    Ok(())
}

fn parse_castling(s: &str) -> Result<u8, FenError> {
    if s == "-" {
        return Ok(0);
    }
    let mut bits = 0;
    let mut last = 0;
    for c in s.bytes() {
        let (bit, rank) = match c {
            b'K' => (CASTLE_WK, 1),
            b'Q' => (CASTLE_WQ, 2),
            b'k' => (CASTLE_BK, 3),
            b'q' => (CASTLE_BQ, 4),
            _ => {
                return err(format!(
                    "castling field '{s}': unknown letter '{}'",
                    c as char
                ))
            }
        };
        if rank <= last {
            return err(format!(
                "castling field '{s}' must be in the order KQkq without repeats"
            ));
        }
        last = rank;
        bits |= bit;
    }
    Ok(bits)
}

fn parse_ep(pos: &Position, s: &str) -> Result<Option<(Square, Square)>, FenError> {
    if s == "-" {
        return Ok(None);
    }
    let bad = || {
        FenError(format!(
            "en passant field '{s}' is not cell:pawn such as e3:e4"
        ))
    };
    let them = pos.side.flip();
    let (cell, pawn) = match s.split_once(':') {
        Some((a, b)) => {
            let (cell, n) = parse_square_prefix(a.as_bytes()).ok_or_else(bad)?;
            let (pawn, m) = parse_square_prefix(b.as_bytes()).ok_or_else(bad)?;
            if n != a.len() || m != b.len() {
                return Err(bad());
            }
            (cell, pawn)
        }
        // The orthodox form, the cell alone, that every chess tool (XBoard's
        // Paste Position) writes after a double step: accepted where it can
        // only mean a straight double step, the opponent's pawn one square
        // beyond the cell in its forward direction (notation-dysnomia.md,
        // FEN field 4). Printing keeps `cell:pawn`.
        None => {
            let (cell, n) = parse_square_prefix(s.as_bytes()).ok_or_else(bad)?;
            let beyond = match them {
                Color::White => cell.checked_add(8).filter(|&p| p < 64),
                Color::Black => cell.checked_sub(8),
            };
            match beyond {
                Some(pawn)
                    if n == s.len()
                        && pos.board.stack(pawn).as_slice() == [Piece::new(them, Kind::Pawn)] =>
                {
                    (cell, pawn)
                }
                _ => {
                    return err(format!(
                        "en passant field '{s}' is not cell:pawn such as e3:e4, nor a cell with a {} pawn one square beyond it",
                        them.name()
                    ))
                }
            }
        }
    };
    if pos.board.stack(pawn).as_slice() != [Piece::new(them, Kind::Pawn)] {
        return err(format!(
            "en passant field '{s}' names no {} pawn on {}",
            them.name(),
            square_name(pawn)
        ));
    }
    if pos.board.bottom(cell).is_some() {
        return err(format!(
            "en passant cell {} is not empty",
            square_name(cell)
        ));
    }
    Ok(Some((cell, pawn)))
}

fn parse_pools(pos: &mut Position, value: &str) -> Result<(), FenError> {
    let groups: Vec<&str> = value.split('/').collect();
    if groups.len() != 4 {
        return err(format!(
            "pools= '{value}' must have four groups joined by '/' (White captured, White exiled, Black captured, Black exiled)"
        ));
    }
    for (i, g) in groups.iter().enumerate() {
        let color = if i < 2 { Color::White } else { Color::Black };
        let counts = if i % 2 == 0 {
            &mut pos.pools.captured[color.index()]
        } else {
            &mut pos.pools.exiled[color.index()]
        };
        if *g == "-" {
            continue;
        }
        let mut last = 0;
        for c in g.bytes() {
            let p = Piece::from_letter(c).filter(|p| (p.kind() as usize) < 5 && p.color() == color);
            let Some(p) = p else {
                return err(format!(
                    "pools= group '{g}' may hold only {} letters among KQRBN",
                    color.name()
                ));
            };
            let k = p.kind() as usize;
            if k < last {
                return err(format!(
                    "pools= group '{g}' must list its letters in the order KQRBN"
                ));
            }
            last = k;
            counts[k] += 1;
        }
    }
    Ok(())
}

/// Per colour and type, board plus pools never exceed the original 32
/// (Statues count as pawns); each side has exactly one King, on the board
/// or exiled; no captured King.
fn check_material(pos: &Position) -> Result<(), FenError> {
    for color in [Color::White, Color::Black] {
        let c = color.index();
        for kind in Kind::POOL {
            let k = kind as usize;
            let n = pos.count_on_board(color, kind)
                + pos.pools.captured[c][k] as usize
                + pos.pools.exiled[c][k] as usize;
            if n > kind.original() as usize {
                return err(format!(
                    "{} has {n} {kind:?}s on the board and in the pools, more than the original {}",
                    color.name(),
                    kind.original()
                ));
            }
        }
        let pawns = pos.count_on_board(color, Kind::Pawn) + pos.count_on_board(color, Kind::Statue);
        if pawns > 8 {
            return err(format!(
                "{} has {pawns} pawns and Statues, more than 8",
                color.name()
            ));
        }
        if pos.pools.captured[c][Kind::King as usize] > 0 {
            return err(format!(
                "the {} King cannot be in the captured pool",
                color.name()
            ));
        }
        let kings = pos.count_on_board(color, Kind::King) + pos.pools.exiled[c][0] as usize;
        if kings != 1 {
            return err(format!(
                "{} must have exactly one King, on the board or exiled (found {kings})",
                color.name()
            ));
        }
    }
    Ok(())
}
