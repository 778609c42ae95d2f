//! The browser games of one server, by session id, bounded in number and
//! in idle time. A game whose page stopped asking (closed, crashed, or
//! gone from the network) has its search stopped within seconds and is
//! dropped after a while; a page that comes back finds its game and the
//! engine's move is started again.

use super::either::AnyGame;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Most games at once.
pub const MAX_SESSIONS: usize = 64;
/// A page asks about twice a second: this long without a request and its
/// search stops.
pub const QUIET_STOPS_SEARCH: Duration = Duration::from_secs(5);
/// This long without a request and the game is dropped.
pub const QUIET_DROPS_GAME: Duration = Duration::from_secs(30 * 60);

pub type Shared = Arc<Mutex<AnyGame>>;

#[derive(Default)]
pub struct Sessions {
    games: Mutex<HashMap<String, Shared>>,
}

/// A fresh session id: 128 random bits from the standard library's
/// randomly keyed hasher (unguessable enough for a board on one's own
/// machine; no crate needed).
fn new_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let word = || {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(
            Instant::now().elapsed().as_nanos()
                ^ std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
        );
        h.finish()
    };
    format!("{:016x}{:016x}", word(), word())
}

impl Sessions {
    /// Adds a game; refused when the server is full of games in use (an
    /// idle one makes room).
    pub fn add(&self, game: AnyGame) -> Result<String, String> {
        let mut games = self.games.lock().map_err(|_| "server state lost")?;
        if games.len() >= MAX_SESSIONS {
            let idlest = games
                .iter()
                .filter_map(|(id, g)| g.try_lock().ok().map(|g| (id.clone(), g.last_seen())))
                .filter(|(_, seen)| seen.elapsed() >= QUIET_STOPS_SEARCH)
                .min_by_key(|(_, seen)| *seen);
            match idlest {
                Some((id, _)) => {
                    games.remove(&id);
                }
                None => {
                    return Err(format!(
                    "the server already runs {MAX_SESSIONS} games in use; close one and try again"
                ))
                }
            }
        }
        let id = new_id();
        games.insert(id.clone(), Arc::new(Mutex::new(game)));
        Ok(id)
    }

    pub fn get(&self, id: &str) -> Option<Shared> {
        self.games.lock().ok()?.get(id).cloned()
    }

    pub fn remove(&self, id: &str) -> bool {
        // Dropped outside the table's lock: a game's drop joins its
        // search thread.
        let game = self.games.lock().ok().and_then(|mut g| g.remove(id));
        game.is_some()
    }

    pub fn len(&self) -> usize {
        self.games.lock().map_or(0, |g| g.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Stops the searches of quiet pages and drops long-quiet games.
    pub fn sweep(&self) {
        let all: Vec<(String, Shared)> = match self.games.lock() {
            Ok(g) => g.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            Err(_) => return,
        };
        for (id, game) in all {
            let Ok(mut g) = game.lock() else { continue };
            let quiet = g.last_seen().elapsed();
            if quiet >= QUIET_DROPS_GAME {
                drop(g);
                self.remove(&id);
            } else if quiet >= QUIET_STOPS_SEARCH && g.searching() {
                g.abort();
            }
        }
    }
}
