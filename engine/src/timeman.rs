//! When the main thread starts another iteration (issue 34).
//!
//! - A fixed move time (`--movetime`, CECP `st`) is used whole: no
//!   iteration is refused for lack of time, the hard limit (the move time)
//!   stops the search in the middle of one, and the root's best move so far
//!   is played (the previous best is searched first, so a move that
//!   replaced it was fully searched and beat it). Only a forced reply or a
//!   proven mate ends the search earlier.
//! - With a clock, [`Budget::soft`] is the time a move is meant to take and
//!   [`Budget::hard`] the time that aborts it. The soft time is scaled by
//!   what the iterations show: it grows while the best move keeps changing
//!   or the score falls, and shrinks when the best move has stood for
//!   several iterations. An iteration is started only when it is predicted
//!   to end within twice that scaled time (and within the hard limit): its
//!   time is the last iteration's times the growth between iterations as
//!   measured in this game (carried from move to move, see
//!   [`TimeManager::growth`]). Without the prediction a Dysnomia iteration,
//!   which can cost ten times the last, ran to the hard limit at every move
//!   and drained the clock.

use crate::limits::{Budget, Limits};
use crate::score::{is_mate, Score, MATE};
use std::time::Duration;

/// Bounds of the measured growth from one iteration to the next.
const GROWTH_RANGE: (f64, f64) = (1.5, 16.0);

/// Growth assumed before any is measured in a game.
pub const DEFAULT_GROWTH: f64 = 2.5;

/// Iteration times below this say nothing about growth (timer noise).
const MEASURABLE: Duration = Duration::from_millis(2);

/// The main thread's time decisions during one search.
#[derive(Clone, Debug)]
pub struct TimeManager {
    budget: Option<Budget>,
    /// Only a fixed move time bounds the search: spend it whole.
    fixed: bool,
    /// A clock runs (a forced reply is then played at once).
    clocked: bool,
    last_iteration: Duration,
    growth: f64,
    /// Best move (encoded) of the last completed iteration.
    best: Option<u64>,
    /// Best-move changes, halved at every iteration.
    changes: f64,
    /// Completed iterations in a row with the same best move.
    stable: u32,
    last_score: Option<Score>,
    /// Fall of the score over the last iteration, in centipawns (≥ 0).
    fall: Score,
}

impl TimeManager {
    /// `growth`: the growth measured in earlier searches of this game,
    /// when there were any; `horizon`: the game's clock horizon
    /// ([`Limits::budget_over`]).
    pub fn new(limits: &Limits, growth: Option<f64>, horizon: u32) -> TimeManager {
        TimeManager {
            budget: limits.budget_over(horizon),
            fixed: limits.movetime.is_some() && limits.clock.is_none(),
            clocked: limits.clock.is_some(),
            last_iteration: Duration::ZERO,
            growth: growth.unwrap_or(DEFAULT_GROWTH),
            best: None,
            changes: 0.0,
            stable: 0,
            last_score: None,
            fall: 0,
        }
    }

    /// The growth from one iteration to the next, as measured so far.
    pub fn growth(&self) -> f64 {
        self.growth
    }

    /// Records a completed iteration; `took` is its own time.
    pub fn completed(&mut self, took: Duration, best: u64, score: Score) {
        if self.last_iteration >= MEASURABLE && took >= MEASURABLE {
            let ratio = took.as_secs_f64() / self.last_iteration.as_secs_f64();
            // Smoothed: one odd iteration (a fail-low re-search, a table
            // full of the last move's lines) moves it only halfway.
            self.growth = (self.growth * 0.5 + ratio * 0.5).clamp(GROWTH_RANGE.0, GROWTH_RANGE.1);
        }
        self.last_iteration = took;
        self.changes *= 0.5;
        match self.best {
            Some(b) if b == best => self.stable += 1,
            Some(_) => {
                self.changes += 1.0;
                self.stable = 0;
            }
            None => self.stable = 0,
        }
        self.best = Some(best);
        self.fall = self.last_score.map_or(0, |s| (s - score).max(0));
        self.last_score = Some(score);
    }

    /// The soft time scaled by what the iterations show.
    pub fn scaled_soft(&self) -> Option<Duration> {
        let b = self.budget?;
        let instability = 1.0 + 0.8 * self.changes;
        let falling = 1.0 + (self.fall.min(100) as f64 / 100.0) * 0.5;
        let stability = if self.stable >= 3 { 0.7 } else { 1.0 };
        Some(
            b.soft
                .mul_f64(instability * falling * stability)
                .min(b.hard),
        )
    }

    /// Whether to start iteration `next_depth` at `elapsed`, after the
    /// last completed one scored `score` (`root_moves` legal replies).
    pub fn start_next(
        &self,
        elapsed: Duration,
        score: Score,
        next_depth: i32,
        root_moves: usize,
    ) -> bool {
        let Some(b) = self.budget else {
            return true;
        };
        if root_moves == 1 && (self.clocked || self.fixed) {
            return false;
        }
        // A mate found with every line searched to its end cannot get
        // better by searching deeper.
        if is_mate(score) && next_depth > 2 * (MATE - score.abs()) + 3 {
            return false;
        }
        if self.fixed {
            return true;
        }
        let soft = self.scaled_soft().unwrap_or(b.soft);
        if elapsed >= soft {
            return false;
        }
        let predicted = self.last_iteration.mul_f64(self.growth);
        elapsed + predicted <= (soft * 2).min(b.hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::{Clock, HARD_HORIZON};

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clocked() -> Limits {
        Limits {
            clock: Some(Clock {
                remaining: ms(60_000),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn a_fixed_move_time_starts_every_iteration() {
        let mut tm = TimeManager::new(&Limits::movetime(ms(1000)), None, HARD_HORIZON);
        tm.completed(ms(600), 1, 20);
        assert!(tm.start_next(ms(990), 20, 9, 30));
        // But a forced reply and a proven mate end it.
        assert!(!tm.start_next(ms(10), 20, 2, 1));
        assert!(!tm.start_next(ms(10), MATE - 3, 10, 30));
        assert!(tm.start_next(ms(10), MATE - 3, 9, 30));
    }

    #[test]
    fn the_soft_time_follows_the_best_move_and_the_score() {
        let limits = clocked();
        let soft = limits.budget_over(HARD_HORIZON).unwrap().soft;
        let mut tm = TimeManager::new(&limits, None, HARD_HORIZON);
        tm.completed(ms(1), 1, 0);
        assert_eq!(tm.scaled_soft(), Some(soft));
        // A new best move: more time.
        tm.completed(ms(2), 2, 0);
        assert!(tm.scaled_soft().unwrap() > soft);
        // Stable for three iterations: less than the plain budget.
        for _ in 0..4 {
            tm.completed(ms(2), 2, 0);
        }
        assert!(tm.scaled_soft().unwrap() < soft);
        // A falling score: more again.
        tm.completed(ms(2), 2, -150);
        assert!(tm.scaled_soft().unwrap() > soft.mul_f64(0.7));
    }

    #[test]
    fn an_iteration_predicted_to_overrun_is_not_started() {
        let limits = clocked();
        let b = limits.budget_over(HARD_HORIZON).unwrap();
        let mut tm = TimeManager::new(&limits, Some(4.0), HARD_HORIZON);
        tm.completed(b.soft / 2, 1, 0);
        // Predicted at 4 x soft/2 = 2 x soft after soft/2: past 2 x soft.
        assert!(!tm.start_next(b.soft / 2, 0, 6, 30));
        let mut quick = TimeManager::new(&limits, Some(2.0), HARD_HORIZON);
        quick.completed(b.soft / 10, 1, 0);
        assert!(quick.start_next(b.soft / 5, 0, 6, 30));
        // And none once the soft time is spent.
        assert!(!quick.start_next(b.soft * 2, 0, 6, 30));
    }

    #[test]
    fn growth_is_measured_and_bounded() {
        let mut tm = TimeManager::new(&clocked(), None, HARD_HORIZON);
        tm.completed(ms(10), 1, 0);
        tm.completed(ms(100), 1, 0);
        // Halfway from 2.5 to 10.
        assert!((tm.growth() - 6.25).abs() < 1e-9, "{}", tm.growth());
        for _ in 0..20 {
            tm.last_iteration = ms(10);
            tm.completed(ms(1000), 1, 0);
        }
        assert_eq!(tm.growth(), GROWTH_RANGE.1);
    }
}
