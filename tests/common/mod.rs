//! Helpers shared by the integration tests: the perft suite files and
//! seeded random play.
#![allow(dead_code)]

use movegen::game::{Game, MoveList};
use movegen::trubix::{Board, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// One line of a perft suite file.
pub struct SuiteEntry {
    pub name: String,
    pub fen: String,
    /// (depth, nodes), in increasing depth.
    pub counts: Vec<(u32, u64)>,
}

/// Reads `tests/perft/<variant>.txt`: `name | FEN | depth:nodes ...`.
pub fn suite(variant: &str) -> Vec<SuiteEntry> {
    let path = format!("{}/tests/perft/{variant}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 3, "bad suite line: {line}");
        let counts = parts[2]
            .split_whitespace()
            .map(|c| {
                let (d, n) = c.split_once(':').expect("depth:nodes");
                (d.parse().unwrap(), n.parse().unwrap())
            })
            .collect();
        out.push(SuiteEntry {
            name: parts[0].to_string(),
            fen: parts[1].to_string(),
            counts,
        });
    }
    assert!(
        out.len() >= 8,
        "{variant}: a suite needs at least 8 positions"
    );
    out
}

pub fn board_of(variant: &str) -> Board {
    match variant {
        "trubix" => Board::T41,
        "trubix43" => Board::T43,
        _ => panic!("unknown variant {variant}"),
    }
}

/// Plays a seeded random game from `start`, calling `visit` on every
/// position reached (including the start) until the game has no legal move
/// or `max_plies` were played.
pub fn random_game(
    start: &Position,
    seed: u64,
    max_plies: usize,
    mut visit: impl FnMut(&Position),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = start.clone();
    for _ in 0..max_plies {
        visit(&pos);
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            return;
        }
        let m = list[rng.gen_range(0..list.len())];
        pos.make(m);
    }
    visit(&pos);
}
