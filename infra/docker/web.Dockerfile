# syntax=docker/dockerfile:1.7
# One image recipe for every frontend: `--build-arg APP=shell` or `APP=<remote>` (ADR 0084). The
# build stage builds that one app (`npm run build:web -- --only`), precompressed; the runtime stage
# holds its files and a small static server (packages/static-web) that serves them with immutable
# caching for hashed files and `no-cache` for index.html, remotes.json, mf-manifest.json and
# remoteEntry.js. The gateway forwards /remotes/<name>/ to a remote's container, other pages to the
# shell's. CI builds and runs each frontend's image with podman (infra/containers/ci.sh).
ARG NODE_IMAGE=node:24.21-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /repo
COPY . .
RUN --mount=type=cache,target=/root/.npm sh infra/docker/install-from-lock.sh

FROM deps AS web
ARG APP
RUN sh infra/docker/build-web-app.sh "${APP}" dist/site

FROM deps AS server
RUN sh infra/docker/bundle-node-app.sh packages/static-web dist/image

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_DIR=/app/site
WORKDIR /app
COPY --from=server --chown=root:root /repo/dist/image/ /app/
COPY --from=web --chown=root:root /repo/dist/site/ /app/site/
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
