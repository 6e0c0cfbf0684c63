import { describe, expect, it } from 'vitest';
import { countLabel } from './counts';

describe('a status tab’s count', () => {
  it('is exact up to the cap, "10,000+" beyond it, and absent when not counted in time', () => {
    expect(countLabel(0, 10_000)).toBe('0');
    expect(countLabel(1_234, 10_000)).toBe('1,234');
    expect(countLabel(10_000, 10_000)).toBe('10,000');
    expect(countLabel(10_001, 10_000)).toBe('10,000+');
    expect(countLabel(null, 10_000)).toBe('');
  });
});
