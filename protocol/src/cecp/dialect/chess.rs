//! Orthodox chess: XBoard's squares, moves and FENs are ours, and XBoard
//! knows the game (no `setup` or `piece` lines), so it can test legality
//! itself.

use super::Dialect;
use movegen::{AnyPosition, Variant};

pub struct Chess;

impl Dialect for Chess {
    fn grid(&self) -> (usize, usize) {
        (8, 8)
    }

    fn square_in(&self, xb: &str, _rank_base: u32) -> Option<String> {
        super::square_8x8(xb)
    }

    fn fen_in(&self, xb: &str, _ours_only: bool) -> Result<AnyPosition, String> {
        super::our_fen(Variant::Chess, xb)
    }
}
