/** Tests only: reading back the CSV files the API writes. */

/** A CSV body as rows of cells (quoted cells may hold commas and quotes). */
export function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  for (const line of body.split('\r\n').filter((l) => l.length > 0)) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        cells.push(cell);
        cell = '';
      } else cell += c;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}
