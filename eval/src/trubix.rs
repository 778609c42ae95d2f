//! Evaluation of Trubix and Trubix-43.
//!
//! Terms (all from White's view, then negated for Black to move):
//! * material, with piece values fitted to self-play results (see
//!   `docs/engine.md`, "Piece values");
//! * placement: a piece is worth more where it reaches more squares on an
//!   empty board (the board is irregular, so this replaces hand-written
//!   piece-square tables); the king prefers safety while queens and squires
//!   are on, and the centre in the ending;
//! * mobility: squares each piece reaches now;
//! * woozans: advancement towards the promotion zone (more in the ending),
//!   and a bonus for woozans protected by a friendly woozan;
//! * king safety: enemy attacks on the squares around the king;
//! * tempo for the side to move.

use crate::{EvalConfig, Evaluator, Score};
use movegen::bits::Bits;
use movegen::trubix::geometry::{rank_of, Geometry, CELLS};
use movegen::trubix::{Board, Kind, Move, Position};
use movegen::{Color, Game};
use std::sync::OnceLock;

/// Weights of the Trubix evaluation.
#[derive(Clone, Debug)]
pub struct Weights {
    /// Material per kind (King unused), T41 and T43 share them.
    pub material: [Score; 7],
    /// Placement: centipawns per empty-board target above the average.
    pub placement: [Score; 7],
    /// Mobility: centipawns per reachable square now.
    pub mobility: [Score; 7],
    /// Woozan advancement by distance from the own back rank (0..10), in
    /// the middlegame and in the ending.
    pub advance_mg: [Score; 11],
    pub advance_eg: [Score; 11],
    /// Woozan defended by a friendly woozan.
    pub woozan_chain: Score,
    /// Per enemy attack on a square next to the king, scaled by attackers.
    pub king_attack: Score,
    /// King close to the centre in the ending, per empty-board neighbour.
    pub king_centre_eg: Score,
    pub tempo: Score,
}

/// Indices into the per-kind arrays: the `Kind` discriminants.
pub const DEFAULT_WEIGHTS: Weights = Weights {
    // Material, the woozan chain and the king's centre in the ending:
    // fitted to self-play results in two rounds (benches/tune.rs `fit`,
    // then `fit-all` with placement, mobility and advance held; the rest
    // hand-set; docs/engine.md, "Piece values").
    //         K    Q    N    C    S    F    W
    material: [0, 480, 205, 505, 485, 505, 100],
    placement: [0, 1, 4, 3, 1, 2, 0],
    mobility: [0, 3, 4, 3, 4, 3, 0],
    advance_mg: [0, 0, 0, 4, 8, 14, 22, 32, 45, 70, 0],
    advance_eg: [0, 0, 0, 8, 18, 30, 45, 65, 90, 130, 0],
    woozan_chain: 17,
    king_attack: 6,
    king_centre_eg: 1,
    tempo: 12,
};

/// The weights every search uses unless told otherwise.
pub static DEFAULT: Weights = DEFAULT_WEIGHTS;

/// Material that counts towards the game phase (non-woozan, non-king).
fn phase_weight(k: Kind) -> i32 {
    match k {
        Kind::Queen => 4,
        Kind::Squire => 3,
        Kind::Fleurbic | Kind::Crowned => 2,
        Kind::Knight => 1,
        _ => 0,
    }
}

/// Phase units of one side's starting army; the full game is twice this.
const PHASE_MAX: i32 = 4 + 2 * 4 + 2 * 2 + 3;

/// Empty-board reach per kind and square, minus the kind's board average.
struct Tables {
    reach: [[i32; CELLS]; 7],
}

fn tables(board: Board) -> &'static Tables {
    static T41: OnceLock<Tables> = OnceLock::new();
    static T43: OnceLock<Tables> = OnceLock::new();
    let cell = match board {
        Board::T41 => &T41,
        Board::T43 => &T43,
    };
    cell.get_or_init(|| {
        let pos = Position::start(board);
        let g = pos.geometry();
        let mut reach = [[0; CELLS]; 7];
        for k in Kind::ALL {
            let counts: Vec<(usize, i32)> = Bits(g.board)
                .map(|s| (s, pos.attacks_from(k, s, 0).count_ones() as i32))
                .collect();
            let avg = counts.iter().map(|c| c.1).sum::<i32>() / counts.len() as i32;
            for (s, c) in counts {
                reach[k as usize][s] = c - avg;
            }
        }
        Tables { reach }
    })
}

/// Distance of a square from `c`'s back rank, 0..10.
#[inline]
fn progress(c: Color, s: usize) -> usize {
    match c {
        Color::White => rank_of(s),
        Color::Black => 10 - rank_of(s),
    }
}

/// The evaluation with explicit weights, from White's point of view, split
/// into (middlegame, endgame) sums and the phase.
pub fn evaluate_white(pos: &Position, w: &Weights) -> Score {
    let g: &Geometry = pos.geometry();
    let t = tables(pos.board());
    let occ = pos.occupied();
    let mut mg = 0;
    let mut eg = 0;
    let mut phase = 0;
    let mut attacks = [0u64; 2];
    let mut king_pressure = [0i32; 2];
    let kings = [pos.king_square(Color::White), pos.king_square(Color::Black)];
    let zones = [g.king[kings[0]], g.king[kings[1]]];

    for c in [Color::White, Color::Black] {
        let sign = if c == Color::White { 1 } else { -1 };
        let own = pos.pieces(c);
        let them = c.flip().index();
        let mut side_mg = 0;
        let mut side_eg = 0;
        for kind in Kind::ALL {
            let k = kind as usize;
            for s in Bits(pos.pieces_of(c, kind)) {
                let material = w.material[k];
                side_mg += material;
                side_eg += material;
                phase += phase_weight(kind);
                match kind {
                    Kind::King => {}
                    Kind::Woozan => {
                        let p = progress(c, s);
                        side_mg += w.advance_mg[p];
                        side_eg += w.advance_eg[p];
                        let att = g.diag_step[s];
                        attacks[c.index()] |= att;
                        if att & pos.pieces_of(c, Kind::Woozan) != 0 {
                            side_mg += w.woozan_chain;
                            side_eg += w.woozan_chain;
                        }
                        if att & zones[them] != 0 {
                            king_pressure[them] += 1;
                        }
                    }
                    _ => {
                        let att = pos.attacks_from(kind, s, occ);
                        attacks[c.index()] |= att;
                        let place = t.reach[k][s] * w.placement[k];
                        let mob = (att & !own).count_ones() as i32 * w.mobility[k];
                        side_mg += place + mob;
                        side_eg += place + mob;
                        let hits = (att & zones[them]).count_ones() as i32;
                        if hits > 0 {
                            king_pressure[them] += hits * if kind == Kind::Queen { 3 } else { 2 };
                        }
                    }
                }
            }
        }
        // King: centre in the ending.
        let ks = kings[c.index()];
        side_eg += t.reach[Kind::King as usize][ks] * w.king_centre_eg;
        mg += sign * side_mg;
        eg += sign * side_eg;
    }
    // King safety: pressure grows faster than linearly with attackers.
    for c in [Color::White, Color::Black] {
        let sign = if c == Color::White { 1 } else { -1 };
        let p = king_pressure[c.index()];
        mg -= sign * w.king_attack * p * p / 4;
    }
    let phase = phase.min(2 * PHASE_MAX);
    (mg * phase + eg * (2 * PHASE_MAX - phase)) / (2 * PHASE_MAX)
}

/// Value of a kind for move ordering and delta pruning, at the configured
/// material values (the static exchange reads the same ones).
#[inline]
fn kind_value(c: &EvalConfig, k: Kind) -> Score {
    c.trubix.material[k as usize]
}

impl Evaluator for Position {
    /// Static-exchange pruning as in chess (with the losing-capture test
    /// below, which orders such captures late and keeps them out of
    /// quiescence): +28 Elo (95%: +0.4 to +56) in Trubix and +3 (-21 to
    /// +28) in Trubix-43 over 200 games each at 3+0.05 (docs/engine.md,
    /// Search profiles).
    const SEARCH: crate::SearchProfile = crate::SearchProfile {
        see_prune_depth: 5,
        ..crate::SearchProfile::DEFAULT
    };

    fn evaluate(&self, c: &EvalConfig) -> Score {
        let w = c.trubix;
        let white = evaluate_white(self, w);
        let s = if self.side_to_move() == Color::White {
            white
        } else {
            -white
        };
        // Fade towards the draw as the 100-ply counter runs (to half at 100
        // plies): the side that is ahead then prefers to make progress now
        // over shuffling into the move-count draw, which ended 40% of the
        // engine's own games before this term.
        let s = s * (200 - self.halfmove_clock().min(100) as i32) / 200;
        s + w.tempo
    }

    #[inline]
    fn tactical_order(&self, c: &EvalConfig, m: Move) -> i32 {
        let attacker = self
            .piece_at(m.from())
            .map_or(0, |p| kind_value(c, p.kind()));
        self.capture_gain(c, m) * 16 - attacker / 16
    }

    /// A capture or promotion that loses material in the exchange on its
    /// square (static exchange at the material values).
    #[inline]
    fn likely_losing(&self, c: &EvalConfig, m: Move) -> bool {
        !self.see_ge(m, 0, &c.trubix.material)
    }

    #[inline]
    fn exchange_at_least(&self, c: &EvalConfig, m: Move, threshold: Score) -> bool {
        self.see_ge(m, threshold, &c.trubix.material)
    }

    #[inline]
    fn capture_gain(&self, c: &EvalConfig, m: Move) -> Score {
        let victim = self.piece_at(m.to()).map_or(0, |p| kind_value(c, p.kind()));
        let promo = m
            .promotion()
            .map_or(0, |k| kind_value(c, k) - kind_value(c, Kind::Woozan));
        victim + promo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::game::Notation;

    #[test]
    fn start_positions_are_balanced() {
        for board in [Board::T41, Board::T43] {
            let p = Position::start(board);
            assert_eq!(evaluate_white(&p, &DEFAULT_WEIGHTS), 0, "{board:?}");
            assert_eq!(p.evaluate(&EvalConfig::DEFAULT), DEFAULT_WEIGHTS.tempo);
        }
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        // The mirrored position (colours swapped, board flipped) has the
        // negated White score.
        let fen = "**k**/1nfn1/1qw2/f2w1/*w1w*/*1Wf*/*2W*/1WWF1/F1WN1/Q2NF/**K** w C 28 31";
        let p = Position::from_fen(Board::T41, fen).unwrap();
        let mirrored = mirror_fen(fen);
        let q = Position::from_fen(Board::T41, &mirrored).unwrap();
        assert_eq!(
            evaluate_white(&p, &DEFAULT_WEIGHTS),
            -evaluate_white(&q, &DEFAULT_WEIGHTS)
        );
    }

    fn mirror_fen(fen: &str) -> String {
        use crate::test_util::{mirror_board, swap_case};
        let mut parts = fen.split_whitespace();
        let board = mirror_board(parts.next().unwrap());
        let side = if parts.next() == Some("w") { "b" } else { "w" };
        let unmoved = swap_case(parts.next().unwrap());
        let mut u: Vec<char> = unmoved.chars().collect();
        u.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
        let u: String = if u.is_empty() || u == ['-'] {
            "-".into()
        } else {
            u.into_iter().collect()
        };
        format!("{board} {side} {u} 0 1")
    }

    /// The default configuration with `kind` worth `by` more (the
    /// weights live for the rest of the test run, as a configuration's
    /// must).
    fn heavier(kind: Kind, by: Score) -> EvalConfig {
        let mut w = DEFAULT_WEIGHTS.clone();
        w.material[kind as usize] += by;
        EvalConfig {
            trubix: Box::leak(Box::new(w)),
            ..EvalConfig::DEFAULT
        }
    }

    #[test]
    fn the_weights_given_change_the_evaluation() {
        let up = Position::from_fen(Board::T41, "**k**/5/5/5/*3*/*3*/*3*/5/5/1Q3/**K** w - 0 1")
            .unwrap();
        let normal = up.evaluate(&EvalConfig::DEFAULT);
        let heavy = heavier(Kind::Queen, 500);
        assert_eq!(up.evaluate(&heavy), normal + 500);
        assert_eq!(up.evaluate(&EvalConfig::DEFAULT), normal);
    }

    /// The search's losing-capture test and exchange pruning read the
    /// static exchange at the evaluation's values: the Queen taking a
    /// Knight a Woozan guards loses 480 - 205; taking it unguarded wins it.
    #[test]
    fn captures_are_judged_by_the_exchange_on_their_square() {
        let c = EvalConfig::DEFAULT;
        let guarded = "**k**/5/5/3w1/*1n1*/*3*/*1Q1*/5/5/5/**K** w - 0 1";
        let p = Position::from_fen(Board::T41, guarded).unwrap();
        let m = p.parse_move("c4c6").unwrap();
        assert!(p.likely_losing(&c, m));
        assert!(p.exchange_at_least(&c, m, 205 - 480));
        assert!(!p.exchange_at_least(&c, m, 205 - 480 + 1));
        let free = "**k**/5/5/5/*1n1*/*3*/*1Q1*/5/5/5/**K** w - 0 1";
        let p = Position::from_fen(Board::T41, free).unwrap();
        let m = p.parse_move("c4c6").unwrap();
        assert!(!p.likely_losing(&c, m));
        assert!(p.exchange_at_least(&c, m, 205) && !p.exchange_at_least(&c, m, 206));
    }

    /// Move ordering and quiescence's delta pruning value a capture at the
    /// configured material, as the exchange does: a heavier Knight makes
    /// taking it worth more.
    #[test]
    fn capture_gain_reads_the_configured_values() {
        let heavy = heavier(Kind::Knight, 300);
        let c = EvalConfig::DEFAULT;
        let free = "**k**/5/5/5/*1n1*/*3*/*1Q1*/5/5/5/**K** w - 0 1";
        let p = Position::from_fen(Board::T41, free).unwrap();
        let m = p.parse_move("c4c6").unwrap();
        assert_eq!(p.capture_gain(&c, m), 205);
        assert_eq!(p.capture_gain(&heavy, m), 505);
        assert_eq!(
            p.tactical_order(&heavy, m) - p.tactical_order(&c, m),
            300 * 16
        );
    }

    #[test]
    fn material_matters() {
        let up = Position::from_fen(Board::T41, "**k**/5/5/5/*3*/*3*/*3*/5/5/1Q3/**K** w - 0 1")
            .unwrap();
        assert!(up.evaluate(&EvalConfig::DEFAULT) > 400);
        let down = Position::from_fen(Board::T41, "**k**/5/5/5/*3*/*3*/*3*/5/5/1Q3/**K** b - 0 1")
            .unwrap();
        assert!(down.evaluate(&EvalConfig::DEFAULT) < -400);
    }
}
