//! Fits the Strange Chess evaluation weights to the results of Curio's own
//! games (Texel's method).
//!
//! ```text
//! curio match --variant strangechess --engine a=curio --engine b=curio ... --pgn games.pgn
//! cargo bench --bench tune_strangechess -- samples games.pgn --out sc.txt
//! cargo bench --bench tune_strangechess -- fit sc.txt
//! ```
//!
//! `samples` replays every game of the PGN files (full-state FEN tags are
//! honoured) and writes each position after the first 12 plies that is not
//! in check, with the game's result for White (1, 0.5, 0). `fit` keeps the
//! quiet ones (the same material one ply before and after, so no exchange
//! is half done), splits each evaluation into its linear features
//! (`eval::strangechess::terms`: material per kind, king exposure to
//! Diggers and Stones, slider mobility) and the rest, then minimises the
//! mean squared error between the result and `sigmoid(k * eval / 400)`:
//! first the scale `k` with the hand-set weights, then every weight by
//! coordinate descent with the Pawn fixed at 100, each weight within its
//! bounds (`BOUNDS`). Method and numbers are
//! recorded in docs/engine.md.

use eval::strangechess::{terms, Weights, FEATURES, HANDSET, MATERIAL_KINDS};
use movegen::game::{Color, Game, Notation};
use movegen::strangechess::Position;

#[path = "texel/mod.rs"]
mod texel;
use texel::Sample;

fn samples(args: &[String]) {
    texel::write_samples(
        args,
        |fen| fen.map_or_else(Position::start, |f| Position::from_fen(f).expect("FEN tag")),
        |p| !p.in_check(),
        |p, m| p.parse_move(m).map(|mv| p.make(mv)).is_ok(),
        |p| p.to_fen(),
    );
}

/// The range each weight may take. A few hundred games hold few
/// positions for the rare features (a Stone beside a king is mostly seen
/// just before the king falls), so an unbounded fit would give them
/// whatever explains those last moves; the bounds keep material positive
/// and the small terms small.
const BOUNDS: [(i32, i32); FEATURES] = [
    (100, 100), // the Pawn anchors the scale
    (50, 1500),
    (50, 1500),
    (50, 1500),
    (50, 1500),
    (50, 1500),
    (50, 1500),
    (50, 1500),
    (50, 1500),
    (50, 1500),
    (50, 1500),
    (0, 60),
    (0, 60),
    (0, 10),
];

fn name(i: usize) -> String {
    match i {
        0..=10 => format!("{:?}", MATERIAL_KINDS[i]),
        11 => "digger exposure".into(),
        12 => "stone near king".into(),
        _ => "mobility".into(),
    }
}

fn fit(files: &[String]) {
    let mut samples = Vec::new();
    {
        let parsed = texel::read_samples(files, |f| Position::from_fen(f).expect("FEN"));
        let material = |p: &Position| terms(p, &HANDSET).features[..11].to_vec();
        let counts =
            |p: &Position| [Color::White, Color::Black].map(|c| p.occupied_by(c).iter().count());
        for i in 1..parsed.len().saturating_sub(1) {
            let (result, pos) = (parsed[i].0, &parsed[i].1);
            let m = material(pos);
            let quiet = [&parsed[i - 1].1, &parsed[i + 1].1]
                .iter()
                .all(|q| material(q) == m && counts(q) == counts(pos));
            if !quiet || !pos.sieges().is_empty() {
                continue;
            }
            let t = terms(pos, &HANDSET);
            // The side to move's tempo, from White's view.
            let tempo = if pos.side_to_move() == Color::White {
                10
            } else {
                -10
            };
            samples.push(Sample::<FEATURES> {
                result,
                features: t.features,
                rest: (t.rest + tempo) as f64,
            });
        }
    }
    eprintln!("{} quiet positions", samples.len());
    let coarse: [bool; FEATURES] = std::array::from_fn(|i| i < 11);
    let f = texel::fit(&samples, HANDSET.to_vec(), &BOUNDS, &coarse);
    println!("{}", f.summary(samples.len()));
    let w = f.weights;
    let old = HANDSET.to_vec();
    for i in 0..FEATURES {
        println!("{:<16} {:>5} (hand-set {})", name(i), w[i], old[i]);
    }
    println!("{:?}", Weights::from_vec(&w));
}

fn main() {
    texel::run("tune_strangechess", samples, fit);
}
