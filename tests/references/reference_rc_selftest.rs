//! Self-test of the independent Reality Check reference generator in
//! `tests/reference_rc/`: the published start-position perft numbers plus
//! small hand-made positions whose legal-move sets and resulting FENs were
//! derived by hand from `docs/rules/realitycheck.md` (and the binding rules
//! README overrides), before the reference is trusted to cross-check the fast
//! generator.

use crate::reference_rc;

use reference_rc::{canonical, legal_moves, perft, play, status};

const START: &str = "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1";

const WHITE_HOME: [&str; 9] = ["d1", "c2", "d2", "e2", "b3", "c3", "d3", "e3", "f3"];
const BLACK_HOME: [&str; 9] = ["d9", "c8", "d8", "e8", "b7", "c7", "d7", "e7", "f7"];

/// Move+flip strings: `from` to each of `tos`, then a flip of the moved chip
/// (at its new square) or of any chip on `others`.
fn quiet(from: &str, tos: &[&str], others: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for to in tos {
        out.push(format!("{from}{to}^{to}"));
        for t in others {
            out.push(format!("{from}{to}^{t}"));
        }
    }
    out
}

/// Drop strings for each of `chips` (already written up face first) on each
/// square.
fn drops(chips: &[&str], squares: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for c in chips {
        for sq in squares {
            out.push(format!("{c}@{sq}"));
        }
    }
    out
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Compare the reference's move list with a hand-derived set; the reference
/// must also return it sorted in byte order without duplicates.
fn assert_moves(fen: &str, mut expected: Vec<String>) {
    let got = legal_moves(fen).expect("valid FEN");
    let mut sorted = got.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(got, sorted, "list not sorted or has duplicates: {fen}");
    expected.sort();
    assert_eq!(got, expected, "legal moves of {fen}");
}

fn assert_play(fen: &str, mv: &str, expected: &str) {
    assert_eq!(
        play(fen, mv).as_deref(),
        Ok(expected),
        "{mv} played from {fen}"
    );
    // The expected FEN is written canonically.
    assert_eq!(canonical(expected).as_deref(), Ok(expected));
}

// ---------------------------------------------------------------------------
// Perft from the documented start position
// ---------------------------------------------------------------------------

#[test]
fn perft_start_depth_1_and_2() {
    assert_eq!(perft(START, 1), 14);
    assert_eq!(perft(START, 2), 3464);
}

#[test]
fn perft_start_depth_3() {
    assert_eq!(perft(START, 3), 962982);
}

#[test]
fn start_position_first_moves() {
    // White's first turn: plain non-capturing moves only (no flip).
    let expected = strings(&[
        "b3b4", "c2b4", "c2d4", "c3c4", "d3a6", "d3b5", "d3c4", "d3e4", "d3f5", "d3g6", "e2d4",
        "e2f4", "e3e4", "f3f4",
    ]);
    assert_moves(START, expected);
    assert_eq!(canonical(START).as_deref(), Ok(START));
    assert_eq!(status(START), None);
}

// ---------------------------------------------------------------------------
// Hand-made positions
// ---------------------------------------------------------------------------

/// White PP on d4; Black pn c5, rr d5 (flip-restricted), pp e5. The pawn face
/// steps straight (d5 is blocked, it cannot capture straight) and captures
/// diagonally (c5, e5), each capture also as a reality check.
const PAWN: &str = "1/3/5/7/2pnrrpp2/3PP3/5/3/1 w -/- PNPBPRNNNBNRBBBRRR/pbprnnnbnrbbbr d5 - 5 5";

#[test]
fn pawn_face_moves_and_diagonal_captures() {
    let mut expected = Vec::new();
    for to in ["c4", "e4", "d3"] {
        expected.extend(quiet("d4", &[to], &["c5", "e5"]));
    }
    expected.extend(strings(&["d4c5", "d4c5!", "d4e5", "d4e5!"]));
    assert_eq!(expected.len(), 13);
    assert_moves(PAWN, expected);

    // Flipping a true chip changes no face but restricts it for Black.
    assert_play(
        PAWN,
        "d4c4^c4",
        "1/3/5/7/2pnrrpp2/2PP4/5/3/1 b -/- PNPBPRNNNBNRBBBRRR/pbprnnnbnrbbbr c4 - 6 5",
    );
    // Flipping an enemy chip.
    assert_play(
        PAWN,
        "d4d3^c5",
        "1/3/5/7/2nprrpp2/7/2PP2/3/1 b -/- PNPBPRNNNBNRBBBRRR/pbprnnnbnrbbbr c5 - 6 5",
    );
    // Plain capture: pp to Black's hand (T=2, L=1, H becomes 1).
    assert_play(
        PAWN,
        "d4e5",
        "1/3/5/7/2pnrrPP2/7/5/3/1 b -/pp PNPBPRNNNBNRBBBRRR/pbprnnnbnrbbbr - - 0 5",
    );
    // Reality check true x true: pp out of play for good.
    assert_play(
        PAWN,
        "d4e5!",
        "1/3/5/7/2pnrrPP2/7/5/3/1 b -/- PNPBPRNNNBNRBBBRRR/pppbprnnnbnrbbbr - - 0 5",
    );
}

/// White BB on b3 and RN (rook face up) on g4, Black rr on d9: both sliders
/// stop at the edge of the diamond (g8, g7, g3, a2, e0 are not squares).
const SLIDERS: &str = "rr/3/5/7/7/6RN/BB4/3/1 w -/- PPPNPBPRNNNBBRRR/pppnpbprnnnbnrbbbr - - 0 10";

#[test]
fn sliders_stop_at_the_diamond_edge() {
    let mut expected = quiet(
        "b3",
        &["a4", "c4", "d5", "e6", "f7", "c2", "d1"],
        &["g4", "d9"],
    );
    expected.extend(quiet(
        "g4",
        &["g5", "g6", "f4", "e4", "d4", "c4", "b4", "a4"],
        &["b3", "d9"],
    ));
    assert_eq!(expected.len(), 45);
    assert_moves(SLIDERS, expected);
}

/// White NB (knight up) on d4, flip-restricted, and RR on d1; Black rr on d9.
/// The restriction follows the knight when it moves (override 2).
const RESTRICTED: &str =
    "rr/3/5/7/7/3NB3/5/3/RR w -/- PPPNPBPRNNNRBBBR/pppnpbprnnnbnrbbbr d4 - 0 10";

#[test]
fn flip_restriction_follows_the_moved_chip() {
    let knight_to = ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"];
    let mut expected = Vec::new();
    for to in knight_to {
        // Never `d4xx^xx`: the moved chip is still the restricted one.
        expected.push(format!("d4{to}^d1"));
        expected.push(format!("d4{to}^d9"));
    }
    // The rook may flip itself and d9, but not the knight standing on d4.
    expected.extend(quiet("d1", &["d2", "d3"], &["d9"]));
    assert_eq!(expected.len(), 20);
    assert_moves(RESTRICTED, expected);

    // Without the restriction the knight may flip itself, and d4 is flippable.
    let free = RESTRICTED.replace(" d4 - ", " - - ");
    let moves = legal_moves(&free).unwrap();
    assert_eq!(moves.len(), 8 * 3 + 2 * 3);
    assert!(moves.contains(&"d4e6^e6".to_string()));
    assert!(moves.contains(&"d1d2^d4".to_string()));

    // After a flip the restriction is the flipped chip, for the opponent.
    assert_play(
        RESTRICTED,
        "d4e6^d9",
        "rr/3/5/4NB2/7/7/5/3/RR b -/- PPPNPBPRNNNRBBBR/pppnpbprnnnbnrbbbr d9 - 1 10",
    );
}

/// White's first turn: PP d4, NN c2, NR in hand; Black pn e5, rr d9.
const FIRST_TURN: &str =
    "rr/3/5/7/4pn2/3PP3/5/NN2/1 w NR/- PNPBPRNBBBBRRR/pppbprnnnbnrbbbr - - 0 1";

#[test]
fn whites_first_turn_is_a_plain_move() {
    // No flip, no capture of e5, no drop although home squares are empty.
    let expected = strings(&["c2b4", "c2e3", "d4c4", "d4d3", "d4d5", "d4e4"]);
    assert_moves(FIRST_TURN, expected);
    let after = "rr/3/5/7/4pn2/3PP3/3NN1/3/1 b NR/- PNPBPRNBBBBRRR/pppbprnnnbnrbbbr - - 1 1";
    assert_play(FIRST_TURN, "c2e3", after);
    // Black's first turn may be anything; the fullmove number grows after it.
    assert_play(
        after,
        "d9d8^d8",
        "1/1rr1/5/7/4pn2/3PP3/3NN1/3/1 w NR/- PNPBPRNBBBBRRR/pppbprnnnbnrbbbr d8 - 2 2",
    );
    assert!(legal_moves(after).unwrap().contains(&"d9d4!".to_string()));

    // The same position later in the game: move+flip, drops, captures.
    let later = FIRST_TURN.replace(" 0 1", " 0 2");
    let mut expected = quiet("c2", &["b4", "e3"], &["d4", "e5", "d9"]);
    expected.extend(quiet("d4", &["c4", "d3", "d5", "e4"], &["c2", "e5", "d9"]));
    let empty_home: Vec<&str> = WHITE_HOME.iter().copied().filter(|&s| s != "c2").collect();
    expected.extend(drops(&["NR", "RN"], &empty_home));
    expected.extend(strings(&["d4e5", "d4e5!"]));
    assert_eq!(expected.len(), 24 + 16 + 2);
    assert_moves(&later, expected);
}

/// White over the limit: T = 1 (RR in hand), L = 0, H = 2. Only drops, with
/// either face up; the true RR gives one drop per square.
const OVER_LIMIT: &str = "rr/3/5/7/3PN3/7/5/3/1 w NBRR/- PPPBPRNNNRBBBR/pppnpbprnnnbnrbbbr - - 3 9";

#[test]
fn over_the_limit_only_drops_both_faces() {
    let expected = drops(&["BN", "NB", "RR"], &WHITE_HOME);
    assert_eq!(expected.len(), 27);
    assert_moves(OVER_LIMIT, expected);
    // A drop restricts the dropped chip and does not reset the clock.
    assert_play(
        OVER_LIMIT,
        "RR@d1",
        "rr/3/5/7/3PN3/7/5/3/RR b NB/- PPPBPRNNNRBBBR/pppnpbprnnnbnrbbbr d1 - 4 9",
    );
    assert_play(
        OVER_LIMIT,
        "BN@f3",
        "rr/3/5/7/3PN3/7/4BN/3/1 b RR/- PPPBPRNNNRBBBR/pppnpbprnnnbnrbbbr f3 - 4 9",
    );
    // Drop letters are read case-insensitively.
    assert_eq!(play(OVER_LIMIT, "bn@f3"), play(OVER_LIMIT, "BN@f3"));
    // Hands are read in any order and printed in the fixed order.
    let shuffled = OVER_LIMIT.replace("NBRR/-", "RRBN/-");
    assert_eq!(canonical(&shuffled).as_deref(), Ok(OVER_LIMIT));
}

/// White must drop (T = 1, H = 1) but Black chips fill all nine White home
/// squares: no legal turn, White loses.
const NO_HOME: &str = "rr/3/5/7/3RR3/7/nnnbnrbbbr/pnpbpr/pp w PN/- PPPBPRNNNBNRBBBR/- - - 0 20";

#[test]
fn forced_drop_without_an_empty_home_square_loses() {
    assert_moves(NO_HOME, Vec::new());
    assert_eq!(status(NO_HOME), Some("0-1"));
    // A loss beats the 100-ply draw.
    assert_eq!(status(&NO_HOME.replace(" 0 20", " 100 20")), Some("0-1"));

    // With d1 free (the Black pp out of play) the drop is possible.
    let one_free = "rr/3/5/7/3RR3/7/nnnbnrbbbr/pnpbpr/1 w PN/- PPPBPRNNNBNRBBBR/pp - - 0 20";
    assert_moves(one_free, strings(&["NP@d1", "PN@d1"]));
    assert_eq!(status(one_free), None);
    let drawn = one_free.replace(" 0 20", " 100 20");
    assert_eq!(status(&drawn), Some("1/2-1/2"));
    assert_eq!(status(&one_free.replace(" 0 20", " 99 20")), None);
}

/// White's last true chip RR was captured and is pending; Black chips fill
/// every White home square but d1.
const LAST_TRUE_PENDING: &str =
    "rr/3/5/7/7/7/prnnnbnrbb/pppnpb/1 w -/- PPPNPBPRNNNBNRBBBR/br - RR 20 30";

#[test]
fn keep_or_bare_refuse_of_the_last_true_chip() {
    assert_moves(LAST_TRUE_PENDING, strings(&["keep,RR@d1", "refuse"]));
    assert_eq!(status(LAST_TRUE_PENDING), None);

    // Keeping does not reset the clock; the dropped chip is restricted.
    assert_play(
        LAST_TRUE_PENDING,
        "keep,RR@d1",
        "rr/3/5/7/7/7/prnnnbnrbb/pppnpb/RR b -/- PPPNPBPRNNNBNRBBBR/br d1 - 21 30",
    );
    // Refusing the last true chip is the whole turn and loses.
    let refused = "rr/3/5/7/7/7/prnnnbnrbb/pppnpb/1 b -/- PPPNPBPRNNNBNRBBBRRR/br - - 0 30";
    assert_play(LAST_TRUE_PENDING, "refuse", refused);
    assert_eq!(status(refused), Some("0-1"));
    assert_moves(refused, Vec::new());

    // All home squares full: keeping is impossible, only the refusal is left.
    let full = "rr/3/5/7/7/7/prnnnbnrbb/pppnpb/br w -/- PPPNPBPRNNNBNRBBBR/- - RR 20 30";
    assert_moves(full, strings(&["refuse"]));
}

/// White must keep or refuse PN (T = 1, L = 0). After refusing, White's RR
/// on d9 can only capture the Black pn on d8.
const PENDING_THEN_TURN: &str =
    "RR/1pn1/5/7/7/7/nnnbnrbbbr/pppbpr/1 w -/rr PPPBPRNNNBNRBBBR/- - PN 10 30";

#[test]
fn keep_then_drop_or_refuse_then_a_turn() {
    assert_moves(
        PENDING_THEN_TURN,
        strings(&["keep,NP@d1", "keep,PN@d1", "refuse,d9d8", "refuse,d9d8!"]),
    );
    assert_play(
        PENDING_THEN_TURN,
        "refuse,d9d8",
        "1/1RR1/5/7/7/7/nnnbnrbbbr/pppbpr/1 b -/pnrr PPPNPBPRNNNBNRBBBR/- - - 0 30",
    );
    assert_play(
        PENDING_THEN_TURN,
        "keep,NP@d1",
        "RR/1pn1/5/7/7/7/nnnbnrbbbr/pppbpr/NP b -/rr PPPBPRNNNBNRBBBR/- d1 - 11 30",
    );
}

/// White must keep or refuse PN while already over the limit (T = 1, H = 1):
/// after a refusal the turn must still be a drop.
const PENDING_OVER_LIMIT: &str =
    "rr/3/5/7/3RR3/7/prnnnbnrbb/pppnpb/1 w NB/- PPPBPRNNNRBBBR/br - PN 10 30";

#[test]
fn refuse_then_forced_drop_resets_the_clock() {
    assert_moves(
        PENDING_OVER_LIMIT,
        strings(&[
            "keep,BN@d1",
            "keep,NB@d1",
            "keep,NP@d1",
            "keep,PN@d1",
            "refuse,BN@d1",
            "refuse,NB@d1",
        ]),
    );
    // The refusal resets the clock even though the drop would not.
    assert_play(
        PENDING_OVER_LIMIT,
        "refuse,NB@d1",
        "rr/3/5/7/3RR3/7/prnnnbnrbb/pppnpb/NB b -/- PPPNPBPRNNNRBBBR/br d1 - 0 30",
    );
    assert_play(
        PENDING_OVER_LIMIT,
        "keep,PN@d1",
        "rr/3/5/7/3RR3/7/prnnnbnrbb/pppnpb/PN b NB/- PPPBPRNNNRBBBR/br d1 - 11 30",
    );
}

/// White RR (true) on d4 and RB (rook up, not true) on a6; Black nn (true)
/// on d6, nb on f4, pr on a4, rr on d9. Black: T = 2, L = 1, H = 0.
const CHECKS: &str = "rr/3/5/RB2nn3/7/pr2RR1nb1/5/3/1 w -/- PPPNPBPRNNNBNRBB/pppnpbnrbbbr - - 7 12";

#[test]
fn the_four_reality_check_outcomes() {
    // Row 1: true x true, the captured chip is out of play for good.
    assert_play(
        CHECKS,
        "d4d6!",
        "rr/3/5/RB2RR3/7/pr4nb1/5/3/1 b -/- PPPNPBPRNNNBNRBB/pppnpbnnnrbbbr - - 0 12",
    );
    // The plain capture of the same chip sends it to the hand.
    assert_play(
        CHECKS,
        "d4d6",
        "rr/3/5/RB2RR3/7/pr4nb1/5/3/1 b -/nn PPPNPBPRNNNBNRBB/pppnpbnrbbbr - - 0 12",
    );
    // Row 2: true capturer, captured chip not true: to its owner's hand.
    let row2 = "rr/3/5/RB2nn3/7/pr4RR1/5/3/1 b -/nb PPPNPBPRNNNBNRBB/pppnpbnrbbbr - - 0 12";
    assert_play(CHECKS, "d4f4!", row2);
    assert_play(CHECKS, "d4f4", row2);
    // Row 3: capturer not true, captured true: to the hand, the capturer
    // shows its original face (R) again.
    let row3 = "rr/3/5/3RB3/7/pr2RR1nb1/5/3/1 b -/nn PPPNPBPRNNNBNRBB/pppnpbnrbbbr - - 0 12";
    assert_play(CHECKS, "a6d6!", row3);
    assert_play(CHECKS, "a6d6", row3);
    // Row 4: neither true.
    let row4 = "rr/3/5/3nn3/7/RB2RR1nb1/5/3/1 b -/pr PPPNPBPRNNNBNRBB/pppnpbnrbbbr - - 0 12";
    assert_play(CHECKS, "a6a4!", row4);
    assert_play(CHECKS, "a6a4", row4);

    // Every capture exists both as a plain capture and as a reality check.
    let moves = legal_moves(CHECKS).unwrap();
    for c in ["d4d6", "d4f4", "d4a4", "a6d6", "a6a4"] {
        assert!(moves.contains(&c.to_string()), "{c}");
        assert!(moves.contains(&format!("{c}!")), "{c}!");
    }
    let captures = moves.iter().filter(|m| !m.contains('^')).count();
    assert_eq!(captures, 10);
}

/// As `CHECKS`, but Black's rr is in hand: T = 2, L = 1, H = 1, so a chip
/// captured into Black's hand becomes Black's pending decision.
const PENDING_BY_CAPTURE: &str =
    "1/3/5/RB2nn3/7/pr2RR1nb1/5/3/1 w -/rr PPPNPBPRNNNBNRBB/pppnpbnrbbbr - - 7 12";

#[test]
fn capture_over_the_limit_makes_a_pending_chip() {
    let after_capture =
        "1/3/5/RB2nn3/7/pr4RR1/5/3/1 b -/rr PPPNPBPRNNNBNRBB/pppnpbnrbbbr - nb 0 12";
    assert_play(PENDING_BY_CAPTURE, "d4f4", after_capture);
    // Row 3 reality check: the true nn goes to the hand, so also pending.
    assert_play(
        PENDING_BY_CAPTURE,
        "a6d6!",
        "1/3/5/3RB3/7/pr2RR1nb1/5/3/1 b -/rr PPPNPBPRNNNBNRBB/pppnpbnrbbbr - nn 0 12",
    );
    // Row 1 removes nn: Black's T drops to 1, L = 0 < H = 1, so Black must
    // drop its rr (one move per empty home square).
    let removed = "1/3/5/RB2RR3/7/pr4nb1/5/3/1 b -/rr PPPNPBPRNNNBNRBB/pppnpbnnnrbbbr - - 0 12";
    assert_play(PENDING_BY_CAPTURE, "d4d6!", removed);
    assert_moves(removed, drops(&["RR"], &BLACK_HOME));

    // Black decides about nb: keep then drop nb (either face) or rr (27), or
    // refuse then any turn: nn d6 knight (8) and pr a4 pawn face (a5, b4),
    // each with 4 flips, plus 9 drops of rr.
    let moves = legal_moves(after_capture).unwrap();
    let keeps = moves.iter().filter(|m| m.starts_with("keep,")).count();
    let refuses = moves.iter().filter(|m| m.starts_with("refuse,")).count();
    assert_eq!((keeps, refuses, moves.len()), (27, 49, 76));
    for m in ["keep,BN@d9", "keep,NB@f7", "keep,RR@c8", "refuse,RR@e8"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    for m in [
        "refuse,a4a5^f4",
        "refuse,a4b4^b4",
        "refuse,d6e8^a6",
        "refuse,d6b5^b5",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    // A refusal of a non-true chip: out of play for Black, clock reset.
    assert_play(
        after_capture,
        "refuse,d6e8^e8",
        "1/2nn/5/RB6/7/pr4RR1/5/3/1 w -/rr PPPNPBPRNNNBNRBB/pppnpbnbnrbbbr e8 - 0 13",
    );
}

#[test]
fn a_side_without_true_chips_has_lost() {
    // Black has all four true chips out of play.
    let fen = "pn/3/5/7/7/3RR3/5/3/1 w -/- PPPNPBPRNNNBNRBBBR/pppbprnnnbnrbbbrrr - - 0 40";
    assert_eq!(status(fen), Some("1-0"));
    assert_eq!(status(&fen.replace(" 0 40", " 120 40")), Some("1-0"));
    assert_moves(fen, Vec::new());
}

// ---------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------

#[test]
fn malformed_fens_are_refused() {
    let bad = [
        "",
        "   ",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1 x",
        // wrong rank counts / lengths
        "rr/nnbbnb/pppnbrpbpr/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/6/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/8/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/34/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/07/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
        "rr1/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
        "r/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
        // bad letters, mixed case
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RK w NR/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/Rr w NR/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/R1 w NR/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR x NR/nr -/- - - 0 1",
        // chip counts: missing, doubled, wrong colour in a hand
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w -/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NRNR/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr NR/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w nr/NR -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NRN/nr -/- - - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr/- -/- - - 0 1",
        // restricted square: empty, not a square, nonsense
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- d5 - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- a1 - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- h4 - 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- d10 - 0 1",
        // pending: wrong side, also in hand, malformed
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/- -/- - nr 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - NR 0 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w -/nr -/- - NRX 1 1",
        // counters
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - -1 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 0",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - x 1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 99999999999",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 +1",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1é",
        "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/Ré w NR/nr -/- - - 0 1",
    ];
    for fen in bad {
        assert!(legal_moves(fen).is_err(), "accepted: {fen:?}");
        assert!(canonical(fen).is_err(), "accepted: {fen:?}");
        assert!(play(fen, "c3c4").is_err(), "accepted: {fen:?}");
        assert_eq!(status(fen), None, "{fen:?}");
    }
    // Illegal or malformed moves on a good FEN are refused too.
    for mv in [
        "",
        "c3c5",
        "c3c4^c4",
        "d3g6!",
        "NR@d1",
        "refuse",
        "keep,NR@d1",
        "zz",
    ] {
        assert!(play(START, mv).is_err(), "accepted {mv:?}");
    }
}

/// A tiny deterministic generator (no external crates).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn random_games_stay_consistent() {
    // Every reachable FEN is canonical, every listed move can be played, and
    // games end only when status says so. Captures are preferred half of the
    // time so that games reach pending chips, refusals and wins.
    let mut rng = Lcg(0x5eed);
    let (mut wins, mut keeps, mut refusals) = (0, 0, 0);
    for _ in 0..16 {
        let mut fen = START.to_string();
        for ply in 0..400 {
            assert_eq!(canonical(&fen).as_deref(), Ok(fen.as_str()));
            let moves = legal_moves(&fen).unwrap();
            if ply % 16 == 0 {
                assert_eq!(perft(&fen, 1), moves.len() as u64);
            }
            if moves.is_empty() {
                assert!(matches!(status(&fen), Some("1-0") | Some("0-1")), "{fen}");
                wins += 1;
                break;
            }
            let captures: Vec<&String> = moves
                .iter()
                .filter(|m| !m.contains('^') && !m.contains('@') && !m.starts_with("refuse"))
                .collect();
            let mv = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                &moves[rng.below(moves.len())]
            };
            keeps += usize::from(mv.starts_with("keep,"));
            refusals += usize::from(mv.starts_with("refuse"));
            fen = play(&fen, mv).unwrap();
        }
    }
    assert!(
        wins > 0 && keeps > 0 && refusals > 0,
        "{wins} {keeps} {refusals}"
    );
}
