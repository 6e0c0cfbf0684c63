import { WEBHOOK_URL_PROBLEMS } from './webhooks';

/**
 * Every `code` an ApiErrorBody of the API may carry: the API throws no other (a test reads its sources), and the
 * portal and the console have words for each in Malay, English and Chinese (a test reads the catalogues).
 */
export const API_ERROR_CODES = [
  // The HTTP layer's own (unknown route, body parser, throttling, database down ...).
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'invalid_json',
  'internal_error',
  'service_unavailable',
  'document_unavailable',
  'validation_failed',
  'request_too_complex',
  'csrf_failed',
  'invalid_range',
  'invalid_sort',
  'invalid_request',
  // Accounts.
  'email_or_password_incorrect',
  'email_already_exist',
  'nric_already_registered',
  'invalid_code',
  'reset_timeout',
  'data_no_changes',
  'failed_to_send_sms',
  'failed_to_send_email_verification',
  'session_idle_timeout',
  'second_factor_required',
  'second_factor_enrolment_required',
  'second_factor_code_incorrect',
  'second_factor_already_enrolled',
  'second_factor_not_started',
  // Bills and paying.
  'council_not_found',
  'council_unavailable',
  'payment_type_unavailable',
  'invalid_account_no',
  'nothing_to_pay',
  'bill_withdrawn',
  'service_closed',
  'invalid_bank',
  'invalid_card_bank',
  'bank_offline',
  'duplicate_item',
  'idempotency_key_reused',
  'invalid_idempotency_key',
  'payment_pending',
  'already_paid',
  'cancel_not_allowed',
  'card_above_maximum',
  'invalid_gateway_message',
  'receipt_not_ready',
  // Staff: payments, messages, refunds.
  'gateway_unavailable',
  'nothing_to_resend',
  'notification_in_flight',
  'notification_not_resendable',
  'cannot_change_admin',
  // Staff: roles and invitations.
  'email_not_verified',
  'invitation_not_found',
  'invitation_expired',
  'invitation_used',
  'invitation_revoked',
  'invitation_closed',
  'invitation_sign_in_required',
  'image_invalid',
  'refund_invalid',
  'refund_exceeds_remainder',
  'refund_not_allowed',
  'refund_date_invalid',
  'refund_date_in_future',
  'refund_date_before_paid',
  'refund_own_approval',
  'refund_not_awaiting',
  'refund_not_correctable',
  'refund_correction_bill_paid',
  // Staff: books.
  'settlement_invalid',
  'settlement_already_resolved',
  'settlement_resolution_invalid',
  'day_not_over',
  'day_already_signed',
  'bill_file_header',
  'import_not_previewed',
  'import_preview_stale',
  'import_has_errors',
  // Staff: webhooks.
  ...WEBHOOK_URL_PROBLEMS.map((problem) => `webhook_url_${problem}` as const),
  'webhook_endpoints_full',
  'webhook_endpoint_changed',
  'webhook_redeliver_invalid',
  'webhook_redeliver_too_many',
  // Staff: council API keys; collection files.
  'council_api_key_not_active',
  'collection_day_not_over',
  'collection_file_not_made',
  // Councils' systems (the signed council API).
  'idempotency_key_required',
  'idempotency_key_invalid',
  'batch_too_large',
  'bills_invalid',
  'bills_refused',
  'bill_not_found',
  'payment_at_bank',
  'council_key_unavailable',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

const CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && CODES.has(code);
}
