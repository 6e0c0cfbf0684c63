import { describe, expect, it } from 'vitest';
import { billsCouncil, COUNCIL_CODES, portalEntry, portalPath, receiptPath } from './councils';

describe('the council the title bar names', () => {
  it('is the council of the bills being paid when they all belong to one', () => {
    expect(billsCouncil(['mps', 'mps'])).toBe('mps');
  });

  it('is none (the default council) for no bills or bills of several councils', () => {
    expect(billsCouncil([])).toBeNull();
    expect(billsCouncil(['mps', 'mdpg'])).toBeNull();
  });
});

describe("a council's own portal address", () => {
  it.each([
    ['/', null],
    ['/index.html', null],
    ['/mps', 'mps'],
    ['/mps/', 'mps'],
    ['/mdktn', 'mdktn'],
  ])('%s opens the portal under %s', (path, council) => {
    expect(portalEntry(path)).toEqual({ council });
  });

  it.each(['/MPS', '/mpsx', '/mps/cart', '/console', '/api', '//mps', '/mps?x', '/m%70s'])(
    '%s is no portal address',
    (path) => {
      expect(portalEntry(path)).toBeNull();
    },
  );

  it('every council has one, and it leads back to the same council', () => {
    for (const code of COUNCIL_CODES) expect(portalEntry(portalPath(code))).toEqual({ council: code });
    expect(portalPath(null)).toBe('/');
    expect(portalPath('nosuch')).toBe('/');
  });
});

describe("a payment's receipt page", () => {
  it("is at its bills' council's own address when they are one council's, else at the portal's", () => {
    expect(receiptPath('CP-1 2', ['mps', 'mps'])).toBe('/mps#/receipt?reference=CP-1%202');
    expect(receiptPath('CP-1', ['mps', 'mdpg'])).toBe('/#/receipt?reference=CP-1');
    expect(receiptPath('CP-1', [])).toBe('/#/receipt?reference=CP-1');
  });
});
