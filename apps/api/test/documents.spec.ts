import type { INestApplication } from '@nestjs/common';
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_TOKEN_HEADER, type VerifyResultDto } from '@councilpay/domain';
import { signDocumentToken } from '@councilpay/documents';
import { pdfText } from '@councilpay/testing';
import { DocumentSigner } from '../src/documents/document-signer';
import { PrismaService } from '../src/prisma/prisma.service';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { startListeningApi } from './test-app';

const squash = (s: string) => s.replace(/\s+/g, '');

function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('receipt PDF and verify codes', () => {
  let app: INestApplication;
  let paid: { reference: string; token: string; receiptNos: string[] };

  beforeAll(async () => {
    app = await startListeningApi();
    const a = await makePayable(app, { balanceSen: 12_345 });
    const b = await makePayable(app, { balanceSen: 100_000, council: 'mps' });
    const created = await createPayment(app, {
      ...fpxRequest([a.id, b.id]),
      payer: { name: 'Lim Ah Kow', email: `pdf-${Date.now()}@example.my`, phone: '0123456789' },
      language: 'zh',
    });
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const items = await app
      .get(PrismaService)
      .paymentItem.findMany({ where: { payment: { reference: created.reference } }, orderBy: { position: 'asc' } });
    paid = {
      reference: created.reference,
      token: created.paymentToken ?? '',
      receiptNos: items.map((i) => i.receiptNo!),
    };
    expect(paid.receiptNos.every(Boolean)).toBe(true);
  });
  afterAll(async () => {
    await app.close();
  });

  async function download(reference: string, query = '', token?: string) {
    const req = request(app.getHttpServer()).get(`/api/payments/${reference}/receipt.pdf${query}`);
    if (token) req.set(PAYMENT_TOKEN_HEADER, token);
    return req.buffer(true).parse(binary);
  }

  it('the payment token holder downloads the receipt in the payer’s language, with every number on it', async () => {
    const res = await download(paid.reference, '', paid.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${paid.reference}.pdf`);
    const text = squash(await pdfText(res.body as Buffer));
    for (const expected of [
      paid.reference,
      ...paid.receiptNos,
      'Lim Ah Kow',
      '正式收据',
      '已付款',
      'RM 1,123.45',
      'Maybank2U',
    ])
      expect(text, expected).toContain(squash(expected));
  });

  it('the reference alone gets the receipt with the payer’s name masked; lang picks the language', async () => {
    const res = await download(paid.reference, '?lang=en');
    expect(res.status).toBe(200);
    const text = squash(await pdfText(res.body as Buffer));
    expect(text).toContain('Officialreceipt');
    expect(text).toContain(paid.receiptNos[0]);
    expect(text).not.toContain('LimAhKow');
  });

  it('refuses an unknown reference (404), a bad language (400) and a payment not yet paid (409)', async () => {
    expect((await download('CPAAAAAAAAAAAAAAAAAA22')).status).toBe(404);
    expect((await download(paid.reference, '?lang=fr')).status).toBe(400);
    const bill = await makePayable(app, { balanceSen: 1_000 });
    const pending = await createPayment(app, fpxRequest([bill.id]));
    const res = await request(app.getHttpServer()).get(`/api/payments/${pending.reference}/receipt.pdf`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('receipt_not_ready');
  });

  describe('GET /api/verify/:token', () => {
    async function verify(token: string): Promise<VerifyResultDto> {
      const res = await request(app.getHttpServer())
        .get(`/api/verify/${encodeURIComponent(token)}`)
        .expect(200);
      return res.body as VerifyResultDto;
    }

    async function receiptToken(): Promise<string> {
      const prisma = app.get(PrismaService);
      const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: paid.reference } });
      return app.get(DocumentSigner).sign({
        kind: 'receipt',
        reference: payment.reference,
        invoiceNo: payment.invoiceNo,
        amountSen: payment.amountSen,
        paidAt: payment.finalAt!.toISOString(),
        receiptNos: paid.receiptNos,
      });
    }

    it('an authentic code shows the facts and today’s status', async () => {
      const result = await verify(await receiptToken());
      expect(result.verdict).toBe('authentic');
      expect(result.status).toBe('paid');
      expect(result.facts).toMatchObject({ kind: 'receipt', reference: paid.reference, amountSen: 112_345 });
      expect(result.facts?.receiptNos.sort()).toEqual([...paid.receiptNos].sort());
    });

    it('one changed character is altered', async () => {
      const token = await receiptToken();
      for (const at of [3, token.indexOf('.') - 2, token.indexOf('.') + 5, token.length - 1]) {
        const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
        expect((await verify(changed)).verdict, `position ${at}`).toBe('altered');
      }
    });

    it('a code signed by another key is altered, even with the real facts', async () => {
      const other = generateKeyPairSync('ed25519').privateKey;
      const prisma = app.get(PrismaService);
      const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: paid.reference } });
      const forged = signDocumentToken(
        {
          kind: 'receipt',
          reference: payment.reference,
          invoiceNo: payment.invoiceNo,
          amountSen: payment.amountSen,
          paidAt: payment.finalAt!.toISOString(),
          receiptNos: paid.receiptNos,
        },
        other,
      );
      expect((await verify(forged)).verdict).toBe('altered');
    });

    it('a properly signed code for a document we never issued is unknown, and so is garbage', async () => {
      const token = app.get(DocumentSigner).sign({
        kind: 'receipt',
        reference: 'CPAAAAAAAAAAAAAAAAAA22',
        invoiceNo: '00000000000000000001',
        amountSen: 100,
        paidAt: new Date().toISOString(),
        receiptNos: ['X1'],
      });
      expect((await verify(token)).verdict).toBe('unknown');
      expect((await verify('not-a-code')).verdict).toBe('unknown');
    });

    it('the code printed on the receipt is the one that verifies', async () => {
      const res = await download(paid.reference, '?lang=ms', paid.token);
      // The QR code is drawn; the same address is the link under it.
      const link = /\/URI \(([^)]+)\)/.exec((res.body as Buffer).toString('latin1'))?.[1] ?? '';
      expect(link).toMatch(/\/#\/verify\?t=/);
      const token = new URL(link.replace('/#/', '/')).searchParams.get('t') ?? '';
      expect((await verify(token)).verdict).toBe('authentic');
    });
  });
});
