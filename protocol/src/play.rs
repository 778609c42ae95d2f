//! `curio play`: a person against the engine in a terminal.
//!
//! Reads commands from any `BufRead` and writes to any `Write`, so it runs
//! on a terminal and in tests alike. Moves are typed in each game's
//! notation ([`crate::guide`]); `help` lists the commands, the pieces and
//! the move forms of the game being played. The board is drawn from the
//! person's side.

use crate::analysis::{outcome_text, score_text};
use crate::cecp::xboard_sc::{self, XbBoard};
use crate::cli::CliError;
use crate::diagram::diagram_from;
use crate::guide;
use crate::session::{GameRecord, Job, Searcher};
use engine::limits::Limits;
use movegen::game::Color;
use movegen::{AnyPosition, Variant};
use std::io::{BufRead, Write};
use std::time::Duration;

/// Playing strength levels: what the engine may spend on a move.
pub fn level_limits(level: u32) -> Limits {
    match level {
        1 => Limits::depth(1),
        2 => Limits::depth(2),
        3 => Limits::depth(4),
        4 => Limits::movetime(Duration::from_millis(100)),
        5 => Limits::movetime(Duration::from_millis(300)),
        6 => Limits::movetime(Duration::from_secs(1)),
        7 => Limits::movetime(Duration::from_secs(3)),
        _ => Limits::movetime(Duration::from_secs(10)),
    }
}

pub const LEVEL_HELP: &str =
    "1: depth 1, 2: depth 2, 3: depth 4, 4: 0.1 s, 5: 0.3 s, 6: 1 s, 7: 3 s, 8: 10 s per move";

/// Runs a game; returns when it ends, on `quit` or at end of input.
pub fn play(
    start: AnyPosition,
    human: Color,
    level: u32,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let variant = start.variant();
    if movegen::variant::hidden_information(variant) {
        return Err(CliError(format!(
            "play: {variant} is played with its own front end (hidden faces)"
        )));
    }
    let searcher = Searcher::new(
        64,
        1,
        engine::baseline::Player::Search,
        eval::EvalConfig::DEFAULT,
    )
    .map_err(|e| CliError(format!("play: hash table: {e}")))?;
    let mut table = Table {
        searcher,
        game: GameRecord::new(start, ()),
        human,
        level,
    };
    greet(out, variant, human, level)?;
    writeln!(out, "{}", table.diagram(table.game.current()))?;
    loop {
        if let Some(o) = table.game.outcome() {
            writeln!(out, "Game over: {}", outcome_text(o))?;
            return Ok(());
        }
        if table.game.current().side_to_move() != human {
            table.engine_turn(out)?;
            continue;
        }
        let Some(line) = prompt(human, input, out)? else {
            return Ok(());
        };
        if table.command(&line, out)? == Flow::Stop {
            return Ok(());
        }
    }
}

/// Whether the game goes on after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// One game at the table: the engine, the game so far, and the person's
/// side and chosen level.
struct Table {
    searcher: Searcher,
    game: GameRecord,
    human: Color,
    level: u32,
}

/// The opening lines: the game, the sides, the level, how to type a move.
fn greet(out: &mut impl Write, variant: Variant, human: Color, level: u32) -> Result<(), CliError> {
    writeln!(
        out,
        "Curio plays {} ({} squares). You are {}. Level {level} ({}).",
        variant.title(),
        variant.squares(),
        human.name(),
        LEVEL_HELP
            .split(", ")
            .nth(level.clamp(1, 8) as usize - 1)
            .unwrap_or("")
    )?;
    let deny = match variant.card().denial {
        Some(d) => format!(" (or {d} to deny the last turn)"),
        None => String::new(),
    };
    writeln!(
        out,
        "Type a move like {}{deny}, or 'help' for the commands, the pieces and the move forms.\n",
        guide::example(variant)
    )?;
    Ok(())
}

/// `help`: the commands, the pieces and the move forms of the game.
fn write_help(out: &mut impl Write, variant: Variant) -> Result<(), CliError> {
    writeln!(
        out,
        "Commands:\n  <move>        play a move (forms below)\n  \
         moves [sq]    list your legal moves (from one square)\n  hint          ask Curio for a move\n  \
         undo          take back your last move and Curio's reply\n  board         show the board\n  \
         fen           show the position as FEN\n  resign        give up\n  quit          leave\n\
         Pieces (uppercase white, lowercase black): {}\n\
         Moves in {}:\n  {}",
        guide::pieces(variant),
        variant.title(),
        guide::moves(variant).replace('\n', "\n  ")
    )?;
    Ok(())
}

/// `moves [sq]`: the legal moves (from one square), sorted.
fn list_moves(out: &mut impl Write, pos: &AnyPosition, from: Option<&str>) -> Result<(), CliError> {
    let mut list: Vec<String> = pos
        .move_details()
        .into_iter()
        .filter(|d| from.is_none_or(|f| d.from == f))
        .map(|d| d.text)
        .collect();
    if list.is_empty() {
        writeln!(
            out,
            "No legal moves{}.",
            from.map(|f| format!(" from {f}")).unwrap_or_default()
        )?;
        return Ok(());
    }
    list.sort();
    writeln!(out, "{}", list.join(" "))?;
    // Same-square moves look like typing errors: say what they are.
    let odd = list
        .iter()
        .any(|m| m.len() >= 4 && m[..m.len() / 2] == m[m.len() / 2..]);
    if let Some(note) = guide::moves_note(pos.variant()).filter(|_| odd) {
        writeln!(out, "{note}")?;
    }
    Ok(())
}

impl Table {
    /// The board from the person's side of the table.
    fn diagram(&self, pos: &AnyPosition) -> String {
        diagram_from(pos, self.human)
    }

    /// The engine plays its move and shows it, with the board after it.
    fn engine_turn(&mut self, out: &mut impl Write) -> Result<(), CliError> {
        let (best, score) = engine_move(&mut self.searcher, &self.game, self.level)?;
        let mv = self.game.current().move_text(&best);
        self.game
            .play_move(best, ())
            .map_err(|e| CliError(format!("internal: engine move refused: {e}")))?;
        if best.is_denial() {
            writeln!(
                out,
                "Curio denies your turn ({mv}): it is taken back; play another   (eval {} for Curio)\n",
                score_text(score)
            )?;
        } else {
            writeln!(
                out,
                "Curio plays {mv}   (eval {} for Curio)\n",
                score_text(score)
            )?;
        }
        writeln!(out, "{}", self.diagram(self.game.current()))?;
        Ok(())
    }

    /// One line the person typed: a command or a move.
    fn command(&mut self, line: &str, out: &mut impl Write) -> Result<Flow, CliError> {
        let pos = self.game.current().clone();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["help"] | ["?"] => write_help(out, pos.variant())?,
            ["moves"] | ["moves", _] => list_moves(out, &pos, words.get(1).copied())?,
            ["hint"] => {
                let (mv, score) = engine_move(&mut self.searcher, &self.game, self.level.min(5))?;
                let mv = pos.move_text(&mv);
                writeln!(out, "Hint: {mv} (eval {} for you)", score_text(score))?;
            }
            ["undo"] => self.undo(out)?,
            ["board"] => writeln!(out, "{}", self.diagram(&pos))?,
            ["fen"] => writeln!(out, "{}", pos.fen())?,
            ["resign"] => {
                let result = if self.human == Color::White {
                    "0-1"
                } else {
                    "1-0"
                };
                writeln!(out, "Game over: {result} ({} resigns)", self.human.name())?;
                return Ok(Flow::Stop);
            }
            ["quit"] | ["exit"] => return Ok(Flow::Stop),
            [mv] => self.play_typed(out, &pos, mv)?,
            _ => writeln!(out, "Unknown command '{}'. Type 'help'.", line.trim())?,
        }
        Ok(Flow::Go)
    }

    /// `undo`: back to the previous position where it is the person's
    /// turn (their last move and Curio's reply).
    fn undo(&mut self, out: &mut impl Write) -> Result<(), CliError> {
        let human = self.human;
        let back = (1..=self.game.plies()).find(|&k| {
            self.game
                .back(k)
                .is_some_and(|e| e.pos.side_to_move() == human)
        });
        if let Some(k) = back {
            self.game.undo(k);
            writeln!(out, "Taken back.\n\n{}", self.diagram(self.game.current()))?;
        } else {
            writeln!(out, "Nothing to take back.")?;
        }
        Ok(())
    }

    /// The person's move, in the notation or as XBoard's type-in box
    /// takes it ([`xboard_typed`]).
    fn play_typed(
        &mut self,
        out: &mut impl Write,
        pos: &AnyPosition,
        typed: &str,
    ) -> Result<(), CliError> {
        let mv = &xboard_typed(pos, typed).unwrap_or(typed.to_string());
        match self.game.play(mv, ()) {
            Ok(played) => {
                if played.is_denial() {
                    writeln!(out, "You deny Curio's last turn: it is taken back, and Curio must play another.")?;
                }
                writeln!(out)?;
            }
            Err(e) => writeln!(
                out,
                "Illegal move: {} ({}). Type 'moves' for the legal ones.",
                mv,
                e.reason()
            )?,
        }
        Ok(())
    }
}

/// A Strange Chess move typed as XBoard's type-in box takes it
/// (docs/xboard-strangechess.md: a spell `f3e2-f3` banishes e2, `f3e2-d9`
/// fills d9), or in XBoard's wire forms, in the notation; None for every
/// other text, which is read as it is.
fn xboard_typed(pos: &AnyPosition, typed: &str) -> Option<String> {
    if pos.variant() != Variant::StrangeChess || pos.legal_move_strings().iter().any(|m| m == typed)
    {
        return None;
    }
    // XBoard sends the typed `A B - C` as the two legs `AB,BC`.
    let wire = match typed.split_once('-') {
        Some((ab, c)) => {
            let split = ab
                .char_indices()
                .skip(1)
                .find(|&(_, ch)| ch.is_ascii_lowercase())?
                .0;
            let (a, b) = ab.split_at(split);
            format!("{a}{b},{b}{c}")
        }
        None => typed.to_string(),
    };
    let xb = XbBoard::from_fen(&pos.fen())?;
    xboard_sc::read_move(&xb, pos, &wire).ok().map(|(m, _)| m)
}

/// The engine's move at `level` in the game's current position, and its
/// score for the side to move.
fn engine_move(
    searcher: &mut Searcher,
    game: &GameRecord,
    level: u32,
) -> Result<(movegen::AnyMove, i32), CliError> {
    let limits = level_limits(level);
    let started = std::time::Instant::now();
    let job = Job {
        root: game.current().clone(),
        history: game.history(),
        limits,
        multipv: 1,
        exclude: Vec::new(),
        contempt: eval::default_contempt(game.current().variant()),
        own_move: true,
    };
    let d = searcher
        .search_here(job, |_| {})
        .map_err(|e| CliError(format!("play: {e}")))?;
    let mv = d
        .best
        .ok_or_else(|| CliError("internal: the engine found no move in a live game".into()))?;
    log::info!(
        "play: level {level} ({}): {}, score {}, depth {}, {} nodes in {:.3} s",
        crate::linelog::describe_limits(
            &limits,
            eval::search_profile(game.current()).clock_horizon
        ),
        game.current().move_text(&mv),
        d.score,
        d.depth,
        d.nodes,
        started.elapsed().as_secs_f64()
    );
    Ok((mv, d.score))
}

/// Asks the person for a line (`White to move> `); None at the end of the
/// input (the line is ended on screen).
pub(crate) fn prompt(
    human: Color,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<Option<String>> {
    write!(out, "{} to move> ", human.name())?;
    out.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        writeln!(out)?;
        return Ok(None);
    }
    Ok(Some(line))
}
