import { translate } from '@councilpay/i18n';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import configuration from './configuration';
import councils from './councils';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { CONSOLE_LOCALE, i18nProvider } from './i18nProvider';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { darkTheme, lightTheme } from './theme';

const ConfigurationShow = configuration.show;

/**
 * The staff console. Following react-admin's demo: one folder per resource exporting its views, and the
 * data provider and i18n provider each in one place.
 *
 * TODO(identity): add the authProvider (session login, `_admin` and council-admin roles, `canAccess`)
 * with the identity issue; until then the console is open and read-only, backed by public endpoints.
 */
export function App() {
  return (
    <Admin
      title={translate(CONSOLE_LOCALE, 'console.title')}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={ConsoleLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      disableTelemetry
    >
      <Resource name="councils" {...councils} />
      <CustomRoutes>
        <Route path={configuration.path} element={<ConfigurationShow />} />
      </CustomRoutes>
    </Admin>
  );
}
