/**
 * Reading a council's bill file (CSV or XLSX) row by row, memory flat whatever its size: the upload is streamed
 * to a temporary file (bytes counted, SHA-256 computed on the way), then read back one row at a time. Every
 * limit is checked while reading, before the rest of the file is looked at, and a file past one is refused
 * whole with a `BillFileError` whose code the officer sees in their language (`bill_file.<code>`).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { parse } from 'fast-csv';
import * as unzipper from 'unzipper';
import { type BillFileErrorCode, type CellValue } from '@councilpay/domain';
import { BILL_FILE_LIMITS, type BillFileLimits } from './bill-file-limits';

export { BILL_FILE_LIMITS, type BillFileErrorCode, type BillFileLimits };

export type BillFileKind = 'csv' | 'xlsx';

export class BillFileError extends Error {
  constructor(
    readonly code: BillFileErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface SavedUpload {
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
}

/** Streams an upload to `path`, counting bytes (refused past the limit) and hashing them on the way. */
export async function saveUpload(source: Readable, path: string, maxBytes: number): Promise<SavedUpload> {
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        done(new BillFileError('file_too_large', `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(source, meter, createWriteStream(path));
  return { path, bytes, sha256: hash.digest('hex') };
}

/** One row of the file: its line (1 is the header) and its cells. */
export interface BillFileRow {
  readonly line: number;
  readonly cells: CellValue[];
}

/** The rows of a saved bill file, header first; empty rows are skipped (their lines still count). */
export function readBillFile(path: string, kind: BillFileKind, limits: BillFileLimits): AsyncGenerator<BillFileRow> {
  return kind === 'csv' ? readCsv(path, limits) : readXlsx(path, limits);
}

function checkShape(line: number, cells: readonly CellValue[], limits: BillFileLimits): void {
  if (cells.length > limits.maxColumns) {
    throw new BillFileError(
      'too_many_columns',
      `Line ${line} has ${cells.length} columns: at most ${limits.maxColumns}`,
    );
  }
  if (line - 1 > limits.maxRows) {
    throw new BillFileError('too_many_rows', `The file has more than ${limits.maxRows} rows`);
  }
}

const isEmptyRow = (cells: readonly CellValue[]) => cells.every((c) => c == null || c === '');

/** Decodes UTF-8 strictly: a byte sequence that is not UTF-8 refuses the file instead of becoming '�'. */
function strictUtf8(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(new BillFileError('not_utf8', 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again'));
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(new BillFileError('not_utf8', 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again'));
      }
    },
  });
}

async function* readCsv(path: string, limits: BillFileLimits): AsyncGenerator<BillFileRow> {
  const source = createReadStream(path);
  const decode = strictUtf8();
  // The BOM is dropped by the decoder. A line is held whole before its columns are counted: the byte limit of the
  // upload bounds it.
  const rows = parse<string[], string[]>({ headers: false, trim: false, maxRows: limits.maxRows + 2 });
  const failures: Error[] = [];
  source.on('error', (e) => failures.push(e));
  decode.on('error', (e) => {
    failures.push(e);
    rows.destroy(e);
  });
  source.pipe(decode).pipe(rows);
  let line = 0;
  try {
    for await (const cells of rows as AsyncIterable<string[]>) {
      line += 1;
      checkShape(line, cells, limits);
      if (!isEmptyRow(cells)) yield { line, cells };
    }
  } catch (error) {
    throw failures[0] instanceof BillFileError
      ? failures[0]
      : error instanceof BillFileError
        ? error
        : new BillFileError('file_unreadable', `The file cannot be read as CSV after line ${line}`);
  } finally {
    source.destroy();
  }
  if (failures[0])
    throw failures[0] instanceof BillFileError
      ? failures[0]
      : new BillFileError('file_unreadable', 'The file cannot be read');
  if (line === 0) throw new BillFileError('empty_file', 'The file is empty: its first line must name the columns');
}

/** Checks what an XLSX's parts say they unpack to before any part is unpacked. */
async function checkUnpackedSize(path: string, limits: BillFileLimits): Promise<void> {
  let directory: unzipper.CentralDirectory;
  try {
    directory = await unzipper.Open.file(path);
  } catch {
    throw new BillFileError('file_unreadable', 'The file is not an XLSX workbook');
  }
  let total = 0;
  for (const entry of directory.files) {
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (total > limits.maxUnpackedBytes || (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxUnpackRatio)) {
      throw new BillFileError('xlsx_too_large_unpacked', 'The workbook unpacks to far more than its size: refused');
    }
  }
}

/** An XLSX cell's value as the layouts read it: text, number, date, yes/no, or a formula (refused later). */
function xlsxCell(value: ExcelJS.CellValue): CellValue {
  if (value == null || typeof value !== 'object' || value instanceof Date) return value as CellValue;
  if ('formula' in value || 'sharedFormula' in value)
    return { formula: String((value as { formula?: string }).formula ?? '') };
  if ('error' in value) return { formula: String(value.error) };
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  return null;
}

async function* readXlsx(path: string, limits: BillFileLimits): AsyncGenerator<BillFileRow> {
  await checkUnpackedSize(path, limits);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let seen = 0;
  try {
    for await (const sheet of reader) {
      // The bills are on the first worksheet; the others (notes, lists) are not read.
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from({ length: values.length }, (_, i) => xlsxCell(values[i]));
        checkShape(row.number, cells, limits);
        seen += 1;
        if (!isEmptyRow(cells)) yield { line: row.number, cells };
      }
      break;
    }
  } catch (error) {
    if (error instanceof BillFileError) throw error;
    throw new BillFileError('file_unreadable', 'The file is not a readable XLSX workbook');
  }
  if (seen === 0) throw new BillFileError('empty_file', 'The workbook is empty: its first row must name the columns');
}
