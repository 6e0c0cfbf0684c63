import { describe, expect, it } from 'vitest';
import {
  WITHDRAWN_STATUS,
  billKey,
  changedBillFields,
  isBillWithdrawn,
  mergedBillDetails,
  planBillStatement,
  planBillWithdrawal,
  type LedgerBill,
} from './changes';
import type { BillRecord } from './layouts';

const INCOMING: BillRecord = {
  councilCode: 'mdpg',
  type: 'tenancy',
  accountNo: 'gr12',
  displayNo: 'GR 12',
  planType: '',
  ownerName: 'ROSNAH BINTI MUSA',
  ownerIdNo: '850211125678',
  address: null,
  balanceSen: 45_000,
  minimumPaymentSen: 15_000,
  paidUntilYear: null,
  paidUntilMonth: null,
  details: { premise: 'Gerai No. 12', monthlyRentSen: 15_000, arrearsMonths: 3 },
  licence: null,
  parentAccountNo: null,
};

/** The ledger's copy of INCOMING: details from JSON in another key order, plus a key the layouts do not carry. */
const LEDGER: LedgerBill = {
  ...INCOMING,
  details: { arrearsMonths: 3, monthlyRentSen: 15_000, premise: 'Gerai No. 12', note: 'kept' },
  status: 'active',
  paymentAtBank: false,
};

describe('bill change rules', () => {
  it('identifies a bill by type, plan type and normalised account', () => {
    expect(billKey(INCOMING)).toBe('tenancy||gr12');
    expect(billKey({ type: 'engineering', planType: 'LAND', accountNo: 'X' })).not.toBe(
      billKey({ type: 'engineering', planType: 'BUILDING', accountNo: 'X' }),
    );
  });

  it('a bill not in the ledger is new', () => {
    expect(planBillStatement(null, INCOMING, 'none')).toEqual({ outcome: 'new', balanceSen: 45_000 });
  });

  it('the same statement again changes nothing, whatever order the stored details are in', () => {
    expect(planBillStatement(LEDGER, INCOMING, 'none')).toEqual({ outcome: 'unchanged' });
  });

  it('a changed balance or detail is a change, old and new balance reported', () => {
    const incoming = { ...INCOMING, balanceSen: 30_000, details: { ...INCOMING.details, arrearsMonths: 2 } };
    expect(planBillStatement(LEDGER, incoming, 'none')).toEqual({
      outcome: 'changed',
      fields: ['balanceSen', 'details.arrearsMonths'],
      balanceBeforeSen: 45_000,
      balanceAfterSen: 30_000,
      reinstated: false,
    });
    expect(changedBillFields(LEDGER, { ...INCOMING, address: 'Donggongon' })).toEqual(['address']);
  });

  it('keeps the details the layouts do not carry when a bill changes', () => {
    expect(mergedBillDetails(LEDGER, { ...INCOMING, details: { ...INCOMING.details, arrearsMonths: 2 } })).toEqual({
      arrearsMonths: 2,
      monthlyRentSen: 15_000,
      premise: 'Gerai No. 12',
      note: 'kept',
    });
    expect(mergedBillDetails(null, INCOMING)).toEqual(INCOMING.details);
  });

  it('a bill with a payment at the bank may change its amounts (the payment keeps its price) but not its licence', () => {
    const atBank = { ...LEDGER, paymentAtBank: true };
    expect(planBillStatement(atBank, { ...INCOMING, balanceSen: 1 }, 'none')).toMatchObject({ outcome: 'changed' });
    expect(planBillStatement(atBank, { ...INCOMING, parentAccountNo: 'gr1' }, 'licence')).toEqual({
      outcome: 'refused',
      code: 'payment_at_bank',
    });
  });

  it('a withdrawn bill stated again comes back, even unchanged', () => {
    expect(planBillStatement({ ...LEDGER, status: WITHDRAWN_STATUS }, INCOMING, 'none')).toEqual({
      outcome: 'changed',
      fields: [],
      balanceBeforeSen: 45_000,
      balanceAfterSen: 45_000,
      reinstated: true,
    });
  });

  it('refuses a dependent item whose licence is missing or is itself a dependent', () => {
    expect(planBillStatement(null, INCOMING, 'missing')).toEqual({ outcome: 'refused', code: 'parent_missing' });
    expect(planBillStatement(LEDGER, INCOMING, 'dependent')).toEqual({
      outcome: 'refused',
      code: 'parent_is_dependent',
    });
  });

  it('withdraws a bill once, never while a payment for it is at the bank', () => {
    expect(planBillWithdrawal(LEDGER)).toEqual({ outcome: 'withdrawn', balanceBeforeSen: 45_000 });
    expect(planBillWithdrawal({ ...LEDGER, paymentAtBank: true })).toEqual({
      outcome: 'refused',
      code: 'payment_at_bank',
    });
    expect(planBillWithdrawal({ ...LEDGER, status: WITHDRAWN_STATUS })).toEqual({ outcome: 'unchanged' });
    expect([isBillWithdrawn(LEDGER), isBillWithdrawn({ status: WITHDRAWN_STATUS })]).toEqual([false, true]);
  });
});
