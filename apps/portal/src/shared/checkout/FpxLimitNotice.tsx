import { checkFpxAmount, formatRinggit, FPX_MAX_SEN, FPX_MIN_SEN, type Sen } from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * What FPX online banking cannot take, said before the bank step: a total outside FPX's per-payment limits
 * (libs/domain `checkFpxAmount`), with the ways on: a card, or splitting (or filling) the cart. Nothing when
 * FPX takes the total.
 */
export function FpxLimitNotice({ totalSen }: { totalSen: Sen }) {
  const { t } = useTranslation();
  const check = checkFpxAmount(totalSen);
  if (check.ok) return null;
  const values = { total: formatRinggit(totalSen), min: formatRinggit(FPX_MIN_SEN), max: formatRinggit(FPX_MAX_SEN) };
  return (
    <Alert severity="warning" data-testid="fpx-limit-notice">
      {t(check.code === 'fpx_above_maximum' ? 'checkout.fpx_over_limit' : 'checkout.fpx_under_limit', values)}
    </Alert>
  );
}

/** FPX's per-payment limits as a short line (under the FPX choice). */
export function useFpxLimitsText(): string {
  const { t } = useTranslation();
  return t('checkout.fpx_limits', { min: formatRinggit(FPX_MIN_SEN), max: formatRinggit(FPX_MAX_SEN) });
}
