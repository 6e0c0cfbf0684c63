/**
 * The digital licence of a trading or council licence as a pdfmake definition, built from plain data (no
 * I/O). The template is chosen by the licence kind and its print code; the owner's photo is required (a
 * licence without one is never printed), and a licence whose statusl is `approved` cannot be generated.
 *
 * A licence is the council's legal document, issued in Malay: the Malay text is always printed and is the one
 * that holds. A payer reading English or Chinese gets each label and sentence in Malay with their language
 * beside it ("Pemegang lesen / Licence holder"), and a line saying the Malay text prevails; in Malay, Malay alone.
 */
import { formatDateTime, formatMonthYear, formatRinggit, type Language } from '@councilpay/domain';
import { translate, type MessageKey } from '@councilpay/i18n';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { codes, factsTable, header, imageContent, PAGE_MARGINS } from './receipt';
import { DOCUMENT_FONT } from './render';

export const LICENCE_KINDS = ['operasi', 'pasar', 'penjaja', 'kakilima', 'iklan', 'niaga'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

/**
 * The templates of operating licences by print code (eleven codes). Several amusement activities share the
 * amusement template.
 */
export const OPERASI_TEMPLATES = {
  '1': 'operasi_general',
  '2': 'operasi_food',
  '3': 'operasi_hotel',
  '4': 'operasi_education',
  '5': 'amusement',
  '6': 'amusement',
  '7': 'amusement',
  '8': 'amusement',
  '9': 'operasi_fuel',
  '10': 'operasi_workshop',
  '11': 'operasi_factory',
} as const;

export type LicenceTemplate =
  | (typeof OPERASI_TEMPLATES)[keyof typeof OPERASI_TEMPLATES]
  | 'moving_hawker'
  | 'penjaja'
  | 'pasar'
  | 'kakilima'
  | 'iklan'
  | 'niaga';

/** Every template, once (tests render each). */
export const LICENCE_TEMPLATES: readonly LicenceTemplate[] = [
  ...new Set<LicenceTemplate>([
    ...Object.values(OPERASI_TEMPLATES),
    'moving_hawker',
    'penjaja',
    'pasar',
    'kakilima',
    'iklan',
    'niaga',
  ]),
];

/** The template of a licence: operasi by its print code (general when unknown); penjaja print code 1 is a moving hawker. */
export function licenceTemplate(kind: string, printCode: string | null): LicenceTemplate {
  const code = (printCode ?? '').trim().replace(/^0+/, '');
  switch (kind) {
    case 'operasi':
      return OPERASI_TEMPLATES[code as keyof typeof OPERASI_TEMPLATES] ?? 'operasi_general';
    case 'penjaja':
      return code === '1' ? 'moving_hawker' : 'penjaja';
    case 'pasar':
    case 'kakilima':
    case 'iklan':
      return kind;
    default:
      return 'niaga';
  }
}

/** Why a digital licence cannot be printed (the codes are the API's error codes, messages in libs/i18n `errors`). */
export type LicencePrintRefusal = 'license_status_not_allowed' | 'owner_photo_not_found';

/** A licence whose statusl is approved cannot be generated; one without the owner's photo is never printed. */
export function licencePrintRefusal(licence: { statusl: string; hasPhoto: boolean }): LicencePrintRefusal | null {
  if (licence.statusl.trim().toLowerCase() === 'approved') return 'license_status_not_allowed';
  if (!licence.hasPhoto) return 'owner_photo_not_found';
  return null;
}

export interface LicenceData {
  language: Language;
  template: LicenceTemplate;
  councilName: string;
  logoDataUrl?: string | null;
  licenceNo: string;
  licenceRef: string;
  ownerName: string;
  /** The owner's photo as a data URL (PNG or JPEG): required. */
  photoDataUrl: string;
  business?: string | null;
  address?: string | null;
  location?: string | null;
  stallNo?: string | null;
  receiptNo: string;
  paidAt: Date;
  paidUntilYear: number;
  paidUntilMonth: number;
  amountSen: number;
  officerName: string | null;
  officerPost: string | null;
  /** The officer's signature image as a data URL, when the council has one. */
  signatureDataUrl?: string | null;
  verifyUrl: string;
}

export function paidUntilText(year: number, month: number): string {
  return formatMonthYear(year, month);
}

/** The language a licence is issued in; its text holds over any translation printed beside it. */
export const LICENCE_AUTHORITATIVE_LANGUAGE: Language = 'ms';

/**
 * A licence's text of a catalogue key (`documents.<key>`) for a reader of `language`: the Malay text, and the
 * reader's after it when it is not Malay. Labels and titles share a line (`separator` ' / '); sentences take one
 * line each ('\n').
 */
export function licenceText(language: Language, key: string, separator = ' / '): string {
  const authoritative = translate(LICENCE_AUTHORITATIVE_LANGUAGE, `documents.${key}` as MessageKey);
  if (language === LICENCE_AUTHORITATIVE_LANGUAGE) return authoritative;
  return `${authoritative}${separator}${translate(language, `documents.${key}` as MessageKey)}`;
}

export function licenceDefinition(data: LicenceData): TDocumentDefinitions {
  const l = (key: string) => licenceText(data.language, key);
  const sentence = (key: string) => licenceText(data.language, key, '\n');
  const title = l(`templates.${data.template}`);
  const rows: [string, string][] = [
    [l('licence_no'), data.licenceNo],
    [l('licence_ref'), data.licenceRef],
    [l('owner'), data.ownerName],
  ];
  if (data.business) rows.push([l('business'), data.business]);
  // The moving hawker trades in an area, a market trader at a stall; the others at premises.
  if (data.template === 'moving_hawker' && data.location) rows.push([l('location'), data.location]);
  else if (data.template === 'pasar' && data.stallNo) rows.push([l('stall_no'), data.stallNo]);
  else if (data.address) rows.push([l('address'), data.address]);
  rows.push(
    [l('receipt_no'), data.receiptNo],
    [l('paid_at'), formatDateTime(data.paidAt)],
    [l('paid_until'), paidUntilText(data.paidUntilYear, data.paidUntilMonth)],
    [l('amount'), formatRinggit(data.amountSen)],
  );
  const officer: Content = {
    stack: [
      ...(data.signatureDataUrl ? [imageContent(data.signatureDataUrl, [120, 40])] : []),
      {
        text: '______________________',
        margin: [0, data.signatureDataUrl ? 0 : 24, 0, 0] as [number, number, number, number],
      },
      { text: data.officerName ?? '', bold: true },
      { text: data.officerPost ?? '' },
      { text: `${l('officer')} · ${data.councilName}`, fontSize: 8, color: '#555555' },
    ],
    margin: [0, 16, 0, 0],
  };
  return {
    info: { title: `${title} ${data.licenceNo}`, creator: 'CouncilPay' },
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    defaultStyle: { font: DOCUMENT_FONT, fontSize: 10 },
    content: [
      header(data.councilName, `${l('licence_title')} · ${title}`, data.logoDataUrl),
      {
        columns: [
          { width: '*', stack: [factsTable(rows)] },
          { width: 110, image: data.photoDataUrl, fit: [100, 130] },
        ],
        columnGap: 16,
      },
      officer,
      codes(data.language, data.licenceNo, data.verifyUrl, sentence('verify_hint')),
      // A licence that carries the officer's signature must not also say that none is needed.
      {
        text: sentence(data.signatureDataUrl ? 'computer_generated_signed' : 'computer_generated'),
        fontSize: 8,
        color: '#555555',
        margin: [0, 16, 0, 0],
      },
      // Printed with a translation: which text holds.
      ...(data.language === LICENCE_AUTHORITATIVE_LANGUAGE
        ? []
        : [{ text: sentence('licence_malay_prevails'), fontSize: 8, bold: true, margin: [0, 4, 0, 0] } as Content]),
    ],
  };
}
