import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { messageKeyForError } from '../../shared/api/errors';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { PaymentDetails, PaymentStatusBanner } from './PaymentDetails';
import { isFollowed } from './payment-status';
import { requeryPayment } from '../../shared/payments/payments-api';
import { usePaymentAction } from './usePaymentAction';
import { usePaymentStatus } from './usePaymentStatus';

/** /requery: a payer checks a payment by its reference, and may ask the bank for its latest status. */
export function RequeryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference')?.trim() || null;
  const [typed, setTyped] = useState(reference ?? '');
  const [fieldError, setFieldError] = useState(false);
  const { payment, error, refresh } = usePaymentStatus(reference);
  const { busy: checking, run: check } = usePaymentAction(
    () => requeryPayment(reference ?? ''),
    (outcome) => t(outcome === 'asked' ? 'requery.checked' : 'requery.asked_recently'),
    refresh,
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = typed.replace(/\s+/g, '').toUpperCase();
    setFieldError(!clean);
    if (clean) setParams({ reference: clean });
  };

  return (
    <PageScaffold page="requery">
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} noValidate onSubmit={submit}>
          <TextField
            required
            fullWidth
            label={t('fields.reference')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={fieldError}
            helperText={fieldError ? t('validation.field_required') : t('requery.reference_hint')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
          />
          <div>
            <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />} sx={{ mt: 0.5 }}>
              {t('requery.check_button')}
            </Button>
          </div>
        </Stack>
      </Paper>
      {reference &&
        (payment ? (
          <Stack spacing={3}>
            <PaymentStatusBanner payment={payment} />
            <PaymentDetails payment={payment} />
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {isFollowed(payment.status) && payment.view === 'full' && (
                <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => void check()} loading={checking}>
                  {t('requery.ask_bank')}
                </Button>
              )}
              <Button
                component={RouterLink}
                to={`${ROUTES.receipt}?reference=${encodeURIComponent(payment.reference)}`}
                startIcon={<ReceiptIcon />}
              >
                {t('checkout.view_receipt')}
              </Button>
            </Stack>
          </Stack>
        ) : error ? (
          <Alert severity="error">
            {error instanceof ApiError && (error.status === 404 || error.status === 400)
              ? t('receipt.not_found')
              : t(messageKeyForError(error))}
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={200} />
        ))}
    </PageScaffold>
  );
}
