import { describe, expect, it } from 'vitest';
import { billsCouncil } from './TitleCouncil';

describe('the council the title bar names', () => {
  it('is the council of the bills being paid when they all belong to one', () => {
    expect(billsCouncil(['mps', 'mps'])).toBe('mps');
  });

  it('is none (the default council) for no bills or bills of several councils', () => {
    expect(billsCouncil([])).toBeNull();
    expect(billsCouncil(['mps', 'mdpg'])).toBeNull();
  });
});
