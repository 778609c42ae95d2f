//! Self-test of the independent reference move generator in
//! `tests/reference/`: its tables against the rule texts' definitions
//! (squares, links, knight graph), the published start-position perft
//! numbers, and colour-mirror symmetry, before it is trusted to cross-check
//! the fast generator. The rule texts' worked examples, the A10 test
//! vectors and the promotion override are data (`tests/rules/trubix*/`),
//! run against this reference and the fast generator alike.

use crate::reference;

use reference::{
    divide, in_check, knight_targets, legal_moves, neighbours, parse_fen, perft, play,
    square_names, start_position, to_fen, RefVariant, ALL_DIRS,
};
use std::collections::BTreeSet;

use RefVariant::{Trubix, Trubix43};

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
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

// Rule A4's per-piece lists for the other offset squares.

// ------------------------------------------------- seed worked examples

// ------------------------------------------------------------ promotion

// ------------------------------------------------------------- legality

// ---------------------------------------------------------------- perft

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

/// The built-in start position is the start FEN (FEN round trips are data:
/// tests/rules/trubix*/fen-and-play.rules).
#[test]
fn start_position_is_the_start_fen() {
    assert_eq!(
        to_fen(&start_position(Trubix)),
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1"
    );
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
