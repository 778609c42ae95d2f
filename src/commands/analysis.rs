//! `curio perft`, `curio analyze` and `curio bench`: counting and
//! searching positions.

use super::parse_variant;
use engine::limits::Limits;
use movegen::Variant;
use protocol::analysis::{self, AnalyzeArgs};
use protocol::cli::{self, CliError, PerftArgs};
use std::io;
use std::time::Duration;

/// Deepest `curio bench --depth`: each ply multiplies the time, and 30 is
/// already far beyond a day.
const MAX_BENCH_DEPTH: u32 = 30;

/// Options of `curio perft`.
#[derive(clap::Args)]
pub struct PerftOpts {
    /// Game to use (see `curio variants`)
    #[arg(long, short = 'v')]
    pub variant: String,
    /// Number of plies
    #[arg(long, short = 'd')]
    pub depth: u32,
    /// Start from this FEN instead of the start position
    #[arg(long)]
    pub fen: Option<String>,
    /// Space-separated moves to play first, e.g. "c3c4 c7c6"
    #[arg(long)]
    pub moves: Option<String>,
    /// Show the count below each root move
    #[arg(long)]
    pub divide: bool,
    /// Count on this many threads (1 to 256): the root moves (and,
    /// when they are few, their replies) are shared out; the count and
    /// the divide are the same as on one thread
    #[arg(long, short = 't', default_value_t = 1)]
    pub threads: usize,
}

/// Options of `curio analyze`.
#[derive(clap::Args)]
pub struct AnalyzeOpts {
    /// Game to use (see `curio variants`)
    #[arg(long, short = 'v')]
    pub variant: String,
    /// Start from this FEN instead of the start position
    #[arg(long)]
    pub fen: Option<String>,
    /// Space-separated moves to play first
    #[arg(long)]
    pub moves: Option<String>,
    /// Stop after this many plies (deeper than 110 counts as 110)
    #[arg(long, short = 'd')]
    pub depth: Option<u32>,
    /// Stop after this many milliseconds
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Stop after this many nodes
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Number of best lines to show (at most one per legal move). Each
    /// iteration ends with its lines in order of score: a line found
    /// better than one shown before it is shown again under its new
    /// number, with the lines it moved down
    #[arg(long, default_value_t = 1)]
    pub multipv: usize,
    /// Search threads; at most one per core runs, since more would only
    /// slow the main thread
    #[arg(long, short = 't', default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB; at most half of this machine's
    /// memory, larger sizes are refused
    #[arg(long, default_value_t = engine::DEFAULT_HASH_MIB)]
    pub hash: usize,
}

/// Options of `curio bench`.
#[derive(clap::Args)]
pub struct BenchOpts {
    /// Only this game
    #[arg(long, short = 'v')]
    pub variant: Option<String>,
    /// Search depth, 1 to 30 (Strange Chess is searched 8 plies
    /// shallower, Dysnomia 10: their nodes cost far more)
    #[arg(long, short = 'd', default_value_t = protocol::analysis::BENCH_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=MAX_BENCH_DEPTH as i64))]
    pub depth: u32,
}

/// `curio perft`: the move-generator counts.
pub fn run_perft(opts: PerftOpts) -> Result<(), CliError> {
    let PerftOpts {
        variant,
        depth,
        fen,
        moves,
        divide,
        threads,
    } = opts;
    let args = PerftArgs {
        variant: parse_variant(&variant)?,
        depth,
        fen,
        moves,
        divide,
        threads,
    };
    cli::perft(&args, &mut io::stdout().lock(), &mut io::stderr())?;
    Ok(())
}

/// `curio analyze`: searches one position and prints each iteration.
pub fn run_analyze(opts: AnalyzeOpts) -> Result<(), CliError> {
    let AnalyzeOpts {
        variant,
        fen,
        moves,
        depth,
        movetime,
        nodes,
        multipv,
        threads,
        hash,
    } = opts;
    // A zero limit would search nothing and print a bare move.
    for (name, zero) in [
        ("--depth", depth == Some(0)),
        ("--movetime", movetime == Some(0)),
        ("--nodes", nodes == Some(0)),
    ] {
        if zero {
            return Err(CliError(format!("{name} must be at least 1")));
        }
    }
    let mut limits = Limits {
        depth,
        nodes,
        movetime: movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if depth.is_none() && nodes.is_none() && movetime.is_none() {
        limits.depth = Some(12);
    }
    let args = AnalyzeArgs {
        variant: parse_variant(&variant)?,
        fen,
        moves,
        limits,
        multipv,
        threads,
        hash_mib: hash,
    };
    analysis::analyze(&args, &mut io::stdout().lock())?;
    Ok(())
}

/// `curio bench`: the node-count signature and speed of the search.
pub fn run_bench(opts: BenchOpts) -> Result<(), CliError> {
    let variants = match opts.variant {
        Some(v) => vec![parse_variant(&v)?],
        None => Variant::ALL.to_vec(),
    };
    let games = analysis::bench(&variants, opts.depth, &mut io::stdout().lock())?;
    // Each game's own speed, on stderr: stdout ends with the signature
    // line that tools read.
    if games.len() > 1 {
        for g in &games {
            eprintln!(
                "{:<12} {:>9} nodes in {:>6.3} s, {:>9} nodes/s",
                g.variant.id(),
                g.nodes,
                g.time.as_secs_f64(),
                g.nps()
            );
        }
    }
    Ok(())
}
