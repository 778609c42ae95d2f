//! Fits the chess evaluation's weights (material and the terms beyond
//! PeSTO's piece-square tables) to game results (Texel's method).
//!
//! ```text
//! curio match --variant chess --engine a=uci:stockfish --engine b=uci:stockfish \
//!     --movetime 8 --games 4000 --random-plies 8 --pgn games.pgn
//! cargo bench --bench tune_chess -- samples games.pgn --out chess.txt
//! cargo bench --bench tune_chess -- fit chess.txt
//! ```
//!
//! `samples` replays every game of the PGN files and writes each position
//! after the first 12 plies that is not in check, with the game's result
//! for White. `fit` keeps the quiet ones (the same number of pieces one
//! ply before and after, so no exchange is half done) that have a pawn on
//! the board (without pawns the evaluation's mop-up and draw scale take
//! over, which the weights do not describe). The evaluation is linear in
//! the weights of `eval::chess::terms::Weights` within each phase, so each
//! weight's feature is read from the evaluation itself: the terms with
//! that weight at 1 and every other at 0, less the terms with all at 0,
//! tapered (the middlegame part times the phase, the ending part times 24
//! minus it; the fit divides by 24). The rest (piece-square values, king
//! danger, tempo) is what all-zero weights leave. Then the scale `k` and
//! every weight by coordinate descent (the pawn's middlegame value fixed
//! at 82, PeSTO's, as the scale's anchor; the other material values stay
//! PeSTO's too unless `fit` is given `--material`). Method and numbers are
//! recorded in docs/engine.md.

use eval::chess::terms::{Terms, Weights, KING_OPEN_FILE, VALUE, WEIGHTS, WEIGHT_PAIRS};
use movegen::chess::position::PAWN;
use movegen::chess::Position;
use movegen::game::{Color, Game, Notation};
use rayon::prelude::*;

// The undivided `fit` is the other tuners'.
#[allow(dead_code)]
#[path = "texel/mod.rs"]
mod texel;
use texel::Sample;

const N: usize = 2 * WEIGHT_PAIRS;
/// The evaluation's tempo, from White's view.
fn tempo(pos: &Position) -> f64 {
    let t = eval::chess::TEMPO as f64;
    if pos.side_to_move() == Color::White {
        t
    } else {
        -t
    }
}

fn samples(args: &[String]) {
    texel::write_samples(
        args,
        |fen| Position::from_fen(fen.unwrap_or(Position::START)).expect("FEN tag"),
        |p| !p.in_check(),
        |p, m| p.parse_move(m).map(|mv| p.make(mv)).is_ok(),
        |p| p.fen(),
    );
}

fn flat(w: &Weights) -> [i32; N] {
    std::array::from_fn(|i| w.pair(i / 2)[i % 2])
}

fn unflat(f: &[i32; N]) -> Weights {
    let mut w = Weights::ZERO;
    for j in 0..WEIGHT_PAIRS {
        *w.pair_mut(j) = [f[2 * j], f[2 * j + 1]];
    }
    w
}

/// The weights' names, for the report.
fn name(i: usize) -> String {
    const PAIRS: [&str; WEIGHT_PAIRS] = [
        "pawn",
        "knight",
        "bishop",
        "rook",
        "queen",
        "passed 2",
        "passed 3",
        "passed 4",
        "passed 5",
        "passed 6",
        "passed 7",
        "passed guarded",
        "passer king",
        "isolated",
        "doubled",
        "bishop pair",
        "rook open",
        "rook half-open",
        "mobility N",
        "mobility B",
        "mobility R",
        "mobility Q",
        "king open file",
        "threat by pawn",
        "threat by minor",
        "threat by rook",
        "hanging",
    ];
    format!("{} {}", PAIRS[i / 2], ["mg", "eg"][i % 2])
}

/// A position's features (24 times the evaluation per unit of each
/// weight) and the rest, in centipawns for White.
fn sample(result: f64, pos: &Position) -> Sample<N> {
    let zero = Weights::ZERO;
    let base = Terms::with(pos, &zero);
    let phase = base.phase.min(24);
    let taper = |(mg, eg): (i32, i32)| mg * phase + eg * (24 - phase);
    let (mg0, eg0) = base.total();
    let features = std::array::from_fn(|i| {
        let mut unit = zero;
        unit.pair_mut(i / 2)[i % 2] = 1;
        let (mg, eg) = Terms::with(pos, &unit).total();
        taper((mg - mg0, eg - eg0))
    });
    Sample {
        result,
        features,
        rest: taper((mg0, eg0)) as f64 / 24.0 + tempo(pos),
    }
}

/// The quiet training positions with pawns of sample files, checked to
/// give back the evaluation through their features.
fn quiet_samples(files: &[String]) -> Vec<Sample<N>> {
    let parsed = texel::read_samples(files, |f| Position::from_fen(f).expect("FEN"));
    let pieces =
        |p: &Position| (p.color_set(Color::White) | p.color_set(Color::Black)).count_ones();
    let kept: Vec<usize> = (1..parsed.len().saturating_sub(1))
        .filter(|&i| {
            let p = &parsed[i].1;
            let quiet = [&parsed[i - 1].1, &parsed[i + 1].1]
                .iter()
                .all(|q| pieces(q) == pieces(p));
            let pawns = p.pieces(Color::White, PAWN) | p.pieces(Color::Black, PAWN);
            quiet && pawns != 0
        })
        .collect();
    let samples: Vec<Sample<N>> = kept
        .par_iter()
        .map(|&i| sample(parsed[i].0, &parsed[i].1))
        .collect();
    // The features must give back the evaluation (to the taper's rounding).
    let start = flat(&WEIGHTS);
    let worst = kept
        .iter()
        .zip(&samples)
        .take(10_000)
        .map(|(&i, s)| {
            let lin: i32 = s.features.iter().zip(&start).map(|(f, w)| f * w).sum();
            let ours = s.rest + lin as f64 / 24.0;
            let theirs = eval::chess::evaluate_white(&parsed[i].1) as f64 + tempo(&parsed[i].1);
            (ours - theirs).abs()
        })
        .fold(0.0, f64::max);
    eprintln!(
        "{files:?}: {} quiet positions with pawns of {}; features give the evaluation within {worst:.2} cp",
        samples.len(),
        parsed.len()
    );
    assert!(worst <= 1.0, "the features do not describe the evaluation");
    samples
}

/// `fit FILE... [--material] [--test FILE...]`: fits on the files before
/// `--test`, and reports the error of the start and fitted weights on
/// those after it (games the fit has not seen).
fn fit(args: &[String]) {
    let free_material = args.iter().any(|a| a == "--material");
    let files = |test: bool| -> Vec<String> {
        let at = args
            .iter()
            .position(|a| a == "--test")
            .unwrap_or(args.len());
        let part = if test {
            &args[(at + 1).min(args.len())..]
        } else {
            &args[..at]
        };
        part.iter()
            .filter(|a| !a.starts_with("--"))
            .cloned()
            .collect()
    };
    let samples = quiet_samples(&files(false));
    let start = flat(&WEIGHTS);
    let bounds: [(i32, i32); N] = std::array::from_fn(|i| match i {
        0 => (82, 82),
        _ if i < 2 * (VALUE + 5) && !free_material => (start[i], start[i]),
        _ if i == 2 * KING_OPEN_FILE + 1 => (0, 0),
        _ if i < 2 * (VALUE + 5) => (50, 1500),
        _ => (-200, 300),
    });
    let coarse: [bool; N] = std::array::from_fn(|i| i < 2 * (VALUE + 5));
    let f = texel::fit_divided(&samples, start, &bounds, &coarse, 24.0);
    println!("{}", f.summary(samples.len()));
    let test = files(true);
    if !test.is_empty() {
        let held = quiet_samples(&test);
        let before = texel::error(&held, &start, f.k, 24.0);
        let after = texel::error(&held, &f.weights, f.k, 24.0);
        println!("held-out games: error {before:.6} -> {after:.6}");
    }
    for (i, (new, old)) in f.weights.iter().zip(&start).enumerate() {
        println!("{:<22} {new:>5} (now {old})", name(i));
    }
    println!("{:?}", unflat(&f.weights));
}

fn main() {
    texel::run("tune_chess", samples, fit);
}
