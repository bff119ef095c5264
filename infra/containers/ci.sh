#!/bin/bash
# CI's production-image step (docs/adr/0121): make the base images here (Debian's packages, Node.js
# and npm from the npm registry), build every image docker-compose.yml builds with podman from the
# Dockerfiles, run the topology in containers and smoke-test it through the gateway on 127.0.0.1,
# then remove the containers, network and volumes. Prints how long each part took.
#
#   bash infra/containers/ci.sh            (root, podman with runc and cgroupfs: see docs/operations.md)
#   GATEWAY_TEST_PORT=18080 is the loopback port the gateway is published on.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
t0=$SECONDS

node_image=$(bash infra/containers/base-images.sh --data | tail -n1)
t1=$SECONDS
tsx infra/containers/src/build-images.ts --node-image "$node_image"
t2=$SECONDS
tsx infra/containers/src/topology.ts --port "${GATEWAY_TEST_PORT:-18080}" \
  --image postgres=localhost/campus/postgres:ci --image rabbitmq=localhost/campus/rabbitmq:ci
t3=$SECONDS
# Build layers no image uses any more (the previous run's), so the machine does not fill up.
podman image prune -f >/dev/null

printf '\nproduction images: base images %ss, builds %ss, topology and smoke test %ss, total %ss\n' \
  $((t1 - t0)) $((t2 - t1)) $((t3 - t2)) $((SECONDS - t0))
