//! A game's card: what the rest of the house needs to know about a game
//! without knowing its rules. Each game folder exports its card(s)
//! (`CARD`); [`Variant::card`](crate::Variant::card) is the one place that
//! lists them, and everything else reads the card instead of matching on
//! the game.

/// How a game is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Perfect information: alpha-beta.
    AlphaBeta,
    /// Hidden information: ISMCTS on what the side to move knows.
    Ismcts,
}

/// The static facts of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// The id on the command line, in PGN and in UCI's `UCI_Variant`.
    pub id: &'static str,
    /// The name in CECP's `variant` (orthodox chess is `normal`).
    pub cecp_id: &'static str,
    /// The name people use.
    pub title: &'static str,
    /// One line for `curio variants`.
    pub summary: &'static str,
    /// Squares on the board.
    pub squares: u32,
    pub start_fen: &'static str,
    pub search: Search,
    /// The positions `curio bench` searches (the first is the start).
    pub bench_fens: &'static [&'static str],
    /// How many plies shallower than the others `curio bench` searches
    /// this game: its nodes cost far more.
    pub bench_shallower: u32,
}
