import {
  formatRinggit,
  malaysiaDay,
  MONEY_FIGURE_KEYS,
  type MoneyFigures,
  type PaymentState,
  type ReconciliationReport,
  type ReconciliationRow,
} from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { listLink } from '../dashboard/Dashboard';
import type { ConsoleDataProvider } from '../dataProvider';
import { CouncilSelect, useStaffCouncils } from '../shared/council-scope';
import { ScrollingBox } from '../shared/ScrollingBox';

/** The payments made on a day that are now in `status`. */
const madeWith = (status: PaymentState) => (day: string) => ({ from: day, to: day, status: [status] });

/**
 * The figures of a row. Those counted by payment drill down to the payments they count: "paid" by the day the
 * payment was paid, the open and ended ones by the day it was made (as reconciliation counts them).
 */
const FIGURES: {
  label: string;
  count?: keyof ReconciliationRow;
  sen: keyof ReconciliationRow;
  drill?: (day: string) => Record<string, unknown>;
}[] = [
  { label: 'paid', count: 'paymentsPaid', sen: 'paidSen', drill: (day) => ({ paidFrom: day, paidTo: day }) },
  { label: 'refunds_made', count: 'refundsMade', sen: 'refundsMadeSen' },
  { label: 'net', sen: 'netSen' },
  { label: 'credited', count: 'itemsCredited', sen: 'creditedSen' },
  { label: 'credit_reversed', sen: 'creditReversedSen' },
  { label: 'refunds_due', sen: 'refundsDueSen' },
  { label: 'pending', count: 'paymentsPending', sen: 'pendingSen', drill: madeWith('pending') },
  { label: 'failed', count: 'paymentsFailed', sen: 'failedSen', drill: madeWith('failed') },
  { label: 'expired', count: 'paymentsExpired', sen: 'expiredSen', drill: madeWith('expired') },
  { label: 'refunded', count: 'paymentsRefunded', sen: 'refundedSen', drill: madeWith('refunded') },
  { label: 'approved', count: 'approvedAnswers', sen: 'approvedSen' },
];

/** Whether a figure is money the totals row adds up (contracts/money.ts). */
const isMoney = (key: keyof ReconciliationRow): key is keyof MoneyFigures =>
  (MONEY_FIGURE_KEYS as readonly string[]).includes(key);

/**
 * Reconciliation: per council, Malaysian day and method, what was paid, credited, left pending, failed, expired,
 * refunded and approved by the gateway; every record that does not agree with its cause and its payment. The
 * filters live in the address (shareable, and the dashboard links here). A day drills down to the payments made
 * that day for that council and method; a figure counted by payment, to exactly the payments it counts.
 */
export function ReconciliationPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [params, setParams] = useSearchParams();
  const query = {
    from: params.get('from') ?? malaysiaDay(-6),
    to: params.get('to') ?? malaysiaDay(0),
    council: params.get('council') ?? '',
    method: (params.get('method') ?? '') as '' | 'fpx' | 'card',
  };
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set('from', query.from);
    next.set('to', query.to);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const report = useQuery<ReconciliationReport, Error>({
    queryKey: ['reconciliation', query],
    queryFn: ({ signal }) =>
      dataProvider.getReconciliation(
        { from: query.from, to: query.to, council: query.council || undefined, method: query.method || undefined },
        signal,
      ),
  });
  const councils = useStaffCouncils();
  const t = (key: string) => translate(`console.reconciliation.${key}`);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
          <MuiTextField
            type="date"
            label={t('from')}
            value={query.from}
            onChange={(e) => set('from', e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'reconciliation-from' } }}
          />
          <MuiTextField
            type="date"
            label={t('to')}
            value={query.to}
            onChange={(e) => set('to', e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'reconciliation-to' } }}
          />
          <CouncilSelect
            label={t('council')}
            councils={councils}
            value={query.council}
            onChange={(chosen) => set('council', chosen)}
            anyLabel="—"
          />
          <MuiTextField
            select
            label={t('method')}
            value={query.method}
            onChange={(e) => set('method', e.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">—</MenuItem>
            <MenuItem value="fpx">{translate('console.method_fpx')}</MenuItem>
            <MenuItem value="card">{translate('console.method_card')}</MenuItem>
          </MuiTextField>
        </Stack>
        {report.isPending && <LinearProgress />}
        {report.error && <Alert severity="error">{translate(report.error.message, { _: report.error.message })}</Alert>}
        {report.data && <Figures report={report.data} />}
        {report.data && <Mismatches report={report.data} />}
      </CardContent>
    </Card>
  );
}

function Figures({ report }: { report: ReconciliationReport }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`console.reconciliation.${key}`);
  if (report.rows.length === 0) return <Typography color="text.secondary">{t('no_rows')}</Typography>;
  return (
    <ScrollingBox label={t('title')} sx={{ mb: 3 }}>
      <Table size="small" data-testid="reconciliation-rows">
        <TableHead>
          <TableRow>
            <TableCell>{t('day')}</TableCell>
            <TableCell>{t('council')}</TableCell>
            <TableCell>{t('method')}</TableCell>
            {FIGURES.map((f) => (
              <TableCell key={f.label} align="right">
                {t(f.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow
              key={`${row.day}-${row.council}-${row.method}`}
              data-testid="reconciliation-row"
              data-day={row.day}
              data-council={row.council}
              data-method={row.method}
            >
              <TableCell>
                <Link
                  to={listLink('payments', { council: row.council, method: row.method, from: row.day, to: row.day })}
                  data-testid="reconciliation-drill-down"
                >
                  {row.day.split('-').reverse().join('/')}
                </Link>
              </TableCell>
              <TableCell>{row.council}</TableCell>
              <TableCell>{translate(row.method === 'fpx' ? 'console.method_fpx' : 'console.method_card')}</TableCell>
              {FIGURES.map((f) => {
                const text = `${f.count ? `${String(row[f.count])} · ` : ''}${formatRinggit(row[f.sen] as number)}`;
                return (
                  <TableCell key={f.label} align="right" data-figure={f.label} sx={{ whiteSpace: 'nowrap' }}>
                    {f.drill && f.count && row[f.count] ? (
                      <Link
                        to={listLink('payments', { council: row.council, method: row.method, ...f.drill(row.day) })}
                        data-testid={`reconciliation-drill-${f.label}`}
                      >
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          <TableRow data-testid="reconciliation-totals">
            <TableCell colSpan={3}>
              <strong>{translate('console.total')}</strong>
            </TableCell>
            {FIGURES.map((f) => (
              <TableCell
                key={f.label}
                align="right"
                data-figure={f.label}
                sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
              >
                {isMoney(f.sen)
                  ? `${f.count && isMoney(f.count) ? `${report.totals[f.count]} · ` : ''}${formatRinggit(report.totals[f.sen])}`
                  : ''}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </ScrollingBox>
  );
}

function Mismatches({ report }: { report: ReconciliationReport }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`console.reconciliation.${key}`);
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('mismatches')}
      </Typography>
      {report.mismatches.length === 0 ? (
        <Typography color="text.secondary">{t('no_mismatches')}</Typography>
      ) : (
        <Table size="small" data-testid="reconciliation-mismatches">
          <TableHead>
            <TableRow>
              <TableCell>{t('day')}</TableCell>
              <TableCell>{t('cause')}</TableCell>
              <TableCell>{t('payment')}</TableCell>
              <TableCell>{t('council')}</TableCell>
              <TableCell align="right">{t('amount')}</TableCell>
              <TableCell align="right">{t('approved_amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.mismatches.map((m, i) => (
              <TableRow
                key={`${m.cause}-${m.reference ?? m.invoiceNo ?? i}-${i}`}
                data-testid="mismatch"
                data-cause={m.cause}
              >
                <TableCell>{m.day.split('-').reverse().join('/')}</TableCell>
                <TableCell>{translate(`console.mismatch_causes.${m.cause}`)}</TableCell>
                <TableCell>
                  {m.reference ? <Link to={`/payments/${m.reference}/show`}>{m.reference}</Link> : (m.invoiceNo ?? '—')}
                </TableCell>
                <TableCell>{m.councils.join(', ')}</TableCell>
                <TableCell align="right">{formatRinggit(m.amountSen)}</TableCell>
                <TableCell align="right">{m.approvedSen === undefined ? '—' : formatRinggit(m.approvedSen)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
