import {
  formatRinggit,
  SETTLEMENT_GATEWAYS,
  SETTLEMENT_LAYOUTS,
  SETTLEMENT_MAX_LINES,
  SETTLEMENT_PAGE_LINES,
  SETTLEMENT_RESULTS,
  type AdminRefundRow,
  type SettlementCheckAnswer,
  type SettlementCheckLine,
  type SettlementCheckSummary,
  type SettlementGateway,
  type SettlementLineError,
  type SettlementResult,
} from '@councilpay/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { HttpError, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useMay } from '../access';
import type { ConsoleDataProvider } from '../dataProvider';
import { ScrollingBox } from '../shared/ScrollingBox';

const RESULT_COLOURS: Record<SettlementResult, 'success' | 'warning' | 'error'> = {
  matched: 'success',
  amount_differs: 'warning',
  txn_id_differs: 'warning',
  date_differs: 'warning',
  unknown_order: 'warning',
  approved_not_ours: 'error',
  not_approved_by_bank: 'error',
  missing_from_file: 'error',
};

const dmy = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Asia/Kuala_Lumpur' });

type Dialogue = { kind: 'note' | 'refund'; line: SettlementCheckLine } | null;

/**
 * A gateway's settlement file for one day, checked both ways against our records and kept: each line against
 * our payment of its order no, and each of our payments paid that day that the file leaves out. The day's
 * totals stand side by side. Each mismatch is resolved by a named officer: ask the bank again (our signed
 * enquiry, the only thing besides the bank's own answer that moves a payment), explain it, or name its refund.
 */
export function SettlementPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [gateway, setGateway] = useState<SettlementGateway>('fpx');
  const [answer, setAnswer] = useState<SettlementCheckAnswer | null>(null);
  const [lines, setLines] = useState<SettlementCheckLine[]>([]);
  const [earlier, setEarlier] = useState<SettlementCheckSummary[]>([]);
  const [errors, setErrors] = useState<SettlementLineError[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogue, setDialogue] = useState<Dialogue>(null);
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.settlement.${key}`, values);
  const message = (error: unknown) =>
    error instanceof Error ? translate(error.message, { _: error.message }) : translate('ra.notification.http_error');

  const loadEarlier = () => dataProvider.listSettlementChecks().then(setEarlier, () => setEarlier([]));
  useEffect(() => void loadEarlier(), []); // eslint-disable-line react-hooks/exhaustive-deps

  const show = (next: SettlementCheckAnswer) => {
    setAnswer(next);
    setLines(next.lines);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors(null);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      const details =
        error instanceof HttpError ? (error.body as { details?: { errors?: SettlementLineError[] } }) : null;
      if (error instanceof HttpError && error.status === 413)
        setFailure(t('too_large', { lines: SETTLEMENT_MAX_LINES }));
      else if (details?.details?.errors?.length) setErrors(details.details.errors);
      else setFailure(message(error));
    } finally {
      setBusy(false);
    }
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    void run(async () => {
      setAnswer(null);
      show(await dataProvider.checkSettlement(gateway, chosen.name, await chosen.text()));
      await loadEarlier();
    });
  };
  const open = (id: string) => void run(async () => show(await dataProvider.getSettlementCheck(id)));
  const more = () =>
    answer &&
    void run(async () => {
      const next = await dataProvider.listSettlementLines(
        answer.check.id,
        lines.length,
        lines.length + SETTLEMENT_PAGE_LINES,
      );
      setLines([...lines, ...next]);
    });
  const resolved = async (
    request: Parameters<ConsoleDataProvider['resolveSettlementLine']>[2],
    line: SettlementCheckLine,
  ) => {
    if (!answer) return;
    try {
      const updated = await dataProvider.resolveSettlementLine(answer.check.id, line.id, request);
      setLines((all) => all.map((l) => (l.id === updated.id ? updated : l)));
      setAnswer(await dataProvider.getSettlementCheck(answer.check.id));
      notify('console.settlement.resolved', { type: 'success' });
      setDialogue(null);
    } catch (error) {
      notify(message(error), { type: 'error' });
    }
  };

  const mayCheck = useMay('settlements', 'create');
  const mayResolve = useMay(
    'settlements',
    'resolve',
    answer?.check.councils.length ? answer.check.councils : undefined,
    true,
  );
  const summary = answer?.check;
  const total = summary ? SETTLEMENT_RESULTS.reduce((n, r) => n + (summary.counts[r] ?? 0), 0) : 0;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box>
            <FormLabel id="settlement-gateway">{t('gateway')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="settlement-gateway"
              value={gateway}
              onChange={(e) => setGateway(e.target.value as SettlementGateway)}
            >
              {SETTLEMENT_GATEWAYS.map((g) => (
                <FormControlLabel key={g} value={g} control={<Radio />} label={t(`gateways.${g}`)} />
              ))}
            </RadioGroup>
          </Box>
          {mayCheck && (
            <MuiButton component="label" variant="contained" startIcon={<UploadFileIcon />} disabled={busy}>
              {t('choose')}
              <input type="file" accept=".csv,text/csv" hidden onChange={onFile} data-testid="settlement-file" />
            </MuiButton>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('layout', { columns: SETTLEMENT_LAYOUTS[gateway].join(', ') })}
        </Typography>
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

        {summary && (
          <Box sx={{ mt: 3 }} data-testid="settlement-check" data-check-id={summary.id}>
            {answer.reopened && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="settlement-reopened">
                {t('reopened')}
              </Alert>
            )}
            <Typography variant="h6">
              {t('summary', { lines: summary.fileLines, file: summary.fileName })} · {t(`gateways.${summary.gateway}`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('checked_by', { by: summary.checkedBy, at: when(summary.checkedAt) })}
            </Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(5, auto)' }, gap: 1, my: 2 }}
            >
              {(
                [
                  ['day', dmy(summary.day), 'settlement-day'],
                  ['bank_total', formatRinggit(summary.bankTotalSen), 'settlement-bank-total'],
                  ['our_total', formatRinggit(summary.ourTotalSen), 'settlement-our-total'],
                  ['difference', formatRinggit(summary.differenceSen), 'settlement-difference'],
                  ['unresolved', String(summary.unresolved), 'settlement-unresolved'],
                ] as const
              ).map(([key, value, testId]) => (
                <Box key={key}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {t(key)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={testId}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }} useFlexGap>
              {SETTLEMENT_RESULTS.map((r) => (
                <Chip
                  key={r}
                  color={RESULT_COLOURS[r]}
                  variant={summary.counts[r] ? 'filled' : 'outlined'}
                  label={`${t(`matches.${r}`)}: ${summary.counts[r] ?? 0}`}
                  data-testid={`settlement-count-${r}`}
                />
              ))}
            </Stack>
            <ScrollingBox label={t('title')}>
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
                      'our_txn_id',
                      'match',
                      'resolution',
                    ].map((k) => (
                      <TableCell key={k}>{t(k)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((l) => (
                    <TableRow key={l.id} data-testid="settlement-line" data-match={l.result} data-order-no={l.orderNo}>
                      <TableCell>{l.line ?? t('not_in_file')}</TableCell>
                      <TableCell>{dmy(l.date)}</TableCell>
                      <TableCell>{l.orderNo}</TableCell>
                      <TableCell>{l.txnId ?? '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {l.amountSen === null ? '—' : formatRinggit(l.amountSen)}
                      </TableCell>
                      <TableCell>{l.bankStatus ?? '—'}</TableCell>
                      <TableCell>
                        {l.reference ? <Link to={`/payments/${l.reference}/show`}>{l.reference}</Link> : '—'}
                      </TableCell>
                      <TableCell>{l.paymentStatus ? translate(`payment_states.${l.paymentStatus}`) : '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {l.paymentAmountSen === null ? '—' : formatRinggit(l.paymentAmountSen)}
                      </TableCell>
                      <TableCell>{l.paymentTxnId ?? '—'}</TableCell>
                      <TableCell>
                        <Chip size="small" color={RESULT_COLOURS[l.result]} label={t(`matches.${l.result}`)} />
                      </TableCell>
                      <TableCell>
                        {l.resolution ? (
                          <Typography variant="body2" data-testid="settlement-resolution">
                            {t('resolved_by', {
                              kind: t(`resolutions.${l.resolution.kind}`),
                              by: l.resolution.by,
                              at: when(l.resolution.at),
                            })}
                            {l.resolution.note ? `: ${l.resolution.note}` : ''}
                          </Typography>
                        ) : l.result === 'matched' || !mayResolve ? null : (
                          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                            {l.reference && (
                              <MuiButton
                                size="small"
                                variant="outlined"
                                onClick={() => void resolved({ kind: 'requery' }, l)}
                              >
                                {t('resolve_requery')}
                              </MuiButton>
                            )}
                            <MuiButton
                              size="small"
                              variant="outlined"
                              onClick={() => setDialogue({ kind: 'note', line: l })}
                            >
                              {t('resolve_note')}
                            </MuiButton>
                            {l.reference && (
                              <MuiButton
                                size="small"
                                variant="outlined"
                                onClick={() => setDialogue({ kind: 'refund', line: l })}
                              >
                                {t('resolve_refund')}
                              </MuiButton>
                            )}
                          </Stack>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollingBox>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="settlement-shown">
              {t('shown', { shown: lines.length, lines: total })}
            </Typography>
            {lines.length < total && (
              <MuiButton sx={{ mt: 1 }} onClick={more} disabled={busy}>
                {t('more')}
              </MuiButton>
            )}
          </Box>
        )}

        {earlier.length > 0 && (
          <Box sx={{ mt: 4 }}>
            <Typography variant="h6">{t('earlier')}</Typography>
            <ScrollingBox label={t('earlier')}>
              <Table size="small" data-testid="settlement-checks">
                <TableHead>
                  <TableRow>
                    {['day', 'gateway', 'file', 'difference', 'unresolved'].map((k) => (
                      <TableCell key={k}>{t(k)}</TableCell>
                    ))}
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {earlier.map((c) => (
                    <TableRow key={c.id}>
                      <TableCell>{dmy(c.day)}</TableCell>
                      <TableCell>{t(`gateways.${c.gateway}`)}</TableCell>
                      <TableCell>{c.fileName}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRinggit(c.differenceSen)}</TableCell>
                      <TableCell>{c.unresolved}</TableCell>
                      <TableCell>
                        <MuiButton size="small" onClick={() => open(c.id)}>
                          {t('open')}
                        </MuiButton>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollingBox>
          </Box>
        )}
      </CardContent>
      {dialogue?.kind === 'note' && (
        <NoteDialog
          onCancel={() => setDialogue(null)}
          onSave={(note) => void resolved({ kind: 'note', note }, dialogue.line)}
        />
      )}
      {dialogue?.kind === 'refund' && dialogue.line.reference && (
        <RefundDialog
          reference={dialogue.line.reference}
          onCancel={() => setDialogue(null)}
          onSave={(refundId) => void resolved({ kind: 'refund', refundId }, dialogue.line)}
        />
      )}
    </Card>
  );
}

function NoteDialog({ onCancel, onSave }: { onCancel: () => void; onSave: (note: string) => void }) {
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const t = (key: string) => translate(`console.settlement.${key}`);
  return (
    <Dialog open onClose={onCancel} fullWidth aria-labelledby="settlement-note-title">
      <DialogTitle id="settlement-note-title">{t('note_title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={t('note_label')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onCancel}>{t('cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={note.trim().length < 5} onClick={() => onSave(note.trim())}>
          {t('save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function RefundDialog({
  reference,
  onCancel,
  onSave,
}: {
  reference: string;
  onCancel: () => void;
  onSave: (refundId: string) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [refunds, setRefunds] = useState<AdminRefundRow[] | null>(null);
  const [chosen, setChosen] = useState('');
  const t = (key: string) => translate(`console.settlement.${key}`);
  useEffect(() => {
    const controller = new AbortController();
    dataProvider.getRefunds(reference, controller.signal).then(setRefunds, () => setRefunds([]));
    return () => controller.abort();
  }, [dataProvider, reference]);
  return (
    <Dialog open onClose={onCancel} fullWidth aria-labelledby="settlement-refund-title">
      <DialogTitle id="settlement-refund-title">{t('refund_title')}</DialogTitle>
      <DialogContent>
        {refunds === null ? (
          <LinearProgress />
        ) : refunds.length === 0 ? (
          <Alert severity="info">{t('no_refunds')}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            label={t('refund_label')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            sx={{ mt: 1 }}
          >
            {refunds.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {formatRinggit(r.amountSen)} · {when(r.refundedAt)} · {r.reason}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onCancel}>{t('cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={!chosen} onClick={() => onSave(chosen)}>
          {t('save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
