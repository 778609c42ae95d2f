//! The game as every face keeps it: the start position, then each ply's
//! move (typed, with its text in the binding notation, written once when
//! it was played) and the position after it.
//!
//! A face attaches its own data to every entry (`A`): CECP keeps the text
//! that travelled on the wire and its model of XBoard's board, the
//! terminal player nothing. One vector of entries replaces parallel
//! vectors that had to be truncated together.

use movegen::game::Outcome;
use movegen::{AnyMove, AnyPosition, MoveError};

/// A move as played: typed, and its text in the binding notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub mv: AnyMove,
    pub text: String,
}

/// One position of the game and how it was reached.
#[derive(Clone, Debug)]
pub struct Entry<A> {
    pub pos: AnyPosition,
    /// The move that led here (None for the start position).
    pub mv: Option<Played>,
    /// What the face keeps beside it.
    pub note: A,
}

/// A game: never empty (the start position is its first entry).
#[derive(Clone, Debug)]
pub struct GameRecord<A = ()> {
    entries: Vec<Entry<A>>,
}

impl<A> GameRecord<A> {
    pub fn new(start: AnyPosition, note: A) -> Self {
        GameRecord {
            entries: vec![Entry {
                pos: start,
                mv: None,
                note,
            }],
        }
    }

    pub fn start(&self) -> &AnyPosition {
        &self.entries[0].pos
    }

    pub fn current(&self) -> &AnyPosition {
        &self.last().pos
    }

    /// The current position, to change in place (a setting that changes
    /// what the position remembers, such as Dysnomia's denial right).
    pub fn current_mut(&mut self) -> &mut AnyPosition {
        &mut self.last_mut().pos
    }

    pub fn last(&self) -> &Entry<A> {
        self.entries.last().expect("a game has a start position")
    }

    pub fn last_mut(&mut self) -> &mut Entry<A> {
        self.entries
            .last_mut()
            .expect("a game has a start position")
    }

    /// The entry `back` plies before the current one (0: the current).
    pub fn back(&self, back: usize) -> Option<&Entry<A>> {
        self.entries
            .len()
            .checked_sub(back + 1)
            .map(|i| &self.entries[i])
    }

    pub fn entries(&self) -> &[Entry<A>] {
        &self.entries
    }

    /// Each position with the face's note on it, to rewrite the notes
    /// (positions and moves stay as played).
    pub fn notes_mut(&mut self) -> impl Iterator<Item = (&AnyPosition, &mut A)> {
        self.entries.iter_mut().map(|e| (&e.pos, &mut e.note))
    }

    /// Plies played since the start position.
    pub fn plies(&self) -> usize {
        self.entries.len() - 1
    }

    /// The moves played, in order, as text.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .filter_map(|e| e.mv.as_ref().map(|p| p.text.as_str()))
    }

    /// The move that led to the current position.
    pub fn last_move(&self) -> Option<&Played> {
        self.last().mv.as_ref()
    }

    /// Keys of the positions before the current one (for repetitions).
    pub fn history(&self) -> Vec<u64> {
        self.entries[..self.entries.len() - 1]
            .iter()
            .map(|e| e.pos.key())
            .collect()
    }

    /// How the game ended, if the current position ends it.
    pub fn outcome(&self) -> Option<Outcome> {
        self.current().outcome(&self.history())
    }

    /// Adds `mv`, played from the current position, and the position it
    /// led to (which a face may have settled further: see CECP's
    /// `settle`).
    pub fn push(&mut self, mv: AnyMove, pos: AnyPosition, note: A) {
        let text = self.current().move_text(&mv);
        self.entries.push(Entry {
            pos,
            mv: Some(Played { mv, text }),
            note,
        });
    }

    /// Plays the typed move `mv` from the current position; on error (not
    /// legal here) the game is as it was.
    pub fn play_move(&mut self, mv: AnyMove, note: A) -> Result<(), MoveError> {
        let mut next = self.current().clone();
        next.make_move(&mv)?;
        self.push(mv, next, note);
        Ok(())
    }

    /// Plays `text` (binding notation) from the current position, read
    /// once; on error the game is as it was.
    pub fn play(&mut self, text: &str, note: A) -> Result<AnyMove, MoveError> {
        let mv = self.current().parse_move(text)?;
        self.play_move(mv, note)?;
        Ok(mv)
    }

    /// Takes back `n` plies; false (and nothing changed) when fewer were
    /// played.
    pub fn undo(&mut self, n: usize) -> bool {
        if n > self.plies() {
            return false;
        }
        self.entries.truncate(self.entries.len() - n);
        true
    }

    /// Starts again from `start`.
    pub fn reset(&mut self, start: AnyPosition, note: A) {
        self.entries.clear();
        self.entries.push(Entry {
            pos: start,
            mv: None,
            note,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Variant;

    #[test]
    fn plays_takes_back_and_keeps_history() {
        let mut g = GameRecord::new(AnyPosition::start(Variant::Chess), 0u8);
        assert!(g.play("e2e4", 1).is_ok());
        assert!(g.play("e7e5", 2).is_ok());
        assert_eq!(g.plies(), 2);
        assert_eq!(g.moves().collect::<Vec<_>>(), ["e2e4", "e7e5"]);
        // Kept typed, with the text written once.
        let e5 = g.back(1).unwrap().pos.parse_move("e7e5").unwrap();
        assert_eq!(
            g.last_move().map(|p| (p.mv, p.text.as_str())),
            Some((e5, "e7e5"))
        );
        // A typed move from another position is refused.
        let e4 = g.start().parse_move("e2e4").unwrap();
        assert!(g.play_move(e4, 9).is_err());
        assert_eq!(g.plies(), 2);
        assert_eq!(g.history().len(), 2);
        assert_eq!(g.history()[0], g.start().key());
        assert_eq!(g.back(1).map(|e| e.note), Some(1));
        // A refused move leaves the game as it was.
        assert!(g.play("e4e5", 3).is_err());
        assert_eq!(g.plies(), 2);
        assert!(!g.undo(3));
        assert!(g.undo(2));
        assert_eq!(g.plies(), 0);
        assert_eq!(g.current().fen(), g.start().fen());
        assert!(g.outcome().is_none());
    }

    #[test]
    fn knows_a_finished_game() {
        let mut g = GameRecord::new(AnyPosition::start(Variant::Chess), ());
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play(m, ()).unwrap();
        }
        assert_eq!(g.outcome().map(|o| o.result_token()), Some("0-1"));
    }
}
