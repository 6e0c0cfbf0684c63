import {
  formatAmount,
  MAX_REFUND_APPROVAL_ABOVE_SEN,
  tryParseRinggit,
  type AdminConfiguration,
} from '@councilpay/domain';
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

/**
 * The approval limit is kept in sen and edited in RM: shown as RM with 2 decimals, typed as text (read by the
 * shared money rules when saved, never as a float).
 */
const limitShown = (value: unknown) => (typeof value === 'number' ? formatAmount(value) : (value ?? ''));
const limitTyped = (text: string) => text;
const limitSen = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' ? tryParseRinggit(value) : null;
const validLimit = (value: unknown) => {
  const sen = limitSen(value);
  return sen === null || sen < 0 || sen > MAX_REFUND_APPROVAL_ABOVE_SEN ? 'console.refund_limit_invalid' : undefined;
};

/**
 * Closing the service, the announcement in each language, the latest app version and the refund approval limit
 * (`_admin`, audited).
 */
export function ConfigurationEdit() {
  const translate = useTranslate();
  return (
    <Edit<AdminConfiguration>
      resource="configuration"
      id={CONFIGURATION_ID}
      mutationMode="pessimistic"
      redirect={false}
      title={translate('console.configuration')}
      transform={(data: AdminConfiguration) => ({
        ...data,
        refundApprovalAboveSen: limitSen(data.refundApprovalAboveSen) ?? data.refundApprovalAboveSen,
      })}
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
        <TextInput
          source="refundApprovalAboveSen"
          format={limitShown}
          parse={limitTyped}
          validate={validLimit}
          helperText="console.refund_limit_help"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </SimpleForm>
    </Edit>
  );
}
