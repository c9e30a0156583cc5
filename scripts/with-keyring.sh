#!/usr/bin/env bash
# Runs its arguments with a real, unlocked OS keychain (gnome-keyring's Secret Service on a private D-Bus
# session), so that keytar can be tested headless: CONSOLE_REQUIRE_KEYRING=1 scripts/with-keyring.sh npx vitest run keyring
#
# The keyring lives in a temporary folder (XDG_DATA_HOME) and is removed afterwards: the caller's own keychain
# and HOME are left alone. Needs the Debian packages dbus and gnome-keyring (libsecret-1-dev to build keytar).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/with-keyring.sh <command> [args...]" >&2
  exit 2
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring.sh: $tool is missing (apt-get install -y dbus gnome-keyring)" >&2
    exit 127
  fi
done

keyring_root="$(mktemp -d "${TMPDIR:-/tmp}/console-keyring.XXXXXX")"
export XDG_DATA_HOME="$keyring_root/data"
export XDG_RUNTIME_DIR="$keyring_root/run"

# The daemon usually ends with its D-Bus session, but not when the command ends before it has settled.
# Only this run's daemon is stopped: the one whose XDG_RUNTIME_DIR is this run's folder.
stop_own_daemon() {
  for proc in /proc/[0-9]*; do
    [ "$(cat "$proc/comm" 2>/dev/null)" = "gnome-keyring-d" ] || continue
    if tr '\0' '\n' <"$proc/environ" 2>/dev/null | grep -qxF "XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR"; then
      kill "${proc#/proc/}" 2>/dev/null || true
    fi
  done
}
trap 'stop_own_daemon; rm -rf "$keyring_root"' EXIT
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

# The password only unlocks this throw-away keyring; "Failed to set fd limit" from the daemon is harmless.
dbus-run-session -- sh -c '
  printf %s "console-test-keyring" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || {
    echo "with-keyring.sh: gnome-keyring-daemon did not start" >&2
    exit 1
  }
  "$@"
' with-keyring "$@"
