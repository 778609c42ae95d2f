//! XBoard's FEN (after `Edit Position`, or a relayed null move) read back
//! as ours.

use super::{COMBOS, SQUARES};

/// XBoard's FEN (its glyphs: combinations, `W`/`V` on a Wall's anchor,
/// holdings in brackets) -> our FEN. Sieges, tunnels and powers are not on
/// XBoard's board: the position has none. Our own FEN passes unchanged.
pub fn our_fen(xb_fen: &str) -> String {
    if !xb_fen.is_ascii() {
        return String::new();
    }
    let mut fields = xb_fen.split_whitespace();
    let Some(board) = fields.next() else {
        return String::new();
    };
    let board = match board.find('[') {
        Some(i) => &board[..i],
        None => board,
    };
    // Ranks top first; each rank as a list of cells (None empty). Each
    // Wall glyph: its row, file, whether it lies, and its colour.
    let mut grid: Vec<Vec<Option<String>>> = Vec::new();
    let mut walls: Vec<(usize, usize, bool, bool)> = Vec::new();
    for row in board.split('/') {
        let mut cells = Vec::new();
        let b = row.as_bytes();
        let mut j = 0;
        while j < b.len() {
            if b[j].is_ascii_digit() {
                let mut n = 0usize;
                while j < b.len() && b[j].is_ascii_digit() {
                    n = n.saturating_mul(10).saturating_add((b[j] - b'0') as usize);
                    j += 1;
                }
                cells.extend(std::iter::repeat_n(None, n.min(SQUARES)));
                continue;
            }
            if b[j] == b'(' {
                let end = row[j..].find(')').map(|e| j + e).unwrap_or(b.len() - 1);
                cells.push(Some(row[j..=end].to_string()));
                j = end + 1;
                continue;
            }
            let g = b[j];
            let up = g.to_ascii_uppercase();
            let white = g.is_ascii_uppercase();
            let case = |c: u8| {
                if white {
                    c as char
                } else {
                    c.to_ascii_lowercase() as char
                }
            };
            if matches!(up, b'W' | b'U' | b'V' | b'Y') {
                walls.push((grid.len(), cells.len(), matches!(up, b'W' | b'U'), white));
            }
            let text = if let Some(&(full, _)) = COMBOS.iter().find(|(_, c)| *c == up) {
                let full = if full == b'V' { b'W' } else { full };
                format!("({}{})", case(full), case(b'H'))
            } else if up == b'V' {
                case(b'W').to_string()
            } else {
                (g as char).to_string()
            };
            cells.push(Some(text));
            j += 1;
        }
        grid.push(cells);
    }
    // The Wall's second cell: beside a lying anchor, above a standing one.
    for (i, f, lying, white) in walls {
        let wall = if white { "W" } else { "w" };
        if lying && f + 1 < grid[i].len() {
            grid[i][f + 1] = Some(add_wall(grid[i][f + 1].take(), wall));
        } else if !lying && i >= 1 && f < grid[i - 1].len() {
            grid[i - 1][f] = Some(add_wall(grid[i - 1][f].take(), wall));
        }
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|cells| {
            let mut row = String::new();
            let mut run = 0;
            for c in cells {
                match c {
                    None => run += 1,
                    Some(t) => {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        row.push_str(t);
                    }
                }
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            row
        })
        .collect();
    let rest: Vec<&str> = fields.collect();
    let mut out = rows.join("/");
    for f in rest.iter().take(5) {
        out.push(' ');
        out.push_str(f);
    }
    out
}

/// A cell's text with the Wall's second cell added (a Halfer may share it).
fn add_wall(cell: Option<String>, wall: &str) -> String {
    match cell {
        None => wall.to_string(),
        Some(h) if h.len() == 1 => format!("({wall}{h})"),
        Some(other) => other,
    }
}
