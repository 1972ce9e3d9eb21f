#!/usr/bin/env bash
# scripts/pg-start.sh: a PostgreSQL on 127.0.0.1:$PGPORT for tests, benchmarks and CI (no systemd).
#
# `npm test` (scripts/test-all.sh) gives each run its own: TEMPLET_PG_DIR a new temporary directory, PGPORT a free
# port, removed with `pg-stop.sh --purge` when the run ends, so runs in two clones on one machine never share one.
# By hand, without those set, it is one cluster per machine, kept between uses:
#
#   export "$(bash scripts/pg-start.sh | tail -n 1)"     # sets DATABASE_URL=postgres://postgres@127.0.0.1:54329/app
#   bash scripts/pg-stop.sh                               # stops it (same TEMPLET_PG_DIR)
#
# State lives in $TEMPLET_PG_DIR (default /tmp/templet-pg): server.log and `env` (PGDATA and PGPORT of the
# cluster, read by pg-stop.sh and by a second start). The data directory is $PGDATA if set, else
# $TEMPLET_PG_DIR/pgdata; the port $PGPORT, else 54329. Safe to run twice: a running cluster is reused, a
# stopped one is started again. The last line printed is always `DATABASE_URL=...`. Runs as root (server
# tools then run as the `postgres` user) or as any other user.
set -euo pipefail
STATE=${TEMPLET_PG_DIR:-/tmp/templet-pg}
given_pgdata=${PGDATA:-} given_pgport=${PGPORT:-}
# shellcheck disable=SC1091
[ -f "$STATE/env" ] && . "$STATE/env"
PGDATA=${given_pgdata:-${PGDATA:-$STATE/pgdata}}
PGPORT=${given_pgport:-${PGPORT:-54329}}
DB=app

if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  apt-get update >&2 && apt-get install -y postgresql >&2
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

if [ "$(id -u)" = 0 ]; then
  run() { su postgres -s /bin/sh -c "cd /tmp && $*"; } # server tools refuse root
  mkdir -p "$STATE" "$(dirname "$PGDATA")" && chown postgres:postgres "$STATE" "$(dirname "$PGDATA")"
else
  run() { sh -c "cd /tmp && $*"; }
  mkdir -p "$STATE" "$(dirname "$PGDATA")"
fi

if [ ! -f "$PGDATA/PG_VERSION" ]; then
  run "$PGBIN/initdb -D '$PGDATA' -U postgres --auth=trust -E UTF8 >/dev/null"
fi
if ! run "$PGBIN/pg_ctl -D '$PGDATA' status >/dev/null 2>&1"; then
  run "$PGBIN/pg_ctl -D '$PGDATA' -l '$STATE/server.log' -w -t 30 \
    -o \"-p $PGPORT -c listen_addresses=127.0.0.1 -k /tmp -c fsync=off -c max_connections=200\" start" >&2
fi
printf 'PGDATA=%q\nPGPORT=%q\n' "$PGDATA" "$PGPORT" >"$STATE/env"
if ! run "$PGBIN/psql -h 127.0.0.1 -p $PGPORT -U postgres -tAc \"select 1 from pg_database where datname = '$DB'\"" | grep -q 1; then
  run "$PGBIN/createdb -h 127.0.0.1 -p $PGPORT -U postgres $DB"
fi
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/$DB"
