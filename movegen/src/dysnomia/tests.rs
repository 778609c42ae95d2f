//! Hand-worked tests of the material layer, the FEN and the resolution
//! engine. Expected results are derived from the rule texts in comments.

use super::board::{parse_square_prefix, Kind, Piece, Square, Stack};
use super::fen::START;
use super::position::Position;
use super::resolve::Resolver;
use crate::game::Color::{self, Black, White};

pub(super) fn sq(name: &str) -> Square {
    parse_square_prefix(name.as_bytes()).unwrap().0
}

fn stack(letters: &str) -> Stack {
    letters
        .bytes()
        .map(|c| Piece::from_letter(c).unwrap())
        .collect()
}

fn letters(pos: &Position, name: &str) -> String {
    pos.board
        .stack(sq(name))
        .iter()
        .map(|p| p.letter())
        .collect()
}

#[test]
fn full_state_fen_round_trips() {
    for fen in [
        // A white Rook carrying a black pawn and the white King.
        "4k3/8/8/8/8/8/8/(RpK)7 w - - 3 20 pools=QN/-/r/b",
        "4k3/8/8/8/4p3/8/3P4/4K3 w - e3:e4 0 7 denial=w protected=b",
        "4k3/8/8/2B5/8/8/8/(RB)3K3 b - - 0 9 pools=-/-/-/q risen=a1[1],c5",
        "T3k3/8/8/8/8/8/8/4K2t w - - 0 30 pools=QRRBBNN/-/qrrbbnn/- forbid=e1e2,e2e3 bait=1",
        "8/8/8/8/8/8/8/3k4 b - - 0 40 pools=-/K/-/-",
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_fen(), fen);
    }
    let pos = Position::from_fen("4k3/8/8/2B5/8/8/8/(RB)3K3 b - - 0 9 risen=a1[1],c5").unwrap();
    assert!(pos.board.at(sq("a1"), 1).unwrap().risen());
    assert!(pos.board.bottom(sq("c5")).unwrap().risen());
    assert!(!pos.board.bottom(sq("a1")).unwrap().risen());
    let exiled = Position::from_fen("8/8/8/8/8/8/8/3k4 b - - 0 40 pools=-/K/-/-").unwrap();
    assert!(exiled.in_exile(White));
    assert!(!exiled.in_exile(Black));
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    for (fen, why) in [
        ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", "fills 7 files"),
        ("4k3/8/8/8/8/8/8/4K2Z w - - 0 1", "unknown piece letter 'Z'"),
        (
            "4k3/8/8/8/8/8/8/(BK)7 w - - 0 1",
            "does not stand on a Rook",
        ),
        (
            "4k3/8/8/8/8/8/8/(RT)3K3 w - - 0 1",
            "Statue cannot stand in the column",
        ),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "own first rank"),
        (
            "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1",
            "more than the original 1",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 pools=Q/-/-/-", "ok"),
        (
            "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1 pools=Q/-/-/-",
            "more than the original 1",
        ),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "exactly one King"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e3:e4 0 1",
            "names no black pawn on e4",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 denial=b", "default value"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 bait=1 denial=w",
            "out of order",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 risen=e1", "holds no Bishop"),
        (
            "4k3/8/8/2B5/8/8/8/(RB)3K3 b - - 0 9 risen=c5,a1[1]",
            "square order",
        ),
        (
            "4k3/8/8/2B5/8/8/8/1B2K3 b - - 0 9 risen=b1[0]",
            "without a level",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w KQkq -", "at least 6 fields"),
    ] {
        match Position::from_fen(fen) {
            Ok(_) => assert_eq!(why, "ok", "{fen} was accepted"),
            Err(e) => assert!(e.0.contains(why), "{fen}: '{}' lacks '{why}'", e.0),
        }
    }
}

/// Removes the bottom of `target` by `mover` standing on `from`, which
/// then lands on `target` carrying its column, and runs the effects: an
/// ordinary capture of a column's base (R-B8.3/8.4).
fn capture_base(pos: &mut Position, from: &str, target: &str) {
    let unit = pos.board.stack(sq(from));
    let agent = unit[0].color();
    pos.board.set_stack(sq(from), &[]);
    let mut r = Resolver::new(pos);
    r.remove(sq(target), 0, agent, false);
    let mut here = r.pos.board.stack(sq(target));
    here.extend(unit);
    r.pos.board.set_stack(sq(target), &here);
    r.run();
}

/// R-B8.6, text example 1: a white Rook carrying a white Pawn captures
/// the base of a column of two black Rooks and a black Pawn. The author's
/// narration: "the white Rook captures the first black Rook, the other
/// black Rook with the black Pawn falls capturing the white Rook, then the
/// white Pawn falls and captures the second black Rook, then the black
/// Pawn falls and captures the white Pawn". Only the black Pawn remains;
/// two black Rooks and one white Rook are in the captured pools.
#[test]
fn fall_example_one() {
    let mut pos = Position::empty();
    pos.board.set_stack(sq("a1"), &stack("RP"));
    pos.board.set_stack(sq("a8"), &stack("rrp"));
    capture_base(&mut pos, "a1", "a8");
    assert_eq!(letters(&pos, "a8"), "p");
    assert_eq!(letters(&pos, "a1"), "");
    assert_eq!(pos.pools.captured[White.index()][Kind::Rook as usize], 1);
    assert_eq!(pos.pools.captured[Black.index()][Kind::Rook as usize], 2);
    assert_eq!(pos.pools.exiled, [[0; 5]; 2]);
}

/// R-B8.6, text example 2: four black Rooks with a black Pawn on top; a
/// Knight captures the third Rook on its path. The fourth Rook and the
/// Pawn fall onto the two below: bR4 exiles bR1, bR2 exiles bR4, bP
/// exiles bR2. Only the Pawn remains; three Rooks exiled, one captured.
#[test]
fn fall_example_two() {
    let mut pos = Position::empty();
    pos.board.set_stack(sq("d4"), &stack("rrrrp"));
    let mut r = Resolver::new(&mut pos);
    assert_eq!(
        r.remove(sq("d4"), 2, White, false),
        Some(Piece::new(Black, Kind::Rook))
    );
    r.run();
    assert_eq!(r.effects.removals, 4);
    assert_eq!(letters(&pos, "d4"), "p");
    assert_eq!(pos.pools.captured[Black.index()][Kind::Rook as usize], 1);
    assert_eq!(pos.pools.exiled[Black.index()][Kind::Rook as usize], 3);
}

/// R-B8.3: a non-Rook rider leaves alone and the pieces above move down;
/// removing it by a Knight (inside capture) leaves the column standing.
#[test]
fn removing_a_non_rook_rider_keeps_the_column() {
    let mut pos = Position::empty();
    pos.board.set_stack(sq("d4"), &stack("RnPk"));
    let mut r = Resolver::new(&mut pos);
    r.remove(sq("d4"), 1, White, false);
    r.run();
    assert_eq!(letters(&pos, "d4"), "RPk");
    assert_eq!(pos.pools.captured[Black.index()][Kind::Knight as usize], 1);
}

/// R-B7.1/7.3: a Queen captured on d4 by a white Knight takes revenge:
/// the neighbours' bottoms in the order N NE E SE S SW W NW, enemies
/// captured, her own side's pieces exiled (her own King too, which puts
/// Black in exile), Statues immune; then the capturer on her square.
#[test]
fn queen_revenge_around_her_square() {
    let mut pos = Position::from_fen("8/8/8/2pkP3/3q4/2tR4/8/4K3 w - - 0 1").unwrap();
    let mut r = Resolver::new(&mut pos);
    r.remove(sq("d4"), 0, White, false);
    r.pos.board.put(sq("d4"), Piece::new(White, Kind::Knight));
    r.run();
    let e = r.effects;
    assert!(e.king_exiled[Black.index()]);
    assert!(!e.king_captured[Black.index()]);
    // d5 black King exiled, e5 white pawn captured (discarded), d3 white
    // Rook captured, c3 black Statue stays, c5 black pawn captured
    // (pawns are never exiled), then the Knight on d4 is captured.
    for gone in ["d5", "e5", "d3", "c5", "d4"] {
        assert_eq!(letters(&pos, gone), "", "{gone}");
    }
    assert_eq!(letters(&pos, "c3"), "t");
    assert_eq!(pos.pools.exiled[Black.index()][Kind::King as usize], 1);
    assert_eq!(pos.pools.captured[Black.index()][Kind::Queen as usize], 1);
    assert_eq!(pos.pools.captured[White.index()][Kind::Rook as usize], 1);
    assert_eq!(pos.pools.captured[White.index()][Kind::Knight as usize], 1);
    assert!(pos.in_exile(Black));
}

/// R-B10.3 with the author's example: "if a Rook with a Pawn inside
/// captures a Bishop, the Bishop raises from the dead capturing the Rook
/// but the Pawn immediately captures the Bishop falling from the Rook".
#[test]
fn bishop_rises_and_falls_to_the_pawn() {
    let mut pos = Position::empty();
    pos.board.set_stack(sq("a1"), &stack("RP"));
    pos.board.put(sq("a5"), Piece::new(Black, Kind::Bishop));
    capture_base(&mut pos, "a1", "a5");
    assert_eq!(letters(&pos, "a5"), "P");
    assert_eq!(pos.pools.captured[White.index()][Kind::Rook as usize], 1);
    // The risen Bishop taken again is captured for good.
    assert_eq!(pos.pools.captured[Black.index()][Kind::Bishop as usize], 1);
}

/// R-B10.2: a Bishop never rises onto its own side's piece; taken on an
/// empty square it rises there, flagged risen, and goes to no pool.
#[test]
fn bishop_rise_follows_the_fixed_rule() {
    // A white Bishop riding a white Rook, taken inside by a black Knight
    // at the destination: the bottom is its own Rook, so it stays down.
    let mut pos = Position::empty();
    pos.board.set_stack(sq("c3"), &stack("RB"));
    let mut r = Resolver::new(&mut pos);
    r.remove(sq("c3"), 1, Black, true);
    let mut col = r.pos.board.stack(sq("c3"));
    col.push(Piece::new(Black, Kind::Knight));
    r.pos.board.set_stack(sq("c3"), &col);
    r.run();
    assert_eq!(r.effects.rose, 0);
    assert_eq!(letters(&pos, "c3"), "Rn");
    assert_eq!(pos.pools.captured[White.index()][Kind::Bishop as usize], 1);
    // A lone Bishop removed by a Knight's path capture rises in place.
    let mut pos = Position::empty();
    pos.board.put(sq("f5"), Piece::new(Black, Kind::Bishop));
    let mut r = Resolver::new(&mut pos);
    r.remove(sq("f5"), 0, White, false);
    r.run();
    assert_eq!(r.effects.rose, 1u64 << sq("f5"));
    let b = pos.board.bottom(sq("f5")).unwrap();
    assert!(b.is(Black, Kind::Bishop) && b.risen());
    assert_eq!(pos.pools.captured, [[0; 5]; 2]);
}

/// The text's Bishop checking a King inside a Rook: the Bishop takes the
/// Rook, the King falls and takes the Bishop, the Bishop rises and takes
/// the King. Resolution reports the King captured.
#[test]
fn bishop_checks_a_king_inside_a_rook() {
    let mut pos = Position::empty();
    pos.board.set_stack(sq("e8"), &stack("rk"));
    pos.board.put(sq("a4"), Piece::new(White, Kind::Bishop));
    pos.board.set_stack(sq("a4"), &[]);
    let mut r = Resolver::new(&mut pos);
    r.remove(sq("e8"), 0, White, false);
    r.pos.board.put(sq("e8"), Piece::new(White, Kind::Bishop));
    r.run();
    assert!(r.effects.king_captured[Black.index()]);
    let b = pos.board.bottom(sq("e8")).unwrap();
    assert!(b.is(White, Kind::Bishop) && b.risen());
}

/// R-B8.6 with B3: a falling piece exiles its own side's piece; a fall
/// onto a Queen sets off her revenge, which runs after the fall.
#[test]
fn a_fall_exiles_own_pieces_and_sets_off_revenge() {
    // A white Rook carrying a black Rook carrying a white Queen; a white
    // Knight's path capture takes the black Rook in the middle: the Queen
    // falls onto the white Rook below and exiles it.
    let mut pos = Position::empty();
    pos.board.set_stack(sq("c2"), &stack("RrQ"));
    let mut r = Resolver::new(&mut pos);
    r.remove(sq("c2"), 1, White, false);
    r.run();
    assert_eq!(letters(&pos, "c2"), "Q");
    assert_eq!(pos.pools.exiled[White.index()][Kind::Rook as usize], 1);
    assert_eq!(pos.pools.captured[Black.index()][Kind::Rook as usize], 1);
    // The white Queen takes the base of a black Rook carrying a black
    // pawn: the pawn falls and takes her; her revenge takes the black
    // Knight on c6 and the white pawn on e5 (pawns are never exiled), then
    // the pawn that stands on her square.
    let mut pos = Position::empty();
    pos.board.put(sq("d1"), Piece::new(White, Kind::Queen));
    pos.board.set_stack(sq("d5"), &stack("rp"));
    pos.board.put(sq("c6"), Piece::new(Black, Kind::Knight));
    pos.board.put(sq("e5"), Piece::new(White, Kind::Pawn));
    capture_base(&mut pos, "d1", "d5");
    for gone in ["d1", "d5", "c6", "e5"] {
        assert_eq!(letters(&pos, gone), "", "{gone}");
    }
    assert_eq!(pos.pools.captured[White.index()][Kind::Queen as usize], 1);
    assert_eq!(pos.pools.captured[Black.index()][Kind::Rook as usize], 1);
    assert_eq!(pos.pools.captured[Black.index()][Kind::Knight as usize], 1);
}

#[test]
fn pieces_and_colours_round_trip() {
    for c in [White, Black] {
        for k in Kind::ALL {
            let p = Piece::new(c, k);
            assert_eq!(p.kind(), k);
            assert_eq!(p.color(), c);
            assert_eq!(Piece::from_letter(p.letter() as u8), Some(p));
            assert!(p.with_risen(true).risen());
            assert_eq!(p.with_risen(true).with_risen(false), p);
        }
    }
    let _: Color = White;
}

/// Every legal turn of the position, as text.
pub(super) fn turns(fen: &str) -> Vec<String> {
    Position::from_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .legal_turns()
        .into_iter()
        .map(|(m, _)| m.text())
        .collect()
}

/// Perft 2 from the start: no White turn touches Black's pieces or lines
/// (the all-round `d1d1` only reaches rank 2), so Black has its mirror
/// 99 turns after each: 99 x 99 (denial is not counted here: a position
/// set up by FEN offers none).
#[test]
fn start_perft_two() {
    let pos = Position::from_fen(START).unwrap();
    assert_eq!(pos.perft(1), 99);
    assert_eq!(pos.perft(2), 99 * 99);
}

pub(super) fn play(fen: &str, turn: &str) -> Position {
    Position::from_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .play_text(turn)
        .unwrap_or_else(|| panic!("{turn} is not legal in {fen}: {:?}", turns(fen)))
}

/// R-B5.2: the King captures on its first leg and steps back home in the
/// same turn; the capture's effects wait for the second leg (R-B3.4).
#[test]
fn king_captures_and_returns() {
    let fen = "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1";
    let t = turns(fen);
    assert!(t.contains(&"e1e2,e2e1".to_string()));
    let after = play(fen, "e1e2,e2e1");
    assert_eq!(
        after.to_fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1 pools=-/-/n/-"
    );
    // The Knight attacks its path cells too (R-B9.2): with it on e2 the
    // King may not stay near; only the capture leads anywhere.
    assert!(!t.contains(&"e1d1,d1e1".to_string()), "{t:?}");
    assert!(
        t.iter().all(|m| m.starts_with("e1e2") || m.ends_with("e2")),
        "{t:?}"
    );
    // There and back with no capture is a pass, and legal.
    assert!(turns("4k3/8/8/8/8/8/8/4K3 w - - 0 1").contains(&"e1d1,d1e1".to_string()));
}

/// R-B4: Black holds the right at the start and may deny White's first
/// turn if it is deniable. From the start 39 of White's 99 turns are:
/// every pawn step and double move (8 + 8 + 14 bent + 8 passes, each
/// leaving a different en passant state) and `d1d1`; the 56 pawn swaps all
/// lead to the same position (undeniable, R-B4.2), and Knight hops have a
/// second path. So perft 2 from a played start is 99 x 99 + 39.
#[test]
fn denial_and_the_re_move() {
    use super::game::State;
    let start = State::new(Position::from_fen(START).unwrap());
    assert_eq!(start.perft(2), 99 * 99 + 39);
    let after = start.play_text("e2e4").unwrap();
    assert!(after.can_deny());
    let denied = after.play_text("@@@@").unwrap();
    assert_eq!(
        denied.pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 denial=w protected=b forbid=e2e4"
    );
    let texts: Vec<String> = denied.legal_turns().iter().map(|(m, _)| m.text()).collect();
    assert_eq!(texts.len(), 98);
    assert!(!texts.contains(&"e2e4".to_string()));
    assert!(!texts.contains(&"@@@@".to_string()), "the right has passed");
    // White re-moves; Black's reply is protected: White, now holding the
    // right, cannot deny it; after it the protection is gone.
    let re = denied.play_text("d2d4").unwrap();
    assert_eq!(re.pos.forbid, None);
    let reply = re.play_text("e7e5").unwrap();
    assert!(!reply.can_deny());
    assert_eq!(reply.pos.protected, None);
    let next = reply.play_text("g1f3").unwrap();
    // Black no longer holds the right.
    assert!(!next.can_deny());
    let next = next.play_text("d7d6").unwrap();
    assert!(
        next.can_deny(),
        "White holds the right and d7d6 is deniable"
    );
    // A Knight hop is never deniable (its other L-path does the same).
    let hop = next.play_text("b1c3").unwrap();
    let hop = hop.play_text("b8c6").unwrap();
    assert!(!hop.can_deny());
}

/// Equal boards are equal values whatever columns came and went (the
/// repetition key hashes the value).
#[test]
fn a_column_that_came_and_went_leaves_no_trace() {
    let mut a = Position::empty();
    let b = Position::empty();
    a.board.set_stack(sq("a1"), &stack("RQ"));
    a.board.set_stack(sq("c1"), &stack("rp"));
    a.board.set_stack(sq("a1"), &[]);
    a.board.set_stack(sq("c1"), &[]);
    assert_eq!(a, b);
}

/// R-B12.2: a pawn standing in its zone when its side's turn starts
/// converts first, in every allowed way, before the move.
#[test]
fn a_deferred_conversion_comes_first() {
    let t = turns("4P3/8/8/8/8/8/8/k3K3 w - - 0 1 pools=Q/-/-/-");
    assert!(!t.is_empty());
    assert!(
        t.iter()
            .all(|m| m.starts_with("e8=Q;") || m.starts_with("e8=T;")),
        "{t:?}"
    );
    assert!(t.contains(&"e8=Q;e1d1".to_string()));
}

/// The examples of notation-dysnomia.md, printed byte for byte from turn
/// values (the forms other tools read).
#[test]
fn the_notation_specs_own_examples() {
    use super::moves::{Action, Conversion, Leg, Mark, Move, NO_LEVEL};
    let leg = |a: &str, al: u8, b: &str, bl: u8, mark: Mark| Leg {
        from: sq(a),
        from_level: al,
        to: sq(b),
        to_level: bl,
        mark,
    };
    let n = NO_LEVEL;
    let plain = Mark::Plain;
    let cases: Vec<(Move, &str)> = vec![
        (Move::legs_of(&[leg("g1", n, "f3", n, plain)]), "g1f3"),
        (Move::legs_of(&[leg("a1", 1, "a4", n, plain)]), "a1[1]a4"),
        (
            Move::legs_of(&[leg("b5", n, "b7", n, Mark::Enter)]),
            "b5b7^",
        ),
        (Move::legs_of(&[leg("h1", n, "h7", 0, plain)]), "h1h7[0]"),
        (
            Move::legs_of(&[leg("e1", n, "e2", n, plain), leg("e2", n, "e3", n, plain)]),
            "e1e2,e2e3",
        ),
        (
            Move::legs_of(&[leg("e1", n, "g1", n, plain), leg("g1", n, "f1", n, plain)]),
            "e1g1,g1f1",
        ),
        (Move::legs_of(&[leg("d1", n, "d1", n, plain)]), "d1d1"),
        (Move::legs_of(&[leg("a1", 1, "a1", n, plain)]), "a1[1]a1"),
        (Move::legs_of(&[leg("b1", n, "c3", 2, plain)]), "b1c3[2]"),
        (
            Move::legs_of(&[leg("g1", n, "g2", 1, plain), leg("g2", n, "f3", n, plain)]),
            "g1g2[1],g2f3",
        ),
        (
            Move::legs_of(&[leg("d4", n, "d5", 1, Mark::Disguise)]),
            "d4d5[1]~",
        ),
        (
            Move::legs_of(&[
                leg("e4", n, "e5", n, Mark::Disguise),
                leg("d4", n, "e4", n, Mark::Disguise),
            ]),
            "e4e5~,d4e4~",
        ),
        (Move::bishop_promotion(Kind::Queen, sq("e5")), "Q@e5"),
        (
            Move::legs_of(&[
                leg("b1", n, "b2", n, plain),
                leg("b2", n, "c3", n, plain),
                leg("b2", n, "a3", n, plain),
            ]),
            "b1b2,b2c3,b2a3",
        ),
        (Move::denial(), "@@@@"),
    ];
    for (m, text) in cases {
        assert_eq!(m.text(), text);
        // The parser reads the text back to the same turn value.
        assert_eq!(super::moves::parse(text), Ok(m), "{text}");
    }
    for text in [
        "e7e8q",
        "e7e8t",
        "e7e8xq",
        "e7e8;e8=Q",
        "e8xQ;a7=Q;g1f3",
        "e7e8~q",
    ] {
        let m = super::moves::parse(text).unwrap();
        assert_eq!(m.text(), text);
    }
    // Refused with what was expected where.
    for (text, why) in [
        ("", "empty"),
        ("e2 e4", "ASCII without spaces"),
        ("e8=Q", "no move among the actions"),
        ("e2e4;d2d4", "'d2d4' is neither an action"),
        ("e2", "expected a square at ''"),
        ("e2e4[", "'[' without ']'"),
        ("e2e4[31]", "a level is a number 0 to 30"),
        ("e7e8z", "'z' is not a type letter kqrbn"),
        ("e7e8Q", "'Q' is not a type letter kqrbn"),
        ("P@e5", "'P' is not a type letter KQRBN"),
        ("Q@e9", "a Bishop promotion is"),
        ("e2e4qq", "unexpected 'qq'"),
    ] {
        let e = super::moves::parse(text).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
    let mut m = Move::legs_of(&[leg("e7", n, "e8", n, plain)]);
    m.suffix = Some(Conversion::Promote(Kind::Queen));
    assert_eq!(m.text(), "e7e8q");
    m.suffix = Some(Conversion::Statue);
    assert_eq!(m.text(), "e7e8t");
    m.suffix = Some(Conversion::CaptureExiled(Kind::Queen));
    assert_eq!(m.text(), "e7e8xq");
    m.suffix = None;
    m.push_post(Action {
        sq: sq("e8"),
        conv: Conversion::Promote(Kind::Queen),
    });
    assert_eq!(m.text(), "e7e8;e8=Q");
    let mut m = Move::legs_of(&[]);
    m.push_pre(Action {
        sq: sq("e8"),
        conv: Conversion::CaptureExiled(Kind::Queen),
    });
    m.push_pre(Action {
        sq: sq("a7"),
        conv: Conversion::Promote(Kind::Queen),
    });
    m.push_leg(leg("g1", n, "f3", n, plain));
    assert_eq!(m.text(), "e8xQ;a7=Q;g1f3");
    // The FEN examples: a column `(RpK)` and `pools=QN/-/r/b`.
    let fen = "4k3/8/8/8/8/8/8/(RpK)7 w - - 0 1 pools=QN/-/r/b";
    assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
    assert_eq!(Position::from_fen(START).unwrap().to_fen(), START);
}

/// A denied path is kept whole, however long (a chain disguise can have
/// 17 legs; a fixed text field of 62 bytes once kept `-` instead, which
/// forbade nothing), written back as it was read, and only a path is a
/// `forbid=` value.
#[test]
fn a_denied_path_of_any_length_is_kept_whole() {
    use super::moves::{parse, MAX_LEGS};
    use super::position::Forbid;
    // Seventeen legs with levels and marks: 172 bytes of text.
    let legs: Vec<String> = (0..MAX_LEGS)
        .map(|i| {
            let (f, r) = ((b'a' + (i % 8) as u8) as char, 1 + i % 7);
            format!("{f}{r}[{}]{f}{}[{}]~", i % 31, r + 1, (i + 5) % 31)
        })
        .collect();
    let text = legs.join(",");
    assert!(text.len() > 62, "{}", text.len());
    let m = parse(&text).unwrap();
    let f = Forbid::of_path(&m);
    assert_eq!(f.text(), text);
    assert_eq!(Forbid::parse(&text), Some(f));
    // Conversions and actions are not part of a path; a denial is none.
    for not_a_path in ["e7e8q", "e8=Q;e2e4", "@@@@", "e2", ""] {
        assert_eq!(Forbid::parse(not_a_path), None, "{not_a_path}");
    }
    let q = Forbid::parse("Q@e5").unwrap();
    assert_eq!(q.text(), "Q@e5");
    assert_ne!(q.code(), f.code());
    // Through a FEN, byte for byte; a FEN with another value is refused
    // with the reason.
    let fen = format!(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 denial=w protected=b forbid={text}"
    );
    let p = Position::from_fen(&fen).unwrap();
    assert_eq!(p.forbid, Some(f));
    assert_eq!(p.to_fen(), fen);
    let err = Position::from_fen(&fen.replace(&text, "e7e8q")).unwrap_err();
    assert!(err.to_string().contains("not a move's path"), "{err}");
    // A played turn records its whole path for a denial: a chain that
    // carries a Knight along the second rank (41 bytes).
    let s = super::game::State::new(
        Position::from_fen("4k3/8/8/8/8/3n4/PPPPPPPP/4K3 w - - 0 1").unwrap(),
    );
    let chain = "c2c3,c3d3~,d2c2~,e2d2~,f2e2~,g2f2~,h2g2~";
    let denied = s.play_text(chain).unwrap().play_text("@@@@").unwrap();
    assert_eq!(denied.pos.forbid.map(|f| f.text()).as_deref(), Some(chain));
    assert!(
        denied.play_text(chain).is_none(),
        "the denied chain is forbidden"
    );
}

/// Quiescence's noisy list keeps a disguise that leaves a pawn on its
/// last rank (it converts there): the listing skips disguises only when
/// no pawn of the side stands within two ranks of that rank, and this
/// pawn does. The random games of the invariant tests never reach such a
/// swap, so it is tested here, for both colours.
#[test]
fn a_disguise_onto_the_last_rank_is_noisy() {
    use super::game::State;
    for (fen, swap) in [
        ("4k1n1/6P1/8/8/8/8/8/4K3 w - - 0 1", "g7g8~t"),
        ("4k3/8/8/8/8/8/6p1/4K1N1 b - - 0 1", "g2g1~t"),
    ] {
        let state = State::new(Position::from_fen(fen).unwrap());
        let whole = state.turns_with_results();
        let noisy: Vec<_> = whole
            .iter()
            .filter(|(t, _)| t.changes_material())
            .cloned()
            .collect();
        assert_eq!(state.noisy_turns_with_results(), noisy, "{fen}");
        assert!(
            noisy.iter().any(|(t, _)| t.text() == swap),
            "{fen}: {swap} among {:?}",
            noisy.iter().map(|(t, _)| t.text()).collect::<Vec<_>>()
        );
    }
}
