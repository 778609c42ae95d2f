use super::*;
use movegen::{AnyPosition, Variant};

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
    let script = include_str!("../../../../tests/xboard/match.sh");
    assert!(script.contains(&format!("SC_INSCRIPTIONS='{INSCRIPTIONS}'")));
}

/// XBoard's FEN of its board (after `Edit Position`, or a relayed
/// null move) reads back as the position with the Walls, shares and
/// holes it shows.
#[test]
fn xboards_fen_reads_back_as_our_position() {
    let fen = "rxdnbqkbnd1x/2ss1ww1ss2/1p1p1mm5/5pp1h1p1/12/p3p2ppp1p/P1P1P(NH)5P/1P9R/4MPP1H1P1/\
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
