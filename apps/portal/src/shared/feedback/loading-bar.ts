import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '../constants';

/** Where the determinate bar stops while it waits for the page (never 100 until the page is there). */
export const LOADING_BAR_CEILING = 90;

/** One phase of the bar: what it shows, from when and for how long (ms after the page started loading). */
export interface LoadingBarPhase {
  readonly startMs: number;
  readonly durationMs: number;
}

/**
 * The top progress bar's timeline: hidden for the first LOADING_BAR_THROTTLE_MS (fast pages show no bar at
 * all), then filling from 0 towards LOADING_BAR_CEILING % over LOADING_BAR_DURATION_MS, then indeterminate
 * (sweeping) until the page arrives. Played by CSS animations, so a page still loading costs no renders.
 */
export const LOADING_BAR_TIMELINE: { readonly fill: LoadingBarPhase; readonly sweepFromMs: number } = {
  fill: { startMs: LOADING_BAR_THROTTLE_MS, durationMs: LOADING_BAR_DURATION_MS },
  sweepFromMs: LOADING_BAR_THROTTLE_MS + LOADING_BAR_DURATION_MS,
};
