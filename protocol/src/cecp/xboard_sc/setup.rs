//! The picture: what XBoard should show for one of our positions (see the
//! module comment of `xboard_sc`), and XBoard's board right after it was
//! given a position.

use super::model::{is_white, HOLE};
use super::{parse_square, Sq, XbBoard, COMBOS, FILES, RULES, SQUARES};

/// The glyph showing `full` sharing its square with a friendly Halfer
/// (see [`COMBOS`]), in `full`'s colour.
fn combo_of(full: u8) -> Option<u8> {
    let up = full.to_ascii_uppercase();
    let c = COMBOS.iter().find(|(f, _)| *f == up)?.1;
    Some(if full.is_ascii_uppercase() {
        c
    } else {
        c.to_ascii_lowercase()
    })
}

/// The occupants of each square, as the FEN writes them.
struct Cells {
    occ: Vec<Vec<u8>>,
    hole: [bool; SQUARES],
}

fn cells(fen: &str) -> Option<Cells> {
    let board = fen.split_whitespace().next()?;
    let mut occ = vec![Vec::new(); SQUARES];
    let mut hole = [false; SQUARES];
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 12 {
        return None;
    }
    for (i, row) in ranks.iter().enumerate() {
        let r = 11 - i;
        let mut f: usize = 0;
        let b = row.as_bytes();
        let mut j = 0;
        while j < b.len() {
            let c = b[j];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while j < b.len() && b[j].is_ascii_digit() {
                    n = n.saturating_mul(10).saturating_add((b[j] - b'0') as usize);
                    j += 1;
                }
                f = f.saturating_add(n);
                continue;
            }
            let sq = r * FILES + f;
            if f >= FILES {
                return None;
            }
            if c == b'(' {
                j += 1;
                while j < b.len() && b[j] != b')' {
                    occ[sq].push(b[j]);
                    j += 1;
                }
            } else if c == HOLE {
                hole[sq] = true;
            } else {
                occ[sq].push(c);
            }
            f += 1;
            j += 1;
        }
    }
    Some(Cells { occ, hole })
}

/// The besieger's colour on each siege square (`sieges=f6w4,...`).
fn sieges(fen: &str) -> Vec<(usize, bool)> {
    let Some(field) = fen
        .split_whitespace()
        .find_map(|f| f.strip_prefix("sieges="))
    else {
        return Vec::new();
    };
    field
        .split(',')
        .filter_map(|s| {
            let split = s.find(['w', 'b'].as_slice())?;
            let sq = parse_square(&s[..split])?;
            Some((sq, &s[split..split + 1] == "w"))
        })
        .collect()
}

/// What XBoard should show for our position (see the module comment).
/// `holes`: whether to draw holes (only in a position XBoard is given).
pub fn picture(fen: &str, holes: bool) -> Option<[u8; SQUARES]> {
    let c = cells(fen)?;
    let mut pic = [0u8; SQUARES];
    // Each colour's Wall: its anchor (the lower cell) and orientation.
    let mut wall_glyph = [None; SQUARES];
    for colour in [b'W', b'w'] {
        let at: Vec<usize> = (0..SQUARES)
            .filter(|&s| c.occ[s].contains(&colour))
            .collect();
        if at.len() == 2 {
            let lying = Sq::rank(at[0]) == Sq::rank(at[1]);
            let g = match (lying, colour == b'W') {
                (true, true) => b'W',
                (true, false) => b'w',
                (false, true) => b'V',
                (false, false) => b'v',
            };
            wall_glyph[at[0]] = Some(g);
        }
    }
    let sieges = sieges(fen);
    for sq in 0..SQUARES {
        if c.hole[sq] {
            pic[sq] = if holes { HOLE } else { 0 };
            continue;
        }
        // A Wall cell is its glyph on the anchor, nothing on the other cell.
        let shown: Vec<u8> = c.occ[sq]
            .iter()
            .filter_map(|&p| match p {
                b'W' | b'w' => wall_glyph[sq],
                _ => Some(p),
            })
            .collect();
        pic[sq] = match shown.as_slice() {
            [] => 0,
            [p] => *p,
            [a, b] => {
                if let Some(&(_, white)) = sieges.iter().find(|(s, _)| *s == sq) {
                    // The besieger.
                    if is_white(*a) == white {
                        *a
                    } else {
                        *b
                    }
                } else if is_white(*a) == is_white(*b) {
                    // Full piece first, Halfer second; or two Halfers.
                    combo_of(*a).unwrap_or(*a)
                } else if is_white(*a) {
                    *a
                } else {
                    *b
                }
            }
            _ => shown[0],
        };
    }
    Some(pic)
}

impl XbBoard {
    /// XBoard's board right after it was given `fen` (holes drawn).
    pub fn from_fen(fen: &str) -> Option<XbBoard> {
        Some(XbBoard::new(picture(fen, true)?, RULES))
    }
}
