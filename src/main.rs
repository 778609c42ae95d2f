//! The `curio` binary: parses the command line and hands over to the front
//! ends in the `protocol` crate.

use clap::{Parser, Subcommand};
use movegen::Variant;
use protocol::cli::{self, CliError, PerftArgs};
use std::io;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "curio",
    version,
    about = "Curio: an engine for strange chess variants",
    long_about = "Curio plays strange chess variants. Games in this build: trubix \
                  (Trubix, 41 squares) and trubix43 (Trubix-43, 43 squares).\n\n\
                  Subcommands give perft (move-generator counts) and the list of \
                  games. Rules for each game: docs/rules/."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count legal move sequences to a depth (move-generator check)
    #[command(
        long_about = "Counts the legal move sequences of length --depth from a position \
        (the start position, or --fen), after playing --moves. Draw rules are ignored; \
        only positions without legal moves end a line early.\n\n\
        Prints `Nodes searched: N`; with --divide first one line `<move>: <count>` per \
        legal root move in byte order of the move text, then an empty line. Timing goes \
        to stderr. Bad input: a one-line error on stderr and exit status 2."
    )]
    Perft {
        /// Game to use (see `curio variants`)
        #[arg(long, short = 'v')]
        variant: String,
        /// Number of plies
        #[arg(long, short = 'd')]
        depth: u32,
        /// Start from this FEN instead of the start position
        #[arg(long)]
        fen: Option<String>,
        /// Space-separated moves to play first, e.g. "c3c4 c7c6"
        #[arg(long)]
        moves: Option<String>,
        /// Show the count below each root move
        #[arg(long)]
        divide: bool,
    },
    /// List the games this build plays
    Variants,
}

fn parse_variant(s: &str) -> Result<Variant, CliError> {
    s.parse::<Variant>().map_err(|e| CliError(e.to_string()))
}

fn run(cli: Cli) -> Result<(), CliError> {
    let stdout = io::stdout();
    match cli.command {
        Command::Perft {
            variant,
            depth,
            fen,
            moves,
            divide,
        } => {
            let args = PerftArgs {
                variant: parse_variant(&variant)?,
                depth,
                fen,
                moves,
                divide,
            };
            cli::perft(&args, &mut stdout.lock(), &mut io::stderr())?;
        }
        Command::Variants => cli::variants(&mut stdout.lock())?,
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // Help and version are successes; anything else is a usage error.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("curio: error: {e}");
            ExitCode::from(2)
        }
    }
}
