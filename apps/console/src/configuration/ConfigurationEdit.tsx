import type { AdminConfiguration } from '@councilpay/domain';
import {
  BooleanInput,
  Edit,
  regex,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  useTranslate,
} from 'react-admin';
import { CONFIGURATION_ID } from '../dataProvider';

const VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

/** Closing the service, the announcement in each language and the latest app version (`_admin`, audited). */
export function ConfigurationEdit() {
  const translate = useTranslate();
  return (
    <Edit<AdminConfiguration>
      resource="configuration"
      id={CONFIGURATION_ID}
      mutationMode="pessimistic"
      redirect={false}
      title={translate('console.configuration')}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <BooleanInput source="serviceClosed" />
        <TextInput source="announcementMs" multiline fullWidth validate={maxLength(2000)} />
        <TextInput source="announcementEn" multiline fullWidth validate={maxLength(2000)} />
        <TextInput source="announcementZh" multiline fullWidth validate={maxLength(2000)} />
        <TextInput source="appVersion" validate={regex(VERSION, 'ra.validation.regex')} />
      </SimpleForm>
    </Edit>
  );
}
