#!/usr/bin/env bash
# XBoard drives Curio's UCI face through polyglot (Debian packages xboard,
# polyglot, xvfb): one game of orthodox chess, Curio over UCI (XBoard's
# -fUCI, which runs polyglot as its adapter) against Curio over CECP,
# under Xvfb, with XBoard checking every move, mate and claim.
# Fails unless the game ends with a result, the PGN holds it, and XBoard's
# debug log shows no illegal move, forfeit or protocol error.
#
# Usage: tests/xboard/uci.sh [path/to/curio] [games]
set -euo pipefail

BIN=$(readlink -f "${1:-target/release/curio}")
GAMES=${2:-1}
XBOARD=/usr/games/xboard
POLYGLOT=/usr/games/polyglot
[ -x "$BIN" ] || { echo "xboard uci: no curio binary at $BIN" >&2; exit 1; }
[ -x "$XBOARD" ] || { echo "xboard uci: $XBOARD missing (apt-get install xboard xvfb xauth)" >&2; exit 1; }
[ -x "$POLYGLOT" ] || { echo "xboard uci: $POLYGLOT missing (apt-get install polyglot)" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "xboard uci: xvfb-run missing (apt-get install xvfb xauth)" >&2; exit 1; }

XBT=$(mktemp -d /tmp/curio-xboard-uci.XXXXXX)
mkdir -p "$XBT/home"
echo "xboard uci: working in $XBT"
fail() { echo "xboard uci FAILED: $*" >&2; exit 1; }

pgn="$XBT/uci.pgn"
debug="$XBT/uci.debug"
log="$XBT/uci.log"
# polyglot from /usr/games, as XBoard's default adapter command names it.
PATH="/usr/games:$PATH" HOME="$XBT/home" timeout 600 xvfb-run -a -s "-screen 0 1280x1024x24" "$XBOARD" \
  -fcp "$BIN uci" -fd "$XBT" -fUCI -scp "$BIN xboard" -sd "$XBT" \
  -variant normal -mg "$GAMES" -tc 0:10 -inc 0.1 -matchPause 500 \
  -testLegality true -testClaims true -checkMates true -materialDraws true -ruleMoves 51 -repeatsToDraw 3 \
  -sgf "$pgn" -debug -nameOfDebugFile "$debug" \
  -saveSettingsOnExit false -startupMessage "" -soundProgram "" -popupExitMessage false \
  -autoCallFlag true -size 49 >"$log" 2>&1 || fail "xboard exited with $? (see $log)"
cat "$log"
grep -q "final score" "$log" || fail "no final score from xboard"
score=$(grep -o "final score [0-9]*-[0-9]*-[0-9]*" "$log" | tail -1 | awk '{print $3}')
total=$(echo "$score" | awk -F- '{print $1+$2+$3}')
[ "$total" = "$GAMES" ] || fail "final score $score is not $GAMES games"
results=$(grep -c '^\[Result "' "$pgn" || true)
[ "$results" = "$GAMES" ] || fail "PGN holds $results games, expected $GAMES"
if grep -q '^\[Result "\*"\]' "$pgn"; then fail "unfinished game in the PGN"; fi
# The UCI side really was Curio's UCI face behind polyglot: polyglot
# introduces itself and names the UCI engine's options (UCI_Variant is
# offered by Curio's UCI face only).
grep -q "<first : PolyGlot" "$debug" || fail "the first engine is not polyglot (see $debug)"
grep -q '<first : feature myname="Curio' "$debug" || fail "polyglot did not start Curio (see $debug)"
grep -q '<first : feature option="UCI_Variant -combo' "$debug" || fail "no UCI_Variant from Curio's UCI face (see $debug)"
if grep -iE "illegal move|forfeit|Error \(|unknown command|false .* claim" "$debug" >&2; then
  fail "protocol trouble in $debug"
fi
grep -qE '\} (1-0|0-1|1/2-1/2)' "$pgn" || fail "the game has no result with a reason"
echo "xboard uci: passed ($score); PGN and logs in $XBT"
