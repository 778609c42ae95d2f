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
use std::io::Write;

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// The moves of one PGN game's movetext (comments, numbers and the result
/// token dropped).
fn movetext_moves(body: &str) -> Vec<String> {
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

fn samples(args: &[String]) {
    let out = arg(args, "--out").expect("--out FILE");
    let mut file = std::fs::File::create(&out).expect("create output");
    let mut games = 0;
    let mut written = 0;
    for path in args.iter().take_while(|a| *a != "--out") {
        let text = std::fs::read_to_string(path).expect("read PGN");
        for game in text.split("[Event ").skip(1) {
            let tag = |name: &str| {
                game.lines().find_map(|l| {
                    l.strip_prefix(&format!("[{name} \""))
                        .map(|x| x.trim_end_matches("\"]").to_string())
                })
            };
            let result = match tag("Result").as_deref() {
                Some("1-0") => 1.0,
                Some("0-1") => 0.0,
                Some("1/2-1/2") => 0.5,
                _ => continue,
            };
            let mut pos = match tag("FEN") {
                Some(f) => Position::from_fen(&f).expect("FEN tag"),
                None => Position::start(),
            };
            let body: String = game
                .lines()
                .skip(1)
                .filter(|l| !l.starts_with('['))
                .collect::<Vec<_>>()
                .join(" ");
            for (ply, m) in movetext_moves(&body).iter().enumerate() {
                if ply >= 12 && !pos.in_check() {
                    writeln!(file, "{result} {}", pos.to_fen()).unwrap();
                    written += 1;
                }
                let Ok(mv) = pos.parse_move(m) else {
                    eprintln!("game {}: move {m} refused", games + 1);
                    break;
                };
                pos.make(mv);
            }
            games += 1;
        }
    }
    eprintln!("{games} games, {written} positions");
}

struct Sample {
    result: f64,
    features: [i32; FEATURES],
    rest: f64,
}

fn predict(s: &Sample, w: &[i32; FEATURES], k: f64) -> f64 {
    let lin: i32 = s.features.iter().zip(w).map(|(f, w)| f * w).sum();
    1.0 / (1.0 + (-k * (s.rest + lin as f64) / 400.0).exp())
}

fn error(samples: &[Sample], w: &[i32; FEATURES], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - predict(s, w, k)).powi(2))
        .sum::<f64>()
        / samples.len() as f64
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
    for f in files {
        let text = std::fs::read_to_string(f).expect("read samples");
        let parsed: Vec<(f64, Position)> = text
            .lines()
            .map(|line| {
                let (r, fen) = line.split_once(' ').expect("result FEN");
                (r.parse().unwrap(), Position::from_fen(fen).expect("FEN"))
            })
            .collect();
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
            samples.push(Sample {
                result,
                features: t.features,
                rest: (t.rest + tempo) as f64,
            });
        }
    }
    eprintln!("{} quiet positions", samples.len());
    let mut w = HANDSET.to_vec();
    let mut k = 1.0;
    let mut best = error(&samples, &w, k);
    for step in [0.5, 0.1, 0.02] {
        loop {
            let mut improved = false;
            for cand in [k + step, k - step] {
                if cand > 0.0 {
                    let e = error(&samples, &w, cand);
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
    let start = best;
    eprintln!("scale k = {k:.2}, error {best:.6} with the hand-set weights");
    for step in [40, 10, 5, 1] {
        loop {
            let mut improved = false;
            for i in 1..FEATURES {
                // Material steps coarsely; the small terms step by one too.
                if i < 11 && step == 1 {
                    continue;
                }
                for delta in [step, -step] {
                    let mut cand = w;
                    cand[i] += delta;
                    if !(BOUNDS[i].0..=BOUNDS[i].1).contains(&cand[i]) {
                        continue;
                    }
                    let e = error(&samples, &cand, k);
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
    println!(
        "{} quiet positions, scale k = {k:.2}, error {start:.6} -> {best:.6}",
        samples.len()
    );
    let old = HANDSET.to_vec();
    for i in 0..FEATURES {
        println!("{:<16} {:>5} (hand-set {})", name(i), w[i], old[i]);
    }
    println!("{:?}", Weights::from_vec(&w));
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.first().map(String::as_str) {
        Some("samples") => samples(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => eprintln!("tune_strangechess: 'samples PGN... --out FILE' or 'fit FILE...'"),
    }
}
