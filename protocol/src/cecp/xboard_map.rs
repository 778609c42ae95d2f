//! How our games look to XBoard: square names on the wire, the `setup` and
//! `piece` lines, and `highlight` answers.
//!
//! * Ranks: our boards number ranks 0-10. XBoard numbers an 11-rank board
//!   1-11 unless it runs with `-rankOffset 1`; `rank_base` says which (0:
//!   XBoard uses our numbers, 1: XBoard's rank = ours + 1).
//! * Trubix-43's half-offset squares `bc0`/`cd0`/`bc10`/`cd10` are the grid
//!   cells b0/d0/b10/d10 on the wire, with c0/c10 holes.
//! * Orthodox chess (`normal`) needs no mapping: XBoard's squares, moves
//!   and FENs are ours, and XBoard knows the game (no `setup` or `piece`
//!   lines), so it can test legality itself.
//! * Piece images: the woozan goes to the Wazir slot, never the Pawn slot
//!   (XBoard applies pawn rules to that slot); the fleurbic to the Alfil
//!   (Elephant), the crowned knight to the Man (Commoner), the squire to the
//!   Dragon (crowned rook: exactly rook + one diagonal step).

use movegen::{AnyPosition, Variant};

/// Dysnomia's `setup` piece table (see [`super::xboard_dy::PIECE_TABLE`]).
pub const DYSNOMIA_PIECE_TABLE: &str = super::xboard_dy::PIECE_TABLE;

/// The `piece` lines of the orthodox pieces, which Strange Chess and
/// Dysnomia keep.
const ORTHODOX_PIECES: [&str; 5] = [
    "piece K& K",
    "piece Q& Q",
    "piece R& R",
    "piece B& B",
    "piece N& N",
];

/// The most fields XBoard writes in a FEN: board, side, castling, en
/// passant and the two counters.
const XBOARD_FEN_FIELDS: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMap {
    pub variant: Variant,
    pub rank_base: u32,
    /// Strange Chess and Dysnomia: moves in the forms XBoard's board can
    /// follow (see [`super::xboard_sc`], [`super::xboard_dy`]); off, the
    /// binding notation travels unchanged (for `curio match` and other
    /// programs that know the game).
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

    /// Whether moves travel in XBoard's forms (Strange Chess, Dysnomia),
    /// so the session keeps a model of XBoard's board.
    pub fn tracks_xboard_board(&self) -> bool {
        matches!(self.variant, Variant::StrangeChess | Variant::Dysnomia) && self.xboard_board
    }

    /// Whether XBoard's text is ours unchanged (its own notation on the wire).
    fn identity(&self) -> bool {
        matches!(
            self.variant,
            Variant::RealityCheck | Variant::Chess | Variant::StrangeChess | Variant::Dysnomia
        )
    }

    /// Files and ranks of the grid XBoard shows.
    fn grid(&self) -> (usize, usize) {
        if matches!(self.variant, Variant::Chess | Variant::Dysnomia) {
            (8, 8)
        } else if self.variant == Variant::StrangeChess {
            (12, 12)
        } else {
            (5, 11)
        }
    }

    /// Our square name -> XBoard's.
    pub fn square_out(&self, ours: &str) -> String {
        if self.identity() {
            return ours.to_string();
        }
        let split = ours
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(ours.len());
        let (letters, digits) = ours.split_at(split);
        let rank: u32 = digits.parse().unwrap_or(0);
        let file = match letters {
            "bc" => "b",
            "cd" => "d",
            l => l,
        };
        format!("{file}{}", rank + self.rank_base)
    }

    /// XBoard's square name -> ours (None if it is not a square of ours).
    pub fn square_in(&self, xb: &str) -> Option<String> {
        if matches!(self.variant, Variant::Chess | Variant::Dysnomia) {
            let b = xb.as_bytes();
            let ok = b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]);
            return ok.then(|| xb.to_string());
        }
        let split = xb.find(|c: char| c.is_ascii_digit())?;
        let (file, digits) = xb.split_at(split);
        if !matches!(file, "a" | "b" | "c" | "d" | "e")
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|c| c.is_ascii_digit())
        {
            return None;
        }
        let rank = digits.parse::<u32>().ok()?.checked_sub(self.rank_base)?;
        if rank > 10 {
            return None;
        }
        let name = match (self.variant, file, rank) {
            (Variant::Trubix43, "b", 0 | 10) => format!("bc{rank}"),
            (Variant::Trubix43, "d", 0 | 10) => format!("cd{rank}"),
            (Variant::Trubix43, _, 0 | 10) => return None,
            _ => format!("{file}{rank}"),
        };
        Some(name)
    }

    /// Our move text -> XBoard's.
    pub fn move_out(&self, ours: &str) -> String {
        if self.identity() {
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
        if self.identity() {
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
        let (table, fen_board) = match self.variant {
            Variant::Chess => return None,
            Variant::Trubix => (
                ".N..Q.F..WK.n..q.f..wk",
                "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K**",
            ),
            Variant::Trubix43 => (
                "....Q.F..WC...SK....q.f..wc...sk",
                "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K*",
            ),
            // Set up by its own session (`cecp::hidden`), which shows each
            // side its own faces.
            Variant::RealityCheck => return None,
            Variant::Dysnomia => {
                // Chess pieces in their own slots, column glyphs and the
                // Statue on images with no rules of their own, the King
                // last. The bughouse parent lets a drop put a glyph on an
                // empty square (a rider leaving its column), and captures
                // stay out of the hands; XBoard has no idea of columns,
                // pools or denial, and runs with legality testing off.
                return Some(format!(
                    "setup ({DYSNOMIA_PIECE_TABLE}) 8x8+0_bughouse {}",
                    Variant::Dysnomia.start_fen()
                ));
            }
            Variant::StrangeChess => {
                // The bughouse parent lets a drop put any glyph on an empty
                // square, and captures stay out of the hands.
                let pic = super::xboard_sc::picture(Variant::StrangeChess.start_fen(), true)?;
                return Some(format!(
                    "setup ({}) 12x12+0_bughouse {} w KQkq - 0 1",
                    super::xboard_sc::PIECE_TABLE,
                    super::xboard_sc::board_field(&pic)
                ));
            }
        };
        Some(format!(
            "setup ({table}) 5x11+0_fairy {fen_board} w - - 0 1"
        ))
    }

    /// One `piece` line per piece (XBetza), for XBoard's SAN and PGN. The
    /// woozan's square-specific links cannot be expressed; XBoard runs with
    /// legality testing off for these games.
    pub fn piece_lines(&self) -> Vec<String> {
        if self.variant == Variant::Chess {
            return Vec::new();
        }
        if self.variant == Variant::StrangeChess {
            // The moves XBetza can write, for XBoard's SAN and the PGN's
            // VariantMen tag (legality testing stays off): the Bacteria's
            // base moves, the Halfer's two leaps, the Magician's steps and
            // jump, the Stone's steps. The pawn is XBoard's own; the Digger
            // (rides under pieces), the Wall and the combination glyphs
            // have no XBetza form and stay undefined.
            return ORTHODOX_PIECES
                .iter()
                .chain(&["piece X& KN", "piece H& NC", "piece M& KD", "piece S& mK"])
                .map(|l| l.to_string())
                .collect();
        }
        if self.variant == Variant::Dysnomia {
            // What XBetza can say of each piece, for XBoard's SAN and the
            // PGN (legality testing stays off): the King's single step,
            // the pawn's steps in four directions and forward captures.
            // No line for the Statue: XBoard 4.9.1's ApplyMove takes a
            // kill leg by a piece whose Betza has `O` as a castling and
            // empties its square (a CI game forfeited on it), and a code
            // may carry a Statue's glyph out and back.
            return ORTHODOX_PIECES
                .iter()
                .chain(&["piece P& mWfcF"])
                .map(|l| l.to_string())
                .collect();
        }
        let mut v = vec!["piece K& K", "piece Q& Q", "piece F& KAD", "piece W& mvWcF"];
        match self.variant {
            Variant::Trubix => v.push("piece N& N"),
            Variant::Trubix43 => {
                v.push("piece C& KN");
                v.push("piece S& RF");
            }
            Variant::RealityCheck | Variant::Chess | Variant::StrangeChess | Variant::Dysnomia => {}
        }
        v.into_iter().map(String::from).collect()
    }

    /// A position as XBoard FEN (six fields). The castling field carries the
    /// unmoved-woozan set in our letters (`ABCDEabcde`, `-` when empty):
    /// XBoard keeps and returns it, and [`BoardMap::fen_in`] reads it back,
    /// so a two-step right survives a `setboard` (a woozan that moved away and
    /// back has none, which inference from the board would get wrong).
    pub fn fen_out(&self, pos: &AnyPosition) -> String {
        let fen = pos.fen();
        if self.identity() {
            // XBoard cannot show hidden faces; PGN keeps our full FEN.
            return fen;
        }
        let f: Vec<&str> = fen.split_whitespace().collect();
        format!("{} {} {} - {} {}", f[0], f[1], f[2], f[3], f[4])
    }

    /// XBoard FEN -> our FEN. XBoard cannot carry the unmoved-woozan set:
    /// a castling field of file letters (our own notation) is taken as it
    /// is; otherwise every woozan on its home square counts as unmoved.
    /// Our own five-field FEN (board, side, unmoved set, half-move clock,
    /// move number; what `curio match` sends) is exact, `-` included: a
    /// woozan back on its home square after moving has no two-step, and
    /// inferring one made an engine play an illegal move in a match.
    pub fn fen_in(&self, xb: &str) -> Result<AnyPosition, String> {
        // XBoard writes at most six fields. A FEN with more is our own
        // full-state FEN, taken whole or refused whole: reading it as
        // XBoard's would drop the fields after the sixth (a Dysnomia
        // denial right, pools, a bait) without a word.
        let ours_only = xb.split_whitespace().count() > XBOARD_FEN_FIELDS;
        if self.variant == Variant::StrangeChess {
            // Our full-state FEN, or the one XBoard writes of its board.
            return AnyPosition::from_fen(self.variant, xb).or_else(|e| {
                if ours_only {
                    return Err(e.to_string());
                }
                AnyPosition::from_fen(self.variant, &super::xboard_sc::our_fen(xb))
                    .map_err(|_| e.to_string())
            });
        }
        if self.variant == Variant::Dysnomia {
            // Our full-state FEN, or the one XBoard writes of its glyphs.
            return AnyPosition::from_fen(self.variant, xb).or_else(|e| {
                if ours_only {
                    return Err(e.to_string());
                }
                AnyPosition::from_fen(self.variant, &super::xboard_dy::our_fen(xb))
                    .map_err(|_| e.to_string())
            });
        }
        if ours_only {
            return AnyPosition::from_fen(self.variant, xb).map_err(|e| e.to_string());
        }
        if self.identity() {
            return AnyPosition::from_fen(self.variant, xb).map_err(|e| e.to_string());
        }
        let f: Vec<&str> = xb.split_whitespace().collect();
        if f.is_empty() {
            return Err("empty FEN".into());
        }
        if f.len() == 5 {
            return AnyPosition::from_fen(self.variant, xb).map_err(|e| e.to_string());
        }
        if f[0].contains('[') {
            return Err(format!("{} has no pieces in hand", self.variant.title()));
        }
        let side = f.get(1).copied().unwrap_or("w");
        let (half, full) = match f.len() {
            6 => (f[4], f[5]),
            // Five fields are our own FEN, read above.
            4 => (f[3], "1"),
            _ => ("0", "1"),
        };
        let castle = f.get(2).copied().unwrap_or("-");
        let ours = if !castle.is_empty()
            && castle != "-"
            && castle
                .bytes()
                .all(|c| matches!(c, b'A'..=b'E' | b'a'..=b'e'))
        {
            format!("{} {side} {castle} {half} {full}", f[0])
        } else {
            let inferred = AnyPosition::from_fen(self.variant, &format!("{} {side}", f[0]))
                .map_err(|e| e.to_string())?;
            let fen = inferred.fen();
            let unmoved = fen.split_whitespace().nth(2).unwrap_or("-").to_string();
            format!("{} {side} {unmoved} {half} {full}", f[0])
        };
        AnyPosition::from_fen(self.variant, &ours).map_err(|e| e.to_string())
    }

    /// Answer to `lift SQ`: legal targets of the piece on `xb_square` as a
    /// colour FEN (Y move, R capture, M optional promotion, B forced).
    pub fn highlight(&self, pos: &AnyPosition, xb_square: &str) -> Option<String> {
        let from = self.square_in(xb_square)?;
        let (files, ranks) = self.grid();
        let mut marks = vec![vec!['.'; files]; ranks];
        for d in pos.move_details() {
            if d.from != from {
                continue;
            }
            let to = self.square_out(&d.to);
            let file = (to.as_bytes()[0] - b'a') as usize;
            let base = if self.identity() { 1 } else { self.rank_base };
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
