//! `curio match`: engine-against-engine games refereed by our rules.

use super::parse_variant;
use protocol::cli::CliError;
use protocol::referee::game::TimeControl;
use protocol::referee::tournament::{self, EngineSpec, MatchConfig, Openings};
use std::io;
use std::time::Duration;

/// Longest `curio match --movetime`: a day per move. The referee waits
/// three times the move time before it calls an engine hung, and that must
/// not overflow.
const MAX_MOVETIME_MS: u64 = 86_400_000;

/// `curio match --tc` BASE and INC are below this many seconds (115 days).
const MAX_CLOCK_SECS: f64 = 1e7;

/// Options of `curio match`.
#[derive(clap::Args)]
pub struct MatchOpts {
    /// Game to play (see `curio variants`)
    #[arg(long, short = 'v')]
    pub variant: String,
    /// An engine as NAME=COMMAND (give two or more)
    #[arg(long = "engine", value_name = "NAME=COMMAND", required = true)]
    pub engines: Vec<String>,
    /// Games per pairing (at most 1000000000)
    #[arg(long, short = 'g', default_value_t = 10)]
    pub games: usize,
    /// Clock per side: BASE+INC in seconds, e.g. 10+0.1 (each below
    /// 10000000)
    #[arg(long, conflicts_with_all = ["movetime", "depth"])]
    pub tc: Option<String>,
    /// Time odds: NAME=BASE+INC gives one engine its own clock
    #[arg(long = "engine-tc", value_name = "NAME=BASE+INC")]
    pub engine_tc: Vec<String>,
    /// An engine option, set after each start of that engine: UCI
    /// `setoption`, CECP `option` (e.g. sf="Skill Level=3")
    #[arg(long = "engine-option", value_name = "NAME=OPTION=VALUE")]
    pub engine_option: Vec<String>,
    /// Fixed time per move in milliseconds (at most 86400000, a day)
    #[arg(long, conflicts_with = "depth")]
    pub movetime: Option<u64>,
    /// Fixed depth per move
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at the same time (at most 256, and no more than
    /// the games scheduled run)
    #[arg(long, short = 'c', default_value_t = 1)]
    pub concurrency: usize,
    /// File of openings: one FEN or move list per line ('#' comments;
    /// at most 64 MiB; a bad line is an error naming it)
    #[arg(long, conflicts_with = "random_plies")]
    pub openings: Option<String>,
    /// Random plies from the start position as openings (at most 100)
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Write every game here as PGN; a path that cannot be written is an
    /// error before the match, a failed write stops it
    #[arg(long)]
    pub pgn: Option<String>,
    /// Log each engine's traffic, every line in and out with a
    /// timestamp, to a file per game and engine in this folder (made
    /// if missing): game-0001-white-NAME.log, ...; the check before
    /// the match to check-NAME.log
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<String>,
    /// Stop early by SPRT: elo0,elo1[,alpha,beta] for the first two engines
    /// (no verdict before a win, a loss and a draw have all been played)
    #[arg(long)]
    pub sprt: Option<String>,
    /// Seed for random openings
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw a game once MOVENUMBER full moves are played and both engines
    /// scored within +-SCORE centipawns for MOVECOUNT moves each (no
    /// capture meanwhile), e.g. 40,8,10. Off by default
    #[arg(long, value_name = "MOVENUMBER,MOVECOUNT,SCORE")]
    pub draw_adjudication: Option<String>,
    /// A side loses when its own engine scored -SCORE centipawns or worse
    /// on MOVECOUNT moves in a row, e.g. 3,600. Off by default
    #[arg(long, value_name = "MOVECOUNT,SCORE")]
    pub resign_adjudication: Option<String>,
}

/// `curio match`: plays the match and prints the final table to stdout.
pub fn run_match(opts: MatchOpts) -> Result<(), CliError> {
    let MatchOpts {
        variant,
        engines,
        games,
        tc,
        engine_tc,
        engine_option,
        movetime,
        depth,
        concurrency,
        openings,
        random_plies,
        pgn,
        log_dir,
        sprt,
        seed,
        draw_adjudication,
        resign_adjudication,
    } = opts;
    // Before any thread exists: signals and panics end every
    // engine process group (see protocol::referee::groups).
    protocol::referee::groups::guard_match_process()
        .map_err(|e| CliError(format!("cannot guard the engine processes: {e}")))?;
    let tc = time_control(tc, movetime, depth)?;
    let mut engines = engines
        .iter()
        .map(|e| EngineSpec::parse(e).map_err(CliError))
        .collect::<Result<Vec<_>, _>>()?;
    set_engine_options(&mut engines, &engine_option)?;
    let mut odds = Vec::new();
    for spec in &engine_tc {
        let (name, t) = spec
            .split_once('=')
            .ok_or_else(|| CliError(format!("--engine-tc '{spec}': expected NAME=BASE+INC")))?;
        let k = engines
            .iter()
            .position(|e| e.name == name)
            .ok_or_else(|| CliError(format!("--engine-tc '{spec}': no engine named {name}")))?;
        odds.push((k, parse_tc(t)?));
    }
    let variant = parse_variant(&variant)?;
    let openings = match openings {
        Some(path) => Openings::from_file(&path, variant)?,
        None => Openings::RandomPlies(random_plies),
    };
    let sprt = sprt
        .map(|s| protocol::referee::stats::Sprt::parse(&s).map_err(CliError))
        .transpose()?;
    let cfg = MatchConfig {
        variant,
        engines,
        games,
        tc,
        engine_tc: odds,
        concurrency,
        openings,
        pgn,
        log_dir,
        sprt,
        seed,
        adjudication: protocol::referee::adjudicate::Adjudication {
            draw: draw_adjudication
                .map(|t| protocol::referee::adjudicate::DrawRule::parse(&t))
                .transpose()
                .map_err(CliError)?,
            resign: resign_adjudication
                .map(|t| protocol::referee::adjudicate::ResignRule::parse(&t))
                .transpose()
                .map_err(CliError)?,
        },
    };
    // Stdout is not locked for the whole match: a signal's handler prints
    // the report so far there (protocol::referee::groups).
    tournament::run_match(&cfg, &mut io::stdout(), &mut io::stderr())?;
    Ok(())
}

/// The time control of every engine from `--tc`, `--movetime` or
/// `--depth` (at most one is given); 10+0.1 without any.
fn time_control(
    tc: Option<String>,
    movetime: Option<u64>,
    depth: Option<u32>,
) -> Result<TimeControl, CliError> {
    Ok(match (tc, movetime, depth) {
        (Some(t), _, _) => parse_tc(&t)?,
        (None, Some(ms), _) if ms > MAX_MOVETIME_MS => {
            return Err(CliError(format!(
                "--movetime {ms} is more than {MAX_MOVETIME_MS} ms (a day)"
            )))
        }
        (None, Some(ms), _) if ms > 0 => TimeControl::MoveTime(Duration::from_millis(ms)),
        (None, Some(_), _) => return Err(CliError("--movetime must be positive".into())),
        (None, None, Some(d)) if d > 0 => TimeControl::Depth(d),
        (None, None, Some(_)) => return Err(CliError("--depth must be positive".into())),
        (None, None, None) => TimeControl::Clock {
            base: Duration::from_secs(10),
            inc: Duration::from_millis(100),
        },
    })
}

/// A clock as BASE+INC in seconds (`--tc`, `--engine-tc`); INC may be
/// left out.
fn parse_tc(t: &str) -> Result<TimeControl, CliError> {
    let (b, i) = t.split_once('+').unwrap_or((t, "0"));
    let secs = |x: &str| match x.parse::<f64>() {
        Ok(v) if (0.0..MAX_CLOCK_SECS).contains(&v) => Ok(Duration::from_secs_f64(v)),
        Ok(v) if v >= MAX_CLOCK_SECS => Err(CliError(format!(
            "--tc '{t}': BASE and INC must be below {MAX_CLOCK_SECS} seconds"
        ))),
        _ => Err(CliError(format!(
            "--tc '{t}': expected BASE+INC in seconds, like 10+0.1"
        ))),
    };
    let base = secs(b)?;
    if base.is_zero() {
        return Err(CliError("--tc: the base time must be positive".into()));
    }
    Ok(TimeControl::Clock {
        base,
        inc: secs(i)?,
    })
}

/// Each `--engine-option NAME=OPTION=VALUE` goes to the engine NAME, set
/// after each of its starts.
fn set_engine_options(engines: &mut [EngineSpec], specs: &[String]) -> Result<(), CliError> {
    for spec in specs {
        let bad = || {
            CliError(format!(
                "--engine-option '{spec}': expected NAME=OPTION=VALUE"
            ))
        };
        let (name, rest) = spec.split_once('=').ok_or_else(bad)?;
        let (option, value) = rest.split_once('=').ok_or_else(bad)?;
        if option.trim().is_empty() {
            return Err(bad());
        }
        let e = engines
            .iter_mut()
            .find(|e| e.name == name)
            .ok_or_else(|| CliError(format!("--engine-option '{spec}': no engine named {name}")))?;
        e.options
            .push((option.trim().to_string(), value.trim().to_string()));
    }
    Ok(())
}
