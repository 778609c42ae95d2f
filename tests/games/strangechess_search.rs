//! The alpha-beta search on Strange Chess: quiescence sees the game's own
//! captures (custodian sandwiches), cannot cycle on quiet evasions that
//! give check again (spells moving holes in and out of a Digger's line),
//! and stays within a node budget from the start and a middlegame.

use engine::limits::Limits;
use engine::observer::Silent;
use engine::{Engine, SearchOptions, SearchResult};
use movegen::strangechess::{Move, Position};
use movegen::Notation;

fn search(fen: &str, limits: Limits) -> (Position, SearchResult<Move>) {
    let p = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut engine = Engine::new(16, 1);
    let r = engine.search(&p, &[], &limits, &SearchOptions::default(), &mut Silent);
    (p, r)
}

fn depth_within(depth: u32, nodes: u64) -> Limits {
    Limits {
        depth: Some(depth),
        nodes: Some(nodes),
        ..Limits::default()
    }
}

#[test]
fn quiescence_sees_a_custodian_capture_coming() {
    // Black threatens d6-d5, sandwiching the white Knight on d4 against the
    // pawn on d3. Only quiescence can see that at depth 1: the Knight must
    // move rather than the King take the pawn on g2.
    let (p, r) = search(
        "6k5/12/12/12/12/12/3s8/12/3N8/3p8/6p5/6K5 w - - 0 1",
        Limits::depth(1),
    );
    let best = p.move_to_string(r.best.unwrap());
    assert!(best.starts_with("d4"), "played {best}");
}

#[test]
fn checks_given_back_by_spells_do_not_cycle_in_quiescence() {
    // From a game of Curio's: spells that move a hole out of and back into
    // a Digger's line gave check after check, and quiescence (which answers
    // every check) went 100 plies deep; depth 5 did not end in 5 million
    // nodes. Repetitions are draws inside quiescence too.
    let fen = "rxdnbqkbnd1x/2ss1ww1ss2/1p1p1mm5/5pp1h1p1/12/p3p2ppp1p/P1P1Ph5P/1P9R/\
               4MPP1H1P1/3P2MPPP1D/R1SS1WW*SS2/1X1NBQKBN1X1 w q - 1 18 \
               tunnels=w1:k2-l3@l3,b1:e10-d11-c12@c12 powers=l12:T";
    let (_, r) = search(fen, depth_within(6, 3_000_000));
    assert_eq!(
        r.depth, 6,
        "stopped by the node limit after {} nodes",
        r.nodes
    );
}

#[test]
fn the_start_reaches_depth_5_in_under_three_million_nodes() {
    // Diggers capture along whole diagonals through pieces, so almost
    // every capture can be answered: without the guard test that skips
    // likely losing captures, quiescence from the start took 2.7 million
    // nodes for depth 3.
    let (_, r) = search(
        movegen::strangechess::fen::START,
        depth_within(5, 3_000_000),
    );
    assert_eq!(
        r.depth, 5,
        "stopped by the node limit after {} nodes",
        r.nodes
    );
}
