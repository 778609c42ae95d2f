//! Dysnomia Chess on XBoard's board: what XBoard shows, and the move forms
//! that keep its board following ours.
//!
//! XBoard (4.9, `-testLegality false`) keeps an 8x8 board of one glyph per
//! square and changes it with its own `ApplyMove`; it accepts an engine's
//! move when the from-square holds a glyph of the side to move (a drop:
//! when the target square is empty). Our game has columns (pieces riding a
//! Rook), removals that spread (falls, revenge, rises), swaps, in-place
//! changes (Bishop promotion) and denial, none of which XBoard knows. So,
//! as for Strange Chess (`xboard_sc`):
//!
//! * **The picture** ([`picture`]): a lone piece is its letter, a Statue
//!   `T`; a column is one glyph naming its top piece, in the top piece's
//!   colour ([`COLUMNS`]): the top piece is the one that usually leaves,
//!   and XBoard lets only the glyph's side move from the square.
//! * **XBoard's board** ([`XbBoard`]): a model of XBoard's board changed by
//!   each move as XBoard 4.9.1's `ApplyMove` changes it (kill legs, a King
//!   moving two files "castles" with the nearest glyph, a King onto its own
//!   Rook is an FRC castling, the Pawn's e.p. and promotion rules, suffixes
//!   that replace the arriving glyph, drops); the model is shared with
//!   Strange Chess (`xboard_model`), this game switches on its FRC
//!   castling and keeps Pawn drops off the end ranks.
//! * **Move forms** ([`wire_table`]): every legal turn gets a distinct text
//!   XBoard accepts on its board; of the forms XBoard understands (`from
//!   to`, a suffix, a kill leg `from kill,kill to`, a drop `L@to`) the one
//!   that brings its board closest to the picture wins; a turn no form can
//!   show gets a code that leaves XBoard's board as it is (a glyph of the
//!   mover's out and back through an empty square). Reading is the table
//!   backwards, plus what a person's XBoard sends (plain clicks, typed
//!   turns in our notation).
//!
//! The denial `@@@@` never travels as a move to XBoard (see
//! `docs/xboard-dysnomia.md`): the session turns it into `Illegal move
//! (denied): X` one way and reads XBoard's relayed null move (a `setboard`)
//! the other way.

pub mod dialect;

use super::xboard_model::{self as model, Grid, Rules};
use movegen::AnyPosition;

const FILES: usize = 8;
const SQUARES: usize = 64;

/// Dysnomia's 8x8 board.
type Sq = Grid<FILES, SQUARES>;

/// One move as XBoard writes it, on Dysnomia's board.
pub type Wire = model::Wire<FILES, SQUARES>;

/// XBoard's board for a Dysnomia game, as its `ApplyMove` keeps it.
pub type XbBoard = model::XbBoard<FILES, SQUARES>;

/// Our forms can put a King on its own Rook, which XBoard takes as an FRC
/// castling; a Pawn drop on an end rank is never offered (XBoard's drop
/// rules may refuse it).
const RULES: Rules = Rules {
    king_onto_rook_castles: true,
    pawn_drops_on_end_ranks: false,
};

/// The glyph of a column, by its top piece (colour: the top piece's).
pub const COLUMNS: [(u8, u8); 6] = [
    (b'P', b'A'),
    (b'N', b'C'),
    (b'B', b'E'),
    (b'R', b'F'),
    (b'Q', b'G'),
    (b'K', b'I'),
];

/// The `setup` piece table: P N B R Q in their own slots, then the column
/// glyphs on images with no rules of their own in XBoard (Ferz, Alfil,
/// Archbishop, Marshall), the Statue on the Wazir's, two more column
/// glyphs (Man, Cannon), the King last. Never the Lance slot, which XBoard
/// treats as a pawn.
pub const PIECE_TABLE: &str = "PNBRQACEFTGIKpnbrqaceftgik";

/// `-inscriptions` for XBoard, slot by slot of [`PIECE_TABLE`]: on a
/// column glyph the letter of its top piece (the image is another
/// piece's), nothing on the chess pieces, the Statue or the King.
pub const INSCRIPTIONS: &str = "     PNBR QK ";

fn column_glyph(top: u8) -> u8 {
    let up = top.to_ascii_uppercase();
    let g = COLUMNS.iter().find(|(p, _)| *p == up).map_or(b'F', |c| c.1);
    if top.is_ascii_uppercase() {
        g
    } else {
        g.to_ascii_lowercase()
    }
}

pub fn square_name(sq: usize) -> String {
    Sq::square_name(sq)
}

/// `e4` -> its index (a1 = 0); None if not a square of the 8x8 board.
pub fn parse_square(s: &str) -> Option<usize> {
    Sq::parse_square(s)
}

/// What XBoard should show for our FEN (its board field; columns in
/// parentheses, bottom first).
pub fn picture(fen: &str) -> Option<[u8; SQUARES]> {
    let board = fen.split_whitespace().next()?;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut pic = [0u8; SQUARES];
    for (i, row) in ranks.iter().enumerate() {
        let r = 7 - i;
        let mut f = 0usize;
        let b = row.as_bytes();
        let mut j = 0;
        while j < b.len() {
            let c = b[j];
            if c.is_ascii_digit() {
                f += (c - b'0') as usize;
                j += 1;
                continue;
            }
            if f >= FILES {
                return None;
            }
            if c == b'(' {
                let end = row[j..].find(')')? + j;
                let top = *b[j + 1..end].last()?;
                pic[r * FILES + f] = column_glyph(top);
                j = end + 1;
            } else if c.is_ascii_alphabetic() {
                pic[r * FILES + f] = c;
                j += 1;
            } else {
                return None;
            }
            f += 1;
        }
    }
    Some(pic)
}

impl XbBoard {
    /// XBoard's board right after it was given `fen`.
    pub fn from_fen(fen: &str) -> Option<XbBoard> {
        Some(XbBoard::new(picture(fen)?, RULES))
    }
}

/// The squares a turn starts and ends on: the first leg's from-square and
/// the last leg's to-square, prefix and end-of-turn actions, levels and
/// marks left out. A Bishop promotion (`Q@e5`) starts and ends on its pawn.
fn natural_squares(mv: &str) -> Option<(usize, usize)> {
    let is_action = |s: &str| {
        let b = s.as_bytes();
        b.len() == 4 && (b[2] == b'=' || b[2] == b'x') && b[3].is_ascii_uppercase()
    };
    let body = mv.split(';').find(|s| !s.is_empty() && !is_action(s))?;
    if let Some((_, sq)) = body.split_once('@') {
        let s = parse_square(sq)?;
        return Some((s, s));
    }
    let squares: Vec<usize> = {
        let b = body.as_bytes();
        let mut v = Vec::new();
        let mut i = 0;
        while i + 1 < b.len() {
            if (b'a'..=b'h').contains(&b[i]) && (b'1'..=b'8').contains(&b[i + 1]) {
                v.push(parse_square(&body[i..i + 2])?);
                i += 2;
            } else {
                i += 1;
            }
        }
        v
    };
    Some((
        *squares.first()?,
        *squares.get(1 + 2 * (body.matches(',').count()))?,
    ))
}

/// Every legal turn but the denial with the FEN after it, in byte order of
/// the texts (as [`AnyPosition::legal_move_strings`] lists them). Each
/// turn's position comes with the generator's list, so no turn is parsed
/// or replayed again.
fn successors(pos: &AnyPosition) -> Vec<(String, String)> {
    let AnyPosition::Dysnomia(state) = pos else {
        return Vec::new();
    };
    let mut v: Vec<(String, String)> = state
        .pos
        .legal_turns()
        .into_iter()
        .map(|(m, after)| (m.text(), after.to_fen()))
        .collect();
    v.sort();
    v
}

/// Every legal turn of `pos` but the denial, with its text for XBoard, all
/// different, each accepted by `xb`, and XBoard's board after it.
pub fn wire_table(xb: &XbBoard, pos: &AnyPosition) -> Vec<(String, Wire, XbBoard)> {
    let white = pos.side_to_move() == movegen::Color::White;
    let turns = successors(pos);
    let options: Vec<_> = turns
        .iter()
        .map(|(mv, fen)| match picture(fen) {
            Some(after) => natural_forms(xb, &after, mv, white),
            None => Vec::new(),
        })
        .collect();
    // Ties among forms go to the turn listed first (one leg before two:
    // `b1c3` before `b1b2,b2c3`).
    let moves: Vec<String> = turns.into_iter().map(|(m, _)| m).collect();
    // Turns left without a form get codes that leave XBoard's board as it
    // is: a glyph of the mover's out and back through an empty square.
    let carriers = xb.own_squares(white);
    let empties = xb.empty_squares();
    // A side can have no glyph of its colour on XBoard's board (its pieces
    // hidden in columns topped by the enemy, or shown in the enemy's
    // colour after swaps): then drops on empty squares are its only texts.
    // They add a glyph that may be wrong, but the game goes on.
    let drops = empties.iter().flat_map(|&k| {
        b"NBRQACEFGIK"
            .iter()
            .map(move |&g| Wire::Drop { glyph: g, to: k })
    });
    let codes = carriers
        .iter()
        .flat_map(|&p| empties.iter().map(move |&k| Wire::out_and_back(p, k)))
        .chain(drops);
    model::assign(xb, white, moves, &options, codes)
}

/// The forms XBoard understands for one turn, best first (see
/// [`model::natural_forms`]), with the turn's own middle squares as legs.
fn natural_forms(
    xb: &XbBoard,
    after: &[u8; SQUARES],
    mv: &str,
    white: bool,
) -> Vec<(u32, Wire, XbBoard)> {
    let Some(squares) = natural_squares(mv) else {
        return Vec::new();
    };
    // The turn's own middle squares (a King's or a pawn's two legs, a
    // Knight's path capture): XBoard kills the square between the legs.
    let legs: Vec<usize> = mv
        .split(';')
        .flat_map(|part| part.split(','))
        .skip(1)
        .filter_map(|leg| leg.get(..2).and_then(parse_square))
        .collect();
    model::natural_forms(xb, after, squares, Some(&legs), white)
}

/// Our turn for XBoard's text `wire` in `pos`, and XBoard's board after it.
/// A text not in the table is read as a person's XBoard sends it (see
/// `person_move`); XBoard's board follows what XBoard did with it.
pub fn read_move(xb: &XbBoard, pos: &AnyPosition, wire: &str) -> Result<(String, XbBoard), String> {
    let white = pos.side_to_move() == movegen::Color::White;
    let table = wire_table(xb, pos);
    model::read_move(xb, white, &table, wire, || person_move(pos, &table, wire))
}

/// A text that is none of our forms but what a person's XBoard sends: a
/// turn typed in our own notation; a click from a square to another (or
/// typed with legs), read as the one turn that fits.
fn person_move(pos: &AnyPosition, table: &[(String, Wire, XbBoard)], wire: &str) -> Option<String> {
    if table.iter().any(|(t, _, _)| t == wire) {
        return Some(wire.to_string());
    }
    // XBoard relays a two-leg move whose middle square holds a glyph of
    // the mover's colour (an empty one counts as black) as a castling,
    // `from to,kill beside`: read it back as `from kill,kill to`.
    let parsed = Wire::parse(wire).or_else(|| {
        let (a, b) = wire.split_once(',')?;
        let (from, to) = (parse_square(a.get(..2)?)?, parse_square(a.get(2..)?)?);
        let (kill, beside) = (parse_square(b.get(..2)?)?, parse_square(b.get(2..)?)?);
        (Sq::rank(beside) == Sq::rank(to) && Sq::file(beside).abs_diff(Sq::file(to)) == 1)
            .then_some(Wire::Move {
                from,
                to,
                kill: Some(kill),
                promo: None,
            })
    })?;
    let Wire::Move {
        from,
        to,
        kill,
        promo,
    } = parsed
    else {
        return None;
    };
    let unique = |found: Vec<&String>| match found.as_slice() {
        [m] => Some((*m).clone()),
        _ => None,
    };
    // The turn's own squares: one leg `from to`, or two legs through the
    // kill square (`b1b2,b2c3`), with our suffix if XBoard sent one.
    let (f, t) = (square_name(from), square_name(to));
    let mut candidates: Vec<String> = Vec::new();
    match kill {
        None => candidates.push(format!("{f}{t}")),
        Some(k) => {
            let k = square_name(k);
            candidates.push(format!("{f}{k},{k}{t}"));
        }
    }
    let listed: Vec<String> = pos.legal_move_strings();
    for c in &candidates {
        let with = match promo {
            Some(p) => format!("{c}{}", p as char),
            None => c.clone(),
        };
        if listed.contains(&with) {
            return Some(with);
        }
    }
    // Otherwise the one turn whose first and last squares these are (a
    // column's rider, an entry `^`, a disguise `~`, a conversion).
    unique(
        table
            .iter()
            .filter(|(m, _, _)| {
                m != "@@@@"
                    && natural_squares(m) == Some((from, to))
                    && (kill.is_none() || m.contains(','))
            })
            .map(|(m, _, _)| m)
            .collect(),
    )
}

/// XBoard's text for our turn `mv` in `pos`, and XBoard's board after it.
pub fn write_move(xb: &XbBoard, pos: &AnyPosition, mv: &str) -> Option<(String, XbBoard)> {
    model::write_move(wire_table(xb, pos), mv)
}

/// A picture as a FEN board field (ranks 8 to 1).
pub fn board_field(pic: &[u8; SQUARES]) -> String {
    Sq::board_field(pic)
}

/// XBoard's FEN (its glyphs; holdings in brackets) -> our FEN: a column
/// glyph becomes a Rook of its colour carrying the top piece (what XBoard
/// knows of it). Our own FEN passes unchanged.
pub fn our_fen(xb_fen: &str) -> String {
    let mut fields = xb_fen.split_whitespace();
    let Some(board) = fields.next() else {
        return String::new();
    };
    let board = board.split('[').next().unwrap_or(board);
    let mut out = String::new();
    for c in board.chars() {
        let up = c.to_ascii_uppercase() as u8;
        match COLUMNS.iter().find(|(_, g)| *g == up) {
            Some(&(top, _)) if c.is_ascii_alphabetic() => {
                let (r, t) = if c.is_ascii_uppercase() {
                    ('R', top as char)
                } else {
                    ('r', top.to_ascii_lowercase() as char)
                };
                out.push('(');
                out.push(r);
                out.push(t);
                out.push(')');
            }
            _ => out.push(c),
        }
    }
    for f in fields.take(5) {
        out.push(' ');
        out.push_str(f);
    }
    out
}

/// Answer to `lift SQ`: where the glyph on `sq` may go, as a colour FEN:
/// `R` a capture, `B` a conversion on arrival, `Y` any other turn's last
/// square; `C` the middle square of a two-leg turn (a King's, a pawn's, a
/// Knight's path capture), where XBoard lets a person stop for a second
/// leg.
pub fn highlight(xb: &XbBoard, pos: &AnyPosition, sq: &str) -> Option<String> {
    let from = parse_square(sq)?;
    let mut marks = [0u8; SQUARES];
    let table = wire_table(xb, pos);
    let details = pos.move_details();
    for (m, _, _) in &table {
        let Some((f, t)) = natural_squares(m) else {
            continue;
        };
        // A person's click is read by the turn's own squares, so only
        // turns of the lifted piece are marked (not others whose code
        // happens to start on its square).
        if f != from {
            continue;
        }
        if t != from {
            let d = details.iter().find(|d| d.text == *m);
            let mark = d.map_or(b'Y', model::target_mark);
            if marks[t] == 0 || mark == b'B' {
                marks[t] = mark;
            }
        }
        if let Some((first, _)) = m.split_once(',') {
            if let Some(k) = first.get(2..4).and_then(parse_square) {
                if k != from && marks[k] == 0 {
                    marks[k] = b'C';
                }
            }
        }
    }
    Some(board_field(&marks))
}

/// Answer to `lift KILL` right after `put KILL` on a square marked `C`
/// for the piece lifted from `from`: XBoard then lets the person finish a
/// two-leg turn and asks where the second leg may end. The marks are the
/// last squares of the turns that go `from` to `kill` and on (XBoard
/// then sends `usermove FROMKILL,KILLTO`).
pub fn second_leg_highlight(pos: &AnyPosition, from: &str, kill: &str) -> Option<String> {
    parse_square(from)?;
    parse_square(kill)?;
    let prefix = format!("{from}{kill},{kill}");
    let mut marks = [0u8; SQUARES];
    for d in pos.move_details() {
        let Some(rest) = d.text.strip_prefix(&prefix) else {
            continue;
        };
        // One more leg only (a third leg cannot be entered by clicks).
        if rest.contains(',') || rest.contains(';') {
            continue;
        }
        let Some(t) = rest.get(..2).and_then(parse_square) else {
            continue;
        };
        let mark = model::target_mark(&d);
        if marks[t] == 0 || mark == b'B' {
            marks[t] = mark;
        }
    }
    Some(board_field(&marks))
}

#[cfg(test)]
mod tests {
    use super::super::test_rng::Rng;
    use super::*;
    use movegen::Variant;

    /// Random games: every legal turn has its own text, XBoard accepts it,
    /// reading it back (as sent and as relayed) gives the turn, and the
    /// model follows the text.
    #[test]
    fn every_turn_has_its_own_text_that_xboard_accepts() {
        let mut drift = 0;
        let mut plies = 0;
        for seed in 0..6u64 {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let mut pos = AnyPosition::start(Variant::Dysnomia);
            let mut xb = XbBoard::from_fen(&pos.fen()).unwrap();
            for _ in 0..60 {
                if pos.outcome(&[]).is_some() {
                    break;
                }
                let table = wire_table(&xb, &pos);
                let legal: Vec<String> = pos
                    .legal_move_strings()
                    .into_iter()
                    .filter(|m| m != "@@@@")
                    .collect();
                if legal.is_empty() {
                    break;
                }
                assert_eq!(table.len(), legal.len(), "{}", pos.fen());
                let white = pos.side_to_move() == movegen::Color::White;
                let mut texts = Vec::new();
                for (m, w, _) in &table {
                    assert!(xb.accepts(w, white), "{m} as {}", w.text());
                    assert_eq!(Wire::parse(&w.text()).as_ref(), Some(w));
                    texts.push(w.text());
                    if w.relayed(&xb) != w.text() {
                        texts.push(w.relayed(&xb));
                    }
                }
                let n = texts.len();
                texts.sort();
                texts.dedup();
                assert_eq!(texts.len(), n, "two turns share a text in {}", pos.fen());
                let (mv, w, after) = table[rng.below(table.len())].clone();
                let (back, back_xb) = read_move(&xb, &pos, &w.text()).unwrap();
                assert_eq!(back, mv);
                let (back, _) = read_move(&xb, &pos, &w.relayed(&xb)).unwrap();
                assert_eq!(back, mv);
                assert_eq!(back_xb, after);
                pos.play(&mv).unwrap();
                xb = after;
                drift += xb.distance(&picture(&pos.fen()).unwrap());
                plies += 1;
            }
        }
        assert!(plies > 100);
        // The board follows the game closely on average.
        assert!(
            drift as usize <= plies * 4,
            "drift {drift} over {plies} plies"
        );
    }

    #[test]
    fn pictures_and_fens() {
        let pic = picture("4k3/8/8/8/8/8/8/(RpK)3T2r w - - 0 1").unwrap();
        assert_eq!(board_field(&pic), "4k3/8/8/8/8/8/8/I3T2r");
        assert_eq!(
            our_fen("4k3/8/8/8/8/8/8/I3T2c w - - 0 1"),
            "4k3/8/8/8/8/8/8/(RK)3T2(rn) w - - 0 1"
        );
        assert_eq!(INSCRIPTIONS.len() * 2, PIECE_TABLE.len());
    }

    #[test]
    fn clicks_and_typed_legs_from_a_person() {
        let pos = AnyPosition::start(Variant::Dysnomia);
        let xb = XbBoard::from_fen(&pos.fen()).unwrap();
        assert_eq!(read_move(&xb, &pos, "e2e4").unwrap().0, "e2e4");
        assert_eq!(read_move(&xb, &pos, "e2e3,e3d3").unwrap().0, "e2e3,e3d3");
        assert_eq!(read_move(&xb, &pos, "g1f3").unwrap().0, "g1f3");
        assert!(read_move(&xb, &pos, "e2e5").is_err());
        assert!(read_move(&xb, &pos, "zz").is_err());
        assert!(read_move(&xb, &pos, "e2e3[x]").is_err());
        // The start: pawns may step forward or double-move; a knight has
        // its two squares.
        let h = highlight(&xb, &pos, "g1").unwrap();
        assert_eq!(h, "8/8/8/8/8/5Y1Y/8/8");
    }

    /// A Knight's path capture by clicks: lifting the Knight marks its
    /// own squares only (none of the King's) and the Bishop on its path
    /// `C`; stopping there, the second leg may end where the Knight's
    /// path turns lead, and the turn reads back from XBoard's form.
    #[test]
    fn a_two_leg_turn_by_clicks() {
        let pos =
            AnyPosition::from_fen(Variant::Dysnomia, "4k3/8/8/8/8/8/1b6/1N2K3 w - - 0 1").unwrap();
        let xb = XbBoard::from_fen(&pos.fen()).unwrap();
        assert_eq!(
            highlight(&xb, &pos, "b1").unwrap(),
            "8/8/8/8/8/Y1Y5/1C1Y4/8"
        );
        assert_eq!(
            second_leg_highlight(&pos, "b1", "b2").unwrap(),
            "8/8/8/8/8/Y1Y5/3Y4/8"
        );
        assert_eq!(
            second_leg_highlight(&pos, "b1", "c3").unwrap(),
            "8/8/8/8/8/8/8/8"
        );
        assert!(second_leg_highlight(&pos, "b1", "z9").is_none());
        assert_eq!(read_move(&xb, &pos, "b1b2,b2c3").unwrap().0, "b1b2,b2c3");
    }
}

#[cfg(test)]
mod replay {
    use super::*;
    use movegen::Variant;

    /// Replays the engine moves of an XBoard debug log (`CURIO_XB_DEBUG`)
    /// through the model, printing XBoard's board as modelled.
    #[test]
    #[ignore]
    fn replay_debug_log() {
        let Ok(path) = std::env::var("CURIO_XB_DEBUG") else {
            return;
        };
        let text = std::fs::read_to_string(path).unwrap();
        let mut pos = AnyPosition::start(Variant::Dysnomia);
        let mut xb = XbBoard::from_fen(&pos.fen()).unwrap();
        for line in text.lines() {
            if line.ends_with(">first : new") {
                pos = AnyPosition::start(Variant::Dysnomia);
                xb = XbBoard::from_fen(&pos.fen()).unwrap();
                println!("new game");
            }
            let Some(i) = line.find(": move ") else {
                continue;
            };
            if !line.contains('<') {
                continue;
            }
            let wire = &line[i + 7..];
            println!("{} {wire}", board_field(&xb.cells));
            match read_move(&xb, &pos, wire) {
                Ok((m, after)) => {
                    let written = write_move(&xb, &pos, &m).map(|w| w.0);
                    if written.as_deref() != Some(wire) {
                        println!("  written as {written:?}");
                    }
                    println!("  = {m}   ours {}", pos.fen());
                    pos.play(&m).unwrap();
                    xb = after;
                }
                Err(e) => {
                    println!("  ! {e}");
                    break;
                }
            }
        }
    }
}
