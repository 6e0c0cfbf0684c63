import { formatDateTime, type LicenceRowDto } from '@councilpay/domain';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKeyForError } from '../../shared/api/errors';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { useSession } from '../../shared/session/SessionProvider';
import { SignInRequired } from '../../shared/session/SignInRequired';
import { fetchLicencePdf, getOwnLicences, saveBlob } from '../../shared/documents/documents-api';

const NOTICES = ['licences_notice_1', 'licences_notice_2', 'licences_notice_3'] as const;

function LicenceCard({ licence }: { licence: LicenceRowDto }) {
  const { t, i18n } = useTranslation();
  const { showError } = useSnackbar();
  const [busy, setBusy] = useState(false);

  async function print() {
    setBusy(true);
    try {
      const blob = await fetchLicencePdf(licence.reference, i18n.resolvedLanguage ?? i18n.language);
      // The PDF opens in a new tab to print; where pop-ups are blocked it is saved instead.
      const url = URL.createObjectURL(blob);
      const opened = window.open(url, '_blank', 'noopener');
      if (!opened) saveBlob(blob, `licence-${licence.reference}.pdf`);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card variant="outlined" data-testid="licence-card" data-reference={licence.reference}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t(`documents.templates.${licence.template}`, { defaultValue: licence.kind })} · {licence.licenceNo}
        </Typography>
        <Typography color="text.secondary">{licence.ownerName}</Typography>
        <Typography>
          {t('common.status')}: {t(`licence_states.${licence.statusl}`, { defaultValue: licence.statusl })} ·{' '}
          {t('documents.receipt_no')}: {licence.receiptNo} · {t('documents.paid_at')}:{' '}
          {formatDateTime(Date.parse(licence.paidAt))}
          {licence.paidUntil ? ` · ${t('documents.paid_until')}: ${licence.paidUntil}` : ''}
        </Typography>
        {licence.blocked && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="licence-blocked">
            {t(`errors.${licence.blocked}`)}
          </Alert>
        )}
      </CardContent>
      {!licence.blocked && (
        <CardActions>
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => void print()} loading={busy}>
            {t('documents.print')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

function LicenceList() {
  const { t } = useTranslation();
  const [licences, setLicences] = useState<LicenceRowDto[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    getOwnLicences(controller.signal).then(setLicences, (e: unknown) => {
      if (!controller.signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, []);

  if (error) return <Alert severity="error">{t(messageKeyForError(error))}</Alert>;
  if (!licences) return <Skeleton variant="rounded" height={160} />;
  if (licences.length === 0) return <Alert severity="info">{t('documents.licences_empty')}</Alert>;
  return (
    <Stack spacing={2} data-testid="licence-list">
      {licences.map((licence) => (
        <LicenceCard key={licence.reference} licence={licence} />
      ))}
    </Stack>
  );
}

/**
 * /pdf: the licence print screen. The mandatory conditions first, then the signed-in payer's paid licences
 * with their status and a print button; a licence whose status or missing owner photo blocks printing says so.
 */
export function LicencePrintPage() {
  const { t } = useTranslation();
  const { user, ready } = useSession();
  return (
    <PageScaffold page="pdf">
      <Alert severity="info" data-testid="licence-notices">
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
          {NOTICES.map((key) => (
            <li key={key}>{t(`documents.${key}`)}</li>
          ))}
        </Stack>
      </Alert>
      {!ready ? <Skeleton variant="rounded" height={160} /> : user ? <LicenceList /> : <SignInRequired />}
    </PageScaffold>
  );
}
