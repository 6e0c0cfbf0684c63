import {
  formatRinggit,
  SETTLEMENT_MATCHES,
  SETTLEMENT_MAX_LINES,
  type SettlementLineError,
  type SettlementReport,
} from '@councilpay/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, HttpError, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

const MATCH_COLOURS = {
  matched: 'success',
  amount_differs: 'warning',
  unknown_order: 'warning',
  approved_not_ours: 'error',
  not_approved_by_bank: 'error',
} as const;

/** Rows the table draws at most: a day's file may hold thousands of lines, most of them matched. */
const SHOWN_LINES = 500;

/**
 * A gateway settlement file checked against our payments: an officer picks the CSV, the API reads it whole
 * (refusing it with every bad line named), matches each line by its seller order no and records the check.
 * A payment the bank approved that never reached us is put right by "Requery now" here: our own enquiry, whose
 * signed answer is the only thing that makes it paid and credits the bills. Lines needing a look come first.
 */
export function SettlementPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [report, setReport] = useState<SettlementReport | null>(null);
  const [errors, setErrors] = useState<SettlementLineError[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.settlement.${key}`, values);
  const shown = useMemo(() => {
    if (!report) return [];
    const attention = report.lines.filter((l) => l.match !== 'matched');
    return [...attention, ...report.lines.filter((l) => l.match === 'matched')].slice(0, SHOWN_LINES);
  }, [report]);

  const check = async (chosen: File) => {
    setBusy(true);
    setErrors(null);
    setFailure(null);
    setReport(null);
    try {
      setReport(await dataProvider.checkSettlement(chosen.name, await chosen.text()));
    } catch (error) {
      const details =
        error instanceof HttpError ? (error.body as { details?: { errors?: SettlementLineError[] } }) : null;
      if (error instanceof HttpError && error.status === 413)
        setFailure(t('too_large', { lines: SETTLEMENT_MAX_LINES }));
      else if (details?.details?.errors?.length) setErrors(details.details.errors);
      else
        setFailure(
          error instanceof Error ? translate(error.message, { _: error.message }) : 'ra.notification.http_error',
        );
    } finally {
      setBusy(false);
    }
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    void check(chosen);
  };
  const requery = async (reference: string) => {
    try {
      const result = await dataProvider.requery(reference);
      const status = translate(`payment_states.${result.to ?? 'pending'}`);
      notify(result.outcome === 'move' ? 'console.requery_moved' : 'console.requery_unchanged', {
        type: result.outcome === 'move' ? 'success' : 'info',
        messageArgs: { status },
      });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
    if (file) await check(file);
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <MuiButton component="label" variant="contained" startIcon={<UploadFileIcon />} disabled={busy}>
          {t('choose')}
          <input type="file" accept=".csv,text/csv" hidden onChange={onFile} data-testid="settlement-file" />
        </MuiButton>
        {busy && <LinearProgress sx={{ mt: 2 }} />}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
        {errors && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="settlement-errors">
            <strong>{t('errors_title')}</strong>
            <ul>
              {errors.map((e) => (
                <li key={`${e.line}-${e.code}`}>
                  {t('line_error', { line: e.line, problem: t(`line_errors.${e.code}`), value: e.value })}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {report && (
          <>
            <Typography sx={{ mt: 2 }}>
              {t('summary', { lines: report.lines.length, file: report.fileName })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }} useFlexGap>
              {SETTLEMENT_MATCHES.map((m) => (
                <Chip
                  key={m}
                  color={MATCH_COLOURS[m]}
                  variant={report.counts[m] ? 'filled' : 'outlined'}
                  label={`${t(`matches.${m}`)}: ${report.counts[m]}`}
                  data-testid={`settlement-count-${m}`}
                />
              ))}
            </Stack>
            <Table size="small" data-testid="settlement-lines">
              <TableHead>
                <TableRow>
                  {[
                    'line',
                    'date',
                    'order_no',
                    'txn_id',
                    'amount',
                    'bank_status',
                    'payment',
                    'our_status',
                    'our_amount',
                    'match',
                  ].map((k) => (
                    <TableCell key={k}>{t(k)}</TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((l) => (
                  <TableRow
                    key={l.line}
                    data-testid="settlement-line"
                    data-match={l.match}
                    data-order-no={l.sellerOrderNo}
                  >
                    <TableCell>{l.line}</TableCell>
                    <TableCell>{l.date.split('-').reverse().join('/')}</TableCell>
                    <TableCell>{l.sellerOrderNo}</TableCell>
                    <TableCell>{l.fpxTxnId}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRinggit(l.amountSen)}</TableCell>
                    <TableCell>{l.bankStatus}</TableCell>
                    <TableCell>
                      {l.reference ? <Link to={`/payments/${l.reference}/show`}>{l.reference}</Link> : '—'}
                    </TableCell>
                    <TableCell>{l.status ? translate(`payment_states.${l.status}`) : '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {l.paymentAmountSen === null ? '—' : formatRinggit(l.paymentAmountSen)}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={MATCH_COLOURS[l.match]} label={t(`matches.${l.match}`)} />
                    </TableCell>
                    <TableCell>
                      {l.match === 'approved_not_ours' && l.reference && (
                        <Button
                          label="console.requery"
                          startIcon={<SyncIcon />}
                          onClick={() => void requery(l.reference as string)}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {shown.length < report.lines.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="settlement-shown">
                {t('shown_first', { shown: shown.length, lines: report.lines.length })}
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
