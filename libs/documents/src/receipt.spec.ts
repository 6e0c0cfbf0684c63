import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Language } from '@councilpay/domain';
import { receiptDefinition, type ReceiptData } from './receipt';
import { renderPdf } from './render';
import { pdfText } from '@councilpay/testing';
import { checkDocumentToken, signDocumentToken } from './verify-token';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');

function receipt(language: Language): ReceiptData {
  const token = signDocumentToken(
    {
      kind: 'receipt',
      reference: 'CPAB12CD34EF56GH78JK90',
      invoiceNo: '00000000000000001234',
      amountSen: 12_345,
      paidAt: '2026-03-04T16:05:00.000Z',
      receiptNos: ['MDPG2026000001', 'MPS2026000007'],
    },
    privateKey,
  );
  return {
    language,
    councilName: {
      ms: 'Majlis Daerah Pengkalan Gemilang',
      en: 'Pengkalan Gemilang District Council',
      zh: '彭加兰吉米朗县议会',
    }[language],
    reference: 'CPAB12CD34EF56GH78JK90',
    invoiceNo: '00000000000000001234',
    status: 'paid',
    // 16:05 UTC is 00:05 the next day in Malaysia (UTC+8).
    paidAt: new Date('2026-03-04T16:05:00.000Z'),
    payerName: 'Siti Aminah binti Abdullah',
    method: 'fpx',
    bankName: 'Maybank2U',
    amountSen: 12_345,
    items: [
      { councilName: 'MDPG', type: 'assessment', accountNo: 'A-12345', amountSen: 10_000, receiptNo: 'MDPG2026000001' },
      { councilName: 'MPS', type: 'compound', accountNo: 'K9988', amountSen: 2_345, receiptNo: 'MPS2026000007' },
    ],
    verifyUrl: `http://localhost:3000/#/verify?t=${token}`,
  };
}

/** pdf text may break lines anywhere; compare without whitespace. */
const squash = (s: string) => s.replace(/\s+/g, '');

describe('receipt PDF', () => {
  const labels: Record<Language, string[]> = {
    ms: [
      'Resit rasmi',
      'Pembayar',
      'Rujukan bayaran',
      'No. invois',
      'Tarikh dan masa',
      'Kaedah bayaran',
      'Bank',
      'No. resit',
      'Jumlah',
      'Cukai Taksiran',
      'Telah dibayar',
    ],
    en: [
      'Official receipt',
      'Payer',
      'Payment reference',
      'Invoice no.',
      'Date and time',
      'Payment method',
      'Bank',
      'Receipt no.',
      'Total',
      'Assessment Tax',
      'Paid',
    ],
    zh: [
      '正式收据',
      '付款人',
      '付款参考号',
      '发票号码',
      '日期和时间',
      '付款方式',
      '银行',
      '收据号码',
      '总额',
      '门牌税',
      '已付款',
    ],
  };

  for (const language of ['ms', 'en', 'zh'] as const) {
    it(`shows every field of the receipt in ${language}`, async () => {
      const pdf = await renderPdf(receiptDefinition(receipt(language)));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = squash(await pdfText(pdf));
      for (const expected of [
        ...labels[language],
        receipt(language).councilName,
        'Siti Aminah binti Abdullah',
        'CPAB12CD34EF56GH78JK90',
        '00000000000000001234',
        '05/03/2026 00:05',
        'Maybank2U',
        'MDPG2026000001',
        'MPS2026000007',
        'A-12345',
        'K9988',
        'RM 100.00',
        'RM 23.45',
        'RM 123.45',
      ]) {
        expect(text, `${language}: ${expected}`).toContain(squash(expected));
      }
    });
  }

  it('carries a CODE128 barcode and a QR code as vector drawings', async () => {
    const definition = receiptDefinition(receipt('en'));
    const json = JSON.stringify(definition.content);
    expect(json).toContain('<svg');
    expect(json).toContain('"qr":"http://localhost:3000/#/verify?t=');
  });
});

describe('document token', () => {
  const facts = {
    kind: 'receipt' as const,
    reference: 'CPAB12CD34EF56GH78JK90',
    invoiceNo: '00000000000000001234',
    amountSen: 12_345,
    paidAt: '2026-03-04T16:05:00.000Z',
    receiptNos: ['MDPG2026000001'],
  };

  it('an authentic token gives back its facts', () => {
    const token = signDocumentToken(facts, privateKey);
    expect(checkDocumentToken(token, [publicKey])).toEqual({ verdict: 'signed', facts });
  });

  it('any one changed character makes it altered', () => {
    const token = signDocumentToken(facts, privateKey);
    for (const at of [0, 5, Math.floor(token.length / 2), token.indexOf('.') + 3, token.length - 1]) {
      const swapped = token[at] === 'A' ? 'B' : 'A';
      const changed = token.slice(0, at) + swapped + token.slice(at + 1);
      expect(checkDocumentToken(changed, [publicKey]).verdict, `position ${at}`).toBe('altered');
    }
  });

  it('a token signed by another key is altered', () => {
    const other = generateKeyPairSync('ed25519');
    expect(checkDocumentToken(signDocumentToken(facts, other.privateKey), [publicKey]).verdict).toBe('altered');
  });

  it('something that is not a token is malformed', () => {
    expect(checkDocumentToken('hello', [publicKey]).verdict).toBe('malformed');
  });
});
