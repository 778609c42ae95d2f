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
//!
//! Through the [`Game`] and [`Notation`] traits, which the searches and
//! perft use, at every ply:
//! * `legal_moves` lists the same turns as the rules layer, `count_legal`
//!   counts them, and their encodings differ;
//! * `make` of a turn (which replays that turn alone) reaches exactly the
//!   state the list reached, and `unmake` restores the state and its key;
//! * the incremental key equals the key computed from every square, and
//!   equal states have equal keys;
//! * `is_legal` agrees with the list: true for every listed turn, false for
//!   the same turn with the other deniability and for the previous
//!   position's turns that are not listed here;
//! * the text of a turn parses back (syntax and legality) to the same turn.

use movegen::dysnomia::attacks::Verdict;
use movegen::dysnomia::game::{position_hash, State, Turn};
use movegen::dysnomia::moves::{self, Move};
use movegen::dysnomia::{Kind, Position};
use movegen::{Game, Notation, Tactical};
use std::collections::HashSet;

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

/// States met without a quiet turn (a pending bait's forced captures, an
/// ended game): the noisy listing's probe must be seen saying no.
static NO_QUIET_TURN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Candidates found not legal when made: the test must see some.
static ILLEGAL_CANDIDATES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The trait-level checks of one state; `previous` are the turns of the
/// position before (candidates that are mostly not legal here).
fn check_traits(state: &State, previous: &[Turn], rng: &mut Rng, what: &str) -> Vec<Turn> {
    let key = Game::key(state);
    assert_eq!(
        state.pos.key(),
        state.pos.key_from_scratch(),
        "{what}: incremental key"
    );
    let mut list = Vec::new();
    state.legal_moves(&mut list);
    assert_eq!(state.count_legal(), list.len(), "{what}: count_legal");
    let rules: Vec<(Move, State)> = state.legal_turns();
    assert_eq!(list.len(), rules.len(), "{what}: list lengths");
    let texts: HashSet<String> = list.iter().map(|t| state.move_to_string(*t)).collect();
    assert_eq!(texts.len(), list.len(), "{what}: distinct texts");
    // The searches tell turns apart by their codes (never 0).
    let codes: HashSet<u64> = list.iter().map(|t| State::encode_move(*t)).collect();
    assert_eq!(codes.len(), list.len(), "{what}: distinct move codes");
    assert!(!codes.contains(&0), "{what}: a move code of 0");
    // Quiescence's noisy list is the whole list's noisy turns, with the
    // same flags and results, in the same order; found without testing the
    // quiet turns (so checked here against the whole list).
    let whole = state.turns_with_results();
    let noisy: Vec<_> = whole
        .iter()
        .filter(|(t, _)| t.changes_material())
        .copied()
        .collect();
    assert_eq!(
        state.noisy_turns_with_results(),
        noisy,
        "{what}: noisy list"
    );
    // The main search's candidates: the turns of the list but those whose
    // result an earlier turn reaches, with the same flags and in the same
    // order, among quiet turns that are not legal, which making them finds
    // out; each legal one reaches the state the rules list, and only an
    // unchecked turn may be found illegal.
    // Listed afresh: a kept legal list would serve as candidates.
    movegen::dysnomia::list_cache::forget();
    let mut candidates = Vec::new();
    state.move_candidates(&mut candidates);
    let mut legal = Vec::new();
    let mut made = Vec::new();
    for &t in &candidates {
        let mut s = *state;
        let undo = s.make(t);
        if s.made_legal() {
            let i = rules
                .iter()
                .position(|(m, _)| *m == t.m)
                .unwrap_or_else(|| panic!("{what}: candidate {} not legal", t.text()));
            assert_eq!(s, rules[i].1, "{what}: candidate {} made", t.text());
            legal.push(t);
        } else {
            assert!(t.unchecked, "{what}: tested candidate {} illegal", t.text());
            ILLEGAL_CANDIDATES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        made.push((s.made_legal(), s));
        s.unmake(t, undo);
        assert_eq!(s, *state, "{what}: unmake candidate {}", t.text());
    }
    let whole_list = state.turns_with_results();
    let firsts: Vec<Turn> = whole_list
        .iter()
        .enumerate()
        .filter(|(i, (t, after))| {
            t.m.body == movegen::dysnomia::moves::Body::Denial
                || !whole_list[..*i].iter().any(|(_, earlier)| earlier == after)
        })
        .map(|(_, (t, _))| *t)
        .collect();
    assert_eq!(legal, firsts, "{what}: candidates");
    // What makes leaving the repeats out sound: a turn whose result an
    // earlier one reaches is undeniable, as is that one, and the two
    // states after them have one key (the path a denial would forbid is
    // all that differs, and no denial is open).
    for (i, (t, after)) in whole_list.iter().enumerate() {
        if let Some((first, _)) = whole_list[..i].iter().find(|(_, e)| e == after) {
            assert!(
                !t.deniable && !first.deniable,
                "{what}: {} deniable",
                t.text()
            );
            let (mut a, mut b) = (*state, *state);
            a.make(*t);
            b.make(*first);
            assert_eq!(
                Game::key(&a),
                Game::key(&b),
                "{what}: {} and {}",
                t.text(),
                first.text()
            );
            assert_eq!(a.pos, b.pos);
            assert!(!a.can_deny() && !b.can_deny());
        }
    }
    // A candidate made once no list holds it (the lists of a long search
    // are overwritten): found by listing again, the same verdict and
    // state. Every illegal one, and a few others (each makes a list).
    for (i, &t) in candidates.iter().enumerate() {
        if made[i].0 && i % 16 != 0 {
            continue;
        }
        movegen::dysnomia::list_cache::forget();
        let mut s = *state;
        s.make(t);
        assert_eq!(
            s.made_legal(),
            made[i].0,
            "{what}: {} made afresh",
            t.text()
        );
        if made[i].0 {
            assert_eq!(s, made[i].1, "{what}: {} made afresh", t.text());
        }
    }
    let quiet = state.pos.has_quiet_turn();
    assert_eq!(
        quiet,
        state
            .pos
            .legal_turns()
            .iter()
            .any(|(_, p)| p.board.material() == state.pos.board.material()),
        "{what}: has_quiet_turn"
    );
    NO_QUIET_TURN.fetch_add(!quiet as usize, std::sync::atomic::Ordering::Relaxed);
    let material = state.pos.board.material();
    // make/unmake on every turn of short lists, a sample of long ones.
    let sample: Vec<usize> = if list.len() <= 40 {
        (0..list.len()).collect()
    } else {
        (0..40).map(|_| rng.below(list.len())).collect()
    };
    for (n, i) in sample.into_iter().enumerate() {
        let t = list[i];
        // The searches' list is in the generator's order, the rules
        // layer's sorted by text: the same turns (the lengths and texts
        // are compared above).
        let i = rules
            .iter()
            .position(|(m, _)| *m == t.m)
            .unwrap_or_else(|| panic!("{what}: {} not in the rules' list", t.text()));
        let mut s = *state;
        let undo = s.make(t);
        assert_eq!(
            s,
            rules[i].1,
            "{what}: make {} reaches the listed state",
            t.text()
        );
        assert_eq!(
            s.pos.key(),
            s.pos.key_from_scratch(),
            "{what}: key after {}",
            t.text()
        );
        assert_eq!(Game::key(&s), Game::key(&rules[i].1));
        // The searches ask whether a turn checks without making it.
        assert_eq!(
            state.clone().gives_check(t),
            s.in_check(),
            "{what}: gives_check of {}",
            t.text()
        );
        // Every turn, a denial and a bait reply included, hands the move
        // to the other side (negamax relies on it).
        assert_eq!(
            s.side_to_move(),
            state.side_to_move().flip(),
            "{what}: side after {}",
            t.text()
        );
        // The turn's material change is the boards' difference, and a
        // turn is noisy exactly when it changes material.
        let after = s.pos.board.material();
        for c in 0..2 {
            for k in 0..7 {
                assert_eq!(
                    after[c][k] as i32 - material[c][k] as i32,
                    t.delta[c][k] as i32,
                    "{what}: material change of {}",
                    t.text()
                );
            }
        }
        assert_eq!(
            state.is_noisy(t),
            after != material,
            "{what}: noisy {}",
            t.text()
        );
        s.unmake(t, undo);
        assert_eq!(s, *state, "{what}: unmake {}", t.text());
        assert_eq!(Game::key(&s), key, "{what}: key after unmake {}", t.text());
        // is_legal and parse_move generate the whole list for a legal
        // turn (its deniability): one turn a ply.
        if n == 0 {
            assert!(state.is_legal(t), "{what}: is_legal {}", t.text());
            let flipped = Turn {
                deniable: !t.deniable,
                ..t
            };
            assert!(
                !state.is_legal(flipped),
                "{what}: the other deniability of {}",
                t.text()
            );
            let text = state.move_to_string(t);
            assert_eq!(state.parse_move(&text), Ok(t), "{what}: parse {text}");
        }
        let text = state.move_to_string(t);
        assert_eq!(moves::parse(&text).map(|m| m.text()), Ok(text.clone()));
    }
    for &p in previous {
        assert_eq!(
            state.is_legal(p),
            list.contains(&p),
            "{what}: is_legal of {}",
            p.text()
        );
    }
    list
}

#[test]
fn dysnomia_game_trait_invariants() {
    // 1,000 games in release (CI); a smoke run in debug.
    let games: u64 = std::env::var("DYSNOMIA_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 6 } else { 1000 });
    let (mut plies, mut denials, mut deniable, mut undeniable) = (0, 0, 0, 0);
    for seed in 0..games {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let mut state = State::new(Position::from_fen(movegen::dysnomia::fen::START).unwrap());
        let mut previous = Vec::new();
        let mut history = Vec::new();
        for ply in 0..24 {
            let what = format!("game {seed} ply {ply} ({})", state.pos.to_fen());
            let list = check_traits(&state, &previous, &mut rng, &what);
            if state.outcome(&history).is_some() || list.is_empty() {
                assert!(state.decisive().is_none() || state.outcome(&history) == state.decisive());
                break;
            }
            assert!(
                state.decisive().is_none(),
                "{what}: decisive but turns go on"
            );
            // Rare rules first, as in the game above.
            let cats: Vec<u8> = list.iter().map(|t| category(&state.pos, &t.m)).collect();
            let mut present = cats.clone();
            present.sort_unstable();
            present.dedup();
            let cat = present[rng.below(present.len())];
            let of_cat: Vec<usize> = (0..list.len()).filter(|&i| cats[i] == cat).collect();
            let t = list[of_cat[rng.below(of_cat.len())]];
            denials += (t.m.text() == "@@@@") as usize;
            deniable += t.deniable as usize;
            undeniable += !t.deniable as usize;
            history.push(Game::key(&state));
            state.make(t);
            previous = list;
            plies += 1;
        }
    }
    eprintln!("{games} games, {plies} plies: {denials} denials, {deniable} deniable and {undeniable} undeniable turns played");
    assert!(plies > games as usize * 10);
    let no_quiet = NO_QUIET_TURN.load(std::sync::atomic::Ordering::Relaxed);
    eprintln!("{no_quiet} states without a quiet turn");
    let illegal = ILLEGAL_CANDIDATES.load(std::sync::atomic::Ordering::Relaxed);
    eprintln!("{illegal} candidates found not legal when made");
    if games >= 1000 {
        assert!(denials > 100 && deniable > 1000 && undeniable > 100);
        assert!(no_quiet > 100);
        assert!(illegal > 100);
    }
}

/// R-B6.1 word for word: a lone pawn of `color` next to its King, or one
/// with an empty square next to both; every Statue of `color`.
fn bait_targets_by_definition(p: &Position, c: movegen::Color) -> Vec<u8> {
    let Some((k, _)) = p.board.king(c) else {
        return Vec::new();
    };
    let near = |a: u8, b: u8| {
        let (da, db) = ((a % 8) as i8 - (b % 8) as i8, (a / 8) as i8 - (b / 8) as i8);
        a != b && da.abs() <= 1 && db.abs() <= 1
    };
    let pawn = movegen::dysnomia::Piece::new(c, Kind::Pawn);
    let statue = movegen::dysnomia::Piece::new(c, Kind::Statue);
    (0..64u8)
        .filter(|&s| {
            let st = p.board.stack(s);
            st.as_slice() == [statue]
                || (st.as_slice() == [pawn]
                    && s != k
                    && (near(k, s)
                        || (0..64u8)
                            .any(|x| p.board.bottom(x).is_none() && near(k, x) && near(x, s))))
        })
        .collect()
}

/// The fast check test (`Position::check_verdict`: decided, or only some
/// Queens' moves played out) against the literal definition (every opponent move played out), for both colours,
/// on every position of biased random games, on every position their legal
/// turns lead to, and on each of those with a King moved to random empty
/// squares (where it is often capturable, as in the pseudo-legal results
/// the generator tests). Where the fast test decides, it must agree; it
/// must decide most positions, and see both answers often.
#[test]
fn the_fast_check_test_agrees_with_simulation() {
    let games: u64 = if cfg!(debug_assertions) { 4 } else { 300 };
    let (mut decided, mut undecided, mut capturable) = (0usize, 0usize, 0usize);
    let (mut queens_only, mut queens_capturable) = (0usize, 0usize);
    // Positions made with a King riding in a column.
    let (mut riding, mut riding_decided) = (0usize, 0usize);
    let mut compare = |p: &Position, what: &dyn Fn() -> String| {
        for c in [movegen::Color::White, movegen::Color::Black] {
            // The direct attacks bait looks for (R-B6.2), fast and played
            // out; the bait targets (R-B6.1) against their definition.
            assert_eq!(
                p.directly_attacked(c),
                !p.direct_attacks(c).is_empty(),
                "{} {c:?} direct attack: {}",
                what(),
                p.to_fen()
            );
            assert_eq!(
                p.direct_attacks(c),
                p.direct_attacks_by_simulation(c),
                "{} {c:?} direct attacks: {}",
                what(),
                p.to_fen()
            );
            assert_eq!(
                p.bait_targets(c),
                bait_targets_by_definition(p, c),
                "{} {c:?} bait targets: {}",
                what(),
                p.to_fen()
            );
            match p.check_verdict(c) {
                Verdict::Decided(v) => {
                    let slow = p.king_capturable_by_simulation(c);
                    assert_eq!(v, slow, "{} {c:?}: {}", what(), p.to_fen());
                    decided += 1;
                    capturable += v as usize;
                    if p.board.king(c).is_some_and(|(_, level)| level > 0) {
                        riding_decided += 1;
                    }
                }
                Verdict::QueensOnly(queens) => {
                    let slow = p.king_capturable_by_simulation(c);
                    let narrow = p.queens_capture_king(c, queens);
                    assert_eq!(narrow, slow, "{} {c:?} queens only: {}", what(), p.to_fen());
                    queens_only += 1;
                    queens_capturable += narrow as usize;
                }
                Verdict::Undecided => undecided += 1,
            }
        }
    };
    let mut starts: Vec<String> = vec![movegen::dysnomia::fen::START.to_string()];
    starts.extend(
        std::fs::read_to_string("tests/perft/dysnomia.txt")
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split('|').nth(1).unwrap().trim().to_string()),
    );
    for seed in 0..games {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let fen = &starts[seed as usize % starts.len()];
        let mut state = State::new(Position::from_fen(fen).unwrap());
        for ply in 0..24 {
            let turns = state.legal_turns();
            if turns.is_empty() {
                break;
            }
            let what = || format!("game {seed} ply {ply}");
            compare(&state.pos, &what);
            for (_, after) in &turns {
                let mut p = after.pos;
                compare(&p, &what);
                // The King of a random side, if alone, on a random empty
                // square.
                let c = if rng.below(2) == 0 {
                    movegen::Color::White
                } else {
                    movegen::Color::Black
                };
                if let Some((k, 0)) = p.board.king(c) {
                    let empty: Vec<u8> =
                        (0..64u8).filter(|&s| p.board.bottom(s).is_none()).collect();
                    if !empty.is_empty() {
                        let to = empty[rng.below(empty.len())];
                        let king = p.board.bottom(k).unwrap();
                        p.board.set_stack(k, &[]);
                        p.board.put(to, king);
                        compare(&p, &what);
                    }
                }
                // The King of a random side, if alone, riding on top of a
                // random Rook or column (of either side).
                let mut p = after.pos;
                if let Some((k, 0)) = p.board.king(c) {
                    let rooks: Vec<u8> = (0..64u8)
                        .filter(|&s| p.board.bottom(s).is_some_and(|b| b.kind() == Kind::Rook))
                        .collect();
                    if !rooks.is_empty() {
                        let r = rooks[rng.below(rooks.len())];
                        let king = p.board.bottom(k).unwrap();
                        let mut column = p.board.stack(r);
                        if column.len() < 8 {
                            column.push(king);
                            p.board.set_stack(k, &[]);
                            p.board.set_stack(r, &column);
                            compare(&p, &what);
                            riding += 1;
                        }
                    }
                }
            }
            let cats: Vec<u8> = turns.iter().map(|(m, _)| category(&state.pos, m)).collect();
            let mut present = cats.clone();
            present.sort_unstable();
            present.dedup();
            let cat = present[rng.below(present.len())];
            let of_cat: Vec<usize> = (0..turns.len()).filter(|&i| cats[i] == cat).collect();
            state = turns[of_cat[rng.below(of_cat.len())]].1;
            if state.pos.rule_end().is_some() {
                break;
            }
        }
    }
    eprintln!(
        "fast check test: {decided} decided ({capturable} capturable), {queens_only} by the \
         Queens' moves alone ({queens_capturable} capturable), {undecided} left to simulation; \
         {riding} positions made with a riding King, {riding_decided} riding Kings decided"
    );
    assert!(
        decided > 4 * undecided,
        "the fast test decides most positions"
    );
    if !cfg!(debug_assertions) {
        assert!(capturable > 10_000 && decided - capturable > 10_000);
        // The Queens-only test meets both answers.
        assert!(queens_capturable > 10 && queens_only - queens_capturable > 1000);
        assert!(
            riding_decided > 1000,
            "riding Kings are judged from the board"
        );
    }
}
