import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  DEFAULT_REFUND_APPROVAL_ABOVE_SEN,
  malaysiaDay,
  type AdminRecordRefundResult,
  type AdminRefundPreview,
  type AdminRefundRow,
  type PaymentDto,
} from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, signIn, uniqueEmail, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi, isolatedDatabaseUrl } from './test-app';
import { startWorker, until } from './worker-helpers';

/** An assessment account: RM 100 for the year, RM 30 arrears, RM 6 tax, RM 10 + RM 5 off for paying in full. */
const ACCOUNT = {
  asumYear: 2026,
  currentYearSen: 10_000,
  arrearsSen: 3_000,
  discountSen: 1_000,
  specialDiscountSen: 500,
  gstSen: 600,
};

/**
 * Refunds a finance office trusts: a refund date within the payment's life, everything given back in one action,
 * a confirmation step that says what happens to each bill, mistakes corrected by reversing entries, a second
 * officer above the approval limit, the payer told, and nothing refused ever written. Its own database: it
 * changes the approval limit of the configuration row, which every other test file reads.
 */
describe('refunds a finance office trusts', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let prisma: PrismaService;
  let databaseUrl: string;
  const staff = {} as Record<'admin' | 'admin2' | 'mdpgAdmin' | 'mdpgAdmin2', Browser>;
  const ids = {} as Record<'admin' | 'mdpgAdmin', string>;
  const today = () => malaysiaDay(0);

  beforeAll(async () => {
    databaseUrl = await isolatedDatabaseUrl();
    app = await createTestApi({ DATABASE_URL: databaseUrl });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const admin = await createUser(app, { email: uniqueEmail('refund-admin'), roles: ['_admin'], verified: true });
    const admin2 = await createUser(app, { email: uniqueEmail('refund-admin2'), roles: ['_admin'], verified: true });
    const mdpg = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    const mdpg2 = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    ids.admin = admin.id;
    ids.mdpgAdmin = mdpg.id;
    staff.admin = await signIn(app, admin.email);
    staff.admin2 = await signIn(app, admin2.email);
    staff.mdpgAdmin = await signIn(app, mdpg.email);
    staff.mdpgAdmin2 = await signIn(app, mdpg2.email);
  });
  afterAll(async () => {
    await worker?.close();
    await app.close();
  });

  /** A paid FPX payment of one bill per balance (of `council`), its items in order and its bills. */
  async function paid(balances: number[], opts: { councils?: string[]; language?: 'ms' | 'en' | 'zh' } = {}) {
    const bills = await Promise.all(
      balances.map((balanceSen, i) => makePayable(app, { balanceSen, council: opts.councils?.[i] ?? 'mdpg' })),
    );
    const created = await createPayment(
      app,
      fpxRequest(
        bills.map((b) => b.id),
        {
          language: opts.language ?? 'ms',
          payer: { name: 'Siti Aminah', email: uniqueEmail('refund-payer'), phone: '0198765432' },
        },
      ),
    );
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const payment = await prisma.payment.findUniqueOrThrow({
      where: { reference: created.reference },
      include: { items: { orderBy: { position: 'asc' } } },
    });
    expect(payment.status).toBe('paid');
    return { reference: created.reference, payment, items: payment.items, bills };
  }

  const post = (who: Browser, path: string, body: object = {}) =>
    who.agent.post(`/api/admin/payments/${path}`).set(CSRF_HEADER, who.csrf).send(body);
  const record = (who: Browser, reference: string, body: object) => post(who, `${reference}/refunds`, body);
  const balance = async (id: string) => (await prisma.payable.findUniqueOrThrow({ where: { id } })).balanceSen;
  const refundsOf = (reference: string) =>
    prisma.refund.findMany({
      where: { payment: { reference } },
      include: { items: true },
      orderBy: { createdAt: 'asc' },
    });
  const eventsOf = async (reference: string) =>
    (await prisma.paymentEvent.findMany({ where: { payment: { reference } }, orderBy: { id: 'asc' } })).map(
      (e) => e.type,
    );
  /** The refund messages of a payment, refund by refund (each refund's email, then its SMS). */
  const refundMessages = (reference: string) =>
    prisma.notification.findMany({
      where: { payment: { reference }, template: 'refund_made' },
      orderBy: [{ createdAt: 'asc' }, { channel: 'asc' }],
    });
  const publicView = async (reference: string) =>
    (await request(app.getHttpServer()).get(`/api/payments/${reference}`).expect(200)).body as PaymentDto;
  const setLimit = (refundApprovalAboveSen: number) =>
    staff.admin.agent.put('/api/admin/configuration').set(CSRF_HEADER, staff.admin.csrf).send({
      serviceClosed: false,
      announcementMs: '',
      announcementEn: '',
      announcementZh: '',
      appVersion: '1.0.0',
      refundApprovalAboveSen,
    });

  it('the refund date lies between the day the payment was paid and today (Malaysian time); 2000-01-01 and 2099-01-01 are refused with a 400 naming refundedAt, nothing written', async () => {
    const { reference, items, payment } = await paid([3_000]);
    const body = (refundedAt: string) => ({
      reason: 'Dibayar dua kali',
      refundedAt,
      items: [{ itemId: items[0].id, amountSen: 1_000, reverseCredit: false }],
    });
    const cases: [string, string][] = [
      ['2099-01-01', 'refund_date_in_future'],
      [malaysiaDay(1), 'refund_date_in_future'],
      ['2000-01-01', 'refund_date_before_paid'],
      // Paid today: yesterday is before it was paid.
      [malaysiaDay(-1), 'refund_date_before_paid'],
      ['2026-02-30', 'refund_date_invalid'],
      ['04/12/2026', 'refund_date_invalid'],
    ];
    for (const [refundedAt, code] of cases) {
      for (const path of [`${reference}/refunds`, `${reference}/refunds/preview`]) {
        const res = await post(staff.admin, path, body(refundedAt)).expect(400);
        expect(res.body, refundedAt).toMatchObject({
          code,
          errors: [{ field: 'refundedAt', code }],
          details: { earliestDay: malaysiaDay(0, payment.paidAt!), latestDay: today() },
        });
      }
    }
    expect(await refundsOf(reference)).toEqual([]);
    expect(await eventsOf(reference)).not.toContain('transition_refused');

    // Today: dated no earlier than the payment itself, and no later than now.
    const ok = await record(staff.admin, reference, body(today())).expect(201);
    const refundedAt = new Date((ok.body as AdminRecordRefundResult).refund.refundedAt);
    expect(refundedAt.getTime()).toBeGreaterThanOrEqual(payment.paidAt!.getTime());
    expect(refundedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(malaysiaDay(0, refundedAt)).toBe(today());
  });

  it('gives back everything in one action: every item, every sen left of each, after a partial refund; the payment is refunded, and its page still says when it was paid', async () => {
    const { reference, items, bills, payment } = await paid([3_000, 2_000, 1_500]);
    await record(staff.admin, reference, {
      reason: 'Sebahagian',
      refundedAt: today(),
      items: [{ itemId: items[0].id, amountSen: 1_000, reverseCredit: true }],
    }).expect(201);
    const view = (await staff.admin.agent.get(`/api/admin/payments/${reference}`).expect(200)).body as {
      refundItems: { id: string; amountSen: number; refundedSen: number; awaitingSen: number; credited: boolean }[];
    };
    expect(view.refundItems.map((i) => [i.amountSen, i.refundedSen, i.awaitingSen, i.credited])).toEqual(
      expect.arrayContaining([
        [3_000, 1_000, 0, true],
        [2_000, 0, 0, true],
        [1_500, 0, 0, true],
      ]),
    );
    // "Refund everything": what is left of each item, in one refund.
    const everything = view.refundItems.map((i) => ({
      itemId: i.id,
      amountSen: i.amountSen - i.refundedSen - i.awaitingSen,
      reverseCredit: true,
    }));
    const res = await record(staff.admin, reference, {
      reason: 'Semua dipulangkan',
      refundedAt: today(),
      items: everything,
    }).expect(201);
    expect(res.body).toMatchObject({
      status: 'refunded',
      refundableSen: 0,
      refund: { state: 'made', amountSen: 2_000 + 2_000 + 1_500 },
    });
    expect((res.body as AdminRecordRefundResult).refund.items).toHaveLength(3);
    // Every bill's credit is back on it, exactly.
    expect([await balance(bills[0].id), await balance(bills[1].id), await balance(bills[2].id)]).toEqual([
      3_000, 2_000, 1_500,
    ]);
    const page = await publicView(reference);
    expect(page).toMatchObject({ status: 'refunded', refundedSen: 6_500, paidAt: payment.paidAt!.toISOString() });
    expect(await eventsOf(reference)).toEqual(expect.arrayContaining(['refund_recorded', 'status_changed']));
  });

  it('the confirmation step shows each bill before and after, writes nothing, and recording does exactly that', async () => {
    const { reference, items, bills } = await paid([4_000, 2_500]);
    const body = {
      reason: 'Semakan',
      refundedAt: today(),
      items: [
        { itemId: items[0].id, amountSen: 1_000, reverseCredit: true },
        { itemId: items[1].id, amountSen: 2_500, reverseCredit: false },
      ],
    };
    const preview = (await post(staff.mdpgAdmin, `${reference}/refunds/preview`, body).expect(200))
      .body as AdminRefundPreview;
    expect(preview).toMatchObject({
      reference,
      paymentAmountSen: 6_500,
      status: 'paid',
      amountSen: 3_500,
      needsApproval: false,
      approvalAboveSen: DEFAULT_REFUND_APPROVAL_ABOVE_SEN,
      refundableBeforeSen: 6_500,
      refundableAfterSen: 3_000,
      statusAfter: 'paid',
      items: [
        { itemId: items[0].id, creditReversedSen: 1_000, balanceBeforeSen: 0, balanceAfterSen: 1_000 },
        { itemId: items[1].id, creditReversedSen: 0, balanceBeforeSen: 0, balanceAfterSen: 0 },
      ],
    });
    expect(await refundsOf(reference)).toEqual([]);
    expect(await balance(bills[0].id)).toBe(0);
    await record(staff.mdpgAdmin, reference, body).expect(201);
    expect([await balance(bills[0].id), await balance(bills[1].id)]).toEqual([1_000, 0]);
    // The rest, previewed: the whole of the payment given back makes it refunded.
    const rest = (
      await post(staff.mdpgAdmin, `${reference}/refunds/preview`, {
        reason: 'Selebihnya',
        refundedAt: today(),
        items: [{ itemId: items[0].id, amountSen: 3_000, reverseCredit: true }],
      }).expect(200)
    ).body as AdminRefundPreview;
    expect(rest).toMatchObject({
      refundableAfterSen: 0,
      statusAfter: 'refunded',
      items: [{ creditReversedSen: 3_000, balanceBeforeSen: 1_000, balanceAfterSen: 4_000 }],
    });
  });

  it('a mistaken refund is corrected by a reversing entry: never edited, the bill credited again, the payment paid again through the ledger, once; a correction is never corrected', async () => {
    const { reference, items, bills, payment } = await paid([3_000, 2_000]);
    const made = (
      await record(staff.admin, reference, {
        reason: 'Tersilap: dipulangkan kepada pembayar lain',
        refundedAt: today(),
        items: [
          { itemId: items[0].id, amountSen: 3_000, reverseCredit: true },
          { itemId: items[1].id, amountSen: 2_000, reverseCredit: false },
        ],
      }).expect(201)
    ).body as AdminRecordRefundResult;
    expect(made.status).toBe('refunded');
    // A refund lists its items as the payment does (the payer's cart order), whatever their ids.
    expect(made.refund.items.map((i) => i.itemId)).toEqual(items.map((i) => i.id));
    expect([await balance(bills[0].id), await balance(bills[1].id)]).toEqual([3_000, 0]);
    const original = await prisma.refund.findUniqueOrThrow({ where: { id: made.refund.id } });

    const res = await post(staff.mdpgAdmin, `${reference}/refunds/${made.refund.id}/corrections`, {
      reason: 'Tiada wang dipulangkan: direkod pada pembayaran yang salah',
    }).expect(201);
    const corrected = res.body as AdminRecordRefundResult;
    expect(corrected).toMatchObject({
      status: 'paid',
      refundableSen: 5_000,
      refund: { state: 'made', amountSen: 5_000, correctsRefundId: made.refund.id },
    });
    expect(corrected.refund.items.map((i) => [i.itemId, i.amountSen, i.reverseCredit, i.creditReversedSen])).toEqual([
      ...made.refund.items.map((i) => [i.itemId, i.amountSen, i.reverseCredit, i.creditReversedSen]),
    ]);
    // The bill's credit is re-applied; the mistaken refund is kept as it was, now naming its correction.
    expect([await balance(bills[0].id), await balance(bills[1].id)]).toEqual([0, 0]);
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: made.refund.id } })).toEqual(original);
    const listed = (await staff.admin.agent.get(`/api/admin/payments/${reference}/refunds`).expect(200))
      .body as AdminRefundRow[];
    expect(listed.map((r) => [r.id, r.correctedByRefundId, r.mayCorrect])).toEqual([
      [made.refund.id, corrected.refund.id, false],
      [corrected.refund.id, null, false],
    ]);
    // Paid again through the ledger (the state table's refunded -> paid), paidAt never moved.
    const after = await prisma.payment.findUniqueOrThrow({
      where: { reference },
      include: { events: { where: { toStatus: 'paid', fromStatus: 'refunded' } } },
    });
    expect(after).toMatchObject({ status: 'paid', paidAt: payment.paidAt });
    expect(after.events).toMatchObject([
      { type: 'status_changed', source: 'admin', data: { event: 'refund_corrected' } },
    ]);
    expect(await publicView(reference)).toMatchObject({ status: 'paid', refundedSen: 0 });
    // Once; and a correction is final.
    const again = await post(staff.admin, `${reference}/refunds/${made.refund.id}/corrections`, { reason: 'Lagi' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'refund_not_correctable',
      details: { reason: 'refund_already_corrected' },
    });
    const ofCorrection = await post(staff.admin, `${reference}/refunds/${corrected.refund.id}/corrections`, {
      reason: 'Lagi',
    });
    expect(ofCorrection.body).toMatchObject({
      code: 'refund_not_correctable',
      details: { reason: 'refund_is_correction' },
    });
    const audit = await prisma.staffAudit.findMany({
      where: { targetId: reference, action: 'payment_refund_correct' },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({
      correctsRefundId: made.refund.id,
      status: 'paid',
      creditReappliedSen: 3_000,
    });
    // What was given back by mistake may be given back for real now.
    await record(staff.admin, reference, {
      reason: 'Kini dipulangkan',
      refundedAt: today(),
      items: [{ itemId: items[1].id, amountSen: 2_000, reverseCredit: false }],
    }).expect(201);
    expect(await eventsOf(reference)).not.toContain('transition_refused');
  });

  it('a correction re-applies an assessment credit component by component, and is refused when the bill was paid again since', async () => {
    const bill = await makePayable(app, { type: 'assessment', balanceSen: 13_600, details: ACCOUNT });
    const created = await createPayment(app, { ...fpxRequest([]), items: [{ payableId: bill.id, selection: 3 }] });
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const item = await prisma.paymentItem.findFirstOrThrow({ where: { payment: { reference: created.reference } } });
    const credited = await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } });
    const part = (
      await record(staff.admin, created.reference, {
        reason: 'Sebahagian',
        refundedAt: today(),
        items: [{ itemId: item.id, amountSen: 4_400, reverseCredit: true }],
      }).expect(201)
    ).body as AdminRecordRefundResult;
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).details).toMatchObject({ gstSen: 600 });
    await post(staff.admin, `${created.reference}/refunds/${part.refund.id}/corrections`, {
      reason: 'Tersilap',
    }).expect(201);
    expect(await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).toMatchObject({
      balanceSen: 0,
      details: credited.details,
    });

    // Reversed whole, then the account was paid again: the credit cannot be taken back from it.
    const whole = (
      await record(staff.admin, created.reference, {
        reason: 'Semua',
        refundedAt: today(),
        items: [{ itemId: item.id, amountSen: 12_100, reverseCredit: true }],
      }).expect(201)
    ).body as AdminRecordRefundResult;
    expect(await balance(bill.id)).toBe(13_600);
    const again = await createPayment(app, { ...fpxRequest([]), items: [{ payableId: bill.id, selection: 3 }] });
    await postDirectAc(app, signedAc(again.redirect, '00')).expect(200);
    expect(await balance(bill.id)).toBe(0);
    const refused = await post(staff.admin, `${created.reference}/refunds/${whole.refund.id}/corrections`, {
      reason: 'Tersilap',
    }).expect(409);
    expect(refused.body).toMatchObject({ code: 'refund_correction_bill_paid', details: { balanceSen: 0 } });
    expect(await prisma.refund.count({ where: { correctsRefundId: whole.refund.id } })).toBe(0);
    expect((await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } })).status).toBe(
      'refunded',
    );
  });

  it('above the limit a refund awaits a second officer: it counts for nothing but holds back its amount; the recorder cannot approve it; approved, it is made that day and the payer is told once', async () => {
    const { reference, items, bills } = await paid([150_000]);
    const recorded = await record(staff.mdpgAdmin, reference, {
      reason: 'Bayaran berganda di kaunter',
      gatewayReference: 'IBG-4400',
      refundedAt: today(),
      items: [{ itemId: items[0].id, amountSen: 120_000, reverseCredit: true }],
    }).expect(201);
    const awaiting = recorded.body as AdminRecordRefundResult;
    expect(awaiting).toMatchObject({
      status: 'paid',
      refundableSen: 30_000,
      refund: { state: 'awaiting_approval', amountSen: 120_000, decidedByEmail: null, mayApprove: false },
    });
    // It counts for nothing: no credit reversed, no timeline entry, no message, nothing on the payer's page.
    expect(await balance(bills[0].id)).toBe(0);
    expect(await eventsOf(reference)).not.toContain('refund_recorded');
    expect(await refundMessages(reference)).toEqual([]);
    expect(await publicView(reference)).toMatchObject({ status: 'paid', refundedSen: 0 });
    // But it holds back its amount: only RM 300.00 is left to give back.
    const over = await post(staff.admin, `${reference}/refunds/preview`, {
      reason: 'Lagi',
      refundedAt: today(),
      items: [{ itemId: items[0].id, amountSen: 30_001, reverseCredit: false }],
    }).expect(409);
    expect(over.body).toMatchObject({ code: 'refund_exceeds_remainder', details: { remainderSen: 30_000 } });
    const view = (await staff.admin.agent.get(`/api/admin/payments/${reference}`).expect(200)).body as {
      refundItems: { refundedSen: number; awaitingSen: number }[];
    };
    expect(view.refundItems[0]).toMatchObject({ refundedSen: 0, awaitingSen: 120_000 });

    // The officer who recorded it cannot approve it; another council admin of the council may.
    const listed = (await staff.mdpgAdmin.agent.get(`/api/admin/payments/${reference}/refunds`).expect(200))
      .body as AdminRefundRow[];
    expect(listed[0]).toMatchObject({ mayApprove: false, mayDecline: true });
    const own = await post(staff.mdpgAdmin, `${reference}/refunds/${awaiting.refund.id}/approve`).expect(403);
    expect(own.body.code).toBe('refund_own_approval');
    const approved = (await post(staff.mdpgAdmin2, `${reference}/refunds/${awaiting.refund.id}/approve`).expect(200))
      .body as AdminRecordRefundResult;
    expect(approved).toMatchObject({
      status: 'paid',
      refundableSen: 30_000,
      refund: { state: 'made', decidedByEmail: expect.stringContaining('@'), declineReason: null },
    });
    // Made on the day it was approved, with its credit reversed now.
    expect(approved.refund.decidedAt).toBe(approved.refund.refundedAt);
    expect(malaysiaDay(0, new Date(approved.refund.refundedAt))).toBe(today());
    expect(await balance(bills[0].id)).toBe(120_000);
    expect(await publicView(reference)).toMatchObject({ status: 'paid', refundedSen: 120_000 });
    const messages = await refundMessages(reference);
    expect(messages.map((m) => [m.channel, m.language])).toEqual([
      ['email', 'ms'],
      ['sms', 'ms'],
    ]);
    expect(messages[0].data).toMatchObject({ amountSen: 120_000, totalRefundedSen: 120_000, whole: false });
    // Decided once.
    const twice = await post(staff.admin, `${reference}/refunds/${awaiting.refund.id}/approve`).expect(409);
    expect(twice.body.code).toBe('refund_not_awaiting');
    expect(await refundMessages(reference)).toHaveLength(2);
    const actions = (await prisma.staffAudit.findMany({ where: { targetId: reference }, orderBy: { id: 'asc' } })).map(
      (a) => [a.action, (a.after as { state?: string }).state],
    );
    expect(actions).toEqual([
      ['payment_refund', 'awaiting_approval'],
      ['payment_refund_approve', 'made'],
    ]);
  });

  it('who may approve: _admin or a council admin of every council of the payment, never the officer who recorded it', async () => {
    const { reference, items } = await paid([60_000, 60_000], { councils: ['mdpg', 'mps'] });
    const awaiting = (
      await record(staff.admin, reference, {
        reason: 'Dipulangkan',
        refundedAt: today(),
        items: items.map((i) => ({ itemId: i.id, amountSen: i.amountSen, reverseCredit: false })),
      }).expect(201)
    ).body as AdminRecordRefundResult;
    expect(awaiting.refund.state).toBe('awaiting_approval');
    // Half of it is another council's.
    expect((await post(staff.mdpgAdmin, `${reference}/refunds/${awaiting.refund.id}/approve`)).status).toBe(403);
    expect((await post(staff.admin, `${reference}/refunds/${awaiting.refund.id}/approve`)).body.code).toBe(
      'refund_own_approval',
    );
    expect((await prisma.refund.findUniqueOrThrow({ where: { id: awaiting.refund.id } })).state).toBe(
      'awaiting_approval',
    );
    const approved = await post(staff.admin2, `${reference}/refunds/${awaiting.refund.id}/approve`).expect(200);
    expect(approved.body).toMatchObject({ status: 'refunded', refundableSen: 0 });
  });

  it('a declined refund never counts, and what it held back is left to give back again; the recorder may withdraw their own', async () => {
    const { reference, items, bills } = await paid([200_000]);
    const body = {
      reason: 'Dipulangkan',
      refundedAt: today(),
      items: [{ itemId: items[0].id, amountSen: 200_000, reverseCredit: true }],
    };
    const first = (await record(staff.admin, reference, body).expect(201)).body as AdminRecordRefundResult;
    await post(staff.admin2, `${reference}/refunds/${first.refund.id}/decline`, { reason: '' }).expect(400);
    const declined = (
      await post(staff.admin2, `${reference}/refunds/${first.refund.id}/decline`, {
        reason: 'Tiada bukti pindahan',
      }).expect(200)
    ).body as AdminRecordRefundResult;
    expect(declined).toMatchObject({
      status: 'paid',
      refundableSen: 200_000,
      refund: { state: 'declined', declineReason: 'Tiada bukti pindahan' },
    });
    expect(await balance(bills[0].id)).toBe(0);
    expect(await refundMessages(reference)).toEqual([]);
    expect((await post(staff.mdpgAdmin, `${reference}/refunds/${first.refund.id}/approve`)).body.code).toBe(
      'refund_not_awaiting',
    );
    expect(
      (await post(staff.admin2, `${reference}/refunds/${first.refund.id}/corrections`, { reason: 'x' })).body,
    ).toMatchObject({ code: 'refund_not_correctable', details: { reason: 'refund_not_made' } });
    // All of it may be asked for again; the recorder withdraws that one themselves.
    const second = (await record(staff.mdpgAdmin, reference, body).expect(201)).body as AdminRecordRefundResult;
    expect(second.refund.state).toBe('awaiting_approval');
    await post(staff.mdpgAdmin, `${reference}/refunds/${second.refund.id}/decline`, { reason: 'Ditarik balik' }).expect(
      200,
    );
    expect(await publicView(reference)).toMatchObject({ status: 'paid', refundedSen: 0 });
    expect((await refundsOf(reference)).map((r) => r.state)).toEqual(['declined', 'declined']);
  });

  it('the limit is the configuration’s, in sen: refunds of one payment add up, and 0 sends every refund to a second officer', async () => {
    const { reference, items } = await paid([8_000]);
    const part = (amountSen: number) => ({
      reason: 'Sebahagian',
      refundedAt: today(),
      items: [{ itemId: items[0].id, amountSen, reverseCredit: false }],
    });
    try {
      // Bad limits: a 400 naming the field, nothing changed. A council admin may not set it.
      for (const bad of [-1, 1.5, 100_000_001]) {
        const res = await setLimit(bad).expect(400);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('refundApprovalAboveSen');
      }
      await staff.mdpgAdmin.agent
        .put('/api/admin/configuration')
        .set(CSRF_HEADER, staff.mdpgAdmin.csrf)
        .send({})
        .expect(403);
      expect((await setLimit(5_000).expect(200)).body).toMatchObject({ refundApprovalAboveSen: 5_000 });
      expect((await record(staff.admin, reference, part(3_000)).expect(201)).body.refund.state).toBe('made');
      // RM 30.00 + RM 30.00 is more than RM 50.00: split refunds never avoid approval.
      expect((await record(staff.admin, reference, part(3_000)).expect(201)).body.refund.state).toBe(
        'awaiting_approval',
      );
      await setLimit(0).expect(200);
      expect((await record(staff.admin, reference, part(1)).expect(201)).body.refund.state).toBe('awaiting_approval');
      const audit = await prisma.staffAudit.findFirstOrThrow({
        where: { action: 'configuration_update' },
        orderBy: { id: 'desc' },
      });
      expect(audit).toMatchObject({ before: { refundApprovalAboveSen: 5_000 }, after: { refundApprovalAboveSen: 0 } });
    } finally {
      await setLimit(DEFAULT_REFUND_APPROVAL_ABOVE_SEN).expect(200);
    }
    expect((await staff.admin.agent.get('/api/admin/configuration').expect(200)).body.refundApprovalAboveSen).toBe(
      DEFAULT_REFUND_APPROVAL_ABOVE_SEN,
    );
  });

  it('the payer is told by email and SMS, in their language, once per refund made, with what was given back in all; the message reaches the development sink', async () => {
    worker = await startWorker({ DATABASE_URL: databaseUrl });
    const { reference, items, payment } = await paid([3_000, 2_000], { language: 'en' });
    const first = (
      await record(staff.admin, reference, {
        reason: 'Sebahagian',
        refundedAt: today(),
        items: [{ itemId: items[0].id, amountSen: 1_250, reverseCredit: false }],
      }).expect(201)
    ).body as AdminRecordRefundResult;
    const second = (
      await record(staff.admin, reference, {
        reason: 'Selebihnya',
        refundedAt: today(),
        items: [
          { itemId: items[0].id, amountSen: 1_750, reverseCredit: false },
          { itemId: items[1].id, amountSen: 2_000, reverseCredit: false },
        ],
      }).expect(201)
    ).body as AdminRecordRefundResult;
    expect(second.status).toBe('refunded');
    const messages = await refundMessages(reference);
    expect(
      messages.map((m) => [m.channel, m.recipient, m.language, (m.data as { refundId: string }).refundId]),
    ).toEqual([
      ['email', payment.payerEmail, 'en', first.refund.id],
      ['sms', payment.payerPhone, 'en', first.refund.id],
      ['email', payment.payerEmail, 'en', second.refund.id],
      ['sms', payment.payerPhone, 'en', second.refund.id],
    ]);
    // Committed with the refunds: each message has its outbox row.
    for (const m of messages) expect(await prisma.outbox.count({ where: { jobId: `notify-${m.id}` } })).toBe(1);
    const sink = await until(
      () => prisma.sinkMessage.findMany({ where: { notificationId: { in: messages.map((m) => m.id) } } }),
      (rows) => rows.length === 4,
    );
    const text = (id: string) => sink.find((s) => s.notificationId === id)!;
    expect(text(messages[0].id)).toMatchObject({ subject: `Refund made: ${reference}` });
    expect(text(messages[0].id).body).toContain(`We have refunded RM 12.50 of your payment ${reference}`);
    expect(text(messages[0].id).body).toContain(
      'In all, RM 12.50 of your payment of RM 50.00 has been refunded to you.',
    );
    expect(text(messages[2].id).body).toContain('Your whole payment of RM 50.00 has been refunded to you.');
    expect(text(messages[3].id).body).toContain('RM 37.50 refunded to you for payment');
    expect(text(messages[3].id).body).toContain('(RM 50.00 refunded in all)');
    // Never a second message for the same refund, and none for a correction (no money moved).
    await post(staff.admin, `${reference}/refunds/${second.refund.id}/corrections`, { reason: 'Tersilap' }).expect(201);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await refundMessages(reference)).toHaveLength(4);
    expect(await prisma.sinkMessage.count({ where: { notificationId: { in: messages.map((m) => m.id) } } })).toBe(4);
  });

  it('the older POST /api/admin/payments/{ref}/refund is gone, and nothing refused writes into the payment’s public timeline', async () => {
    const { reference, items } = await paid([150_000]);
    const before = await eventsOf(reference);
    await post(staff.admin, `${reference}/refund`, { note: 'Dipulangkan di kaunter' }).expect(404);
    // Refusals of every kind: too much, a bad date, a stranger's item, an approval by the recorder, twice decided.
    await record(staff.admin, reference, {
      reason: 'x',
      items: [{ itemId: items[0].id, amountSen: 150_001, reverseCredit: false }],
    }).expect(409);
    await record(staff.admin, reference, {
      reason: 'x',
      refundedAt: '2099-01-01',
      items: [{ itemId: items[0].id, amountSen: 1, reverseCredit: false }],
    }).expect(400);
    const awaiting = (
      await record(staff.admin, reference, {
        reason: 'x',
        refundedAt: today(),
        items: [{ itemId: items[0].id, amountSen: 150_000, reverseCredit: false }],
      }).expect(201)
    ).body as AdminRecordRefundResult;
    await post(staff.admin, `${reference}/refunds/${awaiting.refund.id}/approve`).expect(403);
    await post(staff.admin2, `${reference}/refunds/${awaiting.refund.id}/decline`, { reason: 'Tidak' }).expect(200);
    await post(staff.admin2, `${reference}/refunds/${awaiting.refund.id}/approve`).expect(409);
    await post(staff.admin2, `${reference}/refunds/${awaiting.refund.id}/corrections`, { reason: 'x' }).expect(409);
    await post(staff.admin2, `${reference}/refunds/00000000-0000-4000-8000-000000000000/approve`).expect(404);
    expect(await eventsOf(reference)).toEqual(before);
    const timeline = (await publicView(reference)).events.map((e) => e.type);
    expect(timeline).not.toContain('transition_refused');
  });

  it('refunds at the same moment never give back more than was paid, above the limit or not; one approval and one correction of the same refund win', async () => {
    const { reference, items } = await paid([150_000]);
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        record(i % 2 ? staff.admin : staff.mdpgAdmin, reference, {
          reason: `Serentak ${i}`,
          refundedAt: today(),
          items: [{ itemId: items[0].id, amountSen: 20_000, reverseCredit: true }],
        }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 409, 409, 409]);
    const refunds = await refundsOf(reference);
    expect(refunds.reduce((sum, r) => sum + r.amountSen, 0)).toBe(140_000);
    // Five come to RM 1,000.00, the limit; the two that take it above await approval.
    expect(refunds.map((r) => r.state).sort()).toEqual([
      'awaiting_approval',
      'awaiting_approval',
      ...Array.from({ length: 5 }, () => 'made'),
    ]);
    const [waiting] = refunds.filter((r) => r.state === 'awaiting_approval');
    const firstMade = refunds.find((r) => r.state === 'made')!;
    const approvals = await Promise.all([
      post(staff.admin2, `${reference}/refunds/${waiting.id}/approve`),
      post(staff.mdpgAdmin2, `${reference}/refunds/${waiting.id}/approve`),
    ]);
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
    const corrections = await Promise.all([
      post(staff.admin2, `${reference}/refunds/${firstMade.id}/corrections`, { reason: 'Tersilap' }),
      post(staff.mdpgAdmin2, `${reference}/refunds/${firstMade.id}/corrections`, { reason: 'Tersilap' }),
    ]);
    expect(corrections.map((r) => r.status).sort()).toEqual([201, 409]);
    // Held back now: six made and one awaiting, less the one corrected.
    const held = await prisma.refund.findMany({ where: { payment: { reference }, state: { not: 'declined' } } });
    expect(held.reduce((sum, r) => sum + (r.correctsRefundId ? -r.amountSen : r.amountSen), 0)).toBe(120_000);
    expect(await refundMessages(reference)).toHaveLength(2 * 6);
  });
});
