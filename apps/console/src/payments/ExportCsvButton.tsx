import DownloadIcon from '@mui/icons-material/Download';
import { FilterButton, TopToolbar, useListContext, useLocaleState } from 'react-admin';
import { ActionButton } from '../shared/ActionButton';
import { paymentsCsvUrl } from '../dataProvider';

/**
 * Downloads the payments CSV with the list's current filters: the API streams every match (not just this page),
 * within the staff member's councils, with headers and statuses in the console's language.
 */
export function ExportCsvButton() {
  const { filterValues } = useListContext();
  const [locale] = useLocaleState();
  return (
    <ActionButton
      component="a"
      href={paymentsCsvUrl(filterValues, locale)}
      download
      label="console.export_csv"
      startIcon={<DownloadIcon />}
      data-testid="export-csv"
    />
  );
}

export function PaymentListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}
