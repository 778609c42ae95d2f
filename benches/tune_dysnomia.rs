//! Fits the Dysnomia evaluation weights to the results of Curio's own
//! games (Texel's method, `benches/texel`).
//!
//! ```text
//! curio match --variant dysnomia --engine a=curio --engine b=curio ... --pgn games.pgn
//! cargo bench --bench tune_dysnomia -- samples games.pgn --out dy.txt
//! cargo bench --bench tune_dysnomia -- fit dy.txt
//! ```
//!
//! `samples` replays every game (denials included: the game state keeps
//! the last turn) and writes each position after the first 12 plies that
//! is not in check and has no bait pending, with the game's result for
//! White. `fit` keeps the quiet ones (the same material on the board one
//! ply before and after, so no exchange or cascade is half done), takes
//! their features (`eval::dysnomia::features`) and fits every weight but
//! the Pawn's (fixed at 100) within [`BOUNDS`]. The side to move's tempo
//! is the part the weights do not scale. Method and numbers are recorded
//! in docs/engine.md.

use eval::dysnomia::{features, FEATURES, HANDSET};
use movegen::dysnomia::game::State;
use movegen::dysnomia::Position;
use movegen::game::{Color, Game, Notation};

#[path = "texel/mod.rs"]
mod texel;
use texel::Sample;

/// The range each weight may take: material positive and near chess's
/// scale, the small terms small. Rare features (a risen Bishop, a King
/// riding) are seen in few positions, mostly just before the game ends,
/// so unbounded they would take whatever explains those last moves: a
/// risen Bishop (exiled after its owner's next turn) may not be worth more
/// than an unrisen one, or taking a Bishop would look like a gift.
///
/// Held at the hand-set values (docs/engine.md, "The fit"):
/// * exile: a side goes into exile as a last defence, in games it is
///   already losing, so a free fit prices it at about -1,000; the engine
///   with that weight walked into checkmates rather than into exile and
///   lost to the hand-set weights (15-31-8);
/// * pawn advance and the best promotion: a captured Queen fills its
///   side's pool, so the best-promotion weight and the Queen's trade off
///   (free, the fit gave 60 per pawn of value, and taking a Queen looked
///   worth half a Queen).
///
/// The denial right is fitted, but to at most 45: White starts without
/// it, so its weight less the 10 of tempo is what White's start scores
/// below zero, and that must stay above a draw's -50 (Dysnomia's
/// contempt, `eval::default_contempt`; the eval test
/// `the_start_scores_above_a_draw_for_white` keeps 15 between them), or
/// White passes into threefold repetitions against weak opponents (fit
/// C's 41 with contempt 20: 12 of 100 games as White against the random
/// mover). Held at 10 (fit D) it lost 23 Elo to the hand-set weights,
/// where fit C's 41 won 60.
const BOUNDS: [(i32, i32); FEATURES] = [
    (400, 1500),  // Queen
    (200, 900),   // Rook
    (150, 700),   // Bishop
    (150, 700),   // Knight
    (100, 100),   // Pawn: the scale
    (50, 300),    // Statue
    (0, 150),     // risen Bishop
    (-50, 100),   // rider
    (0, 100),     // King riding
    (1, 1),       // pawn advance
    (4, 4),       // best promotion
    (0, 45),      // denial right (see above)
    (-150, -150), // in exile
    (-250, -250), // exile thin
];

const NAMES: [&str; FEATURES] = [
    "Queen",
    "Rook",
    "Bishop",
    "Knight",
    "Pawn",
    "Statue",
    "risen Bishop",
    "rider",
    "King riding",
    "pawn advance",
    "best promotion",
    "denial right",
    "in exile",
    "exile thin",
];

fn samples(args: &[String]) {
    texel::write_samples(
        args,
        |fen| {
            let pos = fen.map_or_else(
                || Position::from_fen(movegen::dysnomia::fen::START).expect("start"),
                |f| Position::from_fen(f).expect("FEN tag"),
            );
            State::new(pos)
        },
        |s| !s.pos.bait && !s.pos.in_check(),
        |s, m| s.parse_move(m).map(|t| s.make(t)).is_ok(),
        |s| s.to_fen(),
    );
}

fn fit(files: &[String]) {
    let mut samples = Vec::new();
    {
        let parsed = texel::read_samples(files, |f| Position::from_fen(f).expect("FEN"));
        let material = |p: &Position| p.board.material();
        for i in 1..parsed.len().saturating_sub(1) {
            let (result, pos) = (parsed[i].0, &parsed[i].1);
            let m = material(pos);
            if [&parsed[i - 1].1, &parsed[i + 1].1]
                .iter()
                .any(|q| material(q) != m)
            {
                continue;
            }
            let tempo = if pos.side == Color::White { 10 } else { -10 };
            samples.push(Sample::<FEATURES> {
                result,
                features: features(pos),
                rest: tempo as f64,
            });
        }
    }
    eprintln!("{} quiet positions", samples.len());
    let coarse: [bool; FEATURES] = std::array::from_fn(|i| i < 7);
    let f = texel::fit(&samples, HANDSET, &BOUNDS, &coarse);
    println!("{}", f.summary(samples.len()));
    for i in 0..FEATURES {
        println!(
            "{:<16} {:>5} (hand-set {})",
            NAMES[i], f.weights[i], HANDSET[i]
        );
    }
    println!("{:?}", f.weights);
}

fn main() {
    texel::run("tune_dysnomia", samples, fit);
}
