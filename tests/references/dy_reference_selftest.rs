use crate::dy_reference;
use dy_reference::*;

// Hand-worked tests of the Dysnomia reference generator. Every expected value below is
// derived in the comment from the rule texts (R-B… of strange-and-dysnomia.md, the
// notation of notation-dysnomia.md) and from the gap decisions [Dn] of
// tests/dy_reference/DECISIONS.md, not copied from the program's output.

fn pos(fen: &str) -> RefPos {
    match RefPos::from_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("bad test FEN {}: {}", fen, e),
    }
}

fn after(fen: &str, turns: &[&str]) -> RefPos {
    let mut p = pos(fen);
    for t in turns {
        p = match p.play(t) {
            Ok(q) => q,
            Err(e) => panic!(
                "{} not playable in {}: {}\nlegal: {:?}",
                t,
                p.to_fen(),
                e,
                p.legal_turns()
            ),
        };
    }
    p
}

fn has(p: &RefPos, turn: &str) -> bool {
    p.legal_turns().iter().any(|t| t == turn)
}

// ------------------------------------------------------------------ fall (R-B8.6)

/// Text example 1 of R-B8.6: "two black Rooks with a black Pawn, captured by a white Rook
/// carrying a white Pawn. The result is only the black Pawn."
/// Board: black column (r r p) on e5, white column (R P) on e1, kings on h1 / h8.
/// The white base Rook leaves e1 with its rider (`e1[0]`) and captures the bottom of the
/// e5 column (`e5[0]`). fall([bR2,bp] onto [wR,wP]):
///   bR2 captures wR  -> Captured[White] R;  ground [bR2,bp], next [wP]
///   wP captures bR2  -> Captured[Black] r;  ground [wP], next [bp]
///   bp captures wP   -> pawn discarded;      ground [bp]
/// plus the first capture of bR1 by wR -> Captured[Black] r.
/// Survivors: the black pawn alone on e5. Pools: White captured "R", Black captured "rr".
/// Halfmove 0 (removals), fullmove stays 1 (White moved), Black to move.
#[test]
fn fall_example_1() {
    let p = after("7k/8/8/4(rrp)3/8/8/8/4(RP)2K w - - 0 1", &["e1[0]e5[0]"]);
    assert_eq!(p.to_fen(), "7k/8/8/4p3/8/8/8/7K b - - 0 1 pools=R/-/rr/-");
}

/// Text example 2 of R-B8.6: four Rooks with a Pawn on top; a Knight removes the 3rd Rook
/// by a path capture; only the Pawn remains. The text's four black Rooks are impossible
/// under the 32-piece count, so the colours here are R r | r R p (bottom to top, two of
/// each), which changes capture/exile but not the survivors:
///   white N b3 -> c5, path cells b4 b5 (long leg first) and c3 c4 (short leg first);
///   capture of level 2 (a black r) on c4 -> Captured[Black] r;
///   fall([R4 white, p] onto [R1 white, r2 black]):
///     R4 exiles R1 (same colour)   -> Exiled[White] R;  ground [R4,p], next [r2]
///     r2 captures R4               -> Captured[White] R; ground [r2], next [p]
///     p exiles r2 (same colour)    -> Exiled[Black] r;  ground [p]
/// Result: black pawn on c4, white knight on c5; pools R / R / r / r.
#[test]
fn fall_example_2_knight_path_capture_in_column() {
    let p = after("7k/8/8/8/2(RrrRp)5/1N6/8/7K w - - 0 1", &["b3c4[2],c4c5"]);
    assert_eq!(p.to_fen(), "7k/8/8/2N5/2p5/8/8/7K b - - 0 1 pools=R/R/r/r");
}

// ------------------------------------------------------------------ start position

/// perft 1 from the start = 99 (no denial: a FEN position offers none).
///  - Pawns, single steps: forward only (back would land on the first rank, sideways
///    squares hold pawns): 8.
///  - Double moves (R-B11.2), intermediate must be empty so the first step is forward:
///    forward then forward / left / right / back. a- and h-pawns: 3 each, b..g: 4 each:
///    2*3 + 6*4 = 30 (8 straight `e2e4`, 14 bent `e2e3,e3d3`, 8 passes `e2e3,e3e2`).
///  - Disguise (R-B11.4): a pawn may step sideways onto a neighbouring (friendly) pawn
///    "as if it weren't there" and swap: 7 pairs x 2 directions = 14 first legs. Chain
///    disguise (R-B11.5, each pawn once [D16]): after b2c2~ the c-pawn stands on b2 and
///    only the a-pawn can step onto it, and so on. A right-step start from file i
///    (a=0..g=6) has i optional continuations: sum (i+1) = 28; the left-step starts
///    likewise 28. Total 56.
///  - Knights: b1a3 b1c3 g1f3 g1h3 = 4 (d2/e2 hold own pawns; no path captures).
///  - Queen: no slide; the all-round capture `d1d1` (R-B7.1) exiles c1 B, e1 K and the
///    pawns c2 d2 e2: legal, since exiling the own King is only forbidden while the
///    opponent owns a Statue (R-B13.1), and the exiled Bishop rises on the empty c1
///    (R-B10.2). 1.
///  - King: every neighbour holds an own non-Rook piece: 0. Castling: blocked. Rooks,
///    Bishops: blocked. Bishop promotion / Statue actions: empty pools. 0.
///
/// 8 + 30 + 56 + 4 + 1 = 99.
#[test]
fn start_perft_1() {
    let p = RefPos::start();
    assert_eq!(p.to_fen(), START_FEN);
    let t = p.legal_turns();
    assert_eq!(t.len(), 99);
    for must in [
        "e2e4",
        "e2e3",
        "e2e3,e3d3",
        "e2e3,e3e2",
        "a2a3,a3b3",
        "d1d1",
        "g1f3",
        "a2b2~",
        "b2c2~,a2b2~",
        "h2g2~",
    ] {
        assert!(t.iter().any(|x| x == must), "{} missing", must);
    }
    assert!(
        !t.iter().any(|x| x == "e2e3,e3e4"),
        "alias must not be listed"
    );
    let mut s = t.clone();
    s.sort();
    assert_eq!(s, t, "byte order");
    assert_eq!(p.perft(1), 99);
}

/// perft 2 = 9840. No White first move lets a White piece reach Black's pieces or King,
/// and no Black piece can capture anything on its first move, so Black always has the
/// mirrored 99 turns (Black's d8d8 stays legal too): 99 * 99 = 9801. Black also holds
/// the denial right (R-B1.1) and may deny every deniable White move (R-B4.2):
///  - 8 single steps, 30 double moves (their e.p. cells make every result unique): 38;
///  - d1d1: unique result: 1;
///  - the 56 disguises all give the same position (identical pawns swapped): undeniable;
///  - the 4 knight moves have a second path (R-B9.3): undeniable.
///
/// 9801 + 39 = 9840.
#[test]
fn start_perft_2() {
    assert_eq!(RefPos::start().perft(2), 9840);
}

#[test]
fn start_position_after_d1d1() {
    // d1d1 visits d2 (N), e2 (NE), e1 (E), c1 (W), c2 (NW): pawns d2 e2 c2 discarded, e1 K
    // exiled, c1 B exiled and then risen again on the empty c1 (flag "risen", it leaves the
    // exiled pool). White is in exile; White's castling rights are gone (King touched).
    // Halfmove 0 (removals). pools: White exiled "K" only.
    let p = after(START_FEN, &["d1d1"]);
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PP3PPP/RNBQ1BNR b kq - 0 1 pools=-/K/-/- risen=c1"
    );
    // Black can deny it (R-B4.2: unique result, not Black's... White's only move).
    assert!(has(&p, "@@@@"));
}

// ------------------------------------------------------------------ knights (R-B9)

/// White knight g1, black knight g2. Knight moves from g1: e2 f3 h3. Path cells for
/// g1->f3 (dx=-1, dy=2): long leg first g2 g3, short leg first f1 f2; for g1->h3: g2 g3
/// and h1 h2. So the black knight on g2 can be path-captured on the way to f3 or h3:
/// `g1g2,g2f3` and `g1g2,g2h3` (R-B9.4 locust form). Neither is a destination capture, so
/// each is deniable by path (R-B9.3).
#[test]
fn knight_path_capture() {
    let fen = "7k/8/8/8/8/8/6n1/K5N1 w - - 0 1";
    let p = pos(fen);
    assert!(has(&p, "g1g2,g2f3"));
    assert!(has(&p, "g1g2,g2h3"));
    assert!(has(&p, "g1e2"));
    assert!(!has(&p, "g1g2"), "a knight cannot land on g2");
    let q = p.play("g1g2,g2f3").unwrap();
    assert_eq!(q.to_fen(), "7k/8/8/8/8/5N2/8/K7 b - - 0 1 pools=-/-/n/-");
}

// ------------------------------------------------------------------ queen (R-B7)

/// White queen d4; black knight c5 (NW), black pawn e3 (SE), white pawn d3 (S).
/// `d4d4`: in the order N NE E SE S SW W NW: e3 pawn captured (discarded), d3 own pawn
/// "exiled" -> pawns are always captured and discarded, c5 knight captured -> Captured[b] n.
/// The queen stays. Result: lone queen on d4.
#[test]
fn queen_all_round() {
    let p = after("k7/8/8/2n5/3Q4/3Pp3/8/7K w - - 0 1", &["d4d4"]);
    assert_eq!(p.to_fen(), "k7/8/8/8/3Q4/8/8/7K b - - 0 1 pools=-/-/n/-");
}

/// Revenge (R-B7.3): a black rook on d8 captures the white queen on d4 (`d8d4`). Revenge:
/// all-round around d4 removes the white pawn on e5 (NE; own colour of the queen:
/// exiled -> discarded) and the black knight on c3 (SW; captured -> Captured[Black] n);
/// then the piece in her square is the capturer (the rook ended there): captured ->
/// Captured[Black] r. White queen -> Captured[White] Q. Nothing remains near d4.
#[test]
fn queen_revenge() {
    let p = after("k2r4/8/8/4P3/3Q4/2n5/8/7K b - - 0 1", &["d8d4"]);
    // Pool letters in KQRBN order: r before n.
    assert_eq!(p.to_fen(), "k7/8/8/8/8/8/8/7K w - - 0 2 pools=Q/-/rn/-");
}

// ------------------------------------------------------------------ king (R-B5)

/// White King d4, black pawns d5 and e6, black King a8. (Knights would not do: a knight
/// on d5 attacks d4 by a path capture, R-B9.2.) Black pawns capture diagonally downwards:
/// d5 hits c4 e4, e6 hits d5 f5; d4 is not attacked. The double move `d4d5,d5e6` captures
/// both pawns (first-leg effects deferred, R-B3.4; pawns have none) and ends on e6, safe.
/// The single capture `d4d5` is illegal (e6 attacks d5), but `d4d5,d5d4` (capture and
/// return) is legal. The pass `d4c4,c4d4` (R-B5.2) is legal although c4 is attacked (only
/// the final square counts) and changes only the side to move and the clock.
#[test]
fn king_double_move() {
    let fen = "k7/8/4p3/3p4/3K4/8/8/8 w - - 0 1";
    let p = pos(fen);
    assert!(has(&p, "d4c4,c4d4"));
    assert!(!has(&p, "d4d5"));
    assert!(has(&p, "d4d5,d5d4"));
    let q = p.play("d4d5,d5e6").unwrap();
    assert_eq!(q.to_fen(), "k7/8/4K3/8/8/8/8/8 b - - 0 1");
    let r = p.play("d4c4,c4d4").unwrap();
    assert_eq!(r.to_fen(), "k7/8/4p3/3p4/3K4/8/8/8 b - - 1 1");
}

/// Castling is the first king leg (R-B5.3); `e1g1,g1f1` then enters the Rook on f1, giving
/// the column (R K) on f1. The Rook moved, so all White rights go.
#[test]
fn castling_into_the_rook() {
    let p = after("k7/8/8/8/8/8/8/4K2R w K - 0 1", &["e1g1,g1f1"]);
    assert_eq!(p.to_fen(), "k7/8/8/8/8/8/8/5(RK)2 b - - 1 1");
    let p = pos("k7/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(has(&p, "e1g1"));
    assert!(has(&p, "e1g1,g1h2"));
}

// ------------------------------------------------------------------ denial (R-B4)

/// From the start: e2e4 is deniable (unique result, 99 identities). Black denies; the
/// start position returns with White to move, the right passed to White (denial=w), Black
/// protected (protected=b) and e2e4 forbidden (forbid=e2e4). White then has 98 turns. After
/// d2d4 Black cannot deny (it no longer holds the right); after Black's next move White
/// cannot deny either (Black's move is protected); the protection is then spent.
#[test]
fn denial_and_re_move() {
    let p = after(START_FEN, &["e2e4"]);
    assert!(has(&p, "@@@@"));
    let d = p.play("@@@@").unwrap();
    assert_eq!(
        d.to_fen(),
        format!("{} denial=w protected=b forbid=e2e4", START_FEN)
    );
    assert_eq!(d.legal_turns().len(), 98);
    assert!(!has(&d, "e2e4"));
    assert!(d.play("e2e4").is_err());
    let e = d.play("d2d4").unwrap();
    assert_eq!(
        e.to_fen(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3:d4 0 1 denial=w protected=b"
    );
    assert!(!has(&e, "@@@@"));
    let f = e.play("e7e5").unwrap();
    assert_eq!(
        f.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq e6:e5 0 2 denial=w"
    );
    assert!(
        !has(&f, "@@@@"),
        "Black's first move after its denial is protected"
    );
    let g = f.play("g1f3").unwrap();
    assert!(!has(&g, "@@@@"), "Black does not hold the right");
    let h = g.play("a7a6").unwrap();
    assert!(
        has(&h, "@@@@"),
        "White holds the right; a7a6 has a unique result"
    );
}

/// Undeniable moves: a knight move (second path, R-B9.3) and a swap of two identical
/// pawns (another turn gives the same state, R-B4.2).
#[test]
fn undeniable_moves() {
    assert!(!has(&after(START_FEN, &["g1f3"]), "@@@@"));
    assert!(!has(&after(START_FEN, &["a2b2~"]), "@@@@"));
    assert!(has(&after(START_FEN, &["a2a3"]), "@@@@"));
}

// ------------------------------------------------------------------ bait (R-B6)

/// White Ke1 in check from the black rook e8 (file open), white pawns f2 and h2, black
/// King a8. Reachable pawns (R-B6.1): f2 (adjacent to e1); h2 is three files away. White
/// started in check, is directly attacked and has a reachable pawn, so `h2h3` (keeps the
/// direct check, f2 still reachable) is a bait move (R-B6.2): Black gets bait=1.
/// Black's options: its direct king captures — only e8e1 — times the reachable pawns —
/// only f2 — so `e8e1,e1f2`; plus the denial of the bait move (h2h3 is deniable).
/// Execution: King e1 <-> pawn f2, the rook captures the pawn on e1: rook e1, White King
/// f2. Halfmove 0, fullmove 2.
#[test]
fn bait_and_forced_reply() {
    let p = pos("k3r3/8/8/8/8/8/5P1P/4K3 w - - 0 1");
    assert!(has(&p, "h2h3"));
    assert!(has(&p, "e1d1"), "escapes stay legal");
    let b = p.play("h2h3").unwrap();
    assert_eq!(b.to_fen(), "k3r3/8/8/8/8/7P/5P2/4K3 b - - 0 1 bait=1");
    assert_eq!(
        b.legal_turns(),
        vec!["@@@@".to_string(), "e8e1,e1f2".to_string()]
    );
    let r = b.play("e8e1,e1f2").unwrap();
    assert_eq!(r.to_fen(), "k7/8/8/8/8/7P/5K2/4r3 w - - 0 2");
    assert_eq!(r.status(), RefStatus::Ongoing);
}

// ------------------------------------------------------------------ disguise (R-B11.4/5)

/// White pawns d4 e4, black knight e5. `e4e5~`: pawn to e5, knight to e4. Chain: the d4
/// pawn steps right onto e4 where the knight now stands: `e4e5~,d4e4~` leaves the knight
/// on d4 and pawns on e4 e5.
#[test]
fn disguise_and_chain() {
    let fen = "k7/8/8/4n3/3PP3/8/8/K7 w - - 0 1";
    let p = after(fen, &["e4e5~"]);
    assert_eq!(p.to_fen(), "k7/8/8/4P3/3Pn3/8/8/K7 b - - 0 1");
    let q = after(fen, &["e4e5~,d4e4~"]);
    assert_eq!(q.to_fen(), "k7/8/8/4P3/3nP3/8/8/K7 b - - 0 1");
}

// ------------------------------------------------------------------ bishop (R-B10)

/// Seed example: "if a Rook with a Pawn inside captures a Bishop, the Bishop raises from
/// the dead capturing the Rook but the Pawn immediately captures the Bishop falling from
/// the Rook". Black column (r p) on c8 takes the white bishop c4 (`c8[0]c4`): bishop
/// captured -> rise (its square's bottom is the enemy rook, R-B10.2): the bishop takes the
/// rook (Captured[Black] r), the pawn falls onto the bishop and captures it (risen, so
/// for good: Captured[White] B). Only the black pawn remains on c4.
#[test]
fn bishop_rise_and_recapture() {
    let p = after("k1(rp)5/8/8/8/2B5/8/8/7K b - - 0 1", &["c8[0]c4"]);
    assert_eq!(p.to_fen(), "k7/8/8/8/2p5/8/8/7K w - - 0 2 pools=B/-/r/-");
}

/// White rook a4 takes the black bishop a7: the bishop rises (bottom = enemy rook),
/// capturing the rook, and is flagged risen (R-B10.3). At the end of Black's next turn it
/// is auto-exiled (R-B10.4) -> Exiled[Black] b; the removal resets the clock [D10]. Then
/// only the Kings are left: insufficient material.
#[test]
fn bishop_rise_and_auto_exile() {
    let p = after("7k/b7/8/8/R7/8/8/7K w - - 0 1", &["a4a7"]);
    assert_eq!(
        p.to_fen(),
        "7k/b7/8/8/8/8/8/7K b - - 0 1 pools=R/-/-/- risen=a7"
    );
    let q = p.play("h8g8").unwrap();
    assert_eq!(q.to_fen(), "6k1/8/8/8/8/8/8/7K w - - 0 2 pools=R/-/-/b");
    assert_eq!(
        q.status(),
        RefStatus::Draw("insufficient material".to_string())
    );
}

/// Bishop promotion (R-B10.5): White bishop f1 (light square), pawn d3 (light), exiled
/// White knight: `N@d3`. The pawn on c3 (dark) is not eligible.
#[test]
fn bishop_promotion() {
    let p = pos("k7/8/8/8/8/2PP4/8/K4B2 w - - 0 1 pools=-/N/-/-");
    assert!(has(&p, "N@d3"));
    assert!(!has(&p, "N@c3"));
    let q = p.play("N@d3").unwrap();
    assert_eq!(q.to_fen(), "k7/8/8/8/8/2PN4/8/K4B2 b - - 0 1");
}

// ------------------------------------------------------------------ statues (R-B12)

/// White pawn e7 reaching e8 with empty pools can only become a Statue (R-B12.1b), so
/// only `e7e8t` exists for that step, none of e7e8q etc.
#[test]
fn promotion_with_empty_pools_is_a_statue() {
    let p = pos("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    let e8: Vec<String> = p
        .legal_turns()
        .into_iter()
        .filter(|t| t.starts_with("e7e8"))
        .collect();
    assert_eq!(e8, vec!["e7e8t".to_string()]);
    let q = p.play("e7e8t").unwrap();
    assert_eq!(q.to_fen(), "k3T3/8/8/8/8/8/8/K7 b - - 0 1");
}

/// Statue promotion as the free action (R-B12.4): statue a8, White's queen in Captured:
/// `a8=Q;` before any move. (A black King on h8 would make the FEN invalid: White's turn
/// `a8=Q;a8h8` could capture it, and the check test includes the opponent's prefix
/// actions [D3].) The halfmove clock resets (promotion).
#[test]
fn statue_promotion() {
    let p = pos("T7/8/7k/8/8/8/8/7K w - - 0 1 pools=Q/-/-/-");
    assert!(has(&p, "a8=Q;h1g1"));
    assert!(has(&p, "h1g1"));
    let q = p.play("a8=Q;h1g1").unwrap();
    assert_eq!(q.to_fen(), "Q7/8/7k/8/8/8/8/6K1 b - - 0 1");
}

// ------------------------------------------------------------------ FEN

#[test]
fn fen_round_trips() {
    for f in [
        START_FEN,
        "7k/8/8/4(rrp)3/8/8/8/4(RP)2K w - - 0 1",
        "k7/8/8/8/8/8/8/5(RK)2 b - - 1 1",
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3:d4 0 1 denial=w protected=b",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 denial=w protected=b forbid=e2e4",
        "7k/b7/8/8/8/8/8/7K b - - 0 1 pools=R/-/-/- risen=a7",
        "k3r3/8/8/8/8/7P/5P2/4K3 b - - 0 1 bait=1",
        "T7/8/7k/8/8/8/8/7K w - - 0 1 pools=Q/-/-/-",
        "rnbqkbnr/pppppppp/8/8/8/8/PP3PPP/RNBQ1BNR b kq - 0 1 pools=-/K/-/- risen=c1",
    ] {
        assert_eq!(pos(f).to_fen(), f);
    }
}

#[test]
fn fen_errors() {
    for bad in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "k7/8/8/4(BP)3/8/8/8/K7 w - - 0 1",
        "k7/8/8/4(RT)3/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/K3P3 w - - 0 1",
        "k7/8/8/8/8/8/8/KQQ5 w - - 0 1",
        "k7/8/8/8/8/8/8/K7 w - e3:e4 0 1",
        "k7/8/8/8/8/8/8/K7 w - - 0 1 denial=x",
        "k7/8/8/8/8/8/8/K7 w - - 0 1 bait=1 pools=-/-/-/-",
        "k7/8/8/8/8/8/8/K7 w - - 0 1 pools=Q",
        "k7/8/8/8/8/8/8/K7 w - - 0 1 pools=-/-/Q/-",
        "k7/R7/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/K7 w  - - 0 1",
        "k7/8/8/8/8/8/8/K7 w - - 0 1 ",
        "k7/8/8/8/8/8/8/K7 w K - 0 1",
        "k7/8/8/8/8/8/8/K7 w - - 0 0",
        "ké7/8/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/K7 w - - 0 1 risen=a1",
        "k7/8/8/8/(R/8/8/8/K7 w - - 0 1",
    ] {
        assert!(RefPos::from_fen(bad).is_err(), "accepted: {:?}", bad);
    }
}

#[test]
fn play_rejects_garbage() {
    let p = RefPos::start();
    for bad in [
        "",
        "e2e5",
        "e2e4 ",
        "@@@@",
        "e2e3,e3e4,",
        "zz",
        "Q@e4",
        "d1d1d1",
    ] {
        assert!(p.play(bad).is_err(), "accepted {:?}", bad);
    }
    // The one alias (R: notation): a straight double move as two legs.
    assert_eq!(
        p.play("e2e3,e3e4").unwrap().to_fen(),
        p.play("e2e4").unwrap().to_fen()
    );
}

#[test]
#[ignore]
fn probe_perft() {
    let p = RefPos::start();
    for d in 1..=3 {
        let t = std::time::Instant::now();
        let n = p.perft(d);
        println!("perft {} = {} in {:?}", d, n, t.elapsed());
    }
}

/// En passant after a bent double move (R-B11.2/3): `e2e3,e3d3` passes e3 and leaves the
/// e.p. field `e3:d3` [D13]. A black pawn on f4 captures diagonally forward (downwards)
/// onto e3 and removes the pawn on d3: `f4e3`.
#[test]
fn en_passant_after_bent_double_move() {
    let p = after("k7/8/8/8/5p2/8/4P3/K7 w - - 0 1", &["e2e3,e3d3"]);
    assert_eq!(p.to_fen(), "k7/8/8/8/5p2/3P4/8/K7 b - e3:d3 0 1");
    let q = p.play("f4e3").unwrap();
    assert_eq!(q.to_fen(), "k7/8/8/8/8/4p3/8/K7 w - - 0 2");
    // The pass leaves an e.p. chance on its intermediate square.
    let r = after("k7/8/8/8/5p2/8/4P3/K7 w - - 0 1", &["e2e3,e3e2"]);
    assert_eq!(r.to_fen(), "k7/8/8/8/5p2/8/4P3/K7 b - e3:e2 0 1");
    assert!(has(&r, "f4e3"));
}

/// Seed: "A Bishop can check a King inside a Rook alone ... if the Bishop captures the
/// Rook with the King inside, the King will fall upon the Bishop capturing it, then the
/// Bishop will raise from the dead and checkmates". White column (R K) on d1, black bishop
/// a4 on the diagonal a4-b3-c2-d1: White is in check (R-B5.1 by simulation). Stepping out
/// `d1[1]e1` is legal (the lone rook may be taken, e1 is off the diagonal), but the pass
/// back into the rook `d1[1]e1,e1d1` is not.
#[test]
fn bishop_checks_king_inside_rook() {
    let p = pos("k7/8/8/8/b7/8/8/3(RK)4 w - - 0 1");
    assert!(has(&p, "d1[1]e1"));
    assert!(!has(&p, "d1[1]e1,e1d1"));
    assert!(
        has(&p, "d1[0]d8"),
        "the rook carries the King off the diagonal"
    );
}

/// R-B13.2 (L1): White in exile with no pawns and no statues has lost; a FEN position has
/// no deniable last move, so the loss is final: no turns.
#[test]
fn exile_without_pawns_loses() {
    let p = pos("k7/8/8/8/8/8/8/7R w - - 0 1 pools=-/K/-/-");
    assert!(matches!(p.status(), RefStatus::BlackWins(_)));
    assert!(p.legal_turns().is_empty());
    assert_eq!(p.perft(3), 0);
    // With a pawn White plays on, without check rules.
    let q = pos("k7/8/8/8/8/8/P7/7R w - - 0 1 pools=-/K/-/-");
    assert_eq!(q.status(), RefStatus::Ongoing);
}

/// Robustness probe (not a hand-worked test): random games from the start; every reached
/// position must round-trip through its FEN (except terminal King-captured ones, see
/// DECISIONS.md), and playing a listed turn must succeed.
#[test]
#[ignore]
fn probe_random_games() {
    let mut seed: u64 = 0x2545F4914F6CDD1D;
    let mut rnd = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let games = std::env::var("DY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    let mut plies_total = 0;
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    for g in 0..games {
        let mut p = RefPos::start();
        for _ply in 0..60 {
            let fen = p.to_fen();
            match RefPos::from_fen(&fen) {
                Ok(q) => assert_eq!(q.to_fen(), fen, "round trip"),
                Err(e) => {
                    *kinds.entry(format!("fen refused: {}", e)).or_default() += 1;
                }
            }
            let turns = p.turns();
            if turns.is_empty() {
                *kinds.entry(format!("end {:?}", p.status())).or_default() += 1;
                break;
            }
            let t = &turns[rnd(turns.len())];
            for mark in ["@@@@", "~", "^", "[", "=", "x", "@", ";", ","] {
                if t.text.contains(mark) {
                    *kinds.entry(mark.to_string()).or_default() += 1;
                }
            }
            if p.to_fen().contains("bait=1") {
                *kinds.entry("bait node".to_string()).or_default() += 1;
            }
            let q = p.play(&t.text).expect("listed turn must play");
            assert_eq!(q.to_fen(), t.pos.to_fen());
            p = q;
            plies_total += 1;
        }
        if g % 10 == 0 {
            eprintln!("game {} done, fen {}", g, p.to_fen());
        }
    }
    eprintln!("plies {} kinds {:?}", plies_total, kinds);
}

// ------------------------------------------------------------------ section B16 rulings

/// R-B16.1 (L1 by the mover's own move). White is in exile (pools: White's King exiled)
/// with one pawn, d4; a black Queen stands on e5, the black King on h8; Black holds the
/// denial right (default). White's turns: the pawn's four steps d4d5 d4d3 d4c4 d4e4 and
/// the capture d4e5 (no double move off the second rank): 5 identities.
/// `d4e5` takes the Queen (Captured[Black] q); her revenge (R-B7.3) finds no neighbour and
/// then removes the capturer standing on her square: White's last pawn is gone (discarded).
/// White, in exile with no pawns and no statues, has lost by its own move (R-B13.2 L1).
/// The move would be deniable (unique result, 5 identities, Black holds the right: `d4d5`
/// shows it), but the game is over at once: the winner has no turns at all, not even the
/// denial (R-B16.1). The other reading would list `@@@@` (and Black's King moves).
#[test]
fn b16_1_own_move_loss_leaves_the_winner_no_turns() {
    let fen = "7k/8/8/4q3/3P4/8/8/8 w - - 0 1 pools=-/K/-/-";
    let p = pos(fen);
    assert_eq!(
        p.legal_turns(),
        vec!["d4c4", "d4d3", "d4d5", "d4e4", "d4e5"]
    );
    // A non-losing move of the same position is deniable: Black holds the right.
    assert!(has(&after(fen, &["d4d5"]), "@@@@"));
    let q = after(fen, &["d4e5"]);
    assert_eq!(q.to_fen(), "7k/8/8/8/8/8/8/8 b - - 0 1 pools=-/K/q/-");
    assert!(matches!(q.status(), RefStatus::BlackWins(_)));
    assert!(q.legal_turns().is_empty(), "{:?}", q.legal_turns());
    assert_eq!(q.perft(1), 0);
}

/// R-B16.1 with the end-of-turn order of R-B16.3 (L1 by a first-rank self-capture).
/// White is in exile; its only pawn rides a white Rook on d1 (a rider on its first rank is
/// safe while it rides, R-B11.6); the white Queen stands on e2. `e2e2` (all-round, R-B7.1)
/// visits e3 f3 f2 f1 e1 d1 d2 d3: only d1 is occupied; the Rook is exiled by its own side
/// (Exiled[White] R) and its rider falls onto the empty d1 (R-B8.6). At the end of the turn
/// (conversions: none; then the first-rank self-capture, R-B16.3/R-B8.7) the pawn alone on
/// d1 captures itself: White, in exile, has no pawns or statues: lost by its own move. The
/// move is deniable (unique result) and Black holds the right, yet Black has no turns.
#[test]
fn b16_1_own_first_rank_self_capture_loses_without_denial() {
    let fen = "7k/8/8/8/8/8/4Q3/3(RP)4 w - - 0 1 pools=-/K/-/-";
    let q = after(fen, &["e2e2"]);
    assert_eq!(q.to_fen(), "7k/8/8/8/8/8/4Q3/8 b - - 0 1 pools=-/KR/-/-");
    assert!(matches!(q.status(), RefStatus::BlackWins(_)));
    assert!(q.legal_turns().is_empty(), "{:?}", q.legal_turns());
    // The same queen elsewhere (e.g. e2e3, keeping the pawn) leaves Black the denial.
    assert!(has(&after(fen, &["e2e3"]), "@@@@"));
}

/// R-B16.2 (bait that no forced reply relieves). White Ke1 is in check from the black Rook
/// e8 (open e-file), has the reachable pawn f2 (adjacent, R-B6.1) and a Rook d1; Black's
/// King stands alone on a8. `d1d8` keeps White's King directly attacked and f2 reachable,
/// so it is a bait move (R-B6.2), and it checks Black along the 8th rank (c8 b8 empty).
/// Black's only forced reply would be `e8e1,e1f2` (its Rook is the only piece that can take
/// the King; f2 the only reachable pawn): King and pawn swap, the Rook takes the pawn on e1
/// and leaves e8, so the d8 Rook still attacks a8: no forced reply relieves. White has won
/// with the bait move itself (R-B16.2, R-B6.3):
///  - from the FEN with `bait=1` (no last move, so no denial) Black has no turns and White
///    wins;
///  - reached by play, `d1d8` is deniable (unique result) and Black holds the right, so
///    Black's only turn is `@@@@`; the denial restores the position, White to move with
///    the right, Black protected, d1d8 forbidden.
///
/// The other reading would list `e8e1,e1f2` (after which White wins, R-B6.4).
#[test]
fn b16_2_unrelieved_bait_wins_at_once() {
    let fen = "k3r3/8/8/8/8/8/5P2/3RK3 w - - 0 1";
    let b = after(fen, &["d1d8"]);
    assert_eq!(b.to_fen(), "k2Rr3/8/8/8/8/8/5P2/4K3 b - - 1 1 bait=1");
    assert_eq!(b.legal_turns(), vec!["@@@@".to_string()]);
    assert_eq!(b.status(), RefStatus::Ongoing);
    let d = b.play("@@@@").unwrap();
    assert_eq!(
        d.to_fen(),
        "k3r3/8/8/8/8/8/5P2/3RK3 w - - 0 1 denial=w protected=b forbid=d1d8"
    );
    let f = pos("k2Rr3/8/8/8/8/8/5P2/4K3 b - - 1 1 bait=1");
    assert!(f.legal_turns().is_empty(), "{:?}", f.legal_turns());
    assert!(matches!(f.status(), RefStatus::WhiteWins(_)));
    assert!(b.play("e8e1,e1f2").is_err());
}

/// R-B16.3 (conversions before the auto-exile), the move's own suffix. White's Bishop a1
/// is risen and due (White to move: it is exiled at the end of this turn, R-B10.4); White's
/// only pool piece is a captured Knight; Black has nothing exiled. The pawn e7 reaching e8
/// may become a pool type with Captured+Exiled > 0 (only N) or a Statue (R-B12.1); the
/// Bishop reaches the exiled pool only after the conversion, so `e7e8b` is not offered.
/// The e7 pawn's turns: e7d7 e7e6 e7f7 (steps) and e7e8n e7e8t. After `e7e8n` the Bishop
/// is exiled: pools White exiled B, the captured N used; after `e7e8t` the N stays. (The other order, auto-exile
/// first, would also offer `e7e8b`, leaving the pools empty.)
#[test]
fn b16_3_no_promotion_to_the_bishop_auto_exiled_this_turn() {
    let fen = "k7/4P3/8/8/8/8/8/B6K w - - 0 1 pools=N/-/-/- risen=a1";
    let p = pos(fen);
    let e7: Vec<String> = p
        .legal_turns()
        .into_iter()
        .filter(|t| t.starts_with("e7"))
        .collect();
    assert_eq!(e7, vec!["e7d7", "e7e6", "e7e8n", "e7e8t", "e7f7"]);
    assert_eq!(
        p.play("e7e8n").unwrap().to_fen(),
        "k3N3/8/8/8/8/8/8/7K b - - 0 1 pools=-/B/-/-"
    );
    assert_eq!(
        p.play("e7e8t").unwrap().to_fen(),
        "k3T3/8/8/8/8/8/8/7K b - - 0 1 pools=N/B/-/-"
    );
    // Every turn exiles the due Bishop, a King step too (a removal: clock 0, [D10]).
    assert_eq!(
        p.play("h1g1").unwrap().to_fen(),
        "k7/4P3/8/8/8/8/8/6K1 b - - 0 1 pools=N/B/-/-"
    );
}

/// R-B16.3, another own pawn's conversion (`;` action). White Knight d6 takes the base of
/// the black column (r P) on c8 (`d6c8[0]`, destination capture of the base, R-B9.2b): the
/// Rook is captured (Captured[Black] r), its white pawn rider falls onto the Knight and
/// exiles it (same colour, R-B8.6: Exiled[White] N), and stands alone on c8, White's last
/// rank: it must convert (R-B12.1), written `;c8=…`. Its choices: N (just exiled), T. The
/// risen Bishop a1 is due and is exiled only after the conversion, so no `;c8=B`. After
/// `;c8=N`: N on c8, pools White exiled B, Black captured r. (Auto-exile first would also
/// offer `d6c8[0];c8=B`.)
#[test]
fn b16_3_fallen_pawn_converts_before_the_auto_exile() {
    let fen = "2(rP)3k1/8/3N4/8/8/8/8/B6K w - - 0 1 risen=a1";
    let p = pos(fen);
    let c8: Vec<String> = p
        .legal_turns()
        .into_iter()
        .filter(|t| t.starts_with("d6c8"))
        .collect();
    assert_eq!(c8, vec!["d6c8[0];c8=N", "d6c8[0];c8=T", "d6c8^"]);
    assert_eq!(
        p.play("d6c8[0];c8=N").unwrap().to_fen(),
        "2N3k1/8/8/8/8/8/8/7K b - - 0 1 pools=-/B/r/-"
    );
    assert_eq!(
        p.play("d6c8[0];c8=T").unwrap().to_fen(),
        "2T3k1/8/8/8/8/8/8/7K b - - 0 1 pools=-/BN/r/-"
    );
}

/// R-B16.4 (second leg's effects first, then the first leg's deferred ones). White Ke4 is
/// in check; the black Queen on d5, the black Rook on e5 carrying a white pawn (r P);
/// White also has the pawn a2; Black's King is on h8.
/// `e4d5,d5e5[0]`: leg 1 takes the Queen (Captured[Black] q; her revenge waits, R-B3.4);
/// leg 2 takes the Rook's base (Captured[Black] r) and the King stands alone on e5; the
/// rider's fall is enqueued first, then the revenge (R-B16.4). Fall: the white pawn falls
/// onto its own King and exiles it (Exiled[White] K), staying on e5. Revenge around d5:
/// e5's bottom is now that pawn (captured, discarded); nothing stands on d5. White is in
/// exile with the pawn a2 left: legal, and the game goes on.
/// (With the revenge first, it would capture the King standing on e5: the turn would be
/// illegal.) `e4d5,d5e5^` (entering the Rook) is legal under both readings: the revenge
/// exiles the Rook, the pawn and the King fall onto e5 and the King exiles the pawn.
#[test]
fn b16_4_second_leg_fall_before_first_leg_revenge() {
    let fen = "7k/8/8/3q(rP)3/4K3/8/P7/8 w - - 0 1";
    let p = pos(fen);
    assert!(has(&p, "e4d5,d5e5[0]"));
    let q = p.play("e4d5,d5e5[0]").unwrap();
    assert_eq!(q.to_fen(), "7k/8/8/8/8/8/P7/8 b - - 0 1 pools=-/K/qr/-");
    assert_eq!(q.status(), RefStatus::Ongoing);
    let r = p.play("e4d5,d5e5^").unwrap();
    assert_eq!(r.to_fen(), "7k/8/8/4K3/8/8/P7/8 b - - 0 1 pools=-/-/q/r");
}

/// R-B16.5 (the disguised piece never goes back). White column (R n P) on e5 (a black
/// Knight riding at level 1, a white pawn at level 2), white pawns e4 and d4.
/// `e4e5[1]~`: the e4 pawn steps onto e5 and swaps with the Knight: e5 (R P P), Knight on
/// e4. The chain may go on with the d4 pawn stepping right onto e4: `e4e5[1]~,d4e4~`, the
/// Knight to d4. The pawn riding on e5 could step back onto e4, but that would send the
/// Knight back to e5, where it stood: forbidden (R-B16.5); the other reading lists
/// `e4e5[1]~,e5[2]e4~`.
#[test]
fn b16_5_chain_never_returns_x_to_its_start() {
    let fen = "7k/8/8/4(RnP)3/3PP3/8/8/K7 w - - 0 1";
    let p = pos(fen);
    assert_eq!(
        p.play("e4e5[1]~").unwrap().to_fen(),
        "7k/8/8/4(RPP)3/3Pn3/8/8/K7 b - - 0 1"
    );
    assert_eq!(
        p.play("e4e5[1]~,d4e4~").unwrap().to_fen(),
        "7k/8/8/4(RPP)3/3nP3/8/8/K7 b - - 0 1"
    );
    assert!(!has(&p, "e4e5[1]~,e5[2]e4~"));
    let chains: Vec<String> = p
        .legal_turns()
        .into_iter()
        .filter(|t| t.starts_with("e4e5[1]~"))
        .collect();
    assert_eq!(chains, vec!["e4e5[1]~", "e4e5[1]~,d4e4~"]);
}

/// R-B16.5, a square X stood on in the middle of the chain. White column (R P P) on e4 (two
/// riding pawns), a black Knight alone on e5, a white pawn d4. `e4[1]e5~`: the level-1
/// rider steps onto e5: Knight into e4 at level 1. `,d4e4[1]~`: the d4 pawn steps onto e4
/// and swaps with the Knight: Knight on d4, e4 (R P P). The rider still on e4 (level 2)
/// could step left onto d4, sending the Knight back to e4, where it stood: forbidden.
#[test]
fn b16_5_chain_never_returns_x_to_a_middle_square() {
    let fen = "7k/8/8/4n3/3P(RPP)3/8/8/K7 w - - 0 1";
    let p = pos(fen);
    assert_eq!(
        p.play("e4[1]e5~").unwrap().to_fen(),
        "7k/8/8/4P3/3P(RnP)3/8/8/K7 b - - 0 1"
    );
    assert_eq!(
        p.play("e4[1]e5~,d4e4[1]~").unwrap().to_fen(),
        "7k/8/8/4P3/3n(RPP)3/8/8/K7 b - - 0 1"
    );
    assert!(!has(&p, "e4[1]e5~,d4e4[1]~,e4[2]d4~"));
    let chains: Vec<String> = p
        .legal_turns()
        .into_iter()
        .filter(|t| t.starts_with("e4[1]e5~"))
        .collect();
    assert_eq!(chains, vec!["e4[1]e5~", "e4[1]e5~,d4e4[1]~"]);
}
