#!/usr/bin/env bash
# The whole suite: installs what is missing, then typecheck, lint, API tests on PGlite and on
# PostgreSQL, the end-to-end suite in Chromium, kill -9 durability and two-instance tests. Ends with one line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
log=test-results/summary.log
: > "$log"
failed_steps=()

need_apt=()
[ -x /usr/bin/chromium-headless-shell ] || need_apt+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Installing ${need_apt[*]} with apt-get..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null || { echo "apt-get install failed"; exit 1; }
fi
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm dependencies..."
  npm ci --no-audit --no-fund || { echo "npm ci failed"; exit 1; }
fi

step() {
  local name=$1; shift
  echo "=== $name"
  local start=$SECONDS
  if "$@" 2>&1 | tee -a "$log"; then
    echo "=== $name: ok ($((SECONDS - start)) s)"
  else
    echo "=== $name: FAILED ($((SECONDS - start)) s)"
    failed_steps+=("$name")
  fi
}

# The typecheck, ESLint, and Prettier's check with knip each keep one core busy for about a minute:
# the three run side by side on the two cores (one after another, the linters were the longest
# path), then report as two steps.
checks_start=$SECONDS
npx tsc -p tsconfig.json --noEmit > test-results/typecheck.log 2>&1 &
typecheck_pid=$!
npx eslint . > test-results/eslint.log 2>&1 &
eslint_pid=$!
{ npx prettier --check . --log-level warn && npx knip; } > test-results/prettier-knip.log 2>&1 &
prettier_knip_pid=$!
wait "$eslint_pid"; eslint_status=$?
wait "$prettier_knip_pid"; prettier_knip_status=$?
wait "$typecheck_pid"; typecheck_status=$?
report_check() {
  local name=$1 status=$2; shift 2
  echo "=== $name"
  cat "$@" | tee -a "$log"
  if [ "$status" -eq 0 ]; then
    echo "=== $name: ok ($((SECONDS - checks_start)) s)"
  else
    echo "=== $name: FAILED ($((SECONDS - checks_start)) s)"
    failed_steps+=("$name")
  fi
}
report_check lint $((eslint_status || prettier_knip_status)) test-results/eslint.log test-results/prettier-knip.log
report_check typecheck "$typecheck_status" test-results/typecheck.log
step "api tests" bash scripts/test-api.sh
step "e2e tests" bash scripts/test-e2e.sh
step "resilience tests" bash scripts/test-resilience.sh

# Sum the "N passed, M failed" lines the test scripts print; a failed typecheck/lint counts as one failure each.
read -r passed failed < <(grep -aoE '[0-9]+ passed, [0-9]+ failed' "$log" | awk '{p+=$1; f+=$3} END {print p+0, f+0}')
for s in "${failed_steps[@]}"; do
  case "$s" in typecheck|lint) failed=$((failed + 1)) ;; esac
done
[ ${#failed_steps[@]} -gt 0 ] && echo "Failed steps: ${failed_steps[*]}"
echo "$passed passed, $failed failed"
[ ${#failed_steps[@]} -eq 0 ] && [ "$failed" -eq 0 ]
