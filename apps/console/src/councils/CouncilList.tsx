import { BooleanField, DataTable, List, SearchInput, TopToolbar, ExportButton } from 'react-admin';
import type { CouncilRecord } from '../dataProvider';
import { PayableTypesField } from './PayableTypesField';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Read-only for now: no create button, no bulk actions. */
function ListActions() {
  return (
    <TopToolbar>
      <ExportButton />
    </TopToolbar>
  );
}

export function CouncilList() {
  return (
    <List<CouncilRecord>
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'name.ms', order: 'ASC' }}
      perPage={25}
    >
      <DataTable<CouncilRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="name.ms" />
        <DataTable.Col source="name.en" />
        <DataTable.Col source="active" field={BooleanField} />
        <DataTable.Col source="isDefault" field={BooleanField} />
        <DataTable.Col source="payableTypes" disableSort>
          <PayableTypesField />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
