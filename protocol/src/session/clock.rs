//! The engine's clock as a game-playing face sets it: a time control
//! (moves per session, base, increment), or a fixed time per move, or a
//! depth, turned into the search's [`Limits`] for its next move.

use engine::limits::{Clock, Limits, MOVE_OVERHEAD};
use std::time::Duration;

/// A classical or incremental time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per session (0: the whole game).
    pub mps: u32,
    pub base: Duration,
    pub inc: Duration,
}

/// How long the engine may think on its own moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveClock {
    pub tc: Option<TimeControl>,
    /// A fixed time per move.
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    /// The engine's time left, as the other side's clock last said.
    pub time_left: Option<Duration>,
}

impl MoveClock {
    /// A time control replaces a fixed move time and forgets the time
    /// left.
    pub fn set_time_control(&mut self, tc: TimeControl) {
        self.tc = Some(tc);
        self.movetime = None;
        self.time_left = None;
    }

    /// Limits for the engine's move after `plies` plies of the game.
    pub fn limits(&self, plies: usize) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(st) = self.movetime {
            // Used whole but for the pipes' share (a GUI's clock counts
            // them): 50 ms, or a twentieth of a short move time.
            limits.movetime = Some(st - (st / 20).min(MOVE_OVERHEAD));
        } else if let Some(tc) = self.tc {
            let plies = plies as u32;
            let moves_to_go = (tc.mps > 0).then(|| tc.mps - (plies / 2) % tc.mps);
            limits.clock = Some(Clock {
                remaining: self.time_left.unwrap_or(tc.base),
                increment: tc.inc,
                moves_to_go,
            });
        } else if self.depth.is_none() {
            // No time control given at all: a few seconds per move.
            limits.movetime = Some(Duration::from_secs(5));
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_move_time_keeps_the_pipes_share() {
        let c = MoveClock {
            movetime: Some(Duration::from_secs(2)),
            ..MoveClock::default()
        };
        assert_eq!(c.limits(0).movetime, Some(Duration::from_millis(1950)));
        let c = MoveClock {
            movetime: Some(Duration::from_millis(200)),
            ..MoveClock::default()
        };
        assert_eq!(c.limits(0).movetime, Some(Duration::from_millis(190)));
    }

    #[test]
    fn moves_to_go_count_down_per_session() {
        let mut c = MoveClock::default();
        c.set_time_control(TimeControl {
            mps: 40,
            base: Duration::from_secs(60),
            inc: Duration::ZERO,
        });
        let clock = |c: &MoveClock, plies| c.limits(plies).clock.unwrap();
        assert_eq!(clock(&c, 0).moves_to_go, Some(40));
        assert_eq!(clock(&c, 3).moves_to_go, Some(39));
        assert_eq!(clock(&c, 80).moves_to_go, Some(40));
        assert_eq!(clock(&c, 0).remaining, Duration::from_secs(60));
        c.time_left = Some(Duration::from_secs(7));
        assert_eq!(clock(&c, 10).remaining, Duration::from_secs(7));
    }

    #[test]
    fn no_control_means_five_seconds_unless_a_depth_is_set() {
        let c = MoveClock::default();
        assert_eq!(c.limits(0).movetime, Some(Duration::from_secs(5)));
        let c = MoveClock {
            depth: Some(4),
            ..MoveClock::default()
        };
        assert_eq!(c.limits(0).movetime, None);
        assert_eq!(c.limits(0).depth, Some(4));
    }
}
