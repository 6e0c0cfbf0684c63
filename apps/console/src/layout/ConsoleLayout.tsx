import type { ReactNode } from 'react';
import { Layout, Menu, useTranslate } from 'react-admin';
import configuration from '../configuration';

function ConsoleMenu() {
  const translate = useTranslate();
  const ConfigurationIcon = configuration.icon;
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('console.dashboard')} />
      <Menu.ResourceItems />
      <Menu.Item
        to={configuration.path}
        primaryText={translate('console.configuration')}
        leftIcon={<ConfigurationIcon />}
      />
    </Menu>
  );
}

/** react-admin's layout with the console's menu (dashboard, resources, configuration). */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return <Layout menu={ConsoleMenu}>{children}</Layout>;
}
