/** The operator's helpline (shown on the helpline and about pages). */
export const HELPLINE = {
  phone: '+60 88-123 456',
  phoneHref: 'tel:+6088123456',
  email: 'helpdesk@councilpay.my',
} as const;
