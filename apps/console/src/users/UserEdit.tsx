import {
  BooleanInput,
  Edit,
  FormDataConsumer,
  Labeled,
  ReferenceArrayInput,
  SelectArrayInput,
  SimpleForm,
  TextField,
  Toolbar,
  SaveButton,
} from 'react-admin';
import type { UserRecord } from '../dataProvider';
import { ChipsField } from '../shared/fields';
import { SecondFactorField } from './ResetSecondFactor';

/**
 * Grant or remove council admin for an account, and choose its councils. A system administrator's roles are
 * not changed here (the API refuses it too). A staff member's second factor can be reset here.
 */
export function UserEdit() {
  return (
    <Edit<UserRecord> mutationMode="pessimistic" redirect="list">
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Labeled source="email">
          <TextField source="email" />
        </Labeled>
        <Labeled source="fullName">
          <TextField source="fullName" />
        </Labeled>
        <Labeled source="roles">
          <ChipsField source="roles" prefix="console.roles" />
        </Labeled>
        <SecondFactorField />
        <BooleanInput source="councilAdmin" />
        <FormDataConsumer<UserRecord>>
          {({ formData }) =>
            formData.councilAdmin ? (
              <ReferenceArrayInput
                source="adminOf"
                reference="councils"
                perPage={50}
                sort={{ field: 'code', order: 'ASC' }}
              >
                <SelectArrayInput optionText="code" label="resources.users.fields.adminOf" />
              </ReferenceArrayInput>
            ) : null
          }
        </FormDataConsumer>
      </SimpleForm>
    </Edit>
  );
}
