//! `curio analyze` and `curio bench`: searches from the command line.

use crate::cli::{position_from, CliError};
use engine::limits::Limits;
use engine::observer::{Iteration, Observer};
use engine::score::mate_in_moves;
use engine::{Engine, SearchOptions};
use eval::Evaluator;
use movegen::game::Notation;
use movegen::Variant;
use std::io::Write;
use std::time::{Duration, Instant};

/// A score as text: `cp 35` or `mate 3` / `mate -2` (moves).
pub fn score_text(s: i32) -> String {
    match mate_in_moves(s) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {s}"),
    }
}

/// A game's end in words: `1-0 (white wins by checkmate)`, `1/2-1/2 (draw
/// by repetition)`.
pub fn outcome_text(o: movegen::Outcome) -> String {
    match o {
        movegen::Outcome::Win { winner, reason } => format!(
            "{} ({} wins by {})",
            o.result_token(),
            winner.name(),
            reason.describe()
        ),
        movegen::Outcome::Draw { reason } => {
            format!("{} (draw by {})", o.result_token(), reason.describe())
        }
    }
}

/// Move texts of a line played out from `root`.
pub fn line_text<G: Notation>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(pos.move_to_string(m));
        pos.make(m);
    }
    out
}

/// Prints every iteration as one line.
struct Printer<'a, G: Notation, W: Write> {
    root: &'a G,
    out: &'a mut W,
    error: Option<std::io::Error>,
}

impl<G: Notation, W: Write> Observer<G::Move> for Printer<'_, G, W> {
    fn iteration(&mut self, it: &Iteration<G::Move>) {
        let line = format!(
            "depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
            it.depth,
            it.seldepth,
            it.multipv,
            score_text(it.score),
            it.nodes,
            it.nps(),
            it.time.as_millis(),
            line_text(self.root, &it.pv).join(" ")
        );
        if let Err(e) = writeln!(self.out, "{line}").and_then(|_| self.out.flush()) {
            self.error.get_or_insert(e);
        }
    }
}

/// What `curio analyze` was asked to do.
#[derive(Clone, Debug)]
pub struct AnalyzeArgs {
    pub variant: Variant,
    pub fen: Option<String>,
    pub moves: Option<String>,
    pub limits: Limits,
    pub multipv: usize,
    pub threads: usize,
    pub hash_mib: usize,
}

pub fn analyze(args: &AnalyzeArgs, out: &mut impl Write) -> Result<(), CliError> {
    if args.multipv == 0 || args.threads == 0 || args.hash_mib == 0 {
        return Err(CliError(
            "--multipv, --threads and --hash must be at least 1".into(),
        ));
    }
    // Refused before anything is printed or allocated.
    engine::tt::check_hash_mib(args.hash_mib).map_err(|e| CliError(format!("--hash {e}")))?;
    let any = position_from(args.variant, args.fen.as_deref(), args.moves.as_deref())?;
    let running = engine::threads_that_run_here(args.threads);
    if running < args.threads {
        writeln!(
            out,
            "note: {} threads asked for, {running} run: one per core of this machine",
            args.threads
        )?;
    }
    let mut engine = Engine::try_new(args.hash_mib, args.threads)
        .map_err(|e| CliError(format!("--hash {e}")))?;
    movegen::with_search!(any,
        alphabeta pos => run_analysis(&mut engine, &pos, &[], args, out),
        ismcts pos => analyze_hidden(&pos, args, out))
}

/// Reality Check: ISMCTS on the given full-information position (the
/// analyst sees both sides' faces). `--nodes` limits iterations; without a
/// limit it thinks for one second.
fn analyze_hidden(
    pos: &movegen::realitycheck::Position,
    args: &AnalyzeArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if args.limits.depth.is_some() {
        return Err(CliError(
            "analyze: realitycheck is searched by ISMCTS; use --movetime or --nodes (iterations), not --depth".into(),
        ));
    }
    let mut limits = engine::mcts::MctsLimits {
        time: args.limits.movetime,
        iterations: args.limits.nodes,
    };
    if limits.time.is_none() && limits.iterations.is_none() {
        limits.time = Some(Duration::from_secs(1));
    }
    let config = engine::mcts::MctsConfig {
        threads: engine::threads_that_run_here(args.threads),
        ..engine::mcts::MctsConfig::default()
    };
    let exact = |_: &mut eval::montecarlo::SplitMix| *pos;
    let r = engine::mcts::ismcts(
        &exact,
        &[],
        &limits,
        &config,
        &std::sync::atomic::AtomicBool::new(false),
    );
    let Some(best) = r.best else {
        writeln!(out, "bestmove (none)")?;
        return Ok(());
    };
    writeln!(
        out,
        "info ismcts iterations {} nodes {} ips {} time {} value {:.3} visits {} pv {}",
        r.iterations,
        r.nodes,
        r.ips(),
        r.elapsed.as_millis(),
        r.value,
        r.visits,
        pos.move_to_string(best)
    )?;
    writeln!(out, "bestmove {}", pos.move_to_string(best))?;
    Ok(())
}

fn run_analysis<G: Evaluator + Notation>(
    engine: &mut Engine,
    pos: &G,
    history: &[u64],
    args: &AnalyzeArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if let Some(o) = pos.outcome(history) {
        writeln!(out, "game over: {} ({})", o.result_token(), describe(o))?;
        return Ok(());
    }
    let mut printer = Printer {
        root: pos,
        out,
        error: None,
    };
    log::info!(
        "analyze {}: {}; {} thread(s), {} MiB",
        pos.to_fen(),
        crate::linelog::describe_limits(&args.limits, G::SEARCH.clock_horizon),
        args.threads,
        args.hash_mib
    );
    let r = engine.search(
        pos,
        history,
        &args.limits,
        &SearchOptions {
            multipv: args.multipv,
            ..SearchOptions::default()
        },
        &mut printer,
    );
    if let Some(e) = printer.error {
        return Err(e.into());
    }
    let best = r
        .best
        .map(|m| pos.move_to_string(m))
        .unwrap_or_else(|| "(none)".into());
    log::info!(
        "analyze: best {best}, depth {}, {} nodes in {:.3} s",
        r.depth,
        r.nodes,
        r.time.as_secs_f64()
    );
    writeln!(out, "bestmove {best}")?;
    Ok(())
}

fn describe(o: movegen::Outcome) -> String {
    match o {
        movegen::Outcome::Win { winner, reason } => {
            format!("{} wins by {}", winner.name(), reason.describe())
        }
        movegen::Outcome::Draw { reason } => format!("draw by {}", reason.describe()),
    }
}

/// Fixed bench positions per game (its card's): the start and
/// middlegames, promotion races and endings from the perft suites.
pub fn bench_positions(v: Variant) -> &'static [&'static str] {
    v.card().bench_fens
}

/// ISMCTS iterations per Reality Check bench position. The bench searches
/// the exact state (one determinization, always the truth): sampling from an
/// information state costs one array lookup more per iteration, so the speed
/// is the same and the signature does not depend on world-set details.
pub const BENCH_MCTS_ITERATIONS: u64 = 4000;

/// Bench depth and hash: fixed, so the node count is a signature of the
/// search's behaviour.
pub const BENCH_DEPTH: u32 = 13;
pub const BENCH_HASH_MIB: usize = 16;

/// The depth `bench` searches `v` to when asked for `depth`: shallower
/// by the card's `bench_shallower` for games whose nodes cost far more.
pub fn bench_depth(v: Variant, depth: u32) -> u32 {
    depth.saturating_sub(v.card().bench_shallower).max(1)
}

/// One game's share of a bench run: its nodes and the time they took.
#[derive(Clone, Copy, Debug)]
pub struct GameSpeed {
    pub variant: Variant,
    pub nodes: u64,
    pub time: Duration,
}

impl GameSpeed {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// `curio bench`: prints one line per position and the signature line
/// `Bench: <nodes> nodes <nps> nps`. Returns each game's nodes and time
/// (the signature's total is their sum): the whole run's speed is mostly
/// chess's and Trubix's, and a game's own speed is what its work changes.
pub fn bench(
    variants: &[Variant],
    depth: u32,
    out: &mut impl Write,
) -> Result<Vec<GameSpeed>, CliError> {
    let mut engine = Engine::new(BENCH_HASH_MIB, 1);
    let mut total = 0u64;
    let mut time = Duration::ZERO;
    let mut games = Vec::new();
    for &v in variants {
        let (nodes_before, time_before) = (total, time);
        let depth = bench_depth(v, depth);
        for (i, fen) in bench_positions(v).iter().enumerate() {
            let any = position_from(v, Some(fen), None)?;
            engine.new_game();
            let start = Instant::now();
            let (nodes, score, best) = movegen::with_search!(any,
            alphabeta pos => {
                let r = engine.search(&pos, &[], &Limits::depth(depth), &SearchOptions::default(), &mut engine::observer::Silent);
                (r.nodes, r.score, r.best.map(|m| pos.move_to_string(m)).unwrap_or_default())
            },
            ismcts pos => {
                let exact = |_: &mut eval::montecarlo::SplitMix| pos;
                let r = engine::mcts::ismcts(
                    &exact,
                    &[],
                    &engine::mcts::MctsLimits::iterations(BENCH_MCTS_ITERATIONS),
                    &engine::mcts::MctsConfig::default(),
                    &std::sync::atomic::AtomicBool::new(false),
                );
                time += start.elapsed();
                total += r.nodes;
                writeln!(
                    out,
                    "{:<12} {:>2}  iterations {BENCH_MCTS_ITERATIONS}  nodes {:>10}  value {:.3}  best {}",
                    v.id(),
                    i + 1,
                    r.nodes,
                    r.value,
                    r.best.map(|m| pos.move_to_string(m)).unwrap_or_default()
                )?;
                continue;
            });
            time += start.elapsed();
            total += nodes;
            log::debug!(
                "bench {} {}: {nodes} nodes in {:.3} s",
                v.id(),
                i + 1,
                start.elapsed().as_secs_f64()
            );
            writeln!(
                out,
                "{:<12} {:>2}  depth {depth}  nodes {nodes:>10}  score {:<9} best {best}",
                v.id(),
                i + 1,
                score_text(score)
            )?;
        }
        games.push(GameSpeed {
            variant: v,
            nodes: total - nodes_before,
            time: time - time_before,
        });
    }
    let nps = (total as f64 / time.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "Bench: {total} nodes {nps} nps")?;
    Ok(games)
}
