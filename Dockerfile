# One image build for every process. No Docker engine runs on our machines: `npm test` (deploy/test) checks
# that docker-compose.yml and the Kubernetes manifests use these targets, their users and their files.
# Targets: `server` (API, worker and migrations: dist/main.js, dist/worker.js, scripts/prisma.mjs, the seed;
# it also serves the built portal and console when PORTAL_DIST/CONSOLE_DIST are set), `gateway-sim` (demo
# only), `web` (nginx: portal, console, /api proxied).

FROM node:20-bookworm-slim AS build
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

FROM node:20-bookworm-slim AS server
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# Mount point of the demo keys volume, owned by the user the processes run as (a new volume takes its owner).
RUN install -d -o node -g node /keys
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]

FROM node:20-bookworm-slim AS gateway-sim
WORKDIR /app
COPY --from=build /app /app
# The simulator writes the development keys (private ones mode 0600) that the API reads: same user, node.
RUN install -d -o node -g node /keys
USER node
EXPOSE 3100
CMD ["sh", "-c", "node apps/gateway-sim/dist/dev-keys-cli.js && node apps/gateway-sim/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY --from=build /app/apps/portal/dist /usr/share/nginx/html
COPY --from=build /app/apps/console/dist /usr/share/nginx/html/console
COPY apps/portal/nginx.conf /etc/nginx/conf.d/default.conf
