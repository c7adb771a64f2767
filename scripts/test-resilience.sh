#!/usr/bin/env bash
# Resilience checks against the real server (see scripts/resilience/): acknowledged writes survive
# kill -9 on PGlite and PostgreSQL; two instances on one PostgreSQL share sessions and rate limits;
# a second server on a live PGlite directory refuses to start; npm start restarts a killed server and
# drains however it is stopped; a PostgreSQL outage answers 503, logged once; uploads cut short by a
# crash release their slots at the restart and their files are swept; a quiet server gives memory
# back. Needs PostgreSQL's server binaries.
# Ends with one line: "Resilience: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "Installing PostgreSQL (Debian package)..."
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null \
    || { echo "Resilience: 0 passed, 1 failed (could not install postgresql)"; exit 1; }
fi

start=$SECONDS
# The programs run the built server, as npm start does (the e2e step builds it too; this is quick when current).
node scripts/build-server.mjs || { echo "Resilience: 0 passed, 1 failed (the server did not build)"; exit 1; }
passed=0
failed=0
# The programs spend much of their time waiting (five-second downloads, restarts, an outage), and
# each uses its own servers, ports and data directories: they run in lanes, about one per core, and
# print in order afterwards.
programs=(durability db-outage supervisor two-instances crashed-uploads idle-memory)
# Balanced by their times on an idle machine: durability ~100 s, db-outage 20, crashed-uploads 27;
# supervisor 87 (it waits on five-second downloads), two-instances 45. idle-memory (~40 s) waits
# out the server's quiet spell after a 2-second burst: a lane of its own.
lanes=("durability db-outage crashed-uploads" "supervisor two-instances" "idle-memory")
dir=$(mktemp -d)
for lane in "${lanes[@]}"; do
  (for program in $lane; do
    began=$SECONDS
    node --import tsx "scripts/resilience/$program.ts" >"$dir/$program.out" 2>&1
    echo $? >"$dir/$program.status"
    echo "  ($program: $((SECONDS - began)) s)" >>"$dir/$program.out"
  done) &
done
wait
for program in "${programs[@]}"; do
  out=$dir/$program.out
  status=$(cat "$dir/$program.status" 2>/dev/null || echo 1)
  echo "=== $program"
  cat "$out"
  # One check per result line: "durability <db>: ..." or "two-instances: <check> ok|FAILED (...)".
  results=$(grep -E '^(durability [a-z]+|two-instances|supervisor|db-outage|crashed-uploads|idle-memory): ' "$out")
  ok=$(printf '%s\n' "$results" | grep -c . | head -1)
  bad=$(printf '%s\n' "$results" | grep -c 'FAILED' | head -1)
  ok=$((ok - bad))
  passed=$((passed + ok))
  failed=$((failed + bad))
  # A program that fails without saying which check failed (a crash) counts as one failure.
  if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then
    echo "$program exited with status $status without a failed check"
    failed=$((failed + 1))
  fi
done
rm -rf "$dir"

echo "Resilience: $passed passed, $failed failed ($((SECONDS - start)) s)"
[ "$failed" -eq 0 ]
