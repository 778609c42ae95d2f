//! `UCI_LimitStrength`: the Elo a GUI asks for, as nodes per move.
//!
//! The strength is set by the nodes the search may visit per move, not
//! by time, so it is the same on any machine and under any clock. The
//! scale is Stockfish's: its `UCI_Elo` (with `UCI_LimitStrength`) is
//! calibrated against CCRL-rated engines, and Curio at `UCI_Elo` E is
//! meant to score about 50% against Stockfish 15.1 at E in orthodox chess.
//! Measured in `curio match` games (docs/engine.md, "UCI strength"):
//! Curio at 300, 949, 3,000 and 9,487 nodes a move against Stockfish at
//! 1400, 1400, 1800 and 1800 scored 30%, 52.5%, 42.5% and 62.5%, which
//! puts them at about 1250, 1420, 1750 and 1890; a straight line through
//! those in the logarithm of the nodes gives 447 Elo for ten times the
//! nodes, and the table below is that line. Between 1250 and 1900 it is
//! measured; below and above it is extrapolated (Stockfish at 2200 beat
//! 30,000 nodes 19.5 to 0.5 in 20 games: the line is optimistic up
//! there). The other games have no outside scale: the same node counts
//! make a weaker or stronger Curio there too, in the same order.

/// The range of the `UCI_Elo` option.
pub const MIN_ELO: u32 = 1200;
pub const MAX_ELO: u32 = 2400;
pub const DEFAULT_ELO: u32 = 1800;

/// (Elo, nodes per move) in increasing order; geometric in between.
const POINTS: [(u32, u64); 3] = [(1200, 240), (1800, 5_300), (2400, 116_000)];

/// The nodes per move for `elo` (clamped to the option's range).
pub fn nodes_for_elo(elo: u32) -> u64 {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let k = POINTS
        .windows(2)
        .position(|w| elo <= w[1].0)
        .unwrap_or(POINTS.len() - 2);
    let ((e0, n0), (e1, n1)) = (POINTS[k], POINTS[k + 1]);
    let t = f64::from(elo - e0) / f64::from(e1 - e0);
    let nodes = (n0 as f64).ln() + t * ((n1 as f64).ln() - (n0 as f64).ln());
    nodes.exp().round().max(1.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_grow_with_elo_through_the_measured_points() {
        for (elo, nodes) in POINTS {
            assert_eq!(nodes_for_elo(elo), nodes);
        }
        let mut last = 0;
        for elo in (MIN_ELO..=MAX_ELO).step_by(25) {
            let n = nodes_for_elo(elo);
            assert!(n > last, "{elo}: {n} after {last}");
            last = n;
        }
        assert_eq!(nodes_for_elo(0), nodes_for_elo(MIN_ELO));
        assert_eq!(nodes_for_elo(9999), nodes_for_elo(MAX_ELO));
    }
}
