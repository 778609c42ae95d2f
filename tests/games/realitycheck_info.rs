//! The Reality Check information model: observations, world sets and
//! determinization, over random games.

use movegen::game::{Color, Game};
use movegen::realitycheck::fen::Setup;
use movegen::realitycheck::info::{observe, same_view, InfoState};
use movegen::realitycheck::{MoveVec, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random game from random setups, with both players' information states
/// kept up to date; `check` runs before every turn.
fn random_game(
    seed: u64,
    plies: usize,
    mut check: impl FnMut(&Position, &InfoState, &InfoState, &mut StdRng),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let setups = Setup::all();
    let w = setups[rng.gen_range(0..setups.len())];
    let b = setups[rng.gen_range(0..setups.len())];
    let mut pos = Position::from_setups(&w, &b);
    let mut info = [
        InfoState::new(Color::White, &w),
        InfoState::new(Color::Black, &b),
    ];
    for _ in 0..plies {
        if pos.outcome(&[]).is_some() {
            break;
        }
        check(&pos, &info[0], &info[1], &mut rng);
        let mut list = MoveVec::new();
        pos.legal_moves(&mut list);
        // Captures and drops are rare among hundreds of move-and-flips; give
        // them a fair share so hands, pending decisions and reveals happen.
        let special: Vec<_> = list
            .iter()
            .copied()
            .filter(|m| m.is_capture() || m.kind() == movegen::realitycheck::TurnKind::Drop)
            .collect();
        let m = if !special.is_empty() && rng.gen_bool(0.6) {
            special[rng.gen_range(0..special.len())]
        } else {
            list[rng.gen_range(0..list.len())]
        };
        let mover = pos.side();
        for (i, state) in info.iter_mut().enumerate() {
            let observer = if i == 0 { Color::White } else { Color::Black };
            let obs = observe(&pos, m, observer);
            let own = (observer == mover).then_some(m);
            state
                .update(own, &obs)
                .unwrap_or_else(|e| panic!("seed {seed}: {e} at {}", pos.fen()));
        }
        pos.make(m);
    }
}

#[test]
fn the_truth_is_always_a_world_and_every_world_looks_the_same() {
    let mut prefixes = 0;
    let mut worlds_checked = 0usize;
    let mut max_worlds = 0;
    let games = if cfg!(debug_assertions) { 14 } else { 40 };
    for seed in 0..games {
        random_game(seed, 80, |pos, white, black, rng| {
            prefixes += 1;
            for info in [white, black] {
                assert!(!info.thinned());
                let worlds = info.worlds();
                max_worlds = max_worlds.max(worlds.len());
                assert!(
                    worlds.iter().any(|w| w == pos),
                    "seed {seed}: the true state is missing from {}'s worlds at {}",
                    info.observer().name(),
                    pos.fen()
                );
                // Every sampled determinization agrees with what the observer saw.
                for _ in 0..8 {
                    let d = info.determinize(&mut |n| rng.gen_range(0..n));
                    assert!(
                        same_view(&d, pos, info.observer()),
                        "seed {seed}: {} vs {}",
                        d.fen(),
                        pos.fen()
                    );
                    worlds_checked += 1;
                }
            }
        });
    }
    assert!(prefixes >= 1000, "only {prefixes} prefixes");
    assert!(worlds_checked >= 16_000);
    // The game really hides something: some positions have many worlds.
    assert!(max_worlds > 100, "max worlds {max_worlds}");
}

#[test]
fn at_the_start_every_opponent_setup_is_possible_and_sampling_reaches_them_all() {
    let own = Setup::parse("RRNNBBNBPPPNBRPBPRNR").unwrap();
    let info = InfoState::new(Color::Black, &own);
    assert_eq!(info.worlds().len(), 672);
    let mut rng = StdRng::seed_from_u64(7);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..20_000 {
        seen.insert(info.determinize(&mut |n| rng.gen_range(0..n)).fen());
    }
    assert_eq!(seen.len(), 672);
}

#[test]
fn a_flip_narrows_the_worlds_to_the_setups_with_that_chip() {
    // White c3c4 (first move, no flip), then Black flips White's chip on c4
    // (P up) and it shows N: White's c3 chip was P-N. The worlds left for
    // Black are exactly the White setups with P-N on c3, counted from the
    // setup list directly.
    let white = Setup::parse("RRNNBBNBPPPNBRPBPRNR").unwrap();
    let black = Setup::parse("RRNNBBNBPPPNBRPBPRNR").unwrap();
    let mut pos = Position::from_setups(&white, &black);
    let mut info = InfoState::new(Color::Black, &black);
    for text in ["c3c4", "c7c6^c4"] {
        let m = movegen::game::Notation::parse_move(&pos, text).unwrap();
        let obs = observe(&pos, m, Color::Black);
        let own = (pos.side() == Color::Black).then_some(m);
        info.update(own, &obs).unwrap();
        pos.make(m);
    }
    let expected = Setup::all()
        .iter()
        .filter(|s| movegen::realitycheck::chip::kind_name(s.chips[5].0) == "PN")
        .count();
    assert_eq!(info.worlds().len(), expected);
    let c4 = movegen::realitycheck::geometry::parse_square("c4").unwrap();
    assert_eq!(info.possible_kinds(c4), 1 << 1); // only P-N
                                                 // White's observation of Black's flip names the face now shown.
    assert!(pos.fen().split(' ').next().unwrap().contains("NP"));
}

#[test]
fn observations_hide_the_dropped_chip_and_show_reality_checks() {
    let white = Setup::parse("RRNNBBNBPPPNBRPBPRNR").unwrap();
    let black = Setup::parse("RRNNBBNBPPPNBRPBPRNR").unwrap();
    let mut pos = Position::from_setups(&white, &black);
    let plays = ["d3g6", "d7a4^a4", "g6f7!", "PR@d7"];
    let mut seen = Vec::new();
    for text in plays {
        let m = movegen::game::Notation::parse_move(&pos, text).unwrap();
        seen.push((
            observe(&pos, m, Color::White),
            observe(&pos, m, Color::Black),
        ));
        pos.make(m);
    }
    // The flip shows the new face; the reality check shows both chips.
    assert_eq!(seen[1].0, "d7a4^a4=r");
    assert_eq!(seen[2].0, "g6f7!(BR/pr)");
    assert_eq!(seen[2].0, seen[2].1);
    // A drop shows its owner the whole chip and the opponent only its face.
    assert_eq!(seen[3], ("P@d7".to_string(), "PR@d7".to_string()));
}

#[test]
fn two_games_the_observer_cannot_tell_apart_give_the_same_information_state() {
    // Black's view when White's setups differ only in hidden faces Black
    // never sees: the worlds (and so anything computed from them) agree.
    let black = Setup::parse("RRNNBBNBPPPNBRPBPRNR").unwrap();
    let w1 = Setup::parse("RRNNBBNBPPPNBRPBPRNR").unwrap();
    let w2 = Setup::parse("RRNNBBNRPPPNBRPBPRNB").unwrap();
    let play = |w: &Setup| {
        let mut pos = Position::from_setups(w, &black);
        let mut info = InfoState::new(Color::Black, &black);
        for text in ["e2f4", "b7b6^d9", "f4g6^c8", "b6b5^b5", "d3c4^d2"] {
            let m = movegen::game::Notation::parse_move(&pos, text).unwrap();
            let obs = observe(&pos, m, Color::Black);
            info.update((pos.side() == Color::Black).then_some(m), &obs)
                .unwrap();
            pos.make(m);
        }
        (pos, info)
    };
    let (p1, i1) = play(&w1);
    let (p2, i2) = play(&w2);
    assert_ne!(p1, p2);
    assert!(same_view(&p1, &p2, Color::Black));
    let mut f1: Vec<String> = i1.worlds().iter().map(|p| p.fen()).collect();
    let mut f2: Vec<String> = i2.worlds().iter().map(|p| p.fen()).collect();
    f1.sort();
    f2.sort();
    assert_eq!(f1, f2);
    // Black's engine, run on either game with the same seed, makes the same
    // choice: nothing it was not shown reaches its decision.
    use engine::mcts::{MctsConfig, MctsLimits};
    use engine::players::{choose, PlayerKind};
    let stop = std::sync::atomic::AtomicBool::new(false);
    let config = MctsConfig {
        seed: 9,
        ..MctsConfig::default()
    };
    for kind in [PlayerKind::Ismcts, PlayerKind::Flat, PlayerKind::Greedy] {
        let a = choose(kind, &i1, &p1, &MctsLimits::iterations(800), &config, &stop).best;
        let b = choose(kind, &i2, &p2, &MctsLimits::iterations(800), &config, &stop).best;
        assert!(a.is_some());
        assert_eq!(a, b, "{kind:?}");
    }
}

/// Every world of an information state shows its observer the same view,
/// so they share one view key; the state records the view of every
/// position of the game, the present one last.
#[test]
fn view_keys_are_the_same_in_every_world_and_recorded_per_ply() {
    use movegen::realitycheck::info::view_key;
    for seed in 0..4 {
        let mut plies = 0;
        random_game(seed, 40, |pos, white, black, _| {
            for info in [white, black] {
                let o = info.observer();
                let k = view_key(pos, o);
                assert!(info.worlds().iter().all(|w| view_key(w, o) == k));
                assert_eq!(info.seen().last(), Some(&k));
                assert_eq!(info.seen().len(), plies + 1);
            }
            plies += 1;
        });
        assert!(plies > 10);
    }
}

/// ISMCTS steers away from a move that returns to a view of the game's
/// history when it is winning (a return is the first step to a threefold
/// draw), but never away from a win on the spot.
#[test]
fn ismcts_avoids_returning_to_a_seen_view_unless_it_wins() {
    use engine::mcts::{ismcts, MctsConfig, MctsLimits};
    use eval::montecarlo::MonteCarlo;
    let stop = std::sync::atomic::AtomicBool::new(false);
    let config = MctsConfig {
        seed: 3,
        ..MctsConfig::default()
    };
    let limits = MctsLimits::iterations(3000);
    let search = |fen: &str, seen: &[u64]| {
        let pos = Position::from_fen(fen).unwrap();
        let r = ismcts(
            &|_: &mut eval::montecarlo::SplitMix| pos,
            seen,
            &limits,
            &config,
            &stop,
        );
        let best = r.best.unwrap();
        let mut after = pos;
        after.make(best);
        (best, r.value, after.view_key(pos.side_to_move()))
    };
    // Black is well ahead here (its best move scores about 0.8).
    let ahead = "rr/3/5/RB2nn3/7/pr2RR1nb1/5/3/1 b -/- PPPNPBPRNNNBNRBB/pppnpbnrbbbr - - 7 12";
    let (best, value, view) = search(ahead, &[]);
    assert!(value > 0.6, "{value}");
    let (other, _, _) = search(ahead, &[view]);
    assert_ne!(other, best);
    // d5e6! takes the fourth true chip: it wins even where its view was seen.
    let wins = "pn/pbprnb/nrbr3/4pp2/3PP3/7/5/NNBB1/RR w -/- PNPBPRNBNRBR/nnbbrr - - 0 5";
    let (best, _, view) = search(wins, &[]);
    let pos = Position::from_fen(wins).unwrap();
    assert_eq!(movegen::game::Notation::move_to_string(&pos, best), "d5e6!");
    assert_eq!(search(wins, &[view]).0, best);
}
