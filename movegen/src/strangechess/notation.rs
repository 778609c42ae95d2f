//! Move strings of `notation-strangechess.md`: from, to, then suffixes in
//! the order promotion letter, `h`, `t`, `x`; a rescue's displacement as a
//! leg `,<siege><dest>`, a displaced pawn's promotion letter, then `r` or
//! `v` (two legs when a Wall rescues two full pieces at once).

use super::geometry::{name, parse_square_prefix};
use super::moves::{Move, H, T, X};
use super::position::Position;
use crate::error::MoveError;

pub fn move_string(m: Move) -> String {
    let mut s = format!("{}{}", name(m.from()), name(m.to()));
    if let Some(k) = m.promotion() {
        s.push(k.letter().to_ascii_lowercase());
    }
    if m.has(H) {
        s.push('h');
    }
    if m.has(T) {
        s.push('t');
    }
    if m.has(X) {
        s.push('x');
    }
    for leg in m.legs() {
        s.push(',');
        s.push_str(&name(leg.siege));
        s.push_str(&name(leg.dest));
        if let Some(k) = leg.promotion {
            s.push(k.letter().to_ascii_lowercase());
        }
        s.push(if m.rescuer_steps_aside() { 'r' } else { 'v' });
    }
    s
}

/// Checks the shape of a move string (squares, suffixes) before it is
/// looked up among the legal moves, so a malformed string gets a precise
/// message.
fn syntax(text: &str) -> Result<(), String> {
    let mut parts = text.split(',');
    let first = parts.next().unwrap_or_default();
    let legs: Vec<&str> = parts.collect();
    if legs.len() > 2 {
        return Err("at most two displacement legs".into());
    }
    let (_, n1) = parse_square_prefix(first).ok_or("no from-square (a1..l12)")?;
    let (_, n2) = parse_square_prefix(&first[n1..]).ok_or("no to-square (a1..l12)")?;
    let suffix = &first[n1 + n2..];
    let mut order = 0;
    for ch in suffix.chars() {
        let rank = match ch {
            'q' | 'r' | 'b' | 'n' => 1,
            'h' => 2,
            't' => 3,
            'x' => 4,
            _ => return Err(format!("unknown suffix '{ch}' (q r b n, h, t, x)")),
        };
        if rank <= order {
            return Err("suffixes out of order (promotion, h, t, x)".into());
        }
        order = rank;
    }
    for leg in legs {
        let (_, a) = parse_square_prefix(leg).ok_or("a displacement leg has no siege square")?;
        let (_, b) =
            parse_square_prefix(&leg[a..]).ok_or("a displacement leg has no destination")?;
        if !matches!(
            &leg.as_bytes()[a + b..],
            [b'r' | b'v'] | [b'q' | b'r' | b'b' | b'n', b'r' | b'v']
        ) {
            return Err(
                "a displacement leg ends in an optional promotion letter, then r (rescuer) or v (victim)"
                    .into(),
            );
        }
    }
    Ok(())
}

impl Position {
    /// Reads a move and checks that it is legal here. Wall translations
    /// may also be written with the other cell (the aliases of the spec).
    pub fn parse(&self, text: &str) -> Result<Move, MoveError> {
        syntax(text).map_err(|why| MoveError::Syntax {
            text: text.to_string(),
            why,
        })?;
        // Find the pseudo-legal move written this way, then play out only
        // that one (not the whole legal list).
        let mut found = None;
        self.pseudo_moves(self.side, &mut |m| {
            if found.is_none()
                && (move_string(m) == text || self.wall_alias(m).as_deref() == Some(text))
            {
                found = Some(m);
            }
        });
        let found = found.filter(|&m| self.pseudo_is_legal(m));
        found.ok_or_else(|| MoveError::Illegal {
            text: text.to_string(),
            why: if self.in_check_now() {
                "not a legal move here (the king is in check)".into()
            } else {
                "not a legal move here".into()
            },
        })
    }

    /// The accepted alias of a Wall translation: the other cell's from and
    /// to (broadside), or the trailing cell's (lengthwise).
    fn wall_alias(&self, m: Move) -> Option<String> {
        let (a, b) = self.wall(self.side)?;
        if m.from() != a && m.from() != b {
            return None;
        }
        let (ff, fr) = (
            super::geometry::file_of(m.from()) as i32,
            super::geometry::rank_of(m.from()) as i32,
        );
        let (tf, tr) = (
            super::geometry::file_of(m.to()) as i32,
            super::geometry::rank_of(m.to()) as i32,
        );
        if ff != tf && fr != tr {
            return None; // rotation
        }
        if self.full[m.from()]
            != super::position::Piece::new(super::position::Kind::Wall, self.side).0
            || m.has(H)
        {
            return None;
        }
        let other = if m.from() == a { b } else { a };
        let to = super::geometry::offset(other, tf - ff, tr - fr)?;
        Some(move_string(Move {
            from: other as u8,
            to: to as u8,
            ..m
        }))
    }
}
