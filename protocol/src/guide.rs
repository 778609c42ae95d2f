//! What a player needs to know of each game: its pieces and how its moves
//! are written, with examples. The command line's help and the terminal
//! game's `help` are built from these and from [`Variant::ALL`], so a game
//! added to the list is described everywhere, and no text names a game
//! that is not the one being played.

use movegen::Variant;

/// The pieces' letters (uppercase White, lowercase Black) and what the
/// board shows besides.
pub fn pieces(v: Variant) -> &'static str {
    match v {
        Variant::Trubix => "K king, Q queen, N knight, F fleurbic, W woozan. Holes are blank.",
        Variant::Trubix43 => {
            "K king, Q queen, N knight, F fleurbic, W woozan, C crowned knight, \
             S squire. Holes are blank; bc0/cd0/bc10/cd10 sit half a file inwards."
        }
        Variant::RealityCheck => {
            "two-faced chips: P pawn, N knight, B bishop, R rook; a chip shows its \
             face, then its hidden face ('?' where you have not seen it)."
        }
        Variant::Chess => "K king, Q queen, R rook, B bishop, N knight, P pawn.",
        Variant::StrangeChess => {
            "K Q R B N P as in chess, W Wall (two cells), X Bacteria, M Magician, \
             D Digger, S Stone, H Halfer. (NH): two occupants of one square (a \
             Halfer shares). *: a hole."
        }
        Variant::Dysnomia => {
            "K Q R B N P as in chess, T Statue (a pawn turned to stone). (RpK): a \
             column, a Rook carrying riders, written bottom to top (here a white \
             Rook, a black pawn, the white King on top). The pools hold removed \
             Kings, Queens, Rooks, Bishops and Knights only (pawns removed are \
             gone)."
        }
    }
}

/// One typical move, for a prompt.
pub fn example(v: Variant) -> &'static str {
    match v {
        Variant::Trubix | Variant::Trubix43 => "c3c4",
        Variant::RealityCheck => "c3c4^e7",
        Variant::Chess | Variant::Dysnomia => "e2e4",
        Variant::StrangeChess => "f4f5",
    }
}

/// How moves are written, one form a line, each with examples.
pub fn moves(v: Variant) -> &'static str {
    match v {
        Variant::Trubix => {
            "from-square and to-square: c3c4, b1c3\n\
             promotion: the new piece's letter last: b9c10q"
        }
        Variant::Trubix43 => {
            "from-square and to-square: c3c4, b1c3\n\
             promotion: the new piece's letter last: c9bc10s (bc10 is a half-offset square)"
        }
        Variant::RealityCheck => {
            "move, then the chip to flip: c3c4^e7\n\
             drop from the hand: NB@d1; capture: d3g6, with a reality check d3g6!\n\
             keep,.../refuse,... when a captured chip would overfill your hand"
        }
        Variant::Chess => {
            "from-square and to-square: e2e4, g1f3\n\
             promotion: e7e8q; castling: the king's move, e1g1; en passant: e5d6"
        }
        Variant::StrangeChess => {
            "from-square and to-square (a capture, a Digger's ride, a siege started \
             by moving): e3e6, d1f2\n\
             promotion: c11c12q; castling: the king's from and to, g1b1 or g1k1\n\
             Wall: across its length the anchor's move f2f6, along it the leading \
             cell's g2i2, a rotation the moving cell's diagonal step g2f3\n\
             Magician's spell: the empty source square, then the hole it fills: \
             a6d9; banish (the square becomes a hole): the source twice, a6a6 \
             (so 'moves' lists d4d4, e2e2 ...). XBoard's typed forms work too: \
             f3e2-f3 (Magician f3 banishes e2), f3e2-d9 (fills d9 from e2)\n\
             Halfer: leaving a square it shares d4f5h; onto a lone enemy Halfer \
             c5d7 shares, c5d7x besieges\n\
             tunnel travel: d2f4t; a rescue: e4f6, with a step aside e4f6,f6g7v"
        }
        Variant::Dysnomia => {
            "from-square and to-square: g1f3, e4d4 (pawns also step sideways and back)\n\
             two legs joined by a comma: a King's double move e1e2,e2e3, a pawn's \
             bent double move e2e3,e3d3, a Knight's path capture b1b2,b2c3\n\
             columns: a rider leaves with its level a1[1]a4; takes the bottom \
             h1h7[0]; enters an enemy column without capturing b5b7^\n\
             Queen's all-round capture: her square twice, d1d1; a pawn's swap \
             (disguise): e4e5~; Bishop promotion: Q@e5; pawn promotion: e7e8q, \
             e7e8t (a Statue)\n\
             @@@@ denies the opponent's last turn (while you hold the right)"
        }
    }
}

/// A line under the `moves` list where the list holds forms a newcomer
/// cannot read from the squares alone (a move from a square to itself).
pub fn moves_note(v: Variant) -> Option<&'static str> {
    match v {
        Variant::StrangeChess => Some(
            "(a move from a square to itself, d4d4, is a Magician's banish of that empty \
             square; a6d9 from an empty square is a spell; 'help' explains every form)",
        ),
        Variant::Dysnomia => Some(
            "(d1d1 is the Queen's all-round capture, @@@@ a denial, two legs joined by a \
             comma one turn; 'help' explains every form)",
        ),
        _ => None,
    }
}

/// The games of this build, one line each: id, title, what it is.
pub fn game_list() -> String {
    Variant::ALL
        .iter()
        .map(|v| format!("  {:<13} {} ({})", v.id(), v.title(), v.summary()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The move forms of every game, for `curio play --help`.
pub fn all_moves() -> String {
    Variant::ALL
        .iter()
        .map(|&v| {
            let forms = moves(v).replace('\n', "\n    ");
            format!("{} ({}):\n    {forms}", v.title(), v.id())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::AnyPosition;

    /// Every example of the move forms is a legal move somewhere: those
    /// that are legal from the start are checked here, and the help's
    /// game list names every game of the build.
    #[test]
    fn the_prompt_example_is_legal_from_the_start_and_every_game_is_listed() {
        for v in Variant::ALL {
            if v == Variant::RealityCheck {
                continue;
            }
            let start = AnyPosition::start(v);
            assert!(
                start.legal_move_strings().iter().any(|m| m == example(v)),
                "{v:?}: {}",
                example(v)
            );
            assert!(game_list().contains(v.id()));
            assert!(all_moves().contains(v.title()));
        }
    }
}
