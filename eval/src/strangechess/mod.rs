//! Strange Chess evaluation.
//!
//! A linear evaluation: material per kind, a Bacteria's gained powers, the
//! expected loss of a besieged piece (more the fewer plies its siege has
//! left), a bonus per open tunnel, king exposure (Diggers on the king's
//! cell colour check through pieces; Stones near the king threaten
//! sandwiches), slider mobility, pawn advance and the centralisation of the
//! short-range pieces. The fitted weights ([`FITTED`], Texel's method over
//! Curio's own games) replaced the first hand-set ones ([`HANDSET`], kept
//! to measure against). Outside the fitted features: a mop-up term that
//! drives a bare King to the edge when one side is a Rook ahead against
//! no pawns ([`crate::mop_up`]). Scores are centipawns from the side to
//! move's view.

use crate::{mop_up, EvalConfig, Evaluator, Score};
use movegen::strangechess::bitset::Set144;
use movegen::strangechess::geometry::{
    file_of, rank_of, tables, Tables, CELLS, DIAG_DIRS, ORTHO_DIRS,
};
use movegen::strangechess::position::power;
use movegen::strangechess::{moves, Kind, Move, Position};
use movegen::{Color, Game};

/// The evaluation's linear weights: each multiplies one feature (a count,
/// White's minus Black's), so Texel's method can fit them
/// (`benches/tune_strangechess.rs`, method and numbers in docs/engine.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material by kind, indexed by `Kind as usize` (King unused: never
    /// captured).
    pub material: [Score; 13],
    /// Per Digger (or tunnelling Bacteria) on the enemy king's cell
    /// colour: it checks through pieces, only holes stop it.
    pub digger_exposure: Score,
    /// Per Stone within two cells of the enemy king: sandwich threats.
    pub stone_near_king: Score,
    /// Per empty cell a Rook, Bishop or Queen reaches.
    pub mobility: Score,
}

/// The number of fitted features.
pub const FEATURES: usize = 14;

/// The kinds whose material is a feature, in feature order.
pub const MATERIAL_KINDS: [Kind; 11] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::Wall,
    Kind::Bacteria,
    Kind::Magician,
    Kind::Digger,
    Kind::Stone,
    Kind::Halfer,
];

impl Weights {
    /// The weights as a vector in feature order.
    pub fn to_vec(&self) -> [Score; FEATURES] {
        let mut v = [0; FEATURES];
        for (i, k) in MATERIAL_KINDS.iter().enumerate() {
            v[i] = self.material[*k as usize];
        }
        v[11] = self.digger_exposure;
        v[12] = self.stone_near_king;
        v[13] = self.mobility;
        v
    }

    /// The inverse of [`Weights::to_vec`].
    pub fn from_vec(v: &[Score; FEATURES]) -> Weights {
        let mut material = [0; 13];
        for (i, k) in MATERIAL_KINDS.iter().enumerate() {
            material[*k as usize] = v[i];
        }
        Weights {
            material,
            digger_exposure: v[11],
            stone_near_king: v[12],
            mobility: v[13],
        }
    }
}

const fn material(
    [p, n, b, r, q, wall, bact, mag, dig, stone, halfer]: [Score; 11],
) -> [Score; 13] {
    //    -  K  Q  R  B  N  P  Bact  Mag  Dig  Stone  Wall  Halfer
    [0, 0, q, r, b, n, p, bact, mag, dig, stone, wall, halfer]
}

/// The first, hand-set weights (values from how each piece moves; no
/// king safety or mobility): kept to measure the fitted ones against.
pub const HANDSET: Weights = Weights {
    // Pawn, Knight, Bishop, Rook, Queen, Wall (a rook taken through either
    // cell), Bacteria (king plus knight, and it grows), Magician (king
    // step, (2,0) jump, spells), Digger (a bishop nothing blocks), Stone
    // (king step, captures by sandwich), Halfer (knight plus (3,1),
    // shares, captures slowly).
    material: material([100, 300, 330, 500, 950, 420, 380, 320, 400, 180, 280]),
    digger_exposure: 0,
    stone_near_king: 0,
    mobility: 0,
};

/// The weights fitted to 200 games of Curio against itself (Texel's
/// method, `benches/tune_strangechess.rs`; docs/engine.md has the
/// method and the numbers). The king-exposure terms fitted to zero within
/// their bounds: the games hold too few such positions to price them.
pub const FITTED: Weights = Weights {
    material: material([100, 250, 385, 410, 875, 345, 520, 370, 320, 170, 320]),
    digger_exposure: 0,
    stone_near_king: 0,
    mobility: 1,
};

/// The weights Curio plays with.
pub const DEFAULT: Weights = FITTED;

/// Material by kind in `w` (the king counts nothing).
pub fn value(w: &Weights, k: Kind) -> Score {
    w.material[k as usize]
}

/// What gained powers add to a Bacteria.
const fn power_value(mask: u8) -> Score {
    const ADD: [(u8, Score); 7] = [
        (power::R, 180),
        (power::B, 150),
        (power::P, 10),
        (power::D, 40),
        (power::C, 60),
        (power::T, 170),
        (power::S, 40),
    ];
    let (mut v, mut i) = (0, 0);
    while i < ADD.len() {
        if mask & ADD[i].0 != 0 {
            v += ADD[i].1;
        }
        i += 1;
    }
    v
}

const TEMPO: Score = 10;
const TUNNEL: Score = 8;

/// Mating a bare king on 144 cells takes a plan the search cannot see: a
/// Queen and King against a King shuffled for 100 plies at depth 15 and
/// drew. So when one side is a Rook or more ahead and the other has no
/// Pawns and less than a Rook's worth left, the stronger side is paid
/// for driving the weaker king to the edge and for bringing its own king
/// close (both a mate needs; the shape is `crate::mop_up`'s), from
/// White's view.
fn mop_up(p: &Position, w: &Weights, material: [Score; 2], pawns: [usize; 2]) -> Score {
    let promotable = [pawns[0] > 0, pawns[1] > 0];
    let Some(strong) = mop_up::stronger_side(material, promotable, value(w, Kind::Rook)) else {
        return 0;
    };
    let (Some(lone), Some(own)) = (p.king_square(strong.flip()), p.king_square(strong)) else {
        return 0;
    };
    let at = |s: usize| (file_of(s) as i32, rank_of(s) as i32);
    mop_up::for_white(strong, mop_up::bonus(at(lone), at(own), 12))
}

/// A position split for the evaluation: the fitted features (White's
/// count minus Black's) and everything else, from White's view.
pub struct Terms {
    pub features: [Score; FEATURES],
    pub rest: Score,
}

/// What the evaluation reads of one cell, computed once: a search
/// evaluates half a million positions a second, and dividing a cell into
/// file and rank for each of some seventy pieces cost more than the rest.
#[derive(Clone, Copy)]
struct Cell {
    file: u8,
    rank: u8,
    /// The colour of the cell (a diagonal mover's only cells).
    parity: u8,
    /// Bacteria centralisation, `6 - centre distance`.
    bacteria: i8,
    /// Knight, Magician and Halfer centralisation, `3 (5 - distance)`.
    short: i8,
    /// Pawn advance bonus for White and for Black.
    advance: [i8; 2],
}

static CELL: [Cell; CELLS] = {
    let mut t = [Cell {
        file: 0,
        rank: 0,
        parity: 0,
        bacteria: 0,
        short: 0,
        advance: [0; 2],
    }; CELLS];
    let mut sq = 0;
    while sq < CELLS {
        let (f, r) = (file_of(sq), rank_of(sq));
        let cd = mop_up::centre_distance(f as i32, r as i32, 12);
        let white = r as i32 - 2;
        let black = 9 - r as i32;
        t[sq] = Cell {
            file: f as u8,
            rank: r as u8,
            parity: ((f + r) % 2) as u8,
            bacteria: (6 - cd) as i8,
            short: (3 * (5 - cd)) as i8,
            advance: [
                4 * if white > 0 { white } else { 0 } as i8,
                4 * if black > 0 { black } else { 0 } as i8,
            ],
        };
        sq += 1;
    }
    t
};

/// What gained powers add to a Bacteria, by power mask.
static POWER_VALUE: [Score; 128] = {
    let mut t = [0; 128];
    let mut m = 0;
    while m < 128 {
        t[m] = power_value(m as u8);
        m += 1;
    }
    t
};

/// Every ray of `geometry::KING` by index (a Queen's).
const ALL_RAYS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Empty cells a slider on `sq` reaches along the rays `dirs`; `stop`
/// holds the occupied cells and the holes.
#[inline]
fn slider_reach(t: &Tables, stop: &Set144, sq: usize, dirs: &[usize]) -> Score {
    let mut n = 0;
    for &d in dirs {
        for &c in t.rays[sq][d].cells() {
            if stop.has(c as usize) {
                break;
            }
            n += 1;
        }
    }
    n
}

/// The features and the other terms of `p`, the latter with the material
/// values of `w` (a besieged piece's expected loss).
pub fn terms(p: &Position, w: &Weights) -> Terms {
    let mut f = [0; FEATURES];
    let mut rest = 0;
    let t = tables();
    // A slider stops at any occupant and at a hole.
    let stop = p.occupied().or(p.squares().complement());
    // Per side: material (in `w`) and Pawns, for the mop-up term.
    let mut material = [0; 2];
    let mut pawns = [0; 2];
    for c in [Color::White, Color::Black] {
        let sign = if c == Color::White { 1 } else { -1 };
        let side = c.index();
        // Pieces by kind number (a Wall once, on its anchor); the
        // features and the material are summed from these below.
        let mut count = [0 as Score; 13];
        let mut own = 0;
        let mut mobility = 0;
        let (mut exposure, mut stones) = (0, 0);
        let enemy_king = p.king_square(c.flip()).map(|ek| CELL[ek]);
        let anchor = p.wall(c).map(|(a, _)| a);
        for sq in p.occupied_by(c).iter() {
            let cell = &CELL[sq];
            if let Some(pc) = p.piece_at(sq).filter(|pc| pc.color() == c) {
                let k = pc.kind();
                // (A Wall's second cell counts nothing, its Halfers
                // neither: as the fitted weights saw it.)
                if k == Kind::Wall && anchor.is_some_and(|a| a != sq) {
                    continue;
                }
                count[k as usize] += 1;
                match k {
                    Kind::Bacteria => {
                        let powers = p.powers_at(sq);
                        own += POWER_VALUE[(powers & 127) as usize] + cell.bacteria as Score;
                        if powers & power::T != 0 {
                            exposure +=
                                enemy_king.is_some_and(|ek| ek.parity == cell.parity) as Score;
                        }
                    }
                    Kind::Digger => {
                        exposure += enemy_king.is_some_and(|ek| ek.parity == cell.parity) as Score;
                    }
                    Kind::Stone => {
                        stones += enemy_king.is_some_and(|ek| {
                            ek.file.abs_diff(cell.file) <= 2 && ek.rank.abs_diff(cell.rank) <= 2
                        }) as Score;
                    }
                    Kind::Pawn => own += cell.advance[side] as Score,
                    Kind::Knight | Kind::Magician => own += cell.short as Score,
                    Kind::Rook => mobility += slider_reach(t, &stop, sq, &ORTHO_DIRS),
                    Kind::Bishop => mobility += slider_reach(t, &stop, sq, &DIAG_DIRS),
                    Kind::Queen => mobility += slider_reach(t, &stop, sq, &ALL_RAYS),
                    _ => {}
                }
            }
            let halfers = p.halfers(sq, c) as Score;
            if halfers > 0 {
                count[Kind::Halfer as usize] += halfers;
                own += halfers * cell.short as Score;
            }
        }
        for (i, k) in MATERIAL_KINDS.iter().enumerate() {
            f[i] += sign * count[*k as usize];
        }
        f[11] += sign * exposure;
        f[12] += sign * stones;
        f[13] += sign * mobility;
        material[side] = (0..13).map(|k| count[k] * w.material[k]).sum();
        pawns[side] = count[Kind::Pawn as usize] as usize;
        own += TUNNEL * p.tunnels().iter().filter(|t| t.owner == c).count() as Score;
        rest += sign * own;
    }
    rest += mop_up(p, w, material, pawns) + siege_losses(p, w);
    Terms { features: f, rest }
}

/// A besieged piece is expected to fall: the fewer plies left, the more
/// of its value its side has lost already (from White's view).
fn siege_losses(p: &Position, w: &Weights) -> Score {
    let mut rest = 0;
    for s in p.sieges() {
        let sq = s.sq as usize;
        let victim = s.besieger.flip();
        let v = if p.halfers(sq, victim) > 0 {
            w.material[Kind::Halfer as usize]
        } else {
            p.piece_at(sq)
                .map_or(0, |pc| w.material[pc.kind() as usize])
        };
        let lost = v * (5 - s.left as Score) / 5;
        rest -= if victim == Color::White { lost } else { -lost };
    }
    rest
}

/// The evaluation from White's point of view, with weights `w`.
pub fn evaluate_with(p: &Position, w: &Weights) -> Score {
    let t = terms(p, w);
    let v = w.to_vec();
    t.rest
        + t.features
            .iter()
            .zip(v.iter())
            .map(|(f, w)| f * w)
            .sum::<Score>()
}

/// The evaluation from White's point of view, in the default weights.
pub fn evaluate_white(p: &Position) -> Score {
    evaluate_with(p, &DEFAULT)
}

impl Evaluator for Position {
    /// Quiescence tabled: capture sequences reach the same positions in
    /// many orders and a quiescence node is dear (15% fewer nodes at the
    /// bench depths, +31 Elo in 100 games; docs/engine.md, Quiescence).
    /// Late moves reduced harder (`1.0 + ln d ln i / 1.8` instead of
    /// `0.7 + ln d ln i / 2.3`): a hundred moves and more a node, most of
    /// them idle, and a search 4 plies deep; +88 Elo (95%: +22 to +160)
    /// in 85 games at 3+0.05. Quiescence capped at 4 plies past the
    /// horizon: Diggers capture through pieces along whole diagonals, so
    /// capture sequences run long; the cap cut the bench's nodes by 42%
    /// and scored +32 (95%: -23 to +89) in 119 games (docs/engine.md,
    /// Search profiles).
    const SEARCH: crate::SearchProfile = crate::SearchProfile {
        quiescence_table: true,
        lmr_base: 1.0,
        lmr_divisor: 1.8,
        quiescence_plies: 4,
        ..crate::SearchProfile::DEFAULT
    };

    fn evaluate(&self, c: &EvalConfig) -> Score {
        let w = evaluate_with(self, c.strangechess);
        (if self.side_to_move() == Color::White {
            w
        } else {
            -w
        }) + TEMPO
    }

    fn tactical_order(&self, c: &EvalConfig, m: Move) -> i32 {
        self.tactical_order_given(c, m, self.capture_gain(c, m))
    }

    fn tactical_order_given(&self, c: &EvalConfig, m: Move, gain: Score) -> i32 {
        let w = c.strangechess;
        let attacker = self
            .piece_at(m.from())
            .map_or(value(w, Kind::Halfer), |pc| value(w, pc.kind()));
        gain * 16 - attacker / 16
    }

    fn likely_losing(&self, c: &EvalConfig, m: Move) -> bool {
        losing_by(self, c, m, || self.capture_gain(c, m))
    }

    fn likely_losing_given(&self, c: &EvalConfig, m: Move, gain: Score) -> bool {
        losing_by(self, c, m, || gain)
    }

    fn capture_gain(&self, c: &EvalConfig, m: Move) -> Score {
        let w = c.strangechess;
        let enemy = self.side_to_move().flip();
        // What stands on a cell the move takes (or starts a siege on).
        let on = |sq: usize| {
            self.piece_at(sq)
                .filter(|pc| pc.color() == enemy)
                .map_or(0, |pc| value(w, pc.kind()))
                + self.halfers(sq, enemy) as Score * value(w, Kind::Halfer)
        };
        let mut gain = on(m.to());
        gain += self.wall_trailing_cell(m).map_or(0, on);
        gain += self.custodian_victims(m).into_iter().map(on).sum::<Score>();
        if gain == 0 && self.is_capture(m) {
            gain = value(w, Kind::Pawn); // en passant
        }
        gain + m
            .promotion()
            .map_or(0, |k| value(w, k) - value(w, Kind::Pawn))
    }
}

/// The test of `likely_losing` in `p`, with the capture's gain found
/// only if the cheaper tests leave it to decide.
fn losing_by(p: &Position, c: &EvalConfig, m: Move, gain: impl FnOnce() -> Score) -> bool {
    let w = c.strangechess;
    // A Wall can take two pieces, and a promotion is worth its gain
    // whatever follows: neither is judged by this one-cell test.
    if m.promotion().is_some() {
        return false;
    }
    let attacker = match p.piece_at(m.from()) {
        Some(pc) if !m.has(moves::H) => pc.kind(),
        _ => Kind::Halfer,
    };
    attacker != Kind::Wall
        && value(w, attacker) > gain() + 50
        && p.guards(m.to(), p.side_to_move().flip())
}

#[cfg(test)]
mod tests;
