import { BooleanField, ImageField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { CouncilRecord } from '../dataProvider';
import { PayableTypesField } from './PayableTypesField';

/** One council as the public API shows it (read-only until the staff API lands). */
export function CouncilShow() {
  return (
    <Show<CouncilRecord> actions={false}>
      <SimpleShowLayout>
        <TextField source="code" />
        <TextField source="name.ms" />
        <TextField source="name.en" />
        <TextField source="name.zh" emptyText="—" />
        <ImageField
          source="logoUrl"
          emptyText="—"
          sx={{ '& img': { maxWidth: 96, maxHeight: 96, objectFit: 'contain' } }}
        />
        <BooleanField source="active" />
        <BooleanField source="isDefault" />
        <Labeled source="payableTypes">
          <PayableTypesField />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
