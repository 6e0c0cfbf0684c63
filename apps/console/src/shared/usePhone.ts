import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/** A phone-wide screen (below MUI's `sm`, 600 px): dialogs take the whole screen, lists become simple lists. */
export function usePhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}
