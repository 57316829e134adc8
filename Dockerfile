# The gateway as an image (docs/operations/deploying.md). Two stages: the first installs every
# dependency and compiles the TypeScript to dist/ and the dashboard to dashboard/dist; the second
# keeps only what runs: the compiled code, the built dashboard and the production dependencies.
# Nothing secret is baked in: KEYRING, DATABASE_URL and the rest come from the environment.
#
#   docker build -t flightagg .
#   docker run --rm flightagg keyring generate          # a KEYRING for DATABASE_URL deployments
#   docker run -p 8080:8080 -v flightagg-data:/data flightagg   # embedded storage in the volume
# Node 24 LTS (Node 20 reached its end of life in April 2026); .ci/run runs the PostgreSQL + Redis
# test pass on Node 24 as well.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# `npm install`, not `npm ci`, as in .ci/run: the lockfile lists only the Linux builds of optional
# platform packages (rollup's), and `npm ci` refuses it for that. The locked versions are installed.
# Scripts are skipped here: the dashboard's postinstall build runs below, once its sources are in.
# The dashboard is an npm workspace: its package.json comes first so its build dependencies (React,
# Vite) install; they are development dependencies, so the prune below leaves them out of the image.
COPY package.json package-lock.json ./
COPY dashboard/package.json ./dashboard/package.json
RUN npm install --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The receivers' verifier (flightagg/webhooks): plain JavaScript the build type-checks against and
# the runtime image ships as is.
COPY packages ./packages
COPY dashboard ./dashboard
RUN npm run build && npm run dashboard:build && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# glibc's allocator, for the memory V8 frees after compiling PGlite's hot WebAssembly on background
# threads (bench/results/2026-11-26.md, "Memory of the embedded default"):
# - MALLOC_ARENA_MAX=1: one arena, not one per thread, each keeping memory an idle gateway never
#   uses again;
# - MALLOC_MMAP_THRESHOLD_=32768: the compiler's 32 KB zone segments are mapped on their own and
#   unmapped when freed, where the arena kept them (less RSS idle, no change in CPU per search).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=1 \
    MALLOC_MMAP_THRESHOLD_=32768
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/packages ./packages
COPY --from=build /app/dashboard/dist ./dashboard/dist
# Embedded storage (no DATABASE_URL) and its generated keyring live in the volume, owned by the
# unprivileged user the process runs as; the code stays root-owned and read-only to it.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Readiness, not liveness: the database, Redis and the keyring answer. Node's built-in fetch, so the
# slim image needs no curl. The start period covers migrations and the aviation data loading.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/v1/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (docs/operations/http.md, "Shutdown"): give the container a stop timeout above
# SHUTDOWN_READY_DELAY_MS + SHUTDOWN_GRACE_MS (5 s + 25 s), e.g. `docker stop -t 35` or compose's
# stop_grace_period.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "dist/cli.js"]
CMD ["serve"]
