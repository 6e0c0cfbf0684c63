import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

describe('starting the API with bad configuration', () => {
  it('prints one clear error naming DATABASE_URL and exits non-zero', () => {
    const result = spawnSync(
      process.execPath,
      [
        resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'),
        '--tsconfig',
        resolve(ROOT, 'apps/api/tsconfig.json'),
        resolve(ROOT, 'apps/api/src/main.ts'),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: 'postgres//oops@:5432', DEV_KEYS_DIR: inject('devKeysDir') },
        encoding: 'utf8',
        timeout: 180_000,
      },
    );
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as { level: string; msg: string; problems: string[] };
    expect(line.level).toBe('fatal');
    expect(line.problems).toEqual([expect.stringContaining('DATABASE_URL is malformed')]);
    expect(result.stdout).toBe('');
  });
});
