# syntax=docker/dockerfile:1.7
# One image recipe for every service: `--build-arg SERVICE=services/<name>`. The build bundles the
# service and the workspace packages it imports into one file; the runtime stage holds that file,
# the service's migrations and PGlite (loaded with its WebAssembly files, so not bundled), and runs
# as the unprivileged `node` user.
ARG NODE_IMAGE=node:20.19-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /repo
COPY . .
RUN npm ci --no-audit --no-fund --ignore-scripts

FROM deps AS build
ARG SERVICE
RUN test -n "${SERVICE}" || (echo "build with --build-arg SERVICE=services/<name>" && exit 1)
RUN node_modules/.bin/esbuild "${SERVICE}/src/main.ts" --bundle --platform=node --target=node20 --format=cjs \
      --external:@electric-sql/pglite --external:pg-native --minify-syntax --sourcemap \
      --outfile=/out/dist/main.js \
 && cp -r "${SERVICE}/migrations" /out/migrations \
 && mkdir -p /out/node_modules/@electric-sql \
 && cp -r node_modules/@electric-sql/pglite /out/node_modules/@electric-sql/pglite

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=build --chown=root:root /out/ /app/
USER node
EXPOSE 8080
# /ready: the database answers and the broker connection is up (see docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
