import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryRow,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useMay } from '../access';
import type { ConsoleDataProvider } from '../dataProvider';
import { CouncilScreen, useCouncilParams, useNotifyFailure } from '../shared/council-scope';
import { ScrollingBox } from '../shared/ScrollingBox';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { timeZone: 'Asia/Kuala_Lumpur' }) : '';

/**
 * A council's webhook endpoints: add one (its secret shown once), choose its events, turn it on or off, rotate its
 * secret (shown once); and one endpoint's deliveries (calls, status, times, the receiver's answer), sent again
 * one by one, chosen, or every delivery of events in a time range. The API decides who may do what.
 */
export function WebhooksPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const failed = useNotifyFailure();
  const queryClient = useQueryClient();
  const { council, param, set, picker } = useCouncilParams({});
  const selected = param('endpoint');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['bill.credited']);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const mayManage = useMay('webhooks', 'edit', council);
  const mayRedeliver = useMay('webhooks', 'redeliver', council);
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.webhooks.${key}`, values);
  const endpoints = useQuery<WebhookEndpoint[], Error>({
    queryKey: ['webhook-endpoints', council],
    queryFn: ({ signal }) => dataProvider.listWebhookEndpoints(council, signal),
    enabled: council !== '',
  });
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: ['webhook-endpoints', council] });
    } catch (error) {
      failed(error);
    }
  };
  const create = () =>
    act(async () => {
      const made = await dataProvider.createWebhookEndpoint({
        council,
        url: url.trim(),
        events,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      setSecret(made);
      setUrl('');
      setDescription('');
    });
  const status = (e: WebhookEndpoint) =>
    e.enabled ? t('enabled') : t(e.disabledReason === 'failing' ? 'disabled_failing' : 'disabled_staff');
  return (
    <CouncilScreen
      title={t('title')}
      intro={t('intro')}
      picker={picker(t('council'), 'webhooks-council', ['endpoint'])}
    >
      {endpoints.isPending && council !== '' && <LinearProgress />}
      {endpoints.error && (
        <Alert severity="error">{translate(endpoints.error.message, { _: endpoints.error.message })}</Alert>
      )}
      {endpoints.data && endpoints.data.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
      {endpoints.data && endpoints.data.length > 0 && (
        <ScrollingBox label={t('title')} sx={{ mb: 2 }}>
          <Table size="small" data-testid="webhook-endpoints">
            <TableHead>
              <TableRow>
                {['url', 'events', 'status', 'secret_hint', ''].map((k) => (
                  <TableCell key={k}>{k ? t(k) : ''}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {endpoints.data.map((e) => (
                <TableRow key={e.id} data-endpoint={e.id} selected={e.id === selected}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {e.url}
                    {e.description && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {e.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{e.events.join(', ')}</TableCell>
                  <TableCell data-testid="webhook-endpoint-status">{status(e)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>…{e.secretHint}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      <MuiButton size="small" onClick={() => set({ endpoint: e.id })}>
                        {t('deliveries')}
                      </MuiButton>
                      {mayManage && (
                        <MuiButton
                          size="small"
                          onClick={() =>
                            void act(() => dataProvider.updateWebhookEndpoint(e.id, { enabled: !e.enabled }))
                          }
                        >
                          {t(e.enabled ? 'turn_off' : 'turn_on')}
                        </MuiButton>
                      )}
                      {mayManage && (
                        <MuiButton size="small" onClick={() => setRotating(e)}>
                          {t('rotate')}
                        </MuiButton>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingBox>
      )}
      {mayManage && (
        <>
          <Typography variant="h6" component="h2">
            {t('add')}
          </Typography>
          <Stack spacing={1} sx={{ mb: 3, maxWidth: 640 }}>
            <MuiTextField
              label={t('url')}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'webhook-url', maxLength: 2000 } }}
            />
            <MuiTextField
              label={t('description')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Box>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  label={type}
                  control={
                    <Checkbox
                      checked={events.includes(type)}
                      onChange={(e) =>
                        setEvents((now) => (e.target.checked ? [...now, type] : now.filter((x) => x !== type)))
                      }
                    />
                  }
                />
              ))}
            </Box>
            <Box>
              <MuiButton
                variant="contained"
                disabled={url.trim() === '' || events.length === 0 || council === ''}
                onClick={() => void create()}
              >
                {t('create')}
              </MuiButton>
            </Box>
          </Stack>
        </>
      )}
      {selected && endpoints.data?.some((e) => e.id === selected) && (
        <Deliveries endpointId={selected} onError={failed} mayRedeliver={mayRedeliver} />
      )}
      {secret && (
        <Dialog open onClose={() => setSecret(null)} aria-labelledby="webhook-secret-title">
          <DialogTitle id="webhook-secret-title">{t('secret_title')}</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 1 }}>{t('secret_body')}</Typography>
            <Typography data-testid="webhook-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {secret.secret}
            </Typography>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setSecret(null)}>{t('close')}</MuiButton>
          </DialogActions>
        </Dialog>
      )}
      {rotating && (
        <Dialog open onClose={() => setRotating(null)} aria-labelledby="webhook-rotate-title">
          <DialogTitle id="webhook-rotate-title">{t('rotate')}</DialogTitle>
          <DialogContent>
            <Typography>{t('rotate_confirm')}</Typography>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setRotating(null)}>{t('close')}</MuiButton>
            <MuiButton
              variant="contained"
              onClick={() => {
                const endpoint = rotating;
                setRotating(null);
                void act(async () => setSecret(await dataProvider.rotateWebhookSecret(endpoint.id)));
              }}
            >
              {t('rotate')}
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </CouncilScreen>
  );
}

function Deliveries({
  endpointId,
  onError,
  mayRedeliver,
}: {
  endpointId: string;
  onError: (error: unknown) => void;
  mayRedeliver: boolean;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.webhooks.${key}`, values);
  const deliveries = useQuery<WebhookDeliveryRow[], Error>({
    queryKey: ['webhook-deliveries', endpointId],
    queryFn: ({ signal }) => dataProvider.listWebhookDeliveries(endpointId, signal),
  });
  const redeliver = async (request: { deliveryIds?: string[]; from?: string; to?: string }) => {
    try {
      const { queued } = await dataProvider.redeliverWebhooks(endpointId, request);
      notify(t('queued', { count: queued }), { type: 'success' });
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', endpointId] });
    } catch (error) {
      onError(error);
    }
  };
  const rows = deliveries.data ?? [];
  return (
    <Box data-testid="webhook-deliveries">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('deliveries')}
        </Typography>
        <MuiButton
          size="small"
          onClick={() => void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', endpointId] })}
        >
          {t('refresh')}
        </MuiButton>
        {mayRedeliver && (
          <MuiButton
            size="small"
            variant="outlined"
            disabled={chosen.length === 0}
            onClick={() => void redeliver({ deliveryIds: chosen })}
          >
            {t('redeliver_selected')}
          </MuiButton>
        )}
      </Stack>
      {deliveries.isPending && <LinearProgress />}
      {deliveries.error && (
        <Alert severity="error">{translate(deliveries.error.message, { _: deliveries.error.message })}</Alert>
      )}
      {deliveries.data && rows.length === 0 && <Typography color="text.secondary">{t('no_deliveries')}</Typography>}
      {rows.length > 0 && (
        <ScrollingBox label={t('deliveries')} sx={{ mb: 2 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell />
                {['sequence', 'event', 'status', 'attempts', 'last_attempt', 'next_attempt', 'answer', ''].map((k) => (
                  <TableCell key={k}>{k ? t(k) : ''}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id} data-delivery={d.id} data-status={d.status}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      slotProps={{ input: { 'aria-label': `${d.eventType} ${d.eventSeq}` } }}
                      checked={chosen.includes(d.id)}
                      onChange={(e) =>
                        setChosen((now) => (e.target.checked ? [...now, d.id] : now.filter((x) => x !== d.id)))
                      }
                    />
                  </TableCell>
                  <TableCell>{d.eventSeq}</TableCell>
                  <TableCell>{d.eventType}</TableCell>
                  <TableCell data-testid="webhook-delivery-status">{t(`delivery_status.${d.status}`)}</TableCell>
                  <TableCell data-testid="webhook-delivery-attempts">{d.attempts}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.lastAttemptAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.nextAttemptAt)}</TableCell>
                  <TableCell sx={{ maxWidth: 320, wordBreak: 'break-all' }}>
                    {d.lastStatusCode !== null && <strong>{d.lastStatusCode} </strong>}
                    {d.lastError ?? d.responseExcerpt ?? ''}
                  </TableCell>
                  <TableCell>
                    {mayRedeliver && (
                      <MuiButton size="small" onClick={() => void redeliver({ deliveryIds: [d.id] })}>
                        {t('redeliver')}
                      </MuiButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingBox>
      )}
      {mayRedeliver && (
        <>
          <Typography variant="subtitle2">{t('redeliver_range')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
            {(
              [
                ['from', from, setFrom],
                ['to', to, setTo],
              ] as const
            ).map(([key, value, setValue]) => (
              <MuiTextField
                key={key}
                type="datetime-local"
                label={t(key)}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
            <MuiButton
              variant="outlined"
              disabled={!from || !to}
              onClick={() =>
                void redeliver({
                  from: new Date(`${from}+08:00`).toISOString(),
                  to: new Date(`${to}+08:00`).toISOString(),
                })
              }
            >
              {t('redeliver')}
            </MuiButton>
          </Stack>
        </>
      )}
    </Box>
  );
}
