//! Chess position, move generation, make/unmake, FEN and notation.

use super::attacks::SLIDERS;
use crate::bits::{bit, splitmix64};
use crate::error::{FenError, MoveError};
use crate::game::{Color, EndReason, Game, MoveList, Notation, Outcome};

pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;
const LETTERS: [char; 6] = ['p', 'n', 'b', 'r', 'q', 'k'];
const NO_PIECE: u8 = 0xFF;

/// Zobrist keys: pieces (colour * 6 + type), castling rights, en-passant
/// file, side to move.
struct Keys {
    pieces: [[u64; 64]; 12],
    castle: [u64; 16],
    ep: [u64; 8],
    side: u64,
}

const fn build_keys() -> Keys {
    let mut k = Keys {
        pieces: [[0; 64]; 12],
        castle: [0; 16],
        ep: [0; 8],
        side: 0,
    };
    let mut seed = 0xC4E5_5000_0000_0007u64;
    let mut s = 0;
    while s < 64 {
        let mut p = 0;
        while p < 12 {
            k.pieces[p][s] = splitmix64(&mut seed);
            p += 1;
        }
        s += 1;
    }
    let mut i = 1;
    while i < 16 {
        k.castle[i] = splitmix64(&mut seed);
        i += 1;
    }
    let mut i = 0;
    while i < 8 {
        k.ep[i] = splitmix64(&mut seed);
        i += 1;
    }
    k.side = splitmix64(&mut seed);
    k
}

static KEYS: Keys = build_keys();

/// `CASTLE_MASK[s]`: the rights that survive a move from or to `s`.
const CASTLE_MASK: [u8; 64] = {
    let mut m = [0xFu8; 64];
    m[4] = !(WK | WQ) & 0xF;
    m[0] = !WQ & 0xF;
    m[7] = !WK & 0xF;
    m[60] = !(BK | BQ) & 0xF;
    m[56] = !BQ & 0xF;
    m[63] = !BK & 0xF;
    m
};

/// Move flags (bits 12-15).
pub(crate) const QUIET: u16 = 0;
pub(crate) const DOUBLE: u16 = 1;
pub(crate) const CASTLE: u16 = 2;
pub(crate) const EN_PASSANT: u16 = 3;
/// 4..=7: promotion to N, B, R, Q.
pub(crate) const PROMO: u16 = 4;

/// A move: `from | to << 6 | flag << 12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub u16);

impl Move {
    #[inline(always)]
    pub(crate) fn new(from: usize, to: usize, flag: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | flag << 12)
    }
    pub fn from(self) -> usize {
        (self.0 & 63) as usize
    }
    pub fn to(self) -> usize {
        (self.0 >> 6 & 63) as usize
    }
    pub(crate) fn flag(self) -> u16 {
        self.0 >> 12
    }
    /// The piece a promotion makes.
    pub fn promotion(self) -> Option<usize> {
        (self.flag() >= PROMO).then(|| (self.flag() - PROMO) as usize + KNIGHT)
    }
}

/// Castling rights bits: white king side, white queen side, black king
/// side, black queen side.
pub(crate) const WK: u8 = 1;
pub(crate) const WQ: u8 = 2;
pub(crate) const BK: u8 = 4;
pub(crate) const BQ: u8 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) pieces: [[u64; 6]; 2],
    pub(crate) colors: [u64; 2],
    board: [u8; 64],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<u8>,
    halfmove: u16,
    fullmove: u16,
    key: u64,
    /// The enemy pieces that give check to the side to move, found once
    /// when the position is made (`play`, `pass`, `from_fen`): the search
    /// asks `in_check` of a node twice (after making the move, and at the
    /// node itself) and the generator needs the checkers too.
    pub(crate) checkers: u64,
}

pub type Undo = Position;

fn sq_name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
}

fn parse_sq(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize)
}

impl Position {
    pub const START: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    pub fn start() -> Position {
        Position::from_fen(Self::START).expect("start FEN")
    }

    fn piece_code(c: Color, p: usize) -> u8 {
        (c.index() * 6 + p) as u8
    }

    fn put(&mut self, s: usize, c: Color, p: usize) {
        self.pieces[c.index()][p] |= bit(s);
        self.colors[c.index()] |= bit(s);
        self.board[s] = Self::piece_code(c, p);
        self.key ^= KEYS.pieces[c.index() * 6 + p][s];
    }

    fn take(&mut self, s: usize) -> (Color, usize) {
        let code = self.board[s] as usize;
        let (c, p) = (if code < 6 { Color::White } else { Color::Black }, code % 6);
        self.pieces[c.index()][p] ^= bit(s);
        self.colors[c.index()] ^= bit(s);
        self.board[s] = NO_PIECE;
        self.key ^= KEYS.pieces[code][s];
        (c, p)
    }

    fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// Whether `s` is attacked by `by`.
    pub fn attacked(&self, s: usize, by: Color) -> bool {
        self.attackers(&SLIDERS, s, by, self.occupied()) != 0
    }

    /// The pieces of colour `c` and type `p` (`PAWN`..`KING`).
    #[inline(always)]
    pub fn pieces(&self, c: Color, p: usize) -> u64 {
        self.pieces[c.index()][p]
    }

    /// All pieces of colour `c`.
    #[inline(always)]
    pub fn color_set(&self, c: Color) -> u64 {
        self.colors[c.index()]
    }

    /// The piece on `s` as (colour, type), if any.
    #[inline(always)]
    pub fn piece_at(&self, s: usize) -> Option<(Color, usize)> {
        let code = self.board[s];
        (code != NO_PIECE).then(|| {
            let c = if code < 6 { Color::White } else { Color::Black };
            (c, code as usize % 6)
        })
    }

    /// Plies since the last capture or pawn move (the fifty-move counter).
    pub fn halfmove(&self) -> u32 {
        self.halfmove as u32
    }

    /// Rook-move attacks from `s` over occupancy `occ`.
    #[inline(always)]
    pub fn rook_attacks(s: usize, occ: u64) -> u64 {
        SLIDERS.rook(s, occ)
    }

    /// Bishop-move attacks from `s` over occupancy `occ`.
    #[inline(always)]
    pub fn bishop_attacks(s: usize, occ: u64) -> u64 {
        SLIDERS.bishop(s, occ)
    }

    /// Knight attacks from `s`.
    #[inline(always)]
    pub fn knight_attacks(s: usize) -> u64 {
        super::attacks::T.knight[s]
    }

    /// King attacks from `s`.
    #[inline(always)]
    pub fn king_attacks(s: usize) -> u64 {
        super::attacks::T.king[s]
    }

    /// Squares a pawn of colour `c` on `s` attacks.
    #[inline(always)]
    pub fn pawn_attacks(c: Color, s: usize) -> u64 {
        super::attacks::T.pawn[c.index()][s]
    }

    /// Whether `m` captures (en passant included).
    #[inline(always)]
    pub fn is_capture(&self, m: Move) -> bool {
        self.board[m.to()] != NO_PIECE || m.flag() == EN_PASSANT
    }

    /// The type of piece `m` captures (a pawn for en passant).
    #[inline(always)]
    pub fn captured(&self, m: Move) -> Option<usize> {
        if m.flag() == EN_PASSANT {
            return Some(PAWN);
        }
        self.piece_at(m.to()).map(|(_, p)| p)
    }

    /// Whether the side to move has a piece other than pawns and king (null
    /// move is unsound in pawn endings: zugzwang).
    pub fn has_non_pawn_material(&self, c: Color) -> bool {
        let p = &self.pieces[c.index()];
        p[KNIGHT] | p[BISHOP] | p[ROOK] | p[QUEEN] != 0
    }

    /// Passes the turn (null move, search only).
    pub fn pass(&mut self) {
        if let Some(ep) = self.ep.take() {
            self.key ^= KEYS.ep[ep as usize % 8];
        }
        self.side = self.side.flip();
        self.key ^= KEYS.side;
        self.find_checkers();
    }

    /// The checkers of the side to move, from the board.
    fn find_checkers(&mut self) {
        let us = self.side.index();
        let k = self.pieces[us][KING].trailing_zeros() as usize;
        // A board without a King (only in tests of parts) has no checks.
        self.checkers = if k < 64 {
            self.attackers(&SLIDERS, k, self.side.flip(), self.occupied())
        } else {
            0
        };
    }

    pub fn king_square(&self, c: Color) -> usize {
        self.pieces[c.index()][KING].trailing_zeros() as usize
    }

    /// Plays a pseudo-legal move (legality is checked by the caller).
    fn play(&mut self, m: Move) {
        let c = self.side;
        let (from, to) = (m.from(), m.to());
        let mut reset = false;
        if let Some(ep) = self.ep.take() {
            self.key ^= KEYS.ep[ep as usize % 8];
        }
        if self.board[to] != NO_PIECE {
            self.take(to);
            reset = true;
        }
        let (_, p) = self.take(from);
        reset |= p == PAWN;
        match m.flag() {
            EN_PASSANT => {
                let victim = if c == Color::White { to - 8 } else { to + 8 };
                self.take(victim);
                self.put(to, c, PAWN);
            }
            CASTLE => {
                self.put(to, c, KING);
                let (rf, rt) = if to > from {
                    (to + 1, to - 1)
                } else {
                    (to - 2, to + 1)
                };
                self.take(rf);
                self.put(rt, c, ROOK);
            }
            DOUBLE => {
                self.put(to, c, PAWN);
                let ep = (from + to) / 2;
                self.ep = Some(ep as u8);
                self.key ^= KEYS.ep[ep % 8];
            }
            f if f >= PROMO => self.put(to, c, m.promotion().expect("promotion")),
            _ => self.put(to, c, p),
        }
        let old = self.castling;
        self.castling &= CASTLE_MASK[from] & CASTLE_MASK[to];
        self.key ^= KEYS.castle[old as usize] ^ KEYS.castle[self.castling as usize];
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if c == Color::Black {
            self.fullmove += 1;
        }
        self.side = c.flip();
        self.key ^= KEYS.side;
        self.find_checkers();
    }

    fn legal(&self, out: &mut MoveList<Move>) {
        self.generate(out);
    }

    /// The key from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for s in 0..64 {
            if self.board[s] != NO_PIECE {
                k ^= KEYS.pieces[self.board[s] as usize][s];
            }
        }
        k ^= KEYS.castle[self.castling as usize];
        if let Some(ep) = self.ep {
            k ^= KEYS.ep[ep as usize % 8];
        }
        if self.side == Color::Black {
            k ^= KEYS.side;
        }
        k
    }

    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let err = |m: String| FenError(m);
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() < 4 || f.len() > 6 {
            return Err(err(format!("expected 4 to 6 fields, found {}", f.len())));
        }
        let mut p = Position {
            pieces: [[0; 6]; 2],
            colors: [0; 2],
            board: [NO_PIECE; 64],
            side: Color::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            checkers: 0,
        };
        let ranks: Vec<&str> = f[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(err(format!(
                "the board needs 8 ranks, found {}",
                ranks.len()
            )));
        }
        for (i, r) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for ch in r.chars() {
                if let Some(n) = ch.to_digit(10).filter(|n| (1..=8).contains(n)) {
                    file += n as usize;
                } else {
                    let Some(kind) = LETTERS.iter().position(|&l| l == ch.to_ascii_lowercase())
                    else {
                        return Err(err(format!("'{ch}' is not a piece")));
                    };
                    if file >= 8 {
                        return Err(err(format!("rank {} is too long", rank + 1)));
                    }
                    let c = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    p.put(rank * 8 + file, c, kind);
                    file += 1;
                }
            }
            if file != 8 {
                return Err(err(format!("rank {} has {file} squares, not 8", rank + 1)));
            }
        }
        for c in [Color::White, Color::Black] {
            if p.pieces[c.index()][KING].count_ones() != 1 {
                return Err(err(format!("{} must have exactly one king", c.name())));
            }
        }
        if (p.pieces[0][PAWN] | p.pieces[1][PAWN]) & 0xFF00_0000_0000_00FF != 0 {
            return Err(err("pawns cannot stand on the first or last rank".into()));
        }
        p.side = match f[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(err(format!("side to move must be w or b, not '{s}'"))),
        };
        if f[2] != "-" {
            for ch in f[2].chars() {
                p.castling |= match ch {
                    'K' => WK,
                    'Q' => WQ,
                    'k' => BK,
                    'q' => BQ,
                    _ => return Err(err(format!("'{ch}' is not a castling right"))),
                };
            }
        }
        // Keep only rights whose king and rook are at home.
        for (right, king, rook, c) in [
            (WK, 4, 7, 0),
            (WQ, 4, 0, 0),
            (BK, 60, 63, 1),
            (BQ, 60, 56, 1),
        ] {
            if p.pieces[c][KING] & bit(king) == 0 || p.pieces[c][ROOK] & bit(rook) == 0 {
                p.castling &= !right;
            }
        }
        if f[3] != "-" {
            let s = parse_sq(f[3])
                .ok_or_else(|| err(format!("'{}' is not an en-passant square", f[3])))?;
            if s / 8 != 2 && s / 8 != 5 {
                return Err(err(format!(
                    "en-passant square {} is not on rank 3 or 6",
                    f[3]
                )));
            }
            p.ep = Some(s as u8);
        }
        p.halfmove = f
            .get(4)
            .map_or(Ok(0), |t| t.parse())
            .map_err(|_| err("bad halfmove clock".into()))?;
        p.fullmove = f
            .get(5)
            .map_or(Ok(1), |t| t.parse())
            .map_err(|_| err("bad fullmove number".into()))?;
        let them = p.side.flip();
        if p.attacked(p.king_square(them), p.side) {
            return Err(err("the side not to move is in check".into()));
        }
        p.key = p.compute_key();
        p.find_checkers();
        Ok(p)
    }

    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let code = self.board[rank * 8 + file];
                if code == NO_PIECE {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                let l = LETTERS[code as usize % 6];
                s.push(if code < 6 { l.to_ascii_uppercase() } else { l });
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let mut castle = String::new();
        for (r, ch) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
            if self.castling & r != 0 {
                castle.push(ch);
            }
        }
        if castle.is_empty() {
            castle.push('-');
        }
        format!(
            "{s} {} {castle} {} {} {}",
            if self.side == Color::White { "w" } else { "b" },
            self.ep.map_or("-".to_string(), |e| sq_name(e as usize)),
            self.halfmove,
            self.fullmove
        )
    }

    pub fn insufficient_material(&self) -> bool {
        let heavy = |c: usize| self.pieces[c][PAWN] | self.pieces[c][ROOK] | self.pieces[c][QUEEN];
        if heavy(0) | heavy(1) != 0 {
            return false;
        }
        let minors = |c: usize| (self.pieces[c][KNIGHT] | self.pieces[c][BISHOP]).count_ones();
        let (w, b) = (minors(0), minors(1));
        if w + b <= 1 {
            return true;
        }
        // Only bishops, all on one colour of square.
        let knights = self.pieces[0][KNIGHT] | self.pieces[1][KNIGHT];
        let bishops = self.pieces[0][BISHOP] | self.pieces[1][BISHOP];
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        knights == 0 && (bishops & DARK == 0 || bishops & !DARK == 0)
    }
}

impl Game for Position {
    type Move = Move;
    type Undo = Undo;
    type Moves = MoveList<Move>;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.legal(out);
    }

    fn count_legal(&self) -> usize {
        let mut n = super::gen::Counter(0);
        self.generate(&mut n);
        n.0
    }

    fn is_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        self.legal(&mut list);
        list.contains(&m)
    }

    fn make(&mut self, m: Move) -> Undo {
        let undo = *self;
        self.play(m);
        undo
    }

    fn unmake(&mut self, _m: Move, undo: Undo) {
        *self = undo;
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn in_check(&self) -> bool {
        self.checkers != 0
    }

    fn outcome(&self, history: &[u64]) -> Option<Outcome> {
        if self.count_legal() == 0 {
            return Some(crate::game::no_move_outcome(self.side, self.in_check()));
        }
        crate::game::first_draw(&[
            (
                EndReason::Repetition,
                crate::game::third_occurrence(self.key, history),
            ),
            (EndReason::MoveRule, self.halfmove >= 100),
            (EndReason::BareKings, self.insufficient_material()),
        ])
    }
}

impl crate::game::Tactical for Position {
    const HISTORY_SIZE: usize = 64 * 64;

    #[inline]
    fn is_noisy(&self, m: Move) -> bool {
        self.is_capture(m) || m.promotion() == Some(QUEEN)
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
        self.has_non_pawn_material(self.side) && !self.in_check()
    }

    fn make_null(&mut self) -> Undo {
        let undo = *self;
        self.pass();
        undo
    }

    fn unmake_null(&mut self, undo: Undo) {
        *self = undo;
    }

    #[inline]
    fn reversible_plies(&self) -> usize {
        self.halfmove as usize
    }

    #[inline]
    fn rule_draw(&self) -> bool {
        self.halfmove >= 100 || self.insufficient_material()
    }
}

impl Notation for Position {
    fn move_to_string(&self, m: Move) -> String {
        let mut s = format!("{}{}", sq_name(m.from()), sq_name(m.to()));
        if let Some(p) = m.promotion() {
            s.push(LETTERS[p]);
        }
        s
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        // Castling as XBoard and python-chess may write it.
        let home = if self.side == Color::White { 4 } else { 60 };
        let t: &str = &match t {
            "O-O" | "0-0" | "o-o" => format!("{}{}", sq_name(home), sq_name(home + 2)),
            "O-O-O" | "0-0-0" | "o-o-o" => format!("{}{}", sq_name(home), sq_name(home - 2)),
            _ => t.to_string(),
        };
        let ok = t.is_ascii()
            && t.len() >= 4
            && t.len() <= 5
            && parse_sq(&t[..2]).is_some()
            && parse_sq(&t[2..4]).is_some()
            && t[4..].chars().all(|c| "nbrq".contains(c));
        if !ok {
            return Err(MoveError::Syntax {
                text: t.into(),
                why: "expected coordinate notation like e2e4 or e7e8q".into(),
            });
        }
        let mut list = MoveList::new();
        self.legal(&mut list);
        list.iter()
            .copied()
            .find(|&m| self.move_to_string(m) == t)
            .ok_or_else(|| MoveError::Illegal {
                text: t.into(),
                why: "not a legal move here".into(),
            })
    }

    fn to_fen(&self) -> String {
        self.fen()
    }
}
