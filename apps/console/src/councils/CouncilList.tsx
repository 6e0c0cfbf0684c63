import type { AdminCouncilRow } from '@councilpay/domain';
import { BooleanField, DataTable, List } from 'react-admin';
import { PayableTypesField } from './PayableTypesField';

/** The councils a staff member may see (a council admin: theirs). */
export function CouncilList() {
  return (
    <List<AdminCouncilRow> sort={{ field: 'code', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable<AdminCouncilRow> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="name.ms" disableSort />
        <DataTable.Col source="name.en" disableSort />
        <DataTable.Col source="active" field={BooleanField} />
        <DataTable.Col source="isDefault" field={BooleanField} />
        <DataTable.Col source="payableTypes" disableSort>
          <PayableTypesField />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
