import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BILL_LAYOUTS, PAYABLE_TYPES } from '@councilpay/domain';

describe('docs/integration.md', () => {
  it("lists every layout's columns as the layouts define them", () => {
    const docs = readFileSync(join(__dirname, '../../../../docs/integration.md'), 'utf8');
    for (const type of PAYABLE_TYPES) {
      const section = docs.split(`### ${type}\n`)[1]?.split('\n\n')[0] ?? '';
      const documented = [...section.matchAll(/^\| `([a-z_]+)` \| (yes)? \|/gm)].map((m) => `${m[1]}:${m[2] ?? ''}`);
      expect(documented, type).toEqual(BILL_LAYOUTS[type].map((c) => `${c.name}:${c.required ? 'yes' : ''}`));
    }
  });
});
