import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BILL_FILE_LIMITS,
  BillFileError,
  readBillFile,
  saveUpload,
  type BillFileKind,
  type BillFileLimits,
  type BillFileRow,
} from './bill-file';

const dir = mkdtempSync(join(tmpdir(), 'bill-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(content: string | Buffer): string {
  const path = join(dir, `f${(n += 1)}`);
  writeFileSync(path, content);
  return path;
}

async function rows(path: string, kind: BillFileKind, limits: BillFileLimits = BILL_FILE_LIMITS) {
  const all: BillFileRow[] = [];
  for await (const row of readBillFile(path, kind, limits)) all.push(row);
  return all;
}

async function refusal(path: string, kind: BillFileKind, limits: BillFileLimits = BILL_FILE_LIMITS) {
  try {
    await rows(path, kind, limits);
  } catch (error) {
    if (error instanceof BillFileError) return error.code;
    throw error;
  }
  return 'read';
}

describe('bill files: CSV', () => {
  it('reads UTF-8 with or without BOM, quoted cells, skipping empty lines but counting them', async () => {
    const text = 'council,account_no,owner_name\r\nmdpg,A-1,"TAN, AH KOW"\r\n\r\nmdpg,A-2,"陈 ""BOSS"""\r\n';
    const expected = [
      { line: 1, cells: ['council', 'account_no', 'owner_name'] },
      { line: 2, cells: ['mdpg', 'A-1', 'TAN, AH KOW'] },
      { line: 4, cells: ['mdpg', 'A-2', '陈 "BOSS"'] },
    ];
    expect(await rows(file(text), 'csv')).toEqual(expected);
    expect(await rows(file(`\uFEFF${text}`), 'csv')).toEqual(expected);
  });

  it('refuses a file that is not UTF-8 (a Windows code page CSV)', async () => {
    const latin1 = Buffer.from('council,account_no,owner_name\nmdpg,A-1,JOS\xC9\n', 'latin1');
    expect(await refusal(file(latin1), 'csv')).toBe('not_utf8');
  });

  it('refuses 10,000 columns, too many rows, an empty file and unclosed quotes', async () => {
    expect(await refusal(file(`${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`), 'csv')).toBe(
      'too_many_columns',
    );
    const small = { ...BILL_FILE_LIMITS, maxRows: 2 };
    expect(await refusal(file('h\n1\n2\n3\n'), 'csv', small)).toBe('too_many_rows');
    expect(await rows(file('h\n1\n2\n'), 'csv', small)).toHaveLength(3);
    expect(await refusal(file(''), 'csv')).toBe('empty_file');
    expect(await refusal(file('a,b\n"x,y\n'), 'csv')).toBe('file_unreadable');
  });
});

describe('bill files: upload', () => {
  it('hashes what it saves and refuses more bytes than the limit', async () => {
    const content = Buffer.from('council,account_no\nmdpg,A-1\n');
    const saved = await saveUpload(Readable.from([content]), join(dir, 'up1'), 1024);
    expect(saved).toMatchObject({ bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') });
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(saveUpload(big, join(dir, 'up2'), 1024)).rejects.toMatchObject({ code: 'file_too_large' });
  });
});

describe('bill files: XLSX', () => {
  it('reads the first worksheet: text, numbers, dates, yes/no; formulas are kept as formulas (refused later)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('bills');
    sheet.addRow(['council', 'account_no', 'balance_rm', 'offence_date', 'renewable_online', 'owner_name']);
    sheet.addRow(['mdpg', 'A-1', 12.5, new Date(Date.UTC(2026, 9, 2)), true, { formula: 'CONCAT("A","B")' }]);
    sheet.addRow([]);
    sheet.addRow(['mdpg', 'A-2', '1,000.00', 46297, false, { richText: [{ text: 'LIM ' }, { text: 'AH KOW' }] }]);
    workbook.addWorksheet('notes').addRow(['not read']);
    const path = join(dir, 'ok.xlsx');
    await workbook.xlsx.writeFile(path);
    expect(await rows(path, 'xlsx')).toEqual([
      { line: 1, cells: ['council', 'account_no', 'balance_rm', 'offence_date', 'renewable_online', 'owner_name'] },
      {
        line: 2,
        cells: ['mdpg', 'A-1', 12.5, new Date(Date.UTC(2026, 9, 2)), true, { formula: 'CONCAT("A","B")' }],
      },
      { line: 4, cells: ['mdpg', 'A-2', '1,000.00', 46297, false, 'LIM AH KOW'] },
    ]);
  });

  it('refuses a zip bomb before unpacking it, and a file that is no workbook', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(30 * 1024 * 1024, 0x20));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await refusal(file(bomb), 'xlsx')).toBe('xlsx_too_large_unpacked');
    expect(await refusal(file('council,account_no\n'), 'xlsx')).toBe('file_unreadable');
  });
});
