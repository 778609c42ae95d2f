//! Self-tests of the Strange Chess reference generator (tests/sc_reference)
//! that the rule data cannot state: its start position and key, perft, and
//! random games. The worked examples of the rule texts are data
//! (tests/rules/strangechess/), run against this reference and the fast
//! generator alike (tests/references/rules_strangechess.rs).

use crate::sc_reference;

use sc_reference::{RefPos, RefStatus, START_FEN};

// ---------------------------------------------------------------------------
// Start position
// ---------------------------------------------------------------------------

#[test]
fn start_position_fen_round_trip() {
    let p = RefPos::start();
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(
        p.repetition_key(),
        "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq -"
    );
    assert_eq!(p.status(), RefStatus::Ongoing);
    assert!(!p.in_check());
}

/// The listing is in byte order (the 102 moves themselves are data:
/// tests/rules/strangechess/a0-board.rules, run against both generators).
#[test]
fn start_position_move_list_in_byte_order() {
    let v = RefPos::start().legal_moves();
    let mut sorted = v.clone();
    sorted.sort();
    assert_eq!(v.len(), 102);
    assert_eq!(v, sorted);
}

/// perft from the start: 102, 10410 (checked by hand for several divide lines,
/// e.g. k2d9 5: the Digger checks g12 through e10 and f11), 1100241.
#[test]
fn start_perft() {
    let p = RefPos::start();
    assert_eq!(p.perft(1), 102);
    let t = std::time::Instant::now();
    let d2 = p.perft(2);
    println!("perft 2 = {d2} ({:?})", t.elapsed());
    assert_eq!(d2, 10410);
    if !cfg!(debug_assertions) || std::env::var("SC_PERFT3").is_ok() {
        let t = std::time::Instant::now();
        let d3 = p.perft(3);
        println!("perft 3 = {d3} ({:?})", t.elapsed());
        assert_eq!(d3, 1100241);
    }
}

// ---------------------------------------------------------------------------
// Stone
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Wall
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Halfer: sieges, rescue, check
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Magician
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Digger and tunnels
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Bacteria
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// King, pawns
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Self-consistency over random games biased toward rare rules
// ---------------------------------------------------------------------------

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn random_games_round_trip_and_cover_rare_rules() {
    let rare = [
        "siege",
        "siege-complete",
        "rescue",
        "rescue-displace",
        "custodian",
        "tunnel-travel",
        "spell",
        "banish",
        "wall-broadside",
        "wall-lengthwise",
        "wall-rotate",
        "en-passant",
        "promotion",
        "bacteria-gain",
        "castle",
        "share",
    ];
    let mut seen: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _game in 0..6 {
        let mut p = RefPos::start();
        for _ply in 0..90 {
            let moves = p.legal_full();
            if moves.is_empty() {
                break;
            }
            // weight 1 for ordinary moves and spells (there are many), 30 for other rare rules,
            // 4 for captures
            let weights: Vec<u64> = moves
                .iter()
                .map(|(_, _, _, t)| {
                    let l = &t.list;
                    if l.contains("spell") {
                        1
                    } else if l.iter().any(|x| rare.contains(x) && *x != "share") {
                        30
                    } else if l.contains("capture") {
                        4
                    } else {
                        1
                    }
                })
                .collect();
            let total: u64 = weights.iter().sum();
            let mut r = rng.next() % total;
            let mut i = 0;
            while r >= weights[i] {
                r -= weights[i];
                i += 1;
            }
            let (mv, alias, next, tags) = &moves[i];
            for t in &tags.list {
                *seen.entry(t).or_default() += 1;
            }
            // the chosen move round-trips through play(), also by its alias
            assert_eq!(p.play(mv).unwrap().to_fen(), next.to_fen());
            if let Some(a) = alias {
                assert_eq!(p.play(a).unwrap().to_fen(), next.to_fen());
            }
            // the FEN round-trips and describes the whole state
            let f = next.to_fen();
            let back = RefPos::from_fen(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
            assert_eq!(back.to_fen(), f);
            assert_eq!(back.legal_moves(), next.legal_moves(), "{f}");
            p = next.clone();
            if p.status() != RefStatus::Ongoing {
                break;
            }
        }
    }
    println!("tags seen: {seen:?}");
    for t in [
        "siege",
        "siege-complete",
        "rescue",
        "custodian",
        "tunnel-travel",
        "spell",
        "banish",
        "share",
        "wall-lengthwise",
        "wall-broadside",
        "wall-rotate",
        "bacteria-gain",
    ] {
        assert!(seen.contains_key(t), "no {t} in the random games");
    }
}

// ---------------------------------------------------------------------------
// Rulings as now worded (R-A3.2, R-A8.6, R-A10.3, R-A6.5, R-A0.6, R-A8.7 and the
// rescue forms, `unmoved=` default and castling letters of notation-strangechess.md)
// ---------------------------------------------------------------------------
