//! The board as text: a FEN's board field read square by square
//! ([`rank_cells`]), the terminal diagram drawn from it, and what a
//! Dysnomia board does not show (pools, the denial right, a bait). The
//! terminal player and the browser board read positions through here.

use movegen::game::Color;
use movegen::{AnyPosition, Variant};

/// Draws the board. Trubix holes lie outside the board and are left
/// blank; Strange Chess holes are squares that vanished in play and show as
/// `*`. Trubix-43's offset squares sit half a file to the side, where they
/// are.
pub fn diagram(pos: &AnyPosition) -> String {
    diagram_from(pos, Color::White)
}

/// The board as `side` sees it from its chair: Black's turned round
/// (its own pieces at the bottom, files h to a).
pub fn diagram_from(pos: &AnyPosition, side: Color) -> String {
    let fen = pos.fen();
    let board = fen.split_whitespace().next().unwrap_or("");
    let drawing = pos.variant().card().drawing;
    let hole = if drawing.holes_are_squares { "*" } else { "" };
    let turned = side == Color::Black;
    let mut d = board_diagram(
        board,
        drawing.first_rank as usize,
        drawing.offset_edge_squares,
        hole,
        turned,
    );
    if let AnyPosition::Dysnomia(s) = pos {
        d.push_str(&dysnomia_status(s));
    }
    d
}

/// What a Dysnomia board does not show: the pools, risen Bishops, King in
/// Exile, the denial right and whether it can be used now, a pending bait.
/// Columns are drawn bottom to top on their square (`RpK`: a white Rook
/// carrying a black pawn with the white King on top).
pub fn dysnomia_status(s: &movegen::dysnomia::game::State) -> String {
    use movegen::dysnomia::board::square_name;
    use movegen::dysnomia::Kind;
    let p = &s.pos;
    let pool = |counts: &[u8; 5], c: Color| {
        let mut t = String::new();
        for k in Kind::POOL {
            for _ in 0..counts[k as usize] {
                let l = k.letter() as char;
                t.push(if c == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
        if t.is_empty() {
            t.push('-');
        }
        t
    };
    // The pools hold only these types: a removed pawn is gone.
    let mut out = String::from("Pools (K Q R B N only; removed pawns are gone):\n");
    for c in [Color::White, Color::Black] {
        let i = c.index();
        out.push_str(&format!(
            "{:<6} pieces: captured {}, exiled {}{}\n",
            c.name(),
            pool(&p.pools.captured[i], c),
            pool(&p.pools.exiled[i], c),
            if p.in_exile(c) {
                "  (King in exile)"
            } else {
                ""
            }
        ));
    }
    let risen: Vec<String> = p
        .board
        .pieces()
        .filter(|(_, _, pc)| pc.risen())
        .map(|(sq, _, pc)| format!("{}{}", pc.letter(), square_name(sq)))
        .collect();
    if !risen.is_empty() {
        out.push_str(&format!(
            "Risen Bishops (exiled after their owner's next turn): {}\n",
            risen.join(" ")
        ));
    }
    out.push_str(&format!("Denial right: {}", p.denial.name()));
    if s.can_deny() {
        out.push_str(&format!(
            "; {} may deny the last turn now (@@@@)",
            p.side.name()
        ));
    } else if p.denial == p.side && s.last.is_some() {
        // Protected after a denial, a bait reply, an only move, a Knight's
        // hop, or a turn another path also reaches (R-B4.1, R-B4.2).
        out.push_str("; the last turn cannot be denied");
    }
    out.push('\n');
    if let Some(f) = p.forbid {
        out.push_str(&format!(
            "{} was denied and may not play {} again\n",
            p.side.name(),
            f.text()
        ));
    }
    if p.bait {
        out.push_str(&format!(
            "Bait: {} must take a pawn or Statue in the King's place\n",
            p.side.name()
        ));
    }
    out
}

/// One square of a FEN rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Not part of the board (`*`): drawn blank.
    Hole,
    Empty,
    /// A piece letter, or the contents of a parenthesised group: two
    /// occupants of one square (`(NH)`) or a stack (`(RpK)`).
    Piece(String),
}

impl Cell {
    pub fn text<'a>(&'a self, hole: &'a str) -> &'a str {
        match self {
            Cell::Hole => hole,
            Cell::Empty => ".",
            Cell::Piece(p) => p,
        }
    }
}

/// Splits a FEN rank into its squares: runs of empty squares of any length
/// (`5`, `12`), holes (`*`), single letters, and parenthesised groups, each
/// one square.
pub fn rank_cells(rank: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut run = d as usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                run = run * 10 + d as usize;
                chars.next();
            }
            cells.extend(std::iter::repeat_n(Cell::Empty, run));
        } else if c == '*' {
            cells.push(Cell::Hole);
        } else if c == '(' {
            let group: String = chars.by_ref().take_while(|&c| c != ')').collect();
            cells.push(Cell::Piece(group));
        } else {
            cells.push(Cell::Piece(c.to_string()));
        }
    }
    cells
}

/// Draws a FEN board field (ranks from the top, `/`-separated), numbering
/// the bottom rank `first_rank`. Squares are 4 columns apart, or wider when
/// a square holds a group of 4 or more letters, so that every square's
/// contents stand apart. `t43`: the first and last ranks' second and fourth
/// squares are Trubix-43's bc/cd squares, half a file inwards. `turned`:
/// seen from Black's side, the first rank on top and the files reversed.
fn board_diagram(board: &str, first_rank: usize, t43: bool, hole: &str, turned: bool) -> String {
    let mut rows: Vec<Vec<Cell>> = board.split('/').map(rank_cells).collect();
    let files = rows.iter().map(Vec::len).max().unwrap_or(0);
    if turned {
        // A short rank is padded first, so that its squares keep their
        // files once reversed.
        for r in &mut rows {
            r.resize(files, Cell::Hole);
            r.reverse();
        }
    }
    let width = rows
        .iter()
        .flatten()
        .map(|c| c.text(hole).chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(4);
    let top = first_rank + rows.len().saturating_sub(1);
    let mut out = String::new();
    let order: Vec<usize> = if turned {
        (0..rows.len()).rev().collect()
    } else {
        (0..rows.len()).collect()
    };
    for i in order {
        let cells = &rows[i];
        let rank = top - i;
        let offset = t43 && (rank == 0 || rank == 10);
        let mut line = vec![' '; 4 + width * (files + 1)];
        for (f, c) in cells.iter().enumerate() {
            // File f at column 4 + width * f; bc/cd half a file inwards
            // (turned round, cd comes first).
            let col = match (offset, f) {
                (true, 1) => 4 + width + width / 2,
                (true, 3) => 4 + 2 * width + width / 2,
                _ => 4 + width * f,
            };
            for (k, ch) in c.text(hole).chars().enumerate() {
                line[col + k] = ch;
            }
        }
        let text: String = line.into_iter().collect();
        out.push_str(&format!("{rank:>2} {}", text.trim_end()));
        if offset && turned {
            out.push_str(&format!("        (cd{rank}, bc{rank})"));
        } else if offset {
            out.push_str(&format!("        (bc{rank}, cd{rank})"));
        }
        out.push('\n');
    }
    let mut letters: Vec<String> = (b'a'..b'a' + files as u8)
        .map(|c| (c as char).to_string())
        .collect();
    if turned {
        letters.reverse();
    }
    out.push_str(&format!(
        "       {}\n",
        letters.join(&" ".repeat(width - 1))
    ));
    out
}

/// One square of a board as a front end draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct GridCell {
    /// The square's name in the game's notation (`e4`, `c10`, `bc0`).
    pub name: String,
    /// Column from the left in files (Trubix-43's offset squares sit at
    /// 1.5 and 2.5) and row from the bottom, both seen from White.
    pub x: f32,
    pub y: u32,
    pub cell: Cell,
}

/// A board as squares with names, places and contents, read from the
/// position's FEN: the shape every front end draws from.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    pub files: usize,
    pub ranks: usize,
    /// Every square of the board (Trubix's holes, which are not squares,
    /// left out; a Strange Chess square that became a hole kept, as
    /// [`Cell::Hole`]).
    pub cells: Vec<GridCell>,
}

/// The board of `pos` as named squares.
pub fn grid(pos: &AnyPosition) -> Grid {
    let fen = pos.fen();
    grid_of(pos.variant(), fen.split_whitespace().next().unwrap_or(""))
}

/// The board field of a FEN of game `v` as named squares.
pub fn grid_of(v: Variant, board: &str) -> Grid {
    let rows: Vec<Vec<Cell>> = board.split('/').map(rank_cells).collect();
    let ranks = rows.len();
    let files = rows.iter().map(Vec::len).max().unwrap_or(0);
    let drawing = v.card().drawing;
    let (holes_are_squares, t43) = (drawing.holes_are_squares, drawing.offset_edge_squares);
    let mut cells = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let y = (ranks - 1 - i) as u32;
        let rank = drawing.first_rank as usize + y as usize;
        let edge = y == 0 || y as usize == ranks - 1;
        for (f, cell) in row.iter().enumerate() {
            if *cell == Cell::Hole && !holes_are_squares {
                continue;
            }
            let (file, x) = match (t43 && edge, f) {
                (true, 1) => ("bc".to_string(), 1.5),
                (true, 3) => ("cd".to_string(), 2.5),
                _ => (((b'a' + f as u8) as char).to_string(), f as f32),
            };
            cells.push(GridCell {
                name: format!("{file}{rank}"),
                x,
                y,
                cell: cell.clone(),
            });
        }
    }
    Grid {
        files,
        ranks,
        cells,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagrams_show_holes_and_offset_squares() {
        let d = diagram(&AnyPosition::start(Variant::Trubix));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "10             k");
        assert_eq!(lines[1], " 9     f   n   q   n   f");
        assert_eq!(lines[5], " 5         .   .   .");
        assert_eq!(lines[10], " 0             K");
        assert_eq!(lines[11], "       a   b   c   d   e");
        let d = diagram(&AnyPosition::start(Variant::Trubix43));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "10           q   k        (bc10, cd10)");
        assert_eq!(lines[1], " 9     f   c   s   c   f");
        let d = diagram(&AnyPosition::start(Variant::Chess));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], " 8     r   n   b   q   k   b   n   r");
        assert_eq!(lines[4], " 4     .   .   .   .   .   .   .   .");
        assert_eq!(lines[8], "       a   b   c   d   e   f   g   h");
        // Strange Chess: ranks 1-12, a banished square shown as `*`, a
        // square shared by a Knight and a Halfer as both letters.
        let mut p = AnyPosition::start(Variant::StrangeChess);
        p.play("e4e4").unwrap();
        let d = diagram(&p);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(
            lines[0],
            "12     r   x   h   n   b   q   k   b   n   h   x   r"
        );
        assert_eq!(
            lines[8],
            " 4     .   .   .   .   *   P   P   .   .   .   .   ."
        );
        assert_eq!(
            lines[11],
            " 1     R   X   H   N   B   Q   K   B   N   H   X   R"
        );
        assert_eq!(
            lines[12],
            "       a   b   c   d   e   f   g   h   i   j   k   l"
        );
    }

    #[test]
    fn ranks_are_read_token_by_token() {
        use Cell::*;
        let p = |s: &str| Piece(s.to_string());
        assert_eq!(rank_cells("12"), vec![Empty; 12]);
        assert_eq!(rank_cells("10"), vec![Empty; 10]);
        let mut five_pp_five = vec![Empty; 5];
        five_pp_five.extend([p("p"), p("p")]);
        five_pp_five.extend(vec![Empty; 5]);
        assert_eq!(rank_cells("5pp5"), five_pp_five);
        assert_eq!(
            rank_cells("*(NH)1(Wh)(RpK)k"),
            vec![Hole, p("NH"), Empty, p("Wh"), p("RpK"), p("k")]
        );
    }

    #[test]
    fn diagrams_show_twelve_files_and_squares_with_several_occupants() {
        let d = board_diagram("12/5pp5/(NH)10(Wh)/2(RpK)8k/11*", 1, false, "", false);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(
            lines,
            [
                " 5     .   .   .   .   .   .   .   .   .   .   .   .",
                " 4     .   .   .   .   .   p   p   .   .   .   .   .",
                " 3     NH  .   .   .   .   .   .   .   .   .   .   Wh",
                " 2     .   .   RpK .   .   .   .   .   .   .   .   k",
                " 1     .   .   .   .   .   .   .   .   .   .   .",
                "       a   b   c   d   e   f   g   h   i   j   k   l",
            ]
        );
        // A taller stack widens every square, so squares stay apart.
        let d = board_diagram("(RpKq)1/2", 1, false, "", false);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines, [" 2     RpKq .", " 1     .    .", "       a    b"]);
    }

    #[test]
    fn grids_name_every_square_where_it_is() {
        let g = grid(&AnyPosition::start(Variant::Trubix43));
        assert_eq!((g.files, g.ranks), (5, 11));
        assert_eq!(g.cells.len(), 43);
        let at = |n: &str| g.cells.iter().find(|c| c.name == n).cloned().unwrap();
        assert_eq!((at("bc0").x, at("bc0").y), (1.5, 0));
        assert_eq!((at("cd10").x, at("cd10").y), (2.5, 10));
        assert_eq!(at("cd0").cell, Cell::Piece("K".into()));
        assert_eq!(at("c3").cell, Cell::Piece("W".into()));
        let g = grid(&AnyPosition::start(Variant::Trubix));
        assert_eq!(g.cells.len(), 41);
        assert!(g
            .cells
            .iter()
            .any(|c| c.name == "c10" && c.cell == Cell::Piece("k".into())));
        assert!(!g.cells.iter().any(|c| c.name == "a0"));
        // A banished Strange Chess square stays a square, as a hole.
        let mut p = AnyPosition::start(Variant::StrangeChess);
        p.play("e4e4").unwrap();
        let g = grid(&p);
        assert_eq!(g.cells.len(), 144);
        assert!(g
            .cells
            .iter()
            .any(|c| c.name == "e4" && c.cell == Cell::Hole));
        assert!(g
            .cells
            .iter()
            .any(|c| c.name == "l12" && c.x == 11.0 && c.y == 11));
        let g = grid(&AnyPosition::start(Variant::Chess));
        assert_eq!(g.cells.len(), 64);
        assert!(g
            .cells
            .iter()
            .any(|c| c.name == "e1" && c.cell == Cell::Piece("K".into())));
    }
}
