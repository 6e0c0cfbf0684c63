/**
 * The day's close (/api/admin/day-close): one council's Malaysian day, its money (contracts/money.ts) per
 * method and in all, what the gateways' settlement files said of it, and the check that everything paid that
 * day is either on a bill or owed back; a council admin signs it off, and the signed figures never change.
 */
import type { MoneyFigures, MoneyRow } from './money';

/**
 * Of the payments paid that day: what they took (paid) = what their items put on bills (credited) + what could
 * not be credited (a bill settled first: owed back, or already given back). `holds` is false when any sen is
 * neither.
 */
export interface DayCloseCheck {
  paidSen: number;
  creditedSen: number;
  owedBackSen: number;
  holds: boolean;
}

/** A kept settlement check of the day, as the close shows it. */
export interface DayCloseSettlement {
  id: string;
  gateway: 'fpx' | 'card';
  fileName: string;
  /** The bank's approvals - our payments paid that day with that gateway (whole payments). */
  differenceSen: number;
  unresolved: number;
}

export interface DayCloseFigures {
  /** FPX and card, each even when nothing happened. */
  methods: MoneyRow[];
  total: MoneyFigures;
  settlements: DayCloseSettlement[];
  /** The sum of the settlement checks' differences (0 when none was checked). */
  settlementDifferenceSen: number;
  check: DayCloseCheck;
}

/** Money recorded after a day was signed off that would have fallen on it: counted on the day it was recorded. */
export interface DayCloseAdjustment {
  kind: 'refund';
  reference: string;
  /** The signed day it concerns, and the day it counts on. */
  signedDay: string;
  countedDay: string;
  amountSen: number;
  recordedAt: string;
}

/** GET /api/admin/day-close?council&day and POST .../:council/:day/sign. */
export interface DayCloseReport {
  council: string;
  day: string;
  /** The day is over (Malaysian time): only then can it be signed. */
  over: boolean;
  figures: DayCloseFigures;
  signed: { by: string; at: string; figures: DayCloseFigures } | null;
  /** Adjustments to earlier signed days recorded on this day, and to this day recorded after it was signed. */
  adjustmentsRecorded: DayCloseAdjustment[];
  adjustmentsAfterSignOff: DayCloseAdjustment[];
}
