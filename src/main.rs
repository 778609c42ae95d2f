//! The `curio` binary: parses the command line and hands over to the front
//! ends in the `protocol` crate.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use engine::limits::Limits;
use movegen::Variant;
use protocol::analysis::{self, AnalyzeArgs};
use protocol::cecp;
use protocol::cli::{self, CliError, PerftArgs};
use protocol::guide;
use std::io;
use std::process::ExitCode;
use std::time::Duration;

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
        /// Count on this many threads (1 to 256): the root moves (and,
        /// when they are few, their replies) are shared out; the count and
        /// the divide are the same as on one thread
        #[arg(long, short = 't', default_value_t = 1)]
        threads: usize,
    },
    /// Search a position and print each iteration, then the best move
    #[command(
        long_about = "Searches a position (the start position, or --fen, after --moves) \
        and prints one line per completed iteration: depth, seldepth, multipv line, score \
        (`cp N` centipawns for the side to move, or `mate N` in moves, negative when \
        mated), nodes, nps, time in ms and the principal variation; then `bestmove M`.\n\n\
        Without a limit it searches to depth 12. Limits combine: the first reached stops."
    )]
    Analyze {
        /// Game to use (see `curio variants`)
        #[arg(long, short = 'v')]
        variant: String,
        /// Start from this FEN instead of the start position
        #[arg(long)]
        fen: Option<String>,
        /// Space-separated moves to play first
        #[arg(long)]
        moves: Option<String>,
        /// Stop after this many plies (deeper than 110 counts as 110)
        #[arg(long, short = 'd')]
        depth: Option<u32>,
        /// Stop after this many milliseconds
        #[arg(long)]
        movetime: Option<u64>,
        /// Stop after this many nodes
        #[arg(long)]
        nodes: Option<u64>,
        /// Number of best lines to show (at most one per legal move)
        #[arg(long, default_value_t = 1)]
        multipv: usize,
        /// Search threads; at most one per core runs, since more would only
        /// slow the main thread
        #[arg(long, short = 't', default_value_t = 1)]
        threads: usize,
        /// Transposition table size in MiB; at most half of this machine's
        /// memory, larger sizes are refused
        #[arg(long, default_value_t = engine::DEFAULT_HASH_MIB)]
        hash: usize,
    },
    /// Fixed-depth search of fixed positions: node-count signature and speed
    Bench {
        /// Only this game
        #[arg(long, short = 'v')]
        variant: Option<String>,
        /// Search depth, 1 to 30 (Strange Chess is searched 8 plies
        /// shallower, Dysnomia 10: their nodes cost far more)
        #[arg(long, short = 'd', default_value_t = protocol::analysis::BENCH_DEPTH,
              value_parser = clap::value_parser!(u32).range(1..=MAX_BENCH_DEPTH as i64))]
        depth: u32,
    },
    /// Speak CECP (xboard protocol 2) on stdin/stdout; the default
    Xboard {
        /// Trubix and Trubix-43: 0, ranks 0-10 (XBoard -rankOffset 1); 1,
        /// XBoard's default 1-11
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1))]
        rank_base: u32,
        /// Transposition table size in MiB (XBoard's `memory` overrides it);
        /// at most half of this machine's memory, larger sizes are refused
        #[arg(long, default_value_t = engine::DEFAULT_HASH_MIB)]
        hash: usize,
        /// Search threads (XBoard's `cores` overrides it); at most one per
        /// core runs, since more would only slow the main thread; more than
        /// 256 count as 256
        #[arg(long, short = 't', default_value_t = 1)]
        threads: usize,
        /// Reality Check player: ismcts (the engine), or a baseline for
        /// measurements: random, greedy (captures first), flat (flat Monte Carlo)
        #[arg(long, default_value = "ismcts", value_parser = parse_rc_player)]
        rc_player: engine::players::PlayerKind,
        /// Who plays the other games: search (the engine), or a baseline
        /// for measurements: random (a uniformly random legal move), greedy
        /// (a move that wins at once, else the best static evaluation
        /// after one ply)
        #[arg(long, default_value = "search")]
        player: engine::baseline::Player,
        /// Evaluation weights of the games that play fitted ones (Strange
        /// Chess, Dysnomia): fitted (Curio's), or handset (the first,
        /// hand-set weights the fits were measured against, for A/B
        /// matches with one binary)
        #[arg(long, default_value = "fitted")]
        weights: eval::WeightSet,
        /// Append every line in and out, with a timestamp, and what each
        /// search was given and did, to this file (as the engine option
        /// `Debug Log File` does); a path that cannot be written is an
        /// error
        #[arg(long, value_name = "FILE")]
        log: Option<String>,
    },
    /// Speak UCI on stdin/stdout (bare `curio` does too when its first
    /// line is `uci`)
    Uci {
        /// Transposition table size in MiB (option Hash overrides it)
        #[arg(long, default_value_t = engine::DEFAULT_HASH_MIB)]
        hash: usize,
        /// Search threads (option Threads overrides it); at most one per
        /// core runs
        #[arg(long, short = 't', default_value_t = 1)]
        threads: usize,
        /// Append every line in and out, with a timestamp, to this file
        #[arg(long, value_name = "FILE")]
        log: Option<String>,
    },
    /// Play in the browser: serve a board for every game on this machine
    #[command(
        long_about = "Serves a web page with the board of every game, on 127.0.0.1 by default: \
        open the address it prints in a browser. Play against Curio at levels 1-8, or analyse \
        any position; moves are chosen by clicking the squares, FEN and PGN go in and out in \
        the binding notation. Everything the page needs is inside this binary (no network). \
        The server runs until it is stopped (Ctrl-C). In Reality Check the page gets only your own view."
    )]
    Serve {
        /// Port to listen on (0: any free port, printed at start)
        #[arg(long, short = 'p', default_value_t = 8080)]
        port: u16,
        /// Address to listen on; another machine can reach the board only
        /// if this is not the loopback address
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Play a game against the engine in the terminal
    Play {
        /// Game to play (see `curio variants`)
        #[arg(long, short = 'v', default_value = "trubix")]
        variant: String,
        /// Your colour
        #[arg(long, short = 'c', default_value = "white", value_parser = ["white", "black"])]
        color: String,
        /// Engine strength 1-8 (1: depth 1, 2: depth 2, 3: depth 4, 4: 0.1 s, 5: 0.3 s, 6: 1 s, 7: 3 s, 8: 10 s per move; Reality Check: 20 ms ... 10 s of ISMCTS)
        #[arg(long, short = 'l', default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=8))]
        level: u32,
        /// Reality Check only: your secret setup as a 20-letter word (random if omitted; see docs/rules/realitycheck.md)
        #[arg(long)]
        setup: Option<String>,
        /// Start from this FEN instead of the start position (not for Reality Check)
        #[arg(long)]
        fen: Option<String>,
    },
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
        killed all the same. Ctrl-C (SIGINT), SIGTERM or SIGHUP kills every engine group \
        and exits with status 128 + the signal (130 for Ctrl-C). No process the match \
        started outlives it (docs/match.md, Engine processes).\n\n\
        Example: curio match --variant trubix --engine new='./curio' --engine \
        old='./curio-old' --games 200 --tc 1+0.1 --concurrency 2 --pgn games.pgn"
    )]
    Match {
        /// Game to play (see `curio variants`)
        #[arg(long, short = 'v')]
        variant: String,
        /// An engine as NAME=COMMAND (give two or more)
        #[arg(long = "engine", value_name = "NAME=COMMAND", required = true)]
        engines: Vec<String>,
        /// Games per pairing (at most 1000000000)
        #[arg(long, short = 'g', default_value_t = 10)]
        games: usize,
        /// Clock per side: BASE+INC in seconds, e.g. 10+0.1 (each below
        /// 10000000)
        #[arg(long, conflicts_with_all = ["movetime", "depth"])]
        tc: Option<String>,
        /// Time odds: NAME=BASE+INC gives one engine its own clock
        #[arg(long = "engine-tc", value_name = "NAME=BASE+INC")]
        engine_tc: Vec<String>,
        /// An engine option, set after each start of that engine: UCI
        /// `setoption`, CECP `option` (e.g. sf="Skill Level=3")
        #[arg(long = "engine-option", value_name = "NAME=OPTION=VALUE")]
        engine_option: Vec<String>,
        /// Fixed time per move in milliseconds (at most 86400000, a day)
        #[arg(long, conflicts_with = "depth")]
        movetime: Option<u64>,
        /// Fixed depth per move
        #[arg(long)]
        depth: Option<u32>,
        /// Games played at the same time (at most 256, and no more than
        /// the games scheduled run)
        #[arg(long, short = 'c', default_value_t = 1)]
        concurrency: usize,
        /// File of openings: one FEN or move list per line ('#' comments;
        /// at most 64 MiB; a bad line is an error naming it)
        #[arg(long, conflicts_with = "random_plies")]
        openings: Option<String>,
        /// Random plies from the start position as openings (at most 100)
        #[arg(long, default_value_t = 4)]
        random_plies: usize,
        /// Write every game here as PGN; a path that cannot be written is an
        /// error before the match, a failed write stops it
        #[arg(long)]
        pgn: Option<String>,
        /// Log each engine's traffic, every line in and out with a
        /// timestamp, to a file per game and engine in this folder (made
        /// if missing): game-0001-white-NAME.log, ...; the check before
        /// the match to check-NAME.log
        #[arg(long, value_name = "DIR")]
        log_dir: Option<String>,
        /// Stop early by SPRT: elo0,elo1[,alpha,beta] for the first two engines
        #[arg(long)]
        sprt: Option<String>,
        /// Seed for random openings
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Draw a game once MOVENUMBER full moves are played and both engines
        /// scored within +-SCORE centipawns for MOVECOUNT moves each (no
        /// capture meanwhile), e.g. 40,8,10. Off by default
        #[arg(long, value_name = "MOVENUMBER,MOVECOUNT,SCORE")]
        draw_adjudication: Option<String>,
        /// A side loses when its own engine scored -SCORE centipawns or worse
        /// on MOVECOUNT moves in a row, e.g. 3,600. Off by default
        #[arg(long, value_name = "MOVECOUNT,SCORE")]
        resign_adjudication: Option<String>,
    },
    /// List the games this build plays
    Variants,
}

/// Deepest `curio bench --depth`: each ply multiplies the time, and 30 is
/// already far beyond a day.
const MAX_BENCH_DEPTH: u32 = 30;

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
             it. Reality Check is searched by a fixed number of ISMCTS iterations.",
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

/// Longest `curio match --movetime`: a day per move. The referee waits
/// three times the move time before it calls an engine hung, and that must
/// not overflow.
const MAX_MOVETIME_MS: u64 = 86_400_000;

/// `curio match --tc` BASE and INC are below this many seconds (115 days).
const MAX_CLOCK_SECS: f64 = 1e7;

fn parse_rc_player(s: &str) -> Result<engine::players::PlayerKind, String> {
    match s.parse()? {
        engine::players::PlayerKind::Cheat => Err(
            "the full-information player needs the true state, which CECP never gives an engine"
                .into(),
        ),
        p => Ok(p),
    }
}

fn parse_variant(s: &str) -> Result<Variant, CliError> {
    s.parse::<Variant>().map_err(|e| CliError(e.to_string()))
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

type Input = Box<dyn io::BufRead + Send>;

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
        Command::Uci {
            hash: engine::DEFAULT_HASH_MIB,
            threads: 1,
            log: None,
        }
    } else {
        default_xboard()
    };
    Ok((command, input))
}

fn default_xboard() -> Command {
    Command::Xboard {
        rank_base: 0,
        hash: engine::DEFAULT_HASH_MIB,
        threads: 1,
        rc_player: engine::players::PlayerKind::Ismcts,
        player: engine::baseline::Player::Search,
        weights: eval::WeightSet::Fitted,
        log: None,
    }
}

fn run(cli: Cli) -> Result<(), CliError> {
    let stdout = io::stdout();
    let (command, input) = match cli.command {
        Some(c) => (c, None),
        None => detect_protocol().map(|(c, i)| (c, Some(i)))?,
    };
    // Standard input, or what is left of it after protocol detection.
    let protocol_input =
        || input.unwrap_or_else(|| Box::new(io::BufReader::new(io::stdin())) as Input);
    match command {
        Command::Uci { hash, threads, log } => {
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
            protocol::uci::run(protocol_input(), out, config)
                .map_err(|e| CliError(format!("--hash {e}")))?;
        }
        Command::Xboard {
            rank_base,
            hash,
            threads,
            rc_player,
            player,
            weights,
            log,
        } => {
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
            cecp::run(protocol_input(), out, config)
                .map_err(|e| CliError(format!("--hash {e}")))?;
        }
        Command::Perft {
            variant,
            depth,
            fen,
            moves,
            divide,
            threads,
        } => {
            let args = PerftArgs {
                variant: parse_variant(&variant)?,
                depth,
                fen,
                moves,
                divide,
                threads,
            };
            cli::perft(&args, &mut stdout.lock(), &mut io::stderr())?;
        }
        Command::Analyze {
            variant,
            fen,
            moves,
            depth,
            movetime,
            nodes,
            multipv,
            threads,
            hash,
        } => {
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
            analysis::analyze(&args, &mut stdout.lock())?;
        }
        Command::Bench { variant, depth } => {
            let variants = match variant {
                Some(v) => vec![parse_variant(&v)?],
                None => Variant::ALL.to_vec(),
            };
            analysis::bench(&variants, depth, &mut stdout.lock())?;
        }
        Command::Serve { port, host } => {
            protocol::serve::serve(&host, port, |addr| {
                // Not println!: a closed stdout must not end the server.
                use io::Write as _;
                let mut out = io::stdout();
                let _ = writeln!(
                    out,
                    "Curio serves the board at http://{addr}/ (Ctrl-C to stop)"
                );
                let _ = out.flush();
            })?;
        }
        Command::Play {
            variant,
            color,
            level,
            setup,
            fen,
        } => {
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
                    &mut stdout.lock(),
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
                &mut stdout.lock(),
            )?;
        }
        Command::Match {
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
        } => {
            // Before any thread exists: signals and panics end every
            // engine process group (see protocol::referee::groups).
            protocol::referee::groups::guard_match_process()
                .map_err(|e| CliError(format!("cannot guard the engine processes: {e}")))?;
            use protocol::referee::game::TimeControl;
            use protocol::referee::tournament::{run_match, EngineSpec, MatchConfig, Openings};
            let parse_tc = |t: &str| -> Result<TimeControl, CliError> {
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
            };
            let tc = match (tc, movetime, depth) {
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
            };
            let mut engines = engines
                .iter()
                .map(|e| EngineSpec::parse(e).map_err(CliError))
                .collect::<Result<Vec<_>, _>>()?;
            for spec in &engine_option {
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
                let e = engines.iter_mut().find(|e| e.name == name).ok_or_else(|| {
                    CliError(format!("--engine-option '{spec}': no engine named {name}"))
                })?;
                e.options
                    .push((option.trim().to_string(), value.trim().to_string()));
            }
            let mut odds = Vec::new();
            for spec in &engine_tc {
                let (name, t) = spec.split_once('=').ok_or_else(|| {
                    CliError(format!("--engine-tc '{spec}': expected NAME=BASE+INC"))
                })?;
                let k = engines.iter().position(|e| e.name == name).ok_or_else(|| {
                    CliError(format!("--engine-tc '{spec}': no engine named {name}"))
                })?;
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
            run_match(&cfg, &mut stdout.lock(), &mut io::stderr())?;
        }
        Command::Variants => cli::variants(&mut stdout.lock())?,
    }
    Ok(())
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
