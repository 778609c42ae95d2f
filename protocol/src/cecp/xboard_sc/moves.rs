//! Move forms: the wire table that gives every legal move its own text
//! XBoard accepts, and that table read both ways (our move to XBoard's
//! text, XBoard's or a person's text to our move).

use super::model::{self, is_piece, is_white, HOLE};
use super::setup::picture;
use super::{parse_square, square_name, Sq, Wire, XbBoard, FILES, SQUARES};
use movegen::AnyPosition;

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
/// `person_move`), and XBoard's board follows what XBoard did with it.
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
