import { describe, it, expect } from 'vitest';
import {
  BANK_DISPLAY_SWAPS,
  bankDisplayName,
  bankLabel,
  FPX_BANKS,
  formatBankList,
  parseBankList,
  sortBanksForDisplay,
} from './banks';

describe('FPX_BANKS', () => {
  it('has unique ids and names', () => {
    expect(new Set(FPX_BANKS.map((b) => b.id)).size).toBe(FPX_BANKS.length);
    expect(new Set(FPX_BANKS.map((b) => b.name)).size).toBe(FPX_BANKS.length);
    expect(FPX_BANKS).toHaveLength(20);
  });

  it('names the known ids', () => {
    expect(bankDisplayName('ABB0233')).toBe('Affin Bank');
    expect(bankDisplayName('PBB0233')).toBe('Public Bank');
    expect(bankDisplayName('MB2U0227')).toBe('Maybank2U');
    expect(bankDisplayName('MBB0228')).toBe('Maybank2E');
    expect(bankDisplayName('BCBB0235')).toBe('CIMB Clicks');
    expect(bankDisplayName('NEW0001')).toBe('NEW0001');
  });
});

describe('parseBankList', () => {
  it('parses ids and availability', () => {
    expect(parseBankList('ABB0233~A,MB2U0227~B')).toEqual([
      { id: 'ABB0233', name: 'Affin Bank', online: true },
      { id: 'MB2U0227', name: 'Maybank2U', online: false },
    ]);
  });

  it('keeps unknown ids as their own name', () => {
    expect(parseBankList('TEST0021~A')).toEqual([{ id: 'TEST0021', name: 'TEST0021', online: true }]);
  });

  it('skips malformed entries and repeated ids, tolerating spaces and lower case', () => {
    expect(parseBankList(' PBB0233~a , ,BAD,~A,X~C,Y~A~B,HLB0224~,RHB 0218~A,PBB0233~B,UOB0226~b,')).toEqual([
      { id: 'PBB0233', name: 'Public Bank', online: true },
      { id: 'UOB0226', name: 'UOB Bank', online: false },
    ]);
    expect(parseBankList('')).toEqual([]);
  });

  it('round-trips with formatBankList', () => {
    const banks = parseBankList('ABB0233~A,MB2U0227~B,TEST0021~A');
    expect(formatBankList(banks)).toBe('ABB0233~A,MB2U0227~B,TEST0021~A');
  });

  it('labels offline banks', () => {
    expect(bankLabel({ name: 'Maybank2U', online: false })).toBe('Maybank2U (Offline)');
    expect(bankLabel({ name: 'Maybank2U', online: true })).toBe('Maybank2U');
  });
});

describe('sortBanksForDisplay', () => {
  it('sorts by name, case-insensitively, then puts Maybank2U before Maybank2E', () => {
    const shuffled = [...FPX_BANKS].reverse();
    expect(sortBanksForDisplay(shuffled).map((b) => b.name)).toEqual([
      'Affin Bank',
      'AGRONet',
      'Alliance Bank (Personal)',
      'AmBank',
      'Bank Islam',
      'Bank Muamalat',
      'Bank Of China',
      'Bank Rakyat',
      'BSN',
      'CIMB Clicks',
      'Hong Leong Bank',
      'HSBC Bank',
      'KFH',
      'Maybank2U',
      'Maybank2E',
      'OCBC Bank',
      'Public Bank',
      'RHB Bank',
      'Standard Chartered',
      'UOB Bank',
    ]);
    expect(BANK_DISPLAY_SWAPS).toEqual([['MB2U0227', 'MBB0228']]);
  });

  it('keeps the items (with availability) and does not modify its input', () => {
    const list = parseBankList('MB2U0227~B,MBB0228~A,ZZZ01~A,ABB0233~A');
    const copy = [...list];
    const sorted = sortBanksForDisplay(list);
    expect(list).toEqual(copy);
    expect(sorted.map((b) => `${b.id}:${b.online}`)).toEqual([
      'ABB0233:true',
      'MB2U0227:false',
      'MBB0228:true',
      'ZZZ01:true',
    ]);
  });

  it('ignores a swap when either bank is missing or already in order, and takes custom swaps', () => {
    expect(sortBanksForDisplay(parseBankList('MBB0228~A,ABB0233~A')).map((b) => b.id)).toEqual(['ABB0233', 'MBB0228']);
    const custom = sortBanksForDisplay(parseBankList('ABB0233~A,UOB0226~A,HLB0224~A'), [['UOB0226', 'ABB0233']]);
    expect(custom.map((b) => b.id)).toEqual(['UOB0226', 'HLB0224', 'ABB0233']);
    expect(sortBanksForDisplay([])).toEqual([]);
  });
});
