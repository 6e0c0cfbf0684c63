import { isFinal, isLicenceType } from '@councilpay/domain';
import BadgeIcon from '@mui/icons-material/Badge';
import HomeIcon from '@mui/icons-material/Home';
import PrintIcon from '@mui/icons-material/Print';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import GlobalStyles from '@mui/material/GlobalStyles';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { messageKeyForError } from '../../shared/api/errors';
import { useBillsCouncilTitle } from '../../shared/public-data/TitleCouncil';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { settledIds } from '../../shared/cart/cart';
import { useCart } from '../../shared/cart/CartProvider';
import { clearDraft } from '../../shared/checkout/checkout-draft';
import { DownloadReceiptButton } from '../../shared/documents/DownloadReceiptButton';
import { PaymentDetails, PaymentStatusBanner } from './PaymentDetails';
import { cancelPayment } from '../../shared/payments/payments-api';
import { PendingHelp } from './PendingHelp';
import { usePaymentAction } from './usePaymentAction';
import { usePaymentStatus } from './usePaymentStatus';

/**
 * /receipt?reference=…: where the gateways return the payer. Shows the live status until it is final
 * (usePaymentStatus), then the receipt. Once paid, the bills it paid leave the cart; after a failure the
 * cart keeps them, so the payer can try again.
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reference = params.get('reference')?.trim() || null;
  const { payment, error, refresh } = usePaymentStatus(reference);
  const cart = useCart();
  // The title bar names the council of the bills this payment paid.
  useBillsCouncilTitle(payment ? payment.items.map((item) => item.council) : null);

  const paid = payment?.status === 'paid';
  useEffect(() => {
    if (!paid || !payment || !cart.ready) return;
    const ids = settledIds(cart.items, payment.items);
    if (ids.length > 0) void cart.removeIds(ids);
    clearDraft();
  }, [paid, payment, cart]);

  const { busy: cancelling, run: cancel } = usePaymentAction(
    () => cancelPayment(reference ?? ''),
    (result) => (result.outcome === 'requested' ? t('receipt.cancel_requested') : t('receipt.cancelled')),
    refresh,
  );

  return (
    // Only a paid (or refunded) payment has a receipt; any other is its status.
    <PageScaffold
      page="receipt"
      heading={payment && payment.status !== 'paid' && payment.status !== 'refunded' ? 'payment_status' : undefined}
    >
      {/* Printing the receipt prints the receipt only, not the portal around it. */}
      <GlobalStyles styles={{ '@media print': { 'header, footer, .no-print': { display: 'none !important' } } }} />
      {!reference ? (
        <Alert severity="warning">{t('receipt.no_reference')}</Alert>
      ) : payment ? (
        <Stack spacing={3} data-testid="receipt">
          <PaymentStatusBanner payment={payment} />
          <PendingHelp payment={payment} refresh={refresh} />
          <PaymentDetails payment={payment} />
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} className="no-print">
            {paid && (
              <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
                {t('common.print')}
              </Button>
            )}
            {(paid || payment.status === 'refunded') && <DownloadReceiptButton reference={payment.reference} />}
            {/* A paid licence is printed from the licences page. */}
            {paid && payment.items.some((item) => isLicenceType(item.type)) && (
              <Button component={RouterLink} to={ROUTES.pdf} startIcon={<BadgeIcon />} data-testid="licence-print-link">
                {t('shell.my_licences')}
              </Button>
            )}
            {/* error.dark: the outlined red of error.main is too light for AA contrast (axe). */}
            {/* Only the payer with proof (this tab's token, or the owner signed in) may cancel. */}
            {payment.status === 'in_progress' && payment.view === 'full' && (
              <Button
                variant="outlined"
                sx={{ color: 'error.dark', borderColor: 'error.dark' }}
                onClick={() => void cancel()}
                loading={cancelling}
              >
                {t('checkout.cancel_payment')}
              </Button>
            )}
            {isFinal(payment.status) && !paid && (
              <Button variant="contained" component={RouterLink} to={ROUTES.cart} startIcon={<ShoppingCartIcon />}>
                {t('receipt.back_to_cart')}
              </Button>
            )}
            <Button component={RouterLink} to={ROUTES.home} startIcon={<HomeIcon />}>
              {t('not_found.back_home')}
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
        <Skeleton variant="rounded" height={240} />
      )}
    </PageScaffold>
  );
}
