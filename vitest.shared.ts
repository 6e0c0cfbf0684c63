import { resolve } from 'node:path';

/** Tests import the libs from source, so nothing needs building before `vitest`. */
export const workspaceAliases: Record<string, string> = Object.fromEntries(
  ['domain', 'fpx', 'documents', 'i18n'].map((lib) => [
    `@councilpay/${lib}`,
    resolve(__dirname, 'libs', lib, 'src', 'index.ts'),
  ]),
);
