import { formatDateTime, type DayCloseReport, type Language } from '@councilpay/domain';
import { DAY_CLOSE_FIGURES } from '@councilpay/documents';
import { translate, type MessageKey } from '@councilpay/i18n';
import { csvCell, rm } from '../../../http/csv-cells';

/**
 * The day's close as CSV (UTF-8 with a BOM, CRLF): the figures as signed (or as they stand, when not signed)
 * per method and in all, the settlement checks, the check, the sign-off and the adjustments. The same numbers
 * as the screen and the PDF: both read the same report.
 */
export function dayCloseCsv(report: DayCloseReport, language: Language): string {
  const l = (key: string, values?: Record<string, string | number>) =>
    translate(language, `console.day_close.${key}` as MessageKey, values);
  const figures = report.signed?.figures ?? report.figures;
  const [fpx, card] = figures.methods;
  const line = (cells: string[]) => `${cells.join(',')}\r\n`;
  let out = '\uFEFF';
  out += line([l('council'), csvCell(report.council)]);
  out += line([l('day'), csvCell(report.day.split('-').reverse().join('/'))]);
  out += line([
    csvCell(
      report.signed
        ? l('signed_by', { by: report.signed.by, at: formatDateTime(new Date(report.signed.at)) })
        : l('not_signed'),
    ),
  ]);
  out += line([l('figure'), l('fpx'), l('card'), l('total')].map((c) => csvCell(c)));
  for (const key of DAY_CLOSE_FIGURES) {
    out += line([csvCell(l(`figures.${key}`)), rm(fpx[key]), rm(card[key]), rm(figures.total[key])]);
  }
  out += line([
    csvCell(l('settlement_file')),
    csvCell(l('gateway')),
    csvCell(l('difference')),
    csvCell(l('unresolved')),
  ]);
  for (const s of figures.settlements) {
    out += line([csvCell(s.fileName), s.gateway, rm(s.differenceSen), String(s.unresolved)]);
  }
  const check = figures.check;
  out += line([
    csvCell(
      l(check.holds ? 'check_holds' : 'check_fails', {
        paid: rm(check.paidSen),
        credited: rm(check.creditedSen),
        owed: rm(check.owedBackSen),
      }),
    ),
  ]);
  for (const [title, list] of [
    [l('adjustments_after'), report.adjustmentsAfterSignOff],
    [l('adjustments_recorded'), report.adjustmentsRecorded],
  ] as const) {
    if (list.length === 0) continue;
    out += line([csvCell(title)]);
    for (const a of list) {
      out += line([csvCell(a.reference), a.signedDay, a.countedDay, rm(a.amountSen)]);
    }
  }
  return out;
}
