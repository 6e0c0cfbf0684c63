import { describe, expect, it } from 'vitest';
import type { Language } from '@councilpay/domain';
import {
  LICENCE_TEMPLATES,
  licenceDefinition,
  licencePrintRefusal,
  licenceTemplate,
  type LicenceData,
  type LicenceTemplate,
} from './licence';
import { renderPdf } from './render';
import { pdfText } from './testing/pdf-text';

/** A small grey gradient PNG: the owner's photo. */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAB4AAAAoCAAAAADMeBXOAAAANElEQVR4nGNg4BCQUNAwsHDwCIhIyCioaOiYMGPBig07Dpy4cOPBC4ZR6VHpUelR6aEmDQA8/h/f1VlgeQAAAABJRU5ErkJggg==';

const squash = (s: string) => s.replace(/\s+/g, '');

function licence(template: LicenceTemplate, language: Language = 'ms'): LicenceData {
  return {
    language,
    template,
    councilName: 'Majlis Daerah Penampang',
    licenceNo: 'LP-2025-0001',
    licenceRef: 'MDPG-LP-0001',
    ownerName: 'KEDAI KOPI HUP SENG',
    photoDataUrl: PHOTO,
    business: 'Kedai kopi dan makanan',
    address: 'Lot 5, Bandar Donggongon',
    location: 'Sekitar Donggongon',
    stallNo: 'T-14',
    receiptNo: 'MDPG-2026-000123',
    paidAt: new Date('2026-01-05T02:30:00.000Z'),
    paidUntilYear: 2026,
    paidUntilMonth: 12,
    amountSen: 36_000,
    officerName: 'HAJAH NORMAH BINTI ALI',
    officerPost: 'Ketua Unit Pelesenan',
    verifyUrl: 'http://localhost:3000/#/verify?t=abc.def',
  };
}

const TITLES: Record<LicenceTemplate, string> = {
  operasi_general: 'Lesen Operasi',
  operasi_food: 'Lesen Operasi: Premis Makanan',
  operasi_hotel: 'Lesen Operasi: Rumah Tumpangan',
  operasi_education: 'Lesen Operasi: Pusat Tuisyen',
  amusement: 'Lesen Hiburan',
  operasi_fuel: 'Lesen Operasi: Stesen Minyak',
  operasi_workshop: 'Lesen Operasi: Bengkel',
  operasi_factory: 'Lesen Operasi: Kilang',
  moving_hawker: 'Lesen Penjaja Bergerak',
  penjaja: 'Lesen Penjaja',
  pasar: 'Lesen Gerai Pasar',
  kakilima: 'Lesen Kaki Lima',
  iklan: 'Lesen Iklan',
  niaga: 'Lesen Perniagaan',
};

describe('licence template', () => {
  it('operasi has eleven print codes, several of them amusement; unknown codes fall back to general', () => {
    const codes = Array.from({ length: 11 }, (_, i) => licenceTemplate('operasi', String(i + 1)));
    expect(codes.filter((t) => t === 'amusement').length).toBeGreaterThan(1);
    expect(new Set(codes).size).toBe(8);
    expect(licenceTemplate('operasi', '05')).toBe('amusement');
    expect(licenceTemplate('operasi', '99')).toBe('operasi_general');
  });

  it('penjaja uses the moving-hawker template only when the print code is 1', () => {
    expect(licenceTemplate('penjaja', '1')).toBe('moving_hawker');
    expect(licenceTemplate('penjaja', '2')).toBe('penjaja');
    expect(licenceTemplate('penjaja', null)).toBe('penjaja');
  });

  it('pasar, kakilima, iklan and niaga have their own', () => {
    for (const kind of ['pasar', 'kakilima', 'iklan', 'niaga'] as const) expect(licenceTemplate(kind, '2')).toBe(kind);
  });

  it('an approved statusl cannot be generated; a missing photo is never printed', () => {
    expect(licencePrintRefusal({ statusl: 'approved', hasPhoto: true })).toBe('license_status_not_allowed');
    expect(licencePrintRefusal({ statusl: 'active', hasPhoto: false })).toBe('owner_photo_not_found');
    expect(licencePrintRefusal({ statusl: 'active', hasPhoto: true })).toBeNull();
  });
});

describe('digital licence PDF', () => {
  for (const template of LICENCE_TEMPLATES) {
    it(`template ${template}: title, licence and payment facts, officer`, async () => {
      const text = squash(await pdfText(await renderPdf(licenceDefinition(licence(template)))));
      const place =
        template === 'moving_hawker'
          ? 'Sekitar Donggongon'
          : template === 'pasar'
            ? 'T-14'
            : 'Lot 5, Bandar Donggongon';
      for (const expected of [
        'Majlis Daerah Penampang',
        'Lesen digital',
        TITLES[template],
        'LP-2025-0001',
        'MDPG-LP-0001',
        'KEDAI KOPI HUP SENG',
        'Kedai kopi dan makanan',
        place,
        'MDPG-2026-000123',
        '05/01/2026 10:30',
        'Sah hingga',
        '12/2026',
        'RM 360.00',
        'HAJAH NORMAH BINTI ALI',
        'Ketua Unit Pelesenan',
      ])
        expect(text, `${template}: ${expected}`).toContain(squash(expected));
    });
  }

  it('renders in English and Chinese too', async () => {
    const en = squash(await pdfText(await renderPdf(licenceDefinition(licence('niaga', 'en')))));
    expect(en).toContain(squash('Digital licence'));
    expect(en).toContain(squash('Trading Licence'));
    const zh = squash(await pdfText(await renderPdf(licenceDefinition(licence('moving_hawker', 'zh')))));
    expect(zh).toContain('数码执照');
    expect(zh).toContain('流动小贩执照');
  });
});
