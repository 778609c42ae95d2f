//! The highlights answering `lift SQ`: where a clicked glyph may go.

use super::model;
use super::{board_field, parse_square, wire_table, Wire, XbBoard, SQUARES};
use movegen::AnyPosition;

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
