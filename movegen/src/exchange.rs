//! The swap list of static exchange evaluation, shared by the games that
//! have one (chess, the Trubix pair): whether a move, followed by the best
//! sequence of recaptures on its target square (each side with its least
//! valuable piece, free to stop when going on would lose), wins at least a
//! threshold. Each game finds the recapturers on its own board; this
//! module only keeps the score (Stockfish's `see_ge` form, which needs no
//! list: `swap` is what the side to recapture must win back).

/// What the side whose turn it is in the exchange can recapture with.
pub(crate) enum Recapture {
    /// Nothing attacks the square.
    Nothing,
    /// Only the King, and whether the other side still guards the square
    /// (then the King may not capture).
    King { guarded: bool },
    /// The least valuable attacker, worth this much. The next question
    /// comes only if the exchange goes on: that is when the caller takes
    /// this piece off the board and lets any slider behind it join.
    Piece(i32),
}

/// Whether the move wins at least `threshold`, where `gain` is what the
/// move takes (and gains by promoting) and `standing` the value of the
/// piece then on the square (huge for a King). Only when those two do not
/// settle it is `start` called (the board's attackers are dear to find),
/// and the recapture it returns is asked, for each side in turn from the
/// opponent of the mover on, for its next recapturer.
#[inline]
pub(crate) fn swap_at_least<R: FnMut() -> Recapture>(
    gain: i32,
    standing: i32,
    threshold: i32,
    start: impl FnOnce() -> R,
) -> bool {
    // What the side that moved has won if the exchange stops now, less the
    // threshold.
    let mut swap = gain - threshold;
    if swap < 0 {
        return false;
    }
    // Even losing the piece that moved to a recapture keeps the threshold.
    swap = standing - swap;
    if swap <= 0 {
        return true;
    }
    let mut recapture = start();
    // True while the side that moved first keeps the threshold.
    let mut result = true;
    loop {
        match recapture() {
            Recapture::Nothing => return result,
            // The King's capture is the last: it stands when unguarded.
            Recapture::King { guarded } => return if guarded { result } else { !result },
            Recapture::Piece(value) => {
                result = !result;
                swap = value - swap;
                if swap < i32::from(result) {
                    return result;
                }
            }
        }
    }
}
