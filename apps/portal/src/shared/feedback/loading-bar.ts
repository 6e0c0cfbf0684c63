import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '@councilpay/domain';

/** Where the determinate bar stops while it waits for the page (never 100 until the page is there). */
export const LOADING_BAR_CEILING = 90;

export type LoadingBarState =
  | { readonly visible: false }
  | { readonly visible: true; readonly value: number }
  | { readonly visible: true; readonly value: null };

/**
 * The top progress bar `elapsedMs` after a page started loading (spec section 9): hidden for the first
 * LOADING_BAR_THROTTLE_MS (fast pages show no bar at all), then filling towards 90 % over
 * LOADING_BAR_DURATION_MS, then indeterminate (`value: null`) until the page arrives.
 */
export function loadingBarState(elapsedMs: number): LoadingBarState {
  if (elapsedMs < LOADING_BAR_THROTTLE_MS) return { visible: false };
  const shownFor = elapsedMs - LOADING_BAR_THROTTLE_MS;
  if (shownFor >= LOADING_BAR_DURATION_MS) return { visible: true, value: null };
  return { visible: true, value: Math.round((shownFor / LOADING_BAR_DURATION_MS) * LOADING_BAR_CEILING) };
}
