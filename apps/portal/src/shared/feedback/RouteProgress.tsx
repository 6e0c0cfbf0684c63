import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { LOADING_BAR_CEILING, LOADING_BAR_TIMELINE } from './loading-bar';

const appear = keyframes`
  from { visibility: hidden; }
  to { visibility: visible; }
`;
const fill = keyframes`
  from { width: 0; }
  to { width: ${LOADING_BAR_CEILING}%; }
`;
const vanish = keyframes`
  to { visibility: hidden; }
`;
const sweep = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const { fill: filling, sweepFromMs } = LOADING_BAR_TIMELINE;

/**
 * The Suspense fallback of a page: a thin progress bar at the very top of the window, shown only when the page
 * takes longer than the throttle, filling, then sweeping (LOADING_BAR_TIMELINE). Drawn with boxes and CSS
 * animations rather than MUI's LinearProgress or a timer: it is part of every first load, and a timer's
 * re-renders would interrupt the page's own rendering while it loads.
 */
export function RouteProgress() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '40vh' }} aria-busy="true">
      <Box
        role="progressbar"
        data-testid="route-progress"
        aria-label={t('shell.page_loading')}
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          height: 4,
          overflow: 'hidden',
          zIndex: (theme) => theme.zIndex.appBar + 1,
          bgcolor: 'rgba(255, 202, 40, 0.35)',
          visibility: 'hidden',
          animation: `${appear} 1ms linear ${filling.startMs}ms forwards`,
        }}
      >
        <Box
          sx={{
            height: '100%',
            width: 0,
            bgcolor: 'secondary.main',
            animation: `${fill} ${filling.durationMs}ms linear ${filling.startMs}ms forwards, ${vanish} 1ms linear ${sweepFromMs}ms forwards`,
          }}
        />
        <Box
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            height: '100%',
            width: '40%',
            bgcolor: 'secondary.main',
            visibility: 'hidden',
            animation: `${appear} 1ms linear ${sweepFromMs}ms forwards, ${sweep} 1.2s ease-in-out ${sweepFromMs}ms infinite`,
          }}
        />
      </Box>
    </Box>
  );
}
