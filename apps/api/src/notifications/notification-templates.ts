/** Every message CouncilPay sends, with the variables its template needs. Rendered by the notify worker. */
export interface NotificationTemplates {
  /** Email: the outcome of a payment (paid with receipt numbers, failed with the reason, expired). */
  payment_paid: { reference: string };
  payment_failed: { reference: string };
  payment_expired: { reference: string };
  /** SMS: the 6-digit registration code. Sensitive. */
  phone_code: { code: string };
  /** Email: the link that confirms the address. Sensitive. */
  email_verification: { link: string; name: string };
  /** Email: the password reset link, valid 24 hours. Sensitive. */
  password_reset: { link: string; name: string };
}

export type NotificationTemplate = keyof NotificationTemplates;

export const SENSITIVE_TEMPLATES: ReadonlySet<NotificationTemplate> = new Set([
  'phone_code',
  'email_verification',
  'password_reset',
]);
