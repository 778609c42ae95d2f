//! Winning endings are won: Curio against itself from a Queen against a
//! bare King must mate before the 100-ply rule, in the games where the
//! search alone did not (Strange Chess's 144 cells, Dysnomia's two-step
//! King). Without the evaluation's mop-up term these
//! games shuffled into the move-count draw (Strange Chess: 11 of 16 such
//! games of Curio against itself at 3+0.05; Dysnomia 6 of 8).
//!
//! Each side searches a fixed number of nodes a move, so the games are the
//! same on every machine.

use engine::limits::Limits;
use engine::observer::Silent;
use engine::Engine;
use engine::SearchOptions;
use eval::Evaluator;
use movegen::{Color, EndReason, Notation, Outcome};

/// Plays `start` out, each move a search of `nodes` nodes, until the game
/// ends or `max_plies` are played: the outcome and the plies played.
fn play_out<G: Evaluator + Clone>(
    start: &G,
    nodes: u64,
    max_plies: usize,
) -> (Option<Outcome>, usize) {
    let mut engine = Engine::new(16, 1);
    let mut pos = start.clone();
    let mut history: Vec<u64> = Vec::new();
    for ply in 0..max_plies {
        if let Some(o) = pos.outcome(&history) {
            return (Some(o), ply);
        }
        let r = engine.search(
            &pos,
            &history,
            &Limits::nodes(nodes),
            &SearchOptions::default(),
            &mut Silent,
        );
        let m = r.best.expect("a move while the game goes on");
        history.push(pos.key());
        pos.make(m);
    }
    (pos.outcome(&history), max_plies)
}

/// `winner` mates from `start` well inside the 100-ply rule.
fn mates<G: Evaluator + Clone + Notation>(name: &str, start: &G, winner: Color, nodes: u64) {
    let (outcome, plies) = play_out(start, nodes, 100);
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner,
            reason: EndReason::Checkmate
        }),
        "{name}: after {plies} plies, {}",
        start.to_fen()
    );
}

#[test]
fn strange_chess_queen_mates_a_bare_king() {
    use movegen::strangechess::Position;
    for (fen, winner) in [
        (
            "12/12/12/12/5k6/12/12/12/12/12/3Q8/6K5 w - - 0 1",
            Color::White,
        ),
        // From a game under XBoard that drew by the 100-ply rule.
        (
            "12/12/12/12/k11/12/12/12/4K7/7q4/12/12 b - - 0 1",
            Color::Black,
        ),
    ] {
        mates(
            "strangechess",
            &Position::from_fen(fen).unwrap(),
            winner,
            20_000,
        );
    }
}

#[test]
fn dysnomia_queen_mates_a_bare_king() {
    use movegen::dysnomia::game::State;
    use movegen::dysnomia::Position;
    for (fen, winner) in [
        ("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1", Color::White),
        ("q3k3/8/8/8/3K4/8/8/8 b - - 0 1", Color::Black),
    ] {
        let s = State::new(Position::from_fen(fen).unwrap());
        mates("dysnomia", &s, winner, 20_000);
    }
}
