//! Fits the Trubix piece values to self-play results (Texel's method).
//!
//! ```text
//! cargo bench --bench tune -- generate --variant trubix --games 1000 --depth 5 --out t41.txt
//! cargo bench --bench tune -- fit t41.txt t43.txt
//! ```
//!
//! `generate` plays Curio against itself at a fixed depth from seeded
//! random openings and writes every quiet position (not in check, after
//! the opening) with the game's result. `fit` keeps every evaluation term
//! but material fixed and finds the piece values that best predict the
//! results: it minimises the mean squared error between the result and
//! `sigmoid(k * eval)`, first fitting the scale `k`, then the values by
//! coordinate descent. The method and the numbers are recorded in
//! `docs/engine.md`.
//!
//! `generate` plays its games on `--concurrency` threads (2), and writes
//! them in their order: the file depends on the seed alone. `fit`
//! computes the error on every core (`RAYON_NUM_THREADS` to choose), with
//! the same result to the last bit on any number of threads.

use engine::limits::Limits;
use engine::observer::Silent;
use engine::{Engine, SearchOptions};
use eval::trubix::{evaluate_white, Weights, DEFAULT_WEIGHTS};
use movegen::game::{Color, Game, MoveList, Outcome};
use movegen::trubix::{Board, Kind, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn generate(args: &[String]) {
    let board = match arg(args, "--variant").as_deref() {
        Some("trubix43") => Board::T43,
        _ => Board::T41,
    };
    let games: usize = arg(args, "--games").map_or(200, |g| g.parse().unwrap());
    let depth: u32 = arg(args, "--depth").map_or(5, |d| d.parse().unwrap());
    let workers: usize = arg(args, "--concurrency").map_or(2, |c| c.parse().unwrap());
    let seed: u64 = arg(args, "--seed").map_or(1, |s| s.parse().unwrap());
    let out = arg(args, "--out").expect("--out FILE");
    let mut file = std::fs::File::create(&out).expect("create output");
    let done = AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .expect("start the worker threads");
    // Each game depends on its seed alone (its own random opening; the
    // engine forgets everything between games, so a fixed-depth search
    // repeats exactly), and the games are written in their order: the
    // file is the same for a seed whatever the number of workers.
    let played: Vec<(f64, Vec<String>)> = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map_init(
                || Engine::new(8, 1),
                |engine, g| {
                    let game = play_sample_game(engine, board, depth, seed * 1_000_003 + g as u64);
                    let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                    if n.is_multiple_of(20) {
                        eprintln!("{n}/{games} games");
                    }
                    game
                },
            )
            .collect()
    });
    for (result, fens) in played {
        for fen in fens {
            writeln!(file, "{result} {fen}").unwrap();
        }
    }
}

/// One game of `generate`: random plies from the seed, then the engine
/// against itself at `depth`. The result for White and the FEN of every
/// position after the opening where the side to move is not in check.
fn play_sample_game(
    engine: &mut Engine,
    board: Board,
    depth: u32,
    seed: u64,
) -> (f64, Vec<String>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::start(board);
    let mut history = Vec::new();
    let opening = rng.gen_range(6..14);
    let mut fens = Vec::new();
    engine.new_game();
    let result = loop {
        if let Some(o) = pos.outcome(&history) {
            break match o {
                Outcome::Win {
                    winner: Color::White,
                    ..
                } => 1.0,
                Outcome::Win { .. } => 0.0,
                Outcome::Draw { .. } => 0.5,
            };
        }
        if history.len() >= 400 {
            break 0.5;
        }
        let m = if history.len() < opening {
            let mut l = MoveList::new();
            pos.legal_moves(&mut l);
            l[rng.gen_range(0..l.len())]
        } else {
            if !pos.in_check() {
                fens.push(pos.fen());
            }
            let r = engine.search(
                &pos,
                &history,
                &Limits::depth(depth),
                &SearchOptions::default(),
                &mut Silent,
            );
            r.best.unwrap()
        };
        history.push(pos.key());
        pos.make(m);
    };
    (result, fens)
}

/// One training position: result, material difference per kind, and the
/// evaluation without material.
struct Sample {
    result: f64,
    diff: [i32; 7],
    rest: f64,
}

fn predict(s: &Sample, values: &[i32; 7], k: f64) -> f64 {
    let material: i32 = s.diff.iter().zip(values).map(|(d, v)| d * v).sum();
    let e = s.rest + material as f64;
    1.0 / (1.0 + (-k * e / 400.0).exp())
}

/// The mean squared error, the terms computed on every core and added up
/// in order on one thread: bitwise the sequential sum, on any number of
/// threads (as `texel::mean_of`, which this tool does not include).
fn error(samples: &[Sample], values: &[i32; 7], k: f64) -> f64 {
    let terms: Vec<f64> = samples
        .par_iter()
        .map(|s| (s.result - predict(s, values, k)).powi(2))
        .collect();
    terms.into_iter().sum::<f64>() / samples.len() as f64
}

/// The quiet positions of the sample files, as material differences and
/// the rest of the evaluation, and which kinds appear in them.
fn load_samples(files: &[String]) -> (Vec<Sample>, [bool; 7]) {
    let mut zero: Weights = DEFAULT_WEIGHTS.clone();
    zero.material = [0; 7];
    let mut samples = Vec::new();
    let mut kinds_seen = [false; 7];
    for f in files {
        let text = std::fs::read_to_string(f).expect("read samples");
        let parsed: Vec<(f64, Position)> = text
            .lines()
            .map(|line| {
                let (r, fen) = line.split_once(' ').expect("result FEN");
                let board = if fen.starts_with("**") {
                    Board::T41
                } else {
                    Board::T43
                };
                (
                    r.parse().unwrap(),
                    Position::from_fen(board, fen).expect("sample FEN"),
                )
            })
            .collect();
        // Quiet positions only: the material is the same one ply before and
        // one ply after (a game's positions are consecutive lines), so no
        // exchange is half done.
        let material = |p: &Position| -> [u32; 14] {
            let mut m = [0; 14];
            for k in Kind::ALL {
                m[k as usize] = p.pieces_of(Color::White, k).count_ones();
                m[7 + k as usize] = p.pieces_of(Color::Black, k).count_ones();
            }
            m
        };
        for i in 1..parsed.len().saturating_sub(1) {
            let (result, pos) = (parsed[i].0, &parsed[i].1);
            let m = material(pos);
            if material(&parsed[i - 1].1) != m || material(&parsed[i + 1].1) != m {
                continue;
            }
            let mut diff = [0; 7];
            for k in Kind::ALL {
                diff[k as usize] = pos.pieces_of(Color::White, k).count_ones() as i32
                    - pos.pieces_of(Color::Black, k).count_ones() as i32;
                if pos.pieces_of(Color::White, k) | pos.pieces_of(Color::Black, k) != 0 {
                    kinds_seen[k as usize] = true;
                }
            }
            samples.push(Sample {
                result,
                diff,
                rest: evaluate_white(pos, &zero) as f64,
            });
        }
    }
    (samples, kinds_seen)
}

fn fit(files: &[String]) {
    let (samples, kinds_seen) = load_samples(files);
    eprintln!("{} positions", samples.len());
    let mut values = DEFAULT_WEIGHTS.material;
    // The scale first, with the current values.
    let mut k = 1.0;
    // The fit's time is almost all in the error: timed for the record.
    let timer = std::time::Instant::now();
    let evaluations = std::cell::Cell::new(0u64);
    let error = |samples: &[Sample], w: &[i32; 7], k: f64| {
        evaluations.set(evaluations.get() + 1);
        error(samples, w, k)
    };
    let mut best = error(&samples, &values, k);
    for step in [0.5, 0.1, 0.02] {
        loop {
            let mut improved = false;
            for cand in [k + step, k - step] {
                if cand > 0.0 {
                    let e = error(&samples, &values, cand);
                    if e < best {
                        best = e;
                        k = cand;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    eprintln!("scale k = {k:.2}, error {best:.6} with the current values {values:?}");
    // Then the values; the woozan anchors the scale at 100.
    for step in [40, 10, 5] {
        loop {
            let mut improved = false;
            for i in 1..7 {
                if !kinds_seen[i] || i == Kind::Woozan as usize {
                    continue;
                }
                for delta in [step, -step] {
                    let mut cand = values;
                    cand[i] += delta;
                    let e = error(&samples, &cand, k);
                    if e < best {
                        best = e;
                        values = cand;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    println!("fitted error {best:.6}");
    // Every digit (the shortest text that reads back to the same bits):
    // two runs that print the same did the same arithmetic.
    eprintln!(
        "error to the last bit: {best} (k = {k}); {} evaluations over {} samples in {:.3} s",
        evaluations.get(),
        samples.len(),
        timer.elapsed().as_secs_f64()
    );
    for kind in Kind::ALL {
        if kinds_seen[kind as usize] && kind != Kind::King {
            println!(
                "{:<15} {:>5} (was {})",
                kind.name(),
                values[kind as usize],
                DEFAULT_WEIGHTS.material[kind as usize]
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => eprintln!(
            "tune: 'generate --variant V --games N --depth D --out FILE' or 'fit FILE...'"
        ),
    }
}
