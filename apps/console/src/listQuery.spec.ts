import { describe, expect, it } from 'vitest';
import { applyListQuery, valueAt } from './listQuery';

const rows = [
  {
    id: 'mps',
    name: { ms: 'Majlis Perbandaran Sandakan', en: 'Sandakan Municipal Council' },
    active: true,
    tags: ['assessment'],
  },
  {
    id: 'mdpg',
    name: { ms: 'Majlis Daerah Penampang', en: 'Penampang District Council' },
    active: true,
    tags: ['assessment', 'compound'],
  },
  { id: 'lbk', name: { ms: 'Lembaga Bandaran Kudat', en: 'Kudat Town Board' }, active: false, tags: [] },
];

describe('applyListQuery', () => {
  it('reads dotted paths', () => {
    expect(valueAt(rows[0], 'name.en')).toBe('Sandakan Municipal Council');
    expect(valueAt(rows[0], 'name.zh.x')).toBeUndefined();
  });

  it('sorts by a dotted field in either direction', () => {
    expect(applyListQuery(rows, { sort: { field: 'name.ms', order: 'ASC' } }).data.map((r) => r.id)).toEqual([
      'lbk',
      'mdpg',
      'mps',
    ]);
    expect(applyListQuery(rows, { sort: { field: 'id', order: 'DESC' } }).data.map((r) => r.id)).toEqual([
      'mps',
      'mdpg',
      'lbk',
    ]);
  });

  it('searches every text with q, case-insensitively, and matches other filters exactly', () => {
    expect(applyListQuery(rows, { filter: { q: 'penampang' } }).data.map((r) => r.id)).toEqual(['mdpg']);
    expect(applyListQuery(rows, { filter: { active: false } }).data.map((r) => r.id)).toEqual(['lbk']);
    expect(applyListQuery(rows, { filter: { tags: 'compound' } }).data.map((r) => r.id)).toEqual(['mdpg']);
    expect(applyListQuery(rows, { filter: { q: '' } }).total).toBe(3);
  });

  it('pages after filtering and reports the total that matched', () => {
    const page = applyListQuery(rows, { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' } });
    expect(page).toEqual({ data: [rows[0]], total: 3 });
  });

  it('does not change the list it was given', () => {
    const before = rows.map((r) => r.id);
    applyListQuery(rows, { sort: { field: 'id', order: 'ASC' } });
    expect(rows.map((r) => r.id)).toEqual(before);
  });
});
