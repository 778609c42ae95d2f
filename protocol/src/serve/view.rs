//! A position as the page draws it, in JSON: the named squares and their
//! contents ([`crate::diagram::grid`]), marks on squares for state the
//! board letters do not show (Strange Chess sieges, tunnels and Bacteria
//! powers), lines of status in words (Dysnomia's pools, denial right and
//! bait), and the legal moves with the squares a person clicks for each.
//!
//! The page knows no rules: it offers exactly the listed moves, matching
//! the squares clicked against each move's squares in order.

use super::json;
use crate::diagram::{dysnomia_status, grid, grid_of, Cell, Grid};
use movegen::{AnyPosition, Variant};

/// The squares a move names, in the order they are written: the clicks
/// that choose it. Names are matched longest first (`c10` before `c1`,
/// `bc10` before `b`), so a move's text is read as the rule documents
/// write it; levels (`[1]`), marks and letters are not clicks.
pub fn click_path(text: &str, names: &[&str]) -> Vec<String> {
    let mut path = Vec::new();
    let mut i = 0;
    let b = text.as_bytes();
    while i < b.len() {
        let found = names
            .iter()
            .filter(|n| text[i..].starts_with(**n))
            .max_by_key(|n| n.len());
        match found {
            // Not the tail of a longer word (`bc10` is not `c10`), nor the
            // head of a longer number (`c10` is not `c1`).
            Some(n)
                if (i == 0 || !b[i - 1].is_ascii_lowercase())
                    && !b.get(i + n.len()).is_some_and(u8::is_ascii_digit) =>
            {
                path.push(n.to_string());
                i += n.len();
            }
            _ => i += 1,
        }
    }
    path
}

/// Marks on squares: `(square, kind, text)`.
fn marks(v: Variant, fen: &str) -> Vec<(String, &'static str, String)> {
    let mut out = Vec::new();
    if v != Variant::StrangeChess {
        return out;
    }
    for field in fen.split_whitespace().skip(6) {
        let Some((name, value)) = field.split_once('=') else {
            continue;
        };
        for item in value.split(',') {
            match name {
                // f6w4: the square, the besieger, plies left.
                "sieges" if item.len() >= 4 && item.is_ascii() => {
                    let end = 1 + item[1..]
                        .find(|c: char| !c.is_ascii_digit())
                        .unwrap_or(item.len() - 1);
                    let (sq, who) = item.split_at(end);
                    out.push((sq.to_string(), "siege", who.to_string()));
                }
                // w2:c1-d2-e3-f4@f4
                "tunnels" => {
                    if let Some((head, cells)) = item.split_once(':') {
                        let cells = cells.split('@').next().unwrap_or("");
                        for c in cells.split('-') {
                            out.push((c.to_string(), "tunnel", head.to_string()));
                        }
                    }
                }
                // b1:RB
                "powers" => {
                    if let Some((sq, p)) = item.split_once(':') {
                        out.push((sq.to_string(), "powers", p.to_string()));
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// What the board letters do not say, in words.
fn status(pos: &AnyPosition, fen: &str, marks: &[(String, &'static str, String)]) -> Vec<String> {
    let mut lines = Vec::new();
    if let AnyPosition::Dysnomia(s) = pos {
        lines.extend(dysnomia_status(s).lines().map(str::to_string));
    }
    if pos.variant() == Variant::StrangeChess {
        for (sq, kind, text) in marks {
            lines.push(match *kind {
                "siege" => {
                    let (who, plies) = text.split_at(1);
                    let who = if who == "w" { "White" } else { "Black" };
                    format!("Siege on {sq}: {who} besieges, {plies} plies left")
                }
                "powers" => format!("Bacteria on {sq} has gained {text}"),
                _ => continue,
            });
        }
        if let Some(t) = fen
            .split_whitespace()
            .find_map(|f| f.strip_prefix("tunnels="))
        {
            lines.push(format!("Tunnels: {t}"));
        }
    }
    if pos.in_check() {
        lines.push("Check".into());
    }
    lines
}

fn cell_json(c: &crate::diagram::GridCell) -> String {
    let (hole, piece) = match &c.cell {
        Cell::Hole => (true, None),
        Cell::Empty => (false, None),
        Cell::Piece(p) => (false, Some(p.as_str())),
    };
    json::object([
        ("name", json::string(&c.name)),
        ("x", format!("{}", c.x)),
        ("y", c.y.to_string()),
        ("hole", hole.to_string()),
        ("piece", json::opt_string(piece)),
    ])
}

/// The board of `pos` as JSON.
pub fn board_json(pos: &AnyPosition) -> String {
    // The FEN is written once and read for the squares, marks and status.
    let fen = pos.fen();
    let Grid {
        files,
        ranks,
        cells,
    } = grid_of(pos.variant(), fen.split_whitespace().next().unwrap_or(""));
    let marks = marks(pos.variant(), &fen);
    let status = status(pos, &fen, &marks);
    json::object([
        ("files", files.to_string()),
        ("ranks", ranks.to_string()),
        ("cells", json::array(cells.iter().map(cell_json))),
        (
            "marks",
            json::array(marks.iter().map(|(sq, kind, text)| {
                json::object([
                    ("square", json::string(sq)),
                    ("kind", json::string(kind)),
                    ("text", json::string(text)),
                ])
            })),
        ),
        (
            "status",
            json::array(status.iter().map(|l| json::string(l))),
        ),
    ])
}

/// The legal moves of `pos` with their click paths, in text order.
pub fn moves_json(pos: &AnyPosition) -> String {
    let g = grid(pos);
    let names: Vec<&str> = g.cells.iter().map(|c| c.name.as_str()).collect();
    let mut moves = pos.legal_move_strings();
    moves.sort();
    moves.dedup();
    json::array(moves.iter().map(|m| {
        json::object([
            ("text", json::string(m)),
            (
                "path",
                json::array(click_path(m, &names).iter().map(|s| json::string(s))),
            ),
        ])
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn click_paths_read_squares_longest_first() {
        let t43 = grid(&AnyPosition::start(Variant::Trubix43));
        let names: Vec<&str> = t43.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(click_path("c9bc10s", &names), ["c9", "bc10"]);
        // Trubix-43 has no c10: the text names b9 alone.
        assert_eq!(click_path("b9c10q", &names), ["b9"]);
        let t41 = grid(&AnyPosition::start(Variant::Trubix));
        let names: Vec<&str> = t41.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(click_path("b9c10q", &names), ["b9", "c10"]);
        assert_eq!(click_path("c0c1", &names), ["c0", "c1"]);
        let sc = grid(&AnyPosition::start(Variant::StrangeChess));
        let names: Vec<&str> = sc.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(click_path("a12a1", &names), ["a12", "a1"]);
        assert_eq!(click_path("e4f6,f6g7v", &names), ["e4", "f6", "f6", "g7"]);
        assert_eq!(click_path("d4d4", &names), ["d4", "d4"]);
        let dy = grid(&AnyPosition::start(Variant::Dysnomia));
        let names: Vec<&str> = dy.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(click_path("a1[1]a4", &names), ["a1", "a4"]);
        assert_eq!(click_path("Q@e5", &names), ["e5"]);
        assert!(click_path("@@@@", &names).is_empty());
    }

    #[test]
    fn every_legal_move_of_every_start_has_a_path_unless_it_names_no_square() {
        for v in Variant::ALL {
            let pos = AnyPosition::start(v);
            let j = moves_json(&pos);
            assert!(!j.contains("\"path\":[]"), "{v}: {j}");
            assert!(board_json(&pos).contains("\"cells\":[{"), "{v}");
        }
    }

    #[test]
    fn strange_chess_state_beyond_the_letters_is_marked() {
        let fen = "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq - 0 1 powers=b1:RB";
        let pos = AnyPosition::from_fen(Variant::StrangeChess, fen).unwrap();
        let j = board_json(&pos);
        assert!(
            j.contains(r#"{"square":"b1","kind":"powers","text":"RB"}"#),
            "{j}"
        );
        assert!(j.contains("Bacteria on b1 has gained RB"), "{j}");
    }
}
