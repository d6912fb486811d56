# One image, three processes (docs/operations.md): the same image runs
#   web      node ops/web.mjs       (the default command: Next's standalone server with the kit's graceful stop)
#   worker   node --max-semi-space-size=2 ops/worker.mjs    (the job worker alone; the flag: lib/jobs/worker-heap.ts)
#   release  node ops/release.mjs   (the migrations, once per deploy; safe twice and at once)
# Multi-stage: dependencies and the build stay in the build stages; the runtime stage holds only the standalone
# output (no dev dependencies, no compiler) and runs as a non-root user. The Prisma clients use no native query
# engine (engineType "client"); the one native module, libSQL's, is installed in the same Debian (glibc) base as it
# runs on. At run time the app reaches only its database and the stores (and an OTLP endpoint, when set).
# Build: docker build -t magento-integration-kit .    Run them together: docker compose up (compose.yaml).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/client/package.json packages/client/package.json
COPY packages/devstore/package.json packages/devstore/package.json
COPY packages/storage/package.json packages/storage/package.json
COPY packages/handshake/package.json packages/handshake/package.json
COPY packages/sync/package.json packages/sync/package.json
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
# prebuild generates the Prisma clients, postbuild completes .next/standalone (scripts/build-standalone.mjs)
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000
WORKDIR /app
RUN groupadd --system --gid 1001 kit && useradd --system --uid 1001 --gid kit --no-create-home kit
COPY --from=build --chown=kit:kit /app/.next/standalone ./
USER kit
EXPOSE 3000
STOPSIGNAL SIGTERM
# liveness only: readiness (/api/health/ready) is for the load balancer, which stops sending traffic on a 503
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "ops/web.mjs"]
