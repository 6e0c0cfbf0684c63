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
  useTranslate,
} from 'react-admin';
import { DOCUMENT_IMAGE_PREVIEW } from './documentImage';
import { PayableTypesField } from './PayableTypesField';

function Actions() {
  const { canAccess } = useCanAccess({ resource: 'councils', action: 'edit' });
  return <TopToolbar>{canAccess && <EditButton />}</TopToolbar>;
}

/**
 * One council: names, logo, whether it takes payments online, payment types, licence officer, and the images
 * printed on documents (the logo on receipts and licences, the officer's signature on licences), or "none".
 */
export function CouncilShow() {
  const translate = useTranslate();
  return (
    <Show<AdminCouncilDetail> actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="code" />
        <TextField source="name.ms" />
        <TextField source="name.en" />
        <TextField source="name.zh" emptyText="—" />
        <ImageField
          source="logoUrl"
          title={translate('resources.councils.fields.logoUrl')}
          emptyText="—"
          sx={{ '& img': { maxWidth: 96, maxHeight: 96, objectFit: 'contain' } }}
        />
        <ImageField
          source="logoImage"
          title={translate('resources.councils.fields.logoImage')}
          emptyText="console.none"
          sx={DOCUMENT_IMAGE_PREVIEW}
        />
        <BooleanField source="active" />
        <BooleanField source="isDefault" />
        <Labeled source="payableTypes">
          <PayableTypesField />
        </Labeled>
        <TextField source="signatureOfficerName" emptyText="—" />
        <TextField source="signatureOfficerPost" emptyText="—" />
        <ImageField
          source="signatureImage"
          title={translate('resources.councils.fields.signatureImage')}
          emptyText="console.none"
          sx={DOCUMENT_IMAGE_PREVIEW}
        />
      </SimpleShowLayout>
    </Show>
  );
}
