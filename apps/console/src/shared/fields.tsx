import {
  bankDisplayName,
  CARD_METHODS,
  cardBankName,
  formatDateTime,
  formatRinggit,
  isCardMethod,
  isPaymentState,
} from '@councilpay/domain';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useFieldValue, useRecordContext, useTranslate, type FieldProps } from 'react-admin';

/** Money held in sen, shown as RM with 2 decimals. */
export function MoneyField(props: FieldProps) {
  const value = useFieldValue(props);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {typeof value === 'number' ? formatRinggit(value) : '—'}
    </Typography>
  );
}
MoneyField.textAlign = 'right' as const;

/** An ISO time as DD/MM/YYYY HH:mm in Malaysian time. */
export function DateTimeField(props: FieldProps) {
  const value = useFieldValue(props);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {typeof value === 'string' ? formatDateTime(new Date(value)) : '—'}
    </Typography>
  );
}

// White on MUI's `info` blue is 3.85:1, under WCAG's 4.5:1 for the chip's small text: refunded uses the primary blue.
const STATE_COLOURS = {
  paid: 'success',
  refunded: 'primary',
  failed: 'error',
  expired: 'default',
  cancelled: 'default',
  pending: 'warning',
  in_progress: 'warning',
} as const;

/** A payment status as a coloured chip with its translated name. */
export function PaymentStatusField(props: FieldProps) {
  const value = useFieldValue(props);
  const translate = useTranslate();
  if (!isPaymentState(value)) return null;
  return (
    <Chip
      size="small"
      color={STATE_COLOURS[value]}
      label={translate(`payment_states.${value}`)}
      data-testid="payment-status"
      data-status={value}
    />
  );
}

/** A code translated through a catalogue group (`console.templates.payment_paid` ...), the code if unknown. */
export function TranslatedField({ prefix, ...props }: FieldProps & { prefix: string }) {
  const value = useFieldValue(props);
  const translate = useTranslate();
  if (typeof value !== 'string') return null;
  return (
    <Typography component="span" variant="body2">
      {translate(`${prefix}.${value}`, { _: value })}
    </Typography>
  );
}

/** A list of short codes (councils, roles) as chips. */
export function ChipsField({ prefix, ...props }: FieldProps & { prefix?: string }) {
  const value = useFieldValue(props);
  const translate = useTranslate();
  if (!Array.isArray(value)) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {value.map((item: string) => (
        <Chip
          key={item}
          size="small"
          variant="outlined"
          label={prefix ? translate(`${prefix}.${item}`, { _: item }) : item}
        />
      ))}
    </span>
  );
}

type Translate = (key: string, options?: object) => string;

/** What names how a payment was paid; `cardBank` is the card's bank (a code of CARD_BANK_LIST), when it named one. */
interface PaidWith {
  method: 'fpx' | 'card';
  bankId: string | null;
  cardMethod: string | null;
  cardBank?: string | null;
}

/**
 * A bank or card by its name: "Maybank2U" for an FPX bank id, "Visa" for card method 48, "Visa · Public Bank" with
 * the card's bank; unknown codes as themselves.
 */
export function bankOrCardName(translate: Translate, payment: PaidWith): string {
  if (payment.method === 'card' || (!payment.bankId && payment.cardMethod)) {
    const code = payment.cardMethod;
    const scheme = isCardMethod(code) ? translate(`checkout.card_${CARD_METHODS[code]}`) : (code ?? '—');
    return payment.cardBank ? `${scheme} · ${cardBankName(payment.cardBank)}` : scheme;
  }
  return payment.bankId ? bankDisplayName(payment.bankId) : '—';
}

/** How a payment was paid, in words: "FPX · Maybank2U", "Kad · Visa · Public Bank". */
export function methodText(translate: Translate, payment: PaidWith): string {
  return `${payment.method === 'fpx' ? 'FPX' : translate('console.method_card')} · ${bankOrCardName(translate, payment)}`;
}

/** How a payment was paid: FPX and the bank's name, or card and its brand. */
export function MethodField(_props: Partial<FieldProps>) {
  const payment = useRecordContext<PaidWith>();
  const translate = useTranslate();
  if (!payment) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="payment-method">
      {methodText(translate, payment)}
    </Typography>
  );
}

/** "Paid late" as a chip beside the status, only when it was. */
export function LateField(_props: Partial<FieldProps>) {
  const payment = useRecordContext<{ late: boolean }>();
  const translate = useTranslate();
  if (!payment?.late) return null;
  return <Chip size="small" color="secondary" label={translate('console.late')} sx={{ ml: 0.5 }} />;
}
