import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES, type AdminNotificationRow } from '@councilpay/domain';
import {
  DataTable,
  List,
  ReferenceField,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import { DateTimeField, TranslatedField } from '../shared/fields';
import { ResendNotificationButton } from './ResendNotificationButton';

const TEMPLATES = [
  'payment_paid',
  'payment_failed',
  'payment_expired',
  'phone_code',
  'email_verification',
  'password_reset',
] as const;

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectArrayInput
      key="status"
      source="status"
      alwaysOn
      choices={NOTIFICATION_STATUSES.map((id) => ({ id, name: translate(`console.notification_statuses.${id}`) }))}
    />,
    <SelectInput
      key="channel"
      source="channel"
      alwaysOn
      choices={NOTIFICATION_CHANNELS.map((id) => ({ id, name: translate(`console.channels.${id}`) }))}
    />,
    <SelectInput
      key="template"
      source="template"
      choices={TEMPLATES.map((id) => ({ id, name: translate(`console.templates.${id}`) }))}
    />,
    <TextInput key="recipient" source="recipient" />,
    <TextInput key="reference" source="reference" />,
  ];
}

/** Every email and SMS with its delivery: status, attempts, last error; resend. Newest first. */
export function NotificationList() {
  return (
    <List<AdminNotificationRow>
      filters={useFilters()}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <DataTable<AdminNotificationRow> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col source="channel" disableSort>
          <TranslatedField source="channel" prefix="console.channels" />
        </DataTable.Col>
        <DataTable.Col source="recipient" disableSort />
        <DataTable.Col source="template" disableSort>
          <TranslatedField source="template" prefix="console.templates" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <TranslatedField source="status" prefix="console.notification_statuses" />
        </DataTable.Col>
        <DataTable.Col source="attempts" />
        <DataTable.Col source="lastError" disableSort>
          <TextField source="lastError" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="reference" disableSort>
          <ReferenceField source="reference" reference="payments" link="show" emptyText="—">
            <TextField source="reference" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col label="console.resend">
          <ResendNotificationButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
