import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_SEN } from '../payable-rules';
import { amountCell, choiceCell, dateCell, integerCell, textCell, yesNoCell, type CellValue } from './cells';

const value = (result: { ok: boolean; value?: unknown; code?: string }) => (result.ok ? result.value : result.code);

describe('amountCell: RM to integer sen', () => {
  const amount = amountCell();
  const credit = amountCell({ allowNegative: true });

  it.each<[CellValue, unknown]>([
    ['12', 1200],
    ['12.3', 1230],
    ['12.30', 1230],
    [' 0.05 ', 5],
    ['RM 1234.50', 123_450],
    ['0', 0],
    ['-0.00', 0],
    [12.5, 1250],
    [0, 0],
    ['', null],
    [null, null],
    ['21474836.47', MAX_AMOUNT_SEN],
  ])('reads %j as %j', (cell, sen) => {
    expect(value(amount(cell))).toBe(sen);
  });

  it.each<[CellValue, string]>([
    ['12.345', 'amount_too_precise'],
    ['-0.005', 'amount_too_precise'],
    [0.1 + 0.2, 'amount_too_precise'],
    ['1,234.50', 'amount_thousands_separator'],
    ['1,234', 'amount_thousands_separator'],
    ['12,50', 'amount_invalid'],
    ['-25.00', 'amount_negative'],
    ['21474836.48', 'amount_too_large'],
    ['99999999999999999999', 'amount_too_large'],
    [1e21, 'amount_invalid'],
    [Number.NaN, 'amount_invalid'],
    ['12.', 'amount_invalid'],
    ['.5', 'amount_invalid'],
    ['1 234', 'amount_invalid'],
    ['abc', 'amount_invalid'],
    [true, 'amount_invalid'],
    [new Date('2026-01-01'), 'amount_invalid'],
    ['=SUM(A1:A3)', 'formula'],
    [{ formula: 'SUM(A1:A3)' }, 'formula'],
  ])('refuses %j (%s)', (cell, code) => {
    expect(value(amount(cell))).toBe(code);
  });

  it('reads a credit where the column allows one', () => {
    expect(value(credit('-25.00'))).toBe(-2500);
    expect(value(credit(-0.5))).toBe(-50);
  });

  it('reads every amount of sen written with two decimals back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_SEN, max: MAX_AMOUNT_SEN }), (sen) => {
        const magnitude = Math.abs(sen);
        const written = `${sen < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
        expect(value(credit(written))).toBe(sen);
      }),
    );
  });
});

describe('textCell', () => {
  const name = textCell(10);

  it('trims and keeps the text', () => {
    expect(value(name('  LIM AH KOW '))).toBe('LIM AH KOW');
    expect(value(name(1234))).toBe('1234');
    expect(value(name('   '))).toBe(null);
  });

  it.each<[CellValue, string]>([
    ['=HYPERLINK("x")', 'formula'],
    ['+60123', 'formula'],
    ['-1+2', 'formula'],
    ['@SUM(A1)', 'formula'],
    [{ formula: 'A1' }, 'formula'],
    ['LIM\tAH', 'text_invalid'],
    ['LIM\nAH', 'text_invalid'],
    ['ABCDEFGHIJK', 'text_too_long'],
  ])('refuses %j (%s)', (cell, code) => {
    expect(value(name(cell))).toBe(code);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(value(name('陈'.repeat(10)))).toBe('陈'.repeat(10));
  });
});

describe('dateCell', () => {
  const date = dateCell();

  it('reads YYYY-MM-DD and XLSX date cells as the calendar day', () => {
    expect(value(date('2026-10-02'))).toBe('2026-10-02');
    expect(value(date(new Date(Date.UTC(2026, 9, 2))))).toBe('2026-10-02');
    expect(value(date(''))).toBe(null);
  });

  it("refuses Excel's day serials: the workbook's date system decides what they mean", () => {
    expect(value(date(46297))).toBe('date_excel_serial');
    expect(value(date('46297'))).toBe('date_excel_serial');
  });

  it.each(['2026-02-30', '02/10/2026', '2026-1-2', '1899-12-31', 'tomorrow'])('refuses %s', (cell) => {
    expect(value(date(cell))).toBe('date_invalid');
  });
});

describe('integerCell, choiceCell, yesNoCell', () => {
  it('reads whole numbers within the range only', () => {
    const month = integerCell(1, 12);
    expect(value(month('12'))).toBe(12);
    expect(value(month(3))).toBe(3);
    expect(value(month('13'))).toBe('integer_invalid');
    expect(value(month('1.5'))).toBe('integer_invalid');
    expect(value(month(2.5))).toBe('integer_invalid');
  });

  it('reads a choice in any case and stores its spelling', () => {
    const kind = choiceCell(['PRIVATE BUILDING', 'LAND'] as const);
    expect(value(kind('private building'))).toBe('PRIVATE BUILDING');
    expect(value(kind('SEA'))).toBe('choice_invalid');
  });

  it('reads yes and no in English and Malay', () => {
    const flag = yesNoCell();
    expect([flag('Ya'), flag('tidak'), flag(true), flag('0')].map(value)).toEqual([true, false, true, false]);
    expect(value(flag('maybe'))).toBe('yes_no_invalid');
  });
});
