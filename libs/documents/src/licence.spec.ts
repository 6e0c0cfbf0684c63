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
import { pdfText } from '@councilpay/testing';

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

  // The Malay text is the licence's own: in English or Chinese it is printed with the payer's language beside it.
  const LABELS = {
    ms: ['Lesen digital', 'Lesen Perniagaan', 'No. lesen', 'Pemegang lesen', 'Sah hingga', 'Pegawai pelesenan'],
    en: ['Digital licence', 'Trading Licence', 'Licence no.', 'Licence holder', 'Valid until', 'Licensing officer'],
    zh: ['数码执照', '贸易执照', '执照号码', '执照持有人', '有效期至', '执照官员'],
  } as const;

  it('in Malay: Malay alone', { timeout: 30_000 }, async () => {
    const text = squash(await pdfText(await renderPdf(licenceDefinition(licence('niaga', 'ms')))));
    for (const expected of LABELS.ms) expect(text, expected).toContain(squash(expected));
    for (const other of [...LABELS.en, ...LABELS.zh]) expect(text, other).not.toContain(squash(other));
    expect(text).not.toContain(squash('Malay text prevails'));
  });

  for (const language of ['en', 'zh'] as const) {
    it(`in ${language}: every label in Malay with the payer's language beside it, the Malay text prevailing`, async () => {
      const text = squash(await pdfText(await renderPdf(licenceDefinition(licence('niaga', language)))));
      LABELS.ms.forEach((ms, i) => {
        expect(text, `${ms} / ${LABELS[language][i]}`).toContain(squash(`${ms} / ${LABELS[language][i]}`));
      });
      expect(text).toContain(squash('Dokumen ini dijana oleh komputer'));
      expect(text).toContain(squash('teks Bahasa Melayu hendaklah diguna pakai'));
      expect(text).toContain(
        squash(language === 'en' ? 'Should the texts differ, the Malay text prevails.' : '以马来文文本为准'),
      );
      // The facts themselves are not translated.
      for (const fact of ['KEDAI KOPI HUP SENG', '05/01/2026 10:30', '12/2026', 'RM 360.00'])
        expect(text, fact).toContain(squash(fact));
    });
  }

  it('the moving hawker title in Chinese keeps its Malay name', async () => {
    const zh = squash(await pdfText(await renderPdf(licenceDefinition(licence('moving_hawker', 'zh')))));
    expect(zh).toContain(squash('Lesen Penjaja Bergerak / 流动小贩执照'));
  });
});

describe('council logo and officer signature', () => {
  const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const LOGO_SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#123456"/><text x="8" y="40" font-size="20">LOGO</text></svg>';
  const SIGNATURE_SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><path d="M10 55 C 30 10, 50 10, 60 45" stroke="#000" fill="none"/><text x="20" y="75" font-size="11">SPECIMEN MDPG</text></svg>';

  /** Every node of a definition's content, depth first. */
  function nodes(content: unknown): Record<string, unknown>[] {
    if (Array.isArray(content)) return content.flatMap(nodes);
    if (!content || typeof content !== 'object') return [];
    const node = content as Record<string, unknown>;
    return [node, ...['stack', 'columns', 'content'].flatMap((k) => nodes(node[k]))];
  }

  it('the licence holds the council logo with the title and the officer signature over the name and post', () => {
    const def = licenceDefinition({
      ...licence('niaga'),
      logoDataUrl: svgUrl(LOGO_SVG),
      signatureDataUrl: PHOTO,
    });
    const all = nodes(def.content);
    expect(all.find((n) => n.svg === LOGO_SVG)).toMatchObject({ fit: [56, 56] });
    expect(all.find((n) => n.image === PHOTO && Array.isArray(n.fit) && n.fit[1] === 40)).toBeTruthy();
    const officer = all.find((n) => Array.isArray(n.stack) && nodes(n.stack).some((m) => m.image === PHOTO));
    expect(nodes(officer?.stack).map((n) => n.text)).toEqual(
      expect.arrayContaining(['HAJAH NORMAH BINTI ALI', 'Ketua Unit Pelesenan']),
    );
  });

  // Renders twice (the first render of a run loads the fonts): slow on a loaded machine.
  it(
    'renders an SVG signature as a drawing, a PNG logo as an image, and without either',
    { timeout: 30_000 },
    async () => {
      const withSvg = await renderPdf(
        licenceDefinition({ ...licence('niaga'), logoDataUrl: PHOTO, signatureDataUrl: svgUrl(SIGNATURE_SVG) }),
      );
      const signed = squash(await pdfText(withSvg));
      expect(signed).toContain('SPECIMENMDPG');
      // A signed licence never says that no signature is needed; an unsigned one may.
      expect(signed).not.toContain(squash('Tandatangan tidak diperlukan'));
      expect(signed).toContain(squash('membawa tandatangan pegawai yang diberi kuasa'));
      // The photo and the PNG logo: two image XObjects.
      expect(withSvg.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(2);
      const without = await renderPdf(
        licenceDefinition({ ...licence('niaga'), logoDataUrl: null, signatureDataUrl: null }),
      );
      const unsigned = squash(await pdfText(without));
      expect(unsigned).toContain('HAJAHNORMAHBINTIALI');
      expect(unsigned).toContain(squash('Tandatangan tidak diperlukan'));
      expect(without.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(1);
    },
  );
});
