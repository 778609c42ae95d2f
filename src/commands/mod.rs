//! The work of each `curio` subcommand, one function per subcommand;
//! `main.rs` parses the command line and dispatches to them. Each file
//! holds a group of subcommands with their options (clap `Args`).

pub mod analysis;
pub mod faces;
pub mod matches;
pub mod play;

use movegen::Variant;
use protocol::cli::CliError;

/// A `--variant` name, or the one-line error that lists the games.
pub fn parse_variant(s: &str) -> Result<Variant, CliError> {
    s.parse::<Variant>().map_err(|e| CliError(e.to_string()))
}
