//! Orthodox chess perft against the published numbers of the
//! chessprogramming wiki's perft page (positions 1-6); the deepest entries
//! run in release builds only.

use movegen::chess::Position;
use movegen::game::{Game, Notation};
use movegen::perft::perft;

const CASES: &[(&str, &[u64])] = &[
    (
        Position::START,
        &[20, 400, 8902, 197281, 4865609, 119060324],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97862, 4085603, 193690690],
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43238, 674624, 11030083, 178633661],
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422333, 15833292, 706045033],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379, 2103487, 89941194],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890, 3894594, 164075551],
    ),
];

#[test]
fn perft_matches_the_published_numbers() {
    let budget = if cfg!(debug_assertions) {
        200_000
    } else {
        u64::MAX
    };
    for (fen, counts) in CASES {
        let mut p = Position::from_fen(fen).unwrap();
        assert_eq!(p.to_fen(), *fen);
        for (i, &n) in counts.iter().enumerate() {
            if n > budget {
                continue;
            }
            assert_eq!(perft(&mut p, i as u32 + 1), n, "{fen} depth {}", i + 1);
        }
        assert_eq!(p.key(), p.compute_key());
    }
}

#[test]
fn notation_and_fen_errors() {
    let p = Position::start();
    assert!(p.parse_move("e2e4").is_ok());
    assert!(p.parse_move("e2e5").is_err());
    assert!(p.parse_move("e7e8x").is_err());
    for bad in [
        "",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ] {
        assert!(Position::from_fen(bad).is_err(), "{bad}");
    }
}
