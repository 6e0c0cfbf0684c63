import { describe, expect, it } from 'vitest';
import {
  correctionItems,
  malaysiaDayStart,
  refundCorrectionRefusal,
  refundDecisionRefusal,
  refundNeedsApproval,
  refundsAwaitingSen,
  refundsMadeNetSen,
  refundsReservedSen,
  resolveRefundDate,
  type CountedRefund,
} from './refunds';

describe('counting refunds', () => {
  const refunds: CountedRefund[] = [
    { state: 'made', correctsRefundId: null, amountSen: 1_000 },
    { state: 'made', correctsRefundId: null, amountSen: 500 },
    // The 500 was a mistake: its correction takes it back out.
    { state: 'made', correctsRefundId: 'r2', amountSen: 500 },
    { state: 'awaiting_approval', correctsRefundId: null, amountSen: 200_000 },
    { state: 'declined', correctsRefundId: null, amountSen: 7_000 },
  ];

  it('made refunds count net of their corrections; awaiting and declined ones count nothing', () => {
    expect(refundsMadeNetSen(refunds)).toBe(1_000);
  });

  it('a refund awaiting approval holds back its amount: what is left to give back shrinks', () => {
    expect(refundsAwaitingSen(refunds)).toBe(200_000);
    expect(refundsReservedSen(refunds)).toBe(201_000);
  });
});

describe('the approval limit', () => {
  it('a refund that takes the payment above the limit waits for approval; at the limit it does not', () => {
    expect(refundNeedsApproval({ amountSen: 100_000, reservedSen: 0, approvalAboveSen: 100_000 })).toBe(false);
    expect(refundNeedsApproval({ amountSen: 100_001, reservedSen: 0, approvalAboveSen: 100_000 })).toBe(true);
  });

  it('refunds of one payment add up, so splitting a large refund never avoids approval', () => {
    expect(refundNeedsApproval({ amountSen: 60_000, reservedSen: 0, approvalAboveSen: 100_000 })).toBe(false);
    expect(refundNeedsApproval({ amountSen: 60_000, reservedSen: 60_000, approvalAboveSen: 100_000 })).toBe(true);
  });

  it('a limit of 0 sends every refund to a second officer', () => {
    expect(refundNeedsApproval({ amountSen: 1, reservedSen: 0, approvalAboveSen: 0 })).toBe(true);
  });
});

describe('who decides a refund awaiting approval', () => {
  const awaiting = { state: 'awaiting_approval' as const, staffId: 'recorder' };
  const admin = { id: 'admin', systemAdmin: true, councils: [] };
  const mdpg = { id: 'mdpg-officer', systemAdmin: false, councils: ['mdpg'] };

  it('_admin or a council admin of every council of the payment, never the officer who recorded it', () => {
    expect(refundDecisionRefusal('approve', awaiting, admin, ['mdpg', 'mps'])).toBeNull();
    expect(refundDecisionRefusal('approve', awaiting, mdpg, ['mdpg'])).toBeNull();
    expect(refundDecisionRefusal('approve', awaiting, mdpg, ['mdpg', 'mps'])).toBe('forbidden');
    expect(refundDecisionRefusal('approve', awaiting, { ...admin, id: 'recorder' }, ['mdpg'])).toBe(
      'refund_own_approval',
    );
  });

  it('the recorder may withdraw their own refund by declining it', () => {
    expect(refundDecisionRefusal('decline', awaiting, { ...mdpg, id: 'recorder' }, ['mdpg'])).toBeNull();
  });

  it('only once: a refund made or declined is decided already', () => {
    expect(refundDecisionRefusal('approve', { ...awaiting, state: 'made' }, admin, ['mdpg'])).toBe(
      'refund_not_awaiting',
    );
    expect(refundDecisionRefusal('decline', { ...awaiting, state: 'declined' }, admin, ['mdpg'])).toBe(
      'refund_not_awaiting',
    );
  });
});

describe('correcting a refund', () => {
  const made = { state: 'made' as const, correctsRefundId: null, correctedByRefundId: null };

  it('a refund made is corrected once; a correction never; one awaiting or declined is not corrected', () => {
    expect(refundCorrectionRefusal(made)).toBeNull();
    expect(refundCorrectionRefusal({ ...made, correctedByRefundId: 'c1' })).toBe('refund_already_corrected');
    expect(refundCorrectionRefusal({ ...made, correctsRefundId: 'r1' })).toBe('refund_is_correction');
    expect(refundCorrectionRefusal({ ...made, state: 'awaiting_approval' })).toBe('refund_not_made');
    expect(refundCorrectionRefusal({ ...made, state: 'declined' })).toBe('refund_not_made');
  });

  it('mirrors the items of the refund it corrects, re-applying the credit each reversed', () => {
    const items = [
      { paymentItemId: 'i1', amountSen: 1_000, reverseCredit: true, creditReversedSen: 1_100 },
      { paymentItemId: 'i2', amountSen: 300, reverseCredit: false, creditReversedSen: 0 },
    ];
    expect(correctionItems(items)).toEqual(items);
  });
});

describe('the refund date', () => {
  // Paid at 23:30 Malaysian time on 1 Dec 2026; now is 14:00 on 4 Dec 2026 (Malaysia).
  const paidAt = new Date('2026-12-01T15:30:00Z');
  const now = new Date('2026-12-04T06:00:00Z');

  it('no date is now, never before the payment was paid (a paidAt from a clock a few ms ahead)', () => {
    expect(resolveRefundDate(undefined, paidAt, now)).toEqual({ ok: true, at: now });
    const justPaid = new Date(now.getTime() + 2);
    expect(resolveRefundDate(undefined, justPaid, now)).toEqual({ ok: true, at: justPaid });
  });

  it('a day from the day it was paid to today in Malaysia', () => {
    expect(resolveRefundDate('2026-12-03', paidAt, now)).toEqual({
      ok: true,
      at: new Date('2026-12-02T16:00:00Z'),
    });
    expect(resolveRefundDate('2026-12-04', paidAt, now)).toMatchObject({ ok: true });
    // The day it was paid: dated at the payment, never before it.
    expect(resolveRefundDate('2026-12-01', paidAt, now)).toEqual({ ok: true, at: paidAt });
  });

  it('refuses the future and the days before the payment, naming the days allowed', () => {
    expect(resolveRefundDate('2099-01-01', paidAt, now)).toEqual({
      ok: false,
      code: 'refund_date_in_future',
      earliestDay: '2026-12-01',
      latestDay: '2026-12-04',
    });
    expect(resolveRefundDate('2026-12-05', paidAt, now)).toMatchObject({ code: 'refund_date_in_future' });
    expect(resolveRefundDate('2000-01-01', paidAt, now)).toMatchObject({ code: 'refund_date_before_paid' });
    expect(resolveRefundDate('2026-11-30', paidAt, now)).toMatchObject({ code: 'refund_date_before_paid' });
  });

  it('uses Malaysian days, not UTC ones', () => {
    // 23:00 UTC on 3 Dec is 07:00 on 4 Dec in Malaysia: "today" is the 4th there.
    const lateUtc = new Date('2026-12-03T23:00:00Z');
    expect(resolveRefundDate('2026-12-04', paidAt, lateUtc)).toMatchObject({ ok: true });
    expect(resolveRefundDate('2026-12-05', paidAt, lateUtc)).toMatchObject({ code: 'refund_date_in_future' });
  });

  it('an instant with its zone: no later than now, no earlier than the payment', () => {
    expect(resolveRefundDate('2026-12-02T10:00:00+08:00', paidAt, now)).toEqual({
      ok: true,
      at: new Date('2026-12-02T02:00:00Z'),
    });
    expect(resolveRefundDate('2026-12-04T14:01:00+08:00', paidAt, now)).toMatchObject({
      code: 'refund_date_in_future',
    });
    expect(resolveRefundDate('2026-12-01T23:00:00+08:00', paidAt, now)).toMatchObject({
      code: 'refund_date_before_paid',
    });
  });

  it('refuses what is not a date: no calendar day, no zone, free text', () => {
    for (const text of ['2026-02-30', '2026-13-01', '2026-12-02T10:00:00', '04/12/2026', 'yesterday']) {
      expect(resolveRefundDate(text, paidAt, now), text).toMatchObject({ code: 'refund_date_invalid' });
    }
  });

  it('absent: now', () => {
    expect(resolveRefundDate(undefined, paidAt, now)).toEqual({ ok: true, at: now });
  });

  it('a Malaysian day begins at 16:00 UTC the day before', () => {
    expect(malaysiaDayStart('2026-12-04')).toEqual(new Date('2026-12-03T16:00:00Z'));
    expect(malaysiaDayStart('2026-02-29')).toBeNull();
  });
});
