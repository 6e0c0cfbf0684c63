import type { PaymentDto } from '@councilpay/domain';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../shared/routing/paths';
import { isFollowed } from './payment-status';
import { requeryPayment } from '../../shared/payments/payments-api';
import { usePaymentAction } from './usePaymentAction';

/** Where a payment's status can be checked (and the bank asked again) by its reference. */
export function requeryLink(reference: string): string {
  return `${ROUTES.requery}?reference=${encodeURIComponent(reference)}`;
}

/**
 * A payment the bank has not confirmed yet is not a dead end: the 24-hour promise in words, "Ask the bank
 * again" (for the payer who may: this tab's token or the owner signed in) and the payment status page.
 */
export function PendingHelp({ payment, refresh }: { payment: PaymentDto; refresh: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = usePaymentAction(
    () => requeryPayment(payment.reference),
    (outcome) => t(outcome === 'asked' ? 'requery.checked' : 'requery.asked_recently'),
    refresh,
  );
  if (!isFollowed(payment.status)) return null;
  return (
    <Alert severity="info" data-testid="pending-help" className="no-print">
      <Stack spacing={1.5}>
        <div>{t('receipt.pending_promise')}</div>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {payment.view === 'full' && (
            <Button
              variant="contained"
              size="small"
              startIcon={<RefreshIcon />}
              onClick={() => void run()}
              loading={busy}
              data-testid="ask-bank-again"
            >
              {t('requery.ask_bank')}
            </Button>
          )}
          <Link component={RouterLink} to={requeryLink(payment.reference)} data-testid="requery-link">
            {t('receipt.check_status')}
          </Link>
        </Stack>
      </Stack>
    </Alert>
  );
}
