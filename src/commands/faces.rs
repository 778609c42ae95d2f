//! `curio uci` and `curio xboard` (and bare `curio`): the protocol front
//! ends on stdin/stdout.

use protocol::cecp;
use protocol::cli::CliError;
use std::io;

/// Standard input, or what is left of it after protocol detection.
pub type Input = Box<dyn io::BufRead + Send>;

/// Options of `curio uci`.
#[derive(clap::Args)]
pub struct UciOpts {
    /// Transposition table size in MiB (option Hash overrides it)
    #[arg(long, default_value_t = engine::DEFAULT_HASH_MIB)]
    pub hash: usize,
    /// Search threads (option Threads overrides it); at most one per
    /// core runs
    #[arg(long, short = 't', default_value_t = 1)]
    pub threads: usize,
    /// Append every line in and out, with a timestamp, to this file
    #[arg(long, value_name = "FILE")]
    pub log: Option<String>,
}

/// Options of `curio xboard`.
#[derive(clap::Args)]
pub struct XboardOpts {
    /// Trubix and Trubix-43: 0, ranks 0-10 (XBoard -rankOffset 1); 1,
    /// XBoard's default 1-11
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1))]
    pub rank_base: u32,
    /// Transposition table size in MiB (XBoard's `memory` overrides it);
    /// at most half of this machine's memory, larger sizes are refused
    #[arg(long, default_value_t = engine::DEFAULT_HASH_MIB)]
    pub hash: usize,
    /// Search threads (XBoard's `cores` overrides it); at most one per
    /// core runs, since more would only slow the main thread; more than
    /// 256 count as 256
    #[arg(long, short = 't', default_value_t = 1)]
    pub threads: usize,
    /// Reality Check player: ismcts (the engine), or a baseline for
    /// measurements: random, greedy (captures first), flat (flat Monte Carlo)
    #[arg(long, default_value = "ismcts", value_parser = parse_rc_player)]
    pub rc_player: engine::players::PlayerKind,
    /// Who plays the other games: search (the engine), or a baseline
    /// for measurements: random (a uniformly random legal move), greedy
    /// (a move that wins at once, else the best static evaluation
    /// after one ply)
    #[arg(long, default_value = "search")]
    pub player: engine::baseline::Player,
    /// Evaluation weights of the games that play fitted ones (Strange
    /// Chess, Dysnomia): fitted (Curio's), or handset (the first,
    /// hand-set weights the fits were measured against, for A/B
    /// matches with one binary)
    #[arg(long, default_value = "fitted")]
    pub weights: eval::WeightSet,
    /// Append every line in and out, with a timestamp, and what each
    /// search was given and did, to this file (as the engine option
    /// `Debug Log File` does); a path that cannot be written is an
    /// error
    #[arg(long, value_name = "FILE")]
    pub log: Option<String>,
}

fn parse_rc_player(s: &str) -> Result<engine::players::PlayerKind, String> {
    match s.parse()? {
        engine::players::PlayerKind::Cheat => Err(
            "the full-information player needs the true state, which CECP never gives an engine"
                .into(),
        ),
        p => Ok(p),
    }
}

/// `curio uci`: speaks UCI on `input` and stdout.
pub fn run_uci(opts: UciOpts, input: Input) -> Result<(), CliError> {
    let UciOpts { hash, threads, log } = opts;
    if hash == 0 || threads == 0 {
        return Err(CliError("--hash and --threads must be at least 1".into()));
    }
    let out = cecp::Out::new(Box::new(io::stdout()));
    if let Some(path) = log {
        out.open_log(&path)
            .map_err(|e| CliError(format!("--log {path}: cannot write: {e}")))?;
    }
    let config = protocol::uci::Config {
        hash_mib: hash,
        threads,
    };
    protocol::uci::run(input, out, config).map_err(|e| CliError(format!("--hash {e}")))?;
    Ok(())
}

/// `curio xboard`: speaks CECP on `input` and stdout.
pub fn run_xboard(opts: XboardOpts, input: Input) -> Result<(), CliError> {
    let XboardOpts {
        rank_base,
        hash,
        threads,
        rc_player,
        player,
        weights,
        log,
    } = opts;
    if hash == 0 || threads == 0 {
        return Err(CliError("--hash and --threads must be at least 1".into()));
    }
    let config = cecp::Config {
        rank_base,
        hash_mib: hash,
        threads,
        rc_player,
        player,
        eval: weights.config(),
    };
    let out = cecp::Out::new(Box::new(io::stdout()));
    if let Some(path) = log {
        out.open_log(&path)
            .map_err(|e| CliError(format!("--log {path}: cannot write: {e}")))?;
    }
    cecp::run(input, out, config).map_err(|e| CliError(format!("--hash {e}")))?;
    Ok(())
}
