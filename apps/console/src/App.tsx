import { translate } from '@councilpay/i18n';
import { Admin, Authenticated, CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import audit from './audit';
import billImports from './bill-imports';
import { authProvider } from './authProvider';
import configuration from './configuration';
import collectionFiles from './collection-files';
import councils from './councils';
import councilApiKeys, { councilApiRequests } from './council-api-keys';
import { Dashboard } from './dashboard/Dashboard';
import dayClose from './day-close';
import { dataProvider } from './dataProvider';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { ConsoleLogin } from './layout/ConsoleLogin';
import notifications from './notifications';
import payments from './payments';
import reconciliation from './reconciliation';
import settlements from './settlements';
import staff from './staff';
import { darkTheme, lightTheme } from './theme';
import users from './users';
import webhooks from './webhooks';

const ConfigurationEdit = configuration.edit;
const ReconciliationPage = reconciliation.page;
const SettlementPage = settlements.page;
const DayClosePage = dayClose.page;
const BillImportsPage = billImports.page;
const CollectionFilesPage = collectionFiles.page;
const WebhooksPage = webhooks.page;
const StaffPage = staff.page;
const AcceptInvitationPage = staff.acceptPage;

/**
 * The staff console. Following react-admin's demo: one folder per resource exporting its views, spread into
 * <Resource>; one data provider, one auth provider, one i18n provider. Everything needs a staff session; what a
 * council role may not use is hidden (access.ts, from the roles of libs/domain) and refused by the API anyway; an
 * invitation's accept page needs no session.
 */
export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <Admin
      title={translate('ms', 'console.title')}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={ConsoleLayout}
      loginPage={ConsoleLogin}
      theme={lightTheme}
      darkTheme={darkTheme}
      requireAuth
      disableTelemetry
    >
      <Resource name="payments" {...payments} />
      <Resource name="notifications" {...notifications} />
      <Resource name="councils" {...councils} />
      <Resource name="users" {...users} />
      <Resource name="audit" {...audit} />
      <Resource name="council-api-keys" {...councilApiKeys} />
      <Resource name="council-api-requests" {...councilApiRequests} />
      <CustomRoutes noLayout>
        {/* An invitation's link: the invited person has no session yet. */}
        <Route path={staff.acceptPath} element={<AcceptInvitationPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route
          path={staff.path}
          element={
            <Authenticated>
              <StaffPage />
            </Authenticated>
          }
        />
        <Route
          path={reconciliation.path}
          element={
            <Authenticated>
              <ReconciliationPage />
            </Authenticated>
          }
        />
        <Route
          path={dayClose.path}
          element={
            <Authenticated>
              <DayClosePage />
            </Authenticated>
          }
        />
        <Route
          path={collectionFiles.path}
          element={
            <Authenticated>
              <CollectionFilesPage />
            </Authenticated>
          }
        />
        <Route
          path={webhooks.path}
          element={
            <Authenticated>
              <WebhooksPage />
            </Authenticated>
          }
        />
        <Route
          path={settlements.path}
          element={
            <Authenticated>
              <SettlementPage />
            </Authenticated>
          }
        />
        <Route
          path={billImports.path}
          element={
            <Authenticated>
              <BillImportsPage />
            </Authenticated>
          }
        />
        <Route
          path={configuration.path}
          element={
            <Authenticated>
              <ConfigurationEdit />
            </Authenticated>
          }
        />
      </CustomRoutes>
    </Admin>
  );
}
