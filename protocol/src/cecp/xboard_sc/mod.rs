//! Strange Chess on XBoard's board: what XBoard shows, and the move forms
//! that keep its board following ours.
//!
//! XBoard (4.9, `-testLegality false`) keeps its own 12x12 board of one
//! glyph per square and updates it with its own `ApplyMove`. It accepts an
//! engine's move when the from-square holds a glyph of the side to move
//! (a drop: when the target square is empty); nothing else is checked. Our
//! game has two-cell Walls, squares with two occupants, sieges and holes
//! that appear and vanish, none of which XBoard's board can hold. So:
//!
//! * **The picture** ([`picture`]): what XBoard should show for a position.
//!   A lone piece is its letter. A Wall is one glyph on its anchor cell, `W`
//!   lying (horizontal) or `V` standing (vertical); its other cell looks
//!   empty. A square with a full piece and a friendly Halfer, or two
//!   friendly Halfers, is one combination glyph ([`COMBOS`]). A siege shows
//!   its besieger, two Halfers of both colours sharing (no siege) show the
//!   white one. Holes are `*`, but only those in a position XBoard was
//!   given: XBoard cannot make or fill a hole during a game.
//! * **XBoard's board** ([`XbBoard`]): a faithful model of XBoard's board,
//!   changed by each move exactly as XBoard's `ApplyMove` changes it
//!   (castling, its pawn rules, kill legs, promotion suffixes, drops). Both
//!   ends of the wire (the engine and whoever drives it) keep one.
//! * **Move forms** ([`wire_table`]): every legal move gets a distinct text
//!   that XBoard accepts on its current board. Among the forms XBoard
//!   understands (`from to`, a suffix that sets the arriving glyph, a kill
//!   leg `from kill,kill to`, a drop `L@to`) the one whose result is
//!   closest to the picture wins; a move no form can show (a spell, or one
//!   whose natural form another move already took) gets a code that leaves
//!   XBoard's board as it is: a glyph of the mover's out and back through
//!   an empty square, `p k,k p`. Reading a move is the same table backwards,
//!   so the two ends agree as long as both know the game from its start.
//!
//! Details are in `docs/xboard-strangechess.md`.
//!
//! The code is in topic files: `setup` (the picture of a position, and
//! XBoard's board when it is given one), `moves` (the move forms: the
//! wire table, reading and writing moves), `xb_fen` (XBoard's FEN read
//! back as ours) and `lift` (the highlights answering `lift`). This file
//! holds what they share: the board's size, the glyph tables and the
//! square names.

pub mod dialect;
mod lift;
mod moves;
mod setup;
mod xb_fen;

pub use lift::highlight;
pub use moves::{read_move, wire_table, write_move};
pub use setup::picture;
pub use xb_fen::our_fen;

use super::xboard_model::{self as model, Grid, Rules};

const FILES: usize = 12;
const SQUARES: usize = 144;

/// Strange Chess's 12x12 board.
type Sq = Grid<FILES, SQUARES>;

/// One move as XBoard writes it, on Strange Chess's board.
pub type Wire = model::Wire<FILES, SQUARES>;

/// XBoard's board for a Strange Chess game, as its `ApplyMove` keeps it.
pub type XbBoard = model::XbBoard<FILES, SQUARES>;

/// No form of ours puts a King on its own Rook, so the model leaves out
/// XBoard's FRC castling (as it always has); drops go on any empty square.
const RULES: Rules = Rules {
    king_onto_rook_castles: false,
    pawn_drops_on_end_ranks: true,
};

/// A full piece sharing with a friendly Halfer (or two friendly Halfers,
/// `H`), and the glyph that shows the pair: the letters no piece uses.
pub const COMBOS: [(u8, u8); 13] = [
    (b'P', b'A'),
    (b'N', b'C'),
    (b'B', b'E'),
    (b'R', b'F'),
    (b'Q', b'G'),
    (b'K', b'I'),
    (b'X', b'J'),
    (b'M', b'L'),
    (b'D', b'O'),
    (b'S', b'T'),
    (b'W', b'U'),
    (b'V', b'Y'),
    (b'H', b'Z'),
];

/// The `setup` piece table: P N B R Q in their own slots, the rest where
/// XBoard has an image and no rules of its own (never the Lance slot, which
/// XBoard treats as a pawn), the King last.
pub const PIECE_TABLE: &str = "PNBRQACEFGXIJLHOTM.DYZSUWVKpnbrqacefgxijlhotm.dyzsuwvk";

/// `-inscriptions` for XBoard: one character drawn on each glyph, slot by
/// slot of [`PIECE_TABLE`] (a space draws nothing): the letter of the
/// game's own pieces on theirs (XBoard's images are of other pieces), the
/// full piece's letter on a combination glyph (it carries a Halfer too),
/// `=` and `|` on the lying and standing Wall; the last entry is the King's.
pub const INSCRIPTIONS: &str = "     PNBRQXKXMHDSM D|HS==| ";

pub fn square_name(sq: usize) -> String {
    Sq::square_name(sq)
}

/// `e4` -> its index (a1 = 0, rank by rank); None if not a square.
pub fn parse_square(s: &str) -> Option<usize> {
    Sq::parse_square(s)
}

/// A picture as a FEN board field (ranks 12 to 1).
pub fn board_field(pic: &[u8; SQUARES]) -> String {
    Sq::board_field(pic)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod more_tests;
