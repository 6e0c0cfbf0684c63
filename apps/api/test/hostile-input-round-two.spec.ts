/**
 * The second black-box round's findings, each as a test: council images that could take a process down,
 * live status streams without a limit, the verify page after a refund, and the lower items.
 */
import type { INestApplication } from '@nestjs/common';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, PAYMENT_TOKEN_HEADER, type VerifyResultDto } from '@councilpay/domain';
import { ReceiptDocuments } from '../src/documents/receipts/receipt-documents';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  clearLimits,
  createLoggedApi,
  createUser,
  LogCapture,
  registration,
  signIn,
  smsCode,
  type Browser,
} from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi } from './test-app';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid-looking PNG of 68 bytes whose header claims 100000 x 100000 pixels (RGBA: 40 GB decoded). */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An SVG of about 1 KB whose `<use>` elements double 20 times: a million rectangles once drawn. */
function svgBomb(): string {
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><rect id="a0" width="1" height="1"/>';
  for (let i = 1; i <= 20; i += 1) svg += `<g id="a${i}"><use href="#a${i - 1}"/><use href="#a${i - 1}"/></g>`;
  return `${svg}</defs><use href="#a20"/></svg>`;
}

const pngUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

const imageObjects = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('hostile input, round two', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  const logs = new LogCapture();

  beforeAll(async () => {
    app = await createLoggedApi(logs, { LOG_LEVEL: 'info' });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const staff = await createUser(app, { roles: ['_admin'], verified: true });
    admin = await signIn(app, staff.email);
  });
  afterAll(async () => {
    await clearLimits(app);
    await app.close();
  });

  async function paidPayment(council = 'mdpg', balanceSen = 2_000, payerName = 'Siti Aminah') {
    const bill = await makePayable(app, { balanceSen, council });
    const created = await createPayment(
      app,
      fpxRequest([bill.id], { payer: { name: payerName, email: `r2-${Date.now()}@example.my`, phone: '0123456789' } }),
    );
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    return created;
  }

  async function receipt(reference: string, token?: string) {
    const req = request(app.getHttpServer()).get(`/api/payments/${reference}/receipt.pdf`);
    if (token) req.set(PAYMENT_TOKEN_HEADER, token);
    return req.buffer(true).parse(binary);
  }

  async function updateCouncil(code: string, change: Record<string, unknown>) {
    const current = await prisma.council.findUniqueOrThrow({ where: { code } });
    return admin.agent
      .put(`/api/admin/councils/${code}`)
      .set(CSRF_HEADER, admin.csrf)
      .send({
        active: current.active,
        logoUrl: current.logoPath,
        signatureOfficerName: current.signatureOfficerName,
        signatureOfficerPost: current.signatureOfficerPost,
        ...change,
      });
  }

  describe('council images', () => {
    it('the two image bombs are refused at upload with a clear 400, and nothing is stored', async () => {
      const before = await prisma.council.findUniqueOrThrow({ where: { code: 'mps' } });
      expect(pngBomb().length).toBe(68);
      expect(Buffer.byteLength(svgBomb())).toBeLessThan(1_200);
      const png = await updateCouncil('mps', { logoImage: pngUrl(pngBomb()) });
      expect(png.status).toBe(400);
      expect(png.body).toMatchObject({ code: 'image_invalid', errors: [{ field: 'logoImage' }] });
      expect(png.body.message).toMatch(/^logoImage is 100000 x 100000 pixels/);
      const svg = await updateCouncil('mps', { signatureImage: svgUrl(svgBomb()) });
      expect(svg.status).toBe(400);
      expect(svg.body).toMatchObject({ code: 'image_invalid', errors: [{ field: 'signatureImage' }] });
      expect(svg.body.message).toMatch(/^signatureImage nests <use> 20 deep/);
      expect(await prisma.council.findUniqueOrThrow({ where: { code: 'mps' } })).toEqual(before);
    });

    it('SVGs with animated javascript: links, <iframe>, <embed> or @import url(http…) are refused; nothing is stored', async () => {
      const before = await prisma.council.findUniqueOrThrow({ where: { code: 'mps' } });
      const hostile = [
        '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><rect width="9" height="9"/></a></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><iframe src="https://evil.example/"></iframe><rect width="9" height="9"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><embed src="https://evil.example/x.swf"/><rect width="9" height="9"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><style>@import url(http://evil.example/x.css);</style><rect width="9" height="9"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9" style="fill:url(http://evil.example/p)"/></svg>',
      ];
      for (const svg of hostile) {
        const res = await updateCouncil('mps', { logoImage: svgUrl(svg) });
        expect(res.status, svg).toBe(400);
        expect(res.body, svg).toMatchObject({ code: 'image_invalid', details: { reason: 'svg_not_plain' } });
        expect(res.body.message, svg).toMatch(/^logoImage may hold only a drawing: .+ is not allowed/);
      }
      expect(await prisma.council.findUniqueOrThrow({ where: { code: 'mps' } })).toEqual(before);
    });

    it('a logo address of another site (//evil.example/x.png) is refused; a path on this site is taken', async () => {
      const refused = await updateCouncil('mps', { logoUrl: '//evil.example/x.png' });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'logoUrl' }));
      expect((await updateCouncil('mps', { logoUrl: '/api/councils/mps/logo.svg' })).status).toBe(200);
    });

    it('documents of a council whose bombs were stored before the fix render without them, and the process serves others meanwhile', async () => {
      const original = await prisma.council.findUniqueOrThrow({ where: { code: 'mpt' } });
      const paid = await paidPayment('mpt');
      try {
        for (const [name, logoImage] of [
          ['svg', svgUrl(svgBomb())],
          ['png', pngUrl(pngBomb())],
        ] as const) {
          // Stored as the old upload check let it be (no route takes it now).
          await prisma.council.update({ where: { code: 'mpt' }, data: { logoImage, signatureImage: logoImage } });
          await prisma.payment.update({ where: { reference: paid.reference }, data: { version: { increment: 1 } } });
          const started = Date.now();
          const [pdf, other] = await Promise.all([
            receipt(paid.reference, paid.paymentToken ?? undefined),
            (async () => {
              await new Promise((resolve) => setTimeout(resolve, 50));
              const at = Date.now();
              const res = await request(app.getHttpServer()).get('/api/councils');
              return { status: res.status, ms: Date.now() - at };
            })(),
          ]);
          console.info(`stored ${name} bomb: receipt in ${Date.now() - started} ms, another request in ${other.ms} ms`);
          expect(pdf.status, name).toBe(200);
          expect((pdf.body as Buffer).subarray(0, 5).toString(), name).toBe('%PDF-');
          expect(imageObjects(pdf.body as Buffer), name).toBe(0);
          expect(other.status, name).toBe(200);
          // As the notify worker renders the receipt it attaches to the paid email.
          const attached = await app.get(ReceiptDocuments).pdf(paid.reference, 'en', 'full');
          expect(attached.ok, name).toBe(true);
        }
        expect(logs.text.join('')).toMatch(/Council image left off the document/);
        expect((await request(app.getHttpServer()).get('/api/health')).status).toBe(200);
      } finally {
        await prisma.council.update({
          where: { code: 'mpt' },
          data: { logoImage: original.logoImage, signatureImage: original.signatureImage },
        });
      }
    });
  });

  describe('live payment status streams', () => {
    interface Stream {
      status: number;
      headers: IncomingMessage['headers'];
      text: () => string;
      ended: () => boolean;
      close: () => void;
    }

    /** Opens a stream and resolves once its answer's head is in (any status). */
    function open(port: number, reference: string): Promise<Stream> {
      return new Promise((resolve, reject) => {
        let body = '';
        let ended = false;
        const req = get({ host: '127.0.0.1', port, path: `/api/payments/${reference}/events`, agent: false }, (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => {
            ended = true;
          });
          res.on('error', () => {
            ended = true;
          });
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: () => body,
            ended: () => ended,
            close: () => req.destroy(),
          });
        });
        req.on('error', reject);
      });
    }

    async function listening(overrides: Record<string, string>) {
      const streamsApp = await createTestApi(overrides);
      await streamsApp.listen(0, '127.0.0.1');
      return { streamsApp, port: (streamsApp.getHttpServer().address() as AddressInfo).port };
    }

    async function openPayments(n: number): Promise<string[]> {
      const references: string[] = [];
      for (let i = 0; i < n; i += 1) {
        const bill = await makePayable(app, { balanceSen: 1_000 + i });
        references.push((await createPayment(app, fpxRequest([bill.id]))).reference);
      }
      return references;
    }

    it('1,500 streams from one address: all but the allowed few are refused (429), and other requests are unharmed', async () => {
      const { streamsApp, port } = await listening({ LIVE_STREAMS_PER_ADDRESS: '5', LIVE_STREAMS_PER_PAYMENT: '3' });
      const references = await openPayments(10);
      const streams: Stream[] = [];
      try {
        const started = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 1_500 }, (_, i) => open(port, references[i % references.length])),
        );
        streams.push(...answers);
        const byStatus: Record<number, number> = {};
        for (const s of answers) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
        console.info(`1,500 streams answered in ${Date.now() - started} ms: ${JSON.stringify(byStatus)}`);
        expect(byStatus).toEqual({ 200: 5, 429: 1_495 });
        const refused = answers.find((s) => s.status === 429);
        expect(refused?.headers['retry-after']).toBeDefined();

        // Meanwhile the same process answers everything else.
        const other = await request(streamsApp.getHttpServer()).get('/api/councils');
        expect(other.status).toBe(200);
        expect((await request(streamsApp.getHttpServer()).get(`/api/payments/${references[0]}`)).status).toBe(200);

        // A stream closed gives its place back.
        answers.filter((s) => s.status === 200)[0].close();
        let again: Stream | null = null;
        for (let attempt = 0; attempt < 50 && again?.status !== 200; attempt += 1) {
          again?.close();
          await new Promise((resolve) => setTimeout(resolve, 100));
          again = await open(port, references[9]);
        }
        if (again) streams.push(again);
        expect(again?.status).toBe(200);
      } finally {
        for (const s of streams) s.close();
        await streamsApp.close();
      }
    });

    it('at most a few streams per payment (429), and a process holds at most LIVE_STREAMS_MAX (503)', async () => {
      const [reference, another] = await openPayments(2);
      const perPayment = await listening({ LIVE_STREAMS_PER_ADDRESS: '50', LIVE_STREAMS_PER_PAYMENT: '3' });
      const streams: Stream[] = [];
      try {
        for (let i = 0; i < 4; i += 1) streams.push(await open(perPayment.port, reference));
        expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 429]);
      } finally {
        for (const s of streams.splice(0)) s.close();
        await perPayment.streamsApp.close();
      }
      const full = await listening({ LIVE_STREAMS_PER_ADDRESS: '50', LIVE_STREAMS_MAX: '2' });
      try {
        streams.push(await open(full.port, reference), await open(full.port, another), await open(full.port, another));
        expect(streams.map((s) => s.status)).toEqual([200, 200, 503]);
        expect(streams[2].headers['retry-after']).toBeDefined();
      } finally {
        for (const s of streams) s.close();
        await full.streamsApp.close();
      }
    });

    it('a quiet stream gets a `: keep-alive` comment line at each interval and ends after the idle limit', async () => {
      const [reference] = await openPayments(1);
      const { streamsApp, port } = await listening({ LIVE_STREAM_KEEPALIVE_MS: '200', LIVE_STREAM_IDLE_MS: '1500' });
      const stream = await open(port, reference);
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers['content-type']).toContain('text/event-stream');
        const deadline = Date.now() + 60_000;
        while (!stream.ended() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(stream.ended()).toBe(true);
        const text = stream.text();
        expect(text).toContain('event: status\ndata: {"status":"in_progress"}\n\n');
        expect(text.match(/^: keep-alive$/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
      } finally {
        stream.close();
        await streamsApp.close();
      }
    });
  });

  describe('verify after a refund', () => {
    async function printedCode(reference: string, token: string): Promise<string> {
      const res = await receipt(reference, token);
      expect(res.status).toBe(200);
      const link = /\/URI \(([^)]+)\)/.exec((res.body as Buffer).toString('latin1'))?.[1] ?? '';
      return new URL(link.replace('/#/', '/')).searchParams.get('t') ?? '';
    }

    async function verify(code: string): Promise<VerifyResultDto> {
      const res = await request(app.getHttpServer()).get(`/api/verify/${encodeURIComponent(code)}`);
      expect(res.status).toBe(200);
      return res.body as VerifyResultDto;
    }

    async function refund(reference: string, amountSen: number) {
      const item = await prisma.paymentItem.findFirstOrThrow({ where: { payment: { reference } } });
      await admin.agent
        .post(`/api/admin/payments/${reference}/refunds`)
        .set(CSRF_HEADER, admin.csrf)
        .send({ reason: 'Ujian bayaran balik', items: [{ itemId: item.id, amountSen, reverseCredit: false }] })
        .expect(201);
    }

    it('a genuine receipt issued before a full refund verifies as authentic, and says it was refunded in full', async () => {
      const paid = await paidPayment('mdpg', 7_128);
      const code = await printedCode(paid.reference, paid.paymentToken!);
      expect((await verify(code)).verdict).toBe('authentic');
      await refund(paid.reference, 7_128);

      const after = await verify(code);
      expect(after).toMatchObject({
        verdict: 'authentic',
        status: 'refunded',
        facts: { reference: paid.reference, amountSen: 7_128 },
        refund: { kind: 'full', refundedSen: 7_128 },
      });
      // The receipt made after the refund carries the time it was paid, and verifies the same way.
      const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: paid.reference } });
      expect(payment.finalAt?.getTime()).not.toBe(payment.paidAt?.getTime());
      const later = await verify(await printedCode(paid.reference, paid.paymentToken!));
      expect(later).toMatchObject({ verdict: 'authentic', facts: { paidAt: payment.paidAt?.toISOString() } });
    });

    it('a receipt of a payment with RM 64.14 of RM 71.28 refunded says authentic, and the part refunded', async () => {
      const paid = await paidPayment('mdpg', 7_128);
      const code = await printedCode(paid.reference, paid.paymentToken!);
      await refund(paid.reference, 6_414);
      expect(await verify(code)).toMatchObject({
        verdict: 'authentic',
        status: 'paid',
        facts: { amountSen: 7_128 },
        refund: { kind: 'partial', refundedSen: 6_414 },
      });
    });

    it('the verify page answers at most 120 checks per address in 10 minutes (429 beyond)', async () => {
      await clearLimits(app);
      try {
        const codes: number[] = [];
        for (let i = 0; i < 121; i += 1)
          codes.push((await request(app.getHttpServer()).get(`/api/verify/not-a-code-${i}`)).status);
        expect(codes.slice(0, 120).every((status) => status === 200)).toBe(true);
        expect(codes[120]).toBe(429);
      } finally {
        await clearLimits(app);
      }
    });
  });

  describe('lower items', () => {
    it('staff requery: at most 5 enquiries per payment and 30 per staff member in 10 minutes (429 beyond)', async () => {
      await clearLimits(app);
      const officer = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
      const staff = await signIn(app, officer.email);
      const ask = (reference: string) =>
        staff.agent.post(`/api/admin/payments/${reference}/requery`).set(CSRF_HEADER, staff.csrf);
      try {
        const bills = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(() => makePayable(app, { balanceSen: 1_500 })));
        const payments = [];
        for (const bill of bills) payments.push(await createPayment(app, fpxRequest([bill.id])));
        const one: number[] = [];
        for (let i = 0; i < 6; i += 1) one.push((await ask(payments[0].reference)).status);
        expect(one.slice(0, 5).every((status) => status === 200)).toBe(true);
        expect(one[5]).toBe(429);
        // The staff member has 6 counted (the refused one too): 24 more over other payments reach 30, and the
        // next is refused whatever the payment.
        const many: number[] = [];
        for (let i = 0; i < 25; i += 1) many.push((await ask(payments[1 + (i % 6)].reference)).status);
        expect(many.slice(0, 24).every((status) => status === 200)).toBe(true);
        expect(many[24]).toBe(429);
      } finally {
        await clearLimits(app);
      }
    });

    it('staff resend: at most 5 messages again to one payer in an hour (429 beyond)', async () => {
      await clearLimits(app);
      const paid = await paidPayment();
      try {
        const sent: number[] = [];
        for (let i = 0; i < 6; i += 1)
          sent.push(
            (
              await admin.agent
                .post(`/api/admin/payments/${paid.reference}/resend`)
                .set(CSRF_HEADER, admin.csrf)
                .send({ channel: 'sms' })
            ).status,
          );
        expect(sent).toEqual([202, 202, 202, 202, 202, 429]);
      } finally {
        await clearLimits(app);
      }
    });

    it('personal JSON answers carry Cache-Control: no-store', async () => {
      const payer = await createUser(app, { verified: true });
      const browser = await signIn(app, payer.email);
      const me = await browser.agent.get('/api/auth/me').expect(200);
      expect(me.headers['cache-control']).toBe('no-store');
      expect((await browser.agent.get('/api/me/profile').expect(200)).headers['cache-control']).toBe('no-store');
      const paid = await paidPayment();
      const whole = await request(app.getHttpServer())
        .get(`/api/payments/${paid.reference}`)
        .set(PAYMENT_TOKEN_HEADER, paid.paymentToken!)
        .expect(200);
      expect(whole.headers['cache-control']).toBe('no-store');
      const staff = await admin.agent.get(`/api/admin/payments/${paid.reference}`).expect(200);
      expect(staff.headers['cache-control']).toBe('no-store');
    });

    it('finishing registration with a taken email says so at most 3 times a day per phone, then 429', async () => {
      await clearLimits(app);
      try {
        const phone = registration().phone;
        const answers: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          const existing = await createUser(app);
          const form = registration({ email: existing.email, phone });
          const started = await request(app.getHttpServer()).post('/api/auth/register').send(form).expect(202);
          const code = await smsCode(app, phone);
          const done = await request(app.getHttpServer())
            .post('/api/auth/register/verify')
            .send({ verificationId: started.body.verificationId, code });
          answers.push(done.status);
        }
        expect(answers).toEqual([409, 409, 409, 429]);
      } finally {
        await clearLimits(app);
      }
    });

    it('a two-letter payer name is never shown whole in the public view', async () => {
      const paid = await paidPayment('mdpg', 2_000, 'AB');
      const open = await request(app.getHttpServer()).get(`/api/payments/${paid.reference}`).expect(200);
      expect(open.body.payerName).toBe('**');
      const whole = await request(app.getHttpServer())
        .get(`/api/payments/${paid.reference}`)
        .set(PAYMENT_TOKEN_HEADER, paid.paymentToken!)
        .expect(200);
      expect(whole.body.payerName).toBe('AB');
    });
  });
});
