# One Dockerfile for every process. No Docker engine runs on our machines: `npm test` (deploy/test) checks
# that docker-compose.yml and the Kubernetes manifests use these targets, their users and the files each holds.
# Targets:
# - `server`: API and worker (apps/api/dist/main.js, dist/worker.js) and the migration gate their pods wait on
#   (scripts/migration-gate.mjs); production dependencies only; it also serves the built portal and console
#   when PORTAL_DIST/CONSOLE_DIST are set.
# - `migrate`: the migration Job and the seed (the Prisma CLI and tsx are development dependencies, so they
#   live here and not in `server`).
# - `gateway-sim` (demo only), `web` (nginx: portal, console, /api proxied).
# Base images are pinned by digest (the tag is for the reader): a rebuild of the same commit gets the same
# Node. To move to a newer patch release: `docker buildx imagetools inspect node:22-bookworm-slim`, and
# replace every digest below with the one it prints (the deploy tests insist on a digest and on Node 22).

FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS build
WORKDIR /app
# Manifests first, so the dependency layer is cached until a package.json or the lockfile changes.
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/portal/package.json apps/portal/
COPY apps/console/package.json apps/console/
COPY apps/gateway-sim/package.json apps/gateway-sim/
COPY apps/council-sim/package.json apps/council-sim/
COPY libs/domain/package.json libs/domain/
COPY libs/fpx/package.json libs/fpx/
COPY libs/documents/package.json libs/documents/
COPY libs/i18n/package.json libs/i18n/
COPY libs/webhooks/package.json libs/webhooks/
RUN npm install --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false NX_NO_CLOUD=true node_modules/.bin/nx run-many -t build --output-style=stream

# Production dependencies only (no compilers, test tools, Prisma CLI or type packages): what `server` runs on.
FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/portal/package.json apps/portal/
COPY apps/console/package.json apps/console/
COPY apps/gateway-sim/package.json apps/gateway-sim/
COPY apps/council-sim/package.json apps/council-sim/
COPY libs/domain/package.json libs/domain/
COPY libs/fpx/package.json libs/fpx/
COPY libs/documents/package.json libs/documents/
COPY libs/i18n/package.json libs/i18n/
COPY libs/webhooks/package.json libs/webhooks/
RUN npm install --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS server
WORKDIR /app
ENV NODE_ENV=production
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /app/package.json package.json
# The workspaces' manifests and builds (node_modules/@councilpay/* link to these folders).
COPY --from=build /app/apps/api/package.json apps/api/package.json
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/portal/dist apps/portal/dist
COPY --from=build /app/apps/console/dist apps/console/dist
COPY --from=build /app/libs/domain/package.json libs/domain/package.json
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/libs/fpx/package.json libs/fpx/package.json
COPY --from=build /app/libs/fpx/dist libs/fpx/dist
COPY --from=build /app/libs/documents/package.json libs/documents/package.json
COPY --from=build /app/libs/documents/dist libs/documents/dist
COPY --from=build /app/libs/i18n/package.json libs/i18n/package.json
COPY --from=build /app/libs/i18n/dist libs/i18n/dist
COPY --from=build /app/libs/webhooks/package.json libs/webhooks/package.json
COPY --from=build /app/libs/webhooks/dist libs/webhooks/dist
# What an init container needs to tell whether this version may run on the database.
COPY --from=build /app/scripts/migration-gate.mjs scripts/migration-gate.mjs
COPY --from=build /app/prisma/migrations prisma/migrations
# Mount point of the demo keys volume, owned by the user the processes run as (a new volume takes its owner).
RUN install -d -o node -g node /keys
USER node
EXPOSE 3000
CMD ["node", "--max-old-space-size=256", "apps/api/dist/main.js"]

# Migrations and the seed: the workspace with its development dependencies, run once per release by a Job.
FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS migrate
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
CMD ["sh", "-c", "node scripts/prisma.mjs migrate deploy && node_modules/.bin/tsx prisma/seed/index.ts --reference"]

FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS gateway-sim
WORKDIR /app
COPY --from=build /app /app
# The simulator writes the development keys (private ones mode 0600) that the API reads: same user, node.
RUN install -d -o node -g node /keys
USER node
EXPOSE 3100
CMD ["sh", "-c", "node apps/gateway-sim/dist/dev-keys-cli.js && node apps/gateway-sim/dist/main.js"]

FROM nginx:1.27-alpine@sha256:65645c7bb6a0661892a8b03b89d0743208a18dd2f3f17a54ef4b76fb8e2f2a10 AS web
COPY --from=build /app/apps/portal/dist /usr/share/nginx/html
COPY --from=build /app/apps/console/dist /usr/share/nginx/html/console
COPY apps/portal/nginx.conf /etc/nginx/conf.d/default.conf
