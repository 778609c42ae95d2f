//! One invariant walk over every game, through the traits the searches,
//! perft and the front ends use (`Game`, `Notation`, `Tactical`, and the
//! typed moves of `AnyPosition`): seeded random games in each of the six,
//! and at every ply
//! * `legal_moves` and `count_legal` agree, and every listed move is
//!   `is_legal`; a move listed one ply earlier that is not listed now is
//!   not `is_legal` (unless it is the same move again);
//! * every move's text parses back to the move, as the game's own move and
//!   as an `AnyMove`, and `make_move` of the typed move gives the position
//!   `make` gives;
//! * `make` then `unmake` restores the position: its FEN and its key;
//! * the position's FEN reads back as the same position: the same FEN,
//!   and the same key (equal positions reached by different routes hash
//!   equal), but where a Dysnomia denial is open: the FEN does not hold the
//!   turn a denial takes back (`notation-dysnomia.md`), so a position read
//!   from it has no denial and a key of its own (and a Dysnomia position
//!   whose King was captured, the game over or waiting on the loser's
//!   denial, has no FEN the notation allows);
//! * nothing panics, and the game's own outcome agrees with the move list
//!   (a position with no legal move has an outcome).
//!
//! Each game's own invariants files test more of its rules (Dysnomia's
//! cascades, Strange Chess's sieges, Reality Check's information sets);
//! this walk holds every game, a new one included, to the same contract.

use movegen::game::Notation;
use movegen::{with_position, AnyMove, AnyPosition, Variant};

/// Games and plies per game: short in debug builds (the README's test
/// command), longer in release (`.ci/run`).
const GAMES: u64 = if cfg!(debug_assertions) { 3 } else { 15 };
const PLIES: usize = if cfg!(debug_assertions) { 40 } else { 120 };

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The checks of one ply on a game's own position `p` (the typed
/// position `any` is the same position); `earlier` holds the moves listed
/// one ply before.
fn check_ply<G: Notation>(
    v: Variant,
    p: &G,
    any: &AnyPosition,
    earlier: &[G::Move],
) -> Vec<G::Move> {
    let mut list = G::Moves::default();
    p.legal_moves(&mut list);
    let moves: Vec<G::Move> = list.iter().copied().collect();
    assert_eq!(p.count_legal(), moves.len(), "{v:?} {}", p.to_fen());
    let fen = p.to_fen();
    let key = p.key();
    let typed = any.legal_moves();
    assert_eq!(typed.len(), moves.len(), "{v:?} {fen}: typed list");
    for (&m, t) in moves.iter().zip(&typed) {
        assert!(p.is_legal(m), "{v:?} {fen}: {m:?} listed but not legal");
        let text = p.move_to_string(m);
        assert_eq!(p.parse_move(&text), Ok(m), "{v:?} {fen}: {text}");
        assert_eq!(
            any.parse_move(&text).as_ref(),
            Ok(t),
            "{v:?} {fen}: {text} typed"
        );
        let mut q = p.clone();
        let undo = q.make(m);
        let after = q.to_fen();
        let mut typed_after = any.clone();
        typed_after.make_move(t).expect("a listed move is legal");
        assert_eq!(typed_after.fen(), after, "{v:?} {fen}: {text} typed");
        q.unmake(m, undo);
        assert_eq!(
            (q.to_fen(), q.key()),
            (fen.clone(), key),
            "{v:?}: unmake of {text}"
        );
    }
    for &m in earlier {
        if !moves.contains(&m) {
            assert!(!p.is_legal(m), "{v:?} {fen}: {m:?} not listed but legal");
        }
    }
    match AnyPosition::from_fen(v, &fen) {
        Ok(back) => {
            assert_eq!(back.fen(), fen, "{v:?}: FEN round trip");
            if !typed.iter().any(|m| m.is_denial()) {
                assert_eq!(
                    back.key(),
                    key,
                    "{v:?} {fen}: the key of the FEN's position"
                );
            }
        }
        // A Dysnomia King captured or left capturable (the game over, or
        // waiting on the loser's denial): the binding notation writes no
        // such FEN.
        Err(e) if v == Variant::Dysnomia => {
            let waits = typed.iter().any(|m| m.is_denial());
            assert!(waits || p.outcome(&[]).is_some(), "{v:?} {fen}: {e}");
        }
        Err(e) => panic!("{v:?}: the position's own FEN {fen} is refused: {e}"),
    }
    if moves.is_empty() {
        assert!(
            p.outcome(&[]).is_some(),
            "{v:?} {fen}: no move and no outcome"
        );
    }
    moves
}

/// One random game of `v` from its start, checking every ply.
fn walk(v: Variant, seed: u64) -> usize {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ v as u64);
    let mut any = AnyPosition::start(v);
    let mut history = Vec::new();
    let mut earlier: Vec<AnyMove> = Vec::new();
    for ply in 0..PLIES {
        let moves: Vec<AnyMove> = with_position!(&any, p => {
            let own: Vec<_> = earlier.iter().filter_map(|m| own_move(p, m)).collect();
            check_ply(v, p, &any, &own).into_iter().map(|m| AnyMove::of(p, m)).collect()
        });
        if moves.is_empty() || any.outcome(&history).is_some() {
            return ply;
        }
        let m = moves[rng.below(moves.len())];
        history.push(any.key());
        any.make_move(&m).expect("a listed move is legal");
        earlier = moves;
    }
    PLIES
}

/// The game's own move inside `m` (the moves of the ply before).
fn own_move<G: movegen::TypedMove>(_: &G, m: &AnyMove) -> Option<G::Move> {
    G::unwrap(m)
}

#[test]
fn every_game_keeps_the_contract_of_its_traits() {
    for v in Variant::ALL {
        let plies: usize = (0..GAMES).map(|seed| walk(v, seed)).sum();
        assert!(
            plies >= GAMES as usize * 4,
            "{v:?}: games too short to test ({plies} plies)"
        );
    }
}
