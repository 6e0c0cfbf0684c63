/**
 * Sorting, filtering and paging of a list held in memory, the way react-admin asks for them. Used while
 * a resource is read from a public endpoint that returns everything (GET /api/councils); resources from
 * /api/admin/* will be filtered, sorted and paged by the API.
 */

export interface ListQuery {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  /** `q` searches every text value; any other key must equal the value at that (dotted) path. */
  filter?: Readonly<Record<string, unknown>>;
}

export function valueAt(record: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (typeof value !== 'object' || value === null) return undefined;
    return (value as Record<string, unknown>)[key];
  }, record);
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(texts);
  return [];
}

function matches(record: object, filter: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(filter).every(([key, wanted]) => {
    if (wanted === undefined || wanted === '') return true;
    if (key === 'q') {
      const needle = String(wanted).trim().toLocaleLowerCase();
      return texts(record).some((text) => text.toLocaleLowerCase().includes(needle));
    }
    const actual = valueAt(record, key);
    return Array.isArray(actual) ? actual.includes(wanted) : actual === wanted;
  });
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a ? -1 : 1;
  return String(a).localeCompare(String(b), 'ms', { sensitivity: 'base', numeric: true });
}

/** The page of `records` react-admin asked for, and how many records match in all. */
export function applyListQuery<T extends object>(
  records: readonly T[],
  { pagination, sort, filter = {} }: ListQuery,
): { data: T[]; total: number } {
  const matching = records.filter((record) => matches(record, filter));
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    matching.sort((a, b) => direction * compare(valueAt(a, sort.field), valueAt(b, sort.field)));
  }
  if (!pagination) return { data: matching, total: matching.length };
  const start = (Math.max(pagination.page, 1) - 1) * pagination.perPage;
  return { data: matching.slice(start, start + pagination.perPage), total: matching.length };
}
