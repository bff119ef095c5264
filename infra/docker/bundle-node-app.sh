#!/bin/sh
# The build step of the images (infra/docker/*.Dockerfile; CI builds them with podman:
# infra/containers/ci.sh): bundles <app>/src/main.ts and the workspace packages it
# imports into <out>/dist/main.js, copies <app>/migrations when there is one, and copies each
# <package> named after them into <out>/node_modules: packages that read their own files at run time
# (PGlite's WebAssembly, Swagger UI's assets), so they stay out of the bundle.
#
#   sh infra/docker/bundle-node-app.sh services/identity dist/image @electric-sql/pglite
set -eu
app=${1:-}
out=${2:-}
if [ -z "$app" ] || [ -z "$out" ]; then
  echo "usage: bundle-node-app.sh <app dir, e.g. services/identity> <out dir> [package kept as files...]" >&2
  echo "(for service.Dockerfile: --build-arg SERVICE=services/<name>)" >&2
  exit 2
fi
shift 2
cd "$(dirname "$0")/../.."
if [ ! -f "$app/src/main.ts" ]; then
  echo "bundle-node-app.sh: $app/src/main.ts does not exist" >&2
  exit 2
fi

rm -rf "$out"
mkdir -p "$out/dist"
# Packages with native code (sharp and its libvips build) cannot be bundled: they stay external and,
# when the bundle requires them, are copied with what they need (infra/docker/package-closure.cjs).
native_packages="sharp"
externals=""
for package in "$@" $native_packages; do externals="$externals --external:$package"; done
# shellcheck disable=SC2086 # $externals is a list of flags
node_modules/.bin/esbuild "$app/src/main.ts" --bundle --platform=node --target=node24 --format=cjs \
  --external:pg-native $externals --minify-syntax --sourcemap --log-level=warning \
  --outfile="$out/dist/main.js"
if [ -d "$app/migrations" ]; then cp -R "$app/migrations" "$out/migrations"; fi
for package in $native_packages; do
  if grep -q "require(\"$package\")" "$out/dist/main.js"; then
    # shellcheck disable=SC2046 # one package name a line
    set -- "$@" $(node infra/docker/package-closure.cjs "$package")
  fi
done
# A worker thread's entry (<name>.worker.mjs, started by path from __dirname) runs as a file, not from
# the bundle: it is copied beside main.js, and the packages it imports are kept as files.
for worker in $(find "$app/src" -name '*.worker.mjs'); do
  cp "$worker" "$out/dist/"
  for imported in $(sed -n "s/^import .* from '\([^.'][^']*\)';$/\1/p" "$worker" | grep -v '^node:' |
    sed 's#^\(@[^/]*/[^/]*\|[^/]*\).*#\1#' | sort -u); do
    # shellcheck disable=SC2046 # one package name a line
    set -- "$@" $(node infra/docker/package-closure.cjs "$imported")
  done
done
for package in "$@"; do
  if [ -e "$out/node_modules/$package" ]; then continue; fi
  mkdir -p "$out/node_modules/$(dirname "$package")"
  cp -R "node_modules/$package" "$out/node_modules/$package"
done
echo "bundled $app into $out: $(du -sh "$out" | cut -f1)"
