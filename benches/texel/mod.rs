//! Texel's method, shared by the evaluation tuners (`tune_strangechess`,
//! `tune_dysnomia`): reading PGN movetext, and fitting linear weights to
//! game results by minimising the mean squared error between the result
//! and `sigmoid(k * eval / 400)`, first the scale `k` with the starting
//! weights, then each weight by coordinate descent within its bounds.
//!
//! The error is computed on every core (rayon's global pool: set
//! `RAYON_NUM_THREADS` to choose how many), with the same result to the
//! last bit on any number of threads: see [`mean_of`].

use rayon::prelude::*;

/// The moves of one PGN game's movetext (comments, move numbers and the
/// result token dropped).
pub fn movetext_moves(body: &str) -> Vec<String> {
    let mut depth = 0;
    let mut clean = String::new();
    for c in body.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    clean
        .split_whitespace()
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .filter(|t| !t.starts_with(|c: char| c.is_ascii_digit()))
        .map(String::from)
        .collect()
}

/// The games of a PGN text: its tags (a lookup) and its movetext.
pub fn games(text: &str) -> Vec<(Vec<(String, String)>, String)> {
    text.split("[Event ")
        .skip(1)
        .map(|game| {
            let tags = game
                .lines()
                .filter_map(|l| {
                    let l = l.strip_prefix('[')?.strip_suffix("\"]")?;
                    let (name, value) = l.split_once(" \"")?;
                    Some((name.to_string(), value.to_string()))
                })
                .collect();
            let body = game
                .lines()
                .skip(1)
                .filter(|l| !l.starts_with('['))
                .collect::<Vec<_>>()
                .join(" ");
            (tags, body)
        })
        .collect()
}

/// A tag's value.
pub fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A game's result for White (1, 0.5, 0), None if unfinished.
pub fn result(tags: &[(String, String)]) -> Option<f64> {
    match tag(tags, "Result") {
        Some("1-0") => Some(1.0),
        Some("0-1") => Some(0.0),
        Some("1/2-1/2") => Some(0.5),
        _ => None,
    }
}

/// A tuner's command line: `samples PGN... --out FILE` or `fit FILE...`
/// (cargo bench's own `--bench` argument dropped).
pub fn run(tool: &str, samples: fn(&[String]), fit: fn(&[String])) {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.first().map(String::as_str) {
        Some("samples") => samples(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => eprintln!("{tool}: 'samples PGN... --out FILE' or 'fit FILE...'"),
    }
}

/// A command-line option's value: `--name VALUE`.
pub fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// `samples PGN... --out FILE`: replays every finished game of the PGN
/// files (a `FEN` tag gives its start, `start` builds the position) and
/// writes each position after the first 12 plies that `keep` accepts, as
/// `RESULT FEN` with the game's result for White. `play` makes one move
/// given as text (false if refused: the rest of that game is skipped).
pub fn write_samples<P>(
    args: &[String],
    start: impl Fn(Option<&str>) -> P,
    keep: impl Fn(&P) -> bool,
    play: impl Fn(&mut P, &str) -> bool,
    fen: impl Fn(&P) -> String,
) {
    use std::io::Write;
    let out = arg(args, "--out").expect("--out FILE");
    let mut file = std::fs::File::create(&out).expect("create output");
    let (mut played, mut written) = (0, 0);
    for path in args.iter().take_while(|a| *a != "--out") {
        let text = std::fs::read_to_string(path).expect("read PGN");
        for (tags, body) in games(&text) {
            let Some(result) = result(&tags) else {
                continue;
            };
            let mut pos = start(tag(&tags, "FEN"));
            for (ply, m) in movetext_moves(&body).iter().enumerate() {
                if ply >= 12 && keep(&pos) {
                    writeln!(file, "{result} {}", fen(&pos)).unwrap();
                    written += 1;
                }
                if !play(&mut pos, m) {
                    eprintln!("game {}: move {m} refused", played + 1);
                    break;
                }
            }
            played += 1;
        }
    }
    eprintln!("{played} games, {written} positions");
}

/// The `RESULT FEN` lines of sample files, each FEN read by `parse`, in
/// file order (the quiet filters compare neighbours).
pub fn read_samples<P>(files: &[String], parse: impl Fn(&str) -> P) -> Vec<(f64, P)> {
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).expect("read samples");
        for line in text.lines() {
            let (r, fen) = line.split_once(' ').expect("result FEN");
            out.push((r.parse().expect("a result"), parse(fen)));
        }
    }
    out
}

/// A training position: the result for White, its features (White's
/// minus Black's), and the part of the evaluation the weights do not
/// scale, in centipawns for White.
pub struct Sample<const N: usize> {
    pub result: f64,
    pub features: [i32; N],
    pub rest: f64,
}

/// The predicted result; `divisor` divides the weighted features (1, or
/// a tapered evaluation's phase total, whose features are counts times
/// phase).
fn predict<const N: usize>(s: &Sample<N>, w: &[i32; N], k: f64, divisor: f64) -> f64 {
    let lin: i32 = s.features.iter().zip(w).map(|(f, w)| f * w).sum();
    1.0 / (1.0 + (-k * (s.rest + lin as f64 / divisor) / 400.0).exp())
}

/// The mean of `term` over `items`. The terms (the costly part: a dot
/// product and an `exp` each) are computed in parallel, then added up in
/// their order on one thread: floating-point addition is not associative,
/// and this sum is the very one a sequential loop makes, so a fit gives
/// bitwise the same numbers on any number of threads, and the same as
/// before the tuners were parallel.
pub fn mean_of<T: Sync>(items: &[T], term: impl Fn(&T) -> f64 + Sync + Send) -> f64 {
    let terms: Vec<f64> = items.par_iter().map(term).collect();
    terms.into_iter().sum::<f64>() / items.len() as f64
}

/// The mean squared error of the predictions.
pub fn error<const N: usize>(samples: &[Sample<N>], w: &[i32; N], k: f64, divisor: f64) -> f64 {
    mean_of(samples, |s| (s.result - predict(s, w, k, divisor)).powi(2))
}

/// What a fit found.
pub struct Fit<const N: usize> {
    pub weights: [i32; N],
    pub k: f64,
    /// The error with the starting weights (after fitting `k`), and at the
    /// end.
    pub start_error: f64,
    pub error: f64,
}

impl<const N: usize> Fit<N> {
    /// The fit's summary line over `positions` samples.
    pub fn summary(&self, positions: usize) -> String {
        format!(
            "{positions} quiet positions, scale k = {:.2}, error {:.6} -> {:.6}",
            self.k, self.start_error, self.error
        )
    }
}

/// Fits the scale, then the weights. `bounds[i]` limits weight `i` (equal
/// ends fix it); `coarse[i]` weights (material) step by 5 at the finest,
/// the others by 1.
pub fn fit<const N: usize>(
    samples: &[Sample<N>],
    start: [i32; N],
    bounds: &[(i32, i32); N],
    coarse: &[bool; N],
) -> Fit<N> {
    fit_divided(samples, start, bounds, coarse, 1.0)
}

/// [`fit`] for features that are `divisor` times the evaluation's
/// (a tapered evaluation: counts times the phase).
pub fn fit_divided<const N: usize>(
    samples: &[Sample<N>],
    start: [i32; N],
    bounds: &[(i32, i32); N],
    coarse: &[bool; N],
    divisor: f64,
) -> Fit<N> {
    let mut w = start;
    let mut k = 1.0;
    // The fit's time is almost all in the error: timed for the record.
    let timer = std::time::Instant::now();
    let evaluations = std::cell::Cell::new(0u64);
    let error = |samples: &[Sample<N>], w: &[i32; N], k: f64| {
        evaluations.set(evaluations.get() + 1);
        error(samples, w, k, divisor)
    };
    let mut best = error(samples, &w, k);
    for step in [0.5, 0.1, 0.02] {
        loop {
            let mut improved = false;
            for cand in [k + step, k - step] {
                if cand > 0.0 {
                    let e = error(samples, &w, cand);
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
    let start_error = best;
    for step in [40, 10, 5, 1] {
        loop {
            let mut improved = false;
            for i in 0..N {
                if coarse[i] && step == 1 {
                    continue;
                }
                for delta in [step, -step] {
                    let mut cand = w;
                    cand[i] += delta;
                    if !(bounds[i].0..=bounds[i].1).contains(&cand[i]) {
                        continue;
                    }
                    let e = error(samples, &cand, k);
                    if e < best {
                        best = e;
                        w = cand;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    // Every digit (the shortest text that reads back to the same bits):
    // two runs that print the same did the same arithmetic.
    eprintln!(
        "error to the last bit: {start_error} -> {best} (k = {k}); {} evaluations over {} samples in {:.3} s",
        evaluations.get(),
        samples.len(),
        timer.elapsed().as_secs_f64()
    );
    Fit {
        weights: w,
        k,
        start_error,
        error: best,
    }
}
