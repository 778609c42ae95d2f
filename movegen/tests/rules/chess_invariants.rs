//! Orthodox chess over random games: the fast generator (pins, check masks,
//! magic bitboards) against an independent brute-force generator written
//! here from the rules (every from/to pair, geometry by stepping, legality by
//! playing the move on a plain 8x8 array and scanning for attacks), plus the
//! usual invariants: make/unmake restores position and key, the incremental
//! key equals the key from scratch, `count_legal` equals the list length,
//! `is_legal` agrees with the list on near misses, notation and FEN
//! round-trip, and the rule outcomes.

use movegen::chess::Position;
use movegen::game::{Color, EndReason, Game, MoveList, Notation, Outcome};
use std::collections::BTreeSet;

/// A plain board: `b[rank][file]`, pieces as FEN letters, '.' empty.
#[derive(Clone)]
struct Slow {
    b: [[u8; 8]; 8],
    white: bool,
    castle: String,
    ep: Option<(usize, usize)>,
}

fn slow_from_fen(fen: &str) -> Slow {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let mut b = [[b'.'; 8]; 8];
    for (i, row) in f[0].split('/').enumerate() {
        let r = 7 - i;
        let mut c = 0;
        for ch in row.bytes() {
            if ch.is_ascii_digit() {
                c += (ch - b'0') as usize;
            } else {
                b[r][c] = ch;
                c += 1;
            }
        }
    }
    let ep = (f[3] != "-").then(|| {
        let x = f[3].as_bytes();
        ((x[1] - b'1') as usize, (x[0] - b'a') as usize)
    });
    Slow {
        b,
        white: f[1] == "w",
        castle: f[2].to_string(),
        ep,
    }
}

fn own(p: u8, white: bool) -> bool {
    p != b'.' && p.is_ascii_uppercase() == white
}

/// Whether a piece of the side `by_white` attacks (r, c).
fn attacked(b: &[[u8; 8]; 8], r: usize, c: usize, by_white: bool) -> bool {
    for (rr, row) in b.iter().enumerate() {
        for (cc, &p) in row.iter().enumerate() {
            if own(p, by_white) && reaches(b, p, (rr, cc), (r, c), true) {
                return true;
            }
        }
    }
    false
}

/// Whether piece `p` on `from` attacks (`capture` = true) or can quietly
/// move to `to` by its geometry, with the path clear.
fn reaches(
    b: &[[u8; 8]; 8],
    p: u8,
    from: (usize, usize),
    to: (usize, usize),
    capture: bool,
) -> bool {
    let dr = to.0 as i32 - from.0 as i32;
    let dc = to.1 as i32 - from.1 as i32;
    if dr == 0 && dc == 0 {
        return false;
    }
    let clear = |sr: i32, sc: i32| {
        let (mut r, mut c) = (from.0 as i32 + sr, from.1 as i32 + sc);
        while (r, c) != (to.0 as i32, to.1 as i32) {
            if b[r as usize][c as usize] != b'.' {
                return false;
            }
            r += sr;
            c += sc;
        }
        true
    };
    match p.to_ascii_lowercase() {
        b'n' => (dr.abs() == 1 && dc.abs() == 2) || (dr.abs() == 2 && dc.abs() == 1),
        b'k' => dr.abs() <= 1 && dc.abs() <= 1,
        b'b' => dr.abs() == dc.abs() && clear(dr.signum(), dc.signum()),
        b'r' => (dr == 0 || dc == 0) && clear(dr.signum(), dc.signum()),
        b'q' => (dr == 0 || dc == 0 || dr.abs() == dc.abs()) && clear(dr.signum(), dc.signum()),
        b'p' => {
            let up = if p == b'P' { 1 } else { -1 };
            if capture {
                dr == up && dc.abs() == 1
            } else {
                let start = if p == b'P' { 1 } else { 6 };
                // The target is empty for a non-capture; a double step
                // also needs the square it passes.
                let mid = (from.0 as i32 + up) as usize;
                dc == 0 && (dr == up || (dr == 2 * up && from.0 == start && b[mid][from.1] == b'.'))
            }
        }
        _ => false,
    }
}

fn name(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// Every legal move in coordinate notation, by brute force.
fn slow_moves(s: &Slow) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let w = s.white;
    let king_safe = |b: &[[u8; 8]; 8]| {
        let k = if w { b'K' } else { b'k' };
        for r in 0..8 {
            for c in 0..8 {
                if b[r][c] == k {
                    return !attacked(b, r, c, !w);
                }
            }
        }
        false
    };
    for fr in 0..8 {
        for fc in 0..8 {
            let p = s.b[fr][fc];
            if !own(p, w) {
                continue;
            }
            for tr in 0..8 {
                for tc in 0..8 {
                    let target = s.b[tr][tc];
                    if own(target, w) {
                        continue;
                    }
                    let is_pawn = p.eq_ignore_ascii_case(&b'p');
                    let ep = is_pawn && s.ep == Some((tr, tc));
                    let capture = target != b'.' || ep;
                    if !reaches(&s.b, p, (fr, fc), (tr, tc), capture) {
                        continue;
                    }
                    let mut b = s.b;
                    b[tr][tc] = p;
                    b[fr][fc] = b'.';
                    if ep {
                        b[fr][tc] = b'.';
                    }
                    if !king_safe(&b) {
                        continue;
                    }
                    let text = format!("{}{}", name(fr, fc), name(tr, tc));
                    if is_pawn && (tr == 7 || tr == 0) {
                        for l in ["n", "b", "r", "q"] {
                            out.insert(format!("{text}{l}"));
                        }
                    } else {
                        out.insert(text);
                    }
                }
            }
        }
    }
    // Castling: right held, squares between empty, king not in, through or
    // into check.
    let r = if w { 0 } else { 7 };
    for (right, rook_c, between, path) in [
        (
            if w { 'K' } else { 'k' },
            7usize,
            &[5usize, 6][..],
            [4usize, 5, 6],
        ),
        (if w { 'Q' } else { 'q' }, 0, &[1, 2, 3][..], [4, 3, 2]),
    ] {
        let king = if w { b'K' } else { b'k' };
        let rook = if w { b'R' } else { b'r' };
        if s.castle.contains(right)
            && s.b[r][4] == king
            && s.b[r][rook_c] == rook
            && between.iter().all(|&c| s.b[r][c] == b'.')
            && path.iter().all(|&c| !attacked(&s.b, r, c, !w))
        {
            out.insert(format!("{}{}", name(r, 4), name(r, path[2])));
        }
    }
    out
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const STARTS: &[&str] = &[
    Position::START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

#[test]
fn random_games_agree_with_brute_force_and_keep_invariants() {
    let games = if cfg!(debug_assertions) { 40 } else { 400 };
    let mut rng = Rng(0x0DDB_1A5E_5BAD_5EED);
    let mut positions = 0;
    let mut checks = 0;
    for g in 0..games {
        let mut pos = Position::from_fen(STARTS[g % STARTS.len()]).unwrap();
        let mut history = Vec::new();
        for _ in 0..200 {
            let fen = pos.to_fen();
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let fast: BTreeSet<String> = list.iter().map(|&m| pos.move_to_string(m)).collect();
            assert_eq!(fast.len(), list.len(), "duplicate moves in {fen}");
            assert_eq!(fast, slow_moves(&slow_from_fen(&fen)), "{fen}");
            assert_eq!(pos.count_legal(), list.len(), "{fen}");
            assert_eq!(pos.key(), pos.compute_key(), "{fen}");
            assert_eq!(Position::from_fen(&fen).unwrap().to_fen(), fen);
            positions += 1;
            checks += pos.in_check() as usize;
            for &m in &list {
                assert!(pos.is_legal(m));
                assert_eq!(pos.parse_move(&pos.move_to_string(m)).unwrap(), m);
                let undo = pos.make(m);
                pos.unmake(m, undo);
                assert_eq!(pos.to_fen(), fen);
            }
            // Near misses: the same squares with other flags, random pairs.
            for _ in 0..8 {
                let text = format!(
                    "{}{}",
                    name((rng.next() % 8) as usize, (rng.next() % 8) as usize),
                    name((rng.next() % 8) as usize, (rng.next() % 8) as usize)
                );
                assert_eq!(
                    pos.parse_move(&text).is_ok(),
                    fast.contains(&text),
                    "{text} in {fen}"
                );
            }
            if pos.outcome(&history).is_some() || list.is_empty() {
                break;
            }
            // Prefer captures and checks now and then, so endings and
            // promotions come up.
            let m = list[(rng.next() % list.len() as u64) as usize];
            history.push(pos.key());
            pos.make(m);
        }
    }
    assert!(positions > games * 20, "{positions}");
    assert!(checks > games / 4, "{checks} positions in check");
}

#[test]
fn outcomes() {
    let o = |fen: &str| Position::from_fen(fen).unwrap().outcome(&[]);
    // Fool's mate.
    assert_eq!(
        o("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(
        o("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
    assert_eq!(
        o("4k3/8/8/8/8/8/8/R3K3 w Q - 100 80"),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "5bk1/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ] {
        assert_eq!(
            o(fen),
            Some(Outcome::Draw {
                reason: EndReason::BareKings
            }),
            "{fen}"
        );
    }
    // Bishops on different colours and knight pairs can still mate: play on.
    assert_eq!(o("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), None);
    assert_eq!(o("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"), None);
    // Threefold: the knights go out and back twice.
    let mut p = Position::start();
    let mut history = Vec::new();
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        assert_eq!(p.outcome(&history), None);
        history.push(p.key());
        let mv = p.parse_move(m).unwrap();
        p.make(mv);
    }
    assert_eq!(
        p.outcome(&history),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

#[test]
fn castling_and_en_passant_notation() {
    let p = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(p.move_to_string(p.parse_move("O-O").unwrap()), "e1g1");
    assert_eq!(p.move_to_string(p.parse_move("O-O-O").unwrap()), "e1c1");
    // Through check: a rook on f8 stops O-O but not O-O-O.
    let p = Position::from_fen("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1").unwrap();
    assert!(p.parse_move("e1g1").is_err());
    assert!(p.parse_move("e1c1").is_ok());
    // The en-passant capture that would expose the king along the rank.
    let p = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert!(p.parse_move("e5d6").is_err());
    let p = Position::from_fen("8/8/8/K2pP3/8/8/8/7k w - d6 0 1").unwrap();
    assert!(p.parse_move("e5d6").is_ok());
    // Syntax errors never panic, whatever the bytes.
    for bad in [
        "", "e2", "e2e9", "é2e4", "e2e4x", "z1a1", "e7e8k", "O-O-O-O",
    ] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
}
