import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeBookingId,
  PLAN_TYPES,
  type ApiErrorBody,
  type PayableType,
  type SearchRequest,
  type SearchResultDto,
} from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApi } from './test-app';

/**
 * The search API against the seeded demo payables (prisma/seed/payables.ts): every payment type, the
 * input normalisation on the server, the error messages and masked names.
 */
describe('searching council accounts', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
  });
  afterAll(async () => {
    await app.close();
  });

  const search = (body: Partial<SearchRequest>) => request(app.getHttpServer()).post('/api/search').send(body);

  async function found(body: SearchRequest): Promise<SearchResultDto[]> {
    const res = await search(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as SearchResultDto[];
  }

  async function refused(body: Partial<SearchRequest>, status: number): Promise<ApiErrorBody> {
    const res = await search(body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as ApiErrorBody;
  }

  describe('finds every payment type by the id as printed on the bill', () => {
    const cases: Array<[PayableType, string, string, string]> = [
      ['assessment', 'mdpg', 'A-1000-0001', 'A10000001'],
      ['compound', 'mdpg', 'KMP-2026-000101', 'KMP2026000101'],
      ['trading_license', 'mdpg', 'LP-2025-0001', 'LP20250001'],
      ['council_permit_license', 'mdpg', 'PJ-2026-0150', 'PJ20260150'],
      ['tenancy', 'mdpg', 'GR 12', 'GR12'],
      ['booking', 'mdpg', 'BK-2026-00017', 'BK202600017'],
      ['engineering', 'mdpg', 'JK/ENG/2026/0107', 'JKENG20260107'],
      ['local_government_charge', 'mdpg', 'LGC-TAPAK', 'LGCTAPAK'],
      ['market_bill', 'mdpg', 'MB-0012', 'MB0012'],
      ['assessment', 'mps', 'S-2231-0456', 'S22310456'],
      ['compound', 'mps', 'MPS-KPN-88123', 'MPSKPN88123'],
      ['booking', 'mpt', 'TWU/DEWAN/0091', 'TWUDEWAN0091'],
    ];
    it.each(cases)('%s in %s: %s', async (type, council, typed, accountNo) => {
      const accountId = type === 'booking' ? encodeBookingId(typed) : typed;
      const [first] = await found({ council, type, accountNo: accountId });
      expect(first).toMatchObject({ council, type, accountNo, displayNo: typed });
      expect(typeof first?.balanceSen).toBe('number');
    });
  });

  it('applies the id normalisation on the server', async () => {
    // Compound, assessment and licence ids lose dashes (also the Unicode dashes of pasted text).
    expect((await found({ council: 'mdpg', type: 'compound', accountNo: ' KMP2026–000102 ' }))[0]?.displayNo).toBe(
      'KMP-2026-000102',
    );
    expect((await found({ council: 'mdpg', type: 'assessment', accountNo: 'A10000001' }))[0]?.displayNo).toBe(
      'A-1000-0001',
    );
    expect((await found({ council: 'mdpg', type: 'trading_license', accountNo: 'LP20250001' }))[0]?.displayNo).toBe(
      'LP-2025-0001',
    );
    // Tenancy ids lose spaces and dashes, in any case.
    expect((await found({ council: 'mdpg', type: 'tenancy', accountNo: ' g r 1 2 ' }))[0]?.displayNo).toBe('GR 12');
    // Engineering ids lose whitespace and slashes.
    expect(
      (await found({ council: 'mdpg', type: 'engineering', planType: 'LAND', accountNo: 'JK / LAN / 2026 / 0105' }))[0]
        ?.displayNo,
    ).toBe('JK/LAN/2026/0105');
  });

  it('decodes booking ids, which arrive encoded, and refuses a broken encoding', async () => {
    const [booking] = await found({ council: 'mpt', type: 'booking', accountNo: 'TWU%2FDEWAN%2F0091' });
    expect(booking?.details).toMatchObject({ facility: 'Dewan Majlis Perbandaran Tawau' });
    const error = await refused({ council: 'mpt', type: 'booking', accountNo: 'TWU%E0%A4%A' }, 400);
    expect(error).toMatchObject({ code: 'invalid_account_no', message: 'Invalid Account No / License No' });
  });

  it('searches engineering bills in the plan type asked for, and any other plan type as ENGINEERING', async () => {
    for (const [i, planType] of PLAN_TYPES.entries()) {
      const displayNo = `JK/${planType.slice(0, 3)}/2026/${String(101 + i).padStart(4, '0')}`;
      const [bill] = await found({ council: 'mdpg', type: 'engineering', planType, accountNo: displayNo });
      expect(bill).toMatchObject({ planType, displayNo });
      expect(bill?.details).toMatchObject({
        bill: expect.stringMatching(/^BIL-ENG-/),
        referenceNo: expect.any(String),
      });
    }
    // A bill filed under BUILDING searched under LAND is found, with its own plan type ...
    const [building] = await found({
      council: 'mdpg',
      type: 'engineering',
      planType: 'LAND',
      accountNo: 'JK/BUI/2026/0103',
    });
    expect(building).toMatchObject({ planType: 'BUILDING', displayNo: 'JK/BUI/2026/0103' });
    // ... an id under no plan type is not found, and the answer says which field to check ...
    expect(
      await refused({ council: 'mdpg', type: 'engineering', planType: 'LAND', accountNo: 'JK/BUI/2026/9999' }, 404),
    ).toMatchObject({ code: 'not_found', details: { field: 'accountNo' } });
    // ... and plan types not in the list (or none) mean ENGINEERING.
    const [other] = await found({
      council: 'mdpg',
      type: 'engineering',
      planType: 'DRAINAGE',
      accountNo: 'JK/ENG/2026/0107',
    });
    expect(other?.planType).toBe('ENGINEERING');
  });

  it('returns the computed amount of each assessment selection, with the balance', async () => {
    const [account] = await found({ council: 'mdpg', type: 'assessment', accountNo: 'A-1000-0001' });
    // Seed: current year 360.00, arrears 146.50, discount 10.00, special discount 10.00 (libs/domain rules).
    expect(account?.balanceSen).toBe(50_650);
    expect(account?.selections).toEqual([
      { selection: 1, amountSen: 50_650, paidUntilYear: 2026 },
      { selection: 2, amountSen: 14_650, paidUntilYear: 2025 },
      { selection: 3, amountSen: 48_650, paidUntilYear: 2026 },
      { selection: 4, amountSen: 487, paidUntilYear: 2026 },
    ]);
    expect(account?.details).toMatchObject({ houseNo: 'Lot 12', currentTitle: 'CL 015123456', asumYear: 2026 });
    const [compound] = await found({ council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000101' });
    expect(compound?.selections).toBeNull();
  });

  it('masks names (also inside the display fields) and identity numbers', async () => {
    const [vehicle] = await found({ council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000106' });
    expect(vehicle).toMatchObject({ ownerName: 'WON' + '*'.repeat(12), ownerIdNo: '********6789' });
    expect(vehicle?.details).toMatchObject({ vehicleNo: 'SAB 1234 A', offenderName: 'WON' + '*'.repeat(12) });
    const [trading] = await found({ council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000103' });
    expect(trading?.details.companyName).toBe('Ked****************');
    const serialised = JSON.stringify(trading);
    expect(serialised).not.toContain('Runcit');
    expect(serialised).not.toContain('202003045678');
  });

  it('returns a licence with the licence and its dependent items, which name it as their parent', async () => {
    const results = await found({ council: 'mdpg', type: 'trading_license', accountNo: 'LP-2025-0001' });
    expect(results.map((r) => r.displayNo)).toEqual(['LP-2025-0001', 'LP-2025-0001-IK1', 'LP-2025-0001-KL1']);
    const [licence, ...dependents] = results;
    expect(licence).toMatchObject({
      parentId: null,
      paidUntilYear: 2025,
      paidUntilMonth: 12,
      licence: { licenceNo: 'LP-2025-0001', statusl: 'active', mKodType: 'niaga', renewableOnline: true },
    });
    for (const dependent of dependents) expect(dependent.parentId).toBe(licence?.id);
  });

  it('lets a licence with statusl approved be paid (approved blocks only the digital licence)', async () => {
    const [licence] = await found({ council: 'mdpg', type: 'trading_license', accountNo: 'LP-2025-0002' });
    expect(licence?.licence?.statusl).toBe('approved');
  });

  it('sends a trading licence that is not renewable online to the counter', async () => {
    const error = await refused({ council: 'mdpg', type: 'trading_license', accountNo: 'LP-2025-0003' }, 422);
    expect(error).toMatchObject({
      code: 'trading_license_not_renewable',
      message: 'This trading license is not applicable for online renewal, please renew at the council counter.',
    });
  });

  it('refuses a licence whose status may not be renewed online, also through its dependent items', async () => {
    await prisma.licence.update({ where: { reference: 'MDPG-LP-0001' }, data: { statusl: 'suspended' } });
    try {
      for (const accountNo of ['LP-2025-0001', 'LP-2025-0001-IK1']) {
        const error = await refused({ council: 'mdpg', type: 'trading_license', accountNo }, 422);
        expect(error).toMatchObject({
          code: 'license_status_not_allowed',
          message: 'This license status is not allowed to proceed. Please check with license department.',
        });
      }
    } finally {
      await prisma.licence.update({ where: { reference: 'MDPG-LP-0001' }, data: { statusl: 'active' } });
    }
  });

  it("says 'Not Found!' for an id that does not exist, in the council and type asked", async () => {
    expect(await refused({ council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-999999' }, 404)).toMatchObject({
      code: 'not_found',
      message: 'Not Found! Check the account or licence number and the council.',
      details: { field: 'accountNo' },
    });
    // The mps compound is not an mdpg compound, nor an mps assessment.
    await refused({ council: 'mdpg', type: 'compound', accountNo: 'MPS-KPN-88123' }, 404);
    await refused({ council: 'mps', type: 'assessment', accountNo: 'MPS-KPN-88123' }, 404);
  });

  it("says 'Invalid Account No / License No' for what cannot be an id", async () => {
    for (const accountNo of ['---', "A1' OR '1'='1", 'A1<script>', 'X'.repeat(41), ' / ']) {
      const error = await refused({ council: 'mdpg', type: 'assessment', accountNo }, 400);
      expect(error).toMatchObject({ code: 'invalid_account_no', message: 'Invalid Account No / License No' });
    }
  });

  it('says the payment type is not available where the council does not take it', async () => {
    // Only the councils that run a market collect market bills (seed).
    expect(await refused({ council: 'mdld', type: 'market_bill', accountNo: 'MB-0012' }, 422)).toMatchObject({
      code: 'payment_type_unavailable',
      message: 'This payment type is currently not available.',
    });
  });

  it('says the council is not available while it is switched off', async () => {
    await prisma.council.update({ where: { code: 'mpt' }, data: { active: false } });
    try {
      expect(await refused({ council: 'mpt', type: 'assessment', accountNo: 'T-0099-1200' }, 422)).toMatchObject({
        code: 'council_unavailable',
        message: 'This council is currently not available.',
      });
    } finally {
      await prisma.council.update({ where: { code: 'mpt' }, data: { active: true } });
    }
  });

  it('looks a payable up through the unique index, not by scanning the table', async () => {
    // The demo table is small enough for a sequential scan to win; forbid it to see the index is usable.
    const plan = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(
        `EXPLAIN SELECT id FROM "Payable" WHERE "councilCode" = 'mdpg' AND type = 'compound' AND "planType" = '' AND "accountNo" = 'KMP2026000101'`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using "Payable_councilCode_type_planType_accountNo_key"/);
  });
});
