import { describe, expect, it } from 'vitest';
import { councilTakes, isLicenceType, PAYABLE_TYPES, payableTypesOf, type PayableType } from './payable-types';

const STANDARD = PAYABLE_TYPES.filter((t) => t !== 'market_bill');

describe('councilTakes and payableTypesOf: a type is offered only where the council takes it', () => {
  it.each<[string, readonly string[], PayableType, boolean]>([
    ['a council with a market, market bills', PAYABLE_TYPES, 'market_bill', true],
    ['a council without one, market bills', STANDARD, 'market_bill', false],
    ['a council without one, assessments', STANDARD, 'assessment', true],
    ['a council taking compounds only, tenancy', ['compound'], 'tenancy', false],
    ['a council taking nothing online', [], 'assessment', false],
  ])('%s → %s', (_what, payableTypes, type, taken) => {
    expect(councilTakes({ payableTypes }, type)).toBe(taken);
  });

  it("lists a council's types in the portal's order, and nothing it does not take", () => {
    expect(payableTypesOf({ payableTypes: ['tenancy', 'assessment', 'unknown'] })).toEqual(['assessment', 'tenancy']);
    expect(payableTypesOf({ payableTypes: STANDARD })).not.toContain('market_bill');
    expect(payableTypesOf({ payableTypes: PAYABLE_TYPES })).toEqual([...PAYABLE_TYPES]);
  });
});

describe('isLicenceType', () => {
  it.each(PAYABLE_TYPES.map((t) => [t, t === 'trading_license' || t === 'council_permit_license'] as const))(
    '%s → %s',
    (type, licence) => {
      expect(isLicenceType(type)).toBe(licence);
    },
  );
});
