//! Dysnomia invariants over seeded random games (issue 19), biased toward
//! the rare rules (captures and their cascades, columns, disguises,
//! denials, baits, conversions): at every ply
//! * every legal turn has its own text, and playing a text gives the turn's
//!   position;
//! * the FEN of the position (and of every position a turn leads to, for
//!   positions a FEN can hold) reads back as the same position, and
//!   printing it again gives the same FEN;
//! * equal positions hash equal (the repetition key);
//! * nothing panics.
//!
//! Copy-make: a turn never changes the position it is played from, so
//! "unmake" is the copy; the test checks the copy is untouched.

use movegen::dysnomia::game::{position_hash, State};
use movegen::dysnomia::moves::Move;
use movegen::dysnomia::{Kind, Position};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Whether a FEN can hold this position (a game decided by capturing an
/// exiled King or inside a bait has none).
fn has_fen(p: &Position) -> bool {
    p.winner.is_none() && p.pools.captured.iter().all(|c| c[0] == 0)
}

fn check_fen(p: &Position, what: &str) {
    if !has_fen(p) {
        return;
    }
    let fen = p.to_fen();
    let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{what}: {fen}: {e}"));
    assert_eq!(back, *p, "{what}: {fen} reads back differently");
    assert_eq!(back.to_fen(), fen);
    assert_eq!(position_hash(&back), position_hash(p));
}

/// The rule a turn exercises, so the random games can pick a rule first
/// and a turn of it second: the rare rules come up as often as the common
/// ones.
fn category(pos: &Position, m: &Move) -> u8 {
    let text = m.text();
    if text == "@@@@" {
        return 0;
    }
    if text.contains('~') {
        return 1;
    }
    if text.contains(';') || text.contains('@') {
        return 2;
    }
    if let Some(l) = m.legs().last() {
        let onto_rook = pos
            .board
            .bottom(l.to)
            .is_some_and(|p| p.kind() == Kind::Rook && l.from != l.to);
        if text.contains('[') || text.contains('^') || onto_rook {
            return 3;
        }
        if l.from == l.to {
            return 4; // all-round
        }
        if pos.board.bottom(l.to).is_some() || m.legs().len() > 1 {
            return 5; // captures, double moves
        }
    }
    6
}

#[test]
fn dysnomia_random_game_invariants() {
    // 1,000 games in release (CI); a smoke run in debug.
    let games: u64 = std::env::var("DYSNOMIA_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 10 } else { 1000 });
    let plies = 24;
    let (mut total, mut denials, mut baits, mut columns, mut disguises) = (0, 0, 0, 0, 0);
    for seed in 0..games {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut state = State::new(Position::from_fen(movegen::dysnomia::fen::START).unwrap());
        for ply in 0..plies {
            let before = state;
            let turns = state.legal_turns();
            assert_eq!(state, before, "generating turns changed the state");
            check_fen(&state.pos, &format!("game {seed} ply {ply}"));
            if turns.is_empty() {
                break;
            }
            let mut texts: Vec<String> = turns.iter().map(|(m, _)| m.text()).collect();
            let n = texts.len();
            assert!(
                texts.windows(2).all(|w| w[0] < w[1]),
                "turns not in byte order, or repeated"
            );
            texts.dedup();
            assert_eq!(texts.len(), n);
            // A random rule, then a random turn of it; its text plays the
            // same turn.
            let cats: Vec<u8> = turns.iter().map(|(m, _)| category(&state.pos, m)).collect();
            let mut present: Vec<u8> = cats.clone();
            present.sort_unstable();
            present.dedup();
            let cat = present[rng.below(present.len())];
            let of_cat: Vec<usize> = (0..n).filter(|&i| cats[i] == cat).collect();
            let pick = of_cat[rng.below(of_cat.len())];
            let (m, next) = turns[pick];
            let text = m.text();
            let replayed = state.play_text(&text).expect("a listed turn plays");
            assert_eq!(replayed, next, "{text}");
            check_fen(&next.pos, &format!("game {seed} after {text}"));
            denials += (text == "@@@@") as usize;
            baits += next.pos.bait as usize;
            columns += (text.contains('[') || text.contains('^')) as usize;
            disguises += text.contains('~') as usize;
            total += 1;
            state = next;
            if state.pos.rule_end().is_some() {
                break;
            }
        }
    }
    eprintln!(
        "{games} games, {total} plies: {denials} denials, {baits} baits, {columns} column turns, {disguises} disguises"
    );
    assert!(total > games as usize * 10);
    if games >= 1000 {
        assert!(
            denials > 100 && columns > 100 && disguises > 100 && baits > 20,
            "the bias reaches the rare rules"
        );
    }
}
