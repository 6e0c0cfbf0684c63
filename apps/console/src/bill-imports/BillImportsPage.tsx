import {
  BILL_ROW_OUTCOMES,
  PAYABLE_TYPES,
  formatDateTime,
  formatRinggit,
  type AdminBillImport,
  type AdminBillImportRow,
  type BillRowOutcome,
  type HeaderError,
} from '@councilpay/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
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
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ScrollingBox } from '../shared/ScrollingBox';
import { CouncilScreen, useCouncilParams, useDocumentLanguage } from '../shared/council-scope';
import { useMay } from '../access';
import { ADMIN_API, type ConsoleDataProvider } from '../dataProvider';
import { answerText, headerErrorText, headerErrorsOf, rowErrorText } from './messages';

/** Rows of one outcome fetched at a time. */
const PAGE = 50;
/** The outcomes in the order the preview lists them: what needs a look first. */
const SHOWN_ORDER: BillRowOutcome[] = ['invalid', 'refused', 'new', 'changed', 'withdrawn', 'unchanged'];
/**
 * A table's box that scrolls sideways inside its card: with no width of its own (and at least the card's), a
 * wide table cannot widen the page on a phone.
 */
const SCROLLS = { width: 0, minWidth: '100%' } as const;
const FILE_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Council bill files: choose a council and bill type, download the type's template, upload the file (CSV or
 * XLSX, optionally as the type's complete list) and read the preview the API planned (new, changed with the
 * old and new balance, unchanged, withdrawn, refused, lines with errors) before anything is written; confirm
 * writes all of it or none. Below, the council's past imports.
 */
export function BillImportsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const {
    council,
    values: { type },
    param,
    set,
    picker,
  } = useCouncilParams({ type: PAYABLE_TYPES[0] as string });
  const importId = param('import');
  const [file, setFile] = useState<File | null>(null);
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(false);
  const mayUpload = useMay('bill-imports', 'create', council);
  const [failure, setFailure] = useState<{ text: string; header: HeaderError[] } | null>(null);
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.bill_imports.${key}`, values);
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setFailure(null);
    event.target.value = '';
  };
  const upload = async () => {
    if (!file || !council) return;
    setBusy(true);
    setFailure(null);
    try {
      const preview = await dataProvider.uploadBillFile({ council, type, complete, file });
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: ['bill-imports'] });
      set({ import: preview.id });
    } catch (error) {
      setFailure({ text: answerText(translate, error), header: headerErrorsOf(error) });
    } finally {
      setBusy(false);
    }
  };
  const history = useQuery({
    queryKey: ['bill-imports', 'list', council, type],
    queryFn: ({ signal }) => dataProvider.listBillImports({ council, type }, 0, 20, signal),
    enabled: council !== '',
  });
  const lang = useDocumentLanguage();
  return (
    <CouncilScreen
      title={t('title')}
      intro={t('intro')}
      picker={picker(t('council'), 'bill-import-council', ['import'])}
      filters={
        <>
          <MuiTextField
            select
            label={t('type')}
            value={type}
            onChange={(e) => set({ type: e.target.value, import: null })}
            sx={{ minWidth: 220 }}
            slotProps={{ htmlInput: { 'data-testid': 'bill-import-type' } }}
          >
            {PAYABLE_TYPES.map((p) => (
              <MenuItem key={p} value={p}>
                {translate(`payment_types.${p}`)}
              </MenuItem>
            ))}
          </MuiTextField>
        </>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
        <MuiButton variant="outlined" href={`${ADMIN_API}/bill-imports/templates/${type}`} download={`${type}.csv`}>
          {t('template')}
        </MuiButton>
        {mayUpload && (
          <MuiButton component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
            {t('choose')}
            <input type="file" accept={FILE_TYPES} hidden onChange={onFile} data-testid="bill-import-file" />
          </MuiButton>
        )}
      </Stack>
      {file && (
        <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="bill-import-chosen">
          {t('chosen', { name: file.name })}
        </Typography>
      )}
      {mayUpload && (
        <FormControlLabel
          control={<Checkbox checked={complete} onChange={(e) => setComplete(e.target.checked)} />}
          label={t('complete')}
        />
      )}
      {complete && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('complete_hint')}
        </Alert>
      )}
      {mayUpload && (
        <Box sx={{ mb: 2 }}>
          <MuiButton variant="contained" disabled={!file || busy || !council} onClick={() => void upload()}>
            {t('upload')}
          </MuiButton>
        </Box>
      )}
      {busy && <LinearProgress sx={{ mb: 2 }} aria-label={t('uploading')} />}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="bill-import-failure">
          {failure.text}
          {failure.header.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {failure.header.map((e, i) => (
                <li key={i}>{headerErrorText(translate, e)}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {importId && (
        <Preview id={importId} lang={lang} onConfirmed={() => notify(t('confirmed'), { type: 'success' })} />
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {t('history')}
      </Typography>
      {history.isPending && council !== '' && <LinearProgress />}
      {history.error && <Alert severity="error">{answerText(translate, history.error)}</Alert>}
      {history.data && (
        <History
          imports={history.data.data}
          total={history.data.total}
          onOpen={(id) => set({ import: id })}
          current={importId}
        />
      )}
    </CouncilScreen>
  );
}

/** One import as previewed: its counts, its rows by outcome, the error report, and confirm when it may be. */
function Preview({ id, lang, onConfirmed }: { id: string; lang: string; onConfirmed: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.bill_imports.${key}`, values);
  const imp = useQuery({
    queryKey: ['bill-imports', 'one', id],
    queryFn: ({ signal }) => dataProvider.getBillImport(id, signal),
  });
  const mayConfirm = useMay('bill-imports', 'create', imp.data?.councilCode ?? []);
  const confirm = async () => {
    setConfirming(false);
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.confirmBillImport(id);
      await queryClient.invalidateQueries({ queryKey: ['bill-imports'] });
      onConfirmed();
    } catch (error) {
      setFailure(answerText(translate, error));
    } finally {
      setBusy(false);
    }
  };
  if (imp.isPending) return <LinearProgress />;
  if (imp.error) return <Alert severity="error">{answerText(translate, imp.error)}</Alert>;
  const i = imp.data;
  const blocked = i.counts.invalid > 0 || i.counts.refused > 0;
  return (
    <Box data-testid="bill-import-preview" data-status={i.status} sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {t('preview_title', { file: i.fileName ?? t('seed') })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {i.councilCode} · {translate(`payment_types.${i.type}`)} · {t(`statuses.${i.status}`)}
      </Typography>
      {i.status === 'previewed' && !blocked && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('preview_intro')}
        </Alert>
      )}
      {blocked && i.status === 'previewed' && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="bill-import-blocked">
          {t('has_errors')}
        </Alert>
      )}
      {i.status === 'confirmed' && (
        <Alert severity="success" sx={{ mb: 1 }} data-testid="bill-import-confirmed">
          {t('confirmed')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="bill-import-confirm-failure">
          {failure}
        </Alert>
      )}
      <Counts imp={i} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ my: 2, flexWrap: 'wrap' }}>
        {i.status === 'previewed' && !blocked && mayConfirm && (
          <MuiButton
            variant="contained"
            disabled={busy}
            onClick={() => setConfirming(true)}
            data-testid="bill-import-confirm"
          >
            {t('confirm')}
          </MuiButton>
        )}
        {i.counts.invalid > 0 && (
          <MuiButton
            variant="outlined"
            href={`${ADMIN_API}/bill-imports/${encodeURIComponent(i.id)}/errors.csv?lang=${lang}`}
            download
          >
            {t('download_errors')}
          </MuiButton>
        )}
      </Stack>
      {busy && <LinearProgress sx={{ mb: 1 }} />}
      {SHOWN_ORDER.filter((o) => i.counts[o] > 0).map((outcome) => (
        <Rows key={outcome} id={i.id} outcome={outcome} count={i.counts[outcome]} />
      ))}
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)} aria-labelledby="bill-import-confirm-title">
          <DialogTitle id="bill-import-confirm-title" sx={{ overflowWrap: 'anywhere' }}>
            {t('confirm_title', { file: i.fileName ?? '' })}
          </DialogTitle>
          <DialogContent>
            <Typography>
              {t('confirm_text', {
                new: i.counts.new,
                changed: i.counts.changed,
                withdrawn: i.counts.withdrawn,
                council: i.councilCode,
              })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setConfirming(false)}>{t('cancel')}</MuiButton>
            <MuiButton variant="contained" onClick={() => void confirm()} data-testid="bill-import-confirm-yes">
              {t('confirm')}
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}

function Counts({ imp }: { imp: AdminBillImport }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="bill-import-counts">
      {BILL_ROW_OUTCOMES.map((o) => (
        <Chip
          key={o}
          data-outcome={o}
          data-count={imp.counts[o]}
          color={(o === 'invalid' || o === 'refused') && imp.counts[o] > 0 ? 'error' : 'default'}
          label={`${translate(`console.bill_imports.outcomes.${o}`)}: ${imp.counts[o]}`}
        />
      ))}
    </Stack>
  );
}

/** The rows of one outcome, a page at a time; a table that scrolls inside its card on a phone. */
function Rows({ id, outcome, count }: { id: string; outcome: BillRowOutcome; count: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.bill_imports.${key}`, values);
  const rows = useInfiniteQuery({
    queryKey: ['bill-imports', 'rows', id, outcome],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      dataProvider.listBillImportRows(id, outcome, pageParam, pageParam + PAGE, signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return loaded < last.total && last.data.length > 0 ? loaded : undefined;
    },
  });
  const list = rows.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Box sx={{ mb: 2 }} data-testid={`bill-import-rows-${outcome}`}>
      <Typography variant="subtitle1" component="h3">
        {t(`outcomes.${outcome}`)} ({count})
      </Typography>
      {rows.isPending && <LinearProgress />}
      <ScrollingBox label={t(`outcomes.${outcome}`)} sx={SCROLLS}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {(outcome === 'invalid' ? ['line', 'column', 'value', 'reason'] : columnsOf(outcome)).map((k) => (
                <TableCell key={k}>{t(k)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.flatMap((row) =>
              outcome === 'invalid' ? (
                row.errors.map((e, n) => (
                  <TableRow key={`${row.id}-${n}`} data-line={e.line}>
                    <TableCell>{e.line}</TableCell>
                    <TableCell>{e.column}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.value}</TableCell>
                    <TableCell data-testid="bill-import-reason">{rowErrorText(translate, e)}</TableCell>
                  </TableRow>
                ))
              ) : (
                <BillRow key={row.id} row={row} outcome={outcome} />
              ),
            )}
          </TableBody>
        </Table>
      </ScrollingBox>
      {list.length < count && (
        <Typography variant="body2" color="text.secondary">
          {t('shown', { shown: list.length, count })}
          {rows.hasNextPage && (
            <MuiButton size="small" onClick={() => void rows.fetchNextPage()} disabled={rows.isFetchingNextPage}>
              {t('more')}
            </MuiButton>
          )}
        </Typography>
      )}
    </Box>
  );
}

function columnsOf(outcome: BillRowOutcome): string[] {
  switch (outcome) {
    case 'changed':
      return ['line', 'account', 'owner', 'balance_change', 'changed_fields'];
    case 'withdrawn':
      return ['account', 'balance'];
    case 'refused':
      return ['line', 'account', 'owner', 'reason'];
    default:
      return ['line', 'account', 'owner', 'balance'];
  }
}

function BillRow({ row, outcome }: { row: AdminBillImportRow; outcome: BillRowOutcome }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`console.bill_imports.${key}`);
  const money = (sen: number | null) => (sen === null ? '' : formatRinggit(sen));
  const cells: (string | number | null)[] =
    outcome === 'changed'
      ? [
          row.line,
          row.displayNo,
          row.ownerName,
          `${money(row.balanceBeforeSen)} → ${money(row.balanceSen)}`,
          [...row.fields, ...(row.reinstated ? [t('reinstated')] : [])].join(', '),
        ]
      : outcome === 'withdrawn'
        ? [row.displayNo, money(row.balanceBeforeSen)]
        : outcome === 'refused'
          ? [
              row.line,
              row.displayNo,
              row.ownerName,
              row.refusal ? translate(`console.bill_imports.refusals.${row.refusal}`) : '',
            ]
          : [row.line, row.displayNo, row.ownerName, money(row.balanceSen)];
  return (
    <TableRow data-account={row.displayNo ?? ''}>
      {cells.map((c, n) => (
        <TableCell key={n} sx={{ whiteSpace: typeof c === 'string' && c.startsWith('RM') ? 'nowrap' : undefined }}>
          {c ?? ''}
        </TableCell>
      ))}
    </TableRow>
  );
}

function History({
  imports,
  total,
  onOpen,
  current,
}: {
  imports: AdminBillImport[];
  total: number;
  onOpen: (id: string) => void;
  current: string | null;
}) {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.bill_imports.${key}`, values);
  if (imports.length === 0) return <Typography color="text.secondary">{t('history_empty')}</Typography>;
  return (
    <ScrollingBox label={t('history')} sx={SCROLLS} testId="bill-import-history">
      <Table size="small">
        <TableHead>
          <TableRow>
            {['when', 'by', 'file', 'status', 'counts', 'sha256'].map((k) => (
              <TableCell key={k}>{t(k)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {imports.map((i) => (
            <TableRow key={i.id} selected={i.id === current} data-import={i.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(new Date(i.confirmedAt ?? i.createdAt))}
              </TableCell>
              <TableCell>{i.staffEmail ?? t('seed')}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <MuiButton
                  size="small"
                  sx={{ textTransform: 'none', textAlign: 'left' }}
                  onClick={() => onOpen(i.id)}
                  aria-label={`${t('open')}: ${i.fileName ?? t('seed')}`}
                >
                  {i.fileName ?? t('seed')}
                </MuiButton>
              </TableCell>
              <TableCell>{t(`statuses.${i.status}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {BILL_ROW_OUTCOMES.filter((o) => i.counts[o] > 0)
                  .map((o) => `${t(`outcomes.${o}`)}: ${i.counts[o]}`)
                  .join(' · ')}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', minWidth: 160 }}>
                {i.sha256 ?? ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > imports.length && (
        <Typography variant="body2" color="text.secondary">
          {t('shown', { shown: imports.length, count: total })}
        </Typography>
      )}
    </ScrollingBox>
  );
}
