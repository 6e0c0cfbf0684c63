import { formatDateTime, type AdminPaymentView } from '@councilpay/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import billImports from '.';

/** On a payment: for each item, the bill import that last changed its bill, opening that import's preview. */
export function BillImportStamps() {
  // The list's row stands in for the payment until the whole view arrives: it has no billImports yet.
  const payment = useRecordContext<Partial<AdminPaymentView>>();
  const translate = useTranslate();
  const stamps = payment?.billImports;
  const items = payment?.items;
  if (!stamps || !items || stamps.every((s) => s === null)) return null;
  return (
    <Box sx={{ mt: 1 }} data-testid="payment-bill-imports">
      <Typography variant="subtitle2" component="h3">
        {translate('console.bill_imports.last_import')}
      </Typography>
      {items.map((item, i) => {
        const stamp = stamps[i];
        if (!stamp) return null;
        const params = new URLSearchParams({ council: stamp.councilCode, type: stamp.type, import: stamp.id });
        return (
          <Typography key={`${item.accountNo}-${i}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {item.displayNo}:{' '}
            <Link to={`${billImports.path}?${params.toString()}`}>
              {translate('console.bill_imports.last_import_of', {
                file: stamp.fileName ?? translate('console.bill_imports.seed'),
                at: formatDateTime(new Date(stamp.at)),
              })}
            </Link>
          </Typography>
        );
      })}
    </Box>
  );
}
