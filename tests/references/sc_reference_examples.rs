//! Worked examples for the Strange Chess reference generator (tests/sc_reference).
//! Every expected move set here is derived by hand from the rule texts.

use crate::sc_reference;

use sc_reference::{parse_sq, parse_sq_prefix, RefPos, RefStatus, START_FEN};
use std::collections::BTreeSet;

fn pos(fen: &str) -> RefPos {
    RefPos::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"))
}

/// Builds a FEN board from (square, content) pairs; content is one letter or "(XY)".
fn board(items: &[(&str, &str)]) -> String {
    let mut cells = vec![String::new(); 144];
    for (s, c) in items {
        let sq = parse_sq(s).unwrap_or_else(|| panic!("bad square {s}"));
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

/// Legal moves whose from-square is `from`.
fn moves_of(p: &RefPos, from: &str) -> BTreeSet<String> {
    let f = parse_sq(from).unwrap();
    p.legal_moves()
        .into_iter()
        .filter(|m| parse_sq_prefix(m.as_bytes()).map(|(s, _)| s) == Some(f))
        .collect()
}

fn set(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn play(p: &RefPos, m: &str) -> RefPos {
    p.play(m).unwrap_or_else(|e| panic!("{e}"))
}

fn has(p: &RefPos, m: &str) -> bool {
    p.legal_moves().iter().any(|x| x == m)
}

// ---------------------------------------------------------------------------
// Start position
// ---------------------------------------------------------------------------

#[test]
fn start_position_fen_round_trip() {
    let p = RefPos::start();
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(
        p.repetition_key(),
        "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq -"
    );
    assert_eq!(p.status(), RefStatus::Ongoing);
    assert!(!p.in_check());
}

/// The 102 moves of the start position, piece by piece:
/// Ra1 1, Rl1 1, Xb1 2 (a2, share c1), Xk1 2, Hc1 7 (4 N incl. shares with b3 d3 pawns,
/// 3 (3,1) incl. share with the Wall on f2), Hj1 7, Nd1 0, Ni1 0, Be1 0, Bh1 0, Qf1 1,
/// Kg1 1, Db2 10 (c1 share; d4..i9 quiet; j10, k11, l12 captures under everything),
/// Dk2 10, Sc2 1, Sd2 2, Si2 2, Sj2 1, Wall 2 (lengthwise only), Mf3 3, Mg3 3,
/// 12 banishes (empty squares within 2 of a Magician, no holes yet),
/// 34 pawn moves (10 pawns x 3 squares up to rank 6, f4 g4 x 2).
#[test]
fn start_position_move_list() {
    let p = RefPos::start();
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
    let got: BTreeSet<String> = p.legal_moves().into_iter().collect();
    assert_eq!(got, expected);
    // byte order
    let v = p.legal_moves();
    let mut sorted = v.clone();
    sorted.sort();
    assert_eq!(v, sorted);
}

/// perft from the start: 102, 10410 (checked by hand for several divide lines,
/// e.g. k2d9 5: the Digger checks g12 through e10 and f11), 1100241.
#[test]
fn start_perft() {
    let p = RefPos::start();
    assert_eq!(p.perft(1), 102);
    let t = std::time::Instant::now();
    let d2 = p.perft(2);
    println!("perft 2 = {d2} ({:?})", t.elapsed());
    assert_eq!(d2, 10410);
    if !cfg!(debug_assertions) || std::env::var("SC_PERFT3").is_ok() {
        let t = std::time::Instant::now();
        let d3 = p.perft(3);
        println!("perft 3 = {d3} ({:?})", t.elapsed());
        assert_eq!(d3, 1100241);
    }
}

#[test]
fn start_divide_hand_checked_lines() {
    let d: std::collections::BTreeMap<String, u64> =
        RefPos::start().divide(2).into_iter().collect();
    // Digger on d9 checks the king through e10 and f11: c10d9, e10d9, b11d9 capture,
    // c12d9 besieges it (a frozen piece gives no check), g12h11 steps away.
    assert_eq!(d["k2d9"], 5);
    let after = play(&RefPos::start(), "k2d9");
    assert!(after.in_check());
    assert_eq!(
        after.legal_moves(),
        vec!["b11d9", "c10d9", "c12d9", "e10d9", "g12h11"]
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
// Stone
// ---------------------------------------------------------------------------

/// The seed's diagram: white Stones b3 d2, black Magician c3.
#[test]
fn stone_sandwich_diagram() {
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
    assert!(p.move_tags("d2d3").contains(&"custodian"));
    let a = play(&p, "d2d3");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("b3", "S"), ("d3", "S"), ("l1", "K"), ("l12", "k")],
            "b - - 0 1"
        )
    );
    // b3b4: b4-c3-d2 diagonal sandwich
    let b = play(&p, "b3b4");
    assert_eq!(
        b.to_fen(),
        fen(
            &[("b4", "S"), ("d2", "S"), ("l1", "K"), ("l12", "k")],
            "b - - 0 1"
        )
    );
    // other steps capture nothing and Stones never capture by moving onto a piece
    let c = play(&p, "d2e2");
    assert!(c.to_fen().contains("1Sm9"));
    assert!(!has(&p, "b3c3") && !has(&p, "d2c3"));
    assert_eq!(
        moves_of(&p, "d2"),
        set(&["d2c1", "d2c2", "d2d1", "d2d3", "d2e1", "d2e2", "d2e3"])
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
    let r = play(&q, "c5c3");
    assert!(r.to_fen().starts_with(&board(&[
        ("b3", "S"),
        ("d3", "S"),
        ("c3", "m"),
        ("l1", "K"),
        ("l12", "k")
    ])));
}

#[test]
fn stone_custodian_removes_halfers_and_whole_wall_and_checks() {
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
    let a = play(&r, "d3e4");
    assert_eq!(
        a.to_fen(),
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
    assert!(!q.move_tags("c6d5").contains(&"custodian"));
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
    let c = play(&t, "d4e4");
    assert_eq!(
        c.to_fen(),
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
    // a Stone step that would sandwich the king is check: h8i9 traps j10 against the k11 rook
    let u = pos(&fen(
        &[("h8", "S"), ("k11", "R"), ("a1", "K"), ("j10", "k")],
        "b - - 0 1",
    ));
    assert!(u.in_check());
}

// ---------------------------------------------------------------------------
// Wall
// ---------------------------------------------------------------------------

#[test]
fn wall_broadside_double_capture_and_lengthwise_single() {
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
    let tags = p.move_tags("d4d7");
    assert!(tags.contains(&"wall-broadside") && tags.contains(&"wall-double-capture"));
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
    let tags = p.move_tags("e4h4");
    assert!(tags.contains(&"wall-lengthwise") && tags.contains(&"capture"));
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
    // full translation list: N 1..3 (3 captures both at 3), S 1..3 (to rank 1), E 1..3, W 1..3, 4 rotations
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
    // a broadside needs both paths clear: block e5 with a white piece
    let mut blocked = items.to_vec();
    blocked.push(("e6", "N"));
    let q = pos(&fen(&blocked, "w - - 0 1"));
    assert!(has(&q, "d4d5") && !has(&q, "d4d6") && !has(&q, "d4d7"));
}

#[test]
fn wall_rotation() {
    let p = pos(&fen(
        &[("f2", "W"), ("g2", "W"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    let rot: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| p.move_tags(m).contains(&"wall-rotate"))
        .collect();
    assert_eq!(rot, set(&["f2g1", "f2g3", "g2f1", "g2f3"]));
    let a = play(&p, "g2f3");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("f2", "W"), ("f3", "W"), ("a1", "K"), ("l12", "k")],
            "b - - 1 1"
        )
    );
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
    assert!(b.to_fen().contains("(WH)"));
    // a vertical Wall rotates back
    let c = play(&a, "l12l11");
    assert!(has(&c, "f3g2") && has(&c, "f3e2") && has(&c, "f2e3") && has(&c, "f2g3"));
}

// ---------------------------------------------------------------------------
// Halfer: sieges, rescue, check
// ---------------------------------------------------------------------------

#[test]
fn siege_completes_at_end_of_ply_t_plus_4() {
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
    let tags = p.move_tags("c3d5");
    assert!(tags.contains(&"siege"));
    let b = |extra: &str, d5: &str, side_etc: &str, h1: (&str, &str), h12: (&str, &str)| {
        let mut items = vec![("a1", "K"), ("l12", "k"), h1, h12];
        if !d5.is_empty() {
            items.push(("d5", d5));
        }
        format!("{}{}", fen(&items, side_etc), extra)
    };
    let t0 = play(&p, "c3d5");
    assert_eq!(
        t0.to_fen(),
        b(
            " sieges=d5w4",
            "(nH)",
            "b - - 0 1",
            ("h1", "R"),
            ("h12", "r")
        )
    );
    // both frozen: no move from d5 for either side
    assert!(moves_of(&t0, "d5").is_empty());
    let t1 = play(&t0, "h12h11");
    assert_eq!(
        t1.to_fen(),
        b(
            " sieges=d5w3",
            "(nH)",
            "w - - 1 2",
            ("h1", "R"),
            ("h11", "r")
        )
    );
    assert!(moves_of(&t1, "d5").is_empty());
    let t2 = play(&t1, "h1h2");
    assert_eq!(
        t2.to_fen(),
        b(
            " sieges=d5w2",
            "(nH)",
            "b - - 2 2",
            ("h2", "R"),
            ("h11", "r")
        )
    );
    let t3 = play(&t2, "h11h12");
    assert_eq!(
        t3.to_fen(),
        b(
            " sieges=d5w1",
            "(nH)",
            "w - - 3 3",
            ("h2", "R"),
            ("h12", "r")
        )
    );
    assert!(moves_of(&t3, "d5").is_empty());
    let tags = t3.move_tags("h2h1");
    assert!(tags.contains(&"siege-complete"));
    let t4 = play(&t3, "h2h1");
    assert_eq!(
        t4.to_fen(),
        b("", "H", "b - - 0 3", ("h1", "R"), ("h12", "r"))
    );
    let t5 = play(&t4, "h12h11");
    assert!(
        !moves_of(&t5, "d5").is_empty(),
        "the besieger is free at ply t+6"
    );
}

#[test]
fn rescue_with_each_displacement_choice() {
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
    assert_eq!(moves_of(&p, "d8"), {
        let mut e = expected.clone();
        e.extend(
            [
                "d8a8", "d8b8", "d8c8", "d8e8", "d8f8", "d8g8", "d8h8", "d8i8", "d8j8", "d8k8",
                "d8l8",
            ]
            .iter()
            .map(|s| s.to_string()),
        );
        e.extend(
            ["d8d7", "d8d6", "d8d9", "d8d10", "d8d11", "d8d12"]
                .iter()
                .map(|s| s.to_string()),
        );
        e
    });
    let tags = p.move_tags("d8d5,d5e6v");
    assert!(tags.contains(&"rescue") && tags.contains(&"rescue-displace"));
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
    let c = play(&p, "f4d5");
    assert_eq!(
        c.to_fen(),
        fen(
            &[("d5", "(nh)"), ("d8", "r"), ("a1", "K"), ("l12", "k")],
            "w - - 0 2"
        )
    );
    // with every neighbour occupied the displacing rescue is impossible
    let mut crowded = items.to_vec();
    for s in ["c4", "d4", "e4", "c5", "e5", "c6", "e6"] {
        crowded.push((s, "p"));
    }
    let q = pos(&fen(&crowded, "b - - 0 1 sieges=d5w4"));
    // d6 is the rook's path; it is the only free neighbour
    assert_eq!(
        moves_of(&q, "d8")
            .into_iter()
            .filter(|m| m.starts_with("d8d5"))
            .collect::<BTreeSet<_>>(),
        set(&["d8d5,d5d6r", "d8d5,d5d6v"])
    );
    // the besieger's side cannot enter the siege square
    let w = play(&p, "l12l11");
    assert!(w.legal_moves().iter().all(|m| !m.contains("d5")));
}

#[test]
fn halfer_check_ignores_the_delay() {
    // white Halfer d6 attacks e8 by a knight leap; a Halfer capture of the king counts at once
    let p = pos(&fen(
        &[("d6", "H"), ("e8", "k"), ("d12", "r"), ("a1", "K")],
        "b - - 0 1",
    ));
    assert!(p.in_check());
    // besieging the checking Halfer ends the check (frozen pieces give no check)
    assert!(has(&p, "d12d6"));
    let a = play(&p, "d12d6");
    assert!(a.to_fen().contains("sieges=d6b4"));
    // king steps: only to squares the Halfer cannot reach with (2,1) or (3,1)
    // Halfer d6 reaches c8 e8 b7 f7 b5 f5 c4 e4 and (3,1): e9 c9 g7 a7 g5 a5 e3 c3
    let king: BTreeSet<String> = moves_of(&p, "e8");
    assert_eq!(king, set(&["e8d7", "e8d8", "e8e7", "e8f8", "e8f9", "e8d9"]));
    // the king may not step next to... (3,1) check: Halfer on b7 attacks e8 by (3,1)
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
fn halfer_share_siege_and_suffixes() {
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
    let a = play(&p, "d4e6h");
    assert!(a.to_fen().contains("(Hh)") && !a.to_fen().contains("sieges"));
    let b = play(&p, "d4e6hx");
    assert!(b.to_fen().contains("sieges=e6w4"));
    let c = play(&p, "d4e6");
    // the knight besieges the lone halfer
    assert!(c.to_fen().contains("(Nh)") && c.to_fen().contains("sieges=e6w4"));
}

#[test]
fn capture_on_full_plus_halfer_square() {
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
    // a white Halfer cannot enter that square
    let q = pos(&fen(
        &[("c4", "H"), ("d6", "(nh)"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1",
    ));
    assert!(!has(&q, "c4d6"));
}

// ---------------------------------------------------------------------------
// Magician
// ---------------------------------------------------------------------------

#[test]
fn spell_blocks_a_check() {
    let p = pos(&fen(
        &[("a1", "R"), ("a12", "k"), ("b9", "m"), ("l1", "K")],
        "b - - 0 1",
    ));
    assert!(p.in_check());
    let spells: BTreeSet<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| p.move_tags(m).contains(&"spell"))
        .collect();
    // banishing a7..a11 (within 2 of b9) cuts the a-file
    assert_eq!(spells, set(&["a10a10", "a11a11", "a7a7", "a8a8", "a9a9"]));
    let a = play(&p, "a10a10");
    assert!(a.to_fen().contains("*"));
    assert!(!play(&a, "l1l2").in_check());
}

#[test]
fn spell_discovers_a_check() {
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
    let tags = p.move_tags("h4d6");
    assert!(tags.contains(&"spell") && tags.contains(&"check"));
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
    let spells = p
        .legal_moves()
        .into_iter()
        .filter(|m| p.move_tags(m).contains(&"spell"))
        .count();
    assert_eq!(spells, 48);
}

#[test]
fn banish_and_holes() {
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
    let tags = p.move_tags("a3a3");
    assert!(tags.contains(&"banish"));
    let a = play(&play(&p, "a3a3"), "l12l11");
    // the rook stops before the hole; the knight cannot land on it (nor on its own Magician)
    assert_eq!(moves_of(&a, "a1"), set(&["a1a2"]));
    assert!(!has(&a, "b1a3") && !has(&a, "b1c3") && has(&a, "b1d2"));
    // the hole is now a spell destination: a source within 2 of c3 moved into a3
    assert!(has(&a, "b4a3") && has(&a, "e5a3") && !has(&a, "a3a3"));
    assert!(a
        .to_fen()
        .starts_with("12/11k/12/12/12/12/12/12/12/*1M9/12/RN9K"));
}

// ---------------------------------------------------------------------------
// Digger and tunnels
// ---------------------------------------------------------------------------

#[test]
fn tunnel_used_within_lifetime_and_gone_after() {
    let p = pos(&fen(
        &[
            ("c1", "D"),
            ("e3", "N"),
            ("d2", "p"),
            ("a1", "K"),
            ("h12", "r"),
            ("l12", "k"),
            ("h1", "R"),
        ],
        "w - - 0 1",
    ));
    // the Digger passes under the black pawn d2 and the white knight e3
    let t0 = play(&p, "c1f4");
    assert!(t0.to_fen().ends_with("tunnels=w2:c1-d2-e3-f4@f4"));
    let t1 = play(&t0, "h12h11");
    assert!(t1.to_fen().ends_with("tunnels=w2:c1-d2-e3-f4@f4"));
    // ply t+2: the knight travels 1 or 2 cells; d2 holds a black pawn, skipped but not a landing
    let travel: BTreeSet<String> = t1
        .legal_moves()
        .into_iter()
        .filter(|m| m.ends_with('t'))
        .collect();
    assert_eq!(travel, set(&["e3c1t"]));
    assert!(t1.move_tags("e3c1t").contains(&"tunnel-travel"));
    let t2 = play(&t1, "h1h2");
    assert!(t2.to_fen().ends_with("tunnels=w1:c1-d2-e3-f4@f4"));
    let t3 = play(&t2, "h11h12");
    // ply t+4: still usable
    assert!(has(&t3, "e3c1t"));
    let t4 = play(&t3, "h2h1");
    assert!(!t4.to_fen().contains("tunnels"));
    let t5 = play(&t4, "h12h11");
    assert!(t5.legal_moves().iter().all(|m| !m.ends_with('t')));
    // after the knight travels, the digger identity is kept: the Digger may not use its own tunnel
    let u = play(&t1, "e3c1t");
    assert!(u.to_fen().ends_with("tunnels=w1:c1-d2-e3-f4@f4"));
    let v = play(&u, "h11h12");
    assert!(moves_of(&v, "f4").iter().all(|m| !m.ends_with('t')));
    assert!(has(&v, "c1e3t"));
}

#[test]
fn tunnel_travel_pawn_promotes_and_digger_check_through_pieces() {
    // the Digger checks through any pieces; only a hole interposes
    let p = pos(&fen(
        &[
            ("a1", "D"),
            ("b2", "P"),
            ("c3", "p"),
            ("d4", "k"),
            ("l1", "K"),
        ],
        "b - - 0 1",
    ));
    assert!(p.in_check());
    // pawn on a tunnel promotes by travel: tunnel e10-f11-g12 of White, pawn on f11
    let q = pos(&fen(
        &[("f11", "P"), ("g12", "D"), ("a1", "K"), ("a12", "k")],
        "w - - 0 1 tunnels=w2:e10-f11-g12@g12",
    ));
    let t: BTreeSet<String> = q
        .legal_moves()
        .into_iter()
        .filter(|m| m.ends_with('t'))
        .collect();
    assert_eq!(t, set(&["f11e10t"]));
    let r = pos(&fen(
        &[("f11", "P"), ("a1", "K"), ("a12", "k")],
        "w - - 0 1 tunnels=w2:e10-f11-g12",
    ));
    let t: BTreeSet<String> = r
        .legal_moves()
        .into_iter()
        .filter(|m| m.ends_with('t'))
        .collect();
    assert_eq!(
        t,
        set(&["f11e10t", "f11g12bt", "f11g12nt", "f11g12qt", "f11g12rt"])
    );
}

// ---------------------------------------------------------------------------
// Bacteria
// ---------------------------------------------------------------------------

#[test]
fn bacteria_gains_from_each_kind() {
    let cases: [(&str, &str); 11] = [
        ("r", " powers=e5:R"),
        ("b", " powers=e5:B"),
        ("q", " powers=e5:RB"),
        ("n", ""),
        ("p", " powers=e5:P"),
        ("m", " powers=e5:D"),
        ("d", " powers=e5:T"),
        ("s", " powers=e5:S"),
        ("x", " powers=e5:BT"),
        ("w", " powers=e5:R"),
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
            assert!(f.ends_with("sieges=e5w4"), "{f}");
        } else {
            let want = fen(
                &[("e5", "X"), ("a1", "K"), ("l12", "k")],
                &format!("b - - 0 1{expect}"),
            );
            assert_eq!(f, want, "victim {victim}");
            assert_eq!(
                p.move_tags("d4e5").contains(&"bacteria-gain"),
                !expect.is_empty()
            );
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
    let mut q = play(&p, "d4e5");
    for m in ["h12h11", "h1h2", "h11h12"] {
        q = play(&q, m);
        assert!(!q.to_fen().contains("powers"));
    }
    assert!(q.move_tags("h2h1").contains(&"bacteria-gain"));
    let q = play(&q, "h2h1");
    assert!(q.to_fen().ends_with("powers=e5:C"), "{}", q.to_fen());
}

#[test]
fn bacteria_powers_give_moves() {
    // D: (2,0) leaps; C: (3,1) leaps; R slides; T passes under pieces; S custodian on a king step
    let p = pos(&fen(
        &[("f6", "X"), ("a1", "K"), ("l12", "k")],
        "w - - 0 1 powers=f6:DC",
    ));
    let m = moves_of(&p, "f6");
    assert_eq!(m.len(), 8 + 8 + 4 + 8);
    assert!(m.contains("f6f8") && m.contains("f6i7") && m.contains("f6g9"));
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
    let tags = r.move_tags("d4e5");
    assert!(tags.contains(&"custodian"));
    let a = play(&r, "d4e5");
    assert_eq!(
        a.to_fen(),
        fen(
            &[("e5", "X"), ("g7", "R"), ("a1", "K"), ("l12", "k")],
            "b - - 0 1 powers=e5:S"
        )
    );
}

// ---------------------------------------------------------------------------
// King, pawns
// ---------------------------------------------------------------------------

#[test]
fn castling_both_ways() {
    let items = [
        ("g1", "K"),
        ("a1", "R"),
        ("l1", "R"),
        ("g12", "k"),
        ("a12", "r"),
        ("l12", "r"),
    ];
    let p = pos(&fen(&items, "w KQkq - 0 1"));
    assert!(has(&p, "g1b1") && has(&p, "g1k1"));
    assert!(p.move_tags("g1b1").contains(&"castle"));
    let a = play(&p, "g1b1");
    assert_eq!(
        a.to_fen(),
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
    let b = play(&a, "g12k12");
    assert_eq!(
        b.to_fen(),
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
    // passing an attacked square is allowed (R-A9.2); being in check is not
    let q = pos(&fen(
        &[
            ("g1", "K"),
            ("a1", "R"),
            ("l1", "R"),
            ("d12", "r"),
            ("e12", "k"),
        ],
        "w KQ - 0 1",
    ));
    assert!(has(&q, "g1b1") && has(&q, "g1k1"));
    let r = pos(&fen(
        &[
            ("g1", "K"),
            ("a1", "R"),
            ("l1", "R"),
            ("g12", "r"),
            ("e12", "k"),
        ],
        "w KQ - 0 1",
    ));
    assert!(!has(&r, "g1b1") && !has(&r, "g1k1"));
    // ending in check is not allowed; a halfer between blocks
    let s = pos(&fen(
        &[
            ("g1", "K"),
            ("a1", "R"),
            ("l1", "R"),
            ("b12", "r"),
            ("e12", "k"),
            ("i1", "H"),
        ],
        "w KQ - 0 1",
    ));
    assert!(!has(&s, "g1b1") && !has(&s, "g1k1"));
}

#[test]
fn multistep_pawns_and_en_passant_over_each_cell() {
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
    assert!(p.move_tags("e3e6").contains(&"multistep"));
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
    assert!(a.move_tags("d5e4").contains(&"en-passant"));
    let b = play(&a, "d5e4");
    assert_eq!(
        b.to_fen(),
        fen(
            &[("e4", "p"), ("f6", "p"), ("a1", "K"), ("l12", "k")],
            "w - - 0 2"
        )
    );
    let c = play(&a, "f6e5");
    assert_eq!(
        c.to_fen(),
        fen(
            &[("e5", "p"), ("d5", "p"), ("a1", "K"), ("l12", "k")],
            "w - - 0 2"
        )
    );
    // the right expires after one ply
    let d = play(&play(&a, "l12l11"), "a1a2");
    assert!(!has(&d, "d5e4"));
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
    // a two-step leaves one e.p. cell; a halfer on a passed cell blocks
    let r = pos(&fen(
        &[
            ("f4", "P"),
            ("g6", "p"),
            ("c3", "P"),
            ("c4", "H"),
            ("a1", "K"),
            ("l12", "k"),
        ],
        "w - - 0 1",
    ));
    assert_eq!(moves_of(&r, "c3"), set(&["c3c4"]));
    let s = play(&r, "f4f6");
    assert!(s.to_fen().contains(" b - f5 0 1"));
    assert!(has(&s, "g6f5"));
}

#[test]
fn promotion() {
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
    assert!(p.move_tags("e11f12q").contains(&"promotion"));
    let a = play(&p, "e11e12q");
    assert!(a.to_fen().starts_with("4Qn6/"));
    assert!(p.play("e11e12").is_err());
    assert!(p.play("e11e12w").is_err());
}

// ---------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------

#[test]
fn fen_round_trips() {
    for f in [
        START_FEN,
        "7r3k/12/12/12/12/12/12/3(nH)8/12/12/12/K6R4 b - - 0 1 sieges=d5w4",
        "12/12/12/12/12/12/*11/3(Hh)8/12/12/12/K2D6xk w - - 3 7 tunnels=b1:h5-g4-f3-e2,w2:c1-d2-e3@d1 powers=k1:RBPDCTS",
        "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPP(MH)MPPPP1/1DSS1WW1SSD1/RX1NBQKBNHXR b KQkq - 1 1 unmoved=a3,b3,c3,d3,e3,h3,i3,j3,k3,f4,g4,f9,g9",
    ] {
        let p = RefPos::from_fen(f);
        let p = p.unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(p.to_fen(), f);
    }
    // an explicit default unmoved field is accepted and printed canonically (omitted)
    let f = format!("{} unmoved=a3,b3,c3,d3,e3,f4,g4,h3,i3,j3,k3,l3,a10,b10,c10,d10,e10,f9,g9,h10,i10,j10,k10,l10", START_FEN);
    assert_eq!(pos(&f).to_fen(), START_FEN);
}

#[test]
fn fen_refusals() {
    let bad = [
        ("12/12/12/12/12/12/12/12/12/12/12/K10 w - - 0 1", "fills 11"),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K11k w - - 0 1",
            "more than 12",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/KZ9k w - - 0 1",
            "unknown letter",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/KW1W7k w - - 0 1",
            "orthogonal pair",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/WW10/KWW8k w - - 0 1",
            "more than one white Wall",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K(NN)9k w - - 0 1",
            "may not share",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K(Nh)9k w - - 0 1",
            "may not share",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K(Nh)9k w - - 0 1 sieges=b1w4",
            "impossible with this side",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K(Nh)9k w - - 0 1 sieges=d1w2",
            "besieger and a victim",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K(Nh)9k w - - 0 1 sieges=b1w5",
            "1 to 4",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 tunnels=w2:a1-b1",
            "diagonal",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 tunnels=w2:a2-b3@b3",
            "no white Digger",
        ),
        (
            "P11/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1",
            "last rank",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K9Rk w - - 0 1",
            "not to move is in check",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K9Kk w - - 0 1",
            "white king",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/11k w - - 0 1",
            "white king",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0",
            "at least 6",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K10k x - - 0 1",
            "side to move",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 powers=a1:R",
            "no Bacteria",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 foo=1",
            "unknown name",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 unmoved=- sieges=a1w4",
            "out of order",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K10k w K - 0 1",
            "castling right",
        ),
        ("12/12/12/12/12/12/12/12/12/12/12/K10k w - e4 0 1", "e.p."),
        (
            "12/12/12/12/12/12/12/12/12/12/12/K(hK)9k w - - 0 1 sieges=b1b4",
            "king",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/3P8/K10k w - - 0 1 unmoved=d2",
            "initial pawn square",
        ),
    ];
    for (f, why) in bad {
        match RefPos::from_fen(f) {
            Ok(_) => panic!("accepted bad FEN {f}"),
            Err(e) => assert!(e.contains(why), "{f}: message '{e}' lacks '{why}'"),
        }
    }
}

#[test]
fn play_refuses_malformed_and_illegal() {
    let p = RefPos::start();
    assert!(p.play("a3a7").unwrap_err().contains("illegal"));
    assert!(p.play("z9a1").unwrap_err().contains("malformed"));
    assert!(p.play("a3a4 ").unwrap_err().contains("malformed"));
    assert!(p.play("a3a4q").is_err());
    assert!(p.play("a3").unwrap_err().contains("malformed"));
    // the Wall's lengthwise alias: f2g2 for g2h2
    assert_eq!(
        p.play("f2g2").unwrap().to_fen(),
        p.play("g2h2").unwrap().to_fen()
    );
}

#[test]
fn status_rules() {
    let mate = pos(&fen(&[("a1", "K"), ("b2", "q"), ("c3", "k")], "w - - 0 1"));
    // the b2 queen, guarded by c3, checks a1 and covers a2 and b1
    assert_eq!(mate.status(), RefStatus::Checkmate { white_wins: false });
    let stale = pos(&fen(&[("a1", "K"), ("b3", "q"), ("l12", "k")], "w - - 0 1"));
    // a2 b1 b2 covered? a2 by queen (file? b3-a2 diagonal), b1 (b-file), b2: yes; not in check
    assert_eq!(stale.status(), RefStatus::Stalemate);
    let bare = pos(&fen(&[("a1", "K"), ("l12", "k")], "w - - 0 1"));
    assert_eq!(bare.status(), RefStatus::BareKings);
    let rule = pos(&fen(
        &[("a1", "K"), ("l12", "k"), ("e5", "N")],
        "w - - 100 80",
    ));
    assert_eq!(rule.status(), RefStatus::MoveRule);
}

// ---------------------------------------------------------------------------
// Self-consistency over random games biased toward rare rules
// ---------------------------------------------------------------------------

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn random_games_round_trip_and_cover_rare_rules() {
    let rare = [
        "siege",
        "siege-complete",
        "rescue",
        "rescue-displace",
        "custodian",
        "tunnel-travel",
        "spell",
        "banish",
        "wall-broadside",
        "wall-lengthwise",
        "wall-rotate",
        "en-passant",
        "promotion",
        "bacteria-gain",
        "castle",
        "share",
    ];
    let mut seen: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _game in 0..6 {
        let mut p = RefPos::start();
        for _ply in 0..90 {
            let moves = p.legal_full();
            if moves.is_empty() {
                break;
            }
            // weight 1 for ordinary moves and spells (there are many), 30 for other rare rules,
            // 4 for captures
            let weights: Vec<u64> = moves
                .iter()
                .map(|(_, _, _, t)| {
                    let l = &t.list;
                    if l.contains("spell") {
                        1
                    } else if l.iter().any(|x| rare.contains(x) && *x != "share") {
                        30
                    } else if l.contains("capture") {
                        4
                    } else {
                        1
                    }
                })
                .collect();
            let total: u64 = weights.iter().sum();
            let mut r = rng.next() % total;
            let mut i = 0;
            while r >= weights[i] {
                r -= weights[i];
                i += 1;
            }
            let (mv, alias, next, tags) = &moves[i];
            for t in &tags.list {
                *seen.entry(t).or_default() += 1;
            }
            // the chosen move round-trips through play(), also by its alias
            assert_eq!(p.play(mv).unwrap().to_fen(), next.to_fen());
            if let Some(a) = alias {
                assert_eq!(p.play(a).unwrap().to_fen(), next.to_fen());
            }
            // the FEN round-trips and describes the whole state
            let f = next.to_fen();
            let back = RefPos::from_fen(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
            assert_eq!(back.to_fen(), f);
            assert_eq!(back.legal_moves(), next.legal_moves(), "{f}");
            p = next.clone();
            if p.status() != RefStatus::Ongoing {
                break;
            }
        }
    }
    println!("tags seen: {seen:?}");
    for t in [
        "siege",
        "siege-complete",
        "rescue",
        "custodian",
        "tunnel-travel",
        "spell",
        "banish",
        "share",
        "wall-lengthwise",
        "wall-broadside",
        "wall-rotate",
        "bacteria-gain",
    ] {
        assert!(seen.contains_key(t), "no {t} in the random games");
    }
}

#[test]
fn king_as_besieger_and_wall_with_own_halfer() {
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
    assert!(a.to_fen().contains("(Kh)") && a.to_fen().ends_with("sieges=e5w4"));
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

// ---------------------------------------------------------------------------
// Rulings as now worded (R-A3.2, R-A8.6, R-A10.3, R-A6.5, R-A0.6, R-A8.7 and the
// rescue forms, `unmoved=` default and castling letters of notation-strangechess.md)
// ---------------------------------------------------------------------------

/// All legal moves, as a set.
fn all(p: &RefPos) -> BTreeSet<String> {
    p.legal_moves().into_iter().collect()
}

/// The rescue moves (strings with a displacement leg) among the legal moves.
fn with_legs(p: &RefPos) -> BTreeSet<String> {
    all(p).into_iter().filter(|m| m.contains(',')).collect()
}

/// Case 1, issue position: the Halfer sharing f2 (the leading cell going west) stops
/// the trailing half g2 from passing over f2, so westwards only f2e2 (k = 1, the
/// trailing half lands on f2 and shares with the Halfer). East, broadside, rotations
/// and the Halfer's own moves (with `h`) are untouched (R-A0.4, R-A3.2).
#[test]
fn wall_halfer_on_own_cell_blocks_passing_issue_position() {
    let p = pos("11k/12/12/12/12/12/12/12/12/12/5(WH)W5/K11 w - - 0 1");
    for m in ["f2a2", "f2b2", "f2c2", "f2d2"] {
        assert!(!has(&p, m), "{m}");
        assert!(p.play(m).is_err(), "{m}");
    }
    let expected = set(&[
        "a1a2", "a1b1", "a1b2", "f2c1h", "f2c3h", "f2d1h", "f2d3h", "f2e2", "f2e4h", "f2e5h",
        "f2f1", "f2f10", "f2f11", "f2f12", "f2f3", "f2f4", "f2f5", "f2f6", "f2f7", "f2f8", "f2f9",
        "f2g1", "f2g3", "f2g4h", "f2g5h", "f2h1h", "f2h3h", "f2i1h", "f2i3h", "g2f1", "g2f3",
        "g2h2", "g2i2", "g2j2", "g2k2", "g2l2",
    ]);
    assert_eq!(expected.len(), 36);
    assert_eq!(all(&p), expected);
    // k = 1 west: the trailing half lands on f2 beside the Halfer (a share)
    assert_eq!(
        play(&p, "f2e2").to_fen(),
        "11k/12/12/12/12/12/12/12/12/12/4W(WH)6/K11 b - - 1 1"
    );
    assert!(p.move_tags("f2e2").contains(&"share"));
    // eastwards the trailing half passes g2 (no Halfer there); the Halfer stays on f2
    assert_eq!(
        play(&p, "g2l2").to_fen(),
        "11k/12/12/12/12/12/12/12/12/12/5H4WW/K11 b - - 1 1"
    );
    // Wall attacks are not seen through the Halfer (R-A3.5): a black king on d2 is not
    // in check (f2d2 would take it), and may step to c2 (f2c2 would take it there);
    // e2 is attacked by f2e2, c1 c3 d1 d3 by the Halfer
    let q = pos("12/12/12/12/12/12/12/12/12/12/3k1(WH)W5/K11 b - - 0 1");
    assert!(!q.in_check());
    assert_eq!(all(&q), set(&["d2c2", "d2e1", "d2e3"]));
    // without the Halfer the same king is in check from the Wall
    let r = pos("12/12/12/12/12/12/12/12/12/12/3k1WW5/K10H b - - 0 1");
    assert!(r.in_check());
}

/// Case 1, own position: a black vertical Wall e8-e9 with a black Halfer on e8. South,
/// e8 leads and e9 may not pass over it: only e8e7. North, e9 leads, nothing blocks.
/// The white king on e6 is therefore not attacked by the Wall (e8e6 is impossible),
/// so this FEN is valid; with the Halfer elsewhere it is refused.
#[test]
fn wall_halfer_on_own_cell_black_vertical_and_attacks() {
    let f = "k11/12/12/4w7/4(wh)7/12/4K7/12/12/12/12/12 b - - 0 1";
    let p = pos(f);
    assert!(!has(&p, "e8e6") && !has(&p, "e8e5") && has(&p, "e8e7"));
    let expected = set(&[
        "a12a11", "a12b11", "a12b12", "e8b7h", "e8b9h", "e8c7h", "e8c9h", "e8d10h", "e8d11h",
        "e8d5h", "e8d6h", "e8f10h", "e8f11h", "e8f5h", "e8f6h", "e8g7h", "e8g9h", "e8h7h", "e8h9h",
        "e9e10", "e9e11", "e9e12", "e8e7", "e8f8", "e8g8", "e8h8", "e8i8", "e8j8", "e8k8", "e8l8",
        "e8d8", "e8c8", "e8b8", "e8a8", "e9d8", "e9f8", "e8d9", "e8f9",
    ]);
    assert_eq!(expected.len(), 38);
    assert_eq!(all(&p), expected);
    // the trailing e9 lands on e8 beside the Halfer
    assert_eq!(
        play(&p, "e8e7").to_fen(),
        "k11/12/12/12/4(wh)7/4w7/4K7/12/12/12/12/12 w - - 1 2"
    );
    // once the Halfer has left e8, the Wall checks e6 (a discovered check)
    assert!(play(&p, "e8b7h").in_check());
    let moved = "k11/12/12/4w7/4w7/12/4K7/h11/12/12/12/12 b - - 0 1";
    let e = RefPos::from_fen(moved).unwrap_err();
    assert!(e.contains("not to move is in check"), "{e}");
}

/// Case 2, issue position: the rook rescues the f11 pawn; a displaced pawn landing on
/// e12 f12 g12 promotes (4 choices each: 12 moves), its letter before `v`
/// (R-A8.6, R-A10.3, notation `f2f11,f11e12qv`).
#[test]
fn displaced_pawn_promotes_issue_position() {
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
    expected.extend(promoting.iter().cloned());
    assert_eq!(expected.len(), 48);
    assert_eq!(all(&p), expected);
    // the pawn must promote: no plain `v` onto the last rank
    assert!(!has(&p, "f2f11,f11e12v"));
    assert!(p.play("f2f11,f11e12v").is_err());
    assert!(p.play("f2f11,f11e12vq").is_err());
    let tags = p.move_tags("f2f11,f11e12qv");
    for t in ["rescue", "rescue-displace", "promotion", "capture"] {
        assert!(tags.contains(&t), "{t} in {tags:?}");
    }
    assert_eq!(
        play(&p, "f2f11,f11e12qv").to_fen(),
        "4Q7/5R6/12/12/12/12/12/12/12/12/12/K10k b - - 0 1"
    );
    assert_eq!(
        play(&p, "f2f11,f11g12nv").to_fen(),
        "6N5/5R6/12/12/12/12/12/12/12/12/12/K10k b - - 0 1"
    );
    // the rook stepping aside onto rank 12 stays a rook (no letter)
    assert_eq!(
        play(&p, "f2f11,f11e12r").to_fen(),
        "4R7/5P6/12/12/12/12/12/12/12/12/12/K10k b - - 0 1"
    );
}

/// Case 2, own position: Black, and the displaced pawn is the rescuer (`r`): the e3 pawn
/// takes the besieging white Halfer on f2 diagonally; stepping aside to e1 f1 g1 (its
/// last rank) it promotes. The victim (a black Knight) may go to any of the 8 cells.
#[test]
fn displaced_rescuing_pawn_promotes_black() {
    let f = "K10k/12/12/12/12/12/12/12/12/4p7/5(nH)6/12 b - - 0 1 sieges=f2w4";
    let p = pos(f);
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
    assert_eq!(all(&p), expected);
    assert!(!has(&p, "e3f2,f2g1r"));
    assert_eq!(
        play(&p, "e3f2,f2g1nr").to_fen(),
        "K10k/12/12/12/12/12/12/12/12/12/5n6/6n5 w - - 0 2"
    );
    assert_eq!(
        play(&p, "e3f2,f2e1qr").to_fen(),
        "K10k/12/12/12/12/12/12/12/12/12/5n6/4q7 w - - 0 2"
    );
    // the victim knight stepping onto rank 1 stays a knight
    assert_eq!(
        play(&p, "e3f2,f2e1v").to_fen(),
        "K10k/12/12/12/12/12/12/12/12/12/5p6/4n7 w - - 0 2"
    );
}

/// Case 3, issue position (a): the broadside f2f6 rescues on both halves; g6's victim is
/// a Halfer and shares with the Wall half, so only f6's Knight needs a leg: 7 moves.
#[test]
fn wall_rescue_both_halves_one_halfer_victim() {
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
    assert_eq!(expected.len(), 28);
    assert_eq!(all(&p), expected);
    assert!(p.move_tags("f2f6,f6e5v").contains(&"wall-double-capture"));
    assert_eq!(
        play(&p, "f2f6,f6e5v").to_fen(),
        "11k/12/12/12/12/12/5W(WH)5/4N7/12/12/12/K11 b - - 0 1"
    );
    // the alias (the other cell's from and to) plays the same move
    assert_eq!(
        play(&p, "g2g6,f6e5v").to_fen(),
        play(&p, "f2f6,f6e5v").to_fen()
    );
}

/// Case 3, issue position (b): both victims full pieces. One leg per victim in square
/// order (f6 then g6); the Knight has 7 cells, the Bishop 7, and they may not share one
/// of the 4 cells next to both (f5 g5 f7 g7): 7 x 7 - 4 = 45 (the issue said 42).
#[test]
fn wall_rescue_both_halves_two_legs() {
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
    assert_eq!(all(&p).len(), 21 + 45);
    assert!(!has(&p, "f2f6,f6f5v,g6f5v"));
    assert!(!has(&p, "f2f6,g6h7v,f6e5v"), "legs in square order only");
    assert!(!has(&p, "f2f6,f6e5v"), "both victims need their leg");
    // the notation example, byte for byte, and the position after it
    assert!(has(&p, "f2f6,f6e5v,g6h7v"));
    let tags = p.move_tags("f2f6,f6e5v,g6h7v");
    assert!(tags.contains(&"rescue-displace") && tags.contains(&"wall-double-capture"));
    assert_eq!(
        play(&p, "f2f6,f6e5v,g6h7v").to_fen(),
        "11k/12/12/12/12/7B4/5WW5/4N7/12/12/12/K11 b - - 0 1"
    );
    assert_eq!(
        play(&p, "g2g6,f6e5v,g6h7v").to_fen(),
        play(&p, "f2f6,f6e5v,g6h7v").to_fen()
    );
}

/// Case 3, own position: Black, a vertical Wall a2-a3 going east onto two sieges: c2
/// (a black pawn) then c3 (a black Rook), in square order. The pawn displaced to its
/// last rank promotes (b1 c1 d1, 4 letters each); the Rook takes one of the other cells.
/// 12 x 7 + 4 x 6 = 108 three-leg rescues.
#[test]
fn wall_rescue_both_halves_black_vertical_with_promotion() {
    let f = "11k/12/12/12/12/12/12/12/12/w1(rH)9/w1(pH)9/11K b - - 0 1 sieges=c2w4,c3w4";
    let p = pos(f);
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
    let mut expected = set(&[
        "l12k11", "l12k12", "l12l11", "a2a1", "a2b2", "a2b3", "a3b2", "a3a4", "a3a5", "a3a6",
        "a3a7", "a3a8", "a3a9", "a3a10", "a3a11", "a3a12",
    ]);
    expected.extend(legs);
    assert_eq!(expected.len(), 124);
    assert_eq!(all(&p), expected);
    assert_eq!(
        play(&p, "a2c2,c2d1qv,c3b4v").to_fen(),
        "11k/12/12/12/12/12/12/12/1r10/2w9/2w9/3q7K w - - 0 2"
    );
    // alias: the non-anchor cell's from and to
    assert_eq!(
        play(&p, "a3c3,c2b2v,c3d3v").to_fen(),
        "11k/12/12/12/12/12/12/12/12/2wr8/1pw9/11K w - - 0 2"
    );
    // a pawn leg onto rank 1 without a letter does not exist
    assert!(p.play("a2c2,c2d1v,c3b4v").is_err());
}

/// Case 4, issue position: the non-anchor half lands on the siege square g6; the leg
/// starts at g6 (`f2f6,g6f5v`), never at the anchor's f6.
#[test]
fn wall_rescue_leg_starts_at_siege_square_non_anchor() {
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
    assert_eq!(all(&p).len(), 28);
    assert!(!has(&p, "f2f6,f6f5v"));
    assert!(p.play("f2f6,f6f5v").is_err());
    assert_eq!(
        play(&p, "f2f6,g6h7v").to_fen(),
        "11k/12/12/12/12/7N4/5WW5/12/12/12/12/K11 b - - 0 1"
    );
    assert_eq!(
        play(&p, "g2g6,g6h7v").to_fen(),
        play(&p, "f2f6,g6h7v").to_fen()
    );
}

/// Case 4, own position: Black, a vertical Wall d8-d9 (anchor d8) going west; the upper,
/// non-anchor half lands on the siege square b9: `d8b8,b9a8v`.
#[test]
fn wall_rescue_leg_non_anchor_black_vertical() {
    let f = "11k/12/12/1(nH)1w8/3w8/12/12/12/12/12/12/11K b - - 0 1 sieges=b9w4";
    let p = pos(f);
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
    let mut expected = set(&[
        "l12k11", "l12k12", "l12l11", "d9d10", "d9d11", "d9d12", "d8d7", "d8d6", "d8d5", "d8d4",
        "d8d3", "d8d2", "d8d1", "d8e8", "d8f8", "d8g8", "d8h8", "d8i8", "d8j8", "d8k8", "d8l8",
        "d8c8", "d9c8", "d9e8", "d8c9", "d8e9",
    ]);
    expected.extend(legs);
    assert_eq!(expected.len(), 33);
    assert_eq!(all(&p), expected);
    assert!(!has(&p, "d8b8,b8a8v"));
    assert_eq!(
        play(&p, "d8b8,b9c10v").to_fen(),
        "11k/12/2n9/1w10/1w10/12/12/12/12/12/12/11K w - - 0 2"
    );
    assert_eq!(
        play(&p, "d9b9,b9c10v").to_fen(),
        play(&p, "d8b8,b9c10v").to_fen()
    );
}

/// Case 5, issue position: f10 is where a black Magician starts, not a pawn, so the
/// pawn there is not unmoved by default and steps once. After f10f9 the pawn stands on
/// an initial square but has moved: the FEN says `unmoved=-`.
#[test]
fn unmoved_default_excludes_magician_squares_black() {
    let p = pos("11k/12/5p6/12/12/12/12/12/12/6P5/12/K11 b - - 0 1");
    assert_eq!(all(&p), set(&["f10f9", "l12k11", "l12k12", "l12l11"]));
    assert!(!has(&p, "f10f8") && !has(&p, "f10f7"));
    assert_eq!(
        p.to_fen(),
        "11k/12/5p6/12/12/12/12/12/12/6P5/12/K11 b - - 0 1"
    );
    assert_eq!(
        play(&p, "f10f9").to_fen(),
        "11k/12/12/5p6/12/12/12/12/12/6P5/12/K11 w - - 0 2 unmoved=-"
    );
    // neither pawn may be declared unmoved
    for extra in ["unmoved=f10", "unmoved=g3"] {
        let e = RefPos::from_fen(&format!(
            "11k/12/5p6/12/12/12/12/12/12/6P5/12/K11 b - - 0 1 {extra}"
        ))
        .unwrap_err();
        assert!(e.contains("initial pawn square"), "{e}");
    }
}

/// Case 5, own position: White; g3 is a Magician square (one step), h3 and f4 are pawn
/// squares (up to rank 6). A pawn that steps g3g4 has moved, so the FEN lists the
/// unmoved pawns explicitly (in square order: h3 before f4). A two-step from f3 cannot be an e.p. source.
#[test]
fn unmoved_default_excludes_magician_squares_white_and_fen() {
    let p = pos("11k/12/12/12/12/12/12/12/5P6/6PP4/12/K11 w - - 0 1");
    assert_eq!(
        all(&p),
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
    // the notation's default squares, exactly: an explicit list equal to it is omitted
    let start_default =
        "a3,b3,c3,d3,e3,h3,i3,j3,k3,l3,f4,g4,f9,g9,a10,b10,c10,d10,e10,h10,i10,j10,k10,l10";
    assert_eq!(
        pos(&format!("{START_FEN} unmoved={start_default}")).to_fen(),
        START_FEN
    );
    // e.p. cells after a two-step from f3 (impossible) are refused; from f4 accepted
    assert!(RefPos::from_fen("11k/12/12/12/12/12/12/5P6/12/12/12/K11 b - f4 0 1").is_err());
    assert!(RefPos::from_fen("11k/12/12/12/12/12/5P6/12/12/12/12/K11 b - f5 0 1").is_ok());
}

/// Case 6, issue position: the checked king travels its tunnel 1 or 2 cells (passing
/// under h4 to i5), off the rook's rank 3; e1 holds a white Digger, so no e1 landing.
/// Tunnel travel and the surface step to the same cell are distinct moves (R-A6.5).
#[test]
fn king_two_cell_tunnel_travel_out_of_check() {
    let p = pos("4k7/12/12/12/12/12/12/12/12/6K3r1/12/4D7 w - - 0 1 tunnels=w2:i5-h4-g3-f2-e1");
    assert!(p.in_check());
    assert_eq!(
        all(&p),
        set(&["g3f2", "g3f2t", "g3f4", "g3g2", "g3g4", "g3h2", "g3h4", "g3h4t", "g3i5t"])
    );
    assert!(p.move_tags("g3i5t").contains(&"tunnel-travel"));
    assert_eq!(
        play(&p, "g3i5t").to_fen(),
        "4k7/12/12/12/12/12/12/8K3/12/10r1/12/4D7 b - - 1 1 tunnels=w1:i5-h4-g3-f2-e1"
    );
}

/// Case 6, own positions: Black's king, checked by a white Rook, travels its own tunnel,
/// also 2 cells under a white Knight to h12 (never onto the Knight: travel does not
/// capture). Checked along the tunnel's own diagonal by a Digger, no travel helps.
#[test]
fn black_king_tunnel_travel_out_of_check() {
    let p = pos("12/6N5/5k6/12/12/12/12/12/12/5R6/12/K11 b - - 0 1 tunnels=b2:h12-g11-f10-e9-d8");
    assert!(p.in_check());
    assert_eq!(
        all(&p),
        set(&["f10d8t", "f10e11", "f10e9", "f10e9t", "f10g10", "f10g11", "f10g9", "f10h12t"])
    );
    assert!(!has(&p, "f10g11t"));
    assert_eq!(
        play(&p, "f10h12t").to_fen(),
        "7k4/6N5/12/12/12/12/12/12/12/5R6/12/K11 w - - 1 2 tunnels=b1:h12-g11-f10-e9-d8"
    );
    let q = pos("12/12/5k6/12/12/12/1D10/12/12/12/12/K11 b - - 0 1 tunnels=b2:h12-g11-f10-e9-d8");
    assert!(q.in_check());
    assert_eq!(
        all(&q),
        set(&["f10e10", "f10e11", "f10f11", "f10f9", "f10g10", "f10g9"])
    );
}

/// Case 7, issue positions: the Halfer sharing the checked King's square leaves it with
/// a wide leap: g1i2h besieges the checking Knight (frozen pieces give no check);
/// h1e2h besieges the checking Wall (both halves frozen), h1f2h blocks its broadside.
#[test]
fn halfer_wide_leap_from_king_square_in_check() {
    let p = pos("11k/12/12/12/12/12/12/12/12/12/8n3/6(KH)5 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(
        all(&p),
        set(&["g1f1", "g1f2", "g1g2", "g1h1", "g1h2", "g1i2h"])
    );
    assert_eq!(
        play(&p, "g1i2h").to_fen(),
        "11k/12/12/12/12/12/12/12/12/12/8(nH)3/6K5 b - - 0 1 sieges=i2w4"
    );
    let q = pos("4k7/12/12/12/12/12/12/12/12/12/4w7/4w2(KH)4 w - - 0 1");
    assert!(q.in_check());
    assert_eq!(all(&q), set(&["h1e2h", "h1f2h", "h1i1", "h1i2"]));
    assert_eq!(
        play(&q, "h1e2h").to_fen(),
        "4k7/12/12/12/12/12/12/12/12/12/4(wH)7/4w2K4 b - - 0 1 sieges=e2w4"
    );
}

/// Case 7, own position: Black, the King and its Halfer on e12, checked by a white
/// vertical Wall b11-b12 (broadside b11e11: the King is the full piece of a full+halfer
/// square, R-A0.5c). The Halfer's (3,1) leap e12b11h besieges the Wall (both halves
/// frozen); its (2,1) leap e12c11h blocks the b11 half's path. The King may step to
/// f11 f12 only: there the b12 half would pass the Halfer left on e12.
#[test]
fn halfer_wide_leap_from_black_king_square_in_check() {
    let p = pos("1W2(kh)7/1W10/12/12/12/12/12/12/12/12/12/11K b - - 0 1");
    assert!(p.in_check());
    assert_eq!(all(&p), set(&["e12b11h", "e12c11h", "e12f11", "e12f12"]));
    assert_eq!(
        play(&p, "e12b11h").to_fen(),
        "1W2k7/1(Wh)10/12/12/12/12/12/12/12/12/12/11K w - - 0 2 sieges=b11b4"
    );
    assert_eq!(
        play(&p, "e12c11h").to_fen(),
        "1W2k7/1Wh9/12/12/12/12/12/12/12/12/12/11K w - - 1 2"
    );
}

/// R-A0.6, last sentence: a siege completing at the end of the mover's own ply is part of
/// the legality test. With f4w1 White's ply removes the black Wall (R-A3.4), opening e4
/// to the e8 rook, so the king must leave the e-file; with f4w3 nothing completes.
#[test]
fn same_ply_siege_completion_counts_for_legality() {
    let board = "11k/12/12/12/4r7/12/12/12/4w(wH)6/12/12/1N2K7";
    let p = pos(&format!("{board} w - - 0 1 sieges=f4w1"));
    assert_eq!(all(&p), set(&["e1d1", "e1d2", "e1f1", "e1f2"]));
    assert!(p.move_tags("e1d1").contains(&"siege-complete"));
    assert_eq!(
        play(&p, "e1d1").to_fen(),
        "11k/12/12/12/4r7/12/12/12/5H6/12/12/1N1K8 b - - 0 1"
    );
    let q = pos(&format!("{board} w - - 0 1 sieges=f4w3"));
    assert_eq!(
        all(&q),
        set(&["b1a3", "b1c3", "b1d2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
}

/// notation-strangechess.md, rescue rows and rules: every example string is legal in a
/// position built for it, and the FEN after it is exact.
#[test]
fn notation_rescue_forms_byte_for_byte() {
    // rescue without displacement: a Halfer rescuer shares with the victim
    let a = pos("11k/12/12/12/12/12/5(Bh)6/12/4H7/12/12/K11 w - - 0 1 sieges=f6b4");
    assert!(has(&a, "e4f6"));
    assert!(!a.legal_moves().iter().any(|m| m.starts_with("e4f6,")));
    assert_eq!(
        play(&a, "e4f6").to_fen(),
        "11k/12/12/12/12/12/5(BH)6/12/12/12/12/K11 b - - 0 1"
    );
    // e4f6,f6g7v: a Knight rescues, the victim steps aside
    let b = pos("11k/12/12/12/12/12/5(Bh)6/12/4N7/12/12/K11 w - - 0 1 sieges=f6b4");
    assert!(has(&b, "e4f6,f6g7v") && has(&b, "e4f6,f6g7r"));
    assert_eq!(
        play(&b, "e4f6,f6g7v").to_fen(),
        "11k/12/12/12/12/6B5/5N6/12/12/12/12/K11 b - - 0 1"
    );
    // e11f12q,f12g12r: a rescuing pawn's promotion letter on the first leg
    let c = pos("5(Nh)6/4P7/12/12/12/12/12/12/12/12/12/K10k w - - 0 1 sieges=f12b4");
    assert!(has(&c, "e11f12q,f12g12r"));
    assert!(!has(&c, "e11f12,f12g12qr"));
    assert_eq!(
        play(&c, "e11f12q,f12g12r").to_fen(),
        "5NQ5/12/12/12/12/12/12/12/12/12/12/K10k b - - 0 1"
    );
    // f2f11,f11e12qv: a displaced pawn's letter after the destination, before v
    let d = pos("12/5(Ph)6/12/12/12/12/12/12/12/12/5R6/K10k w - - 0 1 sieges=f11b2");
    assert!(has(&d, "f2f11,f11e12qv"));
    // f2f6,f6e5v,g6h7v: one leg per victim, in square order
    let e = pos("11k/12/12/12/12/12/5(Nh)(Bh)5/12/12/12/5WW5/K11 w - - 0 1 sieges=f6b4,g6b4");
    assert!(has(&e, "f2f6,f6e5v,g6h7v"));
    // malformed strings are refused before legality
    for bad in [
        "f2f11,f11e12vq",
        "f2f11,f11e12qqv",
        "f2f6,f6e5v,g6h7v,h7h8v",
        "f2f6,f6e5v,",
        "f2f6,f6e5",
    ] {
        assert!(
            d.play(bad).unwrap_err().contains("malformed"),
            "{bad} should be malformed"
        );
    }
}

/// notation-strangechess.md, FEN: the field examples round-trip byte for byte.
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

/// notation-strangechess.md, castling field: a letter whose King or Rook is not on its
/// home square is refused; a frozen Rook at home keeps its letter (it cannot castle).
#[test]
fn fen_castling_letters_need_king_and_rook_at_home() {
    let ok = "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1";
    assert_eq!(pos(ok).to_fen(), ok);
    for (f, letter) in [
        (
            "r5k4r/12/12/12/12/12/12/12/12/12/12/1R4K4R w KQkq - 0 1",
            "'Q'",
        ),
        (
            "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K3R1 w KQkq - 0 1",
            "'K'",
        ),
        (
            "r4k5r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1",
            "'k'",
        ),
        (
            "r4k5r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQq - 0 1",
            "'q'",
        ),
        (
            "6k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQq - 0 1",
            "'q'",
        ),
        ("r5k4r/12/12/12/12/12/12/12/12/12/12/R4K5R w Q - 0 1", "'Q'"),
    ] {
        let e = RefPos::from_fen(f).unwrap_err();
        assert!(e.contains(&format!("castling right {letter}")), "{f}: {e}");
    }
    // the same positions without the offending letter are fine
    assert!(RefPos::from_fen("r5k4r/12/12/12/12/12/12/12/12/12/12/1R4K4R w Kkq - 0 1").is_ok());
    let frozen = pos("6k5/12/12/12/12/12/12/12/12/12/12/R5K4(Rh) w KQ - 0 1 sieges=l1b4");
    assert_eq!(
        frozen.to_fen(),
        "6k5/12/12/12/12/12/12/12/12/12/12/R5K4(Rh) w KQ - 0 1 sieges=l1b4"
    );
    assert!(has(&frozen, "g1b1") && !has(&frozen, "g1k1"));
}
