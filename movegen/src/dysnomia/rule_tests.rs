//! One or more hand-worked tests for each numbered rule of Part B of
//! `shared/rules/strange-and-dysnomia.md` that `tests.rs` does not already
//! check. Every expected turn set, FEN and pool below is worked out by hand
//! from the rule text (and Curio's interpretations in
//! `docs/rules/dysnomia.md`), in the comment above it; none was copied
//! from the program's output. The map from rule to test is the section
//! "Tests per rule" of `docs/rules/dysnomia.md`.

use super::board::Kind;
use super::fen::START;
use super::game::State;
use super::position::Position;
use super::tests::{play, sq, turns};
use crate::game::Color::{Black, White};
use crate::game::{EndReason, Game, Outcome};

/// The legal turns whose text starts with `prefix`, sorted.
fn turns_from(fen: &str, prefix: &str) -> Vec<String> {
    let mut t: Vec<String> = turns(fen)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect();
    t.sort();
    t
}

/// `expected` as sorted owned strings.
fn set(expected: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn state(fen: &str) -> State {
    State::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn state_turns(s: &State) -> Vec<String> {
    s.legal_turns().iter().map(|(m, _)| m.text()).collect()
}

fn go(s: &State, turn: &str) -> State {
    s.play_text(turn)
        .unwrap_or_else(|| panic!("{turn} is not legal: {:?}", state_turns(s)))
}

// ---------------------------------------------------------------- B0, B1

/// R-B1.1 (with R-B1.2): the start is the FIDE setup with White to move and
/// castling rights on both sides, and Black holds the denial right: after
/// White's first turn (a deniable pawn step) Black may answer `@@@@`, after
/// which White holds the right (`denial=w`).
#[test]
fn start_position_and_blacks_denial_right() {
    assert_eq!(
        START,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let pos = Position::from_fen(START).unwrap();
    assert_eq!(pos.side, White);
    assert_eq!(pos.denial, Black);
    assert_eq!(pos.castling, 15);
    assert_eq!(pos.protected, None);
    assert_eq!(pos.board.king(White), Some((sq("e1"), 0)));
    assert_eq!(pos.board.king(Black), Some((sq("e8"), 0)));
    for (kind, n) in [
        (Kind::Pawn, 8),
        (Kind::Rook, 2),
        (Kind::Knight, 2),
        (Kind::Bishop, 2),
        (Kind::Queen, 1),
        (Kind::King, 1),
    ] {
        assert_eq!(pos.count_on_board(White, kind), n);
        assert_eq!(pos.count_on_board(Black, kind), n);
    }
    let s = State::new(pos);
    assert!(!s.can_deny(), "White does not hold the right");
    let after = go(&s, "d2d3");
    assert!(after.can_deny());
    assert!(state_turns(&after).contains(&"@@@@".to_string()));
    let denied = go(&after, "@@@@");
    assert_eq!(
        denied.pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 denial=w protected=b forbid=d2d3"
    );
}

/// R-B0.1: the 2013 rules use the hard Denial: a King's move can be denied
/// (the soft version's exception is not used). White's King on a1 is boxed
/// by its own Statues on b1 and b2, so `a1a2` has no second path (no other
/// middle square) and its result is unique: Black may deny it. White's
/// turns are exactly the four King turns through a2.
#[test]
fn a_kings_move_can_be_denied() {
    let fen = "7k/8/8/8/8/8/1T6/KT6 w - - 0 1";
    assert_eq!(
        turns_from(fen, ""),
        set(&["a1a2", "a1a2,a2a1", "a1a2,a2a3", "a1a2,a2b3"])
    );
    let after = go(&state(fen), "a1a2");
    assert!(after.can_deny());
}

/// R-B0.1: the 2011 "third denial: draw claim" rule is not used. Three
/// denials in one game from the start (Black denies e2e4; White denies
/// d7d6; Black denies a2a3) leave a game that goes on: no rule end, and
/// White's only choices are its ordinary re-moves (no denial, no claim).
#[test]
fn no_draw_after_the_third_denial() {
    let s = State::new(Position::from_fen(START).unwrap());
    let s = go(&s, "e2e4");
    let s = go(&s, "@@@@"); // first denial: the right passes to White
    let s = go(&s, "d2d4");
    let s = go(&s, "e7e5"); // protected: White cannot deny it
    assert!(!s.can_deny());
    let s = go(&s, "g1f3");
    let s = go(&s, "d7d6");
    assert!(s.can_deny());
    let s = go(&s, "@@@@"); // second denial: the right passes to Black
    let s = go(&s, "d7d5");
    let s = go(&s, "b1c3"); // protected
    let s = go(&s, "a7a6");
    let s = go(&s, "a2a3");
    assert!(s.can_deny());
    let s = go(&s, "@@@@"); // third denial
    assert_eq!(s.rule_end(), None);
    let t = state_turns(&s);
    assert_eq!(t.len(), s.pos.legal_turns().len());
    assert!(!t.contains(&"@@@@".to_string()));
    assert!(!t.contains(&"a2a3".to_string()), "the denied path");
    assert!(t.contains(&"a2a4".to_string()));
}

// ---------------------------------------------------------------- B3

/// R-B3.1 (with R-B7.1, R-B12.3): the white Queen's all-round capture on d4
/// removes each neighbour's bottom piece; a piece of her own colour is
/// exiled, an enemy one captured; pawns of either colour are captured and
/// discarded (never exiled, never pooled); Statues of either colour stay.
/// Neighbours: d5 white N (exiled), e5 black n (captured), e4 white P
/// (gone), e3 black p (gone), d3 black Statue (stays), c3 white Statue
/// (stays), c4 white R (exiled), c5 black r (captured).
/// Pools after: White captured -, White exiled R N, Black captured r n.
#[test]
fn removal_is_capture_or_exile_by_the_agents_colour() {
    let fen = "7k/8/8/2rNn3/2RQP3/2Ttp3/8/7K w - - 0 1";
    assert_eq!(
        play(fen, "d4d4").to_fen(),
        "7k/8/8/8/3Q4/2Tt4/8/7K b - - 0 1 pools=-/RN/rn/-"
    );
}

/// R-B3.2: effects run first in, first out, neighbours in the order N, NE,
/// E, ... A white Rook takes the black Queen on d4 (`d1d4`). Her revenge
/// (agent Black) visits d5 first: her own Bishop there is exiled and
/// queues a rise; then e5: the white Queen is captured and queues her
/// revenge; then the Rook on her square is captured. The rise runs first:
/// d5 is empty, so the Bishop rises there. Then the white Queen's revenge
/// around e5 takes d5's bottom, the risen Bishop, captured for good.
/// Only the Kings remain; pools: White captured Q R, Black captured q b.
/// (Had the revenge run before the rise, the Bishop would still stand on
/// d5.)
#[test]
fn effects_run_in_fifo_order() {
    let fen = "k7/8/8/3bQ3/3q4/8/7K/3R4 w - - 0 1";
    assert_eq!(
        play(fen, "d1d4").to_fen(),
        "k7/8/8/8/8/8/7K/8 b - - 0 1 pools=QR/-/qb/-"
    );
}

/// R-B3.4: the effects of a capture on a King's first leg wait until the
/// second leg is done. The white King takes the black Bishop on e2: in a
/// single step the Bishop would rise under it at once and take it (so
/// `e1e2` is illegal); with a second step the King has left e2 when the
/// Bishop rises there. The risen Bishop then attacks d1, f1, d3 and f3,
/// so the second steps that stay legal are e1, d2, f2 and e3.
#[test]
fn first_leg_capture_effects_wait_for_the_second_leg() {
    let fen = "4k3/8/8/8/8/8/4b3/4K3 w - - 0 1";
    assert_eq!(
        turns_from(fen, "e1e2"),
        set(&["e1e2,e2d2", "e1e2,e2e1", "e1e2,e2e3", "e1e2,e2f2"])
    );
    assert_eq!(
        play(fen, "e1e2,e2e3").to_fen(),
        "4k3/8/8/8/8/4K3/4b3/8 b - - 0 1 risen=e2"
    );
}

// ---------------------------------------------------------------- B4

/// R-B4.1 (ii) with R-B6.2: a bait's forced reply cannot be denied, while
/// the bait move itself can. With Black holding the right (default),
/// after White's bait `a2a3` Black's turns are the two forced replies and
/// the denial. With White holding the right (`denial=w`), after the reply
/// `e8e1,e1d2` White may not deny it; an ordinary Black pawn step in a
/// position with the same holder can be denied.
#[test]
fn a_bait_reply_cannot_be_denied() {
    let fen = "4r2k/8/8/8/7b/8/P2P1P2/4K3 w - - 0 1";
    let baited = go(&state(fen), "a2a3");
    assert_eq!(state_turns(&baited), ["@@@@", "e8e1,e1d2", "e8e1,e1f2"]);
    let baited = go(&state(&format!("{fen} denial=w")), "a2a3");
    assert_eq!(state_turns(&baited), ["e8e1,e1d2", "e8e1,e1f2"]);
    let replied = go(&baited, "e8e1,e1d2");
    assert!(!replied.can_deny());
    assert!(!state_turns(&replied).contains(&"@@@@".to_string()));
    let plain = go(&state("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1 denial=w"), "a2a3");
    let plain = go(&plain, "a7a6");
    assert!(plain.can_deny(), "an ordinary move is deniable");
}

/// R-B4.2 (and R-B6.6): a move that was its side's only legal move cannot
/// be denied. White's King on a1 is walled in by its own Statues a2, b1,
/// b2; the h4 pawn is blocked ahead (h5) and to the side (g4) by Statues,
/// which cannot be disguised with, and has nothing to capture: its one
/// turn is the step back `h4h3`. With g4 empty, `h4g4` is a second turn
/// and `h4h3` becomes deniable.
#[test]
fn an_only_move_cannot_be_denied() {
    let fen = "4k3/8/8/7T/6TP/8/TT6/KT6 w - - 0 1";
    assert_eq!(turns(fen), ["h4h3"]);
    let after = go(&state(fen), "h4h3");
    assert!(!after.can_deny());
    assert!(!state_turns(&after).contains(&"@@@@".to_string()));
    let fen = "4k3/8/8/7T/7P/8/TT6/KT6 w - - 0 1";
    assert_eq!(turns(fen), ["h4g4", "h4h3"]);
    assert!(go(&state(fen), "h4h3").can_deny());
}

/// R-B4.4 (with R-B4.3, R-B13.4): `g1g8` mates the black King on a8 (rank
/// 8 by the Rook, rank 7 by the h7 Rook, rank 6 by the Queen: every square
/// within two King steps is attacked, and Black has no pawn to bait with).
/// Black holds the right and the move is deniable, so the mate is not
/// final: Black's only turn is `@@@@`, which restores the position with
/// White to move, the right passed to White, Black protected and `g1g8`
/// forbidden. With White holding the right the mate is final.
#[test]
fn a_mate_is_final_only_if_the_loser_cannot_deny() {
    let fen = "k7/7R/7Q/8/8/8/8/4K1R1 w - - 0 1";
    let mated = go(&state(fen), "g1g8");
    assert_eq!(
        mated.pos.rule_end(),
        Some(Outcome::Win {
            winner: White,
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(mated.rule_end(), None);
    assert_eq!(state_turns(&mated), ["@@@@"]);
    let denied = go(&mated, "@@@@");
    assert_eq!(
        denied.pos.to_fen(),
        "k7/7R/7Q/8/8/8/8/4K1R1 w - - 0 1 denial=w protected=b forbid=g1g8"
    );
    assert!(!state_turns(&denied).contains(&"g1g8".to_string()));
    let mated = go(&state(&format!("{fen} denial=w")), "g1g8");
    assert_eq!(
        mated.rule_end(),
        Some(Outcome::Win {
            winner: White,
            reason: EndReason::Checkmate
        })
    );
    assert!(state_turns(&mated).is_empty());
}

/// R-B4.5: the key holds the denial holder and the protected side, and,
/// while a denial is open, what the denial would bring back: the same
/// position reached by a deniable move and set up from its FEN have
/// different keys; after an undeniable move (a Knight's hop) they do not.
/// The denial is one extra turn in the list.
#[test]
fn the_key_holds_the_denial_state() {
    let key = |fen: &str| Position::from_fen(fen).unwrap().key();
    assert_ne!(key(START), key(&format!("{START} denial=w")));
    assert_ne!(key(START), key(&format!("{START} protected=w")));
    let start = State::new(Position::from_fen(START).unwrap());
    let open = go(&start, "e2e4");
    assert!(open.can_deny());
    assert_ne!(open.key(), State::new(open.pos).key());
    assert_eq!(open.legal_turns().len(), open.pos.legal_turns().len() + 1);
    let closed = go(&start, "g1f3");
    assert!(!closed.can_deny());
    assert_eq!(closed.key(), State::new(closed.pos).key());
    assert_eq!(closed.legal_turns().len(), closed.pos.legal_turns().len());
}

// ---------------------------------------------------------------- B5

/// R-B5.1 (with R-B3.3): a move that would only exile a King is not check.
/// If the white Rook took the black Queen on d8, her revenge would exile
/// her own King on e8 (agent Black), not capture it: Black is not in
/// check. Played by White, `d1d8` exiles the black King (and the Rook is
/// captured by the revenge); Black, in exile with no pawn or Statue, has
/// lost (R-B13.2 L1).
#[test]
fn an_exile_threat_is_not_check() {
    let pos = Position::from_fen("3qk3/8/8/8/8/8/8/3RK3 b - - 0 1").unwrap();
    assert!(!pos.in_check());
    let after = play("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", "d1d8");
    assert!(after.in_exile(Black));
    assert_eq!(after.to_fen(), "8/8/8/8/8/8/8/4K3 b - - 0 1 pools=R/-/q/k");
    assert_eq!(
        after.rule_end(),
        Some(Outcome::Win {
            winner: White,
            reason: EndReason::NoPawnsInExile
        })
    );
}

// ---------------------------------------------------------------- B6

/// R-B6.1 (with R-B6.4, R-B12.3): reachable bait targets. White's King on
/// e1 is checked by the e8 Rook. Reachable: the d2 pawn (next to e1), the
/// g3 pawn (over the empty f2, next to both) and the h5 Statue (any
/// Statue). Not reachable: c3 (its only square next to both, d2, is
/// occupied), a3/a4 (too far) and the pawn riding the f1 Rook (riders
/// never). After the bait `a3a4` Black's forced replies are exactly the
/// Rook's capture with each target; the King swaps with the target and the
/// Rook takes the pawn (or the Statue's stand-in) on e1.
#[test]
fn reachable_bait_targets() {
    let fen = "4r2k/8/8/7T/8/P1P3P1/3P4/4K(RP)2 w - - 0 1";
    let baited = play(fen, "a3a4");
    assert_eq!(
        baited.to_fen(),
        "4r2k/8/8/7T/P7/2P3P1/3P4/4K(RP)2 b - - 0 1 bait=1"
    );
    let replies: Vec<String> = baited.legal_turns().iter().map(|(m, _)| m.text()).collect();
    assert_eq!(replies, ["e8e1,e1d2", "e8e1,e1g3", "e8e1,e1h5"]);
    assert_eq!(
        baited.play_text("e8e1,e1g3").unwrap().to_fen(),
        "7k/8/8/7T/P7/2P3K1/3P4/4r(RP)2 w - - 0 2"
    );
    assert_eq!(
        baited.play_text("e8e1,e1h5").unwrap().to_fen(),
        "7k/8/8/7K/P7/2P3P1/3P4/4r(RP)2 w - - 0 2"
    );
}

/// R-B6.2: bait needs a direct attack. The black King on e8 is checked by
/// the a4 Bishop along the diagonal, with the f7 pawn next to it: Black may
/// ignore the check (`h6h5`, a bait). With the King riding a black Rook on
/// e8 the Bishop's check is only through effects (it takes the Rook, the
/// King falls on it, it rises and takes the King): Black is in check but
/// may not bait, so `h6h5` is illegal.
#[test]
fn bait_needs_a_direct_attack() {
    let direct = "4k3/5p2/7p/8/B7/8/8/7K b - - 0 1";
    assert!(Position::from_fen(direct).unwrap().in_check());
    assert!(turns(direct).contains(&"h6h5".to_string()));
    assert_eq!(
        play(direct, "h6h5").to_fen(),
        "4k3/5p2/8/7p/B7/8/8/7K w - - 0 2 bait=1"
    );
    let indirect = "4(rk)3/5p2/7p/8/B7/8/8/7K b - - 0 1";
    assert!(Position::from_fen(indirect).unwrap().in_check());
    assert!(!turns(indirect).contains(&"h6h5".to_string()));
}

// ---------------------------------------------------------------- B7

/// R-B7.1: the all-round removes the bottom of a column; its riders fall
/// onto the emptied square (the black Knight riding the d5 Rook stays on
/// d5). A riding Queen may capture all round (`a1[1]a1` takes b2). With
/// nothing around, the all-round is a legal pass.
#[test]
fn all_round_capture_with_columns_and_as_a_pass() {
    assert_eq!(
        play("4k3/8/8/3(rn)4/3Q4/8/8/4K3 w - - 0 1", "d4d4").to_fen(),
        "4k3/8/8/3n4/3Q4/8/8/4K3 b - - 0 1 pools=-/-/r/-"
    );
    assert_eq!(
        play("4k3/8/8/8/8/8/1n6/(RQ)6K w - - 0 1", "a1[1]a1").to_fen(),
        "4k3/8/8/8/8/8/8/(RQ)6K b - - 0 1 pools=-/-/n/-"
    );
    assert_eq!(
        play("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1", "d4d4").to_fen(),
        "4k3/8/8/8/3Q4/8/8/4K3 b - - 1 1"
    );
}

/// R-B7.2 (with R-B7.3, R-B8.6): a Queen exiled by a fall takes revenge.
/// The white Queen takes the base of the black Rook on d5 that carries a
/// white Knight: the Knight falls onto her and exiles her (same colour).
/// Her revenge (agent White) captures the black pawn on e6, removes the
/// white pawn on e4 (a pawn: gone, not exiled), then the piece on her
/// square, the Knight that fell on her (exiled). Pools: White exiled Q N,
/// Black captured r.
#[test]
fn an_exiled_queen_takes_revenge() {
    let fen = "7k/8/4p3/3(rN)4/4P3/8/8/3Q3K w - - 0 1";
    assert_eq!(
        play(fen, "d1d5[0]").to_fen(),
        "7k/8/8/8/8/8/8/7K b - - 0 1 pools=-/QN/r/-"
    );
}

// ---------------------------------------------------------------- B8

/// R-B8.1, R-B8.2, R-B8.4: a column blocks lines as one piece and is one
/// target. The white Rook on a1 meets the black column (r n) on a4: it may
/// capture its bottom (`a1a4[0]`) or enter it (`a1a4^`), but not go past
/// it, and never take the rider. Taking the base: the Knight falls onto
/// the Rook and captures it. Entering: the Rook rides on top.
#[test]
fn a_column_blocks_and_is_one_target() {
    let fen = "4k3/8/8/8/(rn)7/8/8/R3K3 w - - 0 1";
    assert_eq!(
        turns_from(fen, "a1"),
        set(&["a1a2", "a1a3", "a1a4[0]", "a1a4^", "a1b1", "a1c1", "a1d1"])
    );
    assert_eq!(
        play(fen, "a1a4[0]").to_fen(),
        "4k3/8/8/8/n7/8/8/4K3 b - - 0 1 pools=R/-/r/-"
    );
    assert_eq!(
        play(fen, "a1a4^").to_fen(),
        "4k3/8/8/8/(rnR)7/8/8/4K3 b - - 1 1"
    );
}

/// R-B8.2: a pawn enters a friendly Rook only with a non-capturing step
/// (plain text, no `^`: entering is the only choice on a friendly base):
/// `e3e4` enters, the diagonal d4 Rook cannot be entered. (`e3e4~` is the
/// disguise with the lone Rook, R-B11.4.)
#[test]
fn a_pawn_enters_a_friendly_rook_by_a_step() {
    let fen = "7k/8/8/8/3RR3/4P3/8/K7 w - - 0 1";
    assert_eq!(
        turns_from(fen, "e3"),
        set(&["e3d3", "e3e2", "e3e4", "e3e4~", "e3f3"])
    );
    assert_eq!(
        play(fen, "e3e4").to_fen(),
        "7k/8/8/8/3R(RP)3/8/8/K7 b - - 0 1"
    );
}

/// R-B8.3: the base Rook carries the whole column; a Rook rider carries
/// what is above it; another rider leaves alone. A pawn riding on its
/// second rank steps but never double-moves (and never onto its first
/// rank).
#[test]
fn carrying_riders() {
    let fen = "4k3/8/8/8/8/8/8/(RRN)3K3 w - - 0 1";
    assert_eq!(
        play(fen, "a1[0]a3").to_fen(),
        "4k3/8/8/8/8/(RRN)7/8/4K3 b - - 1 1"
    );
    assert_eq!(
        play(fen, "a1[1]a3").to_fen(),
        "4k3/8/8/8/8/(RN)7/8/R3K3 b - - 1 1"
    );
    assert_eq!(
        play(fen, "a1[2]b3").to_fen(),
        "4k3/8/8/8/8/1N6/8/(RR)3K3 b - - 1 1"
    );
    assert_eq!(
        turns_from("4k3/8/8/8/8/8/1(RP)6/4K3 w - - 0 1", "b2[1]"),
        set(&["b2[1]a2", "b2[1]b3", "b2[1]c2"])
    );
}

/// R-B8.5: castling with a Rook that carries a rider: the rider goes with
/// the Rook to f1; a second King step may enter the column.
#[test]
fn castling_carries_the_riders() {
    let fen = "4k3/8/8/8/8/8/8/4K2(RN) w K - 0 1";
    assert_eq!(
        play(fen, "e1g1").to_fen(),
        "4k3/8/8/8/8/8/8/5(RN)K1 b - - 1 1"
    );
    assert_eq!(
        play(fen, "e1g1,g1f1").to_fen(),
        "4k3/8/8/8/8/8/8/5(RNK)2 b - - 1 1"
    );
}

// ---------------------------------------------------------------- B9

/// R-B9.1, R-B9.2 (c), R-B9.3: the Knight's path cells. From b1 the paths
/// to a3 pass a1 a2 / b2 b3, to c3 b2 b3 / c1 c2, to d2 c1 d1 / b2 c2. With
/// black Rooks on b3 and c2 the Knight has its three quiet hops and four
/// path captures (b3 on the way to a3 or c3, c2 on the way to c3 or d2).
/// A path capture is deniable (its other path does not capture); a hop is
/// not.
#[test]
fn knight_path_cells_and_path_captures() {
    let fen = "7k/8/8/7K/8/1r6/2r5/1N6 w - - 0 1";
    assert_eq!(
        turns_from(fen, "b1"),
        set(&[
            "b1a3",
            "b1b3,b3a3",
            "b1b3,b3c3",
            "b1c2,c2c3",
            "b1c2,c2d2",
            "b1c3",
            "b1d2"
        ])
    );
    assert_eq!(
        play(fen, "b1b3,b3c3").to_fen(),
        "7k/8/8/7K/8/2N5/2r5/8 b - - 0 1 pools=-/-/r/-"
    );
    assert!(go(&state(fen), "b1b3,b3c3").can_deny());
    assert!(!go(&state(fen), "b1c3").can_deny());
}

/// R-B9.2 (a, b): on a column the Knight may enter (`^`), take the bottom
/// (`[0]`: it takes the Rook's place and the rider falls onto it and takes
/// it, Curio's reading, docs section 3) or take the rider (`[1]`: it ends
/// on top, the Rook stays).
#[test]
fn knight_inside_capture() {
    let fen = "7k/8/8/7K/8/2(rn)5/8/1N6 w - - 0 1";
    assert_eq!(
        turns_from(fen, "b1"),
        set(&["b1a3", "b1c3[0]", "b1c3[1]", "b1c3^", "b1d2"])
    );
    assert_eq!(
        play(fen, "b1c3[1]").to_fen(),
        "7k/8/8/7K/8/2(rN)5/8/8 b - - 0 1 pools=-/-/n/-"
    );
    assert_eq!(
        play(fen, "b1c3[0]").to_fen(),
        "7k/8/8/7K/8/2n5/8/8 b - - 0 1 pools=N/-/r/-"
    );
    assert_eq!(
        play(fen, "b1c3^").to_fen(),
        "7k/8/8/7K/8/2(rnN)5/8/8 b - - 1 1"
    );
}

// ---------------------------------------------------------------- B10

/// R-B10.1, R-B10.3, R-B10.4: a Bishop made by promotion may rise. White
/// promotes on a8 to the Bishop in its captured pool; the black Rook takes
/// it; it rises (a8 holds an enemy), taking the Rook, flagged risen, and
/// leaves the pool. It is exiled at the end of White's next turn even
/// though it moved in that turn (an exile is a removal: clock 0).
#[test]
fn a_promoted_bishop_rises_and_is_exiled_after_its_owners_turn() {
    let fen = "7r/P7/3k4/8/8/8/8/K7 w - - 0 1 pools=B/-/-/-";
    let p = play(fen, "a7a8b");
    assert_eq!(p.to_fen(), "B6r/8/3k4/8/8/8/8/K7 b - - 0 1");
    let p = p.play_text("h8a8").unwrap();
    assert_eq!(
        p.to_fen(),
        "B7/8/3k4/8/8/8/8/K7 w - - 0 2 pools=-/-/r/- risen=a8"
    );
    let p = p.play_text("a8b7").unwrap();
    assert_eq!(p.to_fen(), "8/8/3k4/8/8/8/8/K7 b - - 0 2 pools=-/B/r/-");
}

/// R-B10.5: a Bishop riding a Rook counts; a pawn riding a Rook does not.
/// The Bishop rides on a1 (dark); the lone pawn on d4 (dark) may become
/// the exiled Queen, the pawn riding the c3 Rook (dark) may not.
#[test]
fn bishop_promotion_with_riders() {
    let fen = "4k3/8/8/8/3P4/2(RP)5/8/(RB)3K3 w - - 0 1 pools=-/Q/-/-";
    let t: Vec<String> = turns(fen).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(t, ["Q@d4"]);
    assert_eq!(
        play(fen, "Q@d4").to_fen(),
        "4k3/8/8/8/3Q4/2(RP)5/8/(RB)3K3 b - - 0 1"
    );
}

// ---------------------------------------------------------------- B11

/// R-B11.1: a pawn off its second rank steps forward, back or sideways,
/// and captures only diagonally forward (d5, not f3 behind it).
#[test]
fn pawn_single_steps() {
    let fen = "7k/8/8/3n4/4P3/5n2/8/K7 w - - 0 1";
    assert_eq!(
        turns_from(fen, "e4"),
        set(&["e4d4", "e4d5", "e4e3", "e4e5", "e4f4"])
    );
}

/// R-B11.2 (with R-B11.1): from e2 a lone pawn has three single steps (not
/// back to e1) and exactly ten double moves: e3-e4 (one leg), e3-d3,
/// e3-f3, d2-d3, f2-f3, d2-c2, f2-g2 and the returns e3-e2, d2-e2, f2-e2.
/// A Rook under e1 changes nothing (a pawn never enters on its first rank,
/// nor swaps onto it). A Rook on d2 may be entered or swapped with, but no
/// double move passes through it.
#[test]
fn pawn_double_move_paths() {
    let ten_and_three = set(&[
        "e2d2",
        "e2e3",
        "e2f2",
        "e2e4",
        "e2e3,e3d3",
        "e2e3,e3f3",
        "e2d2,d2d3",
        "e2f2,f2f3",
        "e2d2,d2c2",
        "e2f2,f2g2",
        "e2e3,e3e2",
        "e2d2,d2e2",
        "e2f2,f2e2",
    ]);
    assert_eq!(
        turns_from("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "e2"),
        ten_and_three
    );
    assert_eq!(
        turns_from("7k/8/8/8/8/8/4P3/K3R3 w - - 0 1", "e2"),
        ten_and_three
    );
    assert_eq!(
        turns_from("7k/8/8/8/8/8/3RP3/K7 w - - 0 1", "e2"),
        set(&[
            "e2d2",
            "e2d2~",
            "e2e3",
            "e2f2",
            "e2e4",
            "e2e3,e3d3",
            "e2e3,e3f3",
            "e2f2,f2f3",
            "e2f2,f2g2",
            "e2e3,e3e2",
            "e2f2,f2e2",
        ])
    );
}

/// R-B11.6: a pawn riding on its own first rank stays at the end of the
/// turn; it may only step forward out of the column (not sideways onto its
/// first rank).
#[test]
fn a_riding_pawn_on_its_first_rank_is_safe() {
    let fen = "4k3/8/8/8/8/8/8/1(RP)2K3 w - - 0 1";
    assert_eq!(turns_from(fen, "b1[1]"), ["b1[1]b2"]);
    assert_eq!(
        play(fen, "e1f2").to_fen(),
        "4k3/8/8/8/8/8/5K2/1(RP)6 b - - 1 1"
    );
}

// ---------------------------------------------------------------- B12

/// R-B12.1: a pawn reaching its zone must convert, by (a) a pool type,
/// taken from the captured pool first, (b) a Statue, or (c) capturing an
/// opponent's exiled piece, the pawn going. White's pools: captured R,
/// exiled R N; Black's exiled r.
#[test]
fn the_three_conversions() {
    let fen = "8/4P3/8/k7/8/8/8/K7 w - - 0 1 pools=R/RN/-/r";
    assert_eq!(
        turns_from(fen, "e7"),
        set(&["e7d7", "e7e6", "e7e8n", "e7e8r", "e7e8t", "e7e8xr", "e7f7"])
    );
    assert_eq!(
        play(fen, "e7e8r").to_fen(),
        "4R3/8/8/k7/8/8/8/K7 b - - 0 1 pools=-/RN/-/r"
    );
    assert_eq!(
        play(fen, "e7e8xr").to_fen(),
        "8/8/8/k7/8/8/8/K7 b - - 0 1 pools=R/RN/r/-"
    );
}

/// R-B12.3: a Statue blocks sliders (the a1 Rook stops before a4), cannot
/// be captured by a Knight's path (b2), but the Knight leaps over it; it
/// cannot be stepped onto or swapped with (g4 before the g3 pawn).
#[test]
fn statues_block_but_knights_leap() {
    let fen = "7k/8/8/8/t5t1/6P1/1t6/RN5K w - - 0 1";
    assert_eq!(turns_from(fen, "a1"), set(&["a1a2", "a1a3"]));
    assert_eq!(turns_from(fen, "b1"), set(&["b1a3", "b1c3", "b1d2"]));
    assert_eq!(turns_from(fen, "g3"), set(&["g3f3", "g3g2", "g3h3"]));
}

/// R-B12.3 with R-B13.2: a Statue counts as a pawn for the exile loss: a
/// side in exile with a Statue and no pawn has not lost.
#[test]
fn a_statue_keeps_an_exiled_side_alive() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/7T w - - 0 1 pools=-/K/-/-").unwrap();
    assert_eq!(pos.exile_loss(), None);
}

/// R-B12.4: at most one free action per turn. With Statues on a8 and h8
/// and a Rook and a Knight in the pool, every turn starts with no prefix
/// or exactly one of `a8=R;`, `a8=N;`, `h8=R;`, `h8=N;`; two are refused.
#[test]
fn at_most_one_free_action() {
    let fen = "T6T/8/8/8/3k4/8/8/4K3 w - - 0 1 pools=RN/-/-/-";
    let mut prefixes: Vec<String> = turns(fen)
        .iter()
        .map(|t| t.rfind(';').map_or("", |i| &t[..=i]).to_string())
        .collect();
    prefixes.sort();
    prefixes.dedup();
    assert_eq!(prefixes, set(&["", "a8=N;", "a8=R;", "h8=N;", "h8=R;"]));
    let pos = Position::from_fen(fen).unwrap();
    assert!(pos.play_text("a8=N;e1d1").is_some());
    assert!(pos.play_text("a8=N;h8=R;e1d1").is_none());
}

// ---------------------------------------------------------------- B13

/// R-B13.1: exile made by the opponent is legal, but with the opponent
/// owning a Statue the exiled side must restore its King on its turn.
/// White, in exile, with Black's Statue on h1: its only turn is the Bishop
/// promotion `K@d2` (c1 and d2 are dark). Without the Statue, White may
/// stay in exile (pawn and Bishop moves too).
#[test]
fn exile_against_a_statue_must_be_ended() {
    let fen = "4k3/8/8/8/8/8/3P4/2B4t w - - 0 1 pools=-/K/-/-";
    assert_eq!(turns(fen), ["K@d2"]);
    assert_eq!(
        play(fen, "K@d2").to_fen(),
        "4k3/8/8/8/8/8/3K4/2B4t b - - 0 1"
    );
    let t = turns("4k3/8/8/8/8/8/3P4/2B5 w - - 0 1 pools=-/K/-/-");
    for m in ["K@d2", "d2d3", "c1b2"] {
        assert!(t.contains(&m.to_string()), "{m}: {t:?}");
    }
}

/// R-B13.1: with no way to restore its King against the opponent's Statue,
/// the exiled side has no turn and loses ("Otherwise it loses"; Curio's
/// docs: "has no turn and loses").
#[test]
fn exile_against_a_statue_without_a_restoring_turn_loses() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/3P4/7t w - - 0 1 pools=-/K/-/-").unwrap();
    assert!(pos.legal_turns().is_empty());
    assert!(
        pos.rule_end()
            == Some(Outcome::Win {
                winner: Black,
                reason: EndReason::NoLegalTurn
            }),
        "{:?}",
        pos.rule_end()
    );
}

/// R-B13.3: in exile there is no check; the King promoted back returns to
/// normal play: `K@d2` would put it on the d8 Rook's file and is illegal,
/// `K@f2` is the one return (both squares dark like the c1 Bishop).
#[test]
fn no_check_in_exile_and_the_return() {
    let fen = "3rk3/8/8/8/8/8/3P1P2/2B5 w - - 0 1 pools=-/K/-/-";
    let pos = Position::from_fen(fen).unwrap();
    assert!(!pos.in_check());
    let t: Vec<String> = turns(fen).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(t, ["K@f2"]);
    let back = play(fen, "K@f2");
    assert_eq!(back.to_fen(), "3rk3/8/8/8/8/8/3P1K2/2B5 b - - 0 1");
    assert!(!back.in_exile(White));
}

/// R-B13.4 (with R-B14.1): stalemate draws. White's King on a1 is walled in
/// by its own Statues and nothing else of White's can act (empty pools):
/// no legal turn, not in check.
#[test]
fn stalemate_draws() {
    let pos = Position::from_fen("7k/8/8/8/8/8/TT6/KT6 w - - 0 1").unwrap();
    assert!(pos.legal_turns().is_empty());
    assert_eq!(
        pos.rule_end(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

// ---------------------------------------------------------------- B14

/// R-B14.1: threefold repetition of the state: King shuffles e1d1 e8d8
/// d1e1 d8e8 twice bring the start back a third time (the clock is not
/// part of the key); after one round it is only the second occurrence.
#[test]
fn threefold_repetition() {
    let mut s = state("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let mut history = Vec::new();
    for (i, t) in ["e1d1", "e8d8", "d1e1", "d8e8"]
        .iter()
        .cycle()
        .take(8)
        .enumerate()
    {
        history.push(Game::key(&s));
        s = go(&s, t);
        if i == 3 {
            assert_eq!(Game::key(&s), history[0]);
            assert_eq!(Game::outcome(&s, &history), None);
        }
    }
    assert_eq!(
        Game::outcome(&s, &history),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

/// R-B14.1: the 100-ply rule counts plies without a pawn move, removal or
/// promotion: at 99 a King step draws, a pawn step does not. Insufficient
/// material needs Kings alone: a Statue of either side keeps the game on.
#[test]
fn move_rule_and_material() {
    let fen = "4k3/8/8/8/8/8/P7/R3K3 w - - 99 80";
    assert_eq!(Position::from_fen(fen).unwrap().rule_end(), None);
    assert_eq!(
        play(fen, "e1d1").rule_end(),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
    assert_eq!(play(fen, "a2a3").halfmove, 0);
    assert_eq!(play(fen, "a2a3").rule_end(), None);
    for fen in [
        "4k3/8/8/8/8/8/8/4K2T w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2t w - - 0 1",
    ] {
        assert_eq!(Position::from_fen(fen).unwrap().rule_end(), None, "{fen}");
    }
}

// ---------------------------------------------------------------- B16

/// R-B16.1: a side that loses by its own turn cannot deny it, and the
/// winner has nothing to play, not even a denial. Black, in exile, turns
/// its last pawn into the Queen in its pool (`b2b1q`): no pawn and no
/// Statue left, so Black has lost (L1). White holds the right and the turn
/// was deniable (Black had Rook moves too), yet White has no turn.
#[test]
fn the_winner_has_no_turn_not_even_a_denial() {
    let s = state("8/8/8/7r/8/8/1p6/4K3 b - - 0 1 pools=-/-/q/k denial=w");
    let after = go(&s, "b2b1q");
    assert_eq!(after.side(), White);
    assert!(!after.can_deny(), "White has won: no denial");
    assert_eq!(state_turns(&after), Vec::<String>::new());
    assert_eq!(
        after.rule_end(),
        Some(Outcome::Win {
            winner: White,
            reason: EndReason::NoPawnsInExile
        })
    );
    assert_eq!(Game::count_legal(&after), 0);
    // The loser of a turn it did not make keeps its denial (R-B4.4):
    // White's Rook takes Black's last pawn while Black is in exile;
    // Black holds the right and may only deny.
    let s = state("8/8/8/8/8/8/1p6/1R2K3 w - - 0 1 pools=-/-/-/k");
    let after = go(&s, "b1b2");
    assert!(after.can_deny());
    assert_eq!(state_turns(&after), ["@@@@"]);
    assert_eq!(after.rule_end(), None);
}

/// R-B16.2: a bait that no forced reply relieves wins at once, as a mate.
/// White is in check from the Queen on e4 (next to its King on d4) and
/// baits with `a1a8`, which checks Black's King along rank 8. Black's
/// forced replies are `e4d4,d4d3` (the Queen lands on the King's square)
/// and `e4e4,d4d3` (her all-round capture): in both the King and the
/// pawn on d3 swap first. The all-round one takes White's King on d3 as
/// well, but neither leaves Black's King unattacked, so none relieves:
/// White has won with `a1a8` and Black has no turn (`denial=w`), or only
/// the denial when Black holds the right.
#[test]
fn a_bait_no_reply_relieves_wins_at_once() {
    let s = state("7k/8/8/8/3Kq3/3P4/8/R7 w - - 0 1 denial=w");
    let after = go(&s, "a1a8");
    assert!(after.pos.bait);
    assert_eq!(after.pos.winner, Some(White));
    assert_eq!(state_turns(&after), Vec::<String>::new());
    assert_eq!(
        after.rule_end(),
        Some(Outcome::Win {
            winner: White,
            reason: EndReason::Checkmate
        })
    );
    let s = state("7k/8/8/8/3Kq3/3P4/8/R7 w - - 0 1");
    let after = go(&s, "a1a8");
    assert_eq!(state_turns(&after), ["@@@@"], "the loser's denial stays");
    assert_eq!(after.rule_end(), None);
}

/// R-B16.3: the end of a turn converts pawns first, then removes pawns on
/// their own first rank, then exiles the due risen Bishops. White's risen
/// Bishop on h3 is exiled at the end of this turn, and White's pools are
/// empty: the pawn reaching b8 can become a Statue but not that Bishop.
#[test]
fn a_pawn_cannot_promote_to_the_bishop_exiled_by_its_turn() {
    let fen = "7k/1P6/8/8/8/7B/8/4K3 w - - 0 1 risen=h3";
    assert_eq!(turns_from(fen, "b7b8"), set(&["b7b8t"]));
    assert_eq!(
        play(fen, "b7b8t").to_fen(),
        "1T5k/8/8/8/8/8/8/4K3 b - - 0 1 pools=-/B/-/-"
    );
    // With the Bishop in the pool before the turn, it is offered.
    let fen = "7k/1P6/8/8/8/8/8/4K3 w - - 0 1 pools=-/B/-/-";
    assert_eq!(turns_from(fen, "b7b8"), set(&["b7b8b", "b7b8t"]));
}

/// R-B16.4: a King double move queues its second leg's effects first and
/// the first leg's after them. `d4d5,d5e6[0]`: the King takes the Queen
/// (her revenge waits), then the black Rook on e6 that carries a white
/// pawn. The pawn falls on the King and exiles it first; the revenge then
/// takes the pawn. The King is exiled, not captured: the turn is legal
/// (White keeps its pawn on a2, so it is not lost). Revenge first would
/// have captured the King on e6 and made the turn illegal.
#[test]
fn a_kings_second_leg_effects_come_before_its_first_legs() {
    let fen = "7k/8/4(rP)3/3q4/3K4/8/P7/8 w - - 0 1";
    assert!(turns(fen).contains(&"d4d5,d5e6[0]".to_string()));
    let after = play(fen, "d4d5,d5e6[0]");
    assert_eq!(after.to_fen(), "7k/8/8/8/8/8/P7/8 b - - 0 1 pools=-/K/qr/-");
    assert!(after.in_exile(White));
}

/// R-B16.5 (Curio's reading, made a ruling): a chain disguise never sends
/// the disguised piece back to a square it has stood on. The e3 pawn
/// swaps with the black Knight riding on e4 (`e3e4[1]~`). The d3 pawn may
/// go on, stepping onto e3 where the Knight now stands (the Knight goes to
/// d3, new to it); the white pawn riding above on e4 could step back onto
/// e3 too, but that would put the Knight back on e4: no such chain.
#[test]
fn a_chain_disguise_never_returns_the_piece() {
    let fen = "k7/8/8/8/4(RnP)3/3PP3/8/K7 w - - 0 1";
    assert_eq!(
        turns_from(fen, "e3e4[1]~"),
        set(&["e3e4[1]~", "e3e4[1]~,d3e3~"])
    );
}

/// Notation (levels count the column as it stands before the leg): the
/// black King riding the white Rook on c8 takes the pawn on b7 and steps
/// back. The column it left is a lone Rook now, so the capture names no
/// level (`b7c8`, not `b7c8[0]`), beside the entering step `b7c8^`. Found
/// by the reference cross-check after the King's second steps stopped
/// copying the position.
#[test]
fn a_king_back_onto_the_column_it_left_sees_it_one_shorter() {
    let fen = "2(Rk)5/PP6/8/8/8/8/ppp3K1/8 b - - 2 2 pools=QN/-/qrn/-";
    assert_eq!(
        turns_from(fen, "c8[1]b7,b7c8"),
        set(&["c8[1]b7,b7c8", "c8[1]b7,b7c8^"])
    );
    // The King took both: it stands alone on c8, the a7 pawn remains.
    assert!(play(fen, "c8[1]b7,b7c8").to_fen().starts_with("2k5/P7/8/"));
}
