//! `curio match`: schedules games between two or more engines (round
//! robin), runs them in parallel, writes PGN, and reports the standings,
//! Elo with a 95% interval and an SPRT verdict.

use super::adjudicate::Adjudication;
use super::engine_proc::{EngineProc, Protocol};
use super::game::TimeControl;
use super::standings::{report, Tally};
use super::stats::Sprt;
use super::worker::{run_worker, Shared};
use crate::cli::CliError;
use crate::linelog::LineLog;
use movegen::game::Color;
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::Position as RcPosition;
use movegen::{AnyPosition, Variant};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::Mutex;

/// One engine of the match.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    /// Said with `uci:` or `cecp:` before the command; None: found out.
    pub protocol: Option<Protocol>,
    /// Options set after every start (`--engine-option`).
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// Parses `NAME=COMMAND`, `NAME=uci:COMMAND` or `NAME=cecp:COMMAND`.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let (name, command) = text
            .split_once('=')
            .ok_or_else(|| format!("--engine '{text}': expected NAME=COMMAND"))?;
        let (name, command) = (name.trim(), command.trim());
        let (protocol, command) = if let Some(c) = command.strip_prefix("uci:") {
            (Some(Protocol::Uci), c.trim())
        } else if let Some(c) = command.strip_prefix("cecp:") {
            (Some(Protocol::Cecp), c.trim())
        } else {
            (None, command)
        };
        if name.is_empty() || command.is_empty() {
            return Err(format!("--engine '{text}': expected NAME=COMMAND"));
        }
        Ok(EngineSpec {
            name: name.to_string(),
            command: command.to_string(),
            protocol,
            options: Vec::new(),
        })
    }
}

/// Most games played at once (`--concurrency`): each runs two engine
/// processes and a thread.
pub const MAX_CONCURRENCY: usize = 256;

/// Most games per pairing (`--games`). Games are scheduled as they are
/// played, so the count costs no memory.
pub const MAX_GAMES: usize = 1_000_000_000;

/// Most random plies (`--random-plies`): more make no opening a test
/// wants, and a random walk that long can take very long to find a
/// playable position.
pub const MAX_RANDOM_PLIES: usize = 100;

/// Largest openings file (`--openings`), in bytes.
pub const MAX_OPENINGS_BYTES: u64 = 64 << 20;

/// Where openings come from.
#[derive(Clone, Debug)]
pub enum Openings {
    /// Positions (as FEN) or move lists, one per line of a file.
    List(Vec<String>),
    /// This many seeded random plies from the start.
    RandomPlies(usize),
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: Variant,
    pub engines: Vec<EngineSpec>,
    /// Games per pairing.
    pub games: usize,
    pub tc: TimeControl,
    /// Time odds: engine index -> its own time control.
    pub engine_tc: Vec<(usize, TimeControl)>,
    pub concurrency: usize,
    pub openings: Openings,
    pub pgn: Option<String>,
    /// Log each engine's traffic per game in this folder (`--log-dir`).
    pub log_dir: Option<String>,
    pub sprt: Option<Sprt>,
    pub seed: u64,
    /// Score adjudication (off by default).
    pub adjudication: Adjudication,
}

/// One scheduled game.
#[derive(Clone, Debug)]
pub(super) struct Job {
    pub round: usize,
    pub white: usize,
    pub black: usize,
    /// Index of the opening (shared by the two games of a pair).
    pub opening: usize,
}

/// A deterministic generator (splitmix64), so openings repeat with a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Openings {
    /// Reads an openings file: one FEN or move list per line, `#` comments
    /// and empty lines skipped. Refused with the path (and line) named: a
    /// file that cannot be read, one larger than [`MAX_OPENINGS_BYTES`]
    /// (`/dev/zero` would never end), one without openings, and any line
    /// that is not a position or legal moves of `variant`.
    pub fn from_file(path: &str, variant: Variant) -> Result<Openings, CliError> {
        use std::io::Read;
        let err = |e: String| CliError(format!("--openings {path}: {e}"));
        let file = std::fs::File::open(path).map_err(|e| err(e.to_string()))?;
        let mut text = String::new();
        file.take(MAX_OPENINGS_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| err(e.to_string()))?;
        if text.len() as u64 > MAX_OPENINGS_BYTES {
            return Err(err(format!(
                "larger than {} MiB, the most read",
                MAX_OPENINGS_BYTES >> 20
            )));
        }
        let mut lines = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            parse_opening(variant, line).map_err(|e| err(format!("line {}: {e}", n + 1)))?;
            lines.push(line.to_string());
        }
        if lines.is_empty() {
            return Err(err(
                "no openings in the file (only empty lines and # comments)".into(),
            ));
        }
        Ok(Openings::List(lines))
    }
}

/// One line of an openings list: the position, whether it is the start
/// position, and the moves that reach it (empty for a FEN).
fn parse_opening(variant: Variant, line: &str) -> Result<(AnyPosition, bool, Vec<String>), String> {
    if line.contains('/') {
        let pos =
            AnyPosition::from_fen(variant, line).map_err(|e| format!("opening '{line}': {e}"))?;
        Ok((pos, false, Vec::new()))
    } else {
        let mut pos = AnyPosition::start(variant);
        for m in line.split_whitespace() {
            pos.play(m).map_err(|e| format!("opening '{line}': {e}"))?;
        }
        let moves = line.split_whitespace().map(String::from).collect();
        Ok((pos, line.trim().is_empty(), moves))
    }
}

/// The start position of opening `index`, whether it is the variant's own
/// start position, and the moves that reach it from there (empty for a FEN
/// opening): engines without `setboard` (Fairy-Max) are sent the moves.
pub(super) fn opening(
    cfg: &MatchConfig,
    index: usize,
) -> Result<(AnyPosition, bool, Vec<String>), String> {
    match &cfg.openings {
        Openings::List(lines) => parse_opening(cfg.variant, &lines[index % lines.len()]),
        // Reality Check: the opening is the pair of secret setups, drawn at
        // random (random plies would give the engines' first turns away).
        Openings::RandomPlies(_) if cfg.variant == Variant::RealityCheck => {
            let mut rng = Rng(cfg.seed ^ (index as u64).wrapping_mul(0xA24B_AED4_963E_E407));
            let all = Setup::all();
            let w = all[(rng.next() % all.len() as u64) as usize];
            let b = all[(rng.next() % all.len() as u64) as usize];
            Ok((
                AnyPosition::RealityCheck(RcPosition::from_setups(&w, &b)),
                false,
                Vec::new(),
            ))
        }
        Openings::RandomPlies(0) => Ok((AnyPosition::start(cfg.variant), true, Vec::new())),
        Openings::RandomPlies(n) => {
            let mut rng = Rng(cfg.seed ^ (index as u64).wrapping_mul(0xA24B_AED4_963E_E407));
            // Retry until the random plies leave a game that is not over.
            for _ in 0..100 {
                let mut pos = AnyPosition::start(cfg.variant);
                let mut ok = true;
                let mut played = Vec::new();
                for _ in 0..*n {
                    let moves = pos.legal_move_strings();
                    if moves.is_empty() {
                        ok = false;
                        break;
                    }
                    let m = &moves[(rng.next() % moves.len() as u64) as usize];
                    pos.play(m).expect("a generated move is legal");
                    played.push(m.clone());
                }
                if ok && pos.outcome(&[]).is_none() {
                    return Ok((pos, false, played));
                }
            }
            Err("no playable random opening found".into())
        }
    }
}

/// An engine's name as part of a file name: letters, digits, `-`, `_`
/// and `.` kept, anything else (a `/`, a space) becomes `_`.
pub(super) fn file_part(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The log `file` in `--log-dir`, opened; None without `--log-dir`.
pub(super) fn open_log(dir: Option<&str>, file: &str) -> Result<Option<LineLog>, String> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let path = std::path::Path::new(dir).join(file);
    LineLog::open(&path)
        .map(Some)
        .map_err(|e| format!("--log-dir: cannot write {}: {e}", path.display()))
}

/// Runs the match; writes progress and the final report to `out`
/// (standings on stdout in the CLI), progress lines to `progress`.
pub fn run_match(
    cfg: &MatchConfig,
    out: &mut impl Write,
    progress: &mut (impl Write + Send),
) -> Result<(), CliError> {
    let (pairings, total) = check_config(cfg)?;
    check_openings(cfg)?;
    // The PGN file first: an unwritable path is refused before any engine
    // starts.
    let pgn_file = match &cfg.pgn {
        Some(path) => {
            Some(Mutex::new(std::fs::File::create(path).map_err(|e| {
                CliError(format!("--pgn {path}: cannot write: {e}"))
            })?))
        }
        None => None,
    };
    // The log folder too (made if missing): each engine's traffic goes to
    // a file per game, its check below to one of its own.
    let log_dir = cfg.log_dir.as_deref();
    if let Some(dir) = log_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError(format!("--log-dir {dir}: cannot create: {e}")))?;
    }
    check_engines(cfg, log_dir)?;

    let shared = Shared {
        cfg,
        pairings: &pairings,
        total,
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        tally: Mutex::new(Tally::new(cfg.engines.len())),
        progress: Mutex::new(progress),
        errors: Mutex::new(Vec::new()),
        pgn_file,
        log_dir,
    };
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.min(total) {
            scope.spawn(|| run_worker(&shared));
        }
    });
    let errors = shared.errors.into_inner().unwrap();
    if let Some(e) = errors.first() {
        return Err(CliError(e.clone()));
    }
    report(cfg, &shared.tally.into_inner().unwrap(), total, out)?;
    Ok(())
}

/// Refuses settings a match cannot run with (too few engines, counts out
/// of range, names alike, score adjudication of hidden information).
/// Returns the round robin's pairings and the number of games.
fn check_config(cfg: &MatchConfig) -> Result<(Vec<(usize, usize)>, usize), CliError> {
    if cfg.engines.len() < 2 {
        return Err(CliError(
            "a match needs at least two --engine NAME=COMMAND".into(),
        ));
    }
    if cfg.games == 0 || cfg.concurrency == 0 {
        return Err(CliError(
            "--games and --concurrency must be at least 1".into(),
        ));
    }
    if cfg.games > MAX_GAMES {
        return Err(CliError(format!(
            "--games {} is more than {MAX_GAMES} per pairing",
            cfg.games
        )));
    }
    if cfg.concurrency > MAX_CONCURRENCY {
        return Err(CliError(format!(
            "--concurrency {} is more than {MAX_CONCURRENCY} games at once",
            cfg.concurrency
        )));
    }
    if let Openings::RandomPlies(n) = cfg.openings {
        if n > MAX_RANDOM_PLIES {
            return Err(CliError(format!(
                "--random-plies {n} is more than {MAX_RANDOM_PLIES}"
            )));
        }
    }
    // Round robin: each pairing plays `games` games in colour-swapped
    // pairs from shared openings. Jobs are made from their index as they
    // are taken (see `job`).
    let pairings: Vec<(usize, usize)> = (0..cfg.engines.len())
        .flat_map(|a| (a + 1..cfg.engines.len()).map(move |b| (a, b)))
        .collect();
    let total = pairings
        .len()
        .checked_mul(cfg.games)
        .ok_or_else(|| CliError(format!("--games {}: too many games", cfg.games)))?;
    let mut names: Vec<&str> = cfg.engines.iter().map(|e| e.name.as_str()).collect();
    names.sort();
    names.dedup();
    if names.len() != cfg.engines.len() {
        return Err(CliError("engine names must be different".into()));
    }
    let adjudicated = cfg.adjudication.draw.is_some() || cfg.adjudication.resign.is_some();
    if adjudicated && movegen::variant::hidden_information(cfg.variant) {
        return Err(CliError(format!(
            "score adjudication does not apply to {}: the engines' scores are guesses about hidden pieces",
            cfg.variant.id()
        )));
    }
    Ok((pairings, total))
}

/// Refuses an openings list that is empty or has an opening that cannot
/// be played (a Reality Check opening must be a start position).
fn check_openings(cfg: &MatchConfig) -> Result<(), CliError> {
    if let Openings::List(l) = &cfg.openings {
        if l.is_empty() {
            return Err(CliError("the openings file has no openings".into()));
        }
        for i in 0..l.len() {
            let (pos, _, _) = opening(cfg, i).map_err(CliError)?;
            if let AnyPosition::RealityCheck(p) = &pos {
                if Setup::of(p, Color::White).is_none() || Setup::of(p, Color::Black).is_none() {
                    return Err(CliError(format!(
                        "opening {}: a Reality Check opening must be a start position (both setups, White's first turn): {}",
                        i + 1,
                        p.fen()
                    )));
                }
            }
        }
    }
    Ok(())
}

/// Checks every engine once before starting: a bad command is a user
/// error, not a lost game.
fn check_engines(cfg: &MatchConfig, log_dir: Option<&str>) -> Result<(), CliError> {
    for e in &cfg.engines {
        let log =
            open_log(log_dir, &format!("check-{}.log", file_part(&e.name))).map_err(CliError)?;
        let mut p = EngineProc::start(&e.name, &e.command, e.protocol, log).map_err(CliError)?;
        p.set_options(&e.options).map_err(CliError)?;
        p.plays(cfg.variant).map_err(CliError)?;
        if p.protocol == Protocol::Uci && movegen::variant::hidden_information(cfg.variant) {
            return Err(CliError(format!(
                "engine {} speaks UCI, which cannot keep {}'s faces hidden",
                e.name,
                cfg.variant.title()
            )));
        }
        p.quit();
    }
    Ok(())
}

/// Job `j` (from 0) of the schedule: pairing `j / games`, its game
/// `j % games`; colours alternate and each two games share an opening.
pub(super) fn job(pairings: &[(usize, usize)], games: usize, j: usize) -> Job {
    let (pairing, g) = (j / games, j % games);
    let (a, b) = pairings[pairing];
    let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
    Job {
        round: j + 1,
        white,
        black,
        opening: pairing * games + g / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schedule made job by job is the round robin built in full
    /// before (colours alternating, two games per opening).
    #[test]
    fn jobs_from_their_index_are_the_round_robin() {
        let (engines, games) = (4, 5);
        let pairings: Vec<(usize, usize)> = (0..engines)
            .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
            .collect();
        let mut want = Vec::new();
        let mut pair_index = 0;
        for a in 0..engines {
            for b in a + 1..engines {
                for g in 0..games {
                    let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                    want.push((want.len() + 1, white, black, pair_index * games + g / 2));
                }
                pair_index += 1;
            }
        }
        let got: Vec<_> = (0..want.len())
            .map(|j| job(&pairings, games, j))
            .map(|j| (j.round, j.white, j.black, j.opening))
            .collect();
        assert_eq!(got, want);
        // The largest schedule costs nothing up front.
        let last = job(&pairings, MAX_GAMES, pairings.len() * MAX_GAMES - 1);
        assert_eq!(last.round, pairings.len() * MAX_GAMES);
    }
}
