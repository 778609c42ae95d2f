//! The terms of the chess evaluation, each kept apart per colour and phase
//! so that tests can check any one of them in a real position.
//!
//! * material and piece-square values (PeSTO, [`super::tables`]);
//! * mobility over squares not attacked by enemy pawns;
//! * pieces: the bishop pair, rooks on open and half-open files;
//! * pawns: passed pawns by rank (guarded ones more, and in the ending by
//!   how far the enemy king is from the square in front), isolated and
//!   doubled pawns;
//! * king danger: attack units of enemy pieces on the squares around the
//!   king, counted once two pieces attack, growing with their square;
//! * shelter: open files at a king on a wing;
//! * threats: pieces attacked by pawns, by lesser pieces, or attacked and
//!   not defended.
//!
//! The values beyond PeSTO's were set by hand at the sizes common in
//! published engines (kept because the whole gained in matches), then
//! fitted to game results ([`FITTED`]; docs/engine.md, "Evaluation of
//! chess"). King danger's units and cap stay hand-set (not linear in a
//! weight).

use super::tables::{EG_PST, MG_PST, MG_VALUE, PHASE};
use crate::Score;
use movegen::bits::Bits;
use movegen::chess::position::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use movegen::chess::Position;
use movegen::game::Color;

/// The weights of the terms beyond PeSTO's tables, and the material
/// values (PeSTO's before any fit; the piece-square values stay in
/// [`super::tables`]), as (middlegame, endgame) pairs. Laid out for the
/// evaluation's lookups (by piece and by rank, zeros where nothing is
/// scored); a tuner reaches each pair by number through [`Weights::pair`]
/// and [`Weights::pair_mut`] (`benches/tune_chess.rs`), numbered by the
/// constants below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Pawn to queen (the king's stays 0).
    pub value: [[Score; 2]; 6],
    /// By relative rank (0 = own first rank; ranks 0 and 7 stay 0). The
    /// PeSTO pawn tables already reward advance; these add what a pawn no
    /// enemy pawn can stop is worth on top.
    pub passed: [[Score; 2]; 8],
    pub passed_protected: [Score; 2],
    /// Ending only, both numbers: per rank of advance beyond the third,
    /// centipawns per square of the enemy king's (and minus, of the own
    /// king's) distance from the passed pawn's next square.
    pub passer_king: [Score; 2],
    /// Per pawn: isolated (no own pawn on a neighbouring file) and doubled
    /// (another own pawn in front on the same file).
    pub isolated: [Score; 2],
    pub doubled: [Score; 2],
    pub bishop_pair: [Score; 2],
    pub rook_open: [Score; 2],
    pub rook_half_open: [Score; 2],
    /// Per reachable square beyond the average (`MOBILITY_BASE`), knight
    /// to queen.
    pub mobility: [[Score; 2]; 4],
    /// Middlegame only: per file at or next to a king on a wing without an
    /// own pawn.
    pub king_open_file: [Score; 2],
    /// Threats against pieces (knights to queens): attacked by an enemy
    /// pawn; a rook or queen attacked by a minor; a queen by a rook;
    /// attacked and not defended. Counted against the side whose pieces
    /// they are.
    pub threat_by_pawn: [Score; 2],
    pub threat_by_minor: [Score; 2],
    pub threat_by_rook: [Score; 2],
    pub hanging: [Score; 2],
}

/// The pairs' numbers: material of pawn to queen (five), passed pawns on
/// relative ranks 1 to 6 (six), then one pair each.
pub const VALUE: usize = 0;
pub const PASSED: usize = 5;
pub const PASSED_PROTECTED: usize = 11;
pub const PASSER_KING: usize = 12;
pub const ISOLATED: usize = 13;
pub const DOUBLED: usize = 14;
pub const BISHOP_PAIR: usize = 15;
pub const ROOK_OPEN: usize = 16;
pub const ROOK_HALF_OPEN: usize = 17;
/// Knight to queen (four).
pub const MOBILITY: usize = 18;
pub const KING_OPEN_FILE: usize = 22;
pub const THREAT_BY_PAWN: usize = 23;
pub const THREAT_BY_MINOR: usize = 24;
pub const THREAT_BY_ROOK: usize = 25;
pub const HANGING: usize = 26;
pub const WEIGHT_PAIRS: usize = 27;

impl Weights {
    /// Every weight 0.
    pub const ZERO: Weights = Weights {
        value: [[0; 2]; 6],
        passed: [[0; 2]; 8],
        passed_protected: [0; 2],
        passer_king: [0; 2],
        isolated: [0; 2],
        doubled: [0; 2],
        bishop_pair: [0; 2],
        rook_open: [0; 2],
        rook_half_open: [0; 2],
        mobility: [[0; 2]; 4],
        king_open_file: [0; 2],
        threat_by_pawn: [0; 2],
        threat_by_minor: [0; 2],
        threat_by_rook: [0; 2],
        hanging: [0; 2],
    };

    /// Pair number `i` (below [`WEIGHT_PAIRS`]).
    pub fn pair(&self, i: usize) -> [Score; 2] {
        let mut w = *self;
        *w.pair_mut(i)
    }

    /// Pair number `i`, to set.
    pub fn pair_mut(&mut self, i: usize) -> &mut [Score; 2] {
        match i {
            0..=4 => &mut self.value[i],
            5..=10 => &mut self.passed[i - PASSED + 1],
            PASSED_PROTECTED => &mut self.passed_protected,
            PASSER_KING => &mut self.passer_king,
            ISOLATED => &mut self.isolated,
            DOUBLED => &mut self.doubled,
            BISHOP_PAIR => &mut self.bishop_pair,
            ROOK_OPEN => &mut self.rook_open,
            ROOK_HALF_OPEN => &mut self.rook_half_open,
            18..=21 => &mut self.mobility[i - MOBILITY],
            KING_OPEN_FILE => &mut self.king_open_file,
            THREAT_BY_PAWN => &mut self.threat_by_pawn,
            THREAT_BY_MINOR => &mut self.threat_by_minor,
            THREAT_BY_ROOK => &mut self.threat_by_rook,
            HANGING => &mut self.hanging,
            _ => panic!("no weight pair {i}"),
        }
    }
}

/// The hand-set weights of 2026-11-30 (sizes common in published
/// engines; docs/engine.md, "Evaluation of chess") and PeSTO's material.
pub const HANDSET: Weights = Weights {
    value: [
        [82, 94],
        [337, 281],
        [365, 297],
        [477, 512],
        [1025, 936],
        [0, 0],
    ],
    passed: [
        [0, 0],
        [5, 10],
        [5, 15],
        [10, 25],
        [20, 45],
        [35, 75],
        [60, 120],
        [0, 0],
    ],
    passed_protected: [10, 20],
    passer_king: [4, 2],
    isolated: [-8, -12],
    doubled: [-10, -25],
    bishop_pair: [25, 50],
    rook_open: [25, 10],
    rook_half_open: [12, 6],
    mobility: [[4, 4], [5, 5], [2, 4], [1, 2]],
    king_open_file: [-15, 0],
    threat_by_pawn: [40, 25],
    threat_by_minor: [30, 20],
    threat_by_rook: [30, 20],
    hanging: [25, 15],
};

/// The hand-set terms fitted to 4,770 games of Stockfish 15.1 against itself
/// (8 ms a move, random 8-ply openings; 268,159 quiet positions with
/// pawns) by `benches/tune_chess.rs`, the material held at PeSTO's
/// (docs/engine.md, "Evaluation of chess"). The passed-pawn bonuses by rank
/// mostly went: PeSTO's pawn tables already pay for advance.
pub const FITTED: Weights = Weights {
    value: HANDSET.value,
    passed: [
        [0, 0],
        [-21, 12],
        [-13, 11],
        [-26, 28],
        [-8, 36],
        [29, 9],
        [-5, -6],
        [0, 0],
    ],
    passed_protected: [38, 0],
    passer_king: [4, 2],
    isolated: [-4, -8],
    doubled: [-1, -42],
    bishop_pair: [19, 78],
    rook_open: [28, 0],
    rook_half_open: [15, 25],
    mobility: [[3, -2], [4, 0], [4, 2], [4, -3]],
    king_open_file: [-15, 0],
    threat_by_pawn: [32, 35],
    threat_by_minor: [51, -11],
    threat_by_rook: [48, -6],
    hanging: [10, 41],
};

/// The weights the evaluation uses.
pub const WEIGHTS: Weights = FITTED;

const MOBILITY_BASE: [i32; 4] = [4, 6, 7, 13];
/// Middlegame king danger: attack units per enemy piece kind and square it
/// hits around the king; the penalty is `units² / 4`, capped.
const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];
const KING_DANGER_CAP: Score = 400;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// One term's middlegame and endgame values per colour (White, Black).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Term {
    pub mg: [Score; 2],
    pub eg: [Score; 2],
}

impl Term {
    fn add(&mut self, c: usize, (mg, eg): (Score, Score)) {
        self.mg[c] += mg;
        self.eg[c] += eg;
    }

    /// White's (middlegame, endgame) value minus Black's.
    pub fn net(&self) -> (Score, Score) {
        (self.mg[0] - self.mg[1], self.eg[0] - self.eg[1])
    }
}

/// Every term of a position, and what the taper and the endgame rules
/// need besides.
#[derive(Debug, Default)]
pub struct Terms {
    pub material: Term,
    pub mobility: Term,
    pub pieces: Term,
    pub pawns: Term,
    pub king_danger: Term,
    pub shelter: Term,
    pub threats: Term,
    /// Phase units on the board (N, B 1; R 2; Q 4), not capped.
    pub phase: i32,
    /// Middlegame material values per colour, kings excluded.
    pub material_value: [Score; 2],
}

/// What the piece loop gathers for the terms that need both sides.
#[derive(Default)]
struct Side {
    /// Squares attacked by the side's pawns, minors, rooks, and all pieces.
    by_pawn: u64,
    by_minor: u64,
    by_rook: u64,
    all: u64,
    /// Attack units on the enemy king's zone and the pieces giving them.
    units: i32,
    attackers: i32,
}

impl Terms {
    /// Every term of `pos`, in the evaluation's weights.
    pub fn of(pos: &Position) -> Terms {
        Terms::with(pos, &WEIGHTS)
    }

    /// Every term of `pos` in the weights `w` (the piece-square values,
    /// king danger and the phase do not depend on them).
    pub fn with(pos: &Position, w: &Weights) -> Terms {
        let mut t = Terms::default();
        let pawns = [
            pos.pieces(Color::White, PAWN),
            pos.pieces(Color::Black, PAWN),
        ];
        let by_pawn = [
            pawn_set_attacks(Color::White, pawns[0]),
            pawn_set_attacks(Color::Black, pawns[1]),
        ];
        let sides = [Color::White, Color::Black].map(|c| t.side(pos, c, &pawns, &by_pawn, w));
        for c in [Color::White, Color::Black] {
            let ci = c.index();
            let them = &sides[1 - ci];
            t.king_danger.add(ci, (-king_danger(them), 0));
            let (mg, eg) = threats(pos, c, &sides[ci], them, w);
            t.threats.add(ci, (-mg, -eg));
        }
        t
    }

    /// The terms of colour `c` that need only its own pieces and the
    /// pawns, and what the two-sided terms need.
    fn side(
        &mut self,
        pos: &Position,
        c: Color,
        pawns: &[u64; 2],
        by_pawn: &[u64; 2],
        w: &Weights,
    ) -> Side {
        let ci = c.index();
        let flip = if c == Color::White { 56 } else { 0 };
        let occ = pos.color_set(Color::White) | pos.color_set(Color::Black);
        let kings = [pos.king_square(Color::White), pos.king_square(Color::Black)];
        let enemy_zone = Position::king_attacks(kings[1 - ci]) | 1 << kings[1 - ci];
        // Squares attacked by enemy pawns do not count for mobility.
        let safe = !pos.color_set(c) & !by_pawn[1 - ci];
        let mut side = Side {
            by_pawn: by_pawn[ci],
            all: by_pawn[ci] | Position::king_attacks(kings[ci]),
            ..Side::default()
        };
        for p in PAWN..=KING {
            for s in Bits(pos.pieces(c, p)) {
                let i = s ^ flip;
                let pst = (MG_PST[p][i] as Score, EG_PST[p][i] as Score);
                let value = w.value[p];
                self.material.add(ci, (value[0] + pst.0, value[1] + pst.1));
                self.phase += PHASE[p];
                self.material_value[ci] += MG_VALUE[p];
                if p == PAWN {
                    let terms = pawn_terms(c, s, pawns, &kings, by_pawn[ci], w);
                    self.pawns.add(ci, terms);
                }
                if !(KNIGHT..=QUEEN).contains(&p) {
                    continue;
                }
                let reach = match p {
                    KNIGHT => Position::knight_attacks(s),
                    BISHOP => Position::bishop_attacks(s, occ),
                    ROOK => Position::rook_attacks(s, occ),
                    _ => Position::bishop_attacks(s, occ) | Position::rook_attacks(s, occ),
                };
                let k = p - KNIGHT;
                let n = (reach & safe).count_ones() as i32 - MOBILITY_BASE[k];
                let per = w.mobility[k];
                self.mobility.add(ci, (n * per[0], n * per[1]));
                side.all |= reach;
                match p {
                    KNIGHT | BISHOP => side.by_minor |= reach,
                    ROOK => {
                        side.by_rook |= reach;
                        self.pieces.add(ci, rook_file(s, pawns, ci, w));
                    }
                    _ => {}
                }
                let hits = (reach & enemy_zone).count_ones() as i32;
                if hits > 0 {
                    side.units += hits * KING_ATTACK_UNITS[p];
                    side.attackers += 1;
                }
            }
        }
        if pos.pieces(c, BISHOP).count_ones() >= 2 {
            self.pieces.add(ci, w.bishop_pair.into());
        }
        self.shelter
            .add(ci, (king_shelter(kings[ci], pawns[ci], w), 0));
        side
    }

    /// White's (middlegame, endgame) sums over every term.
    pub fn total(&self) -> (Score, Score) {
        [
            self.material,
            self.mobility,
            self.pieces,
            self.pawns,
            self.king_danger,
            self.shelter,
            self.threats,
        ]
        .iter()
        .map(Term::net)
        .fold((0, 0), |(m, e), (tm, te)| (m + tm, e + te))
    }
}

/// A rook on an open file (no pawns) or a half-open one (no own pawns).
fn rook_file(s: usize, pawns: &[u64; 2], ci: usize, w: &Weights) -> (Score, Score) {
    let file = FILE_A << (s % 8);
    if file & (pawns[0] | pawns[1]) == 0 {
        w.rook_open.into()
    } else if file & pawns[ci] == 0 {
        w.rook_half_open.into()
    } else {
        (0, 0)
    }
}

/// Squares in front of a pawn on `s` (same and adjacent files) that enemy
/// pawns must not occupy for it to be passed.
fn passed_span(c: Color, s: usize) -> u64 {
    let file = s % 8;
    let files = adjacent_files(file) | FILE_A << file;
    let rank = s / 8;
    match c {
        Color::White if rank < 7 => files & (!0u64 << ((rank + 1) * 8)),
        Color::Black if rank > 0 => files & (!0u64 >> ((8 - rank) * 8)),
        _ => 0,
    }
}

/// Squares the pawns `p` of colour `c` attack.
fn pawn_set_attacks(c: Color, p: u64) -> u64 {
    match c {
        Color::White => ((p & !FILE_A) << 7) | ((p & !FILE_H) << 9),
        Color::Black => ((p & !FILE_A) >> 9) | ((p & !FILE_H) >> 7),
    }
}

/// Files `f - 1` and `f + 1` (those on the board).
fn adjacent_files(file: usize) -> u64 {
    let mut files = 0;
    if file > 0 {
        files |= FILE_A << (file - 1);
    }
    if file < 7 {
        files |= FILE_A << (file + 1);
    }
    files
}

/// King steps between two squares.
pub(super) fn king_distance(a: usize, b: usize) -> i32 {
    let (fa, ra, fb, rb) = (
        (a % 8) as i32,
        (a / 8) as i32,
        (b % 8) as i32,
        (b / 8) as i32,
    );
    (fa - fb).abs().max((ra - rb).abs())
}

/// Structure terms of `c`'s pawn on `s`: isolated, doubled, passed (by
/// rank, guarded, and the kings' race to it in the ending). `guarded` is
/// the squares `c`'s pawns attack.
fn pawn_terms(
    c: Color,
    s: usize,
    pawns: &[u64; 2],
    kings: &[usize; 2],
    guarded: u64,
    w: &Weights,
) -> (Score, Score) {
    let ci = c.index();
    let file = s % 8;
    let (mut mg, mut eg) = (0, 0);
    if adjacent_files(file) & pawns[ci] == 0 {
        mg += w.isolated[0];
        eg += w.isolated[1];
    }
    if passed_span(c, s) & FILE_A << file & pawns[ci] != 0 {
        mg += w.doubled[0];
        eg += w.doubled[1];
    }
    if passed_span(c, s) & pawns[1 - ci] == 0 {
        let rel = if c == Color::White { s / 8 } else { 7 - s / 8 };
        mg += w.passed[rel][0];
        eg += w.passed[rel][1];
        if guarded & 1 << s != 0 {
            mg += w.passed_protected[0];
            eg += w.passed_protected[1];
        }
        if rel >= 3 {
            let next = if c == Color::White { s + 8 } else { s - 8 };
            let advance = rel as Score - 2;
            eg += advance
                * (w.passer_king[0] * king_distance(kings[1 - ci], next)
                    - w.passer_king[1] * king_distance(kings[ci], next));
        }
    }
    (mg, eg)
}

/// Middlegame penalty of a king whose zone the side `them` attacks: none
/// from a lone piece, then growing with the square of the attack units.
fn king_danger(them: &Side) -> Score {
    if them.attackers < 2 {
        return 0;
    }
    (them.units * them.units / 4).min(KING_DANGER_CAP)
}

/// Middlegame penalty of open files at a king on a wing (files a-c, f-h).
fn king_shelter(king: usize, own_pawns: u64, w: &Weights) -> Score {
    let file = king % 8;
    if (3..=4).contains(&file) {
        return 0;
    }
    let files = adjacent_files(file) | FILE_A << file;
    Bits(files & 0xff)
        .filter(|&f| FILE_A << f & own_pawns == 0)
        .map(|_| w.king_open_file[0])
        .sum()
}

/// Threats against `c`'s pieces (knights to queens): (middlegame, endgame)
/// penalties.
fn threats(pos: &Position, c: Color, own: &Side, them: &Side, w: &Weights) -> (Score, Score) {
    let minors = pos.pieces(c, KNIGHT) | pos.pieces(c, BISHOP);
    let rooks = pos.pieces(c, ROOK);
    let queens = pos.pieces(c, QUEEN);
    let pieces = minors | rooks | queens;
    let counts = [
        (pieces & them.by_pawn, w.threat_by_pawn),
        ((rooks | queens) & them.by_minor, w.threat_by_minor),
        (queens & them.by_rook, w.threat_by_rook),
        (pieces & them.all & !own.all, w.hanging),
    ];
    counts.iter().fold((0, 0), |(m, e), &(set, w)| {
        let n = set.count_ones() as Score;
        (m + n * w[0], e + n * w[1])
    })
}

#[cfg(test)]
mod tests;
