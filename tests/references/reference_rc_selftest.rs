//! Self-test of the independent Reality Check reference generator in
//! `tests/reference_rc/`: the published start-position perft numbers, that
//! every entry point refuses a malformed FEN, and random games, before the
//! reference is trusted to cross-check the fast generator. The hand-made
//! positions of the rule texts (move sets, FENs after turns, results) are
//! data (`tests/rules/realitycheck/`), run against this reference and the
//! fast generator alike.

use crate::reference_rc;

use reference_rc::{canonical, legal_moves, perft, play, status};

const START: &str = "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1";

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

// ---------------------------------------------------------------------------
// Hand-made positions
// ---------------------------------------------------------------------------

/// White RR (true) on d4 and RB (rook up, not true) on a6; Black nn (true)
/// on d6, nb on f4, pr on a4, rr on d9. Black: T = 2, L = 1, H = 0.
const CHECKS: &str = "rr/3/5/RB2nn3/7/pr2RR1nb1/5/3/1 w -/- PPPNPBPRNNNBNRBB/pppnpbnrbbbr - - 7 12";

/// Every capture of `CHECKS` exists both as a plain capture and as a
/// reality check, and there are no others (the outcomes of each are data:
/// tests/rules/realitycheck/b7-reality-check.rules).
#[test]
fn every_capture_is_also_a_reality_check() {
    let moves = legal_moves(CHECKS).unwrap();
    for c in ["d4d6", "d4f4", "d4a4", "a6d6", "a6a4"] {
        assert!(moves.contains(&c.to_string()), "{c}");
        assert!(moves.contains(&format!("{c}!")), "{c}!");
    }
    let captures = moves.iter().filter(|m| !m.contains('^')).count();
    assert_eq!(captures, 10);
}

// ---------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------

#[test]
fn malformed_fens_are_refused() {
    let bad = [
        "",
        "   ",
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
