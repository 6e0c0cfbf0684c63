import QueueIcon from '@mui/icons-material/ViewList';
import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  LocalesMenuButton,
  Menu,
  ToggleThemeButton,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import configuration from '../configuration';
import reconciliation from '../reconciliation';
import settlements from '../settlements';
import dayClose from '../day-close';
import billImports from '../bill-imports';
import collectionFiles from '../collection-files';
import webhooks from '../webhooks';
import staff from '../staff';

/** Bull Board, served by the API (read-only, `_admin` only). */
export const QUEUE_BOARD_URL = '/api/admin/queues/';

function ConsoleMenu() {
  const translate = useTranslate();
  const ConfigurationIcon = configuration.icon;
  const ReconciliationIcon = reconciliation.icon;
  const SettlementIcon = settlements.icon;
  const DayCloseIcon = dayClose.icon;
  const BillImportsIcon = billImports.icon;
  const CollectionFilesIcon = collectionFiles.icon;
  const WebhooksIcon = webhooks.icon;
  const { canAccess: canConfigure } = useCanAccess({ resource: 'configuration', action: 'edit' });
  const { canAccess: canSeeQueues } = useCanAccess({ resource: 'queues', action: 'list' });
  const { canAccess: canManageStaff } = useCanAccess({ resource: 'staff', action: 'list' });
  const StaffIcon = staff.icon;
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('console.dashboard')} />
      <Menu.ResourceItems />
      <Menu.Item
        to={reconciliation.path}
        primaryText={translate('console.reconciliation.title')}
        leftIcon={<ReconciliationIcon />}
      />
      <Menu.Item
        to={settlements.path}
        primaryText={translate('console.settlement.title')}
        leftIcon={<SettlementIcon />}
      />
      <Menu.Item to={dayClose.path} primaryText={translate('console.day_close.title')} leftIcon={<DayCloseIcon />} />
      <Menu.Item
        to={billImports.path}
        primaryText={translate('console.bill_imports.title')}
        leftIcon={<BillImportsIcon />}
      />
      <Menu.Item
        to={collectionFiles.path}
        primaryText={translate('console.collection_files.title')}
        leftIcon={<CollectionFilesIcon />}
      />
      <Menu.Item to={webhooks.path} primaryText={translate('console.webhooks.title')} leftIcon={<WebhooksIcon />} />
      {canManageStaff && (
        <Menu.Item to={staff.path} primaryText={translate('console.staff.title')} leftIcon={<StaffIcon />} />
      )}
      {canConfigure && (
        <Menu.Item
          to={configuration.path}
          primaryText={translate('console.configuration')}
          leftIcon={<ConfigurationIcon />}
        />
      )}
      {canSeeQueues && (
        <Menu.Item
          to={QUEUE_BOARD_URL}
          primaryText={translate('console.queues')}
          leftIcon={<QueueIcon />}
          onClick={(event: React.MouseEvent) => {
            // Bull Board is a page of its own, outside the console's routes.
            event.preventDefault();
            window.open(QUEUE_BOARD_URL, '_blank', 'noopener');
          }}
        />
      )}
    </Menu>
  );
}

/**
 * The page is as wide as the screen, never as its widest table: react-admin's layout is `min-width:
 * fit-content` and its flex columns grow to their content, so one wide table pushed the whole page sideways
 * (and the status off screen). Here every level may shrink, and a wide table scrolls inside its own card.
 */
const CONTENT_SHRINKS = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': { minWidth: 0 },
  // Three classes deep: react-admin's List sets `overflow: inherit` on its content with two, injected later.
  '& .RaList-main .RaList-content': { overflowX: 'auto' },
} as const;

/**
 * react-admin's app bar with its usual tools (language, light or dark, reload), the spinner shown while data loads
 * named for screen readers ("Loading", in the console's language) as every progress bar must be.
 */
function ConsoleAppBar() {
  const translate = useTranslate();
  return (
    <AppBar
      toolbar={
        <>
          <LocalesMenuButton />
          <ToggleThemeButton />
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
    />
  );
}

/** react-admin's layout with the console's menu (dashboard, resources, configuration, queues). */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar} sx={CONTENT_SHRINKS}>
      {children}
    </Layout>
  );
}
