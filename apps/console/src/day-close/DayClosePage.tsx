import {
  formatRinggit,
  malaysiaDay,
  type DayCloseAdjustment,
  type DayCloseFigures,
  type DayCloseReport,
  type MoneyFigures,
} from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useMay } from '../access';
import type { ConsoleDataProvider } from '../dataProvider';
import { CouncilScreen, useCouncilParams, useDocumentLanguage, useNotifyFailure } from '../shared/council-scope';
import { ScrollingBox } from '../shared/ScrollingBox';

/** The money figures the close lists, in order. */
const FIGURES: (keyof MoneyFigures)[] = [
  'paidSen',
  'refundsMadeSen',
  'netSen',
  'creditedSen',
  'creditReversedSen',
  'refundsDueSen',
];
const dmy = (day: string) => day.split('-').reverse().join('/');
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Asia/Kuala_Lumpur' });

/**
 * The day's close: one council's Malaysian day, its money by method and in all, the settlement files checked for
 * it, the check that every sen paid is on a bill or owed back, and its sign-off. A council admin signs a day off
 * once it is over; the signed figures are kept as they were, and money recorded afterwards that would fall on the
 * day counts on the day it is recorded (listed on both days). The report downloads as a PDF and as CSV.
 */
export function DayClosePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const {
    council,
    values: { day },
    set,
    picker,
  } = useCouncilParams({ day: malaysiaDay(-1) });
  const [confirming, setConfirming] = useState(false);
  const maySign = useMay('day-close', 'sign', council);
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.day_close.${key}`, values);
  const report = useQuery<DayCloseReport, Error>({
    queryKey: ['day-close', council, day],
    queryFn: ({ signal }) => dataProvider.getDayClose(council, day, signal),
    enabled: council !== '',
  });
  const sign = async () => {
    setConfirming(false);
    try {
      queryClient.setQueryData(['day-close', council, day], await dataProvider.signDayClose(council, day));
      notify('console.day_close.day_signed', { type: 'success' });
    } catch (error) {
      notifyFailure(error);
    }
  };
  const lang = useDocumentLanguage();
  const download = (kind: 'pdf' | 'csv') =>
    `/api/admin/day-close/${encodeURIComponent(council)}/${day}/report.${kind}?lang=${lang}`;
  const r = report.data;
  return (
    <CouncilScreen
      title={t('title')}
      intro={t('intro')}
      picker={picker(t('council'), 'day-close-council')}
      filters={
        <>
          <MuiTextField
            type="date"
            label={t('day')}
            value={day}
            onChange={(e) => e.target.value && set({ day: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'day-close-day' } }}
          />
        </>
      }
    >
      {report.isPending && council !== '' && <LinearProgress />}
      {report.error && <Alert severity="error">{translate(report.error.message, { _: report.error.message })}</Alert>}
      {r && (
        <Box data-testid="day-close" data-signed={r.signed ? 'yes' : 'no'}>
          <Alert severity={r.signed ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="day-close-status">
            {r.signed ? t('signed_by', { by: r.signed.by, at: when(r.signed.at) }) : t('not_signed')}
            {!r.signed && !r.over && ` · ${t('not_over')}`}
          </Alert>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
            {!r.signed && maySign && (
              <MuiButton variant="contained" disabled={!r.over} onClick={() => setConfirming(true)}>
                {t('sign')}
              </MuiButton>
            )}
            <MuiButton variant="outlined" href={download('pdf')} download>
              {t('download_pdf')}
            </MuiButton>
            <MuiButton variant="outlined" href={download('csv')} download>
              {t('download_csv')}
            </MuiButton>
          </Stack>
          {r.signed && (
            <Typography variant="h6" component="h2">
              {t('signed_figures')}
            </Typography>
          )}
          <Figures figures={r.signed?.figures ?? r.figures} testId="day-close-figures" />
          <Adjustments title={t('adjustments_after')} list={r.adjustmentsAfterSignOff} testId="day-close-after" />
          <Adjustments title={t('adjustments_recorded')} list={r.adjustmentsRecorded} testId="day-close-recorded" />
        </Box>
      )}
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)} aria-labelledby="day-close-sign-title">
          <DialogTitle id="day-close-sign-title">{t('sign_confirm_title', { day: dmy(day), council })}</DialogTitle>
          <DialogContent>
            <Typography>{t('sign_confirm')}</Typography>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setConfirming(false)}>{t('cancel')}</MuiButton>
            <MuiButton variant="contained" onClick={() => void sign()}>
              {t('sign')}
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </CouncilScreen>
  );
}

function Figures({ figures, testId }: { figures: DayCloseFigures; testId: string }) {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.day_close.${key}`, values);
  const [fpx, card] = figures.methods;
  const check = figures.check;
  return (
    <Box data-testid={testId}>
      <ScrollingBox label={t('title')} sx={{ mb: 2 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {['figure', 'fpx', 'card', 'total'].map((k) => (
                <TableCell key={k} align={k === 'figure' ? 'left' : 'right'}>
                  {t(k)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {FIGURES.map((key) => (
              <TableRow key={key} data-figure={key}>
                <TableCell>{t(`figures.${key}`)}</TableCell>
                {[fpx, card, figures.total].map((f, n) => (
                  <TableCell key={n} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRinggit(f[key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollingBox>
      <Typography variant="h6" component="h2">
        {t('settlement')}
      </Typography>
      {figures.settlements.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('no_settlement')}
        </Typography>
      ) : (
        <ScrollingBox label={t('settlement')} sx={{ mb: 2 }}>
          <Table size="small" data-testid="day-close-settlements">
            <TableHead>
              <TableRow>
                {['settlement_file', 'gateway', 'difference', 'unresolved'].map((k) => (
                  <TableCell key={k}>{t(k)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {figures.settlements.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>
                    <Link to="/settlement">{s.fileName}</Link>
                  </TableCell>
                  <TableCell>{s.gateway.toUpperCase()}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRinggit(s.differenceSen)}</TableCell>
                  <TableCell>{s.unresolved}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingBox>
      )}
      <Alert severity={check.holds ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="day-close-check">
        {t(check.holds ? 'check_holds' : 'check_fails', {
          paid: formatRinggit(check.paidSen),
          credited: formatRinggit(check.creditedSen),
          owed: formatRinggit(check.owedBackSen),
        })}
      </Alert>
    </Box>
  );
}

function Adjustments({ title, list, testId }: { title: string; list: DayCloseAdjustment[]; testId: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`console.day_close.${key}`);
  if (list.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <ScrollingBox label={title}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {['reference', 'signed_day', 'counted_day', 'amount'].map((k) => (
                <TableCell key={k}>{t(k)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((a) => (
              <TableRow key={`${a.reference}-${a.recordedAt}`}>
                <TableCell>
                  <Link to={`/payments/${a.reference}/show`}>{a.reference}</Link>
                </TableCell>
                <TableCell>{dmy(a.signedDay)}</TableCell>
                <TableCell>{dmy(a.countedDay)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRinggit(a.amountSen)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollingBox>
    </Box>
  );
}
