# syntax=docker/dockerfile:1.7
# The gateway alone: the API routes, the API reference (from the swagger-ui-dist package it carries
# beside its bundle), and the frontends forwarded to their own containers (web.Dockerfile, ADR 0084);
# it holds no frontend. CI builds and runs this image with
# podman from a clean clone (infra/containers/ci.sh, docs/adr/0121).
ARG NODE_IMAGE=node:24.21-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /repo
COPY . .
RUN --mount=type=cache,target=/root/.npm sh infra/docker/install-from-lock.sh

FROM deps AS build
RUN sh infra/docker/bundle-node-app.sh gateway dist/image swagger-ui-dist

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=build --chown=root:root /repo/dist/image/ /app/
USER node
EXPOSE 8080
# Liveness of the gateway itself: /api/health answers (200 all ready, 503 degraded) when it runs.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.status<500||r.status===503?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
