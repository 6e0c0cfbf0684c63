import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { HEALTH_CHECKS, type HealthReport } from './health';

type State = { kind: 'loading' } | { kind: 'ready'; report: HealthReport; checkedAt: Date } | { kind: 'unreachable' };

const CHECK_NAMES: Record<(typeof HEALTH_CHECKS)[number], string> = { postgres: 'PostgreSQL', redis: 'Redis' };

/** The console's home: whether the API's dependencies (PostgreSQL, Redis) are up (GET /api/health). */
export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider.getHealth(controller.signal).then(
      (report) => setState({ kind: 'ready', report, checkedAt: new Date() }),
      () => {
        if (!controller.signal.aborted) setState({ kind: 'unreachable' });
      },
    );
    return () => controller.abort();
  }, [dataProvider, attempt]);

  const refresh = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('console.dashboard')} />
      <Card>
        <CardHeader
          title={translate('console.health_title')}
          action={
            <Button startIcon={<RefreshIcon />} onClick={refresh} disabled={state.kind === 'loading'}>
              {translate('console.refresh')}
            </Button>
          }
        />
        <CardContent>
          {state.kind === 'loading' && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {state.kind === 'unreachable' && <Alert severity="error">{translate('console.health_unreachable')}</Alert>}
          {state.kind === 'ready' && (
            <Stack spacing={2}>
              <Alert severity={state.report.status === 'ok' ? 'success' : 'error'} data-testid="health-status">
                {translate(state.report.status === 'ok' ? 'console.health_ok' : 'console.health_error')}
              </Alert>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                {HEALTH_CHECKS.map((name) => {
                  const check = state.report.checks[name];
                  const up = check.status === 'up';
                  return (
                    <Card key={name} variant="outlined" sx={{ flex: 1 }}>
                      <CardContent>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                          <Typography variant="h6" component="h3">
                            {CHECK_NAMES[name]}
                          </Typography>
                          <Chip
                            size="small"
                            color={up ? 'success' : 'error'}
                            icon={up ? <CheckCircleIcon /> : <ErrorIcon />}
                            label={translate(up ? 'console.service_up' : 'console.service_down')}
                          />
                        </Stack>
                        <Typography variant="body2" color="text.secondary">
                          {translate('console.latency', { ms: check.latencyMs })}
                        </Typography>
                        {check.version && <Typography variant="body2">{check.version}</Typography>}
                        {check.error && (
                          <Typography variant="body2" color="error">
                            {check.error}
                          </Typography>
                        )}
                      </CardContent>
                    </Card>
                  );
                })}
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {translate('console.checked_at', { time: state.checkedAt.toLocaleTimeString('en-MY') })}
              </Typography>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
