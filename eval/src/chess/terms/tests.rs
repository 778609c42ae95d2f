use super::*;

fn sq(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

fn set(names: &[&str]) -> u64 {
    names.iter().fold(0, |m, n| m | 1 << sq(n))
}

/// A weight of the evaluation (middlegame, endgame).
fn w_(i: usize) -> (Score, Score) {
    let [mg, eg] = WEIGHTS.pair(i);
    (mg, eg)
}

fn terms(fen: &str) -> Terms {
    Terms::of(&Position::from_fen(fen).unwrap())
}

/// Each pawn-structure term, alone: the pawn sets differ only in the
/// feature (black pawns on b7-e7 stop every white pawn from being passed,
/// except where the test wants one).
#[test]
fn pawn_structure_terms() {
    let w = Color::White;
    let kings = [sq("e1"), sq("e8")];
    let stop = set(&["b7", "c7", "d7", "e7"]);
    let at = |s: &str, own: &[&str], theirs: u64, guarded: u64| {
        pawn_terms(w, sq(s), &[set(own), theirs], &kings, guarded, &WEIGHTS)
    };
    // Isolated: c2 with e2 at a distance, against c2 with d2 beside it.
    let isolated = at("c2", &["c2", "e2"], stop, 0);
    let healthy = at("c2", &["c2", "d2"], stop, 0);
    assert_eq!(isolated.0 - healthy.0, w_(ISOLATED).0);
    assert_eq!(isolated.1 - healthy.1, w_(ISOLATED).1);
    assert!(w_(ISOLATED).0 < 0 && w_(ISOLATED).1 < 0);
    // Doubled: c2 with c3 in front, against c2 with b3 (both have a
    // neighbour on the b-file).
    let doubled = at("c2", &["c2", "c3", "b2"], stop, 0);
    let single = at("c2", &["c2", "b3", "b2"], stop, 0);
    assert_eq!(doubled.0 - single.0, w_(DOUBLED).0);
    assert_eq!(doubled.1 - single.1, w_(DOUBLED).1);
    assert!(w_(DOUBLED).0 < 0 && w_(DOUBLED).1 < 0);
    // Passed d5, guarded by c4 or not.
    let far = set(&["h7"]);
    let guarded = at("d5", &["d5", "c4"], far, set(&["d5"]));
    let loose = at("d5", &["d5", "c4"], far, 0);
    assert_eq!(guarded.0 - loose.0, w_(PASSED_PROTECTED).0);
    assert_eq!(guarded.1 - loose.1, w_(PASSED_PROTECTED).1);
    assert!(w_(PASSED_PROTECTED).0 > 0 && w_(PASSED_PROTECTED).1 >= 0);
    // The kings' race in the ending (d5 is on the 5th rank: weight 2):
    // the enemy king five steps from d6 against one step.
    let race = |their_king: &str| {
        pawn_terms(
            w,
            sq("d5"),
            &[set(&["d5"]), far],
            &[sq("e1"), sq(their_king)],
            0,
            &WEIGHTS,
        )
    };
    assert_eq!(race("h1").1 - race("d7").1, 2 * w_(PASSER_KING).0 * (5 - 1));
    assert_eq!(race("h1").0, race("d7").0);
    assert!(w_(PASSER_KING).0 > w_(PASSER_KING).1 && w_(PASSER_KING).1 > 0);
}

/// King danger needs two attackers and grows with the attack units; open
/// files at a king on a wing cost, a central king has none.
#[test]
fn king_safety_terms() {
    let side = |units, attackers| Side {
        units,
        attackers,
        ..Side::default()
    };
    assert_eq!(king_danger(&side(20, 1)), 0);
    assert_eq!(king_danger(&side(10, 2)), 25);
    assert!(king_danger(&side(16, 3)) > king_danger(&side(12, 3)));
    assert_eq!(king_danger(&side(100, 4)), KING_DANGER_CAP);
    let shield = set(&["f2", "g2", "h2"]);
    assert_eq!(king_shelter(sq("g1"), shield, &WEIGHTS), 0);
    assert_eq!(
        king_shelter(sq("g1"), set(&["f2", "h2"]), &WEIGHTS),
        w_(KING_OPEN_FILE).0
    );
    assert_eq!(
        king_shelter(sq("b1"), shield, &WEIGHTS),
        3 * w_(KING_OPEN_FILE).0
    );
    assert_eq!(king_shelter(sq("e1"), 0, &WEIGHTS), 0);
    assert!(w_(KING_OPEN_FILE).0 < 0);
}

/// Threats against pieces: by a pawn, by a lesser piece, and a piece
/// attacked and not defended.
#[test]
fn threat_terms() {
    let pos = Position::from_fen("4k3/8/8/4N3/8/2Q5/8/4K1R1 w - - 0 1").unwrap();
    let w = Color::White;
    let none = Side::default();
    let on = |s: &[&str]| set(s);
    let by_pawn = Side {
        by_pawn: on(&["e5"]),
        ..Side::default()
    };
    let by_minor = Side {
        by_minor: on(&["c3", "g1"]),
        ..Side::default()
    };
    let by_rook = Side {
        by_rook: on(&["c3"]),
        ..Side::default()
    };
    let attacked = Side {
        all: on(&["e5"]),
        ..Side::default()
    };
    assert_eq!(threats(&pos, w, &none, &none, &WEIGHTS), (0, 0));
    assert_eq!(
        threats(&pos, w, &none, &by_pawn, &WEIGHTS),
        w_(THREAT_BY_PAWN)
    );
    let two = (2 * w_(THREAT_BY_MINOR).0, 2 * w_(THREAT_BY_MINOR).1);
    assert_eq!(threats(&pos, w, &none, &by_minor, &WEIGHTS), two);
    assert_eq!(
        threats(&pos, w, &none, &by_rook, &WEIGHTS),
        w_(THREAT_BY_ROOK)
    );
    assert_eq!(threats(&pos, w, &none, &attacked, &WEIGHTS), w_(HANGING));
    assert_eq!(threats(&pos, w, &attacked, &attacked, &WEIGHTS), (0, 0));
    assert!(w_(THREAT_BY_PAWN).0 > 0 && w_(HANGING).0 > 0);
    assert!(w_(THREAT_BY_MINOR).0 > 0 && w_(THREAT_BY_ROOK).0 > 0);
}

/// The terms as `Terms::of` gathers them from real positions.
#[test]
fn terms_of_positions() {
    // Queen h5 (f7, h7, h8) and knight g5 (f7, h7) on the zone of the
    // king on g8 (g8 and the squares around it).
    let t = terms("6k1/8/8/6NQ/8/8/8/4K3 w - - 0 1");
    let zone = Position::king_attacks(sq("g8")) | 1 << sq("g8");
    let q = Position::bishop_attacks(sq("h5"), set(&["g5", "g8", "e1"]))
        | Position::rook_attacks(sq("h5"), set(&["g5", "g8", "e1"]));
    let n = Position::knight_attacks(sq("g5"));
    let units = (q & zone).count_ones() as i32 * KING_ATTACK_UNITS[QUEEN]
        + (n & zone).count_ones() as i32 * KING_ATTACK_UNITS[KNIGHT];
    assert!(units > 0);
    assert!(KING_ATTACK_UNITS[KNIGHT..=QUEEN].iter().all(|&u| u > 0));
    let expected = king_danger(&Side {
        units,
        attackers: 2,
        ..Side::default()
    });
    assert_eq!(t.king_danger.mg, [0, -expected]);
    assert!(expected > 0);
    // The same pieces far away: the queen on a1 still reaches g7 and h8,
    // but one attacker alone counts nothing.
    assert_eq!(
        terms("6k1/8/8/8/8/8/N7/Q3K3 w - - 0 1").king_danger.mg,
        [0, 0]
    );
    // Black's d6 pawn attacks the knight on e5, which nothing guards: a
    // threat by a pawn and a hanging piece. White's c3 and c4 are both
    // isolated, c3 is doubled, neither is passed (d6 stands in front).
    let t = terms("4k3/8/3p4/4N3/2P5/2P5/8/4K3 w - - 0 1");
    assert_eq!(
        t.threats.mg,
        [-(w_(THREAT_BY_PAWN).0 + w_(HANGING).0), 0],
        "knight e5 attacked by d6 and not defended"
    );
    assert_eq!(t.pawns.mg[0], 2 * w_(ISOLATED).0 + w_(DOUBLED).0);
    // Castled king with the g-pawn gone: one open file for White.
    let t = terms("6k1/5ppp/8/8/8/8/5P1P/6K1 w - - 0 1");
    assert_eq!(t.shelter.mg, [w_(KING_OPEN_FILE).0, 0]);
    // A rook on an open file and the bishop pair.
    let t = terms("4k3/8/8/8/8/8/8/R1BBK3 w - - 0 1");
    assert_eq!(
        t.pieces.mg[0],
        w_(ROOK_OPEN).0 + w_(BISHOP_PAIR).0,
        "open a-file rook and two bishops"
    );
}

/// Threats seen through the attack maps the piece loop builds: a rook
/// attacked by a knight, and a piece that a rook defends does not hang.
#[test]
fn threats_use_every_pieces_reach() {
    // Black's knight on b3 attacks the rook on a1, which nothing guards.
    let t = terms("4k3/8/8/8/8/1n6/8/R3K3 w - - 0 1");
    assert_eq!(t.threats.mg, [-(w_(THREAT_BY_MINOR).0 + w_(HANGING).0), 0]);
    // White's queen on d4 attacked by the rook on d8 and unguarded; the
    // rook it attacks back is guarded by its king.
    let t = terms("3rk3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    assert_eq!(t.threats.mg, [-(w_(THREAT_BY_ROOK).0 + w_(HANGING).0), 0]);
    // The knight on e5, attacked by d6, guarded by the rook on e2.
    let t = terms("4k3/8/3p4/4N3/8/8/4R3/K7 w - - 0 1");
    assert_eq!(t.threats.mg, [-w_(THREAT_BY_PAWN).0, 0]);
}

/// The total is every term's sum, in both phases.
#[test]
fn the_total_sums_every_term() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "6k1/5ppp/8/6NQ/8/8/PP3PPP/1K1R4 w - - 0 1",
        "4k3/8/3p4/4N3/2P5/2P5/8/4K3 w - - 0 1",
    ] {
        let t = terms(fen);
        let all = [
            t.material,
            t.mobility,
            t.pieces,
            t.pawns,
            t.king_danger,
            t.shelter,
            t.threats,
        ];
        let (mut mg, mut eg) = (0, 0);
        for term in all {
            mg += term.mg[0] - term.mg[1];
            eg += term.eg[0] - term.eg[1];
            assert_eq!(
                term.net(),
                (term.mg[0] - term.mg[1], term.eg[0] - term.eg[1])
            );
        }
        assert_eq!(t.total(), (mg, eg), "{fen}");
        // Most terms have something to say in these positions.
        let speaking = all.iter().filter(|x| **x != Term::default()).count();
        assert!(speaking >= 4, "{fen}: {speaking} terms");
    }
}

/// The tuner (`benches/tune_chess.rs`) reads each weight's feature as the
/// terms with that weight alone: it relies on every term being linear in
/// the weights, which this checks over real positions (two sets of
/// weights, their sum, and none).
#[test]
fn the_terms_are_linear_in_the_weights() {
    let a = WEIGHTS;
    let (mut b, mut sum) = (Weights::ZERO, Weights::ZERO);
    for i in 0..WEIGHT_PAIRS {
        let x = i as Score;
        *b.pair_mut(i) = [(x * 7) % 23 - 11, (x * 5) % 17 - 8];
        *sum.pair_mut(i) = [a.pair(i)[0] + b.pair(i)[0], a.pair(i)[1] + b.pair(i)[1]];
    }
    let zero = Weights::ZERO;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "4k3/1P6/8/3pP3/8/2n5/5PK1/8 b - d6 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let total = |w: &Weights| Terms::with(&pos, w).total();
        let (s, x, y, z) = (total(&sum), total(&a), total(&b), total(&zero));
        assert_eq!(s, (x.0 + y.0 - z.0, x.1 + y.1 - z.1), "{fen}");
        let material = |w: &Weights| Terms::with(&pos, w).material;
        assert_ne!(
            material(&a),
            material(&zero),
            "{fen}: the weights must matter"
        );
    }
}
