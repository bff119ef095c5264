#!/bin/sh
# One database per service on the one PostgreSQL server (the postgres image runs this on the first
# start of an empty volume). Safe to run again by hand when a service is added:
#   docker compose exec postgres sh /docker-entrypoint-initdb.d/10-campus-databases.sh
# Each service creates its own schema and tables by migrating at start.
set -eu
for service in ${CAMPUS_SERVICES:?list the services, e.g. "identity library profile"}; do
  db="campus_${service}"
  if psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -tAc "select 1 from pg_database where datname = '${db}'" | grep -q 1; then
    echo "campus: database ${db} already exists"
  else
    psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -c "create database \"${db}\" owner \"${POSTGRES_USER}\""
    echo "campus: created database ${db}"
  fi
done
