//! Strange Chess over seeded random games biased toward the rare rules:
//! after every move the key kept incrementally equals the key from scratch,
//! FEN and move strings round-trip, `is_legal` agrees with the list, no
//! legal move leaves the mover's king capturable by the literal definition
//! (R-A0.6: some opponent move removes it), the fast check test agrees with
//! that definition, the quiescence list is the noisy legal moves, and
//! unmake restores the position exactly.

use movegen::bits::splitmix64;
use movegen::strangechess::geometry::file_of;
use movegen::strangechess::moves::{H, T};
use movegen::strangechess::{move_string, Kind, Move, Position};
use movegen::{Game, Notation};

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        (splitmix64(&mut self.0) % n as u64) as usize
    }
}

/// A coarse kind of move, so rare kinds get picked as often as common ones.
fn category(p: &Position, m: Move) -> usize {
    let from = m.from();
    if m.has(T) {
        return 0;
    }
    if m.has_legs() {
        return 1;
    }
    if p.is_capture(m) {
        return 2;
    }
    match p.piece_at(from) {
        None => 3, // spell, or a Halfer alone
        Some(_) if m.has(H) => 4,
        Some(pc) => match pc.kind() {
            Kind::Wall => 5,
            Kind::Stone => 6,
            Kind::Digger => 7,
            Kind::Halfer => 4,
            Kind::Pawn => 8,
            Kind::Bacteria => 9,
            Kind::King if file_of(from).abs_diff(file_of(m.to())) > 1 => 10,
            _ => 11,
        },
    }
}

fn pick(p: &Position, moves: &[Move], rng: &mut Rng) -> Move {
    let mut by_cat: Vec<Vec<Move>> = vec![Vec::new(); 12];
    for &m in moves {
        by_cat[category(p, m)].push(m);
    }
    let present: Vec<&Vec<Move>> = by_cat.iter().filter(|v| !v.is_empty()).collect();
    let cat = present[rng.below(present.len())];
    cat[rng.below(cat.len())]
}

fn check_position(p: &Position, rng: &mut Rng, deep: bool) -> Vec<Move> {
    assert_eq!(
        p.key(),
        p.key_from_scratch(),
        "incremental key, {}",
        p.to_fen()
    );
    assert!(p.layers_consistent(), "occupancy layers, {}", p.to_fen());
    let fen = p.to_fen();
    let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{e}: {fen}"));
    assert_eq!(back.to_fen(), fen);
    assert_eq!(back.key(), p.key(), "key after FEN round trip, {fen}");

    let mut list = Default::default();
    p.legal_moves(&mut list);
    let moves: Vec<Move> = list.to_vec();
    let strings: std::collections::HashSet<String> =
        moves.iter().map(|&m| move_string(m)).collect();
    assert_eq!(strings.len(), moves.len(), "a move string twice, {fen}");
    assert_eq!(p.count_legal(), moves.len());
    // The quiescence search's list: exactly the noisy legal moves, in the
    // same order (it skips spells and tunnel travel unseen).
    let mut noisy = Default::default();
    movegen::Tactical::noisy_moves(p, &mut noisy);
    let expected: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| movegen::Tactical::is_noisy(p, m))
        .collect();
    assert_eq!(noisy.to_vec(), expected, "noisy moves, {fen}");
    let mover = p.side_to_move();
    for (i, &m) in moves.iter().enumerate() {
        if !deep && i % 7 != 0 {
            continue;
        }
        let text = move_string(m);
        assert_eq!(p.parse_move(&text), Ok(m), "{text} in {fen}");
        assert!(p.is_legal(m));
        let mut q = *p;
        let undo = q.make(m);
        assert!(
            !q.king_capturable_simple(mover.flip()),
            "{text} leaves the king capturable in {fen}"
        );
        // The search's capture test: a move counts as a capture (or a
        // custodian capture) exactly when it removes an enemy occupant or
        // starts a siege. Plies where a siege completes are left out: the
        // completion removes a piece whatever the move.
        if p.sieges().iter().all(|s| s.left > 1) {
            let enemy = mover.flip();
            let sieges_by =
                |x: &Position| x.sieges().iter().filter(|s| s.besieger == mover).count();
            let takes = enemy_occupants(&q, enemy) < enemy_occupants(p, enemy)
                || sieges_by(&q) > sieges_by(p);
            assert_eq!(
                p.is_capture(m) || p.is_custodian(m),
                takes,
                "capture test of {text} in {fen}"
            );
        }
        q.unmake(m, undo);
        assert_eq!(q.to_fen(), fen);
        assert_eq!(q.key(), p.key());
    }
    // The fast check test against the definition, both ways.
    for by in [movegen::Color::White, movegen::Color::Black] {
        assert_eq!(
            p.king_capturable(by),
            p.king_capturable_simple(by),
            "check by {by:?} in {fen}"
        );
    }
    // Pseudo-legal moves the filter refused really leave the king exposed.
    let mut pseudo = Vec::new();
    p.pseudo_moves(mover, &mut |m| pseudo.push(m));
    for _ in 0..if deep { 6 } else { 2 } {
        if pseudo.is_empty() {
            break;
        }
        let m = pseudo[rng.below(pseudo.len())];
        let mut q = *p;
        q.make(m);
        let castle = p
            .piece_at(m.from())
            .is_some_and(|pc| pc.kind() == Kind::King)
            && file_of(m.from()).abs_diff(file_of(m.to())) > 1
            && !m.has(H);
        let exposed = q.king_capturable_simple(mover.flip()) || (castle && p.in_check());
        assert_eq!(
            moves.contains(&m),
            !exposed,
            "{} legality in {fen}",
            move_string(m)
        );
    }
    moves
}

/// Full pieces and Halfers of colour `c` on the board.
fn enemy_occupants(p: &Position, c: movegen::Color) -> usize {
    (0..movegen::strangechess::geometry::CELLS)
        .map(|sq| {
            p.piece_at(sq).is_some_and(|pc| pc.color() == c) as usize + p.halfers(sq, c) as usize
        })
        .sum()
}

fn run(games: u64, plies: usize, deep_every: u64) {
    for g in 0..games {
        let mut rng = Rng(0x5c00 + g);
        let mut p = Position::start();
        for _ in 0..plies {
            let moves = check_position(&p, &mut rng, g % deep_every == 0);
            if moves.is_empty() || p.outcome(&[]).is_some() {
                break;
            }
            let m = pick(&p, &moves, &mut rng);
            p.make(m);
        }
    }
}

#[test]
fn random_games_keep_every_invariant() {
    // Debug builds: a quick pass; CI runs the full 1,000 games in release.
    if cfg!(debug_assertions) {
        run(30, 50, 5);
    } else {
        run(1000, 60, 20);
    }
}

/// Positions the random games rarely reach, through every invariant: a
/// pawn that promotes by travelling a tunnel (`d11c12qt`) makes a noisy
/// move, which the quiescence list must hold (it once left all tunnel
/// travel out).
#[test]
fn rare_positions_keep_every_invariant() {
    let fen = "6k5/3P8/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1 tunnels=w2:f9-e10-d11-c12";
    let p = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut noisy = Default::default();
    movegen::Tactical::noisy_moves(&p, &mut noisy);
    let texts: Vec<String> = noisy.iter().map(|&m| move_string(m)).collect();
    assert!(texts.iter().any(|t| t == "d11c12qt"), "{texts:?}");
    check_position(&p, &mut Rng(1), true);
}
