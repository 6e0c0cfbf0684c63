import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '../constants';
import { describe, expect, it } from 'vitest';
import { LOADING_BAR_CEILING, LOADING_BAR_TIMELINE } from './loading-bar';

describe('the loading bar timeline', () => {
  it('shows nothing for a page that loads within the throttle, then fills over the loading-bar duration', () => {
    expect(LOADING_BAR_TIMELINE.fill).toEqual({
      startMs: LOADING_BAR_THROTTLE_MS,
      durationMs: LOADING_BAR_DURATION_MS,
    });
    expect(LOADING_BAR_CEILING).toBeLessThan(100);
  });

  it('turns indeterminate once the duration has passed', () => {
    expect(LOADING_BAR_TIMELINE.sweepFromMs).toBe(LOADING_BAR_THROTTLE_MS + LOADING_BAR_DURATION_MS);
  });
});
