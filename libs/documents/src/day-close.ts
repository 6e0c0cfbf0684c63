/**
 * A council's day close as a pdfmake definition, built from plain data (no I/O): the council's logo and name,
 * the day, whether and by whom it was signed off, its money per method and in all, the settlement checks of the
 * day with their differences, the check that every sen paid is on a bill or owed back, and the adjustments
 * recorded after sign-off. In the staff member's language.
 */
import {
  formatDateTime,
  formatRinggit,
  type DayCloseAdjustment,
  type DayCloseFigures,
  type Language,
  type MoneyFigures,
} from '@councilpay/domain';
import { translate, type MessageKey } from '@councilpay/i18n';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { header, PAGE_MARGINS } from './receipt';
import { DOCUMENT_FONT } from './render';

export interface DayCloseDocument {
  language: Language;
  councilName: string;
  logoDataUrl?: string | null;
  /** YYYY-MM-DD. */
  day: string;
  /** The figures printed: as signed, or as they stand when not signed yet. */
  figures: DayCloseFigures;
  signed: { by: string; at: Date } | null;
  adjustmentsAfterSignOff: DayCloseAdjustment[];
  adjustmentsRecorded: DayCloseAdjustment[];
  printedAt: Date;
}

/** The money figures of the close, in the order the report lists them. */
export const DAY_CLOSE_FIGURES = [
  'paidSen',
  'refundsMadeSen',
  'netSen',
  'creditedSen',
  'creditReversedSen',
  'refundsDueSen',
] as const satisfies readonly (keyof MoneyFigures)[];

const dmy = (day: string) => day.split('-').reverse().join('/');

export function dayCloseDefinition(data: DayCloseDocument): TDocumentDefinitions {
  const l = (key: string, values?: Record<string, string | number>) =>
    translate(data.language, `console.day_close.${key}` as MessageKey, values);
  const [fpx, card] = data.figures.methods;
  const cellHead = (text: string) => ({ text, bold: true, fillColor: '#eeeeee' });
  const money: Content = {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto'],
      body: [
        [l('figure'), l('fpx'), l('card'), l('total')].map(cellHead),
        ...DAY_CLOSE_FIGURES.map((key) => [
          l(`figures.${key}`),
          ...[fpx, card, data.figures.total].map((f) => ({ text: formatRinggit(f[key]), alignment: 'right' as const })),
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 12],
  };
  const settlements: Content =
    data.figures.settlements.length === 0
      ? { text: l('no_settlement'), color: '#555555', margin: [0, 0, 0, 12] }
      : {
          table: {
            headerRows: 1,
            widths: ['*', 'auto', 'auto', 'auto'],
            body: [
              [l('settlement_file'), l('gateway'), l('difference'), l('unresolved')].map(cellHead),
              ...data.figures.settlements.map((s) => [
                s.fileName,
                s.gateway.toUpperCase(),
                { text: formatRinggit(s.differenceSen), alignment: 'right' as const },
                { text: String(s.unresolved), alignment: 'right' as const },
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 12],
        };
  const check = data.figures.check;
  const adjustments = (title: string, list: DayCloseAdjustment[]): Content[] =>
    list.length === 0
      ? []
      : [
          { text: title, bold: true, margin: [0, 8, 0, 4] },
          {
            table: {
              headerRows: 1,
              widths: ['*', 'auto', 'auto', 'auto'],
              body: [
                [l('reference'), l('signed_day'), l('counted_day'), l('amount')].map(cellHead),
                ...list.map((a) => [
                  a.reference,
                  dmy(a.signedDay),
                  dmy(a.countedDay),
                  { text: formatRinggit(a.amountSen), alignment: 'right' as const },
                ]),
              ],
            },
            layout: 'lightHorizontalLines',
          },
        ];
  return {
    info: { title: `${l('title')} ${data.day}`, creator: 'CouncilPay' },
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    defaultStyle: { font: DOCUMENT_FONT, fontSize: 10 },
    content: [
      header(data.councilName, `${l('title')} · ${dmy(data.day)}`, data.logoDataUrl),
      {
        text: data.signed
          ? l('signed_by', { by: data.signed.by, at: formatDateTime(data.signed.at) })
          : l('not_signed'),
        bold: true,
        margin: [0, 0, 0, 12],
      },
      money,
      { text: l('settlement'), bold: true, margin: [0, 0, 0, 4] },
      settlements,
      {
        text: l(check.holds ? 'check_holds' : 'check_fails', {
          paid: formatRinggit(check.paidSen),
          credited: formatRinggit(check.creditedSen),
          owed: formatRinggit(check.owedBackSen),
        }),
        margin: [0, 0, 0, 12],
      },
      ...adjustments(l('adjustments_after'), data.adjustmentsAfterSignOff),
      ...adjustments(l('adjustments_recorded'), data.adjustmentsRecorded),
      {
        text: l('printed', { at: formatDateTime(data.printedAt) }),
        fontSize: 8,
        color: '#555555',
        margin: [0, 16, 0, 0],
      },
    ],
  };
}
