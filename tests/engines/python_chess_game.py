#!/usr/bin/env python3
"""python-chess (a third-party CECP client) drives Curio through a whole game.

Usage: python_chess_game.py CURIO_BINARY

Curio plays both sides over one CECP connection, a few plies deep, until
python-chess itself says the game is over (mate, stalemate, insufficient
material, or a threefold/fifty-move draw it can claim). Every move Curio
sends must be legal in python-chess's own board; an analysis request must
come back with a score and a principal variation. Prints one summary line;
exits non-zero on any failure.
"""
import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("python-chess is missing: pip install chess")


def main():
    curio = sys.argv[1]
    engine = chess.engine.SimpleEngine.popen_xboard([curio], timeout=30)
    try:
        board = chess.Board()
        info = engine.analyse(board, chess.engine.Limit(depth=4))
        if "score" not in info or not info.get("pv"):
            sys.exit(f"analysis without score or pv: {info}")
        for _ in range(600):
            if board.is_game_over(claim_draw=True):
                break
            # Alternate the depth so the two sides differ.
            depth = 3 if board.turn == chess.WHITE else 2
            result = engine.play(board, chess.engine.Limit(depth=depth))
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
