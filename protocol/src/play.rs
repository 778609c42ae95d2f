//! `curio play`: a person against the engine in a terminal.
//!
//! Reads commands from any `BufRead` and writes to any `Write`, so it runs
//! on a terminal and in tests alike. Moves are typed in each game's
//! notation ([`crate::guide`]); `help` lists the commands, the pieces and
//! the move forms of the game being played. The board is drawn from the
//! person's side.

use crate::analysis::score_text;
use crate::cecp::xboard_sc::{self, XbBoard};
use crate::cli::CliError;
use crate::guide;
use crate::session::{GameRecord, Job, Searcher};
use engine::limits::Limits;
use movegen::game::Color;
use movegen::{AnyPosition, Outcome, Variant};
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

/// Draws the board. Trubix holes lie outside the board and are left
/// blank; Strange Chess holes are squares that vanished in play and show as
/// `*`. Trubix-43's offset squares sit half a file to the side, where they
/// are.
pub fn diagram(pos: &AnyPosition) -> String {
    diagram_from(pos, Color::White)
}

/// The board as `side` sees it from its chair: Black's turned round
/// (its own pieces at the bottom, files h to a).
pub fn diagram_from(pos: &AnyPosition, side: Color) -> String {
    let fen = pos.fen();
    let board = fen.split_whitespace().next().unwrap_or("");
    // Chess and Strange Chess ranks are numbered from 1; Trubix ranks 0-10.
    let v = pos.variant();
    let first_rank = if matches!(
        v,
        Variant::Chess | Variant::StrangeChess | Variant::Dysnomia
    ) {
        1
    } else {
        0
    };
    let hole = if v == Variant::StrangeChess { "*" } else { "" };
    let turned = side == Color::Black;
    let mut d = board_diagram(board, first_rank, v == Variant::Trubix43, hole, turned);
    if let AnyPosition::Dysnomia(s) = pos {
        d.push_str(&dysnomia_status(s));
    }
    d
}

/// What a Dysnomia board does not show: the pools, risen Bishops, King in
/// Exile, the denial right and whether it can be used now, a pending bait.
/// Columns are drawn bottom to top on their square (`RpK`: a white Rook
/// carrying a black pawn with the white King on top).
fn dysnomia_status(s: &movegen::dysnomia::game::State) -> String {
    use movegen::dysnomia::board::square_name;
    use movegen::dysnomia::Kind;
    let p = &s.pos;
    let pool = |counts: &[u8; 5], c: Color| {
        let mut t = String::new();
        for k in Kind::POOL {
            for _ in 0..counts[k as usize] {
                let l = k.letter() as char;
                t.push(if c == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
        if t.is_empty() {
            t.push('-');
        }
        t
    };
    // The pools hold only these types: a removed pawn is gone.
    let mut out = String::from("Pools (K Q R B N only; removed pawns are gone):\n");
    for c in [Color::White, Color::Black] {
        let i = c.index();
        out.push_str(&format!(
            "{:<6} pieces: captured {}, exiled {}{}\n",
            c.name(),
            pool(&p.pools.captured[i], c),
            pool(&p.pools.exiled[i], c),
            if p.in_exile(c) {
                "  (King in exile)"
            } else {
                ""
            }
        ));
    }
    let risen: Vec<String> = p
        .board
        .pieces()
        .filter(|(_, _, pc)| pc.risen())
        .map(|(sq, _, pc)| format!("{}{}", pc.letter(), square_name(sq)))
        .collect();
    if !risen.is_empty() {
        out.push_str(&format!(
            "Risen Bishops (exiled after their owner's next turn): {}\n",
            risen.join(" ")
        ));
    }
    out.push_str(&format!("Denial right: {}", p.denial.name()));
    if s.can_deny() {
        out.push_str(&format!(
            "; {} may deny the last turn now (@@@@)",
            p.side.name()
        ));
    } else if p.denial == p.side && s.last.is_some() {
        // Protected after a denial, a bait reply, an only move, a Knight's
        // hop, or a turn another path also reaches (R-B4.1, R-B4.2).
        out.push_str("; the last turn cannot be denied");
    }
    out.push('\n');
    if let Some(f) = p.forbid {
        out.push_str(&format!(
            "{} was denied and may not play {} again\n",
            p.side.name(),
            f.as_str()
        ));
    }
    if p.bait {
        out.push_str(&format!(
            "Bait: {} must take a pawn or Statue in the King's place\n",
            p.side.name()
        ));
    }
    out
}

/// One square of a FEN rank.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cell {
    /// Not part of the board (`*`): drawn blank.
    Hole,
    Empty,
    /// A piece letter, or the contents of a parenthesised group: two
    /// occupants of one square (`(NH)`) or a stack (`(RpK)`).
    Piece(String),
}

impl Cell {
    fn text<'a>(&'a self, hole: &'a str) -> &'a str {
        match self {
            Cell::Hole => hole,
            Cell::Empty => ".",
            Cell::Piece(p) => p,
        }
    }
}

/// Splits a FEN rank into its squares: runs of empty squares of any length
/// (`5`, `12`), holes (`*`), single letters, and parenthesised groups, each
/// one square.
fn rank_cells(rank: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut run = d as usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                run = run * 10 + d as usize;
                chars.next();
            }
            cells.extend(std::iter::repeat_n(Cell::Empty, run));
        } else if c == '*' {
            cells.push(Cell::Hole);
        } else if c == '(' {
            let group: String = chars.by_ref().take_while(|&c| c != ')').collect();
            cells.push(Cell::Piece(group));
        } else {
            cells.push(Cell::Piece(c.to_string()));
        }
    }
    cells
}

/// Draws a FEN board field (ranks from the top, `/`-separated), numbering
/// the bottom rank `first_rank`. Squares are 4 columns apart, or wider when
/// a square holds a group of 4 or more letters, so that every square's
/// contents stand apart. `t43`: the first and last ranks' second and fourth
/// squares are Trubix-43's bc/cd squares, half a file inwards. `turned`:
/// seen from Black's side, the first rank on top and the files reversed.
fn board_diagram(board: &str, first_rank: usize, t43: bool, hole: &str, turned: bool) -> String {
    let mut rows: Vec<Vec<Cell>> = board.split('/').map(rank_cells).collect();
    let files = rows.iter().map(Vec::len).max().unwrap_or(0);
    if turned {
        // A short rank is padded first, so that its squares keep their
        // files once reversed.
        for r in &mut rows {
            r.resize(files, Cell::Hole);
            r.reverse();
        }
    }
    let width = rows
        .iter()
        .flatten()
        .map(|c| c.text(hole).chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(4);
    let top = first_rank + rows.len().saturating_sub(1);
    let mut out = String::new();
    let order: Vec<usize> = if turned {
        (0..rows.len()).rev().collect()
    } else {
        (0..rows.len()).collect()
    };
    for i in order {
        let cells = &rows[i];
        let rank = top - i;
        let offset = t43 && (rank == 0 || rank == 10);
        let mut line = vec![' '; 4 + width * (files + 1)];
        for (f, c) in cells.iter().enumerate() {
            // File f at column 4 + width * f; bc/cd half a file inwards
            // (turned round, cd comes first).
            let col = match (offset, f) {
                (true, 1) => 4 + width + width / 2,
                (true, 3) => 4 + 2 * width + width / 2,
                _ => 4 + width * f,
            };
            for (k, ch) in c.text(hole).chars().enumerate() {
                line[col + k] = ch;
            }
        }
        let text: String = line.into_iter().collect();
        out.push_str(&format!("{rank:>2} {}", text.trim_end()));
        if offset && turned {
            out.push_str(&format!("        (cd{rank}, bc{rank})"));
        } else if offset {
            out.push_str(&format!("        (bc{rank}, cd{rank})"));
        }
        out.push('\n');
    }
    let mut letters: Vec<String> = (b'a'..b'a' + files as u8)
        .map(|c| (c as char).to_string())
        .collect();
    if turned {
        letters.reverse();
    }
    out.push_str(&format!(
        "       {}\n",
        letters.join(&" ".repeat(width - 1))
    ));
    out
}

fn outcome_text(o: Outcome) -> String {
    match o {
        Outcome::Win { winner, reason } => format!(
            "{} ({} wins by {})",
            o.result_token(),
            winner.name(),
            reason.describe()
        ),
        Outcome::Draw { reason } => format!("{} (draw by {})", o.result_token(), reason.describe()),
    }
}

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
    let mut searcher = Searcher::new(
        64,
        1,
        engine::baseline::Player::Search,
        eval::EvalConfig::DEFAULT,
    )
    .map_err(|e| CliError(format!("play: hash table: {e}")))?;
    let mut game = GameRecord::new(start, ());
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
    let deny = if variant == Variant::Dysnomia {
        " (or @@@@ to deny the last turn)"
    } else {
        ""
    };
    writeln!(
        out,
        "Type a move like {}{deny}, or 'help' for the commands, the pieces and the move forms.\n",
        guide::example(variant)
    )?;
    // The board from the person's side of the table.
    let diagram = |p: &AnyPosition| diagram_from(p, human);
    writeln!(out, "{}", diagram(game.current()))?;
    loop {
        let pos = game.current().clone();
        if let Some(o) = game.outcome() {
            writeln!(out, "Game over: {}", outcome_text(o))?;
            return Ok(());
        }
        if pos.side_to_move() != human {
            let (mv, score) = engine_move(&mut searcher, &game, level)?;
            game.play(&mv, ())
                .map_err(|e| CliError(format!("internal: engine move refused: {e}")))?;
            if mv == "@@@@" {
                writeln!(
                    out,
                    "Curio denies your turn (@@@@): it is taken back; play another   (eval {} for Curio)\n",
                    score_text(score)
                )?;
            } else {
                writeln!(
                    out,
                    "Curio plays {mv}   (eval {} for Curio)\n",
                    score_text(score)
                )?;
            }
            writeln!(out, "{}", diagram(game.current()))?;
            continue;
        }
        write!(out, "{} to move> ", human.name())?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["help"] | ["?"] => writeln!(
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
            )?,
            ["moves"] | ["moves", _] => {
                let from = words.get(1).copied();
                let list: Vec<String> = pos
                    .move_details()
                    .into_iter()
                    .filter(|d| from.is_none_or(|f| d.from == f))
                    .map(|d| d.text)
                    .collect();
                if list.is_empty() {
                    writeln!(out, "No legal moves{}.", from.map(|f| format!(" from {f}")).unwrap_or_default())?;
                } else {
                    let mut list = list;
                    list.sort();
                    writeln!(out, "{}", list.join(" "))?;
                    // Same-square moves look like typing errors: say what they are.
                    let odd = list.iter().any(|m| m.len() >= 4 && m[..m.len() / 2] == m[m.len() / 2..]);
                    if let Some(note) = guide::moves_note(variant).filter(|_| odd) {
                        writeln!(out, "{note}")?;
                    }
                }
            }
            ["hint"] => {
                let (mv, score) = engine_move(&mut searcher, &game, level.min(5))?;
                writeln!(out, "Hint: {mv} (eval {} for you)", score_text(score))?;
            }
            ["undo"] => {
                // Back to the previous position where it is the human's turn.
                let back = (1..=game.plies())
                    .find(|&k| game.back(k).is_some_and(|e| e.pos.side_to_move() == human));
                if let Some(k) = back {
                    game.undo(k);
                    writeln!(out, "Taken back.\n\n{}", diagram(game.current()))?;
                } else {
                    writeln!(out, "Nothing to take back.")?;
                }
            }
            ["board"] => writeln!(out, "{}", diagram(&pos))?,
            ["fen"] => writeln!(out, "{}", pos.fen())?,
            ["resign"] => {
                let result = if human == Color::White { "0-1" } else { "1-0" };
                writeln!(out, "Game over: {result} ({} resigns)", human.name())?;
                return Ok(());
            }
            ["quit"] | ["exit"] => return Ok(()),
            [mv] => {
                let typed = mv.to_string();
                let mv = &xboard_typed(&pos, mv).unwrap_or(typed);
                match game.play(mv, ()) {
                    Ok(()) => {
                        if *mv == "@@@@" {
                            writeln!(out, "You deny Curio's last turn: it is taken back, and Curio must play another.")?;
                        }
                        writeln!(out)?;
                    }
                    Err(e) => writeln!(out, "Illegal move: {} ({}). Type 'moves' for the legal ones.", mv, e.reason())?,
                }
            }
            _ => writeln!(out, "Unknown command '{}'. Type 'help'.", line.trim())?,
        }
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
) -> Result<(String, i32), CliError> {
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
        "play: level {level} ({}): {mv}, score {}, depth {}, {} nodes in {:.3} s",
        crate::linelog::describe_limits(&limits),
        d.score,
        d.depth,
        d.nodes,
        started.elapsed().as_secs_f64()
    );
    Ok((mv, d.score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagrams_show_holes_and_offset_squares() {
        let d = diagram(&AnyPosition::start(Variant::Trubix));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "10             k");
        assert_eq!(lines[1], " 9     f   n   q   n   f");
        assert_eq!(lines[5], " 5         .   .   .");
        assert_eq!(lines[10], " 0             K");
        assert_eq!(lines[11], "       a   b   c   d   e");
        let d = diagram(&AnyPosition::start(Variant::Trubix43));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "10           q   k        (bc10, cd10)");
        assert_eq!(lines[1], " 9     f   c   s   c   f");
        let d = diagram(&AnyPosition::start(Variant::Chess));
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], " 8     r   n   b   q   k   b   n   r");
        assert_eq!(lines[4], " 4     .   .   .   .   .   .   .   .");
        assert_eq!(lines[8], "       a   b   c   d   e   f   g   h");
        // Strange Chess: ranks 1-12, a banished square shown as `*`, a
        // square shared by a Knight and a Halfer as both letters.
        let mut p = AnyPosition::start(Variant::StrangeChess);
        p.play("e4e4").unwrap();
        let d = diagram(&p);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(
            lines[0],
            "12     r   x   h   n   b   q   k   b   n   h   x   r"
        );
        assert_eq!(
            lines[8],
            " 4     .   .   .   .   *   P   P   .   .   .   .   ."
        );
        assert_eq!(
            lines[11],
            " 1     R   X   H   N   B   Q   K   B   N   H   X   R"
        );
        assert_eq!(
            lines[12],
            "       a   b   c   d   e   f   g   h   i   j   k   l"
        );
    }

    #[test]
    fn ranks_are_read_token_by_token() {
        use Cell::*;
        let p = |s: &str| Piece(s.to_string());
        assert_eq!(rank_cells("12"), vec![Empty; 12]);
        assert_eq!(rank_cells("10"), vec![Empty; 10]);
        let mut five_pp_five = vec![Empty; 5];
        five_pp_five.extend([p("p"), p("p")]);
        five_pp_five.extend(vec![Empty; 5]);
        assert_eq!(rank_cells("5pp5"), five_pp_five);
        assert_eq!(
            rank_cells("*(NH)1(Wh)(RpK)k"),
            vec![Hole, p("NH"), Empty, p("Wh"), p("RpK"), p("k")]
        );
    }

    #[test]
    fn diagrams_show_twelve_files_and_squares_with_several_occupants() {
        let d = board_diagram("12/5pp5/(NH)10(Wh)/2(RpK)8k/11*", 1, false, "", false);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(
            lines,
            [
                " 5     .   .   .   .   .   .   .   .   .   .   .   .",
                " 4     .   .   .   .   .   p   p   .   .   .   .   .",
                " 3     NH  .   .   .   .   .   .   .   .   .   .   Wh",
                " 2     .   .   RpK .   .   .   .   .   .   .   .   k",
                " 1     .   .   .   .   .   .   .   .   .   .   .",
                "       a   b   c   d   e   f   g   h   i   j   k   l",
            ]
        );
        // A taller stack widens every square, so squares stay apart.
        let d = board_diagram("(RpKq)1/2", 1, false, "", false);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines, [" 2     RpKq .", " 1     .    .", "       a    b"]);
    }
}
