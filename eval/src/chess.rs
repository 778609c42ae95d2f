//! Orthodox chess evaluation.
//!
//! Material and piece-square values are Ronald Friederich's PeSTO tables
//! (published, Texel-tuned on game results: evidence-derived, as the
//! project's rule for piece values asks), tapered between middlegame and
//! endgame by the remaining minor and major pieces (N, B 1; R 2; Q 4; 24 at
//! the start). On top: the bishop pair, passed pawns by rank, rooks on open
//! and half-open files, a small mobility term, a "mop-up" term that drives a
//! bare king to the edge when one side has a decisive material lead and no
//! pawns are left to push, a scale towards the draw when the stronger side
//! has no pawns and less than a rook's advantage, and a tempo bonus.
//!
//! Tables are written from White's side with a8 first (the usual printed
//! layout): White's square `s` (a1 = 0) reads entry `s ^ 56`, Black's reads
//! entry `s`.

use crate::{EvalConfig, Evaluator, Score};
use movegen::chess::position::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use movegen::chess::{Move, Position};
use movegen::game::{Color, Game};

const MG_VALUE: [Score; 6] = [82, 337, 365, 477, 1025, 0];
const EG_VALUE: [Score; 6] = [94, 281, 297, 512, 936, 0];
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

#[rustfmt::skip]
const MG_PST: [[i16; 64]; 6] = [
    [   0,   0,   0,   0,   0,   0,   0,   0,
       98, 134,  61,  95,  68, 126,  34, -11,
       -6,   7,  26,  31,  65,  56,  25, -20,
      -14,  13,   6,  21,  23,  12,  17, -23,
      -27,  -2,  -5,  12,  17,   6,  10, -25,
      -26,  -4,  -4, -10,   3,   3,  33, -12,
      -35,  -1, -20, -23, -15,  24,  38, -22,
        0,   0,   0,   0,   0,   0,   0,   0],
    [-167, -89, -34, -49,  61, -97, -15,-107,
      -73, -41,  72,  36,  23,  62,   7, -17,
      -47,  60,  37,  65,  84, 129,  73,  44,
       -9,  17,  19,  53,  37,  69,  18,  22,
      -13,   4,  16,  13,  28,  19,  21,  -8,
      -23,  -9,  12,  10,  19,  17,  25, -16,
      -29, -53, -12,  -3,  -1,  18, -14, -19,
     -105, -21, -58, -33, -17, -28, -19, -23],
    [ -29,   4, -82, -37, -25, -42,   7,  -8,
      -26,  16, -18, -13,  30,  59,  18, -47,
      -16,  37,  43,  40,  35,  50,  37,  -2,
       -4,   5,  19,  50,  37,  37,   7,  -2,
       -6,  13,  13,  26,  34,  12,  10,   4,
        0,  15,  15,  15,  14,  27,  18,  10,
        4,  15,  16,   0,   7,  21,  33,   1,
      -33,  -3, -14, -21, -13, -12, -39, -21],
    [  32,  42,  32,  51,  63,   9,  31,  43,
       27,  32,  58,  62,  80,  67,  26,  44,
       -5,  19,  26,  36,  17,  45,  61,  16,
      -24, -11,   7,  26,  24,  35,  -8, -20,
      -36, -26, -12,  -1,   9,  -7,   6, -23,
      -45, -25, -16, -17,   3,   0,  -5, -33,
      -44, -16, -20,  -9,  -1,  11,  -6, -71,
      -19, -13,   1,  17,  16,   7, -37, -26],
    [ -28,   0,  29,  12,  59,  44,  43,  45,
      -24, -39,  -5,   1, -16,  57,  28,  54,
      -13, -17,   7,   8,  29,  56,  47,  57,
      -27, -27, -16, -16,  -1,  17,  -2,   1,
       -9, -26,  -9, -10,  -2,  -4,   3,  -3,
      -14,   2, -11,  -2,  -5,   2,  14,   5,
      -35,  -8,  11,   2,   8,  15,  -3,   1,
       -1, -18,  -9,  10, -15, -25, -31, -50],
    [ -65,  23,  16, -15, -56, -34,   2,  13,
       29,  -1, -20,  -7,  -8,  -4, -38, -29,
       -9,  24,   2, -16, -20,   6,  22, -22,
      -17, -20, -12, -27, -30, -25, -14, -36,
      -49,  -1, -27, -39, -46, -44, -33, -51,
      -14, -14, -22, -46, -44, -30, -15, -27,
        1,   7,  -8, -64, -43, -16,   9,   8,
      -15,  36,  12, -54,   8, -28,  24,  14],
];

#[rustfmt::skip]
const EG_PST: [[i16; 64]; 6] = [
    [   0,   0,   0,   0,   0,   0,   0,   0,
      178, 173, 158, 134, 147, 132, 165, 187,
       94, 100,  85,  67,  56,  53,  82,  84,
       32,  24,  13,   5,  -2,   4,  17,  17,
       13,   9,  -3,  -7,  -7,  -8,   3,  -1,
        4,   7,  -6,   1,   0,  -5,  -1,  -8,
       13,   8,   8,  10,  13,   0,   2,  -7,
        0,   0,   0,   0,   0,   0,   0,   0],
    [ -58, -38, -13, -28, -31, -27, -63, -99,
      -25,  -8, -25,  -2,  -9, -25, -24, -52,
      -24, -20,  10,   9,  -1,  -9, -19, -41,
      -17,   3,  22,  22,  22,  11,   8, -18,
      -18,  -6,  16,  25,  16,  17,   4, -18,
      -23,  -3,  -1,  15,  10,  -3, -20, -22,
      -42, -20, -10,  -5,  -2, -20, -23, -44,
      -29, -51, -23, -15, -22, -18, -50, -64],
    [ -14, -21, -11,  -8,  -7,  -9, -17, -24,
       -8,  -4,   7, -12,  -3, -13,  -4, -14,
        2,  -8,   0,  -1,  -2,   6,   0,   4,
       -3,   9,  12,   9,  14,  10,   3,   2,
       -6,   3,  13,  19,   7,  10,  -3,  -9,
      -12,  -3,   8,  10,  13,   3,  -7, -15,
      -14, -18,  -7,  -1,   4,  -9, -15, -27,
      -23,  -9, -23,  -5,  -9, -16,  -5, -17],
    [  13,  10,  18,  15,  12,  12,   8,   5,
       11,  13,  13,  11,  -3,   3,   8,   3,
        7,   7,   7,   5,   4,  -3,  -5,  -3,
        4,   3,  13,   1,   2,   1,  -1,   2,
        3,   5,   8,   4,  -5,  -6,  -8, -11,
       -4,   0,  -5,  -1,  -7, -12,  -8, -16,
       -6,  -6,   0,   2,  -9,  -9, -11,  -3,
       -9,   2,   3,  -1,  -5, -13,   4, -20],
    [  -9,  22,  22,  27,  27,  19,  10,  20,
      -17,  20,  32,  41,  58,  25,  30,   0,
      -20,   6,   9,  49,  47,  35,  19,   9,
        3,  22,  24,  45,  57,  40,  57,  36,
      -18,  28,  19,  47,  31,  34,  39,  23,
      -16, -27,  15,   6,   9,  17,  10,   5,
      -22, -23, -30, -16, -16, -23, -36, -32,
      -33, -28, -22, -43,  -5, -32, -20, -41],
    [ -74, -35, -18, -18, -11,  15,   4, -17,
      -12,  17,  14,  17,  17,  38,  23,  11,
       10,  17,  23,  15,  20,  45,  44,  13,
       -8,  22,  24,  27,  26,  33,  26,   3,
      -18,  -4,  21,  24,  27,  23,   9, -11,
      -19,  -3,  11,  21,  23,  16,   7,  -9,
      -27, -11,   4,  13,  14,   4,  -5, -17,
      -53, -34, -21, -11, -28, -14, -24, -43],
];

/// Passed-pawn bonus by relative rank (0 = own first rank), middlegame and
/// endgame. The PeSTO pawn tables already reward advance; these add what a
/// pawn no enemy pawn can stop is worth on top.
const PASSED_MG: [Score; 8] = [0, 5, 5, 10, 20, 35, 60, 0];
const PASSED_EG: [Score; 8] = [0, 10, 15, 25, 45, 75, 120, 0];
const BISHOP_PAIR: (Score, Score) = (25, 50);
const ROOK_OPEN: (Score, Score) = (25, 10);
const ROOK_HALF_OPEN: (Score, Score) = (12, 6);
/// Per reachable square beyond the average (knight 4, bishop 6, rook 7,
/// queen 13 squares).
const MOBILITY: [(Score, Score); 4] = [(4, 4), (5, 5), (2, 4), (1, 2)];
const MOBILITY_BASE: [i32; 4] = [4, 6, 7, 13];
const TEMPO: Score = 12;

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Squares in front of a pawn on `s` (same and adjacent files) that enemy
/// pawns must not occupy for it to be passed.
fn passed_span(c: Color, s: usize) -> u64 {
    let file = s % 8;
    let mut files = FILE_A << file;
    if file > 0 {
        files |= FILE_A << (file - 1);
    }
    if file < 7 {
        files |= FILE_A << (file + 1);
    }
    let rank = s / 8;
    match c {
        Color::White if rank < 7 => files & (!0u64 << ((rank + 1) * 8)),
        Color::Black if rank > 0 => files & (!0u64 >> ((8 - rank) * 8)),
        _ => 0,
    }
}

fn centre_distance(s: usize) -> i32 {
    let (f, r) = ((s % 8) as i32, (s / 8) as i32);
    (2 * f - 7).abs().max((2 * r - 7).abs()) / 2
}

fn king_distance(a: usize, b: usize) -> i32 {
    let (fa, ra, fb, rb) = (
        (a % 8) as i32,
        (a / 8) as i32,
        (b % 8) as i32,
        (b / 8) as i32,
    );
    (fa - fb).abs().max((ra - rb).abs())
}

/// The evaluation from White's point of view, without tempo.
pub fn evaluate_white(pos: &Position) -> Score {
    let occ = pos.color_set(Color::White) | pos.color_set(Color::Black);
    let pawns = [
        pos.pieces(Color::White, PAWN),
        pos.pieces(Color::Black, PAWN),
    ];
    let mut mg = [0 as Score; 2];
    let mut eg = [0 as Score; 2];
    let mut phase = 0;
    let mut material = [0 as Score; 2];
    for c in [Color::White, Color::Black] {
        let ci = c.index();
        let flip = if c == Color::White { 56 } else { 0 };
        let own = pos.color_set(c);
        // Squares attacked by enemy pawns do not count for mobility.
        let mut enemy_pawn_attacks = 0;
        for s in movegen::bits::Bits(pawns[1 - ci]) {
            enemy_pawn_attacks |= Position::pawn_attacks(c.flip(), s);
        }
        let safe = !own & !enemy_pawn_attacks;
        for p in PAWN..=KING {
            for s in movegen::bits::Bits(pos.pieces(c, p)) {
                let i = s ^ flip;
                mg[ci] += MG_VALUE[p] + MG_PST[p][i] as Score;
                eg[ci] += EG_VALUE[p] + EG_PST[p][i] as Score;
                phase += PHASE[p];
                material[ci] += MG_VALUE[p];
                let reach = match p {
                    KNIGHT => Position::knight_attacks(s),
                    BISHOP => Position::bishop_attacks(s, occ),
                    ROOK => Position::rook_attacks(s, occ),
                    QUEEN => Position::bishop_attacks(s, occ) | Position::rook_attacks(s, occ),
                    _ => 0,
                };
                if (KNIGHT..=QUEEN).contains(&p) {
                    let k = p - KNIGHT;
                    let n = (reach & safe).count_ones() as i32 - MOBILITY_BASE[k];
                    mg[ci] += n * MOBILITY[k].0;
                    eg[ci] += n * MOBILITY[k].1;
                }
                if p == ROOK {
                    let file = FILE_A << (s % 8);
                    if file & (pawns[0] | pawns[1]) == 0 {
                        mg[ci] += ROOK_OPEN.0;
                        eg[ci] += ROOK_OPEN.1;
                    } else if file & pawns[ci] == 0 {
                        mg[ci] += ROOK_HALF_OPEN.0;
                        eg[ci] += ROOK_HALF_OPEN.1;
                    }
                }
                if p == PAWN && passed_span(c, s) & pawns[1 - ci] == 0 {
                    let rel = if c == Color::White { s / 8 } else { 7 - s / 8 };
                    mg[ci] += PASSED_MG[rel];
                    eg[ci] += PASSED_EG[rel];
                }
            }
        }
        if pos.pieces(c, BISHOP).count_ones() >= 2 {
            mg[ci] += BISHOP_PAIR.0;
            eg[ci] += BISHOP_PAIR.1;
        }
    }
    let phase = phase.min(24);
    let mut score = ((mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (24 - phase)) / 24;

    // Endgames without pawns: drive a bare king to the edge, or admit the
    // draw when the lead is less than a rook.
    if pawns[0] | pawns[1] == 0 {
        let lead = material[0] - material[1];
        let strong = if lead >= 0 {
            Color::White
        } else {
            Color::Black
        };
        if lead.abs() < MG_VALUE[ROOK] {
            score /= 8;
        } else {
            let weak_king = pos.king_square(strong.flip());
            let strong_king = pos.king_square(strong);
            let mop =
                20 * centre_distance(weak_king) + 8 * (7 - king_distance(weak_king, strong_king));
            score += if strong == Color::White { mop } else { -mop };
        }
    }
    score
}

impl Evaluator for Position {
    const SEARCH: crate::SearchProfile = crate::SearchProfile {
        // +23 Elo over 40, not significant (docs/engine.md, "Search
        // profiles").
        clock_horizon: 25,
        // +18 Elo over 400 games, not significant (docs/engine.md,
        // "Search profiles").
        razor_depth: 2,
        ..crate::SearchProfile::DEFAULT
    };

    fn evaluate(&self, _: &EvalConfig) -> Score {
        let white = evaluate_white(self);
        let s = if self.side_to_move() == Color::White {
            white
        } else {
            -white
        };
        s + TEMPO
    }

    #[inline]
    fn tactical_order(&self, c: &EvalConfig, m: Move) -> i32 {
        let attacker = self
            .piece_at(m.from())
            .map_or(0, |(_, p)| MG_VALUE[p].max(100) * (p != KING) as i32);
        self.capture_gain(c, m) * 16 - attacker / 16
    }

    /// A capture or promotion that loses material in the exchange on its
    /// square (static exchange evaluation at the middlegame values).
    #[inline]
    fn likely_losing(&self, _: &EvalConfig, m: Move) -> bool {
        !self.see_ge(m, 0, &MG_VALUE)
    }

    #[inline]
    fn capture_gain(&self, _: &EvalConfig, m: Move) -> Score {
        let victim = self.captured(m).map_or(0, |p| MG_VALUE[p]);
        let promo = m.promotion().map_or(0, |p| MG_VALUE[p] - MG_VALUE[PAWN]);
        victim + promo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval_fen(fen: &str) -> Score {
        evaluate_white(&Position::from_fen(fen).unwrap())
    }

    /// The colour-mirrored FEN (ranks reversed, cases swapped, side flipped).
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        format!("{} {side} - - 0 1", crate::test_util::mirror_board(f[0]))
    }

    #[test]
    fn start_is_balanced_and_colours_are_symmetric() {
        assert_eq!(eval_fen(Position::START), 0);
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/8/8/4k3/8/8/8/KR6 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ] {
            assert_eq!(eval_fen(fen), -eval_fen(&mirror(fen)), "{fen}");
        }
    }

    #[test]
    fn material_and_structure_matter() {
        // An extra knight is worth a lot; a passed pawn on the 6th more than
        // one on the 3rd; a bare king in the corner is worse for it.
        assert!(eval_fen("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 250);
        assert!(
            eval_fen("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1")
                > eval_fen("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1")
        );
        assert!(
            eval_fen("k7/8/8/8/8/8/8/1R2K3 w - - 0 1")
                > eval_fen("8/8/8/3k4/8/8/8/1R2K3 w - - 0 1")
        );
        // Knight against bare king: scaled far down.
        assert!(eval_fen("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1").abs() < 60);
    }

    /// The search orders losing captures late and quiescence skips them:
    /// a queen taking a guarded pawn loses, a pawn taking a guarded knight
    /// and a rook taking a pawn it wins do not.
    #[test]
    fn losing_captures_are_told_by_the_exchange() {
        use movegen::game::Notation;
        let losing = |fen: &str, mv: &str| {
            let p = Position::from_fen(fen).unwrap();
            let m = p.parse_move(mv).unwrap();
            p.likely_losing(&EvalConfig::DEFAULT, m)
        };
        assert!(losing("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"));
        assert!(!losing("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"));
        assert!(!losing("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"));
        assert!(losing("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"));
    }
}
