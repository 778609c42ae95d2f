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
        crate::linelog::describe_limits(&args.limits),
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

/// Fixed bench positions per game: the start and middlegames, promotion
/// races and endings from the perft suites.
pub fn bench_positions(v: Variant) -> &'static [&'static str] {
    match v {
        // The start and three middlegames from Curio's own games (tunnels,
        // a live siege and powers, holes made by spells, shared squares).
        Variant::StrangeChess => &[
            "rxhnbqkbnhxr/1dss1ww1ssd1/pppppmmppppp/5pp5/12/12/12/12/5PP5/PPPPPMMPPPPP/1DSS1WW1SSD1/RXHNBQKBNHXR w KQkq - 0 1",
            "rxdnbqkbnd1x/2ss1ww1ss2/1p1p1mm5/5pp1h1p1/12/p3p2ppp1p/P1P1Ph5P/1P9R/4MPP1H1P1/3P2MPPP1D/R1SS1WW*SS2/1X1NBQKBN1X1 w q - 1 18 tunnels=w1:k2-l3@l3,b1:e10-d11-c12@c12 powers=l12:T",
            "1xdnbqkb4/2ss1ww1ssd1/5m2mn2/r4p2h3/1p1p6p1/p3p1p1pp1p/P1P1PhMp3P/1P1P3P1P2/R1N1MPP1H1P1/4*1*NP2D/2SSWW1*SS2/4B1KB2XR w - d9 0 43",
            "r5kb4/2ssww2ss2/2x5qn2/12/1p2*p4p1/p3p(PH)m4p/P1P2n2P2P/1P3M4P1/7R2K1/3S*1*1XS2/3SWW1*1S1R/4B7 w - - 8 153 powers=i3:C",
        ],
        Variant::Trubix => &[
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1",
            "**k**/fn1nf/wfwqw/1wwwf/*3*/*2F*/*3*/FWW1F/W1WWW/1NQNF/**K** w ACDEace 12 7",
            "**1**/2kq1/w1w1w/f1fwn/*1w1*/*n1f*/*W2*/W1W1Q/3WW/FNWF1/**K** w Eace 6 19",
            "**k**/1nfn1/1qw2/f2w1/*w1w*/*1Wf*/*2W*/1WWF1/F1WN1/Q2NF/**K** w C 28 31",
            "**1**/f3w/1w1wk/n2f1/*1q1*/*F2*/*2W*/1WW2/1WWQW/1F1N1/**K** w CEd 12 31",
            "**1**/1W2k/W3w/5/*3*/*3*/*3*/5/w3W/1w1K1/**1** b - 0 50",
            "**1**/1W1k1/W1f2/5/*1Q1*/*3*/*1q1*/5/w1F2/1w2K/**1** b - 0 60",
        ],
        Variant::Trubix43 => &[
            "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1",
            "*q*k*/fcs1f/www1w/2fwc/*1wf*/*2F*/*3*/FWW1F/W1WWW/1CSCF/*Q*K* w ACDEabce 12 7",
            "*1*k*/1qf1s/f1w1w/www1c/*2w*/*1fW*/*W2*/W2W1/FSW1W/C2CF/*Q*K* w CEce 9 19",
            "*f*1*/1qk2/w1w1w/1c2c/*3*/*3*/*3*/QWF1F/1W1WW/3F1/*1*K* w BDEae 2 31",
            "*w*k*/2c2/f2f1/1wSw1/*2w*/*W1W*/*qs1*/Q1W2/F1W1W/WCF2/*K*1* w CE 21 46",
            "*1*1*/2W1k/w4/5/*3*/*3*/*3*/5/4W/K1w2/*1*1* w - 0 40",
            "*1*1*/1W1Wk/5/5/*3*/*1Q1*/*1q1*/5/5/Kww2/*1*1* b - 0 40",
        ],
        // Searched by ISMCTS on the exact state (see `bench`).
        Variant::RealityCheck => &[
            "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1",
            "rr/nr1nn/1RR1rppb/3bbbn2/7/2PN1PP2/1brBB2/NNRBNB/RN w PBPR/pn -/pp - - 0 11",
            "1/rn2/4pb/nn3bb2/3bn3/5NR1/BP1BN1PP/NNRB1/RR w PNPRBB/- -/pppnprbrrr d5 - 2 26",
            "nr/br1rr/nb1pppr1/4NB2/7/1BP2NPNN1/1PP1BBBR/PR2/NR b -/pnbb RR/nn - pb 0 20",
        ],
        // The start and positions of the perft suite: columns, Kings riding
        // Rooks, a Queen beside columns, a Statue chain with pools, and an
        // open middlegame.
        Variant::Dysnomia => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/3(RRrrp)4/8/4N3/8/4K3 w - - 0 1",
            "4(rk)3/8/8/8/8/2n5/3P4/(RK)7 w - - 0 1",
            "3k4/8/2p5/1(rB)1q4/2(RN)5/8/8/4K3 b - - 0 1",
            "k3T3/8/4P3/8/8/8/p7/4K3 w - - 0 1 pools=-/N/q/-",
            "r1b1k2r/ppp2ppp/2n5/3qp3/3P4/2N2N2/PPP2PPP/R2QKB1R w KQkq - 0 1",
        ],
        // The start, the chessprogramming perft positions 2-6 and two endings.
        Variant::Chess => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/r4PPP/1R4K1 w - - 0 1",
        ],
    }
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

/// How much shallower than the others Strange Chess is benched: its 12x12
/// board has several times the moves per position, so the same depth would
/// take minutes.
pub const STRANGECHESS_BENCH_SHALLOWER: u32 = 8;

/// How much shallower than the others Dysnomia is benched: every turn is
/// played out in full and its check found by simulating the opponent's
/// captures, so a node costs a hundred times a chess node.
pub const DYSNOMIA_BENCH_SHALLOWER: u32 = 10;

/// The depth `bench` searches `v` to when asked for `depth`.
pub fn bench_depth(v: Variant, depth: u32) -> u32 {
    match v {
        Variant::StrangeChess => depth.saturating_sub(STRANGECHESS_BENCH_SHALLOWER).max(1),
        Variant::Dysnomia => depth.saturating_sub(DYSNOMIA_BENCH_SHALLOWER).max(1),
        _ => depth,
    }
}

/// `curio bench`: prints one line per position and the signature line
/// `Bench: <nodes> nodes <nps> nps`. Returns the node total.
pub fn bench(variants: &[Variant], depth: u32, out: &mut impl Write) -> Result<u64, CliError> {
    let mut engine = Engine::new(BENCH_HASH_MIB, 1);
    let mut total = 0u64;
    let mut time = Duration::ZERO;
    for &v in variants {
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
    }
    let nps = (total as f64 / time.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "Bench: {total} nodes {nps} nps")?;
    Ok(total)
}
