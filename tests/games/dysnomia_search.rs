//! The alpha-beta search on Dysnomia: denial is a move inside the tree
//! (the engine denies a winning turn, and a right held by the opponent
//! is searched as a veto of the best turn), bait is found and answered,
//! game ends that are not checkmate (a win inside a bait) reach the
//! search, and every perft-suite position gets a legal turn.

use crate::common;

use common::suite;
use engine::limits::Limits;
use engine::observer::Silent;
use engine::score::MATE_BOUND;
use engine::{Engine, SearchOptions, SearchResult};
use movegen::dysnomia::game::{State, Turn};
use movegen::dysnomia::Position;
use movegen::{Game, Notation};

fn state(fen: &str) -> State {
    State::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn search(s: &State, depth: u32) -> SearchResult<Turn> {
    let mut engine = Engine::new(16, 1);
    engine.search(
        s,
        &[],
        &Limits::depth(depth),
        &SearchOptions::default(),
        &mut Silent,
    )
}

fn best_text(s: &State, r: &SearchResult<Turn>) -> String {
    s.move_to_string(r.best.expect("a legal turn"))
}

/// A search of `s` after the game `history` (the keys of the positions
/// before it) with a contempt: the result, its turn's text and the state
/// after it.
fn search_after(
    s: &State,
    history: &[u64],
    depth: u32,
    contempt: i32,
) -> (SearchResult<Turn>, String, State) {
    let mut engine = Engine::new(16, 1);
    engine.set_contempt(contempt);
    let r = engine.search(
        s,
        history,
        &Limits::depth(depth),
        &SearchOptions::default(),
        &mut Silent,
    );
    let best = best_text(s, &r);
    let mut played = *s;
    played.make(r.best.unwrap());
    (r, best, played)
}

/// White's e4 pawn can take the Black Queen on d5 (her revenge costs
/// White only that pawn), which leaves a pawn each: level material, from a
/// Queen down.
const QUEEN_EN_PRISE: &str = "4k3/p7/8/3q4/4P3/8/7P/4K3 w - - 0 1";

#[test]
fn the_engine_denies_a_turn_that_wins_its_queen() {
    let mut s = state(QUEEN_EN_PRISE);
    let take = s.parse_move("e4d5").unwrap();
    assert!(take.deniable);
    s.make(take);
    // Black holds the right (R-B1.1) and the turn was deniable.
    assert!(s.can_deny());
    let r = search(&s, 3);
    assert_eq!(best_text(&s, &r), "@@@@", "score {}", r.score);
}

#[test]
fn a_right_held_by_the_opponent_is_searched_as_a_veto() {
    // The same position, Black holding the right (the default) and White
    // holding it: with the right against it, White's capture is denied
    // and its gain is gone, which the score must show.
    let theirs = search(&state(QUEEN_EN_PRISE), 4);
    let ours = search(&state(&format!("{QUEEN_EN_PRISE} denial=w")), 4);
    assert_eq!(best_text(&state(QUEEN_EN_PRISE), &ours), "e4d5");
    assert!(ours.score > -200, "the Queen is gone: {}", ours.score);
    assert!(
        theirs.score < ours.score - 500,
        "a deniable capture is not counted as won: {} against {}",
        theirs.score,
        ours.score
    );
}

#[test]
fn the_engine_finds_a_bait_that_wins() {
    // R-B6.3: White is in check from the Rook on e7; a1a8 leaves the King
    // in check (a bait: the d2 pawn is reachable) and checks Black along
    // rank 8, and Black's only forced capture does not relieve it. White
    // holds the right, so Black cannot deny the bait.
    let s = state("7k/4r3/8/8/8/8/3P4/R3K3 w - - 0 1 denial=w");
    let r = search(&s, 2);
    assert_eq!(best_text(&s, &r), "a1a8");
    assert!(r.score > MATE_BOUND, "a win: {}", r.score);
}

#[test]
fn the_engine_answers_a_bait_with_a_forced_capture() {
    // After White's bait a2a3 Black must take the King's place with its
    // Rook and the chosen pawn is taken instead; two pawns are reachable.
    let s = state("4r2k/8/8/8/7b/P7/3P1P2/4K3 b - - 0 1 bait=1");
    let mut list = Vec::new();
    s.legal_moves(&mut list);
    let texts: Vec<String> = list.iter().map(|t| s.move_to_string(*t)).collect();
    assert_eq!(texts, ["e8e1,e1d2", "e8e1,e1f2"]);
    let r = search(&s, 3);
    assert!(texts.contains(&best_text(&s, &r)));
}

#[test]
fn a_legal_turn_in_every_suite_position() {
    for e in suite("dysnomia") {
        let s = state(&e.fen);
        let r = search(&s, 2);
        let best = r.best.unwrap_or_else(|| panic!("'{}': no turn", e.name));
        assert!(s.is_legal(best), "'{}': illegal {best:?}", e.name);
        // Two threads as well: the helpers' moves go through the same
        // table.
        let mut engine = Engine::new(4, 2);
        engine.set_core_limit(None);
        let r = engine.search(
            &s,
            &[],
            &Limits::depth(2),
            &SearchOptions::default(),
            &mut Silent,
        );
        assert!(s.is_legal(r.best.unwrap()), "'{}' with 2 threads", e.name);
    }
}

#[test]
fn a_repetition_through_pawn_moves_is_a_draw_in_the_search() {
    // White, a Queen down, may swap its two pawns (`g2h2~`): the board is
    // as it was, so the position after it has been seen before (the
    // history holds it), and repeating it is a draw, White's best result.
    // A pawn move resets the 100-ply count, which must not hide the
    // repetition: Dysnomia's pawns step back and swap. The King is boxed
    // in by its Knight and pawns, so no King's step out and back repeats
    // the board instead: only pawn moves do.
    let s = state("3qk3/8/8/8/8/8/6PP/6NK w - - 0 1");
    let swap = s.parse_move("g2h2~").unwrap();
    let mut after = s;
    after.make(swap);
    // The game so far: this position, the swap, a Black turn back to it.
    let history = [Game::key(&s), Game::key(&after)];
    let (r, best, played) = search_after(&s, &history, 2, 0);
    // The same board (the clocks aside) after a pawn's turn.
    assert!(
        played.pos.key() == after.pos.key() && (best.starts_with("g2") || best.starts_with("h2")),
        "played {best}, score {}: not a pawn's repetition",
        r.score
    );
    assert_eq!(r.score, 0, "played {best}");
}

/// From games against the random mover (2+0.05, 13 of 200 drawn): after
/// random opening plies left White's Knights on a3 and h3, White's search
/// scores its game about -0.8 pawn (Black holds the denial right, worth 41
/// to the fitted evaluation, and looks busier), below a draw with the
/// contempt of 50 it then played with, so White passed (`a2b2~`, a swap of
/// its own pawns) into a threefold repetition on move 5. With the game's
/// contempt, a draw scores below any such opening: White plays on.
#[test]
fn white_plays_on_from_an_opening_it_scores_below_level() {
    let start = state("rnbqkbnr/pppppppp/8/8/8/N5P1/PPPPPPP1/R1BQKBNR w KQkq - 0 3");
    // The game before the search: the keys of the positions before the
    // one searched.
    let mut s = start;
    let mut history = Vec::new();
    for text in ["g1h3", "d7e7~,c7d7~,b7c7~"] {
        history.push(Game::key(&s));
        let t = s.parse_move(text).unwrap();
        s.make(t);
    }
    let contempt = eval::default_contempt(movegen::Variant::Dysnomia);
    let (r, best, played) = search_after(&s, &history, 5, contempt);
    assert!(
        !history.contains(&Game::key(&played)),
        "played {best} (score {}), back to a position of the game",
        r.score
    );
}

/// From a game against the random mover (3+0.05, lost): Black's Queen
/// checks from d2 next to White's King, and Curio, with 0.7 s left, could
/// not finish its first iteration and played the list's first turn, a
/// column move leaving the King in check as bait; the forced reply, her
/// all-round capture with the King swapped onto e2, took the King as
/// well. Searched to depth 1 or 2, the bait scores as the lost King and
/// no turn chosen loses the King to a forced reply.
#[test]
fn the_engine_does_not_bait_into_a_reply_that_takes_its_king() {
    let moves = "a2a3,a3b3 c7b7~,d7c7~,e7d7~,f7e7~,g7f7~ a1a4 e7f7~,d7e7~ a4a3 \
                 g7g6,g6g7 b1a3 f7f5 b2a2,a2a3 b7b5 a3[1]b5 c7c6 b5a3 e7f7,f7e7 b3a3 \
                 g7g5 c1a3 d7c7,c7b7 a3[0]a1 d8d2";
    let mut s = state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3");
    for m in moves.split_whitespace() {
        let t = s.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        s.make(t);
    }
    // The losing bait exists: a1[0]a2 is legal and every reply wins.
    let losing = s.parse_move("a1[0]a2").expect("the game's turn");
    let mut after = s;
    after.make(losing);
    assert!(after.pos.bait);
    let mut replies = Vec::new();
    after.legal_moves(&mut replies);
    assert!(replies.iter().any(|&r| {
        let mut x = after;
        x.make(r);
        x.decisive().is_some()
    }));
    // Only the losing bait searched (every other root turn excluded), at
    // depth 1: its score must be the lost King, not the static value a
    // stand pat in the bait would give.
    let mut all = Vec::new();
    s.legal_moves(&mut all);
    let exclude = all
        .iter()
        .filter(|&&t| t != losing)
        .map(|&t| <State as movegen::game::Tactical>::encode_move(t))
        .collect();
    let only = Engine::new(16, 1).search(
        &s,
        &[],
        &Limits::depth(1),
        &SearchOptions {
            multipv: 1,
            exclude,
        },
        &mut Silent,
    );
    assert_eq!(only.best, Some(losing));
    assert!(only.score <= -MATE_BOUND, "score {}", only.score);
    // A first iteration cut short (by nodes here, by the clock in the
    // game) plays the best turn searched so far, not the list's first.
    let cut = Engine::new(16, 1).search(
        &s,
        &[],
        &Limits::nodes(1500),
        &SearchOptions::default(),
        &mut Silent,
    );
    assert_eq!(cut.depth, 0, "the first iteration was cut");
    let played = s.move_to_string(cut.best.expect("a turn"));
    assert_ne!(played, "a1[0]a2", "the list's first, which loses the King");
    for depth in 1..=2 {
        let r = search(&s, depth);
        let best = r.best.expect("a legal turn");
        let mut next = s;
        next.make(best);
        let mut replies = Vec::new();
        next.legal_moves(&mut replies);
        for reply in replies {
            let mut x = next;
            x.make(reply);
            assert!(
                x.pos.winner.is_none(),
                "depth {depth}: {} loses the King to {}",
                s.move_to_string(best),
                next.move_to_string(reply)
            );
        }
    }
}

/// Captured pieces come back in this game (pools, promotions, denials),
/// so capture sequences need not end: before quiescence was capped, a
/// depth-2 search of this opening (after 4. g5 a5 5. a3,b3) went 35 plies
/// deep and searched 295,582 nodes for 8.6 s, draining the clock at fast
/// time controls. Capped, it needs a few thousand.
#[test]
fn quiescence_is_bounded_past_the_horizon() {
    let mut s = state("rnbqkbnr/pp1ppppp/1p6/8/6P1/8/PPPPPP1P/RNBQKBNR w KQkq d6:d7 0 4");
    for text in ["g4g5", "a7a5", "a2a3,a3b3"] {
        let t = s.parse_move(text).unwrap();
        s.make(t);
    }
    let r = search(&s, 2);
    assert!(r.best.is_some());
    assert!(r.nodes < 30_000, "{} nodes at depth 2", r.nodes);
}

#[test]
fn a_won_game_gives_the_winner_no_turn() {
    // R-B16.1: Black, in exile, turns its last pawn into a Queen and has
    // lost (no pawn, no Statue). White holds the right and Black's turn
    // was deniable, but White has won: there is nothing to search, and
    // the score is a win, not a denial that undoes Black's loss.
    let mut s = state("8/8/8/7r/8/8/1p6/4K3 b - - 0 1 pools=-/-/q/k denial=w");
    let lose = s.parse_move("b2b1q").unwrap();
    assert!(lose.deniable);
    s.make(lose);
    let r = search(&s, 3);
    assert_eq!(r.best, None, "no turn for the winner");
    assert!(r.score > MATE_BOUND, "White has won: {}", r.score);
}

#[test]
fn a_bait_that_no_reply_relieves_is_a_mate() {
    // R-B16.2: a1a8 baits (the Queen on e4 still attacks the King on d4,
    // the d3 pawn is reachable) and checks Black's King; each forced
    // reply leaves Black's King attacked, the all-round one though it
    // takes White's King too. The bait wins at once, scored as a mate.
    let s = state("7k/8/8/8/3Kq3/3P4/8/R7 w - - 0 1 denial=w");
    let r = search(&s, 2);
    assert_eq!(best_text(&s, &r), "a1a8");
    assert!(r.score > MATE_BOUND, "a win: {}", r.score);
}
