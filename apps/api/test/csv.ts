import { parseString } from '@fast-csv/parse';

/**
 * A CSV file the API wrote, read back by a CSV library (fast-csv) rather than by code of ours, as rows of cells;
 * a byte-order mark is dropped, blank lines skipped. (The browser tests read theirs with tools/csv.ts: the
 * module boundaries keep the API's tests and tools/ apart.)
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
