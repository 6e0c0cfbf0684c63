import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LicenceRowDto, VerifyResultDto } from '@councilpay/domain';
import { pdfText } from '@councilpay/testing';
import { PrismaService } from '../src/prisma/prisma.service';
import { createUser, signIn, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, postDirectAc, signedAc } from './payment-helpers';
import { startListeningApi } from './test-app';

/** A small greyscale PNG (4x4). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAAAAACMmsGiAAAAEklEQVR4nGNgYGBgYGBgYGAAAAAQAAGfYqDzAAAAAElFTkSuQmCC',
  'base64',
);

const squash = (s: string) => s.replace(/\s+/g, '');

function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('digital licences of the signed-in payer', () => {
  let app: INestApplication;
  let browser: Browser;
  let email: string;
  const refs = { ok: '', approved: '', noPhoto: '', hawker: '', paidInChinese: '' };

  async function licencePayable(kind: string, printCode: string, statusl: string, photo: boolean) {
    const no = `LT${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const payable = await app.get(PrismaService).payable.create({
      data: {
        councilCode: 'mdpg',
        type: 'trading_license',
        accountNo: no,
        displayNo: no,
        ownerName: 'KEDAI UJIAN MAKMUR',
        address: 'Lot 9, Jalan Ujian',
        balanceSen: 36_000,
        paidUntilYear: 2025,
        paidUntilMonth: 12,
        details: { natureOfBusiness: 'Kedai runcit', location: 'Sekitar Donggongon' },
        licence: {
          create: {
            licenceNo: no,
            reference: `REF-${no}`,
            statusl,
            mKodType: 'niaga',
            kind,
            printCode,
            photo: photo ? new Uint8Array(PHOTO) : null,
          },
        },
      },
    });
    return { payable, reference: `REF-${no}` };
  }

  beforeAll(async () => {
    app = await startListeningApi();
    const user = await createUser(app, { verified: true });
    email = user.email;
    const ok = await licencePayable('niaga', '2', 'active', true);
    const approved = await licencePayable('niaga', '2', 'approved', true);
    const noPhoto = await licencePayable('pasar', '3', 'active', false);
    const hawker = await licencePayable('penjaja', '1', 'active', true);
    Object.assign(refs, {
      ok: ok.reference,
      approved: approved.reference,
      noPhoto: noPhoto.reference,
      hawker: hawker.reference,
    });
    const created = await createPayment(app, {
      ...fpxRequest([ok.payable.id, approved.payable.id, noPhoto.payable.id, hawker.payable.id]),
      payer: { name: 'Kedai Ujian', email, phone: '0123456789' },
    });
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    // A licence paid by a payer reading Chinese.
    const inChinese = await licencePayable('niaga', '2', 'active', true);
    refs.paidInChinese = inChinese.reference;
    const createdInChinese = await createPayment(app, {
      ...fpxRequest([inChinese.payable.id]),
      payer: { name: 'Kedai Ujian', email, phone: '0123456789' },
      language: 'zh',
    });
    await postDirectAc(app, signedAc(createdInChinese.redirect, '00')).expect(200);
    browser = await signIn(app, email);
  });
  afterAll(async () => {
    await app.close();
  });

  const pdf = (reference: string, query = '') =>
    browser.agent.get(`/api/licences/${reference}.pdf${query}`).buffer(true).parse(binary);

  it('lists every paid licence with its template and whether it can be printed', async () => {
    const res = await browser.agent.get('/api/me/licences').expect(200);
    const rows = res.body as LicenceRowDto[];
    const by = new Map(rows.map((r) => [r.reference, r]));
    expect(by.get(refs.ok)).toMatchObject({
      template: 'niaga',
      blocked: null,
      paidUntil: '12/2026',
      statusl: 'active',
    });
    expect(by.get(refs.approved)?.blocked).toBe('license_status_not_allowed');
    expect(by.get(refs.noPhoto)).toMatchObject({ template: 'pasar', blocked: 'owner_photo_not_found' });
    expect(by.get(refs.hawker)?.template).toBe('moving_hawker');
  });

  it('makes the digital licence on the first request, then serves it as stored', async () => {
    const first = await pdf(refs.ok);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const text = squash(await pdfText(first.body as Buffer));
    for (const expected of ['Lesen Perniagaan', refs.ok, 'KEDAI UJIAN MAKMUR', 'Kedai runcit', '12/2026', 'RM 360.00'])
      expect(text, expected).toContain(squash(expected));
    const stored = await app.get(PrismaService).digitalLicence.findFirstOrThrow({
      where: { licence: { reference: refs.ok } },
    });
    expect(stored.pdf && Buffer.from(stored.pdf).equals(first.body as Buffer)).toBe(true);
    const second = await pdf(refs.ok);
    expect((second.body as Buffer).equals(first.body as Buffer)).toBe(true);
    expect(await app.get(PrismaService).digitalLicence.count({ where: { licence: { reference: refs.ok } } })).toBe(1);

    // Its code verifies as an authentic licence.
    const link = /\/URI \(([^)]+)\)/.exec((first.body as Buffer).toString('latin1'))?.[1] ?? '';
    const token = new URL(link.replace('/#/', '/')).searchParams.get('t') ?? '';
    const verified = (await browser.agent.get(`/api/verify/${token}`).expect(200)).body as VerifyResultDto;
    expect(verified).toMatchObject({ verdict: 'authentic', facts: { kind: 'licence', reference: refs.ok } });
  });

  it('in English or Chinese: the Malay text with the payer’s language beside it, each stored apart from the Malay one', async () => {
    const malay = squash(await pdfText((await pdf(refs.ok, '?lang=ms')).body as Buffer));
    expect(malay).toContain(squash('Pemegang lesen'));
    expect(malay).not.toContain(squash('Licence holder'));
    expect(malay).not.toContain('执照');

    const en = await pdf(refs.ok, '?lang=en');
    expect(en.status).toBe(200);
    const english = squash(await pdfText(en.body as Buffer));
    for (const expected of [
      'Lesen digital / Digital licence',
      'Lesen Perniagaan / Trading Licence',
      'Pemegang lesen / Licence holder',
      'Sah hingga / Valid until',
      'Should the texts differ, the Malay text prevails.',
      'KEDAI UJIAN MAKMUR',
      'RM 360.00',
    ])
      expect(english, expected).toContain(squash(expected));

    const zh = await pdf(refs.ok, '?lang=zh');
    const chinese = squash(await pdfText(zh.body as Buffer));
    for (const expected of ['Lesen Perniagaan / 贸易执照', 'Pemegang lesen / 执照持有人', '以马来文文本为准'])
      expect(chinese, expected).toContain(squash(expected));

    // Each language made once and stored; the Malay licence is still the Malay one.
    expect(((await pdf(refs.ok, '?lang=en')).body as Buffer).equals(en.body as Buffer)).toBe(true);
    const stored = await app.get(PrismaService).digitalLicence.findFirstOrThrow({
      where: { licence: { reference: refs.ok } },
      include: { copies: true },
    });
    expect(stored.copies.map((c) => c.language).sort()).toEqual(['en', 'zh']);
    expect(squash(await pdfText(Buffer.from(stored.pdf!)))).not.toContain(squash('Licence holder'));
  });

  it('without lang, in the language the payer paid in; another lang is refused', async () => {
    const res = await pdf(refs.paidInChinese);
    expect(res.status).toBe(200);
    const text = squash(await pdfText(res.body as Buffer));
    expect(text).toContain(squash('Pemegang lesen / 执照持有人'));
    const bad = await browser.agent.get(`/api/licences/${refs.ok}.pdf?lang=fr`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'lang' }] });
  });

  it('the moving hawker licence uses its own template and shows the area', async () => {
    const res = await pdf(refs.hawker);
    expect(res.status).toBe(200);
    const text = squash(await pdfText(res.body as Buffer));
    expect(text).toContain(squash('Lesen Penjaja Bergerak'));
    expect(text).toContain(squash('Sekitar Donggongon'));
  });

  it('refuses an approved statusl, a missing photo, and someone else’s licence, making nothing', async () => {
    const approved = await browser.agent.get(`/api/licences/${refs.approved}.pdf`);
    expect(approved.status).toBe(409);
    expect(approved.body.code).toBe('license_status_not_allowed');
    const noPhoto = await browser.agent.get(`/api/licences/${refs.noPhoto}.pdf`);
    expect(noPhoto.status).toBe(409);
    expect(noPhoto.body).toMatchObject({
      code: 'owner_photo_not_found',
      message: 'Unable to print due to owner photo not found. Please check with license department.',
    });
    const other = await createUser(app, { verified: true });
    const stranger = await signIn(app, other.email);
    expect((await stranger.agent.get(`/api/licences/${refs.ok}.pdf`)).status).toBe(404);
    expect(
      await app.get(PrismaService).digitalLicence.count({
        where: { licence: { reference: { in: [refs.approved, refs.noPhoto] } } },
      }),
    ).toBe(0);
  });

  it('needs a signed-in payer', async () => {
    expect([401, 403]).toContain((await request(app.getHttpServer()).get('/api/me/licences')).status);
    expect([401, 403]).toContain((await request(app.getHttpServer()).get(`/api/licences/${refs.ok}.pdf`)).status);
  });
});
