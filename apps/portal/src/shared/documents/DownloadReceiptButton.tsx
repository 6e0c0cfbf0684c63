import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useSnackbar } from '../feedback/SnackbarProvider';
import { fetchReceiptPdf, saveBlob } from './documents-api';

/**
 * "Download receipt (PDF)": the receipt of a paid payment in the portal's language, saved as
 * receipt-<reference>.pdf. `compact` is the icon form for table rows (history).
 */
export function DownloadReceiptButton({ reference, compact = false }: { reference: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { showMessage, showError } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const label = t('documents.download_receipt');

  async function download() {
    setBusy(true);
    try {
      saveBlob(await fetchReceiptPdf(reference, i18n.resolvedLanguage ?? i18n.language), `receipt-${reference}.pdf`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'receipt_not_ready')
        showMessage(t('documents.receipt_not_ready'), 'info');
      else showError(error);
    } finally {
      setBusy(false);
    }
  }

  if (compact)
    return (
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => void download()} disabled={busy}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} loading={busy}>
      {label}
    </Button>
  );
}
