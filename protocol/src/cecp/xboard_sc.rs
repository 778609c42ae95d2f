//! Strange Chess on XBoard's board: what XBoard shows, and the move forms
//! that keep its board following ours.
//!
//! XBoard (4.9, `-testLegality false`) keeps its own 12x12 board of one
//! glyph per square and updates it with its own `ApplyMove`. It accepts an
//! engine's move when the from-square holds a glyph of the side to move
//! (a drop: when the target square is empty); nothing else is checked. Our
//! game has two-cell Walls, squares with two occupants, sieges and holes
//! that appear and vanish, none of which XBoard's board can hold. So:
//!
//! * **The picture** ([`picture`]): what XBoard should show for a position.
//!   A lone piece is its letter. A Wall is one glyph on its anchor cell, `W`
//!   lying (horizontal) or `V` standing (vertical); its other cell looks
//!   empty. A square with a full piece and a friendly Halfer, or two
//!   friendly Halfers, is one combination glyph ([`COMBOS`]). A siege shows
//!   its besieger, two Halfers of both colours sharing (no siege) show the
//!   white one. Holes are `*`, but only those in a position XBoard was
//!   given: XBoard cannot make or fill a hole during a game.
//! * **XBoard's board** ([`XbBoard`]): a faithful model of XBoard's board,
//!   changed by each move exactly as XBoard's `ApplyMove` changes it
//!   (castling, its pawn rules, kill legs, promotion suffixes, drops). Both
//!   ends of the wire (the engine and whoever drives it) keep one.
//! * **Move forms** ([`wire_table`]): every legal move gets a distinct text
//!   that XBoard accepts on its current board. Among the forms XBoard
//!   understands (`from to`, a suffix that sets the arriving glyph, a kill
//!   leg `from kill,kill to`, a drop `L@to`) the one whose result is
//!   closest to the picture wins; a move no form can show (a spell, or one
//!   whose natural form another move already took) gets a code that leaves
//!   XBoard's board as it is: a glyph of the mover's out and back through
//!   an empty square, `p k,k p`. Reading a move is the same table backwards,
//!   so the two ends agree as long as both know the game from its start.
//!
//! Details are in `docs/xboard-strangechess.md`.

use super::xboard_model::{self as model, is_piece, is_white, Grid, Rules, HOLE};
use movegen::AnyPosition;

const FILES: usize = 12;
const SQUARES: usize = 144;

/// Strange Chess's 12x12 board.
type Sq = Grid<FILES, SQUARES>;

/// One move as XBoard writes it, on Strange Chess's board.
pub type Wire = model::Wire<FILES, SQUARES>;

/// XBoard's board for a Strange Chess game, as its `ApplyMove` keeps it.
pub type XbBoard = model::XbBoard<FILES, SQUARES>;

/// No form of ours puts a King on its own Rook, so the model leaves out
/// XBoard's FRC castling (as it always has); drops go on any empty square.
const RULES: Rules = Rules {
    king_onto_rook_castles: false,
    pawn_drops_on_end_ranks: true,
};

/// A full piece sharing with a friendly Halfer (or two friendly Halfers,
/// `H`), and the glyph that shows the pair: the letters no piece uses.
pub const COMBOS: [(u8, u8); 13] = [
    (b'P', b'A'),
    (b'N', b'C'),
    (b'B', b'E'),
    (b'R', b'F'),
    (b'Q', b'G'),
    (b'K', b'I'),
    (b'X', b'J'),
    (b'M', b'L'),
    (b'D', b'O'),
    (b'S', b'T'),
    (b'W', b'U'),
    (b'V', b'Y'),
    (b'H', b'Z'),
];

/// The `setup` piece table: P N B R Q in their own slots, the rest where
/// XBoard has an image and no rules of its own (never the Lance slot, which
/// XBoard treats as a pawn), the King last.
pub const PIECE_TABLE: &str = "PNBRQACEFGXIJLHOTM.DYZSUWVKpnbrqacefgxijlhotm.dyzsuwvk";

/// `-inscriptions` for XBoard: one character drawn on each glyph, slot by
/// slot of [`PIECE_TABLE`] (a space draws nothing): the letter of the
/// game's own pieces on theirs (XBoard's images are of other pieces), the
/// full piece's letter on a combination glyph (it carries a Halfer too),
/// `=` and `|` on the lying and standing Wall; the last entry is the King's.
pub const INSCRIPTIONS: &str = "     PNBRQXKXMHDSM D|HS==| ";

fn combo_of(full: u8) -> Option<u8> {
    let up = full.to_ascii_uppercase();
    let c = COMBOS.iter().find(|(f, _)| *f == up)?.1;
    Some(if full.is_ascii_uppercase() {
        c
    } else {
        c.to_ascii_lowercase()
    })
}

pub fn square_name(sq: usize) -> String {
    Sq::square_name(sq)
}

/// `e4` -> its index (a1 = 0, rank by rank); None if not a square.
pub fn parse_square(s: &str) -> Option<usize> {
    Sq::parse_square(s)
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

/// Our move's from-square and to-square as XBoard should see them: a Wall
/// moves from its anchor to its new anchor; a rescue whose rescuer steps
/// aside ends where the rescuer ends.
fn natural_squares(
    before: &[u8; SQUARES],
    after: &[u8; SQUARES],
    mv: &str,
    white: bool,
) -> Option<(usize, usize)> {
    let (from, mut to, rest) = Sq::two_squares(mv)?;
    let wall = |g: u8| matches!(g.to_ascii_uppercase(), b'W' | b'V' | b'U' | b'Y');
    let own = |g: u8| is_piece(g) && is_white(g) == white;
    let anchor = |pic: &[u8; SQUARES]| (0..SQUARES).find(|&s| own(pic[s]) && wall(pic[s]));
    // The Wall's cells before the move: its anchor and the next cell.
    // A Halfer leaving a square it shares with the Wall is not the Wall.
    let halfer_leaves = rest.split(',').next().unwrap_or("").contains('h');
    if let Some(a) = anchor(before).filter(|_| !halfer_leaves) {
        let other = if matches!(before[a].to_ascii_uppercase(), b'W' | b'U') {
            a + 1
        } else {
            a + FILES
        };
        if from == a || from == other {
            return Some((a, anchor(after)?));
        }
    }
    if let Some((_, leg)) = mv.split_once(',') {
        if leg.ends_with('r') {
            let lb = leg.as_bytes();
            // The destination ends before `r` and before the promotion
            // letter of a rescuing pawn that steps onto its last rank.
            let mut k = leg.len() - 1;
            if matches!(lb[k - 1], b'q' | b'r' | b'b' | b'n') {
                k -= 1;
            }
            let mut m = 1;
            while m < k && lb[m].is_ascii_digit() {
                m += 1;
            }
            to = parse_square(&leg[m..k])?;
        }
    }
    Some((from, to))
}

/// Every legal move of `pos` with its text for XBoard, all different, each
/// accepted by `xb`, and XBoard's board after it.
pub fn wire_table(xb: &XbBoard, pos: &AnyPosition) -> Vec<(String, Wire, XbBoard)> {
    let white = pos.side_to_move() == movegen::Color::White;
    let Some(before) = picture(&pos.fen(), false) else {
        return Vec::new();
    };
    let moves = pos.legal_move_strings();
    // First pass: each move's forms, best first.
    let mut options: Vec<Vec<(u32, Wire, XbBoard)>> = Vec::with_capacity(moves.len());
    for mv in &moves {
        let mut next = pos.clone();
        let mut forms = Vec::new();
        if next.play(mv).is_ok() {
            if let Some(after) = picture(&next.fen(), false) {
                forms = natural_forms(xb, &before, &after, mv, white);
            }
        }
        options.push(forms);
    }
    // The rest: codes that leave XBoard's board as it is.
    // Magicians first: a code then reads as a Magician's cast.
    let mut carriers = xb.own_squares(white);
    carriers.sort_by_key(|&s| !matches!(xb.cells[s].to_ascii_uppercase(), b'M' | b'L'));
    let empties = xb.empty_squares();
    let codes = carriers
        .iter()
        .flat_map(|&p| empties.iter().map(move |&k| Wire::out_and_back(p, k)));
    model::assign(xb, white, moves, &options, codes)
}

/// The forms XBoard understands for one move, scored by how close XBoard's
/// board comes to the picture after it (lower is better), best first: a
/// spell's own codes, or the forms every game has ([`model::natural_forms`],
/// no legs of its own).
fn natural_forms(
    xb: &XbBoard,
    before: &[u8; SQUARES],
    after: &[u8; SQUARES],
    mv: &str,
    white: bool,
) -> Vec<(u32, Wire, XbBoard)> {
    let Some((from, to)) = natural_squares(before, after, mv, white) else {
        return Vec::new();
    };
    if before[from] == 0 && !is_piece(xb.cells[from]) {
        let mut out: Vec<(u32, Wire, XbBoard)> = Vec::new();
        // A spell: a Magician's out and back through the source (a banish
        // or the first of the spells from there), or through the hole it
        // fills when XBoard draws that hole. XBoard's board stays as it is
        // but for that hole.
        let magicians = (0..SQUARES).filter(|&m| {
            let g = xb.cells[m];
            is_piece(g) && is_white(g) == white && matches!(g.to_ascii_uppercase(), b'M' | b'L')
        });
        for m in magicians {
            for k in [from, to] {
                if k != m && (xb.cells[k] == 0 || (k == to && xb.cells[k] == HOLE)) {
                    let w = Wire::Move {
                        from: m,
                        to: m,
                        kill: Some(k),
                        promo: None,
                    };
                    if !out.iter().any(|(_, o, _)| *o == w) {
                        let mut b = xb.clone();
                        b.apply(&w, white);
                        // A banish has the first claim on the way through
                        // its source (a person types it: Magician, source,
                        // Magician), then a fill through its hole.
                        let claim = if from == to {
                            0
                        } else if k == to {
                            1
                        } else {
                            2
                        };
                        out.push((2 * b.distance(after) + claim, w, b));
                    }
                }
            }
        }
        return out;
    }
    model::natural_forms(xb, after, (from, to), None, white)
}

/// Our move for XBoard's text `wire` in `pos`, and XBoard's board after it.
/// A text not in the table is read as a person's XBoard sends it (see
/// [`person_move`]), and XBoard's board follows what XBoard did with it.
pub fn read_move(xb: &XbBoard, pos: &AnyPosition, wire: &str) -> Result<(String, XbBoard), String> {
    let white = pos.side_to_move() == movegen::Color::White;
    let table = wire_table(xb, pos);
    model::read_move(xb, white, &table, wire, || {
        person_move(xb, &table, wire, white)
    })
}

/// A text that is none of our forms but what a person's XBoard sends:
/// our own notation; a typed spell; a click on a combination glyph; a Wall
/// typed turning in place; a click without our suffix.
fn person_move(
    xb: &XbBoard,
    table: &[(String, Wire, XbBoard)],
    wire: &str,
    white: bool,
) -> Option<String> {
    let listed = |m: &str| {
        table
            .iter()
            .find(|(t, _, _)| t == m)
            .map(|(t, _, _)| t.clone())
    };
    if let Some(m) = listed(wire) {
        return Some(m);
    }
    let parsed = Wire::parse(wire)?;
    let Wire::Move {
        from,
        to,
        kill,
        promo,
    } = parsed
    else {
        return None;
    };
    let glyph = xb.cells[from].to_ascii_uppercase();
    match (kill, promo) {
        // A spell typed as Magician, source, target: `m s,s d` fills the
        // hole d (XBoard moves the Magician's glyph there, our model too).
        (Some(s), None) if matches!(glyph, b'M' | b'L') && from != to && xb.accepts(&parsed, white) => {
            listed(&format!("{}{}", square_name(s), square_name(to)))
        }
        // A Wall turned about its anchor, typed as an out-and-back through
        // any square: the one move whose form leaves the anchor in place.
        (Some(_), _) if matches!(glyph, b'W' | b'V' | b'U' | b'Y') && from == to => {
            let in_place: Vec<&String> = table
                .iter()
                .filter(|(_, t, _)| matches!(*t, Wire::Move { from: f, to: g, promo: Some(_), .. } if f == from && g == from))
                .map(|(m, _, _)| m)
                .collect();
            match in_place.as_slice() {
                [m] => Some((*m).clone()),
                _ => None,
            }
        }
        // A click on a combination glyph that is not the full piece's
        // move: the Halfer leaving (our `h` form).
        (None, None) => listed(&format!("{wire}h")).or_else(|| {
            // A click without the suffix our form carries (XBoard asks for
            // one only on a pawn's last rank): the one move with those
            // squares.
            let same: Vec<&String> = table
                .iter()
                .filter(|(_, w, _)| matches!(*w, Wire::Move { from: f, to: t, kill: None, promo: Some(_) } if f == from && t == to))
                .map(|(m, _, _)| m)
                .collect();
            match same.as_slice() {
                [m] => Some((*m).clone()),
                _ => None,
            }
        }),
        _ => None,
    }
}

/// XBoard's text for our move `mv` in `pos`, and XBoard's board after it.
pub fn write_move(xb: &XbBoard, pos: &AnyPosition, mv: &str) -> Option<(String, XbBoard)> {
    model::write_move(wire_table(xb, pos), mv)
}

/// A picture as a FEN board field (ranks 12 to 1).
pub fn board_field(pic: &[u8; SQUARES]) -> String {
    Sq::board_field(pic)
}

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

/// Answer to `lift SQ`: where the glyph on `sq` may go with one click, as
/// a colour FEN (`R` a capture, `B` a pawn's promotion, `Y` any other
/// move). The targets are those of XBoard's forms that start on the square
/// and of our own moves from it.
pub fn highlight(xb: &XbBoard, pos: &AnyPosition, sq: &str) -> Option<String> {
    let from = parse_square(sq)?;
    let mut marks = [b'.'; SQUARES];
    let details = pos.move_details();
    let table = wire_table(xb, pos);
    for d in &details {
        let detail_from = parse_square(&d.from);
        let wire_to = table
            .iter()
            .find(|(m, _, _)| *m == d.text)
            .and_then(|(_, w, _)| match *w {
                Wire::Move { from: f, to, .. } if f == from && f != to => Some(to),
                _ => None,
            });
        let to = match wire_to {
            Some(t) => t,
            None if detail_from == Some(from) && !d.text.contains(',') => match parse_square(&d.to)
            {
                Some(t) if t != from => t,
                _ => continue,
            },
            None => continue,
        };
        let mark = model::target_mark(d);
        if marks[to] == b'.' || mark == b'B' {
            marks[to] = mark;
        }
    }
    // The same run-length form as a board: `.` is an unmarked square.
    Some(board_field(&marks.map(|m| if m == b'.' { 0 } else { m })))
}

#[cfg(test)]
mod tests {
    use super::super::xboard_model::Rng;
    use super::*;
    use movegen::Variant;

    /// Plays random games; at every ply every legal move has its own text,
    /// XBoard accepts it, reading it back gives the move, and XBoard's
    /// board follows the text. Returns (plies, coded moves played, total
    /// distance of XBoard's board from the picture).
    fn random_games(games: u64, plies: usize) -> (usize, usize, u32) {
        let (mut total, mut coded, mut drift) = (0, 0, 0);
        for seed in 0..games {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let mut pos = AnyPosition::start(Variant::StrangeChess);
            let mut xb = XbBoard::from_fen(&pos.fen()).unwrap();
            for _ in 0..plies {
                let table = wire_table(&xb, &pos);
                let legal = pos.legal_move_strings();
                if legal.is_empty() || pos.outcome(&[]).is_some() {
                    break;
                }
                assert_eq!(table.len(), legal.len(), "{}", pos.fen());
                let white = pos.side_to_move() == movegen::Color::White;
                // Every text, as sent and as XBoard relays it, names one
                // move.
                let mut texts: Vec<String> = Vec::new();
                for (_, w, _) in &table {
                    texts.push(w.text());
                    if w.relayed(&xb) != w.text() {
                        texts.push(w.relayed(&xb));
                    }
                }
                let count = texts.len();
                for (m, w, _) in &table {
                    assert!(
                        !matches!(
                            w,
                            Wire::Move {
                                promo: Some(b'x'),
                                ..
                            }
                        ),
                        "{m} as {}: XBoard reads a suffix x as a leg",
                        w.text()
                    );
                    assert!(
                        xb.accepts(w, white),
                        "{m} as {} refused in {}",
                        w.text(),
                        pos.fen()
                    );
                    assert_eq!(Wire::parse(&w.text()).as_ref(), Some(w), "{}", w.text());
                }
                texts.sort();
                texts.dedup();
                assert_eq!(
                    texts.len(),
                    count,
                    "two moves share a text in {}",
                    pos.fen()
                );
                let (mv, w, after) = &table[rng.below(table.len())];
                let (back, back_xb) = read_move(&xb, &pos, &w.text()).unwrap();
                assert_eq!(&back, mv);
                let relayed = w.relayed(&xb);
                let (back, _) = read_move(&xb, &pos, &relayed).unwrap();
                assert_eq!(&back, mv, "relayed as {relayed}");
                let mut applied = xb.clone();
                applied.apply(w, white);
                assert_eq!(&applied, after);
                assert_eq!(&back_xb, after);
                if matches!(w, Wire::Move { from, to, kill: Some(_), .. } if from == to) {
                    coded += 1;
                    if std::env::var("SHOW_CODED").is_ok() {
                        eprintln!("coded {mv} as {} in {}", w.text(), pos.fen());
                    }
                }
                pos.play(mv).unwrap();
                xb = after.clone();
                drift += xb.distance(&picture(&pos.fen(), false).unwrap());
                total += 1;
            }
        }
        (total, coded, drift)
    }

    #[test]
    fn every_move_has_its_own_text_that_xboard_accepts() {
        let (plies, coded, drift) = random_games(6, 120);
        eprintln!("{plies} plies, {coded} coded, drift {drift}");
        assert!(plies > 300);
        // XBoard's board stays close to the picture: on average less than
        // one glyph off (a missing piece counts 4) per ply, though random
        // play casts a spell every third move, which XBoard cannot draw.
        assert!(drift < 3 * plies as u32, "drift {drift} over {plies} plies");
    }
}

#[cfg(test)]
mod more_tests {
    use super::*;
    use movegen::Variant;

    /// A rescuing pawn that steps aside onto its last rank promotes
    /// (`e3f2,f2g1nr`): XBoard sees the pawn go from e3 to g1, not a code.
    #[test]
    fn a_rescuer_promoting_as_it_steps_aside_moves_to_its_destination() {
        let fen = "K10k/12/12/12/12/12/12/12/12/4p7/5(nH)6/12 b - - 0 1 sieges=f2w4";
        let pos = AnyPosition::from_fen(Variant::StrangeChess, fen).unwrap();
        let xb = XbBoard::from_fen(fen).unwrap();
        let table = wire_table(&xb, &pos);
        let (_, w, _) = table.iter().find(|(m, _, _)| m == "e3f2,f2g1nr").unwrap();
        let e3 = parse_square("e3").unwrap();
        let g1 = parse_square("g1").unwrap();
        assert!(
            matches!(*w, Wire::Move { from, to, kill: None, .. } if from == e3 && to == g1),
            "{}",
            w.text()
        );
    }

    /// Seen under XBoard 4.9.1: Black's `f10g8,g8f10` (a Magician's
    /// out-and-back through an empty square) reached White as
    /// `f10f10,g8e10`, and must still read as the same move.
    #[test]
    fn a_kill_leg_through_an_empty_square_is_relayed_as_a_castling() {
        let mut pos = AnyPosition::start(Variant::StrangeChess);
        pos.play("e3e4").unwrap();
        let xb = XbBoard::from_fen(&pos.fen()).unwrap();
        let table = wire_table(&xb, &pos);
        let (m, w, _) = table
            .iter()
            .find(|(_, w, _)| w.text() == "f10g8,g8f10")
            .expect("a spell through g8 from the f10 Magician");
        assert_eq!(w.relayed(&xb), "f10f10,g8e10");
        assert_eq!(read_move(&xb, &pos, "f10f10,g8e10").unwrap().0, *m);
        // White's kill through an empty square is sent as it is.
        let start = AnyPosition::start(Variant::StrangeChess);
        let xb = XbBoard::from_fen(&start.fen()).unwrap();
        let w = Wire::parse("f3e2,e2f3").unwrap();
        assert_eq!(w.relayed(&xb), "f3e2,e2f3");
    }

    /// XBoard's board from its FEN board field (ranks 12 to 1).
    fn from_field(field: &str) -> XbBoard {
        let mut xb = XbBoard::from_fen(&AnyPosition::start(Variant::StrangeChess).fen()).unwrap();
        xb.cells = [0; SQUARES];
        for (r, row) in field.split('/').enumerate() {
            let (mut f, mut run) = (0, 0);
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    run = run * 10 + (c - b'0') as usize;
                    continue;
                }
                f += run;
                run = 0;
                xb.cells[(11 - r) * FILES + f] = c;
                f += 1;
            }
        }
        xb
    }

    /// Seen in CI under XBoard 4.9.1: Black sent `f10f9,f9f10w` (a Wall
    /// turning, coded as a kill leg through its own glyph with a suffix);
    /// XBoard relayed it as the castling `f10f10,f9e10`, without the suffix.
    /// White must read it, and no other move may be relayed the same way.
    #[test]
    fn a_relayed_castling_drops_the_suffix() {
        let pos = AnyPosition::from_fen(
            Variant::StrangeChess,
            "3*1**k*3/4*w1sbsn1/(sh)W1**w2*3/XW1h**1**x2/3**2**1p1/4SX6/5*HB*P1P/3S1*6/6K**2S/4*2P*3/4*2*4/9S2 b - - 7 202 powers=f7:P",
        )
        .unwrap();
        let xb = from_field("7k4/7sbsn1/t4v6/XV1h5j2/10p1/4SX6/6HB1P1P/3S8/6K4S/7P4/12/9S2");
        let table = wire_table(&xb, &pos);
        let (m, w, _) = table
            .iter()
            .find(|(_, w, _)| w.text() == "f10f9,f9f10w")
            .expect("the Wall's move as Black sent it");
        assert_eq!(m, "f11g10");
        assert_eq!(w.relayed(&xb), "f10f10,f9e10");
        assert_eq!(read_move(&xb, &pos, "f10f10,f9e10").unwrap().0, "f11g10");
        let same = table
            .iter()
            .filter(|(_, w, _)| w.relayed(&xb) == "f10f10,f9e10")
            .count();
        assert_eq!(same, 1);
    }

    #[test]
    fn the_start_as_xboard_shows_it_and_the_clicks_it_allows() {
        let pos = AnyPosition::start(Variant::StrangeChess);
        let xb = XbBoard::from_fen(&pos.fen()).unwrap();
        assert_eq!(
            board_field(&xb.cells),
            "rxhnbqkbnhxr/1dss1w2ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1W2SSD1/RXHNBQKBNHXR"
        );
        // The Halfer on c1: knight and (3,1) jumps, sharing with the pawns
        // on b3 and d3 and with the Wall on f2.
        assert_eq!(
            highlight(&xb, &pos, "c1").as_deref(),
            Some("12/12/12/12/12/12/12/12/1Y1Y8/1Y1Y8/Y3YY6/12")
        );
        // The Wall's glyph on f2 slides along its length: anchor to e2 or g2.
        assert_eq!(
            highlight(&xb, &pos, "f2").as_deref(),
            Some("12/12/12/12/12/12/12/12/12/12/4Y1Y5/12")
        );
        let forms: Vec<(String, String)> = wire_table(&xb, &pos)
            .into_iter()
            .map(|(m, w, _)| (m, w.text()))
            .collect();
        let form = |m: &str| forms.iter().find(|(o, _)| o == m).unwrap().1.clone();
        assert_eq!(form("e3e6"), "e3e6");
        assert_eq!(form("g2h2"), "f2g2", "the Wall moves from its anchor");
        assert_eq!(form("c1b3"), "c1b3a", "Halfer and pawn share: glyph A");
        assert_eq!(
            form("d4d4"),
            "f3d4,d4f3",
            "a banish: the Magician out and back"
        );
    }

    /// What a person types in XBoard for a spell: Magician, source,
    /// Magician to banish; Magician, source, hole to fill it.
    #[test]
    fn spells_typed_in_xboard() {
        let fen = "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/4*7/5PP5/PPPPPMMPPPPP/\
                   1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq - 0 1";
        let pos = AnyPosition::from_fen(Variant::StrangeChess, fen).unwrap();
        let xb = XbBoard::from_fen(&pos.fen()).unwrap();
        assert_eq!(read_move(&xb, &pos, "f3e2,e2f3").unwrap().0, "e2e2");
        let (fill, after) = read_move(&xb, &pos, "f3e2,e2e5").unwrap();
        assert_eq!(fill, "e2e5");
        // XBoard moved the Magician's glyph onto the filled hole.
        assert_eq!(after.cells[parse_square("e5").unwrap()], b'M');
        assert_eq!(after.cells[parse_square("f3").unwrap()], 0);
        // The engine's own fills: one goes through the hole XBoard draws
        // (and clears it there), each reads back as itself.
        let table = wire_table(&xb, &pos);
        let (m, _, after) = table
            .iter()
            .find(|(_, w, _)| w.text() == "f3e5,e5f3")
            .unwrap();
        assert!(m.ends_with("e5") && m != "e5e5", "{m}");
        assert_eq!(after.cells[parse_square("e5").unwrap()], 0);
        assert_eq!(after.cells[parse_square("f3").unwrap()], b'M');
        let (text, _) = write_move(&xb, &pos, "e2e5").unwrap();
        assert_eq!(read_move(&xb, &pos, &text).unwrap().0, "e2e5");
    }

    /// Clicks and typed moves that carry less than our forms: a Halfer
    /// leaving the square it shares (clicked: the full piece cannot go
    /// there), a Wall turned about its anchor (typed out and back).
    #[test]
    fn clicks_on_shared_squares_and_a_wall_turning_in_place() {
        let mut pos = AnyPosition::start(Variant::StrangeChess);
        let mut xb = XbBoard::from_fen(&pos.fen()).unwrap();
        for m in ["c1b3", "d10d7"] {
            let (_, after) = write_move(&xb, &pos, m).unwrap();
            pos.play(m).unwrap();
            xb = after;
        }
        assert_eq!(
            xb.cells[parse_square("b3").unwrap()],
            b'A',
            "pawn and Halfer"
        );
        assert_eq!(read_move(&xb, &pos, "b3a5").unwrap().0, "b3a5h");
        assert_eq!(read_move(&xb, &pos, "b3b5").unwrap().0, "b3b5", "the pawn");
        let pos = AnyPosition::from_fen(
            Variant::StrangeChess,
            "k11/12/12/12/12/12/12/5WW5/12/12/12/6K5 w - - 0 1",
        )
        .unwrap();
        let xb = XbBoard::from_fen(&pos.fen()).unwrap();
        let (m, after) = read_move(&xb, &pos, "f5a1,a1f5").unwrap();
        assert_eq!(m, "g5f6");
        assert_eq!(after.cells[parse_square("f5").unwrap()], b'W');
        let (text, after) = write_move(&xb, &pos, "g5f6").unwrap();
        assert!(text.starts_with("f5") && text.ends_with("f5v"), "{text}");
        assert_eq!(after.cells[parse_square("f5").unwrap()], b'V');
    }

    /// Text from outside (moves, squares, FENs) never panics.
    #[test]
    fn junk_from_xboard_is_refused_without_panic() {
        let pos = AnyPosition::start(Variant::StrangeChess);
        let xb = XbBoard::from_fen(&pos.fen()).unwrap();
        let alphabet: Vec<char> = "abcdlmz0123456789,@/()*-xWVAHh é€ ".chars().collect();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..400 {
            let mut text = String::new();
            for _ in 0..(len % 23) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push(alphabet[(state % alphabet.len() as u64) as usize]);
            }
            let _ = Wire::parse(&text);
            let _ = read_move(&xb, &pos, &text);
            let _ = highlight(&xb, &pos, &text);
            let _ = our_fen(&text);
            let _ = picture(&text, true);
        }
        for text in [
            "",
            "a",
            "a1",
            "a1b",
            "a1a1,",
            ",",
            "a1b2,b2",
            "@",
            "P@",
            "99999999999999999999999/1",
            "(",
            "a(((",
            "l12l12,l12l12q",
        ] {
            let _ = Wire::parse(text);
            let _ = read_move(&xb, &pos, text);
            let _ = our_fen(text);
        }
        assert!(read_move(&xb, &pos, "e3e6").is_ok());
    }

    #[test]
    fn one_inscription_per_slot_and_the_scripts_use_them() {
        let half = PIECE_TABLE.len() / 2;
        assert_eq!(INSCRIPTIONS.len(), half, "one per slot, the King's last");
        // Each combination glyph carries its full piece's letter.
        for (full, combo) in COMBOS {
            let slot = PIECE_TABLE[..half].find(combo as char).unwrap();
            let shown = INSCRIPTIONS.as_bytes()[slot];
            let want = match full {
                b'W' => b'=',
                b'V' => b'|',
                f => f,
            };
            assert_eq!(shown, want, "{}", combo as char);
        }
        let script = include_str!("../../../tests/xboard/match.sh");
        assert!(script.contains(&format!("SC_INSCRIPTIONS='{INSCRIPTIONS}'")));
    }

    /// XBoard's FEN of its board (after `Edit Position`, or a relayed
    /// null move) reads back as the position with the Walls, shares and
    /// holes it shows.
    #[test]
    fn xboards_fen_reads_back_as_our_position() {
        let fen =
            "rxdnbqkbnd1x/2ss1ww1ss2/1p1p1mm5/5pp1h1p1/12/p3p2ppp1p/P1P1P(NH)5P/1P9R/4MPP1H1P1/\
                   3P1WMPPP1D/R1SS1W*1SS2/1X1NBQKBN1X1 w q - 1 18";
        let ours = AnyPosition::from_fen(Variant::StrangeChess, fen).unwrap();
        let pic = picture(&ours.fen(), true).unwrap();
        let xb_fen = format!("{}[-] w q - 1 18", board_field(&pic));
        assert!(xb_fen.contains("C5P"), "N and H share as glyph C: {xb_fen}");
        assert!(
            xb_fen.contains("1V*"),
            "the standing Wall's glyph V: {xb_fen}"
        );
        let back = AnyPosition::from_fen(Variant::StrangeChess, &our_fen(&xb_fen)).unwrap();
        assert_eq!(back.fen(), ours.fen());
    }
}
