#!/bin/sh
# The build step of infra/docker/web.Dockerfile (CI builds the images with podman:
# infra/containers/ci.sh): builds one frontend (the shell or a remote) and copies its
# files to <out>, the folder the image serves.
#
#   sh infra/docker/build-web-app.sh careers dist/site
set -eu
app=${1:-}
out=${2:-}
if [ -z "$app" ] || [ -z "$out" ]; then
  echo "usage: build-web-app.sh <shell | remote name> <out dir>   (for web.Dockerfile: --build-arg APP=...)" >&2
  exit 2
fi
cd "$(dirname "$0")/../.."
npm run --silent build:web -- --only "$app"
if [ "$app" = shell ]; then from=dist/web/shell; else from="dist/web/remotes/$app"; fi
rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -R "$from" "$out"
echo "built $app into $out: $(du -sh "$out" | cut -f1)"
