//! What the Strange Chess rule data cannot state, for the fast generator:
//! the messages of refused FENs and moves, Zobrist keys, repetition (which
//! needs the game's history), internals such as the Wall's cells, and the
//! parse-back of every legal move string. The worked examples of the rule
//! texts (moves, FENs after moves, statuses, refusals) are data in
//! `tests/rules/strangechess/`, run against this generator and the
//! independent reference alike (`tests/references/rules_strangechess.rs`).

use movegen::strangechess::geometry::parse_square;
use movegen::strangechess::{move_string, MoveVec, Position};
use movegen::{Color, EndReason, Game, Notation, Outcome};
use std::collections::BTreeSet;

const START_FEN: &str =
    "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq - 0 1";

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"))
}

/// Builds a FEN board from (square, content) pairs; content is one letter,
/// `*` for a hole, or "(XY)" for a shared square.
fn board(items: &[(&str, &str)]) -> String {
    let mut cells = vec![String::new(); 144];
    for (s, c) in items {
        let sq = parse_square(s).unwrap_or_else(|| panic!("bad square {s}"));
        assert!(cells[sq].is_empty(), "{s} given twice");
        cells[sq] = c.to_string();
    }
    let mut out = String::new();
    for r in (0..12).rev() {
        let mut run = 0;
        for f in 0..12 {
            let c = &cells[r * 12 + f];
            if c.is_empty() {
                run += 1;
            } else {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push_str(c);
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

fn fen(items: &[(&str, &str)], rest: &str) -> String {
    format!("{} {}", board(items), rest)
}

fn play(p: &Position, m: &str) -> Position {
    let mut q = *p;
    let mv = q
        .parse_move(m)
        .unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
    q.make(mv);
    q
}

fn outcome(p: &Position) -> Option<Outcome> {
    p.outcome(&[])
}

// ---------------------------------------------------------------------------
// R-A0.1, R-A1.1, R-A1.2: board, setup, start position
// ---------------------------------------------------------------------------

/// The start position built in equals the one its FEN gives (the FEN
/// itself, its moves and its status are data: tests/rules/strangechess/).
#[test]
fn r_a0_1_r_a1_start_position_fen_round_trip() {
    let p = Position::start();
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(pos(START_FEN).key(), p.key());
    // R-A1.1: the Walls on f2+g2 and f11+g11
    assert_eq!(p.wall(Color::White), Some((17, 18)));
    assert_eq!(p.wall(Color::Black), Some((125, 126)));
}

/// perft from the start: 102, 10410 (the independent reference agrees);
/// the hand-checked divide lines are data (a0-board.rules).
#[test]
fn r_a0_1_start_perft() {
    let mut p = Position::start();
    assert_eq!(movegen::perft::perft(&mut p, 1), 102);
    assert_eq!(movegen::perft::perft(&mut p, 2), 10410);
}

// ---------------------------------------------------------------------------
// R-A0.3 occupancy, R-A0.4 blocking, R-A0.5 moving onto occupied squares
// ---------------------------------------------------------------------------

/// The refusals' messages (the pairs themselves are data: a0-board.rules).
#[test]
fn r_a0_3_forbidden_pairs_are_refused_with_a_reason() {
    let k = "12/12/12/12/12/12/12/12/12/12/12/";
    for (bad, why) in [
        ("K(NN)9k w - - 0 1", "two full pieces on b1"),
        ("K(Nn)9k w - - 0 1", "two full pieces on b1"),
        ("K(Nh)9k w - - 0 1", "b1 holds occupants that may not share"),
        ("K(nH)9k w - - 0 1", "b1 holds occupants that may not share"),
        ("K(HHh)8k w - - 0 1", "exactly two occupants"),
    ] {
        let f = format!("{k}{bad}");
        let e = Position::from_fen(&f).expect_err(&f).to_string();
        assert!(e.contains(why), "{f}: '{e}' lacks '{why}'");
    }
}

// ---------------------------------------------------------------------------
// R-A4 Bacteria
// ---------------------------------------------------------------------------

/// R-A4.3: powers are state of the Bacteria, part of the position's key
/// (that they move with it is data: a4-bacteria.rules).
#[test]
fn r_a4_3_powers_are_hashed() {
    let a = pos(&fen(&[("f6", "X"), ("a1", "K"), ("l12", "k")], "w - - 0 1"));
    let b = pos(&fen(
        &[("f6", "X"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1 powers=f6:R",
    ));
    assert_ne!(a.key(), b.key());
}

// ---------------------------------------------------------------------------
// R-A5 Magician
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// R-A11 end of game, clocks, repetition
// ---------------------------------------------------------------------------

/// R-A11.2: threefold repetition needs the game's history, which the rule
/// data cannot give (the move rule is data: a11-end-of-game.rules).
#[test]
fn r_a11_2_repetition_and_what_the_key_holds() {
    // threefold repetition: the start position comes back twice
    let p = pos(&fen(&[("a1", "K"), ("l12", "k"), ("e5", "N")], "w - - 0 1"));
    let mut history = vec![p.key()];
    let mut q = p;
    for m in ["e5f7", "l12l11", "f7e5", "l11l12", "e5f7", "l12l11", "f7e5"] {
        q = play(&q, m);
        assert_eq!(outcome(&q), None, "{m}: {}", q.to_fen());
        history.push(q.key());
    }
    history.pop();
    let q = play(&q, "l11l12");
    assert_eq!(q.key(), p.key());
    assert_eq!(
        q.outcome(&history),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    // the position includes holes, sieges and their timers, tunnels, powers, e.p. cells
    let keys: BTreeSet<u64> = [
        "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1",
        "12/12/12/12/12/12/*11/12/12/12/12/K10k w - - 0 1",
        "12/12/12/12/12/12/12/3(nH)8/12/12/12/K10k b - - 0 1 sieges=d5w4",
        "12/12/12/12/12/12/12/3(nH)8/12/12/12/K10k b - - 0 1 sieges=d5w2",
        "12/12/12/12/12/12/12/12/12/12/12/K2D7k w - - 0 1 tunnels=w2:b2-c1@d1",
        "12/12/12/12/12/12/12/12/12/12/12/K2D7k w - - 0 1 tunnels=w1:b2-c1@d1",
        "12/12/12/12/12/12/12/12/12/12/12/K2D7k w - - 0 1",
        "12/12/12/12/12/12/12/12/12/12/3X8/K10k w - - 0 1",
        "12/12/12/12/12/12/12/12/12/12/3X8/K10k w - - 0 1 powers=d2:R",
        "12/12/12/12/12/12/12/12/12/4P7/12/K10k w - - 0 1",
        "12/12/12/12/12/12/12/12/12/4P7/12/K10k w - - 0 1 unmoved=-",
    ]
    .iter()
    .map(|f| pos(f).key())
    .collect();
    assert_eq!(keys.len(), 11);
}

// ---------------------------------------------------------------------------
// notation-strangechess.md: FEN and move strings
// ---------------------------------------------------------------------------

/// The refusals the notation lists, each with a message naming the problem.
#[test]
fn fen_refusals_with_precise_messages() {
    let e = "12/12/12/12/12/12/12/12/12/12/12/";
    let bad: Vec<(String, &str)> = vec![
        // a rank that does not fill 12 files
        (format!("{e}K10 w - - 0 1"), "rank 1 does not fill 12 files"),
        (
            format!("{e}K11k w - - 0 1"),
            "rank 1 has more than 12 files",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/11/K10k w - - 0 1".into(),
            "rank 2 does not fill 12 files",
        ),
        (format!("12/{e}K10k w - - 0 1"), "13 ranks, not 12"),
        // an unknown letter
        (format!("{e}KZ9k w - - 0 1"), "unknown piece letter 'Z'"),
        (format!("{e}KA9k w - - 0 1"), "unknown piece letter 'A'"),
        // a bad Wall
        (
            format!("{e}KW1W7k w - - 0 1"),
            "white Wall's cells are not side by side",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/W11/KW9k w - - 0 1".into(),
            "white Wall's cells are not side by side",
        ),
        (
            format!("{e}KW9k w - - 0 1"),
            "1 white Wall cells (a Wall has two)",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/WW10/KWW8k w - - 0 1".into(),
            "4 white Wall cells (a Wall has two)",
        ),
        (
            format!("{e}KWwW7k w - - 0 1"),
            "white Wall's cells are not side by side",
        ),
        // a forbidden pair
        (format!("{e}K(NN)9k w - - 0 1"), "two full pieces on b1"),
        (
            format!("{e}K(Nh)9k w - - 0 1"),
            "b1 holds occupants that may not share",
        ),
        (
            format!("{e}K(nH)9k w - - 0 1"),
            "b1 holds occupants that may not share",
        ),
        // an impossible siege
        (
            format!("{e}K(Nh)9k w - - 0 1 sieges=d1w2"),
            "siege on d1 needs a white besieger and a black victim",
        ),
        (
            format!("{e}K(NH)9k w - - 0 1 sieges=b1b4"),
            "siege on b1 needs a black besieger and a white victim",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/1(Kh)9k w - - 0 1 sieges=b1b4".into(),
            "never a king",
        ),
        (
            format!("{e}K(Nh)9k w - - 0 1 sieges=b1w5"),
            "siege 'b1w5' is not",
        ),
        // an impossible tunnel
        (
            format!("{e}K10k w - - 0 1 tunnels=w2:a1-b1"),
            "cells are not one diagonal line",
        ),
        (
            format!("{e}K10k w - - 0 1 tunnels=w2:a2-c4"),
            "cells are not one diagonal line",
        ),
        (
            format!("{e}K10k w - - 0 1 tunnels=w2:a2"),
            "a tunnel has at least two cells",
        ),
        (
            format!("{e}K10k w - - 0 1 tunnels=w2:a2-m3"),
            "a cell is not a square name",
        ),
        (
            format!("{e}K10k w - - 0 1 tunnels=w2:a2-b3@b3"),
            "no Digger of its owner stands on the @ square",
        ),
        (
            format!("{e}K10k w - - 0 1 tunnels=w3:a2-b3"),
            "turns is not 1 or 2",
        ),
        // a pawn on its last rank
        (
            "P11/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1".into(),
            "white pawn on its last rank (a12)",
        ),
        (
            format!("{e}K9pk w - - 0 1"),
            "black pawn on its last rank (k1)",
        ),
        // the side not to move in check
        (
            format!("{e}K9Rk w - - 0 1"),
            "the side not to move (black) is in check",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/2h9/K10k b - - 0 1".into(),
            "the side not to move (white) is in check",
        ),
        // a king count other than one per side
        (format!("{e}K9Kk w - - 0 1"), "more than one white king"),
        (format!("{e}k10k w - - 0 1"), "more than one black king"),
        (format!("{e}11k w - - 0 1"), "no white king"),
        (format!("{e}K11 w - - 0 1"), "no black king"),
        // the other fields
        (format!("{e}K10k w - - 0"), "expected at least 6 fields"),
        (
            format!("{e}K10k x - - 0 1"),
            "side to move 'x' is not w or b",
        ),
        (
            format!("{e}K10k w - - 0 1 powers=a1:R"),
            "no Bacteria stands there",
        ),
        (
            format!("{e}K10k w - - 0 1 foo=1"),
            "unknown extra field 'foo'",
        ),
        (
            format!("{e}K10k w - - 0 1 unmoved=- sieges=a1w4"),
            "extra field 'sieges' out of order",
        ),
        (
            format!("{e}K10k w K - 0 1"),
            "castling right without the white king on g1 and rook on l1",
        ),
        (
            format!("{e}K10k w - e4 0 1"),
            "are not followed by the black pawn that passed them",
        ),
    ];
    for (f, why) in bad {
        match Position::from_fen(&f) {
            Ok(p) => panic!("accepted bad FEN {f} as {}", p.to_fen()),
            Err(e) => assert!(
                e.to_string().contains(why),
                "{f}: message '{e}' lacks '{why}'"
            ),
        }
    }
}

#[test]
fn move_strings_round_trip_and_refusals() {
    let p = Position::start();
    // every legal move prints and parses back to itself
    let mut v = MoveVec::default();
    p.legal_moves(&mut v);
    for &m in &v {
        assert_eq!(p.parse_move(&move_string(m)), Ok(m));
    }
    let illegal = p.parse_move("a3a7").unwrap_err().to_string();
    assert!(illegal.contains("illegal move 'a3a7'"), "{illegal}");
    for bad in [
        "z9a1",
        "a3",
        "a3a4 ",
        "a3a4k",
        "a3a4tq",
        "e4f6,f6g7",
        "a13a4",
    ] {
        let e = p.parse_move(bad).unwrap_err().to_string();
        assert!(e.contains("unreadable move"), "{bad}: {e}");
    }
    assert!(p.parse_move("a3a4q").is_err());
    // the Wall's lengthwise alias: f2g2 for g2h2
    assert_eq!(play(&p, "f2g2").to_fen(), play(&p, "g2h2").to_fen());
    assert_eq!(
        move_string(p.parse_move("f2g2").unwrap()),
        "g2h2",
        "an alias prints canonically"
    );
}

// ---------------------------------------------------------------------------
// Rulings as now worded (issue 31): R-A3.2, R-A8.6 with R-A10.3, the rescue
// forms, the `unmoved=` default and castling letters of the notation, the
// last sentence of R-A0.6, and R-A6.5 / R-A8.2 out of check. Each cause has
// the position and positions of our own.
// ---------------------------------------------------------------------------

/// Cause 1 (R-A3.2): with the Halfer gone from e8 the black Wall e8-e9
/// gives check: the FEN with Black to move and White in check is
/// refused with the reason (the moves are data: rulings-wall-and-halfer.rules).
#[test]
fn r_a3_2_wall_check_refusal_names_the_reason() {
    let e = Position::from_fen("k11/12/12/4w7/4w7/12/4K7/h11/12/12/12/12 b - - 0 1").unwrap_err();
    assert!(e.to_string().contains("is in check"), "{e}");
}

/// Cause 5 (notation, `unmoved=` default): naming a square that is not a
/// pawn's starting square is refused with the reason (the position's moves
/// are data: rulings-unmoved.rules).
#[test]
fn fen_unmoved_refusals_name_the_starting_square() {
    for extra in ["unmoved=f10", "unmoved=g3"] {
        let e = Position::from_fen(&format!(
            "11k/12/5p6/12/12/12/12/12/12/6P5/12/K11 b - - 0 1 {extra}"
        ))
        .unwrap_err();
        assert!(e.to_string().contains("starting square"), "{e}");
    }
}

/// Cause 5: an e.p. path that starts on f3 or g10 is refused with the
/// reason (the rest is data: rulings-unmoved.rules).
#[test]
fn fen_e_p_origin_refusals_name_the_first_move() {
    for bad in [
        "11k/12/12/12/12/12/12/5P6/12/12/12/K11 b - f4 0 1",
        "11k/12/12/12/6p5/12/12/12/12/12/12/K11 w - g9 0 1",
    ] {
        let e = Position::from_fen(bad).unwrap_err();
        assert!(e.to_string().contains("first move"), "{bad}: {e}");
    }
}

/// notation-strangechess.md, the rescue rows: every legal string of the
/// rescue positions parses back to the same move, and malformed leg
/// strings are refused as malformed (the strings and the FENs after them
/// are data: rulings-notation.rules).
#[test]
fn notation_rescue_forms_parse_back_and_malformed_legs_are_named() {
    let positions = [
        "11k/12/12/12/12/12/5(Bh)6/12/4H7/12/12/K11 w - - 0 1 sieges=f6b4",
        "11k/12/12/12/12/12/5(Bh)6/12/4N7/12/12/K11 w - - 0 1 sieges=f6b4",
        "5(Nh)6/4P7/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 sieges=f12b4",
        "12/5(Ph)6/12/12/12/12/12/12/12/12/5R6/K10k w - - 0 1 sieges=f11b2",
        "11k/12/12/12/12/12/5(Nh)(Bh)5/12/12/12/5WW5/K11 w - - 0 1 sieges=f6b4,g6b4",
    ];
    for f in positions {
        let p = pos(f);
        let mut v = MoveVec::default();
        p.legal_moves(&mut v);
        for &m in v.iter() {
            assert_eq!(p.parse_move(&move_string(m)).unwrap(), m);
        }
    }
    let d = pos(positions[3]);
    for bad in [
        "f2f11,f11e12vq",
        "f2f11,f11e12qqv",
        "f2f6,f6e5v,g6h7v,h7h8v",
        "f2f6,f6e5v,",
        "f2f6,f6e5",
    ] {
        let err = d.parse_move(bad).unwrap_err().to_string();
        assert!(
            err.contains("leg"),
            "{bad} should be refused as malformed: {err}"
        );
    }
}

/// notation-strangechess.md, castling field: a letter whose King or Rook
/// is not on its home square is refused with the reason (the positions are
/// data: rulings-notation.rules).
#[test]
fn fen_castling_letter_refusals_name_the_right() {
    for f in [
        "r5k4r/12/12/12/12/12/12/12/12/12/12/1R4K4R w KQkq - 0 1",
        "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K3R1 w KQkq - 0 1",
        "r4k5r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1",
        "r4k5r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQq - 0 1",
        "6k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQq - 0 1",
        "r5k4r/12/12/12/12/12/12/12/12/12/12/R4K5R w Q - 0 1",
    ] {
        let e = Position::from_fen(f).unwrap_err();
        assert!(e.to_string().contains("castling right"), "{f}: {e}");
    }
}

/// notation-strangechess.md: "parsing accepts exactly the canonical
/// strings"; an extra field with its default value is refused with the
/// reason (the other refusals are data: rulings-notation.rules).
#[test]
fn fen_default_unmoved_field_refusal_names_the_default() {
    let start_default =
        "a3,b3,c3,d3,e3,h3,i3,j3,k3,l3,f4,g4,f9,g9,a10,b10,c10,d10,e10,h10,i10,j10,k10,l10";
    let e = Position::from_fen(&format!("{START_FEN} unmoved={start_default}")).unwrap_err();
    assert!(e.to_string().contains("default of unmoved="), "{e}");
}
