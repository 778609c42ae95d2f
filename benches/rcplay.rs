//! In-process Reality Check games between players (no processes, no
//! protocol): a quick way to measure and tune the ISMCTS player. Each player
//! sees only its own information state, updated from the observations the
//! referee would send; the referee here holds the true state.
//!
//! cargo bench --bench rcplay -- --a ismcts --b flat --games 100 \
//!     --ms 100 [--b-ms 200] [--a-threads 2] [--a-c 0.7] [--a-playout 24]
//!     [--concurrency 2] [--seed 1]
//!
//! Players: random, greedy, flat, ismcts, cheat.

use engine::mcts::{MctsConfig, MctsLimits};
use engine::players::{choose, choose_setup, PlayerKind};
use movegen::game::{Color, Game, Notation, Outcome};
use movegen::realitycheck::info::{observe, InfoState};
use movegen::realitycheck::Position;
use protocol::referee::stats::Wld;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Duration;

#[derive(Clone, Copy)]
struct Side {
    kind: PlayerKind,
    ms: u64,
    threads: usize,
    exploration: f32,
    playout: u32,
}

/// Plays one game; returns the outcome and the number of plies.
fn play(white: Side, black: Side, seed: u64) -> (Option<Outcome>, usize, u64) {
    let ws = choose_setup(seed * 2);
    let bs = choose_setup(seed * 2 + 1);
    let mut pos = Position::from_setups(&ws, &bs);
    let mut info = [
        InfoState::new(Color::White, &ws),
        InfoState::new(Color::Black, &bs),
    ];
    let mut history = Vec::new();
    let stop = AtomicBool::new(false);
    let mut iterations = 0;
    for ply in 0..1000 {
        if let Some(o) = pos.outcome(&history) {
            return (Some(o), ply, iterations);
        }
        let side = pos.side_to_move();
        let me = if side == Color::White { white } else { black };
        let config = MctsConfig {
            threads: me.threads,
            seed: seed.wrapping_mul(1000).wrapping_add(ply as u64),
            exploration: me.exploration,
            playout_plies: me.playout,
        };
        let limits = MctsLimits::time(Duration::from_millis(me.ms));
        let r = choose(me.kind, &info[side.index()], &pos, &limits, &config, &stop);
        iterations += r.iterations;
        let m = r.best.expect("a legal turn");
        assert!(
            pos.is_legal(m),
            "illegal {} at {}",
            pos.move_to_string(m),
            pos.fen()
        );
        for (i, state) in info.iter_mut().enumerate() {
            let observer = if i == 0 { Color::White } else { Color::Black };
            let obs = observe(&pos, m, observer);
            state
                .update((observer == side).then_some(m), &obs)
                .expect("consistent");
        }
        history.push(pos.key());
        pos.make(m);
    }
    (None, 1000, iterations)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let get = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let side = |s: &str| Side {
        kind: get(&format!("--{s}"))
            .unwrap_or_else(|| "ismcts".into())
            .parse()
            .unwrap(),
        ms: get(&format!("--{s}-ms"))
            .or_else(|| get("--ms"))
            .map_or(100, |v| v.parse().unwrap()),
        threads: get(&format!("--{s}-threads")).map_or(1, |v| v.parse().unwrap()),
        exploration: get(&format!("--{s}-c"))
            .map_or(MctsConfig::default().exploration, |v| v.parse().unwrap()),
        playout: get(&format!("--{s}-playout"))
            .map_or(MctsConfig::default().playout_plies, |v| v.parse().unwrap()),
    };
    let (a, b) = (side("a"), side("b"));
    let games: usize = get("--games").map_or(20, |g| g.parse().unwrap());
    let concurrency: usize = get("--concurrency").map_or(1, |c| c.parse().unwrap());
    let seed: u64 = get("--seed").map_or(1, |s| s.parse().unwrap());
    let next = AtomicUsize::new(0);
    let results = Mutex::new((Wld::default(), [0u32; 3], 0u64, 0usize));
    std::thread::scope(|s| {
        for _ in 0..concurrency {
            s.spawn(|| loop {
                let g = next.fetch_add(1, Relaxed);
                if g >= games {
                    break;
                }
                // Colours alternate: A is White in even games.
                let a_white = g.is_multiple_of(2);
                let (w, bl) = if a_white { (a, b) } else { (b, a) };
                let (o, plies, its) = play(w, bl, seed * 100_000 + g as u64);
                let mut r = results.lock().unwrap();
                let a_color = if a_white { Color::White } else { Color::Black };
                match o {
                    Some(Outcome::Win { winner, .. }) if winner == a_color => r.0.wins += 1,
                    Some(Outcome::Win { .. }) => r.0.losses += 1,
                    _ => r.0.draws += 1,
                }
                match o {
                    Some(Outcome::Win { winner: Color::White, .. }) => r.1[0] += 1,
                    Some(Outcome::Win { .. }) => r.1[1] += 1,
                    _ => r.1[2] += 1,
                }
                r.2 += its;
                r.3 += plies;
                let (elo, lo, hi) = r.0.elo();
                eprintln!(
                    "game {:>4}/{games}: {} ({plies} plies)  A: +{} -{} ={}  Elo {elo:+.0} [{lo:+.0}, {hi:+.0}]",
                    g + 1,
                    o.map_or("unfinished".to_string(), |o| format!("{} {:?}", o.result_token(), o)),
                    r.0.wins,
                    r.0.losses,
                    r.0.draws
                );
            });
        }
    });
    let r = results.into_inner().unwrap();
    let (elo, lo, hi) = r.0.elo();
    println!(
        "A={:?} {}ms vs B={:?} {}ms, {} games: A +{} -{} ={} score {:.1}%  Elo {elo:+.0} (95%: {lo:+.0} to {hi:+.0}); white/black/draw {:?}; avg plies {:.0}",
        a.kind,
        a.ms,
        b.kind,
        b.ms,
        r.0.games(),
        r.0.wins,
        r.0.losses,
        r.0.draws,
        100.0 * r.0.score(),
        r.1,
        r.3 as f64 / r.0.games().max(1) as f64
    );
}
