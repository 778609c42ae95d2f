//! What the Reality Check rule data cannot state, for the fast generator:
//! the reasons of game ends, repetition (which needs history), refusal
//! messages, internals such as the hand limit, and properties of every
//! turn. The rules' hand-made positions (turn lists, FENs after turns,
//! results) are data (`tests/rules/realitycheck/`), run against this
//! generator and the independent reference alike.

use movegen::game::{Color, EndReason, Game, Notation, Outcome};
use movegen::realitycheck::{MoveVec, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut list = MoveVec::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.move_to_string(m)).collect();
    v.sort();
    v
}

fn after(p: &Position, m: &str) -> Position {
    let mut q = *p;
    let mv = q
        .parse_move(m)
        .unwrap_or_else(|e| panic!("{m}: {e} at {}", p.fen()));
    q.make(mv);
    q
}

/// Both sides: the four true chips on the board, the six others out of
/// play. White's P-P on d5, Black's p-p on e6.
const BASE: &str = "rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/pnpbprnbnrbr - - 0 5";

/// White's first turn has no flip (four-letter moves only); after it,
/// every Black turn is a move with a flip, a drop, a plain first-form
/// move or a reality check (the exact lists are data: b5-restriction-first-move.rules).
#[test]
fn every_turn_has_a_form_of_the_notation() {
    let p = Position::start();
    let first = moves(&p);
    assert!(first.iter().all(|m| m.len() == 4), "{first:?}");
    let second = moves(&after(&p, "d3g6"));
    assert!(second
        .iter()
        .all(|m| m.contains('^') || m.contains('@') || m.len() == 4 || m.ends_with('!')));
}

/// A restricted flip is refused with the reason (the restriction's moves
/// are data: b5-restriction-first-move.rules).
#[test]
fn a_restricted_flip_is_refused_with_the_reason() {
    let p = pos("rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/pnpbprnbnrbr d5 - 0 5");
    assert!(p
        .parse_move("d5d6^d6")
        .unwrap_err()
        .to_string()
        .contains("may not be flipped"));
}

/// Over the hand limit (the drops that follow are data: b6-drops-and-hand-limit.rules).
#[test]
fn over_the_hand_limit_is_known() {
    // White: true chips in play P-P, N-N, R-R (T = 3, limit 2), three in hand.
    let p = pos("rr/nnbb1/5/4pp2/3PP3/7/5/NN2/RR w PNPBPR/- NBNRBBBR/pnpbprnbnrbr - - 0 5");
    assert!(p.over_limit(Color::White));
}

/// The reasons of the ends (the results are data: b8-end-of-game.rules,
/// whose reference knows results only).
#[test]
fn each_end_has_its_reason() {
    // Black has overrun White's home squares; White (T = 2, limit 1) holds two.
    let p = pos("rr/3/5/RR6/3PP3/7/pbprnbnrbr/bbpppn/nn w PNPB/- PRNNNBNRBBBR/- - - 0 9");
    assert_eq!(
        p.outcome(&[]),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::NoLegalTurn
        })
    );
    let p = pos("rr/nnbb1/5/4pp2/3PN3/7/PR4/NBNRPB/BR w -/- NNBBRR/pnpbprnbnrbr - PP 0 5");
    assert_eq!(
        after(&p, "refuse").outcome(&[]),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::TruePiecesGone
        })
    );
    let p = pos("pn/pbprnb/nrbr3/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/nnbbrr - - 0 5");
    assert_eq!(
        after(&p, "d5e6!").outcome(&[]),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::TruePiecesGone
        })
    );
    assert_eq!(
        pos(&BASE.replace(" 0 5", " 100 60")).outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
}

#[test]
fn a_draw_by_repetition() {
    // Knights out and back, each flipping a true chip (which changes
    // nothing on the board but sets the restriction): the position after
    // White's first knight move comes back every four plies, and its third
    // occurrence (ply 9) is a draw.
    let mut q = pos(BASE);
    let mut history = Vec::new();
    let turns = ["c2b4^d1", "c8b6^d9", "b4c2^d1", "b6c8^d9"];
    for ply in 0..9 {
        assert_eq!(q.outcome(&history), None, "ply {ply}");
        history.push(q.key());
        q = after(&q, turns[ply % 4]);
    }
    assert_eq!(
        q.outcome(&history),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

/// An empty turn is refused (it cannot be written in the rule data, which
/// holds the other malformed FENs and turns).
#[test]
fn an_empty_turn_is_refused() {
    assert!(pos(BASE).parse_move("").is_err());
}
