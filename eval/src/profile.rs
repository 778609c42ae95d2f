//! The search's constants for one game, in one place: how far and how hard
//! the alpha-beta search prunes and reduces. They live beside the
//! evaluation because most are margins in the game's own centipawns (a
//! futility margin means nothing without the piece values it is measured
//! in) and the rest follow the game's branching and depth; the search
//! (`engine`) reads them through [`crate::Evaluator::SEARCH`] and holds no
//! game's numbers itself.
//!
//! [`SearchProfile::DEFAULT`] is the set every game started with (common
//! engine values, set by hand); a game that measured better with other values says
//! so in its own module, with the match that showed it. The tuning runs
//! are recorded in `docs/engine.md` ("Search profiles").

use crate::Score;

/// Pruning, reduction and extension constants of the search (see the
/// module documentation). Depths are in plies, margins in centipawns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchProfile {
    /// Aspiration windows from this iteration on (earlier ones use the
    /// whole window).
    pub aspiration_depth: i32,
    /// First half-width of the aspiration window; each failure widens it by
    /// half plus 10, and past 1000 the window opens whole.
    pub aspiration_window: Score,
    /// Reverse futility: at a non-PV node out of check with at most this
    /// depth left, a static evaluation `margin * depth` above beta returns.
    pub reverse_futility_depth: i32,
    pub reverse_futility_margin: Score,
    /// Razoring: at a non-PV node out of check with at most this depth
    /// left (0: never), a static evaluation `margin * depth` below alpha
    /// asks quiescence, and a quiescence score still below alpha returns.
    pub razor_depth: i32,
    pub razor_margin: Score,
    /// Null move from this depth on, reduced by `base + depth / divisor`.
    pub null_move_depth: i32,
    pub null_move_base: i32,
    pub null_move_divisor: i32,
    /// Late-move reductions of quiet moves from this depth on, after this
    /// many moves have been searched, by `base + ln(depth) ln(index) /
    /// divisor` plies (one less at PV nodes and for killers).
    pub lmr_depth: i32,
    pub lmr_after: usize,
    pub lmr_base: f64,
    pub lmr_divisor: f64,
    /// Late-move pruning: with at most this depth left, a quiet move after
    /// `lmp_base + depth²` searched ones is not searched (unless it checks).
    pub lmp_depth: i32,
    pub lmp_base: usize,
    /// Futility pruning: with at most this depth left, a quiet move is not
    /// searched when the static evaluation plus `margin * depth` does not
    /// reach alpha (unless it checks).
    pub futility_depth: i32,
    pub futility_margin: Score,
    /// Quiescence's delta pruning: a capture whose whole gain plus this
    /// margin does not reach alpha is not searched.
    pub delta_margin: Score,
    /// How many plies quiescence may go past the horizon before it stands
    /// pat (in check: takes the evaluation). Captures run out in chess, so
    /// no cap is needed; where captured pieces come back the capture
    /// sequences need not end.
    pub quiescence_plies: usize,
    /// Whether quiescence reads and writes the transposition table: it pays
    /// where capture sequences reach the same positions in many orders and
    /// a quiescence node is dear.
    pub quiescence_table: bool,
    /// Whether the search keeps the static evaluations it made, by
    /// position key (a 512 KiB table per thread and search): only where the
    /// evaluation depends on nothing the key leaves out, and pays where it
    /// is dear.
    pub eval_cache: bool,
    /// Static-exchange pruning: at a non-PV node out of check with at most
    /// this depth left (0: never), once a move has been searched, a
    /// capture losing more than `see_capture_margin * depth` in the
    /// exchange on its square, or a quiet move losing more than
    /// `see_quiet_margin * depth` (unless it checks), is not searched.
    pub see_prune_depth: i32,
    pub see_capture_margin: Score,
    pub see_quiet_margin: Score,
    /// Moves the clock is spread over in sudden death (engine's
    /// `Limits::budget_over`): a move's budget is what is left over this
    /// many plus the increment beyond the overhead. A game whose games run
    /// long needs a longer horizon.
    pub clock_horizon: u32,
}

impl SearchProfile {
    /// The constants every game started with.
    pub const DEFAULT: SearchProfile = SearchProfile {
        aspiration_depth: 5,
        aspiration_window: 30,
        reverse_futility_depth: 6,
        reverse_futility_margin: 90,
        razor_depth: 0,
        razor_margin: 250,
        null_move_depth: 3,
        null_move_base: 3,
        null_move_divisor: 4,
        lmr_depth: 3,
        lmr_after: 2,
        lmr_base: 0.7,
        lmr_divisor: 2.3,
        lmp_depth: 3,
        lmp_base: 4,
        futility_depth: 2,
        futility_margin: 120,
        delta_margin: 150,
        quiescence_plies: usize::MAX,
        quiescence_table: false,
        eval_cache: false,
        see_prune_depth: 0,
        see_capture_margin: 100,
        see_quiet_margin: 60,
        clock_horizon: 40,
    };

    /// Whether the values make a sound search: positive margins and
    /// divisors, reductions that leave a searched move a ply, and a
    /// quiescence that looks at least one ply past the horizon.
    pub const fn is_sound(&self) -> bool {
        self.aspiration_window > 0
            && self.aspiration_depth >= 1
            && self.reverse_futility_margin > 0
            && self.razor_margin > 0
            && self.null_move_depth >= 2
            && self.null_move_base >= 1
            && self.null_move_divisor > 0
            && self.lmr_depth >= 2
            && self.lmr_after >= 1
            && self.lmr_divisor > 0.0
            && self.futility_margin > 0
            && self.delta_margin >= 0
            && self.quiescence_plies >= 1
            && self.clock_horizon >= 1
            && self.see_prune_depth >= 0
            && self.see_capture_margin >= 0
            && self.see_quiet_margin >= 0
    }

    /// Late-move reduction in plies for a depth and move number.
    #[inline]
    pub fn lmr(&self, depth: i32, index: usize) -> i32 {
        let r = self.lmr_base + (depth as f64).ln() * (index as f64).ln() / self.lmr_divisor;
        r as i32
    }

    /// The null move's reduction at `depth`.
    #[inline]
    pub const fn null_move_reduction(&self, depth: i32) -> i32 {
        self.null_move_base + depth / self.null_move_divisor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reductions the search used before the profile held them.
    #[test]
    fn the_default_reductions_are_the_original_formulas() {
        let p = SearchProfile::DEFAULT;
        for depth in 1..64 {
            assert_eq!(p.null_move_reduction(depth), 3 + depth / 4);
            for index in 1..128usize {
                let old = (0.7 + (depth as f64).ln() * (index as f64).ln() / 2.3) as i32;
                assert_eq!(p.lmr(depth, index), old, "depth {depth} move {index}");
            }
        }
        assert_eq!(p.lmr(3, 2), 1);
        assert_eq!(p.lmr(10, 20), 3);
    }

    #[test]
    fn an_unsound_profile_is_told() {
        assert!(SearchProfile::DEFAULT.is_sound());
        let zero_margin = SearchProfile {
            futility_margin: 0,
            ..SearchProfile::DEFAULT
        };
        assert!(!zero_margin.is_sound());
        let no_quiescence = SearchProfile {
            quiescence_plies: 0,
            ..SearchProfile::DEFAULT
        };
        assert!(!no_quiescence.is_sound());
        // Razoring with no margin would send every shallow node below
        // alpha to quiescence, however little it lacks.
        let zero_razor = SearchProfile {
            razor_margin: 0,
            ..SearchProfile::DEFAULT
        };
        assert!(!zero_razor.is_sound());
    }
}
