import { malaysiaDay, type AdminDashboard } from '@councilpay/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ActionButton } from '../shared/ActionButton';

/**
 * The dashboard's count of mismatches nobody has resolved: reconciliation's of the last 7 Malaysian days and the
 * lines of kept settlement checks, each linking to where they are resolved.
 */
export function MismatchesCard({ mismatches }: { mismatches: AdminDashboard['mismatches'] }) {
  const translate = useTranslate();
  const from = malaysiaDay(-6);
  const to = malaysiaDay(0);
  const count = mismatches.reconciliation + mismatches.settlement;
  return (
    <Card sx={{ height: '100%' }} data-testid="dashboard-mismatches">
      <CardHeader
        title={translate('console.mismatches_title')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
      />
      <CardContent>
        <Typography variant="h5" data-testid="dashboard-mismatch-count" data-count={count}>
          {translate('console.mismatches_count', { count })}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="dashboard-mismatch-split">
          {translate('console.mismatches_split', {
            reconciliation: mismatches.reconciliation,
            settlement: mismatches.settlement,
          })}
        </Typography>
        <ActionButton
          component={Link}
          to={`/reconciliation?${new URLSearchParams({ from, to }).toString()}`}
          label="console.reconciliation.title"
        />
        <ActionButton component={Link} to="/settlement" label="console.settlement.title" />
      </CardContent>
    </Card>
  );
}
