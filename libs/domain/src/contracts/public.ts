/**
 * Shapes the public API answers with, imported by the API (to build them), the portal and the console
 * (to read them). A renamed field breaks the build, not production.
 */
import type { Language } from '../language';

/** A text in each of the portal's languages. */
export type Localized = Record<Language, string>;

/**
 * A council's logo address: a path on this site (`/assets/logos/mdpg.png`, `/api/councils/mdpg/logo.svg`) of an
 * image. `//host/x.png` is another site to a browser, so `//` may appear nowhere, nor may `..`.
 */
export const COUNCIL_LOGO_PATH = /^(?!.*\/\/)(?!.*\.\.)\/[A-Za-z0-9/_.-]{1,200}\.(png|jpg|jpeg|svg|webp)$/;

/** GET /api/councils: one row per council. */
export interface CouncilDto {
  code: string;
  name: Localized;
  /** Path under the API origin (COUNCIL_LOGO_PATH), e.g. `/api/councils/mdpg/logo.svg`. */
  logoUrl: string | null;
  active: boolean;
  /** Payable types this council takes online. */
  payableTypes: string[];
  isDefault: boolean;
}

/** GET /api/config: what the portal needs before it renders. */
export interface PublicConfigDto {
  serviceClosed: boolean;
  announcement: Localized;
  appVersion: string;
  defaultCouncil: string;
}

/** The body of every 4xx/5xx answer from the API. */
export interface ApiErrorBody {
  statusCode: number;
  /** Stable machine code, also an i18n key (e.g. `validation_failed`, `not_found`). */
  code: string;
  /** English text for logs and tools; people see the translation of `code` or of each field's code. */
  message: string;
  errors?: FieldErrorDto[];
  /** Facts the client may act on, e.g. the reference of an earlier payment that was found paid. */
  details?: Record<string, unknown>;
}

/** Whether a response body is the API's error body (the portal and the console read errors the same way). */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Partial<Record<keyof ApiErrorBody, unknown>>;
  return typeof body.statusCode === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}

export interface FieldErrorDto {
  /** Dotted path of the field, e.g. `items.0.amountSen`. */
  field: string;
  /** i18n key of the rule that failed (`required`, `email`, `min_value` ...). */
  code: string;
  message: string;
}

export interface DependencyStatus {
  status: 'up' | 'down';
  latencyMs: number;
  version?: string;
  error?: string;
}

export interface QueueCounts {
  waiting: number;
  delayed: number;
  active: number;
  failed: number;
}

/** GET /api/health for anyone but _admin: up or down only (503 when PostgreSQL or Redis is down). */
export interface PublicHealthReport {
  status: 'ok' | 'error';
  checks: { postgres: Pick<DependencyStatus, 'status'>; redis: Pick<DependencyStatus, 'status'> };
}

/** GET /api/health for a signed-in _admin (503 when PostgreSQL or Redis is down). */
export interface HealthReport {
  status: 'ok' | 'error';
  checks: { postgres: DependencyStatus; redis: DependencyStatus };
  detail: {
    /** null while Redis cannot be asked. */
    queues: Record<string, QueueCounts> | null;
    /** Messages not sent yet: payers must hear within 24 hours. null while PostgreSQL cannot be asked. */
    notifications: { oldestUnsentAgeSeconds: number; failed: number } | null;
    outbox: { unsent: number; oldestUnsentAgeSeconds: number } | null;
    /**
     * Money owed back to payers and not yet refunded: duplicate charges (a second approval under another
     * gateway transaction id) and credits refused because the bill was settled first. null while
     * PostgreSQL cannot be asked.
     */
    money: {
      duplicateCharges: number;
      duplicateChargeRefundDueSen: number;
      paymentsWithRefundDue: number;
      refundDueSen: number;
      /** Open payments whose gateway enquiries have failed for 7 days: an operator must ask the bank. */
      paymentsBankCannotAnswer: number;
    } | null;
  };
}
