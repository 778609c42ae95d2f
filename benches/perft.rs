//! Perft speed per game. Every iteration asserts its node count, so a
//! faster but wrong generator fails the benchmark instead of "winning" it.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use movegen::perft::perft;
use movegen::trubix::{Board, Position};
use std::hint::black_box;

const CASES: [(&str, Board, &str, u32, u64); 4] = [
    (
        "trubix start d5",
        Board::T41,
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1",
        5,
        674_302,
    ),
    (
        "trubix middlegame d4",
        Board::T41,
        "**k**/1nfn1/1qw2/f2w1/*w1w*/*1Wf*/*2W*/1WWF1/F1WN1/Q2NF/**K** w C 28 31",
        4,
        994_771,
    ),
    (
        "trubix43 start d5",
        Board::T43,
        "*q*k*/fcscf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FCSCF/*Q*K* w ABCDEabcde 0 1",
        5,
        722_770,
    ),
    (
        "trubix43 middlegame d4",
        Board::T43,
        "*1*k*/1qf1s/f1w1w/www1c/*2w*/*1fW*/*W2*/W2W1/FSW1W/C2CF/*Q*K* w CEce 9 19",
        4,
        1_364_970,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, board, fen, depth, nodes) in CASES {
        let start = Position::from_fen(board, fen).expect("bench FEN");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut pos = start.clone();
                let n = perft(black_box(&mut pos), depth);
                assert_eq!(n, nodes, "{name}: perft count changed");
                n
            })
        });
    }
    // Strange Chess: the start and a position with a live siege and a
    // tunnelling Bacteria, from tests/perft/strangechess.txt.
    for (name, fen, depth, nodes) in [
        (
            "strangechess start d3",
            movegen::strangechess::fen::START,
            3,
            1_100_241u64,
        ),
        (
            "strangechess siege d3",
            "r3b1kbnhxr/1nss4s2s/pp1(Dh)pm4pp/5p*m1p2/7p4/12/P4p6/3*8/R5P5/1PXPPMMPPPPP/2SSWWBS1S1X/2HNBQK*N(RH)2 w kq - 0 23 sieges=d10b4 powers=c3:T",
            3,
            3_290_271,
        ),
    ] {
        let start = movegen::strangechess::Position::from_fen(fen).expect("bench FEN");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut pos = start;
                let n = perft(black_box(&mut pos), depth);
                assert_eq!(n, nodes, "{name}: perft count changed");
                n
            })
        });
    }
    // Dysnomia: the start to depth 3 (depth 4, 104,282,289, takes 24 s a
    // run: benches/perft_dysnomia_vs_chess.sh checks and times it beside
    // chess in CI) and the perft suite's open middlegame, from
    // tests/perft/dysnomia.txt.
    for (name, fen, depth, nodes) in [
        (
            "dysnomia start d3",
            movegen::dysnomia::fen::START,
            3,
            1_011_019u64,
        ),
        (
            "dysnomia open middlegame d3",
            "r1b1k2r/ppp2ppp/2n5/3qp3/3P4/2N2N2/PPP2PPP/R2QKB1R w KQkq - 0 1",
            3,
            855_204,
        ),
    ] {
        let start = movegen::dysnomia::game::State::new(
            movegen::dysnomia::Position::from_fen(fen).expect("bench FEN"),
        );
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut pos = start;
                let n = perft(black_box(&mut pos), depth);
                assert_eq!(n, nodes, "{name}: perft count changed");
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
