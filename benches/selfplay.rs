//! Self-play harness: complete games between Curio settings and simple
//! baseline players, with clocks, for strength measurements until the CECP
//! match runner exists.
//!
//! ```text
//! cargo bench --bench selfplay -- --variant trubix --games 100 \
//!     --a curio --b greedy --tc 1+0.1 [--b-tc 2+0.2] [--a-threads 4] \
//!     [--concurrency 2] [--random-plies 4] [--seed 1]
//! ```
//!
//! `--a-material Q,N,C,S,F,W` gives player A other piece values (A/B tests
//! of evaluation weights).
//!
//! Players: `curio` (the engine on its clock), `greedy` (best static
//! evaluation after one ply, mates first, random among equals) and `random`.
//! Colours alternate within each pair of games from the same opening (P
//! seeded random plies). Prints one line per game, then the score of A
//! with an Elo difference and its 95% interval, and a digest of every
//! game's moves in game order.
//!
//! Games run in parallel on a rayon pool of `--concurrency` threads. Each
//! game has its own players, seeded from the game's number: with
//! `--depth D` (Curio searches D plies, no clocks) the games, and so the
//! digest, are the same for a seed whatever the concurrency.

use engine::limits::{Clock, Limits};
use engine::observer::Silent;
use engine::{Engine, SearchOptions};
use eval::trubix::{Weights, DEFAULT};
use eval::EvalConfig;
use movegen::game::{Color, Game, MoveList, Notation, Outcome};
use movegen::trubix::{Board, Move, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
struct Spec {
    kind: String,
    base: Duration,
    inc: Duration,
    threads: usize,
    hash: usize,
    /// Evaluation weights for this player (single-threaded players only).
    weights: &'static Weights,
    /// Curio searches this deep, and no clock runs (`--depth`).
    depth: Option<u32>,
}

trait Player {
    /// A move in `pos`, evaluating with `eval` (this player's weights).
    fn choose(&mut self, pos: &Position, history: &[u64], clock: Clock, eval: &EvalConfig) -> Move;
    fn new_game(&mut self) {}
}

/// A baseline of `engine::baseline` (random, or greedy: one ply of
/// lookahead, mates first, else the best static evaluation).
struct Baseline(engine::baseline::Player, StdRng);

impl Player for Baseline {
    fn choose(&mut self, pos: &Position, history: &[u64], _: Clock, eval: &EvalConfig) -> Move {
        engine::baseline::choose(self.0, eval, pos, history, self.1.gen())
            .expect("a legal move exists")
    }
}

struct CurioPlayer {
    engine: Engine,
    /// A fixed depth instead of the clock (`--depth`).
    depth: Option<u32>,
}

impl Player for CurioPlayer {
    fn choose(&mut self, pos: &Position, history: &[u64], clock: Clock, eval: &EvalConfig) -> Move {
        self.engine.set_eval(*eval);
        let limits = match self.depth {
            Some(d) => Limits::depth(d),
            None => Limits {
                clock: Some(clock),
                ..Limits::default()
            },
        };
        let r = self.engine.search(
            pos,
            history,
            &limits,
            &SearchOptions::default(),
            &mut Silent,
        );
        r.best.expect("a legal move exists")
    }

    fn new_game(&mut self) {
        self.engine.new_game();
    }
}

fn make_player(spec: &Spec, seed: u64) -> Box<dyn Player> {
    match spec.kind.as_str() {
        "random" | "greedy" => Box::new(Baseline(
            spec.kind.parse().expect("a baseline"),
            StdRng::seed_from_u64(seed),
        )),
        "curio" => {
            let mut engine = Engine::new(spec.hash, spec.threads);
            // Trubix only: both boards take the same contempt.
            engine.set_contempt(eval::default_contempt(movegen::Variant::Trubix));
            Box::new(CurioPlayer {
                engine,
                depth: spec.depth,
            })
        }
        other => panic!("unknown player '{other}' (curio, greedy, random)"),
    }
}

#[derive(Clone, Debug)]
struct SelfPlayGame {
    /// Points for player A: 1, 0.5 or 0.
    a_points: f64,
    reason: String,
    plies: usize,
    moves: String,
    /// Whether A had White.
    a_white: bool,
}

const MAX_PLIES: usize = 600;

fn play(
    board: Board,
    opening: &[Move],
    players: [&mut dyn Player; 2],
    specs: [&Spec; 2],
) -> (Option<Color>, String, usize, String) {
    let mut pos = Position::start(board);
    let mut history = Vec::new();
    let mut text = Vec::new();
    for &m in opening {
        text.push(pos.move_to_string(m));
        history.push(pos.key());
        pos.make(m);
    }
    let mut left = [specs[0].base, specs[1].base];
    let [white, black] = players;
    let mut players: [&mut dyn Player; 2] = [white, black];
    for p in players.iter_mut() {
        p.new_game();
    }
    loop {
        if let Some(o) = pos.outcome(&history) {
            return match o {
                Outcome::Win { winner, reason } => (
                    Some(winner),
                    reason.describe().to_string(),
                    history.len(),
                    text.join(" "),
                ),
                Outcome::Draw { reason } => (
                    None,
                    reason.describe().to_string(),
                    history.len(),
                    text.join(" "),
                ),
            };
        }
        if history.len() >= MAX_PLIES {
            return (
                None,
                "adjudicated: 600 plies".into(),
                history.len(),
                text.join(" "),
            );
        }
        let side = pos.side_to_move().index();
        let clock = Clock {
            remaining: left[side],
            increment: specs[side].inc,
            moves_to_go: None,
        };
        let eval = EvalConfig {
            trubix: specs[side].weights,
            ..EvalConfig::DEFAULT
        };
        let t = Instant::now();
        let m = players[side].choose(&pos, &history, clock, &eval);
        let spent = t.elapsed();
        // At a fixed depth no clock runs: a game must not depend on time.
        if specs[side].depth.is_none() && spent > left[side] {
            let loser = pos.side_to_move();
            return (
                Some(loser.flip()),
                format!("{} lost on time", loser.name()),
                history.len(),
                text.join(" "),
            );
        }
        left[side] = left[side].saturating_sub(spent) + specs[side].inc;
        assert!(pos.is_legal(m), "illegal move from a player");
        text.push(pos.move_to_string(m));
        history.push(pos.key());
        pos.make(m);
    }
}

fn parse_tc(s: &str) -> (Duration, Duration) {
    let (b, i) = s.split_once('+').unwrap_or((s, "0"));
    let secs = |x: &str| {
        Duration::from_secs_f64(
            x.parse::<f64>()
                .unwrap_or_else(|_| panic!("bad time control '{s}'")),
        )
    };
    (secs(b), secs(i))
}

fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / s - 1.0).log10()
}

const OPTIONS: &[&str] = &[
    "--variant",
    "--games",
    "--tc",
    "--a",
    "--b",
    "--a-tc",
    "--b-tc",
    "--a-threads",
    "--b-threads",
    "--a-material",
    "--b-material",
    "--hash",
    "--concurrency",
    "--random-plies",
    "--seed",
    "--depth",
];

const USAGE: &str = "\
usage: cargo bench --bench selfplay -- [OPTION VALUE]...
  --variant trubix|trubix43   game (trubix)
  --games N                   games to play (20)
  --a P, --b P                players: curio, greedy or random (curio)
  --tc B+I                    clock for both, seconds (1+0.1)
  --a-tc B+I, --b-tc B+I      clock for one player
  --a-threads N, --b-threads N
                              Curio's search threads (1; at most one per core runs)
  --a-material Q,N,C,S,F,W    other piece values for A, centipawns
  --b-material Q,N,C,S,F,W    the same for B
  --hash MB                   Curio's transposition table (16)
  --concurrency N             games at once (1)
  --random-plies P            random plies of each pair's opening (4)
  --seed S                    seed of the openings and the baselines' choices (1)
  --depth D                   Curio searches D plies and no clock runs: the
                              games depend on the seed alone";

/// The run a command line asks for.
struct Run {
    board: Board,
    specs: [Spec; 2],
    games: usize,
    concurrency: usize,
    random_plies: usize,
    seed: u64,
}

/// Reads the command line; None after `--help`. Every option takes a
/// value; anything else is refused before a long run starts with a
/// setting silently ignored.
fn parse_args() -> Option<Run> {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if args.is_empty() || args.iter().any(|a| a == "--help" || a == "-h") {
        eprintln!("{USAGE}");
        return None;
    }
    let mut rest = args.iter();
    while let Some(name) = rest.next() {
        if !OPTIONS.contains(&name.as_str()) {
            eprintln!("selfplay: unknown option '{name}'\n\n{USAGE}");
            std::process::exit(2);
        }
        if rest.next().is_none() {
            eprintln!("selfplay: {name} needs a value");
            std::process::exit(2);
        }
    }
    let get = |name: &str| {
        args.iter().position(|a| a == name).map(|i| {
            args.get(i + 1)
                .cloned()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        })
    };
    let board = match get("--variant").as_deref() {
        Some("trubix43") => Board::T43,
        Some("trubix") | None => Board::T41,
        Some(v) => panic!("unknown variant {v}"),
    };
    let (base, inc) = parse_tc(&get("--tc").unwrap_or_else(|| "1+0.1".into()));
    let depth: Option<u32> = get("--depth").map(|d| d.parse().expect("--depth D"));
    let spec = |side: &str| {
        let (b, i) = get(&format!("--{side}-tc")).map_or((base, inc), |t| parse_tc(&t));
        Spec {
            kind: get(&format!("--{side}")).unwrap_or_else(|| "curio".into()),
            base: b,
            inc: i,
            threads: get(&format!("--{side}-threads")).map_or(1, |t| t.parse().unwrap()),
            hash: get("--hash").map_or(16, |h| h.parse().unwrap()),
            depth,
            weights: match get(&format!("--{side}-material")) {
                None => &DEFAULT,
                Some(list) => {
                    // Q,N,C,S,F,W in centipawns.
                    let v: Vec<i32> = list
                        .split(',')
                        .map(|x| x.parse().expect("--X-material Q,N,C,S,F,W"))
                        .collect();
                    assert_eq!(v.len(), 6, "--{side}-material needs Q,N,C,S,F,W");
                    let mut w = DEFAULT.clone();
                    w.material = [0, v[0], v[1], v[2], v[3], v[4], v[5]];
                    Box::leak(Box::new(w))
                }
            },
        }
    };
    Some(Run {
        board,
        specs: [spec("a"), spec("b")],
        games: get("--games").map_or(20, |g| g.parse().unwrap()),
        concurrency: get("--concurrency").map_or(1, |c| c.parse().unwrap()),
        random_plies: get("--random-plies").map_or(4, |p| p.parse().unwrap()),
        seed: get("--seed").map_or(1, |s| s.parse().unwrap()),
    })
}

/// Game `g` of the run: players of this game alone, seeded from its
/// number, so that a game does not depend on which thread plays it, nor
/// on the games played before it.
fn play_game(run: &Run, g: usize) -> SelfPlayGame {
    let specs = &run.specs;
    let game_seed = run.seed.wrapping_mul(1_000_003).wrapping_add(2 * g as u64);
    let mut a = make_player(&specs[0], game_seed);
    let mut b = make_player(&specs[1], game_seed + 1);
    // Both games of a pair share the opening.
    let mut rng = StdRng::seed_from_u64(run.seed.wrapping_mul(7919) + (g / 2) as u64);
    let mut pos = Position::start(run.board);
    let mut opening = Vec::new();
    for _ in 0..run.random_plies {
        let mut l = MoveList::new();
        pos.legal_moves(&mut l);
        let m = l[rng.gen_range(0..l.len())];
        opening.push(m);
        pos.make(m);
    }
    let a_white = g.is_multiple_of(2);
    let (winner, reason, plies, moves) = if a_white {
        play(
            run.board,
            &opening,
            [a.as_mut(), b.as_mut()],
            [&specs[0], &specs[1]],
        )
    } else {
        play(
            run.board,
            &opening,
            [b.as_mut(), a.as_mut()],
            [&specs[1], &specs[0]],
        )
    };
    let a_color = if a_white { Color::White } else { Color::Black };
    let a_points = match winner {
        None => 0.5,
        Some(c) if c == a_color => 1.0,
        Some(_) => 0.0,
    };
    SelfPlayGame {
        a_points,
        reason,
        plies,
        moves,
        a_white,
    }
}

/// The final tally of the games, in game order: score, Elo with its 95%
/// interval, the ways games ended, and a digest of every game.
fn report(all: &[SelfPlayGame], elapsed: Duration) {
    let n = all.len() as f64;
    let wins = all.iter().filter(|r| r.a_points == 1.0).count();
    let losses = all.iter().filter(|r| r.a_points == 0.0).count();
    let draws = all.len() - wins - losses;
    let s = all.iter().map(|r| r.a_points).sum::<f64>() / n;
    let var = all.iter().map(|r| (r.a_points - s).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let (lo, hi) = (s - 1.96 * se, s + 1.96 * se);
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in all {
        match reasons.iter_mut().find(|x| x.0 == r.reason) {
            Some(x) => x.1 += 1,
            None => reasons.push((r.reason.clone(), 1)),
        }
    }
    println!(
        "{} games in {:.0} s: A {} wins, {} losses, {} draws; score {:.1}% (95%: {:.1}%..{:.1}%); Elo {:+.0} (95%: {:+.0}..{:+.0})",
        all.len(),
        elapsed.as_secs_f64(),
        wins,
        losses,
        draws,
        100.0 * s,
        100.0 * lo.max(0.0),
        100.0 * hi.min(1.0),
        elo(s),
        elo(lo),
        elo(hi)
    );
    for (r, c) in reasons {
        println!("  {c:>4} {r}");
    }
    // Which games were played, in one number: FNV-1a over every game's
    // moves and result, in game order (equal digests, equal games).
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for r in all {
        for b in format!("{} {}\n", r.moves, r.a_points).bytes() {
            digest = (digest ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("games digest {digest:016x}");
}

fn main() {
    let Some(run) = parse_args() else {
        return;
    };
    eprintln!("A = {:?}\nB = {:?}", run.specs[0], run.specs[1]);
    let games = run.games;
    let done: Mutex<Vec<f64>> = Mutex::new(Vec::new());
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(run.concurrency)
        .build()
        .expect("start the game threads");
    let all: Vec<SelfPlayGame> = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|g| {
                let rec = play_game(&run, g);
                // Progress as games end (in any order); the tally is in
                // game order.
                let mut finished = done.lock().unwrap();
                finished.push(rec.a_points);
                let n = finished.len();
                let pts: f64 = finished.iter().sum();
                eprintln!(
                    "game {:>4}/{games}  A {} {:<5} {:>3} plies  {:<28}  A score {:.1}/{n}",
                    g + 1,
                    if rec.a_white { "white" } else { "black" },
                    if rec.a_points == 1.0 {
                        "win"
                    } else if rec.a_points == 0.0 {
                        "loss"
                    } else {
                        "draw"
                    },
                    rec.plies,
                    rec.reason,
                    pts
                );
                if std::env::var("SELFPLAY_MOVES").is_ok() {
                    eprintln!("  {}", rec.moves);
                }
                rec
            })
            .collect()
    });
    report(&all, start.elapsed());
}
