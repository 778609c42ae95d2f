//! The legal list and what is read from it: every legal turn (all, the
//! noisy ones, one quiet one, or only their number), playing a turn by
//! its move or its text, the game's end by the rules, perft. The turns
//! themselves are assembled in [`super::turn`].

use super::board::{file_rank, Kind, Square};
use super::game::Turn;
use super::moves::{sort_by_text, Body, Move, NO_LEVEL};
use super::position::Position;
use super::turn::{Found, Keep};
use crate::game::{first_draw, no_move_outcome, Color, EndReason, Outcome};

impl Position {
    /// Every legal turn, in byte order of their texts.
    /// Empty once the game is decided by an exile loss (R-B13.2).
    pub fn legal_turns(&self) -> Vec<(Move, Position)> {
        self.turns(None, Keep::All)
    }

    /// How many legal turns there are: [`Position::legal_turns`]'s length,
    /// without keeping or sorting the turns (perft's last ply).
    pub fn count_legal_turns(&self) -> usize {
        let mut found = Found::counting();
        self.find_turns(None, Keep::All, &mut found);
        found.count
    }

    /// The legal turns that change the material on the board (see
    /// [`super::game::Turn::changes_material`]): [`Position::legal_turns`]
    /// without the others, in the same order, at a fraction of the cost.
    pub fn noisy_turns(&self) -> Vec<(Move, Position)> {
        self.turns(None, Keep::Noisy(self.board.material()))
    }

    /// Whether some legal turn leaves the material on the board as it is.
    pub fn has_quiet_turn(&self) -> bool {
        // Counted, not listed: the listing stops at the first.
        let mut found = Found::counting();
        self.find_turns(None, Keep::OneQuiet(self.board.material()), &mut found);
        found.count > 0
    }

    /// The position after the turn `m`, if it is legal here. The same
    /// generator as [`Position::legal_turns`], pruned at each step (prefix
    /// actions, legs, conversions) to the parts of `m`, so the two cannot
    /// disagree.
    pub fn play(&self, m: &Move) -> Option<Position> {
        self.turns(Some(m), Keep::All)
            .into_iter()
            .next()
            .map(|(_, p)| p)
    }

    /// Every legal turn that `keep` keeps, or (with `want`) only that one,
    /// in byte order of their texts.
    fn turns(&self, want: Option<&Move>, keep: Keep) -> Vec<(Move, Position)> {
        let mut out: Vec<(Move, Position)> = self
            .turns_unordered(want, keep)
            .into_iter()
            .map(|(t, p)| (t.m, p))
            .collect();
        sort_by_text(&mut out, |(m, _)| m, true);
        out
    }

    /// [`Position::legal_turns`] in the generator's order, as turns with
    /// their material change (their deniability is decided by
    /// [`super::game::State::turns_with_results`]): the searches order
    /// turns themselves, and writing and sorting every turn's text at
    /// every node cost them 6% of their time. The generator finds each
    /// turn once (the invariant tests check that the texts of a list are
    /// distinct and as many as `count_legal_turns` counts).
    pub fn legal_turns_unordered(&self) -> Vec<(Turn, Position)> {
        self.turns_unordered(None, Keep::All)
    }

    /// [`Position::noisy_turns`] in the generator's order (the order of
    /// [`Position::legal_turns_unordered`], quiet turns left out).
    pub fn noisy_turns_unordered(&self) -> Vec<(Turn, Position)> {
        self.turns_unordered(None, Keep::Noisy(self.board.material()))
    }

    fn turns_unordered(&self, want: Option<&Move>, keep: Keep) -> Vec<(Turn, Position)> {
        // Most lists hold fewer (the longest met in 3,000 random games had
        // 298): growing a list of 568-byte entries copies it.
        let mut list = Vec::with_capacity(128);
        self.turns_unordered_append(want, keep, &mut list);
        list
    }

    /// [`Position::turns_unordered`] appended to `list` (the list cache
    /// lists straight into its ring, copying no turn after listing it).
    pub(super) fn turns_unordered_append(
        &self,
        want: Option<&Move>,
        keep: Keep,
        list: &mut Vec<(Turn, Position)>,
    ) {
        let mut found = Found::listing(self.board.material(), std::mem::take(list));
        self.find_turns(want, keep, &mut found);
        *list = found.list;
    }

    /// [`Position::legal_turns_unordered`] appended to `list`.
    pub(super) fn legal_turns_unordered_append(&self, list: &mut Vec<(Turn, Position)>) {
        self.turns_unordered_append(None, Keep::All, list)
    }

    /// [`Position::noisy_turns_unordered`] appended to `list`.
    pub(super) fn noisy_turns_unordered_append(&self, list: &mut Vec<(Turn, Position)>) {
        self.turns_unordered_append(None, Keep::Noisy(self.board.material()), list)
    }

    /// Every legal turn in [`Position::legal_turns_unordered`]'s order,
    /// among quiet turns not tested for check (each marked
    /// [`Turn::unchecked`]), appended to `list`: for an ordinary turn (no
    /// bait pending, the mover not in check) the check test of the quiet
    /// turns waits until one is made, and a search makes a few of them.
    pub(super) fn candidates_unordered_append(&self, list: &mut Vec<(Turn, Position)>) {
        self.turns_unordered_append(None, Keep::Candidates(self.board.material()), list)
    }

    /// The rule end of this position, ignoring repetition (which needs the
    /// game's history) and denial (which needs its last move): a King
    /// captured from exile (L2), a side in exile without pawns or Statues
    /// (L1), mate or stalemate, the 100-ply rule, bare Kings.
    pub fn rule_end(&self) -> Option<Outcome> {
        if let Some(end) = self.exile_loss() {
            return Some(end);
        }
        // Counted, not listed: only whether there is one matters.
        if self.count_legal_turns() == 0 {
            // R-B13.1: a side exiled while the opponent has a Statue must
            // bring its King back at once; with no turn that does, it has
            // no turn at all and loses (not a stalemate: there is no check
            // in exile).
            if self.in_exile(self.side) && self.has_statue(self.side.flip()) {
                return Some(Outcome::Win {
                    winner: self.side.flip(),
                    reason: EndReason::NoLegalTurn,
                });
            }
            return Some(no_move_outcome(self.side, self.in_check()));
        }
        first_draw(&[
            (EndReason::MoveRule, self.halfmove >= 100),
            (EndReason::BareKings, self.bare_kings()),
        ])
    }

    /// Only Kings on the board (R-B14.1: no pawns, no Statues, nothing
    /// else).
    pub fn bare_kings(&self) -> bool {
        // Read off the masks (the search asks at every node): a column
        // stands on a Rook, so without columns every piece is a bottom.
        let b = &self.board;
        let kings = b.bottoms(Color::White, Kind::King) | b.bottoms(Color::Black, Kind::King);
        b.columns() == 0 && b.occupied() & !kings == 0
    }

    /// R-B13.2: a King captured from exile (L2), or a side in exile with
    /// no pawns and no Statues (L1); the winner and the reason.
    pub fn exile_loss(&self) -> Option<Outcome> {
        let win = |winner: Color, reason| Some(Outcome::Win { winner, reason });
        if let Some(w) = self.winner {
            // Won inside a bait (R-B16.2: the bait move itself wins, as a
            // mate, while its forced reply is pending), or by a King
            // captured in a turn.
            let reason = if self.bait {
                EndReason::Checkmate
            } else {
                EndReason::KingCaptured
            };
            return win(w, reason);
        }
        for c in [self.side, self.side.flip()] {
            if self.pools.captured[c.index()][Kind::King as usize] > 0 {
                return win(c.flip(), EndReason::ExiledKingCaptured);
            }
        }
        for c in [self.side, self.side.flip()] {
            if self.in_exile(c)
                && self.count_on_board(c, Kind::Pawn) == 0
                && self.count_on_board(c, Kind::Statue) == 0
            {
                return win(c.flip(), EndReason::NoPawnsInExile);
            }
        }
        None
    }

    /// The position after the turn written `text`, if it is legal here.
    pub fn play_text(&self, text: &str) -> Option<Position> {
        self.legal_turns()
            .into_iter()
            .find(|(m, _)| m.text() == text || self.alias_text(m).as_deref() == Some(text))
            .map(|(_, p)| p)
    }

    /// The one alias the notation accepts: a straight pawn double move
    /// written as two legs (`e2e3,e3e4` for `e2e4`, `e2e3,e3e4~` for
    /// `e2e4~`), every such leg of the turn expanded.
    pub fn alias_text(&self, m: &Move) -> Option<String> {
        if m.body != Body::Legs {
            return None;
        }
        let legs = m.legs();
        let first = *legs.first()?;
        let level = if first.from_level == NO_LEVEL {
            0
        } else {
            first.from_level as usize
        };
        let by_pawn = self.board.at(first.from, level)?.kind() == Kind::Pawn;
        if !by_pawn {
            return None;
        }
        let mut expanded = false;
        let mut out = *m;
        out.clear_legs();
        for &l in legs {
            let ((f0, r0), (f1, r1)) = (file_rank(l.from), file_rank(l.to));
            if f0 == f1 && (r1 - r0).abs() == 2 && l.from_level == NO_LEVEL {
                let mid = (((r0 + r1) / 2) * 8 + f0) as Square;
                out.push_leg(super::moves::Leg::new(l.from, mid));
                out.push_leg(super::moves::Leg { from: mid, ..l });
                expanded = true;
            } else {
                out.push_leg(l);
            }
        }
        expanded.then(|| out.text())
    }

    /// Legal turn sequences of length `depth` (README perft convention).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.legal_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|(_, p)| p.perft(depth - 1)).sum()
    }
}
