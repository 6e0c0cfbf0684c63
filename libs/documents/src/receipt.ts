/**
 * The payment receipt as a pdfmake definition, built from plain data (no I/O): council logo and title,
 * payer, reference and invoice number, date and time in Malaysia (DD/MM/YYYY HH:mm), method and bank, every
 * item with its receipt number, the total in RM, the status, a CODE128 barcode of the reference and the QR
 * code that leads to the verify page. In the payer's language (Malay, English or Chinese).
 */
import {
  formatDateTime,
  formatRinggit,
  type CardScheme,
  type Language,
  type PayableType,
  type PaymentState,
} from '@councilpay/domain';
import { translate, type MessageKey } from '@councilpay/i18n';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { code128Svg } from './barcode';
import { DOCUMENT_FONT } from './render';

/** What a receipt shows. Amounts in sen; names already in the payer's language. */
export interface ReceiptData {
  language: Language;
  /** Title printed at the top: the council's name (the first item's council). */
  councilName: string;
  /** The council's logo as a data URL (PNG, JPEG or SVG), when it has one. */
  logoDataUrl?: string | null;
  reference: string;
  invoiceNo: string;
  status: PaymentState;
  paidAt: Date;
  payerName: string;
  method: 'fpx' | 'card';
  /** The bank, as printed: FPX's bank, or the bank that issued the card. */
  bankName?: string | null;
  /** Card only: the card's scheme. */
  cardScheme?: CardScheme | null;
  amountSen: number;
  items: {
    councilName: string;
    type: PayableType;
    accountNo: string;
    amountSen: number;
    receiptNo: string | null;
  }[];
  /** The verify page's address with the signed token; printed as a QR code. */
  verifyUrl: string;
}

export const PAGE_MARGINS: [number, number, number, number] = [40, 40, 40, 40];

export function label(language: Language, key: string): string {
  return translate(language, `documents.${key}` as MessageKey);
}

/** A two-column table of label / value pairs. */
export function factsTable(rows: [string, string][]): Content {
  return {
    layout: 'noBorders',
    table: {
      widths: [140, '*'],
      body: rows.map(([name, value]) => [
        { text: name, color: '#555555' },
        { text: value, bold: true },
      ]),
    },
    margin: [0, 0, 0, 12],
  };
}

const SVG_DATA_URL = /^data:image\/svg\+xml(;charset=utf-8)?(;base64)?,/i;

/**
 * An image from a data URL, fitted in a box: PNG and JPEG as pdfmake images, SVG as a pdfmake `svg` node
 * (drawn as vectors). Councils' logos and officers' signatures come this way.
 */
export function imageContent(dataUrl: string, fit: [number, number]): Content {
  const svg = SVG_DATA_URL.exec(dataUrl);
  if (!svg) return { image: dataUrl, fit };
  const payload = dataUrl.slice(svg[0].length);
  const text = svg[2] ? Buffer.from(payload, 'base64').toString('utf8') : decodeURIComponent(payload);
  return { svg: text, fit };
}

export function header(title: string, subtitle: string, logoDataUrl?: string | null): Content {
  return {
    columns: [
      ...(logoDataUrl ? [{ stack: [imageContent(logoDataUrl, [56, 56])], width: 64 }] : []),
      {
        stack: [
          { text: title, fontSize: 16, bold: true },
          { text: subtitle, fontSize: 12, color: '#333333' },
        ],
      },
    ],
    columnGap: 12,
    margin: [0, 0, 0, 16],
  };
}

/**
 * The CODE128 barcode of `value` with the value printed under it, and the verify QR code beside with its hint
 * (the catalogue's in `language` unless given).
 */
export function codes(language: Language, value: string, verifyUrl: string, hint?: string): Content {
  return {
    columns: [
      {
        stack: [
          { svg: code128Svg(value), width: 260 },
          { text: value, fontSize: 9, margin: [0, 4, 0, 0] },
        ],
        width: '*',
      },
      {
        stack: [
          { qr: verifyUrl, fit: 110, eccLevel: 'M' },
          // The hint is also a link to the verify page (a tap on a phone opens it).
          {
            text: hint ?? label(language, 'verify_hint'),
            fontSize: 7,
            margin: [0, 4, 0, 0],
            link: verifyUrl,
            color: '#1a4f8b',
          },
        ],
        width: 120,
      },
    ],
    columnGap: 16,
    margin: [0, 16, 0, 0],
  };
}

export function receiptDefinition(data: ReceiptData): TDocumentDefinitions {
  const l = (key: string) => label(data.language, key);
  // A card payment: the card and its scheme ("Credit or debit card · Visa"), and the card's bank on its own line.
  const method =
    data.method === 'fpx'
      ? translate(data.language, 'checkout.method_fpx')
      : [
          translate(data.language, 'checkout.method_card'),
          ...(data.cardScheme ? [translate(data.language, `checkout.card_${data.cardScheme}`)] : []),
        ].join(' · ');
  const items: Content = {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto', 'auto'],
      body: [
        [l('council'), l('type'), l('account_no'), l('receipt_no'), l('amount')].map((text) => ({
          text,
          bold: true,
          fillColor: '#eeeeee',
        })),
        ...data.items.map((item) => [
          item.councilName,
          translate(data.language, `payment_types.${item.type}` as MessageKey),
          item.accountNo,
          item.receiptNo ?? '-',
          { text: formatRinggit(item.amountSen), alignment: 'right' as const },
        ]),
        [
          { text: l('total'), bold: true, colSpan: 4 },
          {},
          {},
          {},
          { text: formatRinggit(data.amountSen), bold: true, alignment: 'right' as const },
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 9,
  };
  return {
    info: { title: `${l('receipt_title')} ${data.reference}`, creator: 'CouncilPay' },
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    defaultStyle: { font: DOCUMENT_FONT, fontSize: 10 },
    content: [
      header(data.councilName, l('receipt_title'), data.logoDataUrl),
      factsTable([
        [l('payer'), data.payerName],
        [l('reference'), data.reference],
        [l('invoice_no'), data.invoiceNo],
        [l('date_time'), formatDateTime(data.paidAt)],
        [l('method'), method],
        [
          translate(data.language, data.method === 'fpx' ? 'checkout.bank' : 'checkout.card_bank'),
          data.bankName ?? '-',
        ],
        [
          translate(data.language, 'common.status'),
          translate(data.language, `payment_states.${data.status}` as MessageKey),
        ],
      ]),
      items,
      codes(data.language, data.reference, data.verifyUrl),
      { text: l('computer_generated'), fontSize: 8, color: '#555555', margin: [0, 16, 0, 0] },
    ],
  };
}
