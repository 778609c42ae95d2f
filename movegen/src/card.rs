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

/// What a player needs to know of a game to type its moves: the
/// terminal's `help` and prompt, `curio play --help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guide {
    /// The pieces' letters (uppercase White, lowercase Black) and what
    /// the board shows besides.
    pub pieces: &'static str,
    /// One typical move, for a prompt (legal from the start position
    /// where the game has one).
    pub example: &'static str,
    /// How moves are written, one form a line, each with examples.
    pub moves: &'static str,
    /// A line under a `moves` list whose forms a newcomer cannot read
    /// from the squares alone (a move from a square to itself).
    pub moves_note: Option<&'static str>,
}

/// How front ends name and draw a board from a FEN's board field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// The number of the bottom rank in square names (Trubix counts from 0).
    pub first_rank: u32,
    /// Whether a `*` in the board field is a square that vanished in play
    /// (Strange Chess: drawn, as `*`) rather than a cell that is no square
    /// at all (Trubix's holes: left blank, not named).
    pub holes_are_squares: bool,
    /// Trubix-43: the second and fourth cells of the two edge ranks are the
    /// half-offset squares `bc` and `cd`, half a file inwards.
    pub offset_edge_squares: bool,
}

impl Drawing {
    /// A plain rectangle of squares named by file letter and rank from 1.
    pub const PLAIN: Drawing = Drawing {
        first_rank: 1,
        holes_are_squares: false,
        offset_edge_squares: false,
    };

    /// A board whose ranks are numbered from 0 (Trubix's 5x11 grid).
    pub const RANKS_FROM_0: Drawing = Drawing {
        first_rank: 0,
        ..Drawing::PLAIN
    };
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
    pub guide: Guide,
    /// How front ends name and draw its squares.
    pub drawing: Drawing,
    /// How many centipawns a draw counts against the engine in play
    /// (never in analysis), so that it avoids repetitions in even
    /// positions.
    pub contempt: i32,
    /// The text of a turn that takes the opponent's last turn back
    /// (Dysnomia's denial `@@@@`), in games that have one: front ends offer
    /// it, count it and say what it did.
    pub denial: Option<&'static str>,
}
