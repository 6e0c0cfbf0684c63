import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentRow, AdminPaymentStatusCounts } from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, signIn, uniqueEmail, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable } from './payment-helpers';
import { createTestApi } from './test-app';

/** The payments list's one search box and status tabs, against the real database and its trigram indexes. */
describe('staff search: one box over payments', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let mdpgAdmin: Browser;

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const adminUser = await createUser(app, { email: uniqueEmail('search-admin'), roles: ['_admin'], verified: true });
    const mdpg = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    admin = await signIn(app, adminUser.email);
    mdpgAdmin = await signIn(app, mdpg.email);
  });
  afterAll(async () => {
    await app.close();
  });

  const token = () => String(randomInt(100_000, 999_999));

  async function payment(council: string, payer: { name: string; email: string; phone: string }) {
    const bill = await makePayable(app, { balanceSen: 1_500, council });
    const created = await createPayment(app, fpxRequest([bill.id], { payer }));
    return { ...created, bill };
  }

  async function find(who: Browser, q: string, extra = ''): Promise<string[]> {
    const res = await who.agent.get(`/api/admin/payments?q=${encodeURIComponent(q)}&_end=500${extra}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as AdminPaymentRow[]).map((r) => r.reference);
  }

  it('finds a payment by the start of its payer’s email ("recon"), any case, and by a fragment of every column', async () => {
    const t = token();
    const phone = `017${t}1`;
    const a = await payment('mdpg', { name: `Nurul Izzah Tan${t}`, email: `recon${t}.team@example.my`, phone });
    const b = await payment('mdpg', { name: 'Lim Ah Kow', email: `recon${t}@finance.example.my`, phone: '0123334444' });
    const other = await payment('mdpg', { name: 'Other', email: `other.recon${t}@example.my`, phone: '0129990000' });

    expect((await find(admin, `recon${t}`)).sort()).toEqual([a.reference, b.reference, other.reference].sort());
    expect((await find(admin, `RECON${t}.TEAM`)).sort()).toEqual([a.reference]);
    expect(await find(admin, `izzah tan${t}`)).toEqual([a.reference]);
    // The phone as staff type it: with its leading 0 and a dash, or part of it.
    expect(await find(admin, `017-${t}`)).toEqual([a.reference]);
    expect(await find(admin, `${t}1`, `&id=${a.reference}`)).toEqual([a.reference]);
    // Any part of the reference, invoice number and account number.
    expect(await find(admin, a.reference.slice(6, 14))).toContain(a.reference);
    expect(await find(admin, a.invoiceNo.slice(-7), `&id=${a.reference}`)).toEqual([a.reference]);
    expect(await find(admin, a.bill.accountNo.slice(2, 10).toLowerCase())).toEqual([a.reference]);
    // Combined with the other filters.
    expect(await find(admin, `recon${t}`, '&status=paid')).toEqual([]);
    expect((await find(admin, `recon${t}`, '&status=in_progress')).length).toBe(3);
  });

  it('takes % and _ as themselves, one or two characters as the start of a reference, and refuses a long query', async () => {
    const t = token();
    const p = await payment('mdpg', { name: 'Wildcard', email: `wild_${t}@example.my`, phone: '0112223333' });
    expect(await find(admin, `wild_${t}@`)).toEqual([p.reference]);
    expect(await find(admin, '%%%', `&id=${p.reference}`)).toEqual([]);
    expect(await find(admin, `wild%${t}`, `&id=${p.reference}`)).toEqual([]);
    expect(await find(admin, `wild_${t}_`, `&id=${p.reference}`)).toEqual([]);
    expect(await find(admin, `wil\\d_${t}`, `&id=${p.reference}`)).toEqual([]);
    expect(await find(admin, 'cp', `&id=${p.reference}`)).toEqual([p.reference]);
    expect(await find(admin, 'ZZ', `&id=${p.reference}`)).toEqual([]);
    expect(await find(admin, '@', `&id=${p.reference}`)).toEqual([]);
    const long = await admin.agent.get(`/api/admin/payments?q=${'a'.repeat(101)}`).expect(400);
    expect(long.body.code).toBe('validation_failed');
  });

  it('finds only the council admin’s councils', async () => {
    const t = token();
    const mps = await payment('mps', { name: 'Mps Payer', email: `scope${t}@example.my`, phone: '0135556666' });
    const mdpg = await payment('mdpg', { name: 'Mdpg Payer', email: `scope${t}.b@example.my`, phone: '0135557777' });
    expect(await find(mdpgAdmin, `scope${t}`)).toEqual([mdpg.reference]);
    expect((await find(admin, `scope${t}`)).sort()).toEqual([mps.reference, mdpg.reference].sort());
  });

  it('counts each status for the status tabs, with the search and without the status filter', async () => {
    const t = token();
    const a = await payment('mdpg', { name: 'Tab A', email: `tabs${t}@example.my`, phone: '0141112222' });
    await payment('mdpg', { name: 'Tab B', email: `tabs${t}.b@example.my`, phone: '0141113333' });
    await prisma.payment.update({ where: { reference: a.reference }, data: { status: 'pending' } });
    const res = await admin.agent.get(`/api/admin/payments/status-counts?q=tabs${t}&status=paid`).expect(200);
    const body = res.body as AdminPaymentStatusCounts;
    expect(body.cap).toBe(10_000);
    expect(body.counts).toEqual({
      in_progress: 1,
      pending: 1,
      paid: 0,
      failed: 0,
      cancelled: 0,
      expired: 0,
      refunded: 0,
    });
    const mine = (await mdpgAdmin.agent.get(`/api/admin/payments/status-counts?q=tabs${t}&council=mps`).expect(200))
      .body as AdminPaymentStatusCounts;
    expect(Object.values(mine.counts).every((n) => n === 0)).toBe(true);
  });

  it('has a valid trigram index behind every searched column, which the planner uses for a fragment', async () => {
    const indexes = await prisma.$queryRaw<{ name: string; valid: boolean }[]>`
      SELECT c.relname::text AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname LIKE '%trgm%'`;
    const byName = (x: { name: string }, y: { name: string }) => (x.name < y.name ? -1 : 1);
    expect(indexes.sort(byName)).toEqual(
      [
        'PaymentItem_accountNo_trgm_idx',
        'Payment_invoiceNo_trgm_idx',
        'Payment_payerEmail_trgm_idx',
        'Payment_payerName_trgm_idx',
        'Payment_payerPhone_trgm_idx',
        'Payment_reference_trgm_idx',
      ]
        .map((name) => ({ name, valid: true }))
        .sort(byName),
    );
    const plan = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN SELECT "id" FROM "Payment" WHERE "payerEmail" ILIKE '%recon%' OR "payerName" ILIKE '%recon%'`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('Payment_payerEmail_trgm_idx');
    expect(text).toContain('Payment_payerName_trgm_idx');
  });
});
