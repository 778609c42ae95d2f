//! Reality Check: its own notation on the wire (drops, flips, decisions).
//! It is set up by its own session (`cecp::hidden`), which shows each side
//! its own faces, so no `setup` line here.

use super::Dialect;
use movegen::{AnyPosition, Variant};

pub struct RealityCheck;

impl Dialect for RealityCheck {
    fn grid(&self) -> (usize, usize) {
        (5, 11)
    }

    fn square_in(&self, xb: &str, rank_base: u32) -> Option<String> {
        let (file, rank) = super::cell_5x11(xb, rank_base)?;
        Some(format!("{file}{rank}"))
    }

    fn fen_in(&self, xb: &str, _ours_only: bool) -> Result<AnyPosition, String> {
        // XBoard cannot show hidden faces; our full FEN travels.
        super::our_fen(Variant::RealityCheck, xb)
    }
}
