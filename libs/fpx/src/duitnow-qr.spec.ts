import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDuitNowQr,
  checkedDataObjects,
  crc16Ccitt,
  decodeDataObjects,
  DUITNOW_GUID,
  encodeDataObjects,
  parseDuitNowQr,
  QrPayloadError,
  withCrc,
  type DuitNowQrRequest,
} from './duitnow-qr';

/**
 * DuitNow QR codes published by their merchants (printed at mosques for donations, static codes from four
 * acquirers), each with the CRC its acquirer computed.
 */
const PUBLISHED = {
  /** Static, with store, reference and terminal labels in the additional data. */
  masjidNegara:
    '00020201021126420014A000000615000101066033460210MD001295465204939953034585802MY5913MASJID NEGARA6002MY627303251704936237869008996045430052017072988178750084448071617049359619050076304FD9C',
  /** Static with an amount of "00.00" (the payer types it). */
  alMuhtadin:
    '00020101021126580014A000000615000101065887340212MBBQR124979103100000000000520400005303458540500.005802MY5918MASJID AL MUHTADIN6008SELANGOR630414E7',
  /** Four sub-objects in the account template, a postal code. */
  tuminahHamidi:
    '00020201021126900014A0000006150001010642070902240824441100029031J97442000315BSN Merchant QR0411011255099085204000053034585802MY5921MASJID TUMINAH HAMIDI6011BAGAN DATOH6105361006304E5D7',
  /** A proprietary object (82) after the additional data. */
  sriSendayan:
    '00020201021126580014A000000615000101065641600226125510400006590RHBQR0028055204739953034585802MY5919MASJID SRI SENDAYAN6002MY61057195062240309ROA0030360707mss20198264037ECE3BEE396FD9E7293AE400C6B61FF31B756E8D308F44D79C9CA7FA859E8763047E35',
};

/** Singapore's PayNow: an EMVCo payload with a valid CRC whose account template is not DuitNow's. */
const PAYNOW = withCrc([
  { id: '00', value: '01' },
  { id: '01', value: '12' },
  {
    id: '26',
    value: encodeDataObjects([
      { id: '00', value: 'SG.PAYNOW' },
      { id: '01', value: '2' },
      { id: '02', value: '201403121W' },
    ]),
  },
  { id: '52', value: '0000' },
  { id: '53', value: '702' },
  { id: '54', value: '1.00' },
  { id: '58', value: 'SG' },
  { id: '59', value: 'COMPANY' },
  { id: '60', value: 'Singapore' },
]);

const REQUEST: DuitNowQrRequest = {
  acquirerId: '890061',
  merchantId: 'MDPG000001',
  merchantName: 'MAJLIS DAERAH PENAMPANG',
  merchantCity: 'PENAMPANG',
  postalCode: '89500',
  amountSen: 28707,
  reference: 'CPABCDEFGHJKLMNPQRSTUV',
  billNumber: '00000000000000012345',
};

/** CRC-16/CCITT-FALSE of the bytes C3 A9, worked out bit by bit apart from this module. */
const UTF8_E_ACUTE_CRC = '7acb';

/** Replaces one character of a payload. */
const mutate = (payload: string, at: number, char: string) => payload.slice(0, at) + char + payload.slice(at + 1);

describe('the CRC', () => {
  it('is CRC-16/CCITT-FALSE: the catalogue check value of "123456789" is 29B1', () => {
    expect(crc16Ccitt('123456789')).toBe(0x29b1);
    expect(crc16Ccitt('')).toBe(0xffff);
  });

  it.each(Object.entries(PUBLISHED))('matches the published code %s', (_name, payload) => {
    expect(() => checkedDataObjects(payload)).not.toThrow();
    expect(crc16Ccitt(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0')).toBe(payload.slice(-4));
  });

  it('is taken over the UTF-8 bytes: "é" is C3 A9, not the single Latin-1 byte E9', () => {
    expect(crc16Ccitt('é').toString(16)).toBe(UTF8_E_ACUTE_CRC);
  });
});

describe('published DuitNow codes read', () => {
  it('a static code with labels in its additional data', () => {
    expect(parseDuitNowQr(PUBLISHED.masjidNegara)).toEqual({
      payloadFormat: '02',
      dynamic: false,
      acquirerId: '603346',
      merchantId: 'MD00129546',
      merchantCategory: '9399',
      merchantName: 'MASJID NEGARA',
      merchantCity: 'MY',
      reference: '17072988178750084448',
    });
  });

  it('a static code with a zero amount, one with a postal code, one with a proprietary object', () => {
    expect(parseDuitNowQr(PUBLISHED.alMuhtadin)).toMatchObject({
      acquirerId: '588734',
      merchantId: 'MBBQR1249791',
      amountSen: 0,
    });
    expect(parseDuitNowQr(PUBLISHED.tuminahHamidi)).toMatchObject({
      acquirerId: '420709',
      postalCode: '36100',
      merchantCity: 'BAGAN DATOH',
    });
    expect(parseDuitNowQr(PUBLISHED.sriSendayan)).toMatchObject({
      acquirerId: '564160',
      merchantName: 'MASJID SRI SENDAYAN',
    });
  });
});

describe('a dynamic code for one payment', () => {
  it('carries dynamic initiation, PayNet’s template, the amount, ringgit, Malaysia and the reference, CRC last', () => {
    const payload = buildDuitNowQr(REQUEST);
    const objects = decodeDataObjects(payload);
    expect(objects.map((o) => o.id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '61', '62', '63']);
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(objects.find((o) => o.id === '26')!.value).toBe(`0014${DUITNOW_GUID}0106890061` + '0210MDPG000001');
    expect(payload).toContain('5303458');
    expect(payload).toContain('5406287.07');
    expect(payload).toContain('5802MY');
    expect(objects.find((o) => o.id === '62')!.value).toBe('012000000000000000012345' + '0522CPABCDEFGHJKLMNPQRSTUV');
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
    expect(parseDuitNowQr(payload)).toEqual({
      payloadFormat: '01',
      dynamic: true,
      acquirerId: '890061',
      merchantId: 'MDPG000001',
      merchantCategory: '9399',
      merchantName: 'MAJLIS DAERAH PENAMPANG',
      merchantCity: 'PENAMPANG',
      postalCode: '89500',
      amountSen: 28707,
      reference: 'CPABCDEFGHJKLMNPQRSTUV',
      billNumber: '00000000000000012345',
    });
  });

  it('reads back what it was made from, for any amount and reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.stringMatching(/^[A-Z0-9]{1,25}$/),
        (amountSen, reference) => {
          const read = parseDuitNowQr(buildDuitNowQr({ ...REQUEST, amountSen, reference, billNumber: undefined }));
          expect(read.amountSen).toBe(amountSen);
          expect(read.reference).toBe(reference);
        },
      ),
    );
  });

  it('refuses what cannot be put in a code, naming it', () => {
    const bad: [Partial<DuitNowQrRequest>, RegExp][] = [
      [{ amountSen: 0 }, /amount/],
      [{ amountSen: -100 }, /amount/],
      [{ amountSen: 12.5 }, /amount/],
      [{ amountSen: 10_000_000_000_000 }, /too large/],
      [{ merchantName: 'M'.repeat(26) }, /merchant name/],
      [{ merchantCity: '' }, /merchant city/],
      [{ acquirerId: '89006' }, /acquirer/],
      [{ reference: 'CP 1234' }, /reference/],
      [{ reference: 'C'.repeat(26) }, /reference/],
      [{ merchantCategory: '93' }, /category/],
    ];
    for (const [change, message] of bad) {
      expect(() => buildDuitNowQr({ ...REQUEST, ...change })).toThrow(message);
    }
  });
});

describe('the parser refuses', () => {
  const good = buildDuitNowQr(REQUEST);

  it('a CRC that does not match, in any character of the payload', () => {
    expect(() => parseDuitNowQr(mutate(good, good.length - 1, good.endsWith('0') ? '1' : '0'))).toThrow(/CRC/);
    // Any one character changed anywhere (a case change of the CRC's own letters is the same CRC) is refused.
    for (let at = 0; at < good.length; at += 1) {
      for (const char of ['0', '9', 'A', 'Z', ' ']) {
        if (char.toUpperCase() === good[at].toUpperCase()) continue;
        expect(() => parseDuitNowQr(mutate(good, at, char)), `${at}: ${char}`).toThrow(QrPayloadError);
      }
    }
  });

  it('a payload cut short, padded, or with its CRC not last', () => {
    expect(() => parseDuitNowQr(good.slice(0, -1))).toThrow(QrPayloadError);
    expect(() => parseDuitNowQr(`${good}0`)).toThrow(QrPayloadError);
    expect(() => parseDuitNowQr('')).toThrow(/too short/);
    expect(() => parseDuitNowQr(withCrc([{ id: '00', value: '01' }]).replace(/6304(.{4})$/, '6305$1X'))).toThrow(
      QrPayloadError,
    );
  });

  const payloadWith = (change: (objects: { id: string; value: string }[]) => { id: string; value: string }[]) =>
    withCrc(change(decodeDataObjects(good).slice(0, -1)));

  it.each([
    [
      'another currency',
      (o: { id: string; value: string }[]) => o.map((x) => (x.id === '53' ? { ...x, value: '840' } : x)),
      /currency/,
    ],
    [
      'another country',
      (o: { id: string; value: string }[]) => o.map((x) => (x.id === '58' ? { ...x, value: 'SG' } : x)),
      /country/,
    ],
    ['no amount on a dynamic code', (o: { id: string; value: string }[]) => o.filter((x) => x.id !== '54'), /amount/],
    [
      'an amount of three decimals',
      (o: { id: string; value: string }[]) => o.map((x) => (x.id === '54' ? { ...x, value: '1.005' } : x)),
      /amount/,
    ],
    [
      'an amount with a sign',
      (o: { id: string; value: string }[]) => o.map((x) => (x.id === '54' ? { ...x, value: '-1.00' } : x)),
      /amount/,
    ],
    [
      'an unknown point of initiation',
      (o: { id: string; value: string }[]) => o.map((x) => (x.id === '01' ? { ...x, value: '13' } : x)),
      /initiation/,
    ],
    ['an id twice', (o: { id: string; value: string }[]) => [...o, { id: '59', value: 'OTHER' }], /twice/],
    ['the format indicator not first', (o: { id: string; value: string }[]) => [o[1], o[0], ...o.slice(2)], /first/],
    ['no merchant name', (o: { id: string; value: string }[]) => o.filter((x) => x.id !== '59'), /merchant name/],
  ])('%s', (_name, change, message) => {
    expect(() => parseDuitNowQr(payloadWith(change))).toThrow(message);
  });

  it('a valid EMVCo code of another scheme (PayNow): no template names DuitNow', () => {
    expect(() => checkedDataObjects(PAYNOW)).not.toThrow();
    expect(() => parseDuitNowQr(PAYNOW)).toThrow(/DuitNow/);
  });

  it('a template whose objects do not add up', () => {
    expect(() =>
      parseDuitNowQr(payloadWith((o) => o.map((x) => (x.id === '62' ? { ...x, value: '0530ABC' } : x)))),
    ).toThrow(/runs past the end/);
  });
});
