// Lint rules for the whole workspace. Project boundaries are enforced by Nx tags (see each package.json, and
// libs/testing's project.json): apps may import libs, libs may import libs, libs/domain imports no other project,
// nothing imports an app; the browser apps use only domain and i18n, the simulator fpx and domain, fpx domain,
// documents domain and i18n; libs/testing (helpers the API's tests and the browser tests share) no other project.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The API's floors (apps/api/src), lowest first. A file may import its own floor and the floors below it, never
// one above: what a lower floor needs moves down (a pure rule to libs/domain), never the import up. What each
// floor holds and why: docs/architecture.md ("Inside the API") and docs/decisions/0020-the-api-in-floors.md.
const API_FLOORS = [
  {
    name: 'the kernel',
    folders: [
      'config',
      'generated',
      'types',
      'prisma',
      'redis',
      'logging',
      'metrics',
      'http',
      'queues',
      'outbox',
      'background',
      'rate-limit',
      'secrets',
    ],
    files: [],
  },
  { name: 'the core', folders: ['auth', 'audit', 'councils', 'banks', 'configuration'], files: [] },
  {
    name: 'the capabilities',
    folders: [
      'identity',
      'payments',
      'money',
      'bills',
      'requery',
      'notifications',
      'documents',
      'webhooks',
      'council-api',
      'search',
      'health',
      'maintenance',
    ],
    files: [],
  },
  { name: 'the console', folders: ['admin'], files: [] },
  {
    name: 'the entry points',
    folders: [],
    files: ['app.module', 'worker.module', 'bootstrap', 'main', 'worker', 'reseal-secrets'],
  },
];

// Every folder and file of apps/api/src is on a floor: a new one is placed before it is linted.
const apiSrc = new URL('./apps/api/src/', import.meta.url);
const placed = new Set(API_FLOORS.flatMap((floor) => [...floor.folders, ...floor.files.map((file) => `${file}.ts`)]));
const unplaced = readdirSync(apiSrc).filter((entry) => !placed.has(entry));
if (unplaced.length)
  throw new Error(`eslint.config.mjs: put apps/api/src/${unplaced.join(', ')} on a floor (API_FLOORS)`);

const apiFloorRules = API_FLOORS.slice(0, -1).flatMap((floor, level) => {
  const above = API_FLOORS.slice(level + 1).flatMap((higher) => [
    ...higher.folders.map((folder) => ({ floor: higher.name, name: `${folder}/`, regex: `${folder}(/|$)` })),
    ...higher.files.map((file) => ({ floor: higher.name, name: `${file}.ts`, regex: `${file.replace('.', '\\.')}$` })),
  ]);
  return floor.folders.map((folder) => ({
    files: [`apps/api/src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // A relative import that climbs out of its folder into a higher floor's folder or file.
          patterns: above.map((target) => ({
            regex: `^(\\.\\./)+${target.regex}`,
            message:
              `${folder}/ is on ${floor.name} floor and ${target.name} on ${target.floor} floor, above it: a floor ` +
              `imports only itself and the floors below. Move what ${folder}/ needs down (to ${floor.name} floor or ` +
              `lower; a pure rule to libs/domain) and import it from there.`,
          })),
        },
      ],
    },
  }));
});

/** Which library each project may import, by tag (apps and libs in floors; no arrow back up). */
const DEP_CONSTRAINTS = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:i18n', onlyDependOnLibsWithTags: ['scope:domain'] },
  { sourceTag: 'scope:fpx', onlyDependOnLibsWithTags: ['scope:domain'] },
  { sourceTag: 'scope:webhooks', onlyDependOnLibsWithTags: ['scope:domain'] },
  { sourceTag: 'scope:documents', onlyDependOnLibsWithTags: ['scope:domain', 'scope:i18n'] },
  { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: [] },
  // Browser apps: never fpx (it signs with Node's crypto and holds the gateway's rules) nor documents.
  { sourceTag: 'scope:portal', onlyDependOnLibsWithTags: ['scope:domain', 'scope:i18n'] },
  { sourceTag: 'scope:console', onlyDependOnLibsWithTags: ['scope:domain', 'scope:i18n'] },
  { sourceTag: 'scope:gateway-sim', onlyDependOnLibsWithTags: ['scope:domain', 'scope:fpx'] },
  { sourceTag: 'scope:council-sim', onlyDependOnLibsWithTags: ['scope:domain', 'scope:webhooks'] },
];

const moduleBoundaries = (depConstraints) => ({ enforceBuildableLibDependency: false, allow: [], depConstraints });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.nx/**',
      'apps/api/src/generated/**',
      'test-results/**',
      'playwright-report/**',
      '.test-results/**',
      'prisma/unref-timers.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries(DEP_CONSTRAINTS)],
    },
  },
  {
    // A library's own tests may read its output with the test helpers (libs/testing: PDF text and pixels).
    files: ['libs/*/src/**/*.spec.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        moduleBoundaries(
          DEP_CONSTRAINTS.map((c) =>
            c.sourceTag.startsWith('scope:') && c.sourceTag !== 'scope:testing'
              ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'scope:testing'] }
              : c,
          ),
        ),
      ],
    },
  },
  {
    // Tooling, not product code: test and build configs share vitest.shared.ts and tools/, the seed uses the
    // API's generated Prisma client (it lives in apps/api so the API's own build compiles it), and the
    // deployment checks hand each container's environment to the API's and the simulator's own validators, and
    // the benchmark signs the gateway's answers with libs/fpx, as the gateway would; the portal's and the
    // console's end-to-end tests share tools/e2e-axe.ts.
    files: [
      'apps/*/e2e/**/*.ts',
      '**/vitest.config.ts',
      '**/vite.config.ts',
      'prisma/**/*.ts',
      'playwright.config.ts',
      'deploy/**/*.ts',
      'scripts/bench.mjs',
      // The demo's payments out, end to end in-process: the API with the council simulator and npm start's setup.
      'apps/api/test/council-sim.spec.ts',
      // Staff's TOTP codes: the test helpers and the scripts a test runs share which time steps were sent.
      'apps/api/test/identity-helpers.ts',
      'apps/api/test/second-factor.spec.ts',
    ],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['apps/api/src/**/*.ts', 'apps/gateway-sim/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  ...apiFloorRules,
  {
    files: ['apps/portal/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The portal's shared code (api client, i18n, layout parts, routing, ui) is used by every feature and never
    // reaches into one: what needs features (the app shell, the top bar, the cart button) lives in src/app/.
    files: ['apps/portal/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'shared/ never imports a feature or the app shell; move the code to src/app/ or the feature.',
            },
          ],
        },
      ],
    },
  },
  ...portalFeatureWalls(),
  prettier,
);

/**
 * The portal's features never import one another: what two features share lives in src/shared/, and what puts
 * features together is src/app/ or the routes. One block per feature and folder depth, since an import names
 * another feature by going up to src/features/ (`../cart/…` from a feature's top folder, `../../cart/…` one
 * folder down) or further up and back in (`../../features/cart/…`).
 */
function portalFeatureWalls() {
  const root = 'apps/portal/src/features';
  const features = readdirSync(new URL(`./${root}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const message = 'a feature never imports another: move what both need to src/shared/, or compose them in src/app/.';
  return features.flatMap((feature) =>
    [1, 2, 3, 4].map((depth) => {
      const other = [`^(\\.\\./){${depth}}(?!${feature}/)[^./]`, `^(\\.\\./){${depth + 1}}features/(?!${feature}/)`];
      return {
        files: [`${root}/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': ['error', { patterns: other.map((regex) => ({ regex, message })) }],
          // import('…') of a lazily loaded part is an import too.
          'no-restricted-syntax': [
            'error',
            ...other.map((regex) => ({
              selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
              message,
            })),
          ],
        },
      };
    }),
  );
}
