import {
  formatDateTime,
  formatRinggit,
  OPEN_PAYMENT_STATES,
  type AdminDashboard,
  type HealthReport,
  type PublicHealthReport,
} from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { ActionButton } from '../shared/ActionButton';
import type { ConsoleDataProvider } from '../dataProvider';
import { MismatchesCard } from '../reconciliation/MismatchesCard';
import { ScrollingBox } from '../shared/ScrollingBox';

/** The route of a list with these filters (react-admin reads `filter` from the location). */
export function listLink(resource: string, filter: Record<string, unknown>, sort?: [string, 'ASC' | 'DESC']): string {
  const params = new URLSearchParams({ filter: JSON.stringify(filter) });
  if (sort) {
    params.set('sort', sort[0]);
    params.set('order', sort[1]);
  }
  return `/${resource}?${params.toString()}`;
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardHeader title={title} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function OpenList({ to }: { to: string }) {
  return <ActionButton component={Link} to={to} label="console.open_list" />;
}

/**
 * Today's money per council and method, as reconciliation and the lists count it: paid, refunds made, net; a
 * council's paid figure opens the payments paid today for it (by when they were paid, as it is counted).
 */
function Takings({ dashboard }: { dashboard: AdminDashboard }) {
  const translate = useTranslate();
  const today = { paidFrom: dashboard.day, paidTo: dashboard.day };
  if (dashboard.takings.length === 0)
    return <Typography color="text.secondary">{translate('console.takings_empty')}</Typography>;
  const money = (sen: number) => formatRinggit(sen);
  return (
    <ScrollingBox label={translate('console.takings_title', { day: dashboard.day })}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('console.council')}</TableCell>
            <TableCell>{translate('console.method')}</TableCell>
            <TableCell align="right">{translate('console.reconciliation.paid')}</TableCell>
            <TableCell align="right">{translate('console.reconciliation.refunds_made')}</TableCell>
            <TableCell align="right">{translate('console.reconciliation.net')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {dashboard.takings.map((t) => (
            <TableRow
              key={`${t.council}-${t.method}`}
              hover
              data-testid="dashboard-takings-row"
              data-council={t.council}
              data-method={t.method}
            >
              <TableCell>{t.council}</TableCell>
              <TableCell>{translate(t.method === 'fpx' ? 'console.method_fpx' : 'console.method_card')}</TableCell>
              <TableCell align="right" data-figure="paid">
                <Link to={listLink('payments', { ...today, council: t.council, method: t.method })}>
                  {t.paymentsPaid} · {money(t.paidSen)}
                </Link>
              </TableCell>
              <TableCell align="right" data-figure="refunds_made">
                {money(t.refundsMadeSen)}
              </TableCell>
              <TableCell align="right" data-figure="net">
                {money(t.netSen)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow data-testid="dashboard-takings-total">
            <TableCell colSpan={2}>
              <strong>{translate('console.total')}</strong>
            </TableCell>
            <TableCell align="right" data-figure="paid">
              <strong>{money(dashboard.takingsTotal.paidSen)}</strong>
            </TableCell>
            <TableCell align="right" data-figure="refunds_made">
              <strong>{money(dashboard.takingsTotal.refundsMadeSen)}</strong>
            </TableCell>
            <TableCell align="right" data-figure="net">
              <strong>{money(dashboard.takingsTotal.netSen)}</strong>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </ScrollingBox>
  );
}

function oldest(at: string | null, translate: (key: string, options?: object) => string): string {
  return translate('console.oldest', { time: at ? formatDateTime(new Date(at)) : translate('console.none') });
}

/**
 * The console's home: today's takings per council and method, payments still waiting for their bank and
 * messages not sent yet (each with the oldest), failed jobs for `_admin`, and whether the API's services run.
 * Each figure links to the list it counts.
 */
export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // The figures refresh every minute by themselves: those refreshes go as background requests, which do not
  // keep an idle staff session alive; the first load, when the person opens the page, counts as theirs.
  const dashboardLoaded = useRef(false);
  const healthLoaded = useRef(false);
  const dashboard = useQuery({
    queryKey: ['console', 'dashboard'],
    queryFn: ({ signal }) => {
      const background = dashboardLoaded.current;
      dashboardLoaded.current = true;
      return dataProvider.getDashboard(signal, background);
    },
    refetchInterval: 60_000,
  });
  const health = useQuery<HealthReport | PublicHealthReport>({
    queryKey: ['console', 'health'],
    queryFn: ({ signal }) => {
      const background = healthLoaded.current;
      healthLoaded.current = true;
      return dataProvider.getHealth(signal, background);
    },
    refetchInterval: 60_000,
  });
  // Open payments the bank cannot be asked about (enquiries failing for 7 days): an operator must act.
  const report = health.data && 'detail' in health.data ? health.data : undefined;
  const bankSilent = report?.detail?.money?.paymentsBankCannotAnswer ?? 0;
  const latencyMs = report?.checks.postgres.latencyMs;
  const d = dashboard.data;
  return (
    <Grid container spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('console.dashboard')} />
      {dashboard.isPending && (
        <Grid size={12}>
          <LinearProgress aria-label={translate('ra.page.loading')} />
        </Grid>
      )}
      {dashboard.isError && (
        <Grid size={12}>
          <Alert severity="error">{translate('console.health_unreachable')}</Alert>
        </Grid>
      )}
      {d && (
        <>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Panel
              title={translate('console.takings_title', { day: d.day.split('-').reverse().join('/') })}
              testId="dashboard-takings"
            >
              <Takings dashboard={d} />
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <Panel title={translate('console.pending_title')} testId="dashboard-pending">
              <Typography variant="h5">{translate('console.pending_count', { count: d.pending.count })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {oldest(d.pending.oldestAt, translate)}
                {d.pending.oldestReference && (
                  <>
                    {' · '}
                    <Link to={`/payments/${d.pending.oldestReference}/show`}>{d.pending.oldestReference}</Link>
                  </>
                )}
              </Typography>
              <OpenList to={listLink('payments', { status: [...OPEN_PAYMENT_STATES] }, ['createdAt', 'ASC'])} />
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <Panel title={translate('console.unsent_title')} testId="dashboard-unsent">
              <Typography variant="h5">
                {translate('console.unsent_count', { count: d.unsent.count, failed: d.unsent.failed })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {oldest(d.unsent.oldestAt, translate)}
              </Typography>
              <OpenList to={listLink('notifications', { status: ['queued', 'sending', 'failed'] })} />
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <MismatchesCard mismatches={d.mismatches} />
          </Grid>
          {d.failedJobs !== null && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <Panel title={translate('console.failed_jobs_title')} testId="dashboard-failed-jobs">
                {Object.values(d.failedJobs).every((n) => n === 0) ? (
                  <Typography color="text.secondary">{translate('console.failed_jobs_none')}</Typography>
                ) : (
                  <Table size="small">
                    <TableBody>
                      {Object.entries(d.failedJobs).map(([queue, count]) => (
                        <TableRow key={queue}>
                          <TableCell>
                            <a href={`/api/admin/queues/queue/${queue}?status=failed`}>{queue}</a>
                          </TableCell>
                          <TableCell align="right">{count}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </Panel>
            </Grid>
          )}
        </>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <Panel title={translate('console.health_title')} testId="dashboard-health">
          {health.data ? (
            <>
              <Alert severity={health.data.status === 'ok' ? 'success' : 'error'} data-testid="health-status">
                {translate(health.data.status === 'ok' ? 'console.health_ok' : 'console.health_error')}
                {/* Only `_admin` is told the database's response time; a council admin sees whether it runs. */}
                {latencyMs !== undefined && (
                  <>
                    {' · PostgreSQL '}
                    {translate('console.latency', { ms: latencyMs })}
                  </>
                )}
              </Alert>
              {bankSilent > 0 && (
                <Alert severity="warning" sx={{ mt: 1 }} data-testid="health-bank-silent">
                  {translate('console.bank_silent', { count: bankSilent })}
                </Alert>
              )}
            </>
          ) : health.isError ? (
            <Alert severity="error">{translate('console.health_unreachable')}</Alert>
          ) : (
            <LinearProgress aria-label={translate('ra.page.loading')} />
          )}
        </Panel>
      </Grid>
    </Grid>
  );
}
