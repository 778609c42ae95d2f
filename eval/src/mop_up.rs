//! Mop-up: winning an ending against a bare King.
//!
//! A search sees a mate against a lone King only when it is a few moves
//! away; before that the King must be driven to the edge and the winning
//! King brought close, a plan no evaluation term of material or placement
//! pays for. Without this term Curio shuffled won endings into the 100-ply
//! draw (chess first; Strange Chess drew 11 of 16 such games against
//! itself and Dysnomia 6 of 8, `docs/engine.md`, "Mop-up"). Each game
//! decides when it applies (its material and what can promote); the shape
//! of the bonus, on a square board, is shared here.

use crate::Score;
use movegen::Color;

/// Per ring of the weaker King away from the centre.
pub const EDGE: Score = 20;
/// Per step the Kings stand closer than the board's width minus one.
pub const CLOSE: Score = 8;

/// Rings from the centre of a `size` x `size` board of the square at
/// (`file`, `rank`): 0 in the middle (the middle four on an even board),
/// `size / 2 - 1` on the edge.
/// A `const fn`, so that evaluation tables built at compile time share it.
pub const fn centre_distance(file: i32, rank: i32, size: i32) -> i32 {
    let (df, dr) = (
        (2 * file - (size - 1)).abs() / 2,
        (2 * rank - (size - 1)).abs() / 2,
    );
    if df > dr {
        df
    } else {
        dr
    }
}

/// The stronger side's reward, unsigned: `lone` is the weaker King's
/// (file, rank), `own` the stronger King's, on a `size` x `size` board.
pub fn bonus(lone: (i32, i32), own: (i32, i32), size: i32) -> Score {
    let apart = (lone.0 - own.0).abs().max((lone.1 - own.1).abs());
    EDGE * centre_distance(lone.0, lone.1, size) + CLOSE * (size - 1 - apart)
}

/// The side that may mop up, if any: a lead of at least `rook` in
/// `material` (White's, Black's), and the other side with less than
/// `rook` left and nothing that can promote (`promotable`, per colour).
pub fn stronger_side(material: [Score; 2], promotable: [bool; 2], rook: Score) -> Option<Color> {
    let lead = material[0] - material[1];
    let strong = if lead >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let weak = strong.flip().index();
    (lead.abs() >= rook && !promotable[weak] && material[weak] < rook).then_some(strong)
}

/// `score` (the stronger side's) from White's view.
pub fn for_white(strong: Color, score: Score) -> Score {
    if strong == Color::White {
        score
    } else {
        -score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_rings_on_even_boards() {
        assert_eq!(centre_distance(3, 4, 8), 0);
        assert_eq!(centre_distance(0, 4, 8), 3);
        assert_eq!(centre_distance(7, 7, 8), 3);
        assert_eq!(centre_distance(5, 6, 12), 0);
        assert_eq!(centre_distance(11, 0, 12), 5);
        assert_eq!(centre_distance(2, 6, 12), 3);
    }

    #[test]
    fn the_bonus_grows_towards_the_edge_and_as_the_kings_close_in() {
        // Lone King in a corner, the other next to it: the most there is.
        assert_eq!(bonus((0, 0), (1, 1), 8), EDGE * 3 + CLOSE * 6);
        assert_eq!(bonus((3, 3), (7, 7), 8), CLOSE * 3);
        assert_eq!(bonus((0, 0), (2, 2), 12), EDGE * 5 + CLOSE * 9);
    }

    #[test]
    fn only_a_rook_ahead_against_nothing_that_promotes() {
        let rook = 500;
        assert_eq!(
            stronger_side([1400, 0], [false, false], rook),
            Some(Color::White)
        );
        // The stronger side's own pawns do not matter.
        assert_eq!(
            stronger_side([300, 1000], [false, true], rook),
            Some(Color::Black)
        );
        // Not enough lead, the weaker side can promote, or it keeps a Rook.
        assert_eq!(stronger_side([400, 0], [false, false], rook), None);
        assert_eq!(stronger_side([1400, 0], [false, true], rook), None);
        assert_eq!(stronger_side([1400, 500], [false, false], rook), None);
        assert_eq!(for_white(Color::Black, 7), -7);
        assert_eq!(for_white(Color::White, 7), 7);
    }
}
