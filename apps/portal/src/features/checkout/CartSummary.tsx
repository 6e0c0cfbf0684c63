import { formatRinggit, TRUNCATE_SHORT, truncate } from '@councilpay/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCouncilName } from '../../shared/public-data/useCouncilName';
import { ItemCards, useNarrowScreen } from '../../shared/ui/ItemCards';
import { cartTotalSen, type CartItem } from '../../shared/cart/cart';

/**
 * The cart as checkout shows it: council, type, account, name and amount per item; items of 0 or less
 * are listed as skipped and not counted in the total.
 */
export function CartSummary({ items }: { items: readonly CartItem[] }) {
  const { t } = useTranslation();
  const councilName = useCouncilName();
  const narrow = useNarrowScreen();
  if (narrow) {
    // A phone: each item a card with the amount on a line of its own, then the total, never cut off.
    return (
      <Stack spacing={1.5}>
        <ItemCards
          label={t('checkout.summary')}
          items={items.map((item) => ({
            key: item.id,
            testId: 'checkout-item',
            title: `${councilName(item.council)} · ${t(`payment_types.${item.type}`)}`,
            lines: [
              { label: t('common.account_no'), value: item.displayNo },
              { label: t('common.name'), value: truncate(item.ownerName, TRUNCATE_SHORT) },
            ],
            amountLabel: t('common.amount'),
            amount: item.amountSen > 0 ? formatRinggit(item.amountSen) : t('cart.skipped'),
          }))}
        />
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>{t('common.total')}</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="checkout-total">
              {formatRinggit(cartTotalSen(items))}
            </Typography>
          </Box>
        </Paper>
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('checkout.summary')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('common.council')}</TableCell>
            <TableCell>{t('common.payment_type')}</TableCell>
            <TableCell>{t('common.account_no')}</TableCell>
            <TableCell>{t('common.name')}</TableCell>
            <TableCell align="right">{t('common.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{councilName(item.council)}</TableCell>
              <TableCell>{t(`payment_types.${item.type}`)}</TableCell>
              <TableCell>{item.displayNo}</TableCell>
              <TableCell>{truncate(item.ownerName, TRUNCATE_SHORT)}</TableCell>
              <TableCell align="right" data-testid="item-amount">
                {item.amountSen > 0 ? (
                  formatRinggit(item.amountSen)
                ) : (
                  <Typography variant="body2" color="text.secondary" component="span">
                    {t('cart.skipped')}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
              {t('common.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="checkout-total">
              {formatRinggit(cartTotalSen(items))}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
