//! FEN for the Trubix family (format in `docs/trubix-notation.md`).
//!
//! `<board> <side> <unmoved> <halfmove> <fullmove>`; holes are `*` as XBoard
//! writes them, Trubix-43's offset squares are the cells b0/d0/b10/d10.
//! Trailing fields may be left out: the unmoved set then defaults to every
//! woozan standing on its own home square, the counters to `0 1`. A sixth
//! field is accepted when it is an XBoard-style `-` en-passant placeholder
//! in fourth place (`board side unmoved - halfmove fullmove`).

use super::geometry::{file_of, rank_of, sq, Board, FILES, RANKS};
use super::piece::{Kind, Piece};
use super::position::Position;
use crate::bits::{bit, Bits};
use crate::error::FenError;
use crate::game::Color;

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// Which piece kinds a board uses.
pub fn kinds_of(board: Board) -> &'static [Kind] {
    match board {
        Board::T41 => &[
            Kind::King,
            Kind::Queen,
            Kind::Knight,
            Kind::Fleurbic,
            Kind::Woozan,
        ],
        Board::T43 => &[
            Kind::King,
            Kind::Queen,
            Kind::Crowned,
            Kind::Squire,
            Kind::Fleurbic,
            Kind::Woozan,
        ],
    }
}

/// Pieces of one side in the start position, by kind.
fn start_count(board: Board, k: Kind) -> u32 {
    match (board, k) {
        (_, Kind::King) => 1,
        (_, Kind::Queen) => 1,
        (Board::T41, Kind::Knight) | (Board::T43, Kind::Crowned) => 2,
        (Board::T43, Kind::Squire) => 1,
        (_, Kind::Fleurbic) => 4,
        (_, Kind::Woozan) => 6,
        _ => 0,
    }
}

pub fn start_fen(board: Board) -> &'static str {
    match board {
        Board::T41 => {
            "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1"
        }
        Board::T43 => {
            "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1"
        }
    }
}

impl Position {
    /// The start position.
    pub fn start(board: Board) -> Position {
        Position::from_fen(board, start_fen(board)).expect("start FEN is valid")
    }

    /// Parses and validates a FEN.
    pub fn from_fen(board: Board, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let fields: Vec<&str> = match fields.len() {
            0 => return err("empty FEN"),
            1..=5 => fields,
            6 if fields[3] == "-" => [&fields[..3], &fields[4..]].concat(),
            n => return err(format!("expected at most 5 fields, found {n}")),
        };
        let mut pos = Position::empty(board);
        pos.parse_board(fields[0])?;
        pos.side = parse_side(fields.get(1).copied().unwrap_or("w"))?;
        pos.unmoved = match fields.get(2) {
            None => pos.default_unmoved(),
            Some(text) => pos.parse_unmoved(text)?,
        };
        pos.halfmove = match fields.get(3) {
            None => 0,
            Some(t) => parse_halfmove(t)?,
        };
        pos.fullmove = match fields.get(4) {
            None => 1,
            Some(t) => parse_fullmove(t)?,
        };
        pos.validate()?;
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// The board field: `RANKS` rows, top rank first, separated by `/`.
    fn parse_board(&mut self, field: &str) -> Result<(), FenError> {
        if field.contains('[') {
            return err("this game has no pieces in hand ('[...]')");
        }
        let rows: Vec<&str> = field.split('/').collect();
        if rows.len() != RANKS {
            return err(format!(
                "the board needs {RANKS} ranks separated by '/', found {}",
                rows.len()
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            self.parse_row(row, RANKS - 1 - i)?;
        }
        Ok(())
    }

    /// One row of `FILES` cells: a digit counts empty squares, `*` is a
    /// hole (exactly where the board has one), a letter is a piece of this
    /// game.
    fn parse_row(&mut self, row: &str, rank: usize) -> Result<(), FenError> {
        let g = self.geo;
        let mut file = 0usize;
        for ch in row.chars() {
            if file >= FILES {
                return err(format!("rank {rank} ('{row}') has more than {FILES} cells"));
            }
            if let Some(d) = ch.to_digit(10) {
                if d == 0 || file + d as usize > FILES {
                    return err(format!("rank {rank} ('{row}'): bad empty-run '{ch}'"));
                }
                for f in file..file + d as usize {
                    if !g.exists(sq(f, rank)) {
                        return err(format!(
                            "rank {rank} ('{row}'): cell {}{rank} is a hole and must be written '*'",
                            (b'a' + f as u8) as char
                        ));
                    }
                }
                file += d as usize;
            } else if ch == '*' {
                if g.exists(sq(file, rank)) {
                    return err(format!(
                        "rank {rank} ('{row}'): '*' on {}, which is a square of this board",
                        g.name(sq(file, rank))
                    ));
                }
                file += 1;
            } else {
                self.place_letter(ch, row, file, rank)?;
                file += 1;
            }
        }
        if file != FILES {
            return err(format!(
                "rank {rank} ('{row}') has {file} cells, expected {FILES}"
            ));
        }
        Ok(())
    }

    /// Puts the piece of letter `ch` (upper case White) on a square of
    /// `row`.
    fn place_letter(
        &mut self,
        ch: char,
        row: &str,
        file: usize,
        rank: usize,
    ) -> Result<(), FenError> {
        let kind = Kind::from_letter(ch)
            .filter(|k| kinds_of(self.board()).contains(k))
            .ok_or_else(|| {
                FenError(format!(
                    "rank {rank} ('{row}'): '{ch}' is not a piece of this game"
                ))
            })?;
        let s = sq(file, rank);
        if !self.geo.exists(s) {
            return err(format!(
                "rank {rank} ('{row}'): piece '{ch}' on a hole ({}{rank})",
                (b'a' + file as u8) as char
            ));
        }
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        self.put(s, Piece::new(color, kind));
        Ok(())
    }

    /// The unmoved field when it is left out: every woozan on its own home
    /// square is unmoved.
    fn default_unmoved(&self) -> u64 {
        let g = self.geo;
        self.pieces_of(Color::White, Kind::Woozan) & g.home_rank[0]
            | self.pieces_of(Color::Black, Kind::Woozan) & g.home_rank[1]
    }

    /// The unmoved field: `-`, or the file letters (`A`-`E` White, `a`-`e`
    /// Black) of woozans on their own home rank, each once.
    fn parse_unmoved(&self, text: &str) -> Result<u64, FenError> {
        if text == "-" {
            return Ok(0);
        }
        let mut set = 0;
        for ch in text.chars() {
            let (color, rank) = match ch {
                'A'..='E' => (Color::White, 2),
                'a'..='e' => (Color::Black, 8),
                _ => {
                    return err(format!(
                        "unmoved-woozan field '{text}': '{ch}' is not a file letter A-E or a-e"
                    ))
                }
            };
            let s = sq((ch.to_ascii_lowercase() as u8 - b'a') as usize, rank);
            if set & bit(s) != 0 {
                return err(format!("unmoved-woozan field '{text}': '{ch}' repeated"));
            }
            if self.piece_at(s) != Some(Piece::new(color, Kind::Woozan)) {
                return err(format!(
                    "unmoved-woozan field '{text}': no {} woozan on {}",
                    color.name(),
                    self.geo.name(s)
                ));
            }
            set |= bit(s);
        }
        Ok(set)
    }

    /// Rejects positions that cannot arise in a game.
    fn validate(&self) -> Result<(), FenError> {
        let g = self.geo;
        for c in [Color::White, Color::Black] {
            let kings = self.pieces_of(c, Kind::King).count_ones();
            if kings != 1 {
                return err(format!(
                    "{} has {kings} kings, expected exactly 1",
                    c.name()
                ));
            }
            // A woozan on its own last square would have had to promote.
            let stuck = self.pieces_of(c, Kind::Woozan) & g.last[c.index()];
            if let Some(s) = Bits(stuck).next() {
                return err(format!(
                    "a {} woozan on {} must have promoted",
                    c.name(),
                    g.name(s)
                ));
            }
            if self.board() == Board::T43 && self.pieces_of(c, Kind::Queen).count_ones() > 1 {
                return err(format!(
                    "{} has more than one queen (one-queen rule)",
                    c.name()
                ));
            }
            // Extra pieces beyond the start set can only come from promoted
            // woozans.
            let woozans = self.pieces_of(c, Kind::Woozan).count_ones();
            let mut extra = 0;
            for &k in kinds_of(self.board()) {
                if k != Kind::Woozan {
                    extra += self
                        .pieces_of(c, k)
                        .count_ones()
                        .saturating_sub(start_count(self.board(), k));
                }
            }
            if woozans > 6 || woozans + extra > 6 {
                return err(format!(
                    "{} has {woozans} woozans and {extra} promoted pieces; at most 6 in all",
                    c.name()
                ));
            }
        }
        // The side that just moved may not have left its king attacked.
        let them = self.side.flip();
        if self.attacked_by(
            self.king_square(them),
            self.occupied(),
            self.pieces(self.side),
        ) {
            return err(format!(
                "{} is in check but it is {} to move",
                them.name(),
                self.side.name()
            ));
        }
        Ok(())
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        let g = self.geo;
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            let mut run = 0;
            for file in 0..FILES {
                let s = sq(file, rank);
                match self.piece_at(s) {
                    _ if !g.exists(s) => {
                        if run > 0 {
                            out.push(char::from_digit(run, 10).unwrap());
                            run = 0;
                        }
                        out.push('*');
                    }
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            out.push(char::from_digit(run, 10).unwrap());
                            run = 0;
                        }
                        out.push(p.letter());
                    }
                }
            }
            if run > 0 {
                out.push(char::from_digit(run, 10).unwrap());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        if self.unmoved == 0 {
            out.push('-');
        } else {
            for (rank, base) in [(2, b'A'), (8, b'a')] {
                for s in Bits(self.unmoved) {
                    if rank_of(s) == rank {
                        out.push((base + file_of(s) as u8) as char);
                    }
                }
            }
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

/// The side to move: `w` or `b`.
fn parse_side(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        s => err(format!("side to move must be 'w' or 'b', found '{s}'")),
    }
}

/// The halfmove clock, 0 to 10000.
fn parse_halfmove(t: &str) -> Result<u16, FenError> {
    t.parse()
        .ok()
        .filter(|&n: &u16| n <= 10_000)
        .ok_or_else(|| FenError(format!("halfmove clock '{t}' is not a number 0-10000")))
}

/// The move number, 1 to 65535.
fn parse_fullmove(t: &str) -> Result<u16, FenError> {
    t.parse()
        .ok()
        .filter(|&n: &u16| n >= 1)
        .ok_or_else(|| FenError(format!("move number '{t}' is not a number 1-65535")))
}
