//! One Reality Check game between two engines that speak the
//! hidden-information extension (`docs/realitycheck-protocol.md`).
//!
//! The referee knows both secret setups, so it holds the true state. Each
//! engine gets its own setup (`rcsetup`), and of every turn only what its
//! player may see: the opponent's turns as `usermove <observation>`, its own
//! as `rcseen <observation>` (which adds what its own turn revealed, such as
//! the captured chip in a reality check). Observations come from
//! [`movegen::realitycheck::info::observe`], the same function the engines'
//! information model is built on.

use super::engine_proc::EngineProc;
use super::game::{
    finish, loss, outcome_words, send_clocks, send_time_control, PlayedGame, PlayedMove,
    TimeControl, MAX_PLIES,
};
use super::turn::take_turn;
use movegen::game::{Color, Game, Notation};
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::info::observe;
use movegen::realitycheck::Position;
use std::time::Duration;

/// Plays one game from the given setups (White's, Black's).
pub fn play_hidden_game(
    engines: [&mut EngineProc; 2],
    setups: [Setup; 2],
    tcs: [TimeControl; 2],
) -> PlayedGame {
    let [white, black] = engines;
    let mut eng: [&mut EngineProc; 2] = [white, black];
    let start = Position::from_setups(&setups[0], &setups[1]);
    let mut rec = PlayedGame::new(&eng[0].name, &eng[1].name, Some(start.fen()));
    for (i, e) in eng.iter_mut().enumerate() {
        let side = if i == 0 { Color::White } else { Color::Black };
        if !set_up(e, side, &setups[i], tcs[i]) {
            rec.broken[i] = true;
        }
    }
    if rec.broken.iter().any(|&b| b) {
        let side = if rec.broken[0] {
            Color::White
        } else {
            Color::Black
        };
        rec.result = loss(side);
        rec.reason = format!("{} did not answer the game setup", side.name());
        return finish(rec, eng);
    }
    let clock_of = |tc: TimeControl| match tc {
        TimeControl::Clock { base, .. } => base,
        _ => Duration::ZERO,
    };
    let mut clock = [clock_of(tcs[0]), clock_of(tcs[1])];
    let mut started = [false; 2];
    // What each engine has not been told yet (the opponent's last turn).
    let mut unsent: [Option<String>; 2] = [None, None];
    let mut pos = start;
    let mut history: Vec<u64> = Vec::new();
    loop {
        if let Some(o) = pos.outcome(&history) {
            rec.result = o.result_token().into();
            rec.reason = outcome_words(o);
            break;
        }
        if rec.moves.len() >= MAX_PLIES {
            rec.result = "1/2-1/2".into();
            rec.reason = format!("draw by adjudication after {MAX_PLIES} plies");
            break;
        }
        let side = pos.side_to_move();
        let i = side.index();
        send_clocks(eng[i], tcs[i], clock, i);
        if let Some(obs) = unsent[i].take() {
            eng[i].send_move(&obs);
        }
        if !started[i] {
            eng[i].send("go");
            started[i] = true;
        }
        let text = match take_turn(eng[i], side, tcs[i], &mut clock[i], &mut rec) {
            Ok(t) => t,
            Err(reason) => {
                rec.result = loss(side);
                rec.reason = reason;
                break;
            }
        };
        let took = text.took;
        let text = text.text;
        let m = match pos.parse_move(&text) {
            Ok(m) => m,
            Err(e) => {
                rec.result = loss(side);
                rec.reason = format!(
                    "{} played an illegal move {text} ({})",
                    side.name(),
                    e.reason()
                );
                break;
            }
        };
        let o = 1 - i;
        eng[i].send(&format!("rcseen {}", observe(&pos, m, side)));
        let theirs = observe(&pos, m, side.flip());
        let recorded = pos.move_to_string(m);
        history.push(pos.key());
        pos.make(m);
        let clock_after = matches!(tcs[i], TimeControl::Clock { .. }).then_some(clock[i]);
        rec.moves.push(PlayedMove {
            text: recorded,
            clock: clock_after,
            took: Some(took),
        });
        if started[o] {
            unsent[o] = Some(theirs);
        } else {
            // Still in force mode: it just records the turn.
            eng[o].send_move(&theirs);
        }
    }
    finish(rec, eng)
}

/// Sets up `side`'s engine for the game, in force mode: the variant, its
/// own secret setup, the time control and thinking output. Whether it
/// answered.
fn set_up(e: &mut EngineProc, side: Color, setup: &Setup, tc: TimeControl) -> bool {
    e.send("new");
    e.send("variant realitycheck");
    e.send("force");
    e.send(&format!("rcsetup {} {}", side.name(), setup.word()));
    send_time_control(e, tc);
    e.send("post");
    e.send("easy");
    e.ping(Duration::from_secs(10))
}
