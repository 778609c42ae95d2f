//! How Dysnomia fits [`Game`] and [`Notation`]: the game state
//! ([`State`]: the position and the last turn, for denial) is the
//! position the searches and perft drive.
//!
//! * A move is a [`Turn`]: a whole turn (prefix actions, legs or a Bishop
//!   promotion or a denial, conversions) and whether it can be denied.
//!   About 150 bytes, so the move list is a `Vec` (no fixed capacity to
//!   outgrow: conversions multiply turns; the longest list met in 3,000
//!   random games had 298).
//! * Make is copy-make: [`Game::Undo`] is the whole state before, and
//!   [`Game::make`] takes a listed turn's result from the thread's list
//!   cache ([`super::list_cache`]), where the listing left it; a turn not
//!   in a kept list is replayed with the generator itself, pruned to that
//!   turn ([`super::position::Position::play`]).
//! * The key is the position's Zobrist key (the board's share kept
//!   incrementally) and, while a denial is open, the denial's result.
//! * Game ends: [`State::rule_end`] (exile, a King captured, mate,
//!   stalemate, the 100-ply rule, bare Kings, each final only if the loser
//!   cannot deny) and threefold repetition of the key.

use super::game::{State, Turn};
use super::list_cache::{
    candidates_into, legal_turns_into, noisy_turns_into, with_result_of, with_turns,
};
use super::moves::{parse, Body, Move};
use crate::error::MoveError;
use crate::game::{third_occurrence, EndReason, Game, Notation, Outcome, Tactical};
use crate::Color;

impl Game for State {
    type Move = Turn;
    type Undo = State;
    type Moves = Vec<Turn>;

    fn side_to_move(&self) -> Color {
        self.pos.side
    }

    fn legal_moves(&self, out: &mut Vec<Turn>) {
        legal_turns_into(self, out);
    }

    fn count_legal(&self) -> usize {
        // Deniability does not change the count: no need to compare the
        // turns' results.
        self.pos.count_legal_turns() + self.can_deny() as usize
    }

    fn is_legal(&self, t: Turn) -> bool {
        if t.m.body == Body::Denial {
            return t.m == Move::denial() && self.can_deny() && !t.deniable;
        }
        // The whole list (usually cached: the search lists a node before
        // it tests hash and killer turns there) decides, deniability and
        // material change included.
        with_turns(self, |list| list.iter().any(|(x, _)| *x == t))
    }

    fn make(&mut self, t: Turn) -> State {
        let before = *self;
        // A listed turn's result comes from the list (cached per thread,
        // see `list_cache`); any other is replayed. A turn that is not
        // legal here leaves the state as it was (the trait asks for legal
        // turns; nothing is invented for others).
        let listed = t.m.body != Body::Denial
            && with_result_of(&before, &t, |after| self.play_listed(t, after)).is_some();
        if !listed {
            match self.play(&t) {
                Some(next) => *self = next,
                // A candidate that no list holds and the generator does
                // not play is not legal.
                None => self.made_illegal = t.unchecked,
            }
        } else if t.unchecked {
            // A candidate's check test, left to now (see
            // `State::candidates_with_results_append`).
            self.made_illegal = self.pos.king_capturable(before.pos.side);
        }
        before
    }

    fn unmake(&mut self, _t: Turn, undo: State) {
        *self = undo;
    }

    fn key(&self) -> u64 {
        State::key(self)
    }

    fn in_check(&self) -> bool {
        self.pos.board.king(self.pos.side).is_some() && self.pos.in_check()
    }

    fn outcome(&self, history: &[u64]) -> Option<Outcome> {
        if let Some(end) = self.rule_end() {
            return Some(end);
        }
        third_occurrence(State::key(self), history).then_some(Outcome::Draw {
            reason: EndReason::Repetition,
        })
    }

    fn decisive(&self) -> Option<Outcome> {
        // An exile loss or a captured King: found without generating
        // turns; final only if the loser cannot deny.
        self.pos.exile_loss().filter(|_| !self.can_deny())
    }
}

impl Notation for State {
    fn move_to_string(&self, t: Turn) -> String {
        t.text()
    }

    fn parse_move(&self, text: &str) -> Result<Turn, MoveError> {
        let syntax = |why: String| MoveError::Syntax {
            text: text.to_string(),
            why,
        };
        let wanted = parse(text).map_err(syntax)?;
        let (found, none, only_denial) = with_turns(self, |turns| {
            let found = turns
                .iter()
                .map(|(t, _)| *t)
                .find(|t| t.m.text() == text || self.pos.alias_text(&t.m).as_deref() == Some(text));
            let only_denial = turns.iter().all(|(t, _)| t.m.body == Body::Denial);
            (found, turns.is_empty(), only_denial)
        });
        if let Some(t) = found {
            return Ok(t);
        }
        let why = if none {
            "the game is over: no legal turn".to_string()
        } else if wanted.body == Body::Denial {
            "no denial is open: the side to move does not hold the right, or the last turn \
             cannot be denied"
                .to_string()
        } else if self.pos.bait {
            "a bait is pending: the only legal turns are the forced replies".to_string()
        } else if self
            .pos
            .forbid
            .is_some_and(|f| super::position::Forbid::of_path(&wanted) == f)
        {
            "the denied move may not be played again".to_string()
        } else if only_denial {
            "the only legal turn is the denial @@@@".to_string()
        } else {
            "not a legal turn in this position".to_string()
        };
        Err(MoveError::Illegal {
            text: text.to_string(),
            why,
        })
    }

    fn to_fen(&self) -> String {
        self.pos.to_fen()
    }
}

/// What alpha-beta needs beyond the rules.
///
/// * Noisy turns are the ones that change the material on the board
///   (captures, exiles, falls, revenge, promotions, Statues, and a denial
///   that takes such a turn back): the turn carries that change.
/// * A null move is sound here more often than in chess, because the game
///   has real passes (a King's step out and back, a pawn's double move
///   back to its square): zugzwang hardly exists. It is refused while a
///   bait is pending (the reply is forced) and in exile.
/// * A move is encoded by a hash of the whole turn (its legs, actions and
///   conversions do not fit 64 bits); the invariant tests check that the
///   codes of every list are distinct.
impl Tactical for State {
    /// From-to of the first leg, then Bishop promotions by square, then
    /// the denial.
    const HISTORY_SIZE: usize = 64 * 64 + 64 + 1;

    /// A node costs about a third of a millisecond (every turn played out
    /// and its check simulated): the clock is read at every node.
    const CLOCK_POLL_NODES: u64 = 1;

    fn is_noisy(&self, t: Turn) -> bool {
        t.changes_material()
    }

    /// Quiescence lists only the noisy turns: a quiet turn's check test
    /// (every reply played out) is most of a listing's cost, and out of
    /// check quiescence plays noisy turns only.
    const LAZY_QUIESCENCE: bool = true;

    /// A whole list in check cost six noisy lists: see the search's
    /// staged move loops.
    const STAGED_MOVES: bool = true;

    fn noisy_moves(&self, out: &mut Vec<Turn>) {
        noisy_turns_into(self, out);
    }

    /// The quiet turns untested for check: most are never made (late-move
    /// pruning makes five or eight of fifty at depths 1 and 2).
    const MOVE_CANDIDATES: bool = true;

    fn move_candidates(&self, out: &mut Vec<Turn>) {
        candidates_into(self, out);
    }

    #[inline]
    fn made_legal(&self) -> bool {
        !self.made_illegal
    }

    fn gives_check(&mut self, t: Turn) -> bool {
        // A listed turn's result is in the list: no state to copy twice
        // (make's undo and the new state are 872 bytes each), the same
        // test the made state would answer.
        if t.m.body != Body::Denial {
            let checks = with_result_of(self, &t, |after| {
                after.board.king(after.side).is_some() && after.in_check()
            });
            if let Some(checks) = checks {
                return checks;
            }
        }
        let undo = self.make(t);
        let checks = self.in_check();
        self.unmake(t, undo);
        checks
    }

    fn history_index(&self, t: Turn) -> usize {
        match t.m.body {
            Body::Legs => {
                t.m.legs()
                    .first()
                    .map_or(0, |l| l.from as usize * 64 + l.to as usize)
            }
            Body::BishopPromotion(_, sq) => 64 * 64 + sq as usize,
            Body::Denial => 64 * 64 + 64,
        }
    }

    fn encode_move(t: Turn) -> u64 {
        // A fixed function of the turn: the same code in every process, so
        // a code can be compared across threads and runs.
        debug_assert_eq!(t.code, t.m.code());
        (t.code ^ t.deniable as u64).max(1)
    }

    fn null_move_ok(&self) -> bool {
        !self.pos.bait && !self.pos.in_exile(self.pos.side) && self.pos.winner.is_none()
    }

    fn make_null(&mut self) -> State {
        let undo = *self;
        // The opponent moves next from the same material: no en passant,
        // no denial of a pass, and no re-move restriction left over.
        let mut pos = self.pos;
        pos.side = pos.side.flip();
        pos.ep = None;
        pos.forbid = None;
        *self = State::new(pos);
        undo
    }

    fn unmake_null(&mut self, undo: State) {
        *self = undo;
    }

    fn reversible_plies(&self) -> usize {
        // Pawns step back and sideways and swap places with each other (a
        // swap of two own pawns leaves the board as it was), so a pawn
        // move, which resets the 100-ply count, does not stop a position
        // from repeating: every earlier position may repeat. Counting from
        // the clock let the search walk into threefold repetitions it
        // could not see (3 of 10 games against a random mover drawn).
        usize::MAX
    }

    fn rule_draw(&self) -> bool {
        // The 100-ply draw is final; bare Kings only when no denial can
        // bring material back (as State::rule_end decides).
        self.pos.halfmove >= 100 || (self.pos.bare_kings() && !self.can_deny())
    }
}
