//! Self-test of the independent reference move generator in
//! `tests/reference/`: it is checked against the rule texts themselves (the
//! A10 test vectors, the worked examples of the seed pages, the promotion
//! override of the rules README) and the published start-position perft
//! numbers, before it is trusted to cross-check the fast generator.

use crate::reference;

use reference::{
    divide, in_check, knight_targets, legal_moves, neighbours, parse_fen, perft, play,
    square_names, start_position, to_fen, RefPosition, RefVariant, ALL_DIRS,
};
use std::collections::BTreeSet;

use RefVariant::{Trubix, Trubix43};

/// Grid position of a square name in the FEN layout: the T43 offset squares
/// are written in columns b and d of ranks 0 and 10 (notation doc).
fn cell_of(name: &str) -> (usize, usize) {
    match name {
        "bc0" => (1, 0),
        "cd0" => (3, 0),
        "bc10" => (1, 10),
        "cd10" => (3, 10),
        _ => {
            let col = (name.as_bytes()[0] - b'a') as usize;
            (col, name[1..].parse().expect("rank number"))
        }
    }
}

/// Builds a FEN from a piece list, so test positions read like the rule
/// text ("White woozan on c3, Black queen on b2") instead of FEN strings.
fn fen(variant: RefVariant, pieces: &[(&str, char)], side: char, unmoved: &str) -> String {
    // Cells that are squares, per rule A1 ('.' square, '*' hole).
    let mut grid: Vec<Vec<char>> = (0..=10)
        .map(|rank| {
            let pattern = match (rank, variant) {
                (0 | 10, Trubix) => "**.**",
                (0 | 10, Trubix43) => "*.*.*",
                (4..=6, _) => "*...*",
                _ => ".....",
            };
            pattern.chars().collect()
        })
        .collect();
    for &(square, piece) in pieces {
        let (col, rank) = cell_of(square);
        assert_eq!(grid[rank][col], '.', "{square} is not a free square");
        grid[rank][col] = piece;
    }
    let rows: Vec<String> = (0..=10)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empties = 0;
            for &c in &grid[rank] {
                if c == '.' {
                    empties += 1;
                    continue;
                }
                if empties > 0 {
                    row.push_str(&empties.to_string());
                    empties = 0;
                }
                row.push(c);
            }
            if empties > 0 {
                row.push_str(&empties.to_string());
            }
            row
        })
        .collect();
    format!("{} {side} {unmoved} 0 1", rows.join("/"))
}

fn setup(variant: RefVariant, pieces: &[(&str, char)], side: char, unmoved: &str) -> RefPosition {
    let text = fen(variant, pieces, side, unmoved);
    parse_fen(variant, &text).unwrap_or_else(|e| panic!("bad test FEN {text}: {e}"))
}

/// Legal moves of the piece on `from`. A move string continues with the
/// target's file letter, which distinguishes e.g. "c1" from "c10".
fn moves_from(pos: &RefPosition, from: &str) -> BTreeSet<String> {
    legal_moves(pos)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && m[from.len()..].starts_with(|c: char| c.is_ascii_lowercase())
        })
        .collect()
}

/// Expected moves from `from` to each listed target (suffix included).
fn expect(from: &str, targets: &[&str]) -> BTreeSet<String> {
    targets.iter().map(|t| format!("{from}{t}")).collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn range(file: &str, from: u32, to: u32) -> Vec<String> {
    (from..=to).map(|r| format!("{file}{r}")).collect()
}

// ---------------------------------------------------------------- geometry

#[test]
fn square_sets_match_a1() {
    let t41 = square_names(Trubix);
    let t43 = square_names(Trubix43);
    assert_eq!(t41.len(), 41);
    assert_eq!(t43.len(), 43);
    for s in ["c0", "c10", "a1", "e3", "b4", "d6", "a7", "e9"] {
        assert!(t41.contains(&s.to_string()), "{s} missing in T41");
    }
    for s in ["bc0", "cd0", "bc10", "cd10", "a1", "e9"] {
        assert!(t43.contains(&s.to_string()), "{s} missing in T43");
    }
    for s in ["c0", "c10", "a4", "e5"] {
        assert!(!t43.contains(&s.to_string()), "{s} must not exist in T43");
    }
}

#[test]
fn neighbour_tables_are_symmetric() {
    // A4 lists both directions of every link; a typo would show up here.
    for variant in [Trubix, Trubix43] {
        for s in square_names(variant) {
            for d in ALL_DIRS {
                for t in neighbours(variant, &s, d) {
                    assert!(
                        neighbours(variant, &t, d.opposite()).contains(&s),
                        "{variant:?}: {t} in next({s},{d:?}) but not the reverse"
                    );
                }
            }
        }
    }
}

#[test]
fn t43_offset_links_match_a4() {
    let n = |s: &str, d| {
        neighbours(Trubix43, s, d)
            .into_iter()
            .collect::<BTreeSet<_>>()
    };
    use reference::Dir::*;
    assert_eq!(n("c1", S), names(&["bc0", "cd0"]));
    assert_eq!(n("c1", SW), names(&["bc0"]));
    assert_eq!(n("c1", SE), names(&["cd0"]));
    assert_eq!(n("b1", SW), names(&[]));
    assert_eq!(n("d1", SE), names(&[]));
    assert_eq!(n("bc0", N), names(&["b1", "c1"]));
    assert_eq!(n("bc0", E), names(&["cd0"]));
    assert_eq!(n("bc0", W), names(&[]));
    assert_eq!(n("c9", N), names(&["bc10", "cd10"]));
    assert_eq!(n("cd10", S), names(&["c9", "d9"]));
    assert_eq!(n("cd10", W), names(&["bc10"]));
}

/// Rule A5's graph definition: t is a knight move from s iff t is at king
/// distance exactly 2 and not the end of a 2-step ray. The reference types
/// the knight table in (grid knight + the A5 pairs); this recomputes it.
fn graph_knight(variant: RefVariant, s: &str) -> BTreeSet<String> {
    let king = |x: &str| -> BTreeSet<String> {
        ALL_DIRS
            .iter()
            .flat_map(|&d| neighbours(variant, x, d))
            .collect()
    };
    let near = king(s);
    let mut far: BTreeSet<String> = near.iter().flat_map(|u| king(u)).collect();
    far.remove(s);
    for u in &near {
        far.remove(u);
    }
    for d in ALL_DIRS {
        for mid in neighbours(variant, s, d) {
            for end in neighbours(variant, &mid, d) {
                far.remove(&end);
            }
        }
    }
    far
}

#[test]
fn knight_tables_match_a5_graph_definition() {
    for variant in [Trubix, Trubix43] {
        for s in square_names(variant) {
            let table: BTreeSet<String> = knight_targets(variant, &s).into_iter().collect();
            assert_eq!(
                table,
                graph_knight(variant, &s),
                "{variant:?} knight on {s}"
            );
        }
    }
    let k = |v, s| knight_targets(v, s).into_iter().collect::<BTreeSet<_>>();
    assert_eq!(k(Trubix43, "bc0"), names(&["a1", "d1"]));
    assert_eq!(k(Trubix43, "cd0"), names(&["b1", "e1"]));
    assert_eq!(k(Trubix43, "bc10"), names(&["a9", "d9"]));
    assert_eq!(k(Trubix43, "cd10"), names(&["b9", "e9"]));
    assert_eq!(k(Trubix, "c0"), names(&["a1", "e1", "b2", "d2"]));
}

// ------------------------------------------------------- A10 test vectors

#[test]
fn a10_king_bc0() {
    let pos = setup(Trubix43, &[("bc0", 'K'), ("a9", 'k')], 'w', "-");
    assert_eq!(moves_from(&pos, "bc0"), expect("bc0", &["b1", "c1", "cd0"]));
}

#[test]
fn a10_crowned_knight_bc0() {
    let pos = setup(
        Trubix43,
        &[("bc0", 'C'), ("e9", 'K'), ("a9", 'k')],
        'w',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "bc0"),
        expect("bc0", &["b1", "c1", "cd0", "a1", "d1"])
    );
}

#[test]
fn a10_fleurbic_offset_squares() {
    let pos = setup(
        Trubix43,
        &[("bc0", 'F'), ("e9", 'K'), ("a9", 'k')],
        'w',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "bc0"),
        expect("bc0", &["b1", "c1", "cd0", "a2", "b2", "c2", "d2"])
    );
    let pos = setup(
        Trubix43,
        &[("cd0", 'F'), ("e9", 'K'), ("a9", 'k')],
        'w',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "cd0"),
        expect("cd0", &["bc0", "c1", "d1", "b2", "c2", "d2", "e2"])
    );
}

#[test]
fn a10_squire_cd0() {
    let pos = setup(
        Trubix43,
        &[("cd0", 'S'), ("a1", 'K'), ("e7", 'k')],
        'w',
        "-",
    );
    let mut targets = vec!["bc0".to_string(), "bc10".to_string(), "cd10".to_string()];
    targets.extend(range("c", 1, 9));
    targets.extend(range("d", 1, 9));
    let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
    assert_eq!(moves_from(&pos, "cd0"), expect("cd0", &targets));
}

#[test]
fn a10_queen_e3_reaches_bc0() {
    let pos = setup(Trubix43, &[("e3", 'Q'), ("a9", 'K'), ("e9", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "e3"),
        expect(
            "e3",
            &[
                "e2", "e1", // S
                "d3", "c3", "b3", "a3", // W
                "d4", "c5", "b6", "a7", // NW
                "d2", "c1", "bc0", // SW, through the offset link
            ]
        )
    );
}

#[test]
fn a10_queen_a3_reaches_cd0() {
    let pos = setup(Trubix43, &[("a3", 'Q'), ("a9", 'K'), ("e9", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "a3"),
        expect(
            "a3",
            &[
                "a2", "a1", // S
                "b3", "c3", "d3", "e3", // E
                "b4", "c5", "d6", "e7", // NE
                "b2", "c1", "cd0", // SE, through the offset link
            ]
        )
    );
}

#[test]
fn a10_queen_c5_forks_at_both_ends() {
    let pos = setup(Trubix43, &[("c5", 'Q'), ("a1", 'K'), ("e1", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "c5"),
        expect(
            "c5",
            &[
                "c6", "c7", "c8", "c9", "bc10", "cd10", // N, forking at c9
                "c4", "c3", "c2", "c1", "bc0", "cd0", // S, forking at c1
                "b5", "d5", // W, E
                "d6", "e7", "b6", "a7", // NE, NW
                "d4", "e3", "b4", "a3", // SE, SW
            ]
        )
    );
}

#[test]
fn a10_crowned_knight_a1() {
    let pos = setup(Trubix43, &[("a1", 'C'), ("e9", 'K'), ("a9", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "a1"),
        expect("a1", &["b3", "c2", "bc0", "a2", "b1", "b2"])
    );
}

#[test]
fn a10_white_woozan_c9_captures_both_offset_squares() {
    let pos = setup(
        Trubix43,
        &[
            ("c9", 'W'),
            ("bc10", 'q'),
            ("cd10", 's'),
            ("e1", 'K'),
            ("a8", 'k'),
        ],
        'w',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "c9"),
        expect(
            "c9",
            &["bc10q", "bc10s", "bc10c", "bc10f", "cd10q", "cd10s", "cd10c", "cd10f", "c8",]
        )
    );
}

#[test]
fn a10_white_woozan_c9_steps_to_both_offset_squares() {
    let pos = setup(Trubix43, &[("c9", 'W'), ("e1", 'K'), ("a8", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "c9"),
        expect(
            "c9",
            &["bc10q", "bc10s", "bc10c", "bc10f", "cd10q", "cd10s", "cd10c", "cd10f", "c8",]
        )
    );
}

#[test]
fn a7_5_woozan_on_c9_checks_king_on_cd10() {
    let pos = setup(
        Trubix43,
        &[("c9", 'W'), ("e1", 'K'), ("cd10", 'k')],
        'b',
        "-",
    );
    assert!(in_check(&pos));
    let pos = setup(
        Trubix43,
        &[("c8", 'W'), ("e1", 'K'), ("cd10", 'k')],
        'b',
        "-",
    );
    assert!(!in_check(&pos));
}

// Rule A4's per-piece lists for the other offset squares.

#[test]
fn a4_queen_from_offset_squares() {
    let pos = setup(
        Trubix43,
        &[("bc0", 'Q'), ("e1", 'K'), ("e9", 'k')],
        'w',
        "-",
    );
    let mut t: Vec<String> = ["a2", "bc10", "cd10", "cd0", "d2", "e3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    t.extend(range("b", 1, 9));
    t.extend(range("c", 1, 9));
    let t: Vec<&str> = t.iter().map(String::as_str).collect();
    assert_eq!(moves_from(&pos, "bc0"), expect("bc0", &t));

    let pos = setup(
        Trubix43,
        &[("cd0", 'Q'), ("a1", 'K'), ("a9", 'k')],
        'w',
        "-",
    );
    let mut t: Vec<String> = ["a3", "b2", "bc0", "bc10", "cd10", "e2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    t.extend(range("c", 1, 9));
    t.extend(range("d", 1, 9));
    let t: Vec<&str> = t.iter().map(String::as_str).collect();
    assert_eq!(moves_from(&pos, "cd0"), expect("cd0", &t));
}

#[test]
fn a4_squire_bc0() {
    let pos = setup(
        Trubix43,
        &[("bc0", 'S'), ("e1", 'K'), ("e9", 'k')],
        'w',
        "-",
    );
    let mut t: Vec<String> = ["bc10", "cd10", "cd0"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    t.extend(range("b", 1, 9));
    t.extend(range("c", 1, 9));
    let t: Vec<&str> = t.iter().map(String::as_str).collect();
    assert_eq!(moves_from(&pos, "bc0"), expect("bc0", &t));
}

#[test]
fn a4_fleurbic_c2_leaps_to_both_offset_squares() {
    let pos = setup(Trubix43, &[("c2", 'F'), ("a9", 'K'), ("e9", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "c2"),
        expect(
            "c2",
            &[
                "b1", "b2", "b3", "c1", "c3", "d1", "d2", "d3", // king steps
                "c4", "a2", "e2", "bc0", "cd0", // leaps
            ]
        )
    );
}

#[test]
fn forked_ray_branches_block_independently() {
    // Own piece on bc0 blocks only that branch; cd0 stays reachable, and a
    // capture on c2 stops the ray before the fork.
    let pos = setup(
        Trubix43,
        &[("c5", 'Q'), ("bc0", 'F'), ("a1", 'K'), ("e1", 'k')],
        'w',
        "-",
    );
    let down: BTreeSet<String> = moves_from(&pos, "c5")
        .into_iter()
        .filter(|m| ["c4", "c3", "c2", "c1", "bc0", "cd0"].contains(&&m[2..]))
        .collect();
    assert_eq!(down, expect("c5", &["c4", "c3", "c2", "c1", "cd0"]));
    let pos = setup(
        Trubix43,
        &[("c5", 'Q'), ("c2", 'w'), ("a1", 'K'), ("e1", 'k')],
        'w',
        "-",
    );
    assert!(moves_from(&pos, "c5").contains("c5c2"));
    assert!(!moves_from(&pos, "c5").contains("c5c1"));
    assert!(!moves_from(&pos, "c5").contains("c5cd0"));
}

// ------------------------------------------------- seed worked examples

/// First seed diagram: White woozans a2, c3, e2; Black woozan b4, queen b2
/// and knight (T43: crowned knight) d2. Kings added far from the action.
fn seed_diagram_1(variant: RefVariant, unmoved: &str) -> RefPosition {
    let (knight, white_king) = match variant {
        Trubix => ('n', "c10"),
        Trubix43 => ('c', "cd10"),
    };
    setup(
        variant,
        &[
            ("a2", 'W'),
            ("c3", 'W'),
            ("e2", 'W'),
            ("b4", 'w'),
            ("b2", 'q'),
            ("d2", knight),
            (white_king, 'K'),
            ("a9", 'k'),
        ],
        'w',
        unmoved,
    )
}

#[test]
fn seed_diagram_1_woozans() {
    for variant in [Trubix, Trubix43] {
        let pos = seed_diagram_1(variant, "AE");
        // c3: steps c2/c4, captures b4, b2, d2; no two-step from rank 3.
        assert_eq!(
            moves_from(&pos, "c3"),
            expect("c3", &["c2", "c4", "b4", "b2", "d2"]),
            "{variant:?}"
        );
        // e2: e3, d4 (first move), e1.
        assert_eq!(
            moves_from(&pos, "e2"),
            expect("e2", &["e3", "d4", "e1"]),
            "{variant:?}"
        );
        // a2: a1, a3; not b4 (occupied, and two-steps never capture).
        assert_eq!(
            moves_from(&pos, "a2"),
            expect("a2", &["a1", "a3"]),
            "{variant:?}"
        );
        // Without the first-move right, e2 loses d4.
        let pos = seed_diagram_1(variant, "A");
        assert_eq!(
            moves_from(&pos, "e2"),
            expect("e2", &["e3", "e1"]),
            "{variant:?}"
        );
    }
}

/// Second seed diagram: White woozans a2, c2, e2; Black woozan b3,
/// fleurbic e3, queen b1, knight (T43: crowned knight) d1.
fn seed_diagram_2(variant: RefVariant, unmoved: &str) -> RefPosition {
    let (knight, white_king) = match variant {
        Trubix => ('n', "c10"),
        Trubix43 => ('c', "cd10"),
    };
    setup(
        variant,
        &[
            ("a2", 'W'),
            ("c2", 'W'),
            ("e2", 'W'),
            ("b3", 'w'),
            ("e3", 'f'),
            ("b1", 'q'),
            ("d1", knight),
            (white_king, 'K'),
            ("a9", 'k'),
        ],
        'w',
        unmoved,
    )
}

#[test]
fn seed_diagram_2_woozans() {
    for variant in [Trubix, Trubix43] {
        let pos = seed_diagram_2(variant, "ACE");
        assert_eq!(
            moves_from(&pos, "c2"),
            expect("c2", &["c1", "c3", "c4", "b3", "b1", "d1"]),
            "{variant:?}"
        );
        assert_eq!(
            moves_from(&pos, "a2"),
            expect("a2", &["a3", "b4", "a1", "b3", "b1"]),
            "{variant:?}"
        );
        // e2 is blocked forwards by the fleurbic (and so is its two-step).
        assert_eq!(
            moves_from(&pos, "e2"),
            expect("e2", &["e1", "d1"]),
            "{variant:?}"
        );
        // "only to c4 if it was its initial move", likewise a2-b4.
        let pos = seed_diagram_2(variant, "-");
        assert_eq!(
            moves_from(&pos, "c2"),
            expect("c2", &["c1", "c3", "b3", "b1", "d1"]),
            "{variant:?}"
        );
        assert_eq!(
            moves_from(&pos, "a2"),
            expect("a2", &["a3", "a1", "b3", "b1"]),
            "{variant:?}"
        );
    }
}

#[test]
fn x_links_work_for_both_colours_both_ways() {
    for variant in [Trubix, Trubix43] {
        let pos = setup(
            variant,
            &[("b4", 'W'), ("d6", 'W'), ("c5", 'K'), ("e9", 'k')],
            'w',
            "-",
        );
        assert_eq!(moves_from(&pos, "b4"), expect("b4", &["b5", "b3", "a3"]));
        assert_eq!(moves_from(&pos, "d6"), expect("d6", &["d5", "d7", "e7"]));
        let pos = setup(
            variant,
            &[("a7", 'w'), ("e3", 'w'), ("c5", 'K'), ("a1", 'k')],
            'b',
            "-",
        );
        assert_eq!(moves_from(&pos, "a7"), expect("a7", &["a8", "b6"]));
        assert_eq!(moves_from(&pos, "e3"), expect("e3", &["e2", "d4"]));
        // X moves never capture: an enemy on b4 is taken only diagonally
        // (which a3-b4 also is), an own piece blocks.
        let pos = setup(
            variant,
            &[("a3", 'W'), ("b4", 'F'), ("c5", 'K'), ("e9", 'k')],
            'w',
            "-",
        );
        assert_eq!(moves_from(&pos, "a3"), expect("a3", &["a2"]));
    }
}

// ------------------------------------------------------------ promotion

#[test]
fn t41_promotion_zones() {
    // Z move b9-c10 ends on the last square: mandatory, q/n/f.
    let pos = setup(Trubix, &[("b9", 'W'), ("e1", 'K'), ("c5", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "b9"),
        expect("b9", &["b8", "c10q", "c10n", "c10f"])
    );
    // Arriving on rank 9 (straight or by Z move): optional n/f.
    let pos = setup(Trubix, &[("a8", 'W'), ("e1", 'K'), ("c5", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "a8"),
        expect("a8", &["a7", "a9", "a9n", "a9f", "b9", "b9n", "b9f"])
    );
    // Capturing onto c10 from d9 promotes too; stepping c9-c10 likewise.
    let pos = setup(
        Trubix,
        &[
            ("d9", 'W'),
            ("c9", 'W'),
            ("c10", 'f'),
            ("e1", 'K'),
            ("c5", 'k'),
        ],
        'w',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "d9"),
        expect("d9", &["d8", "c10q", "c10n", "c10f"])
    );
    assert_eq!(moves_from(&pos, "c9"), expect("c9", &["c8"]));
    // Black mirrors: b1-c0 Z move, e2-d1 Z move, rank 1 arrival.
    let pos = setup(
        Trubix,
        &[("b1", 'w'), ("e2", 'w'), ("e9", 'K'), ("c5", 'k')],
        'b',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "b1"),
        expect("b1", &["b2", "c0q", "c0n", "c0f"])
    );
    assert_eq!(
        moves_from(&pos, "e2"),
        expect("e2", &["e3", "e1", "e1n", "e1f", "d1", "d1n", "d1f"])
    );
    // There is no queen limit in Trubix (41).
    let pos = setup(
        Trubix,
        &[("c9", 'W'), ("a1", 'Q'), ("e1", 'K'), ("c5", 'k')],
        'w',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "c9"),
        expect("c9", &["c8", "c10q", "c10n", "c10f"])
    );
}

#[test]
fn t43_promotion_zones_and_queen_limit() {
    let pos = setup(Trubix43, &[("c8", 'W'), ("e1", 'K'), ("c5", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "c8"),
        expect("c8", &["c7", "c9", "c9c", "c9f"])
    );
    // T43 has no Z move into the last squares; b9 enters bc10 by A4.
    let pos = setup(Trubix43, &[("b9", 'W'), ("e1", 'K'), ("c5", 'k')], 'w', "-");
    assert_eq!(
        moves_from(&pos, "b9"),
        expect("b9", &["b8", "bc10q", "bc10s", "bc10c", "bc10f"])
    );
    // With a queen already on the board, q is not offered.
    let pos = setup(
        Trubix43,
        &[("c9", 'W'), ("a1", 'Q'), ("e1", 'K'), ("c5", 'k')],
        'w',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "c9"),
        expect(
            "c9",
            &["c8", "bc10s", "bc10c", "bc10f", "cd10s", "cd10c", "cd10f"]
        )
    );
    // Black mirror. Only own queens count: a White queen does not take the
    // q choice away from Black.
    let pos = setup(
        Trubix43,
        &[("c1", 'w'), ("a9", 'Q'), ("e9", 'K'), ("c5", 'k')],
        'b',
        "-",
    );
    assert_eq!(
        moves_from(&pos, "c1"),
        expect(
            "c1",
            &["c2", "bc0q", "bc0s", "bc0c", "bc0f", "cd0q", "cd0s", "cd0c", "cd0f"]
        )
    );
    // Black arriving on rank 1 from rank 2: optional c/f.
    let pos = setup(Trubix43, &[("d2", 'w'), ("e9", 'K'), ("c5", 'k')], 'b', "-");
    assert_eq!(
        moves_from(&pos, "d2"),
        expect("d2", &["d3", "d1", "d1c", "d1f"])
    );
}

// ------------------------------------------------------------- legality

#[test]
fn pinned_woozan_stays_on_the_file() {
    let pos = setup(
        Trubix,
        &[
            ("c0", 'K'),
            ("c2", 'W'),
            ("b3", 'f'),
            ("c9", 'q'),
            ("a9", 'k'),
        ],
        'w',
        "C",
    );
    assert!(!in_check(&pos));
    assert_eq!(moves_from(&pos, "c2"), expect("c2", &["c1", "c3", "c4"]));
    assert!(play(&pos, "c2b3").is_err());
    assert!(play(&pos, "c2c4").is_ok());
}

#[test]
fn checked_king_must_respond() {
    // Black queen on c5 checks the T43 king on cd0 down the forked c-file.
    let pos = setup(
        Trubix43,
        &[("cd0", 'K'), ("c5", 'q'), ("a9", 'k')],
        'w',
        "-",
    );
    assert!(in_check(&pos));
    // bc0 and c1 are still on the queen's (forked) c-file; d1 is not on
    // any of its lines.
    assert_eq!(moves_from(&pos, "cd0"), expect("cd0", &["d1"]));
}

// ---------------------------------------------------------------- perft

#[test]
fn start_position_depth_1_move_lists() {
    let expected = [
        "a3b3", "a3b4", "a3c5", "b2b3", "b2b4", "c3c4", "d2d3", "d2d4", "e3c5", "e3d3", "e3d4",
    ];
    for variant in [Trubix, Trubix43] {
        assert_eq!(
            legal_moves(&start_position(variant)),
            expected,
            "{variant:?}"
        );
    }
}

#[test]
fn start_position_perft_depth_1_to_4() {
    let t41 = start_position(Trubix);
    let t43 = start_position(Trubix43);
    for (depth, a, b) in [
        (1, 11, 11),
        (2, 121, 121),
        (3, 2037, 2081),
        (4, 34374, 35894),
    ] {
        assert_eq!(perft(&t41, depth), a, "trubix depth {depth}");
        assert_eq!(perft(&t43, depth), b, "trubix43 depth {depth}");
    }
}

#[test]
#[ignore = "slow in debug builds: run by .ci/run (release)"]
fn start_position_perft_depth_5() {
    assert_eq!(perft(&start_position(Trubix), 5), 674302);
    assert_eq!(perft(&start_position(Trubix43), 5), 722770);
}

#[test]
fn divide_sums_to_perft() {
    let pos = start_position(Trubix43);
    let split = divide(&pos, 3);
    let moves: Vec<String> = split.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(moves, legal_moves(&pos));
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), perft(&pos, 3));
}

// ------------------------------------------------------------------ FEN

#[test]
fn fen_round_trips() {
    let cases = [
        (
            Trubix,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1",
        ),
        (
            Trubix43,
            "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1",
        ),
        (Trubix43, "*1*k*/5/5/5/*3*/*3*/*3*/5/5/5/*K*1* b - 37 80"),
        (
            Trubix,
            "**1**/1n1k1/w3w/5/*1W1*/*3*/*q2*/5/W1W2/5/**K** w ACa 12 40",
        ),
        (
            Trubix43,
            "*S*1*/2k2/5/5/*1c1*/*3*/*3*/F4/5/1w1W1/*1*K* b - 3 61",
        ),
    ];
    for (variant, text) in cases {
        let pos = parse_fen(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(to_fen(&pos), text);
    }
    assert_eq!(
        to_fen(&start_position(Trubix)),
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1"
    );
}

#[test]
fn fen_rejects_malformed_input() {
    let bad = [
        (Trubix, "**k**/5/5/5/*3*/*3*/*3*/5/5/5/**K** w -"),
        (Trubix, "*1k**/5/5/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1"),
        (Trubix, "**k**/5/5/5/4/*3*/*3*/5/5/5/**K** w - 0 1"),
        (Trubix43, "*q*k*/5/5/5/*3*/*3*/*3*/5/5/N4/*Q*K* w - 0 1"),
        (Trubix, "**k**/5/5/5/*3*/*3*/*3*/5/5/5/**K** x - 0 1"),
        (Trubix, "**k**/5/5/5/*3*/*3*/*3*/5/5/5/**K** w A 0 1"),
    ];
    for (variant, text) in bad {
        assert!(parse_fen(variant, text).is_err(), "accepted {text}");
    }
}

#[test]
fn play_updates_unmoved_set_and_clocks() {
    let pos = start_position(Trubix);
    let pos = play(&pos, "c3c4").unwrap();
    assert_eq!(
        to_fen(&pos),
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*1W1*/F3F/WWWWW/FNQNF/**K** b ABCDEabcde 1 1"
    );
    let pos = play(&pos, "c7c6").unwrap();
    let pos = play(&pos, "c2c3").unwrap();
    assert_eq!(
        to_fen(&pos),
        "**k**/fnqnf/wwwww/f3f/*1w1*/*3*/*1W1*/F1W1F/WW1WW/FNQNF/**K** b ABDEabcde 3 2"
    );
    // Black's first woozan move from c8 clears its flag as well.
    let pos = play(&pos, "c8c7").unwrap();
    assert!(to_fen(&pos).contains(" w ABDEabde 4 3"));
    // A capture resets the halfmove clock and clears flags on its target.
    let pos = parse_fen(Trubix, "**k**/5/5/5/*3*/*3*/*3*/5/Wf3/5/**K** b A 9 20").unwrap();
    let pos = play(&pos, "b2a2").unwrap();
    assert_eq!(
        to_fen(&pos),
        "**k**/5/5/5/*3*/*3*/*3*/5/f4/5/**K** w - 0 21"
    );
    assert!(play(&pos, "c0c0").is_err());
}

// ------------------------------------------------- colour-mirror symmetry

/// Mirrors a FEN top to bottom and swaps colours. Both boards and all
/// woozan rules are mirror-symmetric (A4 "top mirrored", A7, A8), so the
/// mirrored position must have the mirrored move list.
fn mirror_fen(text: &str) -> String {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = fields[0].split('/').rev().map(swap).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let unmoved = if fields[2] == "-" {
        "-".to_string()
    } else {
        let swapped = swap(fields[2]);
        let upper: String = swapped.chars().filter(char::is_ascii_uppercase).collect();
        let lower: String = swapped.chars().filter(char::is_ascii_lowercase).collect();
        upper + &lower
    };
    format!(
        "{} {side} {unmoved} {} {}",
        board.join("/"),
        fields[3],
        fields[4]
    )
}

/// Mirrors the rank numbers in a move string ("c2c4" -> "c8c6").
fn mirror_move(mv: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            let rank: u32 = digits.parse().unwrap();
            out.push_str(&(10 - rank).to_string());
            digits.clear();
        }
    };
    for c in mv.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

#[test]
fn mirrored_positions_have_mirrored_moves() {
    let start_fen = |variant| to_fen(&start_position(variant));
    // Deterministic pseudo-random games (simple LCG), checking every ply.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    // The start positions, plus positions with woozans close to both
    // promotion zones, since random games from the start rarely promote.
    let starts = [
        (Trubix, start_fen(Trubix)),
        (
            Trubix,
            "**k**/1f3/W1W1W/5/*1N1*/*1n1*/*3*/5/w1w1w/3F1/**K** w - 0 1".to_string(),
        ),
        (Trubix43, start_fen(Trubix43)),
        (
            Trubix43,
            "*q*k*/1f3/W1W1W/5/*1C1*/*1c1*/*3*/5/w1w1w/3F1/*Q*K* w - 0 1".to_string(),
        ),
    ];
    for (variant, start) in starts {
        for _game in 0..12 {
            let mut pos = parse_fen(variant, &start).unwrap();
            for _ply in 0..80 {
                let text = to_fen(&pos);
                assert_eq!(to_fen(&parse_fen(variant, &text).unwrap()), text);
                let mirrored = parse_fen(variant, &mirror_fen(&text)).unwrap();
                let moves = legal_moves(&pos);
                let mut expected: Vec<String> = moves.iter().map(|m| mirror_move(m)).collect();
                expected.sort();
                assert_eq!(legal_moves(&mirrored), expected, "mirror of {text}");
                assert_eq!(in_check(&mirrored), in_check(&pos), "{text}");
                if moves.is_empty() {
                    break;
                }
                pos = play(&pos, &moves[next() % moves.len()]).unwrap();
            }
        }
    }
}
