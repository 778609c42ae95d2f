//! Rule examples for the fast Strange Chess generator: one test (or a small
//! group) per R- rule of Part A of `shared/rules/strange-and-dysnomia.md`,
//! plus the FEN and move notation of `notation-strangechess.md`. Every
//! expected move set and every expected FEN is worked out by hand from the
//! rule texts. The worked examples of the reference generator
//! (`tests/references/sc_reference_examples.rs`) are all ported here with the same
//! FENs and the same expectations; its `move_tags` checks become checks of
//! the position after the move.

use movegen::strangechess::geometry::{parse_square, parse_square_prefix};
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

fn legal(p: &Position) -> Vec<String> {
    let mut v = MoveVec::default();
    p.legal_moves(&mut v);
    v.iter().map(|&m| move_string(m)).collect()
}

fn legal_set(p: &Position) -> BTreeSet<String> {
    legal(p).into_iter().collect()
}

/// Legal moves whose from-square is `from`.
fn moves_of(p: &Position, from: &str) -> BTreeSet<String> {
    let f = parse_square(from).unwrap();
    legal(p)
        .into_iter()
        .filter(|m| parse_square_prefix(m).map(|(s, _)| s) == Some(f))
        .collect()
}

/// Spells and banishes: moves whose from-square is completely empty.
fn spells(p: &Position) -> BTreeSet<String> {
    let mut v = MoveVec::default();
    p.legal_moves(&mut v);
    v.iter()
        .filter(|m| p.piece_at(m.from()).is_none() && p.halfer_total(m.from()) == 0)
        .map(|&m| move_string(m))
        .collect()
}

/// Tunnel travel moves (suffix `t`).
fn travels(p: &Position) -> BTreeSet<String> {
    legal(p).into_iter().filter(|m| m.ends_with('t')).collect()
}

fn set(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn play(p: &Position, m: &str) -> Position {
    let mut q = *p;
    let mv = q
        .parse_move(m)
        .unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
    q.make(mv);
    q
}

/// Plays a sequence and returns the FEN after every ply.
fn play_line(p: &Position, line: &[&str]) -> (Position, Vec<String>) {
    let mut q = *p;
    let mut fens = Vec::new();
    for m in line {
        q = play(&q, m);
        fens.push(q.to_fen());
    }
    (q, fens)
}

fn has(p: &Position, m: &str) -> bool {
    legal(p).iter().any(|x| x == m)
}

fn outcome(p: &Position) -> Option<Outcome> {
    p.outcome(&[])
}

/// The cells `from + k*(df,dr)`, k = 1.., on an empty 12x12 frame.
fn ray(from: &str, df: i32, dr: i32) -> Vec<String> {
    let sq = parse_square(from).unwrap() as i32;
    let (mut f, mut r) = (sq % 12 + df, sq / 12 + dr);
    let mut out = Vec::new();
    while (0..12).contains(&f) && (0..12).contains(&r) {
        out.push(format!("{}{}", (b'a' + f as u8) as char, r + 1));
        f += df;
        r += dr;
    }
    out
}

/// `from` + each target as move strings.
fn targets(from: &str, to: &[String]) -> BTreeSet<String> {
    to.iter().map(|t| format!("{from}{t}")).collect()
}

// ---------------------------------------------------------------------------
// R-A0.1, R-A1.1, R-A1.2: board, setup, start position
// ---------------------------------------------------------------------------

#[test]
fn r_a0_1_r_a1_start_position_fen_round_trip() {
    let p = Position::start();
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(pos(START_FEN).to_fen(), START_FEN);
    assert_eq!(pos(START_FEN).key(), p.key());
    assert_eq!(p.side_to_move(), Color::White);
    assert!(!p.in_check());
    assert_eq!(outcome(&p), None);
    // R-A1.1: the Bishops stand on e1 h1 and e12 h12, the Walls on f2+g2 and f11+g11
    let rank1 = START_FEN.split('/').nth(11).unwrap();
    assert!(rank1.starts_with("RXHNBQKBNHXR"));
    assert_eq!(p.wall(Color::White), Some((17, 18)));
    assert_eq!(p.wall(Color::Black), Some((125, 126)));
}

/// The 102 moves of the start position, piece by piece:
/// Ra1 1, Rl1 1, Xb1 2 (a2, share c1), Xk1 2, Hc1 7 (4 N incl. shares with b3 d3 pawns,
/// 3 (3,1) incl. share with the Wall on f2), Hj1 7, Nd1 0, Ni1 0, Be1 0, Bh1 0, Qf1 1,
/// Kg1 1, Db2 10 (c1 share; d4..i9 quiet; j10, k11, l12 captures under everything),
/// Dk2 10, Sc2 1, Sd2 2, Si2 2, Sj2 1, Wall 2 (lengthwise only), Mf3 3, Mg3 3,
/// 12 banishes (empty squares within 2 of a Magician, no holes yet),
/// 34 pawn moves (10 pawns x 3 squares up to rank 6, f4 g4 x 2).
#[test]
fn r_a0_1_start_position_move_list() {
    let p = Position::start();
    let mut expected = set(&[
        "a1a2", "l1l2", "b1a2", "b1c1", "k1l2", "k1j1", "c1a2", "c1b3", "c1d3", "c1e2", "c1f2",
        "c1d4", "c1b4", "j1l2", "j1h2", "j1i3", "j1k3", "j1g2", "j1k4", "j1i4", "f1e2", "g1h2",
        "b2c1", "b2d4", "b2e5", "b2f6", "b2g7", "b2h8", "b2i9", "b2j10", "b2k11", "b2l12", "k2j1",
        "k2i4", "k2h5", "k2g6", "k2f7", "k2e8", "k2d9", "k2c10", "k2b11", "k2a12", "c2c1", "d2c1",
        "d2e2", "i2j1", "i2h2", "j2j1", "g2h2", "f2e2", "f3e2", "f3e4", "f3f5", "g3h2", "g3h4",
        "g3g5", "e2e2", "h2h2", "d4d4", "e4e4", "h4h4", "i4i4", "d5d5", "e5e5", "f5f5", "g5g5",
        "h5h5", "i5i5", "f4f5", "f4f6", "g4g5", "g4g6",
    ]);
    for f in ["a", "b", "c", "d", "e", "h", "i", "j", "k", "l"] {
        for r in 4..=6 {
            expected.insert(format!("{f}3{f}{r}"));
        }
    }
    assert_eq!(expected.len(), 102);
    let got = legal(&p);
    assert_eq!(got.len(), 102, "no duplicates");
    assert_eq!(got.into_iter().collect::<BTreeSet<_>>(), expected);
}

/// perft from the start: 102, 10410 (the independent reference agrees).
#[test]
fn r_a0_1_start_perft_and_hand_checked_divide_lines() {
    let mut p = Position::start();
    assert_eq!(movegen::perft::perft(&mut p, 1), 102);
    assert_eq!(movegen::perft::perft(&mut p, 2), 10410);
    let d: std::collections::BTreeMap<String, u64> = movegen::perft::divide(&mut p, 2, |_, _| {})
        .into_iter()
        .collect();
    // Digger on d9 checks the king through e10 and f11: c10d9, e10d9, b11d9 capture,
    // c12d9 besieges it (a frozen piece gives no check), g12h11 steps away.
    assert_eq!(d["k2d9"], 5);
    let after = play(&Position::start(), "k2d9");
    assert!(after.in_check());
    assert_eq!(
        legal_set(&after),
        set(&["b11d9", "c10d9", "c12d9", "e10d9", "g12h11"])
    );
    // a banish adds one destination to each of Black's 12 spell sources
    assert_eq!(d["e2e2"], 114);
    // banishing e5 also cuts the k11 Digger's diagonal after e5 (e5 d4 c3 b2 a1)
    assert_eq!(d["e5e5"], 109);
    // Digger takes the b11 Digger: -10 Digger moves, +b12b11, +d12b11
    assert_eq!(d["b2k11"], 94);
    // Digger on e8: e10 pawn loses e8 e7, spell source e8 lost, f9e8 gained, g12h11 now illegal
    assert_eq!(d["k2e8"], 99);
}

// ---------------------------------------------------------------------------
// R-A0.2 holes, R-A2.1 / R-A2.2 leapers jump them, sliders stop at them
// ---------------------------------------------------------------------------

#[test]
fn r_a0_2_banish_and_holes() {
    let p = pos(&fen(
        &[
            ("c3", "M"),
            ("a1", "R"),
            ("b1", "N"),
            ("l1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert!(spells(&p).contains("a3a3"));
    let banished = play(&p, "a3a3");
    assert_eq!(
        banished.to_fen(),
        fen(
            &[
                ("c3", "M"),
                ("a3", "*"),
                ("a1", "R"),
                ("b1", "N"),
                ("l1", "K"),
                ("l12", "k"),
            ],
            "b - - 1 1"
        )
    );
    let a = play(&banished, "l12l11");
    // the rook stops before the hole; the knight cannot land on it (nor on its own Magician)
    assert_eq!(moves_of(&a, "a1"), set(&["a1a2"]));
    assert_eq!(moves_of(&a, "b1"), set(&["b1d2"]));
    // the hole is now a spell destination: a source within 2 of c3 moved into a3
    assert!(has(&a, "b4a3") && has(&a, "e5a3") && !has(&a, "a3a3"));
    assert!(a
        .to_fen()
        .starts_with("12/11k/12/12/12/12/12/12/12/*1M9/12/RN9K"));
    // filling the hole with a source makes the source a hole and a3 a square again
    let b = play(&a, "b4a3");
    assert!(b
        .to_fen()
        .starts_with("12/11k/12/12/12/12/12/12/1*10/2M9/12/RN9K"));
    assert!(b.is_square(parse_square("a3").unwrap()));
    assert!(!b.is_square(parse_square("b4").unwrap()));
}

#[test]
fn r_a2_1_leapers_jump_holes_but_never_land_on_them() {
    // Knight d4 over the holes d5 e5, the landing f5 a hole: 7 of its 8 leaps
    let p = pos(&fen(
        &[
            ("d4", "N"),
            ("d5", "*"),
            ("e5", "*"),
            ("f5", "*"),
            ("a12", "K"),
            ("l1", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        moves_of(&p, "d4"),
        set(&["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3"])
    );
    // Magician: K steps (not into holes) and (2,0) leaps over a hole
    let m = pos(&fen(
        &[
            ("f6", "M"),
            ("f7", "*"),
            ("g6", "*"),
            ("d6", "*"),
            ("a12", "K"),
            ("l1", "k"),
        ],
        "w - - 0 1",
    ));
    let leaps: BTreeSet<String> = moves_of(&m, "f6");
    assert_eq!(
        leaps,
        set(&["f6e5", "f6e6", "f6e7", "f6f5", "f6g5", "f6g7", "f6f8", "f6h6", "f6f4"])
    );
    // Halfer (2,1) and (3,1) leaps over holes; a Bacteria's base leaps too
    let h = pos(&fen(
        &[
            ("f6", "H"),
            ("f7", "*"),
            ("g7", "*"),
            ("e7", "*"),
            ("i7", "*"),
            ("a12", "K"),
            ("l1", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        moves_of(&h, "f6"),
        set(&[
            "f6d5", "f6d7", "f6e4", "f6e8", "f6g4", "f6g8", "f6h5", "f6h7", "f6c5", "f6c7", "f6e3",
            "f6e9", "f6g3", "f6g9", "f6i5",
        ])
    );
}

#[test]
fn r_a2_2_sliders_stop_at_holes_like_an_edge() {
    let p = pos(&fen(
        &[
            ("d4", "Q"),
            ("d7", "*"),
            ("f6", "*"),
            ("b4", "*"),
            ("g4", "n"),
            ("a12", "K"),
            ("l1", "k"),
        ],
        "w - - 0 1",
    ));
    let mut want = set(&["d4d5", "d4d6", "d4c4", "d4e4", "d4f4", "d4g4", "d4e5"]);
    want.extend(targets("d4", &ray("d4", 0, -1)));
    want.extend(targets("d4", &ray("d4", -1, 1)));
    want.extend(targets("d4", &ray("d4", -1, -1)));
    want.extend(targets("d4", &ray("d4", 1, -1)));
    assert_eq!(moves_of(&p, "d4"), want);
    assert_eq!(want.len(), 7 + 3 + 3 + 3 + 3);
}

// ---------------------------------------------------------------------------
// R-A0.3 occupancy, R-A0.4 blocking, R-A0.5 moving onto occupied squares
// ---------------------------------------------------------------------------

#[test]
fn r_a0_3_allowed_and_forbidden_pairs() {
    let k = "12/12/12/12/12/12/12/12/12/12/12/";
    for ok in [
        "K(NH)9k w - - 0 1",
        "K(Hh)9k w - - 0 1",
        "K(HH)9k w - - 0 1",
        "K(hh)9k w - - 0 1",
        "(KH)10k w - - 0 1",
        "K(nH)9k b - - 0 1 sieges=b1w4",
        "K(Nh)9k w - - 0 1 sieges=b1b4",
        "K(Hh)9k w - - 0 1 sieges=b1b4",
    ] {
        let f = format!("{k}{ok}");
        assert_eq!(pos(&f).to_fen(), f);
    }
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

#[test]
fn r_a0_4_occupants_and_holes_block_paths() {
    // rook a1: a lone friendly halfer on a4 is a share target but blocks beyond;
    // the black knight on d1 is captured and blocks beyond
    let p = pos(&fen(
        &[
            ("a1", "R"),
            ("a4", "H"),
            ("d1", "n"),
            ("l6", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        moves_of(&p, "a1"),
        set(&["a1a2", "a1a3", "a1a4", "a1b1", "a1c1", "a1d1"])
    );
    // two halfers of any colours on b1 block the rook and cannot be entered
    let q = pos(&fen(
        &[
            ("a1", "R"),
            ("b1", "(Hh)"),
            ("a2", "*"),
            ("l6", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(moves_of(&q, "a1"), BTreeSet::new());
}

#[test]
fn r_a0_5_share_siege_and_suffixes() {
    // white Halfer on d4 with a white Knight: its moves carry h; onto a lone black Halfer: share or x
    let p = pos(&fen(
        &[
            ("d4", "(NH)"),
            ("e6", "h"),
            ("f5", "n"),
            ("c6", "B"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    let h = moves_of(&p, "d4");
    assert!(h.contains("d4e6h") && h.contains("d4e6hx"));
    assert!(h.contains("d4c6h"), "share with a friendly full piece");
    assert!(
        h.contains("d4e6") && !h.contains("d4c6"),
        "knight move: e6 has a lone enemy halfer -> siege"
    );
    assert!(
        h.contains("d4f5h"),
        "halfer besieges the knight on f5 (no x)"
    );
    // the knight captures f5 outright
    assert!(h.contains("d4f5"));
    let a = play(&p, "d4e6h");
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("d4", "N"),
                ("e6", "(Hh)"),
                ("f5", "n"),
                ("c6", "B"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 1 1"
        )
    );
    let b = play(&p, "d4e6hx");
    assert_eq!(
        b.to_fen(),
        fen(
            &[
                ("d4", "N"),
                ("e6", "(Hh)"),
                ("f5", "n"),
                ("c6", "B"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1 sieges=e6w4"
        )
    );
    // the knight besieges the lone halfer (no share option for a full piece)
    let c = play(&p, "d4e6");
    assert_eq!(
        c.to_fen(),
        fen(
            &[
                ("d4", "H"),
                ("e6", "(Nh)"),
                ("f5", "n"),
                ("c6", "B"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1 sieges=e6w4"
        )
    );
    let d = play(&p, "d4c6h");
    assert!(d.to_fen().contains("2(BH)"), "{}", d.to_fen());
}

#[test]
fn r_a0_5_capture_on_full_plus_halfer_square() {
    // a rook onto a black Knight sharing with a black Halfer: the knight goes, the halfer is besieged
    let p = pos(&fen(
        &[("d1", "R"), ("d6", "(nh)"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    let a = play(&p, "d1d6");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("d6", "(Rh)"), ("a1", "K"), ("l12", "k")],
            "b - - 0 1 sieges=d6w4"
        )
    );
    // a white Halfer cannot enter that square (it already has 2 occupants)
    let q = pos(&fen(
        &[("c4", "H"), ("d6", "(nh)"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    assert!(!has(&q, "c4d6"));
    assert_eq!(
        moves_of(&q, "c4"),
        set(&[
            "c4a3", "c4a5", "c4b2", "c4b6", "c4d2", "c4e3", "c4e5", "c4b1", "c4b7", "c4d1", "c4d7",
            "c4f3", "c4f5",
        ])
    );
}

// ---------------------------------------------------------------------------
// R-A0.6 check (every capture mechanism), R-A0.7
// ---------------------------------------------------------------------------

#[test]
fn r_a0_6_check_by_every_mechanism() {
    // ordinary: a pinned knight has no move
    let p = pos(&fen(
        &[("e1", "K"), ("e2", "N"), ("e12", "r"), ("a12", "k")],
        "w - - 0 1",
    ));
    assert!(!p.in_check());
    assert!(moves_of(&p, "e2").is_empty());
    // Wall broadside: d4+e4 to d8+e8 takes the king on e8 (both paths clear)
    let wall = |extra: &[(&'static str, &'static str)]| {
        let mut items = vec![("d4", "W"), ("e4", "W"), ("e8", "k"), ("a1", "K")];
        items.extend_from_slice(extra);
        pos(&fen(&items, "b - - 0 1"))
    };
    assert!(wall(&[]).in_check());
    assert!(
        wall(&[("d8", "n")]).in_check(),
        "the d half may capture too"
    );
    assert!(
        !wall(&[("d6", "B")]).in_check(),
        "the d half's path is blocked"
    );
    assert!(!wall(&[("d6", "n")]).in_check(), "blocked by any occupant");
    assert!(!wall(&[("d8", "N")]).in_check(), "the d half cannot land");
    assert!(!wall(&[("d6", "*")]).in_check(), "a hole blocks the d half");
    // Wall lengthwise: e2+e3 north, the leading half lands on e8
    let v = pos(&fen(
        &[("e2", "W"), ("e3", "W"), ("e8", "k"), ("a1", "K")],
        "b - - 0 1",
    ));
    assert!(v.in_check());
    // the Digger checks through any pieces; only a hole interposes
    let d = |hole: bool| {
        let mut items = vec![
            ("a1", "D"),
            ("b2", "P"),
            ("c3", "p"),
            ("d4", "k"),
            ("l1", "K"),
        ];
        if hole {
            items.push(("b2", "*"));
            items.remove(1);
        }
        pos(&fen(&items, "b - - 0 1"))
    };
    assert!(d(false).in_check());
    assert!(!d(true).in_check());
    // a Stone step that would sandwich the king is check: h8i9 traps j10 against the k11 rook
    let u = pos(&fen(
        &[("h8", "S"), ("k11", "R"), ("a1", "K"), ("j10", "k")],
        "b - - 0 1",
    ));
    assert!(u.in_check());
    // without the partner there is no check
    let u2 = pos(&fen(&[("h8", "S"), ("a1", "K"), ("j10", "k")], "b - - 0 1"));
    assert!(!u2.in_check());
    // a Halfer's leap onto the king is immediate
    let h = pos(&fen(&[("b7", "H"), ("e8", "k"), ("a1", "K")], "b - - 0 1"));
    assert!(h.in_check());
    // a Bacteria checks with a gained power only
    let x = |powers: &str| {
        pos(&fen(
            &[("c3", "X"), ("c10", "k"), ("a1", "K")],
            &format!("b - - 0 1{powers}"),
        ))
    };
    assert!(x(" powers=c3:R").in_check());
    assert!(!x("").in_check());
    // a frozen piece gives no check: the rook e2 besieges a black Halfer
    let free = pos(&fen(&[("e2", "R"), ("e10", "k"), ("a1", "K")], "b - - 0 1"));
    assert!(free.in_check());
    let frozen = pos(&fen(
        &[("e2", "(Rh)"), ("e10", "k"), ("a1", "K")],
        "b - - 0 1 sieges=e2w4",
    ));
    assert!(!frozen.in_check());
}

/// "Future siege completions are ignored for this test": while the frozen
/// Wall half d5 still shields d1 from the d12 rook, every king step is legal
/// (d2 included); the completion on c5 at the end of Black's next ply removes
/// the whole Wall (R-A3.4), opens the file, and White is in check.
#[test]
fn r_a0_6_future_siege_completions_are_ignored() {
    let p = pos(&fen(
        &[
            ("d1", "K"),
            ("c5", "(Wh)"),
            ("d5", "W"),
            ("d12", "r"),
            ("l12", "k"),
        ],
        "w - - 0 1 sieges=c5b2",
    ));
    assert!(!p.in_check());
    assert_eq!(
        legal_set(&p),
        set(&["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"])
    );
    let a = play(&p, "d1d2");
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("d2", "K"),
                ("c5", "(Wh)"),
                ("d5", "W"),
                ("d12", "r"),
                ("l12", "k")
            ],
            "b - - 1 1 sieges=c5b1"
        )
    );
    let b = play(&a, "l12l11");
    assert_eq!(
        b.to_fen(),
        fen(
            &[("d2", "K"), ("c5", "h"), ("d12", "r"), ("l11", "k")],
            "w - - 0 2"
        )
    );
    assert!(b.in_check());
    assert_eq!(
        legal_set(&b),
        set(&["d2c1", "d2c2", "d2c3", "d2e1", "d2e2", "d2e3"])
    );
}

// ---------------------------------------------------------------------------
// R-A3 Wall
// ---------------------------------------------------------------------------

#[test]
fn r_a3_2_broadside_double_capture_and_lengthwise_single() {
    let items = [
        ("d4", "W"),
        ("e4", "W"),
        ("d7", "n"),
        ("e7", "b"),
        ("h4", "r"),
        ("a1", "K"),
        ("l12", "k"),
    ];
    let p = pos(&fen(&items, "w - - 0 1"));
    let a = play(&p, "d4d7");
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("d7", "W"),
                ("e7", "W"),
                ("h4", "r"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1"
        )
    );
    // alias: the other cell's from and to
    assert_eq!(play(&p, "e4e7").to_fen(), a.to_fen());
    // lengthwise east: the leading cell e4 goes to h4 and takes the rook; the trailing cell ends on g4
    let b = play(&p, "e4h4");
    assert_eq!(
        b.to_fen(),
        fen(
            &[
                ("g4", "W"),
                ("h4", "W"),
                ("d7", "n"),
                ("e7", "b"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1"
        )
    );
    assert_eq!(play(&p, "d4g4").to_fen(), b.to_fen());
    // full translation list: N 1..3 (captures both at 3), S 1..3 (to rank 1), E 1..3, W 1..3, 4 rotations
    assert_eq!(
        moves_of(&p, "d4"),
        set(&[
            "d4a4", "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "d4e5", "d4e3"
        ])
    );
    assert_eq!(
        moves_of(&p, "e4"),
        set(&["e4f4", "e4g4", "e4h4", "e4d5", "e4d3"])
    );
    // a broadside needs both paths clear: block e6 with a white piece
    let mut blocked = items.to_vec();
    blocked.push(("e6", "N"));
    let q = pos(&fen(&blocked, "w - - 0 1"));
    assert!(has(&q, "d4d5") && !has(&q, "d4d6") && !has(&q, "d4d7"));
    // one capture lengthwise only: a black piece on the trailing half's path blocks
    let r = pos(&fen(
        &[
            ("d4", "W"),
            ("e4", "W"),
            ("f4", "n"),
            ("g4", "b"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        moves_of(&r, "e4")
            .into_iter()
            .filter(|m| m.as_bytes()[2] != b'd')
            .collect::<BTreeSet<_>>(),
        set(&["e4f4"])
    );
    assert_eq!(
        play(&r, "e4f4").to_fen(),
        fen(
            &[
                ("e4", "W"),
                ("f4", "W"),
                ("g4", "b"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1"
        )
    );
}

#[test]
fn r_a3_3_rotation_about_both_pivots() {
    let p = pos(&fen(
        &[("f2", "W"), ("g2", "W"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    let rot: BTreeSet<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("f2") || m.starts_with("g2"))
        .filter(|m| {
            let (a, n) = parse_square_prefix(m).unwrap();
            let b = parse_square(&m[n..]).unwrap_or(a);
            a % 12 != b % 12 && a / 12 != b / 12
        })
        .collect();
    assert_eq!(rot, set(&["f2g1", "f2g3", "g2f1", "g2f3"]));
    let k = |items: &[(&'static str, &'static str)]| {
        let mut v = items.to_vec();
        v.extend([("a1", "K"), ("l12", "k")]);
        fen(&v, "b - - 1 1")
    };
    // pivot f2: g2 swings to f3 or f1
    assert_eq!(play(&p, "g2f3").to_fen(), k(&[("f2", "W"), ("f3", "W")]));
    assert_eq!(play(&p, "g2f1").to_fen(), k(&[("f1", "W"), ("f2", "W")]));
    // pivot g2: f2 swings to g3 or g1
    assert_eq!(play(&p, "f2g3").to_fen(), k(&[("g2", "W"), ("g3", "W")]));
    assert_eq!(play(&p, "f2g1").to_fen(), k(&[("g1", "W"), ("g2", "W")]));
    // rotation never captures; it may share with a friendly halfer
    let q = pos(&fen(
        &[
            ("f2", "W"),
            ("g2", "W"),
            ("f3", "n"),
            ("g3", "H"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert!(!has(&q, "g2f3"));
    assert!(has(&q, "f2g3"));
    let b = play(&q, "f2g3");
    assert_eq!(
        b.to_fen(),
        fen(
            &[
                ("g2", "W"),
                ("g3", "(WH)"),
                ("f3", "n"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 1 1"
        )
    );
    // a vertical Wall rotates back, about either cell
    let a = play(&p, "g2f3");
    let c = play(&a, "l12l11");
    let rot: BTreeSet<String> = ["f3g2", "f3e2", "f2e3", "f2g3"]
        .iter()
        .filter(|m| has(&c, m))
        .map(|s| s.to_string())
        .collect();
    assert_eq!(rot.len(), 4);
    // a rotation target must be a square
    let h = pos(&fen(
        &[
            ("f2", "W"),
            ("g2", "W"),
            ("f3", "*"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert!(!has(&h, "g2f3") && has(&h, "g2f1"));
}

#[test]
fn r_a3_4_wall_captured_through_one_cell_removes_both() {
    let p = pos(&fen(
        &[
            ("d1", "R"),
            ("d6", "w"),
            ("e6", "w"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        play(&p, "d1d6").to_fen(),
        fen(&[("d6", "R"), ("a1", "K"), ("l12", "k")], "b - - 0 1")
    );
    // a siege of one Wall cell completes: both cells go
    let s = pos(&fen(
        &[("d6", "w"), ("e6", "(wH)"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1 sieges=e6w1",
    ));
    assert_eq!(
        play(&s, "a1a2").to_fen(),
        fen(&[("e6", "H"), ("a2", "K"), ("l12", "k")], "b - - 0 1")
    );
    // R-A3.6: a frozen Wall freezes both halves
    let f = pos(&fen(
        &[("d6", "w"), ("e6", "(wH)"), ("a1", "K"), ("l12", "k")],
        "b - - 0 1 sieges=e6w2",
    ));
    assert!(moves_of(&f, "d6").is_empty() && moves_of(&f, "e6").is_empty());
}

#[test]
fn r_a3_6_wall_no_tunnels_never_displaced() {
    // a white Wall on a tunnel cell does not travel; the knight on e3 does
    let p = pos(&fen(
        &[
            ("d2", "W"),
            ("d3", "W"),
            ("e3", "N"),
            ("f4", "D"),
            ("a12", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1 tunnels=w2:c1-d2-e3-f4@f4",
    ));
    assert_eq!(travels(&p), set(&["e3c1t"]));
    // a Wall rescue displaces the victim only (v)
    let q = pos(&fen(
        &[
            ("d4", "W"),
            ("e4", "W"),
            ("d6", "(Nh)"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1 sieges=d6b4",
    ));
    let rescues: BTreeSet<String> = moves_of(&q, "d4")
        .into_iter()
        .filter(|m| m.contains(','))
        .collect();
    let mut want = BTreeSet::new();
    for d in ["c5", "d5", "e5", "c6", "c7", "d7", "e7"] {
        want.insert(format!("d4d6,d6{d}v"));
    }
    assert_eq!(rescues, want);
    assert!(!has(&q, "d4d6") && !has(&q, "d4d7"));
    assert_eq!(
        play(&q, "d4d6,d6c6v").to_fen(),
        fen(
            &[
                ("d6", "W"),
                ("e6", "W"),
                ("c6", "N"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1"
        )
    );
}

// ---------------------------------------------------------------------------
// R-A4 Bacteria
// ---------------------------------------------------------------------------

/// R-A4.2's table, victim by victim: the Bacteria d4 takes e5.
#[test]
fn r_a4_2_gains_from_each_kind_of_victim() {
    let cases: [(&str, &str); 11] = [
        ("r", " powers=e5:R"),
        ("w", " powers=e5:R"),
        ("b", " powers=e5:B"),
        ("q", " powers=e5:RB"),
        ("n", ""),
        ("p", " powers=e5:P"),
        ("m", " powers=e5:D"),
        ("d", " powers=e5:T"),
        ("s", " powers=e5:S"),
        ("x", " powers=e5:BT"),
        ("h", ""),
    ];
    for (victim, expect) in cases {
        let mut items = vec![("d4", "X"), ("e5", victim), ("a1", "K"), ("l12", "k")];
        if victim == "w" {
            items.push(("f5", "w"));
        }
        let extra = if victim == "x" { " powers=e5:BT" } else { "" };
        let p = pos(&fen(&items, &format!("w - - 0 1{extra}")));
        let a = play(&p, "d4e5");
        let f = a.to_fen();
        if victim == "h" {
            // a full piece onto a lone enemy Halfer besieges it; no gain yet
            assert_eq!(
                f,
                fen(
                    &[("e5", "(Xh)"), ("a1", "K"), ("l12", "k")],
                    "b - - 0 1 sieges=e5w4"
                )
            );
        } else {
            let want = fen(
                &[("e5", "X"), ("a1", "K"), ("l12", "k")],
                &format!("b - - 0 1{expect}"),
            );
            assert_eq!(f, want, "victim {victim}");
        }
    }
    // Halfer: the power comes at the completion of the siege
    let p = pos(&fen(
        &[
            ("d4", "X"),
            ("e5", "h"),
            ("h1", "R"),
            ("h12", "r"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    let (q, fens) = play_line(&p, &["d4e5", "h12h11", "h1h2", "h11h12"]);
    for f in &fens {
        assert!(!f.contains("powers"), "{f}");
    }
    let q = play(&q, "h2h1");
    assert_eq!(
        q.to_fen(),
        fen(
            &[
                ("e5", "X"),
                ("h1", "R"),
                ("h12", "r"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 3 powers=e5:C"
        )
    );
    // a Bacteria that takes a Bacteria with base powers only gains nothing
    let r = pos(&fen(
        &[("d4", "X"), ("e5", "x"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1 powers=d4:R",
    ));
    assert_eq!(
        play(&r, "d4e5").to_fen(),
        fen(
            &[("e5", "X"), ("a1", "K"), ("l12", "k")],
            "b - - 0 1 powers=e5:R"
        )
    );
}

/// The moves each power gives a Bacteria on f6 of an otherwise empty board
/// (kings on b12 and l1, off every line of f6).
#[test]
fn r_a4_2_powers_give_moves() {
    let xm = |powers: &str| {
        let p = pos(&fen(
            &[("f6", "X"), ("b12", "K"), ("l1", "k")],
            &format!("w - - 0 1{powers}"),
        ));
        moves_of(&p, "f6")
    };
    let base = set(&[
        "f6e5", "f6e6", "f6e7", "f6f5", "f6f7", "f6g5", "f6g6", "f6g7", "f6d5", "f6d7", "f6e4",
        "f6e8", "f6g4", "f6g8", "f6h5", "f6h7",
    ]);
    assert_eq!(xm(""), base);
    let union = |extra: BTreeSet<String>| base.union(&extra).cloned().collect::<BTreeSet<_>>();
    let mut rook = BTreeSet::new();
    let mut bishop = BTreeSet::new();
    for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
        rook.extend(targets("f6", &ray("f6", df, dr)));
    }
    for (df, dr) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
        bishop.extend(targets("f6", &ray("f6", df, dr)));
    }
    assert_eq!(rook.len(), 22);
    assert_eq!(bishop.len(), 21);
    assert_eq!(xm(" powers=f6:R"), union(rook.clone()));
    assert_eq!(xm(" powers=f6:R").len(), 34);
    assert_eq!(xm(" powers=f6:B"), union(bishop.clone()));
    assert_eq!(xm(" powers=f6:B").len(), 33);
    assert_eq!(
        xm(" powers=f6:RB"),
        union(rook.union(&bishop).cloned().collect())
    );
    // pawn power: its step and capture are K steps already; Stone power: K step
    assert_eq!(xm(" powers=f6:P"), base);
    assert_eq!(xm(" powers=f6:S"), base);
    // Magician: the (2,0) leap
    assert_eq!(
        xm(" powers=f6:D"),
        union(set(&["f6f8", "f6h6", "f6f4", "f6d6"]))
    );
    // Halfer: the (3,1) leap
    assert_eq!(
        xm(" powers=f6:C"),
        union(set(&[
            "f6c5", "f6c7", "f6i5", "f6i7", "f6e3", "f6e9", "f6g3", "f6g9"
        ]))
    );
    // Digger: the diagonal tunnelling slide (on an empty board, the bishop's cells)
    assert_eq!(xm(" powers=f6:T"), union(bishop.clone()));
    // D and C together, reference example
    let p = pos(&fen(
        &[("f6", "X"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1 powers=f6:DC",
    ));
    let m = moves_of(&p, "f6");
    assert_eq!(m.len(), 8 + 8 + 4 + 8);
    assert!(m.contains("f6f8") && m.contains("f6i7") && m.contains("f6g9"));
    // T passes under pieces, lands on enemies, never on friends, and digs no tunnel
    let q = pos(&fen(
        &[
            ("f6", "X"),
            ("g7", "P"),
            ("h8", "p"),
            ("a1", "K"),
            ("a12", "k"),
        ],
        "w - - 0 1 powers=f6:T",
    ));
    let m = moves_of(&q, "f6");
    assert!(m.contains("f6h8") && m.contains("f6i9") && !m.contains("f6g7"));
    assert_eq!(
        play(&q, "f6i9").to_fen(),
        fen(
            &[
                ("i9", "X"),
                ("g7", "P"),
                ("h8", "p"),
                ("a1", "K"),
                ("a12", "k")
            ],
            "b - - 1 1 powers=i9:T"
        )
    );
    // a bishop-powered Bacteria is stopped by the same pieces
    let b = pos(&fen(
        &[
            ("f6", "X"),
            ("g7", "P"),
            ("h8", "p"),
            ("a1", "K"),
            ("a12", "k"),
        ],
        "w - - 0 1 powers=f6:B",
    ));
    let m = moves_of(&b, "f6");
    assert!(!m.contains("f6h8") && !m.contains("f6g7"));
}

#[test]
fn r_a4_2_stone_power_custodian_on_king_steps() {
    let r = pos(&fen(
        &[
            ("d4", "X"),
            ("f6", "n"),
            ("g7", "R"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1 powers=d4:S",
    ));
    // d4e5: NE of e5 is f6 (black knight), g7 white rook: custodian, and the knight gives nothing
    let a = play(&r, "d4e5");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("e5", "X"), ("g7", "R"), ("a1", "K"), ("l12", "k")],
            "b - - 0 1 powers=e5:S"
        )
    );
    // a knight leap to the same kind of square captures nothing
    let l = pos(&fen(
        &[
            ("c3", "X"),
            ("f4", "n"),
            ("g4", "R"),
            ("a12", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1 powers=c3:S",
    ));
    assert_eq!(
        play(&l, "c3e4").to_fen(),
        fen(
            &[
                ("e4", "X"),
                ("f4", "n"),
                ("g4", "R"),
                ("a12", "K"),
                ("l12", "k")
            ],
            "b - - 1 1 powers=e4:S"
        )
    );
    // without the S power a king step captures nothing either
    let n = pos(&fen(
        &[
            ("d4", "X"),
            ("f6", "n"),
            ("g7", "R"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert!(play(&n, "d4e5").to_fen().contains("n"));
}

/// R-A4.1 / R-A4.3: powers are state of the Bacteria: they move with it and
/// are part of the position's key.
#[test]
fn r_a4_3_powers_move_with_the_piece_and_are_hashed() {
    let a = pos(&fen(&[("f6", "X"), ("a1", "K"), ("l12", "k")], "w - - 0 1"));
    let b = pos(&fen(
        &[("f6", "X"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1 powers=f6:R",
    ));
    assert_ne!(a.key(), b.key());
    let c = play(&b, "f6f12");
    assert!(c.to_fen().ends_with("powers=f12:R"));
}

// ---------------------------------------------------------------------------
// R-A5 Magician
// ---------------------------------------------------------------------------

#[test]
fn r_a5_1_magician_moves_and_captures() {
    let p = pos(&fen(
        &[
            ("f6", "M"),
            ("f8", "n"),
            ("g7", "p"),
            ("e5", "P"),
            ("b12", "K"),
            ("l1", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        moves_of(&p, "f6"),
        set(&[
            "f6e6", "f6e7", "f6f5", "f6f7", "f6g5", "f6g6", "f6g7", "f6f8", "f6h6", "f6f4", "f6d6"
        ])
    );
    assert_eq!(
        play(&p, "f6f8").to_fen(),
        fen(
            &[
                ("f8", "M"),
                ("g7", "p"),
                ("e5", "P"),
                ("b12", "K"),
                ("l1", "k")
            ],
            "b - - 0 1"
        )
    );
}

#[test]
fn r_a5_2_spell_sources_destinations_and_frozen_caster() {
    // the seed's example: Magician b5, a hole on d9: a6 moves to d9
    let p = pos(&fen(
        &[("b5", "M"), ("d9", "*"), ("l1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    assert!(has(&p, "a6d9"));
    assert_eq!(
        play(&p, "a6d9").to_fen(),
        fen(
            &[("b5", "M"), ("a6", "*"), ("l1", "K"), ("l12", "k")],
            "b - - 1 1"
        )
    );
    // sources: Chebyshev distance 1 or 2 from c3, completely unoccupied
    // (not d4 with a Halfer, not b2 with a pawn); destinations: the hole j9 or banish
    let q = pos(&fen(
        &[
            ("c3", "M"),
            ("d4", "H"),
            ("b2", "p"),
            ("j9", "*"),
            ("l1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    let mut want = BTreeSet::new();
    for f in ["a", "b", "c", "d", "e"] {
        for r in 1..=5 {
            let s = format!("{f}{r}");
            if ["c3", "d4", "b2"].contains(&s.as_str()) {
                continue;
            }
            want.insert(format!("{s}{s}"));
            want.insert(format!("{s}j9"));
        }
    }
    assert_eq!(want.len(), 44);
    assert_eq!(spells(&q), want);
    // two Magicians: a spell is one move whichever casts it
    let two = pos(&fen(
        &[("c3", "M"), ("e3", "M"), ("l1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    assert_eq!(spells(&two).len(), 35 - 2);
    let all = legal(&two);
    assert_eq!(all.len(), all.iter().collect::<BTreeSet<_>>().len());
    // a frozen Magician cannot cast
    let f = pos(&fen(
        &[("c3", "(Mh)"), ("l1", "K"), ("l12", "k")],
        "w - - 0 1 sieges=c3b4",
    ));
    assert!(spells(&f).is_empty());
    assert!(moves_of(&f, "c3").is_empty());
}

#[test]
fn r_a5_5_spell_blocks_a_check() {
    let p = pos(&fen(
        &[("a1", "R"), ("a12", "k"), ("b9", "m"), ("l1", "K")],
        "b - - 0 1",
    ));
    assert!(p.in_check());
    // banishing a7..a11 (within 2 of b9) cuts the a-file
    assert_eq!(
        spells(&p),
        set(&["a10a10", "a11a11", "a7a7", "a8a8", "a9a9"])
    );
    let a = play(&p, "a10a10");
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("a1", "R"),
                ("a12", "k"),
                ("a10", "*"),
                ("b9", "m"),
                ("l1", "K")
            ],
            "w - - 1 2"
        )
    );
    assert!(!play(&a, "l1l2").in_check());
}

#[test]
fn r_a5_5_spell_discovers_a_check() {
    // a hole on d6 shields d12 from the d1 rook; a white Magician on h3 fills it with h4
    let p = pos(&fen(
        &[
            ("d1", "R"),
            ("d6", "*"),
            ("d12", "k"),
            ("h3", "M"),
            ("l1", "K"),
        ],
        "w - - 0 1",
    ));
    assert!(has(&p, "h4d6"));
    let a = play(&p, "h4d6");
    assert!(a.in_check());
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("d1", "R"),
                ("d12", "k"),
                ("h3", "M"),
                ("h4", "*"),
                ("l1", "K")
            ],
            "b - - 1 1"
        )
    );
    // the rook no longer crosses d6 before the spell
    assert!(!has(&p, "d1d7") && has(&p, "d1d5"));
    // 24 empty squares within 2 of h3, each to the d6 hole or banished
    assert_eq!(spells(&p).len(), 48);
    // the same spell on one's own king's file is illegal: only the 24 banishes remain
    let own = pos(&fen(
        &[
            ("d1", "K"),
            ("d6", "*"),
            ("d12", "r"),
            ("h3", "M"),
            ("a12", "k"),
        ],
        "w - - 0 1",
    ));
    let s = spells(&own);
    assert_eq!(s.len(), 24);
    assert!(
        s.iter().all(|m| m[..m.len() / 2] == m[m.len() / 2..]),
        "{s:?}"
    );
}

// ---------------------------------------------------------------------------
// R-A6 Digger and tunnels
// ---------------------------------------------------------------------------

#[test]
fn r_a6_1_digger_rides_under_pieces_and_stops_at_holes() {
    // c1: under the black pawn d2 (capturable, so also a landing) and the white
    // knight e3 (not a landing); the hole h6 stops it; share with the Halfer on g5
    let p = pos(&fen(
        &[
            ("c1", "D"),
            ("d2", "p"),
            ("e3", "N"),
            ("g5", "H"),
            ("h6", "*"),
            ("l1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        moves_of(&p, "c1"),
        set(&["c1a3", "c1b2", "c1d2", "c1f4", "c1g5"])
    );
    assert_eq!(
        play(&p, "c1g5").to_fen(),
        fen(
            &[
                ("d2", "p"),
                ("e3", "N"),
                ("g5", "(DH)"),
                ("h6", "*"),
                ("l1", "K"),
                ("l12", "k")
            ],
            "b - - 1 1 tunnels=w2:c1-d2-e3-f4-g5@g5"
        )
    );
    assert_eq!(
        play(&p, "c1d2").to_fen(),
        fen(
            &[
                ("d2", "D"),
                ("e3", "N"),
                ("g5", "H"),
                ("h6", "*"),
                ("l1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1 tunnels=w2:c1-d2@d2"
        )
    );
}

#[test]
fn r_a6_4_tunnel_used_within_lifetime_and_gone_after() {
    let items = |d: &'static str, n: &'static str, r: &'static str, bl: &'static str| {
        vec![
            (d, "D"),
            (n, "N"),
            ("d2", "p"),
            ("a1", "K"),
            (bl, "r"),
            ("l12", "k"),
            (r, "R"),
        ]
    };
    let p = pos(&fen(&items("c1", "e3", "h1", "h12"), "w - - 0 1"));
    // the Digger passes under the black pawn d2 and the white knight e3
    let (_, fens) = play_line(&p, &["c1f4", "h12h11", "h1h2", "h11h12", "h2h1", "h12h11"]);
    let tun = "tunnels=w";
    let expected = [
        fen(
            &items("f4", "e3", "h1", "h12"),
            &format!("b - - 1 1 {tun}2:c1-d2-e3-f4@f4"),
        ),
        fen(
            &items("f4", "e3", "h1", "h11"),
            &format!("w - - 2 2 {tun}2:c1-d2-e3-f4@f4"),
        ),
        fen(
            &items("f4", "e3", "h2", "h11"),
            &format!("b - - 3 2 {tun}1:c1-d2-e3-f4@f4"),
        ),
        fen(
            &items("f4", "e3", "h2", "h12"),
            &format!("w - - 4 3 {tun}1:c1-d2-e3-f4@f4"),
        ),
        fen(&items("f4", "e3", "h1", "h12"), "b - - 5 3"),
        fen(&items("f4", "e3", "h1", "h11"), "w - - 6 4"),
    ];
    assert_eq!(fens, expected);
    // ply t+2: the knight travels 1 or 2 cells; d2 holds a black pawn, skipped but not a landing
    let t1 = pos(&fens[1]);
    assert_eq!(travels(&t1), set(&["e3c1t"]));
    // ply t+4: still usable; after it, gone
    assert_eq!(travels(&pos(&fens[3])), set(&["e3c1t"]));
    assert!(travels(&pos(&fens[5])).is_empty());
    // after the knight travels, the Digger may still not use its own tunnel
    let u = play(&t1, "e3c1t");
    assert_eq!(
        u.to_fen(),
        fen(
            &items("f4", "c1", "h1", "h11"),
            "b - - 3 2 tunnels=w1:c1-d2-e3-f4@f4"
        )
    );
    let v = play(&u, "h11h12");
    assert!(moves_of(&v, "f4").iter().all(|m| !m.ends_with('t')));
    assert_eq!(travels(&v), set(&["c1e3t"]));
}

#[test]
fn r_a6_5_tunnel_travel_rules() {
    let with = |extra: &[(&'static str, &'static str)], tail: &str| {
        let mut items = vec![("g5", "D"), ("a12", "K"), ("l12", "k")];
        items.extend_from_slice(extra);
        pos(&fen(
            &items,
            &format!("w - - 0 1 tunnels=w2:c1-d2-e3-f4-g5@g5{tail}"),
        ))
    };
    // 1 or 2 cells, either direction, inside the tunnel
    assert_eq!(
        travels(&with(&[("d2", "N")], "")),
        set(&["d2c1t", "d2e3t", "d2f4t"])
    );
    // a Halfer may travel too
    assert_eq!(
        travels(&with(&[("d2", "H")], "")),
        set(&["d2c1t", "d2e3t", "d2f4t"])
    );
    // a spell cut the tunnel at e3: neither land on it nor skip it
    assert_eq!(
        travels(&with(&[("d2", "N"), ("e3", "*")], "")),
        set(&["d2c1t"])
    );
    // never a capture; skipped occupants are ignored; share with a lone friendly Halfer
    let p = with(&[("d2", "N"), ("c1", "n"), ("e3", "p"), ("f4", "H")], "");
    assert_eq!(travels(&p), set(&["d2f4t"]));
    assert_eq!(
        play(&p, "d2f4t").to_fen(),
        fen(
            &[
                ("g5", "D"),
                ("a12", "K"),
                ("l12", "k"),
                ("c1", "n"),
                ("e3", "p"),
                ("f4", "(NH)")
            ],
            "b - - 1 1 tunnels=w1:c1-d2-e3-f4-g5@g5"
        )
    );
    // a frozen piece does not travel
    let f = pos(&fen(
        &[("g5", "D"), ("a12", "K"), ("l12", "k"), ("d2", "(Nh)")],
        "w - - 0 1 sieges=d2b4 tunnels=w2:c1-d2-e3-f4-g5@g5",
    ));
    assert!(travels(&f).is_empty());
    // an enemy tunnel is not usable
    let e = pos(&fen(
        &[("g5", "d"), ("a12", "K"), ("l12", "k"), ("d2", "N")],
        "w - - 0 1 tunnels=b2:c1-d2-e3-f4-g5@g5",
    ));
    assert!(travels(&e).is_empty());
}

#[test]
fn r_a6_5_pawn_promotes_by_tunnel_travel() {
    // pawn on a tunnel promotes by travel: tunnel e10-f11-g12 of White, pawn on f11
    let q = pos(&fen(
        &[("f11", "P"), ("g12", "D"), ("a1", "K"), ("a12", "k")],
        "w - - 0 1 tunnels=w2:e10-f11-g12@g12",
    ));
    assert_eq!(travels(&q), set(&["f11e10t"]));
    let r = pos(&fen(
        &[("f11", "P"), ("a1", "K"), ("a12", "k")],
        "w - - 0 1 tunnels=w2:e10-f11-g12",
    ));
    assert_eq!(
        travels(&r),
        set(&["f11e10t", "f11g12bt", "f11g12nt", "f11g12qt", "f11g12rt"])
    );
    let a = play(&r, "f11g12qt");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("g12", "Q"), ("a1", "K"), ("a12", "k")],
            "b - - 0 1 tunnels=w1:e10-f11-g12"
        )
    );
    assert!(a.in_check());
    assert!(r.parse_move("f11g12t").is_err());
}

// ---------------------------------------------------------------------------
// R-A7 Stone
// ---------------------------------------------------------------------------

/// The seed's diagram: white Stones b3 d2, black Magician c3.
#[test]
fn r_a7_stone_sandwich_diagram() {
    let f = fen(
        &[
            ("b3", "S"),
            ("d2", "S"),
            ("c3", "m"),
            ("l1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    );
    let p = pos(&f);
    // d2d3: b3-c3-d3 horizontal sandwich
    assert_eq!(
        play(&p, "d2d3").to_fen(),
        fen(
            &[("b3", "S"), ("d3", "S"), ("l1", "K"), ("l12", "k")],
            "b - - 0 1"
        )
    );
    // b3b4: b4-c3-d2 diagonal sandwich
    assert_eq!(
        play(&p, "b3b4").to_fen(),
        fen(
            &[("b4", "S"), ("d2", "S"), ("l1", "K"), ("l12", "k")],
            "b - - 0 1"
        )
    );
    // other steps capture nothing and Stones never capture by moving onto a piece
    assert_eq!(
        play(&p, "d2e2").to_fen(),
        fen(
            &[
                ("b3", "S"),
                ("e2", "S"),
                ("c3", "m"),
                ("l1", "K"),
                ("l12", "k")
            ],
            "b - - 1 1"
        )
    );
    assert_eq!(
        moves_of(&p, "d2"),
        set(&["d2c1", "d2c2", "d2d1", "d2d3", "d2e1", "d2e2", "d2e3"])
    );
    assert_eq!(
        moves_of(&p, "b3"),
        set(&["b3a2", "b3a3", "b3a4", "b3b2", "b3b4", "b3c2", "b3c4"])
    );
    // a piece walking between two Stones is not captured
    let q = pos(&fen(
        &[
            ("b3", "S"),
            ("d3", "S"),
            ("c5", "m"),
            ("l1", "K"),
            ("l12", "k"),
        ],
        "b - - 0 1",
    ));
    assert_eq!(
        play(&q, "c5c3").to_fen(),
        fen(
            &[
                ("b3", "S"),
                ("d3", "S"),
                ("c3", "m"),
                ("l1", "K"),
                ("l12", "k")
            ],
            "w - - 1 2"
        )
    );
}

#[test]
fn r_a7_2_custodian_removes_halfers_whole_wall_several_directions() {
    // d3e4: north of e4 is e5 (a black Wall half), then e6 (a white Bishop): the whole Wall goes
    let r = pos(&fen(
        &[
            ("e5", "w"),
            ("f5", "w"),
            ("d3", "S"),
            ("e6", "B"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        play(&r, "d3e4").to_fen(),
        fen(
            &[("e4", "S"), ("e6", "B"), ("a1", "K"), ("l12", "k")],
            "b - - 0 1"
        )
    );
    // no friend beyond: nothing happens (the Wall's other half is an enemy, not a partner)
    let q = pos(&fen(
        &[
            ("e5", "w"),
            ("f5", "w"),
            ("c6", "S"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert!(play(&q, "c6d5").to_fen().starts_with(&board(&[
        ("e5", "w"),
        ("f5", "w"),
        ("d5", "S"),
        ("a1", "K"),
        ("l12", "k")
    ])));
    // two black halfers on one square are both removed
    let t = pos(&fen(
        &[
            ("e5", "(hh)"),
            ("e6", "R"),
            ("d4", "S"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        play(&t, "d4e4").to_fen(),
        fen(
            &[("e4", "S"), ("e6", "R"), ("a1", "K"), ("l12", "k")],
            "b - - 0 1"
        )
    );
    // with e6 empty nothing is removed
    let s2 = pos(&fen(
        &[
            ("e5", "(hh)"),
            ("e7", "R"),
            ("d4", "S"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert!(play(&s2, "d4e4").to_fen().contains("(hh)"));
    // two directions at once; the King and a Halfer serve as partners
    let m = pos(&fen(
        &[
            ("e4", "S"),
            ("d5", "n"),
            ("c5", "K"),
            ("f6", "b"),
            ("g7", "H"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        play(&m, "e4e5").to_fen(),
        fen(
            &[("e5", "S"), ("c5", "K"), ("g7", "H"), ("l12", "k")],
            "b - - 0 1"
        )
    );
    // R-A7.1: a Stone never steps onto an enemy, not even a lone Halfer
    let h = pos(&fen(
        &[
            ("e4", "S"),
            ("e5", "h"),
            ("f5", "n"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(
        moves_of(&h, "e4"),
        set(&["e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4f4"])
    );
}

// ---------------------------------------------------------------------------
// R-A8 Halfer: sieges, rescue, check
// ---------------------------------------------------------------------------

#[test]
fn r_a8_3_siege_completes_at_end_of_ply_t_plus_4() {
    let items = |d5: &'static str, h1: &'static str, h12: &'static str| {
        let mut v = vec![("a1", "K"), ("l12", "k"), (h1, "R"), (h12, "r")];
        if !d5.is_empty() {
            v.push(("d5", d5));
        }
        v
    };
    let p = pos(&fen(
        &[
            ("c3", "H"),
            ("d5", "n"),
            ("h1", "R"),
            ("h12", "r"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    let (t5, fens) = play_line(&p, &["c3d5", "h12h11", "h1h2", "h11h12", "h2h1", "h12h11"]);
    assert_eq!(
        fens,
        [
            fen(&items("(nH)", "h1", "h12"), "b - - 0 1 sieges=d5w4"),
            fen(&items("(nH)", "h1", "h11"), "w - - 1 2 sieges=d5w3"),
            fen(&items("(nH)", "h2", "h11"), "b - - 2 2 sieges=d5w2"),
            fen(&items("(nH)", "h2", "h12"), "w - - 3 3 sieges=d5w1"),
            fen(&items("H", "h1", "h12"), "b - - 0 3"),
            fen(&items("H", "h1", "h11"), "w - - 1 4"),
        ]
    );
    // both frozen at every ply of the siege: no move from d5 for either side
    for f in &fens[..4] {
        assert!(moves_of(&pos(f), "d5").is_empty(), "{f}");
    }
    assert!(
        !moves_of(&t5, "d5").is_empty(),
        "the besieger is free at ply t+6"
    );
}

#[test]
fn r_a8_6_rescue_with_each_displacement_choice() {
    // White Halfer besieges the black Knight on d5; Black to move (4 plies left)
    let items = [
        ("d5", "(nH)"),
        ("d8", "r"),
        ("f4", "h"),
        ("a1", "K"),
        ("l12", "k"),
    ];
    let p = pos(&fen(&items, "b - - 0 1 sieges=d5w4"));
    // rook rescue: rook and knight may not share, so one of them steps to one of the 8 empty neighbours
    let mut expected = BTreeSet::new();
    for d in ["c4", "d4", "e4", "c5", "e5", "c6", "d6", "e6"] {
        expected.insert(format!("d8d5,d5{d}r"));
        expected.insert(format!("d8d5,d5{d}v"));
    }
    for t in [
        "a8", "b8", "c8", "e8", "f8", "g8", "h8", "i8", "j8", "k8", "l8", "d7", "d6", "d9", "d10",
        "d11", "d12",
    ] {
        expected.insert(format!("d8{t}"));
    }
    assert_eq!(moves_of(&p, "d8"), expected);
    assert!(!has(&p, "d8d5"), "no rescue without a displacement here");
    let a = play(&p, "d8d5,d5e6v");
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("d5", "r"),
                ("e6", "n"),
                ("f4", "h"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "w - - 0 2"
        )
    );
    let b = play(&p, "d8d5,d5c4r");
    assert_eq!(
        b.to_fen(),
        fen(
            &[
                ("d5", "n"),
                ("c4", "r"),
                ("f4", "h"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "w - - 0 2"
        )
    );
    // halfer rescue: halfer and knight share, no displacement
    assert!(has(&p, "f4d5"));
    assert!(!moves_of(&p, "f4").iter().any(|m| m.contains(',')));
    let c = play(&p, "f4d5");
    assert_eq!(
        c.to_fen(),
        fen(
            &[("d5", "(nh)"), ("d8", "r"), ("a1", "K"), ("l12", "k")],
            "w - - 0 2"
        )
    );
    // with every neighbour but d6 occupied only d6 is offered
    let mut crowded = items.to_vec();
    for s in ["c4", "d4", "e4", "c5", "e5", "c6", "e6"] {
        crowded.push((s, "p"));
    }
    let q = pos(&fen(&crowded, "b - - 0 1 sieges=d5w4"));
    assert_eq!(
        moves_of(&q, "d8")
            .into_iter()
            .filter(|m| m.starts_with("d8d5"))
            .collect::<BTreeSet<_>>(),
        set(&["d8d5,d5d6r", "d8d5,d5d6v"])
    );
    // with d6 blocked too, the rescue is impossible
    crowded.push(("d6", "p"));
    let z = pos(&fen(&crowded, "b - - 0 1 sieges=d5w4"));
    assert!(!moves_of(&z, "d8").iter().any(|m| m.starts_with("d8d5")));
    // the besieger's side cannot enter the siege square
    let w = play(&p, "l12l11");
    assert!(legal(&w).iter().all(|m| !m.contains("d5")));
}

#[test]
fn r_a8_4_besieger_or_victim_removed_by_custodian() {
    // the black Halfer besieging the white knight d5 is sandwiched c5-d5-e5: the knight is free
    let p = pos(&fen(
        &[
            ("d5", "(Nh)"),
            ("c4", "S"),
            ("e5", "P"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1 sieges=d5b4",
    ));
    let a = play(&p, "c4c5");
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("d5", "N"),
                ("c5", "S"),
                ("e5", "P"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1"
        )
    );
    // the victim (black knight) is sandwiched instead: the white besieger is free
    let q = pos(&fen(
        &[
            ("d5", "(nH)"),
            ("c4", "S"),
            ("e5", "P"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1 sieges=d5w3",
    ));
    let b = play(&q, "c4c5");
    assert_eq!(
        b.to_fen(),
        fen(
            &[
                ("d5", "H"),
                ("c5", "S"),
                ("e5", "P"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 1"
        )
    );
}

#[test]
fn r_a8_7_halfer_check_ignores_the_delay() {
    // white Halfer d6 attacks e8 by a knight leap; a Halfer capture of the king counts at once
    let p = pos(&fen(
        &[("d6", "H"), ("e8", "k"), ("d12", "r"), ("a1", "K")],
        "b - - 0 1",
    ));
    assert!(p.in_check());
    // the king must respond at once: rook moves that ignore the check are illegal
    assert_eq!(moves_of(&p, "d12"), set(&["d12d6"]));
    // besieging the checking Halfer ends the check (frozen pieces give no check)
    let a = play(&p, "d12d6");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("d6", "(rH)"), ("e8", "k"), ("a1", "K")],
            "w - - 0 2 sieges=d6b4"
        )
    );
    // king steps: only to squares the Halfer cannot reach with (2,1) or (3,1)
    // Halfer d6 reaches c8 e8 b7 f7 b5 f5 c4 e4 and (3,1): e9 c9 g7 a7 g5 a5 e3 c3
    assert_eq!(
        moves_of(&p, "e8"),
        set(&["e8d7", "e8d8", "e8e7", "e8f8", "e8f9", "e8d9"])
    );
    assert_eq!(legal(&p).len(), 7);
    // (3,1) check: Halfer on b7 attacks e8
    let q = pos(&fen(&[("b7", "H"), ("e8", "k"), ("a1", "K")], "b - - 0 1"));
    assert!(q.in_check());
    // a king sharing with a friendly halfer cannot be entered by an enemy Halfer: no check
    let r = pos(&fen(
        &[("d6", "H"), ("e8", "(kh)"), ("a1", "K")],
        "b - - 0 1",
    ));
    assert!(!r.in_check());
}

#[test]
fn r_a8_5_king_as_besieger_and_wall_with_own_halfer() {
    // Kxe5 besieges the lone black Halfer; the e12 rook could rescue by taking the king: illegal
    let p = pos(&fen(
        &[("e4", "K"), ("e5", "h"), ("e12", "r"), ("a12", "k")],
        "w - - 0 1",
    ));
    assert!(!has(&p, "e4e5"));
    let q = pos(&fen(
        &[("e4", "K"), ("e5", "h"), ("d12", "r"), ("a12", "k")],
        "w - - 0 1",
    ));
    assert!(has(&q, "e4e5"));
    let a = play(&q, "e4e5");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("e5", "(Kh)"), ("d12", "r"), ("a12", "k")],
            "b - - 0 1 sieges=e5w4"
        )
    );
    // the frozen king cannot move
    let b = play(&a, "d12c12");
    assert!(moves_of(&b, "e5").is_empty());
    // Wall f2-g2 with a white Halfer on g2: lengthwise east, the trailing half lands with the halfer
    let w = pos(&fen(
        &[("f2", "W"), ("g2", "(WH)"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    let e = play(&w, "g2h2");
    assert!(e.to_fen().contains("/6(WH)W4/"), "{}", e.to_fen());
    let west = play(&w, "f2e2");
    assert!(west.to_fen().contains("/4WWH5/"), "{}", west.to_fen());
    // the Halfer leaves the Wall cell with the h suffix; it may also share with its own Wall
    assert!(has(&w, "g2h4h") && has(&w, "g2e3h"));
    let x = pos(&fen(
        &[
            ("f2", "W"),
            ("g2", "W"),
            ("h4", "H"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert!(has(&x, "h4g2"));
    let y = play(&x, "h4g2");
    assert!(y.to_fen().contains("/5W(WH)5/"), "{}", y.to_fen());
}

/// R-A8.8: no legal move only because the pieces are frozen: stalemate.
#[test]
fn r_a8_8_frozen_pieces_and_stalemate() {
    let p = pos(&fen(
        &[("a12", "k"), ("b10", "Q"), ("e5", "(Nh)"), ("l1", "K")],
        "b - - 0 1 sieges=e5b3",
    ));
    assert!(!p.in_check());
    assert!(legal(&p).is_empty());
    assert_eq!(
        outcome(&p),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

// ---------------------------------------------------------------------------
// R-A9 castling
// ---------------------------------------------------------------------------

#[test]
fn r_a9_1_castling_both_ways_both_colours() {
    let items = [
        ("g1", "K"),
        ("a1", "R"),
        ("l1", "R"),
        ("g12", "k"),
        ("a12", "r"),
        ("l12", "r"),
    ];
    let p = pos(&fen(&items, "w KQkq - 0 1"));
    assert_eq!(
        moves_of(&p, "g1"),
        set(&["g1b1", "g1k1", "g1f1", "g1f2", "g1g2", "g1h1", "g1h2"])
    );
    let long = play(&p, "g1b1");
    assert_eq!(
        long.to_fen(),
        fen(
            &[
                ("b1", "K"),
                ("c1", "R"),
                ("l1", "R"),
                ("g12", "k"),
                ("a12", "r"),
                ("l12", "r")
            ],
            "b kq - 1 1"
        )
    );
    let short = play(&p, "g1k1");
    assert_eq!(
        short.to_fen(),
        fen(
            &[
                ("k1", "K"),
                ("a1", "R"),
                ("j1", "R"),
                ("g12", "k"),
                ("a12", "r"),
                ("l12", "r")
            ],
            "b kq - 1 1"
        )
    );
    assert_eq!(
        play(&long, "g12k12").to_fen(),
        fen(
            &[
                ("b1", "K"),
                ("c1", "R"),
                ("l1", "R"),
                ("k12", "k"),
                ("a12", "r"),
                ("j12", "r")
            ],
            "w - - 2 2"
        )
    );
    assert_eq!(
        play(&short, "g12b12").to_fen(),
        fen(
            &[
                ("k1", "K"),
                ("a1", "R"),
                ("j1", "R"),
                ("b12", "k"),
                ("c12", "r"),
                ("l12", "r")
            ],
            "w - - 2 2"
        )
    );
    // a king step or a rook move loses the rights
    assert!(play(&p, "g1g2").to_fen().contains(" b kq - "));
    assert!(play(&p, "a1a2").to_fen().contains(" b Kkq - "));
    assert!(play(&p, "l1l2").to_fen().contains(" b Qkq - "));
}

#[test]
fn r_a9_1_castling_refusals() {
    let base = |extra: &[(&'static str, &'static str)], rest: &str| {
        let mut items = vec![("g1", "K"), ("a1", "R"), ("l1", "R"), ("e12", "k")];
        items.extend_from_slice(extra);
        pos(&fen(&items, rest))
    };
    let castles = |p: &Position| -> BTreeSet<String> {
        ["g1b1", "g1k1"]
            .iter()
            .filter(|m| has(p, m))
            .map(|s| s.to_string())
            .collect()
    };
    assert_eq!(castles(&base(&[], "w KQ - 0 1")), set(&["g1b1", "g1k1"]));
    // without the right
    assert_eq!(castles(&base(&[], "w K - 0 1")), set(&["g1k1"]));
    // passing an attacked square is allowed (R-A9.2): the d12 rook attacks d1
    assert_eq!(
        castles(&base(&[("d12", "r")], "w KQ - 0 1")),
        set(&["g1b1", "g1k1"])
    );
    // in check: neither
    assert!(castles(&base(&[("g12", "r")], "w KQ - 0 1")).is_empty());
    // ending in check: the b12 rook attacks b1
    assert_eq!(
        castles(&base(&[("b12", "r")], "w KQ - 0 1")),
        set(&["g1k1"])
    );
    // through a hole
    assert_eq!(castles(&base(&[("c1", "*")], "w KQ - 0 1")), set(&["g1k1"]));
    assert_eq!(castles(&base(&[("k1", "*")], "w KQ - 0 1")), set(&["g1b1"]));
    // a Halfer between (of either colour)
    assert_eq!(castles(&base(&[("i1", "H")], "w KQ - 0 1")), set(&["g1b1"]));
    assert_eq!(castles(&base(&[("c1", "h")], "w KQ - 0 1")), set(&["g1k1"]));
    // the reference example: a halfer on i1 and the b12 rook: neither
    assert!(castles(&base(&[("i1", "H"), ("b12", "r")], "w KQ - 0 1")).is_empty());
    // a frozen rook (the victim of a siege) cannot castle
    let f = pos(&fen(
        &[("g1", "K"), ("a1", "(Rh)"), ("l1", "R"), ("e12", "k")],
        "w KQ - 0 1 sieges=a1b4",
    ));
    assert_eq!(castles(&f), set(&["g1k1"]));
    // Black: a hole on k12 stops the short castling
    let b = pos(&fen(
        &[
            ("g12", "k"),
            ("a12", "r"),
            ("l12", "r"),
            ("k12", "*"),
            ("e1", "K"),
        ],
        "b kq - 0 1",
    ));
    assert!(has(&b, "g12b12") && !has(&b, "g12k12"));
}

// ---------------------------------------------------------------------------
// R-A10 pawns
// ---------------------------------------------------------------------------

#[test]
fn r_a10_1_multistep_and_r_a10_2_en_passant_over_each_cell() {
    let items = [
        ("e3", "P"),
        ("d5", "p"),
        ("f6", "p"),
        ("a1", "K"),
        ("l12", "k"),
    ];
    let p = pos(&fen(&items, "w - - 0 1"));
    assert_eq!(moves_of(&p, "e3"), set(&["e3e4", "e3e5", "e3e6"]));
    let a = play(&p, "e3e6");
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("e6", "P"),
                ("d5", "p"),
                ("f6", "p"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - e4,e5 0 1"
        )
    );
    // d5 attacks e4, f6 attacks e5: both capture e6 en passant
    assert!(has(&a, "d5e4") && has(&a, "f6e5"));
    assert_eq!(
        play(&a, "d5e4").to_fen(),
        fen(
            &[("e4", "p"), ("f6", "p"), ("a1", "K"), ("l12", "k")],
            "w - - 0 2"
        )
    );
    assert_eq!(
        play(&a, "f6e5").to_fen(),
        fen(
            &[("e5", "p"), ("d5", "p"), ("a1", "K"), ("l12", "k")],
            "w - - 0 2"
        )
    );
    // a two-step passes one cell: e3e5 gives e.p. on e4 only
    let two = play(&p, "e3e5");
    assert!(two.to_fen().contains(" b - e4 0 1"));
    assert_eq!(
        play(&two, "d5e4").to_fen(),
        fen(
            &[("e4", "p"), ("f6", "p"), ("a1", "K"), ("l12", "k")],
            "w - - 0 2"
        )
    );
    // the right expires after one ply
    let d = play(&play(&a, "l12l11"), "a1a2");
    assert!(!has(&d, "d5e4") && !has(&d, "f6e5"));
    // black pawns: 10 -> 9, 8, 7; f9 -> f8, f7; a moved pawn steps once
    let q = pos(&fen(
        &[
            ("e10", "p"),
            ("f9", "p"),
            ("b5", "p"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "b - - 0 1",
    ));
    assert_eq!(moves_of(&q, "e10"), set(&["e10e9", "e10e8", "e10e7"]));
    assert_eq!(moves_of(&q, "f9"), set(&["f9f8", "f9f7"]));
    assert_eq!(moves_of(&q, "b5"), set(&["b5b4"]));
    // White f4 / g4 reach rank 6; a halfer on a passed cell blocks
    let r = pos(&fen(
        &[
            ("f4", "P"),
            ("g4", "P"),
            ("g6", "p"),
            ("c3", "P"),
            ("c4", "H"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(moves_of(&r, "c3"), set(&["c3c4"]));
    assert_eq!(moves_of(&r, "f4"), set(&["f4f5", "f4f6"]));
    assert_eq!(moves_of(&r, "g4"), set(&["g4g5"]));
    let s = play(&r, "f4f6");
    assert!(s.to_fen().contains(" b - f5 0 1"));
    assert!(has(&s, "g6f5"));
    assert_eq!(
        play(&s, "g6f5").to_fen(),
        fen(
            &[
                ("f5", "p"),
                ("g4", "P"),
                ("c3", "P"),
                ("c4", "H"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "w - - 0 2"
        )
    );
    let g = pos(&fen(
        &[("g4", "P"), ("h6", "p"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    assert_eq!(moves_of(&g, "g4"), set(&["g4g5", "g4g6"]));
    let g6 = play(&g, "g4g6");
    assert!(g6.to_fen().contains(" b - g5 0 1"));
    assert_eq!(
        play(&g6, "h6g5").to_fen(),
        fen(&[("g5", "p"), ("a1", "K"), ("l12", "k")], "w - - 0 2")
    );
}

#[test]
fn r_a10_2_black_mirrored_en_passant_over_each_cell() {
    let p = pos(&fen(
        &[
            ("e10", "p"),
            ("f9", "p"),
            ("d8", "P"),
            ("f7", "P"),
            ("g7", "P"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "b - - 0 1",
    ));
    let a = play(&p, "e10e7");
    assert_eq!(
        a.to_fen(),
        fen(
            &[
                ("e7", "p"),
                ("f9", "p"),
                ("d8", "P"),
                ("f7", "P"),
                ("g7", "P"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "w - e9,e8 0 2"
        )
    );
    // d8 attacks e9, f7 attacks e8
    assert_eq!(
        play(&a, "d8e9").to_fen(),
        fen(
            &[
                ("e9", "P"),
                ("f9", "p"),
                ("f7", "P"),
                ("g7", "P"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 2"
        )
    );
    assert_eq!(
        play(&a, "f7e8").to_fen(),
        fen(
            &[
                ("e8", "P"),
                ("f9", "p"),
                ("d8", "P"),
                ("g7", "P"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 0 2"
        )
    );
    // f9 two-step to f7 is blocked by the f7 pawn: f9f8 only
    assert_eq!(moves_of(&p, "f9"), set(&["f9f8"]));
    let b = pos(&fen(
        &[("f9", "p"), ("g7", "P"), ("a1", "K"), ("l12", "k")],
        "b - - 0 1",
    ));
    let c = play(&b, "f9f7");
    assert!(c.to_fen().contains(" w - f8 0 2"));
    assert_eq!(
        play(&c, "g7f8").to_fen(),
        fen(&[("f8", "P"), ("a1", "K"), ("l12", "k")], "b - - 0 2")
    );
}

#[test]
fn r_a10_1_multistep_paths_holes_halfers_unmoved() {
    let one = |extra: &[(&'static str, &'static str)], tail: &str| {
        let mut items = vec![("e3", "P"), ("a1", "K"), ("l12", "k")];
        items.extend_from_slice(extra);
        pos(&fen(&items, &format!("w - - 0 1{tail}")))
    };
    assert_eq!(moves_of(&one(&[("e5", "*")], ""), "e3"), set(&["e3e4"]));
    assert_eq!(
        moves_of(&one(&[("e6", "*")], ""), "e3"),
        set(&["e3e4", "e3e5"])
    );
    // a lone friendly halfer on the landing square: share
    let h = one(&[("e6", "H")], "");
    assert_eq!(moves_of(&h, "e3"), set(&["e3e4", "e3e5", "e3e6"]));
    assert_eq!(
        play(&h, "e3e6").to_fen(),
        fen(
            &[("e6", "(PH)"), ("a1", "K"), ("l12", "k")],
            "b - e4,e5 0 1"
        )
    );
    // an enemy halfer on the path blocks; the pawn does not step onto it
    assert_eq!(moves_of(&one(&[("e5", "h")], ""), "e3"), set(&["e3e4"]));
    // a pawn that has moved steps once
    assert_eq!(moves_of(&one(&[], " unmoved=-"), "e3"), set(&["e3e4"]));
    // R-A10.4: a hole in front: no advance, captures still possible
    let f = pos(&fen(
        &[
            ("e5", "P"),
            ("e6", "*"),
            ("d6", "n"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(moves_of(&f, "e5"), set(&["e5d6"]));
}

#[test]
fn r_a10_3_promotion() {
    let p = pos(&fen(
        &[("e11", "P"), ("f12", "n"), ("a1", "K"), ("l10", "k")],
        "w - - 0 1",
    ));
    assert_eq!(
        moves_of(&p, "e11"),
        set(&[
            "e11e12b", "e11e12n", "e11e12q", "e11e12r", "e11f12b", "e11f12n", "e11f12q", "e11f12r"
        ])
    );
    let a = play(&p, "e11e12q");
    assert!(a.to_fen().starts_with("4Qn6/"));
    assert_eq!(
        play(&p, "e11f12n").to_fen(),
        fen(&[("f12", "N"), ("a1", "K"), ("l10", "k")], "b - - 0 1")
    );
    assert!(p.parse_move("e11e12").is_err());
    assert!(p.parse_move("e11e12w").is_err());
    assert!(p.parse_move("e11e12x").is_err());
    // Black promotes on rank 1
    let b = pos(&fen(
        &[("d2", "p"), ("c1", "N"), ("a12", "K"), ("l10", "k")],
        "b - - 0 1",
    ));
    assert_eq!(
        moves_of(&b, "d2"),
        set(&["d2d1b", "d2d1n", "d2d1q", "d2d1r", "d2c1b", "d2c1n", "d2c1q", "d2c1r"])
    );
    assert_eq!(
        play(&b, "d2c1r").to_fen(),
        fen(&[("c1", "r"), ("a12", "K"), ("l10", "k")], "w - - 0 2")
    );
    // a pawn that starts a siege promotes at once; the promoted piece is the besieger
    let s = pos(&fen(
        &[("e11", "P"), ("f12", "h"), ("a1", "K"), ("l10", "k")],
        "w - - 0 1",
    ));
    assert_eq!(
        play(&s, "e11f12q").to_fen(),
        fen(
            &[("f12", "(Qh)"), ("a1", "K"), ("l10", "k")],
            "b - - 0 1 sieges=f12w4"
        )
    );
}

// ---------------------------------------------------------------------------
// R-A11 end of game, clocks, repetition
// ---------------------------------------------------------------------------

#[test]
fn r_a11_1_r_a11_4_outcomes() {
    let mate = pos(&fen(&[("a1", "K"), ("b2", "q"), ("c3", "k")], "w - - 0 1"));
    // the b2 queen, guarded by c3, checks a1 and covers a2 and b1
    assert!(mate.in_check() && legal(&mate).is_empty());
    assert_eq!(
        outcome(&mate),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::Checkmate
        })
    );
    let stale = pos(&fen(&[("a1", "K"), ("b3", "q"), ("l12", "k")], "w - - 0 1"));
    assert!(!stale.in_check() && legal(&stale).is_empty());
    assert_eq!(
        outcome(&stale),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
    let bare = pos(&fen(&[("a1", "K"), ("l12", "k")], "w - - 0 1"));
    assert_eq!(
        outcome(&bare),
        Some(Outcome::Draw {
            reason: EndReason::BareKings
        })
    );
    // a Halfer is material
    let half = pos(&fen(&[("a1", "K"), ("f6", "h"), ("l12", "k")], "w - - 0 1"));
    assert_eq!(outcome(&half), None);
    // taking the last piece leaves bare kings
    let last = pos(&fen(&[("a1", "K"), ("a2", "n"), ("l12", "k")], "w - - 0 1"));
    assert_eq!(
        outcome(&play(&last, "a1a2")),
        Some(Outcome::Draw {
            reason: EndReason::BareKings
        })
    );
    // mate by a Halfer: the two-move delay does not apply (R-A8.7)
    let hm = pos(&fen(
        &[
            ("a12", "k"),
            ("b10", "H"),
            ("l11", "R"),
            ("d10", "B"),
            ("l1", "K"),
        ],
        "b - - 0 1",
    ));
    assert!(hm.in_check());
    assert_eq!(
        outcome(&hm),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn r_a11_2_r_a11_3_move_rule_and_repetition() {
    let rule = |n: u32| {
        pos(&fen(
            &[("a1", "K"), ("l12", "k"), ("e5", "N")],
            &format!("w - - {n} 80"),
        ))
    };
    assert_eq!(outcome(&rule(99)), None);
    assert_eq!(
        outcome(&rule(100)),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
    // the 100th quiet ply ends it
    let n = play(&rule(99), "e5f7");
    assert_eq!(n.halfmove_clock(), 100);
    assert_eq!(
        outcome(&n),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
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

/// R-A11.3: what resets the halfmove clock (pawn moves and every removal,
/// siege starts and completions, custodian captures) and what does not
/// (spells, castling, shares, rotations, quiet moves).
#[test]
fn r_a11_3_halfmove_clock() {
    let clock = |items: &[(&str, &str)], rest: &str, m: &str| {
        play(&pos(&fen(items, rest)), m).halfmove_clock()
    };
    let k = [("a1", "K"), ("l12", "k")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut v = k.to_vec();
        v.extend_from_slice(extra);
        v
    };
    // siege start
    assert_eq!(
        clock(&with(&[("c3", "H"), ("d5", "n")]), "w - - 10 9", "c3d5"),
        0
    );
    // spell and banish
    assert_eq!(
        clock(&with(&[("c3", "M"), ("j9", "*")]), "w - - 10 9", "d4j9"),
        11
    );
    assert_eq!(clock(&with(&[("c3", "M")]), "w - - 10 9", "d4d4"), 11);
    // custodian
    assert_eq!(
        clock(
            &with(&[("d2", "S"), ("b3", "S"), ("c3", "m")]),
            "w - - 10 9",
            "d2d3"
        ),
        0
    );
    // a Stone step, a rotation, a share: quiet
    assert_eq!(clock(&with(&[("d2", "S")]), "w - - 10 9", "d2d3"), 11);
    assert_eq!(
        clock(&with(&[("f2", "W"), ("g2", "W")]), "w - - 10 9", "g2f3"),
        11
    );
    assert_eq!(
        clock(&with(&[("c3", "H"), ("d5", "N")]), "w - - 10 9", "c3d5"),
        11
    );
    // castling
    assert_eq!(
        clock(
            &[("g1", "K"), ("l1", "R"), ("a12", "k")],
            "w K - 10 9",
            "g1k1"
        ),
        11
    );
    // a pawn step and a capture
    assert_eq!(clock(&with(&[("e5", "P")]), "w - - 10 9", "e5e6"), 0);
    assert_eq!(
        clock(&with(&[("e5", "N"), ("f7", "n")]), "w - - 10 9", "e5f7"),
        0
    );
    // siege completion at the end of the ply
    assert_eq!(
        clock(
            &with(&[("d5", "(nH)"), ("h1", "R")]),
            "w - - 10 9 sieges=d5w1",
            "h1h2"
        ),
        0
    );
}

// ---------------------------------------------------------------------------
// notation-strangechess.md: FEN and move strings
// ---------------------------------------------------------------------------

#[test]
fn fen_round_trips() {
    for f in [
        START_FEN,
        "7r3k/12/12/12/12/12/12/3(nH)8/12/12/12/K6R4 b - - 0 1 sieges=d5w4",
        "12/12/12/12/12/12/*11/3(Hh)8/12/12/12/K2D6xk w - - 3 7 tunnels=b1:h5-g4-f3-e2,w2:c1-d2-e3@d1 powers=k1:RBPDCTS",
        "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPP(MH)MPPPP1/1DSS1WW1SSD1/RX1NBQKBNHXR b KQkq - 1 1 unmoved=a3,b3,c3,d3,e3,h3,i3,j3,k3,f4,g4,f9,g9",
        "12/12/12/12/12/12/4P7/12/12/12/12/K10k b - e4,e5 0 1",
    ] {
        assert_eq!(pos(f).to_fen(), f);
    }
}

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
// More rule cases: siege starts by a Wall half, rescues by a pawn and of a
// rook, a frozen king in check, frozen custodian partners, swept corners
// ---------------------------------------------------------------------------

/// R-A8.2: a Wall half landing on a lone enemy Halfer besieges it, and the
/// whole Wall is frozen.
#[test]
fn r_a8_2_wall_half_starts_a_siege() {
    let p = pos(&fen(
        &[
            ("d4", "W"),
            ("e4", "W"),
            ("d6", "h"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    let a = play(&p, "d4d6");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("d6", "(Wh)"), ("e6", "W"), ("a1", "K"), ("l12", "k")],
            "b - - 0 1 sieges=d6w4"
        )
    );
    let b = play(&a, "l12l11");
    assert!(moves_of(&b, "d6").is_empty() && moves_of(&b, "e6").is_empty());
}

/// R-A8.6 with R-A10.3: a pawn rescues by its diagonal capture and promotes;
/// the notation's own example `e11f12q,f12g12r`.
#[test]
fn r_a8_6_pawn_rescue_with_promotion() {
    let p = pos(&fen(
        &[("e11", "P"), ("f12", "(Nh)"), ("a1", "K"), ("l10", "k")],
        "w - - 0 1 sieges=f12b4",
    ));
    let mut want = BTreeSet::new();
    for q in ["q", "r", "b", "n"] {
        want.insert(format!("e11e12{q}"));
        for d in ["e12", "g12", "e11", "f11", "g11"] {
            for c in ["r", "v"] {
                want.insert(format!("e11f12{q},f12{d}{c}"));
            }
        }
    }
    assert_eq!(moves_of(&p, "e11"), want);
    assert_eq!(
        play(&p, "e11f12q,f12g12r").to_fen(),
        fen(
            &[("f12", "N"), ("g12", "Q"), ("a1", "K"), ("l10", "k")],
            "b - - 0 1"
        )
    );
    assert_eq!(
        play(&p, "e11f12n,f12e11v").to_fen(),
        fen(
            &[("f12", "N"), ("e11", "N"), ("a1", "K"), ("l10", "k")],
            "b - - 0 1"
        )
    );
}

/// R-A9.1: "a rescue displacement counts as a move": a rook displaced from
/// a1 loses the right; a rook that stays keeps it.
#[test]
fn r_a9_1_displaced_rook_loses_castling() {
    let p = pos(&fen(
        &[
            ("g1", "K"),
            ("a1", "(Rh)"),
            ("l1", "R"),
            ("b3", "N"),
            ("e12", "k"),
        ],
        "w KQ - 0 1 sieges=a1b4",
    ));
    let rescues: BTreeSet<String> = moves_of(&p, "b3")
        .into_iter()
        .filter(|m| m.contains(','))
        .collect();
    assert_eq!(
        rescues,
        set(&[
            "b3a1,a1a2r",
            "b3a1,a1a2v",
            "b3a1,a1b1r",
            "b3a1,a1b1v",
            "b3a1,a1b2r",
            "b3a1,a1b2v"
        ])
    );
    assert_eq!(
        play(&p, "b3a1,a1a2v").to_fen(),
        fen(
            &[
                ("g1", "K"),
                ("a1", "N"),
                ("a2", "R"),
                ("l1", "R"),
                ("e12", "k")
            ],
            "b K - 0 1"
        )
    );
    assert_eq!(
        play(&p, "b3a1,a1b1r").to_fen(),
        fen(
            &[
                ("g1", "K"),
                ("a1", "R"),
                ("b1", "N"),
                ("l1", "R"),
                ("e12", "k")
            ],
            "b KQ - 0 1"
        )
    );
}

/// R-A8.5: a frozen king in check (the black rook could rescue the Halfer by
/// taking it) must be helped by other pieces.
#[test]
fn r_a8_5_frozen_king_in_check() {
    let p = pos(&fen(
        &[("e5", "(Kh)"), ("e12", "r"), ("a8", "R"), ("l12", "k")],
        "w - - 0 1 sieges=e5w3",
    ));
    assert!(p.in_check());
    assert_eq!(legal_set(&p), set(&["a8e8"]));
    let q = pos(&fen(
        &[("e5", "(Kh)"), ("e12", "r"), ("l12", "k")],
        "w - - 0 1 sieges=e5w3",
    ));
    assert_eq!(
        outcome(&q),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::Checkmate
        })
    );
}

/// R-A7.2: a frozen piece of the Stone's colour is a partner.
#[test]
fn r_a7_2_frozen_partner() {
    let p = pos(&fen(
        &[
            ("e4", "S"),
            ("f5", "b"),
            ("g5", "(Nh)"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1 sieges=g5b4",
    ));
    assert_eq!(
        play(&p, "e4e5").to_fen(),
        fen(
            &[("e5", "S"), ("g5", "(Nh)"), ("a1", "K"), ("l12", "k")],
            "b - - 0 1 sieges=g5b3"
        )
    );
}

/// R-A3.3: the corner swept through by a rotation is not checked.
#[test]
fn r_a3_3_swept_corner_not_checked() {
    let p = pos(&fen(
        &[
            ("f2", "W"),
            ("g2", "W"),
            ("g3", "n"),
            ("f1", "B"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    // g2f3 sweeps g3 and f2g1 sweeps f1: both allowed; f2g3 would land on
    // the knight (a rotation never captures), g2f1 on the bishop
    assert_eq!(
        moves_of(&p, "f2")
            .into_iter()
            .chain(moves_of(&p, "g2"))
            .filter(|m| m.as_bytes()[0] != m.as_bytes()[2] && m[1..2] != m[3..4])
            .collect::<BTreeSet<_>>(),
        set(&["f2g1", "g2f3"])
    );
    assert_eq!(
        play(&p, "g2f3").to_fen(),
        fen(
            &[
                ("f2", "W"),
                ("f3", "W"),
                ("g3", "n"),
                ("f1", "B"),
                ("a1", "K"),
                ("l12", "k")
            ],
            "b - - 1 1"
        )
    );
}

// ---------------------------------------------------------------------------
// Rulings as now worded (issue 31): R-A3.2, R-A8.6 with R-A10.3, the rescue
// forms, the `unmoved=` default and castling letters of the notation, the
// last sentence of R-A0.6, and R-A6.5 / R-A8.2 out of check. Each cause has
// the issue's position and positions of our own.
// ---------------------------------------------------------------------------

/// Legal moves with a displacement leg.
fn with_legs(p: &Position) -> BTreeSet<String> {
    legal(p).into_iter().filter(|m| m.contains(',')).collect()
}

/// Cause 1, issue position (R-A0.4, R-A3.2): the Halfer sharing f2, the
/// leading cell going west, stops the trailing half g2 from passing over
/// f2, so westwards only f2e2 (the trailing half lands beside the Halfer).
/// East, broadside, rotations and the Halfer's own moves are untouched.
#[test]
fn r_a3_2_halfer_on_the_walls_own_cell_blocks_passing_issue_position() {
    let p = pos("11k/12/12/12/12/12/12/12/12/12/5(WH)W5/K11 w - - 0 1");
    for m in ["f2a2", "f2b2", "f2c2", "f2d2"] {
        assert!(!has(&p, m), "{m}");
        assert!(p.parse_move(m).is_err(), "{m}");
    }
    let expected = set(&[
        "a1a2", "a1b1", "a1b2", "f2c1h", "f2c3h", "f2d1h", "f2d3h", "f2e2", "f2e4h", "f2e5h",
        "f2f1", "f2f10", "f2f11", "f2f12", "f2f3", "f2f4", "f2f5", "f2f6", "f2f7", "f2f8", "f2f9",
        "f2g1", "f2g3", "f2g4h", "f2g5h", "f2h1h", "f2h3h", "f2i1h", "f2i3h", "g2f1", "g2f3",
        "g2h2", "g2i2", "g2j2", "g2k2", "g2l2",
    ]);
    assert_eq!(legal_set(&p), expected);
    assert_eq!(
        play(&p, "f2e2").to_fen(),
        "11k/12/12/12/12/12/12/12/12/12/4W(WH)6/K11 b - - 1 1"
    );
    // eastwards g2 leads and f2 passes g2, which no Halfer shares
    assert_eq!(
        play(&p, "g2l2").to_fen(),
        "11k/12/12/12/12/12/12/12/12/12/5H4WW/K11 b - - 1 1"
    );
    // R-A3.5: the Wall does not attack through its Halfer. A black king on
    // d2 is not in check and may go to c2; e2 (f2e2) is attacked, and c1 c3
    // d1 d3 by the Halfer.
    let q = pos("12/12/12/12/12/12/12/12/12/12/3k1(WH)W5/K11 b - - 0 1");
    assert!(!q.in_check());
    assert_eq!(legal_set(&q), set(&["d2c2", "d2e1", "d2e3"]));
    let r = pos("12/12/12/12/12/12/12/12/12/12/3k1WW5/K10H b - - 0 1");
    assert!(r.in_check());
}

/// Cause 1, a black vertical Wall e8-e9 with its Halfer on e8: south, e8
/// leads and e9 may not pass over it (only e8e7), so the white king on e6
/// is not attacked and the FEN is valid; once the Halfer leaves e8 the Wall
/// gives check.
#[test]
fn r_a3_2_halfer_on_the_walls_own_cell_black_vertical() {
    let p = pos("k11/12/12/4w7/4(wh)7/12/4K7/12/12/12/12/12 b - - 0 1");
    assert!(!has(&p, "e8e6") && !has(&p, "e8e5") && has(&p, "e8e7"));
    let expected = set(&[
        "a12a11", "a12b11", "a12b12", "e8b7h", "e8b9h", "e8c7h", "e8c9h", "e8d10h", "e8d11h",
        "e8d5h", "e8d6h", "e8f10h", "e8f11h", "e8f5h", "e8f6h", "e8g7h", "e8g9h", "e8h7h", "e8h9h",
        "e9e10", "e9e11", "e9e12", "e8e7", "e8f8", "e8g8", "e8h8", "e8i8", "e8j8", "e8k8", "e8l8",
        "e8d8", "e8c8", "e8b8", "e8a8", "e9d8", "e9f8", "e8d9", "e8f9",
    ]);
    assert_eq!(legal_set(&p), expected);
    assert_eq!(
        play(&p, "e8e7").to_fen(),
        "k11/12/12/12/4(wh)7/4w7/4K7/12/12/12/12/12 w - - 1 2"
    );
    assert!(play(&p, "e8b7h").in_check());
    let e = Position::from_fen("k11/12/12/4w7/4w7/12/4K7/h11/12/12/12/12 b - - 0 1").unwrap_err();
    assert!(e.to_string().contains("is in check"), "{e}");
}

/// Cause 1, our own: a white vertical Wall d4-d5. With the Halfer on d5
/// (the leading cell northwards) the black king on d7 is not in check (d4
/// would pass over d5); it may go to d8 and c6 e6, but not d6 (d5d6, k =
/// 1). With the Halfer on the trailing d4 nothing is blocked: check.
#[test]
fn r_a3_5_wall_attacks_stop_at_its_own_halfer_vertical() {
    let p = pos("12/12/12/12/12/3k8/12/3(WH)8/3W8/12/12/K11 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(legal_set(&p), set(&["d7c6", "d7d8", "d7e6"]));
    let q = pos("12/12/12/12/12/3k8/12/3W8/3(WH)8/12/12/K11 b - - 0 1");
    assert!(q.in_check());
    assert_eq!(legal_set(&q), set(&["d7c8", "d7e8"]));
    // White to move: northwards only d5d6 with the Halfer on d5
    let w = pos("12/12/12/12/12/5k6/12/3(WH)8/3W8/12/12/K11 w - - 0 1");
    let north: BTreeSet<String> = ["d5d6", "d5d7", "d5d8", "d5d12"]
        .iter()
        .filter(|m| has(&w, m))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(north, set(&["d5d6"]));
    assert_eq!(
        play(&w, "d5d6").to_fen(),
        "12/12/12/12/12/5k6/3W8/3(WH)8/12/12/12/K11 b - - 1 1"
    );
}

/// Cause 2, issue position (R-A8.6, R-A10.3): the rook rescues the f11
/// pawn; the pawn stepping aside onto e12 f12 g12 promotes, its letter
/// before `v` (`f2f11,f11e12qv`): 12 such moves. The rook stepping onto
/// rank 12 stays a rook.
#[test]
fn r_a8_6_displaced_pawn_promotes_issue_position() {
    let p = pos("12/5(Ph)6/12/12/12/12/12/12/12/12/5R6/K10k w - - 0 1 sieges=f11b2");
    let mut expected = set(&[
        "a1a2", "a1b1", "a1b2", "f2a2", "f2b2", "f2c2", "f2d2", "f2e2", "f2f1", "f2f3", "f2f4",
        "f2f5", "f2f6", "f2f7", "f2f8", "f2f9", "f2f10", "f2g2", "f2h2", "f2i2", "f2j2", "f2k2",
        "f2l2",
    ]);
    for d in ["e10", "e11", "e12", "f10", "f12", "g10", "g11", "g12"] {
        expected.insert(format!("f2f11,f11{d}r"));
    }
    for d in ["e10", "e11", "f10", "g10", "g11"] {
        expected.insert(format!("f2f11,f11{d}v"));
    }
    let mut promoting = BTreeSet::new();
    for d in ["e12", "f12", "g12"] {
        for l in ["q", "r", "b", "n"] {
            promoting.insert(format!("f2f11,f11{d}{l}v"));
        }
    }
    assert_eq!(promoting.len(), 12);
    expected.extend(promoting);
    assert_eq!(legal_set(&p), expected);
    for bad in ["f2f11,f11e12v", "f2f11,f11e12vq"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    assert_eq!(
        play(&p, "f2f11,f11e12qv").to_fen(),
        "4Q7/5R6/12/12/12/12/12/12/12/12/12/K10k b - - 0 1"
    );
    assert_eq!(
        play(&p, "f2f11,f11g12nv").to_fen(),
        "6N5/5R6/12/12/12/12/12/12/12/12/12/K10k b - - 0 1"
    );
    assert_eq!(
        play(&p, "f2f11,f11e12r").to_fen(),
        "4R7/5P6/12/12/12/12/12/12/12/12/12/K10k b - - 0 1"
    );
}

/// Cause 2, Black, the displaced pawn is the rescuer (`r`): e3 takes the
/// besieging white Halfer on f2; stepping aside to e1 f1 g1 it promotes.
#[test]
fn r_a8_6_displaced_rescuing_pawn_promotes_black() {
    let p = pos("K10k/12/12/12/12/12/12/12/12/4p7/5(nH)6/12 b - - 0 1 sieges=f2w4");
    let mut expected = set(&["e3e2", "l12k11", "l12k12", "l12l11"]);
    for d in ["e2", "e3", "f3", "g2", "g3"] {
        expected.insert(format!("e3f2,f2{d}r"));
    }
    for d in ["e1", "f1", "g1"] {
        for l in ["q", "r", "b", "n"] {
            expected.insert(format!("e3f2,f2{d}{l}r"));
        }
    }
    for d in ["e1", "e2", "e3", "f1", "f3", "g1", "g2", "g3"] {
        expected.insert(format!("e3f2,f2{d}v"));
    }
    assert_eq!(expected.len(), 29);
    assert_eq!(legal_set(&p), expected);
    assert_eq!(
        play(&p, "e3f2,f2g1nr").to_fen(),
        "K10k/12/12/12/12/12/12/12/12/12/5n6/6n5 w - - 0 2"
    );
    assert_eq!(
        play(&p, "e3f2,f2e1v").to_fen(),
        "K10k/12/12/12/12/12/12/12/12/12/5p6/4n7 w - - 0 2"
    );
}

/// Cause 2, our own: a black Bishop rescues the black c2 pawn; the Bishop
/// may step aside to any of the 8 neighbours, the pawn to the 5 off its
/// last rank or, promoting, to b1 c1 d1 (12 moves): 25 rescues. A queen
/// made on d1 checks the white king on h5 along the diagonal.
#[test]
fn r_a8_6_displaced_victim_pawn_promotes_after_a_bishop_rescue() {
    let p = pos("11k/12/12/12/12/12/12/7K4/4b7/12/2(pH)9/12 b - - 0 1 sieges=c2w4");
    let mut rescues = BTreeSet::new();
    for d in ["b1", "b2", "b3", "c1", "c3", "d1", "d2", "d3"] {
        rescues.insert(format!("e4c2,c2{d}r"));
    }
    for d in ["b2", "b3", "c3", "d2", "d3"] {
        rescues.insert(format!("e4c2,c2{d}v"));
    }
    for d in ["b1", "c1", "d1"] {
        for l in ["q", "r", "b", "n"] {
            rescues.insert(format!("e4c2,c2{d}{l}v"));
        }
    }
    assert_eq!(rescues.len(), 25);
    assert_eq!(with_legs(&p), rescues);
    assert_eq!(legal(&p).len(), 43);
    let q = play(&p, "e4c2,c2d1qv");
    assert_eq!(
        q.to_fen(),
        "11k/12/12/12/12/12/12/7K4/12/12/2b9/3q8 w - - 0 2"
    );
    assert!(
        q.in_check(),
        "the new queen on d1 checks h5 along the diagonal"
    );
    assert_eq!(
        play(&p, "e4c2,c2b1r").to_fen(),
        "11k/12/12/12/12/12/12/7K4/12/12/2p9/1b10 w - - 0 2"
    );
}

/// Cause 3, issue position (a) (R-A3.2, R-A8.6): the broadside f2f6
/// rescues on both halves; g6's victim is a Halfer and shares with the
/// Wall half, so only f6's Knight has a leg: 7 moves.
#[test]
fn r_a8_6_wall_rescue_on_both_halves_one_halfer_victim() {
    let p = pos("11k/12/12/12/12/12/5(Nh)(bH)5/12/12/12/5WW5/K11 w - - 0 1 sieges=f6b4,g6b4");
    let legs = set(&[
        "f2f6,f6e5v",
        "f2f6,f6e6v",
        "f2f6,f6e7v",
        "f2f6,f6f5v",
        "f2f6,f6f7v",
        "f2f6,f6g5v",
        "f2f6,f6g7v",
    ]);
    assert_eq!(with_legs(&p), legs);
    let mut expected = set(&[
        "a1a2", "a1b1", "a1b2", "f2a2", "f2b2", "f2c2", "f2d2", "f2e2", "f2f1", "f2f3", "f2f4",
        "f2f5", "f2g1", "f2g3", "g2f1", "g2f3", "g2h2", "g2i2", "g2j2", "g2k2", "g2l2",
    ]);
    expected.extend(legs);
    assert_eq!(legal_set(&p), expected);
    assert_eq!(
        play(&p, "f2f6,f6e5v").to_fen(),
        "11k/12/12/12/12/12/5W(WH)5/4N7/12/12/12/K11 b - - 0 1"
    );
    assert_eq!(
        play(&p, "g2g6,f6e5v").to_fen(),
        play(&p, "f2f6,f6e5v").to_fen()
    );
}

/// Cause 3, issue position (b): both victims are full pieces. One leg per
/// victim in square order (f6, then g6). The Knight has 7 empty
/// neighbours (g6 holds the Wall), the Bishop 7 (f6 holds the Wall), and
/// the two may not both take one of the 4 squares next to both (f5 g5 f7
/// g7): 7 x 7 - 4 = 45 rescues. (The issue counted 42, as if each Knight
/// square took one of the Bishop's 7; only 4 of them do.)
#[test]
fn r_a8_6_wall_rescue_on_both_halves_two_legs() {
    let p = pos("11k/12/12/12/12/12/5(Nh)(Bh)5/12/12/12/5WW5/K11 w - - 0 1 sieges=f6b4,g6b4");
    let mut legs = BTreeSet::new();
    for a in ["e5", "e6", "e7", "f5", "f7", "g5", "g7"] {
        for b in ["f5", "f7", "g5", "g7", "h5", "h6", "h7"] {
            if a != b {
                legs.insert(format!("f2f6,f6{a}v,g6{b}v"));
            }
        }
    }
    assert_eq!(legs.len(), 45);
    assert_eq!(with_legs(&p), legs);
    assert_eq!(legal(&p).len(), 21 + 45);
    for bad in ["f2f6,f6f5v,g6f5v", "f2f6,g6h7v,f6e5v", "f2f6,f6e5v", "f2f6"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    assert_eq!(
        play(&p, "f2f6,f6e5v,g6h7v").to_fen(),
        "11k/12/12/12/12/7B4/5WW5/4N7/12/12/12/K11 b - - 0 1"
    );
    assert_eq!(
        play(&p, "g2g6,f6e5v,g6h7v").to_fen(),
        play(&p, "f2f6,f6e5v,g6h7v").to_fen()
    );
}

/// Cause 3, Black: a vertical Wall a2-a3 goes east onto two sieges, c2 (a
/// pawn) then c3 (a Rook). The pawn displaced to rank 1 promotes (b1 c1 d1,
/// 4 letters each), the Rook takes one of its other squares: 12 x 7 + 4 x 6
/// = 108 three-leg rescues.
#[test]
fn r_a8_6_wall_rescue_on_both_halves_black_vertical_with_promotion() {
    let p = pos("11k/12/12/12/12/12/12/12/12/w1(rH)9/w1(pH)9/11K b - - 0 1 sieges=c2w4,c3w4");
    let rook = ["b2", "b3", "b4", "c4", "d2", "d3", "d4"];
    let mut legs = BTreeSet::new();
    for a in ["b1", "c1", "d1"] {
        for l in ["q", "r", "b", "n"] {
            for b in rook {
                legs.insert(format!("a2c2,c2{a}{l}v,c3{b}v"));
            }
        }
    }
    for a in ["b2", "b3", "d2", "d3"] {
        for b in rook {
            if a != b {
                legs.insert(format!("a2c2,c2{a}v,c3{b}v"));
            }
        }
    }
    assert_eq!(legs.len(), 108);
    assert_eq!(with_legs(&p), legs);
    assert_eq!(legal(&p).len(), 124);
    assert_eq!(
        play(&p, "a2c2,c2d1qv,c3b4v").to_fen(),
        "11k/12/12/12/12/12/12/12/1r10/2w9/2w9/3q7K w - - 0 2"
    );
    assert_eq!(
        play(&p, "a3c3,c2b2v,c3d3v").to_fen(),
        "11k/12/12/12/12/12/12/12/12/2wr8/1pw9/11K w - - 0 2"
    );
    assert!(p.parse_move("a2c2,c2d1v,c3b4v").is_err());
}

/// Cause 3, our own: Black's Wall f7-g7 steps south onto two sieges with
/// every other neighbour blocked by black pawns. Only the squares the Wall
/// left, f7 and g7, are free, and the two victims take one each: 2
/// rescues. With a black Halfer staying on g7 only f7 is free, which
/// cannot serve both: no rescue by f7f6 at all.
#[test]
fn r_a8_6_wall_rescue_victims_need_different_squares() {
    let p =
        pos("11k/12/12/12/12/4pwwp4/4p(nH)(rH)p4/4pppp4/12/12/12/K11 b - - 0 1 sieges=f6w4,g6w4");
    assert_eq!(
        with_legs(&p)
            .into_iter()
            .filter(|m| m.starts_with("f7f6"))
            .collect::<BTreeSet<_>>(),
        set(&["f7f6,f6f7v,g6g7v", "f7f6,f6g7v,g6f7v"])
    );
    assert_eq!(legal(&p).len(), 20);
    assert_eq!(
        play(&p, "f7f6,f6g7v,g6f7v").to_fen(),
        "11k/12/12/12/12/4prnp4/4pwwp4/4pppp4/12/12/12/K11 w - - 0 2"
    );
    let q = pos(
        "11k/12/12/12/12/4pw(wh)p4/4p(nH)(rH)p4/4pppp4/12/12/12/K11 b - - 0 1 sieges=f6w4,g6w4",
    );
    assert!(!legal(&q).iter().any(|m| m.starts_with("f7f6")));
    assert_eq!(legal(&q).len(), 34);
}

/// Cause 4, issue position (notation: the leg starts at the siege square):
/// the non-anchor half lands on the siege square g6, so the leg is
/// `,g6..v`, never `,f6..v`.
#[test]
fn notation_wall_rescue_leg_starts_at_the_siege_square_issue_position() {
    let p = pos("11k/12/12/12/12/12/6(Nh)5/12/12/12/5WW5/K11 w - - 0 1 sieges=g6b4");
    let legs = set(&[
        "f2f6,g6f5v",
        "f2f6,g6f7v",
        "f2f6,g6g5v",
        "f2f6,g6g7v",
        "f2f6,g6h5v",
        "f2f6,g6h6v",
        "f2f6,g6h7v",
    ]);
    assert_eq!(with_legs(&p), legs);
    assert_eq!(legal(&p).len(), 28);
    assert!(p.parse_move("f2f6,f6f5v").is_err());
    assert_eq!(
        play(&p, "f2f6,g6h7v").to_fen(),
        "11k/12/12/12/12/7N4/5WW5/12/12/12/12/K11 b - - 0 1"
    );
    assert_eq!(
        play(&p, "g2g6,g6h7v").to_fen(),
        play(&p, "f2f6,g6h7v").to_fen()
    );
}

/// Cause 4, Black: a vertical Wall d8-d9 goes west; the upper, non-anchor
/// half lands on the siege square b9: `d8b8,b9a8v`.
#[test]
fn notation_wall_rescue_leg_non_anchor_black_vertical() {
    let p = pos("11k/12/12/1(nH)1w8/3w8/12/12/12/12/12/12/11K b - - 0 1 sieges=b9w4");
    let legs = set(&[
        "d8b8,b9a10v",
        "d8b8,b9a8v",
        "d8b8,b9a9v",
        "d8b8,b9b10v",
        "d8b8,b9c10v",
        "d8b8,b9c8v",
        "d8b8,b9c9v",
    ]);
    assert_eq!(with_legs(&p), legs);
    assert_eq!(legal(&p).len(), 33);
    assert!(p.parse_move("d8b8,b8a8v").is_err());
    assert_eq!(
        play(&p, "d8b8,b9c10v").to_fen(),
        "11k/12/2n9/1w10/1w10/12/12/12/12/12/12/11K w - - 0 2"
    );
    assert_eq!(
        play(&p, "d9b9,b9c10v").to_fen(),
        play(&p, "d8b8,b9c10v").to_fen()
    );
}

/// Cause 4, our own, with cause 2: a white vertical Wall c10-c11 goes east
/// three files; its upper half lands on the siege square f11, so the leg
/// starts at f11, and the pawn stepping aside onto rank 12 promotes:
/// `c10f10,f11e12qv`. 4 plain legs and 12 promoting ones.
#[test]
fn notation_wall_rescue_leg_non_anchor_with_a_promotion() {
    let p = pos("12/2W2(Ph)6/2W9/12/12/12/11k/12/12/12/12/K11 w - - 0 1 sieges=f11b4");
    let mut legs = set(&[
        "c10f10,f11e10v",
        "c10f10,f11e11v",
        "c10f10,f11g10v",
        "c10f10,f11g11v",
    ]);
    for d in ["e12", "f12", "g12"] {
        for l in ["q", "r", "b", "n"] {
            legs.insert(format!("c10f10,f11{d}{l}v"));
        }
    }
    assert_eq!(with_legs(&p), legs);
    assert_eq!(legal(&p).len(), 37);
    assert!(p.parse_move("c10f10,f10e12qv").is_err());
    assert!(p.parse_move("c10f10").is_err());
    let q = play(&p, "c10f10,f11e12qv");
    assert_eq!(
        q.to_fen(),
        "4Q7/5W6/5W6/12/12/12/11k/12/12/12/12/K11 b - - 0 1"
    );
    assert_eq!(play(&p, "c11f11,f11e12qv").to_fen(), q.to_fen());
}

/// Cause 5, issue position (notation, `unmoved=` default): f10 is where a
/// black Magician starts, so the pawn there has moved and steps once.
#[test]
fn fen_unmoved_default_excludes_the_magician_squares_issue_position() {
    let p = pos("11k/12/5p6/12/12/12/12/12/12/6P5/12/K11 b - - 0 1");
    assert_eq!(legal_set(&p), set(&["f10f9", "l12k11", "l12k12", "l12l11"]));
    assert_eq!(
        play(&p, "f10f9").to_fen(),
        "11k/12/12/5p6/12/12/12/12/12/6P5/12/K11 w - - 0 2 unmoved=-"
    );
    for extra in ["unmoved=f10", "unmoved=g3"] {
        let e = Position::from_fen(&format!(
            "11k/12/5p6/12/12/12/12/12/12/6P5/12/K11 b - - 0 1 {extra}"
        ))
        .unwrap_err();
        assert!(e.to_string().contains("starting square"), "{e}");
    }
}

/// Cause 5, White: g3 is a Magician square (one step), h3 and f4 are pawn
/// squares (up to rank 6). After g3g4 the FEN lists the unmoved pawns.
#[test]
fn fen_unmoved_default_excludes_the_magician_squares_white() {
    let p = pos("11k/12/12/12/12/12/12/12/5P6/6PP4/12/K11 w - - 0 1");
    assert_eq!(
        legal_set(&p),
        set(&["a1a2", "a1b1", "a1b2", "f4f5", "f4f6", "g3g4", "h3h4", "h3h5", "h3h6"])
    );
    assert_eq!(
        play(&p, "g3g4").to_fen(),
        "11k/12/12/12/12/12/12/12/5PP5/7P4/12/K11 b - - 0 1 unmoved=h3,f4"
    );
    assert_eq!(
        play(&p, "h3h5").to_fen(),
        "11k/12/12/12/12/12/12/7P4/5P6/6P5/12/K11 b - h4 0 1"
    );
}

/// Cause 5, our own: Black's g10 pawn (a Magician square) steps once, the
/// f9 pawn up to f7; after g10g9 the pawn on g9 stands on a pawn square
/// but has moved, so `unmoved=f9` is written. An e.p. path that starts on
/// f3 or g10 is refused, one that starts on f9 is not.
#[test]
fn fen_unmoved_default_black_g10_and_e_p_origins() {
    let p = pos("11k/12/6p5/5p6/12/12/12/12/12/5P6/12/K11 b - - 0 1");
    assert_eq!(
        legal_set(&p),
        set(&["f9f7", "f9f8", "g10g9", "l12k11", "l12k12", "l12l11"])
    );
    assert_eq!(
        play(&p, "g10g9").to_fen(),
        "11k/12/12/5pp5/12/12/12/12/12/5P6/12/K11 w - - 0 2 unmoved=f9"
    );
    for bad in [
        "11k/12/12/12/12/12/12/5P6/12/12/12/K11 b - f4 0 1",
        "11k/12/12/12/6p5/12/12/12/12/12/12/K11 w - g9 0 1",
    ] {
        let e = Position::from_fen(bad).unwrap_err();
        assert!(e.to_string().contains("first move"), "{bad}: {e}");
    }
    let ok = "11k/12/12/12/12/5p6/12/12/12/12/12/K11 w - f8 0 1";
    assert_eq!(pos(ok).to_fen(), ok);
}

/// Cause 6, issue position (R-A6.5, R-A0.6): the checked king travels its
/// tunnel one or two cells (under h4 to i5), off the rook's rank; e1 holds
/// a Digger. Travel and the surface step to the same cell are two moves.
#[test]
fn r_a6_5_king_two_cell_tunnel_travel_out_of_check_issue_position() {
    let p = pos("4k7/12/12/12/12/12/12/12/12/6K3r1/12/4D7 w - - 0 1 tunnels=w2:i5-h4-g3-f2-e1");
    assert!(p.in_check());
    assert_eq!(
        legal_set(&p),
        set(&["g3f2", "g3f2t", "g3f4", "g3g2", "g3g4", "g3h2", "g3h4", "g3h4t", "g3i5t"])
    );
    assert_eq!(
        play(&p, "g3i5t").to_fen(),
        "4k7/12/12/12/12/12/12/8K3/12/10r1/12/4D7 b - - 1 1 tunnels=w1:i5-h4-g3-f2-e1"
    );
}

/// Cause 6, Black, checked by a white Rook: the king travels its tunnel
/// two cells under the white Knight on g11 to h12 (never onto the Knight).
/// Checked along the tunnel's own diagonal by a Digger, travel cannot help.
#[test]
fn r_a6_5_black_king_tunnel_travel_out_of_check() {
    let p = pos("12/6N5/5k6/12/12/12/12/12/12/5R6/12/K11 b - - 0 1 tunnels=b2:h12-g11-f10-e9-d8");
    assert!(p.in_check());
    assert_eq!(
        legal_set(&p),
        set(&["f10d8t", "f10e11", "f10e9", "f10e9t", "f10g10", "f10g11", "f10g9", "f10h12t"])
    );
    assert_eq!(
        play(&p, "f10h12t").to_fen(),
        "7k4/6N5/12/12/12/12/12/12/12/5R6/12/K11 w - - 1 2 tunnels=b1:h12-g11-f10-e9-d8"
    );
    let q = pos("12/12/5k6/12/12/12/1D10/12/12/12/12/K11 b - - 0 1 tunnels=b2:h12-g11-f10-e9-d8");
    assert!(q.in_check());
    assert_eq!(
        legal_set(&q),
        set(&["f10e10", "f10e11", "f10f11", "f10f9", "f10g10", "f10g9"])
    );
}

/// Cause 6, our own: a black king checked by a white Knight leaves by two
/// cells of its tunnel, e8g6t, passing f7 (which the Knight attacks, so
/// e8f7t is illegal).
#[test]
fn r_a6_5_king_leaves_a_knight_check_by_two_tunnel_cells() {
    let p = pos("12/12/12/12/4k7/12/3N8/12/12/12/12/K11 b - - 0 1 tunnels=b2:e8-f7-g6");
    assert!(p.in_check());
    assert_eq!(
        legal_set(&p),
        set(&["e8d7", "e8d8", "e8d9", "e8e7", "e8e9", "e8f8", "e8f9", "e8g6t"])
    );
    assert_eq!(
        play(&p, "e8g6t").to_fen(),
        "12/12/12/12/12/12/3N2k5/12/12/12/12/K11 w - - 1 2 tunnels=b1:e8-f7-g6"
    );
}

/// Cause 7, issue positions (R-A8.2, R-A8.7, R-A3.5, R-A3.6): the Halfer
/// sharing the checked King's square leaves it by a wide leap: g1i2h
/// besieges the checking Knight; h1e2h besieges the checking Wall (both
/// halves frozen), h1f2h blocks its broadside.
#[test]
fn r_a8_2_halfer_wide_leap_from_the_kings_square_in_check_issue_positions() {
    let p = pos("11k/12/12/12/12/12/12/12/12/12/8n3/6(KH)5 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(
        legal_set(&p),
        set(&["g1f1", "g1f2", "g1g2", "g1h1", "g1h2", "g1i2h"])
    );
    assert_eq!(
        play(&p, "g1i2h").to_fen(),
        "11k/12/12/12/12/12/12/12/12/12/8(nH)3/6K5 b - - 0 1 sieges=i2w4"
    );
    let q = pos("4k7/12/12/12/12/12/12/12/12/12/4w7/4w2(KH)4 w - - 0 1");
    assert!(q.in_check());
    assert_eq!(legal_set(&q), set(&["h1e2h", "h1f2h", "h1i1", "h1i2"]));
    assert_eq!(
        play(&q, "h1e2h").to_fen(),
        "4k7/12/12/12/12/12/12/12/12/12/4(wH)7/4w2K4 b - - 0 1 sieges=e2w4"
    );
}

/// Cause 7, Black: the King and its Halfer on e12, checked by a white
/// vertical Wall b11-b12. e12b11h besieges the Wall, e12c11h blocks the
/// b11 half's path; the King may step to f11 f12 only.
#[test]
fn r_a8_2_halfer_wide_leap_from_the_black_kings_square_in_check() {
    let p = pos("1W2(kh)7/1W10/12/12/12/12/12/12/12/12/12/11K b - - 0 1");
    assert!(p.in_check());
    assert_eq!(
        legal_set(&p),
        set(&["e12b11h", "e12c11h", "e12f11", "e12f12"])
    );
    assert_eq!(
        play(&p, "e12b11h").to_fen(),
        "1W2k7/1(Wh)10/12/12/12/12/12/12/12/12/12/11K w - - 0 2 sieges=b11b4"
    );
    assert_eq!(
        play(&p, "e12c11h").to_fen(),
        "1W2k7/1Wh9/12/12/12/12/12/12/12/12/12/11K w - - 1 2"
    );
}

/// Cause 7, our own: a black Bacteria with the (3,1) power checks the
/// white King and Halfer on g1 from j2 (three files, one rank). The
/// Halfer's wide (3,1) leap g1j2h besieges it (frozen pieces give no
/// check); none of the Halfer's other leaps helps, and h1 is the
/// Bacteria's knight square.
#[test]
fn r_a8_7_halfer_wide_leap_besieges_a_checking_bacteria() {
    let p = pos("11k/12/12/12/12/12/12/12/12/12/9x2/6(KH)5 w - - 0 1 powers=j2:C");
    assert!(p.in_check());
    assert_eq!(
        legal_set(&p),
        set(&["g1f1", "g1f2", "g1g2", "g1h2", "g1j2h"])
    );
    assert_eq!(
        play(&p, "g1j2h").to_fen(),
        "11k/12/12/12/12/12/12/12/12/12/9(xH)2/6K5 b - - 0 1 sieges=j2w4 powers=j2:C"
    );
}

/// R-A0.6, last sentence: a siege completing at the end of the mover's own
/// ply counts for legality. With f4w1 White's ply removes the black Wall
/// (R-A3.4), opening e4 to the e8 rook; with f4w3 nothing completes.
#[test]
fn r_a0_6_same_ply_siege_completion_counts_for_legality() {
    let board = "11k/12/12/12/4r7/12/12/12/4w(wH)6/12/12/1N2K7";
    let p = pos(&format!("{board} w - - 0 1 sieges=f4w1"));
    assert_eq!(legal_set(&p), set(&["e1d1", "e1d2", "e1f1", "e1f2"]));
    assert_eq!(
        play(&p, "e1d1").to_fen(),
        "11k/12/12/12/4r7/12/12/12/5H6/12/12/1N1K8 b - - 0 1"
    );
    let q = pos(&format!("{board} w - - 0 1 sieges=f4w3"));
    assert_eq!(
        legal_set(&q),
        set(&["b1a3", "b1c3", "b1d2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
}

/// notation-strangechess.md, the rescue rows and rules: every example
/// string is legal in a position built for it, with the exact FEN after
/// it; malformed leg strings are refused.
#[test]
fn notation_rescue_forms_byte_for_byte() {
    let a = pos("11k/12/12/12/12/12/5(Bh)6/12/4H7/12/12/K11 w - - 0 1 sieges=f6b4");
    assert!(has(&a, "e4f6") && !legal(&a).iter().any(|m| m.starts_with("e4f6,")));
    assert_eq!(
        play(&a, "e4f6").to_fen(),
        "11k/12/12/12/12/12/5(BH)6/12/12/12/12/K11 b - - 0 1"
    );
    let b = pos("11k/12/12/12/12/12/5(Bh)6/12/4N7/12/12/K11 w - - 0 1 sieges=f6b4");
    assert!(has(&b, "e4f6,f6g7v") && has(&b, "e4f6,f6g7r"));
    assert_eq!(
        play(&b, "e4f6,f6g7v").to_fen(),
        "11k/12/12/12/12/6B5/5N6/12/12/12/12/K11 b - - 0 1"
    );
    let c = pos("5(Nh)6/4P7/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 sieges=f12b4");
    assert!(has(&c, "e11f12q,f12g12r") && !has(&c, "e11f12,f12g12qr"));
    assert_eq!(
        play(&c, "e11f12q,f12g12r").to_fen(),
        "5NQ5/12/12/12/12/12/12/12/12/12/12/K10k b - - 0 1"
    );
    let d = pos("12/5(Ph)6/12/12/12/12/12/12/12/12/5R6/K10k w - - 0 1 sieges=f11b2");
    assert!(has(&d, "f2f11,f11e12qv"));
    let e = pos("11k/12/12/12/12/12/5(Nh)(Bh)5/12/12/12/5WW5/K11 w - - 0 1 sieges=f6b4,g6b4");
    assert!(has(&e, "f2f6,f6e5v,g6h7v"));
    // every legal string parses back to the same move
    for p in [&a, &b, &c, &d, &e] {
        let mut v = MoveVec::default();
        p.legal_moves(&mut v);
        for &m in v.iter() {
            assert_eq!(p.parse_move(&move_string(m)).unwrap(), m);
        }
    }
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

/// notation-strangechess.md, FEN: the field examples round-trip byte for
/// byte.
#[test]
fn notation_fen_examples_byte_for_byte() {
    for f in [
        "11k/12/12/2(Bh)9/12/12/5(nH)6/12/12/12/12/K11 b - - 0 1 sieges=f6w4,c9b1",
        "k9x1/12/12/12/12/12/12/12/5D6/12/12/1X4K5 b - - 0 1 tunnels=w2:c1-d2-e3-f4@f4 powers=b1:RB,k12:T",
        "11k/12/12/12/12/12/12/12/12/12/5W(Wh)5/K11 w - - 0 1 sieges=g2b4",
        "11k/12/12/12/12/12/12/12/12/12/5(NH)(Hh)5/K11 w - - 0 1",
        START_FEN,
    ] {
        assert_eq!(pos(f).to_fen(), f);
    }
}

/// notation-strangechess.md, castling field: a letter whose King or Rook
/// is not on its home square is refused; a frozen Rook at home keeps its
/// letter (it cannot castle).
#[test]
fn fen_castling_letters_need_king_and_rook_at_home() {
    let ok = "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1";
    assert_eq!(pos(ok).to_fen(), ok);
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
    assert!(Position::from_fen("r5k4r/12/12/12/12/12/12/12/12/12/12/1R4K4R w Kkq - 0 1").is_ok());
    let frozen = pos("6k5/12/12/12/12/12/12/12/12/12/12/R5K4(Rh) w KQ - 0 1 sieges=l1b4");
    assert!(has(&frozen, "g1b1") && !has(&frozen, "g1k1"));
}

/// notation-strangechess.md: "parsing accepts exactly the canonical
/// strings". An extra field with its default value, castling letters or a
/// list out of order, and numbers with a sign or leading zeros are refused.
#[test]
fn fen_parsing_accepts_only_canonical_strings() {
    let start_default =
        "a3,b3,c3,d3,e3,h3,i3,j3,k3,l3,f4,g4,f9,g9,a10,b10,c10,d10,e10,h10,i10,j10,k10,l10";
    let e = Position::from_fen(&format!("{START_FEN} unmoved={start_default}")).unwrap_err();
    assert!(e.to_string().contains("default of unmoved="), "{e}");
    let board = "11k/12/12/12/12/12/12/12/5PP5/7P4/12/K11";
    assert_eq!(
        pos(&format!("{board} b - - 0 1 unmoved=h3,f4")).to_fen(),
        format!("{board} b - - 0 1 unmoved=h3,f4")
    );
    for bad in [
        format!("{board} b - - 0 1 unmoved=f4,h3"),
        format!("{board} b - - 0 01"),
        format!("{board} b - - +0 1"),
        "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w kqKQ - 0 1".to_string(),
        "11k/12/12/12/12/12/5(Bh)6/12/12/12/12/K11 w - - 0 1 sieges=f6b+4".to_string(),
        "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 powers=".to_string(),
    ] {
        assert!(Position::from_fen(&bad).is_err(), "accepted {bad}");
    }
}
