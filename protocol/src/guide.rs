//! What a player needs to know of each game: its pieces and how its moves
//! are written, with examples (each game's card holds its own). The command line's help and the terminal
//! game's `help` are built from these and from [`Variant::ALL`], so a game
//! added to the list is described everywhere, and no text names a game
//! that is not the one being played.

use movegen::Variant;

/// The pieces' letters (uppercase White, lowercase Black) and what the
/// board shows besides (the game's card).
pub fn pieces(v: Variant) -> &'static str {
    v.card().guide.pieces
}

/// One typical move, for a prompt.
pub fn example(v: Variant) -> &'static str {
    v.card().guide.example
}

/// How moves are written, one form a line, each with examples.
pub fn moves(v: Variant) -> &'static str {
    v.card().guide.moves
}

/// A line under the `moves` list where the list holds forms a newcomer
/// cannot read from the squares alone (a move from a square to itself).
pub fn moves_note(v: Variant) -> Option<&'static str> {
    v.card().guide.moves_note
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
