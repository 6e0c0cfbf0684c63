import { PAYMENT_STATES, type PaymentState } from '@councilpay/domain';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { countLabel } from './counts';

const ALL = 'all';

/**
 * The payments list by status, one tab each with how many the other filters match ("10,000+" beyond the cap):
 * choosing one filters the list to that status; "All" removes the status filter.
 */
export function StatusTabs() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const { status, ...others } = filterValues as { status?: PaymentState[] | PaymentState } & Record<string, unknown>;
  const counts = useQuery({
    queryKey: ['payments', 'status-counts', others],
    queryFn: ({ signal }) => dataProvider.getPaymentStatusCounts(others, signal),
  });
  const statuses = status === undefined ? [] : Array.isArray(status) ? status : [status];
  const value = statuses.length === 0 ? ALL : statuses.length === 1 ? statuses[0] : false;
  const label = (state: PaymentState) => {
    const n = counts.data ? countLabel(counts.data.counts[state], counts.data.cap) : '';
    return n ? `${translate(`payment_states.${state}`)} (${n})` : translate(`payment_states.${state}`);
  };
  return (
    <Tabs
      value={value}
      onChange={(_event, next: string) =>
        setFilters(next === ALL ? others : { ...others, status: [next] }, displayedFilters)
      }
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={translate('resources.payments.fields.status')}
      data-testid="status-tabs"
      sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
    >
      <Tab value={ALL} label={translate('console.all_statuses')} sx={{ minHeight: 40 }} />
      {PAYMENT_STATES.map((state) => (
        <Tab key={state} value={state} label={label(state)} data-status={state} sx={{ minHeight: 40 }} />
      ))}
    </Tabs>
  );
}
