import {
  councilName,
  receiptPath,
  formatDate,
  formatDateTime,
  formatRinggit,
  isLicenceType,
  languageOrDefault,
  type Language,
} from '@councilpay/domain';
import { bankDisplayName } from '@councilpay/fpx';
import { gatewayReasonLine, interpolate, messageTexts, translate, type MessageKey } from '@councilpay/i18n';
import type { Council, Notification, Payment, PaymentItem } from '../generated/prisma/client';
import type { NotificationTemplates } from './notification-templates';

export interface RenderedMessage {
  subject: string | null;
  text: string;
  attachments: { filename: string; content: string | Buffer; contentType: string }[];
}

export type PaymentForMessage = Payment & {
  items: (PaymentItem & { council: Council; payable: { displayNo: string } })[];
};

/** "FPX online banking (Maybank2U)": the bank by its display name, never its FPX code. */
function methodText(payment: Payment, t: ReturnType<typeof messageTexts>): string {
  if (payment.method !== 'fpx') return t.method_card;
  return payment.bankId ? `${t.method_fpx} (${bankDisplayName(payment.bankId)})` : t.method_fpx;
}

/** The receipt in the paid email's text (the PDF receipt is attached by the notify worker). */

/** The payment's receipt page, at its council's own portal address when its bills are one council's. */
function receiptLink(publicUrl: string, payment: { reference: string; items: { councilCode: string }[] }): string {
  return `${publicUrl}${receiptPath(
    payment.reference,
    payment.items.map((item) => item.councilCode),
  )}`;
}

export function receiptText(payment: PaymentForMessage, language: Language): string {
  const t = messageTexts(language);
  const lines = [
    `CouncilPay — ${translate(language, 'payment_states.paid' as MessageKey)}`,
    `${t.reference}: ${payment.reference}`,
    // When it was paid, which a later refund never moves.
    `${t.date}: ${formatDateTime(payment.paidAt ?? payment.finalAt ?? payment.updatedAt)}`,
    `${t.method}: ${methodText(payment, t)}`,
    '',
    `${t.items}:`,
    ...payment.items
      .filter((item) => item.receiptNo)
      .map(
        (item) =>
          `- ${councilName(item.council, language)} · ${translate(language, `payment_types.${item.type}` as MessageKey)} · ${item.payable.displayNo} · ${formatRinggit(item.amountSen)} · ${t.receipt_no} ${item.receiptNo}`,
      ),
    '',
    `${t.total}: ${formatRinggit(payment.amountSen)}`,
  ];
  return lines.join('\n');
}

function paymentMessage(
  n: Notification,
  payment: PaymentForMessage,
  language: Language,
  publicUrl: string,
): RenderedMessage {
  const t = messageTexts(language);
  const vars = {
    reference: payment.reference,
    amount: formatRinggit(payment.amountSen),
    name: payment.payerName,
    reason:
      gatewayReasonLine(language, {
        method: payment.method,
        code: payment.gatewayCode,
        reason: payment.gatewayReason,
      }) ?? '-',
  };
  const statusLink = interpolate(t.status_link, { link: receiptLink(publicUrl, payment) });
  if (n.channel === 'sms') {
    // An SMS (sent when staff resend an outcome by SMS) is the subject line and the status link.
    const subject =
      n.template === 'payment_paid'
        ? t.paid_subject
        : n.template === 'payment_failed'
          ? t.failed_subject
          : t.expired_subject;
    return { subject: null, text: `CouncilPay: ${interpolate(subject, vars)}. ${statusLink}`, attachments: [] };
  }
  const head = [interpolate(t.greeting, vars), ''];
  const tail = ['', statusLink, '', t.footer];
  if (n.template === 'payment_paid') {
    const receipt = receiptText(payment, language);
    // A paid licence is printed from the portal's licences page.
    const licence = payment.items.some((item) => item.receiptNo && isLicenceType(item.type))
      ? [interpolate(t.licence_link, { link: `${publicUrl}/#/pdf` })]
      : [];
    return {
      subject: interpolate(t.paid_subject, vars),
      text: [...head, interpolate(t.paid_intro, vars), '', receipt, '', t.receipt_attached, ...licence, ...tail].join(
        '\n',
      ),
      attachments: [],
    };
  }
  if (n.template === 'payment_failed') {
    return {
      subject: interpolate(t.failed_subject, vars),
      text: [
        ...head,
        interpolate(t.failed_intro, vars),
        interpolate(t.failed_reason, vars),
        '',
        `${t.reference}: ${payment.reference}`,
        `${t.method}: ${methodText(payment, t)}`,
        t.retry_hint,
        ...tail,
      ].join('\n'),
      attachments: [],
    };
  }
  return {
    subject: interpolate(t.expired_subject, vars),
    text: [
      ...head,
      interpolate(t.expired_intro, vars),
      '',
      `${t.reference}: ${payment.reference}`,
      t.retry_hint,
      ...tail,
    ].join('\n'),
    attachments: [],
  };
}

/**
 * Money given back: how much, when, and what has been given back in all, by email (with the status link) or SMS
 * (one line and the link). The figures are those of the moment the refund was made.
 */
function refundMessage(
  n: Notification,
  payment: PaymentForMessage,
  language: Language,
  publicUrl: string,
): RenderedMessage {
  const t = messageTexts(language);
  const data = n.data as unknown as NotificationTemplates['refund_made'];
  const vars = {
    reference: payment.reference,
    name: payment.payerName,
    amount: formatRinggit(data.amountSen),
    total: formatRinggit(data.totalRefundedSen),
    paid: formatRinggit(payment.amountSen),
    date: formatDate(new Date(data.refundedAt)),
  };
  const statusLink = interpolate(t.status_link, { link: receiptLink(publicUrl, payment) });
  if (n.channel === 'sms') {
    return { subject: null, text: `${interpolate(t.refund_sms, vars)} ${statusLink}`, attachments: [] };
  }
  const total = data.duplicateCharge
    ? t.refund_total_duplicate
    : data.whole
      ? t.refund_total_whole
      : t.refund_total_part;
  return {
    subject: interpolate(t.refund_subject, vars),
    text: [
      interpolate(t.greeting, vars),
      '',
      interpolate(data.duplicateCharge ? t.refund_duplicate_intro : t.refund_intro, vars),
      interpolate(total, vars),
      '',
      `${t.reference}: ${payment.reference}`,
      `${t.method}: ${methodText(payment, t)}`,
      t.refund_bank_note,
      '',
      statusLink,
      '',
      t.footer,
    ].join('\n'),
    attachments: [],
  };
}

/** The subject and text of a notification in its language (Malay when the language is unknown). */
export function renderNotification(
  n: Notification,
  payment: PaymentForMessage | null,
  publicUrl: string,
): RenderedMessage {
  const language: Language = languageOrDefault(n.language);
  const t = messageTexts(language);
  switch (n.template) {
    case 'payment_paid':
    case 'payment_failed':
    case 'payment_expired':
      if (!payment) throw new Error(`notification ${n.id} has no payment`);
      return paymentMessage(n, payment, language, publicUrl);
    case 'refund_made':
      if (!payment) throw new Error(`notification ${n.id} has no payment`);
      return refundMessage(n, payment, language, publicUrl);
    case 'phone_code': {
      const data = n.data as unknown as NotificationTemplates['phone_code'];
      return { subject: null, text: interpolate(t.phone_code_sms, { code: data.code }), attachments: [] };
    }
    case 'email_verification': {
      const data = n.data as unknown as NotificationTemplates['email_verification'];
      return {
        subject: t.email_verification_subject,
        text: [interpolate(t.greeting, data), '', interpolate(t.email_verification_body, data), '', t.footer].join(
          '\n',
        ),
        attachments: [],
      };
    }
    case 'password_reset': {
      const data = n.data as unknown as NotificationTemplates['password_reset'];
      return {
        subject: t.password_reset_subject,
        text: [interpolate(t.greeting, data), '', interpolate(t.password_reset_body, data), '', t.footer].join('\n'),
        attachments: [],
      };
    }
    case 'webhook_endpoint_disabled': {
      const data = n.data as unknown as NotificationTemplates['webhook_endpoint_disabled'];
      const vars = { ...data, failingSince: formatDateTime(new Date(data.failingSince)) };
      return {
        subject: interpolate(t.webhook_disabled_subject, vars),
        text: [interpolate(t.greeting, vars), '', interpolate(t.webhook_disabled_body, vars), '', t.footer].join('\n'),
        attachments: [],
      };
    }
    case 'staff_invitation': {
      const data = n.data as unknown as NotificationTemplates['staff_invitation'];
      const vars = {
        link: data.link,
        role: translate(language, `console.roles.${data.role}` as MessageKey),
        councils: data.councils.map((c) => c.toUpperCase()).join(', '),
      };
      return {
        subject: t.staff_invitation_subject,
        text: [interpolate(t.staff_invitation_body, vars), '', t.footer].join('\n'),
        attachments: [],
      };
    }
    default:
      throw new Error(`notification ${n.id}: unknown template ${n.template}`);
  }
}
