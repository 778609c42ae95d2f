//! The boundary every game implements, and how each of Curio's games fits it.
//!
//! Searches (alpha-beta, MCTS), perft, the referee and the protocol are
//! written once, generic over [`Game`], and monomorphised per game. The trait
//! is deliberately small: a position, its legal moves, make/unmake, a hash
//! key, and the rule outcome. [`Notation`] adds the text forms that front ends
//! and tests need.
//!
//! # How the six games fit
//!
//! * **Trubix / Trubix-43** (implemented): one `u64` per colour and per piece
//!   kind over a 5x11 grid; irregular geometry (holes, the half-offset squares
//!   `bc0`/`cd0`/`bc10`/`cd10` with forking lines) lives in per-square
//!   neighbour and ray tables, never in coordinate arithmetic. Extra rule
//!   state: the unmoved-woozan set, which is part of the key.
//! * **Reality Check** (hidden information, drops): the full-information state
//!   implements [`Game`] exactly like the others (both faces of every piece,
//!   hands, a pending keep/refuse decision folded into the next turn, the
//!   flip-restricted piece); its `Move` covers move-and-flip, drops with a
//!   chosen face, captures and reality checks. Perft and the referee use that
//!   state. Players see less: a separate information-model trait (an
//!   information-set key per observer, and `determinize(observer, rng)`
//!   sampling a full state consistent with what that observer knows) sits
//!   beside [`Game`] for ISMCTS; nothing here needs to change for it.
//! * **Strange Chess** (144 squares, implemented in `strangechess`): a
//!   three-word bit set replaces `u64`; the square mask lives in the
//!   position because Magician spells make squares vanish and reappear.
//!   Full pieces (a Wall on both cells) are a mailbox, Halfers a per-cell
//!   count per colour, sieges and tunnels short lists; the position is
//!   `Copy` and make/unmake copies it. A move is four bytes (from, to, a
//!   rescue's displacement square, flags for promotion, `h`, `t`, `x` and
//!   the displacement choice); its kind follows from the position, as in
//!   the notation.
//! * **Dysnomia**: stacks riding on rooks are a per-square layer (height,
//!   owners, types). Denial, bait, exile and revenge are moves or pending
//!   decisions in the position, exactly like Reality Check's keep/refuse, so
//!   "side to move" always names who must act next. Check is defined by
//!   simulation; [`Game::in_check`] hides how.
//! * **Chess**: the calibration game, a plain 8x8 implementation.
//!
//! A game whose rules allow passing or forced non-moves (Dysnomia's denial,
//! Reality Check's refusal) expresses them as moves, so perft and the
//! searches need no special case.

use crate::error::MoveError;
use std::fmt::Debug;
use std::hash::Hash;

/// The two players. White moves first in every game Curio plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// The other player.
    #[inline(always)]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-colour tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// Why a game ended. Rule outcomes only; resignation, time and adjudication
/// belong to the layers that know about them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Repetition,
    /// 100 plies without the resetting event of the game (a capture in Trubix).
    MoveRule,
    /// Only the two kings are left.
    BareKings,
    /// Reality Check: the loser's four true chips are out of play.
    TruePiecesGone,
    /// The loser has no legal turn (in Reality Check this includes an
    /// obligatory drop with every home square full).
    NoLegalTurn,
    /// Dysnomia: a turn captured the loser's King (a revenge or a fall in
    /// its cascade, or a bait's forced reply that left it capturable).
    KingCaptured,
    /// Dysnomia: a pawn or Statue captured the loser's exiled King.
    ExiledKingCaptured,
    /// Dysnomia: the loser is in exile with no pawn and no Statue.
    NoPawnsInExile,
}

impl EndReason {
    /// A short human sentence, as used in CECP results (`1-0 {White mates}`).
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "threefold repetition",
            EndReason::MoveRule => "the 100-ply rule",
            EndReason::BareKings => "bare kings",
            EndReason::TruePiecesGone => "all true pieces out of play",
            EndReason::NoLegalTurn => "no legal turn",
            EndReason::KingCaptured => "capturing the King",
            EndReason::ExiledKingCaptured => "capturing the exiled King",
            EndReason::NoPawnsInExile => "exile without pawns or Statues",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Color, reason: EndReason },
    Draw { reason: EndReason },
}

impl Outcome {
    /// PGN/CECP result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

/// The end of a game whose side to move has no legal move: checkmate if
/// in check, else stalemate (every game Curio plays except Reality Check).
pub fn no_move_outcome(side: Color, in_check: bool) -> Outcome {
    if in_check {
        Outcome::Win {
            winner: side.flip(),
            reason: EndReason::Checkmate,
        }
    } else {
        Outcome::Draw {
            reason: EndReason::Stalemate,
        }
    }
}

/// The first draw that holds, of draw rules given in the game's order of
/// precedence.
pub fn first_draw(rules: &[(EndReason, bool)]) -> Option<Outcome> {
    rules
        .iter()
        .find(|r| r.1)
        .map(|&(reason, _)| Outcome::Draw { reason })
}

/// Whether `key` stands twice in `history`, so this is its third occurrence.
pub fn third_occurrence(key: u64, history: &[u64]) -> bool {
    history.iter().filter(|&&k| k == key).count() >= 2
}

/// Capacity of a move list. Generous: a Trubix position with seven queens
/// and promotions stays far below it.
pub const MAX_MOVES: usize = 512;

/// A fixed-capacity list of moves, filled by move generation without heap
/// allocation.
pub type MoveList<M> = arrayvec::ArrayVec<M, MAX_MOVES>;

/// What generic code needs from a move list: push, clear and slice access.
/// Implemented for every `ArrayVec`, so each game picks its own capacity.
pub trait MoveBuf<M>:
    Default + Debug + std::ops::Deref<Target = [M]> + std::ops::DerefMut + Send
{
    /// A list of the same capacity holding something else per move: the
    /// searches keep an ordering score beside each move, or (move, score)
    /// pairs, and must never hold fewer than the game can generate (a
    /// fixed 512 overflowed in a game with 2048-move lists).
    type Of<T: Debug + Send>: MoveBuf<T>;

    fn push(&mut self, m: M);
    fn clear(&mut self);
    /// Room for `n` more moves without growing (a growable list only: a
    /// list of large moves that grows copies itself each time).
    #[inline(always)]
    fn reserve(&mut self, _n: usize) {}
}

impl<M: Debug + Send, const N: usize> MoveBuf<M> for arrayvec::ArrayVec<M, N> {
    type Of<T: Debug + Send> = arrayvec::ArrayVec<T, N>;

    #[inline(always)]
    fn push(&mut self, m: M) {
        arrayvec::ArrayVec::push(self, m)
    }
    #[inline(always)]
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self)
    }
}

/// A growable list, for a game whose moves are large and whose longest
/// list has no useful fixed bound (Dysnomia: a turn is a whole sequence of
/// legs and conversions, and conversions multiply the turns). Its heap
/// allocation is small beside generating such a list.
impl<M: Debug + Send> MoveBuf<M> for Vec<M> {
    type Of<T: Debug + Send> = Vec<T>;

    #[inline(always)]
    fn push(&mut self, m: M) {
        Vec::push(self, m)
    }
    #[inline(always)]
    fn clear(&mut self) {
        Vec::clear(self)
    }
    #[inline(always)]
    fn reserve(&mut self, n: usize) {
        Vec::reserve(self, n)
    }
}

/// A game position that searches, perft and the referee can drive.
///
/// Invariants every implementation keeps (and the invariant tests check):
/// `unmake(m, make(m))` restores the position and [`Game::key`] exactly; the
/// incremental key equals the key computed from scratch; every move in
/// [`Game::legal_moves`] satisfies [`Game::is_legal`] and no other move does.
pub trait Game: Clone + Send + Sync + 'static {
    /// A small packed move; its bit layout is documented by each game.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// What [`Game::make`] returns so that [`Game::unmake`] can restore.
    type Undo: Copy + Debug;
    /// The fixed-capacity list [`Game::legal_moves`] fills. Its capacity is
    /// the game's own bound on the number of legal moves ([`MoveList`] for
    /// most games; Reality Check's move-and-flip turns need a longer one).
    type Moves: MoveBuf<Self::Move>;

    /// The player who acts next.
    fn side_to_move(&self) -> Color;

    /// Appends every legal move to `out` (which is not cleared first).
    fn legal_moves(&self, out: &mut Self::Moves);

    /// The number of legal moves; games may count faster than they list.
    fn count_legal(&self) -> usize {
        let mut list = Self::Moves::default();
        self.legal_moves(&mut list);
        list.len()
    }

    /// Whether `m` is legal here. Must agree exactly with [`Game::legal_moves`].
    fn is_legal(&self, m: Self::Move) -> bool;

    /// Plays a legal move.
    fn make(&mut self, m: Self::Move) -> Self::Undo;

    /// Takes back the move `m` that `make` answered with `undo`.
    fn unmake(&mut self, m: Self::Move, undo: Self::Undo);

    /// Zobrist key covering everything that makes two positions different
    /// for repetition (pieces, side to move, and game-specific rule state).
    fn key(&self) -> u64;

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// The rule outcome of this position, if the game is over.
    /// `history` holds the keys of the earlier positions of the game (any
    /// order); it is used for repetition.
    ///
    /// The searches ask it (with an empty history) at every position
    /// without legal moves, and score that position by the answer: a win,
    /// a loss or a draw for the side to move, whatever the reason (so a
    /// game where a player with no move wins says so here).
    fn outcome(&self, history: &[u64]) -> Option<Outcome>;

    /// A game end that needs neither move generation nor history: a win
    /// or loss that is not checkmate and may leave legal moves on the board
    /// (Dysnomia's exile or bait). The searches ask it at every node before
    /// anything else, so it must be cheap. When it returns `Some(o)`,
    /// [`Game::outcome`] must return `Some(o)` too. The default, `None`,
    /// suits games whose every end is a position without legal moves or a
    /// draw rule.
    #[inline(always)]
    fn decisive(&self) -> Option<Outcome> {
        None
    }
}

/// Text forms of positions and moves, for front ends and tests.
pub trait Notation: Game {
    /// Prints a move in the game's notation. For a legal move, parsing the
    /// result gives the same move back.
    fn move_to_string(&self, m: Self::Move) -> String;

    /// Reads a move and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The position as FEN.
    fn to_fen(&self) -> String;
}

/// What alpha-beta search needs from a game beyond the rules: which moves
/// are tactical, passing the turn for null-move pruning, and cheap draw
/// tests that do not generate moves.
pub trait Tactical: Game {
    /// Size of a per-move table indexed by [`Tactical::history_index`].
    const HISTORY_SIZE: usize;

    /// Captures and promotions: the moves quiescence search looks at.
    fn is_noisy(&self, m: Self::Move) -> bool;

    /// Whether quiescence search out of check asks only for the noisy
    /// moves ([`Tactical::noisy_moves`]) and so cannot see a stalemate or a
    /// variant's no-move result there. Games whose full move list is costly
    /// (Strange Chess: over a hundred moves, each tested by playing it out)
    /// say yes; the others keep the exact quiescence.
    const LAZY_QUIESCENCE: bool = false;

    /// Whether a side in check in quiescence, and a node of the main
    /// search below the root, first list and search the noisy moves
    /// ([`Tactical::noisy_moves`]) and list the others only if none of
    /// those cuts: for games whose noisy moves can be listed alone far
    /// cheaper than all moves (Dysnomia: a quiet turn's check test is
    /// most of a listing's cost). Needs `LAZY_QUIESCENCE`'s noisy list.
    const STAGED_MOVES: bool = false;

    /// Whether the legal move `m` leaves the opponent in check: by default
    /// the move is made and unmade. A game whose make copies a large
    /// state may answer from what it already knows of the move's result.
    fn gives_check(&mut self, m: Self::Move) -> bool {
        let undo = self.make(m);
        let checks = self.in_check();
        self.unmake(m, undo);
        checks
    }

    /// The legal noisy moves (see [`Tactical::is_noisy`]).
    fn noisy_moves(&self, out: &mut Self::Moves) {
        let mut all = Self::Moves::default();
        self.legal_moves(&mut all);
        for &m in all.iter() {
            if self.is_noisy(m) {
                out.push(m);
            }
        }
    }

    /// The noisy moves before their legality test, for a search that
    /// makes only some of them (quiescence cuts off after the first good
    /// capture more often than not): every move of
    /// [`Tactical::noisy_moves`], in the same order, among moves that are
    /// not legal, which [`Tactical::made_legal`] tells apart once made.
    /// By default the legal list itself. A game overrides it where the
    /// legality test is most of a noisy list's cost (Strange Chess: each
    /// move that may expose the king is played out).
    fn noisy_candidates(&self, out: &mut Self::Moves) {
        self.noisy_moves(out)
    }

    /// After [`Game::make`] of a move of [`Tactical::noisy_candidates`] or
    /// [`Tactical::move_candidates`]:
    /// whether that move was legal (if not, the caller unmakes it and goes
    /// on). By default every candidate is.
    #[inline(always)]
    fn made_legal(&self) -> bool {
        true
    }

    /// Whether a node of the main search below the root, out of check,
    /// lists its moves with [`Tactical::move_candidates`] and tests each with
    /// [`Tactical::made_legal`] once made.
    const MOVE_CANDIDATES: bool = false;

    /// What a node of the main search below the root, out of check, lists
    /// where [`Tactical::MOVE_CANDIDATES`] says so: the moves of
    /// [`Game::legal_moves`], in the same order and the same, possibly
    /// among moves that are not legal, which [`Tactical::made_legal`]
    /// tells apart once made, and without a move whose child is certainly
    /// an earlier move's child (one key, one subtree); empty exactly when
    /// there is no legal move. By default the legal list. Dysnomia leaves
    /// the check test of quiet turns to `make` (a search makes few of
    /// them) and keeps one of the turns that reach one position.
    fn move_candidates(&self, out: &mut Self::Moves) {
        self.legal_moves(out)
    }

    /// How many nodes a search thread visits between looks at the clock
    /// (and flushes of its node count). A power of two, so that the test
    /// is a mask. 1024 nodes are a fraction of a millisecond in the fast
    /// games; a game whose nodes cost a third of a millisecond (Dysnomia)
    /// looks at every node, or a short move budget would be overrun by
    /// far.
    const CLOCK_POLL_NODES: u64 = 1024;

    /// A small index for history and counter-move tables (`< HISTORY_SIZE`).
    fn history_index(&self, m: Self::Move) -> usize;

    /// The move as a number, never 0 for a real move and different for
    /// different legal moves of one position: 64 bits, so that a multi-leg
    /// turn fits whole. Moves are recognised by comparing encodings with
    /// the freshly generated legal moves, so no decoding is needed.
    ///
    /// Root-move exclusion (CECP `exclude`) compares the full code. The
    /// transposition table and the killer slots keep a 32-bit key of it
    /// (`engine::tt::move_key`): the code itself when it fits in 32 bits, a
    /// hash of it otherwise, which only orders moves.
    fn encode_move(m: Self::Move) -> u64;

    /// Whether passing is a sound search heuristic here: false in check and
    /// in zugzwang-prone positions (the game decides which).
    fn null_move_ok(&self) -> bool;

    /// Passes the turn (search only; not a move of the game).
    fn make_null(&mut self) -> Self::Undo;

    /// Takes back [`Tactical::make_null`].
    fn unmake_null(&mut self, undo: Self::Undo);

    /// Plies since the last irreversible move: no position older than this
    /// can repeat, so repetition scans stop there.
    fn reversible_plies(&self) -> usize;

    /// Whether the game is drawn by a counting or material rule (100-ply
    /// rule, bare kings). The search asks it before generating moves and
    /// overrides it only for a checkmate (in check without legal moves); a
    /// game end that takes precedence over these draws otherwise belongs in
    /// [`Game::decisive`], which the search asks first.
    fn rule_draw(&self) -> bool;
}
