import { parseString } from '@fast-csv/parse';

/**
 * Browser tests only: a CSV file the product wrote, read back by a CSV library (fast-csv) rather than by code of ours,
 * as rows of cells. A byte-order mark is dropped; blank lines are skipped.
 */
export function readCsv(body: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(body.replace(/^\uFEFF/, ''), { ignoreEmpty: true })
      .on('error', reject)
      .on('data', (row: string[]) => rows.push(row))
      .on('end', () => resolve(rows));
  });
}
