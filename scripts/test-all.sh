#!/usr/bin/env bash
# The one test command (README: `npm test`, and what .ci/run runs): installs what is missing, builds, runs
# every test runner (static checks, unit, component, browser, end-to-end) and ends with `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
bash scripts/ensure-tools.sh --with-test-tools || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }

REPORTS="$PWD/reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"

# run NAME COMMAND...: runs one runner; it writes reports/NAME.json itself, its exit code goes to NAME.rc.
run() {
  local name=$1; shift
  echo; echo "━━ $name"
  local t0; t0=$(date +%s)
  "$@"; local rc=$?
  echo "$rc" >"$REPORTS/$name.rc"
  echo "━━ $name: exit $rc in $(( $(date +%s) - t0 )) s"
}

# check NAME COMMAND...: a static check counts as one test that passes or fails.
check() {
  local name=$1; shift
  run "$name" "$@"
  if [ "$(cat "$REPORTS/$name.rc")" = 0 ]; then echo '{"passed":1,"failed":0}'; else echo '{"passed":0,"failed":1}'; fi >"$REPORTS/$name.json"
}

# vitest_in DIR NAME [ARGS...]: Vitest in DIR (a package, or the repository's own scripts) with a JSON report as
# reports/NAME.json. Run directly, not through `turbo run test`: arguments passed through turbo reach every task
# of the run, so each dependency's build would run again with them (and a new hash) after the build step.
vitest_in() {
  local dir=$1 name=$2; shift 2
  (cd "$dir" && pnpm exec vitest run "$@" \
    --reporter=default --reporter=json --outputFile.json="$REPORTS/$name.json")
}

check build pnpm turbo run build --output-logs=errors-only
check lint pnpm turbo run lint lint:root --output-logs=errors-only
check circles pnpm run circles
check typecheck pnpm turbo run typecheck --output-logs=errors-only
check ui-size pnpm --filter @templet/ui size

# free_port: a TCP port on 127.0.0.1 that nothing listens on now.
free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })"
}

# A PostgreSQL of this run's own, in a new temporary directory on a free port, removed on exit: another run on
# the same machine (another clone, another user) has its own and cannot stop this one's. Its settings go to the
# two scripts alone, not to the environment of the tests (a test that starts a cluster of its own must not
# inherit this one's data directory).
pg_dir=$(mktemp -d -t templet-pg.XXXXXX)
pg_port=$(free_port)
pg() { TEMPLET_PG_DIR="$pg_dir" PGDATA="$pg_dir/pgdata" PGPORT="$pg_port" bash "scripts/pg-$1.sh" "${@:2}"; }
trap 'pg stop --purge >/dev/null 2>&1' EXIT
pg_url=$(pg start 2>"$REPORTS/pg-start.log" | tail -n 1 | sed 's/^DATABASE_URL=//')
if [ -n "$pg_url" ]; then export TEST_DATABASE_URL="$pg_url"
else echo "PostgreSQL did not start:"; cat "$REPORTS/pg-start.log"; echo '{"passed":0,"failed":1}' >"$REPORTS/postgres.json"; echo 1 >"$REPORTS/postgres.rc"; fi

run vitest-scripts vitest_in . vitest-scripts --config scripts/vitest.config.mjs
for pkg in packages/api packages/template packages/catalogue packages/render packages/designer packages/sdk apps/server packages/ui apps/web \
  tools/catalogue-designer; do
  [ -f "$pkg/vitest.config.ts" ] && run "vitest-$(basename "$pkg")" vitest_in "$pkg" "vitest-$(basename "$pkg")"
done

check storybook-build pnpm exec storybook build -o storybook-static --quiet
run playwright env PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/playwright.json" \
  pnpm exec playwright test --reporter=list,json

echo; echo "━━ summary ($(( $(date +%s) - started )) s)"
node scripts/sum-results.mjs "$REPORTS"
