//! The fast check test: whether the opponent can capture a King, decided
//! from the board's masks without playing any move out, in the positions
//! where that is certain; [`Position::king_capturable`] plays moves out
//! (the literal definition, R-B5.1) only where this test cannot decide.
//!
//! Why it is sound. A King standing alone on square `k` (a King at the
//! bottom of a square is alone: a column stands on a Rook) leaves the
//! board in an opponent's move only in these ways:
//!
//! * a piece lands on `k` and captures it: a slider whose ray from `k`
//!   first meets it (a rider moves from its column's square as if alone),
//!   a pawn's diagonal capture, a Knight's jump, a King's step, a King's
//!   second step after any first step it may make (R-B5.2), a King's step
//!   after castling (R-B5.3), a Queen's all-round capture from a
//!   neighbour (which is also a one-square slide);
//! * a Knight's path capture with `k` on the path, when the Knight can
//!   land quietly at the end (an empty square or a Rook, R-B9.2);
//! * an effect: a fall lands only on the square of a removed Rook, and a
//!   rise only on the Bishop's own square, neither of which is `k`; so
//!   only a revenge of the opponent's Queen removed on a neighbour of `k`
//!   reaches it. She is not on a neighbour now (else she attacks `k`
//!   directly), so she must arrive there in the move and be removed
//!   there, which takes a removal on that square that sets off more: the
//!   capture of our Queen (revenge), of our unrisen Bishop (rise) or of a
//!   column's base (fall). Disguises remove nothing.
//!
//! So when `k` is not attacked directly, the King cannot be captured
//! unless a neighbour of `k` holds our Queen, our unrisen Bishop or a
//! column and the opponent's Queen can capture there (on an open line
//! from her square, or carried by a Rook she rides): only then does the
//! test not decide. On an open line, only her own moves can do it: they
//! alone are played out ([`Verdict::QueensOnly`]).
//!
//! A King riding in a column on `k` (level 1 or more) leaves the board
//! only when something under it goes: the column's base (by a move that
//! lands on `k`, a Knight's path capture through it, or an all-round
//! effect from a neighbour) or, by a Knight, a rider. When no piece of the
//! opponent shares the column, the King and our riders then fall on `k`
//! and exile, never capture, each other; only a revenge reaching `k`
//! afterwards can capture it. So the same test holds for it with three
//! changes: any direct attack on `k` leaves it undecided (the King may
//! survive the fall), a column with an opponent's piece in it, or a Queen
//! of either side riding anywhere, leave it undecided; the Queens-only
//! and the safe answers stand as for a King alone. The opponent's turn may
//! also begin with deferred conversions and a free action (R-B12.2,
//! R-B12.4) that put new pieces on the board first: then, and for a King
//! riding in a column, the test does not decide.
//!
//! `tests::the_fast_check_test_agrees_with_simulation` compares the two
//! over thousands of positions of random games.

use super::board::{Kind, Piece, Square};
use super::position::Position;
use crate::game::Color;

/// What the board alone says about whether a King can be captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Certain: capturable or not.
    Decided(bool),
    /// Only a move of one of these opponent's Queens (a mask of their
    /// squares, each alone on its square) can capture the King: playing
    /// out her moves decides.
    QueensOnly(u64),
    /// Only playing out every capturing move decides.
    Undecided,
}

/// Neighbours of each square.
const fn king_table() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut m = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    m |= 1u64 << (nr * 8 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        t[sq] = m;
        sq += 1;
    }
    t
}

const KNIGHT_DIRS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// For each square and Knight direction: the destination (64 when off
/// the board) and the cells of both L-paths (R-B9.1: the 2x3 rectangle
/// minus its two end cells).
const fn knight_table() -> [[(u8, u64); 8]; 64] {
    let mut t = [[(64u8, 0u64); 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < 8 {
            let (df, dr) = KNIGHT_DIRS[i];
            let (tf, tr) = (f + df, r + dr);
            if tf >= 0 && tf < 8 && tr >= 0 && tr < 8 {
                let (sf, sr) = (if df > 0 { 1 } else { -1 }, if dr > 0 { 1 } else { -1 });
                let cells: [(i32, i32); 4] = if df == 2 || df == -2 {
                    [(sf, 0), (2 * sf, 0), (0, sr), (sf, sr)]
                } else {
                    [(0, sr), (0, 2 * sr), (sf, 0), (sf, sr)]
                };
                let mut m = 0u64;
                let mut c = 0;
                while c < 4 {
                    m |= 1u64 << ((r + cells[c].1) * 8 + f + cells[c].0);
                    c += 1;
                }
                t[sq][i] = ((tr * 8 + tf) as u8, m);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

pub(crate) static KING_NEAR: [u64; 64] = king_table();

/// The squares at most two files and two ranks from each square.
static BOX_TWO: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut q: usize = 0;
        while q < 64 {
            let (df, dr) = (
                (q % 8) as i32 - (sq % 8) as i32,
                (q / 8) as i32 - (sq / 8) as i32,
            );
            if df >= -2 && df <= 2 && dr >= -2 && dr <= 2 {
                t[sq] |= 1u64 << q;
            }
            q += 1;
        }
        sq += 1;
    }
    t
};
static KNIGHT_MOVES: [[(u8, u64); 8]; 64] = knight_table();

/// The eight ray directions, orthogonal and diagonal in turn: N, NE, E,
/// SE, S, SW, W, NW.
const RAY_DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Whether a ray's squares have higher numbers than its start.
const RAY_UP: [bool; 8] = [true, true, true, false, false, false, false, true];

/// The squares of each ray from each square (the square excluded).
const fn ray_table() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
            let mut m = 0u64;
            loop {
                f += RAY_DIRS[d].0;
                r += RAY_DIRS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                m |= 1u64 << (r * 8 + f);
            }
            t[d][sq] = m;
            sq += 1;
        }
        d += 1;
    }
    t
}

static RAYS: [[u64; 64]; 8] = ray_table();

/// The nearest occupied square from `from` in direction `(df, dr)` (one
/// of the eight ray directions), if any: what a slider meets first.
#[inline]
pub(super) fn first_occupied(from: Square, df: i8, dr: i8, occupied: u64) -> Option<Square> {
    let d = match (df, dr) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        _ => 7,
    };
    debug_assert_eq!(RAY_DIRS[d], (df as i32, dr as i32));
    let on = RAYS[d][from as usize] & occupied;
    if on == 0 {
        None
    } else if RAY_UP[d] {
        Some(on.trailing_zeros() as Square)
    } else {
        Some(63 - on.leading_zeros() as Square)
    }
}

/// The rank and file (0), and the diagonals (1), through each square.
static LINES: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            t[sq][d % 2] |= RAYS_CONST[d][sq];
            d += 1;
        }
        sq += 1;
    }
    t
};

/// [`RAYS`] for the constant above.
const RAYS_CONST: [[u64; 64]; 8] = ray_table();

impl Position {
    /// Whether `color`'s King can be captured by the opponent's next move,
    /// when that is certain from the board alone; None when only playing
    /// the moves out can tell (see the module's account).
    pub fn king_capturable_fast(&self, color: Color) -> Option<bool> {
        match self.check_verdict(color) {
            Verdict::Decided(v) => Some(v),
            Verdict::QueensOnly(_) | Verdict::Undecided => None,
        }
    }

    /// What the board alone says about check (see the module's account):
    /// decided, or which of the opponent's Queens' moves must be played
    /// out (no other move can capture the King), or nothing.
    pub fn check_verdict(&self, color: Color) -> Verdict {
        let Some((k, level)) = self.board.king(color) else {
            return Verdict::Decided(false);
        };
        let them = color.flip();
        let riding = level > 0;
        if !self.turn_begins_plainly(them) || (riding && !self.riding_king_judged(k, them)) {
            return Verdict::Undecided;
        }
        if self.attacked_directly(k, them) {
            // A riding King may survive the capture of its column's base
            // (it falls and lands): only playing out tells.
            return if riding {
                Verdict::Undecided
            } else {
                Verdict::Decided(true)
            };
        }
        let b = &self.board;
        // The squares next to the King where a capture sets off an effect
        // that could remove the capturer there.
        let near = KING_NEAR[k as usize];
        let mut triggers = near & (b.columns() | b.bottoms(color, Kind::Queen));
        for s in super::board::squares(near & b.bottoms(color, Kind::Bishop)) {
            if b.bottom(s).is_some_and(|p| !p.risen()) {
                triggers |= 1u64 << s;
            }
        }
        if triggers == 0 {
            return Verdict::Decided(false);
        }
        // Only the opponent's Queen, arriving there by a capture, matters:
        // riding a column she could also be carried there (undecided); so
        // could our Queen, whose revenge next to a riding King can bring
        // down its column.
        let queen = Piece::new(them, Kind::Queen).code();
        let ours = Piece::new(color, Kind::Queen).code();
        if b.rider_lists()
            .any(|(_, r)| r.contains(&queen) || (riding && r.contains(&ours)))
        {
            return Verdict::Undecided;
        }
        let mut queens = 0u64;
        for q in super::board::squares(b.bottoms(them, Kind::Queen)) {
            if super::board::squares(triggers).any(|s| self.line_is_open(q, s)) {
                queens |= 1u64 << q;
            }
        }
        if queens == 0 {
            Verdict::Decided(false)
        } else {
            Verdict::QueensOnly(queens)
        }
    }

    /// Whether the board can judge a King riding in the column on `k`:
    /// no piece of `them` shares the column (a Rook of theirs below the
    /// King could carry it off; one above could fall on it).
    fn riding_king_judged(&self, k: Square, them: Color) -> bool {
        let b = &self.board;
        b.bottom(k).is_some_and(|p| p.color() != them)
            && b.riders_of(k)
                .iter()
                .all(|&c| Piece::from_code(c).color() != them)
    }

    /// Whether `from` and `to` are on one rank, file or diagonal with
    /// nothing between them.
    fn line_is_open(&self, from: Square, to: Square) -> bool {
        let (f0, r0) = super::board::file_rank(from);
        let (f1, r1) = super::board::file_rank(to);
        let (df, dr) = (f1 - f0, r1 - r0);
        if (df != 0 && dr != 0 && df.abs() != dr.abs()) || from == to {
            return false;
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let occ = self.board.occupied();
        let mut t = from;
        loop {
            let Some(n) = super::board::offset(t, sf, sr) else {
                return false;
            };
            if n == to {
                return true;
            }
            if occ & (1u64 << n) != 0 {
                return false;
            }
            t = n;
        }
    }

    /// Whether `side`'s turn can only begin with its move: no pawn of
    /// `side` waits in its zone and `side` has no Statue for a free
    /// action ([`Position::no_prefix`] for either side).
    fn turn_begins_plainly(&self, side: Color) -> bool {
        if self.board.bottoms(side, Kind::Statue) != 0 {
            return false;
        }
        // Without Statues a zone is the last rank.
        let last = if side == Color::White {
            0xFF00_0000_0000_0000u64
        } else {
            0xFF
        };
        self.board.bottoms(side, Kind::Pawn) & last == 0
    }

    /// Whether some move of `them` lands on `k` (held by a lone enemy
    /// King) or passes it with a Knight's path capture.
    pub(crate) fn attacked_directly(&self, k: Square, them: Color) -> bool {
        let b = &self.board;
        // The squares holding a piece of `them` of each attacking kind, at
        // the bottom or riding (a column attacks with each of its riders),
        // gathered once: every ray, pawn and leaper test below is then one
        // mask test. Asked for every listed turn (the check test), so it
        // is worth the masks.
        let queens = b.bottoms(them, Kind::Queen);
        let mut orthogonal = b.bottoms(them, Kind::Rook) | queens;
        let mut diagonal = b.bottoms(them, Kind::Bishop) | queens;
        let mut pawns = b.bottoms(them, Kind::Pawn);
        let box2 = BOX_TWO[k as usize];
        let mut knights = b.bottoms(them, Kind::Knight) & box2;
        let mut kings = b.bottoms(them, Kind::King);
        // Kings reach at most two squares (files or ranks) from where they
        // stand, except a King that castles first.
        if kings & box2 == 0 && !self.may_castle(them) {
            kings = 0;
        }
        for (sq, riders) in b.rider_lists() {
            let bit = 1u64 << sq;
            for &c in riders {
                let p = Piece::from_code(c);
                if p.color() == them {
                    match p.kind() {
                        Kind::Rook => orthogonal |= bit,
                        Kind::Bishop => diagonal |= bit,
                        Kind::Queen => {
                            orthogonal |= bit;
                            diagonal |= bit;
                        }
                        Kind::Pawn => pawns |= bit,
                        Kind::Knight => knights |= bit,
                        Kind::King => kings |= bit,
                        _ => {}
                    }
                }
            }
        }
        // Sliders: the first square on each ray from k, when some
        // attacker stands on one of its lines at all (most often none).
        let occ = b.occupied();
        let lines = LINES[k as usize];
        let sliders = (orthogonal & lines[0]) | (diagonal & lines[1]) != 0;
        for (d, ray) in RAYS.iter().enumerate().filter(|_| sliders) {
            let attackers = if d % 2 == 0 { orthogonal } else { diagonal };
            let blockers = ray[k as usize] & occ;
            if blockers == 0 || attackers & ray[k as usize] == 0 {
                continue;
            }
            // Rays that go up the square numbers meet their lowest
            // blocker first; the others their highest.
            let first = if RAY_UP[d] {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            };
            if attackers & (1u64 << first) != 0 {
                return true;
            }
        }
        // Pawns capture one step diagonally forward.
        let back = if them == Color::White { -1 } else { 1 };
        for df in [-1, 1] {
            if let Some(p) = super::board::offset(k, df, back) {
                if pawns & (1u64 << p) != 0 {
                    return true;
                }
            }
        }
        for n in super::board::squares(knights) {
            for &(d, path) in &KNIGHT_MOVES[n as usize] {
                if d == k {
                    return true;
                }
                // A path capture needs a quiet landing: an empty square
                // or a Rook of either colour.
                if d < 64
                    && path & (1u64 << k) != 0
                    && b.bottom(d).is_none_or(|p| p.kind() == Kind::Rook)
                {
                    return true;
                }
            }
        }
        for king in super::board::squares(kings) {
            if self.king_reaches(king, k, them) {
                return true;
            }
        }
        false
    }

    /// Whether `them`'s King on `from` (bottom or riding) can end a step
    /// on `k`: one step, two steps through a square it may step on
    /// (R-B5.2), or a step after castling (R-B5.3).
    fn king_reaches(&self, from: Square, k: Square, them: Color) -> bool {
        let near = KING_NEAR[k as usize];
        if near & (1u64 << from) != 0 {
            return true;
        }
        let b = &self.board;
        for s in super::board::squares(near & KING_NEAR[from as usize]) {
            let first_step = match b.bottom(s) {
                None => true,
                Some(p) if p.kind() == Kind::Statue => false,
                Some(p) => p.color() != them || p.kind() == Kind::Rook,
            };
            if first_step {
                return true;
            }
        }
        self.castling_reaches(from, k, them)
    }

    /// Whether `them` keeps a castling right with its King alone at home.
    #[inline]
    fn may_castle(&self, them: Color) -> bool {
        use super::position::{CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
        let (rights, home) = if them == Color::White {
            (CASTLE_WK | CASTLE_WQ, 4)
        } else {
            (CASTLE_BK | CASTLE_BQ, 60)
        };
        self.castling & rights != 0 && self.board.is_lone(home, Piece::new(them, Kind::King))
    }

    /// Whether a castling of `them` (its conditions other than attacked
    /// squares, which a capture does not test) puts its King next to `k`.
    fn castling_reaches(&self, from: Square, k: Square, them: Color) -> bool {
        use super::position::{CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
        let (home, rights) = if them == Color::White {
            (
                4u8,
                [(CASTLE_WK, 7u8, 6u8, 0x60u64), (CASTLE_WQ, 0, 2, 0x0E)],
            )
        } else {
            (
                60,
                [
                    (CASTLE_BK, 63, 62, 0x60 << 56),
                    (CASTLE_BQ, 56, 58, 0x0E << 56),
                ],
            )
        };
        if from != home || self.board.height(home) != 1 {
            return false;
        }
        rights.iter().any(|&(bit, rook, to, between)| {
            self.castling & bit != 0
                && self.board.bottom(rook) == Some(Piece::new(them, Kind::Rook))
                && self.board.occupied() & between == 0
                && KING_NEAR[to as usize] & (1u64 << k) != 0
        })
    }
}
