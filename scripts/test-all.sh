#!/usr/bin/env bash
# Every test of the project, in one run:
#   type check, lint and format check; unit tests; the server suite on PGlite and on a real PostgreSQL server started
#   here on loopback; keychain tests against gnome-keyring under dbus; the Electronegativity scan; the build and a
#   smoke test of its main process; the packaging check; end-to-end tests in Debian's Chromium against the browser host.
# Ends with one line "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/console-tests.XXXXXX")
chmod 755 "$work"
failed_steps=()

missing=()
[ -n "$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null)" ] || missing+=(postgresql)
command -v chromium >/dev/null || missing+=(chromium)
command -v gnome-keyring-daemon >/dev/null || missing+=(gnome-keyring)
command -v dbus-run-session >/dev/null || missing+=(dbus)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Missing Debian packages for the tests: ${missing[*]}"
  echo "Install them with: apt-get install -y ${missing[*]} libsecret-1-dev   (or run: bash .ci/run)"
  exit 1
fi

step_times=()
step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local started=$SECONDS
  if ! "$@"; then
    failed_steps+=("$name")
  fi
  step_times+=("$(printf '%5ds  %s' $((SECONDS - started)) "$name")")
}

# PostgreSQL's data folder in memory-backed /dev/shm where the machine has one with room for the suite's databases
# (1 GB): with fsync off its writes still reached the disk, and the server suite on PostgreSQL took a third longer
# from the temp folder.
pg_dir="$work/pg"
shm_free_kb=$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }')
if [ -w /dev/shm ] && [ "${shm_free_kb:-0}" -ge 1048576 ] && shm_pg=$(mktemp -d /dev/shm/console-tests-pg.XXXXXX); then
  pg_dir=$shm_pg
  chmod 755 "$pg_dir"
fi
pg_port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
cleanup() {
  scripts/pg-test.sh stop "$pg_dir" >/dev/null 2>&1 || true
  rm -rf "$work" "$pg_dir"
}
trap cleanup EXIT
export CONSOLE_TEST_FIGURES="$work/figures.txt"

# The static checks are independent and single-threaded: type check and lint run in the background while
# the format check runs, and each is printed whole when it ends.
background_step() {
  local log="$work/$1.log"
  shift
  "$@" >"$log" 2>&1 &
}
finish_step() {
  local name=$1 pid=$2 log="$work/$3.log" status=0
  echo
  echo "=== $name"
  wait "$pid" || status=$?
  cat "$log"
  [ "$status" -eq 0 ] || failed_steps+=("$name")
  step_times+=("$(printf '%5ds  %s (from the start, side by side)' $((SECONDS - checks_started)) "$name")")
}
checks_started=$SECONDS
background_step tsc npx tsc -p tsconfig.json --noEmit
tsc_pid=$!
background_step eslint npx eslint . --max-warnings 0
eslint_pid=$!
# Import circles, type imports included (dpdm): a lint wall of its own, slower than eslint's rules would make it.
background_step circles npm run --silent lint:circles
circles_pid=$!
step "format check" npx prettier --check .
finish_step "type check" "$tsc_pid" tsc
finish_step "lint" "$eslint_pid" eslint
finish_step "import circles" "$circles_pid" circles

if pg_url=$(scripts/pg-test.sh start "$pg_dir" "$pg_port"); then
  export CONSOLE_TEST_PG_URL=$pg_url
else
  failed_steps+=("start PostgreSQL")
fi

# Each vitest step's output is also kept: an unhandled error fails the run but is in no JSON report.
logged() {
  local log=$1
  shift
  "$@" 2>&1 | tee "$log"
}
step "unit and server tests (PGlite and PostgreSQL)" logged "$work/vitest.log" npx vitest run --project unit --project server-pglite --project server-pg \
  --reporter=default --reporter=json --outputFile.json="$work/vitest.json"

step "keychain tests (gnome-keyring under dbus)" logged "$work/keyring.log" env CONSOLE_REQUIRE_KEYRING=1 scripts/with-keyring.sh \
  npx vitest run --project keyring --reporter=default --reporter=json --outputFile.json="$work/keyring.json"

step "Electronegativity scan" node scripts/security-scan.mjs

step "build" npx electron-vite build
# The installer's content as `npm run dist` packs it (electron-builder with a stand-in Electron, Linux x64, a folder):
# the archive's runtime packages, native modules, migrations, data template, help PDFs and fuses.
step "packaging check (electron-builder, Electron stand-in)" node scripts/dist/package-check.mjs
# The standalone server as `npm run server` runs it: its bundle, on a new PGlite folder and on PostgreSQL.
step "build of the standalone server" npm run --silent build:server
step "standalone server smoke test (the bundle)" node --import tsx scripts/smoke/smoke-server.mjs
# The end-to-end tests start the browser host as `npm run start:browser` runs it: its bundle.
step "build of the browser host" npm run --silent build:browser-host
# The built main process under Node with an Electron stand-in: the window, the bridge and the embedded server as
# the installed app wires them (Electron itself cannot be downloaded here).
step "main-process smoke test (the build, Electron stand-in)" node --import ./scripts/smoke/register.mjs scripts/smoke/smoke-main.mjs
step "end-to-end tests (Playwright, Debian Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$work/e2e.json" npx playwright test --reporter=list,json

echo
echo "=== time per step"
printf '%s\n' "${step_times[@]}"

if [ -s "$CONSOLE_TEST_FIGURES" ]; then
  echo
  echo "=== figures of the robustness suites"
  sort "$CONSOLE_TEST_FIGURES"
fi

node scripts/summarise-tests.mjs "$work/vitest.json" "$work/keyring.json" "$work/e2e.json" "${#failed_steps[@]}" "$work/vitest.log" "$work/keyring.log"
status=$?
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "Failed steps: ${failed_steps[*]}"
  exit 1
fi
exit $status
