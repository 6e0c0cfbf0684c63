import { describe, expect, it } from 'vitest';
import { displayFromIsoDate, isoFromDisplayDate, maskDateInput } from './date-input';

describe('dates typed as DD/MM/YYYY, whatever the browser locale', () => {
  it('puts the slashes in as digits are typed', () => {
    expect(maskDateInput('0')).toBe('0');
    expect(maskDateInput('011')).toBe('01/1');
    expect(maskDateInput('01122026')).toBe('01/12/2026');
    expect(maskDateInput('01/12/2026 extra 9')).toBe('01/12/2026');
  });

  it('reads a day first: 01/12/2026 is the first of December', () => {
    expect(isoFromDisplayDate('01/12/2026')).toBe('2026-12-01');
    expect(isoFromDisplayDate('12/01/2026')).toBe('2026-01-12');
  });

  it('refuses what is not a real date', () => {
    for (const typed of ['', '01/12', '31/02/2026', '00/01/2026', '01/13/2026', '2026-12-01']) {
      expect(isoFromDisplayDate(typed), typed).toBeNull();
    }
  });

  it('shows an ISO date day first', () => {
    expect(displayFromIsoDate('2026-12-03')).toBe('03/12/2026');
    expect(displayFromIsoDate('')).toBe('');
  });
});
