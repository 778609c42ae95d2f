//! Move text: parsing gives a precise reason for every refusal, and no
//! input string can make it panic.

use movegen::error::MoveError;
use movegen::game::{Game, MoveList, Notation};
use movegen::trubix::{Board, Position};

fn refusal(board: Board, fen: Option<&str>, text: &str) -> MoveError {
    let p = match fen {
        Some(f) => Position::from_fen(board, f).unwrap(),
        None => Position::start(board),
    };
    p.parse_move(text).expect_err(text)
}

#[test]
fn refusals_say_why() {
    let cases: &[(Board, Option<&str>, &str, &str)] = &[
        (Board::T41, None, "", "expected from-square"),
        (Board::T41, None, "c3", "expected a square name"),
        (Board::T41, None, "a4a5", "'a4' is not a square"),
        (Board::T41, None, "bc0b1", "'bc0' is not a square"),
        (Board::T43, None, "c0c1", "'c0' is not a square"),
        (Board::T41, None, "c3c4x", "unknown promotion letter"),
        (Board::T41, None, "c3c4qq", "unexpected text"),
        (Board::T41, None, "b3b4", "there is no piece on b3"),
        (Board::T41, None, "c7c6", "it is white to move"),
        (
            Board::T41,
            None,
            "c3c5",
            "a woozan cannot move from c3 to c5",
        ),
        (
            Board::T41,
            None,
            "c3c4q",
            "promotion choice must be one of: no suffix",
        ),
        (
            Board::T41,
            Some("**1**/1W2k/5/5/*3*/*3*/*3*/5/5/K4/**1** w - 0 1"),
            "b9c10",
            "promotion choice must be one of: q, n, f",
        ),
        (
            Board::T41,
            Some("**k**/5/5/5/*3*/*1q1*/*3*/5/2F2/5/**K** w - 0 1"),
            "c2b2",
            "leaves the own king in check",
        ),
    ];
    for (board, fen, text, needle) in cases {
        let e = refusal(*board, *fen, text);
        assert!(
            e.to_string().contains(needle),
            "{text}: expected '{needle}' in '{e}'"
        );
        assert_eq!(e.text(), *text);
    }
}

#[test]
fn random_text_never_panics_and_accepts_only_legal_moves() {
    let alphabet: Vec<char> = "abcdefq0123456789 snkwxz,@-".chars().collect();
    let mut state = 987654321u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for board in [Board::T41, Board::T43] {
        let p = Position::start(board);
        let mut legal = MoveList::new();
        p.legal_moves(&mut legal);
        for _ in 0..50_000 {
            let len = (next() % 8) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(next() as usize) % alphabet.len()])
                .collect();
            if let Ok(m) = p.parse_move(&text) {
                assert!(legal.contains(&m));
                assert_eq!(p.move_to_string(m), text);
            }
        }
        // Every legal move text parses back.
        for &m in &legal {
            assert_eq!(p.parse_move(&p.move_to_string(m)), Ok(m));
        }
    }
}
