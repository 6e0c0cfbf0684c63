import { describe, expect, it } from 'vitest';
import { ADMIN_COUNT_CAP } from '@councilpay/domain';
import { cappedPage, prefixRange } from './list-query';

describe('capped admin lists', () => {
  const records = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('counts no further than the cap, and then gives no total but says a page follows', async () => {
    const asked: number[] = [];
    const page = await cappedPage(
      { take: 25 },
      async (limit) => {
        asked.push(limit);
        return Math.min(limit, 1_000_000);
      },
      async (take) => records(take),
      (n) => n * 2,
    );
    expect(asked).toEqual([ADMIN_COUNT_CAP + 1]);
    expect(page).toMatchObject({ total: null, hasNextPage: true });
    expect(page.rows).toHaveLength(25);
    expect(page.rows[24]).toBe(48);
  });

  it('gives the exact total below the cap, and no next page after the last record', async () => {
    const page = await cappedPage(
      { take: 25 },
      async () => 7,
      async () => records(7),
      (n) => n,
    );
    expect(page).toEqual({ rows: records(7), total: 7, hasNextPage: false });
  });

  it('pages without a total when the count was given up', async () => {
    const page = await cappedPage(
      { take: 2 },
      async () => null,
      async () => records(3),
      (n) => n,
    );
    expect(page).toEqual({ rows: [0, 1], total: null, hasNextPage: true });
  });

  it('turns a prefix into an index range, and a whole key into itself', () => {
    expect(prefixRange('CP12', 22, 'Z')).toEqual({ gte: 'CP12', lte: `CP12${'Z'.repeat(18)}` });
    expect(prefixRange('0'.repeat(20), 20, '9')).toBe('0'.repeat(20));
  });
});
