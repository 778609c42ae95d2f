//! Monte Carlo searches for hidden-information games: information-set MCTS
//! and the flat Monte Carlo baseline.
//!
//! # ISMCTS
//!
//! Single-observer information-set MCTS (Cowling, Powley and Whitehouse,
//! 2012). Each iteration draws one determinization (a full state consistent
//! with what the searching player knows, from the caller's sampler) and walks
//! one tree shared by all determinizations:
//!
//! * only the children legal in this determinization take part; each keeps
//!   an *availability* count (how often it was legal when its parent was
//!   visited), and UCB uses it in place of the parent's visit count:
//!   `mean + c * sqrt(ln(availability) / visits)`;
//! * a node with legal moves not yet in the tree gets one of them, chosen at
//!   random, and the iteration continues with a playout;
//! * playouts use the game's policy ([`MonteCarlo::playout_move`]) for a
//!   fixed number of plies, then the game's heuristic value;
//! * a tree move that returns to a view the searching player has already
//!   seen in this game ([`MonteCarlo::view_key`]) ends the iteration as a
//!   draw: the repetition rule is on full states the player cannot key,
//!   but a return to a seen view is the first step to a threefold, and a
//!   player that is winning must make progress instead (without this it
//!   shuffled won games into draws against the random player).
//!
//! Moves are chosen in two levels: first a group ([`MonteCarlo::group`]),
//! then a move inside it. Reality Check groups a move with its flip targets,
//! so the tree branches about 15 ways and then about 20, instead of 300 at
//! once; UCB then learns which moves are worth their flips.
//!
//! Several threads run independent trees (root parallelisation) with
//! different seeds; their root statistics are summed and the most visited
//! group, then the most visited move in it, is played. With one thread and
//! an iteration limit the search is deterministic for a given seed.
//!
//! # Flat Monte Carlo
//!
//! The baseline: every iteration samples a determinization, plays the next
//! root move in turn, and runs a playout; the move with the best mean wins.

use eval::montecarlo::{MonteCarlo, SplitMix};
use movegen::game::{Color, MoveBuf, Outcome};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// When to stop.
#[derive(Clone, Copy, Debug, Default)]
pub struct MctsLimits {
    pub time: Option<Duration>,
    pub iterations: Option<u64>,
}

impl MctsLimits {
    pub fn time(t: Duration) -> MctsLimits {
        MctsLimits {
            time: Some(t),
            iterations: None,
        }
    }

    pub fn iterations(n: u64) -> MctsLimits {
        MctsLimits {
            time: None,
            iterations: Some(n),
        }
    }

    /// A time per move from a clock: a 30th of the remaining time plus most
    /// of the increment, never more than a third of what is left, minus a
    /// safety margin for process and pipe latency.
    pub fn from_clock(remaining: Duration, increment: Duration) -> MctsLimits {
        let margin = Duration::from_millis(30);
        let share = remaining / 30 + increment.mul_f32(0.8);
        let t = share.min(remaining / 3).saturating_sub(margin);
        MctsLimits::time(t.max(Duration::from_millis(5)))
    }
}

/// Search settings.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    pub threads: usize,
    pub seed: u64,
    /// UCB exploration constant.
    pub exploration: f32,
    /// Playout length before the heuristic value is used.
    pub playout_plies: u32,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            threads: 1,
            seed: 1,
            exploration: 0.1,
            playout_plies: 24,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct MctsResult<M> {
    pub best: Option<M>,
    /// Iterations over all threads.
    pub iterations: u64,
    pub elapsed: Duration,
    /// Mean result of the best move for the player to move (0..1).
    pub value: f32,
    /// Visits of the best move.
    pub visits: u64,
    /// Moves made (tree and playouts): with an iteration limit and one
    /// thread, a signature of the search's behaviour.
    pub nodes: u64,
}

impl<M> MctsResult<M> {
    /// Iterations per second.
    pub fn ips(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.iterations as f64 / s) as u64
        } else {
            0
        }
    }
}

/// Chance that White wins, for a finished game.
fn outcome_value(o: Option<Outcome>) -> f32 {
    match o {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    }
}

/// Plays the policy from `pos` for up to `plies`; White's expected result.
fn playout<G: MonteCarlo>(pos: &mut G, plies: u32, rng: &mut SplitMix, nodes: &mut u64) -> f32 {
    let mut legal = G::Moves::default();
    for _ in 0..plies {
        *nodes += 1;
        // A variant's win with moves left ends the playout.
        if let Some(o) = pos.decisive() {
            return outcome_value(Some(o));
        }
        legal.clear();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            return outcome_value(pos.outcome(&[]));
        }
        let m = pos.playout_move(&legal, rng);
        pos.make(m);
    }
    match pos.decisive() {
        Some(o) => outcome_value(Some(o)),
        None => pos.white_value(),
    }
}

#[derive(Clone, Debug)]
struct Node<M> {
    /// Group key (group nodes) or unused (state nodes).
    key: u64,
    /// The move that leads here (state nodes below a group).
    mv: Option<M>,
    /// Who chose the edge into this node.
    player: Color,
    visits: u32,
    avail: u32,
    total: f32,
    children: Vec<u32>,
}

impl<M> Node<M> {
    fn new(key: u64, mv: Option<M>, player: Color) -> Node<M> {
        Node {
            key,
            mv,
            player,
            visits: 0,
            avail: 0,
            total: 0.0,
            children: Vec::new(),
        }
    }

    fn ucb(&self, c: f32) -> f32 {
        let n = self.visits.max(1) as f32;
        self.total / n + c * ((self.avail.max(1) as f32).ln() / n).sqrt()
    }
}

/// Root statistics of one tree: per group, its visits and per move visits
/// and total.
/// One root group: key, visits, and (move, visits, total) per move in it.
type GroupStats<M> = (u64, u32, Vec<(M, u32, f32)>);

struct RootStats<M> {
    groups: Vec<GroupStats<M>>,
    iterations: u64,
    nodes: u64,
}

fn run_tree<G: MonteCarlo>(
    sample: &(dyn Fn(&mut SplitMix) -> G + Sync),
    seen: &[u64],
    config: &MctsConfig,
    seed: u64,
    deadline: Option<Instant>,
    max_iterations: u64,
    stop: &AtomicBool,
) -> RootStats<G::Move> {
    let mut rng = SplitMix::new(seed);
    let mut nodes: Vec<Node<G::Move>> = vec![Node::new(0, None, Color::White)];
    let mut legal = G::Moves::default();
    let mut groups: Vec<u64> = Vec::new();
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut iterations = 0u64;
    let mut made = 0u64;
    while iterations < max_iterations {
        if iterations.is_multiple_of(16) {
            if stop.load(Relaxed) {
                break;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        iterations += 1;
        let mut det = sample(&mut rng);
        let searcher = det.side_to_move();
        // A game ended on the spot is no repetition, whatever the view
        // (the end is asked only of a repeated view: it may generate moves).
        let repeats = |det: &G| {
            !seen.is_empty() && seen.contains(&det.view_key(searcher)) && det.outcome(&[]).is_none()
        };
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let value;
        loop {
            if let Some(o) = det.decisive() {
                value = outcome_value(Some(o));
                break;
            }
            legal.clear();
            det.legal_moves(&mut legal);
            if legal.is_empty() {
                value = outcome_value(det.outcome(&[]));
                break;
            }
            let player = det.side_to_move();
            groups.clear();
            groups.extend(legal.iter().map(|&m| det.group(m)));
            groups.sort_unstable();
            groups.dedup();
            let gnode = pick_group(&mut nodes, node, &groups, player, &mut rng, config);
            path.push(gnode as u32);
            // Second level: the move inside the group.
            let key = nodes[gnode].key;
            let cands: Vec<G::Move> = legal
                .iter()
                .copied()
                .filter(|&m| det.group(m) == key)
                .collect();
            if let Some(mi) = expand_move(&mut nodes, gnode, &cands, player, &mut rng) {
                path.push(mi as u32);
                det.make(nodes[mi].mv.expect("move node"));
                made += 1;
                value = if repeats(&det) {
                    0.5
                } else {
                    playout(&mut det, config.playout_plies, &mut rng, &mut made)
                };
                break;
            }
            let mi = best_child(
                &nodes,
                gnode,
                |c| cands.contains(&c.mv.expect("move node")),
                config.exploration,
            );
            path.push(mi as u32);
            det.make(nodes[mi].mv.expect("move node"));
            made += 1;
            node = mi;
            if repeats(&det) {
                value = 0.5;
                break;
            }
        }
        backpropagate(&mut nodes, &path, value);
    }
    root_stats(&nodes, iterations, made)
}

/// Counts a result on every node of the path, from each node's player's
/// side (`value` is White's).
fn backpropagate<M>(nodes: &mut [Node<M>], path: &[u32], value: f32) {
    for &i in path {
        let n = &mut nodes[i as usize];
        n.visits += 1;
        n.total += if n.player == Color::White {
            value
        } else {
            1.0 - value
        };
    }
}

/// The first level of a node: the group of moves to follow. Counts the
/// node's known groups that are available in this determinization; an
/// untried group (chosen at random) is added, else the best by UCB among
/// the available ones.
fn pick_group<M>(
    nodes: &mut Vec<Node<M>>,
    node: usize,
    groups: &[u64],
    player: Color,
    rng: &mut SplitMix,
    config: &MctsConfig,
) -> usize {
    let mut known: Vec<u64> = Vec::with_capacity(nodes[node].children.len());
    for k in 0..nodes[node].children.len() {
        let ci = nodes[node].children[k];
        let c = &mut nodes[ci as usize];
        known.push(c.key);
        if groups.binary_search(&c.key).is_ok() {
            c.avail += 1;
        }
    }
    known.sort_unstable();
    let untried: Vec<u64> = groups
        .iter()
        .copied()
        .filter(|g| known.binary_search(g).is_err())
        .collect();
    if untried.is_empty() {
        return best_child(
            nodes,
            node,
            |c| groups.binary_search(&c.key).is_ok(),
            config.exploration,
        );
    }
    let g = untried[rng.below(untried.len())];
    let mut n = Node::new(g, None, player);
    n.avail = 1;
    nodes.push(n);
    let gi = nodes.len() - 1;
    nodes[node].children.push(gi as u32);
    gi
}

/// The second level of a group node: counts its known moves that are
/// among `cands` (this determinization's moves of the group) as available,
/// and adds one untried candidate, chosen at random, if there is one (its
/// node is returned; None when every candidate has been tried).
fn expand_move<M: Copy + PartialEq>(
    nodes: &mut Vec<Node<M>>,
    gnode: usize,
    cands: &[M],
    player: Color,
    rng: &mut SplitMix,
) -> Option<usize> {
    let mut tried = Vec::with_capacity(nodes[gnode].children.len());
    for k in 0..nodes[gnode].children.len() {
        let ci = nodes[gnode].children[k];
        let c = &mut nodes[ci as usize];
        let m = c.mv.expect("move node");
        if cands.contains(&m) {
            c.avail += 1;
        }
        tried.push(m);
    }
    let untried: Vec<M> = cands
        .iter()
        .copied()
        .filter(|m| !tried.contains(m))
        .collect();
    if untried.is_empty() {
        return None;
    }
    let m = untried[rng.below(untried.len())];
    let mut n = Node::new(0, Some(m), player);
    n.avail = 1;
    nodes.push(n);
    let mi = nodes.len() - 1;
    nodes[gnode].children.push(mi as u32);
    Some(mi)
}

/// What the root of a finished tree tells: per group, its visits and
/// its moves' visits and totals.
fn root_stats<M: Copy>(nodes: &[Node<M>], iterations: u64, made: u64) -> RootStats<M> {
    let groups = nodes[0]
        .children
        .iter()
        .map(|&gi| {
            let g = &nodes[gi as usize];
            let moves = g
                .children
                .iter()
                .map(|&mi| {
                    let m = &nodes[mi as usize];
                    (m.mv.expect("move node"), m.visits, m.total)
                })
                .collect();
            (g.key, g.visits, moves)
        })
        .collect();
    RootStats {
        groups,
        iterations,
        nodes: made,
    }
}

fn best_child<M>(
    nodes: &[Node<M>],
    parent: usize,
    available: impl Fn(&Node<M>) -> bool,
    c: f32,
) -> usize {
    let mut best = usize::MAX;
    let mut best_score = f32::NEG_INFINITY;
    for &ci in &nodes[parent].children {
        let n = &nodes[ci as usize];
        if !available(n) {
            continue;
        }
        let s = n.ucb(c);
        if s > best_score {
            best_score = s;
            best = ci as usize;
        }
    }
    assert!(
        best != usize::MAX,
        "a fully expanded node has an available child"
    );
    best
}

/// Information-set MCTS from the positions `sample` draws; `seen` holds the
/// searching player's views of the game's positions so far (empty when
/// the game's history is unknown, as in analysis of a lone position).
pub fn ismcts<G: MonteCarlo>(
    sample: &(dyn Fn(&mut SplitMix) -> G + Sync),
    seen: &[u64],
    limits: &MctsLimits,
    config: &MctsConfig,
    stop: &AtomicBool,
) -> MctsResult<G::Move> {
    let start = Instant::now();
    let deadline = limits.time.map(|t| start + t);
    let threads = config.threads.max(1);
    let per_thread = limits
        .iterations
        .map_or(u64::MAX, |n| n.div_ceil(threads as u64).max(1));
    let stats: Vec<RootStats<G::Move>> = if threads == 1 {
        vec![run_tree(
            sample,
            seen,
            config,
            config.seed,
            deadline,
            per_thread,
            stop,
        )]
    } else {
        // The tree walk and playouts do not recurse, but every search
        // thread gets the same stack, chosen in one place.
        let stack = crate::search_stack_bytes::<G>();
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|i| {
                    let seed = config.seed.wrapping_add(0x1000_0000 * i as u64);
                    crate::spawn_search_thread(s, format!("mcts {i}"), stack, move || {
                        run_tree(sample, seen, config, seed, deadline, per_thread, stop)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("search thread"))
                .collect()
        })
    };
    let mut group_visits: HashMap<u64, u64> = HashMap::new();
    for st in &stats {
        for (key, visits, _) in &st.groups {
            *group_visits.entry(*key).or_default() += *visits as u64;
        }
    }
    let iterations = stats.iter().map(|s| s.iterations).sum();
    let nodes = stats.iter().map(|s| s.nodes).sum();
    let best_group = group_visits
        .iter()
        .max_by_key(|(k, v)| (**v, std::cmp::Reverse(**k)))
        .map(|(k, _)| *k);
    let mut best = None;
    let mut value = 0.5;
    let mut visits = 0;
    if let Some(bg) = best_group {
        let mut moves: Vec<(G::Move, u64, f32)> = Vec::new();
        for st in &stats {
            for (key, _, ms) in &st.groups {
                if *key != bg {
                    continue;
                }
                for &(m, v, t) in ms {
                    match moves.iter_mut().find(|(x, _, _)| *x == m) {
                        Some(e) => {
                            e.1 += v as u64;
                            e.2 += t;
                        }
                        None => moves.push((m, v as u64, t)),
                    }
                }
            }
        }
        // Most visits; ties keep the first found (deterministic order).
        if let Some(&(m, v, t)) = moves
            .iter()
            .fold(None, |acc: Option<&(G::Move, u64, f32)>, e| match acc {
                Some(a) if a.1 >= e.1 => Some(a),
                _ => Some(e),
            })
        {
            best = Some(m);
            visits = v;
            value = if v > 0 { t / v as f32 } else { 0.5 };
        }
    }
    MctsResult {
        best,
        iterations,
        elapsed: start.elapsed(),
        value,
        visits,
        nodes,
    }
}

/// Flat Monte Carlo: the root moves in turn, one determinization and one
/// playout each, best mean wins.
pub fn flat_monte_carlo<G: MonteCarlo>(
    sample: &(dyn Fn(&mut SplitMix) -> G + Sync),
    limits: &MctsLimits,
    config: &MctsConfig,
    stop: &AtomicBool,
) -> MctsResult<G::Move> {
    let start = Instant::now();
    let deadline = limits.time.map(|t| start + t);
    let mut rng = SplitMix::new(config.seed);
    let root = sample(&mut rng);
    let mut moves = G::Moves::default();
    root.legal_moves(&mut moves);
    let player = root.side_to_move();
    let n = moves.len();
    let mut visits = vec![0u64; n];
    let mut totals = vec![0f32; n];
    let mut iterations = 0u64;
    let mut nodes = 0u64;
    let max = limits.iterations.unwrap_or(u64::MAX);
    while n > 0 && iterations < max {
        if iterations.is_multiple_of(16)
            && (stop.load(Relaxed) || deadline.is_some_and(|d| Instant::now() >= d))
        {
            break;
        }
        let i = (iterations % n as u64) as usize;
        iterations += 1;
        let mut det = sample(&mut rng);
        det.make(moves[i]);
        nodes += 1;
        let v = playout(&mut det, config.playout_plies, &mut rng, &mut nodes);
        visits[i] += 1;
        totals[i] += if player == Color::White { v } else { 1.0 - v };
    }
    let best = (0..n).max_by(|&a, &b| {
        let ma = totals[a] / visits[a].max(1) as f32;
        let mb = totals[b] / visits[b].max(1) as f32;
        ma.partial_cmp(&mb)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(b.cmp(&a))
    });
    MctsResult {
        best: best.map(|i| moves[i]),
        iterations,
        elapsed: start.elapsed(),
        value: best.map_or(0.5, |i| totals[i] / visits[i].max(1) as f32),
        visits: best.map_or(0, |i| visits[i]),
        nodes,
    }
}
