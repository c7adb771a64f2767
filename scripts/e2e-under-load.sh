#!/usr/bin/env bash
# The e2e suite N times in a row (default 3) while one core is kept busy, as a loaded CI machine
# would be (a suite that fails under load blocks every landing). Not part of
# npm test: about 15 minutes a run. Prints each run's summary line; exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}

# One busy core for the whole time (yes writes to /dev/null as fast as it can).
yes > /dev/null &
burner=$!
trap 'kill "$burner" 2>/dev/null' EXIT

status=0
for i in $(seq 1 "$runs"); do
  echo "=== e2e under load: run $i of $runs"
  bash scripts/test-e2e.sh > "test-results/e2e-under-load-$i.log" 2>&1
  code=$?
  grep -a '^E2E:' "test-results/e2e-under-load-$i.log" | tail -1
  grep -a '✘' "test-results/e2e-under-load-$i.log" | sort -u
  [ "$code" -ne 0 ] && status=1
done
exit "$status"
