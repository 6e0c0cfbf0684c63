import Alert from '@mui/material/Alert';
import { BooleanField, Show, SimpleShowLayout, TextField, useTranslate } from 'react-admin';
import { CONFIGURATION_ID, type ConfigurationRecord } from '../dataProvider';

/** The portal-wide settings (GET /api/config), read-only until the staff API can change them. */
export function ConfigurationShow() {
  const translate = useTranslate();
  return (
    <Show<ConfigurationRecord>
      resource="configuration"
      id={CONFIGURATION_ID}
      actions={false}
      title={translate('console.configuration')}
    >
      <Alert severity="info" sx={{ m: 2, mb: 0 }}>
        {translate('console.read_only_notice')}
      </Alert>
      <SimpleShowLayout>
        <BooleanField source="serviceClosed" />
        <TextField source="announcement.ms" emptyText="—" />
        <TextField source="announcement.en" emptyText="—" />
        <TextField source="announcement.zh" emptyText="—" />
        <TextField source="appVersion" />
        <TextField source="defaultCouncil" />
      </SimpleShowLayout>
    </Show>
  );
}
