import { formatDateTime, formatRinggit, isLicenceType, type HistoryRowDto, type Page } from '@councilpay/domain';
import BadgeIcon from '@mui/icons-material/Badge';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { useFieldValue } from '../../shared/ui/FieldList';
import { ItemCards, useNarrowScreen } from '../../shared/ui/ItemCards';
import { useCouncilName } from '../../shared/public-data/useCouncilName';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { useSession } from '../../shared/session/SessionProvider';
import { SignInRequired } from '../../shared/session/SignInRequired';
import { getHistory } from '../../shared/payments/payments-api';
import { paymentMethodValue } from './payment-method';
import { requeryLink } from './PendingHelp';
import { isFollowed, statusTone } from './payment-status';
import { DownloadReceiptButton } from '../../shared/documents/DownloadReceiptButton';

const PAGE_SIZES = [10, 20, 50];

/** A receipt exists once the payment was paid (a refunded one keeps it). */
function hasReceipt(row: { status: string }): boolean {
  return row.status === 'paid' || row.status === 'refunded';
}

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
  const show = useFieldValue();
  const narrow = useNarrowScreen();
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
  // A paid licence is printed from the licences page.
  const paidLicence = rows.rows.some((row) => hasReceipt(row) && isLicenceType(row.paymentType));
  return (
    <Stack spacing={2}>
      {paidLicence && (
        <div>
          <Button component={RouterLink} to={ROUTES.pdf} startIcon={<BadgeIcon />} data-testid="licence-print-link">
            {t('shell.my_licences')}
          </Button>
        </div>
      )}
      <Paper variant="outlined">
        {narrow ? (
          <Box sx={{ p: 1.5 }}>
            <ItemCards
              label={t('pages.history.title')}
              items={rows.rows.map((row) => ({
                key: `${row.reference}:${row.accountNo}:${row.paymentType}`,
                testId: 'history-row',
                title: `${councilName(row.council)} · ${t(`payment_types.${row.paymentType}`)}`,
                lines: [
                  { label: t('common.date'), value: formatDateTime(Date.parse(row.date)) },
                  {
                    label: t('fields.reference'),
                    value: (
                      <Link
                        component={RouterLink}
                        to={`${ROUTES.receipt}?reference=${encodeURIComponent(row.reference)}`}
                      >
                        {row.reference}
                      </Link>
                    ),
                  },
                  { label: t('common.account_no'), value: row.displayNo },
                  { label: t('fields.payment_method'), value: show(paymentMethodValue(row)), testId: 'history-method' },
                  {
                    label: t('common.status'),
                    value: <HistoryStatus row={row} />,
                  },
                  { label: t('fields.receipt_no'), value: row.receiptNo ?? '—', testId: 'receipt-no' },
                  ...(hasReceipt(row)
                    ? [
                        {
                          label: t('documents.download_receipt'),
                          value: <DownloadReceiptButton reference={row.reference} compact />,
                        },
                      ]
                    : []),
                ],
                amountLabel: t('common.amount'),
                amount: formatRinggit(row.amountSen),
              }))}
            />
          </Box>
        ) : (
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
                  <TableCell>{t('fields.payment_method')}</TableCell>
                  <TableCell>{t('common.status')}</TableCell>
                  <TableCell>{t('fields.receipt_no')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.rows.map((row) => (
                  <TableRow key={`${row.reference}:${row.accountNo}:${row.paymentType}`} data-testid="history-row">
                    <TableCell>{formatDateTime(Date.parse(row.date))}</TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`${ROUTES.receipt}?reference=${encodeURIComponent(row.reference)}`}
                      >
                        {row.reference}
                      </Link>
                    </TableCell>
                    <TableCell>{councilName(row.council)}</TableCell>
                    <TableCell>{t(`payment_types.${row.paymentType}`)}</TableCell>
                    <TableCell>{row.displayNo}</TableCell>
                    <TableCell align="right" data-testid="item-amount">
                      {formatRinggit(row.amountSen)}
                    </TableCell>
                    <TableCell data-testid="history-method">{show(paymentMethodValue(row))}</TableCell>
                    <TableCell>
                      <HistoryStatus row={row} />
                    </TableCell>
                    <TableCell>
                      <span data-testid="receipt-no">{row.receiptNo ?? '—'}</span>
                      {hasReceipt(row) && <DownloadReceiptButton reference={row.reference} compact />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
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
    </Stack>
  );
}

/** A row's status; one the bank has not confirmed yet links to the payment status page (ask the bank again). */
function HistoryStatus({ row }: { row: HistoryRowDto }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Chip size="small" color={statusTone(row.status)} label={t(`payment_states.${row.status}`)} />
      {isFollowed(row.status) && (
        <Link component={RouterLink} to={requeryLink(row.reference)} data-testid="history-requery">
          {t('requery.ask_bank')}
        </Link>
      )}
    </Box>
  );
}
