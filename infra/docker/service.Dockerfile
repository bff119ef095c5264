# syntax=docker/dockerfile:1.7
# One image recipe for every service: `--build-arg SERVICE=services/<name>`. The build bundles the
# service and the workspace packages it imports into one file; the runtime stage holds that file,
# the service's migrations and PGlite (loaded with its WebAssembly files, so not bundled), and runs
# as the unprivileged `node` user. CI builds and runs every service's image with podman, from a
# clean clone (infra/containers/ci.sh, docs/adr/0121), so a broken image fails CI.
ARG NODE_IMAGE=node:24.21-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /repo
COPY . .
RUN --mount=type=cache,target=/root/.npm sh infra/docker/install-from-lock.sh

FROM deps AS build
ARG SERVICE
RUN sh infra/docker/bundle-node-app.sh "${SERVICE}" dist/image @electric-sql/pglite

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=build --chown=root:root /repo/dist/image/ /app/
USER node
EXPOSE 8080
# /ready: the database answers and the broker connection is up (see docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
