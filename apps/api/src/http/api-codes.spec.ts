import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_ERROR_CODES, PAYMENT_EVENT_TYPES, STAFF_ACTIONS } from '@councilpay/domain';
import { describe, expect, it } from 'vitest';

/**
 * The API's codes come from libs/domain's lists, which the catalogues are tested against (libs/i18n
 * codes.spec.ts): a code written here but missing from its list would reach a screen with no words for it.
 */
const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

function literals(pattern: RegExp): Set<string> {
  const found = new Set<string>();
  for (const { text } of files) for (const match of text.matchAll(pattern)) found.add(match[1] ?? '');
  return found;
}

describe('codes the API sends are the ones libs/domain lists', () => {
  it('throws only listed error codes', () => {
    const thrown = literals(/new ApiError\(\s*[^,]+,\s*'([a-z_]+)'/g);
    const filter = readFileSync(join(SRC, 'http', 'api-exception.filter.ts'), 'utf8');
    for (const match of filter.matchAll(/^\s+\d{3}: '([a-z_]+)',$/gm)) thrown.add(match[1] ?? '');
    expect(thrown.size).toBeGreaterThan(40);
    expect([...thrown].filter((code) => !(API_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
    // The filter's own codes (`code: '...'` in its bodies) are listed too.
    const filterCodes = [...filter.matchAll(/code: '([a-z_]+)'/g)].map((m) => m[1] ?? '');
    expect(filterCodes.filter((code) => !(API_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('writes only listed payment event types to a timeline', () => {
    const written = new Set<string>();
    for (const { text } of files) {
      for (const match of text.matchAll(/paymentEvent\.create\(\{[\s\S]{0,300}?type: ([^,\n]+)/g)) {
        // The values written, not the ones compared (`kind === 'noop' ? 'answer_repeated' : ...`).
        for (const literal of (match[1] ?? '').matchAll(/(?<![=!]==\s*)'([a-z_]+)'/g)) written.add(literal[1] ?? '');
      }
      for (const match of text.matchAll(/ledger\.record\([^,]+,\s*'([a-z_]+)'/g)) written.add(match[1] ?? '');
    }
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((type) => !(PAYMENT_EVENT_TYPES as readonly string[]).includes(type))).toEqual([]);
  });

  it('records only listed staff actions', () => {
    const recorded = literals(/\baction: '([a-z_]+)'/g);
    expect([...recorded].filter((action) => !(STAFF_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });
});
