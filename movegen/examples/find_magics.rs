//! Finds the magic multipliers embedded in `movegen/src/chess/attacks.rs`.
//!
//! `cargo run --release -p movegen --example find_magics` prints two arrays
//! (rook, bishop). The search is deterministic (fixed seed), so the output
//! never changes; it is kept here so the constants can be re-derived.

fn ray_attacks(s: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let (f, r) = ((s % 8) as i32, (s / 8) as i32);
    let mut a = 0;
    for &(df, dr) in dirs {
        let (mut x, mut y) = (f + df, r + dr);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            let b = 1u64 << (y * 8 + x);
            a |= b;
            if occ & b != 0 {
                break;
            }
            x += df;
            y += dr;
        }
    }
    a
}

fn relevant(s: usize, dirs: &[(i32, i32)]) -> u64 {
    // Edge squares never block anything beyond themselves.
    let (f, r) = ((s % 8) as i32, (s / 8) as i32);
    let mut m = 0;
    for &(df, dr) in dirs {
        let (mut x, mut y) = (f + df, r + dr);
        while (0..8).contains(&(x + df)) && (0..8).contains(&(y + dr)) {
            m |= 1u64 << (y * 8 + x);
            x += df;
            y += dr;
        }
    }
    m
}

fn main() {
    let rook = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let bishop = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (name, dirs) in [("ROOK", &rook), ("BISHOP", &bishop)] {
        println!("pub const {name}_MAGICS: [u64; 64] = [");
        for s in 0..64 {
            let mask = relevant(s, dirs);
            let bits = mask.count_ones();
            let mut occs = Vec::new();
            let mut sub = 0u64;
            loop {
                occs.push((sub, ray_attacks(s, sub, dirs)));
                sub = sub.wrapping_sub(mask) & mask;
                if sub == 0 {
                    break;
                }
            }
            let magic = 'search: loop {
                let m = rnd() & rnd() & rnd();
                if (mask.wrapping_mul(m) >> 56).count_ones() < 6 {
                    continue;
                }
                let mut used = vec![u64::MAX; 1 << bits];
                for &(o, a) in &occs {
                    let i = (o.wrapping_mul(m) >> (64 - bits)) as usize;
                    if used[i] == u64::MAX {
                        used[i] = a;
                    } else if used[i] != a {
                        continue 'search;
                    }
                }
                break m;
            };
            println!("    0x{magic:016X},");
        }
        println!("];");
    }
}
