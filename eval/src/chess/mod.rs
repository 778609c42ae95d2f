//! Orthodox chess evaluation.
//!
//! PeSTO's material and piece-square values ([`tables`]) and the terms
//! of [`terms`] (mobility, bishop pair and rook files, pawn structure and
//! passed pawns, king danger and shelter, threats), tapered between
//! middlegame and endgame by the remaining minor and major pieces (N, B 1;
//! R 2; Q 4; 24 at the start). On top: a "mop-up" term that drives a bare
//! king to the edge when one side has a decisive material lead and no
//! pawns are left to push, a scale towards the draw when the stronger side
//! has no pawns and less than a rook's advantage, and a tempo bonus.

mod tables;
pub mod terms;

use crate::{mop_up, EvalConfig, Evaluator, Score};
use movegen::chess::position::{KING, PAWN, ROOK};
use movegen::chess::{Move, Position};
use movegen::game::{Color, Game};
use tables::MG_VALUE;
use terms::Terms;

/// The side to move's bonus (also the tuner's, `benches/tune_chess.rs`).
pub const TEMPO: Score = 12;

/// The evaluation from White's point of view, without tempo.
pub fn evaluate_white(pos: &Position) -> Score {
    let t = Terms::of(pos);
    let (mg, eg) = t.total();
    let phase = t.phase.min(24);
    let mut score = (mg * phase + eg * (24 - phase)) / 24;

    // Endgames without pawns: drive a bare king to the edge, or admit the
    // draw when the lead is less than a rook.
    if pos.pieces(Color::White, PAWN) | pos.pieces(Color::Black, PAWN) == 0 {
        let lead = t.material_value[0] - t.material_value[1];
        let strong = if lead >= 0 {
            Color::White
        } else {
            Color::Black
        };
        if lead.abs() < MG_VALUE[ROOK] {
            score /= 8;
        } else {
            let at = |s: usize| ((s % 8) as i32, (s / 8) as i32);
            let lone = at(pos.king_square(strong.flip()));
            let own = at(pos.king_square(strong));
            score += mop_up::for_white(strong, mop_up::bonus(lone, own, 8));
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
        // +23 Elo over 400 games, not significant (docs/engine.md,
        // "Search profiles").
        see_prune_depth: 5,
        // The evaluation is the position's alone and 40% of a search's
        // instructions (docs/engine.md, "Search").
        eval_cache: true,
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
    fn exchange_at_least(&self, _: &EvalConfig, m: Move, threshold: Score) -> bool {
        self.see_ge(m, threshold, &MG_VALUE)
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
            "r5k1/5ppp/8/6N1/7Q/8/PP3PPP/1K1R4 w - - 0 1",
            "4k3/8/3p4/4N3/2P5/2P5/8/4K3 w - - 0 1",
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

    /// Static-exchange pruning's question, asked of the chess exchange: a
    /// queen taking a guarded pawn loses about 800, a quiet queen move to a
    /// square a pawn guards loses the queen, a guarded pawn push nothing.
    #[test]
    fn exchange_thresholds_follow_the_static_exchange() {
        use movegen::game::Notation;
        let at_least = |fen: &str, mv: &str, threshold: Score| {
            let p = Position::from_fen(fen).unwrap();
            let m = p.parse_move(mv).unwrap();
            p.exchange_at_least(&EvalConfig::DEFAULT, m, threshold)
        };
        let qxd5 = "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1";
        assert!(!at_least(qxd5, "d1d5", -500));
        assert!(at_least(qxd5, "d1d5", -1000));
        let qd4 = "4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1";
        assert!(!at_least(qd4, "d1d5", -300));
        assert!(at_least(qd4, "d1d4", 0));
        assert!(at_least("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4", 0));
    }
}
