#!/usr/bin/env bash
# End-to-end tests: Debian's Chromium headless shell drives the built portal (see playwright.config.ts).
# Extra arguments go to `playwright test` (a spec file, --grep, ...).
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "Installing Chromium's headless shell (Debian package)..."
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium-headless-shell || { echo "E2E: could not install chromium-headless-shell" >&2; exit 1; }
fi

echo "Building the web app..."
npx vite build --logLevel warn || { echo "E2E: web build failed" >&2; exit 1; }
echo "Building the server..."
node scripts/build-server.mjs || { echo "E2E: server build failed" >&2; exit 1; }

REPORT=test-results/e2e-report.json
rm -f "$REPORT"
npx playwright test "$@"
status=$?

if [ -f "$REPORT" ]; then
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const s = r.stats || {};
    const failed = (s.unexpected || 0) + (s.flaky || 0);
    const skipped = s.skipped ? `, ${s.skipped} skipped` : "";
    console.log(`E2E: ${s.expected || 0} passed, ${failed} failed${skipped} (${((s.duration || 0) / 1000).toFixed(1)} s)`);
    if (r.errors && r.errors.length) console.log(`E2E: ${r.errors.length} error(s) outside tests (see above)`);
  ' "$REPORT"
else
  echo "E2E: 0 passed, 1 failed (no report: the run did not start; see the output above)"
  [ "$status" -eq 0 ] && status=1
fi
[ -f test-results/e2e-server.log ] && [ "$status" -ne 0 ] && { echo "--- last lines of test-results/e2e-server.log ---"; tail -n 30 test-results/e2e-server.log; }
exit "$status"
