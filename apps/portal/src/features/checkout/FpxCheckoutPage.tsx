import { checkFpxAmount, type BankDto } from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NativeSelectField } from '../../shared/ui/NativeSelectField';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { messageKeyForError } from '../../shared/api/errors';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { cartTotalSen } from '../../shared/cart/cart';
import { useCart } from '../../shared/cart/CartProvider';
import { getBanks } from './checkout-api';
import { CheckoutSteps } from './CheckoutSteps';
import { useCheckoutDraft } from './useCheckoutDraft';
import { useCheckoutGuard } from './useCheckoutGuard';

/**
 * /fpx_checkout: the FPX bank list from the API, in FPX's order; banks that are offline are listed and
 * cannot be chosen. The FPX per-transaction limits are checked here too.
 */
export function FpxCheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = useCart();
  const [draft, updateDraft] = useCheckoutDraft();
  const allowed = useCheckoutGuard(draft);
  const [banks, setBanks] = useState<BankDto[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [bankId, setBankId] = useState(draft.method?.type === 'fpx' ? (draft.method.bankId ?? '') : '');
  const [fieldError, setFieldError] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    getBanks(controller.signal).then(
      (list) => setBanks(list.banks),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const limit = cart.ready ? checkFpxAmount(cartTotalSen(cart.items)) : { ok: true as const };
  const chosen = banks?.find((bank) => bank.id === bankId && bank.online);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) {
      setFieldError(true);
      return;
    }
    updateDraft({ method: { type: 'fpx', bankId: chosen.id } });
    void navigate(ROUTES.confirmation);
  };

  if (!allowed) return <PageScaffold page="fpx_checkout" />;
  return (
    <PageScaffold page="fpx_checkout">
      <CheckoutSteps active="method" />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack component="form" spacing={3} onSubmit={submit} noValidate>
          {!limit.ok && <Alert severity="warning">{t(`validation.${limit.code}`)}</Alert>}
          {loadError !== null ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t(messageKeyForError(loadError))}
            </Alert>
          ) : banks === null ? (
            <Skeleton variant="rounded" height={56} />
          ) : (
            <NativeSelectField
              required
              label={t('checkout.bank')}
              value={bankId}
              onChange={(event) => {
                setBankId(event.target.value);
                setFieldError(false);
              }}
              error={fieldError}
              helperText={fieldError ? t('checkout.choose_bank') : t('checkout.bank_hint')}
              testId="bank-select"
            >
              <option value="">{t('checkout.choose_bank')}</option>
              {banks.map((bank) => (
                <option key={bank.id} value={bank.id} disabled={!bank.online}>
                  {bank.online ? bank.name : t('checkout.bank_offline', { bank: bank.name })}
                </option>
              ))}
            </NativeSelectField>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('checkout.fpx_terms')}
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Button component={RouterLink} to={ROUTES.payment_information}>
              {t('common.back')}
            </Button>
            <Button type="submit" variant="contained" size="large" disabled={!limit.ok || banks === null}>
              {t('common.continue')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </PageScaffold>
  );
}
