import { formatRinggit } from '@councilpay/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/**
 * The payments list's totals row: every payment the filters match (not the page), counted by the API's one
 * definition of money: the payments' amounts, the share of the list's councils, the refunds made of it, net.
 */
export function PaymentTotals() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { filterValues } = useListContext();
  const totals = useQuery({
    queryKey: ['payments', 'totals', filterValues],
    queryFn: ({ signal }) => dataProvider.getPaymentTotals(filterValues, signal),
  });
  const t = (key: string) => translate(`console.totals.${key}`);
  if (!totals.data) return null;
  const figures = [
    ['payments', String(totals.data.payments)],
    ['amount', formatRinggit(totals.data.amountSen)],
    ['share', formatRinggit(totals.data.shareSen)],
    ['refunded', formatRinggit(totals.data.refundedSen)],
    ['net', formatRinggit(totals.data.netSen)],
  ] as const;
  return (
    <Box
      data-testid="payment-totals"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography component="span" sx={{ fontWeight: 600, alignSelf: 'center' }}>
        {t('title')}
      </Typography>
      {/* A definition list holds only its terms and definitions (each pair in a div): the title stays outside. */}
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
        {figures.map(([key, value]) => (
          <Box key={key}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={`payment-totals-${key}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
