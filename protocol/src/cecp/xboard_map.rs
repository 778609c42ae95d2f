//! The XBoard edge of a session: square names, moves and FENs translated
//! between XBoard's forms and ours, the `setup` and `piece` lines, and
//! `highlight` answers, each read from the game's [`Dialect`] (see
//! [`super::dialect`]), so nothing here names a game.

use super::dialect::{self, BoardModel, Dialect};
use movegen::{AnyPosition, Variant};

/// The most fields XBoard writes in a FEN: board, side, castling, en
/// passant and the two counters.
const XBOARD_FEN_FIELDS: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMap {
    pub variant: Variant,
    /// 1 when XBoard numbers an 11-rank board from 1 (its default), 0 when
    /// it runs with `-rankOffset 1` and uses our numbers.
    pub rank_base: u32,
    /// Games whose moves travel in the forms XBoard's board can follow
    /// (Strange Chess, Dysnomia; see [`super::xboard_sc`],
    /// [`super::xboard_dy`]); off, the binding notation travels unchanged
    /// (for `curio match` and other programs that know the game).
    pub xboard_board: bool,
}

/// Splits `a1b2q` into ("a1", "b2", "q"): letters+digits twice, then the rest.
fn split_move(text: &str) -> Option<(&str, &str, &str)> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut cuts = [0usize; 2];
    for cut in &mut cuts {
        let start = i;
        while i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        let letters = i - start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if letters == 0 || i - start == letters {
            return None;
        }
        *cut = i;
    }
    Some((&text[..cuts[0]], &text[cuts[0]..cuts[1]], &text[cuts[1]..]))
}

impl BoardMap {
    pub fn new(variant: Variant, rank_base: u32) -> BoardMap {
        BoardMap {
            variant,
            rank_base,
            xboard_board: true,
        }
    }

    /// The game's dialect.
    pub fn dialect(&self) -> &'static dyn Dialect {
        dialect::of(self.variant)
    }

    /// Whether moves travel in XBoard's forms, so the session keeps a
    /// model of XBoard's board.
    pub fn tracks_xboard_board(&self) -> bool {
        self.dialect().moves_in_xboard_forms() && self.xboard_board
    }

    /// XBoard's board as the session models it at `pos`, when moves travel
    /// in XBoard's forms.
    pub fn board_model(&self, pos: &AnyPosition) -> Option<Box<dyn BoardModel>> {
        if self.tracks_xboard_board() {
            self.dialect().board_model(pos)
        } else {
            None
        }
    }

    /// Our square name -> XBoard's.
    pub fn square_out(&self, ours: &str) -> String {
        self.dialect().square_out(ours, self.rank_base)
    }

    /// XBoard's square name -> ours (None if it is not a square of ours).
    pub fn square_in(&self, xb: &str) -> Option<String> {
        self.dialect().square_in(xb, self.rank_base)
    }

    /// Our move text -> XBoard's.
    pub fn move_out(&self, ours: &str) -> String {
        if self.dialect().identity() {
            // Its own notation on the wire (drops, flips, decisions).
            return ours.to_string();
        }
        match split_move(ours) {
            Some((a, b, rest)) => format!("{}{}{}", self.square_out(a), self.square_out(b), rest),
            None => ours.to_string(),
        }
    }

    /// XBoard's move text -> ours, or a reason.
    pub fn move_in(&self, xb: &str) -> Result<String, String> {
        if self.dialect().identity() {
            return Ok(xb.to_string());
        }
        let (a, b, rest) =
            split_move(xb).ok_or_else(|| "not a move in coordinate notation".to_string())?;
        let from = self
            .square_in(a)
            .ok_or_else(|| format!("{a} is not a square of {}", self.variant.id()))?;
        let to = self
            .square_in(b)
            .ok_or_else(|| format!("{b} is not a square of {}", self.variant.id()))?;
        Ok(format!("{from}{to}{rest}"))
    }

    /// The `setup` line sent in answer to `variant` (none for chess, which
    /// XBoard knows).
    pub fn setup_line(&self) -> Option<String> {
        self.dialect().setup_line()
    }

    /// One `piece` line per piece (XBetza), for XBoard's SAN and PGN.
    pub fn piece_lines(&self) -> Vec<String> {
        self.dialect().piece_lines()
    }

    /// A position as XBoard FEN.
    pub fn fen_out(&self, pos: &AnyPosition) -> String {
        self.dialect().fen_out(pos)
    }

    /// XBoard FEN (or our own) -> our position.
    pub fn fen_in(&self, xb: &str) -> Result<AnyPosition, String> {
        // XBoard writes at most six fields. A FEN with more is our own
        // full-state FEN, taken whole or refused whole: reading it as
        // XBoard's would drop the fields after the sixth (a Dysnomia
        // denial right, pools, a bait) without a word.
        let ours_only = xb.split_whitespace().count() > XBOARD_FEN_FIELDS;
        self.dialect().fen_in(xb, ours_only)
    }

    /// Answer to `lift SQ`: legal targets of the piece on `xb_square` as a
    /// colour FEN (Y move, R capture, M optional promotion, B forced).
    pub fn highlight(&self, pos: &AnyPosition, xb_square: &str) -> Option<String> {
        let from = self.square_in(xb_square)?;
        let (files, ranks) = self.dialect().grid();
        let mut marks = vec![vec!['.'; files]; ranks];
        for d in pos.move_details() {
            if d.from != from {
                continue;
            }
            let to = self.square_out(&d.to);
            let file = (to.as_bytes()[0] - b'a') as usize;
            let base = if self.dialect().identity() {
                1
            } else {
                self.rank_base
            };
            let rank = to[1..].parse::<u32>().ok()?.checked_sub(base)? as usize;
            let same_to = |m: &movegen::MoveDetail| m.from == d.from && m.to == d.to;
            let details = pos.move_details();
            let plain_exists = details.iter().any(|m| same_to(m) && m.promotion.is_none());
            let mark = if d.promotion.is_some() {
                if plain_exists {
                    'M'
                } else {
                    'B'
                }
            } else if d.capture {
                'R'
            } else {
                'Y'
            };
            let cell = &mut marks[ranks - 1 - rank.min(ranks - 1)][file.min(files - 1)];
            // A forced/optional promotion mark wins over a plain one.
            if *cell == '.' || matches!(mark, 'M' | 'B') {
                *cell = mark;
            }
        }
        let rows: Vec<String> = marks
            .iter()
            .map(|row| {
                let mut s = String::new();
                let mut run = 0;
                for &c in row {
                    if c == '.' {
                        run += 1;
                    } else {
                        if run > 0 {
                            s.push_str(&run.to_string());
                            run = 0;
                        }
                        s.push(c);
                    }
                }
                if run > 0 {
                    s.push_str(&run.to_string());
                }
                s
            })
            .collect();
        Some(rows.join("/"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_moves_translate_both_ways() {
        let m = BoardMap::new(Variant::Trubix43, 0);
        assert_eq!(m.move_out("bc0b1"), "b0b1");
        assert_eq!(m.move_out("c9cd10s"), "c9d10s");
        assert_eq!(m.move_in("b0b1").unwrap(), "bc0b1");
        assert_eq!(m.move_in("c9d10s").unwrap(), "c9cd10s");
        assert!(m.move_in("c0c1").is_err());
        let m = BoardMap::new(Variant::Trubix, 1);
        assert_eq!(m.move_out("c0c1"), "c1c2");
        assert_eq!(m.move_out("b9c10q"), "b10c11q");
        assert_eq!(m.move_in("b10c11q").unwrap(), "b9c10q");
        assert!(
            m.move_in("c0c1").is_err(),
            "rank 0 does not exist with base 1"
        );
        let m = BoardMap::new(Variant::Trubix43, 1);
        assert_eq!(m.move_out("cd10c9"), "d11c10");
        assert_eq!(m.move_in("d11c10").unwrap(), "cd10c9");
    }

    #[test]
    fn fen_round_trip_keeps_the_unmoved_set() {
        let m = BoardMap::new(Variant::Trubix, 0);
        // d2 went to d3 and back: on its home square but without its
        // two-step right.
        let mut pos = AnyPosition::start(Variant::Trubix);
        for mv in ["d2d3", "b8b7", "d3d2", "b7b8"] {
            pos.play(mv).unwrap();
        }
        let xb = m.fen_out(&pos);
        assert!(xb.contains(" w ABCEacde - 4 3"), "{xb}");
        let back = m.fen_in(&xb).unwrap();
        assert_eq!(back.fen(), pos.fen());
        assert!(!back.legal_move_strings().contains(&"d2d4".to_string()));
        // XBoard's own FENs with an empty castling field: inferred.
        let inferred = m
            .fen_in("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - - 0 1")
            .unwrap();
        assert_eq!(inferred.fen(), AnyPosition::start(Variant::Trubix).fen());
    }

    /// From a match (0.2+0.02, edge book): the referee sent a position in
    /// which the black woozan on d8 had moved away and back, the engine
    /// inferred a two-step for it and played d8d6. Our own FEN is exact.
    #[test]
    fn our_own_fen_keeps_an_empty_unmoved_set() {
        let m = BoardMap::new(Variant::Trubix, 0);
        // Line 456 of openings/trubix-edge.txt.
        let book = "**1**/1kw2/3w1/1fn1n/*w1f*/*W2*/*NWW*/NWWF1/5/2Q2/**K** w - 8 26";
        let mut pos = AnyPosition::from_fen(Variant::Trubix, book).unwrap();
        let moves = "c0b1 d6d7 b1b2 b9a9 c1d1 a9b8 d4d5 b8b9 d3d4 e7c8 b4c6 b7a8 d5d6 \
            c7e8 c4c5 b6b7 c6b4 a8b8 c3c4 e8d6 d4c3 b7b6 c5d6 c8d6 d1d5 d7d9 a3c2 d6c8 c4c5 \
            b6c5 d5c5";
        for mv in moves.split_whitespace() {
            pos.play(mv).unwrap();
        }
        let d8d6 = "d8d6".to_string();
        assert!(!pos.legal_move_strings().contains(&d8d6));
        let exact = m.fen_in(&pos.fen()).unwrap();
        assert_eq!(exact.fen(), pos.fen());
        assert!(!exact.legal_move_strings().contains(&d8d6));
        // The XBoard FEN has no set to go by, so the right is inferred.
        let xb = m.fen_in(&m.fen_out(&pos)).unwrap();
        assert!(xb.legal_move_strings().contains(&d8d6));
        // A set in our letters is exact too; other letters are refused.
        let start = AnyPosition::start(Variant::Trubix).fen();
        let board = start.split_whitespace().next().unwrap();
        let ours = format!("{board} w Aa 0 1");
        assert_eq!(m.fen_in(&ours).unwrap().fen(), ours);
        assert!(m.fen_in(&format!("{board} w Q 0 1")).is_err());
    }

    #[test]
    fn highlight_marks_targets() {
        let m = BoardMap::new(Variant::Trubix, 0);
        let pos = AnyPosition::start(Variant::Trubix);
        assert_eq!(
            m.highlight(&pos, "c2").as_deref(),
            Some("5/5/5/5/5/5/5/5/5/5/5")
        );
        assert_eq!(
            m.highlight(&pos, "b2").as_deref(),
            Some("5/5/5/5/5/5/1Y3/1Y3/5/5/5")
        );
        let pos = AnyPosition::from_fen(
            Variant::Trubix,
            "**1**/1W2k/5/5/*3*/*3*/*3*/5/5/K4/**1** w - 0 1",
        )
        .unwrap();
        assert_eq!(
            m.highlight(&pos, "b9").as_deref(),
            Some("2B2/5/1Y3/5/5/5/5/5/5/5/5")
        );
    }
}
