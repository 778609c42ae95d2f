//! UCI command arguments read into values: `setoption`, `position`, `go`.
//! Every error is a message; nothing here touches the session.

use crate::session::GameRecord;
use engine::limits::{Clock, Limits};
use movegen::game::Color;
use movegen::{AnyPosition, Variant};
use std::time::Duration;

/// `setoption name N [value V]`: the name and the value (empty for a
/// button). Names and values may hold spaces.
pub fn parse_setoption(arg: &str) -> Result<(String, String), String> {
    let rest = arg
        .strip_prefix("name ")
        .ok_or("expected: setoption name <name> [value <value>]")?;
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (rest.trim(), ""),
    };
    if name.is_empty() {
        return Err("missing option name".into());
    }
    Ok((name.to_string(), value.to_string()))
}

/// `position startpos|fen <FEN> [moves m1 m2 ...]` in `variant`: the
/// whole game, or why not (the first bad move named).
pub fn parse_position(variant: Variant, arg: &str) -> Result<GameRecord, String> {
    let (setup, moves) = match arg.split_once(" moves") {
        Some((s, m)) => (s.trim(), Some(m.trim())),
        None => (arg.trim(), None),
    };
    let start = if setup == "startpos" {
        AnyPosition::start(variant)
    } else if let Some(fen) = setup.strip_prefix("fen ") {
        AnyPosition::from_fen(variant, fen.trim()).map_err(|e| format!("illegal position: {e}"))?
    } else {
        return Err("expected: position startpos|fen <FEN> [moves ...]".into());
    };
    let mut game = GameRecord::new(start, ());
    for (i, mv) in moves.unwrap_or("").split_whitespace().enumerate() {
        game.play(mv, ()).map_err(|e| {
            format!(
                "illegal move {mv} (move {} of the list): {}",
                i + 1,
                e.reason()
            )
        })?;
    }
    Ok(game)
}

/// What `go` asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: u64,
    pub binc: u64,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// Mate in this many moves: searched to the depth that finds one.
    pub mate: Option<u32>,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<String>,
}

/// The words of `go`: the end of a `searchmoves` list.
const GO_WORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// The largest time a `go` field takes, in ms (about 11.5 days): more is
/// read as this much.
const MAX_MS: u64 = 1_000_000_000;

/// `go [wtime N] [btime N] [winc N] [binc N] [movestogo N] [movetime N]
/// [depth N] [nodes N] [mate N] [infinite] [ponder] [searchmoves M...]`.
pub fn parse_go(arg: &str) -> Result<Go, String> {
    let mut go = Go::default();
    let mut words = arg.split_whitespace().peekable();
    while let Some(w) = words.next() {
        if w == "searchmoves" {
            while let Some(m) = words.next_if(|m| !GO_WORDS.contains(m)) {
                go.searchmoves.push(m.to_string());
            }
            if go.searchmoves.is_empty() {
                return Err("searchmoves needs moves".into());
            }
            continue;
        }
        let mut number = |name: &str| -> Result<u64, String> {
            let v = words
                .next()
                .ok_or_else(|| format!("{name} needs a number"))?;
            // Negative times happen (a GUI's clock past zero): read as 0.
            if let Some(neg) = v.strip_prefix('-') {
                return neg
                    .parse::<u64>()
                    .map(|_| 0)
                    .map_err(|_| format!("{name}: '{v}' is not a number"));
            }
            v.parse::<u64>()
                .map(|n| n.min(MAX_MS))
                .map_err(|_| format!("{name}: '{v}' is not a number"))
        };
        match w {
            "wtime" => go.wtime = Some(number(w)?),
            "btime" => go.btime = Some(number(w)?),
            "winc" => go.winc = number(w)?,
            "binc" => go.binc = number(w)?,
            "movestogo" => go.movestogo = Some(number(w)?.max(1) as u32),
            "movetime" => go.movetime = Some(number(w)?),
            "depth" => go.depth = Some(number(w)?.clamp(1, u64::from(engine::MAX_DEPTH)) as u32),
            "nodes" => go.nodes = Some(number(w)?.max(1)),
            "mate" => go.mate = Some(number(w)?.clamp(1, u64::from(engine::MAX_DEPTH / 2)) as u32),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            _ => return Err(format!("unknown go parameter '{w}'")),
        }
    }
    Ok(go)
}

impl Go {
    /// The search limits for `side` to move, keeping `overhead` of each
    /// move's time for the pipes and the GUI.
    pub fn limits(&self, side: Color, overhead: Duration) -> Limits {
        let ms = Duration::from_millis;
        // A mate in N moves lies 2N - 1 plies deep.
        let mate_depth = self.mate.map(|m| 2 * m - 1);
        let mut limits = Limits {
            depth: match (self.depth, mate_depth) {
                (Some(d), Some(m)) => Some(d.min(m)),
                (d, m) => d.or(m),
            },
            nodes: self.nodes,
            infinite: self.infinite,
            ..Limits::default()
        };
        if self.infinite {
            return limits;
        }
        if let Some(t) = self.movetime {
            limits.movetime = Some(ms(t).saturating_sub(overhead.min(ms(t) / 20)));
        }
        let (time, inc) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        if let Some(t) = time {
            limits.clock = Some(Clock {
                remaining: ms(t),
                increment: ms(inc),
                moves_to_go: self.movestogo,
            });
        }
        if limits.movetime.is_none()
            && limits.clock.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none()
        {
            // A bare `go`: search until `stop`, as most engines do.
            limits.infinite = true;
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_every_limit_and_refuses_nonsense() {
        let g = parse_go("wtime 1000 btime -20 winc 10 binc 5 movestogo 0 depth 999").unwrap();
        assert_eq!(g.wtime, Some(1000));
        assert_eq!(g.btime, Some(0));
        assert_eq!(g.movestogo, Some(1));
        assert_eq!(g.depth, Some(engine::MAX_DEPTH));
        let l = g.limits(Color::Black, Duration::from_millis(50));
        assert_eq!(l.clock.unwrap().remaining, Duration::ZERO);
        assert_eq!(l.clock.unwrap().increment, Duration::from_millis(5));
        assert!(parse_go("depth").is_err());
        assert!(parse_go("depth x").is_err());
        assert!(parse_go("sideways 3").is_err());
        assert!(parse_go("nodes 99999999999999999999999").is_err());
        assert_eq!(
            parse_go("movetime 1000")
                .unwrap()
                .limits(Color::White, Duration::from_millis(30))
                .movetime,
            Some(Duration::from_millis(970))
        );
        assert!(
            parse_go("")
                .unwrap()
                .limits(Color::White, Duration::ZERO)
                .infinite
        );
        let g = parse_go("searchmoves e2e4 d2d4 depth 5 mate 2").unwrap();
        assert_eq!(g.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(g.limits(Color::White, Duration::ZERO).depth, Some(3));
        assert!(parse_go("searchmoves").is_err());
        assert!(parse_go("mate x").is_err());
    }

    #[test]
    fn position_plays_the_moves_or_names_the_bad_one() {
        let g = parse_position(Variant::Chess, "startpos moves e2e4 e7e5").unwrap();
        assert_eq!(g.plies(), 2);
        let e = parse_position(Variant::Chess, "startpos moves e2e4 e2e4").unwrap_err();
        assert!(e.contains("e2e4 (move 2"), "{e}");
        assert!(parse_position(Variant::Chess, "fen 8/8 w").is_err());
        assert!(parse_position(Variant::Chess, "sideways").is_err());
        let g = parse_position(
            Variant::Chess,
            "fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1",
        )
        .unwrap();
        assert_eq!(g.moves().collect::<Vec<_>>(), ["e1g1"]);
    }

    #[test]
    fn setoption_names_and_values_may_hold_spaces() {
        assert_eq!(
            parse_setoption("name Move Overhead value 100").unwrap(),
            ("Move Overhead".into(), "100".into())
        );
        assert_eq!(
            parse_setoption("name Clear Hash").unwrap(),
            ("Clear Hash".into(), String::new())
        );
        assert!(parse_setoption("Hash 3").is_err());
    }
}
