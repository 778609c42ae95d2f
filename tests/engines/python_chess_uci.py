#!/usr/bin/env python3
"""python-chess (a third-party UCI client) drives Curio's UCI face.

Usage: python_chess_uci.py CURIO_BINARY

Curio (`curio uci`) plays both sides of a game of orthodox chess until
python-chess itself says the game is over; every move must be legal in
python-chess's board. Then analysis: `analyse` must return a depth, a
score and a principal variation parsed from Curio's `info` lines, with
MultiPV 2 giving two distinct lines, and a ponder move with `play(...,
ponder=True)`. Prints one summary line; exits non-zero on any failure.
"""
import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("python-chess is missing: pip install chess")


def main():
    curio = sys.argv[1]
    engine = chess.engine.SimpleEngine.popen_uci([curio, "uci"], timeout=30)
    try:
        if not engine.id.get("name", "").startswith("Curio"):
            sys.exit(f"unexpected id: {engine.id}")
        for name in ("Hash", "Threads", "MultiPV", "UCI_Variant", "Ponder"):
            if name not in engine.options:
                sys.exit(f"option {name} missing: {list(engine.options)}")
        board = chess.Board()
        info = engine.analyse(board, chess.engine.Limit(depth=5))
        if info.get("depth") != 5 or "score" not in info or not info.get("pv"):
            sys.exit(f"analysis without depth, score or pv: {info}")
        lines = engine.analyse(board, chess.engine.Limit(depth=4), multipv=2)
        if len(lines) != 2 or lines[0]["pv"][0] == lines[1]["pv"][0]:
            sys.exit(f"multipv 2 did not give two lines: {lines}")
        first = engine.play(board, chess.engine.Limit(depth=4), ponder=True)
        if first.move not in board.legal_moves:
            sys.exit(f"illegal move {first.move}")
        for _ in range(600):
            if board.is_game_over(claim_draw=True):
                break
            # The two sides search differently, so the game moves on.
            limit = (
                chess.engine.Limit(depth=3)
                if board.turn == chess.WHITE
                else chess.engine.Limit(nodes=3000)
            )
            result = engine.play(board, limit)
            if result.move is None:
                sys.exit(f"no move in {board.fen()}")
            if result.move not in board.legal_moves:
                sys.exit(f"illegal move {result.move} in {board.fen()}")
            board.push(result.move)
        else:
            sys.exit("no result after 600 plies")
        outcome = board.outcome(claim_draw=True)
        print(
            f"result {board.result(claim_draw=True)} by {outcome.termination.name} "
            f"after {len(board.move_stack)} plies"
        )
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
