#!/usr/bin/env bash
# Perft speed, Curio against Stockfish's `go perft`, side by side on the same
# positions and machine, both single-threaded (Stockfish's perft is; Curio's
# is too). Each position runs ROUNDS times for each engine, alternating, and
# the best wall time counts; each engine's start-up (a depth-1 run of the
# same position) is subtracted, so the figures are move generation only.
#
# Usage: benches/perft_vs_stockfish.sh [path/to/curio] [rounds]
# Needs: stockfish (Debian package `stockfish`, /usr/games/stockfish).
set -euo pipefail
CURIO=$(readlink -f "${1:-target/release/curio}")
ROUNDS=${2:-3}
SF=${STOCKFISH:-/usr/games/stockfish}
[ -x "$CURIO" ] || { echo "no curio binary at $CURIO" >&2; exit 1; }
[ -x "$SF" ] || { echo "$SF missing (apt-get install stockfish)" >&2; exit 1; }

positions=(
  "6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "7|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "5|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  "5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
  "5|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

source "$(dirname "$0")/timing.sh"
curio_run() { "$CURIO" perft --variant chess --fen "$2" --depth "$1" 2>/dev/null | awk '/Nodes searched/ {print $3}'; }
sf_run() { printf 'setoption name Threads value 1\nposition fen %s\ngo perft %s\nquit\n' "$2" "$1" | "$SF" | awk '/Nodes searched/ {print $3}'; }

printf '%-5s %-12s %10s %10s %12s %12s %8s\n' pos nodes curio_s sf_s curio_Mnps sf_Mnps ratio
total_c=0; total_s=0; total_n=0; i=0
for entry in "${positions[@]}"; do
  i=$((i + 1))
  depth=${entry%%|*}; fen=${entry#*|}
  read -r _ c1 < <(best_time curio_run 1 "$fen")
  read -r _ s1 < <(best_time sf_run 1 "$fen")
  read -r cn ct < <(best_time curio_run "$depth" "$fen")
  read -r sn st < <(best_time sf_run "$depth" "$fen")
  [ "$cn" = "$sn" ] || { echo "node counts differ at position $i: curio $cn, stockfish $sn" >&2; exit 1; }
  ct=$(echo "$ct - $c1" | bc -l); st=$(echo "$st - $s1" | bc -l)
  total_c=$(echo "$total_c + $ct" | bc -l); total_s=$(echo "$total_s + $st" | bc -l); total_n=$((total_n + cn))
  printf '%-5s %-12s %10.3f %10.3f %12.1f %12.1f %8.2f\n' "$i/d$depth" "$cn" "$ct" "$st" \
    "$(echo "$cn / $ct / 1000000" | bc -l)" "$(echo "$sn / $st / 1000000" | bc -l)" "$(echo "$st / $ct" | bc -l)"
done
printf '%-5s %-12s %10.3f %10.3f %12.1f %12.1f %8.2f\n' all "$total_n" "$total_c" "$total_s" \
  "$(echo "$total_n / $total_c / 1000000" | bc -l)" "$(echo "$total_n / $total_s / 1000000" | bc -l)" "$(echo "$total_s / $total_c" | bc -l)"
echo "ratio = Stockfish time / Curio time (above 1: Curio is faster)"
