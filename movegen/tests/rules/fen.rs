//! FEN parsing and printing for the Trubix family: round trips, defaults,
//! and a precise error for every kind of malformed or impossible input.

use movegen::trubix::{Board, Position};

const T41_START: &str =
    "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1";
const T43_START: &str =
    "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1";

#[test]
fn start_positions_round_trip() {
    assert_eq!(Position::start(Board::T41).fen(), T41_START);
    assert_eq!(Position::start(Board::T43).fen(), T43_START);
    for fen in [
        "*w*k*/2c2/f2f1/1wSw1/*2w*/*W1W*/*qs1*/Q1W2/F1W1W/WCF2/*K*1* w CE 21 46",
        "**1**/1W2k/W3w/5/*3*/*3*/*3*/5/w3W/1w1K1/**1** b - 0 50",
    ] {
        let board = if fen.starts_with("**") {
            Board::T41
        } else {
            Board::T43
        };
        assert_eq!(Position::from_fen(board, fen).unwrap().fen(), fen);
    }
}

#[test]
fn trailing_fields_have_defaults() {
    // Without the unmoved field, every woozan on its home square counts as
    // unmoved; counters default to 0 1.
    let p = Position::from_fen(
        Board::T41,
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w",
    )
    .unwrap();
    assert_eq!(p.fen(), T41_START);
    let p = Position::from_fen(
        Board::T41,
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K**",
    )
    .unwrap();
    assert_eq!(p.fen(), T41_START);
    // XBoard-style six fields with an en-passant placeholder.
    let p = Position::from_fen(
        Board::T41,
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde - 0 1",
    )
    .unwrap();
    assert_eq!(p.fen(), T41_START);
}

fn error(board: Board, fen: &str) -> String {
    match Position::from_fen(board, fen) {
        Ok(p) => panic!("accepted {fen} as {}", p.fen()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_and_impossible_input_is_refused_precisely() {
    let cases: &[(Board, &str, &str)] = &[
        (Board::T41, "", "empty FEN"),
        (Board::T41, "**k**/5/5 w", "needs 11 ranks"),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/5 w",
            "is a hole and must be written '*'",
        ),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K*** w",
            "more than 5 cells",
        ),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWW/FNQNF/**K** w",
            "has 4 cells",
        ),
        (
            Board::T41,
            "*kk**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w",
            "on a hole",
        ),
        (
            Board::T41,
            "**k**/fcqcf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w",
            "'c' is not a piece of this game",
        ),
        (Board::T43, T41_START, "which is a square of this board"),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**1** w",
            "white has 0 kings",
        ),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** x",
            "side to move",
        ),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEF",
            "not a file letter",
        ),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w AA",
            "repeated",
        ),
        (
            Board::T41,
            "**k**/fnqnf/1wwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w a",
            "no black woozan on a8",
        ),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - x 1",
            "halfmove clock",
        ),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - 0 0",
            "move number",
        ),
        (
            Board::T41,
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - 0 1 extra",
            "at most 5 fields",
        ),
        (
            Board::T41,
            "**W**/4k/5/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1",
            "must have promoted",
        ),
        (
            Board::T43,
            "*1*1*/4k/5/5/*3*/*3*/*3*/5/5/QQ3/*K*1* w - 0 1",
            "more than one queen",
        ),
        (
            Board::T41,
            "**k**/5/5/5/*3*/*3*/*3*/5/QQQQQ/QQQQQ/**K** w - 0 1",
            "promoted pieces",
        ),
        (
            Board::T41,
            "**k**/2Q2/5/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1",
            "black is in check but it is white to move",
        ),
        (
            Board::T41,
            "**k**/5/5/5/*3*/*3*/*3*/5/5/5/**K**[Nn] w",
            "no pieces in hand",
        ),
        (
            Board::T41,
            "**k**/5/5/5/*3*/*3*/*0*/5/5/5/**K** w",
            "bad empty-run",
        ),
    ];
    for (board, fen, needle) in cases {
        let e = error(*board, fen);
        assert!(e.contains(needle), "{fen}: expected '{needle}' in '{e}'");
        assert!(!e.contains('\n'));
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    // Mutations of a valid FEN: every result is a position or an error.
    let base: Vec<char> = T43_START.chars().collect();
    let alphabet: Vec<char> = "*/0123456789kqcsfwnKQCSFWNabcdexyz -[]".chars().collect();
    let mut state = 12345u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let mut s = base.clone();
        for _ in 0..(next() % 4 + 1) {
            let i = (next() as usize) % s.len();
            match next() % 3 {
                0 => s[i] = alphabet[(next() as usize) % alphabet.len()],
                1 => {
                    s.remove(i);
                }
                _ => s.insert(i, alphabet[(next() as usize) % alphabet.len()]),
            }
        }
        let text: String = s.into_iter().collect();
        for board in [Board::T41, Board::T43] {
            if let Ok(p) = Position::from_fen(board, &text) {
                // Whatever is accepted prints back to something that parses
                // to the same position.
                assert_eq!(Position::from_fen(board, &p.fen()).unwrap(), p);
            }
        }
    }
}
