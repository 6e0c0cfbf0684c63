import { formatPhone, type PayerRequest } from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { useLoginDialog } from '../../shared/session/login-dialog';
import { useSession } from '../../shared/session/SessionProvider';
import { itemsToPay } from '../../shared/cart/cart';
import { useCart } from '../../shared/cart/CartProvider';
import { CartSummary } from './CartSummary';
import { checkPayer, cleanPayer, type PayerErrors } from '../../shared/checkout/checkout-draft';
import { CheckoutSteps } from './CheckoutSteps';
import { EmptyCartNotice } from '../../shared/cart/EmptyCartNotice';
import { useCheckoutDraft } from './useCheckoutDraft';

/**
 * /checkout, step 1: the payer's details, as a guest or signed in (then filled in from the account), with
 * the cart's summary. Spaces are stripped from e-mail and phone.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = useCart();
  const { user } = useSession();
  const { openLogin } = useLoginDialog();
  const [draft, updateDraft] = useCheckoutDraft();
  const [edited, setEdited] = useState<PayerRequest | null>(null);
  const [errors, setErrors] = useState<PayerErrors>({});

  const fromAccount: PayerRequest | null = user
    ? { name: user.fullName, email: user.name, phone: user.phone ? formatPhone(user.phone) : '' }
    : null;
  const payer: PayerRequest = edited ?? draft.payer ?? fromAccount ?? { name: '', email: '', phone: '' };
  const set = (field: keyof PayerRequest) => (event: { target: { value: string } }) =>
    setEdited({ ...payer, [field]: event.target.value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkPayer(payer);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    updateDraft({ payer: cleanPayer(payer) });
    void navigate(ROUTES.payment_information);
  };

  const field = (name: keyof PayerRequest, label: string, extra: object = {}) => (
    <TextField
      required
      fullWidth
      name={name}
      label={label}
      value={payer[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ? t(errors[name]) : undefined}
      {...extra}
    />
  );

  return (
    <PageScaffold page="checkout">
      <CheckoutSteps active="details" />
      {!cart.ready ? (
        <Skeleton variant="rounded" height={160} />
      ) : itemsToPay(cart.items).length === 0 ? (
        <EmptyCartNotice />
      ) : (
        <Stack spacing={3}>
          <CartSummary items={cart.items} />
          <div>
            <Button component={RouterLink} to={ROUTES.cart}>
              {t('checkout.edit_cart')}
            </Button>
          </div>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-labelledby="payer-title">
              <Typography id="payer-title" variant="h6" component="h2">
                {t('checkout.payer_title')}
              </Typography>
              {user ? (
                <Alert severity="success">{t('checkout.signed_in_as', { email: user.name })}</Alert>
              ) : (
                <Alert
                  severity="info"
                  action={
                    <Button color="inherit" size="small" onClick={openLogin}>
                      {t('shell.login')}
                    </Button>
                  }
                >
                  {t('checkout.guest_notice')}
                </Alert>
              )}
              {field('name', t('common.full_name'), {
                autoComplete: 'name',
                slotProps: { htmlInput: { maxLength: 100 } },
              })}
              {field('email', t('common.email'), {
                type: 'email',
                autoComplete: 'email',
                helperText: errors.email ? t(errors.email) : t('checkout.email_hint'),
              })}
              {field('phone', t('common.phone'), {
                type: 'tel',
                autoComplete: 'tel',
                helperText: errors.phone ? t(errors.phone) : t('checkout.phone_hint'),
              })}
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained" size="large">
                  {t('common.continue')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        </Stack>
      )}
    </PageScaffold>
  );
}
