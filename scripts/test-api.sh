#!/usr/bin/env bash
# API tests on both databases: the vitest suite on PGlite (the embedded default), then again on a
# throwaway PostgreSQL server (TEST_DATABASE_URL; every test file creates and drops its own
# database there). Prints "API tests: N passed, M failed" per database and exits non-zero if
# either run fails. Extra arguments go to vitest (e.g. a file filter).
set -uo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/portal-test-api-XXXXXX")
chmod 755 "$work"
pg_bin=""
pg_data="$work/pg"
summary=()
status=0

cleanup() {
  if [[ -n "$pg_bin" && -f "$pg_data/postmaster.pid" ]]; then
    as_pg "$pg_bin/pg_ctl" -D "$pg_data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# initdb refuses to run as root: the throwaway cluster then belongs to the postgres user.
as_pg() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# run_suite <label>: runs vitest, records its counts and duration.
run_suite() {
  local label=$1 report="$work/report-$1.json" started=$SECONDS code
  shift
  echo "=== API tests on $label"
  npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
  code=$?
  local elapsed=$((SECONDS - started))
  summary+=("$(node -e '
    const [file, label, code, secs] = process.argv.slice(1);
    let passed = 0, failed = 0, note = "";
    try {
      const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
      passed = r.numPassedTests;
      failed = r.numFailedTests;
      // A file that fails to load, or an error outside any test, fails no test but fails the run.
      if (code !== "0" && failed === 0) { failed = Math.max(1, r.numFailedTestSuites); note = `, vitest exited with ${code}`; }
    } catch {
      failed = 1; note = ", vitest wrote no report";
    }
    console.log(`API tests: ${passed} passed, ${failed} failed (${label}, ${secs} s${note})`);
  ' "$report" "$label" "$code" "$elapsed")")
  [[ $code -eq 0 ]] || status=1
}

run_suite pglite "$@"

# A throwaway PostgreSQL: a cluster in a temp directory on a free port, fsync off, gone at exit.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [[ -z "$pg_bin" || ! -x "$pg_bin/initdb" ]]; then
  echo "=== Installing PostgreSQL (apt-get install postgresql)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
fi
if [[ -z "$pg_bin" || ! -x "$pg_bin/initdb" ]]; then
  echo "PostgreSQL server binaries not found and could not be installed" >&2
  summary+=("API tests: 0 passed, ? failed (postgres: no PostgreSQL server available)")
  status=1
else
  port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
  password=$(node -e 'console.log(require("crypto").randomBytes(16).toString("hex"))')
  mkdir -p "$pg_data" && printf '%s\n' "$password" >"$work/pwfile"
  [[ $(id -u) -eq 0 ]] && chown -R postgres "$pg_data" "$work/pwfile"
  if as_pg "$pg_bin/initdb" -D "$pg_data" -U postgres --pwfile="$work/pwfile" --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$work/initdb.log" 2>&1 &&
    as_pg "$pg_bin/pg_ctl" -D "$pg_data" -l "$pg_data/server.log" -w -t 30 start \
      -o "-p $port -k $pg_data -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null; then
    version=$("$pg_bin/postgres" --version | grep -oE '[0-9]+(\.[0-9]+)+' | head -n 1)
    # Files that never open the database under test run once, on the PGlite run: the pure functions
    # (src/shared, src/web) and the command-line programs, which spawn on an embedded database of their own.
    TEST_DATABASE_URL="postgres://postgres:$password@127.0.0.1:$port/postgres" run_suite "postgres-$version" \
      --exclude 'src/shared/**' --exclude 'src/web/**' --exclude 'src/server/cli/**' --passWithNoTests "$@"
  else
    cat "$work/initdb.log" "$pg_data/server.log" 2>/dev/null >&2
    summary+=("API tests: 0 passed, ? failed (postgres: the throwaway server did not start)")
    status=1
  fi
fi

echo
printf '%s\n' "${summary[@]}"
exit $status
