#!/usr/bin/env bash
# Dysnomia's perft beside chess's, one binary, one run, one thread each:
# how far Dysnomia's turn generator is from a bitboard chess generator
# (issue 33). Dysnomia's start to depth 4 (its count is checked) and
# chess's to depth 6, each the best of ROUNDS runs, alternating.
#
# Usage: benches/perft_dysnomia_vs_chess.sh [path/to/curio] [rounds]
set -euo pipefail
CURIO=$(readlink -f "${1:-target/release/curio}")
ROUNDS=${2:-1}
[ -x "$CURIO" ] || { echo "no curio binary at $CURIO" >&2; exit 1; }

source "$(dirname "$0")/timing.sh"
run() { "$CURIO" perft --variant "$1" --depth "$2" 2>/dev/null | awk '/Nodes searched/ {print $3}'; }

read -r dn dt < <(best_time run dysnomia 4)
read -r cn ct < <(best_time run chess 6)
[ "$dn" = 104282289 ] || { echo "Dysnomia perft 4 gave $dn, expected 104282289" >&2; exit 1; }
[ "$cn" = 119060324 ] || { echo "chess perft 6 gave $cn, expected 119060324" >&2; exit 1; }
printf '%-10s %6s %12s %9s %10s\n' game depth nodes seconds Mnodes/s
for row in "dysnomia 4 $dn $dt" "chess 6 $cn $ct"; do
  read -r g d n t <<<"$row"
  printf '%-10s %6s %12s %9.2f %10.2f\n' "$g" "$d" "$n" "$t" "$(echo "$n / $t / 1000000" | bc -l)"
done
printf 'chess leaves per second / Dysnomia leaves per second: %.0f\n' \
  "$(echo "($cn / $ct) / ($dn / $dt)" | bc -l)"
