//! PGN for refereed games: standard tags plus `Variant`, `FEN`/`SetUp` when
//! the game did not start from the start position, `TimeControl`,
//! `Termination`, and a `[%clk]` comment after every clocked move. Moves
//! are written in XBoard coordinates (rank base 0; Trubix-43's offset
//! squares as b0/d0/b10/d10), so XBoard's `-lgf` can load the games; the
//! reader maps them back.

use super::game::{PlayedGame, TimeControl};
use crate::cecp::xboard_map::BoardMap;
use movegen::game::Color;
use movegen::{AnyPosition, Variant};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Today's date as `YYYY.MM.DD` (UTC), without a date library: days since
/// 1970 to the civil calendar (Howard Hinnant's algorithm).
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{y:04}.{m:02}.{d:02}")
}

/// One PGN tag pair and its line end, the value escaped.
pub fn tag_line(name: &str, value: &str) -> String {
    format!(
        "[{name} \"{}\"]\n",
        value.replace('\\', "\\\\").replace('"', "\\\"")
    )
}

fn clk(d: Duration) -> String {
    let ms = d.as_millis();
    let (h, m, s, frac) = (
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000 / 100,
    );
    format!("{h}:{m:02}:{s:02}.{frac}")
}

/// A move's elapsed time, H:MM:SS.mmm.
fn emt(d: Duration) -> String {
    let ms = d.as_millis();
    format!(
        "{}:{:02}:{:02}.{:03}",
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000
    )
}

/// One game as PGN text (ends with an empty line).
pub fn write_game(rec: &PlayedGame, variant: Variant, round: usize, tc: TimeControl) -> String {
    let map = BoardMap::new(variant, 0);
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&tag_line(k, v));
    tag("Event", "curio match");
    tag("Site", "curio");
    tag("Date", &today());
    tag("Round", &round.to_string());
    tag("White", &rec.white);
    tag("Black", &rec.black);
    tag("Result", &rec.result);
    tag("Variant", variant.id());
    if let Some(fen) = &rec.start_fen {
        tag(
            "FEN",
            &map.fen_out(&AnyPosition::from_fen(variant, fen).expect("recorded FEN is valid")),
        );
        tag("SetUp", "1");
    }
    tag("TimeControl", &tc.pgn());
    tag("Termination", &rec.reason);
    tag("PlyCount", &rec.moves.len().to_string());
    out.push('\n');
    let first_black = rec
        .start_fen
        .as_deref()
        .map(|f| f.split_whitespace().nth(1) == Some("b"))
        .unwrap_or(false);
    let first_number: usize = rec
        .start_fen
        .as_deref()
        .and_then(|f| f.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut line = String::new();
    let mut tokens: Vec<String> = Vec::new();
    for (i, played) in rec.moves.iter().enumerate() {
        let mv = &played.text;
        let ply = i + first_black as usize;
        if ply.is_multiple_of(2) {
            tokens.push(format!("{}.", first_number + ply / 2));
        } else if i == 0 {
            tokens.push(format!("{}...", first_number));
        }
        tokens.push(map.move_out(mv));
        // The clock after the move and the move's elapsed time, as the
        // referee measured it (to the millisecond: at fast controls a time
        // loss is decided by tens of them).
        match (played.clock, played.took) {
            (Some(c), Some(t)) => tokens.push(format!("{{[%clk {}] [%emt {}]}}", clk(c), emt(t))),
            (Some(c), None) => tokens.push(format!("{{[%clk {}]}}", clk(c))),
            (None, Some(t)) => tokens.push(format!("{{[%emt {}]}}", emt(t))),
            (None, None) => {}
        }
        // A turn that needs words (a Dysnomia denial) keeps its text in
        // the movetext (replaying the game needs it) and gets a comment.
        if i > 0 {
            let mover = if (ply - 1).is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            };
            if let Some(c) = map.dialect().pgn_comment(mv, &rec.moves[i - 1].text, mover) {
                tokens.push(format!("{{{c}}}"));
            }
        }
    }
    // A comment cannot hold braces.
    tokens.push(format!(
        "{{{}}}",
        rec.reason_in_full().replace('{', "(").replace('}', ")")
    ));
    tokens.push(rec.result.clone());
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// A game read back from PGN.
#[derive(Clone, Debug)]
pub struct ReadGame {
    pub tags: Vec<(String, String)>,
    /// Moves in our notation.
    pub moves: Vec<String>,
    pub result: String,
}

impl ReadGame {
    pub fn tag(&self, k: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.0 == k).map(|t| t.1.as_str())
    }
}

/// Reads the games of a PGN file written by [`write_game`] (tags, move
/// numbers, comments in braces, a result token).
pub fn read_games(text: &str) -> Result<Vec<ReadGame>, String> {
    let mut games = Vec::new();
    let mut cur: Option<ReadGame> = None;
    let mut in_moves = false;
    for raw in text.lines() {
        let line = raw.trim();
        if line.starts_with('[') {
            if in_moves {
                if let Some(g) = cur.take() {
                    games.push(g);
                }
                in_moves = false;
            }
            let inner = line.trim_start_matches('[').trim_end_matches(']');
            let (k, v) = inner
                .split_once(' ')
                .ok_or_else(|| format!("bad tag line: {line}"))?;
            // Exactly one quote each side: an escaped quote may end the value.
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .unwrap_or(v);
            let v = v.replace("\\\"", "\"").replace("\\\\", "\\");
            cur.get_or_insert_with(|| ReadGame {
                tags: Vec::new(),
                moves: Vec::new(),
                result: "*".into(),
            })
            .tags
            .push((k.to_string(), v));
            continue;
        }
        if line.is_empty() {
            continue;
        }
        in_moves = true;
        let g = cur.as_mut().ok_or("moves before tags")?;
        let variant: Variant = g
            .tag("Variant")
            .unwrap_or("trubix")
            .parse()
            .map_err(|e| format!("{e}"))?;
        let map = BoardMap::new(variant, 0);
        let mut rest = line;
        while !rest.is_empty() {
            rest = rest.trim_start();
            if let Some(r) = rest.strip_prefix('{') {
                let end = r.find('}').ok_or("unclosed comment")?;
                rest = &r[end + 1..];
                continue;
            }
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let tok = &rest[..end];
            rest = &rest[end..];
            if tok.is_empty() {
                continue;
            }
            if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
                g.result = tok.to_string();
            } else if tok.ends_with('.')
                && tok
                    .trim_end_matches('.')
                    .bytes()
                    .all(|b| b.is_ascii_digit())
            {
            } else {
                g.moves
                    .push(map.move_in(tok).map_err(|e| format!("move '{tok}': {e}"))?);
            }
        }
    }
    if let Some(g) = cur {
        games.push(g);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::super::game::PlayedMove;
    use super::*;

    #[test]
    fn date_and_clock_format() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
        assert_eq!(clk(Duration::from_millis(3_723_450)), "1:02:03.4");
    }

    #[test]
    fn a_dysnomia_denial_is_a_ply_with_a_comment_and_replays() {
        let moves = ["e2e4", "@@@@", "d2d4", "e7e5"];
        let rec = PlayedGame {
            moves: moves.iter().map(|&m| PlayedMove::bare(m)).collect(),
            reason: "stopped".into(),
            ..PlayedGame::new("A", "B", None)
        };
        let text = write_game(&rec, Variant::Dysnomia, 1, TimeControl::Depth(1));
        assert!(
            text.contains(
                "1. e2e4 @@@@ {denial: e2e4 is taken back and White plays again} 2. d2d4 e7e5"
            ),
            "{text}"
        );
        let games = read_games(&text).unwrap();
        assert_eq!(games[0].moves, moves);
        let mut pos = AnyPosition::start(Variant::Dysnomia);
        for m in &games[0].moves {
            pos.play(m).unwrap();
        }
        assert!(pos
            .fen()
            .starts_with("rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w"));
    }

    #[test]
    fn write_then_read() {
        let rec = PlayedGame {
            moves: vec![
                PlayedMove {
                    clock: Some(Duration::from_millis(950)),
                    took: Some(Duration::from_millis(1_234)),
                    ..PlayedMove::bare("c9bc10q")
                },
                PlayedMove::bare("e9d9"),
            ],
            result: "1-0".into(),
            reason: "white wins by checkmate".into(),
            ..PlayedGame::new(
                "A",
                "B \"x\"",
                Some("*1*1*/2W1k/5/5/*3*/*3*/*3*/5/5/K4/*1*1* w - 0 1".into()),
            )
        };
        let text = write_game(
            &rec,
            Variant::Trubix43,
            3,
            TimeControl::Clock {
                base: Duration::from_secs(1),
                inc: Duration::from_millis(100),
            },
        );
        assert!(
            text.contains("[FEN \"*1*1*/2W1k/5/5/*3*/*3*/*3*/5/5/K4/*1*1* w - - 0 1\"]"),
            "{text}"
        );
        assert!(
            text.replace('\n', " ").contains(
                "1. c9b10q {[%clk 0:00:00.9] [%emt 0:00:01.234]} e9d9 {white wins by checkmate} 1-0"
            ),
            "{text}"
        );
        assert!(text.contains("[TimeControl \"1+0.1\"]"));
        let games = read_games(&text).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves, ["c9bc10q", "e9d9"]);
        assert_eq!(games[0].result, "1-0");
        assert_eq!(games[0].tag("Black"), Some("B \"x\""));
        assert_eq!(games[0].tag("Termination"), Some("white wins by checkmate"));
    }
}
