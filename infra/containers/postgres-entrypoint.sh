#!/bin/bash
# CI's PostgreSQL image (postgres.Containerfile): on an empty data directory, initdb with
# POSTGRES_USER / POSTGRES_PASSWORD (password auth over the network) and run the scripts of
# /docker-entrypoint-initdb.d, as the official image does; then the server, as the postgres user.
set -euo pipefail
export POSTGRES_USER=${POSTGRES_USER:-postgres}
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups env HOME=/var/lib/postgresql bash "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file=$(mktemp)
  printf '%s' "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}" >"$password_file"
  initdb --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$password_file" \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password_file"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses=''" --wait start >/dev/null
  for script in /docker-entrypoint-initdb.d/*; do
    case "$script" in
      *.sh) bash "$script" ;;
      *.sql) psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -f "$script" ;;
    esac
  done
  pg_ctl --pgdata="$PGDATA" --mode=fast --wait stop >/dev/null
fi
if [ "${1:-postgres}" = postgres ]; then shift || true; exec postgres -c listen_addresses='*' "$@"; fi
exec "$@"
