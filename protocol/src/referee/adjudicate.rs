//! Score adjudication, modelled on cutechess-cli's `-draw` and `-resign`:
//! end a game early when the engines' own evaluations say how it will end,
//! so that long matches spend their time on games still in play.
//!
//! Off unless asked for: without it every game ends by the rules.
//!
//! * Draw `MOVENUMBER,MOVECOUNT,SCORE`: once MOVENUMBER full moves have
//!   been played from the opening position (opening plies do not count), a
//!   game is drawn when both engines' last reported scores
//!   stayed within +-SCORE centipawns for MOVECOUNT consecutive moves each
//!   (2 x MOVECOUNT plies). A capture or a move without a score restarts
//!   the count, so a material change is always played out and an engine
//!   that does not post its thinking is never adjudicated.
//! * Resign `MOVECOUNT,SCORE`: a side loses when its own engine reported
//!   SCORE centipawns or worse on MOVECOUNT consecutive moves of its own:
//!   the engine itself says it is lost. CECP mate scores (+-100000 + N)
//!   count as very large.
//!
//! Scores come from each engine's last thinking line before its move
//! (`post` is sent at the start of every game); thinking printed before a
//! late claim about the previous game is dropped with the claim. Reality Check games are not
//! adjudicated: there the engines' scores are guesses about hidden pieces.

use movegen::game::Color;

/// The draw rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i64,
}

/// The resignation rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub move_count: u32,
    pub score: i64,
}

fn numbers(option: &str, text: &str, n: usize, shape: &str) -> Result<Vec<i64>, String> {
    let v: Vec<i64> = text
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| format!("{option}: '{}' is not a whole number", x.trim()))
        })
        .collect::<Result<_, _>>()?;
    if v.len() != n {
        return Err(format!("{option} '{text}': expected {shape}"));
    }
    if v.iter().any(|&x| x < 0) {
        return Err(format!("{option} '{text}': numbers must not be negative"));
    }
    Ok(v)
}

impl DrawRule {
    /// Parses `MOVENUMBER,MOVECOUNT,SCORE`, e.g. `40,8,10`.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let v = numbers(
            "--draw-adjudication",
            text,
            3,
            "MOVENUMBER,MOVECOUNT,SCORE like 40,8,10",
        )?;
        if v[1] == 0 {
            return Err("--draw-adjudication: MOVECOUNT must be at least 1".into());
        }
        Ok(DrawRule {
            move_number: v[0].min(u32::MAX as i64) as u32,
            move_count: v[1].min(u32::MAX as i64) as u32,
            score: v[2],
        })
    }
}

impl ResignRule {
    /// Parses `MOVECOUNT,SCORE`, e.g. `3,600`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let v = numbers(
            "--resign-adjudication",
            text,
            2,
            "MOVECOUNT,SCORE like 3,600",
        )?;
        if v[0] == 0 {
            return Err("--resign-adjudication: MOVECOUNT must be at least 1".into());
        }
        if v[1] == 0 {
            return Err("--resign-adjudication: SCORE must be positive".into());
        }
        Ok(ResignRule {
            move_count: v[0].min(u32::MAX as i64) as u32,
            score: v[1],
        })
    }
}

/// Both rules, either of them off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
}

/// The counts over one game.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Adjudication,
    /// Consecutive plies with a score within the draw band.
    quiet_plies: u32,
    /// Consecutive own moves at or below minus the resign score, per colour.
    lost_moves: [u32; 2],
}

impl Adjudicator {
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            quiet_plies: 0,
            lost_moves: [0; 2],
        }
    }

    /// Counts one move: `mover` played it (a capture or not) with `score`
    /// from its own point of view, and the game now has `plies` plies.
    /// Returns the result token and the reason when the game is to end.
    pub fn after_move(
        &mut self,
        mover: Color,
        score: Option<i64>,
        capture: bool,
        plies: usize,
    ) -> Option<(&'static str, String)> {
        if let Some(rule) = self.rules.resign {
            let i = mover.index();
            match score {
                Some(s) if s <= -rule.score => self.lost_moves[i] += 1,
                _ => self.lost_moves[i] = 0,
            }
            if self.lost_moves[i] >= rule.move_count {
                let result = match mover {
                    Color::White => "0-1",
                    Color::Black => "1-0",
                };
                return Some((
                    result,
                    format!(
                        "{} resigns by adjudication (its engine scored -{} or worse on {} move{} in a row)",
                        mover.name(),
                        rule.score,
                        rule.move_count,
                        if rule.move_count == 1 { "" } else { "s" }
                    ),
                ));
            }
        }
        if let Some(rule) = self.rules.draw {
            match score {
                Some(s) if s.unsigned_abs() <= rule.score as u64 && !capture => {
                    self.quiet_plies += 1
                }
                _ => self.quiet_plies = 0,
            }
            let full_moves = plies / 2;
            if full_moves >= rule.move_number as usize
                && self.quiet_plies as u64 >= 2 * rule.move_count as u64
            {
                return Some((
                    "1/2-1/2",
                    format!(
                        "draw by adjudication (both engines scored within +-{} for {} move{})",
                        rule.score,
                        rule.move_count,
                        if rule.move_count == 1 { "" } else { "s" }
                    ),
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn parses_rules_and_rejects_bad_ones() {
        assert_eq!(
            DrawRule::parse("40,8,10"),
            Ok(DrawRule {
                move_number: 40,
                move_count: 8,
                score: 10
            })
        );
        assert_eq!(
            ResignRule::parse(" 3 , 600 "),
            Ok(ResignRule {
                move_count: 3,
                score: 600
            })
        );
        for bad in ["40,8", "40,8,10,1", "a,8,10", "40,0,10", "-1,8,10", ""] {
            assert!(DrawRule::parse(bad).is_err(), "{bad}");
        }
        for bad in ["3", "0,600", "3,0", "3,x", "3,-600"] {
            assert!(ResignRule::parse(bad).is_err(), "{bad}");
        }
    }

    fn draw_only() -> Adjudicator {
        Adjudicator::new(Adjudication {
            draw: Some(DrawRule {
                move_number: 3,
                move_count: 2,
                score: 10,
            }),
            resign: None,
        })
    }

    #[test]
    fn draw_needs_the_move_number_and_the_count_on_both_sides() {
        let mut a = draw_only();
        // Plies 1..4 quiet, but only 2 full moves played after ply 4.
        for ply in 1..=4 {
            let mover = if ply % 2 == 1 { White } else { Black };
            assert_eq!(a.after_move(mover, Some(5), false, ply), None, "{ply}");
        }
        // Ply 5 completes nothing new (2 full moves), ply 6 reaches move 3
        // with 6 quiet plies >= 4.
        assert_eq!(a.after_move(White, Some(-10), false, 5), None);
        let (r, why) = a.after_move(Black, Some(0), false, 6).unwrap();
        assert_eq!(r, "1/2-1/2");
        assert!(why.starts_with("draw by adjudication"), "{why}");
    }

    #[test]
    fn a_big_score_a_capture_or_no_score_restarts_the_draw_count() {
        for breaker in [(Some(11), false), (Some(0), true), (None, false)] {
            let mut a = draw_only();
            for ply in 1..=6 {
                let mover = if ply % 2 == 1 { White } else { Black };
                let (score, capture) = if ply == 4 { breaker } else { (Some(0), false) };
                assert_eq!(
                    a.after_move(mover, score, capture, ply),
                    None,
                    "{breaker:?}"
                );
            }
            // Plies 5, 6, 7 quiet: 3 < 4.
            assert_eq!(a.after_move(White, Some(0), false, 7), None);
            assert!(a.after_move(Black, Some(0), false, 8).is_some());
        }
    }

    #[test]
    fn resign_counts_the_losers_own_consecutive_scores() {
        let mut a = Adjudicator::new(Adjudication {
            draw: None,
            resign: Some(ResignRule {
                move_count: 3,
                score: 600,
            }),
        });
        // Black reports -700, -650, then -500 (count restarts), while White's
        // big plus scores do not count for anyone.
        let seq = [
            (White, 700),
            (Black, -700),
            (White, 700),
            (Black, -650),
            (White, 700),
            (Black, -500),
            (White, 700),
            (Black, -600),
            (White, 700),
            (Black, -100_005),
        ];
        for (ply, &(mover, score)) in seq.iter().enumerate() {
            assert_eq!(
                a.after_move(mover, Some(score), false, ply + 1),
                None,
                "{ply}"
            );
        }
        let (r, why) = a.after_move(Black, Some(-900), false, 12).unwrap();
        assert_eq!(r, "1-0");
        assert!(why.starts_with("black resigns by adjudication"), "{why}");
        // White losing gives 0-1.
        let mut a = Adjudicator::new(Adjudication {
            draw: None,
            resign: Some(ResignRule {
                move_count: 1,
                score: 600,
            }),
        });
        assert_eq!(a.after_move(White, Some(-600), false, 1).unwrap().0, "0-1");
    }

    #[test]
    fn no_rules_never_adjudicate() {
        let mut a = Adjudicator::new(Adjudication::default());
        for ply in 1..500 {
            let mover = if ply % 2 == 1 { White } else { Black };
            assert_eq!(a.after_move(mover, Some(-100_001), false, ply), None);
        }
    }
}
