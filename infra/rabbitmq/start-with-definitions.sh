#!/bin/sh
# Starts RabbitMQ as the image does, then imports definitions.json (idempotent) once the node is
# up. Importing after boot instead of `load_definitions` keeps the default user from the
# environment: a boot-time import skips creating it, and a user in the file would be a secret here.
set -eu
docker-entrypoint.sh rabbitmq-server &
server=$!
trap 'kill -TERM "$server" 2>/dev/null; wait "$server"; exit 0' TERM INT
# await_startup fails at once while the node has not registered with epmd yet: wait until it answers.
for _ in $(seq 120); do
  rabbitmq-diagnostics --quiet ping >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || exit 1
  sleep 1
done
rabbitmqctl --quiet await_startup --timeout 120
rabbitmqctl --quiet import_definitions /etc/rabbitmq/definitions.json
echo "campus: topology from /etc/rabbitmq/definitions.json imported"
wait "$server"
