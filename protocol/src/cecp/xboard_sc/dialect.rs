//! Strange Chess's dialect: its own notation travels unchanged unless the
//! session keeps XBoard's board (option `XBoard board`, on by default),
//! when moves go in the forms of [`super::moves`].

use super::super::dialect::{self, BoardModel, Dialect};
use super::XbBoard;
use movegen::{AnyPosition, Variant};

pub struct StrangeChess;

impl Dialect for StrangeChess {
    fn grid(&self) -> (usize, usize) {
        (12, 12)
    }

    fn square_in(&self, xb: &str, _rank_base: u32) -> Option<String> {
        super::parse_square(xb).map(super::square_name)
    }

    /// The bughouse parent lets a drop put any glyph on an empty square,
    /// and captures stay out of the hands.
    fn setup_line(&self) -> Option<String> {
        let pic = super::picture(Variant::StrangeChess.start_fen(), true)?;
        Some(format!(
            "setup ({}) 12x12+0_bughouse {} w KQkq - 0 1",
            super::PIECE_TABLE,
            super::board_field(&pic)
        ))
    }

    /// The moves XBetza can write, for XBoard's SAN and the PGN's
    /// VariantMen tag (legality testing stays off): the Bacteria's base
    /// moves, the Halfer's two leaps, the Magician's steps and jump, the
    /// Stone's steps. The pawn is XBoard's own; the Digger (rides under
    /// pieces), the Wall and the combination glyphs have no XBetza form
    /// and stay undefined.
    fn piece_lines(&self) -> Vec<String> {
        dialect::ORTHODOX_PIECES
            .iter()
            .chain(&["piece X& KN", "piece H& NC", "piece M& KD", "piece S& mK"])
            .map(|l| l.to_string())
            .collect()
    }

    /// Our full-state FEN, or the one XBoard writes of its board.
    fn fen_in(&self, xb: &str, ours_only: bool) -> Result<AnyPosition, String> {
        dialect::ours_or_xboards(Variant::StrangeChess, xb, ours_only, super::our_fen)
    }

    dialect::moves_in_xboard_forms!();
}

impl BoardModel for XbBoard {
    dialect::board_model_by_module!();
}
