//! `curio match`: schedules games between two or more engines (round
//! robin), runs them in parallel, writes PGN, and reports the standings,
//! Elo with a 95% interval and an SPRT verdict.

use super::adjudicate::Adjudication;
use super::engine_proc::{EngineProc, Protocol};
use super::game::{play_game, Events, PlayedGame, TimeControl};
use super::hidden::play_hidden_game;
use super::pgn::write_game;
use super::stats::{Pentanomial, Sprt, SprtVerdict, Wld};
use crate::cli::CliError;
use crate::linelog::LineLog;
use movegen::game::Color;
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::Position as RcPosition;
use movegen::{AnyPosition, Variant};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

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
struct Job {
    round: usize,
    white: usize,
    black: usize,
    /// Index of the opening (shared by the two games of a pair).
    opening: usize,
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
fn opening(cfg: &MatchConfig, index: usize) -> Result<(AnyPosition, bool, Vec<String>), String> {
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

/// Scores and statistics, per engine.
#[derive(Default, Clone)]
struct Standing {
    total: Wld,
    by_colour: [Wld; 2],
    depth: (u64, u64),
    /// Time used and time given, over all its games (see
    /// [`PlayedGame::time`]).
    time: (Duration, Duration),
}

struct Tally {
    standings: Vec<Standing>,
    /// Head to head for the first pairing (engine 0's view), for Elo/SPRT.
    head: Wld,
    /// The same by pairs of games from one opening.
    head_pairs: Pentanomial,
    /// Engine 0's points in the first finished game of each head-to-head
    /// opening whose second game is still to come.
    half_pairs: BTreeMap<usize, f64>,
    reasons: BTreeMap<String, usize>,
    done: usize,
    /// Dysnomia's denials and baits, and the plies they occurred in.
    events: Events,
    plies: usize,
}

/// An engine's name as part of a file name: letters, digits, `-`, `_`
/// and `.` kept, anything else (a `/`, a space) becomes `_`.
fn file_part(name: &str) -> String {
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
fn open_log(dir: Option<&str>, file: &str) -> Result<Option<LineLog>, String> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let path = std::path::Path::new(dir).join(file);
    LineLog::open(&path)
        .map(Some)
        .map_err(|e| format!("--log-dir: cannot write {}: {e}", path.display()))
}

fn credit(w: &mut Wld, points: f64) {
    if points == 1.0 {
        w.wins += 1;
    } else if points == 0.0 {
        w.losses += 1;
    } else {
        w.draws += 1;
    }
}

/// Runs the match; writes progress and the final report to `out`
/// (standings on stdout in the CLI), progress lines to `progress`.
pub fn run_match(
    cfg: &MatchConfig,
    out: &mut impl Write,
    progress: &mut (impl Write + Send),
) -> Result<(), CliError> {
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
    // Check every engine once before starting: a bad command is a user
    // error, not a lost game.
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

    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let tally = Mutex::new(Tally {
        standings: vec![Standing::default(); cfg.engines.len()],
        head: Wld::default(),
        head_pairs: Pentanomial::default(),
        half_pairs: BTreeMap::new(),
        reasons: BTreeMap::new(),
        done: 0,
        events: Events::default(),
        plies: 0,
    });
    let progress = Mutex::new(progress);
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());

    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.min(total) {
            scope.spawn(|| {
                // This worker's own engine processes, started on demand and
                // restarted after a crash or hang.
                let mut procs: Vec<Option<EngineProc>> =
                    (0..cfg.engines.len()).map(|_| None).collect();
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let j = next.fetch_add(1, Ordering::SeqCst);
                    if j >= total {
                        break;
                    }
                    let job = &job(&pairings, cfg.games, j);
                    let (start, is_start, opening_moves) = match opening(cfg, job.opening) {
                        Ok(o) => o,
                        Err(e) => {
                            errors.lock().unwrap().push(e);
                            stop.store(true, Ordering::SeqCst);
                            break;
                        }
                    };
                    for (colour, &k) in [("white", &job.white), ("black", &job.black)] {
                        let spec = &cfg.engines[k];
                        let file = format!(
                            "game-{:04}-{colour}-{}.log",
                            job.round,
                            file_part(&spec.name)
                        );
                        let log = match open_log(log_dir, &file) {
                            Ok(l) => l,
                            Err(e) => {
                                errors.lock().unwrap().push(e);
                                stop.store(true, Ordering::SeqCst);
                                break;
                            }
                        };
                        let needs = match &mut procs[k] {
                            None => true,
                            Some(p) => p.is_dead(),
                        };
                        if needs {
                            let started =
                                EngineProc::start(&spec.name, &spec.command, spec.protocol, log)
                                    .and_then(|mut p| p.set_options(&spec.options).map(|()| p));
                            match started {
                                Ok(p) => procs[k] = Some(p),
                                Err(e) => {
                                    errors.lock().unwrap().push(e);
                                    stop.store(true, Ordering::SeqCst);
                                }
                            }
                        } else if let Some(p) = procs[k].as_mut() {
                            p.set_log(log);
                        }
                    }
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let (w, b) = if job.white < job.black {
                        let (lo, hi) = procs.split_at_mut(job.black);
                        (lo[job.white].as_mut().unwrap(), hi[0].as_mut().unwrap())
                    } else {
                        let (lo, hi) = procs.split_at_mut(job.white);
                        (hi[0].as_mut().unwrap(), lo[job.black].as_mut().unwrap())
                    };
                    let tc_of = |k: usize| {
                        cfg.engine_tc
                            .iter()
                            .find(|e| e.0 == k)
                            .map_or(cfg.tc, |e| e.1)
                    };
                    let tcs = [tc_of(job.white), tc_of(job.black)];
                    let names = [&cfg.engines[job.white].name, &cfg.engines[job.black].name];
                    let title = format!(
                        "game {}: {} (white) against {} (black), {} from {}",
                        job.round,
                        names[0],
                        names[1],
                        cfg.variant.id(),
                        start.fen()
                    );
                    log::info!(target: "curio::referee", "{title}");
                    for (e, tc) in [(&w, tcs[0]), (&b, tcs[1])] {
                        e.note(&format!("{title}; this engine's time control: {tc:?}"));
                    }
                    let rec = match &start {
                        AnyPosition::RealityCheck(p) => {
                            let setups = [Setup::of(p, Color::White), Setup::of(p, Color::Black)];
                            match setups {
                                [Some(ws), Some(bs)] => play_hidden_game([w, b], [ws, bs], tcs),
                                // Openings are checked to be start positions
                                // when they are read; one that is not stops
                                // the match with an error, not a panic.
                                _ => {
                                    errors.lock().unwrap().push(format!(
                                        "game {}: the opening {} is not a Reality Check start position",
                                        job.round,
                                        p.fen()
                                    ));
                                    stop.store(true, Ordering::SeqCst);
                                    break;
                                }
                            }
                        }
                        _ => play_game(
                            [w, b],
                            cfg.variant,
                            &start,
                            is_start,
                            &opening_moves,
                            tcs,
                            cfg.adjudication,
                        ),
                    };
                    let end = format!(
                        "game {}: {} {{{}}}",
                        job.round,
                        rec.result,
                        rec.reason_in_full()
                    );
                    log::info!(target: "curio::referee", "{end}");
                    for &k in &[job.white, job.black] {
                        if let Some(p) = procs[k].as_ref() {
                            p.note(&end);
                        }
                    }
                    // A crashed, hung or confused engine is replaced for the
                    // next game.
                    for (i, &k) in [job.white, job.black].iter().enumerate() {
                        if rec.broken[i] {
                            if let Some(mut p) = procs[k].take() {
                                p.kill();
                            }
                        }
                    }
                    if let Some(f) = &pgn_file {
                        let text = write_game(&rec, cfg.variant, job.round, cfg.tc);
                        let mut f = f.lock().unwrap();
                        // A game that cannot be saved stops the match: it
                        // would go on losing every game's record.
                        if let Err(e) = f.write_all(text.as_bytes()).and_then(|()| f.flush()) {
                            errors.lock().unwrap().push(format!(
                                "--pgn {}: writing game {} failed: {e}",
                                cfg.pgn.as_deref().unwrap_or_default(),
                                job.round
                            ));
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                    let line = record(cfg, &tally, job, &rec, total);
                    let _ = writeln!(progress.lock().unwrap(), "{line}");
                    if let Some(s) = &cfg.sprt {
                        let t = tally.lock().unwrap();
                        if s.verdict(&t.head) != SprtVerdict::Continue {
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                }
                for p in procs.into_iter().flatten() {
                    p.quit();
                }
            });
        }
    });
    let errors = errors.into_inner().unwrap();
    if let Some(e) = errors.first() {
        return Err(CliError(e.clone()));
    }
    report(cfg, &tally.into_inner().unwrap(), total, out)?;
    Ok(())
}

/// Job `j` (from 0) of the schedule: pairing `j / games`, its game
/// `j % games`; colours alternate and each two games share an opening.
fn job(pairings: &[(usize, usize)], games: usize, j: usize) -> Job {
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

/// Adds a finished game to the tally; returns the progress line.
fn record(
    cfg: &MatchConfig,
    tally: &Mutex<Tally>,
    job: &Job,
    rec: &PlayedGame,
    total: usize,
) -> String {
    let mut t = tally.lock().unwrap();
    let white_points = match rec.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        _ => 0.5,
    };
    credit(&mut t.standings[job.white].total, white_points);
    credit(&mut t.standings[job.white].by_colour[0], white_points);
    credit(&mut t.standings[job.black].total, 1.0 - white_points);
    credit(&mut t.standings[job.black].by_colour[1], 1.0 - white_points);
    for (i, &k) in [job.white, job.black].iter().enumerate() {
        t.standings[k].depth.0 += rec.depth[i].0;
        t.standings[k].depth.1 += rec.depth[i].1;
        t.standings[k].time.0 += rec.time[i].0;
        t.standings[k].time.1 += rec.time[i].1;
    }
    let head_points = match (job.white, job.black) {
        (0, 1) => Some(white_points),
        (1, 0) => Some(1.0 - white_points),
        _ => None,
    };
    if let Some(points) = head_points {
        credit(&mut t.head, points);
        match t.half_pairs.remove(&job.opening) {
            Some(first) => t.head_pairs.add(first + points),
            None => {
                t.half_pairs.insert(job.opening, points);
            }
        }
    }
    *t.reasons.entry(rec.reason.clone()).or_default() += 1;
    t.done += 1;
    t.events += rec.events;
    t.plies += rec.moves.len();
    let head = t.head;
    let (elo, lo, hi) = head.elo();
    format!(
        "game {:>4}/{total}: {} vs {} {} ({}, {} plies)   {} vs {}: +{} -{} ={}  Elo {:+.0} [{:+.0}, {:+.0}]",
        t.done,
        rec.white,
        rec.black,
        rec.result,
        rec.reason_in_full(),
        rec.moves.len(),
        cfg.engines[0].name,
        cfg.engines[1].name,
        head.wins,
        head.losses,
        head.draws,
        elo,
        lo,
        hi
    )
}

fn report(
    cfg: &MatchConfig,
    t: &Tally,
    scheduled: usize,
    out: &mut impl Write,
) -> Result<(), CliError> {
    writeln!(
        out,
        "\n{} games of {} played ({} scheduled)",
        t.done,
        cfg.variant.id(),
        scheduled
    )?;
    writeln!(
        out,
        "{:<16} {:>5} {:>6} {:>5} {:>5} {:>5}   {:>15}   {:>15}   {:>9}   {:>10}",
        "engine",
        "games",
        "score",
        "wins",
        "loss",
        "draw",
        "as white W/L/D",
        "as black W/L/D",
        "avg depth",
        "clock used"
    )?;
    let mut order: Vec<usize> = (0..cfg.engines.len()).collect();
    order.sort_by(|&a, &b| {
        t.standings[b]
            .total
            .score()
            .total_cmp(&t.standings[a].total.score())
    });
    for k in order {
        let s = &t.standings[k];
        let w = s.by_colour[0];
        let b = s.by_colour[1];
        let depth = if s.depth.1 > 0 {
            format!("{:.1}", s.depth.0 as f64 / s.depth.1 as f64)
        } else {
            "-".into()
        };
        let clock = if s.time.1.is_zero() {
            "-".into()
        } else {
            format!(
                "{:.1}%",
                100.0 * s.time.0.as_secs_f64() / s.time.1.as_secs_f64()
            )
        };
        writeln!(
            out,
            "{:<16} {:>5} {:>5.1}% {:>5} {:>5} {:>5}   {:>15}   {:>15}   {:>9}   {:>10}",
            cfg.engines[k].name,
            s.total.games(),
            100.0 * s.total.score(),
            s.total.wins,
            s.total.losses,
            s.total.draws,
            format!("{}/{}/{}", w.wins, w.losses, w.draws),
            format!("{}/{}/{}", b.wins, b.losses, b.draws),
            depth,
            clock
        )?;
    }
    let (elo, lo, hi) = t.head.elo();
    writeln!(
        out,
        "\n{} vs {}: score {:.1}% over {} games, Elo {:+.1} (95%: {:+.1} to {:+.1})",
        cfg.engines[0].name,
        cfg.engines[1].name,
        100.0 * t.head.score(),
        t.head.games(),
        elo,
        lo,
        hi
    )?;
    let p = t.head_pairs;
    if p.pairs() > 0 {
        let (elo, lo, hi) = p.elo();
        writeln!(
            out,
            "{} vs {} by pairs of games (one opening, colours swapped), {} pairs scoring 0/0.5/1/1.5/2: {}/{}/{}/{}/{}, Elo {:+.1} (95%: {:+.1} to {:+.1})",
            cfg.engines[0].name,
            cfg.engines[1].name,
            p.pairs(),
            p.0[0],
            p.0[1],
            p.0[2],
            p.0[3],
            p.0[4],
            elo,
            lo,
            hi
        )?;
    }
    if let Some(s) = &cfg.sprt {
        let (a, b) = s.bounds();
        let verdict = match s.verdict(&t.head) {
            SprtVerdict::H1 => "H1 accepted",
            SprtVerdict::H0 => "H0 accepted",
            SprtVerdict::Continue => "no decision yet",
        };
        writeln!(
            out,
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} (bounds {:.2}, {:.2}): {verdict}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            s.llr(&t.head),
            a,
            b
        )?;
    }
    if cfg.variant == Variant::Dysnomia {
        writeln!(
            out,
            "\nDenials: {}, baits: {}, in {} plies",
            t.events.denials, t.events.baits, t.plies
        )?;
    }
    writeln!(out, "\nHow games ended:")?;
    let mut reasons: Vec<(&String, &usize)> = t.reasons.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (r, n) in reasons {
        writeln!(out, "  {n:>5}  {r}")?;
    }
    Ok(())
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
