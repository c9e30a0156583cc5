#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server on loopback for the test suite.
#   scripts/pg-test.sh start DIR PORT   prints the connection URL
#   scripts/pg-test.sh stop DIR
# As root the server runs as the 'postgres' user (initdb refuses root).
set -euo pipefail
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pgbin" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 1
fi
cmd=${1:?start or stop}
dir=${2:?data folder}
as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}
case "$cmd" in
  start)
    port=${3:?port}
    mkdir -p "$dir/sock"
    if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; fi
    as_owner "'$pgbin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "'$pgbin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -o \"-p $port -c listen_addresses=127.0.0.1 -k '$dir/sock' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" -w start" >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "'$pgbin/pg_ctl' -D '$dir/data' -m fast -w stop" >/dev/null; fi
    ;;
  *)
    echo "usage: $0 start DIR PORT | stop DIR" >&2
    exit 2
    ;;
esac
