import { COUNCIL_CODES, type CouncilApiRequestRow } from '@councilpay/domain';
import { DataTable, List, SelectInput, TextInput } from 'react-admin';
import { DateTimeField } from '../shared/fields';

/** The requests councils' keys made, newest first: what a council's system sent and what it was answered. */
export function CouncilApiRequestList() {
  return (
    <List<CouncilApiRequestRow>
      filters={[
        <SelectInput key="council" source="council" alwaysOn choices={COUNCIL_CODES.map((id) => ({ id, name: id }))} />,
        <TextInput key="apiKeyId" source="apiKeyId" />,
      ]}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={50}
      exporter={false}
    >
      <DataTable<CouncilApiRequestRow> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" disableSort field={DateTimeField} />
        <DataTable.Col source="council" disableSort />
        <DataTable.Col source="keyId" disableSort />
        <DataTable.Col source="method" disableSort />
        <DataTable.Col source="path" disableSort />
        <DataTable.Col source="status" disableSort />
        <DataTable.Col source="code" disableSort />
        <DataTable.Col source="importId" disableSort />
        <DataTable.Col source="durationMs" disableSort />
      </DataTable>
    </List>
  );
}
