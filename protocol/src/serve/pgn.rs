//! PGN of a browser game in the binding notation (the moves exactly as
//! `curio` and the rule documents write them, not XBoard's coordinates):
//! written from a game record, and read back into one.

use crate::session::GameRecord;
use movegen::{AnyPosition, Variant};

/// The game as PGN: the seven-tag roster, `Variant`, `FEN` and `SetUp`
/// when it did not start from the start position, then the moves.
pub fn write(game: &GameRecord, white: &str, black: &str) -> String {
    let v = game.start().variant();
    let result = game.outcome().map_or("*", |o| o.result_token());
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&crate::referee::pgn::tag_line(k, v));
    tag("Event", "curio serve");
    tag("Site", "curio");
    tag("Date", &crate::referee::pgn::today());
    tag("Round", "-");
    tag("White", white);
    tag("Black", black);
    tag("Result", result);
    tag("Variant", v.id());
    let start_fen = game.start().fen();
    if start_fen != AnyPosition::start(v).fen() {
        tag("FEN", &start_fen);
        tag("SetUp", "1");
    }
    out.push('\n');
    let black_first = game.start().side_to_move() == movegen::game::Color::Black;
    let mut number = game
        .start()
        .fen()
        .split_whitespace()
        .last()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1);
    let mut line = String::new();
    for (i, (entry, mv)) in game.entries().iter().zip(game.moves()).enumerate() {
        let white_moves = entry.pos.side_to_move() == movegen::game::Color::White;
        let mut token = String::new();
        if white_moves {
            token.push_str(&format!("{number}. "));
        } else if i == 0 && black_first {
            token.push_str(&format!("{number}... "));
        }
        if !white_moves {
            number += 1;
        }
        token.push_str(mv);
        if line.len() + token.len() > 79 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        line.push_str(&token);
        line.push(' ');
    }
    line.push_str(result);
    out.push_str(&line);
    out.push('\n');
    out
}

/// A game read from PGN text: its game (the `Variant` tag, else
/// `default`), the start position (`FEN` tag, else the start) and the
/// moves, each checked by the rules. An error names the move that failed.
pub fn read(text: &str, default: Variant) -> Result<GameRecord, String> {
    let mut variant = default;
    let mut fen = None;
    let mut moves = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            let tag = tag.trim_end_matches(']');
            let (name, value) = tag
                .split_once(' ')
                .ok_or_else(|| format!("a bad tag: [{tag}]"))?;
            let value = value.trim().trim_matches('"');
            match name {
                "Variant" => {
                    variant = value
                        .parse()
                        .map_err(|_| format!("unknown variant in the PGN: {value}"))?
                }
                "FEN" => fen = Some(value.to_string()),
                _ => {}
            }
        } else if !line.starts_with('%') {
            moves.push_str(line);
            moves.push(' ');
        }
    }
    let start = match fen {
        Some(f) => AnyPosition::from_fen(variant, &f).map_err(|e| format!("the PGN's FEN: {e}"))?,
        None => AnyPosition::start(variant),
    };
    let mut game = GameRecord::new(start, ());
    for token in movetext_tokens(&moves)? {
        game.play(&token, ())
            .map_err(|e| format!("move {} ({token}): {}", game.plies() + 1, e.reason()))?;
    }
    Ok(game)
}

/// The moves of a movetext: comments, variations, move numbers, NAGs and
/// the result left out.
fn movetext_tokens(text: &str) -> Result<Vec<String>, String> {
    let mut clean = String::with_capacity(text.len());
    let (mut brace, mut paren) = (false, 0usize);
    for c in text.chars() {
        match c {
            '{' if !brace => brace = true,
            '}' if brace => brace = false,
            '(' if !brace => paren += 1,
            ')' if !brace && paren > 0 => paren -= 1,
            _ if brace || paren > 0 => {}
            c => clean.push(c),
        }
    }
    if brace || paren > 0 {
        return Err("an unclosed comment or variation in the PGN".into());
    }
    let mut out = Vec::new();
    for word in clean.split_whitespace() {
        // `12.e2e4` and `12...` : the number goes, the move stays.
        let word = match word.find(|c: char| !c.is_ascii_digit()) {
            Some(i) if i > 0 && word[i..].starts_with('.') => word[i..].trim_start_matches('.'),
            _ => word,
        };
        if word.is_empty()
            || word.starts_with('$')
            || ["1-0", "0-1", "1/2-1/2", "*"].contains(&word)
        {
            continue;
        }
        out.push(word.to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_goes_out_and_comes_back() {
        let mut g = GameRecord::new(AnyPosition::start(Variant::Dysnomia), ());
        for m in ["e2e4", "e7e5", "e1e2,e2e3", "@@@@"] {
            g.play(m, ()).unwrap();
        }
        let text = write(&g, "You", "Curio");
        assert!(text.contains("[Variant \"dysnomia\"]"), "{text}");
        assert!(text.contains("1. e2e4 e7e5 2. e1e2,e2e3 @@@@ *"), "{text}");
        let back = read(&text, Variant::Chess).unwrap();
        assert_eq!(back.current().fen(), g.current().fen());
        assert_eq!(back.plies(), 4);
    }

    #[test]
    fn a_set_up_position_with_black_to_move_is_numbered_from_its_fen() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
        let mut g = GameRecord::new(AnyPosition::from_fen(Variant::Chess, fen).unwrap(), ());
        g.play("e8d7", ()).unwrap();
        g.play("e2e4", ()).unwrap();
        let text = write(&g, "a", "b");
        assert!(
            text.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]"),
            "{text}"
        );
        assert!(text.contains("7... e8d7 8. e2e4 *"), "{text}");
        assert_eq!(
            read(&text, Variant::Chess).unwrap().current().fen(),
            g.current().fen()
        );
    }

    #[test]
    fn bad_pgn_is_refused_with_the_move_that_failed() {
        let e = read(
            "[Variant \"chess\"]\n1. e2e4 {best} e7e5 2. e4e6 *",
            Variant::Chess,
        )
        .err()
        .unwrap();
        assert!(e.starts_with("move 3 (e4e6)"), "{e}");
        assert!(read("1. e2e4 {never closed", Variant::Chess).is_err());
        assert!(read("[Variant \"nope\"]\n", Variant::Chess).is_err());
        assert!(read("[FEN \"garbage\"]\n", Variant::Chess).is_err());
    }
}
