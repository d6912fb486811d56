#!/usr/bin/env bash
# `npm test`: every check of the kit, from a fresh clone. Installs what it needs (npm packages, Debian's
# Chromium and PostgreSQL when missing, both Prisma clients, the test database), starts a throwaway
# PostgreSQL 15 (127.0.0.1, a free port, a temp data dir; stopped at the end), then runs typecheck, lint, the
# formatter check (Prettier, 120 columns; `npx prettier --write .` fixes it), the migration drift checks (SQLite and PostgreSQL), unit + integration tests (vitest; the integration suite runs
# against SQLite and PostgreSQL), the production build and the browser tests (Playwright).
# Ends with one line: "N passed, N failed, N skipped".
#
# `npm test -- --changed` (or `--changed=<git ref>`, default HEAD) is the inner loop: the same checks and build,
# but only the vitest files and browser specs that the uncommitted change (or the change since <ref>) touches,
# through what they import (vitest --changed, playwright --only-changed).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export NEXT_TELEMETRY_DISABLED=1
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1   # never fetch Playwright's own browsers
export CHECKPOINT_DISABLE=1                 # no Prisma update check
export PRISMA_HIDE_UPDATE_MESSAGE=1
export DATABASE_URL="${TEST_DATABASE_URL:-file:./data/test.db}"
if [ -f /usr/include/node/node.h ]; then export npm_config_nodedir=/usr; fi

changed=""
for arg in "$@"; do
  case "$arg" in
    --changed) changed="HEAD" ;;
    --changed=*) changed="${arg#--changed=}" ;;
    *) echo "unknown option: $arg (npm test takes only --changed or --changed=<git ref>)"; exit 2 ;;
  esac
done
if [ -n "$changed" ] && ! git rev-parse --verify --quiet "$changed^{commit}" >/dev/null; then
  echo "--changed=$changed is not a git commit: name a branch, tag or commit (git log --oneline shows them)"; exit 2
fi

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

# Debian's headless shell (package chromium-headless-shell): what Playwright runs headless, and on two cores it
# costs the browser tests much less CPU than the full browser's headless mode (tests/helpers/chromium-path.cjs).
step "chromium"
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ ! -x "$CHROMIUM" ]; then
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable: point it at a Chromium, or unset it"; exit 1
  elif [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  elif [ -x /usr/bin/chromium ]; then
    CHROMIUM=/usr/bin/chromium
    echo "Using the full Chromium; the browser tests run faster with: sudo apt-get install -y chromium-headless-shell"
  else
    echo "Chromium is missing. Install it once with: sudo apt-get install -y chromium-headless-shell"; exit 1
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
rm -f reports/vitest.json reports/e2e.json
check "migration drift" node scripts/check-drift.mjs

# The static checks and the production build are independent and none keeps both cores busy: run them side by
# side, print each one's output in turn.
step "typecheck, lint, format and build (side by side)"
side_dir=$(mktemp -d)
npx tsc --noEmit >"$side_dir/typecheck" 2>&1 & tsc_pid=$!
npx eslint . --max-warnings=0 >"$side_dir/lint" 2>&1 & lint_pid=$!
npx prettier --check . --log-level warn >"$side_dir/format" 2>&1 & format_pid=$!
NEXT_BUILD_SKIP_TYPECHECK=1 npm run build >"$side_dir/build" 2>&1 & build_pid=$! # tsc checks the types
side_check() { # name, pid, output file
  local rc=0
  wait "$2" || rc=$?
  printf -- '--- %s (done at %ss)\n' "$1" "$SECONDS"
  cat "$3"
  if [ "$rc" -eq 0 ]; then checks_passed=$((checks_passed + 1)); else echo "FAILED: $1"; checks_failed=$((checks_failed + 1)); fi
  return "$rc"
}
side_check "typecheck" "$tsc_pid" "$side_dir/typecheck"
side_check "lint" "$lint_pid" "$side_dir/lint"
side_check "format (Prettier, 120 columns; npx prettier --write . fixes it)" "$format_pid" "$side_dir/format"
build_rc=0
side_check "build (standalone output)" "$build_pid" "$side_dir/build" || build_rc=$?
rm -rf "$side_dir"

step "unit + integration tests${changed:+ (changed since $changed)}"
vitest_rc=0
vitest_only=()
[ -n "$changed" ] && vitest_only=(--changed "$changed" --passWithNoTests)
npx vitest run "${vitest_only[@]}" --reporter=default --reporter=json --outputFile=reports/vitest.json || vitest_rc=$?

# One after the other: run side by side with vitest, the browser tests' servers starve on two cores (measured: both
# slower, and pages time out).
step "browser tests${changed:+ (changed since $changed)}"
e2e_rc=0
e2e_only=()
[ -n "$changed" ] && e2e_only=("--only-changed=$changed" --pass-with-no-tests)
if [ "$build_rc" -eq 0 ]; then
  npx playwright test "${e2e_only[@]}" || e2e_rc=$?
else
  echo "not run: the build failed" # already counted as a failed check
fi

step "summary"
CHANGED_ONLY=$changed CHECKS_PASSED=$checks_passed CHECKS_FAILED=$checks_failed node -e '
const fs = require("fs");
const read = (f) => { try { return JSON.parse(fs.readFileSync(f, "utf8")); } catch { return null; } };
const v = read("reports/vitest.json"), e = read("reports/e2e.json");
let passed = Number(process.env.CHECKS_PASSED), failed = Number(process.env.CHECKS_FAILED), skipped = 0;
if (v) { passed += v.numPassedTests; failed += v.numFailedTests; skipped += v.numPendingTests + v.numTodoTests; }
else if (!process.env.CHANGED_ONLY) { console.log("no vitest report"); failed++; }
if (e) { passed += e.stats.expected + e.stats.flaky; failed += e.stats.unexpected; skipped += e.stats.skipped; }
else if (!process.env.CHANGED_ONLY) { console.log("no playwright report"); failed++; }
// Name what failed last, so the end of a long log says where to look.
const failures = [];
// vitest reports a failed or timed-out hook as "STACK_TRACE_ERROR": name where it is in the test file instead
const firstLine = (m) => {
  const lines = String(m ?? "").split("\n");
  if (lines[0] !== "Error: STACK_TRACE_ERROR") return lines[0].slice(0, 300);
  const at = lines.find((l) => /tests\/.*:\d+:\d+/.test(l) && !l.includes("node_modules"));
  return `a hook failed or timed out ${at ? at.trim().replace(process.cwd() + "/", "") : ""} (its log above says why)`;
};
for (const file of v?.testResults ?? [])
  for (const t of file.assertionResults ?? [])
    if (t.status === "failed")
      failures.push(`vitest: ${require("path").relative(process.cwd(), file.name)} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
const walk = (suite, file) => {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? [])
      if (t.status === "unexpected") failures.push(`playwright: ${spec.file ?? file}:${spec.line} > ${spec.title}`);
  for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
};
for (const suite of e?.suites ?? []) walk(suite, suite.file);
for (const f of failures) console.log(`FAILED ${f}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
'
if [ "$checks_failed" -ne 0 ] || [ "$vitest_rc" -ne 0 ] || [ "$e2e_rc" -ne 0 ]; then exit 1; fi
