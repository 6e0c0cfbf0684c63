import { ROLES } from '@councilpay/domain';
import { BooleanField, DataTable, EditButton, List, SearchInput, SelectInput, useTranslate } from 'react-admin';
import type { UserRecord } from '../dataProvider';
import { ChipsField, DateTimeField } from '../shared/fields';

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="role"
      source="role"
      alwaysOn
      choices={ROLES.map((id) => ({ id, name: translate(`console.roles.${id}`) }))}
    />,
  ];
}

/** Accounts (`_admin` only), with their roles and the councils they administer. */
export function UserList() {
  return (
    <List<UserRecord> filters={useFilters()} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable<UserRecord> bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="email" />
        <DataTable.Col source="fullName" />
        <DataTable.Col source="roles" disableSort>
          <ChipsField source="roles" prefix="console.roles" />
        </DataTable.Col>
        <DataTable.Col source="councils" disableSort field={ChipsField} />
        <DataTable.Col source="emailVerified" disableSort field={BooleanField} />
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col>
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
