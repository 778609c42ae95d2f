//! `curio play --variant realitycheck`: a person against the engine, with
//! the person's hidden faces shown to the person only.
//!
//! This function is the referee: it holds the true state and gives each
//! player only its own view. The person sees the board from an information
//! state of their own (their chips with both faces, the opponent's with the
//! upturned face and `?`, or both faces once shown); the engine decides
//! from its information state alone, exactly as over CECP.

use crate::cli::CliError;
use engine::mcts::{MctsConfig, MctsLimits};
use engine::players::{choose, choose_setup, PlayerKind};
use movegen::game::{Color, Game, Notation, Outcome};
use movegen::realitycheck::chip::kind_name;
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::geometry::{cell, name, on_board};
use movegen::realitycheck::info::{observe, InfoState};
use movegen::realitycheck::{Move, MoveVec, Position};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Thinking time per level (1..8).
const LEVEL_MS: [u64; 8] = [20, 50, 100, 250, 500, 1000, 3000, 10000];

/// The chips of a set (hand, out of play) as `NB PR`, `-` for none.
pub(crate) fn chips(set: u16, c: Color) -> String {
    if set == 0 {
        return "-".into();
    }
    let v: Vec<String> = (0..10)
        .filter(|k| set >> k & 1 == 1)
        .map(|k| match c {
            Color::White => kind_name(k),
            Color::Black => kind_name(k).to_ascii_lowercase(),
        })
        .collect();
    v.join(" ")
}

/// The board as `viewer` knows it: own chips as up face and hidden face,
/// opponent chips as up face and `?` until both faces have been shown.
fn diagram(truth: &Position, view: &InfoState, viewer: Color) -> String {
    let mut s = String::new();
    for r in (0..9).rev() {
        s += &format!("{:>2} ", r + 1);
        for f in 0..7 {
            if !on_board(f, r) {
                s += "    ";
                continue;
            }
            let sq = cell(f, r);
            let text = match truth.chip_at(sq) {
                None => " .".to_string(),
                Some(chip) => {
                    let known = chip.color() == viewer || view.possible_kinds(sq).count_ones() == 1;
                    let up = chip.up().letter();
                    let down = if known { chip.down().letter() } else { '?' };
                    let t = format!("{up}{down}");
                    match chip.color() {
                        Color::White => t,
                        Color::Black => t.to_ascii_lowercase(),
                    }
                }
            };
            s += &format!(" {text:<3}");
        }
        s.push('\n');
    }
    s += "    a   b   c   d   e   f   g\n";
    let them = viewer.flip();
    s += &format!(
        "Your hand: {}   {}'s hand: {} chip(s)\nOut of play: white {}, black {}\n",
        chips(truth.hand(viewer), viewer),
        them.name(),
        truth.hand(them).count_ones(),
        chips(truth.out_of_play(Color::White), Color::White),
        chips(truth.out_of_play(Color::Black), Color::Black),
    );
    if let Some(r) = truth.restricted() {
        s += &format!("The chip on {} may not be flipped this turn.\n", name(r));
    }
    s
}

fn outcome_text(o: Outcome) -> String {
    match o {
        Outcome::Win { winner, reason } => {
            format!("{} wins ({})", winner.name(), reason.describe())
        }
        Outcome::Draw { reason } => format!("draw ({})", reason.describe()),
    }
}

/// Plays one game; `setup` is the person's setup word (random if `None`).
pub fn play_realitycheck(
    human: Color,
    level: u32,
    setup: Option<&str>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let mine = match setup {
        Some(w) => Setup::parse(w).map_err(|e| CliError(format!("--setup: {e}")))?,
        None => choose_setup(seed),
    };
    let theirs = choose_setup(seed.rotate_left(17) ^ 0xC0FFEE);
    let mut table = Table::new(human, mine, theirs);
    let ms = LEVEL_MS[level.clamp(1, 8) as usize - 1];
    let stop = AtomicBool::new(false);
    greet(out, human, level, ms, &mine)?;
    writeln!(out, "{}", table.diagram())?;
    let mut turn = 0u64;
    loop {
        if let Some(o) = table.truth.outcome(&table.history) {
            writeln!(out, "Game over: {}", outcome_text(o))?;
            writeln!(out, "Curio's setup was {}.", theirs.word())?;
            return Ok(());
        }
        let side = table.truth.side_to_move();
        let m = if side != human {
            turn += 1;
            let config = MctsConfig {
                seed: seed.wrapping_add(turn),
                ..MctsConfig::default()
            };
            table.engine_turn(&config, ms, &stop, out)?
        } else {
            let Some(line) = crate::play::prompt(human, input, out)? else {
                return Ok(());
            };
            match table.command(&line, out)? {
                Reply::Turn(m) => m,
                Reply::Again => continue,
                Reply::Stop => return Ok(()),
            }
        };
        table.make(side, m, out)?;
    }
}

/// What the person's line comes to.
enum Reply {
    /// A legal turn, to be played.
    Turn(Move),
    /// A command answered (or a turn refused): ask again.
    Again,
    /// The game ends (resigned, or left).
    Stop,
}

/// The referee's table: the true state, each player's information state,
/// the positions so far (for repetitions), and Curio's setup (shown at the
/// end).
struct Table {
    truth: Position,
    me: InfoState,
    engine: InfoState,
    history: Vec<u64>,
    human: Color,
    theirs: Setup,
}

/// The opening lines: the sides, the level, the person's setup, how the
/// chips are shown.
fn greet(
    out: &mut impl Write,
    human: Color,
    level: u32,
    ms: u64,
    mine: &Setup,
) -> Result<(), CliError> {
    writeln!(
        out,
        "Curio plays Reality Check (39 squares). You are {}. Level {level} ({ms} ms per turn).",
        human.name()
    )?;
    writeln!(
        out,
        "Your secret setup: {} (d1 c2 d2 e2 b3 c3 d3 e3 f3 from your side, then the chip in hand).",
        mine.word()
    )?;
    writeln!(
        out,
        "Chips show up face + hidden face; '?' marks a face you have not seen. Type 'help'.\n"
    )?;
    Ok(())
}

/// `help`: the forms of a turn and the commands.
fn write_help(out: &mut impl Write) -> Result<(), CliError> {
    writeln!(
        out,
        "Turns (see docs/rules/realitycheck.md):\n  c3c4^e7      move, then flip the chip on e7 (compulsory)\n  \
         c3c4         White's first move (no flip)\n  NB@d1        drop your N-B chip on d1, N face up\n  \
         d3g6         capture\n  d3g6!        capture with a reality check\n  \
         keep,NB@d1 / refuse,<turn> / refuse   when Curio captured a chip you must keep or refuse\n\
         Commands: moves [square], board, resign, quit"
    )?;
    Ok(())
}

impl Table {
    /// The true position from both setups, and each player's information
    /// state from its own.
    fn new(human: Color, mine: Setup, theirs: Setup) -> Table {
        let (ws, bs) = match human {
            Color::White => (mine, theirs),
            Color::Black => (theirs, mine),
        };
        Table {
            truth: Position::from_setups(&ws, &bs),
            me: InfoState::new(human, &mine),
            engine: InfoState::new(human.flip(), &theirs),
            history: Vec::new(),
            human,
            theirs,
        }
    }

    /// The board as the person knows it.
    fn diagram(&self) -> String {
        diagram(&self.truth, &self.me, self.human)
    }

    /// Curio's turn, chosen from its information state alone, as the
    /// person sees it played.
    fn engine_turn(
        &self,
        config: &MctsConfig,
        ms: u64,
        stop: &AtomicBool,
        out: &mut impl Write,
    ) -> Result<Move, CliError> {
        let r = choose(
            PlayerKind::Ismcts,
            &self.engine,
            &self.truth,
            &MctsLimits::time(Duration::from_millis(ms)),
            config,
            stop,
        );
        let m = r
            .best
            .ok_or_else(|| CliError("internal: the engine found no turn".into()))?;
        writeln!(out, "Curio plays {}\n", observe(&self.truth, m, self.human))?;
        Ok(m)
    }

    /// One line the person typed: a command or a turn.
    fn command(&self, line: &str, out: &mut impl Write) -> Result<Reply, CliError> {
        let human = self.human;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["help"] | ["?"] => write_help(out)?,
            ["board"] => writeln!(out, "{}", self.diagram())?,
            ["moves"] | ["moves", _] => self.list_turns(out, words.get(1).copied())?,
            ["resign"] => {
                let token = if human == Color::White { "0-1" } else { "1-0" };
                writeln!(out, "Game over: {token} ({} resigns)", human.name())?;
                writeln!(out, "Curio's setup was {}.", self.theirs.word())?;
                return Ok(Reply::Stop);
            }
            ["quit"] | ["exit"] => return Ok(Reply::Stop),
            [text] => match self.truth.parse_move(text) {
                Ok(m) => return Ok(Reply::Turn(m)),
                Err(e) => writeln!(out, "Illegal move: {} ({})", e.text(), e.reason())?,
            },
            _ => writeln!(out, "Type one turn, or 'help'.")?,
        }
        Ok(Reply::Again)
    }

    /// `moves [square]`: the legal turns (starting with the square),
    /// sorted, at most 200 of them.
    fn list_turns(&self, out: &mut impl Write, from: Option<&str>) -> Result<(), CliError> {
        let mut list = MoveVec::new();
        self.truth.legal_moves(&mut list);
        let mut texts: Vec<String> = list
            .iter()
            .map(|&m| self.truth.move_to_string(m))
            .filter(|t| from.is_none_or(|sq| t.starts_with(sq)))
            .collect();
        texts.sort();
        texts.dedup();
        if texts.len() > 200 {
            let n = texts.len();
            texts.truncate(200);
            texts.push(format!("... ({n} in all; 'moves SQUARE' narrows it)"));
        }
        writeln!(out, "{}", texts.join(" "))?;
        Ok(())
    }

    /// Plays `side`'s turn `m`: each player learns what it sees, the truth
    /// moves on, and the person is told what they need to know.
    fn make(&mut self, side: Color, m: Move, out: &mut impl Write) -> Result<(), CliError> {
        let human = self.human;
        for (state, viewer) in [(&mut self.me, human), (&mut self.engine, human.flip())] {
            let obs = observe(&self.truth, m, viewer);
            let own = (viewer == side).then_some(m);
            state
                .update(own, &obs)
                .map_err(|e| CliError(format!("internal: {e}")))?;
        }
        if side == human {
            let shown = observe(&self.truth, m, human);
            if shown.contains('!') || shown.ends_with('+') {
                writeln!(out, "You played {shown}")?;
            }
        }
        self.history.push(self.truth.key());
        self.truth.make(m);
        if side != human {
            writeln!(out, "{}", self.diagram())?;
            if let Some(k) = self.truth.pending() {
                writeln!(
                    out,
                    "Curio captured your {}: you must keep it (keep,<drop>) or refuse it (refuse,<turn>).",
                    kind_name(k)
                )?;
            }
        }
        Ok(())
    }
}
