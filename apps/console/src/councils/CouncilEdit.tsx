import type { AdminCouncilDetail } from '@councilpay/domain';
import { BooleanInput, Edit, maxLength, regex, SimpleForm, TextField, TextInput, Labeled } from 'react-admin';

const LOGO_PATH = /^\/(?!.*\.\.)[A-Za-z0-9/_.-]{1,200}\.(png|jpg|jpeg|svg|webp)$/;

/**
 * What `_admin` changes of a council: online or not, logo path, licence officer. Only these fields are sent
 * (the data provider picks them), so fields other features add to councils are never overwritten from here.
 */
export function CouncilEdit() {
  return (
    <Edit<AdminCouncilDetail> mutationMode="pessimistic" redirect="show">
      <SimpleForm>
        <Labeled source="code">
          <TextField source="code" />
        </Labeled>
        <BooleanInput source="active" />
        <TextInput source="logoUrl" validate={regex(LOGO_PATH, 'ra.validation.regex')} fullWidth />
        <TextInput source="signatureOfficerName" validate={maxLength(120)} fullWidth />
        <TextInput source="signatureOfficerPost" validate={maxLength(120)} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
