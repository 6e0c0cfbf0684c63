import { STAFF_ACTIONS, STAFF_AUDIT_TARGETS, type StaffAuditRow } from '@councilpay/domain';
import { DataTable, List, SelectInput, TextInput, useTranslate, WithRecord } from 'react-admin';
import { ChipsField, DateTimeField, TranslatedField } from '../shared/fields';
import { AuditChanges } from './AuditChanges';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput
      key="action"
      source="action"
      alwaysOn
      choices={STAFF_ACTIONS.map((id) => ({ id, name: translate(`console.audit_actions.${id}`) }))}
    />,
    <SelectInput
      key="targetType"
      source="targetType"
      choices={STAFF_AUDIT_TARGETS.map((id) => ({ id, name: translate(`console.audit_targets.${id}`) }))}
    />,
    <TextInput key="targetId" source="targetId" alwaysOn />,
    <TextInput key="staffEmail" source="staffEmail" />,
  ];
}

/** What staff did, newest first: who, what, to which record, when, and the fields it changed. */
export function AuditList() {
  return (
    <List<StaffAuditRow>
      filters={useFilters()}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <DataTable<StaffAuditRow> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col source="staffEmail" disableSort />
        <DataTable.Col source="action" disableSort>
          <TranslatedField source="action" prefix="console.audit_actions" />
        </DataTable.Col>
        <DataTable.Col source="targetType" disableSort>
          <TranslatedField source="targetType" prefix="console.audit_targets" />
        </DataTable.Col>
        <DataTable.Col source="targetId" disableSort />
        <DataTable.Col source="councils" disableSort field={ChipsField} />
        <DataTable.Col source="after" label="resources.audit.fields.changes" disableSort>
          <WithRecord<StaffAuditRow> render={(row) => <AuditChanges before={row.before} after={row.after} />} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
