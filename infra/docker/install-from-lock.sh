#!/bin/sh
# The one install of CI (.ci/run) and of the images (infra/docker/*.Dockerfile): node_modules exactly
# as package-lock.json pins it, or a failure. Why not `npm ci`, and why --ignore-scripts:
# docs/adr/0082-one-install-and-image-builds-checked-in-ci.md.
#
#   sh infra/docker/install-from-lock.sh
set -eu
cd "$(dirname "$0")/../.."

committed_lock=$(mktemp)
trap 'cp "$committed_lock" package-lock.json; rm -f "$committed_lock"' EXIT
cp package-lock.json "$committed_lock"

# --include=dev: the builds need the dev tools even where NODE_ENV=production.
# --omit-lockfile-registry-resolved: the lock names no registry, so any mirror installs the same lock.
npm install --no-audit --no-fund --ignore-scripts --include=dev --omit-lockfile-registry-resolved

# npm may have rewritten the lock; compare it and node_modules with the committed one (the trap then
# puts the committed lock back either way).
node_modules/.bin/tsx infra/docker/src/verify-install.ts "$committed_lock"
