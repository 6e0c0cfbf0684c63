import { describe, expect, it } from 'vitest';
import { parseBillItem, parseBillRow, readBillHeader } from './layouts';

const compound = {
  account_no: 'kmp-1',
  owner_name: 'PEMBAYAR',
  balance_rm: '80.00',
  compound_type: 'individual',
  offence: 'Membuang sampah',
};

describe('bills API items: the same layout and rules as a file row', () => {
  it('reads an item as the file reads the same row; council defaults to the caller', () => {
    const item = parseBillItem('compound', 'mdpg', compound, 0);
    const names = ['council', ...Object.keys(compound)];
    const header = readBillHeader('compound', names);
    if (!header.ok) throw new Error('header');
    const row = parseBillRow('compound', 'mdpg', header.header, ['mdpg', ...Object.values(compound)], 0);
    expect(item).toEqual(row);
    expect(item).toMatchObject({ ok: true, bill: { accountNo: 'KMP1', balanceSen: 8_000, councilCode: 'mdpg' } });
  });

  it("refuses another council's bill, bad cells, unknown fields, objects and non-objects, naming each", () => {
    expect(parseBillItem('compound', 'mdpg', { ...compound, council: 'mps' }, 3)).toMatchObject({
      ok: false,
      errors: [{ line: 3, column: 'council', code: 'other_council' }],
    });
    expect(parseBillItem('compound', 'mdpg', { ...compound, balance_rm: '1,234.00' }, 1)).toMatchObject({
      ok: false,
      errors: [{ line: 1, column: 'balance_rm', value: '1,234.00', code: 'amount_thousands_separator' }],
    });
    expect(parseBillItem('compound', 'mdpg', { ...compound, balance: '1.00', offence: ['x'] }, 2)).toEqual({
      ok: false,
      errors: [
        { line: 2, column: 'offence', value: '', code: 'value_not_scalar' },
        { line: 2, column: 'balance', value: '', code: 'unknown_field' },
      ],
    });
    expect(parseBillItem('compound', 'mdpg', [compound], 4)).toMatchObject({
      ok: false,
      errors: [{ code: 'item_not_object' }],
    });
    const { owner_name: _omitted, ...missing } = compound;
    expect(parseBillItem('compound', 'mdpg', missing, 5)).toMatchObject({
      ok: false,
      errors: [{ column: 'owner_name', code: 'required' }],
    });
  });
});
