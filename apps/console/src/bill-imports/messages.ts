import type { HeaderError, RowError } from '@councilpay/domain';
import { billImportMessageKey } from '@councilpay/i18n';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A refused cell's reason in the officer's language. */
export function rowErrorText(translate: Translate, error: Pick<RowError, 'code'>): string {
  return translate(`console.bill_imports.cell_errors.${error.code}`, { _: error.code });
}

/** A refused header's reason in the officer's language. */
export function headerErrorText(translate: Translate, error: HeaderError): string {
  return translate(`console.bill_imports.header_errors.${error.code}`, { ...error, _: error.code });
}

/** What an upload or confirm refused by the API says, in the officer's language; the API's words otherwise. */
export function answerText(translate: Translate, error: unknown): string {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  const key = typeof body?.code === 'string' ? billImportMessageKey(body.code) : null;
  if (key) return translate(key);
  const message = error instanceof Error ? error.message : 'ra.notification.http_error';
  return translate(message, { _: message });
}

/** The header errors of a `bill_file_header` answer (empty for any other answer). */
export function headerErrorsOf(error: unknown): HeaderError[] {
  const body = (error as { body?: { code?: unknown; details?: { errors?: unknown } } } | null)?.body;
  if (body?.code !== 'bill_file_header' || !Array.isArray(body.details?.errors)) return [];
  return body.details.errors as HeaderError[];
}
