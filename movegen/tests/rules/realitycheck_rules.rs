//! Every rule of Reality Check (docs/rules/realitycheck.md), one test each,
//! on hand-made positions with the expected turns worked out from the rules.

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

#[test]
fn a_pawn_face_steps_straight_and_captures_diagonally() {
    let p = pos(BASE);
    let from_d5: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("d5"))
        .collect();
    // Four straight steps, each with a flip of any of the 8 chips, plus the
    // diagonal capture of e6 as a capture and as a reality check.
    assert_eq!(from_d5.len(), 4 * 8 + 2, "{from_d5:?}");
    for m in ["d5d6^d6", "d5d4^e6", "d5c5^d1", "d5e5^d9", "d5e6", "d5e6!"] {
        assert!(from_d5.contains(&m.to_string()), "{m}");
    }
    for m in ["d5c6^c6", "d5d7^d7", "d5e6^e6"] {
        assert!(!from_d5.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn sliders_stop_at_the_edge_of_the_diamond_and_knights_jump() {
    let p = pos(BASE);
    let all = moves(&p);
    // The B-B on d2 slides c3-b4-a5 and e3-f4-g5; c1/e1 are off the board.
    let bishop: std::collections::BTreeSet<&str> = all
        .iter()
        .filter(|m| m.starts_with("d2"))
        .map(|m| &m[2..4])
        .collect();
    assert_eq!(
        bishop.into_iter().collect::<Vec<_>>(),
        ["a5", "b4", "c3", "e3", "f4", "g5"]
    );
    // The N-N on c2 jumps to b4, d4 and e3 (a3, a1 and e1 are off the board).
    let knight: std::collections::BTreeSet<&str> = all
        .iter()
        .filter(|m| m.starts_with("c2"))
        .map(|m| &m[2..4])
        .collect();
    assert_eq!(knight.into_iter().collect::<Vec<_>>(), ["b4", "d4", "e3"]);
}

#[test]
fn white_moves_first_without_a_flip_and_black_then_has_every_option() {
    let p = Position::start();
    let first = moves(&p);
    assert_eq!(first.len(), 14);
    assert!(first.iter().all(|m| m.len() == 4), "{first:?}");
    let q = after(&p, "d3g6");
    let second = moves(&q);
    assert!(second
        .iter()
        .all(|m| m.contains('^') || m.contains('@') || m.len() == 4 || m.ends_with('!')));
    assert!(second.contains(&"f7g6".to_string()) && second.contains(&"f7g6!".to_string()));
    // 18 chips on the board, no restriction: every quiet move has 18 flips.
    assert_eq!(second.iter().filter(|m| m.starts_with("c7c6^")).count(), 18);
}

#[test]
fn the_four_reality_check_outcomes() {
    // True on true: the captured chip leaves play.
    let tt = after(&pos(BASE), "d5e6!");
    assert_eq!(
        tt.fen(),
        "rr/nnbb1/5/4PP2/7/7/5/NNBB1/RR b -/- PNPBPRNBNRBR/pppnpbprnbnrbr - - 0 5"
    );
    // A plain capture of the same chip sends it to its owner's hand.
    let plain = after(&pos(BASE), "d5e6");
    assert_eq!(
        plain.fen(),
        "rr/nnbb1/5/4PP2/7/7/5/NNBB1/RR b -/pp PNPBPRNBNRBR/pnpbprnbnrbr - - 0 5"
    );
    // True capturer, captured chip not true: to the owner's hand.
    let p = pos("rr/nnbb1/5/4pn2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/pppbprnbnrbr - - 0 5");
    assert_eq!(
        after(&p, "d5e6!").fen(),
        "rr/nnbb1/5/4PP2/7/7/5/NNBB1/RR b -/pn PNPBPRNBNRBR/pppbprnbnrbr - - 0 5"
    );
    // Capturer not true (P-N showing P), captured chip true: to the hand,
    // and the capturer shows its original face again.
    let p = pos("rr/nnbb1/5/4pp2/3PN3/7/5/NNBB1/RR w -/- PPPBPRNBNRBR/pnpbprnbnrbr - - 0 5");
    assert_eq!(
        after(&p, "d5e6!").fen(),
        "rr/nnbb1/5/4PN2/7/7/5/NNBB1/RR b -/pp PPPBPRNBNRBR/pnpbprnbnrbr - - 0 5"
    );
    // Neither true: to the hand.
    let p = pos("rr/nnbb1/5/4pn2/3PN3/7/5/NNBB1/RR w -/- PPPBPRNBNRBR/pppbprnbnrbr - - 0 5");
    assert_eq!(
        after(&p, "d5e6!").fen(),
        "rr/nnbb1/5/4PN2/7/7/5/NNBB1/RR b -/pn PPPBPRNBNRBR/pppbprnbnrbr - - 0 5"
    );
}

#[test]
fn the_flip_restriction_follows_the_chip() {
    // Black flipped White's d5 chip last turn.
    let p = pos("rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/pnpbprnbnrbr d5 - 0 5");
    let all = moves(&p);
    assert!(!all.contains(&"c2b4^d5".to_string()));
    assert!(all.contains(&"c2b4^c8".to_string()));
    // Moved, it is still the restricted chip.
    assert!(!all.contains(&"d5d6^d6".to_string()));
    assert!(all.contains(&"d5d6^d1".to_string()));
    assert!(p
        .parse_move("d5d6^d6")
        .unwrap_err()
        .to_string()
        .contains("may not be flipped"));
    // The restriction lasts one turn: White's flip now restricts that chip
    // for Black, and d5/d6 is free again.
    let q = after(&p, "d5d6^c8");
    assert_eq!(
        q.restricted().map(movegen::realitycheck::geometry::name),
        Some("c8".into())
    );
    let r = after(&q, "c8b6^d6");
    assert_eq!(
        r.restricted().map(movegen::realitycheck::geometry::name),
        Some("d6".into())
    );
}

#[test]
fn drops_choose_the_face_and_a_true_chip_is_one_drop() {
    let p = pos("rr/nnbb1/5/4pp2/3PP3/7/5/1BB1/RR w NNNB/- PNPBPRNRBR/pnpbprnbnrbr - - 7 5");
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    // Empty home squares: c2 e2 b3 c3 d3 e3 f3. N-N: one drop each; N-B:
    // N up or B up.
    assert_eq!(drops.len(), 7 + 2 * 7, "{drops:?}");
    for m in ["NN@c2", "NB@c2", "BN@c2", "NB@f3"] {
        assert!(drops.contains(&m.to_string()), "{m}");
    }
    assert!(!drops.iter().any(|m| m.ends_with("d4") || m.ends_with("d1")));
    // A drop restricts the dropped chip for the opponent and does not reset
    // the 100-ply counter.
    let q = after(&p, "BN@c2");
    assert_eq!(q.halfmove(), 8);
    assert!(q.fen().contains("/BNBB1/"), "{}", q.fen());
    let black = moves(&q);
    assert!(!black.contains(&"c8b6^c2".to_string()));
    assert!(black.contains(&"c8b6^d5".to_string()));
}

#[test]
fn over_the_hand_limit_the_turn_must_be_a_drop() {
    // White: true chips in play P-P, N-N, R-R (T = 3, limit 2), three in hand.
    let p = pos("rr/nnbb1/5/4pp2/3PP3/7/5/NN2/RR w PNPBPR/- NBNRBBBR/pnpbprnbnrbr - - 0 5");
    assert!(p.over_limit(Color::White));
    let all = moves(&p);
    assert_eq!(all.len(), 3 * 2 * 7);
    assert!(all.iter().all(|m| m.contains('@')));
}

#[test]
fn an_obligatory_drop_with_every_home_square_full_loses() {
    // Black has overrun White's home squares; White (T = 2, limit 1) holds two.
    let p = pos("rr/3/5/RR6/3PP3/7/pbprnbnrbr/bbpppn/nn w PNPB/- PRNNNBNRBBBR/- - - 0 9");
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(&[]),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::NoLegalTurn
        })
    );
}

#[test]
fn keep_or_refuse_a_captured_chip_at_the_limit() {
    // Black captured White's P-N with White's hand full (3 of 3).
    let p = pos("rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR w PBPRNB/- NRBR/pnpbprnbnrbr - PN 7 5");
    let all = moves(&p);
    // Keep: a drop of any of the four chips (the kept one too), 6 empty
    // home squares, either face.
    assert_eq!(
        all.iter().filter(|m| m.starts_with("keep,")).count(),
        4 * 2 * 6
    );
    for m in [
        "keep,PN@e2",
        "keep,NP@e2",
        "keep,NB@f3",
        "refuse,PB@e2",
        "refuse,d5d6^d6",
        "refuse,d5e6!",
    ] {
        assert!(all.contains(&m.to_string()), "{m}");
    }
    // A decision is compulsory, and a plain refusal is only for the last
    // true chip.
    assert!(!all.contains(&"d5d6^d6".to_string()));
    assert!(!all.contains(&"refuse".to_string()));
    // Keeping does not reset the counter; refusing does.
    assert_eq!(after(&p, "keep,PN@e2").halfmove(), 8);
    let refused = after(&p, "refuse,d5d6^d6");
    assert_eq!(refused.halfmove(), 0);
    assert!(refused.fen().contains(" PNNRBR/"), "{}", refused.fen());
    // Capturing at the limit creates the decision for the other side.
    let q = pos("rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR b PNPBPR/- NBNRBR/pnpbprnbnrbr - - 0 5");
    let r = after(&q, "e6d5");
    assert_eq!(r.pending(), Some(0)); // P-P
    assert!(r.fen().ends_with(" - PP 0 6"), "{}", r.fen());
}

#[test]
fn refusing_the_last_true_chip_is_a_whole_turn_and_loses() {
    let p = pos("rr/nnbb1/5/4pp2/3PN3/7/PR4/NBNRPB/BR w -/- NNBBRR/pnpbprnbnrbr - PP 0 5");
    let all = moves(&p);
    assert_eq!(
        all,
        [
            "keep,PP@c3",
            "keep,PP@d3",
            "keep,PP@e3",
            "keep,PP@f3",
            "refuse"
        ]
    );
    let q = after(&p, "refuse");
    assert_eq!(
        q.outcome(&[]),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::TruePiecesGone
        })
    );
    assert!(moves(&q).is_empty());
}

#[test]
fn removing_the_fourth_true_chip_wins() {
    let p = pos("pn/pbprnb/nrbr3/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/nnbbrr - - 0 5");
    // A plain capture does not win; the reality check does.
    assert_eq!(after(&p, "d5e6").outcome(&[]), None);
    let q = after(&p, "d5e6!");
    assert_eq!(
        q.outcome(&[]),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::TruePiecesGone
        })
    );
}

#[test]
fn draws_by_the_move_counter_and_by_repetition() {
    let p = pos(&BASE.replace(" 0 5", " 100 60"));
    assert_eq!(
        p.outcome(&[]),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
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

#[test]
fn malformed_fens_and_turns_are_refused_without_panic() {
    for bad in [
        "",
        "rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1 w -/- PNPBPRNBNRBR/pnpbprnbnrbr - - 0 5",
        "rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR x -/- PNPBPRNBNRBR/pnpbprnbnrbr - - 0 5",
        "rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNR/pnpbprnbnrbr - - 0 5",
        "rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/pnpbprnbnrbr e4 - 0 5",
        "rr/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/pnpbprnbnrbr - PP 0 5",
        "rX/nnbb1/5/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/pnpbprnbnrbr - - 0 5",
        "rr/nnbb1/5/4pp2/3PP3/8/5/NNBB1/RR w -/- PNPBPRNBNRBR/pnpbprnbnrbr - - 0 5",
    ] {
        assert!(Position::from_fen(bad).is_err(), "{bad}");
    }
    let p = pos(BASE);
    for bad in [
        "",
        "d5",
        "d5d6^",
        "d5d6^z9",
        "XY@d1",
        "keep,d5d6^d6",
        "d5d6?",
        "refuse,refuse",
    ] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
}
