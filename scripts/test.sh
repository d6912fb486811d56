#!/usr/bin/env bash
# `npm test`: every check of the kit, from a fresh clone. Installs what it needs (npm packages, Debian's
# Chromium and PostgreSQL when missing, both Prisma clients, the test database), starts a throwaway
# PostgreSQL 15 (127.0.0.1, a free port, a temp data dir; stopped at the end), then runs typecheck, lint, the
# formatter check (Prettier, 120 columns; `npx prettier --write .` fixes it), the migration drift checks (SQLite and PostgreSQL), unit + integration tests (vitest; the integration suite runs
# against SQLite and PostgreSQL), the production build and the browser tests (Playwright).
# Ends with one line: "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export NEXT_TELEMETRY_DISABLED=1
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1   # never fetch Playwright's own browsers
export CHECKPOINT_DISABLE=1                 # no Prisma update check
export PRISMA_HIDE_UPDATE_MESSAGE=1
export DATABASE_URL="${TEST_DATABASE_URL:-file:./data/test.db}"
if [ -f /usr/include/node/node.h ]; then export npm_config_nodedir=/usr; fi

step() { printf '\n=== %s (%ss)\n' "$1" "$SECONDS"; }
checks_passed=0
checks_failed=0
check() { # name, command...
  local name=$1; shift
  step "$name"
  if "$@"; then checks_passed=$((checks_passed + 1)); else echo "FAILED: $name"; checks_failed=$((checks_failed + 1)); fi
}

step "dependencies"
if [ ! -x node_modules/.bin/next ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || { echo "npm ci failed"; exit 1; }
fi

step "chromium"
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing. Install it once with: sudo apt-get install -y chromium"; exit 1
  fi
fi
"$CHROMIUM" --version 2>/dev/null | head -n 1

step "postgresql"
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "PostgreSQL is missing. Install it once with: sudo apt-get install -y postgresql"; exit 1
  fi
fi
pg_started=$(node scripts/lib/throwaway-postgres.mjs start) || { echo "could not start a throwaway PostgreSQL"; exit 1; }
PG_DIR=${pg_started%% *}
export TEST_POSTGRES_URL=${pg_started#* }
trap 'node scripts/lib/throwaway-postgres.mjs stop "$PG_DIR"' EXIT
"$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/postgres" --version

step "database"
rm -f data/test.db data/test.db-wal data/test.db-shm
node scripts/setup.mjs || { echo "database setup failed"; exit 1; }

mkdir -p reports
check "migration drift" node scripts/check-drift.mjs
check "typecheck" npx tsc --noEmit
check "lint" npx eslint . --max-warnings=0
check "format (Prettier, 120 columns)" npx prettier --check . --log-level warn

step "unit + integration tests"
vitest_rc=0
npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json || vitest_rc=$?

check "build (standalone output)" npm run build

step "browser tests"
e2e_rc=0
npx playwright test || e2e_rc=$?

step "summary"
CHECKS_PASSED=$checks_passed CHECKS_FAILED=$checks_failed node -e '
const fs = require("fs");
const read = (f) => { try { return JSON.parse(fs.readFileSync(f, "utf8")); } catch { return null; } };
const v = read("reports/vitest.json"), e = read("reports/e2e.json");
let passed = Number(process.env.CHECKS_PASSED), failed = Number(process.env.CHECKS_FAILED), skipped = 0;
if (v) { passed += v.numPassedTests; failed += v.numFailedTests; skipped += v.numPendingTests + v.numTodoTests; }
else { console.log("no vitest report"); failed++; }
if (e) { passed += e.stats.expected + e.stats.flaky; failed += e.stats.unexpected; skipped += e.stats.skipped; }
else { console.log("no playwright report"); failed++; }
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
'
if [ "$checks_failed" -ne 0 ] || [ "$vitest_rc" -ne 0 ] || [ "$e2e_rc" -ne 0 ]; then exit 1; fi
