import {
  CARD_BANK_LIST,
  CARD_METHODS,
  checkFpxAmount,
  DEFAULT_PAYMENT_METHOD,
  isCardBank,
  type CardMethodCode,
} from '@councilpay/domain';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../shared/routing/paths';
import { NativeSelectField } from '../../shared/ui/NativeSelectField';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { cartTotalSen } from '../../shared/cart/cart';
import { useCart } from '../../shared/cart/CartProvider';
import { CheckoutSteps } from './CheckoutSteps';
import { FpxLimitNotice, useFpxLimitsText } from '../../shared/checkout/FpxLimitNotice';
import { useCheckoutDraft } from './useCheckoutDraft';
import { useCheckoutGuard } from './useCheckoutGuard';

type MethodType = 'fpx' | 'card';

/**
 * /payment_information: FPX online banking, or a card (Visa or Mastercard only). FPX continues to the bank
 * list; a card names the bank that issued it (the card form's fixed list, required) and goes straight to
 * confirmation (the card form itself is the gateway's page). FPX's limits are shown with its choice; a total FPX
 * cannot take makes the choice unavailable and says what to do instead.
 */
export function PaymentInformationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, updateDraft] = useCheckoutDraft();
  const allowed = useCheckoutGuard(draft);
  const cart = useCart();
  const totalSen = cartTotalSen(cart.items);
  const fpxTakes = !cart.ready || checkFpxAmount(totalSen).ok;
  const fpxLimits = useFpxLimitsText();
  const [chosen, setType] = useState<MethodType>(draft.method?.type ?? 'fpx');
  const type: MethodType = fpxTakes ? chosen : 'card';
  const [cardMethod, setCardMethod] = useState<CardMethodCode>(
    draft.method?.type === 'card' ? draft.method.cardMethod : DEFAULT_PAYMENT_METHOD,
  );
  const [cardBank, setCardBank] = useState(draft.method?.type === 'card' ? (draft.method.cardBank ?? '') : '');
  const [cardBankError, setCardBankError] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (type === 'fpx') {
      updateDraft({ method: { type: 'fpx', bankId: draft.method?.type === 'fpx' ? draft.method.bankId : null } });
      void navigate(ROUTES.fpx_checkout);
    } else if (!isCardBank(cardBank)) {
      setCardBankError(true);
    } else {
      updateDraft({ method: { type: 'card', cardMethod, cardBank } });
      void navigate(ROUTES.confirmation);
    }
  };

  if (!allowed) return <PageScaffold page="payment_information" />;
  return (
    <PageScaffold page="payment_information">
      <CheckoutSteps active="method" />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack component="form" spacing={3} onSubmit={submit} noValidate>
          <FormControl>
            <FormLabel id="method-label" sx={{ mb: 1 }}>
              {t('checkout.method_label')}
            </FormLabel>
            <RadioGroup
              aria-labelledby="method-label"
              name="method"
              value={type}
              onChange={(event) => setType(event.target.value as MethodType)}
            >
              <FormControlLabel
                value="fpx"
                control={<Radio />}
                disabled={!fpxTakes}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <AccountBalanceIcon color="primary" aria-hidden />
                    <span>{t('checkout.method_fpx')}</span>
                  </Stack>
                }
              />
              <Typography variant="body2" color="text.secondary" sx={{ pl: 4, mt: -0.5 }} data-testid="fpx-limits">
                {fpxLimits}
              </Typography>
              <FormControlLabel
                value="card"
                control={<Radio />}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <CreditCardIcon color="primary" aria-hidden />
                    <span>{t('checkout.method_card')}</span>
                  </Stack>
                }
              />
            </RadioGroup>
          </FormControl>
          {cart.ready && <FpxLimitNotice totalSen={totalSen} />}
          {type === 'card' && (
            <Box sx={{ pl: { sm: 4 } }}>
              <FormControl>
                <FormLabel id="card-label">{t('checkout.card_only')}</FormLabel>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('checkout.card_note')}
                </Typography>
                <RadioGroup
                  row
                  aria-labelledby="card-label"
                  name="cardMethod"
                  value={cardMethod}
                  onChange={(event) => setCardMethod(event.target.value as CardMethodCode)}
                >
                  {(Object.keys(CARD_METHODS) as CardMethodCode[]).map((code) => (
                    <FormControlLabel
                      key={code}
                      value={code}
                      control={<Radio />}
                      label={t(`checkout.card_${CARD_METHODS[code]}`)}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
              <Box sx={{ mt: 2, maxWidth: 420 }}>
                <NativeSelectField
                  required
                  label={t('checkout.card_bank')}
                  value={cardBank}
                  onChange={(event) => {
                    setCardBank(event.target.value);
                    setCardBankError(false);
                  }}
                  error={cardBankError}
                  helperText={cardBankError ? t('checkout.choose_card_bank') : t('checkout.card_bank_hint')}
                  testId="card-bank-select"
                >
                  <option value="">{t('checkout.choose_card_bank')}</option>
                  {CARD_BANK_LIST.map((bank) => (
                    <option key={bank.code} value={bank.code}>
                      {bank.name}
                    </option>
                  ))}
                </NativeSelectField>
              </Box>
            </Box>
          )}
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Button component={RouterLink} to={ROUTES.checkout}>
              {t('common.back')}
            </Button>
            <Button type="submit" variant="contained" size="large">
              {t('common.continue')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </PageScaffold>
  );
}
