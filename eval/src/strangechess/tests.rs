//! Tests of the Strange Chess evaluation, and the plain definition of its
//! terms that the table-driven one must equal.

use super::*;
use movegen::Tactical;

fn eval_fen(fen: &str) -> Score {
    evaluate_white(&Position::from_fen(fen).unwrap())
}

#[test]
fn the_start_is_level_and_colours_mirror() {
    assert_eq!(eval_fen(movegen::strangechess::fen::START), 0);
    // White a queen up, and the same with colours swapped.
    let a = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5Q6/6K5 w - - 0 1");
    let b = eval_fen("6k5/5q6/12/12/12/12/12/12/12/12/12/6K5 b - - 0 1");
    assert!(a > 800, "{a}");
    assert_eq!(a, -b);
}

#[test]
fn mop_up_drives_a_bare_king_to_the_edge_and_brings_the_kings_together() {
    // White Queen against the bare black King: the King on the edge is
    // worse for Black than in the centre, the white King near it better.
    let centre = eval_fen("12/12/12/12/12/5k6/12/12/12/12/3Q8/K11 w - - 0 1");
    let edge = eval_fen("12/12/12/12/12/11k/12/12/12/12/3Q8/K11 w - - 0 1");
    let close = eval_fen("12/12/12/12/12/11k/12/9K2/12/12/3Q8/12 w - - 0 1");
    // (The King also moved 5 files further from the white King.)
    assert_eq!(edge - centre, mop_up::EDGE * 5 - mop_up::CLOSE * 5);
    assert_eq!(close - edge, mop_up::CLOSE * (11 - 2));
    // Black with a Pawn left: no mop-up, the King may stay central.
    let pawn_c = eval_fen("12/12/12/12/12/5k6/12/12/12/p11/3Q8/K11 w - - 0 1");
    let pawn_e = eval_fen("12/12/12/12/12/11k/12/12/12/p11/3Q8/K11 w - - 0 1");
    assert_eq!(pawn_e - pawn_c, 0);
}

#[test]
fn powers_sieges_and_tunnels_count() {
    let plain = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5X6/6K5 w - - 0 1");
    let grown = eval_fen("6k5/12/12/12/12/12/12/12/12/12/5X6/6K5 w - - 0 1 powers=f2:RB");
    assert_eq!(grown - plain, 330);
    // A black Halfer besieging the white Knight on d4: the Knight is
    // counted as partly lost, more so with one ply left than with four.
    let fresh = eval_fen("6k5/12/12/12/12/12/12/12/3(Nh)8/12/12/6K5 w - - 0 1 sieges=d4b4");
    let late = eval_fen("6k5/12/12/12/12/12/12/12/3(Nh)8/12/12/6K5 b - - 0 1 sieges=d4b1");
    assert!(late < fresh, "{late} {fresh}");
}

#[test]
fn features_count_king_exposure_and_mobility() {
    // A black Digger on the white King's cell colour (c11 and g1) and
    // a black Stone two cells from it; a white Rook on a1 with the
    // a-file and first rank open to the King.
    let p = Position::from_fen("6k5/2d9/12/12/12/12/12/12/12/12/5s6/R5K5 w - - 0 1").unwrap();
    let f = terms(&p, &HANDSET).features;
    assert_eq!(f[11], -1, "digger exposure");
    assert_eq!(f[12], -1, "stone near king");
    // a2..a12 (11) and b1..f1 (5).
    assert_eq!(f[13], 16, "rook mobility");
    // The material features: a Rook for White, a Digger and a Stone for
    // Black.
    assert_eq!(f[3], 1);
    assert_eq!(f[8], -1);
    assert_eq!(f[9], -1);
    // The weights multiply the features: the evaluation is linear in them.
    let w = Weights {
        digger_exposure: 50,
        stone_near_king: 20,
        mobility: 2,
        ..HANDSET
    };
    assert_eq!(
        evaluate_with(&p, &w) - evaluate_with(&p, &HANDSET),
        -50 - 20 + 2 * 16
    );
    assert_eq!(Weights::from_vec(&w.to_vec()), w);
}

#[test]
fn a_custodian_capture_gains_the_sandwiched_piece() {
    // The white Stone steps d2-d3: the black Knight on d4 is caught
    // between it and the white Rook on d5.
    let p = Position::from_fen("6k5/12/12/12/12/12/12/3R8/3n8/12/3S8/6K5 w - - 0 1").unwrap();
    let m = movegen::Notation::parse_move(&p, "d2d3").unwrap();
    assert!(p.is_noisy(m));
    assert_eq!(
        p.capture_gain(&EvalConfig::DEFAULT, m),
        value(&DEFAULT, Kind::Knight)
    );
    let quiet = movegen::Notation::parse_move(&p, "d2c3").unwrap();
    assert!(!p.is_noisy(quiet));
}

#[test]
fn a_queen_taking_a_guarded_pawn_is_likely_losing() {
    let guarded =
        Position::from_fen("6k5/12/12/4p7/3p8/12/12/12/12/12/12/3Q2K5 w - - 0 1").unwrap();
    let m = movegen::Notation::parse_move(&guarded, "d1d8").unwrap();
    assert!(guarded.likely_losing(&EvalConfig::DEFAULT, m));
    let hanging = Position::from_fen("6k5/12/12/12/3p8/12/12/12/12/12/12/3Q2K5 w - - 0 1").unwrap();
    let m = movegen::Notation::parse_move(&hanging, "d1d8").unwrap();
    assert!(!hanging.likely_losing(&EvalConfig::DEFAULT, m));
}

#[test]
fn capture_gain_counts_both_occupants() {
    // The white Rook takes a black Knight sharing with a black Halfer:
    // the Knight at once, the Halfer by the siege that starts.
    let p = Position::from_fen("6k5/12/12/12/12/3(nh)8/12/12/12/12/3R8/6K5 w - - 0 1").unwrap();
    let m = movegen::Notation::parse_move(&p, "d2d7").unwrap();
    assert_eq!(
        p.capture_gain(&EvalConfig::DEFAULT, m),
        value(&DEFAULT, Kind::Knight) + value(&DEFAULT, Kind::Halfer)
    );
}

/// The evaluation's terms written plainly (the first version, kept as
/// the definition the fast one must equal).
mod plain {
    use super::super::*;

    fn centre_distance(sq: usize) -> i32 {
        mop_up::centre_distance(file_of(sq) as i32, rank_of(sq) as i32, 12)
    }

    /// Empty cells a slider on `sq` reaches along the rays of `dirs`.
    fn slider_reach(p: &Position, sq: usize, diagonal: bool, straight: bool) -> Score {
        let t = tables();
        let mut n = 0;
        for (d, ray) in t.rays[sq].iter().enumerate() {
            if (d % 2 == 1 && !diagonal) || (d % 2 == 0 && !straight) {
                continue;
            }
            for &c in ray.cells() {
                let c = c as usize;
                if !p.is_square(c) || p.is_occupied(c) {
                    break;
                }
                n += 1;
            }
        }
        n
    }

    /// Same colour of cell (the only cells a diagonal mover reaches).
    fn same_cell_colour(a: usize, b: usize) -> bool {
        (file_of(a) + rank_of(a)) % 2 == (file_of(b) + rank_of(b)) % 2
    }

    /// The features and the other terms of `p`, as the evaluation first
    /// computed them, cell by cell: the oracle of the table-driven [`super::super::terms`].
    pub(super) fn terms(p: &Position, w: &Weights) -> Terms {
        let mut f = [0; FEATURES];
        let mut rest = 0;
        // Each kind's feature, by kind number (a search evaluates often).
        const INDEX: [Option<usize>; 13] = {
            let mut t = [None; 13];
            let mut i = 0;
            while i < MATERIAL_KINDS.len() {
                t[MATERIAL_KINDS[i] as usize] = Some(i);
                i += 1;
            }
            t
        };
        let index = |k: Kind| INDEX[k as usize];
        // Per side: material (in `w`) and Pawns, for the mop-up term.
        let mut material = [0; 2];
        let mut pawns = [0; 2];
        for c in [Color::White, Color::Black] {
            let sign = if c == Color::White { 1 } else { -1 };
            let mut own = 0;
            let enemy_king = p.king_square(c.flip());
            for sq in p.occupied_by(c).iter() {
                if let Some(pc) = p.piece_at(sq).filter(|pc| pc.color() == c) {
                    let k = pc.kind();
                    // A Wall counts once, on its anchor.
                    if k == Kind::Wall && p.wall(c).is_some_and(|(a, _)| a != sq) {
                        continue;
                    }
                    if let Some(i) = index(k) {
                        f[i] += sign;
                    }
                    material[c.index()] += w.material[k as usize];
                    pawns[c.index()] += (k == Kind::Pawn) as usize;
                    let tunneller = k == Kind::Digger
                        || (k == Kind::Bacteria && p.powers_at(sq) & power::T != 0);
                    if let Some(ek) = enemy_king {
                        if tunneller && same_cell_colour(sq, ek) {
                            f[11] += sign; // a threat to the enemy king
                        }
                        if k == Kind::Stone
                            && file_of(sq).abs_diff(file_of(ek)) <= 2
                            && rank_of(sq).abs_diff(rank_of(ek)) <= 2
                        {
                            f[12] += sign;
                        }
                    }
                    match k {
                        Kind::Bacteria => {
                            own += power_value(p.powers_at(sq)) + 6 - centre_distance(sq)
                        }
                        Kind::Pawn => {
                            let advance = if c == Color::White {
                                rank_of(sq) as i32 - 2
                            } else {
                                9 - rank_of(sq) as i32
                            };
                            own += 4 * advance.max(0);
                        }
                        Kind::Knight | Kind::Magician => own += 3 * (5 - centre_distance(sq)),
                        Kind::Rook => f[13] += sign * slider_reach(p, sq, false, true),
                        Kind::Bishop => f[13] += sign * slider_reach(p, sq, true, false),
                        Kind::Queen => f[13] += sign * slider_reach(p, sq, true, true),
                        _ => {}
                    }
                }
                let halfers = p.halfers(sq, c) as Score;
                if halfers > 0 {
                    f[10] += sign * halfers;
                    material[c.index()] += halfers * w.material[Kind::Halfer as usize];
                    own += halfers * 3 * (5 - centre_distance(sq));
                }
            }
            for t in p.tunnels() {
                if t.owner == c {
                    own += TUNNEL;
                }
            }
            rest += sign * own;
        }
        // (The sieges' and the mop-up's terms are the evaluation's own.)
        rest += mop_up(p, w, material, pawns) + siege_losses(p, w);
        Terms { features: f, rest }
    }
}

/// A pseudo-random generator for the tests below (xorshift).
fn rng(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// A FEN of pieces strewn at random (a quarter of the cells), with
/// random Bacteria powers: Stones, Diggers and sliders near and far
/// from both Kings, which games from the start reach rarely.
fn strewn_fen(next: &mut impl FnMut() -> u64) -> String {
    let letters = ['Q', 'R', 'B', 'N', 'P', 'X', 'M', 'D', 'S', 'H'];
    let mut cells = [None; 144];
    for (i, king) in ['K', 'k'].into_iter().enumerate() {
        cells[(next() % 72) as usize + 72 * i] = Some(king);
    }
    for cell in cells.iter_mut().filter(|c| c.is_none()) {
        if next().is_multiple_of(4) {
            let l = letters[(next() % letters.len() as u64) as usize];
            *cell = Some(if next().is_multiple_of(2) {
                l
            } else {
                l.to_ascii_lowercase()
            });
        }
    }
    let mut ranks = Vec::new();
    let mut powers = Vec::new();
    for rank in (0..12).rev() {
        let (mut text, mut empty) = (String::new(), 0);
        for file in 0..12 {
            match cells[rank * 12 + file] {
                None => empty += 1,
                Some(l) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text.push(l);
                    let gained: String = "RBPDCTS"
                        .chars()
                        .filter(|_| next().is_multiple_of(3))
                        .collect();
                    if l.eq_ignore_ascii_case(&'X') && !gained.is_empty() {
                        let name = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
                        powers.push((rank * 12 + file, format!("{name}:{gained}")));
                    }
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        ranks.push(text);
    }
    powers.sort();
    let side = if next().is_multiple_of(2) { 'w' } else { 'b' };
    let mut fen = format!("{} {side} - - 0 1", ranks.join("/"));
    if !powers.is_empty() {
        let list: Vec<String> = powers.into_iter().map(|(_, t)| t).collect();
        fen += &format!(" powers={}", list.join(","));
    }
    fen
}

fn assert_terms_equal(p: &Position) {
    for w in [&HANDSET, &FITTED] {
        let (fast, plain) = (terms(p, w), plain::terms(p, w));
        assert_eq!(fast.features, plain.features, "{}", p.to_fen());
        assert_eq!(fast.rest, plain.rest, "{}", p.to_fen());
    }
}

/// The table-driven terms equal the plain ones (every feature,
/// including those the default weights zero, and the other terms) in
/// positions of random games, which reach Walls, Halfers, Bacteria
/// powers, tunnels and sieges, and in positions of pieces strewn at
/// random.
#[test]
fn terms_equal_the_plain_definition() {
    use movegen::game::Game;
    let mut next = rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    for _ in 0..60 {
        let mut p = Position::from_fen(movegen::strangechess::fen::START).unwrap();
        for _ in 0..200 {
            assert_terms_equal(&p);
            positions += 1;
            let mut moves = <Position as Game>::Moves::default();
            p.legal_moves(&mut moves);
            if moves.is_empty() || p.decisive().is_some() {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            p.make(m);
        }
    }
    assert!(positions > 5_000, "{positions}");
    let mut strewn = 0;
    for _ in 0..3_000 {
        // (Pawns on an end rank and the like are refused: skipped.)
        if let Ok(p) = Position::from_fen(&strewn_fen(&mut next)) {
            assert_terms_equal(&p);
            strewn += 1;
        }
    }
    assert!(strewn > 500, "{strewn}");
}

/// Quiescence asks the losing test and the order with the gain it found
/// already: the answers equal those that find the gain themselves.
#[test]
fn judging_a_capture_with_its_gain_known_answers_the_same() {
    use movegen::game::Game;
    let c = &EvalConfig::DEFAULT;
    let mut next = rng(0x2545_f491_4f6c_dd1d);
    let mut judged = 0;
    for _ in 0..20 {
        let mut p = Position::from_fen(movegen::strangechess::fen::START).unwrap();
        for _ in 0..150 {
            let mut noisy = <Position as Game>::Moves::default();
            p.noisy_moves(&mut noisy);
            for &m in noisy.iter() {
                let gain = p.capture_gain(c, m);
                assert_eq!(p.likely_losing_given(c, m, gain), p.likely_losing(c, m));
                assert_eq!(p.tactical_order_given(c, m, gain), p.tactical_order(c, m));
                judged += 1;
            }
            let mut moves = <Position as Game>::Moves::default();
            p.legal_moves(&mut moves);
            if moves.is_empty() || p.decisive().is_some() {
                break;
            }
            p.make(moves[(next() % moves.len() as u64) as usize]);
        }
    }
    assert!(judged > 1_000, "{judged}");
}
