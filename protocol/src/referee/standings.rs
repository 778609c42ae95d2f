//! The standings of `curio match`: each finished game counted (scores,
//! depths, clock use, the head-to-head result, how games ended) and the
//! final report.

use super::game::{Events, PlayedGame};
use super::stats::{Pentanomial, Sprt, SprtVerdict, Wld};
use super::tournament::{Job, MatchConfig};
use crate::cli::CliError;
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Mutex;
use std::time::Duration;

/// Scores and statistics, per engine.
#[derive(Default, Clone)]
struct Standing {
    total: Wld,
    by_colour: [Wld; 2],
    depth: (u64, u64),
    /// Time used and time given, over all its games (see
    /// [`PlayedGame::time`]).
    time: (Duration, Duration),
}

/// The match so far: every finished game counted (shared by the workers).
pub(super) struct Tally {
    standings: Vec<Standing>,
    /// Head to head for the first pairing (engine 0's view), for Elo/SPRT.
    pub(super) head: Wld,
    /// The same by pairs of games from one opening.
    head_pairs: Pentanomial,
    /// Engine 0's points in the first finished game of each head-to-head
    /// opening whose second game is still to come.
    half_pairs: BTreeMap<usize, f64>,
    reasons: BTreeMap<String, usize>,
    done: usize,
    /// The SPRT's decision that stopped the match, the games counted
    /// then and the LLR: games still running were played out and
    /// counted after it, and may have moved the LLR back between the
    /// bounds.
    pub(super) sprt_stop: Option<(SprtVerdict, usize, f64)>,
    /// Dysnomia's denials and baits, and the plies they occurred in.
    events: Events,
    plies: usize,
}

impl Tally {
    /// Nothing counted yet, for `engines` engines.
    pub(super) fn new(engines: usize) -> Tally {
        Tally {
            standings: vec![Standing::default(); engines],
            head: Wld::default(),
            head_pairs: Pentanomial::default(),
            half_pairs: BTreeMap::new(),
            reasons: BTreeMap::new(),
            done: 0,
            sprt_stop: None,
            events: Events::default(),
            plies: 0,
        }
    }

    /// Games finished so far.
    pub(super) fn done(&self) -> usize {
        self.done
    }
}

fn credit(w: &mut Wld, points: f64) {
    if points == 1.0 {
        w.wins += 1;
    } else if points == 0.0 {
        w.losses += 1;
    } else {
        w.draws += 1;
    }
}

/// Adds a finished game to the tally; returns the progress line.
pub(super) fn record(
    cfg: &MatchConfig,
    tally: &Mutex<Tally>,
    job: &Job,
    rec: &PlayedGame,
    total: usize,
) -> String {
    let mut t = tally.lock().unwrap();
    let white_points = match rec.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        _ => 0.5,
    };
    credit(&mut t.standings[job.white].total, white_points);
    credit(&mut t.standings[job.white].by_colour[0], white_points);
    credit(&mut t.standings[job.black].total, 1.0 - white_points);
    credit(&mut t.standings[job.black].by_colour[1], 1.0 - white_points);
    for (i, &k) in [job.white, job.black].iter().enumerate() {
        t.standings[k].depth.0 += rec.depth[i].0;
        t.standings[k].depth.1 += rec.depth[i].1;
        t.standings[k].time.0 += rec.time[i].0;
        t.standings[k].time.1 += rec.time[i].1;
    }
    let head_points = match (job.white, job.black) {
        (0, 1) => Some(white_points),
        (1, 0) => Some(1.0 - white_points),
        _ => None,
    };
    if let Some(points) = head_points {
        credit(&mut t.head, points);
        match t.half_pairs.remove(&job.opening) {
            Some(first) => t.head_pairs.add(first + points),
            None => {
                t.half_pairs.insert(job.opening, points);
            }
        }
    }
    *t.reasons.entry(rec.reason.clone()).or_default() += 1;
    t.done += 1;
    t.events += rec.events;
    t.plies += rec.moves.len();
    let head = t.head;
    let (elo, lo, hi) = head.elo();
    format!(
        "game {:>4}/{total}: {} vs {} {} ({}, {} plies)   {} vs {}: +{} -{} ={}  Elo {:+.0} [{:+.0}, {:+.0}]",
        t.done,
        rec.white,
        rec.black,
        rec.result,
        rec.reason_in_full(),
        rec.moves.len(),
        cfg.engines[0].name,
        cfg.engines[1].name,
        head.wins,
        head.losses,
        head.draws,
        elo,
        lo,
        hi
    )
}

/// Writes the final report: the table of standings, the head-to-head
/// result of the first two engines (Elo, pairs, SPRT), Dysnomia's
/// denials and baits, and how the games ended.
pub(super) fn report(
    cfg: &MatchConfig,
    t: &Tally,
    scheduled: usize,
    out: &mut impl Write,
) -> Result<(), CliError> {
    writeln!(
        out,
        "\n{} games of {} played ({} scheduled)",
        t.done,
        cfg.variant.id(),
        scheduled
    )?;
    write_table(cfg, t, out)?;
    write_head_to_head(cfg, t, out)?;
    if let Some(s) = &cfg.sprt {
        write_sprt(s, &t.head, t.sprt_stop, out)?;
    }
    if cfg.variant.card().denial.is_some() {
        writeln!(
            out,
            "\nDenials: {}, baits: {}, in {} plies",
            t.events.denials, t.events.baits, t.plies
        )?;
    }
    writeln!(out, "\nHow games ended:")?;
    let mut reasons: Vec<(&String, &usize)> = t.reasons.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (r, n) in reasons {
        writeln!(out, "  {n:>5}  {r}")?;
    }
    Ok(())
}

/// The standings: one line per engine, best score first.
fn write_table(cfg: &MatchConfig, t: &Tally, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<16} {:>5} {:>6} {:>5} {:>5} {:>5}   {:>15}   {:>15}   {:>9}   {:>10}",
        "engine",
        "games",
        "score",
        "wins",
        "loss",
        "draw",
        "as white W/L/D",
        "as black W/L/D",
        "avg depth",
        "clock used"
    )?;
    let mut order: Vec<usize> = (0..cfg.engines.len()).collect();
    order.sort_by(|&a, &b| {
        t.standings[b]
            .total
            .score()
            .total_cmp(&t.standings[a].total.score())
    });
    for k in order {
        let s = &t.standings[k];
        let w = s.by_colour[0];
        let b = s.by_colour[1];
        let depth = if s.depth.1 > 0 {
            format!("{:.1}", s.depth.0 as f64 / s.depth.1 as f64)
        } else {
            "-".into()
        };
        let clock = if s.time.1.is_zero() {
            "-".into()
        } else {
            format!(
                "{:.1}%",
                100.0 * s.time.0.as_secs_f64() / s.time.1.as_secs_f64()
            )
        };
        writeln!(
            out,
            "{:<16} {:>5} {:>5.1}% {:>5} {:>5} {:>5}   {:>15}   {:>15}   {:>9}   {:>10}",
            cfg.engines[k].name,
            s.total.games(),
            100.0 * s.total.score(),
            s.total.wins,
            s.total.losses,
            s.total.draws,
            format!("{}/{}/{}", w.wins, w.losses, w.draws),
            format!("{}/{}/{}", b.wins, b.losses, b.draws),
            depth,
            clock
        )?;
    }
    Ok(())
}

/// The first two engines head to head: their score and Elo by games, and
/// by pairs of games from one opening once a pair is complete.
fn write_head_to_head(cfg: &MatchConfig, t: &Tally, out: &mut impl Write) -> std::io::Result<()> {
    let (elo, lo, hi) = t.head.elo();
    writeln!(
        out,
        "\n{} vs {}: score {:.1}% over {} games, Elo {:+.1} (95%: {:+.1} to {:+.1})",
        cfg.engines[0].name,
        cfg.engines[1].name,
        100.0 * t.head.score(),
        t.head.games(),
        elo,
        lo,
        hi
    )?;
    let p = t.head_pairs;
    if p.pairs() > 0 {
        let (elo, lo, hi) = p.elo();
        writeln!(
            out,
            "{} vs {} by pairs of games (one opening, colours swapped), {} pairs scoring 0/0.5/1/1.5/2: {}/{}/{}/{}/{}, Elo {:+.1} (95%: {:+.1} to {:+.1})",
            cfg.engines[0].name,
            cfg.engines[1].name,
            p.pairs(),
            p.0[0],
            p.0[1],
            p.0[2],
            p.0[3],
            p.0[4],
            elo,
            lo,
            hi
        )?;
    }
    Ok(())
}

/// The SPRT's log-likelihood ratio for the head-to-head result `head`,
/// its bounds, and its verdict; and the decision that stopped the match
/// (`stop`), when the games played out after it changed the verdict.
fn write_sprt(
    s: &Sprt,
    head: &Wld,
    stop: Option<(SprtVerdict, usize, f64)>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let (a, b) = s.bounds();
    let said = |v: SprtVerdict| match v {
        SprtVerdict::H1 => "H1 accepted",
        SprtVerdict::H0 => "H0 accepted",
        SprtVerdict::Continue => "no decision yet",
    };
    let verdict = s.verdict(head);
    let llr = s.llr(head);
    // An LLR past a bound with no verdict: the verdict waits for every
    // kind of result (`Sprt::verdict`); say so.
    let waiting = verdict == SprtVerdict::Continue && !(a < llr && llr < b);
    let said_now = if waiting {
        "no decision before a win, a loss and a draw have been played"
    } else {
        said(verdict)
    };
    writeln!(
        out,
        "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} (bounds {:.2}, {:.2}): {}",
        s.elo0, s.elo1, s.alpha, s.beta, llr, a, b, said_now
    )?;
    match stop {
        Some((v, games, llr)) if v != verdict => writeln!(
            out,
            "SPRT stopped the match after {games} games with LLR {llr:.2}: {}; the games then running were played out and are counted above",
            said(v)
        ),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt_text(head: Wld, stop: Option<(SprtVerdict, usize, f64)>) -> String {
        let mut out = Vec::new();
        write_sprt(&Sprt::parse("0,10").unwrap(), &head, stop, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn an_llr_past_a_bound_without_every_kind_of_result_says_what_it_waits_for() {
        // LLR about -13 against bounds of +-2.94, but no win yet.
        let early = Wld::new(0, 20, 1);
        let text = sprt_text(early, None);
        assert!(
            text.contains(": no decision before a win, a loss and a draw have been played"),
            "{text}"
        );
        let even = Wld::new(1, 1, 0);
        assert!(sprt_text(even, None).ends_with(": no decision yet\n"));
    }

    /// The game in flight when the SPRT decided can move the LLR back
    /// between the bounds: the report says the match was stopped, and by
    /// what, instead of only "no decision yet" (seen in a 110-game
    /// Dysnomia match stopped at game 109).
    #[test]
    fn the_decision_that_stopped_the_match_is_told() {
        let undecided = Wld::new(60, 50, 200);
        let text = sprt_text(undecided, Some((SprtVerdict::H1, 309, 3.01)));
        assert!(text.contains("): no decision yet\n"), "{text}");
        assert!(
            text.contains("SPRT stopped the match after 309 games with LLR 3.01: H1 accepted;"),
            "{text}"
        );
        // Told once only when the verdict did not change, and not at all
        // when nothing stopped the match.
        let decided = Wld::new(100, 50, 200);
        let text = sprt_text(decided, Some((SprtVerdict::H1, 349, 3.0)));
        assert!(
            text.contains("H1 accepted") && !text.contains("stopped"),
            "{text}"
        );
        let text = sprt_text(undecided, None);
        assert_eq!(text.lines().count(), 1, "{text}");
    }
}
