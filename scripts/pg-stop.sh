#!/usr/bin/env bash
# scripts/pg-stop.sh: stops the throwaway PostgreSQL started by scripts/pg-start.sh: the cluster in $PGDATA if
# set, else the one recorded in $TEMPLET_PG_DIR/env (default /tmp/templet-pg). Keeps the data unless --purge
# is given (which deletes the data directory and the state). Does nothing, successfully, when nothing runs.
set -euo pipefail
STATE=${TEMPLET_PG_DIR:-/tmp/templet-pg}
given_pgdata=${PGDATA:-}
# shellcheck disable=SC1091
[ -f "$STATE/env" ] && . "$STATE/env"
PGDATA=${given_pgdata:-${PGDATA:-$STATE/pgdata}}
[ -f "$PGDATA/PG_VERSION" ] || { echo "no cluster in $PGDATA" >&2; exit 0; }
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
if [ "$(id -u)" = 0 ]; then run() { su postgres -s /bin/sh -c "cd /tmp && $*"; }; else run() { sh -c "cd /tmp && $*"; }; fi
if run "$PGBIN/pg_ctl -D '$PGDATA' status >/dev/null 2>&1"; then
  run "$PGBIN/pg_ctl -D '$PGDATA' -w -t 30 stop -m fast" >&2
fi
if [ "${1:-}" = "--purge" ]; then rm -rf "$PGDATA" "$STATE"; fi
