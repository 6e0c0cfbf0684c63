import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_TOKEN_HEADER } from '@councilpay/domain';
import { CSS_COLOURED_SVG_LOGO, isLogoGreen, pdfText, printedLogoColour } from '@councilpay/testing';
import { councilMonogramSvg, placeholderSignatureSvg, svgDataUrl } from '../src/councils/council-monogram';
import { normaliseDocumentImage } from '../src/councils/document-image';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, CSRF_HEADER, signIn, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { startListeningApi } from './test-app';

/** A small grey gradient PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAB4AAAAoCAAAAADMeBXOAAAANElEQVR4nGNg4BCQUNAwsHDwCIhIyCioaOiYMGPBig07Dpy4cOPBC4ZR6VHpUelR6aEmDQA8/h/f1VlgeQAAAABJRU5ErkJggg==';
const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** Council logos on receipts: uploaded by staff (validated), placeholders from the seed, none at all. */
describe('council images on documents', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;

  beforeAll(async () => {
    app = await startListeningApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const staff = await createUser(app, { roles: ['_admin'], verified: true });
    admin = await signIn(app, staff.email);
  });
  afterAll(async () => {
    await app.close();
  });

  async function receiptOf(council: string): Promise<Buffer> {
    const bill = await makePayable(app, { balanceSen: 2_000, council });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const res = await request(app.getHttpServer())
      .get(`/api/payments/${created.reference}/receipt.pdf`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  }
  const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

  async function update(code: string, change: Record<string, unknown>) {
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

  it('the seed gives every council placeholders drawn from its code (never committed images), stored as PNGs', async () => {
    const mdpg = await prisma.council.findUniqueOrThrow({ where: { code: 'mdpg' } });
    const drawn = async (svg: string) => {
      const checked = await normaliseDocumentImage(svgDataUrl(svg));
      return checked.ok ? checked.dataUrl : checked.problem;
    };
    expect(councilMonogramSvg('mdpg')).toContain('>MDPG</text>');
    expect(mdpg.logoImage).toBe(await drawn(councilMonogramSvg('mdpg')));
    expect(mdpg.signatureImage).toBe(await drawn(placeholderSignatureSvg('mdpg')));
    expect(mdpg.logoImage).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses an image that is not a small PNG or a plain SVG with a clear 400, and writes nothing', async () => {
    const before = await prisma.council.findUniqueOrThrow({ where: { code: 'mps' } });
    const refused = [
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'https://example.com/logo.png',
      `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`,
      `data:image/png;base64,${Buffer.concat([Buffer.from(PNG.split(',')[1], 'base64'), Buffer.alloc(21 * 1024)]).toString('base64')}`,
      svgUrl('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      svgUrl('<svg xmlns="http://www.w3.org/2000/svg"><image href="https://example.com/x.png"/></svg>'),
    ];
    for (const logoImage of refused) {
      const res = await update('mps', { logoImage });
      expect(res.status, logoImage.slice(0, 40)).toBe(400);
      expect(res.body).toMatchObject({ code: 'image_invalid', errors: [{ field: 'logoImage' }] });
      expect(res.body.message).toMatch(/^logoImage /);
    }
    const bad = await update('mps', { signatureImage: 'data:image/jpeg;base64,/9j/4AAQ' });
    expect(bad.body).toMatchObject({ code: 'image_invalid', errors: [{ field: 'signatureImage' }] });
    expect(await prisma.council.findUniqueOrThrow({ where: { code: 'mps' } })).toEqual(before);
  });

  it('an uploaded PNG or SVG logo is stored and printed as a PNG; a council without one still renders', async () => {
    expect((await update('mps', { logoImage: PNG })).status).toBe(200);
    const stored = (await prisma.council.findUniqueOrThrow({ where: { code: 'mps' } })).logoImage;
    const redrawn = await normaliseDocumentImage(PNG);
    expect(redrawn).toMatchObject({ ok: true, width: 30, height: 40 });
    expect(stored).toBe(redrawn.ok && redrawn.dataUrl);
    // Staff read the images back whole, for the console to show; the list does not carry them.
    const detail = (await admin.agent.get('/api/admin/councils/mps').expect(200)).body;
    expect(detail).toMatchObject({ logoImage: stored, signatureImage: expect.stringMatching(/^data:image\/png;/) });
    const list = (await admin.agent.get('/api/admin/councils').expect(200)).body as Record<string, unknown>[];
    expect(list.find((row) => row.code === 'mps')).not.toHaveProperty('logoImage');
    const withPng = await receiptOf('mps');
    expect(images(withPng)).toBe(1);

    // An SVG is stored as the PNG drawn from it, and printed as an image: the PDF library never draws it.
    const svg = svgUrl(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#1a4f8b"/></svg>',
    );
    expect((await update('mps', { logoImage: svg })).status).toBe(200);
    expect((await prisma.council.findUniqueOrThrow({ where: { code: 'mps' } })).logoImage).toMatch(
      /^data:image\/png;base64,/,
    );
    // (A drawing with transparency is two image objects: the picture and its mask.)
    expect(images(await receiptOf('mps'))).toBeGreaterThan(0);
    // The seeded monogram likewise: a PNG image, its letters drawn in it rather than written as PDF text.
    const withMonogram = await receiptOf('mdpg');
    expect(images(withMonogram)).toBeGreaterThan(0);
    expect((await pdfText(withMonogram)).split('\n').map((l) => l.trim())).not.toContain('MDPG');

    // No logo at all: the receipt still renders, with its title.
    expect((await update('mps', { logoImage: null })).status).toBe(200);
    const without = await receiptOf('mps');
    expect(images(without)).toBe(0);
    expect((await pdfText(without)).split('\n').map((l) => l.trim())).not.toContain('MPS');
    expect(await pdfText(without)).toContain('Resit rasmi');
  });

  /** A small greyscale PNG: an owner's photo. */
  const PHOTO = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAAAAACMmsGiAAAAEklEQVR4nGNgYGBgYGBgYGAAAAAQAAGfYqDzAAAAAElFTkSuQmCC',
    'base64',
  );

  it('a logo stored as an SVG prints in its own colours on the receipt, the licence and the day close', async () => {
    // Stored before images were stored as PNGs: an SVG whose colour is a CSS colour (hsl, as the seed's monograms
    // were). Drawn by the PDF library itself it came out black.
    await prisma.council.update({ where: { code: 'mpt' }, data: { logoImage: CSS_COLOURED_SVG_LOGO } });

    expect(isLogoGreen(await printedLogoColour(await receiptOf('mpt'))), 'receipt').toBe(true);

    // A digital licence of a licence at that council, paid by a signed-in payer.
    const payer = await createUser(app, { verified: true });
    const no = `LTLOGO${Date.now()}`;
    const licensed = await prisma.payable.create({
      data: {
        councilCode: 'mpt',
        type: 'trading_license',
        accountNo: no,
        displayNo: no,
        ownerName: 'KEDAI WARNA',
        balanceSen: 10_000,
        paidUntilYear: 2025,
        paidUntilMonth: 12,
        licence: {
          create: {
            licenceNo: no,
            reference: `REF-${no}`,
            statusl: 'active',
            mKodType: 'niaga',
            kind: 'niaga',
            printCode: '2',
            photo: new Uint8Array(PHOTO),
          },
        },
      },
    });
    const paid = await createPayment(app, {
      ...fpxRequest([licensed.id]),
      payer: { name: 'Kedai Warna', email: payer.email, phone: '0123456789' },
    });
    await postDirectAc(app, signedAc(paid.redirect, '00')).expect(200);
    const browser = await signIn(app, payer.email);
    const licence = await browser.agent.get(`/api/licences/REF-${no}.pdf`).buffer(true).parse(binary).expect(200);
    expect(isLogoGreen(await printedLogoColour(licence.body as Buffer)), 'licence').toBe(true);

    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const close = await admin.agent
      .get(`/api/admin/day-close/mpt/${day}/report.pdf`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(isLogoGreen(await printedLogoColour(close.body as Buffer)), 'day close').toBe(true);
  });
});
