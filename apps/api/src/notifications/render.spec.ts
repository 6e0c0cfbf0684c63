import { CARD_REASONS, FPX_RESPONSE_CODES } from '@councilpay/fpx';
import { CARD_REASON_TRANSLATIONS, FPX_REASON_TRANSLATIONS, gatewayReasonLine } from '@councilpay/i18n';
import { describe, expect, it } from 'vitest';
import type { Council, Notification } from '../generated/prisma/client';
import { renderNotification, type PaymentForMessage } from './render';

const council = (code: string, nameMs: string): Council => ({
  code,
  nameMs,
  nameEn: `${nameMs} (en)`,
  nameZh: `${nameMs} (zh)`,
  logoPath: null,
  logoImage: null,
  signatureImage: null,
  active: true,
  payableTypes: [],
  isDefault: code === 'mdpg',
  signatureOfficerName: null,
  signatureOfficerPost: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

function payment(overrides: Partial<PaymentForMessage> = {}): PaymentForMessage {
  const base = {
    id: 'p1',
    reference: 'CPTEST',
    invoiceNo: '00000000000000000001',
    status: 'paid',
    method: 'fpx',
    bankId: 'MB2U0227',
    cardMethod: null,
    amountSen: 3000,
    payerName: 'Aminah',
    payerEmail: 'a@b.my',
    payerPhone: '+60123456789',
    language: 'ms',
    machineId: 'A10',
    userId: null,
    idempotencyKey: null,
    requestHash: null,
    tokenHash: null,
    late: false,
    refundDueSen: 0,
    gatewayTxnId: 'T1',
    gatewayCode: '00',
    gatewayReason: 'Approved',
    finalAt: new Date('2026-11-20T02:00:00Z'),
    requeryAttempts: 0,
    nextRequeryAt: null,
    version: 1,
    createdAt: new Date('2026-11-20T01:59:00Z'),
    updatedAt: new Date('2026-11-20T02:00:00Z'),
    items: [
      {
        council: council('mdpg', 'Majlis Daerah Pengkalan Gading'),
        accountNo: 'gr12',
        display: 'GR 12',
        type: 'tenancy',
      },
      {
        council: council('mps', 'Majlis Perbandaran Selatan'),
        accountNo: 'A10000004',
        display: 'A-1000-0004',
        type: 'assessment',
      },
    ].map((item, position) => ({
      id: `i${position}`,
      paymentId: 'p1',
      payableId: `b${position}`,
      councilCode: item.council.code,
      type: item.type,
      accountNo: item.accountNo,
      position,
      amountSen: 1500,
      creditSen: 1500,
      selection: null,
      receiptNo: `R${position}`,
      snapshot: {},
      creditedAt: new Date(0),
      council: item.council,
      payable: { displayNo: item.display },
    })),
  };
  return { ...base, ...overrides } as PaymentForMessage;
}

const email = (template: string, language: string) =>
  ({ id: 'n1', channel: 'email', template, language, data: {} }) as unknown as Notification;

describe('payment emails', () => {
  it('name the bank by its display name, never its FPX code', () => {
    const { text } = renderNotification(email('payment_paid', 'ms'), payment(), 'http://x');
    expect(text).toContain('Maybank2U');
    expect(text).not.toContain('MB2U0227');
    const failed = renderNotification(
      email('payment_failed', 'en'),
      payment({ status: 'failed', gatewayCode: '51', gatewayReason: 'Insufficient Funds' }),
      'http://x',
    );
    expect(failed.text).toContain('Maybank2U');
    expect(failed.text).not.toContain('MB2U0227');
  });

  it.each([
    ['en', 'Print your licence (log in first): http://x/#/pdf'],
    ['ms', 'Cetak lesen anda (log masuk dahulu): http://x/#/pdf'],
    ['zh', '打印您的执照（请先登录）：http://x/#/pdf'],
  ])('link the licences page when a licence was paid (%s), and only then', (language, line) => {
    const withLicence = payment();
    withLicence.items[0]!.type = 'trading_license';
    expect(renderNotification(email('payment_paid', language), withLicence, 'http://x').text).toContain(line);
    expect(renderNotification(email('payment_paid', language), payment(), 'http://x').text).not.toContain('#/pdf');
  });

  it('list the ids in the form printed on the bill, each with its own council', () => {
    const { text } = renderNotification(email('payment_paid', 'ms'), payment(), 'http://x');
    expect(text).toContain('Majlis Daerah Pengkalan Gading · Sewaan · GR 12');
    expect(text).toContain('Majlis Perbandaran Selatan');
    expect(text).toContain('A-1000-0004');
    expect(text).not.toMatch(/\bgr12\b|\bA10000004\b/);
  });

  it('give the bank’s reason in the payer’s language with the code beside it', () => {
    const failed = payment({ status: 'failed', gatewayCode: '51', gatewayReason: 'Insufficient Funds' });
    expect(renderNotification(email('payment_failed', 'ms'), failed, 'http://x').text).toContain(
      'Baki tidak mencukupi (kod 51)',
    );
    expect(renderNotification(email('payment_failed', 'zh'), failed, 'http://x').text).toContain('余额不足（代码 51）');
    expect(renderNotification(email('payment_failed', 'en'), failed, 'http://x').text).toContain(
      'Insufficient Funds (code 51)',
    );
    const card = payment({
      method: 'card',
      bankId: null,
      cardMethod: '48',
      status: 'failed',
      gatewayCode: '0',
      gatewayReason: 'Card declined',
    });
    // A card refusal's code is the gateway's status (0 for any refusal): its reason alone, no "(kod 0)".
    const text = renderNotification(email('payment_failed', 'ms'), card, 'http://x').text;
    expect(text).toContain('Kad ditolak');
    expect(text).not.toContain('(kod 0)');
  });
});

describe('refund messages', () => {
  const refund = (channel: 'email' | 'sms', language: string, data: Record<string, unknown> = {}) =>
    ({
      id: 'n2',
      channel,
      template: 'refund_made',
      language,
      data: {
        reference: 'CPTEST',
        refundId: 'r1',
        amountSen: 120_050,
        totalRefundedSen: 150_000,
        whole: false,
        duplicateCharge: false,
        // 4 December 2026, 01:30 in Malaysia.
        refundedAt: '2026-12-03T17:30:00.000Z',
        ...data,
      },
    }) as unknown as Notification;
  const big = payment({ amountSen: 300_000 });

  it('tell the payer, in their language, how much was given back, when, and what has been given back in all', () => {
    const ms = renderNotification(refund('email', 'ms'), big, 'http://x');
    expect(ms.subject).toBe('Bayaran balik dibuat: CPTEST');
    expect(ms.text).toContain('Aminah yang dihormati');
    expect(ms.text).toContain('memulangkan RM 1,200.50 daripada pembayaran anda CPTEST kepada anda pada 04/12/2026');
    expect(ms.text).toContain('RM 1,500.00 daripada pembayaran anda sebanyak RM 3,000.00');
    expect(ms.text).toContain('http://x/#/receipt?reference=CPTEST');
    const en = renderNotification(refund('email', 'en', { whole: true, totalRefundedSen: 300_000 }), big, 'http://x');
    expect(en.subject).toBe('Refund made: CPTEST');
    expect(en.text).toContain('Your whole payment of RM 3,000.00 has been refunded to you.');
    const zh = renderNotification(refund('email', 'zh'), big, 'http://x');
    expect(zh.subject).toBe('退款已完成：CPTEST');
    expect(zh.text).toContain('共已退还 RM 1,500.00');
  });

  it('by SMS: one line with the amounts and the status link', () => {
    const sms = renderNotification(refund('sms', 'en'), big, 'http://x');
    expect(sms.subject).toBeNull();
    expect(sms.text).toBe(
      'CouncilPay: RM 1,200.50 refunded to you for payment CPTEST (RM 1,500.00 refunded in all). Payment status: http://x/#/receipt?reference=CPTEST',
    );
  });

  it('a second charge given back says so', () => {
    const text = renderNotification(refund('email', 'en', { duplicateCharge: true }), big, 'http://x').text;
    expect(text).toContain('was charged twice');
    expect(text).toContain('In all, RM 1,500.00 of the second charge has been refunded to you.');
  });

  it('the paid email keeps the time it was paid after a refund moved the payment on', () => {
    const refunded = payment({
      status: 'refunded',
      paidAt: new Date('2026-11-20T02:00:00Z'),
      finalAt: new Date('2026-12-01T09:00:00Z'),
    });
    expect(renderNotification(email('payment_paid', 'en'), refunded, 'http://x').text).toContain('20/11/2026 10:00');
  });
});

describe('gateway reasons in Malay and Chinese', () => {
  it('translate every FPX response code', () => {
    for (const code of Object.keys(FPX_RESPONSE_CODES)) {
      expect(FPX_REASON_TRANSLATIONS[code]?.ms, code).toBeTruthy();
      expect(FPX_REASON_TRANSLATIONS[code]?.zh, code).toBeTruthy();
    }
    expect(Object.keys(FPX_REASON_TRANSLATIONS).sort()).toEqual(Object.keys(FPX_RESPONSE_CODES).sort());
  });

  it('translate every card reason we show (the only card texts a payer ever sees)', () => {
    for (const reason of CARD_REASONS) {
      expect(CARD_REASON_TRANSLATIONS[reason.toLowerCase()]?.ms, reason).toBeTruthy();
      expect(CARD_REASON_TRANSLATIONS[reason.toLowerCase()]?.zh, reason).toBeTruthy();
    }
  });

  it('translate the card gateway’s reasons and keep an unknown one in the gateway’s words', () => {
    expect(Object.keys(CARD_REASON_TRANSLATIONS)).toContain('card declined');
    // The card gateway's status (0 for every refusal) is no reason code: the reason is shown alone.
    expect(gatewayReasonLine('zh', { method: 'card', code: '0', reason: 'Card declined' })).toBe('银行卡被拒绝');
    expect(gatewayReasonLine('ms', { method: 'card', code: '0', reason: 'Card declined' })).toBe('Kad ditolak');
    expect(gatewayReasonLine('ms', { method: 'card', code: '0', reason: 'Velocity check' })).toBe('Velocity check');
    expect(gatewayReasonLine('ms', { method: 'fpx', code: '51', reason: 'Insufficient Funds' })).toBe(
      'Baki tidak mencukupi (kod 51)',
    );
    expect(gatewayReasonLine('ms', { method: 'fpx', code: null, reason: null })).toBeNull();
  });
});
