#!/bin/bash
# CI's RabbitMQ image (rabbitmq.Containerfile): the default user from RABBITMQ_DEFAULT_USER /
# RABBITMQ_DEFAULT_PASS, as the official image takes them, then the command as the rabbitmq user.
set -euo pipefail
if [ "$(id -u)" = 0 ]; then
  if [ -n "${RABBITMQ_DEFAULT_USER:-}" ]; then
    printf 'default_user = %s\ndefault_pass = %s\nloopback_users = none\n' \
      "$RABBITMQ_DEFAULT_USER" "${RABBITMQ_DEFAULT_PASS:?set RABBITMQ_DEFAULT_PASS}" \
      >/etc/rabbitmq/conf.d/10-default-user.conf
  fi
  chown -R rabbitmq:rabbitmq /var/lib/rabbitmq /var/log/rabbitmq
  exec setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups env HOME=/var/lib/rabbitmq "$0" "$@"
fi
if [ "${1:-}" = rabbitmq-server ]; then shift; exec /usr/lib/rabbitmq/bin/rabbitmq-server "$@"; fi
exec "$@"
