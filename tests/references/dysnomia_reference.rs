//! The fast Dysnomia generator (movegen::dysnomia) against the independent
//! reference (tests/dy_reference, written from the rule texts alone): the
//! two play the same seeded random games in lockstep, biased toward the
//! rare rules, and must agree in every position on the exact set of legal
//! turns (denials included), the FEN after every turn, and the game's
//! status. Release runs at least 2,000 positions (CI); debug a smoke run.

use crate::common;
use crate::dy_reference;

use dy_reference::{RefPos, RefStatus};
use movegen::dysnomia::game::State;
use movegen::dysnomia::{Kind, Position};
use movegen::{Color, Outcome};

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The rule a turn text exercises (a rule is picked first, then a turn).
fn category(text: &str) -> u8 {
    if text == "@@@@" {
        0
    } else if text.contains('~') {
        1
    } else if text.contains(';') || text.contains('@') {
        2
    } else if text.contains('[') || text.contains('^') {
        3
    } else if text.len() >= 4 && text[..2] == text[2..4] {
        4
    } else if text.contains(',') {
        5
    } else {
        6
    }
}

fn fast_status(s: &State) -> RefStatus {
    // A loss is final only when the loser cannot deny (R-B4.4): the
    // state's rule end says so.
    match s.rule_end() {
        Some(Outcome::Win { winner, reason }) => match winner {
            Color::White => RefStatus::WhiteWins(reason.describe().into()),
            Color::Black => RefStatus::BlackWins(reason.describe().into()),
        },
        Some(Outcome::Draw { reason }) => RefStatus::Draw(reason.describe().into()),
        None => RefStatus::Ongoing,
    }
}

/// Statuses agree on who wins (or that it is drawn, or goes on); the
/// reasons are each side's own words.
fn same_result(a: &RefStatus, b: &RefStatus) -> bool {
    matches!(
        (a, b),
        (RefStatus::Ongoing, RefStatus::Ongoing)
            | (RefStatus::WhiteWins(_), RefStatus::WhiteWins(_))
            | (RefStatus::BlackWins(_), RefStatus::BlackWins(_))
            | (RefStatus::Draw(_), RefStatus::Draw(_))
    )
}

/// How often the compared positions show the rare rules.
#[derive(Clone, Copy, Debug, Default)]
struct Coverage {
    columns: usize,
    statues: usize,
    exile: usize,
    bait: usize,
    risen: usize,
    forbid: usize,
    cascades: usize,
}

impl Coverage {
    fn look(&mut self, s: &State) {
        let p = &s.pos;
        let on_board = |k: Kind| p.board.pieces().any(|(_, _, x)| x.kind() == k);
        self.columns += (p.board.columns() != 0) as usize;
        self.statues += on_board(Kind::Statue) as usize;
        self.exile += (p.in_exile(Color::White) || p.in_exile(Color::Black)) as usize;
        self.bait += p.bait as usize;
        self.risen += p.board.pieces().any(|(_, _, x)| x.risen()) as usize;
        self.forbid += p.forbid.is_some() as usize;
    }
}

fn starting_points() -> Vec<String> {
    let mut v: Vec<String> = common::suite("dysnomia")
        .into_iter()
        .map(|e| e.fen)
        .collect();
    v.push("4k3/PPP5/8/8/8/8/ppp5/4K3 w - - 0 1 pools=QRN/-/qrn/-".into());
    v.push("r3k3/1P4P1/8/3(Rb)4/8/8/1p4p1/4K2R b Kq - 0 1 pools=QN/B/qn/-".into());
    v.push("T6k/3P4/8/2(RQ)5/8/8/5p2/4K2t w - - 0 1 pools=N/-/rn/-".into());
    // The later rulings (R-B16.1 to R-B16.5), one position each where
    // they decide something: a loss by one's own turn, baits that no
    // reply relieves, a pawn converting while a risen Bishop is due, a
    // King's two captures with a fall and a revenge, chains of disguises.
    v.push("7k/8/8/4q3/3P4/8/8/8 w - - 0 1 pools=-/K/-/-".into());
    v.push("k3r3/8/8/8/8/8/5P2/3RK3 w - - 0 1".into());
    v.push("7k/8/8/8/3Kq3/3P4/8/R7 w - - 0 1".into());
    v.push("2(rP)3k1/8/3N4/8/8/8/8/B6K w - - 0 1 risen=a1".into());
    v.push("7k/8/8/3q(rP)3/4K3/8/P7/8 w - - 0 1".into());
    v.push("7k/8/8/4(RnP)3/3PP3/8/8/K7 w - - 0 1".into());
    v
}

/// Whether a FEN holds the position: not one decided inside a bait or by
/// a captured King.
fn has_fen(p: &Position) -> bool {
    p.winner.is_none() && p.pools.captured.iter().all(|c| c[0] == 0)
}

fn pieces(p: &Position) -> usize {
    p.board.pieces().count()
}

#[test]
fn fast_and_reference_agree_over_random_games() {
    let (games, plies) = if cfg!(debug_assertions) {
        (3, 8)
    } else {
        (110, 20)
    };
    let mut positions = 0;
    let mut turns_compared = 0;
    let mut seen = [0usize; 7];
    // Positions showing each rare rule, and turns that removed two or more
    // pieces (falls, revenges, rises at work).
    let mut cover = Coverage::default();
    for seed in 0..games as usize {
        let mut rng = Rng((seed as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
        // Games start from positions that reach the rare rules early
        // (the perft suite's, and pawns about to convert), the start too.
        let starts = starting_points();
        let fen = &starts[seed % starts.len()];
        let mut fast = State::new(Position::from_fen(fen).unwrap());
        let mut slow = RefPos::from_fen(fen).unwrap();
        for ply in 0..plies {
            let at = format!("game {seed} ply {ply}: {}", fast.pos.to_fen());
            // A game decided by a captured King has no FEN (the fast
            // position keeps no captured King); its turns and status are
            // still compared.
            if has_fen(&fast.pos) {
                assert_eq!(slow.to_fen(), fast.pos.to_fen(), "{at}");
            }
            let ours: Vec<(String, State)> = fast
                .legal_turns()
                .into_iter()
                .map(|(m, s)| (m.text(), s))
                .collect();
            let texts: Vec<&str> = ours.iter().map(|(t, _)| t.as_str()).collect();
            let theirs = slow.legal_turns();
            assert_eq!(texts, theirs, "{at}: turn lists differ");
            let (st_fast, st_slow) = (fast_status(&fast), slow.status());
            assert!(
                same_result(&st_fast, &st_slow),
                "{at}: status {st_fast:?} vs reference {st_slow:?}"
            );
            positions += 1;
            cover.look(&fast);
            // The position after every turn (a sample of 24 when there
            // are more), FEN for FEN.
            let step = ours.len().div_ceil(24).max(1);
            for (t, s) in ours.iter().step_by(step) {
                let r = slow
                    .play(t)
                    .unwrap_or_else(|e| panic!("{at}: reference refuses {t}: {e}"));
                if has_fen(&s.pos) {
                    assert_eq!(r.to_fen(), s.pos.to_fen(), "{at}: after {t}");
                }
                turns_compared += 1;
            }
            if ours.is_empty() || !matches!(st_slow, RefStatus::Ongoing) {
                break;
            }
            let cats: Vec<u8> = texts.iter().map(|t| category(t)).collect();
            let mut present = cats.clone();
            present.sort_unstable();
            present.dedup();
            let cat = present[rng.below(present.len())];
            let of: Vec<usize> = (0..cats.len()).filter(|&i| cats[i] == cat).collect();
            let pick = of[rng.below(of.len())];
            seen[cat as usize] += 1;
            let t = ours[pick].0.clone();
            if pieces(&ours[pick].1.pos) + 2 <= pieces(&fast.pos) {
                cover.cascades += 1;
            }
            slow = slow.play(&t).unwrap();
            fast = ours[pick].1;
        }
    }
    eprintln!(
        "{positions} positions, {turns_compared} turns compared; picked by rule \
         (deny, disguise, actions, columns, all-round, multi-leg, other): {seen:?}; {cover:?}"
    );
    if !cfg!(debug_assertions) {
        assert!(positions >= 2000, "only {positions} positions");
        assert!(
            seen.iter().all(|&n| n > 20),
            "every rule family came up: {seen:?}"
        );
        let Coverage {
            columns,
            statues,
            exile,
            bait,
            risen,
            forbid,
            cascades,
        } = cover;
        for (what, n) in [
            ("columns", columns),
            ("statues", statues),
            ("exile", exile),
            ("bait", bait),
            ("risen bishops", risen),
            ("re-moves after a denial", forbid),
            ("cascades", cascades),
        ] {
            assert!(n >= 20, "only {n} positions with {what}: {cover:?}");
        }
    }
}

/// Perft from the start agrees at depth 3 (denials from the second ply).
#[test]
fn start_perft_agrees() {
    let depth = if cfg!(debug_assertions) { 2 } else { 3 };
    let fast = State::new(Position::from_fen(movegen::dysnomia::fen::START).unwrap());
    assert_eq!(fast.perft(depth), RefPos::start().perft(depth));
}
