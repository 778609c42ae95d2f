//! Chess position, move generation, make/unmake, FEN and notation.

use crate::bits::{bit, splitmix64, Bits};
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

const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
const ROOK_DIRS: [usize; 4] = [0, 1, 4, 5];
const BISHOP_DIRS: [usize; 4] = [2, 3, 6, 7];

struct Tables {
    rays: [[u64; 64]; 8],
    knight: [u64; 64],
    king: [u64; 64],
    /// `pawn[colour][square]`: the squares a pawn of that colour attacks.
    pawn: [[u64; 64]; 2],
    keys: [[u64; 64]; 12],
    castle_keys: [u64; 16],
    ep_keys: [u64; 8],
    side_key: u64,
}

const fn on(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn build() -> Tables {
    let mut t = Tables {
        rays: [[0; 64]; 8],
        knight: [0; 64],
        king: [0; 64],
        pawn: [[0; 64]; 2],
        keys: [[0; 64]; 12],
        castle_keys: [0; 16],
        ep_keys: [0; 8],
        side_key: 0,
    };
    let jumps: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut seed = 0xC4E5_5000_0000_0007u64;
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut j = 0;
        while j < 8 {
            let (df, dr) = jumps[j];
            if on(f + df, r + dr) {
                t.knight[s] |= 1u64 << ((r + dr) * 8 + f + df);
            }
            let (kf, kr) = DIRS[j];
            if on(f + kf, r + kr) {
                t.king[s] |= 1u64 << ((r + kr) * 8 + f + kf);
            }
            let (mut x, mut y) = (f + kf, r + kr);
            while on(x, y) {
                t.rays[j][s] |= 1u64 << (y * 8 + x);
                x += kf;
                y += kr;
            }
            j += 1;
        }
        let mut d = -1;
        while d <= 1 {
            if d != 0 {
                if on(f + d, r + 1) {
                    t.pawn[0][s] |= 1u64 << ((r + 1) * 8 + f + d);
                }
                if on(f + d, r - 1) {
                    t.pawn[1][s] |= 1u64 << ((r - 1) * 8 + f + d);
                }
            }
            d += 1;
        }
        let mut p = 0;
        while p < 12 {
            t.keys[p][s] = splitmix64(&mut seed);
            p += 1;
        }
        s += 1;
    }
    let mut i = 0;
    while i < 16 {
        t.castle_keys[i] = if i == 0 { 0 } else { splitmix64(&mut seed) };
        i += 1;
    }
    let mut i = 0;
    while i < 8 {
        t.ep_keys[i] = splitmix64(&mut seed);
        i += 1;
    }
    t.side_key = splitmix64(&mut seed);
    t
}

static T: Tables = build();

#[inline(always)]
fn slide(s: usize, occ: u64, dirs: &[usize; 4]) -> u64 {
    crate::bits::slider_attacks(&T.rays, s, occ, dirs)
}

/// Move flags (bits 12-15).
const QUIET: u16 = 0;
const DOUBLE: u16 = 1;
const CASTLE: u16 = 2;
const EN_PASSANT: u16 = 3;
/// 4..=7: promotion to N, B, R, Q.
const PROMO: u16 = 4;

/// A move: `from | to << 6 | flag << 12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub u16);

impl Move {
    fn new(from: usize, to: usize, flag: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | flag << 12)
    }
    pub fn from(self) -> usize {
        (self.0 & 63) as usize
    }
    pub fn to(self) -> usize {
        (self.0 >> 6 & 63) as usize
    }
    fn flag(self) -> u16 {
        self.0 >> 12
    }
    /// The piece a promotion makes.
    pub fn promotion(self) -> Option<usize> {
        (self.flag() >= PROMO).then(|| (self.flag() - PROMO) as usize + KNIGHT)
    }
}

/// Castling rights bits: white king side, white queen side, black king
/// side, black queen side.
const WK: u8 = 1;
const WQ: u8 = 2;
const BK: u8 = 4;
const BQ: u8 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pieces: [[u64; 6]; 2],
    colors: [u64; 2],
    board: [u8; 64],
    side: Color,
    castling: u8,
    ep: Option<u8>,
    halfmove: u16,
    fullmove: u16,
    key: u64,
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
        self.key ^= T.keys[c.index() * 6 + p][s];
    }

    fn take(&mut self, s: usize) -> (Color, usize) {
        let code = self.board[s] as usize;
        let (c, p) = (if code < 6 { Color::White } else { Color::Black }, code % 6);
        self.pieces[c.index()][p] ^= bit(s);
        self.colors[c.index()] ^= bit(s);
        self.board[s] = NO_PIECE;
        self.key ^= T.keys[code][s];
        (c, p)
    }

    fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// Whether `s` is attacked by `by`.
    pub fn attacked(&self, s: usize, by: Color) -> bool {
        let b = by.index();
        let occ = self.occupied();
        T.pawn[1 - b][s] & self.pieces[b][PAWN] != 0
            || T.knight[s] & self.pieces[b][KNIGHT] != 0
            || T.king[s] & self.pieces[b][KING] != 0
            || slide(s, occ, &BISHOP_DIRS) & (self.pieces[b][BISHOP] | self.pieces[b][QUEEN]) != 0
            || slide(s, occ, &ROOK_DIRS) & (self.pieces[b][ROOK] | self.pieces[b][QUEEN]) != 0
    }

    fn king_square(&self, c: Color) -> usize {
        self.pieces[c.index()][KING].trailing_zeros() as usize
    }

    fn pseudo(&self, out: &mut MoveList<Move>) {
        let c = self.side;
        let us = c.index();
        let occ = self.occupied();
        let own = self.colors[us];
        let enemy = self.colors[1 - us];
        let targets = !own;
        for (p, dirs) in [
            (BISHOP, Some(&BISHOP_DIRS)),
            (ROOK, Some(&ROOK_DIRS)),
            (QUEEN, None),
        ] {
            for s in Bits(self.pieces[us][p]) {
                let a = match dirs {
                    Some(d) => slide(s, occ, d),
                    None => slide(s, occ, &BISHOP_DIRS) | slide(s, occ, &ROOK_DIRS),
                };
                for t in Bits(a & targets) {
                    out.push(Move::new(s, t, QUIET));
                }
            }
        }
        for s in Bits(self.pieces[us][KNIGHT]) {
            for t in Bits(T.knight[s] & targets) {
                out.push(Move::new(s, t, QUIET));
            }
        }
        let k = self.king_square(c);
        for t in Bits(T.king[k] & targets) {
            out.push(Move::new(k, t, QUIET));
        }
        // Castling: empty between, king not in, through or into check (the
        // last is checked with every move after making it).
        let (ks, qs, home) = if c == Color::White {
            (WK, WQ, 4)
        } else {
            (BK, BQ, 60)
        };
        if k == home && !self.attacked(k, c.flip()) {
            if self.castling & ks != 0
                && occ & (bit(home + 1) | bit(home + 2)) == 0
                && !self.attacked(home + 1, c.flip())
            {
                out.push(Move::new(k, home + 2, CASTLE));
            }
            if self.castling & qs != 0
                && occ & (bit(home - 1) | bit(home - 2) | bit(home - 3)) == 0
                && !self.attacked(home - 1, c.flip())
            {
                out.push(Move::new(k, home - 2, CASTLE));
            }
        }
        // Pawns.
        let (step, start_rank, last_rank): (i32, usize, usize) = if c == Color::White {
            (8, 1, 7)
        } else {
            (-8, 6, 0)
        };
        for s in Bits(self.pieces[us][PAWN]) {
            let push = |out: &mut MoveList<Move>, from: usize, to: usize| {
                if to / 8 == last_rank {
                    for promo in (PROMO..PROMO + 4).rev() {
                        out.push(Move::new(from, to, promo));
                    }
                } else {
                    out.push(Move::new(from, to, QUIET));
                }
            };
            let one = (s as i32 + step) as usize;
            if occ & bit(one) == 0 {
                push(out, s, one);
                let two = (one as i32 + step) as usize;
                if s / 8 == start_rank && occ & bit(two) == 0 {
                    out.push(Move::new(s, two, DOUBLE));
                }
            }
            for t in Bits(T.pawn[us][s] & enemy) {
                push(out, s, t);
            }
            if let Some(ep) = self.ep {
                if T.pawn[us][s] & bit(ep as usize) != 0 {
                    out.push(Move::new(s, ep as usize, EN_PASSANT));
                }
            }
        }
    }

    /// Plays a pseudo-legal move (legality is checked by the caller).
    fn play(&mut self, m: Move) {
        let c = self.side;
        let (from, to) = (m.from(), m.to());
        let mut reset = false;
        if let Some(ep) = self.ep.take() {
            self.key ^= T.ep_keys[ep as usize % 8];
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
                self.key ^= T.ep_keys[ep % 8];
            }
            f if f >= PROMO => self.put(to, c, m.promotion().expect("promotion")),
            _ => self.put(to, c, p),
        }
        let old = self.castling;
        for (sq, right) in [
            (4, WK | WQ),
            (0, WQ),
            (7, WK),
            (60, BK | BQ),
            (56, BQ),
            (63, BK),
        ] {
            if from == sq || to == sq {
                self.castling &= !right;
            }
        }
        self.key ^= T.castle_keys[old as usize] ^ T.castle_keys[self.castling as usize];
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if c == Color::Black {
            self.fullmove += 1;
        }
        self.side = c.flip();
        self.key ^= T.side_key;
    }

    fn legal(&self, out: &mut MoveList<Move>) {
        let mut pseudo = MoveList::new();
        self.pseudo(&mut pseudo);
        for &m in &pseudo {
            let mut q = *self;
            q.play(m);
            if !q.attacked(q.king_square(self.side), self.side.flip()) {
                out.push(m);
            }
        }
    }

    /// The key from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for s in 0..64 {
            if self.board[s] != NO_PIECE {
                k ^= T.keys[self.board[s] as usize][s];
            }
        }
        k ^= T.castle_keys[self.castling as usize];
        if let Some(ep) = self.ep {
            k ^= T.ep_keys[ep as usize % 8];
        }
        if self.side == Color::Black {
            k ^= T.side_key;
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

    fn insufficient_material(&self) -> bool {
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
        self.attacked(self.king_square(self.side), self.side.flip())
    }

    fn outcome(&self, history: &[u64]) -> Option<Outcome> {
        if self.count_legal() == 0 {
            return Some(if self.in_check() {
                Outcome::Win {
                    winner: self.side.flip(),
                    reason: EndReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: EndReason::Stalemate,
                }
            });
        }
        if history.iter().filter(|&&k| k == self.key).count() >= 2 {
            return Some(Outcome::Draw {
                reason: EndReason::Repetition,
            });
        }
        if self.halfmove >= 100 {
            return Some(Outcome::Draw {
                reason: EndReason::MoveRule,
            });
        }
        if self.insufficient_material() {
            return Some(Outcome::Draw {
                reason: EndReason::BareKings,
            });
        }
        None
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
        let ok = t.len() >= 4
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
