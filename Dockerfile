# syntax=docker/dockerfile:1
# The API for users with Docker: Node 24 LTS (the same release .ci/run tests on, see
# scripts/ci/node24.sh), production dependencies only, run from source with tsx as a
# non-root user. Elasticsearch and Postgres come from docker-compose.yml or from
# DATABASE_URL / ELASTICSEARCH_URL. Debian bookworm, like the machines CI runs on.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Dependencies in a stage of their own: npm's cache and the install scripts' leftovers stay
# out of the final image, and the layer is rebuilt only when the lockfile changes.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    NYC_API_CACHE_DIR=/var/lib/nyc-records-api
WORKDIR /app
# Owned by root and read-only to the service user: the code cannot be rewritten at run time.
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY src ./src
COPY ingest ./ingest
COPY scripts ./scripts
COPY fixtures ./fixtures
COPY index-mappings ./index-mappings
COPY web ./web
# The /console and /docs bundles (esbuild, a production dependency), built here: /app is read-only at run time.
RUN node_modules/.bin/tsx scripts/console/build.ts
# The one writable place: a local (non-production) run keeps its generated secrets here.
RUN mkdir -p /var/lib/nyc-records-api \
 && chown 1000:1000 /var/lib/nyc-records-api
# The official image's `node` user, by number so a runtime can check it is not root.
USER 1000:1000
EXPOSE 8080
# /readyz answers 200 only while both stores answer; the slim image has no curl, Node has fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm run serve` without npm in between: tsx hands SIGTERM to the server, which drains.
# Run the worker beside it from the same image: `node_modules/.bin/tsx scripts/worker.ts`.
# NODE_ENV=production needs CURSOR_SECRET and DEVICE_ID_SALT (see README, Configuration).
CMD ["node_modules/.bin/tsx", "src/server.ts"]
