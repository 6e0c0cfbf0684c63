/**
 * The texts of the emails and SMS the workers send, in Malay (default and fallback), English and Chinese.
 * Kept beside the portal's catalogues; payable type and payment state names come from them (`translate`).
 * Placeholders use the catalogues' {{name}} syntax.
 */
import type { Language } from '@councilpay/domain';

export interface MessageTexts {
  greeting: string;
  paid_subject: string;
  paid_intro: string;
  failed_subject: string;
  failed_intro: string;
  failed_reason: string;
  expired_subject: string;
  expired_intro: string;
  retry_hint: string;
  refund_subject: string;
  refund_intro: string;
  refund_duplicate_intro: string;
  refund_total_part: string;
  refund_total_whole: string;
  refund_total_duplicate: string;
  refund_bank_note: string;
  refund_sms: string;
  reference: string;
  date: string;
  method: string;
  method_fpx: string;
  method_card: string;
  total: string;
  receipt_no: string;
  items: string;
  receipt_attached: string;
  status_link: string;
  /** The licences page, where a paid licence is printed (paid email of a payment with a licence). */
  licence_link: string;
  footer: string;
  phone_code_sms: string;
  email_verification_subject: string;
  email_verification_body: string;
  password_reset_subject: string;
  password_reset_body: string;
  webhook_disabled_subject: string;
  webhook_disabled_body: string;
  staff_invitation_subject: string;
  staff_invitation_body: string;
  /** The page a browser sees when it brings back a bank message that does not verify. */
  gateway_return_invalid: string;
}

export const en: MessageTexts = {
  greeting: 'Dear {{name}},',
  paid_subject: 'Payment successful: {{reference}}',
  paid_intro: 'We have received your payment of {{amount}}. Thank you.',
  failed_subject: 'Payment unsuccessful: {{reference}}',
  failed_intro: 'Your payment of {{amount}} was not successful. No money was taken for it.',
  failed_reason: 'Reason given by the bank: {{reason}}',
  expired_subject: 'Payment not completed: {{reference}}',
  expired_intro:
    'We received no confirmation from your bank for your payment of {{amount}} within 24 hours, so it has expired.',
  retry_hint:
    'If money was deducted from your account, it will be credited to your bills or refunded. You may pay again at any time.',
  refund_subject: 'Refund made: {{reference}}',
  refund_intro: 'We have refunded {{amount}} of your payment {{reference}} to you on {{date}}.',
  refund_duplicate_intro:
    'Your payment {{reference}} was charged twice. We have refunded {{amount}} of the second charge to you on {{date}}.',
  refund_total_part: 'In all, {{total}} of your payment of {{paid}} has been refunded to you.',
  refund_total_whole: 'Your whole payment of {{paid}} has been refunded to you.',
  refund_total_duplicate: 'In all, {{total}} of the second charge has been refunded to you.',
  refund_bank_note: 'Your bank may take a few working days to show the money in your account.',
  refund_sms: 'CouncilPay: {{amount}} refunded to you for payment {{reference}} ({{total}} refunded in all).',
  reference: 'Reference',
  date: 'Date',
  method: 'Payment method',
  method_fpx: 'FPX online banking',
  method_card: 'Credit/debit card',
  total: 'Total',
  receipt_no: 'Receipt no.',
  items: 'Items',
  receipt_attached: 'Your receipt is attached.',
  status_link: 'Payment status: {{link}}',
  licence_link: 'Print your licence (log in first): {{link}}',
  footer: 'This message was sent by CouncilPay. Please do not reply.',
  phone_code_sms: 'CouncilPay: your verification code is {{code}}. It expires in 10 minutes. Do not share it.',
  email_verification_subject: 'Confirm your email address',
  email_verification_body: 'Please confirm that this email address belongs to you by opening this link: {{link}}',
  password_reset_subject: 'Reset your password',
  password_reset_body:
    'Open this link within 24 hours to set a new password: {{link}}\nIf you did not ask for this, ignore this email.',
  webhook_disabled_subject: 'CouncilPay stopped sending events to {{url}}',
  webhook_disabled_body:
    'Every call to your council system at {{url}} ({{council}}) has failed since {{failingSince}}, so CouncilPay has turned this webhook endpoint off. Fix the receiver, then turn the endpoint back on in the console (Webhooks) and send the missed events again.',
  staff_invitation_subject: 'You are invited to the CouncilPay console',
  staff_invitation_body:
    'You are invited to join the staff of {{councils}} in the CouncilPay console as {{role}}. Open this link within 72 hours to accept: {{link}}\nIf you did not expect this, ignore this email.',
  gateway_return_invalid: "The bank's message could not be verified. Your payment's status will be checked.",
};

export const ms: MessageTexts = {
  greeting: '{{name}} yang dihormati,',
  paid_subject: 'Pembayaran berjaya: {{reference}}',
  paid_intro: 'Kami telah menerima pembayaran anda sebanyak {{amount}}. Terima kasih.',
  failed_subject: 'Pembayaran tidak berjaya: {{reference}}',
  failed_intro: 'Pembayaran anda sebanyak {{amount}} tidak berjaya. Tiada wang ditolak untuknya.',
  failed_reason: 'Sebab yang diberi oleh bank: {{reason}}',
  expired_subject: 'Pembayaran tidak selesai: {{reference}}',
  expired_intro:
    'Kami tidak menerima pengesahan daripada bank anda bagi pembayaran sebanyak {{amount}} dalam tempoh 24 jam, maka ia telah luput.',
  retry_hint:
    'Jika wang telah ditolak daripada akaun anda, ia akan dikreditkan ke bil anda atau dikembalikan. Anda boleh membuat pembayaran semula pada bila-bila masa.',
  refund_subject: 'Bayaran balik dibuat: {{reference}}',
  refund_intro: 'Kami telah memulangkan {{amount}} daripada pembayaran anda {{reference}} kepada anda pada {{date}}.',
  refund_duplicate_intro:
    'Pembayaran anda {{reference}} telah dicaj dua kali. Kami telah memulangkan {{amount}} daripada caj kedua kepada anda pada {{date}}.',
  refund_total_part:
    'Keseluruhannya, {{total}} daripada pembayaran anda sebanyak {{paid}} telah dipulangkan kepada anda.',
  refund_total_whole: 'Keseluruhan pembayaran anda sebanyak {{paid}} telah dipulangkan kepada anda.',
  refund_total_duplicate: 'Keseluruhannya, {{total}} daripada caj kedua telah dipulangkan kepada anda.',
  refund_bank_note:
    'Bank anda mungkin mengambil beberapa hari bekerja untuk menunjukkan wang tersebut dalam akaun anda.',
  refund_sms:
    'CouncilPay: {{amount}} dipulangkan kepada anda bagi pembayaran {{reference}} ({{total}} dipulangkan keseluruhannya).',
  reference: 'Rujukan',
  date: 'Tarikh',
  method: 'Kaedah pembayaran',
  method_fpx: 'Perbankan dalam talian FPX',
  method_card: 'Kad kredit/debit',
  total: 'Jumlah',
  receipt_no: 'No. resit',
  items: 'Butiran',
  receipt_attached: 'Resit anda dilampirkan.',
  status_link: 'Status pembayaran: {{link}}',
  licence_link: 'Cetak lesen anda (log masuk dahulu): {{link}}',
  footer: 'Mesej ini dihantar oleh CouncilPay. Sila jangan balas.',
  phone_code_sms: 'CouncilPay: kod pengesahan anda ialah {{code}}. Sah selama 10 minit. Jangan kongsi kod ini.',
  email_verification_subject: 'Sahkan alamat e-mel anda',
  email_verification_body: 'Sila sahkan bahawa alamat e-mel ini milik anda dengan membuka pautan ini: {{link}}',
  password_reset_subject: 'Tetapkan semula kata laluan anda',
  password_reset_body:
    'Buka pautan ini dalam tempoh 24 jam untuk menetapkan kata laluan baharu: {{link}}\nJika anda tidak memintanya, abaikan e-mel ini.',
  webhook_disabled_subject: 'CouncilPay berhenti menghantar acara ke {{url}}',
  webhook_disabled_body:
    'Setiap panggilan ke sistem majlis anda di {{url}} ({{council}}) gagal sejak {{failingSince}}, jadi CouncilPay telah mematikan titik akhir webhook ini. Baiki penerima, kemudian hidupkan semula titik akhir di konsol (Webhook) dan hantar semula acara yang terlepas.',
  staff_invitation_subject: 'Anda dijemput ke konsol CouncilPay',
  staff_invitation_body:
    'Anda dijemput menyertai kakitangan {{councils}} dalam konsol CouncilPay sebagai {{role}}. Buka pautan ini dalam masa 72 jam untuk menerima: {{link}}\nJika anda tidak menjangkakan e-mel ini, abaikan sahaja.',
  gateway_return_invalid: 'Maklumat daripada bank tidak sah. Status pembayaran anda akan disemak.',
};

export const zh: MessageTexts = {
  greeting: '尊敬的{{name}}：',
  paid_subject: '付款成功：{{reference}}',
  paid_intro: '我们已收到您 {{amount}} 的付款。谢谢。',
  failed_subject: '付款未成功：{{reference}}',
  failed_intro: '您 {{amount}} 的付款未成功，该款项未被扣除。',
  failed_reason: '银行给出的原因：{{reason}}',
  expired_subject: '付款未完成：{{reference}}',
  expired_intro: '我们在24小时内未收到您银行对 {{amount}} 付款的确认，该付款已失效。',
  retry_hint: '如果款项已从您的账户扣除，将计入您的账单或退还给您。您可以随时重新付款。',
  refund_subject: '退款已完成：{{reference}}',
  refund_intro: '我们已于 {{date}} 将您付款 {{reference}} 中的 {{amount}} 退还给您。',
  refund_duplicate_intro: '您的付款 {{reference}} 被重复扣款。我们已于 {{date}} 将第二笔扣款中的 {{amount}} 退还给您。',
  refund_total_part: '您 {{paid}} 的付款中，共已退还 {{total}}。',
  refund_total_whole: '您 {{paid}} 的付款已全额退还给您。',
  refund_total_duplicate: '第二笔扣款共已退还 {{total}}。',
  refund_bank_note: '您的银行可能需要几个工作日才会在您的账户中显示该款项。',
  refund_sms: 'CouncilPay：付款 {{reference}} 已退还您 {{amount}}（共已退还 {{total}}）。',
  reference: '参考编号',
  date: '日期',
  method: '付款方式',
  method_fpx: 'FPX 网上银行',
  method_card: '信用卡/借记卡',
  total: '总额',
  receipt_no: '收据编号',
  items: '项目',
  receipt_attached: '随附您的收据。',
  status_link: '付款状态：{{link}}',
  licence_link: '打印您的执照（请先登录）：{{link}}',
  footer: '此信息由 CouncilPay 发送，请勿回复。',
  phone_code_sms: 'CouncilPay：您的验证码是 {{code}}，10分钟内有效。请勿与他人分享。',
  email_verification_subject: '确认您的电子邮件地址',
  email_verification_body: '请打开此链接，确认此电子邮件地址属于您：{{link}}',
  password_reset_subject: '重设您的密码',
  password_reset_body: '请在24小时内打开此链接设置新密码：{{link}}\n如果您没有提出此要求，请忽略此邮件。',
  webhook_disabled_subject: 'CouncilPay 已停止向 {{url}} 发送事件',
  webhook_disabled_body:
    '自 {{failingSince}} 起，对贵市议会系统 {{url}}（{{council}}）的每次调用均失败，因此 CouncilPay 已关闭此 Webhook 端点。请修复接收端，然后在控制台（Webhook）中重新启用该端点，并重新发送错过的事件。',
  staff_invitation_subject: '您受邀使用 CouncilPay 控制台',
  staff_invitation_body:
    '您受邀以{{role}}身份加入 CouncilPay 控制台中 {{councils}} 的职员。请在 72 小时内打开此链接接受邀请：{{link}}\n如果您没有预期收到此邮件，请忽略。',
  gateway_return_invalid: '无法验证银行的信息。我们将核实您的付款状态。',
};

const TEXTS: Record<Language, MessageTexts> = { ms, en, zh };

/** The message texts of a language; Malay for anything else. */
export function messageTexts(language: string): MessageTexts {
  return TEXTS[language as Language] ?? ms;
}
