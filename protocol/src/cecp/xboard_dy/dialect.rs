//! Dysnomia's dialect: its own notation travels unchanged unless the
//! session keeps XBoard's board (option `XBoard board`, on by default),
//! when turns go in the forms of [`super::wire_table`] and a denial goes as
//! XBoard's own ways of taking a move back.

use super::super::dialect::{self, BoardModel, Dialect};
use super::XbBoard;
use movegen::game::Color;
use movegen::{AnyPosition, Variant};

pub struct Dysnomia;

impl Dialect for Dysnomia {
    fn grid(&self) -> (usize, usize) {
        (8, 8)
    }

    fn square_in(&self, xb: &str, _rank_base: u32) -> Option<String> {
        dialect::square_8x8(xb)
    }

    /// Chess pieces in their own slots, column glyphs and the Statue on
    /// images with no rules of their own, the King last. The bughouse
    /// parent lets a drop put a glyph on an empty square (a rider leaving
    /// its column), and captures stay out of the hands; XBoard has no idea
    /// of columns, pools or denial, and runs with legality testing off.
    fn setup_line(&self) -> Option<String> {
        Some(format!(
            "setup ({}) 8x8+0_bughouse {}",
            super::PIECE_TABLE,
            Variant::Dysnomia.start_fen()
        ))
    }

    /// What XBetza can say of each piece, for XBoard's SAN and the PGN
    /// (legality testing stays off): the King's single step, the pawn's
    /// steps in four directions and forward captures. No line for the
    /// Statue: XBoard 4.9.1's ApplyMove takes a kill leg by a piece whose
    /// Betza has `O` as a castling and empties its square (a CI game
    /// forfeited on it), and a code may carry a Statue's glyph out and
    /// back.
    fn piece_lines(&self) -> Vec<String> {
        dialect::ORTHODOX_PIECES
            .iter()
            .chain(&["piece P& mWfcF"])
            .map(|l| l.to_string())
            .collect()
    }

    /// Our full-state FEN, or the one XBoard writes of its glyphs.
    fn fen_in(&self, xb: &str, ours_only: bool) -> Result<AnyPosition, String> {
        dialect::ours_or_xboards(Variant::Dysnomia, xb, ours_only, super::our_fen)
    }

    /// A denial stays in the movetext (replaying the game needs it: it
    /// forbids the denied move and passes the right); the comment says
    /// what it did.
    fn pgn_comment(&self, mv: &str, previous: &str, previous_mover: Color) -> Option<String> {
        let mover = match previous_mover {
            Color::White => "White",
            Color::Black => "Black",
        };
        (mv == "@@@@").then(|| format!("denial: {previous} is taken back and {mover} plays again"))
    }

    dialect::moves_in_xboard_forms!();
}

impl BoardModel for XbBoard {
    dialect::board_model_by_module!();

    fn second_leg_highlight(
        &self,
        pos: &AnyPosition,
        from: &str,
        kill: &str,
    ) -> Option<Option<String>> {
        Some(super::second_leg_highlight(pos, from, kill))
    }

    fn denials_by_refusal(&self) -> bool {
        true
    }
}
