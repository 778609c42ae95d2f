#!/usr/bin/env bash
# Strange Chess perft speed as a scale reference: Curio's perft from the
# Strange Chess start (144 squares, no other engine fits this board) side by
# side, in one run, with Fairy-Stockfish's `go perft` from the start of its
# largest-board variant in the Debian build (Grand Chess, 10x10). Both
# single-threaded, both count the last ply in bulk. Each run repeats ROUNDS
# times alternating the two programs; the best wall time counts, minus each
# program's start-up (a depth-1 run).
#
# Usage: benches/perft_vs_fairy.sh [path/to/curio] [rounds] [curio depth] [grand depth]
# Needs: fairy-stockfish (Debian package, /usr/games/fairy-stockfish).
set -euo pipefail
CURIO=$(readlink -f "${1:-target/release/curio}")
ROUNDS=${2:-3}
CD=${3:-4}
FD=${4:-5}
FSF=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
[ -x "$CURIO" ] || { echo "no curio binary at $CURIO" >&2; exit 1; }
[ -x "$FSF" ] || { echo "$FSF missing (apt-get install fairy-stockfish)" >&2; exit 1; }

source "$(dirname "$0")/timing.sh"
curio_run() { "$CURIO" perft --variant strangechess --depth "$1" 2>/dev/null | awk '/Nodes searched/ {print $3}'; }
fsf_run() { printf 'setoption name Threads value 1\nsetoption name UCI_Variant value grand\nposition startpos\ngo perft %s\nquit\n' "$1" | "$FSF" | awk '/Nodes searched/ {print $3}'; }

read -r _ c1 < <(best_time curio_run 1)
read -r _ f1 < <(best_time fsf_run 1)
read -r cn ct < <(best_time curio_run "$CD")
read -r fn ft < <(best_time fsf_run "$FD")
[ "$cn" = 117419624 ] || [ "$CD" != 4 ] || { echo "Strange Chess perft 4 gave $cn, expected 117419624" >&2; exit 1; }
ct=$(echo "$ct - $c1" | bc -l); ft=$(echo "$ft - $f1" | bc -l)
printf '%-34s %6s %12s %9s %10s\n' program depth nodes seconds Mnodes/s
printf '%-34s %6s %12s %9.3f %10.2f\n' "curio strangechess (12x12)" "$CD" "$cn" "$ct" "$(echo "$cn / $ct / 1000000" | bc -l)"
printf '%-34s %6s %12s %9.3f %10.2f\n' "fairy-stockfish grand (10x10)" "$FD" "$fn" "$ft" "$(echo "$fn / $ft / 1000000" | bc -l)"
