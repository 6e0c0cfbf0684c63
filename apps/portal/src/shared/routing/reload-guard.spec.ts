import { RELOAD_GUARD_MS } from '../constants';
import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload } from './reload-guard';

describe('reload guard', () => {
  it('recognises failed chunk loads from the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const now = 1_000_000;
    expect(mayReload(null, now)).toBe(true);
    expect(mayReload(now - RELOAD_GUARD_MS + 1, now)).toBe(false);
    expect(mayReload(now - RELOAD_GUARD_MS, now)).toBe(true);
  });

  it('does not trust a reload time in the future or unreadable', () => {
    expect(mayReload(2_000_000, 1_000_000)).toBe(true);
    expect(mayReload(Number.NaN, 1_000_000)).toBe(true);
  });
});
