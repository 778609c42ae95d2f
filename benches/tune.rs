//! Fits the Trubix piece values to self-play results (Texel's method).
//!
//! ```text
//! cargo bench --bench tune -- generate --variant trubix --games 1000 --depth 5 --out t41.txt
//! cargo bench --bench tune -- fit t41.txt t43.txt
//! cargo bench --bench tune -- fit-all t41.txt t43.txt
//! ```
//!
//! `generate` plays Curio against itself at a fixed depth from seeded
//! random openings and writes every quiet position (not in check, after
//! the opening) with the game's result. `fit` keeps every evaluation term
//! but material fixed and finds the piece values that best predict the
//! results: it minimises the mean squared error between the result and
//! `sigmoid(k * eval)`, first fitting the scale `k`, then the values by
//! coordinate descent. `fit-all` fits every weight of the evaluation but
//! the tempo the same way (the woozan's value stays 100, the scale), on
//! the evaluation's features: it is linear in its weights, so each
//! position's evaluation is the sum of weight times feature, the features
//! read from the evaluation itself one weight at a time. The method and
//! the numbers are recorded in `docs/engine.md`.
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

/// The quiet positions of the sample files with their games' results:
/// the material is the same one ply before and one ply after (a game's
/// positions are consecutive lines), so no exchange is half done.
fn quiet_positions(files: &[String]) -> Vec<(f64, Position)> {
    let material = |p: &Position| -> [u32; 14] {
        let mut m = [0; 14];
        for k in Kind::ALL {
            m[k as usize] = p.pieces_of(Color::White, k).count_ones();
            m[7 + k as usize] = p.pieces_of(Color::Black, k).count_ones();
        }
        m
    };
    let mut quiet = Vec::new();
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
        for i in 1..parsed.len().saturating_sub(1) {
            let m = material(&parsed[i].1);
            if material(&parsed[i - 1].1) == m && material(&parsed[i + 1].1) == m {
                quiet.push(parsed[i].clone());
            }
        }
    }
    quiet
}

/// The quiet positions of the sample files, as material differences and
/// the rest of the evaluation, and which kinds appear in them.
fn load_samples(files: &[String]) -> (Vec<Sample>, [bool; 7]) {
    let mut zero: Weights = DEFAULT_WEIGHTS.clone();
    zero.material = [0; 7];
    let mut kinds_seen = [false; 7];
    let samples = quiet_positions(files)
        .into_iter()
        .map(|(result, pos)| {
            let mut diff = [0; 7];
            for k in Kind::ALL {
                diff[k as usize] = pos.pieces_of(Color::White, k).count_ones() as i32
                    - pos.pieces_of(Color::Black, k).count_ones() as i32;
                if pos.pieces_of(Color::White, k) | pos.pieces_of(Color::Black, k) != 0 {
                    kinds_seen[k as usize] = true;
                }
            }
            Sample {
                result,
                diff,
                rest: evaluate_white(&pos, &zero) as f64,
            }
        })
        .collect();
    (samples, kinds_seen)
}

/// The logistic scale `k` that minimises `error(k)`, from 1 in steps of
/// 0.5, 0.1 and 0.02, with that error.
fn fit_scale(error: impl Fn(f64) -> f64) -> (f64, f64) {
    let mut k = 1.0;
    let mut best = error(k);
    for step in [0.5, 0.1, 0.02] {
        loop {
            let mut improved = false;
            for cand in [k + step, k - step] {
                if cand > 0.0 {
                    let e = error(cand);
                    if e < best {
                        (best, k, improved) = (e, cand, true);
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    (k, best)
}

/// The weights of [`Weights`] as one vector, in the order of
/// [`WEIGHT_NAMES`] (the tempo last: it is not part of `evaluate_white`).
fn flatten(w: &Weights) -> Vec<i32> {
    let mut v = Vec::new();
    v.extend(w.material);
    v.extend(w.placement);
    v.extend(w.mobility);
    v.extend(w.advance_mg);
    v.extend(w.advance_eg);
    v.extend([w.woozan_chain, w.king_attack, w.king_centre_eg, w.tempo]);
    v
}

fn unflatten(v: &[i32]) -> Weights {
    let take = |from: usize, out: &mut [i32]| out.copy_from_slice(&v[from..from + out.len()]);
    let mut w = DEFAULT_WEIGHTS.clone();
    take(0, &mut w.material);
    take(7, &mut w.placement);
    take(14, &mut w.mobility);
    take(21, &mut w.advance_mg);
    take(32, &mut w.advance_eg);
    w.woozan_chain = v[43];
    w.king_attack = v[44];
    w.king_centre_eg = v[45];
    w.tempo = v[46];
    w
}

fn weight_name(i: usize) -> String {
    match i {
        0..=6 => format!("material[{}]", Kind::ALL[i].name()),
        7..=13 => format!("placement[{}]", Kind::ALL[i - 7].name()),
        14..=20 => format!("mobility[{}]", Kind::ALL[i - 14].name()),
        21..=31 => format!("advance_mg[{}]", i - 21),
        32..=42 => format!("advance_eg[{}]", i - 32),
        43 => "woozan_chain".into(),
        44 => "king_attack".into(),
        45 => "king_centre_eg".into(),
        _ => "tempo".into(),
    }
}

/// `fit-all`: every weight of `evaluate_white` fitted at once. The
/// evaluation is a sum of weight times feature (the phase blend and the
/// king-pressure square are fixed by the position), so each position's
/// features are read from the evaluation one weight at a time (at weight
/// 1000, so its integer divisions lose nothing that matters) and the
/// error of any weights is then a dot product per position.
///
/// `--fixed PREFIX` (repeatable) keeps the weights whose names start with
/// it (`advance`, `mobility[queen]`) as they are.
fn fit_all(args: &[String]) {
    let mut files = Vec::new();
    let mut fixed = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--fixed" {
            fixed.push(it.next().expect("--fixed PREFIX").clone());
        } else {
            files.push(a.clone());
        }
    }
    let quiet = quiet_positions(&files);
    let start = flatten(&DEFAULT_WEIGHTS);
    let n = start.len();
    let unit = |i: usize| {
        let mut v = vec![0; n];
        v[i] = 1000;
        unflatten(&v)
    };
    let units: Vec<Weights> = (0..n).map(unit).collect();
    let features: Vec<Vec<f64>> = quiet
        .par_iter()
        .map(|(_, pos)| {
            units
                .iter()
                .map(|w| evaluate_white(pos, w) as f64 / 1000.0)
                .collect()
        })
        .collect();
    // Fitted: every weight that at least 2% of the positions use, but the
    // woozan (the scale). A rarer one (a woozan on the rank before
    // promotion in the middlegame) would be fitted to a handful of games
    // and run off to any value.
    let woozan = Kind::Woozan as usize;
    let active: Vec<usize> = (0..n)
        .filter(|&i| {
            let used = features.iter().filter(|f| f[i] != 0.0).count();
            let name = weight_name(i);
            i != woozan
                && used * 50 >= features.len()
                && !fixed.iter().any(|f| name.starts_with(f.as_str()))
        })
        .collect();
    // The sum of the features reproduces the evaluation (up to rounding).
    let worst = quiet
        .par_iter()
        .zip(&features)
        .map(|((_, pos), f)| {
            let linear: f64 = f.iter().zip(&start).map(|(x, w)| x * *w as f64).sum();
            (linear - evaluate_white(pos, &DEFAULT_WEIGHTS) as f64).abs()
        })
        .reduce(|| 0.0, f64::max);
    eprintln!(
        "{} positions, {} weights fitted; the features reproduce the evaluation to {worst:.2} cp",
        quiet.len(),
        active.len()
    );
    let error = |w: &[i32], k: f64| -> f64 {
        let terms: Vec<f64> = quiet
            .par_iter()
            .zip(&features)
            .map(|((result, _), f)| {
                let e: f64 = f.iter().zip(w).map(|(x, w)| x * *w as f64).sum();
                (result - 1.0 / (1.0 + (-k * e / 400.0).exp())).powi(2)
            })
            .collect();
        terms.into_iter().sum::<f64>() / quiet.len() as f64
    };
    let mut w = start.clone();
    let (k, mut best) = fit_scale(|k| error(&w, k));
    eprintln!("scale k = {k:.2}, error {best:.6} with the current weights");
    // Material moves in steps five times the others'.
    for step in [4, 2, 1] {
        let mut pass = 0;
        loop {
            let mut improved = false;
            for &i in &active {
                let delta = if i < 7 { 5 * step } else { step };
                for d in [delta, -delta] {
                    let mut cand = w.clone();
                    cand[i] += d;
                    let e = error(&cand, k);
                    if e < best {
                        (best, w, improved) = (e, cand, true);
                    }
                }
            }
            pass += 1;
            eprintln!("step {step}, pass {pass}: error {best:.6}");
            // A weight still walking after 100 passes is fitting noise.
            if !improved || pass == 100 {
                break;
            }
        }
    }
    println!("fitted error {best:.6} (k = {k:.2})");
    for &i in &active {
        if w[i] != start[i] {
            println!("{:<24} {:>5} (was {})", weight_name(i), w[i], start[i]);
        }
    }
    println!("{:#?}", unflatten(&w));
}

fn fit(files: &[String]) {
    let (samples, kinds_seen) = load_samples(files);
    eprintln!("{} positions", samples.len());
    let mut values = DEFAULT_WEIGHTS.material;
    // The fit's time is almost all in the error: timed for the record.
    let timer = std::time::Instant::now();
    let evaluations = std::cell::Cell::new(0u64);
    let error = |samples: &[Sample], w: &[i32; 7], k: f64| {
        evaluations.set(evaluations.get() + 1);
        error(samples, w, k)
    };
    // The scale first, with the current values.
    let (k, mut best) = fit_scale(|k| error(&samples, &values, k));
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
        Some("fit-all") => fit_all(&args[1..]),
        _ => eprintln!(
            "tune: 'generate --variant V --games N --depth D --out FILE', 'fit FILE...' or 'fit-all FILE...'"
        ),
    }
}
