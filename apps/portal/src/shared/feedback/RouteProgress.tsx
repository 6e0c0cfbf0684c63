import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingBarState } from './loading-bar';

const TICK_MS = 100;

/** The Suspense fallback of a page: a thin progress bar at the very top of the window. */
export function RouteProgress() {
  const { t } = useTranslation();
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    const started = performance.now();
    const timer = setInterval(() => setElapsed(performance.now() - started), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const state = loadingBarState(elapsed);
  return (
    <Box sx={{ minHeight: '40vh' }} aria-busy="true">
      {state.visible && (
        <LinearProgress
          data-testid="route-progress"
          aria-label={t('shell.page_loading')}
          color="secondary"
          variant={state.value === null ? 'indeterminate' : 'determinate'}
          value={state.value ?? undefined}
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
        />
      )}
    </Box>
  );
}
