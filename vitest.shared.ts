import { resolve } from 'node:path';

/** Tests import the libs from source, so nothing needs building before `vitest`. */
export const workspaceAliases: Record<string, string> = Object.fromEntries(
  ['domain', 'fpx', 'documents', 'i18n', 'webhooks', 'testing'].map((lib) => [
    `@councilpay/${lib}`,
    resolve(__dirname, 'libs', lib, 'src', 'index.ts'),
  ]),
);

/**
 * Timeouts catch a hang, not slowness. CI shares two cores with other work (load averages above 20 were seen),
 * where a test that takes 50 ms idle can take seconds and one that takes 5 s can take a minute; speed is
 * measured by the benchmarks (`npm run bench`), never by a test's timeout.
 */
export const hangTimeouts = { testTimeout: 120_000, hookTimeout: 180_000 };
