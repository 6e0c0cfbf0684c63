/**
 * Makes sure the development keys exist and prints their folder (one line on stdout), so scripts and
 * the API can share them:
 *
 *   npx tsx apps/gateway-sim/src/dev-keys-cli.ts [dir]     (or node apps/gateway-sim/dist/dev-keys-cli.js)
 *
 * The folder is the argument, else DEV_KEYS_DIR, else `<repo root>/.dev-keys`. What was created is
 * reported on stderr. Exit code 1 on failure.
 */
import { defaultDevKeysDir, ensureDevKeys } from '@councilpay/fpx';

function main(argv: readonly string[]): number {
  const arg = argv[0];
  if (arg === '--help' || arg === '-h') {
    process.stdout.write('usage: dev-keys-cli [dir]  (default: $DEV_KEYS_DIR or <repo root>/.dev-keys)\n');
    return 0;
  }
  try {
    const paths = ensureDevKeys(arg ?? defaultDevKeysDir());
    if (paths.created.length > 0)
      process.stderr.write(`dev keys: created ${paths.created.join(', ')} in ${paths.dir}\n`);
    process.stdout.write(`${paths.dir}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`dev keys: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
