//! Trubix and Trubix-43 on XBoard's 5x11 grid.
//!
//! * Ranks: our boards number ranks 0-10. XBoard numbers an 11-rank board
//!   1-11 unless it runs with `-rankOffset 1`; `rank_base` says which (0:
//!   XBoard uses our numbers, 1: XBoard's rank = ours + 1).
//! * Trubix-43's half-offset squares `bc0`/`cd0`/`bc10`/`cd10` are the grid
//!   cells b0/d0/b10/d10 on the wire, with c0/c10 holes.
//! * Piece images: the woozan goes to the Wazir slot, never the Pawn slot
//!   (XBoard applies pawn rules to that slot); the fleurbic to the Alfil
//!   (Elephant), the crowned knight to the Man (Commoner), the squire to the
//!   Dragon (crowned rook: exactly rook + one diagonal step).
//! * FENs: the castling field carries the unmoved-woozan set in our letters
//!   (`ABCDEabcde`, `-` when empty): XBoard keeps and returns it, so a
//!   two-step right survives a `setboard`.

use super::Dialect;
use movegen::{AnyPosition, Variant};

pub struct Trubix {
    variant: Variant,
    /// The setup piece table and board field.
    table: &'static str,
    board: &'static str,
    /// The piece lines beyond the King, Queen, fleurbic and woozan.
    extra_pieces: &'static [&'static str],
}

pub const TRUBIX: Trubix = Trubix {
    variant: Variant::Trubix,
    table: ".N..Q.F..WK.n..q.f..wk",
    board: "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K**",
    extra_pieces: &["piece N& N"],
};

pub const TRUBIX43: Trubix = Trubix {
    variant: Variant::Trubix43,
    table: "....Q.F..WC...SK....q.f..wc...sk",
    board: "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K*",
    extra_pieces: &["piece C& KN", "piece S& RF"],
};

impl Trubix {
    fn t43(&self) -> bool {
        self.variant == Variant::Trubix43
    }
}

impl Dialect for Trubix {
    fn grid(&self) -> (usize, usize) {
        (5, 11)
    }

    fn identity(&self) -> bool {
        false
    }

    fn square_in(&self, xb: &str, rank_base: u32) -> Option<String> {
        let (file, rank) = super::cell_5x11(xb, rank_base)?;
        Some(match (self.t43(), file, rank) {
            (true, "b", 0 | 10) => format!("bc{rank}"),
            (true, "d", 0 | 10) => format!("cd{rank}"),
            (true, _, 0 | 10) => return None,
            _ => format!("{file}{rank}"),
        })
    }

    fn square_out(&self, ours: &str, rank_base: u32) -> String {
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
        format!("{file}{}", rank + rank_base)
    }

    fn setup_line(&self) -> Option<String> {
        Some(format!(
            "setup ({}) 5x11+0_fairy {} w - - 0 1",
            self.table, self.board
        ))
    }

    /// The woozan's square-specific links cannot be expressed; XBoard runs
    /// with legality testing off for these games.
    fn piece_lines(&self) -> Vec<String> {
        ["piece K& K", "piece Q& Q", "piece F& KAD", "piece W& mvWcF"]
            .iter()
            .chain(self.extra_pieces)
            .map(|l| l.to_string())
            .collect()
    }

    /// Six fields: the unmoved-woozan set goes in the castling field.
    fn fen_out(&self, pos: &AnyPosition) -> String {
        let fen = pos.fen();
        let f: Vec<&str> = fen.split_whitespace().collect();
        format!("{} {} {} - {} {}", f[0], f[1], f[2], f[3], f[4])
    }

    /// XBoard cannot carry the unmoved-woozan set: a castling field of file
    /// letters (our own notation) is taken as it is; otherwise every woozan
    /// on its home square counts as unmoved. Our own five-field FEN (board,
    /// side, unmoved set, half-move clock, move number; what `curio match`
    /// sends) is exact, `-` included: a woozan back on its home square
    /// after moving has no two-step, and inferring one made an engine play
    /// an illegal move in a match.
    fn fen_in(&self, xb: &str, ours_only: bool) -> Result<AnyPosition, String> {
        let v = self.variant;
        let f: Vec<&str> = xb.split_whitespace().collect();
        if ours_only || f.len() == 5 {
            return super::our_fen(v, xb);
        }
        if f.is_empty() {
            return Err("empty FEN".into());
        }
        if f[0].contains('[') {
            return Err(format!("{} has no pieces in hand", v.title()));
        }
        let side = f.get(1).copied().unwrap_or("w");
        let (half, full) = match f.len() {
            6 => (f[4], f[5]),
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
            let inferred = super::our_fen(v, &format!("{} {side}", f[0]))?;
            let fen = inferred.fen();
            let unmoved = fen.split_whitespace().nth(2).unwrap_or("-").to_string();
            format!("{} {side} {unmoved} {half} {full}", f[0])
        };
        super::our_fen(v, &ours)
    }
}
