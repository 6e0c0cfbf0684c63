import type { AdminCouncilDetail } from '@councilpay/domain';
import {
  BooleanField,
  EditButton,
  ImageField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { PayableTypesField } from './PayableTypesField';

function Actions() {
  const { canAccess } = useCanAccess({ resource: 'councils', action: 'edit' });
  return <TopToolbar>{canAccess && <EditButton />}</TopToolbar>;
}

/** One council: names, logo, whether it takes payments online, payment types, licence officer. */
export function CouncilShow() {
  return (
    <Show<AdminCouncilDetail> actions={<Actions />}>
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
        <TextField source="signatureOfficerName" emptyText="—" />
        <TextField source="signatureOfficerPost" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
