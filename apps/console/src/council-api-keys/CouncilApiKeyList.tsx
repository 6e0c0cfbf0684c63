import { COUNCIL_CODES, type CouncilApiKey, type CouncilApiKeyWithSecret } from '@councilpay/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import {
  CreateButton,
  DataTable,
  List,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useFieldValue,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type FieldProps,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ADMIN_API } from '../dataProvider';
import { httpClient } from '../httpClient';
import { DateTimeField } from '../shared/fields';
import { SecretDialog } from './SecretDialog';

const STATE_COLOURS = { active: 'success', rotating: 'warning', expired: 'default', revoked: 'default' } as const;

function StateField(props: FieldProps) {
  const value = useFieldValue(props) as CouncilApiKey['state'] | undefined;
  const translate = useTranslate();
  if (!value) return null;
  return <Chip size="small" color={STATE_COLOURS[value]} label={translate(`console.api_keys.states.${value}`)} />;
}

/** Rotate and revoke (`_admin` only); the rotation's new secret is shown once. */
function KeyActions() {
  const record = useRecordContext<CouncilApiKey>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'council-api-keys', action: 'edit' });
  const [made, setMade] = useState<CouncilApiKeyWithSecret | null>(null);
  if (!record) return null;
  const act = async (action: 'rotate' | 'revoke') => {
    if (action === 'revoke' && !window.confirm(translate('console.api_keys.revoke_confirm'))) return;
    try {
      const { json } = await httpClient(`${ADMIN_API}/council-api-keys/${record.id}/${action}`, {
        method: 'POST',
        body: '{}',
      });
      if (action === 'rotate') setMade(json as CouncilApiKeyWithSecret);
      else notify('console.api_keys.revoked', { type: 'info' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        component={Link}
        to={`/council-api-requests?filter=${encodeURIComponent(JSON.stringify({ apiKeyId: record.id }))}`}
      >
        {translate('console.api_keys.requests')}
      </Button>
      {canAccess && record.state === 'active' && (
        <Button size="small" onClick={() => void act('rotate')}>
          {translate('console.api_keys.rotate')}
        </Button>
      )}
      {canAccess && (record.state === 'active' || record.state === 'rotating') && (
        <Button size="small" color="error" onClick={() => void act('revoke')}>
          {translate('console.api_keys.revoke')}
        </Button>
      )}
      <SecretDialog made={made} onClose={() => setMade(null)} />
    </Stack>
  );
}

function Actions() {
  const { canAccess } = useCanAccess({ resource: 'council-api-keys', action: 'create' });
  return <TopToolbar>{canAccess && <CreateButton />}</TopToolbar>;
}

/** Councils' API keys: state, last use, rotation deadline; never a secret. */
export function CouncilApiKeyList() {
  return (
    <List<CouncilApiKey>
      filters={[
        <SelectInput key="council" source="council" alwaysOn choices={COUNCIL_CODES.map((id) => ({ id, name: id }))} />,
      ]}
      actions={<Actions />}
      pagination={false}
      exporter={false}
    >
      <DataTable<CouncilApiKey> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="council" disableSort />
        <DataTable.Col source="keyId" disableSort />
        <DataTable.Col source="description" disableSort />
        <DataTable.Col source="state" disableSort field={StateField} />
        <DataTable.Col source="secretHint" disableSort />
        <DataTable.Col source="lastUsedAt" disableSort field={DateTimeField} />
        <DataTable.Col source="expiresAt" disableSort field={DateTimeField} />
        <DataTable.Col source="createdAt" disableSort field={DateTimeField} />
        <DataTable.Col>
          <KeyActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
