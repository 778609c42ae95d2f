//! `curio play` and `curio serve`: a person plays Curio, in the terminal
//! or in the browser.

use super::parse_variant;
use movegen::Variant;
use protocol::cli::{self, CliError};
use std::io;

/// Options of `curio play`.
#[derive(clap::Args)]
pub struct PlayOpts {
    /// Game to play (see `curio variants`)
    #[arg(long, short = 'v', default_value = "trubix")]
    pub variant: String,
    /// Your colour
    #[arg(long, short = 'c', default_value = "white", value_parser = ["white", "black"])]
    pub color: String,
    /// Engine strength 1-8 (1: depth 1, 2: depth 2, 3: depth 4, 4: 0.1 s, 5: 0.3 s, 6: 1 s, 7: 3 s, 8: 10 s per move; Reality Check: 20 ms ... 10 s of ISMCTS)
    #[arg(long, short = 'l', default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub level: u32,
    /// Reality Check only: your secret setup as a 20-letter word (random if omitted; see docs/rules/realitycheck.md)
    #[arg(long)]
    pub setup: Option<String>,
    /// Start from this FEN instead of the start position (not for Reality Check)
    #[arg(long)]
    pub fen: Option<String>,
}

/// Options of `curio serve`.
#[derive(clap::Args)]
pub struct ServeOpts {
    /// Port to listen on (0: any free port, printed at start)
    #[arg(long, short = 'p', default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on; another machine can reach the board only
    /// if this is not the loopback address
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
}

/// `curio play`: a game against the engine in the terminal.
pub fn run_play(opts: PlayOpts) -> Result<(), CliError> {
    let PlayOpts {
        variant,
        color,
        level,
        setup,
        fen,
    } = opts;
    let human = if color == "black" {
        movegen::Color::Black
    } else {
        movegen::Color::White
    };
    let variant = parse_variant(&variant)?;
    if variant == Variant::RealityCheck {
        if fen.is_some() {
            return Err(CliError(
                "--fen is not for --variant realitycheck (use --setup)".into(),
            ));
        }
        protocol::play_rc::play_realitycheck(
            human,
            level,
            setup.as_deref(),
            &mut io::stdin().lock(),
            &mut io::stdout().lock(),
        )?;
        return Ok(());
    }
    if setup.is_some() {
        return Err(CliError(
            "--setup is for --variant realitycheck only".into(),
        ));
    }
    let start = cli::position_from(variant, fen.as_deref(), None)?;
    protocol::play::play(
        start,
        human,
        level,
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
    )?;
    Ok(())
}

/// `curio serve`: the board in the browser, until the server is stopped.
pub fn run_serve(opts: ServeOpts) -> Result<(), CliError> {
    protocol::serve::serve(&opts.host, opts.port, |addr| {
        // Not println!: a closed stdout must not end the server.
        use io::Write as _;
        let mut out = io::stdout();
        let _ = writeln!(
            out,
            "Curio serves the board at http://{addr}/ (Ctrl-C to stop)"
        );
        let _ = out.flush();
    })?;
    Ok(())
}
