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
use movegen::strangechess::geometry::{file_of, rank_of, tables};
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
fn power_value(mask: u8) -> Score {
    let mut v = 0;
    for (bit, add) in [
        (power::R, 180),
        (power::B, 150),
        (power::P, 10),
        (power::D, 40),
        (power::C, 60),
        (power::T, 170),
        (power::S, 40),
    ] {
        if mask & bit != 0 {
            v += add;
        }
    }
    v
}

const TEMPO: Score = 10;
const TUNNEL: Score = 8;

/// Distance of a cell from the centre of the board (0 in the middle four).
fn centre_distance(sq: usize) -> i32 {
    mop_up::centre_distance(file_of(sq) as i32, rank_of(sq) as i32, 12)
}

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

/// Empty cells a slider on `sq` reaches along the rays of `dirs`.
fn slider_reach(p: &Position, sq: usize, diagonal: bool, straight: bool) -> Score {
    let t = tables();
    let mut n = 0;
    for (d, ray) in t.rays[sq].iter().enumerate() {
        if (d % 2 == 1 && !diagonal) || (d % 2 == 0 && !straight) {
            continue;
        }
        for &c in ray.cells() {
            let c = c as usize;
            if !p.is_square(c) || p.is_occupied(c) {
                break;
            }
            n += 1;
        }
    }
    n
}

/// Same colour of cell (the only cells a diagonal mover reaches).
fn same_cell_colour(a: usize, b: usize) -> bool {
    (file_of(a) + rank_of(a)) % 2 == (file_of(b) + rank_of(b)) % 2
}

/// The features and the other terms of `p`, the latter with the material
/// values of `w` (a besieged piece's expected loss).
pub fn terms(p: &Position, w: &Weights) -> Terms {
    let mut f = [0; FEATURES];
    let mut rest = 0;
    // Each kind's feature, by kind number (a search evaluates often).
    const INDEX: [Option<usize>; 13] = {
        let mut t = [None; 13];
        let mut i = 0;
        while i < MATERIAL_KINDS.len() {
            t[MATERIAL_KINDS[i] as usize] = Some(i);
            i += 1;
        }
        t
    };
    let index = |k: Kind| INDEX[k as usize];
    // Per side: material (in `w`) and Pawns, for the mop-up term.
    let mut material = [0; 2];
    let mut pawns = [0; 2];
    for c in [Color::White, Color::Black] {
        let sign = if c == Color::White { 1 } else { -1 };
        let mut own = 0;
        let enemy_king = p.king_square(c.flip());
        for sq in p.occupied_by(c).iter() {
            if let Some(pc) = p.piece_at(sq).filter(|pc| pc.color() == c) {
                let k = pc.kind();
                // A Wall counts once, on its anchor.
                if k == Kind::Wall && p.wall(c).is_some_and(|(a, _)| a != sq) {
                    continue;
                }
                if let Some(i) = index(k) {
                    f[i] += sign;
                }
                material[c.index()] += w.material[k as usize];
                pawns[c.index()] += (k == Kind::Pawn) as usize;
                let tunneller =
                    k == Kind::Digger || (k == Kind::Bacteria && p.powers_at(sq) & power::T != 0);
                if let Some(ek) = enemy_king {
                    if tunneller && same_cell_colour(sq, ek) {
                        f[11] += sign; // a threat to the enemy king
                    }
                    if k == Kind::Stone
                        && file_of(sq).abs_diff(file_of(ek)) <= 2
                        && rank_of(sq).abs_diff(rank_of(ek)) <= 2
                    {
                        f[12] += sign;
                    }
                }
                match k {
                    Kind::Bacteria => own += power_value(p.powers_at(sq)) + 6 - centre_distance(sq),
                    Kind::Pawn => {
                        let advance = if c == Color::White {
                            rank_of(sq) as i32 - 2
                        } else {
                            9 - rank_of(sq) as i32
                        };
                        own += 4 * advance.max(0);
                    }
                    Kind::Knight | Kind::Magician => own += 3 * (5 - centre_distance(sq)),
                    Kind::Rook => f[13] += sign * slider_reach(p, sq, false, true),
                    Kind::Bishop => f[13] += sign * slider_reach(p, sq, true, false),
                    Kind::Queen => f[13] += sign * slider_reach(p, sq, true, true),
                    _ => {}
                }
            }
            let halfers = p.halfers(sq, c) as Score;
            if halfers > 0 {
                f[10] += sign * halfers;
                material[c.index()] += halfers * w.material[Kind::Halfer as usize];
                own += halfers * 3 * (5 - centre_distance(sq));
            }
        }
        for t in p.tunnels() {
            if t.owner == c {
                own += TUNNEL;
            }
        }
        rest += sign * own;
    }
    rest += mop_up(p, w, material, pawns);
    // A besieged piece is expected to fall: the fewer plies left, the more
    // of its value its side has lost already.
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
    Terms { features: f, rest }
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
        let w = c.strangechess;
        let attacker = self
            .piece_at(m.from())
            .map_or(value(w, Kind::Halfer), |pc| value(w, pc.kind()));
        self.capture_gain(c, m) * 16 - attacker / 16
    }

    fn likely_losing(&self, c: &EvalConfig, m: Move) -> bool {
        let w = c.strangechess;
        // A Wall can take two pieces, and a promotion is worth its gain
        // whatever follows: neither is judged by this one-cell test.
        if m.promotion().is_some() {
            return false;
        }
        let attacker = match self.piece_at(m.from()) {
            Some(pc) if !m.has(moves::H) => pc.kind(),
            _ => Kind::Halfer,
        };
        attacker != Kind::Wall
            && value(w, attacker) > self.capture_gain(c, m) + 50
            && self.guards(m.to(), self.side_to_move().flip())
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

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Tactical;

    fn eval_fen(fen: &str) -> Score {
        evaluate_white(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn the_start_is_level_and_colours_mirror() {
        assert_eq!(eval_fen(movegen::strangechess::fen::START), 0);
        // White a queen up, and the same with colours swapped.
        let a = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5Q6/6K5 w - - 0 1");
        let b = eval_fen("6k5/5q6/12/12/12/12/12/12/12/12/12/6K5 b - - 0 1");
        assert!(a > 800, "{a}");
        assert_eq!(a, -b);
    }

    #[test]
    fn mop_up_drives_a_bare_king_to_the_edge_and_brings_the_kings_together() {
        // White Queen against the bare black King: the King on the edge is
        // worse for Black than in the centre, the white King near it better.
        let centre = eval_fen("12/12/12/12/12/5k6/12/12/12/12/3Q8/K11 w - - 0 1");
        let edge = eval_fen("12/12/12/12/12/11k/12/12/12/12/3Q8/K11 w - - 0 1");
        let close = eval_fen("12/12/12/12/12/11k/12/9K2/12/12/3Q8/12 w - - 0 1");
        // (The King also moved 5 files further from the white King.)
        assert_eq!(edge - centre, mop_up::EDGE * 5 - mop_up::CLOSE * 5);
        assert_eq!(close - edge, mop_up::CLOSE * (11 - 2));
        // Black with a Pawn left: no mop-up, the King may stay central.
        let pawn_c = eval_fen("12/12/12/12/12/5k6/12/12/12/p11/3Q8/K11 w - - 0 1");
        let pawn_e = eval_fen("12/12/12/12/12/11k/12/12/12/p11/3Q8/K11 w - - 0 1");
        assert_eq!(pawn_e - pawn_c, 0);
    }

    #[test]
    fn powers_sieges_and_tunnels_count() {
        let plain = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5X6/6K5 w - - 0 1");
        let grown = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5X6/6K5 w - - 0 1 powers=f2:RB");
        assert_eq!(grown - plain, 330);
        // A black Halfer besieging the white Knight on d4: the Knight is
        // counted as partly lost, more so with one ply left than with four.
        let fresh = eval_fen("6k5/12/12/12/12/12/12/12/3(Nh)8/12/12/6K5 w - - 0 1 sieges=d4b4");
        let late = eval_fen("6k5/12/12/12/12/12/12/12/3(Nh)8/12/12/6K5 b - - 0 1 sieges=d4b1");
        assert!(late < fresh, "{late} {fresh}");
    }

    #[test]
    fn features_count_king_exposure_and_mobility() {
        // A black Digger on the white King's cell colour (c11 and g1) and
        // a black Stone two cells from it; a white Rook on a1 with the
        // a-file and first rank open to the King.
        let p = Position::from_fen("6k5/2d9/12/12/12/12/12/12/12/12/5s6/R5K5 w - - 0 1").unwrap();
        let f = terms(&p, &HANDSET).features;
        assert_eq!(f[11], -1, "digger exposure");
        assert_eq!(f[12], -1, "stone near king");
        // a2..a12 (11) and b1..f1 (5).
        assert_eq!(f[13], 16, "rook mobility");
        // The material features: a Rook for White, a Digger and a Stone for
        // Black.
        assert_eq!(f[3], 1);
        assert_eq!(f[8], -1);
        assert_eq!(f[9], -1);
        // The weights multiply the features: the evaluation is linear in them.
        let w = Weights {
            digger_exposure: 50,
            stone_near_king: 20,
            mobility: 2,
            ..HANDSET
        };
        assert_eq!(
            evaluate_with(&p, &w) - evaluate_with(&p, &HANDSET),
            -50 - 20 + 2 * 16
        );
        assert_eq!(Weights::from_vec(&w.to_vec()), w);
    }

    #[test]
    fn a_custodian_capture_gains_the_sandwiched_piece() {
        // The white Stone steps d2-d3: the black Knight on d4 is caught
        // between it and the white Rook on d5.
        let p = Position::from_fen("6k5/12/12/12/12/12/12/3R8/3n8/12/3S8/6K5 w - - 0 1").unwrap();
        let m = movegen::Notation::parse_move(&p, "d2d3").unwrap();
        assert!(p.is_noisy(m));
        assert_eq!(
            p.capture_gain(&EvalConfig::DEFAULT, m),
            value(&DEFAULT, Kind::Knight)
        );
        let quiet = movegen::Notation::parse_move(&p, "d2c3").unwrap();
        assert!(!p.is_noisy(quiet));
    }

    #[test]
    fn a_queen_taking_a_guarded_pawn_is_likely_losing() {
        let guarded =
            Position::from_fen("6k5/12/12/4p7/3p8/12/12/12/12/12/12/3Q2K5 w - - 0 1").unwrap();
        let m = movegen::Notation::parse_move(&guarded, "d1d8").unwrap();
        assert!(guarded.likely_losing(&EvalConfig::DEFAULT, m));
        let hanging =
            Position::from_fen("6k5/12/12/12/3p8/12/12/12/12/12/12/3Q2K5 w - - 0 1").unwrap();
        let m = movegen::Notation::parse_move(&hanging, "d1d8").unwrap();
        assert!(!hanging.likely_losing(&EvalConfig::DEFAULT, m));
    }

    #[test]
    fn capture_gain_counts_both_occupants() {
        // The white Rook takes a black Knight sharing with a black Halfer:
        // the Knight at once, the Halfer by the siege that starts.
        let p = Position::from_fen("6k5/12/12/12/12/3(nh)8/12/12/12/12/3R8/6K5 w - - 0 1").unwrap();
        let m = movegen::Notation::parse_move(&p, "d2d7").unwrap();
        assert_eq!(
            p.capture_gain(&EvalConfig::DEFAULT, m),
            value(&DEFAULT, Kind::Knight) + value(&DEFAULT, Kind::Halfer)
        );
    }
}
