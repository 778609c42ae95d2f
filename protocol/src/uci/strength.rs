//! `UCI_LimitStrength`: the Elo a GUI asks for, as nodes per move.
//!
//! The strength is set by the nodes the search may visit per move, not
//! by time, so it is the same on any machine and under any clock. The
//! table's points were measured in orthodox chess against Stockfish 15.1
//! with its own `UCI_LimitStrength` (whose `UCI_Elo` is calibrated
//! against CCRL-rated engines), in `curio match` games: the node count at
//! which Curio scored about 50% against Stockfish at that Elo (see
//! docs/engine.md, "UCI strength"). Between points the count grows
//! geometrically. The other games have no outside scale: the same node
//! counts make a weaker or stronger Curio there too, with the same
//! ordering but no claim about Elo.

/// The range of the `UCI_Elo` option.
pub const MIN_ELO: u32 = 1000;
pub const MAX_ELO: u32 = 2600;
pub const DEFAULT_ELO: u32 = 1800;

/// (Elo, nodes per move), measured points in increasing order.
const POINTS: [(u32, u64); 5] = [
    (1000, 20),
    (1400, 300),
    (1800, 3_000),
    (2200, 30_000),
    (2600, 300_000),
];

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
