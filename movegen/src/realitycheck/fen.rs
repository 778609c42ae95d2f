//! Text forms: the full-information FEN, setup words and move notation
//! (all specified in `docs/rules/realitycheck.md`, sections 8 and 9).

use super::chip::{faces, kind_name, kind_of, Chip, Face, KINDS};
use super::geometry::{cell, name, on_board, parse_square, BLACK_HOME, WHITE_HOME};
use super::position::{Decision, Move, Position, TurnKind, NONE};
use crate::error::{FenError, MoveError};
use crate::game::Color;

/// The faces a setup must show on the home squares, in setup order
/// (d1 c2 d2 e2 b3 c3 d3 e3 f3; Black mirrored).
pub const SETUP_FACES: [Face; 9] = [
    Face::Rook,
    Face::Knight,
    Face::Bishop,
    Face::Knight,
    Face::Pawn,
    Face::Pawn,
    Face::Bishop,
    Face::Pawn,
    Face::Pawn,
];

/// The setup of the rules document's example, used for both sides when no
/// position is given.
pub const DEFAULT_SETUP: &str = "RRNNBBNBPPPNBRPBPRNR";

/// One side's secret setup: the chip on each home square (setup order) and
/// the chip in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// (kind, flipped) per home square in setup order.
    pub chips: [(usize, bool); 9],
    pub hand: usize,
}

impl Setup {
    /// Reads a 20-letter setup word (either case).
    pub fn parse(word: &str) -> Result<Setup, String> {
        let letters: Vec<char> = word.trim().chars().collect();
        if letters.len() != 20 {
            return Err(format!(
                "setup '{word}' must be 20 letters: the chips on d1 c2 d2 e2 b3 c3 d3 e3 f3 (up face, hidden face), then the chip in hand"
            ));
        }
        let mut faces_read = Vec::with_capacity(10);
        for pair in letters.chunks(2) {
            let (Some(a), Some(b)) = (Face::from_letter(pair[0]), Face::from_letter(pair[1]))
            else {
                return Err(format!(
                    "setup '{word}': '{}{}' is not a chip (letters P N B R)",
                    pair[0], pair[1]
                ));
            };
            faces_read.push((a, b));
        }
        let mut chips = [(0, false); 9];
        let mut seen = 0u16;
        for (i, &(up, down)) in faces_read.iter().enumerate() {
            let kind = kind_of(up, down);
            if seen >> kind & 1 == 1 {
                return Err(format!(
                    "setup '{word}': chip {} appears twice",
                    kind_name(kind)
                ));
            }
            seen |= 1 << kind;
            if i < 9 {
                if up != SETUP_FACES[i] {
                    return Err(format!(
                        "setup '{word}': the chip on {} must show {}",
                        name(WHITE_HOME[i]),
                        SETUP_FACES[i].letter()
                    ));
                }
                chips[i] = (kind, up != faces(kind).0);
            }
        }
        Ok(Setup {
            chips,
            hand: kind_of(faces_read[9].0, faces_read[9].1),
        })
    }

    /// The 20-letter word (upper case).
    pub fn word(&self) -> String {
        let mut s = String::new();
        for &(kind, flipped) in &self.chips {
            s += &Chip::new(Color::White, kind, flipped).token();
        }
        s + &kind_name(self.hand)
    }

    /// The setup `color` started with, if `pos` is a start position (White's
    /// first turn, every chip on its home square showing the required face,
    /// one chip in hand, nothing out of play or pending).
    pub fn of(pos: &Position, color: Color) -> Option<Setup> {
        if !pos.white_first_turn() || pos.pending().is_some() || pos.restricted().is_some() {
            return None;
        }
        let home = match color {
            Color::White => &WHITE_HOME,
            Color::Black => &BLACK_HOME,
        };
        let mut chips = [(0, false); 9];
        for (i, &sq) in home.iter().enumerate() {
            let chip = pos.chip_at(sq)?;
            if chip.color() != color || chip.up() != SETUP_FACES[i] {
                return None;
            }
            chips[i] = (chip.kind(), chip.flipped());
        }
        let hand = pos.hand(color);
        if hand.count_ones() != 1
            || pos.out_of_play(color) != 0
            || pos.pieces(color).count_ones() != 9
        {
            return None;
        }
        Some(Setup {
            chips,
            hand: hand.trailing_zeros() as usize,
        })
    }

    /// Every legal setup (672 of them), in a fixed order.
    pub fn all() -> Vec<Setup> {
        let mut out = Vec::new();
        let mut chips = [(0usize, false); 9];
        fn place(i: usize, used: u16, chips: &mut [(usize, bool); 9], out: &mut Vec<Setup>) {
            if i == 9 {
                let hand = (0..KINDS)
                    .find(|k| used >> k & 1 == 0)
                    .expect("one chip left");
                out.push(Setup {
                    chips: *chips,
                    hand,
                });
                return;
            }
            for kind in 0..KINDS {
                if used >> kind & 1 == 1 {
                    continue;
                }
                let (lo, hi) = faces(kind);
                if lo == SETUP_FACES[i] {
                    chips[i] = (kind, false);
                    place(i + 1, used | 1 << kind, chips, out);
                }
                if hi == SETUP_FACES[i] && hi != lo {
                    chips[i] = (kind, true);
                    place(i + 1, used | 1 << kind, chips, out);
                }
            }
        }
        place(0, 0, &mut chips, &mut out);
        out
    }
}

impl Position {
    /// The start position with the two given setups.
    pub fn from_setups(white: &Setup, black: &Setup) -> Position {
        let mut p = Position::empty();
        for (c, setup, home) in [
            (Color::White, white, &WHITE_HOME),
            (Color::Black, black, &BLACK_HOME),
        ] {
            for (i, &(kind, flipped)) in setup.chips.iter().enumerate() {
                p.put(home[i], Chip::new(c, kind, flipped));
            }
            p.set_hand(c, 1 << setup.hand);
        }
        p
    }

    /// The start position of the rules document (same setup for both sides).
    pub fn start() -> Position {
        let s = Setup::parse(DEFAULT_SETUP).expect("the default setup is legal");
        Position::from_setups(&s, &s)
    }

    /// Reads a full-information FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let err = |m: String| FenError(m);
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 6 || fields.len() > 8 {
            return Err(err(format!(
                "expected 8 fields (board, side, hands, out of play, restricted, pending, halfmove, fullmove), found {}",
                fields.len()
            )));
        }
        let mut p = Position::empty();
        parse_board(&mut p, fields[0])?;
        p.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(err(format!("side to move must be 'w' or 'b', not '{s}'"))),
        };
        let (wh, bh) = parse_pair(fields[2], "hands")?;
        p.hand = [wh, bh];
        let (wo, bo) = parse_pair(fields[3], "out of play")?;
        p.out = [wo, bo];
        p.restricted = parse_restricted(&p, fields[4])?;
        p.pending = parse_pending(fields[5], p.side)?;
        parse_counters(&mut p, &fields[6..])?;
        if p.pending != NONE && p.white_first_turn() {
            return Err(err("nothing can be pending on White's first turn".into()));
        }
        p.check_inventory().map_err(err)?;
        p.key = p.compute_key();
        Ok(p)
    }

    /// The position as a full-information FEN.
    pub fn fen(&self) -> String {
        let mut board = String::new();
        for r in (0..9).rev() {
            let mut empty = 0;
            for f in (0..7).filter(|&f| on_board(f, r)) {
                match self.chip_at(cell(f, r)) {
                    None => empty += 1,
                    Some(chip) => {
                        if empty > 0 {
                            board += &empty.to_string();
                            empty = 0;
                        }
                        board += &chip.token();
                    }
                }
            }
            if empty > 0 {
                board += &empty.to_string();
            }
            if r > 0 {
                board.push('/');
            }
        }
        let pending = match self.pending() {
            None => "-".to_string(),
            Some(k) => case(kind_name(k), self.side),
        };
        format!(
            "{board} {} {} {} {} {pending} {} {}",
            if self.side == Color::White { "w" } else { "b" },
            pair(self.hand),
            pair(self.out),
            self.restricted().map_or("-".to_string(), name),
            self.halfmove,
            self.fullmove
        )
    }

    /// A turn in the notation of the rules document.
    pub fn move_text(m: Move) -> String {
        let turn = match m.kind() {
            TurnKind::RefuseOnly => return "refuse".to_string(),
            TurnKind::Plain | TurnKind::Capture => format!("{}{}", name(m.from()), name(m.to())),
            TurnKind::RealityCheck => format!("{}{}!", name(m.from()), name(m.to())),
            TurnKind::MoveFlip => {
                format!(
                    "{}{}^{}",
                    name(m.from()),
                    name(m.to()),
                    name(m.flip_square())
                )
            }
            TurnKind::Drop => {
                let chip = Chip::new(Color::White, m.drop_kind(), m.drop_flipped());
                format!("{}@{}", chip.token(), name(m.to()))
            }
        };
        match m.decision() {
            Decision::None => turn,
            Decision::Keep => format!("keep,{turn}"),
            Decision::Refuse => format!("refuse,{turn}"),
        }
    }

    /// Reads a turn and checks that it is legal here.
    pub fn parse_turn(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        check_syntax(t).map_err(|why| MoveError::Syntax {
            text: t.to_string(),
            why,
        })?;
        let wanted = t.to_ascii_lowercase();
        let mut list = super::MoveVec::new();
        self.generate(&mut list);
        if let Some(&m) = list
            .iter()
            .find(|&&m| Position::move_text(m).to_ascii_lowercase() == wanted)
        {
            return Ok(m);
        }
        Err(MoveError::Illegal {
            text: t.to_string(),
            why: self.why_illegal(&wanted),
        })
    }

    fn why_illegal(&self, wanted: &str) -> String {
        if self.pending != NONE && !wanted.starts_with("keep") && !wanted.starts_with("refuse") {
            return "a captured chip is waiting: start the turn with 'keep,' or 'refuse,'".into();
        }
        if self.pending == NONE && (wanted.starts_with("keep") || wanted.starts_with("refuse")) {
            return "no captured chip is waiting for keep or refuse".into();
        }
        if self.white_first_turn() {
            return "White's first turn is one non-capturing move without a flip".into();
        }
        if self.over_limit(self.side) {
            return "too many chips in hand: this turn must be a drop".into();
        }
        if let (Some(r), Some((squares, flip))) = (self.restricted(), wanted.split_once('^')) {
            // The restriction follows the chip: it may have just moved.
            let body = squares.rsplit(',').next().unwrap_or(squares);
            let (from, to) = (body.get(..2), body.get(2..4));
            let restricted_now = if from == Some(name(r).as_str()) {
                to.map(str::to_string)
            } else {
                Some(name(r))
            };
            if restricted_now.as_deref() == Some(flip) {
                return "that chip was flipped or dropped by the opponent last turn and may not be flipped now".into();
            }
        }
        "not a legal turn here".into()
    }
}

/// The board field: nine ranks, 9 down to 1, separated by `/`.
fn parse_board(p: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 9 {
        return Err(FenError(format!(
            "the board needs 9 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        parse_rank(p, text, 8 - i as i32)?;
    }
    Ok(())
}

/// One rank (`r` counted from 0) over its on-board squares only: a digit
/// counts empty squares, two letters are a chip. A run of empty squares is
/// one digit (a rank has at most 7 squares), so two digits in a row are
/// refused rather than added up.
fn parse_rank(p: &mut Position, text: &str, r: i32) -> Result<(), FenError> {
    let files: Vec<i32> = (0..7).filter(|&f| on_board(f, r)).collect();
    let mut next = 0;
    let chars: Vec<char> = text.chars().collect();
    let mut j = 0;
    while j < chars.len() {
        let ch = chars[j];
        if let Some(n) = ch.to_digit(10) {
            if n == 0 {
                return Err(FenError(format!(
                    "rank {}: '0' is not a count of empty squares",
                    r + 1
                )));
            }
            if chars.get(j + 1).is_some_and(char::is_ascii_digit) {
                return Err(FenError(format!(
                    "rank {}: two digits in a row ('{text}'); one digit counts a run of empty squares",
                    r + 1
                )));
            }
            next += n as usize;
            j += 1;
            continue;
        }
        let chip = parse_chip(ch, chars.get(j + 1).copied(), r)?;
        if next >= files.len() {
            return Err(FenError(format!(
                "rank {} has only {} squares",
                r + 1,
                files.len()
            )));
        }
        p.put(cell(files[next], r), chip);
        next += 1;
        j += 2;
    }
    if next != files.len() {
        return Err(FenError(format!(
            "rank {} describes {next} squares, it has {}",
            r + 1,
            files.len()
        )));
    }
    Ok(())
}

/// A chip on the board: its up face then its hidden face, both upper case
/// for White, both lower case for Black. `ch2` is the letter after `ch`.
fn parse_chip(ch: char, ch2: Option<char>, r: i32) -> Result<Chip, FenError> {
    let Some(ch2) = ch2 else {
        return Err(FenError(format!(
            "rank {}: '{ch}' needs a second letter (up face, hidden face)",
            r + 1
        )));
    };
    let (Some(up), Some(down)) = (Face::from_letter(ch), Face::from_letter(ch2)) else {
        return Err(FenError(format!(
            "rank {}: '{ch}{ch2}' is not a chip (two of P N B R)",
            r + 1
        )));
    };
    let color = match (ch.is_ascii_uppercase(), ch2.is_ascii_uppercase()) {
        (true, true) => Color::White,
        (false, false) => Color::Black,
        _ => {
            return Err(FenError(format!(
                "rank {}: '{ch}{ch2}' mixes upper and lower case",
                r + 1
            )))
        }
    };
    Ok(Chip::showing(color, kind_of(up, down), up).expect("face of its kind"))
}

/// The restricted field: `-`, or the square of a chip on the board.
fn parse_restricted(p: &Position, field: &str) -> Result<u8, FenError> {
    match field {
        "-" => Ok(NONE),
        s => {
            let sq = parse_square(s)
                .ok_or_else(|| FenError(format!("restricted chip: '{s}' is not a square")))?;
            if p.chip_at(sq).is_none() {
                return Err(FenError(format!("restricted chip: {s} is empty")));
            }
            Ok(sq as u8)
        }
    }
}

/// The pending field: `-`, or one chip (kind index) of the side to move,
/// written in its case.
fn parse_pending(field: &str, side: Color) -> Result<u8, FenError> {
    match field {
        "-" => Ok(NONE),
        s => {
            let set = parse_chips(s, side)
                .ok_or_else(|| FenError(format!("pending chip: '{s}' is not a chip")))?;
            if set.count_ones() != 1 {
                return Err(FenError(format!("pending chip: '{s}' must be one chip")));
            }
            Ok(set.trailing_zeros() as u8)
        }
    }
}

/// The halfmove clock and fullmove number (at least 1), the fields after
/// the sixth; left out they are 0 and 1.
fn parse_counters(p: &mut Position, counters: &[&str]) -> Result<(), FenError> {
    let num = |i: usize, default: u16, what: &str| -> Result<u16, FenError> {
        match counters.get(i) {
            None => Ok(default),
            // Digits only: `parse` would also take a sign (`+1`).
            Some(t) if !t.bytes().all(|b| b.is_ascii_digit()) => {
                Err(FenError(format!("{what} '{t}' is not a number")))
            }
            Some(t) => t
                .parse::<u16>()
                .map_err(|_| FenError(format!("{what} '{t}' is not a number"))),
        }
    };
    p.halfmove = num(0, 0, "halfmove clock")?;
    p.fullmove = num(1, 1, "fullmove number")?;
    if p.fullmove == 0 {
        return Err(FenError("fullmove number must be at least 1".into()));
    }
    Ok(())
}

fn case(s: String, c: Color) -> String {
    match c {
        Color::White => s,
        Color::Black => s.to_ascii_lowercase(),
    }
}

fn chips_text(set: u16, c: Color) -> String {
    if set == 0 {
        return "-".into();
    }
    let s: String = (0..KINDS)
        .filter(|k| set >> k & 1 == 1)
        .map(kind_name)
        .collect();
    case(s, c)
}

fn pair(sets: [u16; 2]) -> String {
    format!(
        "{}/{}",
        chips_text(sets[0], Color::White),
        chips_text(sets[1], Color::Black)
    )
}

/// A run of two-letter chips (either case, either face order), or `-`.
/// A run of chips of one colour: upper case for White, lower for Black.
fn parse_chips(t: &str, c: Color) -> Option<u16> {
    if t == "-" {
        return Some(0);
    }
    let letters: Vec<char> = t.chars().collect();
    let right_case = |l: &char| match c {
        Color::White => l.is_ascii_uppercase(),
        Color::Black => l.is_ascii_lowercase(),
    };
    if !letters.iter().all(right_case) {
        return None;
    }
    if letters.is_empty() || !letters.len().is_multiple_of(2) {
        return None;
    }
    let mut set = 0u16;
    for pairs in letters.chunks(2) {
        let k = kind_of(Face::from_letter(pairs[0])?, Face::from_letter(pairs[1])?);
        if set >> k & 1 == 1 {
            return None;
        }
        set |= 1 << k;
    }
    Some(set)
}

fn parse_pair(t: &str, what: &str) -> Result<(u16, u16), FenError> {
    let Some((w, b)) = t.split_once('/') else {
        return Err(FenError(format!(
            "{what}: expected WHITE/BLACK, e.g. 'NR/nr' or '-/-', found '{t}'"
        )));
    };
    match (parse_chips(w, Color::White), parse_chips(b, Color::Black)) {
        (Some(w), Some(b)) => Ok((w, b)),
        _ => Err(FenError(format!(
            "{what}: '{t}' is not two runs of distinct chips (two of P N B R each, \
             upper case for White, lower for Black) or '-'"
        ))),
    }
}

fn is_square(t: &str) -> bool {
    parse_square(t).is_some()
}

/// Checks the shape of a turn without looking at the position.
fn check_syntax(t: &str) -> Result<(), String> {
    let l = t.to_ascii_lowercase();
    if l == "refuse" {
        return Ok(());
    }
    let (body, decided) = if let Some(r) = l.strip_prefix("keep,") {
        (r, Some(true))
    } else if let Some(r) = l.strip_prefix("refuse,") {
        (r, Some(false))
    } else {
        (l.as_str(), None)
    };
    const FORMS: &str = "expected a turn like c3c4^e7 (move and flip), c3c4 (White's first move), NB@d1 (drop), d3g6 (capture), d3g6! (reality check), optionally after 'keep,' or 'refuse,'";
    if let Some((chip, sq)) = body.split_once('@') {
        let c: Vec<char> = chip.chars().collect();
        let chip_ok = c.len() == 2 && c.iter().all(|&x| Face::from_letter(x).is_some());
        if chip_ok && is_square(sq) {
            return Ok(());
        }
        return Err(format!(
            "a drop is a chip (up face, hidden face) then '@' then a square, e.g. NB@d1; {FORMS}"
        ));
    }
    if decided == Some(true) {
        return Err("'keep,' must be followed by a drop, e.g. keep,NB@d1".into());
    }
    let (squares, tail) = body.split_at(body.find(['!', '^']).unwrap_or(body.len()));
    if squares.len() != 4 || !is_square(&squares[..2]) || !is_square(&squares[2..]) {
        return Err(FORMS.to_string());
    }
    match tail {
        "" | "!" => Ok(()),
        t if t.starts_with('^') && is_square(&t[1..]) => Ok(()),
        _ => Err(FORMS.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_672_setups_and_the_hand_chip_is_never_pawn_capable() {
        let all = Setup::all();
        assert_eq!(all.len(), 672);
        for s in &all {
            assert!(faces(s.hand).0 != Face::Pawn, "{}", s.word());
            assert_eq!(Setup::parse(&s.word()).unwrap(), *s);
        }
        let hands: std::collections::BTreeSet<String> =
            all.iter().map(|s| kind_name(s.hand)).collect();
        assert_eq!(
            hands.into_iter().collect::<Vec<_>>(),
            ["BB", "BR", "NB", "NN", "NR", "RR"]
        );
    }

    #[test]
    fn setups_are_read_back_from_start_positions() {
        let all = Setup::all();
        let p = Position::from_setups(&all[5], &all[600]);
        assert_eq!(Setup::of(&p, Color::White), Some(all[5]));
        assert_eq!(Setup::of(&p, Color::Black), Some(all[600]));
        let mut q = p;
        let mut list = crate::realitycheck::MoveVec::new();
        q.generate(&mut list);
        q.play(list[0]);
        assert_eq!(Setup::of(&q, Color::White), None);
    }

    #[test]
    fn start_fen_round_trips() {
        let p = Position::start();
        let fen = "rr/nnbbnb/pppnbrpbpr/7/7/7/PPPNBRPBPR/NNBBNB/RR w NR/nr -/- - - 0 1";
        assert_eq!(p.fen(), fen);
        assert_eq!(Position::from_fen(fen).unwrap(), p);
    }

    #[test]
    fn setup_errors() {
        assert!(Setup::parse("RRNNBBNBPPPNBRPBPR").is_err());
        assert!(Setup::parse("NNRRBBNBPPPNBRPBPRNR")
            .unwrap_err()
            .contains("d1 must show R"));
        assert!(Setup::parse("RRNNBBNBPPPNBRPBPRNN")
            .unwrap_err()
            .contains("twice"));
        assert!(Setup::parse("RRNNBBNBPPPNBRPBPRNX").is_err());
    }
}
