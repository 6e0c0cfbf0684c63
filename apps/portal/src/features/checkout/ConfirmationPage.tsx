import {
  CARD_METHODS,
  cardBankName,
  formatPhone,
  formatRinggit,
  type BankDto,
  type CreatePaymentRequest,
} from '@councilpay/domain';
import { DIALOG_MAX_WIDTH } from '../../shared/constants';
import LockIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';
import { useLanguage } from '../../shared/i18n/useLanguage';
import { ROUTES } from '../../shared/routing/paths';
import { FieldList } from '../../shared/ui/FieldList';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { cartTotalSen, itemsToPay, paymentItemRequest } from '../../shared/cart/cart';
import { useCart } from '../../shared/cart/CartProvider';
import { rememberPaymentToken } from '../../shared/payments/payment-tokens';
import { CartSummary } from './CartSummary';
import { createPayment, getBanks, newIdempotencyKey, postToGateway } from './checkout-api';
import { paymentMethod } from '../../shared/checkout/checkout-draft';
import { CheckoutSteps } from './CheckoutSteps';
import { ownWaitingPayment } from './earlier-payment';
import { EmptyCartNotice } from '../../shared/cart/EmptyCartNotice';
import { useCheckoutDraft } from './useCheckoutDraft';
import { useCheckoutGuard } from './useCheckoutGuard';

/** What the API said that needs the payer's decision before anything else happens. */
type Question = { kind: 'pending'; references: string[] } | { kind: 'paid'; reference: string };

function referencesOf(error: ApiError): string[] {
  const references = error.details.references;
  return Array.isArray(references) ? references.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * /confirmation: the last look before the bank or card page: payer, method, the bills and the total.
 * "Pay now" creates the payment (with an Idempotency-Key per attempt, so a repeated click pays once) and
 * posts the signed form to the gateway in this window. A payment can be cancelled until this point (FAQ).
 */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const { showError } = useSnackbar();
  const cart = useCart();
  const [draft] = useCheckoutDraft();
  const allowed = useCheckoutGuard(draft);
  const [paying, setPaying] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const [bankName, setBankName] = useState<string | null>(null);
  // A payment this tab made for these bills that still waits for its bank (back from the bank's page, a
  // reload): shown with its reference, so the payer checks it before paying again.
  const [waiting, setWaiting] = useState<string | null>(null);
  const cartItems = cart.ready ? cart.items : null;
  // Back from the bank's page the browser may show this page as it was left (its back-forward cache): "paying"
  // ends and the payment just made is looked for again.
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPaying(false);
      setReturns((n) => n + 1);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  useEffect(() => {
    if (!cartItems) return;
    const controller = new AbortController();
    void ownWaitingPayment(cartItems, controller.signal).then((reference) => {
      if (!controller.signal.aborted) setWaiting(reference);
    });
    return () => controller.abort();
  }, [cartItems, returns]);
  // One key per attempt; kept when the request never got an answer, so trying again cannot pay twice.
  const attemptKey = useRef<string>(newIdempotencyKey());
  const method = paymentMethod(draft.method);

  const fpxBankId = method?.type === 'fpx' ? method.bankId : null;
  useEffect(() => {
    if (!fpxBankId) return;
    const controller = new AbortController();
    getBanks(controller.signal).then(
      (list) => setBankName(list.banks.find((bank: BankDto) => bank.id === fpxBankId)?.name ?? fpxBankId),
      () => setBankName(fpxBankId),
    );
    return () => controller.abort();
  }, [fpxBankId]);

  useEffect(() => {
    // A bank still to choose: FPX's on the bank list, the card's on the method page.
    if (allowed && draft.method && !method)
      void navigate(draft.method.type === 'card' ? ROUTES.payment_information : ROUTES.fpx_checkout, {
        replace: true,
      });
    if (allowed && !draft.method) void navigate(ROUTES.payment_information, { replace: true });
  }, [allowed, draft.method, method, navigate]);

  const pay = async (confirmRetry = false) => {
    if (!draft.payer || !method) return;
    setQuestion(null);
    setPaying(true);
    const request: CreatePaymentRequest = {
      items: itemsToPay(cart.items).map(paymentItemRequest),
      payer: draft.payer,
      method,
      language,
      ...(confirmRetry ? { confirmRetry: true } : {}),
    };
    try {
      const created = await createPayment(request, attemptKey.current);
      // The payment's proof for this tab: the receipt page sends it back to cancel or ask the bank.
      if (created.paymentToken) rememberPaymentToken(created.reference, created.paymentToken);
      if (created.redirect) {
        postToGateway(created.redirect); // The page is left; `paying` stays on until it is.
      } else {
        // A replay of a payment that has moved on: no form to post, its receipt tells where it stands.
        void navigate(`${ROUTES.receipt}?reference=${encodeURIComponent(created.reference)}`);
      }
    } catch (error) {
      setPaying(false);
      if (!(error instanceof ApiError) || error.status !== 0) attemptKey.current = newIdempotencyKey();
      if (error instanceof ApiError && error.code === 'payment_pending') {
        // The API names only a signed-in payer's own payments; this tab's own are found from its proofs.
        const named = referencesOf(error);
        const found = named.length > 0 ? null : await ownWaitingPayment(cart.items).catch(() => null);
        setQuestion({ kind: 'pending', references: found ? [found] : named });
      } else if (
        error instanceof ApiError &&
        error.code === 'already_paid' &&
        typeof error.details.reference === 'string'
      ) {
        setQuestion({ kind: 'paid', reference: error.details.reference });
      } else {
        showError(error);
      }
    }
  };

  const cancel = () => void navigate(ROUTES.cart);

  if (!allowed) return <PageScaffold page="confirmation" />;
  const total = cartTotalSen(cart.items);
  return (
    <PageScaffold page="confirmation">
      <CheckoutSteps active="confirm" />
      {!cart.ready ? (
        <Skeleton variant="rounded" height={200} />
      ) : itemsToPay(cart.items).length === 0 ? (
        <EmptyCartNotice />
      ) : (
        <Stack spacing={3}>
          {waiting && (
            <Alert
              severity="warning"
              data-testid="own-waiting-payment"
              action={
                <Button
                  color="inherit"
                  size="small"
                  component={RouterLink}
                  to={`${ROUTES.receipt}?reference=${encodeURIComponent(waiting)}`}
                >
                  {t('checkout.check_earlier')}
                </Button>
              }
            >
              {t('checkout.own_payment_waiting', { reference: waiting })}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('checkout.payer_title')}
            </Typography>
            <FieldList
              fields={[
                { label: 'payer_name', value: { text: draft.payer?.name ?? '' } },
                { label: 'payer_email', value: { text: draft.payer?.email ?? '' } },
                { label: 'payer_phone', value: { text: formatPhone(draft.payer?.phone ?? '') } },
                {
                  label: 'payment_method',
                  value:
                    method?.type === 'card'
                      ? method.cardBank
                        ? {
                            key: `checkout.card_${CARD_METHODS[method.cardMethod]}_with_bank`,
                            values: { bank: cardBankName(method.cardBank) },
                          }
                        : { key: `checkout.card_${CARD_METHODS[method.cardMethod]}` }
                      : { key: 'checkout.fpx_with_bank', values: { bank: bankName ?? '…' } },
                },
              ]}
            />
          </Paper>
          <CartSummary items={cart.items} />
          <Alert severity="info" icon={<LockIcon />}>
            {t('checkout.redirect_notice')}
          </Alert>
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={1}>
              <Button
                component={RouterLink}
                to={method?.type === 'fpx' ? ROUTES.fpx_checkout : ROUTES.payment_information}
              >
                {t('common.back')}
              </Button>
              <Button color="inherit" onClick={cancel} disabled={paying}>
                {t('checkout.cancel_payment')}
              </Button>
            </Stack>
            <Button
              variant="contained"
              size="large"
              onClick={() => void pay()}
              loading={paying}
              disabled={total <= 0}
              data-testid="pay-now"
            >
              {t('checkout.pay_now', { amount: formatRinggit(total) })}
            </Button>
          </Stack>
        </Stack>
      )}

      <Dialog
        open={question !== null}
        onClose={() => setQuestion(null)}
        aria-labelledby="payment-question-title"
        maxWidth={false}
        slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
        data-testid="payment-question"
      >
        <DialogTitle id="payment-question-title">
          {question?.kind === 'paid' ? t('checkout.already_paid_title') : t('checkout.pending_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {question?.kind === 'paid'
              ? t('errors.already_paid')
              : question?.references.length
                ? t('errors.payment_pending')
                : t('checkout.others_waiting')}
          </DialogContentText>
          {question?.kind === 'pending' && question.references.length > 0 && (
            <Typography variant="body2" sx={{ mt: 2 }}>
              {t('checkout.earlier_payments', { references: question.references.join(', ') })}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {question?.kind === 'paid' ? (
            <Button
              variant="contained"
              component={RouterLink}
              to={`${ROUTES.receipt}?reference=${encodeURIComponent(question.reference)}`}
            >
              {t('checkout.view_receipt')}
            </Button>
          ) : (
            <>
              {question?.references[0] && (
                <Button
                  component={RouterLink}
                  to={`${ROUTES.receipt}?reference=${encodeURIComponent(question.references[0])}`}
                >
                  {t('checkout.check_earlier')}
                </Button>
              )}
              <Button onClick={() => setQuestion(null)}>{t('common.cancel')}</Button>
              <Button variant="contained" onClick={() => void pay(true)}>
                {t('checkout.pay_again')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </PageScaffold>
  );
}
