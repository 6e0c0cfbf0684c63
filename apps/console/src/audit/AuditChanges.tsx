import { formatRinggit, isPaymentState } from '@councilpay/domain';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { auditChanges } from './changes';

type Translate = (key: string, options?: object) => string;

/** `refundApprovalAboveSen` → "refund approval above", the words a field name holds. */
function humanise(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .replace(/Sen$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(field: string, value: unknown, translate: Translate): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof value === 'number' && /Sen$/.test(field)) return formatRinggit(value);
  if (isPaymentState(value)) return translate(`payment_states.${value}`);
  if (Array.isArray(value))
    return value.length === 0 ? '—' : value.map((v) => valueText(field, v, translate)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * What a staff action changed, as a list a person reads: each changed field by its name, the value before and
 * after (money in RM, yes/no, statuses in words). The raw record stays on the API for whoever needs it.
 */
export function AuditChanges({
  before,
  after,
}: {
  before: Record<string, unknown> | null | undefined;
  after: Record<string, unknown> | null | undefined;
}) {
  const translate = useTranslate();
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <>—</>;
  return (
    <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2 }} data-testid="audit-changes">
      {changes.map(({ field, before: was, after: now }) => (
        <li key={field}>
          <strong>{translate(`console.audit_fields.${field.split('.').pop()}`, { _: humanise(field) })}</strong>
          {': '}
          {was === undefined ? (
            valueText(field, now, translate)
          ) : (
            <>
              {valueText(field, was, translate)} → {valueText(field, now, translate)}
            </>
          )}
        </li>
      ))}
    </Typography>
  );
}
