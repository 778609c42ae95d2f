//! One engine's turn in a refereed game: waiting for its move under its
//! time control, reading its thinking lines (depth, score, search time) and
//! charging its clock. Shared by [`super::game`] and [`super::hidden`].

use super::engine_proc::{EngineProc, Failure, Protocol};
use super::game::{PlayedGame, TimeControl};
use movegen::game::Color;
use std::time::{Duration, Instant};

/// A CECP result line (`1-0 {...}`), if `line` is one.
fn claim(line: &str) -> Option<&str> {
    let t = line.split_whitespace().next()?;
    matches!(t, "1-0" | "0-1" | "1/2-1/2").then_some(t)
}

/// An engine's move and the score of its last thinking line (centipawns
/// from its own point of view, mates as +-100000 + N), if it posted one.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reply {
    pub text: String,
    pub score: Option<i64>,
    /// How long the engine took, as the referee measured it.
    pub took: Duration,
}

/// Waits for `side`'s move under its time control and charges its clock:
/// the move, or why the game ends. Records the reported depth, and marks
/// the engine for a restart when it crashed or hung.
pub(crate) fn take_turn(
    eng: &mut EngineProc,
    side: Color,
    tc: TimeControl,
    clock: &mut Duration,
    rec: &mut PlayedGame,
) -> Result<Reply, String> {
    let i = side.index();
    let asked = Instant::now();
    // How long to wait: the clock plus a grace for process latency, or
    // generous fixed limits without a clock.
    let budget = match tc {
        TimeControl::Clock { .. } => *clock + Duration::from_millis(1000),
        TimeControl::MoveTime(t) => t * 3 + Duration::from_secs(2),
        TimeControl::Depth(_) => Duration::from_secs(120),
    };
    // Before an engine's first move of a game, a claim or `resign` is most
    // likely a late line about its previous game (GNU Chess answers `ping`
    // before its search thread has printed everything; seen in a 200-game
    // match): it is held, and stands (false claim, resignation) only if no
    // move follows in time.
    let first_turn = rec.moves.len() <= 1;
    let (reply, thinking, restart) = await_move(eng, side, asked + budget, first_turn);
    let move_depth = thinking.map_or(0, |t| t.depth);
    rec.broken[i] |= restart;
    let spent = asked.elapsed();
    if move_depth > 0 {
        rec.depth[i].0 += move_depth;
        rec.depth[i].1 += 1;
    }
    let mv = reply?;
    let time = &mut rec.time[i];
    match tc {
        TimeControl::Clock { base, inc } => {
            if time.1.is_zero() {
                time.1 = base;
            }
            time.0 += spent.min(*clock);
            time.1 += inc;
        }
        TimeControl::MoveTime(t) => {
            time.0 += spent;
            time.1 += t;
        }
        TimeControl::Depth(_) => {}
    }
    if let TimeControl::Clock { inc, .. } = tc {
        if spent > *clock {
            rec.detail = Some(time_spent(spent, *clock, thinking));
            return Err(format!("{} lost on time", side.name()));
        }
        *clock = *clock - spent + inc;
    }
    Ok(Reply {
        text: mv,
        score: thinking.map(|t| t.score),
        took: spent,
    })
}

/// Where the time of a move that lost on time went, to tell an engine
/// that overran its budget from a machine that stalled: how long the move
/// took against the clock it had, and the search time the engine itself
/// reported on its last thinking line (an engine that reports far less
/// than the referee measured lost the difference outside its search:
/// reading, writing, or waiting for a core).
fn time_spent(took: Duration, clock: Duration, thinking: Option<Thinking>) -> String {
    let secs = |d: Duration| format!("{:.3} s", d.as_secs_f64());
    let search = match thinking.and_then(|t| t.centis) {
        Some(cs) => format!("its last thinking line reported {:.2} s", cs as f64 / 100.0),
        None => "no thinking line".to_string(),
    };
    format!(
        "the move took {} with {} on its clock; {search}",
        secs(took),
        secs(clock)
    )
}

/// Waits for `side`'s engine to move: the move text, or why the game ends
/// (no reply in time, crash, output that is not text, resignation, false
/// claim, rejected move); also its last thinking line (deepest depth
/// reported, last score) and whether the engine must be restarted (every
/// failure but a resignation: a hung, dead or confused process).
pub(crate) fn await_move(
    eng: &mut EngineProc,
    side: Color,
    deadline: Instant,
    first_turn: bool,
) -> (Result<String, String>, Option<Thinking>, bool) {
    let mut thinking: Option<Thinking> = None;
    // A claim or resignation held back on the first turn: it stands if no
    // move follows.
    let mut held: Option<String> = None;
    let reply = loop {
        match eng.recv(deadline) {
            Err(Failure::Timeout) => {
                match held {
                    Some(line) if line == "resign" => {
                        break Err(format!("{} resigns", side.name()))
                    }
                    Some(line) => break Err(format!("{} made a false claim: {line}", side.name())),
                    None => {}
                }
                break Err(format!("{} did not move in time (no reply)", side.name()));
            }
            Err(Failure::Exited) => {
                break Err(format!(
                    "{} engine crashed (its output closed)",
                    side.name()
                ));
            }
            Err(Failure::Unreadable(l)) => {
                break Err(format!(
                    "{} sent unreadable output (a line that is not UTF-8 text: '{l}')",
                    side.name()
                ));
            }
            Ok(line) if eng.protocol == Protocol::Uci => {
                let line = line.trim();
                if let Some(rest) = line.strip_prefix("bestmove") {
                    match rest.split_whitespace().next() {
                        Some(m) if m != "(none)" && m != "0000" => break Ok(m.to_string()),
                        _ => {
                            break Err(format!(
                                "{} found no move in a game that was not over: {line}",
                                side.name()
                            ))
                        }
                    }
                }
                if let Some(t) = parse_uci_info(line) {
                    let depth = thinking.map_or(0, |old| old.depth).max(t.depth);
                    thinking = Some(Thinking { depth, ..t });
                }
            }
            Ok(line) => {
                let line = line.trim().to_string();
                // `move X`; GNU Chess 6 says `My move is : X` (XBoard
                // accepts that older form too).
                if let Some(m) = line
                    .strip_prefix("move ")
                    .or_else(|| line.strip_prefix("My move is : "))
                {
                    break Ok(m.trim().to_string());
                }
                if (line == "resign" || claim(&line).is_some()) && first_turn {
                    held.get_or_insert(line);
                    // Thinking printed before it belongs to the previous
                    // game too: its score must not count for this move.
                    thinking = None;
                    continue;
                }
                if line == "resign" {
                    break Err(format!("{} resigns", side.name()));
                }
                if claim(&line).is_some() {
                    // The referee ends every game that is over before
                    // asking for a move, so a claim now is false.
                    break Err(format!("{} made a false claim: {line}", side.name()));
                }
                if line.starts_with("Illegal move") {
                    break Err(format!("{} rejected a legal move: {line}", side.name()));
                }
                if let Some(t) = parse_thinking(&line) {
                    let depth = thinking.map_or(0, |old| old.depth).max(t.depth);
                    thinking = Some(Thinking { depth, ..t });
                }
            }
        }
    };
    let restart = matches!(&reply, Err(r) if !r.ends_with(" resigns"));
    (reply, thinking, restart)
}

/// What a CECP thinking line (`depth score time nodes pv`) reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Thinking {
    pub depth: u64,
    pub score: i64,
    /// The search time the line reports, in centiseconds.
    pub centis: Option<u64>,
}

/// A UCI `info` line with a depth and a score (`cp N`, or `mate M` as
/// CECP writes it: 100000 + M, or -100000 + M when mated).
fn parse_uci_info(line: &str) -> Option<Thinking> {
    let words: Vec<&str> = line.strip_prefix("info ")?.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|k| words.get(k + 1))
            .copied()
    };
    let depth = after("depth")?.parse().ok()?;
    let k = words.iter().position(|w| *w == "score")?;
    let score = match (words.get(k + 1), words.get(k + 2)) {
        (Some(&"cp"), Some(v)) => v.parse().ok()?,
        (Some(&"mate"), Some(v)) => {
            let m: i64 = v.parse().ok()?;
            if m > 0 {
                100_000 + m
            } else {
                -100_000 + m
            }
        }
        _ => return None,
    };
    Some(Thinking {
        depth,
        score,
        centis: after("time")
            .and_then(|t| t.parse::<u64>().ok())
            .map(|ms| ms / 10),
    })
}

fn parse_thinking(line: &str) -> Option<Thinking> {
    let f: Vec<&str> = line.split_whitespace().take(4).collect();
    if f.len() < 4 || f[2].parse::<u64>().is_err() || f[3].parse::<u64>().is_err() {
        return None;
    }
    Some(Thinking {
        depth: f[0].parse().ok()?,
        score: f[1].parse().ok()?,
        centis: f[2].parse().ok(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A time loss says how long the move took, what the clock held and
    /// what the engine reported of its own search, so that an engine
    /// overrunning its budget can be told from a machine that stalled.
    #[test]
    fn a_time_loss_says_where_the_time_went() {
        let t = Thinking {
            depth: 3,
            score: 20,
            centis: Some(25),
        };
        assert_eq!(
            time_spent(
                Duration::from_millis(1_204),
                Duration::from_millis(290),
                Some(t)
            ),
            "the move took 1.204 s with 0.290 s on its clock; \
             its last thinking line reported 0.25 s"
        );
        assert!(
            time_spent(Duration::from_secs(2), Duration::from_secs(1), None)
                .ends_with("; no thinking line")
        );
    }

    #[test]
    fn uci_info_lines_give_depth_and_score() {
        let t = parse_uci_info(
            "info depth 12 seldepth 20 multipv 1 score cp -35 nodes 100 nps 10 time 1234 pv e2e4",
        )
        .unwrap();
        assert_eq!((t.depth, t.score, t.centis), (12, -35, Some(123)));
        let t = parse_uci_info("info depth 5 score mate -2 time 10").unwrap();
        assert_eq!(t.score, -100_002);
        let t = parse_uci_info("info depth 5 score mate 3 lowerbound").unwrap();
        assert_eq!((t.score, t.centis), (100_003, None));
        assert!(parse_uci_info("info string hello").is_none());
        assert!(parse_uci_info("info currmove e2e4 currmovenumber 1").is_none());
    }

    #[test]
    fn thinking_lines_give_depth_and_score() {
        assert_eq!(
            parse_thinking("12 -35 104 250000 c3c4 c7c6"),
            Some(Thinking {
                depth: 12,
                score: -35,
                centis: Some(104),
            })
        );
        assert_eq!(
            parse_thinking("9 100003 10 1000 b2b3"),
            Some(Thinking {
                depth: 9,
                score: 100003,
                centis: Some(10),
            })
        );
        for other in [
            "move c3c4",
            "12. c3c4",
            "My move is : e7e5",
            "tellusererror x",
            "1 2 3",
            "x 1 2 3",
        ] {
            assert_eq!(parse_thinking(other), None, "{other}");
        }
    }
}
