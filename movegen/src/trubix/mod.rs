//! Trubix (41 squares, variant `trubix`) and Trubix-43 (43 squares, variant
//! `trubix43`).
//!
//! # Board
//!
//! A 5x11 grid, files a-e, ranks 0-10, White at the bottom:
//!
//! ```text
//!        Trubix (41)              Trubix-43 (43)
//!  10  .  .  c10 .  .        10  . bc10 . cd10 .
//!   9  a9 b9 c9 d9 e9         9  a9  b9  c9  d9  e9
//!   8  a8 .. .. .. e8         8  a8  ..  ..  ..  e8
//!   7  a7 .. .. .. e7         7  a7  ..  ..  ..  e7
//!   6  .  b6 c6 d6 .          6  .   b6  c6  d6  .
//!   5  .  b5 c5 d5 .          5  .   b5  c5  d5  .
//!   4  .  b4 c4 d4 .          4  .   b4  c4  d4  .
//!   3  a3 .. .. .. e3         3  a3  ..  ..  ..  e3
//!   2  a2 .. .. .. e2         2  a2  ..  ..  ..  e2
//!   1  a1 b1 c1 d1 e1         1  a1  b1  c1  d1  e1
//!   0  .  .  c0  .  .         0  .  bc0  .  cd0  .
//! ```
//!
//! Trubix-43's `bc0` sits under `b1`/`c1` and `cd0` under `c1`/`d1`: a step
//! between them and rank 1 counts as both straight and diagonal, so lines
//! fork (a queen on c5 moving down reaches `c1`, then both `bc0` and `cd0`).
//! See [`geometry`] for the tables and `docs/rules/` for every rule and
//! interpretation (rules A1-A10 of the project's rule resolutions, with the
//! README overrides: separate promotion zones, byte-ordered divide).
//!
//! # Interpretations implemented here
//!
//! * Forking rays and knight pairs at the offset squares (rules A4, A5).
//! * Woozan: straight non-capturing steps both ways, diagonal captures both
//!   ways, X links (both colours), Z links (own colour, forward only),
//!   two-steps only for members of the unmoved set, which loses a square
//!   whenever any move starts or ends there.
//! * Promotion: arriving on the last square(s) always promotes (T41 Q/N/F;
//!   T43 Q/S/C/F with Q only while the side has no queen); arriving on rank 9
//!   (Black: rank 1) from outside it may promote (T41 N/F; T43 C/F) or stay.
//! * Game end: checkmate, stalemate, bare kings, threefold repetition (board,
//!   side, unmoved set), 100 plies without a capture, checked in that order.

pub mod fen;
pub mod geometry;
mod movegen;
pub mod piece;
pub mod position;
mod see;
mod zobrist;

pub use geometry::Board;
pub use piece::{Kind, Piece};
pub use position::{Move, Position, Undo};

use crate::error::MoveError;
use crate::game::{Color, EndReason, Game, MoveList, Notation, Outcome, Tactical};

impl Game for Position {
    type Move = Move;
    type Undo = Undo;
    type Moves = MoveList<Move>;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.generate_legal(out);
    }

    #[inline]
    fn count_legal(&self) -> usize {
        self.count_legal_moves()
    }

    fn is_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.contains(&m)
    }

    #[inline]
    fn make(&mut self, m: Move) -> Undo {
        self.make_move(m)
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: Undo) {
        self.unmake_move(m, undo)
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn outcome(&self, history: &[u64]) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(crate::game::no_move_outcome(self.side, self.is_check()));
        }
        crate::game::first_draw(&[
            (EndReason::BareKings, self.bare_kings()),
            (
                EndReason::Repetition,
                crate::game::third_occurrence(self.key, history),
            ),
            (EndReason::MoveRule, self.halfmove >= 100),
        ])
    }
}

impl Tactical for Position {
    const HISTORY_SIZE: usize = 64 * 64;

    #[inline]
    fn is_noisy(&self, m: Move) -> bool {
        m.promotion().is_some() || !self.squares[m.to()].is_none()
    }

    #[inline]
    fn history_index(&self, m: Move) -> usize {
        (m.0 & 0x0fff) as usize
    }

    #[inline]
    fn encode_move(m: Move) -> u64 {
        // from != to in every move, so the encoding is never 0.
        m.0 as u64
    }

    fn null_move_ok(&self) -> bool {
        // Endings with only kings and woozans are full of zugzwang.
        let us = self.pieces(self.side);
        let pieces = us & !self.by_kind[Kind::King as usize] & !self.by_kind[Kind::Woozan as usize];
        pieces != 0 && !self.is_check()
    }

    fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: Piece::NONE,
            unmoved: self.unmoved,
            halfmove: self.halfmove,
            key: self.key,
        };
        self.side = self.side.flip();
        self.key ^= zobrist::KEYS.black_to_move;
        undo
    }

    fn unmake_null(&mut self, undo: Undo) {
        self.side = self.side.flip();
        self.key = undo.key;
    }

    #[inline]
    fn reversible_plies(&self) -> usize {
        self.halfmove as usize
    }

    #[inline]
    fn rule_draw(&self) -> bool {
        self.halfmove >= 100 || self.bare_kings()
    }
}

impl Notation for Position {
    fn move_to_string(&self, m: Move) -> String {
        let g = self.geo;
        let mut s = format!("{}{}", g.name(m.from()), g.name(m.to()));
        if let Some(k) = m.promotion() {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to, promo) = self.parse_move_syntax(text)?;
        let illegal = |why: String| MoveError::Illegal {
            text: text.to_string(),
            why,
        };
        let g = self.geo;
        let mut legal = MoveList::new();
        self.generate_legal(&mut legal);
        let wanted = Move::new(from, to, promo);
        if legal.contains(&wanted) {
            return Ok(wanted);
        }
        match self.piece_at(from) {
            None => return Err(illegal(format!("there is no piece on {}", g.name(from)))),
            Some(p) if p.color() != self.side => {
                return Err(illegal(format!(
                    "the piece on {} is {}'s, and it is {} to move",
                    g.name(from),
                    p.color().name(),
                    self.side.name()
                )))
            }
            Some(_) => {}
        }
        let same_squares: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .collect();
        if !same_squares.is_empty() {
            let options: Vec<String> = same_squares
                .iter()
                .map(|m| {
                    m.promotion().map_or("no suffix".to_string(), |k| {
                        k.letter().to_ascii_lowercase().to_string()
                    })
                })
                .collect();
            return Err(illegal(format!(
                "promotion choice must be one of: {}",
                options.join(", ")
            )));
        }
        let mut pseudo = MoveList::new();
        self.generate_pseudo(&mut pseudo);
        if pseudo.iter().any(|m| m.from() == from && m.to() == to) {
            return Err(illegal("it leaves the own king in check".to_string()));
        }
        let piece = self.piece_at(from).expect("checked above");
        Err(illegal(format!(
            "a {} cannot move from {} to {} here",
            piece.kind().name(),
            g.name(from),
            g.name(to)
        )))
    }

    fn to_fen(&self) -> String {
        self.fen()
    }
}

impl Position {
    /// Splits `from`, `to` and the promotion letter, checking square names.
    fn parse_move_syntax(&self, text: &str) -> Result<(usize, usize, Option<Kind>), MoveError> {
        let syntax = |why: &str| MoveError::Syntax {
            text: text.to_string(),
            why: why.to_string(),
        };
        let g = self.geo;
        let bytes = text.as_bytes();
        if text.is_empty() || text.len() > 12 || !text.is_ascii() {
            return Err(syntax("expected from-square, to-square and an optional promotion letter, like c2c4 or b9c10q"));
        }
        // A square is letters then digits; read two of them.
        let mut i = 0;
        let mut squares = [0usize; 2];
        for slot in &mut squares {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_lowercase() {
                i += 1;
            }
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let name = &text[start..i];
            *slot = g.parse_square(name).ok_or_else(|| {
                if name.is_empty() {
                    syntax("expected a square name")
                } else {
                    MoveError::Syntax {
                        text: text.to_string(),
                        why: format!("'{name}' is not a square of this board"),
                    }
                }
            })?;
        }
        let promo = match &text[i..] {
            "" => None,
            rest if rest.len() == 1 => {
                let k = Kind::from_letter(rest.chars().next().unwrap())
                    .filter(|k| *k != Kind::King && *k != Kind::Woozan)
                    .ok_or_else(|| syntax("unknown promotion letter"))?;
                Some(k)
            }
            _ => return Err(syntax("unexpected text after the to-square")),
        };
        Ok((squares[0], squares[1], promo))
    }
}

/// Trubix's card (41 squares).
pub const CARD_41: crate::card::Card = crate::card::Card {
    id: "trubix",
    cecp_id: "trubix",
    title: "Trubix",
    summary: "5x11 grid with holes; woozans, fleurbics, knights",
    squares: 41,
    start_fen: "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1",
    search: crate::card::Search::AlphaBeta,
    bench_fens: &[
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1",
        "**k**/fn1nf/wfwqw/1wwwf/*3*/*2F*/*3*/FWW1F/W1WWW/1NQNF/**K** w ACDEace 12 7",
        "**1**/2kq1/w1w1w/f1fwn/*1w1*/*n1f*/*W2*/W1W1Q/3WW/FNWF1/**K** w Eace 6 19",
        "**k**/1nfn1/1qw2/f2w1/*w1w*/*1Wf*/*2W*/1WWF1/F1WN1/Q2NF/**K** w C 28 31",
        "**1**/f3w/1w1wk/n2f1/*1q1*/*F2*/*2W*/1WW2/1WWQW/1F1N1/**K** w CEd 12 31",
        "**1**/1W2k/W3w/5/*3*/*3*/*3*/5/w3W/1w1K1/**1** b - 0 50",
        "**1**/1W1k1/W1f2/5/*1Q1*/*3*/*1q1*/5/w1F2/1w2K/**1** b - 0 60",
    ],
    bench_shallower: 0,
    guide: crate::card::Guide {
        pieces: "K king, Q queen, N knight, F fleurbic, W woozan. Holes are blank.",
        example: "c3c4",
        moves: "from-square and to-square: c3c4, b1c3\n\
            promotion: the new piece's letter last: b9c10q",
        moves_note: None,
    },
    drawing: crate::card::Drawing::RANKS_FROM_0,
    contempt: 20,
    denial: None,
};

/// Trubix-43's card.
pub const CARD_43: crate::card::Card = crate::card::Card {
    id: "trubix43",
    cecp_id: "trubix43",
    title: "Trubix-43",
    summary: "half-offset bc0/cd0/bc10/cd10 with forking lines; crowned knights, squire, one queen",
    squares: 43,
    start_fen: "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1",
    search: crate::card::Search::AlphaBeta,
    bench_fens: &[
        "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1",
        "*q*k*/fcs1f/www1w/2fwc/*1wf*/*2F*/*3*/FWW1F/W1WWW/1CSCF/*Q*K* w ACDEabce 12 7",
        "*1*k*/1qf1s/f1w1w/www1c/*2w*/*1fW*/*W2*/W2W1/FSW1W/C2CF/*Q*K* w CEce 9 19",
        "*f*1*/1qk2/w1w1w/1c2c/*3*/*3*/*3*/QWF1F/1W1WW/3F1/*1*K* w BDEae 2 31",
        "*w*k*/2c2/f2f1/1wSw1/*2w*/*W1W*/*qs1*/Q1W2/F1W1W/WCF2/*K*1* w CE 21 46",
        "*1*1*/2W1k/w4/5/*3*/*3*/*3*/5/4W/K1w2/*1*1* w - 0 40",
        "*1*1*/1W1Wk/5/5/*3*/*1Q1*/*1q1*/5/5/Kww2/*1*1* b - 0 40",
    ],
    bench_shallower: 0,
    guide: crate::card::Guide {
        pieces: "K king, Q queen, N knight, F fleurbic, W woozan, C crowned knight, \
            S squire. Holes are blank; bc0/cd0/bc10/cd10 sit half a file inwards.",
        example: "c3c4",
        moves: "from-square and to-square: c3c4, b1c3\n\
            promotion: the new piece's letter last: c9bc10s (bc10 is a half-offset square)",
        moves_note: None,
    },
    drawing: crate::card::Drawing {
        offset_edge_squares: true,
        ..crate::card::Drawing::RANKS_FROM_0
    },
    contempt: 20,
    denial: None,
};
