import {
  DOCUMENT_VERIFY_PARAM,
  formatDateTime,
  formatRinggit,
  formatYearMonth,
  type VerifyResultDto,
} from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { messageKeyForError } from '../../shared/api/errors';
import { useBillsCouncilTitle } from '../../shared/public-data/TitleCouncil';
import { useCouncilName } from '../../shared/public-data/useCouncilName';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { verifyDocument } from '../../shared/documents/documents-api';

/** The code from a scanned QR (a whole verify address) or as typed. */
function codeOf(input: string): string {
  const text = input.trim();
  const match = /[?&]t=([\w.-]+)/.exec(text);
  return match ? match[1] : text;
}

const SEVERITY = { authentic: 'success', altered: 'error', unknown: 'warning' } as const;

/**
 * /verify?t=<code>: public, no sign-in. What an officer sees after scanning the code on a receipt or a
 * digital licence with a phone: authentic with the facts to compare with the paper, altered, or unknown; and,
 * on a line of its own, money refunded since the document was issued.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const councilName = useCouncilName();
  usePageTitle(t('documents.verify_title'));
  const [params, setParams] = useSearchParams();
  const code = params.get(DOCUMENT_VERIFY_PARAM)?.trim() ?? '';
  const [input, setInput] = useState(code);
  const [result, setResult] = useState<VerifyResultDto | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    setResult(null);
    setError(null);
    if (!code) return;
    const controller = new AbortController();
    verifyDocument(code, controller.signal).then(setResult, (e: unknown) => {
      if (!controller.signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, [code]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = codeOf(input);
    if (next) setParams({ [DOCUMENT_VERIFY_PARAM]: next });
  }

  const facts = result?.facts;
  // Headed with the council that issued the document (a Kota Belud receipt, Kota Belud's title).
  useBillsCouncilTitle(facts ? facts.councils : null);
  return (
    <Stack spacing={3} component="article" aria-labelledby="page-title" data-testid="page-verify">
      <Stack spacing={1}>
        <Typography id="page-title" variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t('documents.verify_title')}
        </Typography>
        <Typography color="text.secondary">{t('documents.verify_text')}</Typography>
      </Stack>
      {code && !result && !error && <Skeleton variant="rounded" height={120} />}
      {error !== null && <Alert severity="error">{t(messageKeyForError(error))}</Alert>}
      {result && (
        <Alert severity={SEVERITY[result.verdict]} data-testid="verify-verdict" data-verdict={result.verdict}>
          {t(`documents.verify_${result.verdict}`)}
        </Alert>
      )}
      {facts && result?.refund && (
        // What happened since it was issued, apart from the verdict on the document itself.
        <Alert severity="warning" data-testid="verify-refund" data-refund={result.refund.kind}>
          {t(`documents.verify_refunded_${result.refund.kind}`, {
            amount: formatRinggit(result.refund.refundedSen),
            total: formatRinggit(facts.amountSen),
          })}
        </Alert>
      )}
      {facts && (
        <Table size="small" aria-label={t('documents.verify_title')}>
          <TableBody>
            <TableRow>
              <TableCell component="th">
                {facts.kind === 'receipt' ? t('documents.reference') : t('documents.licence_ref')}
              </TableCell>
              <TableCell>{facts.reference}</TableCell>
            </TableRow>
            {facts.invoiceNo && (
              <TableRow>
                <TableCell component="th">{t('documents.invoice_no')}</TableCell>
                <TableCell>{facts.invoiceNo}</TableCell>
              </TableRow>
            )}
            {facts.licenceNo && (
              <TableRow>
                <TableCell component="th">{t('documents.licence_no')}</TableCell>
                <TableCell>{facts.licenceNo}</TableCell>
              </TableRow>
            )}
            <TableRow>
              <TableCell component="th">{t('documents.verify_council')}</TableCell>
              <TableCell data-testid="verify-council">{facts.councils.map(councilName).join(', ')}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th">
                {facts.kind === 'licence' ? t('documents.verify_holder') : t('documents.verify_payer')}
              </TableCell>
              <TableCell data-testid="verify-holder">{facts.holderName}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th">{t('documents.receipt_no')}</TableCell>
              <TableCell>{facts.receiptNos.join(', ')}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th">{t('documents.total')}</TableCell>
              <TableCell>{formatRinggit(facts.amountSen)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th">{t('documents.date_time')}</TableCell>
              <TableCell>{formatDateTime(Date.parse(facts.paidAt))}</TableCell>
            </TableRow>
            {facts.paidUntil && (
              <TableRow>
                <TableCell component="th">{t('documents.paid_until')}</TableCell>
                <TableCell data-testid="verify-paid-until">{formatYearMonth(facts.paidUntil)}</TableCell>
              </TableRow>
            )}
            {result?.status && (
              <TableRow>
                <TableCell component="th">{t('documents.verify_status')}</TableCell>
                <TableCell>{t(`payment_states.${result.status}`)}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={submit}>
        <TextField
          label={t('documents.verify_token')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          fullWidth
          size="small"
        />
        <Button type="submit" variant="contained">
          {t('documents.verify_button')}
        </Button>
      </Stack>
    </Stack>
  );
}
