import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingBarState } from './loading-bar';

const TICK_MS = 100;

const sweep = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * The Suspense fallback of a page: a thin progress bar at the very top of the window (spec section 9:
 * shown after 200 ms, filling over 5 s, then indeterminate). Drawn with two boxes rather than MUI's
 * LinearProgress, because it is part of every first load.
 */
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
        <Box
          role="progressbar"
          data-testid="route-progress"
          aria-label={t('shell.page_loading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.value ?? undefined}
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            right: 0,
            height: 4,
            overflow: 'hidden',
            zIndex: (theme) => theme.zIndex.appBar + 1,
            bgcolor: 'rgba(255, 202, 40, 0.35)',
          }}
        >
          <Box
            sx={{
              height: '100%',
              bgcolor: 'secondary.main',
              ...(state.value === null
                ? { width: '40%', animation: `${sweep} 1.2s ease-in-out infinite` }
                : { width: `${state.value}%`, transition: `width ${TICK_MS}ms linear` }),
            }}
          />
        </Box>
      )}
    </Box>
  );
}
