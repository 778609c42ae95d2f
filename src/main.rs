//! The `curio` binary: parses the command line and hands over to the front
//! ends in the `protocol` crate. The work of each subcommand is in
//! `commands/`.

mod commands;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use commands::faces::{self, Input};
use commands::{analysis, matches, play};
use movegen::Variant;
use protocol::cli::{self, CliError};
use protocol::guide;
use std::io;
use std::process::ExitCode;

#[derive(Parser)]
// The long help texts that name games are built at run time from the list
// of games (see `help_texts`), so that they cannot go stale.
#[command(
    name = "curio",
    version,
    about = "Curio: an engine for strange chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
        to stderr. Bad input: a one-line error on stderr and exit status 2.\n\n\
        --threads N shares the work out over N threads, with the same output."
    )]
    Perft(analysis::PerftOpts),
    /// Search a position and print each iteration, then the best move
    #[command(
        long_about = "Searches a position (the start position, or --fen, after --moves) \
        and prints one line per completed iteration: depth, seldepth, multipv line, score \
        (`cp N` centipawns for the side to move, or `mate N` in moves, negative when \
        mated), nodes, nps, time in ms and the principal variation; then `bestmove M`.\n\n\
        Without a limit it searches to depth 12. Limits combine: the first reached stops."
    )]
    Analyze(analysis::AnalyzeOpts),
    /// Fixed-depth search of fixed positions: node-count signature and speed
    Bench(analysis::BenchOpts),
    /// Speak CECP (xboard protocol 2) on stdin/stdout; the default
    Xboard(faces::XboardOpts),
    /// Speak UCI on stdin/stdout (bare `curio` does too when its first
    /// line is `uci`)
    Uci(faces::UciOpts),
    /// Play in the browser: serve a board for every game on this machine
    #[command(
        long_about = "Serves a web page with the board of every game, on 127.0.0.1 by default: \
        open the address it prints in a browser. Play against Curio at levels 1-8, or analyse \
        any position; moves are chosen by clicking the squares, FEN and PGN go in and out in \
        the binding notation. Everything the page needs is inside this binary (no network). \
        The server runs until it is stopped (Ctrl-C). In Reality Check the page gets only your own view."
    )]
    Serve(play::ServeOpts),
    /// Play a game against the engine in the terminal
    Play(play::PlayOpts),
    /// Engine-against-engine games refereed by our rules
    #[command(
        long_about = "Plays engines against each other (round robin) as CECP child \
        processes: Curio with different options, another build, or any CECP engine that \
        plays the variant. The referee owns the game: it checks every move by our rules, \
        keeps the clocks, and ends games by checkmate, stalemate, repetition, the move-count \
        rule, bare kings, an illegal or unreadable move, a false claim, a crash, a hang, \
        output that is not text, or a lost clock. An engine that never answers the \
        handshake is an error before the first game; one slow to start is waited for \
        (docs/match.md, Start-up).\n\n\
        Colours alternate over pairs of games from the same opening. Progress goes to \
        stderr, the final table to stdout.\n\n\
        Each engine command runs under `sh -c` in a process group of its own. An engine \
        that hangs (no reply in time) or crashes loses the game, and its whole process \
        group, wrappers and helpers included, is killed before it is restarted; at the \
        end of the match each engine gets `quit` and half a second, then its group is \
        killed all the same. Ctrl-C (SIGINT), SIGTERM or SIGHUP kills every engine group, \
        prints the table of the games finished so far and exits with status 128 + the \
        signal (130 for Ctrl-C). No process the match \
        started outlives it (docs/match.md, Engine processes).\n\n\
        Example: curio match --variant trubix --engine new='./curio' --engine \
        old='./curio-old' --games 200 --tc 1+0.1 --concurrency 2 --pgn games.pgn"
    )]
    Match(matches::MatchOpts),
    /// List the games this build plays
    Variants,
}

/// The long help texts that name games, from the list of games.
fn help_texts(cmd: clap::Command) -> clap::Command {
    let games = guide::game_list();
    let cecp_ids: Vec<&str> = Variant::ALL.iter().map(|v| v.cecp_id()).collect();
    let titles: Vec<&str> = Variant::ALL.iter().map(|v| v.title()).collect();
    cmd.long_about(format!(
        "Curio plays strange chess variants. Games in this build:\n{games}\n\n\
         Without arguments it speaks CECP (xboard protocol 2) for XBoard. Subcommands: \
         play (against the engine in the terminal), analyze (search a position), bench \
         (search signature and speed), perft (move-generator counts), match \
         (engine-against-engine games refereed by Curio's rules), variants (the list \
         above), xboard (CECP, with options). Rules for each game: docs/rules/."
    ))
    .mut_subcommand("bench", |c| {
        c.long_about(format!(
            "Searches fixed positions of each game ({}) or of --variant to a fixed depth \
             with one thread and a 16 MiB hash, and prints one line per position, then \
             `Bench: <nodes> nodes <nps> nps`. The node total is deterministic: it is the \
             signature of the search's behaviour, recorded in every commit that changes \
             it. Reality Check is searched by a fixed number of ISMCTS iterations. With \
             more than one game, each game's nodes, time and nodes per second go to \
             stderr.",
            Variant::list()
        ))
    })
    .mut_subcommand("xboard", |c| {
        c.long_about(format!(
            "Speaks CECP (xboard protocol version 2) on stdin/stdout, for XBoard/WinBoard \
             and other CECP front ends. This is also what `curio` does without arguments. \
             Games offered (XBoard's names): {}.\n\n\
             Trubix and Trubix-43 number their ranks 0-10: run XBoard with `-rankOffset 1` \
             (the default here), or pass `--rank-base 1`. Strange Chess and Dysnomia: \
             docs/xboard-strangechess.md and docs/xboard-dysnomia.md (engine options \
             `XBoard board`, `Denial`). Reality Check: docs/realitycheck-protocol.md.",
            cecp_ids.join(", ")
        ))
    })
    .mut_subcommand("uci", |c| {
        c.long_about(format!(
            "Speaks UCI on stdin/stdout, for UCI GUIs, python-chess's popen_uci and \
             tournament managers. Bare `curio` speaks UCI too when the first line it reads \
             is `uci` (CECP otherwise). The game is the option UCI_Variant: {}; positions \
             and moves are in each game's own notation (the Dysnomia denial is the move \
             @@@@). Reality Check is not offered over UCI: its full FENs would show the \
             engine the opponent's hidden faces (play it over CECP). Options: UCI_Variant, \
             Hash, Threads, Ponder, MultiPV, Move Overhead, Contempt, UCI_AnalyseMode, \
             UCI_LimitStrength with UCI_Elo (nodes per move on Stockfish's Elo scale), \
             Clear Hash. README section \"Playing over UCI\".",
            Variant::ALL
                .iter()
                .filter(|v| !movegen::variant::hidden_information(**v))
                .map(|v| v.id())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
    .mut_subcommand("play", |c| {
        c.long_about(format!(
            "Plays a game against Curio in the terminal: {}. Type a move, or 'help' \
             for the commands (moves, hint, undo, board, fen, resign, quit) and the \
             pieces. Moves by game:\n{}",
            titles.join(", "),
            guide::all_moves()
        ))
    })
}

/// clap's usage error in one line: its first paragraph (the message, and
/// the missing arguments it lists) without `error: `, and where to look;
/// clap's tips and usage block are left out.
fn usage_error_line(rendered: &str) -> String {
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    format!("{message} (see 'curio --help')")
}

/// Bare `curio`: the first line says the protocol (`uci`, else CECP);
/// that face gets it back with the rest of the input.
fn detect_protocol() -> Result<(Command, Input), CliError> {
    use std::io::{BufRead, Read};
    let mut reader = io::BufReader::new(io::stdin());
    let mut first = String::new();
    while first.trim().is_empty() {
        first.clear();
        if reader.read_line(&mut first)? == 0 {
            break;
        }
    }
    let uci = first.trim() == "uci";
    let input: Input = Box::new(io::Cursor::new(first.into_bytes()).chain(reader));
    let command = if uci {
        Command::Uci(faces::UciOpts {
            hash: engine::DEFAULT_HASH_MIB,
            threads: 1,
            log: None,
        })
    } else {
        default_xboard()
    };
    Ok((command, input))
}

fn default_xboard() -> Command {
    Command::Xboard(faces::XboardOpts {
        rank_base: 0,
        hash: engine::DEFAULT_HASH_MIB,
        threads: 1,
        rc_player: engine::players::PlayerKind::Ismcts,
        player: engine::baseline::Player::Search,
        weights: eval::WeightSet::Fitted,
        log: None,
    })
}

/// Runs the subcommand given, or for bare `curio` the protocol its first
/// line asks for.
fn run(cli: Cli) -> Result<(), CliError> {
    let (command, input) = match cli.command {
        Some(c) => (c, None),
        None => detect_protocol().map(|(c, i)| (c, Some(i)))?,
    };
    // Standard input, or what is left of it after protocol detection.
    let protocol_input =
        || input.unwrap_or_else(|| Box::new(io::BufReader::new(io::stdin())) as Input);
    match command {
        Command::Uci(opts) => faces::run_uci(opts, protocol_input()),
        Command::Xboard(opts) => faces::run_xboard(opts, protocol_input()),
        Command::Perft(opts) => analysis::run_perft(opts),
        Command::Analyze(opts) => analysis::run_analyze(opts),
        Command::Bench(opts) => analysis::run_bench(opts),
        Command::Serve(opts) => play::run_serve(opts),
        Command::Play(opts) => play::run_play(opts),
        Command::Match(opts) => matches::run_match(opts),
        Command::Variants => cli::variants(&mut io::stdout().lock()),
    }
}

/// Logging for every subcommand, as `RUST_LOG` asks (env_logger's
/// syntax: `RUST_LOG=info`, `RUST_LOG=curio::cecp=debug`), to stderr. Off
/// when `RUST_LOG` is unset: then each `log` call costs one comparison,
/// and none is made per node of a search.
fn init_logging() {
    env_logger::Builder::new()
        .filter_level(log::LevelFilter::Off)
        .parse_env("RUST_LOG")
        .format_timestamp_millis()
        .init();
}

fn main() -> ExitCode {
    init_logging();
    log::debug!(
        "curio {} started: {:?}",
        env!("CARGO_PKG_VERSION"),
        std::env::args().collect::<Vec<_>>()
    );
    let parsed = help_texts(Cli::command())
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        // Help and version are successes, printed in full.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        // A usage error is one line, like every other error.
        Err(e) => {
            eprintln!("curio: error: {}", usage_error_line(&e.to_string()));
            return ExitCode::from(2);
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
