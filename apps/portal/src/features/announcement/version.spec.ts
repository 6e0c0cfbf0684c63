import { describe, expect, it } from 'vitest';
import { isUpdateRequired } from './version';

describe('isUpdateRequired', () => {
  it("is required when the configured version differs from the app's", () => {
    expect(isUpdateRequired('1.0.0', '1.1.0')).toBe(true);
    expect(isUpdateRequired('1.1.0', '1.0.0')).toBe(true);
  });

  it('is not required for the same version, however it is written', () => {
    expect(isUpdateRequired('1.0.0', '1.0.0')).toBe(false);
    expect(isUpdateRequired('1.0.0', ' v1.0.0 ')).toBe(false);
  });

  it('is not required when no version is configured', () => {
    expect(isUpdateRequired('1.0.0', '')).toBe(false);
    expect(isUpdateRequired('1.0.0', null)).toBe(false);
    expect(isUpdateRequired('1.0.0', undefined)).toBe(false);
  });
});
