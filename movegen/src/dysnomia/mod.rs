//! Dysnomia Chess (2013 rules, "crazy chess"): chess on 8x8 where pieces
//! ride on Rooks, removals set off chains of falls, revenges and
//! resurrections, and pawns move in four directions and disguise. Binding
//! rules: Part B of `shared/rules/strange-and-dysnomia.md` with
//! `shared/rules/README.md`; text forms: `notation-dysnomia.md`. The
//! project's own account, with every interpretation, is
//! `docs/rules/dysnomia.md`.
//!
//! # Board geometry
//!
//! Square `rank * 8 + file` (a1 = 0, h8 = 63), as in orthodox chess. A
//! square holds a column of pieces, bottom first ([`board`]): the bottom
//! in a mailbox with one occupancy mask per colour, the riders of the (at
//! most four) Rook columns in short lists beside it.
//!
//! # Layers
//!
//! * [`board`]: squares, pieces, columns, pools.
//! * [`position`]: the rule state of R-B2 around the board.
//! * [`resolve`]: removals and the FIFO queue of falls, revenges and
//!   rises (R-B3, R-B7, R-B8.6, R-B10).
//! * [`fen`]: the full-state FEN of the notation.
//! * [`key`]: the Zobrist key, the board's share kept incrementally.
//! * [`rules`], [`disguise`], [`bait`]: the pseudo-legal moves of the
//!   pieces, made of legs, disguises and bait; [`apply`]: what playing
//!   a move's legs does; [`attacks`], [`check`]: check from the board,
//!   else by simulation.
//! * [`turn`]: whole turns assembled (prefix actions, move, replies to a
//!   bait); [`turn_end`]: their end (conversions, first-rank pawns, exile
//!   of risen Bishops, legality, clocks); [`legal`]: the legal list, the
//!   game's end by the rules, perft.
//! * [`game`]: the state with the last turn, denial; [`list_cache`]: the
//!   turns of recently listed states, per thread; [`traits`]: the
//!   [`crate::Game`] and [`crate::Notation`] implementations.
//!
//! Status: the rules are complete (issue 19); the game is not yet offered
//! by [`crate::Variant`] (no search or CECP: issue 20).

pub mod apply;
pub mod attacks;
pub mod bait;
pub mod board;
pub mod check;
pub mod disguise;
pub mod fen;
pub mod game;
pub mod key;
pub mod legal;
pub mod list_cache;
pub mod moves;
pub mod position;
pub mod resolve;
pub mod rules;
pub mod traits;
pub mod turn;
pub mod turn_end;

pub use board::{Kind, Piece, Square};
pub use position::Position;

#[cfg(test)]
mod rule_tests;
#[cfg(test)]
mod tests;

/// Dysnomia Chess's card.
pub const CARD: crate::card::Card = crate::card::Card {
    id: "dysnomia",
    cecp_id: "dysnomia",
    title: "Dysnomia Chess",
    summary: "8x8; pieces ride on Rooks, cascades, denial, bait, exile, revenge, disguise",
    squares: 64,
    start_fen: fen::START,
    search: crate::card::Search::AlphaBeta,
    // The start and positions of the perft suite: columns, Kings riding Rooks, a Queen beside columns, a Statue chain with pools, and an open middlegame.
    // Then three named middlegames from Curio's self-play games at 2+0.05
    // (move 14-15, 2026-11-29): the column duel (White's King on e3
    // between its two columns, an en passant pending), the Queen raid
    // (Black's Queen on h2, a White Bishop on e8) and the riding Queen
    // (White's Queen riding its Rook on b1, Black's on g2).
    bench_fens: &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/8/3(RRrrp)4/8/4N3/8/4K3 w - - 0 1",
        "4(rk)3/8/8/8/8/2n5/3P4/(RK)7 w - - 0 1",
        "3k4/8/2p5/1(rB)1q4/2(RN)5/8/8/4K3 b - - 0 1",
        "k3T3/8/4P3/8/8/8/p7/4K3 w - - 0 1 pools=-/N/q/-",
        "r1b1k2r/ppp2ppp/2n5/3qp3/3P4/2N2N2/PPP2PPP/R2QKB1R w KQkq - 0 1",
        "rnb3nr/2pkp2p/2p1p2b/4Pp2/pp3P2/3PK3/PP3P1P/1(RN)3BN(RB) w - f6:f5 0 15 pools=Q/-/q/-",
        "r1b1Bbnr/3pk1pp/2n2p2/8/8/2NP4/1PP1PP1q/1R1QKB2 w - - 0 14 pools=RN/-/-/- denial=w",
        "rn2kb1r/ppp1p3/6pp/1p6/8/8/B1PPPPq1/1(RQ)2KBN1 w kq - 0 14 pools=RN/-/bn/- denial=w",
    ],
    // Every turn is played out in full (a node costs about three times a chess
    // node) and a side in check lists every evasion: the trees grow fast.
    bench_shallower: 10,
    guide: crate::card::Guide {
        pieces: "K Q R B N P as in chess, T Statue (a pawn turned to stone). (RpK): a \
            column, a Rook carrying riders, written bottom to top (here a white \
            Rook, a black pawn, the white King on top). The pools hold removed \
            Kings, Queens, Rooks, Bishops and Knights only (pawns removed are \
            gone).",
        example: "e2e4",
        moves: "from-square and to-square: g1f3, e4d4 (pawns also step sideways and back)\n\
            two legs joined by a comma: a King's double move e1e2,e2e3, a pawn's \
            bent double move e2e3,e3d3, a Knight's path capture b1b2,b2c3\n\
            columns: a rider leaves with its level a1[1]a4; takes the bottom \
            h1h7[0]; enters an enemy column without capturing b5b7^\n\
            Queen's all-round capture: her square twice, d1d1; a pawn's swap \
            (disguise): e4e5~; Bishop promotion: Q@e5; pawn promotion: e7e8q, \
            e7e8t (a Statue)\n\
            @@@@ denies the opponent's last turn (while you hold the right)",
        moves_note: Some(
            "(d1d1 is the Queen's all-round capture, @@@@ a denial, two legs joined by a \
            comma one turn; 'help' explains every form)",
        ),
    },
    drawing: crate::card::Drawing::PLAIN,
    // Black starts with the denial right, which the fitted evaluation
    // values at 41, so White's start scores -31, and a few random opening
    // plies (Knights on the rim) bring White's search score to -0.8 pawn
    // or lower: with 20, then 50, White took draws by repeating passes
    // against the random mover (12 of 100 games, then 13 of 200). With
    // 150: 200 of 200 against it, 100 of 100 against the greedy player,
    // and +45 Elo against 50 in self-play (docs/engine.md, "The fits").
    contempt: 150,
    denial: Some("@@@@"),
};
