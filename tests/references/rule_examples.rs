//! Rule examples as data (`tests/rules/<game>/*.rules`), run against both
//! the fast generator (through `movegen::AnyPosition`) and the game's
//! independent reference generator. One file format, one runner, two back
//! ends: an example cannot drift between the two harnesses, and a
//! disagreement names the file, the line and the back end.
//!
//! The format (one command per line; `#` starts a comment; a line that
//! starts with white space continues the line before it):
//!
//! ```text
//! grid 12x12                      board size, for `board` lines (once, at the top)
//! example <name>                  starts an example (the R- rules it shows, in its name)
//! fen <FEN>                       sets the position
//! board <sq>=<cell> ... | <rest>  sets it from a square list: `e5=(hh)`, `c4=*`, `d2=S`
//! play <move> ...                 plays the moves in turn (each must be legal)
//! back                            returns to the position of the last `fen`/`board`
//! fen-is <FEN>                    the FEN now, byte for byte
//! board-is <sq>=<cell> ... | <rest>   the same, written as a square list
//! fen-has <text>                  the FEN now contains <text>
//! fen-lacks <text>                the FEN now does not contain <text>
//! moves <sq>: <move> ...          exactly these legal moves start on <sq> (`-`: none);
//!                                 `moves` and `count` also fail on a move listed twice
//! moves all: <move> ...           exactly these legal moves
//! moves spells: <move> ...        exactly these start on an empty square
//! moves with <text>: <move> ...   exactly these contain <text>
//! count <n>                       the number of legal moves
//! legal <move> ...                each is legal
//! illegal <move> ...              each is refused (not legal, or not a move)
//! check yes|no                    whether the side to move is in check
//! status <s>                      ongoing, `<reason> <winner>` (checkmate white,
//!                                 king-captured black), a draw's reason (stalemate,
//!                                 move-rule, bare-kings), or a result token
//!                                 (1-0, 0-1, 1/2-1/2, *) where a reference knows
//!                                 no more
//! bad-fen <FEN>                   the FEN is refused
//! ```
//!
//! The repetition rule needs the game's history, which the references do
//! not keep; its examples stay in code beside the fast generator's tests.

use std::collections::BTreeSet;
use std::fmt::Write as _;

/// What the runner needs from a move generator.
pub trait RulesBackend: Clone + Sized {
    const NAME: &'static str;
    fn from_fen(fen: &str) -> Result<Self, String>;
    fn to_fen(&self) -> String;
    /// The legal moves as text.
    fn legal_moves(&self) -> Vec<String>;
    fn play(&self, mv: &str) -> Result<Self, String>;
    fn in_check(&self) -> bool;
    /// The result token: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    fn result(&self) -> String;
    /// The words of the `status` command, for a back end that knows why a
    /// game ended (None: it knows only results, so examples use those).
    fn status(&self) -> Option<String>;
}

/// One command with the line it came from.
#[derive(Debug, Clone)]
struct Line {
    number: usize,
    text: String,
}

#[derive(Debug, Clone)]
struct Example {
    name: String,
    lines: Vec<Line>,
}

/// A parsed rules file.
#[derive(Debug)]
pub struct RulesFile {
    path: String,
    grid: Option<(usize, usize)>,
    examples: Vec<Example>,
}

/// Reads every `*.rules` file of `tests/rules/<game>/`, in name order.
pub fn rules_files(game: &str) -> Vec<RulesFile> {
    let dir = format!("{}/tests/rules/{game}", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .rules files in {dir}");
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            parse_file(&p.display().to_string(), &text)
        })
        .collect()
}

fn parse_file(path: &str, text: &str) -> RulesFile {
    // Join continuation lines first, keeping the number of the first line.
    let mut joined: Vec<Line> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        if content.starts_with([' ', '\t']) {
            let last = joined
                .last_mut()
                .unwrap_or_else(|| panic!("{path}:{}: continuation of nothing", i + 1));
            last.text.push(' ');
            last.text.push_str(content.trim());
        } else {
            joined.push(Line {
                number: i + 1,
                text: content.trim().to_string(),
            });
        }
    }
    let mut file = RulesFile {
        path: path.to_string(),
        grid: None,
        examples: Vec::new(),
    };
    let mut names = BTreeSet::new();
    for line in joined {
        let (word, rest) = split_word(&line.text);
        match word {
            "grid" => {
                let (w, h) = rest
                    .split_once('x')
                    .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
                    .unwrap_or_else(|| panic!("{path}:{}: grid WxH", line.number));
                file.grid = Some((w, h));
            }
            "example" => {
                assert!(
                    names.insert(rest.to_string()),
                    "{path}:{}: example '{rest}' given twice",
                    line.number
                );
                file.examples.push(Example {
                    name: rest.to_string(),
                    lines: Vec::new(),
                });
            }
            _ => file
                .examples
                .last_mut()
                .unwrap_or_else(|| panic!("{path}:{}: a command before any example", line.number))
                .lines
                .push(line),
        }
    }
    file
}

fn split_word(s: &str) -> (&str, &str) {
    match s.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (s, ""),
    }
}

/// Splits a move or square list; `-` alone is the empty list.
fn list(s: &str) -> BTreeSet<String> {
    s.split_whitespace()
        .filter(|&w| w != "-")
        .map(str::to_string)
        .collect()
}

/// The FEN board of a square list `a1=K e5=(hh) c4=*`, run-length encoded
/// rank by rank from the top.
fn board_text(grid: (usize, usize), items: &str) -> Result<String, String> {
    let (w, h) = grid;
    let mut cells = vec![String::new(); w * h];
    for item in items.split_whitespace() {
        let (sq, content) = item
            .split_once('=')
            .ok_or_else(|| format!("'{item}' is not square=content"))?;
        let i = square_index(grid, sq).ok_or_else(|| format!("bad square '{sq}'"))?;
        if !cells[i].is_empty() {
            return Err(format!("{sq} given twice"));
        }
        cells[i] = content.to_string();
    }
    let mut out = String::new();
    for r in (0..h).rev() {
        let mut run = 0;
        for c in &cells[r * w..(r + 1) * w] {
            if c.is_empty() {
                run += 1;
                continue;
            }
            if run > 0 {
                write!(out, "{run}").unwrap();
                run = 0;
            }
            out.push_str(c);
        }
        if run > 0 {
            write!(out, "{run}").unwrap();
        }
        if r > 0 {
            out.push('/');
        }
    }
    Ok(out)
}

/// `board`'s argument: `<square list> | <rest of the FEN>`.
fn board_fen(grid: Option<(usize, usize)>, arg: &str) -> Result<String, String> {
    let grid = grid.ok_or("a board line needs a grid line at the top of the file")?;
    let (items, rest) = arg
        .split_once('|')
        .ok_or("board needs '| <side> <castling> ...' after the squares")?;
    Ok(format!("{} {}", board_text(grid, items)?, rest.trim()))
}

fn square_index((w, h): (usize, usize), s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let file = (*b.first()? as usize).checked_sub(b'a' as usize)?;
    let rank: usize = s.get(1..)?.parse().ok()?;
    (file < w && (1..=h).contains(&rank)).then(|| (rank - 1) * w + file)
}

/// The square a move text starts on: its letters and then its digits.
fn from_square(m: &str) -> &str {
    let letters = m.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(m.len());
    let digits = m[letters..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(m.len(), |d| letters + d);
    &m[..digits]
}

/// The squares of a FEN board that hold nothing (no piece, no hole),
/// named as in move texts.
fn empty_squares(grid: (usize, usize), fen: &str) -> BTreeSet<String> {
    let (w, h) = grid;
    let mut out = BTreeSet::new();
    let board = fen.split_whitespace().next().unwrap_or("");
    for (row, rank_text) in board.split('/').enumerate() {
        let rank = h - row;
        let mut file = 0;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap() as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d as usize;
                    chars.next();
                }
                for f in file..(file + n).min(w) {
                    out.insert(format!("{}{rank}", (b'a' + f as u8) as char));
                }
                file += n;
            } else {
                if c == '(' {
                    for d in chars.by_ref() {
                        if d == ')' {
                            break;
                        }
                    }
                }
                file += 1;
            }
        }
    }
    out
}

fn show(set: &BTreeSet<String>) -> String {
    if set.is_empty() {
        "-".to_string()
    } else {
        set.iter().cloned().collect::<Vec<_>>().join(" ")
    }
}

/// The legal moves, each listed once (a move text listed twice is a
/// failure wherever a list is checked).
fn distinct_moves<B: RulesBackend>(p: &B) -> Result<Vec<String>, String> {
    let all = p.legal_moves();
    let mut seen = BTreeSet::new();
    match all.iter().find(|m| !seen.insert(m.as_str())) {
        Some(m) => Err(format!("{m} is listed twice")),
        None => Ok(all),
    }
}

/// Runs one command; an error is the failure's text.
fn run_line<B: RulesBackend>(
    grid: Option<(usize, usize)>,
    line: &str,
    base: &mut Option<B>,
    now: &mut Option<B>,
) -> Result<(), String> {
    let (word, arg) = split_word(line);
    let current = |now: &Option<B>| now.clone().ok_or("no position yet (fen or board first)");
    match word {
        "fen" | "board" => {
            let fen = if word == "fen" {
                arg.to_string()
            } else {
                board_fen(grid, arg)?
            };
            let p = B::from_fen(&fen).map_err(|e| format!("FEN refused: {e}\n  {fen}"))?;
            *base = Some(p.clone());
            *now = Some(p);
        }
        "back" => *now = base.clone(),
        "play" => {
            let mut p = current(now)?;
            for m in arg.split_whitespace() {
                p = p
                    .play(m)
                    .map_err(|e| format!("{m} refused in {}: {e}", p.to_fen()))?;
            }
            *now = Some(p);
        }
        "fen-is" | "board-is" => {
            let want = if word == "fen-is" {
                arg.to_string()
            } else {
                board_fen(grid, arg)?
            };
            let got = current(now)?.to_fen();
            if got != want {
                return Err(format!("FEN\n  got  {got}\n  want {want}"));
            }
        }
        "fen-has" | "fen-lacks" => {
            let got = current(now)?.to_fen();
            if got.contains(arg) != (word == "fen-has") {
                return Err(format!("FEN {got} ({word} '{arg}')"));
            }
        }
        "moves" => {
            let p = current(now)?;
            let (which, want) = arg.split_once(':').ok_or("moves <which>: <list>")?;
            let which = which.trim();
            let all = distinct_moves(&p)?;
            let got: BTreeSet<String> = if which == "all" {
                all.into_iter().collect()
            } else if which == "spells" {
                let grid = grid.ok_or("moves spells: needs a grid line")?;
                let empty = empty_squares(grid, &p.to_fen());
                all.into_iter()
                    .filter(|m| empty.contains(from_square(m)))
                    .collect()
            } else if let Some(text) = which.strip_prefix("with ") {
                all.into_iter().filter(|m| m.contains(text)).collect()
            } else {
                all.into_iter()
                    .filter(|m| from_square(m) == which)
                    .collect()
            };
            let want = list(want);
            if got != want {
                let missing: BTreeSet<_> = want.difference(&got).cloned().collect();
                let extra: BTreeSet<_> = got.difference(&want).cloned().collect();
                return Err(format!(
                    "moves {which}: missing {}, unexpected {}\n  got {}",
                    show(&missing),
                    show(&extra),
                    show(&got)
                ));
            }
        }
        "count" => {
            let n = distinct_moves(&current(now)?)?.len();
            if arg.parse::<usize>().map_err(|_| "count <number>")? != n {
                return Err(format!("{n} legal moves, want {arg}"));
            }
        }
        "legal" | "illegal" => {
            let p = current(now)?;
            let all: BTreeSet<String> = p.legal_moves().into_iter().collect();
            for m in arg.split_whitespace() {
                let played = p.play(m).is_ok();
                let listed = all.contains(m);
                if played != listed {
                    return Err(format!("{m}: listed {listed} but play says {played}"));
                }
                if listed != (word == "legal") {
                    return Err(format!("{m} is {}legal", if listed { "" } else { "not " }));
                }
            }
        }
        "check" => {
            let want = match arg {
                "yes" => true,
                "no" => false,
                _ => return Err("check yes|no".into()),
            };
            if current(now)?.in_check() != want {
                return Err(format!("in check: want {arg}"));
            }
        }
        "status" => {
            let p = current(now)?;
            let got = if ["1-0", "0-1", "1/2-1/2", "*"].contains(&arg) {
                p.result()
            } else {
                p.status().ok_or(
                    "this back end knows results only: write status 1-0, 0-1, 1/2-1/2 or *",
                )?
            };
            if got != arg {
                return Err(format!("status {got}, want {arg}"));
            }
        }
        "bad-fen" => {
            if let Ok(p) = B::from_fen(arg) {
                return Err(format!("FEN accepted, reads as {}", p.to_fen()));
            }
        }
        _ => return Err(format!("unknown command '{word}'")),
    }
    Ok(())
}

/// Runs every example of every file of `game` against back end `B`;
/// panics with all the failures, one per line, at the end. Returns the
/// number of commands run.
pub fn run_game<B: RulesBackend>(game: &str) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in rules_files(game) {
        for ex in &file.examples {
            let (mut base, mut now) = (None::<B>, None::<B>);
            for line in &ex.lines {
                ran += 1;
                if let Err(e) = run_line(file.grid, &line.text, &mut base, &mut now) {
                    failures.push(format!(
                        "{}:{} [{}] {}: {}\n  {e}",
                        file.path,
                        line.number,
                        B::NAME,
                        ex.name,
                        line.text
                    ));
                    break; // later lines of this example depend on this one
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} rule example(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    ran
}

// ---------------------------------------------------------------------------
// The fast generators' back end
// ---------------------------------------------------------------------------

/// The fast generator of the game at index `V` of [`movegen::Variant::ALL`],
/// through `AnyPosition`.
#[derive(Clone)]
pub struct Fast<const V: usize>(movegen::AnyPosition);

/// The index of a game in [`movegen::Variant::ALL`], for [`Fast`].
pub const fn fast_index(v: movegen::Variant) -> usize {
    let mut i = 0;
    while i < movegen::Variant::ALL.len() {
        if movegen::Variant::ALL[i] as usize == v as usize {
            return i;
        }
        i += 1;
    }
    panic!("a variant outside Variant::ALL")
}

/// The word of the `status` command for a rule outcome: `ongoing`, the
/// reason and the winner (`checkmate white`, `king-captured black`), or the
/// reason of a draw (`stalemate`, `move-rule`, `repetition`).
pub fn outcome_word(o: Option<movegen::Outcome>) -> String {
    use movegen::{Color, Outcome};
    let reason = |r: movegen::EndReason| {
        let mut w = String::new();
        for (i, c) in format!("{r:?}").chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                w.push('-');
            }
            w.push(c.to_ascii_lowercase());
        }
        w
    };
    match o {
        None => "ongoing".into(),
        Some(Outcome::Win { winner, reason: r }) => format!(
            "{} {}",
            reason(r),
            if winner == Color::White {
                "white"
            } else {
                "black"
            }
        ),
        Some(Outcome::Draw { reason: r }) => reason(r),
    }
}

/// The result token of an outcome: `1-0`, `0-1`, `1/2-1/2`, or `*`.
pub fn result_token(o: Option<movegen::Outcome>) -> &'static str {
    o.map_or("*", |o| o.result_token())
}

impl<const V: usize> RulesBackend for Fast<V> {
    const NAME: &'static str = "fast";
    fn from_fen(fen: &str) -> Result<Self, String> {
        movegen::AnyPosition::from_fen(movegen::Variant::ALL[V], fen)
            .map(Fast)
            .map_err(|e| e.to_string())
    }
    fn to_fen(&self) -> String {
        self.0.fen()
    }
    fn legal_moves(&self) -> Vec<String> {
        self.0.legal_move_strings()
    }
    fn play(&self, mv: &str) -> Result<Self, String> {
        let mut p = self.clone();
        p.0.play(mv).map_err(|e| e.to_string())?;
        Ok(p)
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn result(&self) -> String {
        result_token(self.0.outcome(&[])).into()
    }
    fn status(&self) -> Option<String> {
        Some(outcome_word(self.0.outcome(&[])))
    }
}

/// The runner itself: a wrong expectation of each kind is reported, with
/// its line, for both kinds of failure message.
#[test]
fn the_runner_reports_each_kind_of_wrong_expectation() {
    let text = "grid 12x12\n\
        example start\n\
        board a1=K l12=k e5=N | w - - 0 1\n\
        moves e5: e5d3 e5c4\n\
        example wrong fen\n\
        board a1=K l12=k e5=N | w - - 0 1\n\
        play e5f7\n\
        fen-is 12/12/12/12/12/12/12/12/12/12/12/K10k b - - 1 1\n";
    let file = parse_file("inline", text);
    let grid = file.grid;
    let mut outcomes = Vec::new();
    for ex in &file.examples {
        let (mut base, mut now) = (None, None);
        let r: Result<(), String> = ex.lines.iter().try_for_each(|l| {
            run_line::<Fast<{ fast_index(movegen::Variant::StrangeChess) }>>(
                grid, &l.text, &mut base, &mut now,
            )
        });
        outcomes.push(r);
    }
    let first = outcomes[0].as_ref().unwrap_err();
    assert!(
        first.contains("missing -") && first.contains("e5f7"),
        "{first}"
    );
    let second = outcomes[1].as_ref().unwrap_err();
    assert!(second.contains("want 12/12"), "{second}");
    assert_eq!(list("-"), BTreeSet::new());
    assert_eq!(from_square("k12k11"), "k12");
    assert_eq!(
        empty_squares(
            (12, 12),
            "11k/12/12/12/12/12/12/12/12/12/5(WH)W5/K11 w - - 0 1"
        )
        .len(),
        144 - 4
    );
}

/// A back end that lists a fixed set of moves, for testing the runner.
#[derive(Clone)]
struct Listed(Vec<String>);

impl RulesBackend for Listed {
    const NAME: &'static str = "listed";
    fn from_fen(fen: &str) -> Result<Self, String> {
        Ok(Listed(fen.split_whitespace().map(str::to_string).collect()))
    }
    fn to_fen(&self) -> String {
        self.0.join(" ")
    }
    fn legal_moves(&self) -> Vec<String> {
        self.0.clone()
    }
    fn play(&self, _: &str) -> Result<Self, String> {
        Err("no moves here".into())
    }
    fn in_check(&self) -> bool {
        false
    }
    fn result(&self) -> String {
        "*".into()
    }
    fn status(&self) -> Option<String> {
        None
    }
}

/// A move listed twice fails `moves` and `count`; a back end that knows
/// results only refuses a reason word but answers a result token.
#[test]
fn the_runner_catches_duplicates_and_unknown_reasons() {
    let run = |lines: &[&str]| {
        let (mut base, mut now) = (None::<Listed>, None);
        lines
            .iter()
            .try_for_each(|l| run_line::<Listed>(None, l, &mut base, &mut now))
    };
    assert!(run(&["fen a1a2 a1a2", "count 2"])
        .unwrap_err()
        .contains("listed twice"));
    assert!(run(&["fen a1a2 a1a2", "moves a1: a1a2"])
        .unwrap_err()
        .contains("listed twice"));
    assert!(run(&["fen a1a2 b1b2", "count 2", "moves a1: a1a2", "status *"]).is_ok());
    assert!(run(&["fen a1a2", "status ongoing"])
        .unwrap_err()
        .contains("results only"));
    assert!(run(&["fen a1a2", "illegal b1b2", "legal a1a2"]).is_err());
}
