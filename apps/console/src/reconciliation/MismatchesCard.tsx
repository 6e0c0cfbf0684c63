import { malaysiaDay } from '@councilpay/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button, useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/** The dashboard's count of records that do not reconcile over the last 7 Malaysian days, linking to them. */
export function MismatchesCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const from = malaysiaDay(-6);
  const to = malaysiaDay(0);
  const report = useQuery({
    queryKey: ['reconciliation', 'dashboard', from, to],
    queryFn: ({ signal }) => dataProvider.getReconciliation({ from, to }, signal),
    refetchInterval: 60_000,
  });
  return (
    <Card sx={{ height: '100%' }} data-testid="dashboard-mismatches">
      <CardHeader
        title={translate('console.mismatches_title')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
      />
      <CardContent>
        {report.data ? (
          <Typography variant="h5" data-testid="dashboard-mismatch-count" data-count={report.data.mismatches.length}>
            {translate('console.mismatches_count', { count: report.data.mismatches.length })}
          </Typography>
        ) : (
          <LinearProgress aria-label={translate('ra.page.loading')} />
        )}
        <Button
          component={Link}
          to={`/reconciliation?${new URLSearchParams({ from, to }).toString()}`}
          label="console.open_list"
        />
      </CardContent>
    </Card>
  );
}
