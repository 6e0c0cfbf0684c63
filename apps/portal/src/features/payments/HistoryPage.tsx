import { formatDateTime, formatRinggit, type HistoryRowDto, type Page } from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { messageKeyForError } from '../../shared/api/errors';
import { useCouncilName } from '../../shared/public-data/useCouncilName';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { useSession } from '../account/session/SessionProvider';
import { SignInRequired } from '../account/SignInRequired';
import { getHistory } from './payments-api';
import { statusTone } from './payment-status';
import { DownloadReceiptButton } from '../documents/DownloadReceiptButton';

const PAGE_SIZES = [10, 20, 50];

/** /history: the signed-in person's payments, newest first, each linking to its receipt. */
export function HistoryPage() {
  const { user, ready } = useSession();
  return (
    <PageScaffold page="history">
      {!ready ? <Skeleton variant="rounded" height={200} /> : user ? <HistoryTable /> : <SignInRequired />}
    </PageScaffold>
  );
}

function HistoryTable() {
  const { t } = useTranslation();
  const councilName = useCouncilName();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const [rows, setRows] = useState<Page<HistoryRowDto> | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    getHistory(page + 1, pageSize, controller.signal).then(setRows, (caught: unknown) => {
      if (!controller.signal.aborted) setError(caught);
    });
    return () => controller.abort();
  }, [page, pageSize]);

  if (error) return <Alert severity="error">{t(messageKeyForError(error))}</Alert>;
  if (!rows) return <Skeleton variant="rounded" height={200} />;
  if (rows.total === 0) return <Alert severity="info">{t('history.empty')}</Alert>;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('pages.history.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('common.date')}</TableCell>
              <TableCell>{t('fields.reference')}</TableCell>
              <TableCell>{t('common.council')}</TableCell>
              <TableCell>{t('common.payment_type')}</TableCell>
              <TableCell>{t('common.account_no')}</TableCell>
              <TableCell align="right">{t('common.amount')}</TableCell>
              <TableCell>{t('common.status')}</TableCell>
              <TableCell>{t('fields.receipt_no')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.rows.map((row) => (
              <TableRow key={`${row.reference}:${row.accountNo}:${row.paymentType}`} data-testid="history-row">
                <TableCell>{formatDateTime(Date.parse(row.date))}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`${ROUTES.receipt}?reference=${encodeURIComponent(row.reference)}`}>
                    {row.reference}
                  </Link>
                </TableCell>
                <TableCell>{councilName(row.council)}</TableCell>
                <TableCell>{t(`payment_types.${row.paymentType}`)}</TableCell>
                <TableCell>{row.displayNo}</TableCell>
                <TableCell align="right">{formatRinggit(row.amountSen)}</TableCell>
                <TableCell>
                  <Chip size="small" color={statusTone(row.status)} label={t(`payment_states.${row.status}`)} />
                </TableCell>
                <TableCell>
                  {row.receiptNo ?? '—'}
                  {(row.status === 'paid' || row.status === 'refunded') && (
                    <DownloadReceiptButton reference={row.reference} compact />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.total}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('history.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => t('history.displayed_rows', { from, to, count })}
      />
    </Paper>
  );
}
