//! One or more hand-worked tests for each numbered rule of Part B of
//! `shared/rules/strange-and-dysnomia.md` that `tests.rs` does not already
//! check. Every expected turn set, FEN and pool below is worked out by hand
//! from the rule text (and Curio's interpretations in
//! `docs/rules/dysnomia.md`), in the comment above it; none was copied
//! from the program's output. The map from rule to test is the section
//! "Tests per rule" of `docs/rules/dysnomia.md`.

use super::board::Kind;
use super::fen::START;
use super::game::State;
use super::position::Position;
use super::tests::{sq, turns};
use crate::game::Color::{Black, White};
use crate::game::{EndReason, Game, Outcome};

/// `expected` as sorted owned strings.
fn set(expected: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn state(fen: &str) -> State {
    State::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn state_turns(s: &State) -> Vec<String> {
    s.legal_turns().iter().map(|(m, _)| m.text()).collect()
}

fn go(s: &State, turn: &str) -> State {
    s.play_text(turn)
        .unwrap_or_else(|| panic!("{turn} is not legal: {:?}", state_turns(s)))
}

// ---------------------------------------------------------------- B0, B1

/// R-B1.1 (with R-B1.2): the start is the FIDE setup with White to move and
/// castling rights on both sides, and Black holds the denial right: after
/// White's first turn (a deniable pawn step) Black may answer `@@@@`, after
/// which White holds the right (`denial=w`).
#[test]
fn start_position_and_blacks_denial_right() {
    assert_eq!(
        START,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let pos = Position::from_fen(START).unwrap();
    assert_eq!(pos.side, White);
    assert_eq!(pos.denial, Black);
    assert_eq!(pos.castling, 15);
    assert_eq!(pos.protected, None);
    assert_eq!(pos.board.king(White), Some((sq("e1"), 0)));
    assert_eq!(pos.board.king(Black), Some((sq("e8"), 0)));
    for (kind, n) in [
        (Kind::Pawn, 8),
        (Kind::Rook, 2),
        (Kind::Knight, 2),
        (Kind::Bishop, 2),
        (Kind::Queen, 1),
        (Kind::King, 1),
    ] {
        assert_eq!(pos.count_on_board(White, kind), n);
        assert_eq!(pos.count_on_board(Black, kind), n);
    }
    let s = State::new(pos);
    assert!(!s.can_deny(), "White does not hold the right");
    let after = go(&s, "d2d3");
    assert!(after.can_deny());
    assert!(state_turns(&after).contains(&"@@@@".to_string()));
    let denied = go(&after, "@@@@");
    assert_eq!(
        denied.pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 denial=w protected=b forbid=d2d3"
    );
}

// ---------------------------------------------------------------- B3

// ---------------------------------------------------------------- B4

/// R-B4.5: the key holds the denial holder and the protected side, and,
/// while a denial is open, what the denial would bring back: the same
/// position reached by a deniable move and set up from its FEN have
/// different keys; after an undeniable move (a Knight's hop) they do not.
/// The denial is one extra turn in the list.
#[test]
fn the_key_holds_the_denial_state() {
    let key = |fen: &str| Position::from_fen(fen).unwrap().key();
    assert_ne!(key(START), key(&format!("{START} denial=w")));
    assert_ne!(key(START), key(&format!("{START} protected=w")));
    let start = State::new(Position::from_fen(START).unwrap());
    let open = go(&start, "e2e4");
    assert!(open.can_deny());
    assert_ne!(open.key(), State::new(open.pos).key());
    assert_eq!(open.legal_turns().len(), open.pos.legal_turns().len() + 1);
    let closed = go(&start, "g1f3");
    assert!(!closed.can_deny());
    assert_eq!(closed.key(), State::new(closed.pos).key());
    assert_eq!(closed.legal_turns().len(), closed.pos.legal_turns().len());
}

// ---------------------------------------------------------------- B5

// ---------------------------------------------------------------- B6

// ---------------------------------------------------------------- B7

// ---------------------------------------------------------------- B8

// ---------------------------------------------------------------- B9

// ---------------------------------------------------------------- B10

// ---------------------------------------------------------------- B11

// ---------------------------------------------------------------- B12

/// R-B12.3 with R-B13.2: a Statue counts as a pawn for the exile loss: a
/// side in exile with a Statue and no pawn has not lost.
#[test]
fn a_statue_keeps_an_exiled_side_alive() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/7T w - - 0 1 pools=-/K/-/-").unwrap();
    assert_eq!(pos.exile_loss(), None);
}

/// R-B12.4: at most one free action per turn. With Statues on a8 and h8
/// and a Rook and a Knight in the pool, every turn starts with no prefix
/// or exactly one of `a8=R;`, `a8=N;`, `h8=R;`, `h8=N;`; two are refused.
#[test]
fn at_most_one_free_action() {
    let fen = "T6T/8/8/8/3k4/8/8/4K3 w - - 0 1 pools=RN/-/-/-";
    let mut prefixes: Vec<String> = turns(fen)
        .iter()
        .map(|t| t.rfind(';').map_or("", |i| &t[..=i]).to_string())
        .collect();
    prefixes.sort();
    prefixes.dedup();
    assert_eq!(prefixes, set(&["", "a8=N;", "a8=R;", "h8=N;", "h8=R;"]));
    let pos = Position::from_fen(fen).unwrap();
    assert!(pos.play_text("a8=N;e1d1").is_some());
    assert!(pos.play_text("a8=N;h8=R;e1d1").is_none());
}

// ---------------------------------------------------------------- B13

// ---------------------------------------------------------------- B14

/// R-B14.1: threefold repetition of the state: King shuffles e1d1 e8d8
/// d1e1 d8e8 twice bring the start back a third time (the clock is not
/// part of the key); after one round it is only the second occurrence.
#[test]
fn threefold_repetition() {
    let mut s = state("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let mut history = Vec::new();
    for (i, t) in ["e1d1", "e8d8", "d1e1", "d8e8"]
        .iter()
        .cycle()
        .take(8)
        .enumerate()
    {
        history.push(Game::key(&s));
        s = go(&s, t);
        if i == 3 {
            assert_eq!(Game::key(&s), history[0]);
            assert_eq!(Game::outcome(&s, &history), None);
        }
    }
    assert_eq!(
        Game::outcome(&s, &history),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

// ---------------------------------------------------------------- B16

/// R-B16.1: a side that loses by its own turn cannot deny it, and the
/// winner has nothing to play, not even a denial. Black, in exile, turns
/// its last pawn into the Queen in its pool (`b2b1q`): no pawn and no
/// Statue left, so Black has lost (L1). White holds the right and the turn
/// was deniable (Black had Rook moves too), yet White has no turn.
#[test]
fn the_winner_has_no_turn_not_even_a_denial() {
    let s = state("8/8/8/7r/8/8/1p6/4K3 b - - 0 1 pools=-/-/q/k denial=w");
    let after = go(&s, "b2b1q");
    assert_eq!(after.side(), White);
    assert!(!after.can_deny(), "White has won: no denial");
    assert_eq!(state_turns(&after), Vec::<String>::new());
    assert_eq!(
        after.rule_end(),
        Some(Outcome::Win {
            winner: White,
            reason: EndReason::NoPawnsInExile
        })
    );
    assert_eq!(Game::count_legal(&after), 0);
    // The loser of a turn it did not make keeps its denial (R-B4.4):
    // White's Rook takes Black's last pawn while Black is in exile;
    // Black holds the right and may only deny.
    let s = state("8/8/8/8/8/8/1p6/1R2K3 w - - 0 1 pools=-/-/-/k");
    let after = go(&s, "b1b2");
    assert!(after.can_deny());
    assert_eq!(state_turns(&after), ["@@@@"]);
    assert_eq!(after.rule_end(), None);
}
