import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside the page on a narrow screen, never the whole page; a region that can be
 * focused and scrolled with the keyboard, named by `label` (what the table holds).
 */
export function ScrollingBox({
  label,
  sx,
  testId,
  children,
}: {
  label: string;
  sx?: SxProps<Theme>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid={testId}
      sx={[{ overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
