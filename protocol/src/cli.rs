//! Command-line front ends that are independent of search: `perft` and
//! `variants`. They write to any `Write` so tests can capture the output.

use movegen::{AnyPosition, Variant};
use std::fmt;
use std::io::{self, Write};
use std::time::Instant;

/// A user error: printed as one line on stderr, exit status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError(format!("output error: {e}"))
    }
}

/// Deepest perft the CLI accepts; far beyond what finishes in a day.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// Builds the position a command starts from: `fen` (or the start position),
/// then the space-separated `moves`.
pub fn position_from(
    variant: Variant,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<AnyPosition, CliError> {
    let mut pos = match fen {
        Some(f) => AnyPosition::from_fen(variant, f)
            .map_err(|e| CliError(format!("{e} (variant {variant})")))?,
        None => AnyPosition::start(variant),
    };
    for (i, mv) in moves.unwrap_or("").split_whitespace().enumerate() {
        pos.play(mv)
            .map_err(|e| CliError(format!("--moves: {e} (move {} of the list)", i + 1)))?;
    }
    Ok(pos)
}

/// What `curio perft` was asked to do.
#[derive(Clone, Debug)]
pub struct PerftArgs {
    pub variant: Variant,
    pub depth: u32,
    pub fen: Option<String>,
    pub moves: Option<String>,
    pub divide: bool,
    /// Threads to count on (`--threads`; 1: the single-threaded count).
    pub threads: usize,
}

/// Most perft threads (`--threads`): far beyond any machine's cores, and
/// a bound on what a typo can ask the system for.
pub const MAX_PERFT_THREADS: usize = 256;

/// Runs perft. `out` gets the specified output (divide lines, an empty line,
/// `Nodes searched: N`); `info` gets timing, which tools ignore.
pub fn perft(
    args: &PerftArgs,
    out: &mut impl Write,
    info: &mut impl Write,
) -> Result<u64, CliError> {
    if args.depth > MAX_PERFT_DEPTH {
        return Err(CliError(format!(
            "--depth {} is too deep (at most {MAX_PERFT_DEPTH})",
            args.depth
        )));
    }
    if !(1..=MAX_PERFT_THREADS).contains(&args.threads) {
        return Err(CliError(format!(
            "--threads {} is not from 1 to {MAX_PERFT_THREADS}",
            args.threads
        )));
    }
    let pos = position_from(args.variant, args.fen.as_deref(), args.moves.as_deref())?;
    log::info!(
        "perft {} depth {} on {} thread(s) from {}",
        args.variant,
        args.depth,
        args.threads,
        pos.fen()
    );
    let threads_error = |e: movegen::perft::ThreadsError| CliError(e.to_string());
    let start = Instant::now();
    let nodes = if args.divide {
        let lines = pos
            .divide_threads(args.depth, args.threads)
            .map_err(threads_error)?;
        for (mv, n) in &lines {
            writeln!(out, "{mv}: {n}")?;
        }
        writeln!(out)?;
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft_threads(args.depth, args.threads)
            .map_err(threads_error)?
    };
    writeln!(out, "Nodes searched: {nodes}")?;
    out.flush()?;
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    writeln!(info, "Time: {:.3} s, {:.0} nodes/s", secs, nps)?;
    log::info!("perft: {nodes} nodes in {secs:.3} s");
    Ok(nodes)
}

/// `curio variants`: one line per game.
pub fn variants(out: &mut impl Write) -> Result<(), CliError> {
    for v in Variant::ALL {
        writeln!(
            out,
            "{:<13} {:<14} {:>3} squares  {}",
            v.id(),
            v.title(),
            v.squares(),
            v.summary()
        )?;
    }
    Ok(())
}
