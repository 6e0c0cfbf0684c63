/** Every message CouncilPay sends, with the variables its template needs. Rendered by the notify worker. */
export interface NotificationTemplates {
  /** Email: the outcome of a payment (paid with receipt numbers, failed with the reason, expired). */
  payment_paid: { reference: string };
  payment_failed: { reference: string };
  payment_expired: { reference: string };
  /**
   * Email and SMS: money given back to the payer (a refund recorded below the approval limit, or approved), as it
   * stood when the refund was made: this refund, and what has been given back in all (of the payment's own
   * charge, or of the duplicate charge it gives back).
   */
  refund_made: {
    reference: string;
    refundId: string;
    amountSen: number;
    totalRefundedSen: number;
    /** The whole of the payment was given back. */
    whole: boolean;
    /** It gives back a second charge of the same payment, not the payment itself. */
    duplicateCharge: boolean;
    refundedAt: string;
  };
  /** Email to a council's admins: a webhook endpoint was turned off after failing for three days. */
  webhook_endpoint_disabled: { name: string; council: string; url: string; failingSince: string };
  /** SMS: the 6-digit registration code. Sensitive. */
  phone_code: { code: string };
  /** Email: the link that confirms the address. Sensitive. */
  email_verification: { link: string; name: string };
  /** Email: the password reset link, valid 24 hours. Sensitive. */
  password_reset: { link: string; name: string };
  /** Email: an invitation to a council's staff, valid 72 hours. Sensitive (the link grants a role). */
  staff_invitation: { link: string; role: string; councils: string[] };
}

export type NotificationTemplate = keyof NotificationTemplates;

export const SENSITIVE_TEMPLATES: ReadonlySet<NotificationTemplate> = new Set([
  'phone_code',
  'email_verification',
  'password_reset',
  'staff_invitation',
]);
