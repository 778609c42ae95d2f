# Sourced by the perft speed scripts (benches/perft_*.sh): wall-clock
# timing of a command, the best of $ROUNDS runs. Needs bc.

now() { date +%s.%N; }

# best_time RUNNER ARGS... -> "nodes seconds": RUNNER ARGS... prints a node
# count; it runs $ROUNDS times and the shortest wall time counts.
best_time() {
  local best="" nodes t0 t1 dt
  for _ in $(seq "$ROUNDS"); do
    t0=$(now); nodes=$("$@"); t1=$(now)
    dt=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$dt < $best" | bc -l)" = 1 ]; then best=$dt; fi
  done
  echo "$nodes $best"
}
