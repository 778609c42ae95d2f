use super::super::test_rng::Rng;
use super::*;
use movegen::{AnyPosition, Variant};

/// Plays random games; at every ply every legal move has its own text,
/// XBoard accepts it, reading it back gives the move, and XBoard's
/// board follows the text. Returns (plies, coded moves played, total
/// distance of XBoard's board from the picture).
fn random_games(games: u64, plies: usize) -> (usize, usize, u32) {
    let (mut total, mut coded, mut drift) = (0, 0, 0);
    for seed in 0..games {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut pos = AnyPosition::start(Variant::StrangeChess);
        let mut xb = XbBoard::from_fen(&pos.fen()).unwrap();
        for _ in 0..plies {
            let table = wire_table(&xb, &pos);
            let legal = pos.legal_move_strings();
            if legal.is_empty() || pos.outcome(&[]).is_some() {
                break;
            }
            assert_eq!(table.len(), legal.len(), "{}", pos.fen());
            let white = pos.side_to_move() == movegen::Color::White;
            // Every text, as sent and as XBoard relays it, names one
            // move.
            let mut texts: Vec<String> = Vec::new();
            for (_, w, _) in &table {
                texts.push(w.text());
                if w.relayed(&xb) != w.text() {
                    texts.push(w.relayed(&xb));
                }
            }
            let count = texts.len();
            for (m, w, _) in &table {
                assert!(
                    !matches!(
                        w,
                        Wire::Move {
                            promo: Some(b'x'),
                            ..
                        }
                    ),
                    "{m} as {}: XBoard reads a suffix x as a leg",
                    w.text()
                );
                assert!(
                    xb.accepts(w, white),
                    "{m} as {} refused in {}",
                    w.text(),
                    pos.fen()
                );
                assert_eq!(Wire::parse(&w.text()).as_ref(), Some(w), "{}", w.text());
            }
            texts.sort();
            texts.dedup();
            assert_eq!(
                texts.len(),
                count,
                "two moves share a text in {}",
                pos.fen()
            );
            let (mv, w, after) = &table[rng.below(table.len())];
            let (back, back_xb) = read_move(&xb, &pos, &w.text()).unwrap();
            assert_eq!(&back, mv);
            let relayed = w.relayed(&xb);
            let (back, _) = read_move(&xb, &pos, &relayed).unwrap();
            assert_eq!(&back, mv, "relayed as {relayed}");
            let mut applied = xb.clone();
            applied.apply(w, white);
            assert_eq!(&applied, after);
            assert_eq!(&back_xb, after);
            if matches!(w, Wire::Move { from, to, kill: Some(_), .. } if from == to) {
                coded += 1;
                if std::env::var("SHOW_CODED").is_ok() {
                    eprintln!("coded {mv} as {} in {}", w.text(), pos.fen());
                }
            }
            pos.play(mv).unwrap();
            xb = after.clone();
            drift += xb.distance(&picture(&pos.fen(), false).unwrap());
            total += 1;
        }
    }
    (total, coded, drift)
}

#[test]
fn every_move_has_its_own_text_that_xboard_accepts() {
    let (plies, coded, drift) = random_games(6, 120);
    eprintln!("{plies} plies, {coded} coded, drift {drift}");
    assert!(plies > 300);
    // XBoard's board stays close to the picture: on average less than
    // one glyph off (a missing piece counts 4) per ply, though random
    // play casts a spell every third move, which XBoard cannot draw.
    assert!(drift < 3 * plies as u32, "drift {drift} over {plies} plies");
}
