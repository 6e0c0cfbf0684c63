import { COUNCIL_CODES, type CouncilApiKeyWithSecret } from '@councilpay/domain';
import { useState } from 'react';
import { Create, SelectInput, SimpleForm, TextInput, maxLength, required, useRedirect } from 'react-admin';
import { SecretDialog } from './SecretDialog';

/** `_admin` makes a council's key; its secret is shown once, then the list. */
export function CouncilApiKeyCreate() {
  const [made, setMade] = useState<CouncilApiKeyWithSecret | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Create redirect={false} mutationOptions={{ onSuccess: (data: CouncilApiKeyWithSecret) => setMade(data) }}>
        <SimpleForm>
          <SelectInput source="council" validate={required()} choices={COUNCIL_CODES.map((id) => ({ id, name: id }))} />
          <TextInput source="description" fullWidth validate={maxLength(200)} />
        </SimpleForm>
      </Create>
      <SecretDialog
        made={made}
        onClose={() => {
          setMade(null);
          redirect('list', 'council-api-keys');
        }}
      />
    </>
  );
}
