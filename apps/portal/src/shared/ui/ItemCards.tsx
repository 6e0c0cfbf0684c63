import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** True on a phone-sized screen, where tables of money become stacked cards. */
export function useNarrowScreen(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

export interface ItemCardLine {
  label: string;
  value: ReactNode;
  testId?: string;
}

export interface ItemCard {
  key: string;
  /** What the item is (council, payment type). */
  title: ReactNode;
  lines: readonly ItemCardLine[];
  /** The amount, already formatted ("RM 12.30"): always on a line of its own. */
  amount?: string;
  amountLabel?: string;
  testId?: string;
  /** Buttons and the like, under the lines. */
  actions?: ReactNode;
}

/**
 * Items as stacked cards for narrow screens: every line (account no., receipt no., amount) on its own row,
 * wrapping long ids instead of pushing money out of the screen.
 */
export function ItemCards({ items, label }: { items: readonly ItemCard[]; label: string }) {
  return (
    <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Paper component="li" key={item.key} variant="outlined" sx={{ p: 1.5 }} data-testid={item.testId}>
          <Typography variant="subtitle2" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          {item.lines.map((line) => (
            <Box key={line.label} sx={{ mt: 0.5 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {line.label}
              </Typography>
              <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }} data-testid={line.testId}>
                {line.value}
              </Typography>
            </Box>
          ))}
          {item.amount !== undefined && (
            <Box sx={{ mt: 0.5 }}>
              {item.amountLabel && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {item.amountLabel}
                </Typography>
              )}
              <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600 }} data-testid="item-amount">
                {item.amount}
              </Typography>
            </Box>
          )}
          {item.actions && <Box sx={{ mt: 1 }}>{item.actions}</Box>}
        </Paper>
      ))}
    </Stack>
  );
}
