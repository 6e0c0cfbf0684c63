import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeBookingId, type PayableType } from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApi } from './test-app';

/** Separators a payer may add or drop in an id of each type without meaning another bill. */
const SEPARATORS: Record<PayableType, string[]> = {
  assessment: [' ', '-'],
  compound: [' ', '-'],
  trading_license: [' ', '-'],
  council_permit_license: [' ', '-'],
  tenancy: [' '],
  engineering: [' '],
  booking: [],
  local_government_charge: [],
  market_bill: [],
};

/**
 * Every seeded id, typed in any mix of upper and lower case with extra spacing, finds the same bill through
 * the search API as the id printed on the bill.
 */
describe('searching seeded ids in any case and spacing', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
  });
  afterAll(async () => {
    await app.close();
  });

  const search = (council: string, type: PayableType, typed: string, planType: string) =>
    request(app.getHttpServer())
      .post('/api/search')
      .send({
        council,
        type,
        accountNo: type === 'booking' ? encodeBookingId(typed) : typed,
        ...(planType ? { planType } : {}),
      });

  it('finds the same bill for every seeded id (property, a few variants per id)', async () => {
    // The seeded bills only: the test files running beside this one add bills of their own to the same database,
    // and searching those too made this test's length depend on what the others had done (minutes when busy).
    const seeded = inject('seededPayableIds');
    const payables = await prisma.payable.findMany({
      where: { id: { in: seeded } },
      select: { councilCode: true, type: true, planType: true, displayNo: true, id: true },
      orderBy: { accountNo: 'asc' },
    });
    expect(payables).toHaveLength(seeded.length);
    expect(payables.length).toBeGreaterThan(20);
    const types = new Set(payables.map((p) => p.type));
    expect(types.size).toBe(9);

    for (const payable of payables) {
      const printed = await search(payable.councilCode, payable.type, payable.displayNo, payable.planType);
      const variant = fc.record({
        flips: fc.array(fc.boolean(), { minLength: payable.displayNo.length, maxLength: payable.displayNo.length }),
        inserts: fc.array(
          fc.tuple(fc.nat(payable.displayNo.length), fc.constantFrom('', ...SEPARATORS[payable.type])),
          {
            maxLength: 3,
          },
        ),
        lead: fc.constantFrom('', ' ', '  '),
        trail: fc.constantFrom('', ' '),
      });
      for (const v of fc.sample(variant, { numRuns: 4, seed: payable.displayNo.length })) {
        const chars = [...payable.displayNo].map((c, i) => (v.flips[i] ? c.toLowerCase() : c.toUpperCase()));
        for (const [at, sep] of v.inserts) chars.splice(Math.max(1, Math.min(at, chars.length)), 0, sep);
        const typed = `${v.lead}${chars.join('')}${v.trail}`;
        const res = await search(payable.councilCode, payable.type, typed, payable.planType);
        const label = `${payable.type} ${payable.displayNo} typed as ${JSON.stringify(typed)}`;
        expect(res.status, label).toBe(printed.status);
        if (printed.status === 200) {
          expect((res.body as Array<{ id: string }>)[0]?.id, label).toBe(payable.id);
        } else {
          expect(res.body, label).toEqual(printed.body);
        }
      }
    }
    // About 180 searches through the API: seconds on a quiet machine, a minute or two on a very busy one.
  }, 180_000);

  it('finds a lowercase assessment, compound and licence id (was "Not Found!")', async () => {
    for (const [type, typed, displayNo] of [
      ['assessment', 'a-1000-0001', 'A-1000-0001'],
      ['compound', 'kmp-2026-000101', 'KMP-2026-000101'],
      ['trading_license', 'lp-2025-0001', 'LP-2025-0001'],
      ['booking', 'bk-2026-00017', 'BK-2026-00017'],
      ['market_bill', 'mb-0012', 'MB-0012'],
      ['engineering', 'jk/eng/2026/0107', 'JK/ENG/2026/0107'],
    ] as const) {
      const res = await search('mdpg', type, typed, '');
      expect(res.status, typed).toBe(200);
      expect((res.body as Array<{ displayNo: string }>)[0]?.displayNo).toBe(displayNo);
    }
  });
});
