//! Every worked example of the Trubix and Trubix-43 rule texts, the test
//! vectors of rules A10, and the README's promotion override, checked
//! against the fast generator as exact move sets.

use movegen::game::{Game, MoveList, Notation};
use movegen::trubix::{Board, Position};

fn pos(board: Board, fen: &str) -> Position {
    Position::from_fen(board, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Legal moves of the piece on `from`, as sorted move strings.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list
        .iter()
        .map(|&m| p.move_to_string(m))
        .filter(|s| {
            s.starts_with(from) && !s[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    v.sort();
    v
}

fn expect(from: &str, tails: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = tails.iter().map(|t| format!("{from}{t}")).collect();
    v.sort();
    v
}

// Empty Trubix-43 board with White's king on a9 and Black's on e9, far from
// the offset squares: FEN helper that drops extra pieces onto it.
fn t43_with(rank0: &str, rank1: &str, side: &str) -> Position {
    pos(
        Board::T43,
        &format!("*1*1*/K3k/5/5/*3*/*3*/*3*/5/5/{rank1}/{rank0} {side} - 0 1"),
    )
}

#[test]
fn a10_king_and_crowned_knight_on_bc0() {
    let p = pos(Board::T43, "*1*1*/4k/5/5/*3*/*3*/*3*/5/5/5/*K*1* w - 0 1");
    assert_eq!(moves_from(&p, "bc0"), expect("bc0", &["b1", "c1", "cd0"]));
    let p = pos(Board::T43, "*1*1*/K3k/5/5/*3*/*3*/*3*/5/5/5/*C*1* w - 0 1");
    assert_eq!(
        moves_from(&p, "bc0"),
        expect("bc0", &["b1", "c1", "cd0", "a1", "d1"])
    );
}

#[test]
fn a10_fleurbics_on_offset_squares() {
    let p = t43_with("*F*1*", "5", "w");
    assert_eq!(
        moves_from(&p, "bc0"),
        expect("bc0", &["b1", "c1", "cd0", "a2", "b2", "c2", "d2"])
    );
    let p = t43_with("*1*F*", "5", "w");
    assert_eq!(
        moves_from(&p, "cd0"),
        expect("cd0", &["bc0", "c1", "d1", "b2", "c2", "d2", "e2"])
    );
}

#[test]
fn a10_squire_on_cd0() {
    // Kings on a1 and e9: off every line of the squire.
    let p = pos(Board::T43, "*1*1*/4k/5/5/*3*/*3*/*3*/5/5/K4/*1*S* w - 0 1");
    let mut tails = vec!["bc0".to_string(), "bc10".into(), "cd10".into()];
    for r in 1..=9 {
        tails.push(format!("c{r}"));
        tails.push(format!("d{r}"));
    }
    let tails: Vec<&str> = tails.iter().map(|s| s.as_str()).collect();
    assert_eq!(moves_from(&p, "cd0"), expect("cd0", &tails));
}

#[test]
fn a10_queen_lines_through_offset_squares() {
    // Q e3 towards SW: d2, c1, bc0. Q a3 towards SE: b2, c1, cd0.
    let p = pos(Board::T43, "*1*1*/K3k/5/5/*3*/*3*/*3*/4Q/5/5/*1*1* w - 0 1");
    let m = moves_from(&p, "e3");
    for t in ["e3d2", "e3c1", "e3bc0"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    assert!(!m.contains(&"e3cd0".to_string()));
    let p = pos(Board::T43, "*1*1*/K3k/5/5/*3*/*3*/*3*/Q4/5/5/*1*1* w - 0 1");
    let m = moves_from(&p, "a3");
    for t in ["a3b2", "a3c1", "a3cd0"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    assert!(!m.contains(&"a3bc0".to_string()));
    // Q c5 downwards: c4 c3 c2 c1 then both bc0 and cd0; a blocker on c1
    // cuts both branches.
    let p = pos(
        Board::T43,
        "*1*1*/K3k/5/5/*3*/*1Q1*/*3*/5/5/5/*1*1* w - 0 1",
    );
    let m = moves_from(&p, "c5");
    for t in ["c5c4", "c5c3", "c5c2", "c5c1", "c5bc0", "c5cd0"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    let p = pos(
        Board::T43,
        "*1*1*/K3k/5/5/*3*/*1Q1*/*3*/5/5/2f2/*1*1* w - 0 1",
    );
    let m = moves_from(&p, "c5");
    assert!(m.contains(&"c5c1".to_string()));
    assert!(!m.contains(&"c5bc0".to_string()) && !m.contains(&"c5cd0".to_string()));
}

#[test]
fn a10_crowned_knight_on_a1() {
    let p = pos(Board::T43, "*1*1*/K3k/5/5/*3*/*3*/*3*/5/5/C4/*1*1* w - 0 1");
    assert_eq!(
        moves_from(&p, "a1"),
        expect("a1", &["b3", "c2", "bc0", "a2", "b1", "b2"])
    );
}

#[test]
fn a10_woozan_on_c9_enters_both_last_squares() {
    // Black pieces on bc10 and cd10 (the black king elsewhere): captures
    // only, each with mandatory promotion; the backward step c8 stays.
    let p = pos(
        Board::T43,
        "*f*f*/2W1k/5/5/*3*/*3*/*3*/5/5/K4/*1*1* w - 0 1",
    );
    assert_eq!(
        moves_from(&p, "c9"),
        expect(
            "c9",
            &["c8", "bc10q", "bc10s", "bc10c", "bc10f", "cd10q", "cd10s", "cd10c", "cd10f"]
        )
    );
    // Both empty: moves to either, each with mandatory promotion.
    let p = pos(
        Board::T43,
        "*1*1*/2W1k/5/5/*3*/*3*/*3*/5/5/K4/*1*1* w - 0 1",
    );
    assert_eq!(
        moves_from(&p, "c9"),
        expect(
            "c9",
            &["c8", "bc10q", "bc10s", "bc10c", "bc10f", "cd10q", "cd10s", "cd10c", "cd10f"]
        )
    );
    // One-queen rule: with a queen already on the board, no q choice.
    let p = pos(
        Board::T43,
        "*1*1*/2W1k/5/5/*3*/*3*/*3*/5/5/KQ3/*1*1* w - 0 1",
    );
    assert_eq!(
        moves_from(&p, "c9"),
        expect(
            "c9",
            &["c8", "bc10s", "bc10c", "bc10f", "cd10s", "cd10c", "cd10f"]
        )
    );
}

/// Seed example 1 (both games): White woozans c3, e2 (unmoved), a2
/// (unmoved); Black woozan b4, queen b2, knight (crowned knight) d2.
#[test]
fn seed_example_one() {
    for (board, fen) in [
        (
            Board::T41,
            "**1**/K3k/5/5/*3*/*3*/*w2*/2W2/Wq1nW/5/**1** w AE 0 1",
        ),
        (
            Board::T43,
            "*1*1*/K3k/5/5/*3*/*3*/*w2*/2W2/Wq1cW/5/*1*1* w AE 0 1",
        ),
    ] {
        let p = pos(board, fen);
        assert_eq!(
            moves_from(&p, "c3"),
            expect("c3", &["c2", "c4", "b4", "b2", "d2"]),
            "{board:?}"
        );
        assert_eq!(
            moves_from(&p, "e2"),
            expect("e2", &["e3", "d4", "e1"]),
            "{board:?}"
        );
        assert_eq!(
            moves_from(&p, "a2"),
            expect("a2", &["a1", "a3"]),
            "{board:?}"
        );
    }
}

/// Seed example 2 (both games): White woozans a2, c2, e2 (all unmoved);
/// Black woozan b3, fleurbic e3, queen b1, knight (crowned knight) d1.
#[test]
fn seed_example_two() {
    for (board, fen) in [
        (
            Board::T41,
            "**1**/K3k/5/5/*3*/*3*/*3*/1w2f/W1W1W/1q1n1/**1** w ACE 0 1",
        ),
        (
            Board::T43,
            "*1*1*/K3k/5/5/*3*/*3*/*3*/1w2f/W1W1W/1q1c1/*1*1* w ACE 0 1",
        ),
    ] {
        let p = pos(board, fen);
        assert_eq!(
            moves_from(&p, "c2"),
            expect("c2", &["c1", "c3", "c4", "b3", "b1", "d1"]),
            "{board:?}"
        );
        assert_eq!(
            moves_from(&p, "a2"),
            expect("a2", &["a3", "b4", "a1", "b3", "b1"]),
            "{board:?}"
        );
        assert_eq!(
            moves_from(&p, "e2"),
            expect("e2", &["e1", "d1"]),
            "{board:?}"
        );
        // The two-step needs the woozan to be unmoved.
        let moved = fen.replace(" ACE ", " AE ");
        let p = pos(board, &moved);
        assert_eq!(
            moves_from(&p, "c2"),
            expect("c2", &["c1", "c3", "b3", "b1", "d1"])
        );
    }
}

#[test]
fn unmoved_c3_woozan_has_no_two_step() {
    let p = Position::start(Board::T41);
    assert_eq!(moves_from(&p, "c3"), expect("c3", &["c4"]));
}

#[test]
fn x_links_work_both_ways_for_both_colours() {
    // White woozan b4 and black woozan d6: X steps a3 and e7.
    let p = pos(
        Board::T41,
        "**1**/K3k/5/5/*2w*/*3*/*W2*/5/5/5/**1** w - 0 1",
    );
    assert_eq!(moves_from(&p, "b4"), expect("b4", &["b5", "b3", "a3"]));
    let p = pos(
        Board::T41,
        "**1**/K3k/5/5/*2w*/*3*/*W2*/5/5/5/**1** b - 0 1",
    );
    assert_eq!(moves_from(&p, "d6"), expect("d6", &["d5", "d7", "e7"]));
    // And from the edge squares back in.
    let p = pos(
        Board::T41,
        "**1**/K3k/5/w4/*3*/*3*/*3*/4W/5/5/**1** w - 0 1",
    );
    assert_eq!(moves_from(&p, "e3"), expect("e3", &["e2", "d4"]));
}

#[test]
fn z_links_are_forward_only_and_own_colour_only() {
    // White woozan a8: a9 (optional promotion), b9 via Z (optional
    // promotion), a7 backwards.
    let p = pos(
        Board::T41,
        "**1**/2K1k/W4/5/*3*/*3*/*3*/5/5/5/**1** w - 0 1",
    );
    assert_eq!(
        moves_from(&p, "a8"),
        expect("a8", &["a7", "a9", "a9n", "a9f", "b9", "b9n", "b9f"])
    );
    // A black woozan on a8 has no Z move.
    let p = pos(
        Board::T41,
        "**1**/2K1k/w4/5/*3*/*3*/*3*/5/5/5/**1** b - 0 1",
    );
    assert_eq!(moves_from(&p, "a8"), expect("a8", &["a7", "a9"]));
    // Black woozan e2: e1 (optional promotion), d1 via Z, e3 backwards.
    let p = pos(Board::T41, "**1**/K3k/5/5/*3*/*3*/*3*/5/4w/5/**1** b - 0 1");
    assert_eq!(
        moves_from(&p, "e2"),
        expect("e2", &["e3", "e1", "e1n", "e1f", "d1", "d1n", "d1f"])
    );
}

#[test]
fn readme_override_last_square_always_promotes() {
    // T41: b9 -> c10 through the Z link promotes (mandatory) though it
    // starts inside rank 9; b9 -> b8 does not promote.
    let p = pos(
        Board::T41,
        "**1**/1W2k/5/5/*3*/*3*/*3*/5/5/K4/**1** w - 0 1",
    );
    assert_eq!(
        moves_from(&p, "b9"),
        expect("b9", &["b8", "c10q", "c10n", "c10f"])
    );
    // Black mirror: d1 -> c0 (Z) promotes.
    let p = pos(
        Board::T41,
        "**1**/K3k/5/5/*3*/*3*/*3*/5/5/3w1/**1** b - 0 1",
    );
    assert_eq!(
        moves_from(&p, "d1"),
        expect("d1", &["d2", "c0q", "c0n", "c0f"])
    );
    // A white woozan on b1 has no Z move to c0 and stepping back does not
    // promote.
    let p = pos(
        Board::T41,
        "**1**/K3k/5/5/*3*/*3*/*3*/5/5/1W3/**1** w - 0 1",
    );
    assert_eq!(moves_from(&p, "b1"), expect("b1", &["b2"]));
    // T43: c9bc10s is a promotion from rank 9.
    let p = pos(
        Board::T43,
        "*1*1*/2W1k/5/5/*3*/*3*/*3*/5/5/K4/*1*1* w - 0 1",
    );
    assert!(p.parse_move("c9bc10s").is_ok());
    assert!(p.parse_move("c9bc10").is_err());
}

#[test]
fn pins_along_forking_lines() {
    // T41: fleurbic c2 pinned by the queen on c6 against the king on c0.
    let p = pos(
        Board::T41,
        "**k**/5/5/5/*3*/*1q1*/*3*/5/2F2/5/**K** w - 0 1",
    );
    assert_eq!(moves_from(&p, "c2"), expect("c2", &["c1", "c3", "c4"]));
    // T43: king on bc0, black queen on bc10 sees it along both the b-file and
    // the c-file; one white blocker on each branch, each pinned to its file.
    let p = pos(Board::T43, "*q*1*/4k/5/5/*3*/*FF1*/*3*/5/5/5/*K*1* w - 0 1");
    for (sq, m) in [("b5", moves_from(&p, "b5")), ("c5", moves_from(&p, "c5"))] {
        for mv in &m {
            let to = &mv[2..];
            assert!(
                to.starts_with(&sq[..1]),
                "{mv} leaves the {} file",
                &sq[..1]
            );
        }
        assert!(!m.is_empty());
    }
}

#[test]
fn the_start_positions_perft() {
    for (board, counts) in [
        (Board::T41, [11u64, 121, 2037, 34374]),
        (Board::T43, [11, 121, 2081, 35894]),
    ] {
        let mut p = Position::start(board);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                movegen::perft::perft(&mut p, d as u32 + 1),
                n,
                "{board:?} depth {}",
                d + 1
            );
        }
    }
}
