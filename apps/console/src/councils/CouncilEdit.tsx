import { COUNCIL_LOGO_PATH, type AdminCouncilDetail } from '@councilpay/domain';
import {
  BooleanInput,
  Edit,
  Labeled,
  maxLength,
  regex,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
} from 'react-admin';
import { DocumentImageInput } from './DocumentImageInput';

/**
 * What `_admin` changes of a council: online or not, logo path, licence officer, and the images printed on
 * documents (the logo on receipts and licences, the officer's signature on licences). Only these fields are
 * sent (the data provider picks them, and an image only when it changed), so fields other features add to
 * councils are never overwritten from here. Fields are checked as they are left, so a refused image file is
 * named as soon as it is chosen. A council is never deleted (its payments, receipts and bills name it): it is
 * taken offline with `active`, so the form has Save and no Delete.
 */
export function CouncilEdit() {
  return (
    <Edit<AdminCouncilDetail> mutationMode="pessimistic" redirect="show">
      <SimpleForm
        mode="onBlur"
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Labeled source="code">
          <TextField source="code" />
        </Labeled>
        <BooleanInput source="active" />
        <TextInput source="logoUrl" validate={regex(COUNCIL_LOGO_PATH, 'ra.validation.regex')} fullWidth />
        <DocumentImageInput source="logoImage" />
        <TextInput source="signatureOfficerName" validate={maxLength(120)} fullWidth />
        <TextInput source="signatureOfficerPost" validate={maxLength(120)} fullWidth />
        <DocumentImageInput source="signatureImage" />
      </SimpleForm>
    </Edit>
  );
}
